"""Computed values: a number or date the answer states that no document gives, but that is
arithmetic on values given beside it. A total ("€46.50 a night, €139.50 for three nights"), a
difference, a per-unit price, a share or a change in percent, a percentage of an amount ("50% of
the booked $435, about $217.50"), a multiple a word says ("£35, or double (£70)"), a time some
hours from another ("two hours either side of 17:22: 15:20 to 19:20"; "from 20 minutes before" a
6 am boarding: 5.40 am), a date some days after another ("within 14 days of 2 November: by 16
November"; "two working days before Wednesday 17 September: Monday 15 September", weekends skipped).

Such a value is not unsupported the way an invented one is: it is raised as
``computed_value``, **medium** (shown, not gating), with the values it can be derived from, so a
reader can check the arithmetic. Its operands are only the values the answer writes in its own
sentence and the two before it (each checked on its own: a changed operand is flagged itself),
an amount of its currency in the sentence after it for a sum or a difference (an answer may give
the result first: "Roughly £9.62. The app shows £10.38 has been used"), the values of the question
(the user's own figures: "3 nights, 4 people"), a document's rate of the amount's currency times
a quantity of what it is priced by among those values that a document or the question gives
("USD 14 / cbm" for "your 6.4 cbm"), and for a date the documents' dates; so a changed
value must happen to equal one of a few dozen results of a few nearby values to be taken for a
computed one (measured on the held-out sets' edits: see CHANGELOG).

Operations, each only between values of compatible kinds (a sum of two amounts of one currency
or unit; an amount times or divided by a bare count, or a price per unit of measure times a
quantity in it ("€4.10 per kg" of "1,021.96 kg"); a percentage of an amount; a share or
change between two values of one kind; the sum or difference of two bare values of three digits
or more, or with decimals: "from 7,958 to 8,412, an increase of 454", not "12 guests and 3 staff"), to the precision the answer writes its value with (half
its last digit; a hedged value, "about", within 2%, a hedged time within ten minutes).
"""

from __future__ import annotations

import calendar
import datetime as _dt
import re
from bisect import bisect_right
from typing import Callable, Iterable, Optional

from raguard.checkers.base import CheckContext
from raguard.normalize.dates import DateMention, DateValue
from raguard.normalize.measures import MEASURES, in_base_unit, same_dimension
from raguard.normalize.numbers import CLOCK_MEASURES, NumberMention, values_match
from raguard.normalize.spans import SpanIndex
from raguard.normalize.stems import stem

#: How many sentences before the value's own are read for its operands.
_SENTENCES_BEFORE = 2
#: How many of the answer's values, the nearest first, are operands (a long list is no sum).
_NEAREST = 10
#: The widest rounding, as a share of the value, a computed value may be written with.
_MAX_SLACK = 0.05
#: How many of the question's values are operands.
_QUERY_MAX = 6

_WRITTEN_DECIMALS_RE = re.compile(r"\d\.(\d+)")
# a count of months or years after a number ("six months' notice", "3 months"): the readers of
# measures take days and weeks, not these (a month has no fixed length)
_MONTHS_AFTER_RE = re.compile(r"[ \t-]*(months?|years?)\b", re.IGNORECASE)
# a count of working days after a number ("10 working days", "two business days"): weekends skipped
_WORKING_DAYS_AFTER_RE = re.compile(r"[ \t-]*((?:working|business|work)[ \t-]*days?|weekdays?)\b", re.IGNORECASE)

_DAYS = {"days": 1, "day": 1, "weeks": 7, "week": 7}
_HOURS = {"hours": 60, "hour": 60, "h": 60, "hrs": 60, "hr": 60, "minutes": 1, "minute": 1, "min": 1, "mins": 1}


# a span said as an offset, its unit and then the direction right after its figure: "30 minutes
# before", "2 hours later", "20 minutes early"
_OFFSET_RE = re.compile(r"(?:[ \t]*[A-Za-z]+)?[ \t]+(before|after|earlier|later|early|late)\b", re.IGNORECASE)
_OFFSET_SIGNS = {"before": -1, "earlier": -1, "early": -1, "after": 1, "later": 1, "late": 1}


