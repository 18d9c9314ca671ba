"""Dates checker: every date the answer states must be supported by a date in one document.

Forms read: ISO and numeric dates (with slashes the first number is the month, with dots the
day; a first number over 12 is always the day; a document whose slashed dates cannot tell
supports either reading), also tokenized ("2026 - 10 - 21", "08 / 2027"), month names, quarters
("Q3 2024"), decades, bare years (also "post-2008", "mid-2027") and weekdays; ranges ("Oct.
14-15, 2024", "21 to 25 December") state two dates. The notations logs, tickets and aviation
messages print are read too ("Thu Sep 17 16:48:02 2026", "06/Nov/26", "[17/Sep/2026:16:48:02
+0000]", "20260917T164802Z", "2026-W38-4", a NOTAM's "B) 2612140700", a signal's "171648Z SEP 26"). Each mention keeps only the
components it states, so "2024-09-30", "30 Sep 2024" and "9/30/2024" are one date.

A less specific claim is supported by a more specific document date ("September 2024" by
"September 30, 2024"; "the 1990s" by "1994"; "Monday" by a date that fell on a Monday), never the
reverse. A document year told relative to another in its sentence counts too ("in 2024, up 0.8%
from the previous year" states 2023). An unsupported date's warning names the nearest document
date, of the same kind when there is one. A month and its year given apart support the two
together ("on 12 May last year" and, elsewhere, 2021 support "May 2021"), unless the document
also gives that month with another year. A document's dates in other languages and layouts
support an answer's too ("3 februari 2025", "Sa 11.10.", "14-01-2026", "Jun-Sep 1932", a
calendar's "23  Sat" under "AUGUST 2025": :mod:`raguard.normalize.doc_dates`). A yearless date is
read in the year the document gives too ("02/16" under "BATCH 2026-02-07": Monday 16 February
2026), for an answer's date that states its day and month, not for a weekday alone. Weekdays are
skipped with the option ``check_weekdays=False``.

A date no document gives that is some days, working days, weeks or months from a date the answer
gives, by an offset the answer writes beside it ("within 14 days of 2 November ... by 16
November"), is raised
as ``computed_value`` (medium, not gating) with that arithmetic (:mod:`raguard.checkers.computed`).

A thread writes a day alone where its month is clear from elsewhere ("ends March 13 ... by the
11th", "Dr Ahmed can see him Thursday 26th"): such a day supports an answer's date of that day
in a month the documents give in a date of their own (a weekday beside it must fall on it); and
a day and month slashed without a year ("Move-in 10/15") is a date in a document beside one that
writes its full dates with slashes. A weekday or a day said alone after a message's or a letter's
date ("28 Apr 19:14 ... lost it on sat, can you come before the 3rd?") is told from that date:
the coming or the last such weekday within a week, the next such day of a month. A day and month
one document gives without a year are read in a year another document states ("the 18th of
October" in a transcript beside a log dated "27 Sep 2025").
"""

from __future__ import annotations

import re
from datetime import date, timedelta
from typing import Iterator, Optional

from pydantic import Field

from raguard.checkers.base import CheckContext, Finding
from raguard.checkers.settings import CheckerConfig
from raguard.checkers.computed import computations
from raguard.models import COMPUTED_VALUE, UNSUPPORTED_DATE
from raguard.normalize.dates import (
    PLACED, SPELLED_DAYS, DateMention, DateValue, closeness, day_months, day_ordinals, stated_years, supported_apart, supports,
    weekday_slashed, writes_slashed_dates, year_of_weekday,
)


class DatesConfig(CheckerConfig):
    """Options of the dates checker."""

    #: check weekdays ("on Monday") against the documents' dates too
    check_weekdays: bool = Field(default=True, description="a bool")


