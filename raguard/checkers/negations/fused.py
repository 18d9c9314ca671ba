"""A summary's sentence that fuses several of the document's: the denied word read with its neighbours.

When the answer's whole clause finds no document sentence to compare with, or the one it finds
supports it only in general, the denied word is read with the words next to it: a document clause
that holds it and most of them, each on the same side, plainly, contradicts the denial
(:func:`_states_denied`). In a conversation, an "I" or "we" before the word stands for the
turn's speaker ("Agent: We offer a range of ..." for "the agent does not offer a range of ...").
A clause beside a denial of what the answer denies states none of it ("ships to Wales but not
to the Channel Islands").
"""

from __future__ import annotations

from typing import Optional, Sequence

from raguard.checkers.base import CheckContext
from raguard.checkers.negations._common import (
    MIN_COVERED, MIN_COVERED_SHARE, _DOCUMENT_DENIAL_WORDS_BARE_RE, _DOCUMENT_DENIAL_WORDS_RE,
    _WINDOW, _WITHOUT_RE, _around, _asks, _content_positions, _opens_contrast, _sentences_sharing,
)
from raguard.checkers.negations.document_denies import _has_opposite, _misread_zeros, _negations, _prefixed
from raguard.documents import DocumentIndex
from raguard.normalize.cues import _ANSWER_NEGATION_RE
from raguard.normalize.fields import value_after
from raguard.normalize.polarity import denied_head, has_bare_not, hedges_or_denies, scoped_in_time
from raguard.normalize.stems import content_stem, content_stems, stem
from raguard.normalize.text import Token, clause_span, tokenize
from raguard.normalize.turns import FIRST_PERSON, GROUP_PERSON, speaker_at


def _states_denied(ctx: CheckContext, claim: str) -> Optional[tuple[int, tuple[int, int]]]:
    """(doc index, sentence span) of a document clause that states plainly what a denial of the
    answer sentence ``claim`` denies, read within ``_WINDOW`` content words of the denied word
    (a summary's sentence fuses several of the document's, so the whole clause is not what one
    document sentence says); None when no document does.

    The document clause must hold the denied word ("not *arrested*") and most of the words around
    it in the answer, each on the same side of it ("the founder was not arrested on Thursday" /
    "the founder was arrested on Thursday"), with no denial, hedge or condition of its own; and
    no document sentence may deny it in as many words. A question states nothing either way.
    """
    for cue in _ANSWER_NEGATION_RE.finditer(claim):
        c_begin, c_end = clause_span(claim, cue.start())
        if _opens_contrast(ctx, claim, c_begin, c_end) or scoped_in_time(claim, cue.start()):
            continue
        if _WITHOUT_RE.search(claim, cue.end(), c_end):
            continue  # "can't X without Y" says Y is needed, no sentence stating X denies it
        head = denied_head(claim, cue.end(), c_end, predicates=True)
        if head is None:
            continue
        h = stem(head.norm)
        a_tokens = tokenize(claim[c_begin:c_end])
        a_words = _content_positions(a_tokens)
        a_at = next((i for i, t in enumerate(a_tokens) if t.start == head.start - c_begin), None)
        if a_at is None:
            continue
        a_side = {s: i < a_at for i, s in _around(a_words, a_at, _WINDOW) if s != h}
        if len(a_side) < MIN_COVERED:
            continue
        found = _plain_statement(ctx, h, a_side, [t.norm for t in a_tokens], content_stem(head.norm) is None,
                                 [t.norm for t in a_tokens[a_at:]])
        if found is not None:
            return found
    return None


