"""A percentage that is the change between two values of its sentence, or the share of one in
the other: "from $12 million to $15.6 million, an increase of roughly 30%", "14 of the 22
branches, or 64%"; or, in points, the difference of two percentages ("14.6%, 1.6 points over the
13.0% base")."""

from __future__ import annotations

import re
from bisect import bisect_left

from raguard.checkers.numbers._derivations import Derivations, rounding_of
from raguard.normalize.numbers import NumberMention


# what says a value is a difference of percentages: "1.6 points", "2 percentage points", "3 pp"
_POINTS_RE = re.compile(r"(?:[ \t]*%)?[ \t]*(?:percentage[ \t]+)?(?:points?|pts|pp)\b", re.IGNORECASE)


def in_points(text: str, mention: NumberMention) -> bool:
    """Is the value a difference of percentages ("1.6 points over the 13.0% base", "up 2
    percentage points")?"""
    return "point" in mention.text.lower() or _POINTS_RE.match(text, mention.end) is not None


def change_or_share(derivations: Derivations, percent: NumberMention) -> bool:
    """Is the answer's percentage the change between two other values its sentence gives, or the
    share of one in the other? Those values are checked on their own; the percentage is
    arithmetic on them, to the precision it is written with (a hedged one within a twentieth of
    itself, and at least one point). Years are no amounts. Read with the ``NEAREST`` values
    closest to the percentage."""
    k = derivations.sentence_of(percent.start)
    if k is None:
        return False
    lo_pos, hi_pos = derivations.sentences[k]
    if in_points(derivations.ctx.response, percent):
        return _points_between(derivations, percent, lo_pos, hi_pos)
    lo, hi = bisect_left(derivations.starts, lo_pos), bisect_left(derivations.starts, hi_pos)
    at = bisect_left(derivations.starts, percent.start, lo, hi)
    near = derivations.values[max(lo, at - derivations.NEAREST):min(hi, at + derivations.NEAREST)]
    near = sorted(near, key=lambda n: abs(n.start - percent.start))[:derivations.NEAREST]
    if len(near) < 2:
        return False
    slack = (max(1.0, 0.05 * percent.value) if percent.hedge
             else max(percent.precision, rounding_of(percent.text)))
    for a in near:
        for b in near:
            if a is b or a.unit != b.unit:
                continue
            change = abs(b.value - a.value) / abs(a.value) * 100  # "from 40,000 to 52,000: up 30%"
            share = a.value / b.value * 100  # "14 of the 22 branches, or 64%"
            if abs(change - percent.value) <= slack or (share < 100 and abs(share - percent.value) <= slack):
                return True
    return False


def _points_between(derivations: Derivations, points: NumberMention, lo_pos: int, hi_pos: int) -> bool:
    """Is ``points`` the difference of two percentages its sentence gives ("14.6% moisture, 1.6
    points over the 13.0% base"), to the precision it is written with?"""
    lo, hi = bisect_left(derivations.amount_starts, lo_pos), bisect_left(derivations.amount_starts, hi_pos)
    shares = [n for n in derivations.amounts[lo:hi] if n.unit == "%" and n.start != points.start]
    if len(shares) > derivations.NEAREST * 2:
        return False
    slack = (max(0.05 * points.value, points.precision) if points.hedge
             else max(points.precision, rounding_of(points.text)))
    return any(abs(abs(a.value - b.value) - points.value) <= slack for i, a in enumerate(shares) for b in shares[i + 1:])
