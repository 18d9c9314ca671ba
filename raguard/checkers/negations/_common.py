"""What the negations checker's readings share: thresholds, the document's words of negation and
the helpers that count shared words, find codes and build findings."""

from __future__ import annotations

import re
from typing import AbstractSet, Callable, Optional

from raguard.align import SentenceAlignment
from raguard.checkers.base import CheckContext, Finding
from raguard.models import CONTRADICTED_CLAIM
from raguard.normalize.cues import _ANSWER_NEGATION_RE
from raguard.normalize.polarity import denial_scope, denial_spans, denied_head, with_bare_not
from raguard.normalize.stems import content_stem, is_content_word, stem
from raguard.normalize.synonyms import has_synonym_in
from raguard.normalize.text import Token, clause_span, tokenize


# Anything in a document sentence that may carry the same denial in other words.
_DOCUMENT_NEGATION_RE = re.compile(
    r"\b(?:not|no|never|neither|nor|none|nobody|nothing|nowhere|without|cannot|instead|rather|"
    r"only|except|excluding|unlike|absent|free|zero|barely|hardly|rarely|seldom|former(?:ly)?|"
    r"previously|until|prior|no[ \t-]longer|"
    r"lack\w*|fail\w*|refus\w*|declin\w*|den(?:y|ies|ied|ial)|reject\w*|unabl\w*|los[ets]\w*|lost|"
    r"miss\w*|avoid\w*|ban(?:s|ned)?|prohibit\w*|exclu\w*|stop\w*|ceas\w*|end(?:s|ed)?|quit\w*|"
    r"halt\w*|clos\w*|shut\w*|abandon\w*|cancel\w*|withdr[ae]w\w*|resign\w*|retir\w*|dismiss\w*|fired|left|"
    r"remov\w*|discontinu\w*|scrap(?:s|ped|ping)?|abolish\w*|deprecat\w*|"
    # what is waived is not charged, what is contraindicated is not to be used, what is
    # insufficient is not enough ("not charged" / "waived", "not documented well enough" /
    # "insufficiently documented")
    r"waiv\w*|exempt\w*|contra-?indicat\w*|insufficien\w*|inadequa\w*|"
    r"non\w*|un(?!der|it|ion|iv|iq|if|less|til)\w{3,})\b"
    r"|n[’']t\b"
    # a form's "N/A": not applicable, not available ("Check belt tension ... N/A (direct drive)")
    r"|\bn/a\b",
    re.IGNORECASE,
)

# The same without its un-/non- branches ("uncertainties" denies nothing): for a clause read next
# to the denied word, where a prefix counts only on the answer's own word (:func:`_prefixed`).
_DOCUMENT_DENIAL_WORDS_RE = re.compile(
    _DOCUMENT_NEGATION_RE.pattern.replace(r"|non\w*|un(?!der|it|ion|iv|iq|if|less|til)\w{3,})\b", r")\b"),
    re.IGNORECASE,
)
# the two with a contraction without its apostrophe ("dont"), for the texts that hold one
_DOCUMENT_NEGATION_BARE_RE = with_bare_not(_DOCUMENT_NEGATION_RE)
_DOCUMENT_DENIAL_WORDS_BARE_RE = with_bare_not(_DOCUMENT_DENIAL_WORDS_RE)


# ", not Y" (and "but not Y" where the question names Y): sets the answer against another option
# the question offered; the documents rarely deny Y in words (see :func:`_opens_contrast`).
_CONTRAST_RE = re.compile(r"\W*(?:not|never)\b", re.IGNORECASE)
# the words that join a clause of its own to what goes before: "but not Y" after one denies a
# predicate of the sentence's subject ("covers the flights but not booking the hotels")
_JOINING = frozenset({"but", "while", "whereas", "although", "though", "yet"})


def _opens_contrast(ctx: CheckContext, claim: str, c_begin: int, c_end: int) -> bool:
    """Does the clause ``claim[c_begin:c_end]`` set the answer against another option ("due
    Friday, not Thursday"), so that it denies nothing a document states? A bare "not" opening it
    does, after a comma or a dash; after "but", "while"... only where the question names the
    denied word ("e-books but not audiobooks" for "Can members borrow audiobooks, or only
    e-books?"), else it denies a predicate of the sentence ("runs workshops but not grading the
    essays") and is read like any other denial."""
    m = _CONTRAST_RE.match(claim, c_begin)
    if m is None or m.end() > c_end:
        return False
    before = tokenize(claim[max(0, c_begin - 12):c_begin])
    if not before or before[-1].norm not in _JOINING:
        return True
    head = denied_head(claim, m.end(), c_end, predicates=True)
    return head is None or stem(head.norm) in ctx.query_index.stems

_WORD_RE = re.compile(r"[^\W_]+")


