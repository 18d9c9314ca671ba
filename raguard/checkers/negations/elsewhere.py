"""Another document sentence that supports a denial the sentence sharing most does not.

One that denies the same word and shares enough of the clause (:func:`_denied_elsewhere`). Another
sentence saying the denied word's opposite of the same thing ("the pool will remain closed until
November" for "won't be open then": :func:`_opposite_elsewhere`). And where the documents say the
denied word only in denials of it, the denial restates theirs (:func:`_only_denied`). And a
summary fuses neighbouring sentences: the one next to the sentence sharing most may deny what that
one names ("Thank you for attending on 9 October. We were unable to take your donation." for "Your
donation on 9 October couldn't go ahead": :func:`_neighbour_denial`).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from typing import AbstractSet, Optional

from raguard.checkers.base import CheckContext
from raguard.checkers.negations._common import (
    MIN_COVERED, MIN_COVERED_SHARE, MIN_SHARED, MIN_SHARED_CLAUSE, MIN_SHARED_SHARE, _BEFORE_DENIED,
    _asks, _in_denial, _relative_clause, _sentences_sharing,
)
from raguard.normalize.cues import _ANSWER_NEGATION_RE
from raguard.normalize.polarity import denial_scope, denial_spans, denied_head, opposite_key, opposites_of
from raguard.normalize.stems import content_stems, stem
from raguard.normalize.text import clause_span, tokenize


def _denied_elsewhere(ctx: CheckContext, clause: str, stems: set[str], words: list[str],
                      plain: AbstractSet[str] = frozenset()) -> Optional[tuple[int, tuple[int, int]]]:
    """(doc index, sentence span) of a document sentence that denies the word the answer's
    denying ``clause`` denies (the first content word after the cue) and shares as many of the
    clause's ``stems`` as a sentence must to be compared whole; None if none does."""
    cue = _ANSWER_NEGATION_RE.search(clause)
    if cue is None:
        return None
    head = denied_head(clause, cue.end(), len(clause))
    if head is None:
        return None
    h = stem(head.norm)
    need = max(MIN_SHARED, MIN_SHARED_SHARE * len(stems))
    # the clause the denial sits in ("found that X had not protected the deposit") is enough too,
    # and so is the coordinate part it sits in ("is in band B and it has no parking permit")
    inner = _relative_clause(clause)
    inner_stems = inner[2] if inner is not None else None
    begin, end = denial_scope(clause, cue.start(), cue.end())
    part_stems = content_stems(clause[begin:end]) if begin or end < len(clause) else None
    # the words of the clause the sentence sharing most (``plain``'s stems) lacks: a sentence
    # that denies the word and holds them says what the clause is about ("not valid in the
    # Irish stores" where the plain one says "valid in UK stores")
    unmatched = stems - plain if plain else set()
    for doc_index, index in ctx.documents:
        spans, by_stem = index.sentence_index
        for i in by_stem.get(h, ()):
            text = index.text[spans[i][0]:spans[i][1]]
            shared = content_stems(text)
            if (len(stems & shared) >= need
                    or (inner_stems is not None and len(inner_stems & shared) >= max(
                        MIN_SHARED_CLAUSE, MIN_SHARED_SHARE * len(inner_stems)))
                    or (part_stems is not None and len(part_stems & shared) >= max(
                        MIN_SHARED, MIN_COVERED_SHARE * len(part_stems)))
                    or (len(stems & shared) >= MIN_SHARED and len(unmatched & shared) >= MIN_COVERED)
                    ) and _denies_head(text, h):
                return doc_index, spans[i]
    return None


