"""Direction checker: a change said to go one way between values that go the other.

"The balance rose from £214,380 to £207,327": both figures may be the documents', and the
numbers checker finds them; the verb says the opposite of what they do. A model restating a
change swaps its direction word more easily than its figures, and a document often gives the
figures without the verb (a statement, a table), so the answer is read against itself.

In each answer sentence, two values of the same kind written "from A to B" (a hedge may stand
before either: "from about 380 to about 450"), with a word of a change up ("rose", "increased",
"grew") or down ("fell", "dropped", "declined") among the few words before "from" in the same
clause, are flagged (``contradicted_claim``) when A and B go the other way. Left alone: values of
different units ("from 380 MiB to 1.4 GiB": a unit word after each, not the same), dates (a
change of date is no direction), ranks, and a clause that denies or hedges the change ("did not
rise from 4 to 6").

The same holds of a value set beside another by a comparison: "A, above the B limit", "level A,
one below the target of B", "A is higher than B" (``above``/``over``/``higher than``/``more
than``... or ``below``/``under``/``lower than``/``less than``...), when A and B are of one kind
and unit and A does not stand where the comparison says. A must be set apart from the comparison
by a comma or a verb of being: "£20 more than the £131 bill" compares a difference, not £20.
"""

from __future__ import annotations

import re
from typing import Iterator

from raguard.checkers.base import CheckContext, Finding, quote_for_message
from raguard.models import CONTRADICTED_CLAIM
from raguard.normalize.numbers import NumberMention
from raguard.normalize.polarity import change_direction, hedges_or_denies
from raguard.normalize.spans import SpanIndex
from raguard.normalize.text import clause_span

# "from A to B": what stands between the two values (a unit word after A may, and a hedge before
# B), and right before the first (a hedge may stand between "from" and A)
_HEDGE = r"(?:about|around|roughly|approximately|nearly|almost|just[ \t]+over|just[ \t]+under|some|c\.|ca\.|~)"
_TO_RE = re.compile(rf"(?<![ \t])(?:[ \t]+(?P<unit>[^\W\d_]+))?[ \t]+to[ \t]+(?:{_HEDGE}[ \t]+)?", re.IGNORECASE)
_FROM_RE = re.compile(rf"(?<![\w])from[ \t]+(?:{_HEDGE}[ \t]+)?$", re.IGNORECASE)
_UNIT_AFTER_RE = re.compile(r"(?<![ \t])[ \t]+([^\W\d_]+)")
#: The words of a comparison and the side they put A on (+1: above B, -1: below B). A closed class.
_COMPARISONS = {"above": 1, "over": 1, "higher than": 1, "more than": 1, "greater than": 1, "larger than": 1,
                "below": -1, "under": -1, "lower than": -1, "less than": -1, "fewer than": -1, "smaller than": -1}
# between A and the comparison: a comma or a verb of being, perhaps a difference ("one", "3 points")
# and a degree word; after it, B as a determiner gives it ("the 0.20% limit", "his target of 7"):
# without one, "under 10" or "over 65" names a band ("29 are under 10"), no value A is set against
_COMPARED_RE = re.compile(  # ((?<![ \t]): a run of spaces is tried from its start only)
    r"(?<![ \t])(?:[ \t]+(?P<unit>[^\W\d_]+))??(?:,|[ \t]+(?:is|was|are|were|sits|stands|stood|came|comes))[ \t]+"
    r"(?:(?:well|just|slightly|far|comfortably|still|now)[ \t]+)?(?P<diff>[^\W_]+(?:[ \t]+(?:points?|percentage[ \t]+points?|pp))?[ \t]+)??"
    r"(?P<cmp>above|over|below|under|(?:higher|more|greater|larger|lower|less|fewer|smaller)[ \t]+than)"
    r"[ \t]+(?:the|a|an|his|her|its|their|our|your|this|that)(?:(?:[ \t]+[^\W\d_]+){1,2}[ \t]+of)?[ \t]+",
    re.IGNORECASE)
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
        if len(numbers) < 2:
            return
        yield from self._compared(ctx, numbers)
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
            yield self._finding(begin, b.end, text, f"{'up' if direction > 0 else 'down'}: {a.text} to {b.text}",
                                f'The answer says it went {"up" if direction > 0 else "down"} '
                                f'("{quote_for_message(text, 80)}"), but {b.text} is '
                                f'{"lower" if direction > 0 else "higher"} than {a.text}.')

    def _finding(self, start: int, end: int, text: str, value: str, suggestion: str) -> Finding:
        """An unsupported direction finding over ``text`` (the answer's clause from ``start``)."""
        return Finding(kind="direction", warning_type=self.warning_type, start=start, end=end, text=text,
                       supported=False, value=value, suggestion=suggestion, checker=self.name)

    def _compared(self, ctx: CheckContext, numbers: list[NumberMention]) -> Iterator[Finding]:
        """Values set beside one another by a comparison word that says the other way round."""
        response = ctx.response
        # (a name's number, "Layer 2", and a date's, "2025", are compared with nothing)
        taken: "SpanIndex | None" = None
        for k, a in enumerate(numbers[:-1]):
            for b in numbers[k + 1:k + 3]:  # (a difference may stand between: "6, one below 7")
                m = _COMPARED_RE.fullmatch(response, a.end, b.start)
                if m is None:
                    continue
                if taken is None:
                    taken = SpanIndex(list(ctx.named_number_spans) + [(d.start, d.end) for d in ctx.dates])
                if a.spelled or b.spelled or taken.overlaps(a.start, a.end) or taken.overlaps(b.start, b.end):
                    break
                if (a.unit != b.unit or a.measure != b.measure or a.value == b.value
                        or not _same_unit_word(response, m.group("unit"), b)):
                    break
                begin, _ = clause_span(response, a.start)
                begin += len(response[begin:a.start]) - len(response[begin:a.start].lstrip())
                if hedges_or_denies(response[begin:b.end]):
                    break
                side = _COMPARISONS[" ".join(m.group("cmp").lower().split())]
                if (a.value > b.value) != (side > 0):
                    text, cmp = response[begin:b.end], m.group("cmp").lower()
                    yield self._finding(begin, b.end, text, f"{a.text} {cmp} {b.text}",
                                        f'The answer puts {a.text} {cmp} {b.text} ("{quote_for_message(text, 80)}"), '
                                        f'but {a.text} is {"lower" if side > 0 else "higher"}.')
                break


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
