"""A length of time: written in two units ("3 hours 48 minutes") and read whole against the
documents' durations and timestamps, between two times or dates the answer gives, or after a
time it gives to a document's next one ("32 seconds later")."""

from __future__ import annotations

import re
from bisect import bisect_left
from typing import Optional

from raguard.checkers.numbers._derivations import Derivations, rounding_of
from raguard.normalize.measures import MEASURES, in_base_unit
from raguard.normalize.numbers import CLOCK_MEASURES, HEDGE_ATLEAST, HEDGE_ATMOST, NumberMention, values_match

# a timestamp of minutes and seconds, as a chapter list or a transcript writes one ("19:40")
_MINUTES_SECONDS_RE = re.compile(r"[0-5]?\d:[0-5]\d")
# a length of time that places an event by another: "32 seconds later", "ten minutes earlier"
# (the unit word, then one of a closed class of words of before and after)
_LATER_AFTER_RE = re.compile(r"[ \t-]*[a-z]+[ \t]+(later|afterwards|earlier)\b", re.IGNORECASE)


def duration_evidence(derivations: Derivations,
                      mention: NumberMention) -> Optional[tuple[str, Optional[tuple[int, int, int]]]]:
    """Where an answer's length of time comes from, as (source, evidence): the whole of a
    value it writes in two units ("just under 3 hours 48 minutes", "19 minutes and 40 seconds
    in"), whose parts are no values alone, against a document's duration or timestamp
    ("3:47:47", "[00:19:40]", a chapter list's "19:40" read as minutes and seconds when the
    answer gives seconds); or the time between two times of day its sentence or the one
    before gives ("from 22:00 on 2 December to 01:47 on 3 December", across midnight or the
    days between its dates), or the days between two of its dates ("from 3 to 17 March, 14
    days"). Those times are checked on their own, so a changed end is still flagged; a
    changed length no longer fits."""
    if MEASURES.get(mention.measure or "", ("",))[0] != "time":
        return None
    if not derivations.ready:
        derivations.build()
    whole = next((c for c in derivations.compounds if c.start <= mention.start < c.end), None)
    claim = mention
    if whole is not None:  # (read to the last part's rounding: "3 hours 48 minutes" is 227.5-228.5 minutes)
        claim = whole._replace(precision=max(whole.precision, rounding_of(_last_number(whole.text))))
        seconds_given = MEASURES.get(whole.measure or "", ("", 0.0))[1] == 1.0
        for doc_index, index in derivations.ctx.documents:
            for doc_number in (*index.numbers, *index.loose_numbers):
                if doc_number.measure in CLOCK_MEASURES:
                    if not (seconds_given and _MINUTES_SECONDS_RE.fullmatch(doc_number.text)):
                        continue
                    doc_number = doc_number._replace(measure="seconds")  # "19:40": 19 minutes 40 seconds
                elif MEASURES.get(doc_number.measure or "", ("",))[0] != "time":
                    continue
                if _length_fits(claim, in_base_unit(doc_number.value, doc_number.measure)):
                    return ("document", (doc_index, doc_number.start, doc_number.end))
    k = derivations.sentence_of(mention.start)
    if k is None:
        return None
    cue = _LATER_AFTER_RE.match(derivations.ctx.response, (whole or mention).end)
    if cue is not None:
        found = _next_event(derivations, claim, whole is not None, k, cue.group(1).lower() == "earlier")
        if found is not None:
            return ("derived", found)
    lo_pos, hi_pos = derivations.sentences[max(0, k - 1)][0], derivations.sentences[k][1]
    clocks = derivations.clocks[bisect_left(derivations.clock_starts, lo_pos):
                                bisect_left(derivations.clock_starts, hi_pos)]
    clocks = sorted(clocks, key=lambda n: abs(n.start - mention.start))[:derivations.NEAREST]
    dates = [d for d in derivations.dates if lo_pos <= d.start < hi_pos]
    days = sorted({abs((b.value - a.value).days) for i, a in enumerate(dates) for b in dates[i + 1:]})
    gaps: list[float] = []  # in minutes
    for a in clocks:
        for b in clocks:
            if a.start < b.start:
                gaps.append((b.value - a.value) % 1440)  # "from 22:00 to 01:47": across midnight
                gaps.extend(b.value - a.value + 1440 * d for d in days if d)
    gaps.extend(1440 * (d + inclusive) for d in days for inclusive in (0, 1) if d)
    for gap in gaps:
        if gap <= 0:
            continue
        if whole is not None and _length_fits(claim, 60 * gap):
            return ("derived", None)
        if whole is None and values_match(claim, NumberMention(claim.start, claim.end, claim.text,
                                                               round(gap, 6), measure="minutes")):
            return ("derived", None)
    return None


def _next_event(derivations: Derivations, claim: NumberMention, whole: bool, k: int,
                earlier: bool) -> Optional[tuple[int, int, int]]:
    """Evidence for "32 seconds later" (or "earlier") after the last time of day the answer
    gives before it, in its sentence or the two before ("ran at 21:52:33 ... 32 seconds
    later"): a document that gives that time and, as its next (or previous) other time,
    one that far from it."""
    lo_pos = derivations.sentences[max(0, k - 2)][0]
    at = bisect_left(derivations.clock_starts, claim.start) - 1
    if at < 0 or derivations.clocks[at].start < lo_pos:
        return None
    anchor = derivations.clocks[at]
    for doc_index, index in derivations.ctx.documents:
        clocks = [n for n in index.numbers if n.measure in CLOCK_MEASURES]
        for i, doc_clock in enumerate(clocks):
            if not values_match(anchor, doc_clock):
                continue
            step = -1 if earlier else 1
            j = i + step
            while 0 <= j < len(clocks) and clocks[j].value == doc_clock.value:
                j += step
            if not 0 <= j < len(clocks):
                continue
            other = clocks[j]
            gap = abs(other.value - doc_clock.value)  # minutes
            fits = (_length_fits(claim, 60 * gap) if whole else
                    values_match(claim, NumberMention(claim.start, claim.end, claim.text, round(gap, 6),
                                                      measure="minutes")))
            if fits:
                return (doc_index, other.start, other.end)
    return None


#: How far a hedged length written to its last unit ("just under 3 hours 48 minutes") may lie
#: from the value it is hedged to: the answer wrote minutes, so it means a few of them.
_LENGTH_HEDGE = 0.05


def _length_fits(claim: NumberMention, seconds: float) -> bool:
    """Does a length of ``seconds`` fit a length the answer writes in two units, to its last
    unit's rounding, and its hedge's direction ("just under 228 minutes": 227 and some)?"""
    measure = claim.measure or ""
    said, rounding = in_base_unit(claim.value, measure), in_base_unit(claim.precision, measure)
    room = max(rounding, _LENGTH_HEDGE * said) if claim.hedge else rounding
    low = said - (room if claim.hedge not in HEDGE_ATLEAST else rounding)
    high = said + (room if claim.hedge not in HEDGE_ATMOST else rounding)
    return low - 1e-6 <= seconds <= high + 1e-6


def _last_number(text: str) -> str:
    """The last run of digits of a value written in parts ("48" of "3 hours 48 minutes")."""
    found = re.findall(r"\d+(?:\.\d+)?", text)
    return found[-1] if found else ""
