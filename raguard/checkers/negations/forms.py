"""A document's form, list or statement that denies by its layout, not in words.

An item left unticked on a form ("[ ] life threatening") denies it (:func:`_unticked`); an item of
a list under a lead line that denies ("We will not pay:") is denied (:func:`_listed_under_denial`);
a statement's line that gives the denied thing a zero denies it ("no overtime" / "Overtime 1.5x (0
hrs)  0.00"; "no delay billed" / "... + DELAY 0 MIN": :func:`_zero_given`). (A form's "N/A" is
among the document's words of negation.)
"""

from __future__ import annotations

import re
from typing import AbstractSet, Optional, Sequence

from raguard.checkers.base import CheckContext
from raguard.checkers.negations._common import _said_stems
from raguard.checkers.negations.document_denies import _prefixed
from raguard.normalize.fields import field_label, value_after
from raguard.normalize.pipe_tables import table_at
from raguard.normalize.polarity import denial_spans, unticked_items
from raguard.normalize.stems import content_stem, content_stems, stem
from raguard.normalize.text import clause_span, tokenize


# a figure as a document writes one ("0", "0.00", "1,842.50")
# (not a part of a time or a date: "14:00", "12/03", nor of a word: "C0NDITIONS", "A4")
_FIGURE_RE = re.compile(r"(?<![\w.,:/])\d[\d,]*(?:\.\d+)?(?![\d:/])")
# the value a table's cell gives right after its word: " 0.00", " £0.00", ": 0"
_CELL_VALUE_RE = re.compile(r"[ \t]{0,3}(?::[ \t]{0,3})?[$€£]?[ \t]?(\d[\d,]*(?:\.\d+)?)(?![\d:/])")
# a zero right after a word, perhaps after a colon or "=" ("DELAY 0 MIN", "errors: 0", "injuries=0")
_ZERO_AFTER_RE = re.compile(r"[ \t]*(?:[:=][ \t]*)?0+(?:[.,]0+)?(?![\d.,:/]|[^\W\d_])")
#: How many figures after the word a line may give before the zero (a rate, a count, an amount).
ZERO_WITHIN = 3


def _zero_given(ctx: CheckContext, h: Optional[str], about: str = "") -> Optional[tuple[int, tuple[int, int]]]:
    """(doc index, sentence span) of a document sentence with a line that gives the word stemmed
    ``h`` a zero among its first ``ZERO_WITHIN`` figures after it ("Overtime 1.5x (0 hrs) 0.00"
    denies "she worked overtime"), the word being the line's first, or a cell's ("| saved 0.00
    kWh |"); None if none does. A table's row is read only where it is the row the answer
    sentence ``about`` restates (:func:`_restated_row`): another row may give the word a value."""
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
                cell_start = max(line_start, text.rfind("  ", line_start, at) + 2, text.rfind("\t", line_start, at) + 1,
                                 text.rfind("|", line_start, at) + 1)
                line_end = text.find("\n", at)
                line_end = len(text) if line_end < 0 else line_end
                if tokenize(text[cell_start:at]):
                    # the line is about another thing first, unless the word is in a field's
                    # label that gives it a zero ("CATEGORY B (MAJOR) ERRORS: 0" denies "no
                    # major errors": the whole label names what has none)
                    if _zero_labelled(text, at, line_end, content_stems(about)) and _restated_row(text, at, h, about):
                        return doc_index, spans[i]
                    # or the zero comes right after the word ("2 TUGS X 1 MOVEMENT + DELAY 0 MIN"):
                    # the line's item that word names has none
                    if _ZERO_AFTER_RE.match(text, begin + tok.end, line_end) and _restated_row(text, at, h, about):
                        return doc_index, spans[i]
                    continue
                if cell_start > line_start and text[cell_start - 1] == "|":
                    # a table's cell gives the word its value right after it ("saved 0.00 kWh",
                    # "reward £0.00"), not past other words ("OPEN to drain; gauge reads 0 bar")
                    bar = text.find("|", at, line_end)
                    value = _CELL_VALUE_RE.match(text, begin + tok.end, line_end if bar < 0 else bar)
                    figures = [value.group(1)] if value is not None else []
                else:
                    figures = _FIGURE_RE.findall(text, at, _cell_end(text, at, line_end))[:ZERO_WITHIN]
                if (any(map(_is_zero, figures))
                        and _restated_row(text, at, h, about)):
                    return doc_index, spans[i]
    return None


def _is_zero(figure: str) -> bool:
    """Is ``figure`` ("0", "0.00", "0,000") a zero?"""
    return not figure.replace("0", "").replace(",", "").replace(".", "")


def _zero_labelled(text: str, at: int, line_end: int, said: AbstractSet[str]) -> bool:
    """Is position ``at`` of ``text`` inside the label of a field (its line's first words, up
    to a colon: see :func:`raguard.normalize.fields.field_label`) whose value is a zero, and
    does that label name what the answer's denial does: two content words of the answer
    sentence (``said``: its stems), the denied word and another ("no major errors" / "CATEGORY
    B (MAJOR) ERRORS: 0")? (A statement's dotted leader, "Repayments received (direct) ....
    £0.00", read so too, cost an unread held-out set's caught edit for a read set's false alarm.)"""
    colon = text.find(":", at, line_end)
    if colon < 0:
        return False
    label_end = colon
    while label_end > at and text[label_end - 1] in " \t":
        label_end -= 1
    value_start = value_after(text, label_end)
    if value_start is None:
        return False
    label = field_label(text, value_start)
    if label is None or not label[0] <= at < label[1] or len(content_stems(text[label[0]:label[1]]) & said) < 2:
        return False
    value = _CELL_VALUE_RE.match(text, value_start, line_end)
    return value is not None and _is_zero(value.group(1))


