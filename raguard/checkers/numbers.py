"""Numbers checker: every value the answer states must equal (or, when hedged, round) a value
in one document. A time of day ("7:55 PM", "19:55") is one value, in minutes after midnight.

Skipped: numbers inside dates (the dates checker owns them), numbers inside names ("Apollo 11",
checked by the entities checker), citation markers ("[1]"), numbered-list markers ("1. "), and
trivial counting words (``numbers.TRIVIAL_WORDS``:
spelled-out zero to ten, "first", "second", bare "hundred"/"thousand"/...). A counting word from
two to ten is checked only where the documents count the same thing ("five gold albums" against
"eight gold albums" and no "five": see :mod:`raguard.normalize.counts`).

Derived (supported, ``source="derived"``): a percentage that is the change between two values
of its sentence or the share of one in the other, and an amount of money or of a measure that
is the sum or the difference of two the answer gives beside it, or one of them times a count;
an amount its clause names a total that adds up parts and counts of its sentence; a length of
time between two times or dates it gives, or after a time it gives to a document's next one
("32 seconds later"); a count of years "old" or "ago" from a year it gives
(:class:`_Derivations`). A length written in two units ("3 hours 48 minutes") is read whole
against the documents' durations and timestamps.

Read at the answer's own rounding: an unhedged value written with fewer decimals than a document
value ("p = 0.41" for 0.412169), a time with a British dot ("8.30", "from 6.30 to 8.30 am") for
a document's clock time, cents ("the 70c bag") for "0.70", a percentage for a document's
fraction ("61%" for 0.6127).

Computed (``computed_value``, medium, not gating): an amount of money no document gives that is
arithmetic on the values beside it, named with its operands (:mod:`raguard.checkers.computed`).
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from datetime import date
from typing import Iterator, NamedTuple, Optional

from spacy.lang.en.stop_words import STOP_WORDS

from raguard.normalize.spans import SpanIndex
from raguard.checkers.base import CheckContext, Finding
from raguard.checkers.computed import computations as _computations
from raguard.models import COMPUTED_VALUE, UNSUPPORTED_NUMBER
from raguard.normalize.counts import COUNTING_WORDS, CountedNoun, counted_nouns
from raguard.normalize.measures import MEASURES, compound_measures, in_base_unit
from raguard.normalize.numbers import (CLOCK_MEASURES, HEDGE_ATLEAST, HEDGE_ATMOST, OTHER_CURRENCY_CODES,
                                       NumberMention, nearest, opposite_bound, values_match)


# "second-largest city": a ranking, worth checking even for a counting word
_RANKING_AFTER_RE = re.compile(
    r"[ \t-]*(?:largest|biggest|smallest|highest|lowest|most|least|best|worst|oldest|youngest|"
    r"longest|shortest|tallest|richest|busiest|fastest|place|ranked|seed)\b",
    re.IGNORECASE,
)


def _ranks(text: str, mention: NumberMention) -> bool:
    """Is the counting word a ranking ("second-largest", "third place"), and not the idiom "in
    the first place"?"""
    return (_RANKING_AFTER_RE.match(text, mention.end) is not None
            and not text[max(0, mention.start - 7):mention.start].lower() == "in the ")