class DatesChecker:
    name = "dates"
    warning_type = UNSUPPORTED_DATE
    default_severity = "high"
    provides = ("date",)
    Config = DatesConfig

    def __init__(self, config: Optional[DatesConfig] = None) -> None:
        self.config = config or DatesConfig()

    def check(self, ctx: CheckContext) -> Iterator[Finding]:
        for mention in ctx.dates:
            if mention.form == "weekday" and not self.config.check_weekdays:
                continue
            yield self._check_one(ctx, mention)

    def _check_one(self, ctx: CheckContext, mention: DateMention) -> Finding:
        claim = mention.value
        finding = Finding(
            kind="date",
            warning_type=self.warning_type,
            start=mention.start,
            end=mention.end,
            text=mention.text,
            supported=False,
            value=claim.canonical(),
            checker=self.name,
        )
        candidates = None
        maps = ctx.documents.maps
        if maps is not None and claim.year is not None:
            # support needs a document date in the claim's year (or, for a bare year, that number)
            candidates = set(maps.date_year_docs.get(claim.year, ()))
            if mention.form == "year":
                candidates.update(maps.number_value_docs.get(claim.year, ()))
        for doc_index, index in ctx.documents.among(candidates):
            for doc_date in index.dates:
                if doc_date.form == PLACED and (claim.day is None or claim.month is None):
                    continue  # a weekday the reader gave a yearless date supports only that day's
                if supports(doc_date.value, claim):
                    finding.supported = True
                    finding.evidence = (doc_index, doc_date.start, doc_date.end)
                    finding.source = "document"
                    return finding
            if mention.form == "year":
                # a bare year also matches the same four digits used as a plain number ("2,019 units" does not)
                for number in index.numbers:
                    if number.value == claim.year and not number.unit and number.text.isdigit():
                        finding.supported = True
                        finding.evidence = (doc_index, number.start, number.end)
                        finding.source = "document"
                        return finding
            apart = supported_apart(index.dates, claim)
            if apart is not None:  # "12 May" here and 2021 there for "May 2021"
                finding.supported = True
                finding.evidence = (doc_index, apart.start, apart.end)
                finding.source = "document"
                return finding
            if mention.form in ("month_alone", "weekday"):
                # lower-cased chunks ("in june") hide a bare month from the extractor
                span = index.tokens.find_span([mention.text.lower()])
                if span is not None:
                    finding.supported = True
                    finding.evidence = (doc_index, span[0], span[1])
                    finding.source = "document"
                    return finding
        if claim.year is not None and claim.month is not None and claim.weekday is None and len(ctx.documents) > 1:
            across = _apart_across(ctx, claim)
            if across is not None:  # a transcript's "the 18th of October" beside a log of "27 Sep 2025"
                finding.supported = True
                finding.evidence = across
                finding.source = "document"
                return finding
        if claim.day is not None and claim.month is not None and claim.year is not None and claim.weekday is None:
            # "28 February 2026" for a chat's "Sat 28 Feb": the weekday tells the year (near one
            # a document states), whichever document states that year
            years = {y for _, index in ctx.documents for y in stated_years(index.dates)}
            for doc_index, index in ctx.documents:
                pinned = year_of_weekday(index.dates, claim, years)
                if pinned is not None:
                    finding.supported = True
                    finding.evidence = (doc_index, pinned.start, pinned.end)
                    finding.source = "document"
                    return finding
        if claim.day is None and claim.month is not None and claim.year is not None and 2000 <= claim.year < 2100:
            short = _short_month_year(ctx, claim.month, claim.year)
            if short is not None:  # "expires in September 2028" for a card's "exp 09/28"
                finding.supported = True
                finding.evidence = short
                finding.source = "document"
                return finding
        if claim.day is not None and claim.month is not None and mention.form != PLACED:
            alone = (_day_alone(ctx, claim) or _slashed_beside(ctx, claim) or _weekday_slashed(ctx, claim)
                     or _weekday_told(ctx, claim) or _weekday_in_stated_year(ctx, claim))
            if alone is not None:  # "11 March" for a thread's "by the 11th" beside "ends March 13"
                finding.supported = True
                finding.evidence = alone
                finding.source = "document"
                return finding
        if claim.day is not None and claim.month is not None and claim.year is not None:
            dotted = _dotted_short_year(ctx, claim)
            if dotted is not None:  # "3 March 1916" for a service record's "Posted 2nd Bn 3.3.16"
                finding.supported = True
                finding.evidence = dotted
                finding.source = "document"
                return finding
        if ctx.trust_query:
            for q in ctx.query_dates:
                if supports(q.value, claim):
                    finding.supported = True
                    finding.source = "query"
                    return finding
            if claim.day is not None and claim.month is not None and _asked_day(ctx, claim):
                finding.supported = True  # the user's "found it on 6/22", "travel on the 10th"
                finding.source = "query"
                return finding
        computed = computations(ctx).explain_date(mention)
        if computed is not None:  # "by 16 November" for "within 14 days" of a 2 November notice
            finding.warning_type = COMPUTED_VALUE
            finding.suggestion = (f'"{mention.text}" is not in the retrieved documents, but is {computed}: '
                                  f'check the date arithmetic.')
            return finding
        nearest = _nearest(ctx, mention)
        finding.nearest_value = nearest
        hint = f" The documents give {nearest}." if nearest else " The documents give no date."
        finding.suggestion = f'"{mention.text}" not found in retrieved documents.{hint}'
        return finding