def _plain_statement(ctx: CheckContext, h: str, a_side: dict[str, bool], words: list[str],
                     predicate: bool = False, denied: Sequence[str] = ()) -> Optional[tuple[int, tuple[int, int]]]:
    """The document sentence whose clause around the stem ``h`` holds most of ``a_side`` (stem:
    before ``h``?) on the same sides, plainly; None if none does or any sentence as close denies
    it (in words, by a prefix or by the opposite of one of the answer clause's ``words``), or
    denies in another clause a word of ``denied`` (the answer clause's words from ``h`` on)."""
    need = max(MIN_COVERED, MIN_COVERED_SHARE * len(a_side))
    said = frozenset(words)
    plain: Optional[tuple[int, tuple[int, int]]] = None
    # a verb of the stop list ("included") is in no sentence index: the sentences holding
    # enough of the words around it are read for it instead
    for doc_index, index in ctx.documents:
        spans, by_stem = index.sentence_index
        candidates = by_stem.get(h, ()) if not predicate else sorted(
            i for i, n in _sentences_sharing(by_stem, frozenset(a_side)).items() if n >= need)
        for i in candidates:
            text = index.text[spans[i][0]:spans[i][1]]
            for tok in tokenize(text):
                if (stem(tok.norm) if predicate else content_stem(tok.norm)) != h:
                    continue
                d_begin, d_end = clause_span(text, tok.start)
                d_tokens = tokenize(text[d_begin:d_end])
                d_at = next((k for k, t in enumerate(d_tokens) if t.start == tok.start - d_begin), None)
                if d_at is None:
                    continue
                d_side = {s: k < d_at for k, s in _content_positions(d_tokens) if k != d_at}
                # "We offer X" in the agent's turn says "the agent offers X": who "I" or "we"
                # is, is said before the word
                for s in _speaker_before(index, spans[i][0] + d_begin, d_tokens[:d_at]):
                    d_side.setdefault(s, True)
                shared = [s for s in a_side if s in d_side and d_side[s] == a_side[s]]
                if len(shared) < need:
                    continue
                if _asks(text):
                    break  # a question neither states nor denies
                d_clause = _misread_zeros(text[d_begin:d_end])
                denial_words = _DOCUMENT_DENIAL_WORDS_BARE_RE if has_bare_not(d_clause) else _DOCUMENT_DENIAL_WORDS_RE
                # (a word that denies only in some uses, which the answer says too, is what both
                # say: "we have exclusive plans" for "does not have exclusive plans")
                if (next(_negations(d_clause, said, pattern=denial_words), None) is not None
                        or _prefixed(d_clause, words)
                        or _has_opposite(d_clause, words) or hedges_or_denies(d_clause)
                        or _value_denies(text, d_end)):
                    return None  # the document denies or hedges it in as many words
                if _denied_beside(text, (d_begin, d_end), denied):
                    return None  # "ships to Wales but not to the Channel Islands": what is denied
                if plain is None:
                    plain = (doc_index, spans[i])
    return plain


def _value_denies(text: str, end: int) -> bool:
    """Is the clause of ``text`` ending at ``end`` a form's label whose value opens with a denial
    ("Linked alarm: none", "Pets allowed - NO")? The label then states nothing plainly: its value
    denies it."""
    start = value_after(text, end)
    return start is not None and _DOCUMENT_DENIAL_WORDS_RE.match(text, start, clause_span(text, start)[1]) is not None


def _speaker_before(index: DocumentIndex, clause_start: int, before: list[Token]) -> frozenset[str]:
    """The content stems of the speaker of the turn holding a document clause (starting at
    ``clause_start`` of ``index``'s text) when "I" or "we" comes in it before the word read
    (``before``: its tokens up to the word); none outside a conversation or without one."""
    conversation = index.conversation
    if conversation is None or not any(t.norm in _SPEAKER_WORDS for t in before):
        return frozenset()
    turn = speaker_at(conversation, clause_start)
    return frozenset() if turn is None else frozenset(content_stems(" ".join(turn.who)))


_SPEAKER_WORDS = FIRST_PERSON | GROUP_PERSON


def _denied_beside(text: str, clause: tuple[int, int], denied: Sequence[str]) -> bool:
    """Does a clear denial in another clause of the document sentence ``text`` than ``clause``
    deny a content word of what the answer denies (``denied``: the folded words of its clause
    from the denied word on)? "Ferrycroft ships parcels to Wales but not to the Channel Islands"
    says plainly that it ships, and denies it of the islands the answer names: that plain clause
    is no statement of what the answer denies. (A word before the answer's denial is no part of
    it: "a vegan version without parmesan is not available" / "Vegan version available (no
    parmesan)".)"""
    said = {s for w in denied if (s := content_stem(w)) is not None}
    for cue in _ANSWER_NEGATION_RE.finditer(text):
        if clause[0] <= cue.start() < clause[1]:
            continue
        head = denied_head(text, cue.end(), clause_span(text, cue.start())[1])
        if head is not None and content_stem(head.norm) in said:
            return True
    return False
