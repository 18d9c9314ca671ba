"""An amount its clause names a total that adds up parts and counts of its sentence: "two at £49
and one at £58, £156 in all"; a percentage that adds up percentages ("6% and 2%, 8% in total")."""

from __future__ import annotations

import re
from bisect import bisect_left
from typing import Optional

from raguard.checkers.numbers._derivations import Derivations, rounding_of
from raguard.normalize.numbers import CLOCK_MEASURES, OTHER_CURRENCY_CODES, NumberMention

# the words that name an amount a total: a closed class (the English words of summing up; no
# noun of any one domain)
_TOTAL_CUE_RE = re.compile(
    r"\b(?:(?:sub)?totall?(?:s|ed|ing|led|ling)?|in[ \t]+all|all[ \t]+told|altogether|combined|"
    r"(?:comes?|came|coming|adds?[ \t]+up|adding[ \t]+up|added[ \t]+up)[ \t]+to|sum|overall)\b",
    re.IGNORECASE,
)
#: How far before and after an amount its clause is searched for a word of totalling.
_CLAUSE_REACH = 60
#: The most parts a total is read with, the most counts, and the largest count.
_MAX_PARTS, _MAX_COUNTS, _MAX_COUNT = 6, 4, 50
# a currency written as its ISO code before the value ("CHF 198"; the reader of values takes
# only the codes of its own table as a unit)
_CODE_BEFORE_RE = re.compile(r"\b(" + "|".join(OTHER_CURRENCY_CODES) + r")[ \t\u00a0]?\Z")


def is_total(derivations: Derivations, amount: NumberMention) -> bool:
    """Is the answer's amount, named a total in its clause ("a total of CHF 198", "€156 in
    total", "come to £507"), the sum of amounts in the same unit its sentence or the one
    before gives, each taken once or times one of the counts of its own sentence ("two
    adult passes and one child pass")? Each count serves one part. The parts are checked on
    their own; a changed total adds up no more. Read only with a word of totalling (many
    sums of a long list's values land anywhere), and with few parts and counts. Which count
    goes with which part is not read: a total with the counts swapped between two parts
    (two at €58 and one at €49 for two at €49 and one at €58) passes too."""
    if amount.measure in CLOCK_MEASURES or not amount.value:
        return False
    response = derivations.ctx.response
    key = amount.unit or amount.measure or _currency_code_before(response, amount.start)
    if key is None:
        return False
    k = derivations.sentence_of(amount.start)
    if k is None:
        return False
    own_start, own_end = derivations.sentences[k]
    if not names_total(response, (own_start, own_end), amount):
        return False
    lo_pos = derivations.sentences[max(0, k - 1)][0]
    parts, seen = [], {abs(amount.value)}
    for n in derivations.ctx.numbers:
        if lo_pos <= n.start < own_end and n.value and n.start != amount.start and abs(n.value) not in seen:
            if (n.unit or n.measure or (_currency_code_before(response, n.start) if n.unit is None else None)) == key:
                parts.append(abs(n.value))
                seen.add(abs(n.value))
    if len(parts) < 2 or len(parts) > _MAX_PARTS:
        return False
    # the counts of its own sentence, each value once ("two adult passes and one child pass"):
    # the same count taken twice, or one of another sentence, fits a total made wrong as well
    # ("two adults and two children" for the two adults and one child it counted)
    near = [n for n in derivations.bare[bisect_left(derivations.bare_starts, own_start):
                                        bisect_left(derivations.bare_starts, own_end)]
            if n.value <= _MAX_COUNT and n.value != 1]
    near.sort(key=lambda n: abs(n.start - amount.start))
    # (percentages add, as shares of one whole: "a 6% and a 2% deferral, 8% in total"; no count
    # multiplies one)
    counts = [] if amount.unit == "%" else list(dict.fromkeys(n.value for n in near))[:_MAX_COUNTS]
    slack = (max(0.05 * abs(amount.value), amount.precision) if amount.hedge
             else max(amount.precision, rounding_of(amount.text)))
    value = abs(amount.value)
    # the sums of some of the parts, each once or times a count not yet used, as (sum, counts
    # used, parts taken); no sum above the total is kept (every part is positive)
    sums = {(0.0, 0, 0)}
    for part in parts:
        grown = set(sums)
        for total, used, taken in sums:
            derivations.total_budget -= 1 + len(counts)
            for i, times in enumerate((1.0, *counts)):
                if i and used & (1 << i):
                    continue
                total_now = round(total + part * times, 6)
                if total_now <= value + slack:
                    grown.add((total_now, used | (1 << i) if i else used, taken + 1))
        if derivations.total_budget < 0:
            return False  # (a review's totals share one budget: an answer of a thousand totals stays linear)
        sums = grown
    return any(taken >= 2 and abs(total - value) <= slack for total, _, taken in sums)


def names_total(response: str, sentence: tuple[int, int], amount: NumberMention) -> bool:
    """Does the clause of ``amount`` (in its ``sentence``, a span of ``response``) name it a
    total, with a word of :data:`_TOTAL_CUE_RE` ("a total of CHF 198", "55 minutes in all")?"""
    own_start, own_end = sentence
    before = response[max(own_start, amount.start - _CLAUSE_REACH):amount.start]
    before = before[max(before.rfind(c) for c in ",;:!?") + 1:]
    after = response[amount.end:min(own_end, amount.end + _CLAUSE_REACH)]
    after = after[:min((i for i in (after.find(c) for c in ",;:!?(") if i >= 0), default=len(after))]
    return _TOTAL_CUE_RE.search(before) is not None or _TOTAL_CUE_RE.search(after) is not None


def _currency_code_before(text: str, start: int) -> Optional[str]:
    """The ISO code of a currency written right before ``start`` ("CHF 198"), or None."""
    found = _CODE_BEFORE_RE.search(text, max(0, start - 5), start)
    return found.group(1) if found else None
