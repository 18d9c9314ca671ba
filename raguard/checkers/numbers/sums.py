"""An amount of money or of a measure that is the sum or the difference of two the answer gives
beside it, or one of them times a count: "£45 for one and £12 for the other, so £57 for the
two", "£4,500 a year for three years, £13,500 in all"."""

from __future__ import annotations

import re
from bisect import bisect_left

from raguard.checkers.numbers._derivations import Derivations, rounding_of
from raguard.checkers.numbers.totals import names_total
from raguard.normalize.numbers import CLOCK_MEASURES, NumberMention
from raguard.normalize.stems import content_stem


def adds_up(derivations: Derivations, amount: NumberMention) -> bool:
    """Is the answer's ``amount`` (money or a measure, not a share or a time of day) the sum
    or the difference of two others in the same unit
    that its sentence or the one before gives ("£45 for one and £12 for the other, so £57
    for the two", "£96,750, £21,450 less than the £118,200 requested"), one of them times a
    count there ("£4,500 a year for three years, £13,500 in all"), or one of them plus a
    bare value of its own sentence ("25 minutes: 10 of prep and 15 of cooking"), or two bare
    values of its own sentence ("split the 45 minutes as 30 then 15")? Those are
    checked on their own, so the answer shows its arithmetic: a changed total adds up no
    more, a changed part is flagged itself."""
    if not (amount.unit or amount.measure) or amount.unit == "%" or amount.measure in CLOCK_MEASURES:
        return False  # shares of one whole and times of day differ by chance in every list
    k = derivations.sentence_of(amount.start)
    if k is None:
        return False
    lo_pos, hi_pos = derivations.sentences[max(0, k - 1)][0], derivations.sentences[k][1]
    lo, hi = bisect_left(derivations.amount_starts, lo_pos), bisect_left(derivations.amount_starts, hi_pos)
    parts = [n for n in derivations.amounts[lo:hi]
             if n.start != amount.start and n.unit == amount.unit and n.measure == amount.measure and n.value]
    if len(parts) > derivations.NEAREST * 2:
        return False
    slack = (max(0.05 * abs(amount.value), amount.precision) if amount.hedge
             else max(amount.precision, rounding_of(amount.text)))
    value = abs(amount.value)
    for i, a in enumerate(parts):
        for b in parts[i + 1:]:
            if abs(a.value + b.value - value) <= slack or abs(abs(a.value - b.value) - value) <= slack:
                return True
    bare_lo, bare_hi = bisect_left(derivations.bare_starts, lo_pos), bisect_left(derivations.bare_starts, hi_pos)
    bare = derivations.bare[bare_lo:bare_hi]
    if len(bare) > derivations.NEAREST * 2:
        return False
    own_sentence = derivations.sentences[k][0]
    # (not a count of a thing: "34 or 19 cars")
    own = [n for n in bare if n.start >= own_sentence and n.value > 0 and not _counts_a_thing(derivations, n)]
    for i, a in enumerate(own):  # "split the 45 minutes as 30 then 15"
        for b in own[i + 1:]:
            if abs(a.value + b.value - value) <= slack:
                return True
    for a in parts:
        for n in bare:
            if abs(abs(a.value) * n.value - value) <= slack:
                return True
            if n.start >= own_sentence and abs(abs(a.value) + n.value - value) <= slack:
                return True
    # (to the figure's own rounding, hedged or not: a long run's sum lands near many values)
    return _totals_a_run(derivations, amount, k, value, max(amount.precision, rounding_of(amount.text)))


#: How many sentences (a bill's lines, a list's bullets) before an amount a run it totals may span.
_RUN_SENTENCES = 8
#: The fewest parts a run must have (two are read above, in the amount's sentence or the one before).
_RUN_MIN = 3


def _totals_a_run(derivations: Derivations, amount: NumberMention, k: int, value: float, slack: float) -> bool:
    """Is ``amount`` (in sentence ``k``), named a total in its clause, the total of the run of
    amounts in its unit that the answer gives right before it, three or more, as an itemized
    bill or list does ("hammer £502. Premium £110.44. VAT £22.09. Postage £8.50. That makes
    £643.03 in total")? The run ends at the last such amount before it and reaches back at most
    :data:`_RUN_SENTENCES` sentences (:func:`~raguard.checkers.numbers.totals.is_total` reads a
    total's parts in its sentence and the one before)."""
    if not names_total(derivations.ctx.response, derivations.sentences[k], amount):
        return False  # (many sums of a long list's values land anywhere: only a total named so)
    lo_pos = derivations.sentences[max(0, k - _RUN_SENTENCES)][0]
    lo, hi = bisect_left(derivations.amount_starts, lo_pos), bisect_left(derivations.amount_starts, amount.start)
    run = [n for n in derivations.amounts[lo:hi] if n.unit == amount.unit and n.measure == amount.measure and n.value]
    total = 0.0
    for count, n in enumerate(reversed(run[-derivations.NEAREST * 2:]), 1):
        total += n.value
        if count >= _RUN_MIN and abs(total - value) <= slack:
            return True
    return False


_NEXT_WORD_RE = re.compile(r"[ \t]{0,3}([A-Za-z]+)")


def _counts_a_thing(derivations: Derivations, n: NumberMention) -> bool:
    """Is the bare value followed by a content word, the thing it counts ("19 cars")?"""
    m = _NEXT_WORD_RE.match(derivations.ctx.response, n.end)
    return m is not None and m.group(1).lower() != "plus" and content_stem(m.group(1).lower()) is not None
