"""Counting words: which trivial ones are checked, and against what.

Trivial counting words (``numbers.TRIVIAL_WORDS``: spelled-out zero to ten, "first", "second",
bare "hundred"/"thousand"/...) are skipped as values, unless they rank ("second-largest city",
"third place"). A counting word from two to ten is checked only where the documents count the
same thing ("five gold albums" against "eight gold albums" and no "five": see
:mod:`raguard.normalize.counts`), by the answer's phrase or, where the documents write its
number nowhere, by the counted noun alone. A count with "other" beside it is the rest of one
("the other two lots" of "3 lots") and is not read, nor a count of the items its sentence lists
right after it ("the four stamps you kept — Aden, Ceylon, KUT and St Helena": each is checked).
"""

from __future__ import annotations

import re
from typing import Optional

from raguard.checkers.base import CheckContext, Checker, Finding
from raguard.normalize.counts import CountedNoun, counted_nouns, labelled_counts, lists_its_count
from raguard.normalize.measures import same_dimension
from raguard.normalize.numbers import NumberMention, values_match
from raguard.normalize.stems import stem

# "second-largest city": a ranking, worth checking even for a counting word
_RANKING_AFTER_RE = re.compile(
    r"[ \t-]*(?:largest|biggest|smallest|highest|lowest|most|least|best|worst|oldest|youngest|"
    r"longest|shortest|tallest|richest|busiest|fastest|place|ranked|seed)\b",
    re.IGNORECASE,
)


def ranks(text: str, mention: NumberMention) -> bool:
    """Is the counting word a ranking ("second-largest", "third place"), and not the idiom "in
    the first place"?"""
    return (_RANKING_AFTER_RE.match(text, mention.end) is not None
            and not text[max(0, mention.start - 7):mention.start].lower() == "in the ")


# a word after a counted noun that makes the count a difference, an age or a remainder ("three
# seconds ahead", "two days later", "five years ago", "four places left"): a value derived from
# two others, which no document counts
_DIFFERENCE_STEMS = frozenset(stem(w) for w in (
    "ahead", "later", "earlier", "sooner", "longer", "shorter", "apart", "older", "younger", "faster",
    "slower", "fewer", "late", "early", "ago", "left", "remaining"))


# "other" beside a count: the rest of a count the documents give ("the other two lots" of "3 lots")
_OTHER_BEFORE_RE = re.compile(r"\bother[ \t]+\Z", re.IGNORECASE)
_OTHER_AFTER_RE = re.compile(r"[ \t]+other\b", re.IGNORECASE)


def check_count(checker: Checker, ctx: CheckContext, mention: NumberMention,
                counted: Optional[CountedNoun]) -> Optional[Finding]:
    """A counting word is checked only against the documents' counts of the same thing:
    flagged when they count it ("eight gold albums") and never with this number, supported
    (with the count as evidence) when they count it with this number, else not read (None)."""
    if counted is None:
        return None
    if ctx.trust_query and any(q.value == counted.value and q.key[:1] == counted.key[:1]
                               for q in counted_nouns(ctx.query)):
        return None  # the question's own count ("3 days fishing": "for three days")
    if any(c.value == counted.value and c.key == counted.key[:1] for c in labelled_counts(ctx.response)):
        return None  # the answer numbers what it counts ("over four weeks: Week 1 ... Week 4")
    if lists_its_count(ctx.response, mention.end, counted.value):
        return None  # the answer lists what it counts ("the four stamps you kept — A, B, C and D")
    if (_OTHER_BEFORE_RE.search(ctx.response, max(0, mention.start - 8), mention.start)
            or _OTHER_AFTER_RE.match(ctx.response, mention.end)):
        return None  # "the other two lots", "two other lots": the rest of a count, not the count
    # the thing counted as the answer writes it flags first ("three months' notice": months'
    # notice), else the noun alone ("three days' worth" against "5 days of food") where the
    # documents write the answer's number nowhere (a part: "one of its seven branches missed"
    # against "22 branches ... one of seven missing") and the count is no difference ("three
    # seconds ahead", derived from two times); the noun alone always supports ("three months"
    # for "3 months' gross rent")
    flagging = [counted.whole_key or counted.key]
    if counted.whole_key and counted.whole_key[-1] not in _DIFFERENCE_STEMS:
        flagging.append(counted.key)
    # the answer's whole phrase first ("months' notice"), then its noun: in this order, not a
    # set's (a set of strings iterates in an order that changes from one process to the next, and
    # the first count found is the evidence the placement checker reads)
    supporting = list(dict.fromkeys((*flagging, counted.key)))
    others: list[Optional[tuple[int, CountedNoun]]] = [None] * len(flagging)
    for doc_index, index in ctx.documents:
        same = next((c for key in supporting for c in index.counts.get(key, ()) if c.value == counted.value), None)
        if same is not None:
            # supported where the document counts it so: a claim with its place, which the
            # placement checker reads ("killing at least two people" / "brought out three people")
            return Finding(
                kind="number", warning_type=checker.warning_type, start=mention.start, end=mention.end,
                text=mention.text, supported=True, value=mention.display(), checker=checker.name,
                evidence=(doc_index, same.start, same.end), source="document",
            )
        for i, key in enumerate(flagging):
            if others[i] is None and (given := index.counts.get(key)):
                others[i] = (doc_index, given[0])
    other = others[0]
    if other is None and len(others) > 1 and not _written(ctx, counted.value):
        other = others[1]
    if other is None:
        return None
    if mention.measure is not None and _measured_alike(ctx, mention):
        return None  # "two hours" for a timetable's "2h", whatever else counts hours there
    doc_text = ctx.documents.indexes[other[0]].text
    near = doc_text[other[1].start:other[1].end]
    phrase = " ".join(doc_text[other[1].start:other[1].phrase_end].split())
    return Finding(
        kind="number", warning_type=checker.warning_type, start=mention.start, end=mention.end,
        text=mention.text, supported=False, value=mention.display(), nearest_value=near,
        suggestion=f'"{mention.text}" not found in retrieved documents. The documents give "{phrase}".',
        checker=checker.name,
    )


def _measured_alike(ctx: CheckContext, mention: NumberMention) -> bool:
    """Does a document give the counting word's value in its measure ("2h", "2 hrs" for "two
    hours") or another of its dimension ("14 days", "14 Tage" for "two weeks"), among its values
    or the loose readings ("2h" glued)?"""
    for _, index in ctx.documents:
        for doc_number in (*index.numbers, *index.loose_numbers):
            if doc_number.measure == mention.measure and doc_number.value == mention.value:
                return True
            if (doc_number.measure is not None and mention.measure is not None and doc_number.measure != mention.measure
                    and same_dimension(doc_number.measure, mention.measure) and values_match(mention, doc_number)):
                return True
    return False


def _written(ctx: CheckContext, value: int) -> bool:
    """Do the documents write ``value`` anywhere, as digits or a word ("seven", "7")?"""
    return any(n.value == value for _, index in ctx.documents for n in index.numbers)