def _offset_sign(text: str, end: int) -> Optional[int]:
    """-1 or 1 when the span whose figure ends at ``end`` is said as an offset back or forward
    ("30 minutes before"), else None."""
    m = _OFFSET_RE.match(text, end)
    return _OFFSET_SIGNS[m.group(1).lower()] if m is not None else None


def _half_digit(mention: NumberMention) -> float:
    """Half the last digit the answer writes ("150.06": 0.005, "240": 0.5)."""
    m = _WRITTEN_DECIMALS_RE.search(mention.text)
    return 0.5 * 10.0 ** -(len(m.group(1)) if m else 0)


def _fmt(n: NumberMention) -> str:
    return " ".join(n.text.split())


def _count(n: NumberMention) -> bool:
    """A bare whole number: a count the answer multiplies by ("three of them", "4 adults")."""
    return (n.unit is None and n.measure is None and not n.ordinal and float(n.value).is_integer()
            and 0 < n.value <= 1000)


# the unit an amount is priced by, right after it: "€4.10 per kg", "$3/lb", "£80 a tonne", perhaps
# after a lower-case word that says which ("£250 per finished hour", "$90 per billable hour")
_PER_UNIT_RE = re.compile(r"[ \t]{0,3}(?:per|/|an?)[ \t]{0,3}([A-Za-z]+)\b(?:[ \t]([a-z]+)\b)?")


def _per_unit(text: str, amount: NumberMention) -> Optional[str]:
    """The unit of measure ``amount`` is a price of ("per kg", "per finished hour"), or None."""
    return _priced_by(text, amount)[1]


def _per_word(text: str, amount: NumberMention) -> Optional[str]:
    """The word ``amount`` is a price of, lower-cased ("per kg", "/ cbm", "a night"; "hour" for
    "per finished hour"), or None."""
    word, unit = _priced_by(text, amount)
    return unit or word


def _priced_by(text: str, amount: NumberMention) -> tuple[Optional[str], Optional[str]]:
    """The word right after ``amount``'s "per" (lower-cased) and the unit of measure it is priced
    by, or None for each."""
    m = _PER_UNIT_RE.match(text, amount.end)
    if m is None:
        return None, None
    word = m.group(1).lower()
    if word in MEASURES:
        return word, word
    if m.group(1).islower() and m.group(2) in MEASURES:
        return word, m.group(2)
    return word, None


# the word a count counts, right after it ("3 nights", "6.4 cbm", "two people")
_COUNTED_RE = re.compile(r"[ \t]{0,3}([A-Za-z]+)\b")


def _counts_per(text: str, quantity: NumberMention, per: str) -> bool:
    """Is ``quantity`` a number of the things a rate is priced by ("3 nights" of "€46.50 a
    night", "6.4 cbm" of "USD 14 / cbm"), or a measure of their dimension ("3.5 hours" of "£42
    per hour", "90 minutes" of it)?"""
    if quantity.measure is not None:
        return (quantity.measure not in CLOCK_MEASURES and per in MEASURES
                and same_dimension(quantity.measure, per))
    if quantity.unit is not None or quantity.ordinal or quantity.value <= 0:
        return False
    m = _COUNTED_RE.match(text, quantity.end)
    word = m.group(1).lower() if m is not None else ""
    return bool(word) and (word == per or stem(word) == stem(per))


# a word that multiplies a value, right before the amount it gives ("or double (£70)", "half, £17.50")
_MULTIPLIER_BEFORE_RE = re.compile(r"\b(double|twice|triple|treble|half)[ \t(,:]{0,3}\Z", re.IGNORECASE)
_MULTIPLIERS = {"double": 2.0, "twice": 2.0, "triple": 3.0, "treble": 3.0, "half": 0.5}


def _multiplier_before(text: str, start: int) -> Optional[float]:
    """The factor a word right before the amount at ``start`` says it is of another ("double":
    2), or None."""
    m = _MULTIPLIER_BEFORE_RE.search(text, max(0, start - 12), start)
    return _MULTIPLIERS[m.group(1).lower()] if m is not None else None


def _same_kind(a: NumberMention, b: NumberMention) -> bool:
    return a.unit == b.unit and a.measure == b.measure


#: Does the numbers checker find a value in a document or the question (or derive it as it derives
#: values), computations aside? Passed in by the numbers checker (this module must not import it).
_Given = Callable[[CheckContext, NumberMention], bool]


