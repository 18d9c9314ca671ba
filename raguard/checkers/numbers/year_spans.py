"""A count of years that is the length of a document's span of years: "spent 17 years there" for
"from 1992 to 2009"."""

from __future__ import annotations

import re

from raguard.checkers.base import CheckContext
from raguard.normalize.numbers import NumberMention

# a count of years ("17 years"), and what joins the two years of a span ("1992 to 2009",
# "1992–2009", "between 1992 and 2009")
_YEARS_AFTER_RE = re.compile(r"(?<![ \t-])[ \t-]+years?\b", re.IGNORECASE)
_YEAR_SPAN_GAP_RE = re.compile(r"(?<![ \t])[ \t]*(?:to|until|till|through|and|[-–—])[ \t]*")


def spans_years(ctx: CheckContext, mention: NumberMention) -> bool:
    """Is the answer's count of years ("17 years") the length of a span of years a document gives
    ("He taught there from 1992 to 2009": 17 years)? Only two years joined as one span count,
    not any two years of a text."""
    if not _YEARS_AFTER_RE.match(ctx.response, mention.end):
        return False
    if mention.unit or mention.measure or not float(mention.value).is_integer() or not 0 < mention.value < 200:
        return False
    for _, index in ctx.documents:
        years = [d for d in index.dates if d.form == "year"]
        for a, b in zip(years, years[1:]):
            if (b.value.year - a.value.year == mention.value
                    and _YEAR_SPAN_GAP_RE.fullmatch(index.text, a.end, b.start)):
                return True
    return False
