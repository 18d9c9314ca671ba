"""Span lookups for checkers: does a span overlap, or lie inside, any of many spans?

Checkers skip a claim that overlaps a date or lies inside a name. Scanning every span for every
claim made them quadratic on answers with thousands of claims (100k characters of "May 5 ..."
took half a minute); these answer each question in O(log n).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right, insort
from itertools import accumulate
from typing import Iterable


class SpanIndex:
    """Fixed spans ``(start, end)``, any of which may overlap: sorted by start, with the running
    maximum of their ends, which answers both questions exactly."""

    def __init__(self, spans: Iterable[tuple[int, int]] = ()) -> None:
        ordered = sorted(spans)
        if not ordered:  # (the usual case for most kinds of span)
            self._starts: list[int] = []
            self._max_end: list[int] = []
            return
        self._starts = [s for s, _ in ordered]
        self._max_end = list(accumulate((e for _, e in ordered), max))

    def overlaps(self, start: int, end: int) -> bool:
        """Does a span share a character with [start, end) (``s < end and start < e``)?"""
        k = bisect_left(self._starts, end)
        return k > 0 and self._max_end[k - 1] > start

    def holds(self, start: int, end: int) -> bool:
        """Does one span contain [start, end) (``s <= start and end <= e``)?"""
        k = bisect_right(self._starts, start)
        return k > 0 and self._max_end[k - 1] >= end

    def first_start_in(self, start: int, end: int) -> "int | None":
        """The first start of a span that lies in [start, end), if any."""
        k = bisect_left(self._starts, start)
        return self._starts[k] if k < len(self._starts) and self._starts[k] < end else None


class DisjointSpans:
    """A growing set of spans that never overlap one another, kept sorted by start."""

    def __init__(self, spans: Iterable[tuple[int, int]] = ()) -> None:
        self._spans: list[tuple[int, int]] = []
        for start, end in spans:
            self.add(start, end)

    def add(self, start: int, end: int) -> None:
        """Add a span that overlaps none already held."""
        insort(self._spans, (start, end))

    def overlaps(self, start: int, end: int) -> bool:
        """Does a span share a character with [start, end)? (The one starting last before
        ``end`` has the greatest end of those starting before it: the spans are disjoint.)"""
        k = bisect_left(self._spans, (end, -1))
        return k > 0 and self._spans[k - 1][1] > start

    def holds(self, start: int, end: int) -> bool:
        """Does one span contain [start, end)?"""
        k = bisect_right(self._spans, (start, float("inf")))
        return k > 0 and self._spans[k - 1][1] >= end

    def __contains__(self, span: tuple[int, int]) -> bool:
        k = bisect_left(self._spans, span)
        return k < len(self._spans) and self._spans[k] == span