#: Stems of the verbs and nouns of charging: "X wasn't charged" is said of X's line of a bill.
_CHARGING = frozenset(stem(w) for w in ("charge", "charged", "bill", "billed", "invoiced", "cost", "fee"))
# the last figure of a line ("Non-destructive entry attempted ...... 0.00")
_LAST_FIGURE_RE = re.compile(r"(?<![\d,.])(\d[\d,]*(?:\.\d+)?)[ \t]{0,3}$")


def _zero_charged(ctx: CheckContext, h: Optional[str], about: set[str]) -> Optional[tuple[int, tuple[int, int]]]:
    """(doc index, sentence span) of a bill's line whose amount, its last figure, is zero and
    whose words are the thing a denial of charging (``h``: "wasn't charged", "no fee") is said of
    (``about``, the clause's other content stems: two at least and most of them, and more than
    any line with another amount holds); None if none. A receipt's "Non-destructive entry
    attempted - unsuccessful .... 0.00" says what "the attempt at non-destructive entry wasn't
    charged" does, without the word "charged"."""
    if h not in _CHARGING or len(about) < 2:
        return None
    best: Optional[tuple[int, bool, int, int]] = None  # (shared, zero, doc index, line start)
    for doc_index, index in ctx.documents:
        text = index.text
        start = 0
        for line in text.split("\n"):
            m = _LAST_FIGURE_RE.search(line)
            if m is not None:
                shared = len(content_stems(line[:m.start()]) & about)
                zero = _is_zero(m.group(1))
                if best is None or shared > best[0] or (shared == best[0] and not zero):
                    best = (shared, zero, doc_index, start)
            start += len(line) + 1
    if best is None or not best[1] or best[0] < 2 or 2 * best[0] < len(about):
        return None
    _, _, doc_index, at = best
    spans = ctx.documents.indexes[doc_index].sentence_index[0]
    k = next((i for i, (b, e) in enumerate(spans) if b <= at < e or at <= b), None)
    return None if k is None else (doc_index, spans[k])


def _restated_row(text: str, at: int, h: str, about: str) -> bool:
    """Is the line holding offset ``at`` (a table's row, or a line of a layout's columns) the one
    the answer sentence ``about`` restates, of the lines of its table that hold the word stemmed
    ``h``? It shares more of that sentence's figures and content words than any other such line
    ("Mon 30 Nov | baseline 1.90 kWh | saved 0.00 kWh" for "On Monday 30 November you used 2.21
    kWh against a 1.90 kWh baseline, so there was no saving", not the row of Wednesday's session)."""
    found = table_at(text, at)
    if found is None:
        return True  # (no table: a layout's line, read as before)
    table, n = found
    said = _said_stems(about)
    own = len(_said_stems(text[table.rows[n].start:table.rows[n].end]) & said)
    return all(len(_said_stems(text[row.start:row.end]) & said) < own
               for row in table.body() if row is not table.rows[n]
               and h in {stem(t.norm) for t in tokenize(text[row.start:row.end])})


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


def _listed_under_denial(text: str, span: tuple[int, int], covered: Sequence[str] = ()) -> bool:
    """Is the sentence at ``span`` of ``text`` an item of a list whose lead line, right above its
    items, ends with a colon that closes a denial's clause ("4.3 We will not pay:" over "(b) for
    damage caused while the home is unoccupied")? The denial reaches each item, as it reaches a
    list on its own line (:func:`denial_reach`). Or a line of a section whose heading denies a
    word the answer's denial ``covered`` (:func:`_headed_by_denial`)."""
    line_start = text.rfind("\n", 0, span[0]) + 1
    if covered and _headed_by_denial(text, line_start, covered):
        return True
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


#: How many lines above a section's line its heading is looked for.
HEADING_WITHIN = 12
#: The capitals a heading holds at least (not "A", "OK").
MIN_HEADING_LETTERS = 4
# a bracket's words, which a heading in capitals may write in lower case ("UNAVAILABLE (not charged)")
_BRACKETED_RE = re.compile(r"\([^()\n]*\)")


def _headed_by_denial(text: str, line_start: int, covered: Sequence[str]) -> bool:
    """Is the line at ``line_start`` under a heading (a line in capitals, its brackets aside),
    with no blank line between, that denies one of the answer's words ``covered``: the word with
    a negative prefix, or after a denial's cue ("UNAVAILABLE (not charged)" over "Basmati Rice
    1kg | Lemons x4" for "the lemons weren't available"; "NOT INCLUDED" over "Parking")? A
    heading titles what is under it, as a lead line ending in a colon does."""
    wanted = {s for w in covered if (s := content_stem(w)) is not None}
    if not wanted:
        return False
    at = line_start
    for _ in range(HEADING_WITHIN):
        if at == 0:
            return False
        start = text.rfind("\n", 0, at - 1) + 1
        line = text[start:at - 1].strip()
        if not line:
            return False  # (a blank line ends the section)
        letters = [c for c in _BRACKETED_RE.sub("", line) if c.isalpha()]
        if len(letters) >= MIN_HEADING_LETTERS and all(c.isupper() for c in letters):
            return _prefixed(line, list(covered)) or any(
                not wanted.isdisjoint(content_stems(line[cue:clause_span(line, cue)[1]]))
                for cue, _ in denial_spans(line))
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
