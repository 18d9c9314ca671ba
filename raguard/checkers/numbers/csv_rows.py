"""A time of day a document's comma-separated row gives in a cell, bound to its row.

"18:00-18:30 ... 2.12 kWh" for "2026-11-19,18:00,18:30,2.12": a slot's start, its end, and the
value the answer gives with it must be one row's.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from typing import Optional

from raguard.checkers.base import CheckContext
from raguard.normalize.numbers import CLOCK_MEASURES, NumberMention, values_match


def csv_row_time(ctx: CheckContext, mention: NumberMention) -> Optional[tuple[int, int, int]]:
    """Evidence for an answer's time that a document's comma-separated row gives in a cell
    ("2026-11-19,18:00,18:30,2.12,peak"), bound to its row. A time that opens a range of the
    answer ("18:00-18:30", "between 17:00 and 19:00") is a cell a later time of its row follows
    (a slot's start), one that closes it a cell after another (its end); and when the answer
    gives a value after the time or its range, before its next time in the sentence ("... at
    2.12 kWh"), and the rows hold that value, the row must hold it too: a slot moved to another
    row keeps the value it was given with ("18:30-19:00 ... at 2.12 kWh" is not that row's)."""
    response, numbers = ctx.response, ctx.numbers
    k = bisect_left([n.start for n in numbers], mention.start)
    if k >= len(numbers) or numbers[k].start != mention.start:
        return None
    opens = k + 1 < len(numbers) and _joins_range(response, mention, numbers[k + 1])
    closes = k > 0 and _joins_range(response, numbers[k - 1], mention)
    begin, end = next(((s, e) for s, e in ctx.sentences if s <= mention.start < e), (0, len(response)))
    dates = [(d.start, d.end) for d in ctx.dates if d.form != "weekday"]
    bound: Optional[NumberMention] = None
    after = numbers[k + 1].end if opens else mention.end
    for n in numbers[k + (2 if opens else 1):]:
        if n.start >= end or n.measure in CLOCK_MEASURES or _apart(response, begin, mention.start, after, n.start):
            break
        if not n.trivial and not any(a <= n.start < b for a, b in dates):
            bound = n
            break
    for doc_index, index in ctx.documents:
        rows = index.csv_rows
        if not rows:
            continue
        held = []
        for row in rows:
            for i, cell in enumerate(row.clocks):
                if not values_match(mention, cell):
                    continue
                if len(row.clocks) > 1 and ((opens and i == len(row.clocks) - 1) or (closes and not opens and i == 0)):
                    continue  # (a slot's end for the answer's start, or its start for the end)
                held.append((row, cell))
        if held and bound is not None and any(values_match(bound, v) for row in rows for v in row.values):
            held = [(row, cell) for row, cell in held if any(values_match(bound, v) for v in row.values)]
        if held:
            cell = held[0][1]
            return (doc_index, cell.start, cell.end)
    return None


_RANGE_JOINER_RE = re.compile(r"[ \t]*(?:[-–—]|to|and|until|till)[ \t]*", re.IGNORECASE)


def _joins_range(response: str, first: NumberMention, second: NumberMention) -> bool:
    """Are two times of the answer the ends of one range ("18:00-18:30", "17:00 and 19:00")?"""
    return (first.measure in CLOCK_MEASURES and second.measure in CLOCK_MEASURES
            and _RANGE_JOINER_RE.fullmatch(response, first.end, second.start) is not None)


# what parts a value from the time before it: a clause of its own ("; ", ", and ")
_CLAUSE_BREAK_RE = re.compile(r";|,[ \t]*(?:and|but|while|whereas|so)\b", re.IGNORECASE)


def _apart(response: str, begin: int, start: int, end: int, value: int) -> bool:
    """Is the answer's value at ``value`` said apart from its time at ``start``..``end`` (in the
    sentence opening at ``begin``): in another clause, or after the close of brackets the time
    stands in ("(first take-off 08:14, last landing 09:55), and the highest altitude was 42 m")?
    A value there is no cell of the time's row."""
    gap = response[end:value]
    if _CLAUSE_BREAK_RE.search(gap) is not None:
        return True
    return ")" in gap and response.count("(", begin, start) > response.count(")", begin, start)
