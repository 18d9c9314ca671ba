"""What the derivations share: the answer's values, sorted by position and sorted into kinds,
with the sentence each is in, and the rounding a value is written to.

A derivation (``percentages``, ``sums``, ``durations``, ``ages``, ``totals``: one module each)
reads a value against a few others of its sentence or the one before, found by
bisection: an answer of thousands of values costs linear time. Built once per review, when first
asked.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from datetime import date
from typing import NamedTuple, Optional

from raguard.checkers.base import CheckContext
from raguard.normalize.measures import MEASURES, compound_measures
from raguard.normalize.numbers import CLOCK_MEASURES, NumberMention
from raguard.normalize.spans import SpanIndex


_BOTH_RE = re.compile(r"\b[Bb]oth\b")


class Derivations:
    """The answer's values for the derivations, read once per review when first asked
    (:meth:`sentence_of` reads them)."""

    #: How many values of its sentence, the closest first, a percentage is read with.
    NEAREST = 6
    #: How many partial sums of parts and counts one review may try (a few totals' worth).
    TOTAL_TRIES = 20_000

    def __init__(self, ctx: CheckContext) -> None:
        self.ctx = ctx
        self.ready = False
        self.total_budget = self.TOTAL_TRIES

    @classmethod
    def of(cls, ctx: CheckContext) -> "Derivations":
        """The review's derivations (one per context: the computed values' operands ask again)."""
        found = ctx.__dict__.get("_derivations")
        if found is None:
            found = ctx.__dict__["_derivations"] = cls(ctx)
        return found

    def build(self) -> None:
        """Read the answer's values, each kind sorted by position."""
        ctx = self.ctx
        self.sentences = list(ctx.sentences)
        self.sentence_starts = [s for s, _ in self.sentences]
        years = SpanIndex((d.start, d.end) for d in ctx.dates)
        self.values = [n for n in ctx.numbers if n.unit != "%" and n.measure is None and n.value
                       and not years.overlaps(n.start, n.end)]
        self.starts = [n.start for n in self.values]
        # amounts (a currency, a unit of measure or a percentage) for sums and differences
        self.amounts = [n for n in ctx.numbers if (n.unit or n.measure) and not years.overlaps(n.start, n.end)]
        self.amount_starts = [n.start for n in self.amounts]
        # whole bare values (counts, "three years"; a part whose unit is left to its neighbour,
        # "10 minutes of prep and 15 of cooking"), spelled counting words included
        self.bare = [n for n in ctx.numbers if n.unit is None and n.measure is None and not n.ordinal
                     and float(n.value).is_integer() and 0 < n.value and not years.overlaps(n.start, n.end)]
        if "both" in ctx.response or "Both" in ctx.response:
            # "both" counts two ("both samples at £95 each, £190 in total")
            self.bare = sorted(self.bare + [NumberMention(m.start(), m.end(), m.group(), 2.0)
                                            for m in _BOTH_RE.finditer(ctx.response)], key=lambda n: n.start)
        self.bare_starts = [n.start for n in self.bare]
        # lengths of time written in two units ("3 hours 48 minutes"), times of day, whole dates, years
        self.compounds = [c for c in compound_measures(ctx.response, ctx.numbers)
                          if MEASURES.get(c.measure or "", ("", 0.0))[0] == "time"]
        self.clocks = [n for n in ctx.numbers if n.measure in CLOCK_MEASURES]
        self.clock_starts = [n.start for n in self.clocks]
        self.dates = [_Dated(d.start, date(d.value.year, d.value.month, d.value.day)) for d in ctx.dates
                      if d.value.year and d.value.month and d.value.day and _valid(d.value)]
        self.years = [d for d in ctx.dates if d.form == "year" and d.value.year]
        self.ready = True

    def sentence_of(self, position: int) -> Optional[int]:
        """The index of the answer's sentence holding ``position`` (read first if need be), or None."""
        if not self.ready:
            self.build()
        k = bisect_right(self.sentence_starts, position) - 1
        return k if k >= 0 and position < self.sentences[k][1] else None


class _Dated(NamedTuple):
    """A whole date of the answer, at its position."""
    start: int
    value: date


def _valid(value) -> bool:
    try:
        date(value.year, value.month, value.day)
    except ValueError:
        return False
    return True


def rounding_of(text: str) -> float:
    """Half the last written digit's place: "30%" stands for 29.5-30.5, "30.4%" for 30.35-30.45."""
    digits = re.search(r"\d+(?:\.(\d+))?", text)
    decimals = len(digits.group(1) or "") if digits else 0
    return 0.5 * 10 ** -decimals
