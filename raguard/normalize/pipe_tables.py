"""Tables written with pipes ("Name | Score" over "Brightwater | 46.8"), read one way for every
checker: which lines are a table's rows, and which row names its columns.

A table is a run of lines with as many "|" (two or more); a rule of dashes between them
("|---|:--:|") is skipped. Its header is its first row when that names columns: none of its cells
is a number and one holds a letter ("Region | % | Points"; not "Ashby | 91 | normal"). A reader
that asks for another delimiter gets a CSV's or a TSV's tables the same way (one comma or tab a
line or more: "sku,qty,rebate_pct" over "A-1,40,15").
"""

from __future__ import annotations

import re
from typing import Iterator, NamedTuple, Optional


class Cell(NamedTuple):
    """One cell: its (start, end) in the text and its stripped text."""
    start: int
    end: int
    text: str


class Row(NamedTuple):
    """One line of a table: its (start, end) in the text and its cells, outer empty ones kept
    ("| a | b |" has four), so that rows of one table have as many cells."""
    start: int
    end: int
    cells: tuple[Cell, ...]

    def inner_cells(self) -> tuple[Cell, ...]:
        """The cells without an empty one at either end (what "| a | b |" writes: a, b)."""
        cells = self.cells
        lo = 1 if cells and not cells[0].text else 0
        hi = len(cells) - 1 if len(cells) > lo and not cells[-1].text else len(cells)
        return cells[lo:hi]


class Table(NamedTuple):
    rows: tuple[Row, ...]  # (rules left out)
    header: Optional[Row]  # its first row when that names columns

    def body(self) -> tuple[Row, ...]:
        """The rows that give values: all but the header."""
        return self.rows[1:] if self.header is not None else self.rows


# a line that only rules a table ("|---|:--:|", "-----+-----")
RULE_RE = re.compile(r"[ \t|:+]*[=-][ \t|:+=-]*")
# a cell that is a number ("1,204", "(350)", "£12.50", "96.41%")
NUMERIC_CELL_RE = re.compile(r"[-+(−]?[$€£]?\d[\d.,]*\)?%?\*?")


def _row(text: str, start: int, end: int, delimiter: str = "|") -> Optional[Row]:
    """The line at [start, end) as a row; None for a line with fewer than two pipes (one comma
    or tab)."""
    if text.count(delimiter, start, end) < (2 if delimiter == "|" else 1):
        return None
    cells = []
    for cell in text[start:end].split(delimiter):
        cells.append(Cell(start, start + len(cell), cell.strip()))
        start += len(cell) + 1
    return Row(cells[0].start, cells[-1].end, tuple(cells))


def _names_columns(row: Row) -> bool:
    return (not any(NUMERIC_CELL_RE.fullmatch(c.text) for c in row.cells)
            and any(ch.isalpha() for c in row.cells for ch in c.text))


def _table_from(text: str, start: int, delimiter: str = "|") -> tuple[Optional[Table], int]:
    """The table whose first line starts at ``start`` (None when that line is no row), and where
    the line after it starts."""
    rows: list[Row] = []
    at = start
    while at <= len(text):
        end = text.find("\n", at)
        end = len(text) if end < 0 else end
        if RULE_RE.fullmatch(text, at, end):
            at = end + 1
            continue
        row = _row(text, at, end, delimiter)
        if row is None or (rows and len(row.cells) != len(rows[0].cells)):
            break
        rows.append(row)
        at = end + 1
    if not rows:
        return None, text.find("\n", start) + 1 or len(text) + 1
    return Table(tuple(rows), rows[0] if _names_columns(rows[0]) else None), at


def tables(text: str, delimiter: str = "|") -> Iterator[Table]:
    """Every table of ``text`` (its cells split by ``delimiter``: "|", "," or a tab), in order."""
    at = text.find(delimiter)
    while at >= 0:
        table, at = _table_from(text, text.rfind("\n", 0, at) + 1, delimiter)
        if table is not None:
            yield table
        at = text.find(delimiter, at) if at <= len(text) else -1


def table_at(text: str, at: int) -> Optional[tuple[Table, int]]:
    """The table of ``text`` with a row holding offset ``at``, and that row's number; None when
    the line there is no table's row."""
    begin = text.rfind("\n", 0, at) + 1
    end = text.find("\n", at)
    end = len(text) if end < 0 else end
    own = _row(text, begin, end)
    if own is None:
        return None
    while begin > 0:  # up to the table's first line
        above = text.rfind("\n", 0, begin - 1) + 1
        if not RULE_RE.fullmatch(text, above, begin - 1):
            row = _row(text, above, begin - 1)
            if row is None or len(row.cells) != len(own.cells):
                break
        begin = above
    table, _ = _table_from(text, begin)
    if table is None:
        return None
    for n, row in enumerate(table.rows):
        if row.start <= at <= row.end:
            return table, n
    return None
