"""Direction checker: a change said to go one way between values that go the other.

"The balance rose from £214,380 to £207,327": both figures may be the documents', and the
numbers checker finds them; the verb says the opposite of what they do. A model restating a
change swaps its direction word more easily than its figures, and a document often gives the
figures without the verb (a statement, a table), so the answer is read against itself.

In each answer sentence, two values of the same kind written "from A to B", with a word of a
change up ("rose", "increased", "grew") or down ("fell", "dropped", "declined") among the few
words before "from" in the same clause, are flagged (``contradicted_claim``) when A and B go the
other way. Left alone: values of different units, dates (a change of date is no direction),
ranks, and a clause that denies or hedges the change ("did not rise from 4 to 6").
"""

from __future__ import annotations

import re
from typing import Iterator

from raguard.checkers.base import CheckContext, Finding, quote_for_message
from raguard.models import CONTRADICTED_CLAIM
from raguard.normalize.numbers import NumberMention
from raguard.normalize.polarity import change_direction, hedges_or_denies
from raguard.normalize.text import clause_span

# "from A to B": what stands between the two values, and right before the first
_TO_RE = re.compile(r"(?<![ \t])[ \t]+to[ \t]+")
_FROM_RE = re.compile(r"(?<![\w])from[ \t]+$", re.IGNORECASE)
_WORD_RE = re.compile(r"[^\W\d_]+")
#: How many words before "from" the change word may stand ("rose by 4% from", "went up sharply from").
_REACH = 5


class DirectionChecker:
    name = "direction"
    warning_type = CONTRADICTED_CLAIM
    default_severity = "high"
    provides = ("direction",)

    def check(self, ctx: CheckContext) -> Iterator[Finding]:
        numbers = [n for n in ctx.numbers if not n.ordinal]
        if len(numbers) < 2 or " to " not in ctx.response:
            return
        for a, b in zip(numbers, numbers[1:]):
            if not _TO_RE.fullmatch(ctx.response, a.end, b.start) or not _comparable(a, b):
                continue
            if _FROM_RE.search(ctx.response, max(0, a.start - 8), a.start) is None:
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
            yield Finding(
                kind="direction", warning_type=self.warning_type, start=begin, end=b.end, text=text,
                supported=False, value=f"{'up' if direction > 0 else 'down'}: {a.text} to {b.text}",
                suggestion=(f'The answer says it went {"up" if direction > 0 else "down"} '
                            f'("{quote_for_message(text, 80)}"), but {b.text} is '
                            f'{"lower" if direction > 0 else "higher"} than {a.text}.'),
                checker=self.name,
            )


def _comparable(a: NumberMention, b: NumberMention) -> bool:
    """Values of one kind: the same currency or share and unit of measure, or one written once for
    both ("from 10 to 30 seconds")."""
    return ((a.unit == b.unit or a.unit is None or b.unit is None)
            and (a.measure == b.measure or a.measure is None or b.measure is None))
