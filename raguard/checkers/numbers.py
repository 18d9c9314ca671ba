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
is the sum or the difference of two the answer gives beside it, or one of them times a count
(:class:`_Derivations`).

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
from typing import Iterator, Optional

from spacy.lang.en.stop_words import STOP_WORDS

from raguard.normalize.spans import SpanIndex
from raguard.checkers.base import CheckContext, Finding
from raguard.checkers.computed import computations as _computations
from raguard.models import COMPUTED_VALUE, UNSUPPORTED_NUMBER
from raguard.normalize.counts import COUNTING_WORDS, CountedNoun, counted_nouns
from raguard.normalize.numbers import CLOCK_MEASURES, NumberMention, nearest, opposite_bound, values_match


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
                derivations = _Derivations(ctx)  # (reads nothing until a percentage is unsupported)
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
    return NumbersChecker()._check_one(ctx, mention, _Derivations(ctx), _AnswerNames(ctx.response),
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

    def __init__(self, ctx: CheckContext) -> None:
        self._ctx = ctx
        self._ready = False

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
        self._ready = True

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
        if not self._ready:
            self._build()
        k = bisect_right(self._sentence_starts, amount.start) - 1
        if k < 0 or amount.start >= self._sentences[k][1]:
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

    def supports(self, percent: NumberMention) -> bool:
        if not self._ready:
            self._build()
        k = bisect_right(self._sentence_starts, percent.start) - 1
        if k < 0 or percent.start >= self._sentences[k][1]:
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


def _rounding(text: str) -> float:
    """Half the last written digit's place: "30%" stands for 29.5-30.5, "30.4%" for 30.35-30.45."""
    digits = re.search(r"\d+(?:\.(\d+))?", text)
    decimals = len(digits.group(1) or "") if digits else 0
    return 0.5 * 10 ** -decimals

