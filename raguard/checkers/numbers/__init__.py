"""Numbers checker: every value the answer states must equal (or, when hedged, round) a value
in one document. A time of day ("7:55 PM", "19:55") is one value, in minutes after midnight.

Skipped: numbers inside dates (the dates checker owns them), numbers inside names ("Apollo 11",
checked by the entities checker), citation markers ("[1]"), numbered-list markers ("1. "), and
trivial counting words (``numbers.TRIVIAL_WORDS``:
spelled-out zero to ten, "first", "second", bare "hundred"/"thousand"/...). A counting word from
two to ten is checked only where the documents count the same thing ("five gold albums" against
"eight gold albums" and no "five": see :mod:`raguard.normalize.counts`;
:mod:`raguard.checkers.numbers.counts`), and where the answer bounds it ("at most five years")
and the documents give it only bounded the other way ("5+ yrs", "(<2 h)").

A value is supported by a document value, a value inside a document's name ("Seat 34",
:mod:`~raguard.checkers.numbers.names`) or the question's; failing those, by the readings below,
one module each.

Derived (supported, ``source="derived"``): a count of years that is a span of years a document
gives ("17 years" for "1992 to 2009", :mod:`~raguard.checkers.numbers.year_spans`); a percentage
that is the change between two values of its sentence or the share of one in the other
(:mod:`~raguard.checkers.numbers.percentages`); an amount of money or of a measure that is the
sum or the difference of two the answer gives beside it, or one of them times a count
(:mod:`~raguard.checkers.numbers.sums`); a length of time between two times or dates it gives,
or after a time it gives to a document's next one ("32 seconds later"), and a length written in
two units ("3 hours 48 minutes") read whole against the documents' durations and timestamps
(:mod:`~raguard.checkers.numbers.durations`); a count of years "old" or "ago" from a year it
gives (:mod:`~raguard.checkers.numbers.ages`); an amount its clause names a total that adds up
parts and counts of its sentence (:mod:`~raguard.checkers.numbers.totals`). The last five read
the answer's values, indexed once per review (:mod:`raguard.checkers.numbers._derivations`).

Read from a document's layout: a time in a comma-separated row, bound to its row
(:mod:`~raguard.checkers.numbers.csv_rows`); an ordinal as a day of the month ("on the 7th",
:mod:`~raguard.checkers.numbers.days`); two values a document joins by a slash ("151 for 6" for
"151/6", :mod:`~raguard.checkers.numbers.slashed`); a value glued to the initial of the word the
answer writes before it ("turn 6" for "T6", :mod:`~raguard.checkers.numbers.initials`).

Read at the answer's own rounding: an unhedged value written with fewer decimals than a document
value ("p = 0.41" for 0.412169), a time with a British dot ("8.30", "from 6.30 to 8.30 am") for
a document's clock time, cents ("the 70c bag") for "0.70", a percentage for a document's
fraction ("61%" for 0.6127) (:mod:`~raguard.checkers.numbers.rounding`).

Computed (``computed_value``, medium, not gating): an amount of money no document gives that is
arithmetic on the values beside it, named with its operands (:mod:`raguard.checkers.computed`).
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from typing import Callable, Iterator, Optional

from raguard.checkers.base import CheckContext, Finding
from raguard.checkers.computed import computations as _computations
from raguard.checkers.numbers._derivations import Derivations
from raguard.checkers.numbers.ages import aged
from raguard.checkers.numbers.counts import check_count, ranks
from raguard.checkers.numbers.csv_rows import csv_row_time
from raguard.checkers.numbers.days import day_of_month
from raguard.checkers.numbers.durations import duration_evidence
from raguard.checkers.numbers.initials import initial_code
from raguard.checkers.numbers.names import AnswerNames, named_size
from raguard.checkers.numbers.percentages import change_or_share, in_points
from raguard.checkers.numbers.rounding import hundredths_evidence, rounded_evidence
from raguard.checkers.numbers.slashed import SlashedPairs
from raguard.checkers.numbers.sums import adds_up
from raguard.checkers.numbers.totals import is_total, names_total
from raguard.checkers.numbers.year_spans import spans_years
from raguard.documents import DocumentIndex
from raguard.models import COMPUTED_VALUE, UNSUPPORTED_NUMBER
from raguard.normalize.counts import COUNTING_WORDS, counted_nouns
from raguard.normalize.numbers import (CLOCK_MEASURES, HEDGE_APPROX, NumberMention, is_bound, matched_reading,
                                      moved_bound, nearest, opposite_bound, values_match, written_bound)
from raguard.normalize.spans import SpanIndex


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
        derivations: Optional[Derivations] = None
        names: Optional[AnswerNames] = None
        slashed: Optional[SlashedPairs] = None
        derived: set[tuple[float, Optional[str], Optional[str]]] = set()  # (value, unit, measure) derived so far
        for mention in ctx.numbers:
            if mention.trivial and not ranks(ctx.response, mention):
                finding = None
                if mention.text.lower() in COUNTING_WORDS:
                    if counted is None:
                        counted = {c.start: c for c in counted_nouns(ctx.response, spelled_only=True, compounds=True)}
                    finding = check_count(self, ctx, mention, counted.get(mention.start))
                if (finding is None or finding.supported) and is_bound(mention):
                    # ("at most five years" / "5+ years"; a count the documents give is bounded too)
                    finding = self._bounded_other_way(ctx, mention) or finding
                if finding is not None:
                    yield finding
                continue
            if date_spans.overlaps(mention.start, mention.end):
                continue
            if name_spans.holds(mention.start, mention.end):
                continue
            if derivations is None:
                derivations = Derivations.of(ctx)  # (reads nothing until a value is unsupported)
                names = AnswerNames(ctx.response)
                slashed = SlashedPairs(ctx)
            finding = self._check_one(ctx, mention, derivations, names, slashed)
            key = (mention.value, mention.unit, mention.measure)
            if finding.supported and finding.source == "derived":
                derived.add(key)
            elif not finding.supported and finding.warning_type == self.warning_type and key in derived:
                # the answer says again a value it derived before ("6% plus 2%, 8% in total ...
                # so 8% is above the 5% needed"): the same derivation supports it
                finding.supported = True
                finding.source = "derived"
                finding.suggestion = None
            yield finding

    def _bounded_other_way(self, ctx: CheckContext, mention: NumberMention) -> Optional[Finding]:
        """For a value too common to check alone ("five", "two"), bounded by the answer ("at most
        five years"): a finding when the documents give it only bounded the other way ("5+ yrs",
        "(<2 h)"), else None. A small number is everywhere; a bound on it is a claim."""
        other: Optional[tuple[int, str, bool]] = None
        for doc_index, index in ctx.documents:
            for doc_number in index.numbers:
                if not values_match(mention, doc_number):
                    continue
                hedge = opposite_bound(mention, index.text, matched_reading(mention, doc_number))
                if hedge is None:
                    return None  # given unbounded or the same way
                other = other or (doc_index, hedge, True)
        if other is None:
            return None
        finding = Finding(kind="number", warning_type=self.warning_type, start=mention.start, end=mention.end,
                          text=mention.text, supported=False, value=mention.display(), checker=self.name)
        return _bounded(ctx, finding, mention, other)

    def _check_one(self, ctx: CheckContext, mention: NumberMention,
                   derivations: Optional[Derivations] = None, names: Optional[AnswerNames] = None,
                   slashed: Optional[SlashedPairs] = None, compute: bool = True) -> Finding:
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
        # the value in a document, bounded the other way or, the same way, at another value
        bounded: Optional[tuple[int, str, bool]] = None
        for doc_index, index in ctx.documents.among(candidates):
            for doc_number in index.numbers:
                if not values_match(mention, doc_number):
                    continue
                doc_number = matched_reading(mention, doc_number)  # ("above 700 m" for "above 700m")
                hedge = opposite_bound(mention, index.text, doc_number)
                moved = moved_bound(mention, index.text, doc_number) if hedge is None else None
                if hedge is not None or moved is not None:
                    bounded = bounded or (doc_index, hedge or moved or "", hedge is not None)
                else:
                    finding.supported = True
                    finding.evidence = (doc_index, doc_number.start, doc_number.end)
                    finding.source = "document"
                    return finding
        # a value inside a document's name ("Seat 34", "HTTP 503"), unless the answer writes that
        # name apart from this value ("The Apollo 11 crew spent 11 hours")
        if names is None:
            names = AnswerNames(ctx.response)
        for doc_index, index in ctx.documents.among(candidates):
            named = index.named_numbers
            if not named:
                continue
            if mention.measure is None:  # (the values near this one's size, as for the maps above)
                size, slack = abs(mention.value), mention.precision + 1e-6
                named = named[bisect_left(named, (size - slack) / 1.3, key=named_size):
                              bisect_right(named, (size + slack) / 0.7, key=named_size)]
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
            bare = _bare_decimal(ctx, mention)  # "13.1%" for a certificate's "Alpha 13.1"
            if bare is not None:
                finding.supported = True
                finding.evidence = bare
                finding.source = "document"
                return finding
        if spans_years(ctx, mention):
            finding.supported = True  # "spent 17 years there" for "from 1992 to 2009"
            finding.source = "derived"
            return finding
        if ((mention.unit == "%" or in_points(ctx.response, mention)) and derivations is not None
                and change_or_share(derivations, mention)):
            finding.supported = True
            finding.source = "derived"
            return finding
        if derivations is not None and adds_up(derivations, mention):
            finding.supported = True
            finding.source = "derived"
            return finding
        if derivations is not None and mention.measure is not None and mention.measure not in CLOCK_MEASURES:
            whole = duration_evidence(derivations, mention)
            if whole is not None:  # "3 hours 48 minutes" for "3:47:47", "from 22:00 to 01:47"
                finding.supported = True
                finding.evidence = whole[1]
                finding.source = whole[0]
                return finding
        if derivations is not None and aged(derivations, mention):  # "dated 1568, over 450 years old"
            finding.supported = True
            finding.source = "derived"
            return finding
        if derivations is not None and is_total(derivations, mention):  # "two at £49 and one at £58, £156 in all"
            finding.supported = True
            finding.source = "derived"
            return finding
        for doc_index, index in ctx.documents:
            for doc_number in index.loose_numbers:  # "7,34", "120 000", "1530" among "0530"s
                if doc_number.measure is not None and mention.measure is None:
                    continue  # a log's "12m" or "00:14:40" supports "12 minutes", no bare 12
                if (values_match(mention, doc_number) and opposite_bound(mention, index.text, doc_number) is None
                        and moved_bound(mention, index.text, doc_number) is None):
                    finding.supported = True
                    finding.evidence = (doc_index, doc_number.start, doc_number.end)
                    finding.source = "document"
                    return finding
        row_time = csv_row_time(ctx, mention) if mention.measure in CLOCK_MEASURES else None
        if row_time is not None:  # "18:00-18:30 ... 2.12 kWh" for "2026-11-19,18:00,18:30,2.12"
            finding.supported = True
            finding.evidence = row_time
            finding.source = "document"
            return finding
        day = day_of_month(ctx, mention)
        if day is not None:  # "sails on the 7th" for a document's "07/11"
            finding.supported = True
            finding.evidence = day
            finding.source = "document"
            return finding
        if not mention.spelled or mention.measure is not None:  # ("two" alone is no difference)
            # a bound ("over £358,000") is read at its own value: a line's differences are many,
            # and a bound's slack (25%) would let one of two unrelated amounts stand for it
            exact = mention if mention.hedge is None or mention.hedge in HEDGE_APPROX else mention._replace(hedge=None)
            # "20 minutes" for "arrived 07:30, left 07:50"; "55 minutes in total" for "Prep 15 min | Cook 40 min"
            derived = _row_value(ctx, exact, lambda index: index.row_differences)
            if (derived is None and derivations is not None and (mention.measure or mention.unit)
                    and _named_total(ctx, derivations, mention)):
                derived = _row_value(ctx, exact, lambda index: index.row_sums)
            if derived is not None:
                finding.supported = True
                finding.evidence = derived
                finding.source = "derived"
                return finding
        rounded = rounded_evidence(ctx, mention) or hundredths_evidence(ctx, mention)
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
        code = initial_code(ctx, mention)
        if code is not None:  # "turn 6" for a race control sheet's "T6"
            finding.supported = True
            finding.evidence = code
            finding.source = "document"
            return finding
        if bounded is not None:
            return _bounded(ctx, finding, mention, bounded)
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
        # (the same value the other way, "+22 %" for "reduced by 22%", is the nearest that matters)
        if _direction(mention) is not None:
            near = next((n for _, index in ctx.documents for n in index.numbers if _turned_round(mention, n)), near)
        finding.nearest_value = near.text if near is not None else None
        hint = f" The documents give {near.text}." if near is not None else ""
        if near is not None and (turned := _turned_round(mention, near)) is not None:
            hint = f" The documents give {near.text}, a {turned[1]}; the answer says a {turned[0]}."
        finding.suggestion = f'"{mention.text}" not found in retrieved documents.{hint}'
        return finding


def _bounded(ctx: CheckContext, finding: Finding, mention: NumberMention, bounded: tuple[int, str, bool]) -> Finding:
    """``finding`` (unsupported) told that a document bounds the value the other way or, the same
    way, at another value: (document, its bound as written, the other way?)."""
    finding.nearest_value = bounded[1]
    how = "the value the other way" if bounded[2] else "another value"
    finding.suggestion = (f'"{written_bound(ctx.response, mention)}" bounds {how}: '
                          f'document {bounded[0]} says "{bounded[1]}".')
    return finding


def _direction(mention: NumberMention) -> Optional[str]:
    """"fall" or "rise" when a value is said to go down or up ("fell 3%", "-3%", "+3 %"), else None."""
    if mention.decline or mention.value < 0:
        return "fall"
    if mention.rise:
        return "rise"
    return None


def _turned_round(mention: NumberMention, near: NumberMention) -> Optional[tuple[str, str]]:
    """(the answer's direction, the document's) when the nearest document value is the answer's
    the other way ("reduced by 22%" against "+22 %"): the suggestion says so, where "The documents
    give 22 %" reads as no difference at all."""
    said, given = _direction(mention), _direction(near)
    if said is None or given is None or said == given or mention.unit != near.unit:
        return None
    return (said, given) if abs(abs(mention.value) - abs(near.value)) < 1e-9 else None


