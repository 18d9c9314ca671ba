"""A count of years "old" or "ago" from a year the answer gives: "dated 1568, over 450 years old"."""

from __future__ import annotations

import re
from datetime import date

from raguard.checkers.numbers._derivations import Derivations
from raguard.normalize.numbers import NumberMention, values_match

# a count of years that is an age or a time since: "450 years old", "a 450-year-old", "120 years ago"
_AGE_AFTER_RE = re.compile(r"[ \t-]+years?[ \t-]+(?:old|ago)\b", re.IGNORECASE)


def aged(derivations: Derivations, mention: NumberMention) -> bool:
    """Is the answer's count of years an age or a time since ("more than 450 years old",
    "built 120 years ago") from a year its sentence or the one before gives ("dated
    1568"), counted to today's year? The year is checked on its own."""
    if mention.unit or mention.measure or not float(mention.value).is_integer() or mention.value <= 0:
        return False
    if _AGE_AFTER_RE.match(derivations.ctx.response, mention.end) is None:
        return False
    k = derivations.sentence_of(mention.start)
    if k is None:
        return False
    lo_pos, hi_pos = derivations.sentences[max(0, k - 1)][0], derivations.sentences[k][1]
    today = date.today().year
    for d in derivations.years:
        year = d.value.year
        if year is not None and lo_pos <= d.start < hi_pos and year < today:
            for age in (today - year, today - year - 1):  # (before or after the day)
                if values_match(mention, NumberMention(d.start, d.end, d.text, float(age))):
                    return True
    return False
