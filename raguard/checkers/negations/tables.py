"""Tables of cells parted by "|": which row a clause is about, and what its columns contrast.

A table's row is read as the row the clause names by its first cell (:func:`_row_named`); a row
lacking the denied word supports the denial where other rows give it in the same column
(:func:`_column_contrast`), and a header row states nothing (:func:`_header_row`). The swaps read
a row whose first cell the answer clause names as said of that thing (:func:`_names_its_row`).
"""

from __future__ import annotations

import re
from typing import AbstractSet, Optional

from raguard.normalize.stems import content_stems, stem
from raguard.normalize.text import tokenize


def _table_rows(text: str, span: tuple[int, int]) -> Optional[tuple[list[tuple[int, int]], int]]:
    """(line spans of the rows, number of the row holding ``span``) of the table of cells parted
    by "|" that the sentence at ``span`` of ``text`` is a row of: the run of lines around it with as
    many "|" (two or more; a rule of dashes between them is skipped); None when the sentence is no
    such row or its table has no other."""
    begin = text.rfind("\n", 0, span[0]) + 1
    end = text.find("\n", span[0])
    end = len(text) if end < 0 else end
    if span[1] > end + 1:
        return None  # (more than one line)
    bars = text.count("|", begin, end)
    if bars < 2:
        return None
    rows = [(begin, end)]
    at = 0
    lo = begin
    while lo > 0:  # the rows above
        start = text.rfind("\n", 0, lo - 1) + 1
        line = text[start:lo - 1]
        if _RULE_RE.fullmatch(line):
            lo = start
            continue
        if line.count("|") != bars:
            break
        rows.insert(0, (start, lo - 1))
        at += 1
        lo = start
    hi = end
    while hi < len(text):  # the rows below
        stop = text.find("\n", hi + 1)
        stop = len(text) if stop < 0 else stop
        line = text[hi + 1:stop]
        if _RULE_RE.fullmatch(line):
            hi = stop
            continue
        if line.count("|") != bars:
            break
        rows.append((hi + 1, stop))
        hi = stop
    return (rows, at) if len(rows) > 1 else None


# a line that only rules a table ("|---|:--:|", "-----+-----")
_RULE_RE = re.compile(r"[ \t|:+]*[=-][ \t|:+=-]*")


def _cells(line: str) -> list[str]:
    """The cells of a table's row, an outer "|" at either end left out."""
    cells = line.split("|")
    if cells and not cells[0].strip():
        cells = cells[1:]
    if cells and not cells[-1].strip():
        cells = cells[:-1]
    return cells


def _column_contrast(text: str, span: tuple[int, int], h: Optional[str]) -> bool:
    """Is the sentence at ``span`` a table's row that gives another value in a column where
    another row (not the first: a header names the column) says the word stemmed ``h``? Then
    the table says it of that row, not of this one: "Haskett Mill | steady | normal" against
    "Crollick | rising | FLOOD WARNING" for "Haskett Mill is not in flood"."""
    if h is None:
        return False
    found = _table_rows(text, span)
    if found is None:
        return False
    rows, at = found
    own = _cells(text[rows[at][0]:rows[at][1]])
    for n, (begin, end) in enumerate(rows):
        if n in (0, at):
            continue
        for k, cell in enumerate(_cells(text[begin:end])):
            if (k < len(own) and any(stem(t.norm) == h for t in tokenize(cell)) and own[k].strip()
                    and not any(stem(t.norm) == h for t in tokenize(own[k]))):
                return True
    return False


def _row_named(text: str, span: tuple[int, int], stems: AbstractSet[str]) -> Optional[tuple[int, int]]:
    """The span of another row of the table the sentence at ``span`` is a row of, when a denying
    clause (its content ``stems``) names that row by every word of its first cell and none of
    this row's first cell (the row key: "Ashby reservoir is not ..." against the row "Brackley |
    64 | DROUGHT ORDER" is about the row "Ashby | 91 | normal"); None otherwise."""
    found = _table_rows(text, span)
    if found is None or found[1] == 0:
        return None
    rows, at = found

    def key(row: tuple[int, int]) -> set[str]:
        cells = _cells(text[row[0]:row[1]])
        return content_stems(cells[0]) if cells else set()

    if key(rows[at]) & stems:
        return None
    named = [row for n, row in enumerate(rows) if n not in (0, at) and (k := key(row)) and k <= stems]
    if len(named) != 1:
        return None
    begin, end = named[0]
    line = text[begin:end]
    return begin + len(line) - len(line.lstrip()), end - (len(line) - len(line.rstrip()))


def _names_its_row(text: str, span: tuple[int, int], stems: AbstractSet[str]) -> bool:
    """Is the sentence at ``span`` a table's row (not its header) whose first cell's content words
    are all among ``stems``? What a cell of it says is said of what the answer clause names
    ("The Ashbrook at Penbury Weir is rising" / "Penbury Weir | Ashbrook | 3.07 | falling"), though
    its words stand in another order than the clause's."""
    found = _table_rows(text, span)
    if found is None or found[1] == 0:
        return False
    rows, at = found
    cells = _cells(text[rows[at][0]:rows[at][1]])
    key = content_stems(cells[0]) if cells else set()
    return bool(key) and key <= stems


def _header_row(text: str, span: tuple[int, int]) -> bool:
    """Is the sentence at ``span`` the first row of a table (its header: the columns' names)?"""
    found = _table_rows(text, span)
    return found is not None and found[1] == 0