def _list_end(text: str, c_end: int) -> int:
    """Where the clause ending at ``c_end`` of ``text`` ends when a comma there only goes on with a
    list ("never covers flights, hotels, and car hire"): past one or more short items (three words
    at most) and the last item, opened by "and" or "or"; ``c_end`` itself otherwise ("does not
    open on Sundays, and the cafe closes at five" is two clauses)."""
    end, items = c_end, 0
    while end < len(text) and text[end] == ",":
        begin, after = clause_span(text, end + 1)
        words = tokenize(text[begin:after])
        if not words:
            break
        if words[0].norm in ("and", "or"):
            return after if items else c_end
        if len(words) > _LIST_ITEM_WORDS:
            break
        items += 1
        end = after
    return c_end


#: The most words a list's middle item has ("social, *emotional*, and spiritual topics").
_LIST_ITEM_WORDS = 3


MIN_SHARED = 2
MIN_SHARED_SHARE = 0.5
MIN_SHARED_CLAUSE = 3  # content words a relative clause needs to be compared on its own
# (or its mark then who asked, as a forum or a Q&A page writes it: "Can I pay with cash? — Jordan
# P. · 3 weeks ago")
_QUESTION_END_RE = re.compile(
    r"\?(?:\W*|[ \t]+[—–-][ \t]+(?!(?:Yes|No|Yeah|Nope|Sure)\b)[A-Z][\w'’.]*[ \t]+[^?!,;\n]{1,50})$")
# a question a chat writes without its mark: a line's words (past a time and a speaker's label)
# open with a verb and the person it asks ("do u want me to do monday morn too")
_ASKS_RE = re.compile(r"(?:^|\n)(?:[ \t]*\[[^\]\n]{1,30}\])?(?:[ \t]*[A-Z][\w'’.-]{0,30}(?:[ \t][A-Z][\w'’.-]{0,30}){0,2}:)?"
                      r"[^\w\n]{0,12}(?:do|does|did|can|could|shall|should|will|would|are|is|have|has|want)[ \t]{1,3}"
                      r"(?:u|you|ya|i|we|me|it|they|he|she)\b", re.IGNORECASE)


def _asks(sentence: str) -> bool:
    """Is the document sentence a question: ending with its mark, or a chat's line without one that
    opens with a verb and a person ("do u want me to do monday morn too")? It states nothing. (A
    mark inside ends the question there: "Are we accruing it? it's not approved yet" states.)"""
    if _QUESTION_END_RE.search(sentence) is not None:
        return True
    return "?" not in sentence and _ASKS_RE.match(sentence) is not None


def _said_stems(text: str) -> set[str]:
    """The content stems of ``text`` and its figures ("£69", "2044"): what a clause is said of."""
    return {s for t in tokenize(text) if (s := content_stem(t.norm)) is not None} | {
        t.norm for t in tokenize(text) if any(ch.isdigit() for ch in t.norm)}


# a denial that the past goes on: "not ... anymore", "any more", "any longer"
NO_MORE_RE = re.compile(r"\b(?:anymore|any[ \t]+more|any[ \t]+longer)\b", re.IGNORECASE)
# the same right after "no": the word it denies follows ("no longer follows")
NO_LONGER_RE = re.compile(r"(?<![ \t])[ \t]+longer\b", re.IGNORECASE)


# a run of letters and digits joined by hyphens, slashes or points: a code ("web-03", "P-116")
_CODE_RE = re.compile(r"[^\W_]+(?:[-/.][^\W_]+)*")


def _holds_code(text: str, code: str) -> bool:
    """Does ``text`` hold ``code`` as a whole word ("web-03" in "web-03 failed", not in
    "web-031" nor "xweb-03")?"""
    at = text.find(code)
    while at >= 0:
        end = at + len(code)
        if not (at and (text[at - 1].isalnum())) and not (end < len(text) and text[end].isalnum()):
            return True
        at = text.find(code, at + 1)
    return False


def _denied_stem(clause: str) -> Optional[str]:
    """The stem of the word a denial of ``clause`` denies (the first content word after the
    cue), or None when the clause names none."""
    cue = _ANSWER_NEGATION_RE.search(clause)
    head = None if cue is None else denied_head(clause, cue.end(), len(clause))
    return None if head is None else stem(head.norm)


def _lacks_denied_word(clause: str, doc_sentence: str) -> bool:
    """Does ``doc_sentence`` lack the word a denial of ``clause`` denies (the first content word
    after the cue), in every form and by synonym? False when the clause names no such word."""
    h = _denied_stem(clause)
    if h is None:
        return False
    held = {stem(t.norm) for t in tokenize(doc_sentence)}
    return h not in held and not has_synonym_in(h, frozenset(held))


# what may stand between a denial and the word it denies ("cannot *be* undone", "not *a* member")
_BEFORE_DENIED = frozenset({"be", "been", "being", "a", "an", "the", "any", "at", "all", "ever", "even", "yet"})


def _denial_part(clause: str) -> Optional[tuple[re.Match[str], int, int]]:
    """The first denial cue of ``clause`` and the part it reaches (a relative, subordinate or
    coordinate clause: :func:`denial_scope`), when that part is narrower than ``clause``."""
    cue = _ANSWER_NEGATION_RE.search(clause)
    if cue is None:
        return None
    begin, end = denial_scope(clause, cue.start(), cue.end())
    return None if (begin, end) == (0, len(clause)) else (cue, begin, end)