def _apart_across(ctx: CheckContext, claim: DateValue) -> Optional[tuple[int, int, int]]:
    """(document, start, end) of a date without a year in one document that, with the year
    another states, supports ``claim`` (:func:`~raguard.normalize.dates.supported_apart`, over the
    retrieval's documents read as one: a meeting's "the 18th of October" beside its log dated
    "27 Sep 2025"); not where any document gives that month with another year."""
    everything = [d for _, index in ctx.documents for d in index.dates]
    found = supported_apart(everything, claim)
    if found is None:
        return None
    for doc_index, index in ctx.documents:
        if any(d is found for d in index.dates):
            return doc_index, found.start, found.end
    return None


#: The most years the documents may state for a yearless day to be given the weekday of one.
_WEEKDAY_YEARS = 2


def _weekday_in_stated_year(ctx: CheckContext, claim: DateValue) -> Optional[tuple[int, int, int]]:
    """(document, start, end) of a day and month a document gives without a year ("24/04 16:02"
    in a shop's text) that falls on the claim's weekday ("Thursday 24 April") in a year another
    document states (the job card's "22/04/25"): the answer tells the weekday of a date the
    documents give, as it may. Only where the documents state one or two years (else one of
    them would fit by chance), and in the claim's year if it gives one."""
    if claim.weekday is None or claim.day is None or claim.month is None:
        return None
    years = {y for _, index in ctx.documents for y in stated_years(index.dates)}
    if claim.year is not None:
        years &= {claim.year}
    if not years or len(years) > _WEEKDAY_YEARS:
        return None
    for doc_index, index in ctx.documents:
        for d in index.dates:
            value = d.value
            if value.year is None and d.form != PLACED and (value.month, value.day) == (claim.month, claim.day) \
                    and any(_weekday_of(y, claim.month, claim.day) == claim.weekday for y in years):
                return doc_index, d.start, d.end
    return None


def _dotted_short_year(ctx: CheckContext, claim: DateValue) -> Optional[tuple[int, int, int]]:
    """(document, start, end) of the claim's day, month and year dotted with two digits for the
    year ("3.3.16", "03.03.16"), as service records and forms write them, in whichever century:
    the reader gives such a year one ("3.3.16" is read in 2016), but a record of 1916 writes it
    the same way, and the answer that reads it so tells the century from the rest of it."""
    assert claim.day is not None and claim.month is not None and claim.year is not None
    yy = f".{claim.year % 100:02d}"
    pattern = None
    for doc_index, index in ctx.documents:
        if yy not in index.text:
            continue
        if pattern is None:
            pattern = re.compile(rf"(?<![\w.,])0?{claim.day}\.0?{claim.month}\{yy}(?!\w|[.,]\d)")
        m = pattern.search(index.text)
        if m is not None:
            return doc_index, m.start(), m.end()
    return None


def _short_month_year(ctx: CheckContext, month: int, year: int) -> Optional[tuple[int, int, int]]:
    """(document, start, end) of a month and year written as two pairs of digits, "09/28" (a
    card's expiry, a bond's maturity), for an answer's month and year that nothing else supports;
    not read as a date otherwise ("09/28" is also the 28th of September, "3/25" a fraction)."""
    pattern = re.compile(rf"(?<![\w/.,:-])0?{month}/{year % 100:02d}(?![\w/]|[.,:]\d)")
    for doc_index, index in ctx.documents:
        if "/" in index.text:
            m = pattern.search(index.text)
            if m is not None:
                return doc_index, m.start(), m.end()
    return None


def _day_alone(ctx: CheckContext, claim: DateValue) -> Optional[tuple[int, int, int]]:
    """(document, start, end) of the claim's day written alone ("by the 11th", "Thursday 26th":
    :func:`raguard.normalize.dates.day_ordinals`) where the documents give the claim's month,
    and its year if it states one, in a date of their own; a weekday written with the day must
    fall on it in one of the years they give that month (or be the claim's, when none is given)."""
    years, month = _given_months(ctx), claim.month
    if month is None or not _month_given(years, claim):
        return None
    for doc_index, index in ctx.documents:
        if not any(ch.isdigit() for ch in index.text):
            continue
        for start, end, day, weekday in day_ordinals(index.text):
            if day != claim.day:
                continue
            if weekday is not None:
                known = {claim.year} if claim.year is not None else years[month]
                if known:
                    if not any(_weekday_of(year, month, day) == weekday for year in known):
                        continue
                elif claim.weekday is not None and claim.weekday != weekday:
                    continue
            return doc_index, start, end
    return None


