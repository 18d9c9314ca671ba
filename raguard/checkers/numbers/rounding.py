"""A document value read at the answer's own rounding, or in another scale.

An unhedged value written with fewer decimals than a document value ("p = 0.41" for 0.412169),
a time with a British dot ("8.30", "from 6.30 to 8.30 am") for a document's clock time, cents
("the 70c bag") for "0.70", pence ("27.4p") for a tariff's "(p/kWh)" column's 27.4, a
percentage for a document's fraction ("61%" for 0.6127).
"""

from __future__ import annotations

import re
from typing import Optional

from raguard.checkers.base import CheckContext
from raguard.normalize.numbers import CLOCK_MEASURES, NumberMention

# the decimals an answer writes ("0.41", "-0.08", "1,234.50"), and a British time of day written
# with a dot ("8.30", "1.30": hours, a dot, two digits of minutes)
_WRITTEN_DECIMALS_RE = re.compile(r"\d\.(\d+)")
_DOTTED_CLOCK_RE = re.compile(r"(?:[01]?\d|2[0-3])\.[0-5]\d")


def rounded_evidence(ctx: CheckContext, mention: NumberMention) -> Optional[tuple[int, int, int]]:
    """Evidence for an unhedged value the answer writes rounded from a document value with more
    decimals ("p = 0.41" for "0.412169", "-0.08" for "-0.081330": within half the answer's last
    digit, and only to fewer decimals, so a changed digit is still a changed value), or a time of
    day written with a British dot and no am/pm ("from 6.30 to 8.30 am", "by 8.30") that a
    document gives as a clock time ("06:30", either half of the day, as a time without am/pm is
    read). A whole number is read as rounded only from a value written to a machine's precision
    ("30" for a log's 30.001: :func:`_machine_rounded`), not from 12.4 (too many values round to it)."""
    if mention.hedge or mention.spelled or mention.measure in CLOCK_MEASURES or mention.precision:
        return None
    digits = _WRITTEN_DECIMALS_RE.search(mention.text)
    if digits is None:
        return _machine_rounded(ctx, mention)
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


#: The most a whole number may differ from a value written with ``_MACHINE_PLACES`` decimals or
#: more, as a share of it: "after 30 s" for a log's "rt=30.001" (a meter's or a clock's
#: precision, which a reader rounds away); "12" for 12.4 is no rounding.
_MACHINE_SHARE = 0.001
_MACHINE_PLACES = 3


def _machine_rounded(ctx: CheckContext, mention: NumberMention) -> Optional[tuple[int, int, int]]:
    """Evidence for a whole number the answer gives for a document value written to a machine's
    precision (three decimals or more) and within ``_MACHINE_SHARE`` of it."""
    if mention.unit == "%" or abs(mention.value) < 1:
        return None
    for doc_index, index in ctx.documents:
        for doc_number in index.numbers:
            if doc_number.measure not in (None, mention.measure) or doc_number.unit != mention.unit or doc_number.precision:
                continue
            written = _WRITTEN_DECIMALS_RE.search(doc_number.text)
            if (written is not None and len(written.group(1)) >= _MACHINE_PLACES
                    and abs(mention.value - doc_number.value) <= min(0.5, _MACHINE_SHARE * abs(doc_number.value))):
                return (doc_index, doc_number.start, doc_number.end)
    return None


# cents written after a number ("the 70c bag", "45¢", a European receipt's "70ct" or "70 ct";
# pence, "4.12p", are read as pounds already)
_HUNDREDTHS_AFTER_RE = re.compile(r"(?:c|¢|[ \t]?ct\.?)(?!\w|\.\w)")
# pence as the answer writes them ("27.4p", "9.8 pence"), and a document saying its figures are
# pence (a tariff's "(p/kWh)" column, "p/unit", "in pence")
_PENCE_WRITTEN_RE = re.compile(r"\d[ \t]?(?:p|pence)\Z", re.IGNORECASE)
_PENCE_CUE_RE = re.compile(r"\(p(?=[/)]|[ \t]+per\b)|(?<![\w.])p/[a-z]|\bpence\b", re.IGNORECASE)  # (not "(p. 12)")


def hundredths_evidence(ctx: CheckContext, mention: NumberMention) -> Optional[tuple[int, int, int]]:
    """Evidence for a value said in another scale than a document's: cents the answer writes
    ("the 70c bag") for a document's "0.70", pence ("27.4p") for a bare figure of a document that
    says it writes pence ("Day rate (p/kWh) | 27.4"), or a percentage ("about 61% of the
    variance") for a document's fraction ("0.6127"; written with a leading zero, rounded to the
    answer's digits). The scales are a closed set: hundredths of money, and per cent."""
    if mention.spelled or mention.measure is not None:
        return None
    pence = False
    if mention.unit is None and _HUNDREDTHS_AFTER_RE.match(ctx.response, mention.end):
        target, places = mention.value / 100, 2 + _places(mention.text)
        fraction = False
    elif mention.unit == "GBP" and _PENCE_WRITTEN_RE.search(mention.text):
        # "27.4p" (read as £0.274) for a figure a document writes in pence without the unit
        target, places = mention.value * 100, _places(mention.text)
        fraction, pence = False, True
    elif mention.unit == "%" and 0 < mention.value <= 100:
        target, places = mention.value / 100, 2 + _places(mention.text)
        fraction = True
    else:
        return None
    half = 0.5 * 10.0 ** -places
    for doc_index, index in ctx.documents:
        if pence and _PENCE_CUE_RE.search(index.text) is None:
            continue
        for doc_number in index.numbers:
            if doc_number.measure is not None or doc_number.unit == "%" or doc_number.precision:
                continue
            if pence and doc_number.unit is not None:
                continue
            if fraction and (doc_number.unit is not None or not doc_number.text.lstrip("-−").startswith(("0.", "."))):
                continue
            if abs(doc_number.value - target) <= half + 1e-9:
                return (doc_index, doc_number.start, doc_number.end)
    return None


def _places(text: str) -> int:
    """How many decimals ``text`` writes."""
    digits = _WRITTEN_DECIMALS_RE.search(text)
    return len(digits.group(1)) if digits else 0