class Computations:
    """The operands near each answer value, read once per review when first asked."""

    def __init__(self, ctx: CheckContext, given: Optional[_Given] = None) -> None:
        self._ctx = ctx
        self._given_by = given
        self._ready = False
        self._sentences: Optional[list[tuple[int, int]]] = None  # (read by _window when first asked)

    def _build(self) -> None:
        ctx = self._ctx
        dates = SpanIndex((d.start, d.end) for d in ctx.dates if d.form != "weekday")
        self._numbers = [n for n in ctx.numbers if not dates.overlaps(n.start, n.end) and not n.ordinal]
        self._query = [n for n in ctx.query_numbers if not n.ordinal][:_QUERY_MAX] if ctx.trust_query else []
        self._found: dict[int, bool] = {}
        self._chained: dict[int, bool] = {}
        self._ready = True

    def _window(self, start: int) -> Optional[tuple[int, int, int]]:
        """[start, end) of the sentence holding ``start`` and the ones before it, and the end of
        the sentence after it."""
        if self._sentences is None:
            self._sentences = list(self._ctx.sentences)
            self._sentence_starts = [s for s, _ in self._sentences]
        k = bisect_right(self._sentence_starts, start) - 1
        if k < 0 or start >= self._sentences[k][1]:
            return None
        return (self._sentences[max(0, k - _SENTENCES_BEFORE)][0], self._sentences[k][1],
                self._sentences[min(len(self._sentences) - 1, k + 1)][1])

    def _operands(self, mention: NumberMention, depth: int = 1) -> list[NumberMention]:
        """The values ``mention`` may be computed from: the answer's nearest in its window that a
        document or the question gives (or, at ``depth`` 1, that are computed from such values
        themselves: "€139.50 + €10.56" where each is a product of given values), a count it
        spells ("three of them"), and the question's values. Two invented values never explain
        each other."""
        window = self._window(mention.start)
        if window is None:
            return []
        near = [n for n in self._numbers if window[0] <= n.start < window[1] and n.start != mention.start]
        near.sort(key=lambda n: abs(n.start - mention.start))
        given = [n for n in near[:_NEAREST] if self._given(n, depth)]
        return given + self._query

    def _after(self, mention: NumberMention, depth: int) -> list[NumberMention]:
        """The amounts of ``mention``'s currency in the sentence after its own that a document
        or the question gives: the operands of a result the answer gives first."""
        window = self._window(mention.start)
        if window is None or mention.unit in (None, "%"):
            return []
        return [n for n in self._numbers if window[1] <= n.start < window[2] and _same_kind(n, mention)
                and self._given(n, depth)][:_NEAREST]

    def _given(self, n: NumberMention, depth: int) -> bool:
        if n.spelled:
            return True
        found = self._found.get(n.start)
        if found is None:
            found = self._found[n.start] = self._given_by is not None and self._given_by(self._ctx, n)
        if found:
            return True
        if depth <= 0:
            return False
        chained = self._chained.get(n.start)
        if chained is None:
            chained = self._chained[n.start] = self.explain_number(n, depth - 1) is not None
        return chained

    # -- numbers -----------------------------------------------------------------------------

    def explain_number(self, mention: NumberMention, depth: int = 1) -> Optional[str]:
        """How ``mention`` is computed from values beside it ("€46.50 × three"), or None. A value
        written with less than two significant digits ("1%", "5") is never taken for computed:
        half its last digit is a tenth of it or more, and most pairs of values give one."""
        if mention.spelled or mention.value == 0:
            return None
        if mention.measure not in CLOCK_MEASURES and max(_half_digit(mention), mention.precision) > _MAX_SLACK * abs(mention.value):
            return None
        if not self._ready:
            self._build()
        operands = self._operands(mention, depth)
        after = self._after(mention, depth) if mention.measure is None else []
        # (one operand is enough where a word says the multiple: "or double (£70)")
        factor = _multiplier_before(self._ctx.response, mention.start) if mention.unit not in (None, "%") else None
        if len(operands) + len(after) < 2 - (factor is not None) and mention.measure not in CLOCK_MEASURES:
            return self._at_document_rate(mention, operands) if operands else None
        if mention.measure in CLOCK_MEASURES:
            return self._clock(mention, operands)
        if mention.unit is None and mention.measure is None and not mention.ordinal:
            return self._bare_sum(mention, operands)
        if mention.unit is None or mention.unit == "%" or mention.measure is not None:
            # money only: totals, differences, discounts and per-unit prices are what answers
            # compute; a bare count or year is the sum of two small numbers by chance, a dose
            # or a length in a list of them some percentage of another ("80% ... 75 mg": 60
            # mg), and a share of two values the answer gives is read where it is (numbers.percentages)
            return None
        value = abs(mention.value)
        tol = max(_half_digit(mention), mention.precision)
        if mention.hedge:
            tol = max(tol, 0.02 * value)

        def near(x: float) -> bool:
            return abs(abs(x) - value) <= tol + 1e-9 * value

        carried = [n for n in operands if _same_kind(n, mention) and n.unit != "%" and n.measure not in CLOCK_MEASURES]
        # (a sum or a difference may take an amount from the sentence after: see _after)
        summed = carried + [n for n in after if all(n.start != c.start for c in carried)]
        counts = [n for n in operands if _count(n) and n.value > 1]
        percents = [n for n in operands if n.unit == "%" and 0 < n.value <= 100]
        if mention.unit == "%":
            kinds = [n for n in operands if n.unit != "%" and n.measure not in CLOCK_MEASURES and n.value]
            for i, a in enumerate(kinds):
                for b in kinds[i + 1:]:
                    if not _same_kind(a, b):
                        continue
                    for x, y in ((a, b), (b, a)):
                        if abs(x.value) < abs(y.value) and near(x.value / y.value * 100):
                            return f"{_fmt(x)} / {_fmt(y)}"
                        if near((y.value - x.value) / x.value * 100):
                            return f"the change from {_fmt(x)} to {_fmt(y)}"
            for i, a in enumerate(percents):
                for b in percents[i + 1:]:
                    if near(a.value + b.value):
                        return f"{_fmt(a)} + {_fmt(b)}"
                    if near(a.value - b.value):
                        return f"{_fmt(a)} - {_fmt(b)}"
            return None
        for i, a in enumerate(summed):
            for b in summed[i + 1:]:
                if near(a.value + b.value):
                    return f"{_fmt(a)} + {_fmt(b)}"
                if near(a.value - b.value):
                    return f"{_fmt(a)} - {_fmt(b)}" if abs(a.value) >= abs(b.value) else f"{_fmt(b)} - {_fmt(a)}"
        if factor is not None:  # "£35, or double (£70) if you're on the register"
            for a in carried:
                if near(a.value * factor):
                    return f"{_fmt(a)} × {factor:g}"
        for a in carried:
            for i, n in enumerate(counts):
                if n is a:
                    continue
                if near(a.value * n.value):
                    return f"{_fmt(a)} × {_fmt(n)}"
                if near(a.value / n.value) and n.value > 1:
                    return f"{_fmt(a)} / {_fmt(n)}"
                for m in counts[i + 1:]:
                    if m is not a and near(a.value * n.value * m.value):
                        return f"{_fmt(a)} × {_fmt(n)} × {_fmt(m)}"
            per = _per_unit(self._ctx.response, a)
            if per is not None:  # "€4.10 per kg" times "1,021.96 kg": €4,190
                for q in operands:
                    if q.measure is not None and q.measure not in CLOCK_MEASURES and same_dimension(q.measure, per):
                        if near(a.value * in_base_unit(q.value, q.measure) / in_base_unit(1.0, per)):
                            return f"{_fmt(a)} × {_fmt(q)} {q.measure}"
            for p in percents:
                share = p.value / 100
                if near(a.value * share):
                    return f"{_fmt(p)} of {_fmt(a)}"
                if near(a.value * (1 - share)):
                    return f"{_fmt(a)} less {_fmt(p)}"
                if near(a.value * (1 + share)):
                    return f"{_fmt(a)} plus {_fmt(p)}"
        return self._at_document_rate(mention, operands)

    def _at_document_rate(self, mention: NumberMention, operands: list[NumberMention]) -> Optional[str]:
        """An amount that is a document's rate of its currency ("USD 14 / cbm", "£42 per hour",
        "€46.50 a night") times a quantity of what the rate is priced by that the answer or the
        question gives beside it ("your 6.4 cbm", "for 3.5 hours", "3 nights"): an answer prices
        the user's own quantity at the document's rate, and need not write the rate."""
        if mention.unit in (None, "%") or mention.measure is not None:
            return None
        value, tol = abs(mention.value), max(_half_digit(mention), mention.precision)
        if mention.hedge:
            tol = max(tol, 0.02 * value)
        # (a quantity the documents or the question give: a count the answer only spells, "after
        # six months", would price "$200 per month" by chance)
        quantities = [q for q in operands if (q.measure is not None or (q.unit is None and q.value > 0))
                      and (any(q is n for n in self._query) or self._found.get(q.start, False))]
        if not quantities:
            return None
        response, query = self._ctx.response, self._ctx.query
        for rate, per in self._document_rates(mention):
            for q in quantities:
                text = query if any(q is n for n in self._query) else response
                if not _counts_per(text, q, per):
                    continue
                amount = rate.value * (in_base_unit(q.value, q.measure) / in_base_unit(1.0, per)
                                       if q.measure is not None else q.value)
                if abs(abs(amount) - value) <= tol + 1e-9 * value:
                    return f"{_fmt(rate)} per {per} × {_fmt(q)}"
        return None

    def _document_rates(self, mention: NumberMention) -> list[tuple[NumberMention, str]]:
        """The documents' amounts of ``mention``'s currency that are priced per something, with
        the word they are priced by (read once per review and currency)."""
        rates = self.__dict__.setdefault("_rates", {})
        found = rates.get(mention.unit)
        if found is None:
            found = rates[mention.unit] = [
                (n, per) for _, index in self._ctx.documents for n in index.numbers
                if n.unit == mention.unit and n.measure is None and n.value > 0
                and (per := _per_word(index.text, n)) is not None]
        return found

    def _bare_sum(self, mention: NumberMention, operands: list[NumberMention]) -> Optional[str]:
        """A bare number that is the sum or difference of two bare values beside it that are no
        small counts ("from 7,958 to 8,412, an increase of 454"; "74.9 against 82.2, a gap of 7.3"):
        each of three digits or more, or with decimals, so two small numbers do not explain it by chance."""
        value = abs(mention.value)
        tol = max(_half_digit(mention), mention.precision)

        def big(n: NumberMention) -> bool:
            return (n.unit is None and n.measure is None and not n.ordinal and not n.spelled
                    and (abs(n.value) >= 100 or not float(n.value).is_integer()) and not 1900 <= n.value <= 2100)

        pool = [n for n in operands if big(n)]
        for i, a in enumerate(pool):
            for b in pool[i + 1:]:
                if abs(abs(a.value - b.value) - value) <= tol + 1e-9 * value:
                    return f"{_fmt(a)} - {_fmt(b)}" if abs(a.value) >= abs(b.value) else f"{_fmt(b)} - {_fmt(a)}"
                if abs(a.value + b.value - value) <= tol + 1e-9 * value:
                    return f"{_fmt(a)} + {_fmt(b)}"
        return None

    def _clock(self, mention: NumberMention, operands: list[NumberMention]) -> Optional[str]:
        """A time of day some hours or minutes from another the answer gives ("two hours either
        side of 17:22": 15:20 and 19:20)."""
        clocks = [n for n in operands if n.measure in CLOCK_MEASURES]
        spans = [n for n in operands if n.measure in _HOURS]
        hedged = mention.hedge or any(n.hedge for n in spans)
        # (unhedged, a time moved by whole hours is another time some hours away by chance,
        # unless the answer says the span is an offset and a document gives the span: "valid
        # from 30 minutes before" for "Valid from 30 minutes before entry"; then the direction
        # it says, to the minute)
        offsets = {d.start: sign for d in spans if d not in self._query
                   and (sign := _offset_sign(self._ctx.response, d.end)) is not None
                   and any(values_match(d, n) for _, index in self._ctx.documents for n in index.numbers)}
        if not hedged and not offsets:
            return None
        for c in clocks:
            day = 720 if "clock12" in (c.measure, mention.measure) else 1440
            for d in spans:
                said = offsets.get(d.start) if d not in self._query else None
                if not hedged and said is None:
                    continue
                minutes = d.value * _HOURS[d.measure]  # type: ignore[index]
                for sign, word in ((1, "after"), (-1, "before")):
                    if not hedged and sign != said:
                        continue
                    gap = abs((c.value + sign * minutes) % day - mention.value % day)
                    if min(gap, day - gap) <= (10.0 if hedged else 0.5):
                        return f"{_fmt(d)} {d.measure} {word} {_fmt(c)}"
        return None

    # -- dates -------------------------------------------------------------------------------

    def explain_date(self, mention: DateMention) -> Optional[str]:
        """How a date is reached from another by days or weeks the answer gives ("within 14 days
        of" a document's 2 November: 16 November), or None. The offsets are the answer's own, in
        the date's sentence and the two before it; the base dates are the answer's and the
        documents'."""
        claim = mention.value
        if claim.day is None or claim.month is None:
            return None
        window = self._window(mention.start)
        if window is None:
            return None
        offsets = list(_offsets(self._ctx, (window[0], window[1])))
        if not offsets:
            return None
        bases: list[tuple[str, DateValue]] = [
            (d.text, d.value) for d in self._ctx.dates
            if d.start != mention.start and d.start < window[1] and d.value.day is not None and d.value.month is not None]
        for text, base in bases:
            year = base.year or claim.year or self._year_given(base)
            try:
                start = _dt.date(year or 2025, base.month, base.day)  # type: ignore[arg-type]
            except ValueError:
                continue
            for amount, unit, written in offsets:
                if unit == "workdays" and year is None:
                    continue  # (which days are weekends depends on the year)
                for sign in (1, -1):
                    reached = _shift(start, sign * amount, unit)
                    if reached is None or (reached.month, reached.day) != (claim.month, claim.day):
                        continue
                    if claim.year is not None and base.year is not None and reached.year != claim.year:
                        continue
                    return f"{written} {'after' if sign > 0 else 'before'} {' '.join(text.split())}"
        return None

    def _year_given(self, day: DateValue) -> Optional[int]:
        """The one year the documents give ``day``'s day and month in, or None."""
        years = {d.value.year for _, index in self._ctx.documents for d in index.dates
                 if (d.value.month, d.value.day) == (day.month, day.day) and d.value.year is not None}
        return years.pop() if len(years) == 1 else None