def _asked_day(ctx: CheckContext, claim: DateValue) -> bool:
    """Does the question give the claim's day as a user writes it: a day and month slashed
    after a word that places it ("found it on 6/22"), or its day alone ("on the 10th") in a
    month the documents give?"""
    if "/" in ctx.query and any(supports(d.value, claim) for d in ctx.query_index.derive(day_months)):
        return True
    days = ctx.query_index.derive(day_ordinals)
    return any(day == claim.day for _, _, day, _ in days) and _month_given(_given_months(ctx), claim)


def _given_months(ctx: CheckContext) -> dict[int, set[int]]:
    """The months the documents give in a date of their own, each with the years given with it."""
    years: dict[int, set[int]] = {}
    for _, index in ctx.documents:
        for d in index.dates:
            if d.value.month is not None:
                given = years.setdefault(d.value.month, set())
                if d.value.year is not None:
                    given.add(d.value.year)
    return years


def _month_given(years: dict[int, set[int]], claim: DateValue) -> bool:
    """Do the documents (``years``: :func:`_given_months`) give the claim's month, and its year
    if it states one?"""
    return claim.month in years and (claim.year is None or claim.year in years[claim.month])


def _slashed_beside(ctx: CheckContext, claim: DateValue) -> Optional[tuple[int, int, int]]:
    """(document, start, end) of the claim's day and month slashed without a year ("Move-in
    10/15") in a document beside one that writes its full dates with slashes ("Date:
    10/02/2025"): the retrieval's layout says what its slashed numbers are (read in a document
    of its own by :attr:`raguard.documents.DocumentIndex.dates`)."""
    indexes = list(ctx.documents)
    if len(indexes) < 2 or not any(writes_slashed_dates(index.text) for _, index in indexes):
        return None
    for doc_index, index in indexes:
        if "/" not in index.text or writes_slashed_dates(index.text):
            continue
        for d in day_months(index.text, slashed_elsewhere=True):
            if supports(d.value, claim):
                return doc_index, d.start, d.end
    return None


def _weekday_slashed(ctx: CheckContext, claim: DateValue) -> Optional[tuple[int, int, int]]:
    """(document, start, end) of the claim's day and month slashed after a weekday without a year
    ("Ready: Thur 12/6" for "Thursday 12 June"), the weekday falling on the claim's date in its
    year, in one the documents give its month, or else in one they give (it tells the day from
    the month)."""
    years: Optional[dict[int, set[int]]] = None
    for doc_index, index in ctx.documents:
        if "/" not in index.text:
            continue
        for start, end, first, second, weekday in weekday_slashed(index.text):
            if (claim.day, claim.month) not in ((first, second), (second, first)):
                continue
            if years is None:
                years = _given_months(ctx)
            # (the claim's year, else the years the documents give its month, else any they give)
            known = ({claim.year} if claim.year is not None
                     else years.get(claim.month or 0) or set().union(*years.values()))
            if any(_weekday_of(year, claim.month or 0, claim.day or 0) == weekday for year in known):
                return doc_index, start, end
    return None


#: How far before a weekday said alone the date it is told from may stand (a message's stamp, a
#: letter's date line), in characters.
_TOLD_REACH = 800
#: The last word of each spelling of a day's ordinal, by day ("twenty-first": "first").
_SPELLED_ENDS: dict[int, frozenset[str]] = {
    day: frozenset(re.split(r"[ -]", w)[-1] for w, d in SPELLED_DAYS.items() if d == day) for day in range(1, 32)}
#: How near another weekday stands to one of a range or a list ("Mon–Thu", "Monday to Friday").
_LIST_REACH = 14