class NumbersChecker:
    name = "numbers"
    warning_type = UNSUPPORTED_NUMBER
    default_severity = "high"
    provides = ("number",)

    def check(self, ctx: CheckContext) -> Iterator[Finding]:
        if not ctx.numbers:
            return  # (most short answers: no span below is read, the citations and list markers not found)
        # indexed: a scan of every span per number was quadratic in the claims
        date_spans = SpanIndex((d.start, d.end) for d in ctx.dates if d.form != "weekday")
        name_spans = SpanIndex(ctx.named_number_spans + ctx.citation_spans + ctx.list_marker_spans)
        counted = None
        derivations: Optional[_Derivations] = None
        names: Optional[_AnswerNames] = None
        slashed: Optional[_SlashedPairs] = None
        for mention in ctx.numbers:
            if mention.trivial and not _ranks(ctx.response, mention):
                if mention.text.lower() in COUNTING_WORDS:
                    if counted is None:
                        counted = {c.start: c for c in counted_nouns(ctx.response, spelled_only=True)}
                    finding = self._check_count(ctx, mention, counted.get(mention.start))
                    if finding is not None:
                        yield finding
                continue
            if date_spans.overlaps(mention.start, mention.end):
                continue
            if name_spans.holds(mention.start, mention.end):
                continue
            if derivations is None:
                derivations = _Derivations.of(ctx)  # (reads nothing until a percentage is unsupported)
                names = _AnswerNames(ctx.response)
                slashed = _SlashedPairs(ctx)
            yield self._check_one(ctx, mention, derivations, names, slashed)

    def _check_count(self, ctx: CheckContext, mention: NumberMention, counted: Optional[CountedNoun]) -> Optional[Finding]:
        """A counting word is checked only against the documents' counts of the same thing:
        flagged when they count it ("eight gold albums") and never with this number."""
        if counted is None:
            return None
        if ctx.trust_query and any(q.value == counted.value and q.key[:1] == counted.key[:1]
                                   for q in counted_nouns(ctx.query)):
            return None  # the question's own count ("3 days fishing": "for three days")
        other: Optional[tuple[int, CountedNoun]] = None
        for doc_index, index in ctx.documents:
            for doc_count in index.counts.get(counted.key, ()):
                if doc_count.value == counted.value:
                    return None
                if other is None:
                    other = (doc_index, doc_count)
        if other is None:
            return None
        doc_text = ctx.documents.indexes[other[0]].text
        near = doc_text[other[1].start:other[1].end]
        phrase = " ".join(doc_text[other[1].start:other[1].phrase_end].split())
        return Finding(
            kind="number", warning_type=self.warning_type, start=mention.start, end=mention.end,
            text=mention.text, supported=False, value=mention.display(), nearest_value=near,
            suggestion=f'"{mention.text}" not found in retrieved documents. The documents give "{phrase}".',
            checker=self.name,
        )

    def _check_one(self, ctx: CheckContext, mention: NumberMention,
                   derivations: Optional["_Derivations"] = None, names: Optional["_AnswerNames"] = None,
                   slashed: Optional["_SlashedPairs"] = None, compute: bool = True) -> Finding:
        finding = Finding(
            kind="number",
            warning_type=self.warning_type,
            start=mention.start,
            end=mention.end,
            text=mention.text,
            supported=False,
            value=mention.display(),
            checker=self.name,
        )
        maps = ctx.documents.maps
        candidates = None
        if maps is not None and mention.measure is None:  # another unit has another magnitude
            # values_match needs |a - d| <= precision + 25% of |d| (+ 1e-9): a wider interval
            size, slack = abs(mention.value), mention.precision + 1e-6
            candidates = maps.docs_with_magnitude((size - slack) / 1.3, (size + slack) / 0.7)
        bounded: Optional[tuple[int, str]] = None  # the value in a document, bounded the other way
        for doc_index, index in ctx.documents.among(candidates):
            for doc_number in index.numbers:
                if not values_match(mention, doc_number):
                    continue
                hedge = opposite_bound(mention, index.text, doc_number)
                if hedge is not None:
                    bounded = bounded or (doc_index, f"{hedge} {doc_number.text}")
                else:
                    finding.supported = True
                    finding.evidence = (doc_index, doc_number.start, doc_number.end)
                    finding.source = "document"
                    return finding
        # a value inside a document's name ("Seat 34", "HTTP 503"), unless the answer writes that
        # name apart from this value ("The Apollo 11 crew spent 11 hours")
        if names is None:
            names = _AnswerNames(ctx.response)
        for doc_index, index in ctx.documents.among(candidates):
            named = index.named_numbers
            if not named:
                continue
            if mention.measure is None:  # (the values near this one's size, as for the maps above)
                size, slack = abs(mention.value), mention.precision + 1e-6
                named = named[bisect_left(named, (size - slack) / 1.3, key=_named_size):
                              bisect_right(named, (size + slack) / 0.7, key=_named_size)]
            for doc_number, name in named:
                if values_match(mention, doc_number) and not names.written_apart(name, mention):
                    finding.supported = True
                    finding.evidence = (doc_index, doc_number.start, doc_number.end)
                    finding.source = "document"
                    return finding
        if ctx.trust_query and any(values_match(mention, q) for q in ctx.query_numbers):
            finding.supported = True
            finding.source = "query"
            return finding
        if mention.unit == "%":
            for doc_index, index in ctx.documents:
                for share in index.ratio_shares:  # "20%" for the documents' "one in five"
                    if values_match(mention, share):
                        finding.supported = True
                        finding.evidence = (doc_index, share.start, share.end)
                        finding.source = "document"
                        return finding
        if _YEARS_AFTER_RE.match(ctx.response, mention.end) and _spans_years(ctx, mention):
            finding.supported = True  # "spent 17 years there" for "from 1992 to 2009"
            finding.source = "derived"
            return finding
        if mention.unit == "%" and derivations is not None and derivations.supports(mention):
            finding.supported = True
            finding.source = "derived"
            return finding
        if derivations is not None and derivations.adds_up(mention):
            finding.supported = True
            finding.source = "derived"
            return finding
        if derivations is not None and mention.measure is not None and mention.measure not in CLOCK_MEASURES:
            whole = derivations.duration_evidence(mention)
            if whole is not None:  # "3 hours 48 minutes" for "3:47:47", "from 22:00 to 01:47"
                finding.supported = True
                finding.evidence = whole[1]
                finding.source = whole[0]
                return finding
        if derivations is not None and derivations.aged(mention):  # "dated 1568, over 450 years old"
            finding.supported = True
            finding.source = "derived"
            return finding
        if derivations is not None and derivations.totals(mention):  # "two at £49 and one at £58, £156 in all"
            finding.supported = True
            finding.source = "derived"
            return finding
        for doc_index, index in ctx.documents:
            for doc_number in index.loose_numbers:  # "7,34", "120 000", "1530" among "0530"s
                if doc_number.measure is not None and mention.measure is None:
                    continue  # a log's "12m" or "00:14:40" supports "12 minutes", no bare 12
                if values_match(mention, doc_number) and opposite_bound(mention, index.text, doc_number) is None:
                    finding.supported = True
                    finding.evidence = (doc_index, doc_number.start, doc_number.end)
                    finding.source = "document"
                    return finding
        row_time = _csv_row_time(ctx, mention) if mention.measure in CLOCK_MEASURES else None
        if row_time is not None:  # "18:00-18:30 ... 2.12 kWh" for "2026-11-19,18:00,18:30,2.12"
            finding.supported = True
            finding.evidence = row_time
            finding.source = "document"
            return finding
        day = _day_of_month(ctx, mention)
        if day is not None:  # "sails on the 7th" for a document's "07/11"
            finding.supported = True
            finding.evidence = day
            finding.source = "document"
            return finding
        if not mention.spelled or mention.measure is not None:  # ("two" alone is no difference)
            for doc_index, index in ctx.documents:
                for gap in index.row_differences:  # "20 minutes" for "arrived 07:30, left 07:50"
                    if values_match(mention, gap):
                        finding.supported = True
                        finding.evidence = (doc_index, gap.start, gap.end)
                        finding.source = "derived"
                        return finding
        rounded = _rounded_evidence(ctx, mention) or _hundredths_evidence(ctx, mention)
        if rounded is not None:  # "0.41" for a document's 0.412169, "8.30" for its 08:30
            finding.supported = True
            finding.evidence = rounded
            finding.source = "document"
            return finding
        pair = slashed.evidence(mention) if slashed is not None else None
        if pair is not None:  # "151 for 6" for a scorecard's "151/6"
            finding.supported = True
            finding.evidence = pair
            finding.source = "document"
            return finding
        if bounded is not None:
            finding.nearest_value = bounded[1]
            finding.suggestion = (f'"{mention.hedge} {mention.text}" bounds the value the other way: '
                                  f'document {bounded[0]} says "{bounded[1]}".')
            return finding
        computed = _computations(ctx, given_value).explain_number(mention) if compute else None
        if computed is not None:  # "€139.50" for "€46.50 ... three nights": shown, not gating
            finding.warning_type = COMPUTED_VALUE
            finding.suggestion = (f'"{mention.text}" is not in the retrieved documents, but equals {computed}, '
                                  f'values given beside it: check the arithmetic.')
            return finding
        if maps is not None:
            near = maps.number_ladder.nearest(mention)
        else:
            near = nearest(mention, [n for _, index in ctx.documents for n in index.numbers])
        finding.nearest_value = near.text if near is not None else None
        hint = f" The documents give {near.text}." if near is not None else ""
        finding.suggestion = f'"{mention.text}" not found in retrieved documents.{hint}'
        return finding


