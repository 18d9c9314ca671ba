"""Tables of cells parted by "|": which row a clause is about, and what its columns contrast.

A table's row is read as the row the clause names by its first cell (:func:`_row_named`); a row
lacking the denied word supports the denial where other rows give it in the same column
(:func:`_column_contrast`), and a header row states nothing (:func:`_header_row`). The swaps read
a row whose first cell the answer clause names as said of that thing (:func:`_names_its_row`).
"""

from __future__ import annotations

from typing import AbstractSet, Optional

from raguard.normalize.pipe_tables import Row, Table, table_at
from raguard.normalize.stems import content_stems, stem
from raguard.normalize.text import tokenize


def _table_rows(text: str, span: tuple[int, int]) -> Optional[tuple[Table, int]]:
    """The table of cells parted by "|" that the sentence at ``span`` of ``text`` is a row of,
    and that row's number (:mod:`raguard.normalize.pipe_tables`); None when the sentence is no
    such row or its table has no other."""
    if text.find("\n", span[0], span[1] - 1) >= 0:
        return None  # (more than one line)
    found = table_at(text, span[0])
    return found if found is not None and len(found[0].rows) > 1 else None


def _cells(row: Row) -> list[str]:
    return [cell.text for cell in row.inner_cells()]


def _column_contrast(text: str, span: tuple[int, int], h: Optional[str]) -> bool:
    """Is the sentence at ``span`` a table's row that gives another value in a column where
    another row (not the header: it names the column) says the word stemmed ``h``? Then
    the table says it of that row, not of this one: "Haskett Mill | steady | normal" against
    "Crollick | rising | FLOOD WARNING" for "Haskett Mill is not in flood"."""
    if h is None:
        return False
    found = _table_rows(text, span)
    if found is None:
        return False
    table, at = found
    own = _cells(table.rows[at])
    for n, row in enumerate(table.rows):
        if n == at or row is table.header:
            continue
        for k, cell in enumerate(_cells(row)):
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
    if found is None or found[0].rows[found[1]] is found[0].header:
        return None
    table, at = found

    def key(row: Row) -> set[str]:
        cells = _cells(row)
        return content_stems(cells[0]) if cells else set()

    if key(table.rows[at]) & stems:
        return None
    named = [row for n, row in enumerate(table.rows)
             if n != at and row is not table.header and (k := key(row)) and k <= stems]
    if len(named) != 1:
        return None
    line = text[named[0].start:named[0].end]
    return named[0].start + len(line) - len(line.lstrip()), named[0].end - (len(line) - len(line.rstrip()))


def _names_its_row(text: str, span: tuple[int, int], stems: AbstractSet[str]) -> bool:
    """Is the sentence at ``span`` a table's row (not its header) whose first cell's content words
    are all among ``stems``? What a cell of it says is said of what the answer clause names
    ("The Ashbrook at Penbury Weir is rising" / "Penbury Weir | Ashbrook | 3.07 | falling"), though
    its words stand in another order than the clause's."""
    found = _table_rows(text, span)
    if found is None or found[0].rows[found[1]] is found[0].header:
        return False
    cells = _cells(found[0].rows[found[1]])
    key = content_stems(cells[0]) if cells else set()
    return bool(key) and key <= stems


def _header_row(text: str, span: tuple[int, int]) -> bool:
    """Is the sentence at ``span`` a table's header (its columns' names)?"""
    found = _table_rows(text, span)
    return found is not None and found[0].rows[found[1]] is found[0].header