def given_value(ctx: CheckContext, mention: NumberMention) -> bool:
    """Does the numbers checker support ``mention`` (from a document, the question, or arithmetic
    on the answer's values it derives), computed values aside? (The operands of
    :mod:`raguard.checkers.computed`.)"""
    return NumbersChecker()._check_one(ctx, mention, Derivations.of(ctx), AnswerNames(ctx.response),
                                       SlashedPairs(ctx), compute=False).supported


def _row_value(ctx: CheckContext, mention: NumberMention,
               reading: Callable[[DocumentIndex], list[NumberMention]]) -> Optional[tuple[int, int, int]]:
    """(doc index, start, end) of the first value a document's ``reading`` gives (the differences
    or the sums of its lines' values) that matches ``mention``, or None."""
    for doc_index, index in ctx.documents:
        for value in reading(index):
            if values_match(mention, value):
                return doc_index, value.start, value.end
    return None


def _named_total(ctx: CheckContext, derivations: Derivations, mention: NumberMention) -> bool:
    """Does the answer's clause name ``mention`` a total ("55 minutes in total")?"""
    k = derivations.sentence_of(mention.start)
    return k is not None and names_total(ctx.response, derivations.sentences[k], mention)


def _bare_decimal(ctx: CheckContext, mention: NumberMention) -> Optional[tuple[int, int, int]]:
    """Evidence of a percentage with decimals (``mention``) that a document writes as the same
    bare decimal, no unit after it ("Alpha 13.1 is under last year's 14.2" for "13.1%", a bond's
    "4.125 03/31" for its 4.125% coupon): a share with decimals is no count of things, and a rate
    a note or a trade's shorthand gives without its sign is that rate. Exact: a rounding of
    another value needs the sign to be read as a share. Not a table's cell: there its column's
    header says what it is (a "%" column is read as such, see ``loose_numbers``)."""
    if mention.value == int(mention.value):
        return None
    for doc_index, index in ctx.documents:
        for doc_number in index.numbers:
            if (doc_number.value == mention.value and doc_number.unit is None and doc_number.measure is None
                    and not doc_number.spelled and "." in doc_number.text
                    and not _in_table_row(index.text, doc_number.start)):
                return doc_index, doc_number.start, doc_number.end
    return None


# a table's row: cells parted by a bar, a tab or a run of blanks
_CELL_GAP_RE = re.compile(r"\||\t|[ ]{2,}")


def _in_table_row(text: str, pos: int) -> bool:
    """Is ``pos`` on a line of ``text`` whose cells a bar, a tab or a run of blanks part?"""
    start = text.rfind("\n", 0, pos) + 1
    end = text.find("\n", pos)
    return _CELL_GAP_RE.search(text, start, len(text) if end < 0 else end) is not None