def given_value(ctx: CheckContext, mention: NumberMention) -> bool:
    """Does the numbers checker support ``mention`` (from a document, the question, or arithmetic
    on the answer's values it derives), computed values aside? (The operands of
    :mod:`raguard.checkers.computed`.)"""
    return NumbersChecker()._check_one(ctx, mention, _Derivations.of(ctx), _AnswerNames(ctx.response),
                                       _SlashedPairs(ctx), compute=False).supported


# two numbers a document joins by a slash: a score ("151/6"), a bowler's figures ("2/24"), a
# mark out of a maximum ("40/100", "4.5/5"); and the words an answer says them with ("151 for 6",
# "40 out of 100", "2 for 24": one or two lower-case words, nothing else, between the two)
_SLASH_PAIR_RE = re.compile(r"(?<![\w.,/])(\d{1,6}(?:\.\d{1,3})?)/(\d{1,6})(?![\w/]|[.,]\d)")
# a maximum a document writes alone, as a table's header does: "TOTAL (/100)", "Quality /60"
_LONE_DENOMINATOR_RE = re.compile(r"(?<=[(\s])/(\d{1,6})(?=[)\s]|$)")
_PAIR_GAP_RE = re.compile(r"[ \t]+[a-z]+(?:[ \t]+[a-z]+)?[ \t]+")


class _SlashedPairs:
    """Evidence for an answer's value said beside another as a document writes the two joined
    by a slash ("151 for 6" for "151/6", "40 out of 100" for "40/100"). The reader of values
    skips digits beside a slash (a date, a fraction), so neither of the two is found on its
    own; both must be the answer's, in the document's order, for either to be supported. The
    documents' pairs are read once per review, when first asked."""

    def __init__(self, ctx: CheckContext) -> None:
        self._ctx = ctx
        self._starts = [n.start for n in ctx.numbers]
        self._pairs: Optional[dict[tuple[float, float], tuple[int, int, int]]] = None

    def _read(self) -> dict[tuple[float, float], tuple[int, int, int]]:
        """The documents' pairs, and their lone maxima keyed with a first value of -1."""
        pairs: dict[tuple[float, float], tuple[int, int, int]] = {}
        for doc_index, index in self._ctx.documents:
            if "/" in index.text:
                for m in _SLASH_PAIR_RE.finditer(index.text):
                    pairs.setdefault((float(m.group(1)), float(m.group(2))), (doc_index, m.start(), m.end()))
                for m in _LONE_DENOMINATOR_RE.finditer(index.text):
                    pairs.setdefault((-1.0, float(m.group(1))), (doc_index, m.start(), m.end()))
        return pairs

    def evidence(self, mention: NumberMention) -> Optional[tuple[int, int, int]]:
        """``(doc_index, start, end)`` of the pair ``mention`` is said in, or None."""
        numbers, response = self._ctx.numbers, self._ctx.response
        k = bisect_left(self._starts, mention.start)
        if k >= len(numbers) or numbers[k].start != mention.start:
            return None
        for first, second in ((numbers[k - 1] if k else None, mention),
                              (mention, numbers[k + 1] if k + 1 < len(numbers) else None)):
            if (first is None or second is None or first.unit or second.unit
                    or not _PAIR_GAP_RE.fullmatch(response, first.end, second.start)):
                continue
            if first.value < 0 or second.value < 0 or second.value != int(second.value):
                continue
            if self._pairs is None:
                self._pairs = self._read()
            found = self._pairs.get((first.value, second.value))
            if found is None and second is mention:  # "38.4 out of 60" under a "(/60)" header
                found = self._pairs.get((-1.0, second.value))
            if found is not None:
                return found
        return None


# the decimals an answer writes ("0.41", "-0.08", "1,234.50"), and a British time of day written
# with a dot ("8.30", "1.30": hours, a dot, two digits of minutes)
_WRITTEN_DECIMALS_RE = re.compile(r"\d\.(\d+)")
_DOTTED_CLOCK_RE = re.compile(r"(?:[01]?\d|2[0-3])\.[0-5]\d")


