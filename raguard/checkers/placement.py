"""Placement checker: a value the documents give, but not where the answer puts it.

"The Harwick council approved the budget on Tuesday" against "The Harwick council approved the
budget on Wednesday. ... On Tuesday, residents protested outside": the dates checker finds
"Tuesday" in the document and is satisfied, yet the sentence the answer restates gives another
day in the same place. A common slip of a model restating a document: a number, a date taken from
a neighbouring sentence.

For each number and date the other checkers found supported, in an answer sentence that the
alignment pass (:mod:`raguard.align`) ties closely to a document sentence (``min_alignment``), the
value is flagged (``contradicted_claim``) when that sentence does not give it but gives another
value of the same kind in the same place (for an amount of money, one in its currency): the
content word right before the two values, or right after them (past a unit of measure, which
is part of the value), is the same ("approved the budget on *Tuesday*" / "approved the budget
on *Wednesday*"), and the document sentence holds every name of the answer's (it is about the
same thing). Left alone: a value the restated
sentence gives anywhere (a number of the other sign too: "costs you 5 points" says "-5 points"
in words), a value whose own
document sentence has the same word next to it (the document says it there too), and a value
the answer also gives the other one of (a comparison, a range: "from 12 to 15"), and a
restated sentence that asks ("buried in forty fields?" states nothing; it may be answered
"forty-two").

Its second reading is of two values the answer gives, each in the other's place: "Brightwater
scored 38.4 and Calloway 46.8" against a table's rows "Brightwater Services | 46.8" and "Calloway
FM | 38.4", or "6.1%, not the 6.8% reported before" against "is 6.8% (previously reported as
6.1%)". Each value is read with the words right around it, in the answer and wherever a document
gives it; a value whose words the documents give the other value, and never this one, while the
other's words they give this one, is flagged once for the pair
(:mod:`raguard.checkers.value_swaps`). No alignment is asked: a table is restated by no sentence.
Its third reading, of the same labels, is of one number or date put where the documents give
another: the document place that shares the most words around the value with the answer gives
another value ("Primary carers get 26 weeks on full pay" where the documents give primary carers
20 weeks on full pay, and 26 weeks of leave in all).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from typing import Iterator, Optional, Sequence, Union

from pydantic import Field

from raguard.align import SentenceAlignment
from raguard.checkers.base import CheckContext, Finding, quote_for_message
from raguard.checkers.settings import CheckerConfig
from raguard.checkers.value_swaps import misplaced_values
from raguard.documents import DocumentIndex
from raguard.models import CONTRADICTED_CLAIM
from raguard.normalize.dates import DateMention, supports
from raguard.normalize.names import inner_name_stems
from raguard.normalize.measures import MEASURES, same_dimension
from raguard.normalize.numbers import CLOCK_MEASURES, NumberMention, values_match
from raguard.normalize.stems import content_stem, content_stems
from raguard.normalize.text import tokenize

#: The alignment support an answer sentence needs before its values are read against the
#: sentence it restates: most of its words, so it says what that sentence says.
DEFAULT_MIN_ALIGNMENT = 0.6

_Mention = Union[NumberMention, DateMention]


class PlacementConfig(CheckerConfig):
    """Options of the placement checker (see the module docstring)."""

    min_alignment: float = Field(default=DEFAULT_MIN_ALIGNMENT, ge=0, le=1, description="a number from 0 to 1")


class PlacementChecker:
    name = "placement"
    warning_type = CONTRADICTED_CLAIM
    default_severity = "high"
    provides = ("placement",)
    requires = ("date", "number")

    Config = PlacementConfig

    def __init__(self, config: Optional[PlacementConfig] = None) -> None:
        self.config = config or PlacementConfig()

    def review(self, ctx: CheckContext, findings: Sequence[Finding]) -> Iterator[Finding]:
        values = [f for f in findings if f.kind in ("number", "date") and f.supported
                  and f.source == "document" and f.evidence is not None]
        if not values or len(ctx.documents) == 0:
            return
        alignment = ctx.alignment
        starts = [a.start for a in alignment]
        call = _Call(_values(ctx))  # what one call reads once (not on self: checkers are shared)
        mentions: dict[tuple[int, int], _Mention] = {(m.start, m.end): m for m in call.values}
        flagged = set()
        for finding in values:
            k = bisect_right(starts, finding.start) - 1
            if k < 0 or finding.start >= alignment[k].end:
                continue
            sentence = alignment[k]
            mention = mentions.get((finding.start, finding.end))
            if (mention is None or sentence.doc_index < 0 or sentence.best_span is None
                    or sentence.support < self.config.min_alignment):
                continue
            found = self._misplaced(ctx, finding, mention, sentence, call)
            if found is not None:
                flagged.add(found.start)
                yield found
        yield from misplaced_values(ctx, values, self.name, frozenset(flagged))

    def _misplaced(self, ctx: CheckContext, finding: Finding, mention: _Mention,
                   sentence: SentenceAlignment, call: "_Call") -> Optional[Finding]:
        index = ctx.documents.indexes[sentence.doc_index]
        lo, hi = sentence.best_span  # type: ignore[misc]
        if index.text[lo:hi].rstrip().endswith("?"):
            return None  # a question states nothing ("in forty fields?" may be answered "forty-two")
        doc_values: Sequence[_Mention] = index.numbers if isinstance(mention, NumberMention) else index.dates
        # the other values of the kind in the sentence it restates (cheap checks first: most
        # sentences give the answer's value, or no other)
        others = []
        for d in doc_values:
            if lo <= d.start < hi:
                set_aside = _denied_value(index.text, d.start)
                if (_same(mention, d, either_sign=True) or _bare_same(mention, d)) and not set_aside:
                    return None  # given there: nothing misplaced (a second aligned sentence is
                    # not asked: one that adds just this value is how a misplaced one is joined)
                if _kin(mention, d) and not _part_of(mention, d) and not set_aside:
                    others.append(d)
        if not others:
            return None
        measured = isinstance(mention, NumberMention) and mention.measure is not None
        before, after = _neighbours(ctx.response, finding.start, finding.end, measured)
        if before is None and after is None:
            return None
        # the sentence is about what the aligned one is about: it holds every name the answer's does
        names = call.names.get(sentence.start)
        if names is None:
            names = call.names[sentence.start] = inner_name_stems(_without_values(ctx.response, sentence, call.values))
        if not names <= content_stems(index.text[lo:hi]):
            return None
        # the value's own document sentence has the same word beside it: it is said there too
        # (with both words, when the other value has both: "brought out three people" does not
        # say what "killing at least two people" does of "killed at least three people")
        evidence = finding.evidence
        assert evidence is not None
        own = _beside(ctx.documents.indexes[evidence[0]], evidence[1], evidence[2], before, after, measured)
        if own == 2:
            return None
        for other in others:
            key = (sentence.doc_index, other.start, other.end)
            given = call.given.get(key)
            if given is None:
                given = call.given[key] = any(_same(m, other) for m in call.values if type(m) is type(mention))
            if given:
                continue  # the answer gives that one too: a comparison, a range
            d_before, d_after = _neighbours(index.text, other.start, other.end, measured)
            alike = (before is not None and before == d_before) + (after is not None and after == d_after)
            if alike > own and (own == 0 or not _said_beside(ctx, mention, before, after, measured, alike)):
                doc_sentence = index.text[lo:hi]
                return Finding(
                    kind="placement", warning_type=CONTRADICTED_CLAIM, start=finding.start, end=finding.end,
                    text=finding.text, supported=False, value=f"placed: {finding.text} / {other.text}",
                    nearest_value=other.text, checker=self.name,
                    suggestion=(f'The answer gives "{finding.text}" where document {sentence.doc_index} '
                                f'gives "{other.text}": "{quote_for_message(doc_sentence, 100)}"'),
                )
        return None


class _Call:
    """What one review reads once: the answer's values, each answer sentence's names, and whether
    the answer gives a document value too."""

    def __init__(self, values: list[_Mention]) -> None:
        self.values = values
        self.names: dict[int, set[str]] = {}
        self.given: dict[tuple[int, int, int], bool] = {}


def _without_values(text: str, sentence: SentenceAlignment, values: list[_Mention]) -> str:
    """The sentence's text with its values blanked (a weekday or a month is a value, not a name),
    built in one pass."""
    pieces, at = [], sentence.start
    for m in sorted((m for m in values if sentence.start <= m.start and m.end <= sentence.end),
                    key=lambda m: m.start):
        if m.start < at:
            continue
        pieces.append(text[at:m.start])
        pieces.append(" " * (m.end - m.start))
        at = m.end
    pieces.append(text[at:sentence.end])
    return "".join(pieces)


def _values(ctx: CheckContext) -> list[_Mention]:
    """The answer's numbers and dates."""
    out: list[_Mention] = list(ctx.numbers)
    out.extend(ctx.dates)
    return out


