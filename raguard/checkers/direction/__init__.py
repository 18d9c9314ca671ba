"""Direction checker: a change said to go one way between values that go the other.

"The balance rose from £214,380 to £207,327": both figures may be the documents', and the
numbers checker finds them; the verb says the opposite of what they do. A model restating a
change swaps its direction word more easily than its figures, and a document often gives the
figures without the verb (a statement, a table), so the answer is read against itself.

Its readings, each flagged ``contradicted_claim``, one module each:

- :mod:`~raguard.checkers.direction.order`: events set in an order ("X before Y") against their
  times, and a time bound ("before 8 pm", "since 1 May", "by Friday") the documents set the
  other way;
- :mod:`~raguard.checkers.direction.differences`: a difference said with a side ("9% more")
  against the documents' or its two values';
- :mod:`~raguard.checkers.direction.comparisons`: a value a comparison sets on the wrong side of
  another, a range or a bound ("0.31%, below the 0.25% limit");
- :mod:`~raguard.checkers.direction.judged`: a value called high or low against another ("low at
  402 against an upper limit of 400");
- :mod:`~raguard.checkers.direction.changes`: a change "from A to B" said to go up or down the
  other way ("rose from 96 to 91").

What they share (the finding, values of one kind, document sentences that place a span's words)
is in :mod:`~raguard.checkers.direction._common`.
"""

from __future__ import annotations

from typing import Iterator

from raguard.checkers.base import CheckContext, Finding
from raguard.checkers.direction.changes import changes
from raguard.checkers.direction.comparisons import compared
from raguard.checkers.direction.differences import differences
from raguard.checkers.direction.judged import judged
from raguard.checkers.direction.order import ordered
from raguard.models import CONTRADICTED_CLAIM

__all__ = ["DirectionChecker"]


class DirectionChecker:
    """Runs the readings in turn: order, differences, then (two values at least) comparisons,
    judged values and changes."""

    name = "direction"
    warning_type = CONTRADICTED_CLAIM
    default_severity = "high"
    provides = ("direction",)

    def check(self, ctx: CheckContext) -> Iterator[Finding]:
        yield from ordered(self, ctx)
        numbers = [n for n in ctx.numbers if not n.ordinal]
        yield from differences(self, ctx, numbers)
        if len(numbers) < 2:
            return
        yield from compared(self, ctx, numbers)
        yield from judged(self, ctx, numbers)
        yield from changes(self, ctx, numbers)