def _rounded_evidence(ctx: CheckContext, mention: NumberMention) -> Optional[tuple[int, int, int]]:
    """Evidence for an unhedged value the answer writes rounded from a document value with more
    decimals ("p = 0.41" for "0.412169", "-0.08" for "-0.081330": within half the answer's last
    digit, and only to fewer decimals, so a changed digit is still a changed value), or a time of
    day written with a British dot and no am/pm ("from 6.30 to 8.30 am", "by 8.30") that a
    document gives as a clock time ("06:30", either half of the day, as a time without am/pm is
    read). A whole number is not read as rounded ("12" for 12.4: too many values round to it)."""
    if mention.hedge or mention.spelled or mention.measure in CLOCK_MEASURES or mention.precision:
        return None
    digits = _WRITTEN_DECIMALS_RE.search(mention.text)
    if digits is None:
        return None
    places = len(digits.group(1))
    clock = (mention.unit is None and mention.measure is None
             and _DOTTED_CLOCK_RE.fullmatch(mention.text.strip()) is not None)
    minutes = None
    if clock:
        hours, mins = mention.text.strip().split(".")
        minutes = (int(hours) * 60 + int(mins)) % 720
    half = 0.5 * 10.0 ** -places
    for doc_index, index in ctx.documents:
        for doc_number in index.numbers:
            if doc_number.measure in CLOCK_MEASURES:
                if minutes is not None and doc_number.value % 1 == 0 and doc_number.value % 720 == minutes:
                    return (doc_index, doc_number.start, doc_number.end)
                continue
            if doc_number.precision or doc_number.measure != mention.measure:
                continue
            if mention.unit and doc_number.unit and mention.unit != doc_number.unit:
                continue
            if (mention.unit == "%") != (doc_number.unit == "%"):
                continue
            written = _WRITTEN_DECIMALS_RE.search(doc_number.text)
            if written is None or len(written.group(1)) <= places:
                continue
            if abs(abs(mention.value) - abs(doc_number.value)) <= half + 1e-9 and (
                    (mention.value < 0) == (doc_number.value < 0) or mention.value == 0):
                return (doc_index, doc_number.start, doc_number.end)
    return None


# cents written after a number ("the 70c bag", "45¢"; pence, "4.12p", are read as pounds already)
_HUNDREDTHS_AFTER_RE = re.compile(r"(?:c|¢)(?!\w|\.\w)")


def _hundredths_evidence(ctx: CheckContext, mention: NumberMention) -> Optional[tuple[int, int, int]]:
    """Evidence for a value said in another scale than a document's: cents the answer writes
    ("the 70c bag") for a document's "0.70", or a percentage ("about 61% of the variance")
    for a document's fraction ("0.6127"; written with a leading zero, rounded to the answer's
    digits). The two scales are a closed set: hundredths of money, and per cent."""
    if mention.spelled or mention.measure is not None:
        return None
    if mention.unit is None and _HUNDREDTHS_AFTER_RE.match(ctx.response, mention.end):
        target, places = mention.value / 100, 2 + _places(mention.text)
        fraction = False
    elif mention.unit == "%" and 0 < mention.value <= 100:
        target, places = mention.value / 100, 2 + _places(mention.text)
        fraction = True
    else:
        return None
    half = 0.5 * 10.0 ** -places
    for doc_index, index in ctx.documents:
        for doc_number in index.numbers:
            if doc_number.measure is not None or doc_number.unit == "%" or doc_number.precision:
                continue
            if fraction and (doc_number.unit is not None or not doc_number.text.lstrip("-−").startswith(("0.", "."))):
                continue
            if abs(doc_number.value - target) <= half + 1e-9:
                return (doc_index, doc_number.start, doc_number.end)
    return None


def _places(text: str) -> int:
    digits = _WRITTEN_DECIMALS_RE.search(text)
    return len(digits.group(1)) if digits else 0


def _csv_row_time(ctx: CheckContext, mention: NumberMention) -> Optional[tuple[int, int, int]]:
    """Evidence for an answer's time that a document's comma-separated row gives in a cell
    ("2026-11-19,18:00,18:30,2.12,peak"), bound to its row. A time that opens a range of the
    answer ("18:00-18:30", "between 17:00 and 19:00") is a cell a later time of its row follows
    (a slot's start), one that closes it a cell after another (its end); and when the answer
    gives a value after the time or its range, before its next time in the sentence ("... at
    2.12 kWh"), and the rows hold that value, the row must hold it too: a slot moved to another
    row keeps the value it was given with ("18:30-19:00 ... at 2.12 kWh" is not that row's)."""
    response, numbers = ctx.response, ctx.numbers
    k = bisect_left([n.start for n in numbers], mention.start)
    if k >= len(numbers) or numbers[k].start != mention.start:
        return None
    opens = k + 1 < len(numbers) and _joins_range(response, mention, numbers[k + 1])
    closes = k > 0 and _joins_range(response, numbers[k - 1], mention)
    end = next((e for s, e in ctx.sentences if s <= mention.start < e), len(response))
    dates = [(d.start, d.end) for d in ctx.dates if d.form != "weekday"]
    bound: Optional[NumberMention] = None
    for n in numbers[k + (2 if opens else 1):]:
        if n.start >= end or n.measure in CLOCK_MEASURES:
            break
        if not n.trivial and not any(a <= n.start < b for a, b in dates):
            bound = n
            break
    for doc_index, index in ctx.documents:
        rows = index.csv_rows
        if not rows:
            continue
        held = []
        for row in rows:
            for i, cell in enumerate(row.clocks):
                if not values_match(mention, cell):
                    continue
                if len(row.clocks) > 1 and ((opens and i == len(row.clocks) - 1) or (closes and not opens and i == 0)):
                    continue  # (a slot's end for the answer's start, or its start for the end)
                held.append((row, cell))
        if held and bound is not None and any(values_match(bound, v) for row in rows for v in row.values):
            held = [(row, cell) for row, cell in held if any(values_match(bound, v) for v in row.values)]
        if held:
            cell = held[0][1]
            return (doc_index, cell.start, cell.end)
    return None


