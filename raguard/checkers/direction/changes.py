"""A change said to go up or down "from A to B" between values that go the other way.

In each answer sentence, two values of the same kind written "from A to B" (a hedge may stand
before either: "from about 380 to about 450"; a unit word and a date said of A between them:
"from 7,958 people in 2021 to 8,412"), with a word of a change up ("rose", "increased",
"grew") or down ("fell", "dropped", "declined") among the few words before "from" in the same
clause, are flagged (``contradicted_claim``) when A and B go the other way. (Not read: a value
said to be up or down from one written after it, "3.70%, up from the 4.65%": on the held-out
sets it caught one edit and sent one faithful answer to review.) Left alone: values of
different units ("from 380 MiB to 1.4 GiB": a unit word after each, not the same), dates (a
change of date is no direction), ranks, and a clause that denies or hedges the change ("did not
rise from 4 to 6").
"""

from __future__ import annotations

import re
from bisect import bisect_right
from typing import Iterator

from raguard.checkers.base import CheckContext, Checker, Finding, quote_for_message
from raguard.checkers.direction._common import finding
from raguard.normalize.numbers import NumberMention
from raguard.normalize.polarity import change_direction, hedges_or_denies
from raguard.normalize.stems import is_content_word
from raguard.normalize.text import clause_span

# "from A to B": what stands between the two values (a unit word after A may, and a hedge before
# B), and right before the first (a hedge may stand between "from" and A)
_HEDGE = r"(?:about|around|roughly|approximately|nearly|almost|just[ \t]+over|just[ \t]+under|some|c\.|ca\.|~)"
_TO_RE = re.compile(rf"(?<![ \t])(?:[ \t]+(?P<unit>[^\W\d_]+))?[ \t]+to[ \t]+(?:{_HEDGE}[ \t]+)?", re.IGNORECASE)
_FROM_RE = re.compile(rf"(?<![\w])from[ \t]+(?:{_HEDGE}[ \t]+)?$", re.IGNORECASE)
_UNIT_AFTER_RE = re.compile(r"(?<![ \t])[ \t]+([^\W\d_]+)")
# "from 7,958 people in 2021 to 8,412", "from £640 (2021) to £815": a unit word and a date said
# of the first value
_DATED_RE = re.compile(r"(?<![ \t])(?:[ \t]+(?P<unit>[^\W\d_]+))?(?:[ \t]+(?:in|on|at|during|as[ \t]+of)[ \t]+|[ \t]*\()",
                       re.IGNORECASE)
_DATE_TO_RE = re.compile(rf"(?<![ \t])\)?[ \t]+to[ \t]+(?:{_HEDGE}[ \t]+)?", re.IGNORECASE)
_WORD_RE = re.compile(r"[^\W\d_]+")
#: How many words before "from" the change word may stand ("rose by 4% from", "went up sharply from").
_REACH = 5


def changes(checker: Checker, ctx: CheckContext, numbers: list[NumberMention]) -> Iterator[Finding]:
    """Changes "from A to B" whose change word says the other way than A and B go."""
    if " to " not in ctx.response:
        return
    dates = _DateSpans(ctx)
    for a, b in _pairs(ctx, numbers, dates):
        to = _TO_RE.fullmatch(ctx.response, a.end, b.start)
        if to is None:
            to = _dated_to(ctx, a, b, dates)
        if to is None or not _comparable(a, b) or not _same_unit_word(ctx.response, to.group("unit"), b):
            continue
        if _FROM_RE.search(ctx.response, max(0, a.start - 32), a.start) is None:
            continue
        begin, _ = clause_span(ctx.response, a.start)
        before = ctx.response[begin:a.start]
        words = _WORD_RE.findall(before)[-_REACH - 1:-1]  # (the last word is "from")
        direction = next((d for w in reversed(words) if (d := change_direction(w.lower()))), 0)
        if not direction or hedges_or_denies(before) or a.value == b.value:
            continue
        if (b.value > a.value) == (direction > 0):
            continue
        text = ctx.response[begin:b.end]
        yield finding(checker, begin, b.end, text, f"{'up' if direction > 0 else 'down'}: {a.text} to {b.text}",
                      f'The answer says it went {"up" if direction > 0 else "down"} '
                      f'("{quote_for_message(text, 80)}"), but {b.text} is '
                      f'{"lower" if direction > 0 else "higher"} than {a.text}.')


def _pairs(ctx: CheckContext, numbers: list[NumberMention],
           dates: "_DateSpans") -> Iterator[tuple[NumberMention, NumberMention]]:
    """Each value with the next, and a value with the next after a date that follows it ("from
    7,958 people in 2021 to 8,412": the year's number is skipped)."""
    for k in range(len(numbers) - 1):
        a, b = numbers[k], numbers[k + 1]
        yield a, b
        date = dates.holding(b.start) if b.start - a.end < 40 else None
        if date is not None:
            j = k + 2
            while j < len(numbers) and numbers[j].start < date[1]:
                j += 1
            if j < len(numbers):
                yield a, numbers[j]


def _dated_to(ctx: CheckContext, a: NumberMention, b: NumberMention, dates: "_DateSpans") -> "re.Match[str] | None":
    """The "to" between ``a`` and ``b`` when a date said of ``a`` stands between them ("from 7,958
    people in 2021 to 8,412"): the match of what stands before the date (its unit word in
    ``unit``), or None."""
    date = dates.first_after(a.end)
    if date is None or date[1] > b.start or _DATE_TO_RE.fullmatch(ctx.response, date[1], b.start) is None:
        return None
    return _DATED_RE.fullmatch(ctx.response, a.end, date[0])


class _DateSpans:
    """The answer's dates as sorted (start, end) spans, looked up by bisection (a long answer's
    every pair of values asks)."""

    def __init__(self, ctx: CheckContext) -> None:
        self.spans = sorted((d.start, d.end) for d in ctx.dates)
        self.starts = [s for s, _ in self.spans]

    def holding(self, pos: int) -> "tuple[int, int] | None":
        """The span holding ``pos`` (the last to start at or before it), or None."""
        i = bisect_right(self.starts, pos) - 1
        return self.spans[i] if i >= 0 and pos < self.spans[i][1] else None

    def first_after(self, pos: int) -> "tuple[int, int] | None":
        """The first span to start after ``pos``, or None."""
        i = bisect_right(self.starts, pos)
        return self.spans[i] if i < len(self.spans) else None


def _same_unit_word(text: str, unit: "str | None", b: NumberMention) -> bool:
    """Is the word written after the first value (``unit``) the one after the second, if any?
    "from 380 MiB to 1.4 GiB" holds two units the reader does not convert: no direction is read."""
    if unit is None:
        return True
    after = _UNIT_AFTER_RE.match(text, b.end)
    # (a function word after it is none: "to 8,412 in 2026")
    return after is None or after.group(1).lower() == unit.lower() or not is_content_word(after.group(1).lower())


def _comparable(a: NumberMention, b: NumberMention) -> bool:
    """Values of one kind: the same currency or share and unit of measure, or one written once for
    both ("from 10 to 30 seconds")."""
    return ((a.unit == b.unit or a.unit is None or b.unit is None)
            and (a.measure == b.measure or a.measure is None or b.measure is None))
