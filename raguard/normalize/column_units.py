"""The unit a table's header gives the values of its column. Pure.

A CSV or TSV export and a pipe table write a value's unit once, in its column's header:
"discount_pct" over "10", "Est. mins" over "150", "| Weight (kg) |" over "| 4.2 |". An answer
restates the value with its unit ("a 10% discount", "about 2.5 hours"), which the bare cell does
not carry. :func:`column_units` gives such a cell's value the header's unit: a percentage, or a
unit of measure of :data:`raguard.normalize.measures.MEASURES`. For documents only, read when an
answer's value finds no other support: it can only support a value, never flag one.

A table here is a run of two lines or more that split into as many cells (two or more) by one
delimiter (a comma, a tab or a pipe; a rule of dashes under a pipe table's header skipped); its
first line is the header when none of its cells is a number. A singular time word ("Day", "Week", "Hour") names a column of labels ("Day 3"), not a
measure, and is left alone; so is a cell that holds more than a number ("12 items").
"""

from __future__ import annotations

import re
from bisect import bisect_right
from typing import Optional, Sequence

from raguard.normalize.measures import MEASURES
from raguard.normalize.numbers import NumberMention
from raguard.normalize import pipe_tables

_DELIMITERS = (",", "\t", "|")
# a header that says its values are percentages: "discount_pct", "Share (%)", "% change", "Percent"
_PERCENT_RE = re.compile(r"(?:^|[\s_\-(\[/])(?:pct|percent|per[ \t]?cent|%)(?:[)\]]|$)|^%", re.IGNORECASE)
# the unit that closes a header: "duration_min", "Weight (kg)", "Est. mins", "timeoutMs", "[ms]"
_UNIT_RE = re.compile(r"(?:^|[\s_\-(\[/.]|(?<=[a-z])(?=[A-Z]))(?P<unit>[A-Z]?[a-z]+|[A-Z]+)[)\]]?$")
# singular time words: a column of labels ("Day | 3"), not of durations
_LABELS = frozenset({"day", "week", "hour", "minute", "second"})


def header_unit(header: str) -> Optional[tuple[str, str]]:
    """("unit", "%") or ("measure", unit) for a header that names its values' unit, else None."""
    header = header.strip().strip('"').strip()
    if not header or header[0].isdigit():
        return None  # (a value, "5 kg", names no column)
    if _PERCENT_RE.search(header):
        return ("unit", "%")
    m = _UNIT_RE.search(header)
    if m is None:
        return None
    unit = m.group("unit").lower()
    if unit in _LABELS or unit not in MEASURES or (unit == "ms" and m.group("unit") not in ("ms", "Ms")):
        return None
    return ("measure", unit)


def _units_by_line(text: str) -> dict[int, tuple[int, str, list[Optional[tuple[str, str]]]]]:
    """Line start -> (line end, delimiter, the unit of each column) for each body line of a table
    whose header names a unit."""
    out: dict[int, tuple[int, str, list[Optional[tuple[str, str]]]]] = {}
    lines: list[tuple[int, int]] = []
    at = 0
    for line in text.split("\n"):
        lines.append((at, at + len(line)))
        at += len(line) + 1
    for delimiter in _DELIMITERS:
        if delimiter not in text:
            continue
        k = 0
        while k < len(lines):
            s, e = lines[k]
            header = text[s:e].split(delimiter)
            if len(header) < 2 or any(pipe_tables.NUMERIC_CELL_RE.fullmatch(c.strip()) for c in header):
                k += 1  # (no table's header: a header names its columns, it gives no value)
                continue
            j = k + 1
            if delimiter == "|" and j < len(lines) and pipe_tables.RULE_RE.fullmatch(text, *lines[j]):
                j += 1  # the rule under a pipe table's header
            while j < len(lines) and text.count(delimiter, *lines[j]) + 1 == len(header):
                j += 1
            if j - k >= 2:
                units = [header_unit(c) for c in header]
                if any(units):
                    for b in range(k + 1, j):
                        bs, be = lines[b]
                        if bs not in out:
                            out[bs] = (be, delimiter, units)
            k = max(j, k + 1)
    return out


def column_units(text: str, mentions: Sequence[NumberMention]) -> list[NumberMention]:
    """The ``mentions`` (values of ``text``, without a unit or measure) that fill a cell of a
    column whose header names a unit, with that unit (see the module docstring)."""
    if "\n" not in text or not mentions:
        return []
    by_line = _units_by_line(text)
    if not by_line:
        return []
    starts = sorted(by_line)
    out = []
    for n in mentions:
        if n.unit is not None or n.measure is not None:
            continue
        i = bisect_right(starts, n.start) - 1
        if i < 0:
            continue
        line_start = starts[i]
        line_end, delimiter, units = by_line[line_start]
        if n.end > line_end:
            continue
        line = text[line_start:line_end]
        before = text[line_start:n.start]
        column = before.count(delimiter)  # (an outer pipe opens an empty first cell, in the header too)
        cells = line.split(delimiter)
        found = units[column] if 0 <= column < min(len(units), len(cells)) else None
        if found is None or not pipe_tables.NUMERIC_CELL_RE.fullmatch(cells[column].strip().strip('"')):
            continue  # ("12 items": a cell of words, the number is not its value)
        kind, unit = found
        out.append(n._replace(unit=unit) if kind == "unit" else n._replace(measure=unit))
    return out