def _weekday_told(ctx: CheckContext, claim: DateValue) -> Optional[tuple[int, int, int]]:
    """(document, start, end) of a day told from the date of the message or letter just before it
    ("[10/02/26, 09:40]", a chat's "28 Apr 19:14"), within :data:`_TOLD_REACH`: a weekday said
    alone ("I can fix it Thursday", "lost it on sat"), the coming such day or the last one, within
    a week of that date; or a day said alone ("before the show on the 3rd"), its next such day
    (the 3rd of the next month, after a 28 April). A date without a year is read in the years the
    documents state (not the claim's: that would take its year for given)."""
    if claim.day is None or claim.month is None:
        return None
    years: Optional[set[int]] = None
    # a day told from a date falls within a month of it: a document with no date of the claim's
    # month or the one before or after it tells none (one pass, before any sort or scan)
    months = {claim.month, 12 if claim.month == 1 else claim.month - 1, 1 if claim.month == 12 else claim.month + 1}
    for doc_index, index in ctx.documents:
        if not any(d.value.month in months and d.value.day is not None for d in index.dates):
            continue
        dated: list[DateValue] = []  # (the readings of the last date: "10/02/26" may be either)
        dated_at = -1
        mentions = sorted(index.dates, key=lambda d: d.start)
        weekdays = [d.start for d in mentions if d.value.weekday is not None and d.value.day is None]
        # (a weekday that opens or sits in a date, "Friday 12 June 2026", is that date's)
        in_dates = [(d.start, d.end) for d in mentions if d.value.day is not None]
        told: list[tuple[int, int, Optional[int], Optional[int]]] = [  # (start, end, weekday, day)
            (d.start, d.end, d.value.weekday, None) for d in mentions
            if (d.value.weekday is not None and d.value.day is None and d.value.month is None
                and not d.text.lower().endswith("days")
                and not any(0 < abs(w - d.start) <= _LIST_REACH for w in weekdays)
                and not any(a <= d.start < b for a, b in in_dates))]
        # (one day, said alone: not "Mondays", nor a range or list of days, "Mon-Fri", "Monday to
        # Thursday", "Tue, Thu")
        # (an ordinal of the claim's day holds its digits, or its spelled word: "the seventeenth")
        spelled = _SPELLED_ENDS.get(claim.day, frozenset())
        if str(claim.day) in index.text or not spelled.isdisjoint(index.tokens.norms):
            told += [(start, end, None, day) for start, end, day, weekday in day_ordinals(index.text)
                     if weekday is None and day == claim.day]
        if not told:
            continue
        told.sort(key=lambda t: t[0])
        k = 0
        for d in mentions:
            value = d.value
            if value.month is None or value.day is None or d.form == PLACED:
                continue
            while k < len(told) and told[k][0] < d.start:
                k += 1
            if d.start != dated_at:
                dated, dated_at = [], d.start
            dated.append(value)
            for start, end, weekday, day in told[k:]:
                if start - dated_at > _TOLD_REACH:
                    break
                if start < d.end:
                    continue
                if years is None:
                    years = {y for _, other in ctx.documents for y in stated_years(other.dates)}
                for v in dated:
                    for base in _dates_of(v, years):
                        if any((t.month, t.day) == (claim.month, claim.day) and claim.year in (None, t.year)
                               and claim.weekday in (None, t.weekday()) for t in _told_days(base, weekday, day)):
                            return doc_index, start, end
    return None


def _dates_of(value: DateValue, years: set[int]) -> Iterator[date]:
    """The calendar dates a document date may be: in its own year, else in each of ``years``."""
    for year in ((value.year,) if value.year is not None else sorted(years)):
        try:
            yield date(year, value.month or 0, value.day or 0)
        except ValueError:
            continue


def _told_days(base: date, weekday: Optional[int], day: Optional[int]) -> list[date]:
    """The days a weekday or a day of the month said after the date ``base`` may be: the coming
    and the last such weekday (within a week), or the next such day of a month."""
    if weekday is not None:
        ahead = (weekday - base.weekday()) % 7 or 7
        return [base + timedelta(days=ahead), base - timedelta(days=7 - ahead)]
    if day is None:
        return []
    year, month = base.year, base.month
    if day < base.day:
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    try:
        return [date(year, month, day)]
    except ValueError:
        return []


def _weekday_of(year: int, month: int, day: int) -> Optional[int]:
    """The weekday (Monday 0) of a date, None for no such date (a 30 February)."""
    try:
        return date(year, month, day).weekday()
    except ValueError:
        return None


def _nearest(ctx: CheckContext, mention: DateMention) -> str | None:
    """The document date closest to the claim, preferring those that state its leading
    component (a year for a year, a month for a month...), so a retry prompt gets a date of the
    same kind when the documents have one."""
    claim = mention.value
    lead = None
    for attr in ("year", "decade", "month", "quarter", "weekday"):
        if getattr(claim, attr) is not None:
            lead = attr
            break
    best = None
    best_key = (True, float("inf"))
    for _, index in ctx.documents:
        for doc_date in index.dates:
            if doc_date.form == "weekday" and mention.form != "weekday":
                continue
            # derived() fills in only the quarter and the weekday
            derived = doc_date.value.derived() if lead in ("quarter", "weekday") else doc_date.value
            if lead in ("year", "decade"):
                off_kind = derived.year is None and derived.decade is None
            else:
                off_kind = lead is not None and getattr(derived, lead) is None
            key = (off_kind, closeness(doc_date.value, claim))
            if key < best_key:
                best, best_key = doc_date, key
    return best.text if best is not None else None
