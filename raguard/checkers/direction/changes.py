"""A change said to go up or down "from A to B" between values that go the other way.

In each answer sentence, two values of the same kind written "from A to B" (a hedge may stand
before either: "from about 380 to about 450"), with a word of a change up ("rose", "increased",
"grew") or down ("fell", "dropped", "declined") among the few words before "from" in the same
clause, are flagged (``contradicted_claim``) when A and B go the other way. Left alone: values of
different units ("from 380 MiB to 1.4 GiB": a unit word after each, not the same), dates (a
change of date is no direction), ranks, and a clause that denies or hedges the change ("did not
rise from 4 to 6").
"""

from __future__ import annotations

import re
from typing import Iterator

from raguard.checkers.base import CheckContext, Checker, Finding, quote_for_message
from raguard.checkers.direction._common import finding
from raguard.normalize.numbers import NumberMention
from raguard.normalize.polarity import change_direction, hedges_or_denies
from raguard.normalize.text import clause_span

# "from A to B": what stands between the two values (a unit word after A may, and a hedge before
# B), and right before the first (a hedge may stand between "from" and A)
_HEDGE = r"(?:about|around|roughly|approximately|nearly|almost|just[ \t]+over|just[ \t]+under|some|c\.|ca\.|~)"
_TO_RE = re.compile(rf"(?<![ \t])(?:[ \t]+(?P<unit>[^\W\d_]+))?[ \t]+to[ \t]+(?:{_HEDGE}[ \t]+)?", re.IGNORECASE)
_FROM_RE = re.compile(rf"(?<![\w])from[ \t]+(?:{_HEDGE}[ \t]+)?$", re.IGNORECASE)
_UNIT_AFTER_RE = re.compile(r"(?<![ \t])[ \t]+([^\W\d_]+)")
_WORD_RE = re.compile(r"[^\W\d_]+")
#: How many words before "from" the change word may stand ("rose by 4% from", "went up sharply from").
_REACH = 5


def changes(checker: Checker, ctx: CheckContext, numbers: list[NumberMention]) -> Iterator[Finding]:
    """Changes "from A to B" whose change word says the other way than A and B go."""
    if " to " not in ctx.response:
        return
    for a, b in zip(numbers, numbers[1:]):
        to = _TO_RE.fullmatch(ctx.response, a.end, b.start)
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


def _same_unit_word(text: str, unit: "str | None", b: NumberMention) -> bool:
    """Is the word written after the first value (``unit``) the one after the second, if any?
    "from 380 MiB to 1.4 GiB" holds two units the reader does not convert: no direction is read."""
    if unit is None:
        return True
    after = _UNIT_AFTER_RE.match(text, b.end)
    return after is None or after.group(1).lower() == unit.lower()


def _comparable(a: NumberMention, b: NumberMention) -> bool:
    """Values of one kind: the same currency or share and unit of measure, or one written once for
    both ("from 10 to 30 seconds")."""
    return ((a.unit == b.unit or a.unit is None or b.unit is None)
            and (a.measure == b.measure or a.measure is None or b.measure is None))
