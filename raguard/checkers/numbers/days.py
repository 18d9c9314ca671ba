"""An ordinal the answer uses as a day of the month: "sails on the 7th" for a document's "07/11",
"the handoff on Monday 8th" for a rota's "2027-03-08T09:00" (a Monday)."""

from __future__ import annotations

import re
from typing import Optional

from spacy.lang.en.stop_words import STOP_WORDS

from raguard.checkers.base import CheckContext
from raguard.normalize.dates import WEEKDAYS
from raguard.normalize.numbers import NumberMention

# "the 7th", "on the 24th-25th": an ordinal that names a day of the month (no noun after it:
# "the 7th floor", "the 3rd-largest"; a function word may follow: "the 20th and", "the 9th of")
_DAY_BEFORE_RE = re.compile(r"\bthe[ \t]+(?:[0-3]?\d(?:st|nd|rd|th)?[ \t]*(?:[-–]|to|and|or)[ \t]*)?\Z", re.IGNORECASE)
_NOUN_AFTER_RE = re.compile(r"[ \t-]*([^\W\d_]+)")
# a weekday before it: "Monday 8th", "Fri the 12th" (then the document's date must fall on that weekday)
_WEEKDAY_BEFORE_RE = re.compile(r"\b([A-Za-z]{3,9})\.?,?[ \t]+(?:the[ \t]+)?\Z")
# (a rank's superlative, "the 5th most visited", is no day)
_DAY_FOLLOWERS = STOP_WORDS - {"most", "least", "last", "next", "first"}


def day_of_month(ctx: CheckContext, mention: NumberMention) -> Optional[tuple[int, int, int]]:
    """Evidence for an ordinal the answer uses as a day of the month ("sails on the 7th", "springs
    on the 24th-25th", "on Monday 8th"): a document date on that day, and on that weekday when
    the answer names one (the digits of a date are the dates reader's, so "07/11" or "7
    November" gives no number 7)."""
    if not mention.ordinal or mention.spelled or mention.unit or mention.measure or mention.value not in _DAYS:
        return None
    response = ctx.response
    named = _WEEKDAY_BEFORE_RE.search(response, max(0, mention.start - 16), mention.start)
    weekday = WEEKDAYS.get(named.group(1).lower()) if named is not None else None
    if weekday is None and _DAY_BEFORE_RE.search(response, max(0, mention.start - 16), mention.start) is None:
        return None
    after = _NOUN_AFTER_RE.match(response, mention.end)
    if after is not None and (response[mention.end] == "-" or after.group(1) not in _DAY_FOLLOWERS):
        return None
    for doc_index, index in ctx.documents:
        for doc_date in index.dates:
            if doc_date.value.day == mention.value and (weekday is None or doc_date.value.derived().weekday == weekday):
                return (doc_index, doc_date.start, doc_date.end)
    return None


_DAYS = frozenset(float(d) for d in range(1, 32))