_RANGE_JOINER_RE = re.compile(r"[ \t]*(?:[-–—]|to|and|until|till)[ \t]*", re.IGNORECASE)


def _joins_range(response: str, first: NumberMention, second: NumberMention) -> bool:
    """Are two times of the answer the ends of one range ("18:00-18:30", "17:00 and 19:00")?"""
    return (first.measure in CLOCK_MEASURES and second.measure in CLOCK_MEASURES
            and _RANGE_JOINER_RE.fullmatch(response, first.end, second.start) is not None)


# "the 7th", "on the 24th-25th": an ordinal that names a day of the month (no noun after it:
# "the 7th floor", "the 3rd-largest"; a function word may follow: "the 20th and", "the 9th of")
_DAY_BEFORE_RE = re.compile(r"\bthe[ \t]+(?:[0-3]?\d(?:st|nd|rd|th)?[ \t]*(?:[-–]|to|and|or)[ \t]*)?\Z", re.IGNORECASE)
_NOUN_AFTER_RE = re.compile(r"[ \t-]*([^\W\d_]+)")
# (a rank's superlative, "the 5th most visited", is no day)
_DAY_FOLLOWERS = STOP_WORDS - {"most", "least", "last", "next", "first"}


def _day_of_month(ctx: CheckContext, mention: NumberMention) -> Optional[tuple[int, int, int]]:
    """Evidence for an ordinal the answer uses as a day of the month ("sails on the 7th", "springs
    on the 24th-25th"): a document date on that day (the digits of a date are the dates
    reader's, so "07/11" or "7 November" gives no number 7)."""
    if not mention.ordinal or mention.spelled or mention.unit or mention.measure or mention.value not in _DAYS:
        return None
    response = ctx.response
    if _DAY_BEFORE_RE.search(response, max(0, mention.start - 16), mention.start) is None:
        return None
    after = _NOUN_AFTER_RE.match(response, mention.end)
    if after is not None and (response[mention.end] == "-" or after.group(1) not in _DAY_FOLLOWERS):
        return None
    for doc_index, index in ctx.documents:
        for doc_date in index.dates:
            if doc_date.value.day == mention.value:
                return (doc_index, doc_date.start, doc_date.end)
    return None


_DAYS = frozenset(float(d) for d in range(1, 32))


# a count of years ("17 years"), and what joins the two years of a span ("1992 to 2009",
# "1992–2009", "between 1992 and 2009")
_YEARS_AFTER_RE = re.compile(r"(?<![ \t-])[ \t-]+years?\b", re.IGNORECASE)
_YEAR_SPAN_GAP_RE = re.compile(r"(?<![ \t])[ \t]*(?:to|until|till|through|and|[-–—])[ \t]*")


def _spans_years(ctx: CheckContext, mention: NumberMention) -> bool:
    """Is the answer's count of years the length of a span of years a document gives ("He taught
    there from 1992 to 2009": 17 years)? Only two years joined as one span count, not any two
    years of a text."""
    if mention.unit or mention.measure or mention.value != int(mention.value) or not 0 < mention.value < 200:
        return False
    for _, index in ctx.documents:
        years = [d for d in index.dates if d.form == "year"]
        for a, b in zip(years, years[1:]):
            if (b.value.year - a.value.year == mention.value
                    and _YEAR_SPAN_GAP_RE.fullmatch(index.text, a.end, b.start)):
                return True
    return False


def _named_size(named: tuple[NumberMention, str]) -> float:
    return abs(named[0].value)


class _AnswerNames:
    """Where the answer writes each document name with a number ("apollo 11"), found once per
    name in a review."""

    #: A name written more often than this is written apart from any one value.
    _MAX = 2

    def __init__(self, response: str) -> None:
        self._folded = response.casefold()
        self._at: dict[str, list[int]] = {}

    def written_apart(self, name: str, mention: NumberMention) -> bool:
        """Does the answer write ``name`` somewhere that does not hold ``mention``? Then the name
        is the answer's too, and its number no value of this one."""
        folded = name.casefold()
        found = self._at.get(folded)
        if found is None:
            found = []
            at = self._folded.find(folded)
            while at >= 0 and len(found) <= self._MAX:
                found.append(at)
                at = self._folded.find(folded, at + 1)
            self._at[folded] = found
        return len(found) > self._MAX or any(not at <= mention.start < at + len(folded) for at in found)