def _same(claim: _Mention, doc: _Mention, either_sign: bool = False) -> bool:
    """Does the document mention state the answer's value? With ``either_sign``, a number of the
    other sign is its value too: the sign is often said in words ("a late list costs you 5 points"
    for "-5 points"; "fell 3%" for "-3%"), and a change's direction is the direction checker's to read."""
    if isinstance(claim, NumberMention):
        return isinstance(doc, NumberMention) and (
            values_match(claim, doc)
            or (either_sign and (claim.value < 0) != (doc.value < 0)
                and values_match(claim._replace(value=-claim.value), doc)))
    return isinstance(doc, DateMention) and supports(doc.value, claim.value)


# what sets a value aside as no longer or never the one ("moved to 10:30 (not 10:15)", "now £40
# instead of £35")
# (not a bare "was": "the total was £40" gives £40)
_SET_ASIDE_RE = re.compile(r"(?:\bnot|\bno[ \t]+longer|\binstead[ \t]+of|\brather[ \t]+than|\bformerly|\bpreviously)[ \t]*$",
                           re.IGNORECASE)


def _denied_value(text: str, start: int) -> bool:
    """Is the value at ``start`` one its sentence sets aside, right after "not", "instead of",
    "rather than", "previously"...? It is then no other value the document gives in its place."""
    return _SET_ASIDE_RE.search(text, max(0, start - 16), start) is not None


