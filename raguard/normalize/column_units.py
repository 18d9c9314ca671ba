"""The unit a table's header gives the values of its column. Pure.

A CSV or TSV export and a pipe table write a value's unit once, in its column's header:
"discount_pct" over "10", "Est. mins" over "150", "| Weight (kg) |" over "| 4.2 |". An answer
restates the value with its unit ("a 10% discount", "about 2.5 hours"), which the bare cell does
not carry. :func:`column_units` gives such a cell's value the header's unit: a percentage, or a
unit of measure of :data:`raguard.normalize.measures.MEASURES`. For documents only, read when an
answer's value finds no other support: it can only support a value, never flag one.

Tables are read by :func:`raguard.normalize.pipe_tables.tables` (a pipe table, or a CSV's or a
TSV's with a comma or a tab), its header the first row when it names columns. A singular time
word ("Day", "Week", "Hour") names a column of labels ("Day 3"), not a measure, and is left
alone; so is a cell that holds more than a number ("12 items").
"""

from __future__ import annotations

import re
from bisect import bisect_left
from typing import Optional, Sequence

from raguard.normalize.measures import MEASURES
from raguard.normalize.numbers import PERCENT_HEADER_RE, NumberMention
from raguard.normalize import pipe_tables

_DELIMITERS = ("|", ",", "\t")
# the unit that closes a header: "duration_min", "Weight (kg)", "Est. mins", "timeoutMs", "[ms]"
_UNIT_RE = re.compile(r"(?:^|[\s_\-(\[/.]|(?<=[a-z])(?=[A-Z]))(?P<unit>[A-Z]?[a-z]+|[A-Z]+)[)\]]?$")
# singular time words: a column of labels ("Day | 3"), not of durations
_LABELS = frozenset({"day", "week", "hour", "minute", "second"})


def header_unit(header: str) -> Optional[tuple[str, str]]:
    """("unit", "%") or ("measure", unit) for a header that names its values' unit, else None."""
    header = header.strip().strip('"').strip()
    if not header or header[0].isdigit():
        return None  # (a value, "5 kg", names no column)
    if PERCENT_HEADER_RE.search(header):
        return ("unit", "%")
    m = _UNIT_RE.search(header)
    if m is None:
        return None
    unit = m.group("unit").lower()
    if unit in _LABELS or unit not in MEASURES or (unit == "ms" and m.group("unit") not in ("ms", "Ms")):
        return None
    return ("measure", unit)


def column_units(text: str, mentions: Sequence[NumberMention]) -> list[NumberMention]:
    """The ``mentions`` (values of ``text``, without a unit or measure) that fill a cell of a
    column whose header names a unit, with that unit (see the module docstring)."""
    if "\n" not in text or not mentions:
        return []
    bare = [n for n in mentions if n.unit is None and n.measure is None]
    bare.sort(key=lambda n: n.start)
    starts = [n.start for n in bare]
    out = []
    for delimiter in _DELIMITERS:
        if delimiter not in text:
            continue
        for table in pipe_tables.tables(text, delimiter):
            if table.header is None:
                continue
            units = [header_unit(cell.text) for cell in table.header.cells]
            if not any(units):
                continue
            for row in table.body():
                for found, cell in zip(units, row.cells):
                    if found is None or not pipe_tables.NUMERIC_CELL_RE.fullmatch(cell.text.strip('"')):
                        continue  # ("12 items": a cell of words, the number is not its value)
                    kind, unit = found
                    for n in bare[bisect_left(starts, cell.start):bisect_left(starts, cell.end)]:
                        if n.end <= cell.end:
                            out.append(n._replace(unit=unit) if kind == "unit" else n._replace(measure=unit))
    return out