def _opposite_elsewhere(ctx: CheckContext, clause: str, stems: set[str], said: frozenset[str]
                        ) -> Optional[tuple[int, tuple[int, int]]]:
    """(doc index, sentence span) of the first document sentence that says the opposite of the
    word right after a denial of ``clause`` (:func:`opposites_of`: "closed" for "not open"), no denial
    reaching it, and shares as many of the clause's ``stems`` as a sentence must to be compared
    whole; no question, and not a word the answer sentence says itself (``said``). None if none
    does."""
    cue = _ANSWER_NEGATION_RE.search(clause)
    # (the word right after the denial, auxiliaries and articles aside: "not kept for 35 days"
    # denies "kept", whatever the opposite of "days")
    head = None if cue is None else next((t for t in tokenize(clause[cue.end():]) if t.norm not in _BEFORE_DENIED), None)
    wanted = frozenset() if head is None else opposites_of(head.norm)
    if not wanted:
        return None
    need = max(MIN_SHARED, MIN_SHARED_SHARE * len(stems))
    for doc_index, index in ctx.documents:
        spans, by_stem = index.sentence_index
        for i, n in sorted(_sentences_sharing(by_stem, stems).items()):
            if n < need:
                continue
            text = index.text[spans[i][0]:spans[i][1]]
            if _asks(text):
                continue
            if any(opposite_key(t.norm) in wanted and t.norm not in said and not _in_denial(text, t.start)
                   for t in tokenize(text)):
                return doc_index, spans[i]
    return None


def _denies_head(text: str, h: str) -> bool:
    """Does a denial of the document sentence ``text`` deny the word stemmed ``h``?"""
    for cue_start, cue_end in denial_spans(text):
        head = denied_head(text, cue_end, clause_span(text, cue_start)[1])
        if head is not None and stem(head.norm) == h:
            return True
    return False


def _only_denied(ctx: CheckContext, h: Optional[str]) -> Optional[tuple[int, tuple[int, int]]]:
    """(doc index, sentence span) of the first document sentence that denies the word stemmed
    ``h`` ("This date is NOT *guaranteed*": :func:`_denies_head`), when every sentence of the
    documents that holds it denies it; None when one says it plainly, or none holds it."""
    if h is None:
        return None
    found = None
    for doc_index, index in ctx.documents:
        spans, by_stem = index.sentence_index
        for i in by_stem.get(h, ()):
            text = index.text[spans[i][0]:spans[i][1]]
            if _denies_head(text, h):
                found = found or (doc_index, spans[i])
            else:
                return None
    return found


# words that deny an act on their own ("we were unable to take it", "the bank declined it")
_ACT_DENIAL_RE = re.compile(r"\b(?:unable|fail(?:s|ed|ing)?|refus(?:e|es|ed|ing)|declin(?:e|es|ed|ing))\b",
                            re.IGNORECASE)


def _neighbour_denial(ctx: CheckContext, doc_index: int, span: tuple[int, int], missing: AbstractSet[str]
                      ) -> Optional[tuple[int, tuple[int, int]]]:
    """(doc index, sentence span) of the sentence right after or right before the one at
    ``span`` (the sentence sharing most, which lacks the denied word) in the same paragraph
    (no line break between them), when a denial of it reaches one of ``missing`` (the clause's
    stems that sentence lacks): the answer's sentence restates both, and its denial is that
    one's; else None."""
    if not missing:
        return None
    index = ctx.documents.indexes[doc_index]
    spans = index.sentence_index[0]
    i = bisect_left(spans, span)
    if i >= len(spans) or spans[i] != span:
        return None
    for j in (i + 1, i - 1):
        if not 0 <= j < len(spans):
            continue
        first, second = sorted((span, spans[j]))
        if "\n" in index.text[first[1]:second[0]]:
            continue  # (another line: a list's item, a heading, a chat's next turn)
        text = index.text[spans[j][0]:spans[j][1]]
        cues = denial_spans(text) + [m.span() for m in _ACT_DENIAL_RE.finditer(text)]
        for cue_start, cue_end in cues:
            if not missing.isdisjoint(content_stems(text[cue_end:clause_span(text, cue_start)[1]])):
                return doc_index, spans[j]
    return None
