"""Values in each other's place, or in another value's (readings of the placement checker).

"Brightwater scored 38.4 and Calloway 46.8" against a table's "Brightwater Services | 46.8" and
"Calloway FM | 38.4": both figures are the documents', so the numbers checker is satisfied, and
the answer restates no single sentence, so the placement checker's aligned reading does not
apply. What is wrong is which figure goes with which label.

A value's *labels* are the content words around it, at most ``REACH`` on each side, that are
not another value's: its stretch of text runs from the value before it to the value after it and
stops at the sentence's or the line's end, a bracket, a semicolon, a clause's comma or a
conjunction. The words between two values are split at the first conjunction ("$1 million per
occurrence and a $2 million aggregate", "60% to the landlord and 40% to the farm"), else at the
first preposition of a range or comparison or finite "be" or "have" ("120 units in March to
150", "51.2 was well above Ostrava's 43.7"): before it they are the first value's, after it the
second's, and without one, both values'.

The same reading is made of the answer and of each document place that gives the value (a
document's line, cut at its full stops); in a table written with pipes, a figure's column header
is one of its labels too ("Quality (/60)" over "51.2"), so two columns of one row are read as
well as two rows. The answer's value ``v`` is flagged when another value
``w`` of the same kind in its sentence is in ``v``'s place both ways:

- a word the answer gives ``v`` alone (not ``w``) is one the documents give ``w`` and never
  ``v`` ("Brightwater");
- and a word the answer gives ``w`` alone is one the documents give ``v`` and never ``w``
  ("Calloway").

"Gives" is read near the value (at most ``REACH`` words each side), "never gives" and "alone"
over its whole stretch: a word just beyond the reach on one side is still that value's.

Asking for both directions keeps a faithful answer's loose wording clear: a column's header,
which a table binds to every figure under it, or a clause's subject the answer writes beside its
first value and the document beside another, binds one way only; a word between two values
that nothing splits is both values' and so neither's alone. Hedged values ("about 40"),
values of different kinds (a share and a count), sentences listing more than ``MAX_VALUES``
values and values the documents give in more than ``MAX_PLACES`` places are not read.

The same labels read one number or date put where the documents give another
(:func:`moved_values`): "Primary carers get 26 weeks on full pay" against "Primary carers
receive 20 weeks on full pay. ... In total, a primary carer may take up to 26 weeks of leave".
The document place whose labels share the most with the answer value's (``MIN_MOVED_SHARED`` or
more, and more than any place that gives the value shares) gives another value of its kind, one
the answer does not give, and a word they share is one no document gives the answer's value
anywhere ("pay"). A date stands for a date that states the same parts (a day of a month for a
day of a month). Left alone: a line that gives both values (the words between two values of one
line may be either's), a range's end, a question, and a line that names someone else where the
answer's value is said of a name ("Dunmore approved ..." / "The Harwick council approved ...").

The labels read names too (:func:`swapped_names`, for the roles checker): two names of one answer
sentence each given words the documents give the other and never it ("The plovers breed in
Senegal and winter in Iceland" against "... breeding grounds in Iceland ... the winter on the
coast of Senegal"), also where no document sentence holds both. A name's places are where a
document writes it, not as a speaker's label ("Sam: I asked Greta": the turn is what Sam says).
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from typing import Any, Iterator, NamedTuple, Optional, Sequence, Union

from raguard.checkers.base import CheckContext, Finding, quote_for_message
from raguard.documents import DocumentIndex
from raguard.models import CONTRADICTED_CLAIM
from raguard.normalize.dates import DateMention, DateValue, supports
from raguard.normalize.numbers import NumberMention, glued_digits, values_match
from raguard.normalize.pipe_tables import tables as pipe_tables
from raguard.normalize.names import inner_name_stems
from raguard.normalize.spans import SpanIndex
from raguard.normalize.stems import content_stem, content_stems
from raguard.normalize.text import tokenize

#: How many content words on each side of a value are its labels (a row's name, "quality score
#: of"): further words are the clause's, said of all its values.
REACH = 3

#: A sentence with more values than this is a list: its values are not read against each other.
MAX_VALUES = 12

#: A value the documents give in more places than this (a table's recurring figure) is not read:
#: its labels would be many, and each place costs a reading.
MAX_PLACES = 32

# what closes a value's stretch of text as a value does: a bracket, a semicolon, a comma before a
# space (a clause's or a list's: not a thousands separator), and a conjunction ("$1 million per
# occurrence and a $2 million aggregate": the words before "and" are the first value's)
_MARK_RE = re.compile(r"[()\[\];]|,(?=\s)")
_CONJUNCTIONS = frozenset({"and", "or", "but", "while", "whereas"})
# ... and, in the words between two values, what splits them into the first one's and the
# second's: a conjunction, a preposition of a range or a comparison ("120 units in March to 150"),
# a finite "be" or "have" ("51.2 was well above Ostrava's 43.7")
_SPLITS = _CONJUNCTIONS | frozenset({"to", "from", "than", "against", "versus", "vs", "is", "was", "are",
                                     "were", "has", "have", "had"})
# a sentence's stop: a full stop, "!" or "?" before a space or the end (a decimal point is none)
_STOP_RE = re.compile(r"[.!?](?=\s|\Z)")


def swapped_values(ctx: CheckContext, findings: Sequence[Finding], checker: str,
                   places: Optional["_Places"] = None) -> Iterator[Finding]:
    """A ``contradicted_claim`` for each supported answer number in another's place (see the
    module docstring). ``findings``: the numbers checker's, read-only; ``places``: shared with
    :func:`moved_values` (see :func:`misplaced_values`)."""
    by_span = {(m.start, m.end): m for m in ctx.numbers}
    values = [(f, m) for f in findings
              if f.kind == "number" and f.supported and f.source == "document"
              and (m := by_span.get((f.start, f.end))) is not None and m.hedge is None]
    if len(values) < 2:
        return
    starts = [s for s, _ in ctx.sentences]
    by_sentence: dict[int, list[tuple[Finding, NumberMention]]] = {}
    for f, m in values:
        by_sentence.setdefault(bisect_right(starts, m.start) - 1, []).append((f, m))
    bounds: Optional[list[tuple[int, int]]] = None
    words: Optional[_Words] = None
    places = places or _Places(ctx)
    paired: set[frozenset[int]] = set()  # (a swap is told once, at the first of its two values)
    for k, group in by_sentence.items():
        if not 2 <= len(group) <= MAX_VALUES or k < 0:
            continue
        if bounds is None or words is None:
            bounds = sorted({(m.start, m.end) for m in ctx.numbers if not m.trivial})
            words = _Words(ctx.token_starts, [t.norm for t in ctx.token_list], ctx.token_stems)
        lo, hi = ctx.sentences[k]
        labels = [_labels(ctx.response, words, m.start, m.end, lo, hi, bounds) for _, m in group]
        for i, (finding, v) in enumerate(group):
            for j, (_, w) in enumerate(group):
                if i == j or not _same_kind(v, w) or _same_value(v, w) or frozenset((v.start, w.start)) in paired:
                    continue
                own = labels[i].near - labels[j].wide
                if not own:
                    continue
                given_v, given_w = places.of(v), places.of(w)
                if given_v is None or given_w is None:
                    continue
                place = _in_each_others_place(own, labels[j].near - labels[i].wide, given_v, given_w)
                if place is None:
                    continue
                paired.add(frozenset((v.start, w.start)))
                yield _swap_finding(ctx, finding, "placement", CONTRADICTED_CLAIM, checker, v.text, w.text, w.text,
                                    place)
                break


def _in_each_others_place(own: frozenset[str], theirs: frozenset[str], given_v: "_Given",
                          given_w: "_Given") -> Optional["_Place"]:
    """The place the documents give ``w`` with words of ``v``'s (``own``: words the answer gives
    ``v`` and not ``w``; ``theirs``: the converse), when each is in the other's place: a word of
    ``own`` the documents give ``w`` and never ``v``, and a word of ``theirs`` they give ``v`` and
    never ``w``; else None."""
    if not (own & given_w.near) - given_v.wide or not (theirs & given_v.near) - given_w.wide:
        return None
    return next(p for p in given_w.places if (own & p.labels.near) - given_v.wide)


def _swap_finding(ctx: CheckContext, at: Finding, kind: str, warning_type: str, checker: str,
                  said: str, other: str, given: str, place: "_Place") -> Finding:
    """The finding on ``at`` (the answer's ``said``) put in the place of ``other``, which the
    document at ``place`` gives as ``given`` (its line quoted)."""
    index = ctx.documents.indexes[place.doc_index]
    s_lo, s_hi = _sentence(index.text, place.start)
    return Finding(
        kind=kind, warning_type=warning_type, start=at.start, end=at.end, text=at.text, supported=False,
        value=f"swapped: {said} / {other}", nearest_value=other, checker=checker,
        suggestion=(f'The answer puts "{said}" and "{other}" in each other\'s place: document {place.doc_index} '
                    f'gives "{given}" there: "{quote_for_message(index.text[s_lo:s_hi], 100)}"'),
    )


def _same_kind(a: NumberMention, b: NumberMention) -> bool:
    return a.unit == b.unit and a.measure == b.measure


def _same_value(a: NumberMention, b: NumberMention) -> bool:
    """Could the two be one value (either sign, within either's rounding; a "3.2m" read as a
    million is also its bare digits, metres: :func:`glued_digits`)? Two such are no swap."""
    if _within(a, b):
        return True
    if a.text.endswith("m") or b.text.endswith("m"):
        return any(bare is not None and _within(x, bare) for x, bare in ((a, glued_digits(b)), (b, glued_digits(a))))
    return False


def _within(a: NumberMention, b: NumberMention) -> bool:
    return abs(abs(a.value) - abs(b.value)) <= max(a.precision, b.precision) + 1e-9 * max(1.0, abs(a.value))


class _Labels(NamedTuple):
    """A value's labels: ``near``, at most ``REACH`` content words on each side; ``wide``, every
    content word of its stretch (a word is another value's only when it is not this one's at all)."""

    near: frozenset[str]
    wide: frozenset[str]


class _Place(NamedTuple):
    doc_index: int
    start: int
    labels: _Labels


class _Given(NamedTuple):
    """Every place the documents give a value, and the union of their labels."""

    places: list[_Place]
    near: frozenset[str]
    wide: frozenset[str]


class _Words(NamedTuple):
    """A text's tokens as columns: where each starts, its folded word, and its content stem (None:
    no content word; the column is None for a document's, stemmed where read)."""

    starts: Sequence[int]
    norms: Sequence[str]
    stems: Optional[Sequence[Optional[str]]]


class _Places:
    """Where the documents give a value, with that place's labels, read once per value."""

    def __init__(self, ctx: CheckContext) -> None:
        self.ctx = ctx
        self._found: dict[tuple[Any, ...], Optional[_Given]] = {}
        self._read: dict[int, tuple[list[tuple[int, int]], _Words, list[_Cell]]] = {}

    def of(self, mention: NumberMention) -> Optional[_Given]:
        """The places the documents give ``mention``'s value (None: none does, or more than
        ``MAX_PLACES``)."""
        key = (mention.value, mention.unit, mention.measure)
        if key not in self._found:
            # (values_match is asked only of a value that could equal this one: an unhedged value
            # in the same unit differs from it by less than its rounding, whatever the sign)
            size, slack = abs(mention.value), mention.precision + 1e-6 * max(1.0, abs(mention.value))
            any_size = mention.measure is not None
            self._found[key] = self._gather(
                ((doc_index, index, d) for doc_index, index in self.ctx.documents for d in index.numbers
                 if (any_size or abs(abs(d.value) - size) <= slack) and values_match(mention, d)), dated=False)
        return self._found[key]

    def of_date(self, mention: DateMention) -> Optional[_Given]:
        """The places the documents give a date that states ``mention``'s (None: none does, or
        more than ``MAX_PLACES``)."""
        key = ("date", mention.value)
        if key not in self._found:
            self._found[key] = self._gather(
                ((doc_index, index, d) for doc_index, index in self.ctx.documents for d in index.dates
                 if supports(d.value, mention.value)), dated=True)
        return self._found[key]

    def _gather(self, found: Iterator[tuple[int, DocumentIndex, "_Value"]], dated: bool) -> Optional[_Given]:
        """The places of the mentions ``found``, each with its labels (a table's column header
        labels every figure under it); None for none or more than ``MAX_PLACES``."""
        places: list[_Place] = []
        for doc_index, index, d in found:
            if len(places) == MAX_PLACES:
                return None
            read = self._read_doc(doc_index, index, dated=dated)
            lo, hi = _sentence(index.text, d.start)
            labels = _labels(index.text, read[1], d.start, d.end, lo, hi, read[0])
            header = _header_of(read[2], d.start)
            if header:
                labels = _Labels(labels.near | header, labels.wide | header)
            places.append(_Place(doc_index, d.start, labels))
        if not places:
            return None
        return _Given(places, frozenset().union(*(p.labels.near for p in places)),
                      frozenset().union(*(p.labels.wide for p in places)))

    def _read_doc(self, doc_index: int, index: DocumentIndex,
                  dated: bool = False) -> tuple[list[tuple[int, int]], _Words, list[_Cell]]:
        """A document's value spans (with its dates' when ``dated``: a date's stretch ends at the
        next date), its tokens and its tables' cells, read once per call."""
        read = self._read.get(doc_index)
        if read is None:
            tokens = index.tokens
            read = self._read[doc_index] = (
                sorted({(n.start, n.end) for n in index.numbers if not n.trivial}),
                _Words(tokens.token_starts, tokens.norms, None),
                _cells(index.text) if "|" in index.text else [])
        if dated:
            with_dates = self._read.get(-1 - doc_index)
            if with_dates is None:
                spans = sorted(set(read[0]) | {(d.start, d.end) for d in index.dates})
                with_dates = self._read[-1 - doc_index] = (spans, read[1], read[2])
            return with_dates
        return read


class _Cell(NamedTuple):
    start: int
    end: int
    header: frozenset[str]  # its column header's stems


def _cells(text: str) -> list[_Cell]:
    """The cells of a document's pipe tables under a header row, each with its column header's
    stems, in order."""
    out: list[_Cell] = []
    for table in pipe_tables(text):
        if table.header is None:
            continue
        header = [frozenset(st for t in tokenize(cell.text) if (st := content_stem(t.norm)) is not None)
                  for cell in table.header.cells]
        for row in table.body():
            out.extend(_Cell(a, b, h) for (a, b, _), h in zip(row.cells, header) if h)
    return out


def _header_of(cells: Sequence[_Cell], at: int) -> frozenset[str]:
    """The column header's stems of the cell holding ``at`` (none outside a table's cells)."""
    k = bisect_right(cells, (at, _AFTER_ALL)) - 1  # (the last cell starting at or before it)
    return cells[k].header if k >= 0 and cells[k].start <= at < cells[k].end else frozenset()


_AFTER_ALL = 1 << 62


def _sentence(text: str, at: int) -> tuple[int, int]:
    """The line around ``at``, cut at a sentence's stop. (Not the document's sentence index: a
    line that starts in lower case is read there as a hard-wrapped sentence going on, and a
    table's rows would run together.)"""
    lo = text.rfind("\n", 0, at) + 1
    hi = text.find("\n", at)
    hi = len(text) if hi < 0 else hi
    for stop in _STOP_RE.finditer(text, lo, at):
        lo = stop.end()
    end = _STOP_RE.search(text, at, hi)
    return lo, hi if end is None else end.start()


def _labels(text: str, words: _Words, start: int, end: int, lo: int, hi: int,
            bounds: Sequence[tuple[int, int]]) -> _Labels:
    """The labels of the value at [start, end) of ``text`` (``words``: its tokens): the content
    words from the value before it to the value after it (``bounds``: every value's span,
    sorted), within [lo, hi) and the nearest cut (:data:`_MARK_RE`, :data:`_CONJUNCTIONS`); the
    words between two values split at the first of :data:`_SPLITS`."""
    i = bisect_left(bounds, (start, end))
    opens = max(lo, bounds[i - 1][1]) if i > 0 else lo
    after_value = i > 0 and opens == bounds[i - 1][1]
    i += i < len(bounds) and bounds[i] == (start, end)
    closes = min(hi, bounds[i][0]) if i < len(bounds) else hi
    before_value = i < len(bounds) and closes == bounds[i][0]
    for mark in _MARK_RE.finditer(text, opens, start):
        opens, after_value = mark.end(), False
    first = _MARK_RE.search(text, end, closes)
    if first is not None:
        closes, before_value = first.start(), False
    starts, norms = words.starts, words.norms
    i, j = bisect_left(starts, opens), bisect_left(starts, start)
    if after_value:  # (a stretch between two values: the words after its split are this one's)
        i = _split(norms, i, j, i - 1) + 1
    else:
        i = next((k + 1 for k in range(j - 1, i - 1, -1) if norms[k] in _CONJUNCTIONS), i)
    before = range(i, j)
    i, j = bisect_left(starts, end), bisect_left(starts, closes)
    if before_value:
        j = _split(norms, i, j, j)
    else:
        j = next((k for k in range(i, j) if norms[k] in _CONJUNCTIONS), j)
    after = range(i, j)
    stems = words.stems
    if stems is None:
        left = [s for k in before if (s := content_stem(norms[k])) is not None]
        right = [s for k in after if (s := content_stem(norms[k])) is not None]
    else:
        left = [s for k in before if (s := stems[k]) is not None]
        right = [s for k in after if (s := stems[k]) is not None]
    return _Labels(frozenset(left[-REACH:] + right[:REACH]), frozenset(left + right))


def _split(norms: Sequence[str], i: int, j: int, none: int = -1) -> int:
    """Where the words ``norms[i:j]`` between two values split (``none`` when nothing does): at
    the first conjunction, which sets two items side by side ("66.67% to the landlord and 33.33%
    to the farm"), else at the first other word of :data:`_SPLITS` ("120 in March to 150")."""
    first = none
    for k in range(i, j):
        if norms[k] in _CONJUNCTIONS:
            return k
        if first == none and norms[k] in _SPLITS:
            first = k
    return first


#: Label words the other value's place must share with the answer's value (more than any place
#: of the answer's value shares, and one of them a word no document gives that value).
MIN_MOVED_SHARED = 3


def misplaced_values(ctx: CheckContext, findings: Sequence[Finding], checker: str,
                     skip: frozenset[int] = frozenset()) -> Iterator[Finding]:
    """:func:`swapped_values`, then :func:`moved_values` for the values not flagged (``skip``:
    starts already flagged), reading each value's places once."""
    places = _Places(ctx)
    flagged = set(skip)
    for found in swapped_values(ctx, findings, checker, places):
        if found.start not in flagged:
            flagged.add(found.start)
            yield found
    yield from moved_values(ctx, findings, checker, frozenset(flagged), places)


def moved_values(ctx: CheckContext, findings: Sequence[Finding], checker: str,
                 skip: frozenset[int] = frozenset(), places: Optional[_Places] = None) -> Iterator[Finding]:
    """A ``contradicted_claim`` for each supported answer number or date put where the documents
    give another value: the document place whose near labels share the most of the answer
    value's (``MIN_MOVED_SHARED`` or more, and more than any place that gives the value) gives
    another value of its kind, one the answer does not give, in a line that holds the names
    of the value's stretch or names no one else, and one of the words they share no document gives the answer's
    value anywhere ("Primary carers get 26 weeks on full pay" where
    the documents give primary carers 20 weeks on full pay, and 26 weeks of leave in all;
    "Version 3.4.0 was released on 22 April" where the release notes give 3.4.0 2 June and an
    earlier version 22 April). ``skip``: starts of values already flagged."""
    places = places or _Places(ctx)
    numbers = {(m.start, m.end): m for m in ctx.numbers}
    dates = {(m.start, m.end): m for m in ctx.dates}
    values: list[tuple[Finding, _Value]] = []
    for f in findings:
        if not f.supported or f.source != "document" or f.start in skip:
            continue
        if f.kind == "number":
            m = numbers.get((f.start, f.end))
            if m is not None and m.hedge is None and not m.trivial:
                values.append((f, m))
        elif f.kind == "date":
            date = dates.get((f.start, f.end))
            if date is not None and date.form != "year" and not date.value.decade:
                values.append((f, date))
    if not values:
        return
    starts = [s for s, _ in ctx.sentences]
    bounds: Optional[list[tuple[int, int]]] = None
    words: Optional[_Words] = None
    answer_values: list[_Value] = [*ctx.numbers, *ctx.dates]
    sorted_values: dict[tuple[int, bool], tuple[list[_Value], list[int]]] = {}  # by document and kind, read once
    sentence_names: dict[int, frozenset[str]] = {}  # the names of each answer sentence read
    for finding, v in values:
        k = bisect_right(starts, v.start) - 1
        if k < 0 or _in_range(ctx.response, v):
            continue
        if bounds is None or words is None:
            dated = SpanIndex(sorted((d.start, d.end) for d in ctx.dates))
            bounds = sorted({(m.start, m.end) for m in ctx.numbers if not m.trivial and not dated.holds(m.start, m.end)}
                            | {(d.start, d.end) for d in ctx.dates})  # (a date's digits are no value of their own)
            # (stemmed where read: the answer's every stem is more than a few values' labels need)
            words = _Words(ctx.token_starts, [t.norm for t in ctx.token_list], None)
        lo, hi = ctx.sentences[k]
        labels = _labels(ctx.response, words, v.start, v.end, lo, hi, bounds)
        near = labels.near
        if len(near) < MIN_MOVED_SHARED:
            continue
        # (the other values that could be it, found from the sentence index before the value's
        # own places are read: most values have none)
        candidates = _candidates(ctx, v, near, answer_values, sorted_values)
        if not candidates:
            continue
        given_v = places.of(v) if isinstance(v, NumberMention) else places.of_date(v)
        if given_v is None:
            continue
        own = near - given_v.wide
        if not own:
            continue
        best = max(len(near & p.labels.near) for p in given_v.places)
        need = max(best + 1, MIN_MOVED_SHARED)
        names = sentence_names.get(k)
        if names is None:
            names = sentence_names[k] = frozenset(inner_name_stems(ctx.response[lo:hi]))
        for doc_index, d, s_lo, s_hi in candidates:
            if any(p.doc_index == doc_index and s_lo <= p.start < s_hi for p in given_v.places):
                continue  # a line giving both values: the words between them may be either's
            index = ctx.documents.indexes[doc_index]
            line = index.text[s_lo:s_hi]
            if not (labels.wide & names) <= content_stems(line) and inner_name_stems(line) - names:
                continue  # the line names another in place of a name of the value's stretch: about something else
            read = places._read_doc(doc_index, index, dated=isinstance(v, DateMention))
            d_near = _labels(index.text, read[1], d.start, d.end, s_lo, s_hi, read[0]).near | _header_of(read[2], d.start)
            if len(near & d_near) >= need and own & d_near:
                yield Finding(
                    kind="placement", warning_type=CONTRADICTED_CLAIM, start=finding.start, end=finding.end,
                    text=finding.text, supported=False, value=f"moved: {v.text} / {d.text}",
                    nearest_value=d.text, checker=checker,
                    suggestion=(f'The answer gives "{v.text}" where document {doc_index} gives "{d.text}": '
                                f'"{quote_for_message(index.text[s_lo:s_hi], 100)}"'),
                )
                break


#: A value the moved-value reading reads: a number or a date.
_Value = Union[NumberMention, DateMention]


def _kin(a: _Value, b: _Value) -> bool:
    """Could ``b`` stand in ``a``'s place: a number in the same unit and measure, or a date
    stating the same parts (a day of a month for a day of a month, a weekday for a weekday)?"""
    if isinstance(a, NumberMention):
        return isinstance(b, NumberMention) and _same_kind(a, b)
    return isinstance(b, DateMention) and _parts(a.value) == _parts(b.value)


def _parts(value: DateValue) -> tuple[bool, ...]:
    return (value.year is None, value.month is None, value.day is None, value.weekday is None)


def _alike(a: _Value, b: _Value) -> bool:
    """Could the two be one value (a number within either's rounding, a date one states of the
    other)?"""
    if isinstance(a, NumberMention):
        return isinstance(b, NumberMention) and _same_value(a, b)
    return isinstance(b, DateMention) and (supports(a.value, b.value) or supports(b.value, a.value))


def _candidates(ctx: CheckContext, v: _Value, near: frozenset[str], answer_values: Sequence[_Value],
                sorted_values: dict[tuple[int, bool], tuple[list[_Value], list[int]]],
                ) -> list[tuple[int, _Value, int, int]]:
    """The document values that could be in ``v``'s place: of its kind, not its value nor one the
    answer gives, in a sentence of the sentence index holding ``MIN_MOVED_SHARED`` of the words
    ``near``, each with its document and its line's span (:func:`_sentence`). Left alone: a
    range's end ("1–7 yrs") and a value in a question ("in forty fields?" asks, it states nothing).
    ``sorted_values``: each document's values of a kind in order and their starts, filled when first read."""
    out: list[tuple[int, _Value, int, int]] = []
    dated = isinstance(v, DateMention)
    for doc_index, index in ctx.documents:
        spans, by_stem = index.sentence_index
        counts: dict[int, int] = {}
        for s in near:
            for n in by_stem.get(s, ()):
                counts[n] = counts.get(n, 0) + 1
        held = sorted(spans[n] for n, c in counts.items() if c >= MIN_MOVED_SHARED)
        if not held:
            continue
        ordered = sorted_values.get((doc_index, dated))
        if ordered is None:  # (a document's values are mostly in order: compound measures follow)
            found: list[_Value] = sorted(index.dates if dated else index.numbers, key=lambda d: d.start)
            ordered = sorted_values[(doc_index, dated)] = (found, [d.start for d in found])
        doc_values, value_starts = ordered
        for a, b in held:
            for d in doc_values[bisect_left(value_starts, a):bisect_left(value_starts, b)]:
                if (isinstance(d, NumberMention) and (d.trivial or d.hedge is not None)) or not _kin(v, d) \
                        or _alike(v, d) or any(_alike(m, d) for m in answer_values) or _in_range(index.text, d):
                    continue
                s_lo, s_hi = _sentence(index.text, d.start)
                if not index.text.startswith("?", s_hi):
                    out.append((doc_index, d, s_lo, s_hi))
    return out


_RANGE_DASHES = "-–—"


def _in_range(text: str, m: _Value) -> bool:
    """Is the value one end of a range written with a dash ("1–7 yrs", "35-40 g")?"""
    before, after = text[max(0, m.start - 2):m.start].rstrip(), text[m.end:m.end + 2].lstrip()
    return ((before[-1:] in _RANGE_DASHES and before[-2:-1].isdigit() if before else False)
            or (after[:1] in _RANGE_DASHES and after[1:2].isdigit() if after else False))


def swapped_names(ctx: CheckContext, names: Sequence[Finding], checker: str, warning_type: str,
                  skip: frozenset[int] = frozenset()) -> Iterator[Finding]:
    """Two names of one answer sentence, each in the other's place: the labels reading of
    :func:`swapped_values` made of names ("The plovers breed in Senegal and winter in Iceland"
    against "... leave their breeding grounds in Iceland each August. They spend the winter on
    the coast of Senegal"), for a ``warning_type`` finding of ``checker`` on the first.
    ``names``: the entities checker's supported names, in order (``skip``: starts already
    flagged); a name's places are the word-bounded occurrences of the text a document gives it
    as (its evidence), but not a speaker's label ("Sam: I asked Greta" says nothing of Sam)."""
    found_names: list[Finding] = []
    for f in names:  # (one name per start, the longest: "Russia" and "Russia's" are one)
        if f.evidence is None or f.start in skip:
            continue
        if found_names and found_names[-1].start == f.start:
            if f.end > found_names[-1].end:
                found_names[-1] = f
            continue
        found_names.append(f)
    if len(found_names) < 2:
        return
    starts = [s for s, _ in ctx.sentences]
    by_sentence: dict[int, list[Finding]] = {}
    for f in found_names:
        by_sentence.setdefault(bisect_right(starts, f.start) - 1, []).append(f)
    groups = [(k, g) for k, g in by_sentence.items() if k >= 0 and 2 <= len(g) <= MAX_VALUES]
    if not groups:
        return
    words = _Words(ctx.token_starts, [t.norm for t in ctx.token_list], ctx.token_stems)
    values = sorted({(m.start, m.end) for m in ctx.numbers if not m.trivial} | {(d.start, d.end) for d in ctx.dates})
    places = _NamePlaces(ctx)
    paired: set[frozenset[str]] = set()
    for k, group in groups:
        lo, hi = ctx.sentences[k]
        bounds = sorted(set(values) | {(f.start, f.end) for f in group})
        written = [_doc_form(ctx, f) for f in group]
        labels = [_labels(ctx.response, words, f.start, f.end, lo, hi, bounds) for f in group]
        for i, v in enumerate(group):
            for j, w in enumerate(group):
                pair = frozenset((written[i].lower(), written[j].lower()))
                if i == j or len(pair) < 2 or pair in paired:
                    continue
                own, theirs = labels[i].near - labels[j].wide, labels[j].near - labels[i].wide
                if not own or not theirs:
                    continue
                # (the other name's places first: most pairs end there, before this one's are read)
                given_w = places.of(written[j], written)
                if given_w is None or not own & given_w.near:
                    continue
                given_v = places.of(written[i], written)
                place = None if given_v is None else _in_each_others_place(own, theirs, given_v, given_w)
                if place is None:
                    continue
                paired.add(pair)
                yield _swap_finding(ctx, v, "role", warning_type, checker, v.text, w.text, written[j], place)
                break


def _doc_form(ctx: CheckContext, name: Finding) -> str:
    """The text a document gives a name as (its evidence)."""
    assert name.evidence is not None
    doc_index, start, end = name.evidence
    return ctx.documents.indexes[doc_index].text[start:end]


class _NamePlaces:
    """Where the documents give a name (its written form, word-bounded), with each place's labels."""

    def __init__(self, ctx: CheckContext) -> None:
        self.ctx = ctx
        self._found: dict[tuple[str, tuple[str, ...]], Optional[_Given]] = {}

    def of(self, name: str, others: Sequence[str]) -> Optional[_Given]:
        """The places of ``name`` with their labels, its stretches bounded by ``others`` (the
        names of its answer sentence); None for none or more than ``MAX_PLACES``."""
        key = (name, tuple(others))
        if key in self._found:
            return self._found[key]
        places: list[_Place] = []
        result: Optional[_Given] = None
        for doc_index, index in self.ctx.documents:
            text = index.text
            # (the names' places bound each other's stretches; a document's numbers and dates are
            # not read for this: most calls that name two people give no value)
            bounds = sorted({span for other in others for span in _occurrences(text, other)})
            tokens = index.tokens
            words = _Words(tokens.token_starts, tokens.norms, None)
            for start, end in _occurrences(text, name):
                if _SPEAKER_AFTER_RE.match(text, end):
                    continue  # "Tom: I asked Jenny": a turn's words are what Tom says, not labels of Tom
                if len(places) == MAX_PLACES:
                    self._found[key] = None
                    return None
                lo, hi = _sentence(text, start)
                places.append(_Place(doc_index, start, _labels(text, words, start, end, lo, hi, bounds)))
        if places:
            result = _Given(places, frozenset().union(*(p.labels.near for p in places)),
                            frozenset().union(*(p.labels.wide for p in places)))
        self._found[key] = result
        return result


# a speaker's label after a name: "Tom: ...", "Tom (host): ..."
_SPEAKER_AFTER_RE = re.compile(r"[ \t]*(?:\([^()\n]{1,30}\)[ \t]*)?:")


def _occurrences(text: str, name: str) -> list[tuple[int, int]]:
    """Word-bounded spans of ``name`` in ``text`` (as written)."""
    out = []
    at = text.find(name)
    while at >= 0:
        end = at + len(name)
        if (at == 0 or not text[at - 1].isalnum()) and (end == len(text) or not text[end].isalnum()):
            out.append((at, end))
        at = text.find(name, end)
    return out
