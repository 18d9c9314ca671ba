"""A tied sentence that denies: where several document sentences share as many words as the first.

Where several sentences share as many words as the first one found (a table's header before the
row that denies), a tied one that denies the same word supports the denial, and so does one that
denies a word the first says plainly: two cases set against each other ("FLEX FARES INCLUDE ONE
CABIN BAG" / "BASIC FARES DO NOT INCLUDE A CABIN BAG", :func:`_tied_denial`).
"""

from __future__ import annotations

import re
from typing import Optional

from raguard.checkers.base import CheckContext
from raguard.checkers.negations._common import (
    _BEFORE_DENIED, _asks, _in_denial, _lacks_denied_word, _sentences_sharing,
)
from raguard.normalize.cues import _ANSWER_NEGATION_RE
from raguard.normalize.polarity import denial_scope, denial_spans, denied_head
from raguard.normalize.stems import content_stem, content_stems, stem
from raguard.normalize.text import clause_span, tokenize


def _tied_denial(ctx: CheckContext, clause: str, stems: set[str], best: tuple[int, tuple[int, int], int]
                 ) -> Optional[tuple[int, tuple[int, int]]]:
    """(doc index, sentence span) of a document sentence other than ``best`` that shares as many
    of a denying ``clause``'s ``stems`` as ``best`` does and denies what the clause denies; None
    if none does. A table's header ("Age | Vaccine | Notes"), a heading or an operation's summary
    ("Creates a refund.") ties with the sentence the answer restates and comes first: a tie does
    not tell which one the answer restates. The tied sentence must deny the very word the clause
    denies ("is not given after that age" / "is not given after 24 weeks of age"); or, where
    neither it nor ``best`` holds that word in any form, it may deny in words of its own ("cannot
    be undone" / "cannot be cancelled") where the shared words stand around its denial as they
    stand around the clause's (one that holds the word and denies another says the word plainly:
    "shown a reading but no bill")."""
    cue = _ANSWER_NEGATION_RE.search(clause)
    if cue is None:
        return None
    denied = _word_after(clause, cue.end())
    # a denial that ends its clause ("costs nothing", "found none") denies the word before it
    before = _word_before(clause, cue.start()) if denied is None and _ends_clause(clause, cue) else None
    best_doc, (begin, end), need = best
    best_text = ctx.documents.indexes[best_doc].text[begin:end]
    loose = _lacks_denied_word(clause, best_text)
    for doc_index, index in ctx.documents:
        spans, by_stem = index.sentence_index
        counts = _sentences_sharing(by_stem, stems)
        for i in sorted(i for i, n in counts.items() if n >= need):
            if (doc_index, spans[i]) == best[:2]:
                continue
            text = index.text[spans[i][0]:spans[i][1]]
            if (len(stems & content_stems(text)) >= need and not _asks(text)
                    and any((denied is not None and _word_after(text, c_end) == denied)
                            or (before is not None and _word_after(text, c_end) is None
                                and text[c_start:c_end].lower() == cue.group(0).lower()
                                and _word_before(text, c_start) == before)
                            or (loose and _lacks_denied_word(clause, text)
                                and _same_sides(clause, cue, text, c_start, c_end, need))
                            or _contrasts_best(text, c_start, c_end, best_text, stems, need)
                            for c_start, c_end in denial_spans(text))):
                return doc_index, spans[i]
    return None


def _contrasts_best(text: str, c_start: int, c_end: int, best_text: str, stems: set[str], need: int) -> bool:
    """Does the denial at [``c_start``, ``c_end``) of the tied sentence ``text`` deny a word the
    sentence sharing most (``best_text``) says plainly, in a part of ``text`` that holds ``need``
    of the answer clause's ``stems``? The two then set two cases against each other ("FLEX FARES
    INCLUDE ONE CABIN BAG" / "BASIC FARES DO NOT INCLUDE A CABIN BAG"), and the tie does not
    tell which one the answer restates ("A cabin bag isn't part of the fare")."""
    begin, end = denial_scope(text, c_start, c_end)
    if len(stems & content_stems(text[begin:end])) < need:
        return False
    head = denied_head(text, c_end, clause_span(text, c_start)[1], predicates=True)
    if head is None:
        return False
    h = stem(head.norm)
    return any(stem(t.norm) == h and not _in_denial(best_text, t.start) for t in tokenize(best_text))


def _same_sides(clause: str, cue: re.Match[str], text: str, c_start: int, c_end: int, need: int) -> bool:
    """Does the document ``text``'s denial at [``c_start``, ``c_end``) stand among ``need`` or
    more of the answer ``clause``'s content words, each on the side of it where the clause's
    ``cue`` has it ("A refund cannot be undone once created" / "Refunds cannot be cancelled once
    created"; not "I cannot say how glad I am to start the podcast" for "The podcast will not
    feature ...")?"""
    def sides(words: str, at: int, after: int) -> dict[str, bool]:
        return {s: tok.start < at for tok in tokenize(words)
                if (s := content_stem(tok.norm)) is not None and not at <= tok.start < after}
    begin, end = denial_scope(text, c_start, c_end)
    answer = sides(clause, cue.start(), cue.end())
    document = sides(text[begin:end], c_start - begin, c_end - begin)
    return sum(1 for s, before in answer.items() if document.get(s) == before) >= need


def _word_after(text: str, at: int) -> Optional[str]:
    """The stem of the first word after position ``at`` that is no auxiliary or article: the
    word a denial ending there denies, content word or not ("not *given*", "no *more*")."""
    for tok in tokenize(text[at:]):
        if tok.norm not in _BEFORE_DENIED:
            return stem(tok.norm)
    return None


def _word_before(text: str, at: int) -> Optional[str]:
    """The stem of the content word right before position ``at`` (None when another word is):
    the verb a denial after it denies ("*costs* nothing")."""
    tokens = tokenize(text[max(0, at - 40):at])
    return content_stem(tokens[-1].norm) if tokens else None


def _ends_clause(clause: str, cue: re.Match[str]) -> bool:
    """Does the denial ``cue`` end its clause, no word after it ("turning down a trade costs
    nothing")?"""
    return not tokenize(clause[cue.end():])