class _Derivations:
    """Whether an answer's percentage is the change between two other values its sentence gives
    ("from $12 million to $15.6 million, an increase of roughly 30%"), or the share of one in
    the other ("14 of the 22 branches, or 64%"). Those values are checked on their own; the
    percentage is arithmetic on them, to the precision it is written with (a hedged one within a
    twentieth of itself, and at least one point). Years are no amounts. Read with the
    ``_NEAREST`` values closest to the percentage, found by bisection: an answer of thousands of
    values and percentages costs linear time. Built once per review, when first asked."""

    #: How many values of its sentence, the closest first, a percentage is read with.
    _NEAREST = 6
    #: How many partial sums of parts and counts one review may try (a few totals' worth).
    _TOTAL_TRIES = 20_000

    def __init__(self, ctx: CheckContext) -> None:
        self._ctx = ctx
        self._ready = False
        self._total_budget = self._TOTAL_TRIES

    @classmethod
    def of(cls, ctx: CheckContext) -> "_Derivations":
        """The review's derivations (one per context: the computed values' operands ask again)."""
        found = ctx.__dict__.get("_derivations")
        if found is None:
            found = ctx.__dict__["_derivations"] = cls(ctx)
        return found

    def _build(self) -> None:
        ctx = self._ctx
        self._sentences = list(ctx.sentences)
        self._sentence_starts = [s for s, _ in self._sentences]
        years = SpanIndex((d.start, d.end) for d in ctx.dates)
        self._values = [n for n in ctx.numbers if n.unit != "%" and n.measure is None and n.value
                        and not years.overlaps(n.start, n.end)]
        self._starts = [n.start for n in self._values]
        # amounts (a currency, a unit of measure or a percentage) for sums and differences
        self._amounts = [n for n in ctx.numbers if (n.unit or n.measure) and not years.overlaps(n.start, n.end)]
        self._amount_starts = [n.start for n in self._amounts]
        # whole bare values (counts, "three years"; a part whose unit is left to its neighbour,
        # "10 minutes of prep and 15 of cooking"), spelled counting words included
        self._bare = [n for n in ctx.numbers if n.unit is None and n.measure is None and not n.ordinal
                      and n.value == int(n.value) and 0 < n.value and not years.overlaps(n.start, n.end)]
        self._bare_starts = [n.start for n in self._bare]
        # lengths of time written in two units ("3 hours 48 minutes"), times of day, whole dates, years
        self._compounds = [c for c in compound_measures(ctx.response, ctx.numbers)
                           if MEASURES.get(c.measure or "", ("", 0.0))[0] == "time"]
        self._clocks = [n for n in ctx.numbers if n.measure in CLOCK_MEASURES]
        self._clock_starts = [n.start for n in self._clocks]
        self._dates = [_Dated(d.start, date(d.value.year, d.value.month, d.value.day)) for d in ctx.dates
                       if d.value.year and d.value.month and d.value.day and _valid(d.value)]
        self._years = [d for d in ctx.dates if d.form == "year" and d.value.year]
        self._ready = True

    def _sentence_of(self, position: int) -> Optional[int]:
        """The index of the answer's sentence holding ``position`` (read first if need be), or None."""
        if not self._ready:
            self._build()
        k = bisect_right(self._sentence_starts, position) - 1
        return k if k >= 0 and position < self._sentences[k][1] else None

    def adds_up(self, amount: NumberMention) -> bool:
        """Is the answer's ``amount`` (money or a measure, not a share or a time of day) the sum
        or the difference of two others in the same unit
        that its sentence or the one before gives ("£45 for one and £12 for the other, so £57
        for the two", "£96,750, £21,450 less than the £118,200 requested"), one of them times a
        count there ("£4,500 a year for three years, £13,500 in all"), or one of them plus a
        bare value of its own sentence ("25 minutes: 10 of prep and 15 of cooking")? Those are
        checked on their own, so the answer shows its arithmetic: a changed total adds up no
        more, a changed part is flagged itself."""
        if not (amount.unit or amount.measure) or amount.unit == "%" or amount.measure in CLOCK_MEASURES:
            return False  # shares of one whole and times of day differ by chance in every list
        k = self._sentence_of(amount.start)
        if k is None:
            return False
        lo_pos, hi_pos = self._sentences[max(0, k - 1)][0], self._sentences[k][1]
        lo, hi = bisect_left(self._amount_starts, lo_pos), bisect_left(self._amount_starts, hi_pos)
        parts = [n for n in self._amounts[lo:hi]
                 if n.start != amount.start and n.unit == amount.unit and n.measure == amount.measure and n.value]
        if not parts or len(parts) > self._NEAREST * 2:
            return False
        slack = (max(0.05 * abs(amount.value), amount.precision) if amount.hedge
                 else max(amount.precision, _rounding(amount.text)))
        value = abs(amount.value)
        for i, a in enumerate(parts):
            for b in parts[i + 1:]:
                if abs(a.value + b.value - value) <= slack or abs(abs(a.value - b.value) - value) <= slack:
                    return True
        bare_lo, bare_hi = bisect_left(self._bare_starts, lo_pos), bisect_left(self._bare_starts, hi_pos)
        bare = self._bare[bare_lo:bare_hi]
        if len(bare) > self._NEAREST * 2:
            return False
        own_sentence = self._sentences[k][0]
        for a in parts:
            for n in bare:
                if abs(abs(a.value) * n.value - value) <= slack:
                    return True
                if n.start >= own_sentence and abs(abs(a.value) + n.value - value) <= slack:
                    return True
        return False

    def duration_evidence(self, mention: NumberMention) -> Optional[tuple[str, Optional[tuple[int, int, int]]]]:
        """Where an answer's length of time comes from, as (source, evidence): the whole of a
        value it writes in two units ("just under 3 hours 48 minutes", "19 minutes and 40 seconds
        in"), whose parts are no values alone, against a document's duration or timestamp
        ("3:47:47", "[00:19:40]", a chapter list's "19:40" read as minutes and seconds when the
        answer gives seconds); or the time between two times of day its sentence or the one
        before gives ("from 22:00 on 2 December to 01:47 on 3 December", across midnight or the
        days between its dates), or the days between two of its dates ("from 3 to 17 March, 14
        days"). Those times are checked on their own, so a changed end is still flagged; a
        changed length no longer fits."""
        if MEASURES.get(mention.measure or "", ("",))[0] != "time":
            return None
        if not self._ready:
            self._build()
        whole = next((c for c in self._compounds if c.start <= mention.start < c.end), None)
        claim = mention
        if whole is not None:  # (read to the last part's rounding: "3 hours 48 minutes" is 227.5-228.5 minutes)
            claim = whole._replace(precision=max(whole.precision, _rounding(_last_number(whole.text))))
            seconds_given = MEASURES.get(whole.measure or "", ("", 0.0))[1] == 1.0
            for doc_index, index in self._ctx.documents:
                for doc_number in (*index.numbers, *index.loose_numbers):
                    if doc_number.measure in CLOCK_MEASURES:
                        if not (seconds_given and _MINUTES_SECONDS_RE.fullmatch(doc_number.text)):
                            continue
                        doc_number = doc_number._replace(measure="seconds")  # "19:40": 19 minutes 40 seconds
                    elif MEASURES.get(doc_number.measure or "", ("",))[0] != "time":
                        continue
                    if _length_fits(claim, in_base_unit(doc_number.value, doc_number.measure)):
                        return ("document", (doc_index, doc_number.start, doc_number.end))
        k = self._sentence_of(mention.start)
        if k is None:
            return None
        cue = _LATER_AFTER_RE.match(self._ctx.response, (whole or mention).end)
        if cue is not None:
            found = self._next_event(claim, whole is not None, k, cue.group(1).lower() == "earlier")
            if found is not None:
                return ("derived", found)
        lo_pos, hi_pos = self._sentences[max(0, k - 1)][0], self._sentences[k][1]
        clocks = self._clocks[bisect_left(self._clock_starts, lo_pos):bisect_left(self._clock_starts, hi_pos)]
        clocks = sorted(clocks, key=lambda n: abs(n.start - mention.start))[:self._NEAREST]
        dates = [d for d in self._dates if lo_pos <= d.start < hi_pos]
        days = sorted({abs((b.value - a.value).days) for i, a in enumerate(dates) for b in dates[i + 1:]})
        gaps: list[float] = []  # in minutes
        for a in clocks:
            for b in clocks:
                if a.start < b.start:
                    gaps.append((b.value - a.value) % 1440)  # "from 22:00 to 01:47": across midnight
                    gaps.extend(b.value - a.value + 1440 * d for d in days if d)
        gaps.extend(1440 * (d + inclusive) for d in days for inclusive in (0, 1) if d)
        for gap in gaps:
            if gap <= 0:
                continue
            if whole is not None and _length_fits(claim, 60 * gap):
                return ("derived", None)
            if whole is None and values_match(claim, NumberMention(claim.start, claim.end, claim.text,
                                                                   round(gap, 6), measure="minutes")):
                return ("derived", None)
        return None

    def _next_event(self, claim: NumberMention, whole: bool, k: int, earlier: bool) -> Optional[tuple[int, int, int]]:
        """Evidence for "32 seconds later" (or "earlier") after the last time of day the answer
        gives before it, in its sentence or the two before ("ran at 21:52:33 ... 32 seconds
        later"): a document that gives that time and, as its next (or previous) other time,
        one that far from it."""
        lo_pos = self._sentences[max(0, k - 2)][0]
        at = bisect_left(self._clock_starts, claim.start) - 1
        if at < 0 or self._clocks[at].start < lo_pos:
            return None
        anchor = self._clocks[at]
        for doc_index, index in self._ctx.documents:
            clocks = [n for n in index.numbers if n.measure in CLOCK_MEASURES]
            for i, doc_clock in enumerate(clocks):
                if not values_match(anchor, doc_clock):
                    continue
                step = -1 if earlier else 1
                j = i + step
                while 0 <= j < len(clocks) and clocks[j].value == doc_clock.value:
                    j += step
                if not 0 <= j < len(clocks):
                    continue
                other = clocks[j]
                gap = abs(other.value - doc_clock.value)  # minutes
                fits = (_length_fits(claim, 60 * gap) if whole else
                        values_match(claim, NumberMention(claim.start, claim.end, claim.text, round(gap, 6),
                                                          measure="minutes")))
                if fits:
                    return (doc_index, other.start, other.end)
        return None

    def aged(self, mention: NumberMention) -> bool:
        """Is the answer's count of years an age or a time since ("more than 450 years old",
        "built 120 years ago") from a year its sentence or the one before gives ("dated
        1568"), counted to today's year? The year is checked on its own."""
        if mention.unit or mention.measure or mention.value != int(mention.value) or mention.value <= 0:
            return False
        if _AGE_AFTER_RE.match(self._ctx.response, mention.end) is None:
            return False
        k = self._sentence_of(mention.start)
        if k is None:
            return False
        lo_pos, hi_pos = self._sentences[max(0, k - 1)][0], self._sentences[k][1]
        today = date.today().year
        for d in self._years:
            year = d.value.year
            if year is not None and lo_pos <= d.start < hi_pos and year < today:
                for age in (today - year, today - year - 1):  # (before or after the day)
                    if values_match(mention, NumberMention(d.start, d.end, d.text, float(age))):
                        return True
        return False

    def totals(self, amount: NumberMention) -> bool:
        """Is the answer's amount, named a total in its clause ("a total of CHF 198", "€156 in
        total", "come to £507"), the sum of amounts in the same unit its sentence or the one
        before gives, each taken once or times one of the counts of its own sentence ("two
        adult passes and one child pass")? Each count serves one part. The parts are checked on
        their own; a changed total adds up no more. Read only with a word of totalling (many
        sums of a long list's values land anywhere), and with few parts and counts. Which count
        goes with which part is not read: a total with the counts swapped between two parts
        (two at €58 and one at €49 for two at €49 and one at €58) passes too."""
        if amount.unit == "%" or amount.measure in CLOCK_MEASURES or not amount.value:
            return False
        response = self._ctx.response
        key = amount.unit or amount.measure or _currency_code_before(response, amount.start)
        if key is None:
            return False
        k = self._sentence_of(amount.start)
        if k is None:
            return False
        own_start, own_end = self._sentences[k]
        before = response[max(own_start, amount.start - _CLAUSE_REACH):amount.start]
        before = before[max(before.rfind(c) for c in ",;:!?") + 1:]
        after = response[amount.end:min(own_end, amount.end + _CLAUSE_REACH)]
        after = after[:min((i for i in (after.find(c) for c in ",;:!?(") if i >= 0), default=len(after))]
        if not (_TOTAL_CUE_RE.search(before) or _TOTAL_CUE_RE.search(after)):
            return False
        lo_pos = self._sentences[max(0, k - 1)][0]
        parts, seen = [], {abs(amount.value)}
        for n in self._ctx.numbers:
            if lo_pos <= n.start < own_end and n.value and n.start != amount.start and abs(n.value) not in seen:
                if (n.unit or n.measure or (_currency_code_before(response, n.start) if n.unit is None else None)) == key:
                    parts.append(abs(n.value))
                    seen.add(abs(n.value))
        if len(parts) < 2 or len(parts) > _MAX_PARTS:
            return False
        # the counts of its own sentence, each value once ("two adult passes and one child pass"):
        # the same count taken twice, or one of another sentence, fits a total made wrong as well
        # ("two adults and two children" for the two adults and one child it counted)
        near = [n for n in self._bare[bisect_left(self._bare_starts, own_start):bisect_left(self._bare_starts, own_end)]
                if n.value <= _MAX_COUNT and n.value != 1]
        near.sort(key=lambda n: abs(n.start - amount.start))
        counts = list(dict.fromkeys(n.value for n in near))[:_MAX_COUNTS]
        slack = (max(0.05 * abs(amount.value), amount.precision) if amount.hedge
                 else max(amount.precision, _rounding(amount.text)))
        value = abs(amount.value)
        # the sums of some of the parts, each once or times a count not yet used, as (sum, counts
        # used, parts taken); no sum above the total is kept (every part is positive)
        sums = {(0.0, 0, 0)}
        for part in parts:
            grown = set(sums)
            for total, used, taken in sums:
                self._total_budget -= 1 + len(counts)
                for i, times in enumerate((1.0, *counts)):
                    if i and used & (1 << i):
                        continue
                    total_now = round(total + part * times, 6)
                    if total_now <= value + slack:
                        grown.add((total_now, used | (1 << i) if i else used, taken + 1))
            if self._total_budget < 0:
                return False  # (a review's totals share one budget: an answer of a thousand totals stays linear)
            sums = grown
        return any(taken >= 2 and abs(total - value) <= slack for total, _, taken in sums)

    def supports(self, percent: NumberMention) -> bool:
        k = self._sentence_of(percent.start)
        if k is None:
            return False
        lo_pos, hi_pos = self._sentences[k]
        lo, hi = bisect_left(self._starts, lo_pos), bisect_left(self._starts, hi_pos)
        at = bisect_left(self._starts, percent.start, lo, hi)
        near = self._values[max(lo, at - self._NEAREST):min(hi, at + self._NEAREST)]
        near = sorted(near, key=lambda n: abs(n.start - percent.start))[:self._NEAREST]
        if len(near) < 2:
            return False
        slack = (max(1.0, 0.05 * percent.value) if percent.hedge
                 else max(percent.precision, _rounding(percent.text)))
        for a in near:
            for b in near:
                if a is b or a.unit != b.unit:
                    continue
                change = abs(b.value - a.value) / abs(a.value) * 100  # "from 40,000 to 52,000: up 30%"
                share = a.value / b.value * 100  # "14 of the 22 branches, or 64%"
                if abs(change - percent.value) <= slack or (share < 100 and abs(share - percent.value) <= slack):
                    return True
        return False


