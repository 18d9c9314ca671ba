"""A value called high or low against another that lies the other way.

"Slightly low at 402 against an upper limit of 400": "high" or "low" right before "at A", and B
after "against"/"versus"/"compared with" and a determiner, are flagged when A and B are of one
kind (as for a comparison, :mod:`raguard.checkers.direction.comparisons`), differ, and A lies on
the other side of B than the word says. Left alone: values spelled out, a clause that denies or
hedges.
"""

from __future__ import annotations

import re
from typing import Iterator

from raguard.checkers.base import CheckContext, Checker, Finding, quote_for_message
from raguard.checkers.direction._common import finding, same_kind, sentence_start
from raguard.normalize.numbers import NumberMention
from raguard.normalize.polarity import hedges_or_denies
from raguard.normalize.text import clause_span

# a value judged against another: "low at 402 against an upper limit of 400" ("high"/"low" before
# "at A", B as a determiner gives it after "against"/"versus"/"compared with")
_JUDGED_RE = re.compile(r"(?<![\w])(?P<judge>high|low)[ \t]+at[ \t]+\Z", re.IGNORECASE)
_AGAINST_RE = re.compile(  # (match right after A)
    r"(?<![ \t])(?:[ \t]+[^\s\d,;()]+)?,?[ \t]+(?:against|versus|vs\.?|compared[ \t]+(?:with|to))"
    r"[ \t]+(?:the|a|an|his|her|its|their|our|your|this|that|[^\W\d_]+['’]s)(?:(?:[ \t]+[^\W\d_]+){1,2}[ \t]+of)?[ \t]+",
    re.IGNORECASE)


def judged(checker: Checker, ctx: CheckContext, numbers: list[NumberMention]) -> Iterator[Finding]:
    """A value called high or low against another that says the other way round: "slightly
    low at 402 against an upper limit of 400"."""
    response = ctx.response
    if " against " not in response and " versus " not in response and " vs" not in response \
            and " compared " not in response:
        return
    for a, b in zip(numbers, numbers[1:]):
        m = _AGAINST_RE.match(response, a.end)
        if m is None or m.end() != b.start:
            continue
        j = _JUDGED_RE.search(response, max(0, a.start - 16), a.start)
        if j is None or a.spelled or b.spelled or a.value == b.value or not same_kind(response, a, b, b):
            continue
        begin = max(clause_span(response, j.start())[0], sentence_start(ctx, j.start()))
        if hedges_or_denies(response[begin:b.end]):
            continue
        side = 1 if j.group("judge").lower() == "high" else -1
        if (a.value > b.value) != (side > 0):
            text = response[j.start():b.end]
            yield finding(checker, j.start(), b.end, text, f"{j.group('judge').lower()}: {a.text} against {b.text}",
                          f'The answer calls {a.text} {j.group("judge").lower()} against {b.text} '
                          f'("{quote_for_message(text, 80)}"), but it is {"lower" if side > 0 else "higher"}.')