def _bare_same(claim: _Mention, doc: _Mention) -> bool:
    """Is the document's value the answer's written without its unit ("protein 11.4" for the
    answer's "11.4%")? A value without its sign is no other value."""
    return (isinstance(claim, NumberMention) and isinstance(doc, NumberMention) and doc.unit is None
            and doc.measure is None and claim.unit is not None and doc.value == claim.value)


def _part_of(claim: _Mention, doc: _Mention) -> bool:
    """Is the document's date a part of the answer's, every part it gives the same ("Friday" of
    "ready from Friday 7th" for the answer's "Friday 7 March")? It is then no other value."""
    if not isinstance(claim, DateMention) or not isinstance(doc, DateMention):
        return False
    parts = [(c, d) for c, d in zip(claim.value.derived(), doc.value) if d is not None]
    return bool(parts) and all(c == d for c, d in parts)


def _kin(claim: _Mention, doc: _Mention) -> bool:
    """Could ``doc`` stand where the answer puts ``claim``: an answer's amount of money only in
    its currency ("£104 a year" / "over the past four years" is no misplacement); a value without
    a currency may stand for an amount ("raised billions" / "raised 4.2 million pounds" is). A
    measure only in its own: a time of day where the documents give one ("6 am" / "until 1 hour
    after" is no misplacement), a length where they give a length."""
    if not isinstance(claim, NumberMention) or not isinstance(doc, NumberMention):
        return True
    if claim.measure is None and doc.measure in CLOCK_MEASURES:
        return False  # a count is in no time of day's place ("invoiced as 24" / a message's "14:02")
    if claim.measure != doc.measure and claim.measure is not None and doc.measure is not None:
        clocks = (claim.measure in CLOCK_MEASURES) + (doc.measure in CLOCK_MEASURES)
        if clocks == 1 or (clocks == 0 and not same_dimension(claim.measure, doc.measure)):
            return False
    return claim.unit in (None, "%") or claim.unit == doc.unit


#: How far around a value its neighbouring content words are looked for, in characters.
_REACH = 60


def _neighbours(text: str, start: int, end: int, measured: bool = False) -> tuple[Optional[str], Optional[str]]:
    """The stems of the content words right before ``start`` and right after ``end`` in
    ``text``, within its sentence's punctuation (None where a stop or nothing comes first).
    A ``measured`` value's unit after it is part of the value, not its place: "121-130 cm
    carries" and "was 128 cm and" share no word after the value."""
    left = text[max(0, start - _REACH):start]
    right = text[end:end + _REACH]
    before = None
    for tok in reversed(tokenize(_after_stop(left))):
        if (s := content_stem(tok.norm)) is not None:
            before = s
            break
    after = None
    for tok in tokenize(_before_stop(right)):
        if measured and tok.norm in MEASURES:
            continue
        if (s := content_stem(tok.norm)) is not None:
            after = s
            break
    return before, after


def _after_stop(text: str) -> str:
    cut = max(text.rfind(c) for c in ".;:!?\n")
    return text[cut + 1:] if cut >= 0 else text


def _before_stop(text: str) -> str:
    cuts = [i for i in (text.find(c) for c in ".;:!?\n") if i >= 0]
    return text[:min(cuts)] if cuts else text


def _beside(index: DocumentIndex, start: int, end: int, before: Optional[str], after: Optional[str],
            measured: bool = False) -> int:
    """How many of ``before`` and ``after`` the document gives beside its value at [start, end)."""
    d_before, d_after = _neighbours(index.text, start, end, measured)
    return (before is not None and before == d_before) + (after is not None and after == d_after)


def _said_beside(ctx: CheckContext, mention: _Mention, before: Optional[str], after: Optional[str],
                 measured: bool, alike: int) -> bool:
    """Does any document give the answer's value with ``alike`` of its two neighbouring words
    beside it? (Read only where its own sentence gives it with fewer than another value has.)"""
    for _, index in ctx.documents:
        values: Sequence[_Mention] = index.numbers if isinstance(mention, NumberMention) else index.dates
        for d in values:
            if _same(mention, d) and _beside(index, d.start, d.end, before, after, measured) >= alike:
                return True
    return False
