"""All-digit timestamps machine-written documents print: a date and a time of day in one run of
digits. Read by both :mod:`raguard.normalize.dates` (the date) and
:mod:`raguard.normalize.numbers` (the time), so the two agree on where one is.

* ISO 8601's basic format, ``20260917T164802Z``: the ``T`` says it is a timestamp.
* A date-time group as aviation, shipping and military messages write it, ``DDhhmmZ``: a
  METAR's ``140620Z`` (the 14th, 06:20 UTC), a signal's ``171648Z SEP 26`` (with its month and
  year: a date for the dates reader).
* A run of digits a label calls a time: a NOTAM's items ``B)`` and ``C)`` (ICAO: ``YYMMDDhhmm``,
  ``B) 2612140700``), and ``YYYYMMDDhhmm[ss]`` after ``timestamp``, ``valid from``/``until``,
  ``effective`` (``timestamp: 202609171648``).

Without such a mark a run of digits is an id, an account or a phone number: it is not read (a
false reading would support a changed date). Ten digits after ``timestamp`` are left alone too:
that is how Unix time is printed.
"""

from __future__ import annotations

import calendar
import re
from typing import NamedTuple, Optional

# "20260917T164802Z", "20260917T1648", "20260917T164802.5+0200": eight digits, T, four or six;
# after a field's colon (iCalendar's "DTSTART:20270112T093000Z") or a hyphen
# ("backup-20260917T1648.tar"), not inside a word or a number ("v320260917T1648"). (Opened by a
# digit that starts a word, as the dates reader's digit anchors are: it tries it only at runs of
# eight before a T.)
BASIC_ISO_RE = re.compile(
    r"(?=\d)(?<![\w.,+])(?P<date>(?:19|20)\d{6})T(?P<time>\d{4}(?:\d\d)?)(?![\d])(?:[.,]\d{1,9})?"
    r"(?:Z|[+\-]\d\d(?::?\d\d)?)?\b"
)
# a run of ten, twelve or fourteen digits, alone (not in a longer run, a decimal or a word):
# a NOTAM's YYMMDDhhmm, or YYYYMMDDhhmm[ss]; a stamp only after a label (:func:`labeled_stamp`).
# (ASCII digits: re scans for a class of ten characters faster than for \d, tried on every
# short text with a digit)
STAMP_DIGITS_RE = re.compile(r"[0-9](?<![\w.,][0-9])[0-9]{9}(?:[0-9]{2}(?:[0-9]{2})?)?(?![\w]|[.,][0-9])")
# the label before the digits: B) or C), upper case as NOTAM items are written ("b) 1512011030"
# in a lettered list is an option); a word in any case, perhaps a colon or an equals sign
_NOTAM_LABEL_RE = re.compile(r"(?<![\w(])[BC]\)[ \t]*\Z")
_WORD_LABEL_RE = re.compile(r"\b(?:time[ \t\-]?stamp|valid[ \t]+(?:from|until|till|to|thru)|effective)"
                            r"[ \t]*(?:[:=][ \t]*)?\Z", re.IGNORECASE)
#: How far before its digits a label may start, in characters ("Timestamp :  " and more).
_LABEL_REACH = 24


class Stamp(NamedTuple):
    """A timestamp's parts: where its date's digits and its time's digits stand, and their values."""

    date_start: int
    date_end: int
    year: int
    month: int
    day: int
    time_start: int
    time_end: int
    minutes: float  # after midnight; the seconds as a fraction, as numbers values a clock


def _parts(digits: str, start: int, year_digits: int) -> Optional[Stamp]:
    """The stamp ``digits`` (starting at ``start``: a year of ``year_digits`` digits, month, day,
    hour, minute, perhaps second) states, or None when a part is out of range (month 13, 30
    February, hour 24: then it is no stamp)."""
    date_len = year_digits + 4
    year = int(digits[:year_digits]) + (2000 if year_digits == 2 else 0)  # (a NOTAM's YY)
    month, day = int(digits[year_digits:year_digits + 2]), int(digits[year_digits + 2:date_len])
    hour, minute = int(digits[date_len:date_len + 2]), int(digits[date_len + 2:date_len + 4])
    second = int(digits[date_len + 4:date_len + 6] or 0)
    if not (1 <= month <= 12 and 1 <= day <= calendar.monthrange(year, month)[1]
            and hour <= 23 and minute <= 59 and second <= 59):
        return None
    return Stamp(start, start + date_len, year, month, day, start + date_len, start + len(digits),
                 hour * 60 + minute + second / 60)


def basic_iso(m: re.Match[str]) -> Optional[Stamp]:
    """The stamp of a :data:`BASIC_ISO_RE` match."""
    whole = _parts(m.group("date") + m.group("time"), m.start("date"), 4)
    # (the time's digits stand after the T)
    return None if whole is None else whole._replace(time_start=m.start("time"), time_end=m.end("time"))


def labeled_stamp(text: str, start: int, end: int) -> Optional[Stamp]:
    """The stamp of the digits ``text[start:end]`` (a :data:`STAMP_DIGITS_RE` match) when a label
    right before them calls them one: ten digits after B) or C), twelve or fourteen in 19xx or
    20xx after a word."""
    n = end - start
    reach = max(0, start - _LABEL_REACH)
    if n == 10:
        if _NOTAM_LABEL_RE.search(text, reach, start) is None:
            return None
        return _parts(text[start:end], start, 2)
    if text[start:start + 2] not in ("19", "20") or _WORD_LABEL_RE.search(text, reach, start) is None:
        return None
    return _parts(text[start:end], start, 4)


# a date-time group: the day, the hour and the minute, then Z for UTC ("140620Z"), perhaps its
# month and year ("171648Z SEP 26", "171648Z Sep 2026")
DTG_RE = re.compile(r"(?=\d)(?<![\w.+\-/])(?P<d>0[1-9]|[12]\d|3[01])(?P<time>(?:[01]\d|2[0-3])[0-5]\d)Z(?![\w\-/]|\.\w)"
                    r"(?:[ \t]+(?P<m>(?i:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))[ \t]+(?P<y>\d{4}|\d{2}))?\b")


def dtg_time(text: str, start: int, end: int) -> Optional[tuple[int, int, float]]:
    """(start, end, minutes after midnight) of the time in the date-time group the six digits
    ``text[start:end]`` open ("140620Z": "0620", 380), or None."""
    if end - start != 6 or text[end:end + 1] != "Z":
        return None
    m = DTG_RE.match(text, start)
    if m is None:
        return None
    time = m.group("time")
    return m.start("time"), m.end("time"), float(int(time[:2]) * 60 + int(time[2:]))


#: The lengths of a labeled run of digits (:func:`labeled_stamp`).
STAMP_RUNS = frozenset({10, 12, 14})
# where a basic ISO stamp may stand: a T between digits, eight before it (opened by the T, a
# literal re finds fast: a scan for the digits first tries every position)
_BASIC_T_RE = re.compile(r"T(?<=\d{8}T)\d")


def basic_iso_stamps(text: str) -> list[Stamp]:
    """The basic ISO stamps in ``text`` ("20260917T164802Z"), found from their T."""
    out = []
    for t in _BASIC_T_RE.finditer(text):
        m = BASIC_ISO_RE.match(text, t.start() - 8)
        stamp = basic_iso(m) if m is not None else None
        if stamp is not None:
            out.append(stamp)
    return out