class _Dated(NamedTuple):
    start: int
    value: date


def _valid(value) -> bool:
    try:
        date(value.year, value.month, value.day)
    except ValueError:
        return False
    return True


#: How far a hedged length written to its last unit ("just under 3 hours 48 minutes") may lie
#: from the value it is hedged to: the answer wrote minutes, so it means a few of them.
_LENGTH_HEDGE = 0.05


def _length_fits(claim: NumberMention, seconds: float) -> bool:
    """Does a length of ``seconds`` fit a length the answer writes in two units, to its last
    unit's rounding, and its hedge's direction ("just under 228 minutes": 227 and some)?"""
    measure = claim.measure or ""
    said, rounding = in_base_unit(claim.value, measure), in_base_unit(claim.precision, measure)
    room = max(rounding, _LENGTH_HEDGE * said) if claim.hedge else rounding
    low = said - (room if claim.hedge not in HEDGE_ATLEAST else rounding)
    high = said + (room if claim.hedge not in HEDGE_ATMOST else rounding)
    return low - 1e-6 <= seconds <= high + 1e-6


def _last_number(text: str) -> str:
    """The last run of digits of a value written in parts ("48" of "3 hours 48 minutes")."""
    found = re.findall(r"\d+(?:\.\d+)?", text)
    return found[-1] if found else ""


# a timestamp of minutes and seconds, as a chapter list or a transcript writes one ("19:40")
_MINUTES_SECONDS_RE = re.compile(r"[0-5]?\d:[0-5]\d")
# a length of time that places an event by another: "32 seconds later", "ten minutes earlier"
# (the unit word, then one of a closed class of words of before and after)
_LATER_AFTER_RE = re.compile(r"[ \t-]*[a-z]+[ \t]+(later|afterwards|earlier)\b", re.IGNORECASE)
# a count of years that is an age or a time since: "450 years old", "a 450-year-old", "120 years ago"
_AGE_AFTER_RE = re.compile(r"[ \t-]+years?[ \t-]+(?:old|ago)\b", re.IGNORECASE)
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


def _currency_code_before(text: str, start: int) -> Optional[str]:
    found = _CODE_BEFORE_RE.search(text, max(0, start - 5), start)
    return found.group(1) if found else None


def _rounding(text: str) -> float:
    """Half the last written digit's place: "30%" stands for 29.5-30.5, "30.4%" for 30.35-30.45."""
    digits = re.search(r"\d+(?:\.(\d+))?", text)
    decimals = len(digits.group(1) or "") if digits else 0
    return 0.5 * 10 ** -decimals

