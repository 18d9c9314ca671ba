"""A document's form, list or statement that denies by its layout, not in words.

An item left unticked on a form ("[ ] life threatening") denies it (:func:`_unticked`); an item of
a list under a lead line that denies ("We will not pay:") is denied (:func:`_listed_under_denial`);
a statement's line that gives the denied thing a zero denies it ("no overtime" / "Overtime 1.5x (0
hrs)  0.00": :func:`_zero_given`). (A form's "N/A" is among the document's words of negation.)
"""

from __future__ import annotations

import re
from typing import Optional

from raguard.checkers.base import CheckContext
from raguard.normalize.polarity import denial_spans, unticked_items
from raguard.normalize.stems import content_stem, content_stems, stem
from raguard.normalize.text import clause_span, tokenize


# a figure as a document writes one ("0", "0.00", "1,842.50")
# (not a part of a time or a date: "14:00", "12/03", nor of a word: "C0NDITIONS", "A4")
_FIGURE_RE = re.compile(r"(?<![\w.,:/])\d[\d,]*(?:\.\d+)?(?![\d:/])")
#: How many figures after the word a line may give before the zero (a rate, a count, an amount).
ZERO_WITHIN = 3


def _zero_given(ctx: CheckContext, h: Optional[str]) -> Optional[tuple[int, tuple[int, int]]]:
    """(doc index, sentence span) of a document sentence with a line that gives the word stemmed
    ``h`` a zero among its first ``ZERO_WITHIN`` figures after it ("Overtime 1.5x (0 hrs) 0.00"
    denies "she worked overtime"), the word being the line's first; None if none does."""
    if h is None:
        return None
    for doc_index, index in ctx.documents:
        spans, by_stem = index.sentence_index
        for i in by_stem.get(h, ()):
            begin, end = spans[i]
            text = index.text
            for tok in tokenize(text[begin:end]):
                if stem(tok.norm) != h:
                    continue
                at = begin + tok.start
                line_start = text.rfind("\n", 0, at) + 1
                # (or a cell of it: a layout's columns are parted by a run of spaces or a tab,
                # "... you invest   Entry charge 0.00%   Exit charge 0.00%")
                cell_start = max(line_start, text.rfind("  ", line_start, at) + 2, text.rfind("\t", line_start, at) + 1)
                if tokenize(text[cell_start:at]):
                    continue  # (the line is about another thing first)
                line_end = text.find("\n", at)
                line_end = len(text) if line_end < 0 else line_end
                figures = _FIGURE_RE.findall(text, at, _cell_end(text, at, line_end))[:ZERO_WITHIN]
                if any(not f.replace("0", "").replace(",", "").replace(".", "") for f in figures):
                    return doc_index, spans[i]
    return None


def _cell_end(text: str, at: int, line_end: int) -> int:
    """Where the cell of a layout's line that holds position ``at`` ends: at the next gap (a
    run of two spaces or more, or a tab) followed by a word, which labels the next cell ("Setup
    fee 25.00   Closing fee 0.00"); the line's end if none. (A gap before a figure parts a label
    from its value: "Overtime      0.00".)"""
    k = at
    while True:
        gaps = [g for g in (text.find("  ", k, line_end), text.find("\t", k, line_end)) if g >= 0]
        if not gaps:
            return line_end
        g = min(gaps)
        k = g
        while k < line_end and text[k] in " \t":
            k += 1
        if k < line_end and text[k].isalpha():
            return g


# the mark that opens a list's item at a line's start: "(b) ", "2. ", "iv) ", "- ", "• " (a closed
# set of marks: a number, one letter or a roman numeral, with a point or parenthesis; a bullet)
_ITEM_RE = re.compile(r"[ \t]*(?:\(?(?:\d{1,3}|[a-zA-Z]|[ivxIVX]{1,4})[.)]|[-*•·–])[ \t]")


def _listed_under_denial(text: str, span: tuple[int, int]) -> bool:
    """Is the sentence at ``span`` of ``text`` an item of a list whose lead line, right above its
    items, ends with a colon that closes a denial's clause ("4.3 We will not pay:" over "(b) for
    damage caused while the home is unoccupied")? The denial reaches each item, as it reaches a
    list on its own line (:func:`denial_reach`)."""
    line_start = text.rfind("\n", 0, span[0]) + 1
    if _ITEM_RE.match(text, line_start) is None:
        return False
    at = line_start
    while at > 0:
        start = text.rfind("\n", 0, at - 1) + 1
        line = text[start:at - 1].rstrip()
        if line.endswith(":"):
            return any(clause_span(line, cue)[1] == len(line) - 1 for cue, _ in denial_spans(line))
        if _ITEM_RE.match(line) is None:
            return False  # (a line that is no item ends the list)
        at = start
    return False


def _unticked(doc_sentence: str, answer_words: list[str]) -> bool:
    """Does an item of the document sentence left unticked on a form ("[ ] life threatening",
    "☐ Claim(s) ___ is/are allowed") hold a content word of ``answer_words`` (what an answer's
    denial reaches: "was not reported as *life*-threatening", "No *claims* are allowed")? The
    form says it is not so, as the answer does."""
    wanted = {s for w in answer_words if (s := content_stem(w)) is not None}
    return bool(wanted) and any(not wanted.isdisjoint(content_stems(doc_sentence[begin:end]))
                                for begin, end in unticked_items(doc_sentence))
