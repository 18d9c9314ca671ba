"""Unanswered checker: a "Who ...?" answered only with the names the question gave.

"Who won a Nobel Prize in 1943 and is associated with Max Volmer?" answered "Max Volmer won the
Nobel Prize in 1943" names the one person the question already gave, in the slot it asks about;
"Who directed a film that included Sarah Manninen?" answered "Sarah Manninen directed a film"
likewise. Each word is in the documents, so no other checker objects, but the question asked for
someone else. A "who" question wants a name the question does not hold: an answer whose names
all come from the question is flagged.

Left alone: "Who was Max Volmer?" (it asks what a named person is), choice questions ("Who is
older, A or B?": the answer names an option), refusals, answers that deny something, and answers
with no name at all ("He did.": nothing to compare).

Also a question that asks for a number or a date ("How many ...?", "How long ...?", "In what
year ...?", "What was the population ...?") answered with none: digits, spelled-out counts and
dates count as an answer, the question's own "2011" does not. "When ...?" is left out (an event
can answer it), and so are refusals and denials.
"""

from __future__ import annotations

import re
from typing import Iterator

from raguard.normalize.cues import is_refusal
from raguard.normalize.names import proper_noun_runs
from raguard.checkers.base import CheckContext, Finding, quote_for_message
from raguard.checkers.qa.choices import question_options
from raguard.models import UNANSWERED_QUESTION
from raguard.normalize.stems import content_stems

MAX_ANSWER = 300
MAX_QUERY = 300
_WHO_RE = re.compile(r"^\W*(?:who|whom)\b", re.IGNORECASE)
# "Who was Max Volmer?" asks what a named person is, not for a name
_WHO_IS_NAME_RE = re.compile(
    r"^\W*(?i:who)[ \t]+(?i:is|was|are|were)(?:[ \t]+(?:[A-Z][\w.'’-]*|of|the|van|von|de)){1,8}\W*$"
)


# "How many ...?", "In what year ...?", also after a lead-in ("..., how many ...?"); not "When
# ...?", which an event answers ("after the merger")
_QUANTITY_RE = re.compile(
    r"(?:^\W{0,3}|[,;:][ \t]*)(?:how[ \t]+(?:many|much|long|old|far|tall|high|big|large|wide|deep)"
    r"|(?:in[ \t]+)?what[ \t]+(?:year|date|decade|century|percentage|age)"
    r"|what[ \t]+(?:is|was|were|are)[ \t]+the[ \t]+(?:\d{4}[ \t]+)?(?:population|length|height|area|size|age|"
    r"budget|revenue|cost|price|capacity|distance|elevation|duration))\b",
    re.IGNORECASE,
)
#: Words that give an amount or a time without digits ("twice", "a dozen", "the 1990s" is a date).
_QUANTITY_WORD_RE = re.compile(
    r"\b(?:zero|none|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|"
    r"fifty|hundred|hundreds|thousand|thousands|million|millions|billion|dozen|dozens|twice|half|"
    r"first|second|third|fourth|fifth|once|no)\b",
    re.IGNORECASE,
)


def _new_values(ctx: CheckContext) -> bool:
    """True when the answer states a number or date the question does not already hold ("the
    2011 population": "in 2011" restates the question, it does not answer it)."""
    asked_numbers = {n.value for n in ctx.query_numbers}
    asked_dates = {d.value for d in ctx.query_dates}
    return (any(n.value not in asked_numbers for n in ctx.numbers)
            or any(d.value not in asked_dates for d in ctx.dates))


def _asks_quantity(query: str) -> bool:
    """True for a question that asks for a number or a date (not "Which ...?" or "Who ...?")."""
    head = query[:MAX_QUERY]
    # most questions hold neither cue word: a substring test spares the pattern
    folded = head.lower()
    if "how" not in folded and "what" not in folded:
        return False
    return _QUANTITY_RE.search(head) is not None and question_options(query) is None


def _asks_who(query: str) -> bool:
    """A question for a person (read once per query)."""
    return _WHO_RE.match(query) is not None


def _asks_who_is_name(query: str) -> bool:
    """"Who was Max Volmer?": what a named person is, not a name (read once per query)."""
    return _WHO_IS_NAME_RE.match(query[:300]) is not None


class UnansweredChecker:
    name = "unanswered"
    warning_type = UNANSWERED_QUESTION
    default_severity = "high"
    provides = ("answer",)

    def check(self, ctx: CheckContext) -> Iterator[Finding]:
        response = ctx.response
        if len(response) > MAX_ANSWER:
            return  # (before the question is read: a new query's forms cost a few µs each)
        asks_quantity = ctx.query_index.derive(_asks_quantity)
        if not (asks_quantity or ctx.query_index.derive(_asks_who)) or is_refusal(response) or ctx.response_denies:
            return
        if asks_quantity:
            if not (_new_values(ctx) or _QUANTITY_WORD_RE.search(response)):
                yield Finding(
                    kind="answer", warning_type=self.warning_type, start=0, end=len(response.rstrip()),
                    text=response.rstrip(), supported=False, value="no number or date",
                    suggestion="The question asks for a number or a date; the answer gives none. "
                               "Give the value the documents state.",
                    checker=self.name,
                )
            return
        if ctx.query_index.derive(question_options) is not None or ctx.query_index.derive(_asks_who_is_name):
            return
        asked = ctx.query_index.stems
        named = []
        for start, end in proper_noun_runs(response):
            stems = content_stems(response[start:end])
            if not stems:
                continue
            if not stems <= asked:
                return  # a name the question does not hold: an answer
            named.append((start, end))
        if not named:
            return
        start, end = named[0]
        text = response[start:end]
        yield Finding(
            kind="answer", warning_type=self.warning_type, start=start, end=end, text=text,
            supported=False, value=quote_for_message(text),
            suggestion=f'The question asks who; the answer names only "{quote_for_message(text)}", '
                       "whom the question already gives. Name the person the documents give.",
            checker=self.name,
        )