def _relative_clause(clause: str) -> Optional[tuple[str, list[str], set[str]]]:
    """The relative or subordinate clause a denial of ``clause`` sits in, with its words and
    content stems, when it is narrower than ``clause`` and has ``MIN_SHARED_CLAUSE`` content words."""
    found = _denial_part(clause)
    if found is None:
        return None
    _, begin, end = found
    words = [t.norm for t in tokenize(clause[begin:end])]
    stems = {stem(w) for w in words if is_content_word(w)}
    return (clause[begin:end], words, stems) if len(stems) >= MIN_SHARED_CLAUSE else None


#: The answer clause's content words the document's denying clause must hold: most of them,
#: and at least two (the denied word and what it is said of).
MIN_COVERED = 2
MIN_COVERED_SHARE = 0.6


def _sentences_sharing(by_stem: dict[str, list[int]], stems: AbstractSet[str]) -> dict[int, int]:
    """Sentence number -> how many of ``stems`` it holds (``by_stem``: a sentence index's map),
    for the sentences holding any. Counted before a new document's denying sentences are asked
    for (a scan of its whole text, ~20 µs on a 60-word HaluEval passage right after the parse):
    only a sentence holding :data:`MIN_COVERED` of the answer sentence's stems is read, and a
    short answer's few stems rarely meet twice outside the sentence it is aligned to (on
    HaluEval, the scan went from 84% of the calls to 27%)."""
    shared: dict[int, int] = {}
    for s in stems:
        for i in by_stem.get(s, ()):
            shared[i] = shared.get(i, 0) + 1
    return shared


def _aligned_first(ctx: CheckContext, doc_index: int, stems: AbstractSet[str] = frozenset(),
                   words: AbstractSet[str] = frozenset()) -> list[int]:
    """The documents' numbers, the aligned one (``doc_index``) first: an answer sentence may fuse
    sentences of several documents. Given ``stems`` or ``words``, of the others only those that
    hold one of them (found in the set's maps where it has them: a call may bring a hundred)."""
    maps = ctx.documents.maps if stems or words else None
    if maps is None:
        return [doc_index] + [i for i in range(len(ctx.documents)) if i != doc_index]
    stem_docs, word_docs = maps.stem_docs, maps.word_docs if words else {}
    others = {i for s in stems for i in stem_docs.get(s, ())}
    others.update(i for w in words for i in word_docs.get(w, ()))
    others.discard(doc_index)
    return [doc_index] + sorted(others)


_WITHOUT_RE = re.compile(r"\bwithout\b", re.IGNORECASE)


def _said_elsewhere(ctx: CheckContext, key: str, clause_stems: set[str], at_least: int,
                    skip: tuple[int, tuple[int, int]], key_of: Callable[[str], str] = stem) -> bool:
    """True when a document sentence other than ``skip`` holds a word whose ``key_of`` is
    ``key`` outside every denial's clause, and at least ``at_least`` of ``clause_stems`` (a
    denial of another clause leaves the word said plainly: "you may be allowed to sit the exam,
    but you will not be given extra time" allows sitting it)."""
    for doc_index, index in ctx.documents:
        spans, by_stem = index.sentence_index
        for i, n in _sentences_sharing(by_stem, clause_stems).items():
            if n < at_least or (doc_index, spans[i]) == skip:
                continue
            text = index.text[spans[i][0]:spans[i][1]]
            if any(key_of(t.norm) == key and not _in_denial(text, t.start) for t in tokenize(text)):
                return True
    return False


def _in_denial(text: str, at: int) -> bool:
    """Is position ``at`` of ``text`` after a denial cue, within that cue's clause?"""
    return any(cue_start < at < clause_span(text, cue_start)[1] for cue_start, _ in denial_spans(text))


def _content_positions(tokens: list[Token]) -> list[tuple[int, str]]:
    """(token number, stem) of each content word of a token list."""
    return [(i, s) for i, t in enumerate(tokens) if (s := content_stem(t.norm)) is not None]


#: How many content words on each side of the pair the answer clause is read with: a long
#: clause of a summary ("a complex, slow and inefficient method that lowers ...") holds more than
#: the one document sentence it restates there, the words next to the pair are what it is said of.
#: (Five let a summary's other facts into the window and missed "offers inflexible payment plans
#: and various add-ons" / "we have flexible payment plans"; two added no false alarm on the
#: faithful sets measured: CHANGELOG.md, 2026-12-01 ("SummEdits now").)
_WINDOW = 2


def _around(words: list[tuple[int, str]], at: int, k: int) -> list[tuple[int, str]]:
    """The content words of a clause within ``k`` content words of position ``at`` (not it)."""
    before = [w for w in words if w[0] < at][-k:]
    after = [w for w in words if w[0] > at][:k]
    return before + after


def _contradiction(alignment: SentenceAlignment, sentence: str, value: str, suggestion: str) -> Finding:
    """The finding of an answer sentence its document contradicts (both ways round)."""
    return Finding(kind="negation", warning_type=CONTRADICTED_CLAIM, start=alignment.start, end=alignment.end,
                   text=sentence, supported=False, value=value, suggestion=suggestion)
