"""Is the document sentence about what the answer's denial is about?

A sentence is read only when it is about what the denial is about (:func:`_about_same`): it names
the code the clause says the denial of ("web-03 was never patched"), and a word of the part of the
clause the denial sits in besides the denied one ("a client who is not insured, and offers
insurance products" is not judged by "We offer insurance products"); else the sentence that is, if
any (:func:`_same_thing_sentence`).
"""

from __future__ import annotations

from typing import Optional

from raguard.checkers.base import CheckContext
from raguard.checkers.negations._common import (
    MIN_SHARED, MIN_SHARED_SHARE, _CODE_RE, _asks, _holds_code, _lacks_denied_word,
    _sentences_sharing,
)
from raguard.checkers.negations.tables import _header_row
from raguard.normalize.polarity import denial_scope
from raguard.normalize.stems import content_stem, content_stems, stem
from raguard.normalize.synonyms import has_synonym_in
from raguard.normalize.text import Token, tokenize


def _about_same(clause: str, cue: tuple[int, int], doc_sentence: str) -> bool:
    """Is ``doc_sentence`` about what the denial at ``cue`` (start, end) of the answer ``clause``
    is about, so that stating it plainly contradicts the clause? A sentence chosen for the words
    it shares with the clause may share them with another thing than the one the denial is said
    of, or with another part of the clause than the one the denial sits in. So:

    - a code the clause names right before its denial ("*web-03* was never patched") must be in
      the sentence: a code names one thing ("/workspace/patch-web-tier" is another);
    - where the denial sits in a part of the clause of its own (a relative, subordinate or
      coordinate clause: :func:`denial_scope`), the sentence must say a word of that part besides
      the one denied ("a client *who is currently not insured*, and offers a range of insurance
      products" against "We offer a range of insurance products": the sentence restates the
      other part; "Below 15 ml/min *or on dialysis it is not recommended*" against a table's
      header "CrCl (ml/min) Recommended dose", which names no dialysis).
    """
    start, end = cue
    code = _subject_code(clause, start, end)
    if code is not None and not _holds_code(doc_sentence.lower(), code):
        return False
    begin, stop = denial_scope(clause, start, end)
    if (begin, stop) == (0, len(clause)):
        return True
    # the part's words but its adverbs and the word denied ("who is not *currently* insured")
    words = tokenize(clause[begin:stop])
    named = [t for t in words if content_stem(t.norm) is not None and _names_thing(clause[begin:stop], t)]
    after = [t for t in named if t.start >= end - begin]
    part = {stem(t.norm) for t in named} - ({stem(after[0].norm)} if after else set())
    if not part:
        # a relative clause naming nothing but what it denies ("a client who is not insured")
        # is said of a word outside it: no sentence is known to be about that; any other part
        # that says nothing besides its denied word tells nothing, and is read as before
        return not (words and words[0].norm in _RELATIVES)
    held = frozenset(content_stems(doc_sentence))
    return any(w in held or has_synonym_in(w, held) for w in part)


# a word that opens a relative clause
_RELATIVES = frozenset({"who", "which", "whose", "whom"})  # (not "that": "confirms that there is none")


def _same_thing_sentence(ctx: CheckContext, clause: str, cue: tuple[int, int], stems: set[str]
                         ) -> Optional[tuple[int, tuple[int, int]]]:
    """(doc index, sentence span) of the document sentence sharing most of ``stems`` (enough of
    them to be compared whole) that is about what the denial at ``cue`` of ``clause`` is about
    (:func:`_about_same`) and holds the word it denies, no question and no table's header; the
    first in document order on a tie, None if none is."""
    need = max(MIN_SHARED, MIN_SHARED_SHARE * len(stems))
    best: Optional[tuple[int, tuple[int, int]]] = None
    most = 0
    for doc_index, index in ctx.documents:
        spans, by_stem = index.sentence_index
        for i, n in sorted(_sentences_sharing(by_stem, stems).items()):
            if n < need or n <= most:
                continue
            text = index.text[spans[i][0]:spans[i][1]]
            if (_asks(text) or _header_row(index.text, spans[i])
                    or _lacks_denied_word(clause[cue[0]:], text) or not _about_same(clause, cue, text)):
                continue
            best, most = (doc_index, spans[i]), n
    return best


def _subject_code(clause: str, start: int, end: int) -> Optional[str]:
    """The code (folded: letters and digits, "web-03", "cwp-3") that is the last word naming
    anything before the denial at ``start``..``end`` of ``clause``, within the part of the
    clause the denial sits in (:func:`denial_scope`); None when that word is no code. A code
    names one thing: what the clause denies is said of it. (Any other word may be the subject's
    head, or a verb or a relative clause's word after it: "Raj said he can not", "travel that
    was booked before the memo cannot". A figure alone is an amount: "35 g", "5.6".)"""
    begin, _ = denial_scope(clause, start, end)
    # (the clause may run over a sentence's end the answer's sentences missed: "... 35 g. Don't")
    stop = max(clause.rfind(". ", 0, start), clause.rfind("! ", 0, start), clause.rfind("? ", 0, start))
    begin = max(begin, stop + 1)
    picked = next((t for t in reversed(tokenize(clause[:start])) if t.start >= begin and _names_thing(clause, t)),
                  None)
    if picked is None or not any(ch.isdigit() for ch in picked.norm):
        return None
    for m in _CODE_RE.finditer(clause):
        if m.start() <= picked.start < m.end():
            code = m.group(0)
            return code.lower() if any(ch.isalpha() for ch in code) else None
    return None


def _names_thing(clause: str, tok: Token) -> bool:
    """Is ``tok`` of ``clause`` a word that may name what a clause is about: a figure, or a
    content word but an adverb made of an adjective by "-ly" and written in lower case ("is
    currently not": the stem of "currently" is "current"; "family" stays a noun)?"""
    if any(ch.isdigit() for ch in tok.norm):
        return True
    found = content_stem(tok.norm)
    if found is None:
        return False
    return not (tok.norm.endswith("ly") and found == tok.norm[:-2] and clause[tok.start:tok.end].islower())