def _offsets(ctx: CheckContext, window: tuple[int, int]) -> Iterable[tuple[int, str, str]]:
    """(amount, "days", "workdays" or "months", text) of the durations the answer writes in
    ``window``."""
    response = ctx.response
    for n in ctx.numbers:
        if not window[0] <= n.start < window[1] or n.unit or not float(n.value).is_integer() or not 0 < n.value <= 400:
            continue
        if n.measure in _DAYS:
            yield int(n.value) * _DAYS[n.measure], "days", _fmt(n) + " " + n.measure
            continue
        if n.measure is None:
            m = _WORKING_DAYS_AFTER_RE.match(response, n.end)
            if m is not None:
                yield int(n.value), "workdays", _fmt(n) + " " + " ".join(m.group(1).split())
                continue
            m = _MONTHS_AFTER_RE.match(response, n.end)
            if m is not None and n.value <= 60:
                months = int(n.value) * (12 if m.group(1).lower().startswith("y") else 1)
                yield months, "months", _fmt(n) + " " + m.group(1)


def _shift(start: _dt.date, amount: int, unit: str) -> Optional[_dt.date]:
    if unit == "workdays":
        step, day = (1 if amount > 0 else -1), start
        try:
            for _ in range(abs(amount)):
                day += _dt.timedelta(days=step)
                while day.weekday() >= 5:  # (Saturday, Sunday)
                    day += _dt.timedelta(days=step)
        except OverflowError:
            return None
        return day
    if unit == "days":
        try:
            return start + _dt.timedelta(days=amount)
        except OverflowError:
            return None
    month = start.month - 1 + amount
    year, month = start.year + month // 12, month % 12 + 1
    if not 1 <= year <= 9999:
        return None
    return _dt.date(year, month, min(start.day, calendar.monthrange(year, month)[1]))


def computations(ctx: CheckContext, given: Optional[_Given] = None) -> Computations:
    """The review's :class:`Computations` (one per context, shared by the numbers and dates
    checkers). ``given`` tells an operand the documents or the question give: the numbers checker
    passes it; without it (the dates checker's dates) no number is an operand."""
    found = ctx.__dict__.get("_computations")
    if found is None:
        found = ctx.__dict__["_computations"] = Computations(ctx, given)
    elif given is not None and found._given_by is None:
        found._given_by = given
    return found
