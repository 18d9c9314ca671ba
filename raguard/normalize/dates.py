"""Date extraction and normalization to the components a mention states.

Each mention becomes a :class:`DateValue` holding only what the text says (year, month, day,
quarter, decade, weekday), so ``2024-09-30`` = ``30 Sep 2024`` = ``September 30th, 2024`` =
``9/30/2024``. Numeric dates are read month-first (US) when written with slashes, day-first when
written with dots or when the first number is over 12 (and then all of a text's slashed dates);
a document that cannot tell gets the other reading too (:func:`other_readings`).
"""

from __future__ import annotations

import calendar
import datetime as _dt
import re
from bisect import bisect_left
from functools import lru_cache
from itertools import chain
from typing import Callable, Iterable, Iterator, NamedTuple, Optional, Sequence

from raguard.normalize.measures import MEASURES, unit_after
from raguard.normalize.stamps import BASIC_ISO_RE, DTG_RE, STAMP_DIGITS_RE, basic_iso, labeled_stamp
from raguard.normalize.text import ignorecase_lowered, sentence_spans

MONTHS = {
    "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4,
    "may": 5, "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9,
    "sept": 9, "sep": 9, "october": 10, "oct": 10, "november": 11, "nov": 11, "december": 12,
    "dec": 12,
}
WEEKDAYS = {
    "monday": 0, "mon": 0, "tuesday": 1, "tue": 1, "tues": 1, "wednesday": 2, "wed": 2, "weds": 2,
    "thursday": 3, "thu": 3, "thur": 3, "thurs": 3, "friday": 4, "fri": 4, "saturday": 5, "sat": 5,
    "sunday": 6, "sun": 6,
}
_QUARTER_WORDS = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4,
                  "4th": 4, "final": 4, "last": 4}
_DECADE_WORDS = {"twenties": 2, "thirties": 3, "forties": 4, "fifties": 5, "sixties": 6,
                 "seventies": 7, "eighties": 8, "nineties": 9}

# (a dot only after an abbreviation: after a full name it ends a sentence, "from 8 April. 3) ...")
_MONTH = (r"(?P<{name}>january|february|march|april|may|june|july|august|september|october|"
          r"november|december|(?:jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\.?)")
_WEEKDAY = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
_SEP = r"(?:[ \t]*,[ \t]*|[ \t]+)"
_DAY = r"(?P<{name}>[0-3]?\d)(?:st|nd|rd|th)?"
_YEAR = r"(?P<{name}>\d{{4}})"
# between the two days of a range: a dash, or a word ("3rd to 6th of October", "October 3 to 6, 2024");
# "and" and "or" join two days of one month as well ("Saturday 15 or Sunday 16 November")
_TO = r"(?:[ \t]*[-–—&][ \t]*|[ \t]+(?:to|until|till|through|and|or)[ \t]+)"  # ("8 & 15 March": and)
_COMMA = r"[ \t]*,[ \t]*"
#: The most days a list holds between its first and its last ("3, 4, 5, 6 and 7 May"): bounded,
#: so that a long run of "1, 1, 1, ..." costs each of its digits a few steps, not the whole run.
_MAX_LISTED = 6


def _m(name: str) -> str:
    return _MONTH.format(name=name)


def _d(name: str) -> str:
    return _DAY.format(name=name)


def _y(name: str) -> str:
    return _YEAR.format(name=name)


_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    # (before its time, ISO 8601 glues a T: "2026-09-17T16:48:02Z")
    ("iso", re.compile(r"(?=\d)\b(?P<y>\d{4})-(?P<m>[01]?\d)-(?P<d>[0-3]?\d)(?:\b|(?=T\d))")),
    ("ymd_slash", re.compile(r"(?=\d)\b(?P<y>\d{4})/(?P<m>[01]?\d)/(?P<d>[0-3]?\d)\b")),
    ("numeric", re.compile(r"(?=\d)(?<![\d/.])\b(?P<a>[0-3]?\d)(?P<sep>[/.])(?P<b>[0-3]?\d)(?P=sep)"
                           r"(?P<y>\d{4}|\d{2})\b(?![/.]\d)")),
    # a month and a year in digits ("best before 12/2026"): two digits for the month, four for
    # the year ("3/25", "1/2000" are fractions)
    ("numeric_my", re.compile(r"(?=\d)(?<![\d/.])\b(?P<m>0[1-9]|1[0-2])/(?P<y>(?:19|20)\d\d)\b(?![/.]\d)")),
    # the same three forms as retrieved text is often tokenized, a space before each separator
    # ("2026 - 10 - 21", "03 . 03 . 2026", "exp 08 / 2027"); four digits for the year
    ("iso_spaced", re.compile(r"(?=\d)(?<![\d/.\-])\b(?P<y>\d{4})[ \t]+(?P<sep>[-/])[ \t]*(?P<m>[01]?\d)[ \t]+(?P=sep)"
                              r"[ \t]*(?P<d>[0-3]?\d)\b(?![ \t]*[-/.][ \t]*\d)")),
    ("numeric_spaced", re.compile(r"(?=\d)(?<![\d/.])\b(?P<a>[0-3]?\d)[ \t]+(?P<sep>[/.])[ \t]*(?P<b>[0-3]?\d)[ \t]+"
                                  r"(?P=sep)[ \t]*(?P<y>\d{4})\b(?![ \t]*[/.][ \t]*\d)")),
    ("numeric_my_spaced", re.compile(r"(?=\d)(?<![\d/.])\b(?P<m>0[1-9]|1[0-2])[ \t]+/[ \t]*(?P<y>(?:19|20)\d\d)\b"
                                     r"(?![ \t]*[/.][ \t]*\d)")),
    # a range whose year is stated once, at its end, or not at all ("October 3 to 6", "21-25
    # December"; without a year no digit may follow, as for "md": "May 5, 12 units"), or whose
    # two days each have their month, perhaps their weekday ("Monday 21 December to Friday 25
    # December 2026", "December 28 to January 3, 2027": the first in the year before when its
    # month is later). (One pattern for each order: a pattern more is a match tried more at
    # every month or day.)
    ("mdy_range", re.compile(rf"(?=[jfmasond])\b{_m('m')}[ \t]+{_d('d')}{_TO}(?:(?:{_WEEKDAY},?[ \t]+)?{_m('m2')}[ \t]+"
                             rf"{_d('d3')}{_SEP}{_y('y2')}\b|{_d('d2')}(?:{_SEP}{_y('y')}\b|\b(?![ \t]*(?:[,:.][ \t]*)?\d)))",
                             re.IGNORECASE)),
    # (a list of days of one month too, "21, 22 March", "3, 4 and 5 May": each day in its month)
    ("dmy_range", re.compile(rf"(?=\d)\b{_d('d')}(?:[ \t]+(?:of[ \t]+)?{_m('m1')}|(?P<mid>(?:{_COMMA}[0-3]?\d(?:st|nd|rd|th)?(?={_COMMA}|{_TO})){{0,{_MAX_LISTED}}}+))"
                             rf"(?:{_TO}|{_COMMA})(?:{_WEEKDAY},?[ \t]+)?{_d('d2')}"
                             rf"[ \t]+(?:of[ \t]+)?{_m('m')}(?:{_SEP}{_y('y')})?\b", re.IGNORECASE)),
    ("mdy", re.compile(rf"(?=[jfmasond])\b{_m('m')}[ \t]+{_d('d')}{_SEP}{_y('y')}\b", re.IGNORECASE)),
    ("dmy", re.compile(rf"(?=\d)\b{_d('d')}[ \t]+(?:of[ \t]+)?{_m('m')}{_SEP}{_y('y')}\b", re.IGNORECASE)),
    # a life span whose dash was lost in extraction: "26 September 188926 May 1976"
    ("dmy_glued", re.compile(rf"(?=\d)\b{_d('d')}[ \t]+{_m('m')}[ \t]+{_y('y')}(?P<d2>[1-9]|[12]\d|3[01])"
                             rf"[ \t]+{_m('m2')}[ \t]+{_y('y2')}\b", re.IGNORECASE)),
    ("my", re.compile(rf"(?=[jfmasond])\b{_m('m')}{_SEP}(?:of[ \t]+)?{_y('y')}\b", re.IGNORECASE)),
    # (no digit may follow but a time of day's after a comma: "May 5, 12 units" / "Dec 2, 08:52
    # UTC"; "Mar 3 09:07:41 2026" is ctime's)
    ("md", re.compile(rf"(?=[jfmasond])\b{_m('m')}[ \t]+{_d('d')}\b"
                      r"(?![ \t]*(?:[:.][ \t]*)?\d|[ \t]*,[ \t]*\d(?!\d?:[0-5]\d))", re.IGNORECASE)),
    ("dm", re.compile(rf"(?=\d)\b{_d('d')}[ \t]+(?:of[ \t]+)?{_m('m')}\b", re.IGNORECASE)),
    ("quarter", re.compile(r"(?=[Qq])\b[Qq](?P<q>[1-4])(?:[ \t]*(?:of[ \t]+)?(?:FY[ \t]*)?(?P<y>\d{4}|'\d{2}))?\b")),
    ("quarter_words", re.compile(r"(?=[fstl1-4])\b(?P<qw>first|second|third|fourth|final|last|1st|2nd|3rd|4th)"
                                 r"[ \t]+(?:fiscal[ \t]+)?quarter(?:[ \t]+(?:of[ \t]+)?(?:FY[ \t]*)?"
                                 r"(?P<y>\d{4}))?\b", re.IGNORECASE)),
    ("decade", re.compile(r"(?=\d)(?<![\w'’])(?P<dec>\d{3}0)'?s\b")),
    ("decade_short", re.compile(r"(?=['’1-9])(?<![\w'’.,$£€])(?:['’](?P<dd>\d0)|(?P<ddn>[1-9]0))s\b")),
    ("decade_words", re.compile(r"(?=[tfsen])\b(?:the[ \t]+)?(?P<dw>twenties|thirties|forties|fifties|sixties|"
                                r"seventies|eighties|nineties)\b", re.IGNORECASE)),
    ("month_alone", re.compile(r"(?=[abdefilmnostu])\b(?:in|during|by|until|till|since|from|through|of|early|late|"
                               r"mid|mid-|last|next|this|and|or|to|between)[ \t]+(?P<m>January|February|March|April|May|"
                               r"June|July|August|September|October|November|December|"
                               # (the abbreviations of MONTH_ALONE_ABBREVIATIONS: "since Sept")
                               r"Feb|Apr|Aug|Sept?|Oct|Nov)\b(?![ \t]+\d)")),
    ("year", re.compile(r"(?=[12])(?<![\w$€£.,:/\-'’#])(?P<y>1[1-9]\d{2}|20\d{2}|21\d{2})\b"
                        r"(?!'?s\b|[.,:/\-]\d|[ \t]*%|[ \t]*(?:percent|per cent)\b)")),
    # a year glued by a hyphen to a word placing a time by it ("post-2008", "pre-2015", "mid-2027"):
    # "year" leaves a year after a hyphen alone ("X-2000" names a model). (Matched from the
    # hyphen: lookbehinds there, not a lookahead tried before every word.)
    ("year_prefixed", re.compile(r"(?=[-])-(?=[12])(?:(?<=\bpre-)|(?<=\bpost-)|(?<=\bmid-)|(?<=\bearly-)|(?<=\blate-)|(?<=\bend-))"
                                 r"(?P<y>1[1-9]\d{2}|20\d{2}|21\d{2})\b"
                                 r"(?!'?s\b|[.,:/\-]\d|[ \t]*%|[ \t]*(?:percent|per cent)\b)", re.IGNORECASE)),
    ("weekday", re.compile(rf"(?=[mtwfs])\b(?P<w>{_WEEKDAY})s?\b", re.IGNORECASE)),  # ("on Saturdays")
    # "Mon–Fri 9:00–17:30", "Sat 10:00": a capitalized abbreviation before a range, a time or a
    # list (alone, "Sat" and "Sun" are words)
    ("weekday_short", re.compile(r"(?=[MTWFS])\b(?P<w>Mon|Tues?|Weds?|Thu(?:rs?)?|Fri|Sat|Sun)\b\.?"
                                 r"(?=[ \t]*(?:[-–—/]|to[ \t]|\d|,[ \t]*(?:Mon|Tue|Weds?|Thu|Fri|Sat|Sun)\b))")),
    # "THU | 07:00 HIIT", "Sat | 10:00": a timetable's row, its day before a cell that opens with a time
    ("weekday_row", re.compile(r"(?=[MTWFS])\b(?P<w>Mon|MON|Tues?|TUES?|Weds?|WED|Thu(?:rs?)?|THU(?:RS)?|Fri|FRI|Sat|SAT|"
                               r"Sun|SUN)\b\.?(?=[ \t]*\|[ \t]*(?:[01]?\d|2[0-3])[:.][0-5]\d)")),
    # "W/c 2 Mar,Wed,Ruth": a capitalized abbreviation filling a cell of a CSV or a table on its own
    ("weekday_cell", re.compile(r"(?:(?<=[,|\t])|(?<=[,|\t][ \t]))(?P<w>Mon|MON|Tues?|TUES?|Weds?|WED|Thu(?:rs?)?|THU(?:RS)?|Fri|FRI|Sat|"
                                r"SAT|Sun|SUN)\.?(?=[ \t]*(?:[,|\t]|\r?\n|\Z))")),
    # "decision 14:00 Sun", "doors 7pm Sat": a capitalized abbreviation right after a time of day
    ("weekday_timed", re.compile(r"(?=[MTWFS])(?:(?<=[:.h]\d\d[ \t])|(?<=\d[ap]m[ \t])|(?<=\d[AP]M[ \t]))"
                                 r"(?P<w>Mon|MON|Tues?|TUES?|Weds?|WED|Thu(?:rs?)?|THU(?:RS)?|Fri|FRI|Sat|SAT|Sun|SUN)\b\.?"
                                 r"(?![-'’]|\.\w)")),
    # "release still Thu": a capitalized abbreviation no English word shares ("Sat", "Sun", "Wed" do)
    ("weekday_abbr", re.compile(r"(?=[MTF])\b(?P<w>Mon|Tues?|Thu(?:rs?)?|Fri)\b\.?(?![-'’]|\.\w)")),
    # "Mon–Sat": the second end of a range of days
    ("weekday_range_end", re.compile(r"(?=[MTWFS])\b(?:Mon|Tues?|Weds?|Thu(?:rs?)?|Fri|Sat|Sun)[ \t]*[-–—][ \t]*"
                                     r"(?P<w>Mon|Tues?|Weds?|Thu(?:rs?)?|Fri|Sat|Sun)\b")),
    # "tickets for sat?", "see u on fri", "closed Sun": a short weekday in any case after a word
    # that sets a day (not "open": "in the open sun")
    ("weekday_after", re.compile(r"(?=[oftnubleadcs])\b(?:on|for|this|next|till|until|by|from|every|last|"
                                 r"arriv(?:e|es|ed|ing)|leav(?:e|es|ing)|due|back|closed|shut)[ \t]+"
                                 r"(?P<w>mon|tues?|weds?|thu(?:rs?)?|fri|sat|sun)\b(?![-'’])", re.IGNORECASE)),
    # "sun 4 may", "Thu, 5th of March": a short weekday in any case right before a day and a month
    ("weekday_dated", re.compile(r"(?=[mtwfsMTWFS])\b(?P<w>mon|tues?|weds?|thu(?:rs?)?|fri|sat|sun)\.?,?[ \t]+"
                                 r"(?=[0-3]?\d(?:st|nd|rd|th)?[ \t]+(?:of[ \t]+)?(?:jan|feb|mar|apr|may|jun|jul|aug|"
                                 r"sep|oct|nov|dec))", re.IGNORECASE)),
    # "TGIF": chat shorthand naming the day ("thank God it's Friday")
    ("weekday_chat", re.compile(r"(?=[Tt])\b(?:TGIF|tgif|Tgif)\b")),
    # -- the notations machine-written documents print (logs, tickets, mail, aviation) --------
    # ctime, asctime, git log and date(1): "Thu Sep 17 16:48:02 2026", "... 16:48:02 CEST 2026";
    # syslog: "Sep 17 16:48:02" (no year). A time to the second between the day and the year
    # (the weekday before is read as any weekday before a date); the mention is the month and
    # the day, so the time stays a time of day for the numbers checker.
    ("ctime", re.compile(r"(?=[JFMASOND])\b(?P<m>Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[ \t]+"
                         r"(?P<d>[0-3]?\d)[ \t]+(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:[.,]\d{1,9})?"
                         r"(?:[ \t]+(?:[A-Z]{3,5}[ \t]+)?(?P<y>(?:19|20)\d\d)\b)?(?![:.]\d)")),
    # a day, a month's name and a year joined by slashes or hyphens: trackers and Oracle
    # ("06/Nov/26", "06-NOV-26"), RFC 850 and logs ("17-Sep-2026"), the Common Log Format
    # ("[17/Sep/2026:16:48:02 +0000]"); a two-digit year is read as "'26"
    ("dmy_abbr", re.compile(rf"(?=\d)(?<![/\-.])\b{_d('d')}(?P<sep>[/\-]){_m('m')}(?P=sep)(?P<y>\d{{4}}|\d{{2}})\b(?![/\-.]\d)",
                            re.IGNORECASE)),
    # ISO 8601 week dates: "2026-W38-4", "2026W384" (the Thursday of week 38)
    ("iso_week", re.compile(r"(?=\d)\b(?P<y>\d{4})(?P<sep>-?)W(?P<w>[0-5]\d)(?P=sep)(?P<wd>[1-7])(?:\b|(?=T\d))")),
    # ISO 8601's basic format, "20260917T164802Z", and all-digit stamps a label calls one
    # ("B) 2612140700", "timestamp: 202609171648"): see raguard.normalize.stamps
    ("iso_basic", BASIC_ISO_RE),
    ("stamp", STAMP_DIGITS_RE),
    # a date-time group with its month and year: "171648Z SEP 26" (its day and its month and
    # year; the time between them is the numbers reader's)
    ("dtg", DTG_RE),
]


class DateValue(NamedTuple):
    """The components a date mention states; ``None`` for what it does not say. (A named tuple,
    like ``NumberMention``: cheaper to build than a frozen dataclass.)"""

    year: Optional[int] = None
    month: Optional[int] = None
    day: Optional[int] = None
    quarter: Optional[int] = None
    decade: Optional[int] = None  # 1990 for "the 1990s"; 90 for "the '90s" (century unknown)
    weekday: Optional[int] = None

    def derived(self) -> "DateValue":
        """Fill in what follows from the stated parts: quarter from month, weekday from a full date."""
        if (self.quarter is not None or self.month is None) and (
                self.weekday is not None or not (self.year and self.month and self.day)):
            return self  # nothing to fill in: no cache lookup (its key hashes every field)
        return _derived(self)

    def _derive(self) -> "DateValue":
        quarter = self.quarter
        if quarter is None and self.month is not None:
            quarter = (self.month - 1) // 3 + 1
        weekday = self.weekday
        if weekday is None and self.year and self.month and self.day:
            try:
                weekday = _dt.date(self.year, self.month, self.day).weekday()
            except ValueError:
                weekday = None
        if quarter == self.quarter and weekday == self.weekday:
            return self
        return self._replace(quarter=quarter, weekday=weekday)

    def describe(self) -> str:
        """Readable form: "September 30, 2024", "Q3 2024", "the 1990s"."""
        parts: list[str] = []
        if self.weekday is not None:
            parts.append(calendar.day_name[self.weekday] + ",")
        if self.month is not None:
            month = calendar.month_name[self.month]
            parts.append(f"{month} {self.day}," if self.day else month)
        elif self.quarter is not None:
            parts.append(f"Q{self.quarter}")
        if self.year is not None:
            parts.append(str(self.year))
        elif self.decade is not None:
            parts.append(f"the {self.decade}s" if self.decade >= 100 else f"the '{self.decade:02d}s")
        text = " ".join(parts).rstrip(",")
        return text or "a date"

    def canonical(self) -> str:
        """Stable normalized value, e.g. ``2024-09-30``, ``2024-Q3``, ``199x``."""
        if self.year is not None:
            text = f"{self.year:04d}"
            if self.month is not None:
                text += f"-{self.month:02d}"
                if self.day is not None:
                    text += f"-{self.day:02d}"
            elif self.quarter is not None:
                text += f"-Q{self.quarter}"
        elif self.decade is not None:
            text = f"{self.decade // 10}x" if self.decade >= 100 else f"'{self.decade // 10}x"
        elif self.month is not None:
            text = f"--{self.month:02d}" + (f"-{self.day:02d}" if self.day else "")
        elif self.quarter is not None:
            text = f"Q{self.quarter}"
        else:
            text = ""
        if self.weekday is not None:
            text = (text + " " if text else "") + calendar.day_abbr[self.weekday]
        return text


@lru_cache(maxsize=4096)
def _derived(value: DateValue) -> DateValue:
    """``value.derived()``, memoized: the nearest-date search and every support check call it
    for each document date (a few distinct values, asked again and again)."""
    return value._derive()


class DateMention(NamedTuple):
    start: int
    end: int
    text: str
    value: DateValue
    form: str


def _year2(text: str) -> int:
    value = int(text.lstrip("'’"))
    return 2000 + value if value < 50 else 1900 + value


_MONTH_DAYS = (0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def _valid(value: DateValue) -> bool:
    if value.month is not None and not 1 <= value.month <= 12:
        return False
    if value.day is not None:
        if not 1 <= value.day <= 31:
            return False
        if value.month is not None:
            limit = _MONTH_DAYS[value.month]
            if value.month == 2 and not calendar.isleap(value.year or 2000):
                limit = 28
            if value.day > limit:
                return False
    return True


def _parse(form: str, m: re.Match[str]) -> Optional[DateValue]:
    if form in ("year", "year_prefixed"):  # the most frequent form first
        return DateValue(year=int(m.group("y")))
    g = m.groupdict()
    if form in ("iso", "ymd_slash", "iso_spaced"):
        return DateValue(year=int(g["y"]), month=int(g["m"]), day=int(g["d"]))
    if form in ("numeric_my", "numeric_my_spaced"):
        return DateValue(year=int(g["y"]), month=int(g["m"]))
    if form in ("numeric", "numeric_spaced"):
        a, b = int(g["a"]), int(g["b"])
        year = int(g["y"]) if len(g["y"]) == 4 else _year2(g["y"])
        if g["sep"] == "." or a > 12:
            day, month = a, b
        else:
            month, day = a, b
        return DateValue(year=year, month=month, day=day)
    if form in ("mdy", "dmy"):
        return DateValue(year=int(g["y"]), month=MONTHS[g["m"].casefold().rstrip(".")], day=int(g["d"]))
    if form == "my":
        return DateValue(year=int(g["y"]), month=MONTHS[g["m"].casefold().rstrip(".")])
    if form in ("md", "dm"):
        return DateValue(month=MONTHS[g["m"].casefold().rstrip(".")], day=int(g["d"]))
    if form == "quarter":
        y = g.get("y")
        return DateValue(quarter=int(g["q"]), year=(int(y) if y and len(y) == 4 else (_year2(y) if y else None)))
    if form == "quarter_words":
        y = g.get("y")
        return DateValue(quarter=_QUARTER_WORDS[g["qw"].casefold()], year=int(y) if y else None)
    if form == "decade":
        return DateValue(decade=int(g["dec"]))
    if form == "decade_short":  # "'50s", "50s": a decade of a century or of a life, as "the fifties"
        return DateValue(decade=int(g["dd"] or g["ddn"]))
    if form == "decade_words":
        return DateValue(decade=_DECADE_WORDS[g["dw"].casefold()] * 10)
    if form == "month_alone":
        return DateValue(month=MONTHS[g["m"].casefold()])
    if form in ("weekday", "weekday_short", "weekday_row", "weekday_cell", "weekday_after", "weekday_dated",
                "weekday_abbr", "weekday_range_end", "weekday_timed"):
        return DateValue(weekday=WEEKDAYS[g["w"].casefold()])
    if form == "weekday_chat":
        return DateValue(weekday=WEEKDAYS["friday"])
    return _parse_machine(form, m)


def _parse_machine(form: str, m: re.Match[str]) -> Optional[DateValue]:
    """The value of a notation machines print (the forms from "ctime" on)."""
    if form == "ctime":
        y = m.group("y")
        return DateValue(year=int(y) if y else None, month=MONTHS[m.group("m").casefold()], day=int(m.group("d")))
    if form == "dmy_abbr":
        y = m.group("y")
        return DateValue(year=int(y) if len(y) == 4 else _year2(y), month=MONTHS[m.group("m").casefold().rstrip(".")],
                         day=int(m.group("d")))
    if form == "iso_week":
        try:
            day = _dt.date.fromisocalendar(int(m.group("y")), int(m.group("w")), int(m.group("wd")))
        except ValueError:
            return None  # (week 53 of a year with 52)
        return DateValue(year=day.year, month=day.month, day=day.day)
    if form == "dtg":
        y = m.group("y")
        if y is None:
            return None  # ("140620Z": a day without its month)
        return DateValue(year=int(y) if len(y) == 4 else _year2(y), month=MONTHS[m.group("m").casefold()],
                         day=int(m.group("d")))
    stamp = basic_iso(m) if form == "iso_basic" else labeled_stamp(m.string, m.start(), m.end()) if form == "stamp" else None
    return None if stamp is None else DateValue(year=stamp.year, month=stamp.month, day=stamp.day)


#: Forms read like another once found: a short weekday is a weekday.
_SAME_AS = {"weekday_short": "weekday", "weekday_row": "weekday", "weekday_cell": "weekday", "weekday_after": "weekday", "weekday_dated": "weekday", "weekday_chat": "weekday",
            "weekday_abbr": "weekday", "weekday_range_end": "weekday", "weekday_timed": "weekday", "year_prefixed": "year",
            "iso_spaced": "iso", "numeric_spaced": "numeric", "numeric_my_spaced": "numeric_my"}


def _span(form: str, m: re.Match[str]) -> tuple[int, int]:
    if form == "month_alone":
        return m.start("m"), m.end("m")
    if form == "year_prefixed":
        return m.start("y"), m.end("y")
    if form in ("weekday_after", "weekday_dated", "weekday_range_end"):
        return m.start("w"), m.end("w")
    if form == "ctime":  # (the month and the day: the time and the year after them are read apart)
        return m.start(), m.end("d")
    if form == "iso_basic":
        return m.start("date"), m.end("date")
    if form == "dtg":  # (from its Z to its year: the time stands between the day and the month)
        return m.end("time"), m.end("y")
    if form == "stamp":  # (the date's digits: YYMMDD of ten, YYYYMMDD of twelve or fourteen)
        return m.start(), m.start() + (6 if m.end() - m.start() == 10 else 8)
    return m.start(), m.end()


def _month_of(m: re.Match[str], group: str) -> int:
    return MONTHS[m.group(group).casefold().rstrip(".")]


def _range_candidates(form: str, m: re.Match[str]) -> list[tuple[int, int, str, DateValue]]:
    """"Oct. 14-15, 2024" states two dates: Oct. 14 and Oct. 15, both in 2024; "21 to 25
    December" two without a year; "28 December to 3 January 2027" two in their own months."""
    g = m.groupdict()
    if form == "mdy_range" and g["m2"] is not None:  # "December 28 to January 3, 2027"
        first_month, month, day2, y, end = _month_of(m, "m"), _month_of(m, "m2"), g["d3"], g["y2"], m.end("y2")
        spans = ((m.start("m"), m.end("d")), (m.start("m2"), end))
    elif form == "mdy_range":  # "Oct. 14-15, 2024", "October 14-15"
        first_month = month = _month_of(m, "m")
        day2, y = g["d2"], g["y"]
        spans = ((m.start("m"), m.end("d")), (m.start("d2"), m.end("y") if y is not None else m.end("d2")))
    else:  # "14-15 October 2024", "14 to 15 October", "28 December to 3 January 2027"
        month = _month_of(m, "m")
        first_month = _month_of(m, "m1") if g["m1"] is not None else month
        day2, y = g["d2"], g["y"]
        spans = ((m.start("d"), m.end("m1") if g["m1"] is not None else m.end("d")),
                 (m.start("d2"), m.end("y") if y is not None else m.end("m")))
    if y is None and m.group("m") in _VERB_MONTHS:
        return []  # "aged 18 to 25 may apply": a verb
    year = int(y) if y is not None else None
    first = DateValue(year=year - 1 if year is not None and first_month > month else year, month=first_month,
                      day=int(g["d"]))
    second = DateValue(year=year, month=month, day=int(day2))
    if not (_valid(first) and _valid(second)):
        return []
    if first_month == month and first.year == second.year and int(g["d"]) > int(day2):
        return []  # no range runs back in its month: "14 SEP 26 - 13 NOV 26" holds no "26 - 13 NOV"
    # both halves are as long as the whole match, so they win against shorter overlapping forms
    listed = [(spans[0][0], spans[0][1], form, first), (spans[1][0], spans[1][1], form, second)]
    if g.get("mid"):  # the days between the first and the last of a list, each in the month
        offset = m.start("mid")
        for day in _DAY_DIGITS_RE.finditer(g["mid"]):
            value = second._replace(day=int(day.group()))
            if not _valid(value):
                return []
            listed.append((offset + day.start(), offset + day.end(), form, value))
    return listed


_DAY_DIGITS_RE = re.compile(r"\d+")


#: Month abbreviations that are English verbs written in lower case ("18 to 25 may apply"): a
#: range without a year is not read before them.
_VERB_MONTHS = frozenset({"may", "mar"})
#: After a day and such a word in lower case, a word that is no link of a date ("12 may take",
#: not "12 may and 3 june", "12 may at noon", "12 may 2026"): the word is the verb.
#: (Tried only at the start of a run of blanks: no second try inside a long one.)
_VERB_AFTER_RE = re.compile(r"(?<![ \t])[ \t]+(?!(?:and|or|to|at|in|on|for|from|until|till|by|with|through)\b)[a-z]")


def _glued_candidates(m: re.Match[str]) -> list[tuple[int, int, str, DateValue]]:
    """"26 September 188926 May 1976" states two dates: 26 September 1889 and 26 May 1976."""
    first = DateValue(year=int(m.group("y")), month=MONTHS[m.group("m").casefold().rstrip(".")], day=int(m.group("d")))
    second = DateValue(year=int(m.group("y2")), month=MONTHS[m.group("m2").casefold().rstrip(".")],
                       day=int(m.group("d2")))
    if not (_valid(first) and _valid(second)):
        return []
    return [(m.start("d"), m.end("y"), "dmy", first), (m.start("d2"), m.end("y2"), "dmy", second)]


_WEEKDAY_PREFIX_RE = re.compile(rf"\b(?P<w>{_WEEKDAY}|mon|tues?|wed|thu(?:rs)?|fri|sat|sun)\.?[ \t]*(?:,[ \t]*)?"
                                r"(?:the[ \t]+)?$", re.IGNORECASE)


# What each form needs in the text: patterns whose cue is absent are not run at all.
_CUES: dict[str, re.Pattern[str]] = {
    "digit": re.compile(r"\d"),
    "month": re.compile(r"(?=[jfmasond])\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)", re.IGNORECASE),
    "weekday": re.compile(r"(?=[mtwfs])\b(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*days?\b", re.IGNORECASE),
    "weekday_short": re.compile(r"(?=[mtwfsMTWFS])\b(?:mon|tues?|weds?|thu(?:rs?)?|fri|sat|sun)\b", re.IGNORECASE),
    "quarter": re.compile(r"quarter", re.IGNORECASE),
    "decade": re.compile(r"ties\b", re.IGNORECASE),
    "tgif": re.compile(r"(?=[Tt])\b(?:TGIF|tgif|Tgif)\b"),
}
# What an ASCII text must hold, lower-cased, for a cue above to match: one of these substrings
# (IGNORECASE folds only ASCII letters to ASCII letters). Substring tests spare the searches,
# which try every position.
_CUE_WORDS: dict[str, tuple[str, ...]] = {
    "digit": tuple("0123456789"), "month": ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"),
    "weekday": ("day",),
    "weekday_short": ("mon", "tue", "wed", "thu", "fri", "sat", "sun"),
    "quarter": ("quarter",), "decade": ("ties",), "tgif": ("tgif",),
}
# ... and the characters one of which must stand right before such a word: a short weekday opens
# a word ("showed", "month", "friend" hold its letters inside one)
_CUE_WORD_AFTER: dict[str, str] = {"weekday_short": " \n(/,|\t"}
# All of those words, digits first: an ASCII text without one holds no cue, which one loop of
# substring tests tells before the tests per cue (most answers hold no date: it spares about
# half of what finding no cue cost; a search for them all with one pattern cost more than either,
# since re stops at every letter that starts one of them)
_ANY_CUE_WORDS = tuple(dict.fromkeys(w for words in _CUE_WORDS.values() for w in words))


def _holds_cue_word(lowered: str) -> bool:
    """Does a lower-cased ASCII text hold one of :data:`_ANY_CUE_WORDS`?"""
    for word in _ANY_CUE_WORDS:
        if word in lowered:
            return True
    return False


def _at_word_start(text: str, words: tuple[str, ...]) -> bool:
    r"""Does ASCII ``text`` hold one of ``words`` (each opening with a letter) at a word start,
    where ``\b`` holds before it: at the text's start or after a character that is no letter, digit or "_"?"""
    for word in words:
        i = text.find(word)
        while i >= 0:
            if i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_"):
                return True
            i = text.find(word, i + 1)
    return False


def _holds_after(text: str, before: str, words: tuple[str, ...]) -> bool:
    """Does ``text`` hold one of ``words`` right after a character of ``before``? Each word is
    searched once, with a look at the character before each hit: a search for each pair (28
    for the short weekdays) cost ~30 µs on a 300-word document."""
    for word in words:
        i = text.find(word, 1)
        while i >= 0:
            if text[i - 1] in before:
                return True
            i = text.find(word, i + 1)
    return False


def _ascii_cues(text: str, lowered: str, cues: set[str], prefixes: Optional[list[int]] = None,
                after: bool = True) -> None:
    r"""Add the :data:`_CUES` an ASCII ``text`` (``lowered``: it lower-cased) holds. Each cue's
    words (:data:`_CUE_WORDS`) are looked for first; for most cues where they are, the answer
    is then told exactly without the pattern's search, which tries it at every position (a
    1,900-character document: ~35 µs for each weekday pattern, ~10 for "ties\b" or "quarter"):
    in ASCII text IGNORECASE matches what lower() finds, ``\d`` a digit and ``\w`` a
    character ``isalnum()`` or "_". ``prefixes``: filled with the text's :func:`_month_prefixes`,
    which then tell the month cue (a search for each of the twelve in either case). ``lowered``
    may be a text beyond ASCII's :func:`raguard.normalize.text.ignorecase_lowered`: then
    ``after`` is False (that text's short weekday needs no character before it)."""
    for word in _CUE_WORDS["digit"]:
        if word in lowered:
            cues.add("digit")
            break
    if prefixes is None:
        if _at_word_start(lowered, _CUE_WORDS["month"]):
            cues.add("month")
    else:
        prefixes.extend(_month_prefixes(text, lowered))
        for i in prefixes:
            if i == 0 or not _word_char(lowered[i - 1]):  # (as _at_word_start tests)
                cues.add("month")
                break
    if "day" in lowered and _holds_weekday(lowered):
        cues.add("weekday")
    if _holds_short_weekday(lowered, after):
        cues.add("weekday_short")
    if "quarter" in lowered:
        cues.add("quarter")
    if "ties" in lowered and _ends_word(lowered, "ties"):
        cues.add("decade")
    if "tgif" in lowered and _CUES["tgif"].search(text):
        cues.add("tgif")


def _word_char(c: str) -> bool:
    r"""Is ASCII ``c`` (one character, or "" past an end) one ``\w`` matches?"""
    return c.isalnum() or c == "_"


def _ends_word(lowered: str, word: str) -> bool:
    r"""Does ``word\b`` match in ASCII ``lowered``: ``word`` with no word character after it?"""
    i = lowered.find(word)
    size = len(word)
    while i >= 0:
        if not _word_char(lowered[i + size:i + size + 1]):
            return True
        i = lowered.find(word, i + 1)
    return False


_WEEKDAY_STARTS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")


def _holds_weekday(lowered: str) -> bool:
    r"""Does ``_CUES["weekday"]`` match the lower-cased ASCII text ``lowered``? Its match is a
    whole run of letters (``\b``, then letters ``[a-z]*`` backtracks over, then ``\b``) that
    opens with a weekday's first three letters and ends in "day" or "days" after them, with no
    digit or "_" on either side: found from each "day", walking back over the letters."""
    i = lowered.find("day")
    while i >= 0:
        end = i + 3
        if lowered[end:end + 1] == "s":
            end += 1
        if not _word_char(lowered[end:end + 1]):
            p = i
            while p > 0 and "a" <= lowered[p - 1] <= "z":
                p -= 1
            if i - p >= 3 and lowered[p:p + 3] in _WEEKDAY_STARTS and (p == 0 or not _word_char(lowered[p - 1])):
                return True
        i = lowered.find("day", i + 3)
    return False


#: The words ``_CUES["weekday_short"]`` matches (lower-cased), by their first three letters.
_SHORT_WEEKDAYS: dict[str, tuple[str, ...]] = {
    "mon": ("mon",), "tue": ("tue", "tues"), "wed": ("wed", "weds"), "thu": ("thu", "thur", "thurs"), "fri": ("fri",),
    "sat": ("sat",), "sun": ("sun",)}


def _holds_short_weekday(lowered: str, after_needed: bool = True) -> bool:
    r"""Does the lower-cased ASCII text ``lowered`` hold a weekday's first three letters right
    after one of ``_CUE_WORD_AFTER["weekday_short"]`` (anywhere), and does
    ``_CUES["weekday_short"]`` match it (a whole run of word characters that is one of
    :data:`_SHORT_WEEKDAYS`, anywhere)? Both tested from one search for each word (the first
    not, unless ``after_needed``)."""
    before = _CUE_WORD_AFTER["weekday_short"]
    after, whole = not after_needed, False
    for word, forms in _SHORT_WEEKDAYS.items():
        i = lowered.find(word)
        while i >= 0:
            if i > 0 and lowered[i - 1] in before:
                after = True
            if not whole and (i == 0 or not _word_char(lowered[i - 1])):
                for form in forms:
                    if lowered.startswith(form, i) and not _word_char(lowered[i + len(form):i + len(form) + 1]):
                        whole = True
                        break
            if after and whole:
                return True
            i = lowered.find(word, i + 1)
    return False


# Characters some forms cannot match without: a substring test, cheaper than running the pattern.
_LITERAL_CUES: dict[str, tuple[str, ...]] = {
    "dash": ("-", "–", "—"), "range": ("-", "–", "—", "&", " to ", " and ", " or ", " until ", " till ", " through "),
    "range_or_list": ("-", "–", "—", "&", " to ", " and ", " or ", " until ", " till ", " through ", ","),
    "slash": ("/",), "zero_s": ("0s", "0's"),
    # a separator after a space, as tokenized text writes it ("2026 - 10 - 21", "08 / 2027")
    "spaced_sep": (" -", " /", " .", "\t"),
    # a hyphen before a year ("post-2008"): two tests, where the words before it would take 18
    "year_prefix": ("-1", "-2"),
    "q_digit": ("Q1", "Q2", "Q3", "Q4", "q1", "q2", "q3", "q4"),
    # (the twelve names, a name that holds one of the abbreviations found by it: "February" by "Feb")
    "month_name": ("January", "March", "May", "June", "July", "December", "Feb", "Apr", "Aug", "Sep", "Oct", "Nov"),
    "colon": (":",), "slash_or_dash": ("/", "-"), "week_w": ("W",), "iso_t": ("T",), "zulu": ("Z",),
}
_FORM_CUES: dict[str, tuple[str, ...]] = {
    "iso": ("digit", "dash"), "ymd_slash": ("digit", "slash"), "numeric": ("digit",), "numeric_my": ("digit", "slash"),
    "iso_spaced": ("digit", "spaced_sep"), "numeric_spaced": ("digit", "spaced_sep"),
    "numeric_my_spaced": ("digit", "spaced_sep"),
    "mdy_range": ("digit", "month", "range"), "dmy_range": ("digit", "month", "range_or_list"),
    "mdy": ("digit", "month"),
    "dmy": ("digit", "month"), "dmy_glued": ("digit", "month"), "my": ("digit", "month"), "md": ("digit", "month"),
    "dm": ("digit", "month"), "quarter": ("digit", "q_digit"), "quarter_words": ("quarter",),
    "decade": ("digit", "zero_s"), "decade_short": ("digit", "zero_s"), "decade_words": ("decade",),
    "month_alone": ("month", "month_name"), "year": ("digit",), "year_prefixed": ("digit", "year_prefix"),
    "weekday": ("weekday",),
    "weekday_short": ("weekday_short",), "weekday_row": ("weekday_short", "digit"), "weekday_cell": ("weekday_short",), "weekday_after": ("weekday_short",),
    "weekday_dated": ("weekday_short", "digit", "month"), "weekday_chat": ("tgif",),
    "weekday_abbr": ("weekday_short",), "weekday_range_end": ("weekday_short",), "weekday_timed": ("weekday_short", "digit"),
    "ctime": ("digit", "month", "colon"), "dmy_abbr": ("digit", "month", "slash_or_dash"),
    "iso_week": ("digit", "week_w"), "iso_basic": ("digit", "iso_t"), "stamp": ("digit",),
    "dtg": ("digit", "month", "zulu"),
}


def _cues(text: str, prefixes: Optional[list[int]] = None) -> set[str]:
    """The names of the cues ``text`` holds (of :data:`_CUES`, then of :data:`_LITERAL_CUES`).
    ``prefixes``: a list to fill with an ASCII text's :func:`_month_prefixes` when it holds a
    cue's word (:func:`extract_dates` reads them for a long text's month anchors)."""
    # (plain loops: this runs first on every answer, where each generator frame costs)
    cues: set[str] = set()
    if text.isascii():
        lowered = text.lower()
        if _holds_cue_word(lowered):
            _ascii_cues(text, lowered, cues, prefixes)
    elif (beyond := ignorecase_lowered(text)) is not None:
        # (the words' tests hold beyond ASCII too, lower() keeping what is a letter, a digit or
        # "_"; a digit may be another script's, and a short weekday needs no space before it)
        if _CUES["digit"].search(text):
            cues.add("digit")
        if _holds_cue_word(beyond):
            _ascii_cues(text, beyond, cues, prefixes, after=False)
    else:
        for name, cue in _CUES.items():
            if cue.search(text):
                cues.add(name)
    if cues:
        for name, literals in _LITERAL_CUES.items():
            if name == "month_name" and "month" not in cues:
                continue  # (only "in March" reads it, and that form needs the month cue too)
            pairs = _LITERAL_PAIRS.get(name)
            if pairs is not None:
                if _holds_pairs(text, pairs, literals):
                    cues.add(name)
                continue
            for literal in literals:
                if literal in text:
                    cues.add(name)
                    break
    return cues


# The literals of some cues as a character and what may follow it: each is found from that
# character, rare in prose, with a look at what follows each (a search for a character is fast;
# one for each of eight two-letter literals, "Q1" to "q4", cost 13 µs on a 300-word document,
# where "q" stands a few times; "-1" and "-2", 3-6 µs)
_LITERAL_PAIRS: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    "zero_s": (("0", ("s", "'s")),), "q_digit": (("Q", ("1", "2", "3", "4")), ("q", ("1", "2", "3", "4"))),
    "year_prefix": (("-", ("1", "2")),)}
#: How many of those characters :func:`_holds_pairs` looks at before it searches for the literals
#: themselves (a table of figures holds hundreds of zeros).
_MAX_PAIR_LOOKS = 16


def _holds_pairs(text: str, pairs: tuple[tuple[str, tuple[str, ...]], ...], literals: tuple[str, ...]) -> bool:
    """Does ``text`` hold one of ``literals``, which are each first character of ``pairs`` with one
    of what may follow it?"""
    looks = 0
    for char, after in pairs:
        i = text.find(char)
        while i >= 0:
            if text.startswith(after, i + 1):
                return True
            looks += 1
            if looks > _MAX_PAIR_LOOKS:
                for literal in literals:
                    if literal in text:
                        return True
                return False
            i = text.find(char, i + 1)
    return False


# Forms whose match can only start at an anchor: a digit that starts a word (their patterns open
# with \b or a lookbehind for non-word characters, then a digit), or a month name at a word start.
_ANCHORED: dict[str, str] = {
    "iso": "digit", "ymd_slash": "digit", "numeric": "digit", "numeric_my": "digit", "dmy_range": "digit", "dmy": "digit", "dmy_glued": "digit",
    "dm": "digit", "decade": "digit", "year": "digit",
    "iso_spaced": "digit", "numeric_spaced": "digit", "numeric_my_spaced": "digit",
    "mdy_range": "month", "mdy": "month", "my": "month", "md": "month",
    "ctime": "month", "dmy_abbr": "digit", "iso_week": "digit", "iso_basic": "digit", "stamp": "digit", "dtg": "digit",
}
#: The forms anchored at a month (see :data:`_ANCHORED`).
_MONTH_FORMS = frozenset(form for form, kind in _ANCHORED.items() if kind == "month")
# (a digit run that starts a word: "(?=\d)\b\d+" tried at every position; opening with \d, re
# finds the digits with a fast scan and the lookbehind checks the character before the first)
_ANCHOR_RES: dict[str, re.Pattern[str]] = {"digit": re.compile(r"\d(?<!\w\d)\d*"), "month": _CUES["month"]}
_ASCII_DIGIT_ANCHOR_RE = re.compile(r"[0-9](?<!\w\d)[0-9]*")  # (the same in ASCII text: a range is tested faster)
#: Matching at anchors beats a scan of the whole text only when anchors are sparse.
_MAX_ANCHOR_DENSITY = 1 / 32
#: ... and only in a text this long: a shorter one is scanned whole.
_MIN_ANCHOR_TEXT = 128

# What a digit-anchored form needs at its anchor, from the length ``n`` of the digit run that
# starts there and the character ``c`` after it: a day is one or two digits followed by a suffix,
# a space or a dash; a year four digits. Tested in Python, so that most of the ~60 pattern calls an
# 86-word answer made (at "1,490", "37%", "$82.0") are not made at all.
_NOT_AFTER_DAY = frozenset(",.;:%/)'\"")
_SHORT_DAY: Callable[[int, str], bool] = lambda n, c: n <= 2 and c != "" and c not in _NOT_AFTER_DAY  # noqa: E731
# (the first day of a range or list: a comma too, "21, 22 March")
_NOT_AFTER_FIRST_DAY = _NOT_AFTER_DAY - {","}
_FIRST_DAY: Callable[[int, str], bool] = lambda n, c: n <= 2 and c != "" and c not in _NOT_AFTER_FIRST_DAY  # noqa: E731
_DIGIT_SHAPES: dict[str, Callable[[int, str], bool]] = {
    "iso": lambda n, c: n == 4 and c == "-",
    "ymd_slash": lambda n, c: n == 4 and c == "/",
    "numeric": lambda n, c: n <= 2 and c in ("/", "."),
    "numeric_my": lambda n, c: n == 2 and c == "/",
    "dmy_range": _FIRST_DAY, "dmy": _SHORT_DAY, "dmy_glued": _SHORT_DAY, "dm": _SHORT_DAY,
    "iso_spaced": lambda n, c: n == 4 and c in (" ", "\t"),
    "numeric_spaced": lambda n, c: n <= 2 and c in (" ", "\t"),
    "numeric_my_spaced": lambda n, c: n == 2 and c in (" ", "\t"),
    "decade": lambda n, c: n == 4 and c in ("'", "s"),
    "year": lambda n, c: n == 4,
    "dmy_abbr": lambda n, c: n <= 2 and c in ("/", "-"),
    "iso_week": lambda n, c: n == 4 and c in ("-", "W"),
    "iso_basic": lambda n, c: n == 8 and c == "T",
    "stamp": lambda n, c: n in (10, 12, 14),
    "dtg": lambda n, c: n == 6 and c == "Z",
}


def _anchors(kind: str, text: str, prefixes: Optional[list[int]] = None) -> Optional[list[tuple[int, int, str]]]:
    """(position, length, next character) of each match of ``_ANCHOR_RES[kind]``, where an
    anchored form may match, or None when a plain scan is cheaper (``prefixes``: the text's
    :func:`_month_prefixes`, when the caller has them)."""
    if kind == "month" and (prefixes is not None or text.isascii()):
        found = _month_anchors(text, prefixes)
    else:
        pattern = _ASCII_DIGIT_ANCHOR_RE if kind == "digit" and text.isascii() else _ANCHOR_RES[kind]
        # (each match's span read once: two method calls a match, not four)
        found = [(start, end - start, text[end:end + 1]) for start, end in map(_MATCH_SPAN, pattern.finditer(text))]
    return found if len(found) <= len(text) * _MAX_ANCHOR_DENSITY else None


_MONTH_PREFIXES = _CUE_WORDS["month"]
_MATCH_SPAN = re.Match.span


def _month_prefixes(text: str, lowered: Optional[str] = None) -> list[int]:
    """Where a month's first three letters stand in an ASCII text, any case, in order: found by
    a substring search for each in the lower-cased text (two cannot overlap: none of them ends
    as it begins). Read by both :func:`_month_anchors` and :func:`_month_alone_starts`.
    ``lowered``: the text lower-cased, when the caller has it."""
    if lowered is None:
        lowered = text.lower()  # (ASCII: the same offsets, and what IGNORECASE matches)
    starts = []
    for prefix in _MONTH_PREFIXES:
        i = lowered.find(prefix)
        while i >= 0:
            starts.append(i)
            i = lowered.find(prefix, i + 3)
    starts.sort()
    return starts


def _month_anchors(text: str, prefixes: Optional[list[int]] = None) -> list[tuple[int, int, str]]:
    """The month anchors of an ASCII text (``_ANCHOR_RES["month"]``'s matches: a month's first
    three letters at a word start, any case), from its :func:`_month_prefixes`: the pattern
    opens with a lookahead, so re tries it at every position (60 µs on a 300-word document)."""
    if prefixes is None:
        prefixes = _month_prefixes(text)
    starts = [i for i in prefixes if i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")]  # \b before a letter
    return [(p, 3, text[p + 3:p + 4]) for p in starts]


def _form_starts(form: str, anchors: list[tuple[int, int, str]],
                 groups: Optional[dict[object, list[list[int]]]] = None) -> list[int]:
    """The anchors at which ``form`` may match (see :data:`_DIGIT_SHAPES`), in order. ``groups``:
    the anchors' positions grouped by (length, next character), those groups listed under each
    shape that accepts them, filled on first use and kept by the caller: each group is tested
    once per text, through :func:`_fitting`, not once per form with a Python call per shape,
    and the forms of one shape (the four of a day) share one merged list (a 300-word
    document's ~40 digit anchors fall in a few groups, and nine forms read them)."""
    if groups is None:
        groups = {}
    if not groups:
        by_shape: dict[tuple[int, str], list[int]] = {}
        for p, n, c in anchors:
            by_shape.setdefault((n, c), []).append(p)
        for pair, starts in by_shape.items():  # (in the order of the groups' first anchors)
            for shape in _fitting(pair):
                groups.setdefault(shape, []).append(starts)
        groups[_EVERY] = [[p for p, _, _ in anchors]]  # (also marks the groups filled)
    key: object = _DIGIT_SHAPES.get(form, _EVERY)
    held = groups.get(key)
    if held is None:
        return []
    if len(held) > 1:
        held = groups[key] = [sorted(chain.from_iterable(held))]  # (merged once for all its forms)
    return held[0]


#: The key of :func:`_form_starts`' groups under which every anchor stands (a form without a
#: shape: one anchored at a month).
_EVERY = "every anchor"
#: (length, next character) of a digit anchor -> the distinct shapes of :data:`_DIGIT_SHAPES`
#: that accept it: a shape reads the pair alone, so its answer is kept (see :func:`_fitting`).
_FITTING: dict[tuple[int, str], tuple[Callable[[int, str], bool], ...]] = {}
#: The most pairs :data:`_FITTING` keeps (a text of odd digit runs must not grow it for good).
_MAX_FITTING = 4096


def _fitting(key: tuple[int, str]) -> tuple[Callable[[int, str], bool], ...]:
    """The distinct shapes of :data:`_DIGIT_SHAPES` that accept ``key``, (length, next character)."""
    found = _FITTING.get(key)
    if found is None:
        n, c = key
        found = tuple({shape: None for shape in _DIGIT_SHAPES.values() if shape(n, c)})
        if len(_FITTING) >= _MAX_FITTING:
            _FITTING.clear()
        _FITTING[key] = found
    return found


def _digit_shapes(text: str) -> set[tuple[int, str]]:
    """(length, next character) of each digit anchor of ``text`` (see :func:`_anchors`)."""
    pattern = _ASCII_DIGIT_ANCHOR_RE if text.isascii() else _ANCHOR_RES["digit"]
    return {(end - start, text[end:end + 1]) for start, end in map(_MATCH_SPAN, pattern.finditer(text))}


def _fits(shape: Callable[[int, str], bool], shapes: set[tuple[int, str]]) -> bool:
    """Does a digit-anchored form's ``shape`` accept one of ``shapes``?"""
    for n, c in shapes:
        if shape(n, c):
            return True
    return False


def matches_at(pattern: re.Pattern[str], text: str, starts: Iterable[int]) -> Iterator[re.Match[str]]:
    """What ``pattern.finditer(text)`` yields, trying only ``starts`` (every position a match can
    start at): the same left-to-right, non-overlapping matches, since a match at ``p`` is
    tried by ``pattern.match(text, p)`` exactly as the scan tries it (lookbehinds and \b see
    the text before ``p``)."""
    last = 0
    for p in starts:
        if p < last:
            continue
        m = pattern.match(text, p)
        if m is not None:
            yield m
            last = m.end()


#: The forms to run for each set of cues found (at most 2**10 sets; a few dozen occur).
_PLANS: dict[frozenset[str], tuple[tuple[str, re.Pattern[str]], ...]] = {}


def _plan(cues: frozenset[str]) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """The (form, pattern) pairs whose cues are all in ``cues``, in :data:`_PATTERNS` order."""
    plan = _PLANS.get(cues)
    if plan is None:
        plan = _PLANS[cues] = tuple((form, pattern) for form, pattern in _PATTERNS
                                    if cues.issuperset(_FORM_CUES[form]))
    return plan


_MONTH_NAMES = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
                "October", "November", "December")
#: The abbreviations "month_alone" reads too ("since Sept"): no word's or given name's (not Jan,
#: Mar, Jun, Dec); its pattern holds the same list, and documents read them standing alone.
MONTH_ALONE_ABBREVIATIONS = ("Feb", "Apr", "Aug", "Sep", "Oct", "Nov")
# the words before a month the "month_alone" form reads (its pattern holds the same list)
_MONTH_ALONE_WORDS = ("in", "during", "by", "until", "till", "since", "from", "through", "of", "early", "late",
                      "mid", "mid-", "last", "next", "this", "and", "or", "to", "between")


def _month_alone_starts(text: str, prefixes: Optional[list[int]] = None) -> list[int]:
    """Where a "month_alone" match can start, in order: its pattern ("in March") opens with a
    lookahead, so re tries it at every position (40 µs on a 300-word document); each match
    holds a capitalized month name after spaces and one of :data:`_MONTH_ALONE_WORDS`, so
    its start is found from the month's by substring searches and walking back. ``prefixes``:
    an ASCII text's :func:`_month_prefixes`, among which every month name starts."""
    if prefixes is None:
        found: list[int] = []
        for month in _MONTH_NAMES + MONTH_ALONE_ABBREVIATIONS:  # (a name's start found twice: a set below)
            i = text.find(month)
            while i >= 0:
                found.append(i)
                i = text.find(month, i + 1)
    else:
        found = [i for i in prefixes if text.startswith(_MONTH_BY_PREFIX.get(text[i:i + 3], "\0"), i)
                 or text[i:i + 3] in MONTH_ALONE_ABBREVIATIONS]
    starts: set[int] = set()
    for i in found:
        j = i
        while j > 0 and text[j - 1] in " \t":
            j -= 1
        if 0 < j < i:  # (none of the words ends a text's first 0 characters)
            # (only the words that end in the character before the spaces can end there)
            starts.update(j - len(word) for word in _MONTH_ALONE_BY_LAST.get(text[j - 1], ())
                          if text.endswith(word, 0, j))
    return sorted(starts)


#: :data:`_MONTH_ALONE_WORDS` by their last character.
_MONTH_ALONE_BY_LAST: dict[str, tuple[str, ...]] = {}
for _word in _MONTH_ALONE_WORDS:
    _MONTH_ALONE_BY_LAST[_word[-1]] = _MONTH_ALONE_BY_LAST.get(_word[-1], ()) + (_word,)
del _word


_MONTH_BY_PREFIX = {name[:3]: name for name in _MONTH_NAMES}  # ("Jan" -> "January": a name as written)


def _measured(text: str, end: int) -> bool:
    """Is the number ending at ``end`` followed by a unit of length or mass ("1200 mm")? A unit
    of time may follow a year ("in 1998 days were longer"): those are not read as one."""
    unit = unit_after(text, end)
    return unit is not None and MEASURES[unit][0] != "time"


def extract_dates(text: str) -> list[DateMention]:
    """All date mentions in ``text``; where patterns overlap, the longest (most specific) wins."""
    # (a long text's month prefixes, found while its cues are read, unless a letter beyond ASCII
    # folds to an ASCII one: see _cues; a month cue then holds one of them)
    found_prefixes: Optional[list[int]] = [] if len(text) >= _MIN_ANCHOR_TEXT else None
    cues = _cues(text, found_prefixes)
    if not cues:
        return []
    anchors: dict[str, Optional[list[tuple[int, int, str]]]] = {}
    groups: dict[str, dict[object, list[list[int]]]] = {}  # (see _form_starts)
    candidates: list[tuple[int, int, str, DateValue]] = []
    anchored = _ANCHORED if len(text) >= _MIN_ANCHOR_TEXT else {}
    # (the month prefixes of a long ASCII text, read once for the month anchors and "in March")
    prefixes = found_prefixes if anchored and "month" in cues and found_prefixes else None
    shapes: Optional[set[tuple[int, str]]] = None  # (a short text's digit runs: see _digit_shapes)
    months: Optional[list[int]] = None  # (a short text's month anchors)
    for form, pattern in _plan(frozenset(cues)):
        kind = anchored.get(form)
        if kind is not None and kind not in anchors:
            anchors[kind] = _anchors(kind, text, prefixes)
        found = anchors.get(kind) if kind is not None else None
        if form == "month_alone" and anchored:
            matches = matches_at(pattern, text, _month_alone_starts(text, prefixes))
        elif not anchored and form in _MONTH_FORMS:
            # a short text too: a month form opens with a month's first letters at a word start
            # (one or two in an answer), and re tries its pattern at every position of a scan
            if months is None:
                months = [p for p, _, _ in _month_anchors(text)] if text.isascii() else [
                    m.start() for m in _ANCHOR_RES["month"].finditer(text)]
            matches = matches_at(pattern, text, months)
        elif found is None or kind is None:
            if not anchored and form in _DIGIT_SHAPES:
                # a short text is scanned whole, but not for a form that fits none of its digit
                # runs (seed-like answers: 6 of 12 forms), which cannot match (see _form_starts)
                if shapes is None:
                    shapes = _digit_shapes(text)
                if not _fits(_DIGIT_SHAPES[form], shapes):
                    continue
            matches = pattern.finditer(text)
        else:
            starts = _form_starts(form, found, groups.setdefault(kind, {}))
            if not starts:
                continue  # (no anchor fits the form: most forms of a text, no generator set up)
            matches = matches_at(pattern, text, starts)
        for m in matches:
            if form.endswith("_range"):
                candidates.extend(_range_candidates(form, m))
                continue
            if form == "dmy_glued":
                candidates.extend(_glued_candidates(m))
                continue
            if form in ("year", "year_prefixed") and _measured(text, m.end()):
                continue  # "1200 mm of rain", "1850 km": a measure, not a year
            if form == "decade_short" and m.group("ddn") and not _decade_before(text, m.start()):
                continue  # "raised from 10s to 30s": seconds, not decades
            if form == "dm" and m.group("m") in _VERB_MONTHS and _VERB_AFTER_RE.match(text, m.end()):
                continue  # "children over 12 may join": a verb follows the modal
            value = _parse(form, m)
            if value is None or not _valid(value):
                continue
            start, end = _span(form, m)
            candidates.append((start, end, _SAME_AS.get(form, form), value))
    if len(candidates) > 1:
        candidates.sort(key=lambda c: (-(c[1] - c[0]), c[0]))
    # characters already taken by a chosen mention: one lookup per candidate instead of a scan
    # of every chosen span (quadratic on "Q1 Q1 Q1 ..."); each pattern's matches are disjoint,
    # so marking costs at most the text length per pattern
    taken = bytearray(len(text) + 1)
    chosen: list[tuple[int, int, str, DateValue]] = []
    for start, end, form, value in candidates:
        if taken.find(1, start, end) != -1:
            continue
        taken[start:end] = b"\x01" * (end - start)
        chosen.append((start, end, form, value))
    chosen.sort()
    mentions: list[DateMention] = []
    for start, end, form, value in chosen:
        # "Monday, September 30, 2024": the weekday belongs to the date after it
        if form != "weekday" and mentions and mentions[-1].form == "weekday":
            prev = mentions[-1]
            if _WEEKDAY_PREFIX_RE.search(text, prev.start, start) and text[prev.end:start].strip(" \t,.") in ("", "the"):
                mentions.pop()
                value = value._replace(weekday=prev.value.weekday)
                start = prev.start
        mentions.append(DateMention(start, end, text[start:end], value, form))
    return _day_first(mentions) if any(m.form == "numeric" for m in mentions) else mentions


# What stands before a decade written "50s" without its apostrophe ("the 50s", "in her 30s",
# "the mid-70s"): without one, "10s" or "30s" is a count of seconds or of something else.
_DECADE_BEFORE_RE = re.compile(r"\b(?:the|his|her|their|its|my|your|our|early|mid|late)[ \t-]*\Z", re.IGNORECASE)


def _decade_before(text: str, start: int) -> bool:
    """Does a word that makes "50s" a decade stand right before ``start``?"""
    return _DECADE_BEFORE_RE.search(text[max(0, start - 12):start]) is not None


def _slashed(text: str) -> list[str]:
    """The parts of a numeric date written with slashes, from its first digit ("Tue 08/12/2026":
    08, 12, 2026; a weekday before it is part of the mention)."""
    first = next((i for i, c in enumerate(text) if c.isdigit()), len(text))
    return text[first:].replace(" ", "").replace("\t", "").split("/")


def _slash_parts(mentions: Sequence[DateMention]) -> list[tuple[int, int]]:
    """The first two numbers of each numeric date written with slashes ("11/09/2026", "11 / 09
    / 2026", "Tue 08/12/2026"), as written."""
    return [(int(a), int(b)) for m in mentions if m.form == "numeric" and "/" in m.text
            for a, b, *_ in [_slashed(m.text)] if a.isdigit() and b.isdigit()]


def _day_first(mentions: list[DateMention]) -> list[DateMention]:
    """A text's "11/09/2026" read day first when another of its dates can only be ("15/09/2026")
    and none can only be month first ("09/15/2026"): one text keeps one convention."""
    firsts = _slash_parts(mentions)
    if not any(a > 12 for a, _ in firsts) or any(b > 12 for _, b in firsts):
        return mentions
    out = []
    for m in mentions:
        v = m.value
        if m.form == "numeric" and "/" in m.text and v.month is not None and v.day is not None and v.day <= 12:
            head = _slashed(m.text)[0]
            if head.isdigit() and int(head) == v.month:  # read month first: swap
                m = m._replace(value=v._replace(month=v.day, day=v.month))
        out.append(m)
    return out


def other_readings(mentions: Sequence[DateMention]) -> list[DateMention]:
    """A document's "01/03/2026" read day first too (1 March 2026) when the document does not tell
    its convention: no numeric date of its own has a first or a second part over 12 (either
    would, as in :func:`_day_first`). Slashes are month-first in the US and day-first in most
    of the world (a loan schedule, a lease); a document read one way only sent every faithful
    restatement of the other to review, while a date that either reading makes is still one
    the document states: the other reading is one more mention, at the same place (a changed
    date, "2 March 2026", has neither)."""
    numeric = [m for m in mentions if m.form == "numeric"]
    if not numeric or any(a > 12 or b > 12 for a, b in _slash_parts(numeric)):
        return []
    out = []
    for m in numeric:
        v = m.value
        if "/" in m.text and v.month is not None and v.day is not None and v.day != v.month:
            other = v._replace(month=v.day, day=v.month)
            if _valid(other):
                out.append(m._replace(value=other))
    return out


# a day and a month slashed without a year, after a word that places a date ("on 27/11", "by 09/12")
_DAY_MONTH_RE = re.compile(r"(?=[obfutsa])\b(?:on|by|from|until|till|before|after|since|to|and)[ \t]+"
                           r"(?P<a>[0-3]?\d)/(?P<b>[0-3]?\d)\b(?![/.,]\d)")


# a day and a month slashed without a year before a time of day ("ETA 06/11 0400 LT", "07/11
# 22:00", as shipping, rotas and tickets write them), or after a weekday ("Thu 23/10 after 3pm")
_TIMED_DAY_MONTH_RE = re.compile(r"(?<![\w/.,:])(?P<a>[0-3]?\d)/(?P<b>[0-3]?\d)(?![/\w]|[.,:]\d)"
                                 r"(?=[ \t]+(?:(?:[01]\d|2[0-3])[0-5]\d(?![\d.,:/])|(?:[01]?\d|2[0-3]):[0-5]\d\b))")
_WEEKDAY_DAY_MONTH_RE = re.compile(r"(?=[mtwfsMTWFS])\b(?:mon|tues?|wed|thu(?:rs)?|fri|sat|sun|monday|tuesday|"
                                   r"wednesday|thursday|friday|saturday|sunday)\.?,?[ \t]+"
                                   r"(?P<a>[0-3]?\d)/(?P<b>[0-3]?\d)\b(?![/.,]\d)", re.IGNORECASE)


# a day and a month slashed without a year anywhere ("Angiogram 12/09:"), read as a date in a
# document that writes its full dates with slashes too ("Admitted: 11/09/2026"): its layout says
# what slashed numbers are
_BARE_DAY_MONTH_RE = re.compile(r"(?<![\w/.,:])(?P<a>[0-3]?\d)/(?P<b>[0-3]?\d)(?![/\w]|[.,:]\d)")
# two of them joined by a dash ("12/15-12/31", "15/12 – 31/12"): a span of days, read as dates
# where a part past 12 says which is the day ("1/2-3/4" may be a recipe's cups)
_DAY_MONTH_SPAN_RE = re.compile(r"(?<![\w/.,:])[0-3]?\d/[0-3]?\d[ \t]*[-–][ \t]*(?P<c>[0-3]?\d)/[0-3]?\d(?![/\w]|[.,:]\d)")
_FULL_SLASHED_DATE_RE = re.compile(r"(?<![\w/.])[0-3]?\d/[0-3]?\d/(?:19|20)\d\d(?![\w/])")
# a day and a month slashed in two digits each, one of them padded with a zero ("due 16/04",
# "05/11"): a fraction or a score is not written "3/04"; read anywhere in a document
_PADDED_DAY_MONTH_RE = re.compile(r"(?<![\w/.,:])(?P<a>[0-3]\d)/(?P<b>[0-3]\d)(?<=0\d/\d\d|\d\d/0\d)(?![/\w]|[.,:]\d)")
# two days before one slashed month ("expect delivery 17-18/04"): both are dates of that month
_DAYS_MONTH_RE = re.compile(r"(?<![\w/.,:])(?P<a>[0-3]?\d)[ \t]?[-–][ \t]?(?P<c>[0-3]?\d)/(?P<b>[01]?\d)(?![/\w]|[.,:]\d)")


# a full date with dots ("07.05.2026", "7.5.2026"), as German, Dutch, Nordic and Slavic texts
# write them (a year of four digits: "10.1.34" is a version); then its day and month dotted in two
# digits each without a year ("starts 08.05") are a date too, not a decimal (no currency before
# it, no unit, percent or third part after it)
_FULL_DOTTED_DATE_RE = re.compile(r"(?<![\w.,])[0-3]?\d\.[01]?\d\.(?:19|20)\d\d(?!\w|[.,]\d)")
_DOTTED_DAY_MONTH_RE = re.compile(r"(?<![\w.,:/$€£¥₹+-])(?P<a>[0-3]\d)\.(?P<b>[01]\d)(?![\w,:/%]|[.,]\d|[ \t]?(?:[$€£¥₹]|EUR\b))")


#: The form of a day and month dotted without a year (:func:`dotted_day_months`): a decimal
#: too ("15.11" may be a version), so the document's values keep it.
DOTTED = "dotted"


def dotted_day_months(text: str) -> list[DateMention]:
    """A document's days and months dotted in two digits each without a year ("build starts
    08.05"), day first, where it writes its full dates with dots ("Placed 04.05.2026"). For
    documents only: read for an answer's date nothing else supports."""
    if (".20" not in text and ".19" not in text) or _FULL_DOTTED_DATE_RE.search(text) is None:
        return []  # (a full dotted date's year opens with a dot and "19" or "20": a cheap test first)
    out = []
    for m in _DOTTED_DAY_MONTH_RE.finditer(text):
        value = DateValue(month=int(m.group("b")), day=int(m.group("a")))
        if 1 <= (value.month or 0) <= 12 and _valid(value) and unit_after(text, m.end()) is None:
            out.append(DateMention(m.start(), m.end(), m.group(), value, DOTTED))  # (not "12.05 kg")
    return out


def writes_slashed_dates(text: str) -> bool:
    """Does ``text`` write a full date with slashes ("14/03/2025")? Then its bare day and month
    ("15/03") are dates too, and those of a document beside it (:func:`day_months`)."""
    return "/" in text and _FULL_SLASHED_DATE_RE.search(text) is not None


def day_months(text: str, slashed_elsewhere: bool = False) -> list[DateMention]:
    """A document's day and month slashed without a year after a word that places a date ("on
    27/11", "by 09/12", as chats and tickets write them) or a weekday ("Thu 23/10"), before a
    time of day ("06/11 0400", "07/11 22:00": a ship's line-up, a rota), or anywhere in a document that writes
    its full dates with slashes ("DOA: 14/03/2025 ... TTE 15/03"): day first when the first part
    cannot be a month or the document writes another so, else both readings
    (:func:`other_readings`); a span of two ("12/15-12/31", a part past 12 showing the
    day); two digits each with a zero's padding anywhere ("due 16/04"); and two days before one
    month ("delivery 17-18/04"). ``slashed_elsewhere``: another document of the same retrieval
    writes its full dates with slashes (a thread beside the letter it is about). For documents
    only: in an answer "on 3/4 of the land" is a fraction."""
    found = [(m, int(m.group("a")), int(m.group("b"))) for m in _DAY_MONTH_RE.finditer(text)]
    placed = {m.start("a") for m, _, _ in found}
    more = [m for m in chain(_TIMED_DAY_MONTH_RE.finditer(text), _WEEKDAY_DAY_MONTH_RE.finditer(text))
            if m.start("a") not in placed]
    if slashed_elsewhere or writes_slashed_dates(text):
        more += [m for m in _BARE_DAY_MONTH_RE.finditer(text) if m.start("a") not in placed]
    else:
        more += [m for m in _PADDED_DAY_MONTH_RE.finditer(text) if m.start("a") not in placed]
    for span in _DAY_MONTH_SPAN_RE.finditer(text):
        pairs = [_BARE_DAY_MONTH_RE.match(text, span.start()), _BARE_DAY_MONTH_RE.match(text, span.start("c"))]
        if all(pairs) and any(int(p.group(g)) > 12 for p in pairs if p is not None for g in "ab"):
            more += [p for p in pairs if p is not None and p.start("a") not in placed]
    if more:
        for m in more:
            if m.start("a") not in placed:
                placed.add(m.start("a"))
                found.append((m, int(m.group("a")), int(m.group("b"))))
        found.sort(key=lambda f: f[0].start("a"))
    day_first = any(a > 12 >= b for _, a, b in found)
    out = []
    for m, a, b in found:
        readings = [(b, a)] if a > 12 or day_first else [(a, b)] if b > 12 else [(b, a), (a, b)]
        for month, day in readings:
            value = DateValue(month=month, day=day)
            if 1 <= month <= 12 and _valid(value):
                out.append(DateMention(m.start("a"), m.end(), m.group()[m.start("a") - m.start():], value, "md"))
    spans = []
    for m in _DAYS_MONTH_RE.finditer(text) if "-" in text or "–" in text else ():
        first, last, month = int(m.group("a")), int(m.group("c")), int(m.group("b"))
        if first < last <= 31 and 1 <= month <= 12:  # (each day its own mention: "17" and "18/04")
            for day, start, end in ((first, m.start("a"), m.end("a")), (last, m.start("c"), m.end())):
                if start not in placed and _valid(value := DateValue(month=month, day=day)):
                    spans.append(DateMention(start, end, text[start:end], value, "md"))
    return sorted(out + spans, key=lambda d: d.start) if spans else out


# a day of the month as a call's transcript or a chat spells it ("Wednesday the fourteenth")
_DAY_ORDINALS = ("first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth "
                 "thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth").split()
#: The days of a month spelled as ordinals ("seventeenth", "twenty-first") and their numbers.
SPELLED_DAYS: dict[str, int] = {
    **{w: i for i, w in enumerate(_DAY_ORDINALS, 1)}, "twentieth": 20, "thirtieth": 30,
    **{f"twenty{sep}{w}": 20 + i for i, w in enumerate(_DAY_ORDINALS[:9], 1) for sep in ("-", " ")},
    "thirty-first": 31, "thirty first": 31,
}
#: :data:`SPELLED_DAYS` as a pattern's alternation, the longest first.
SPELLED_DAY_ALTERNATION = "|".join(sorted((w.replace(" ", "[ \t]+") for w in SPELLED_DAYS), key=len, reverse=True))

# a day of the month written alone as an ordinal after "the" or a weekday ("by the 11th", "Thursday
# 26th", "Tuesday the 3rd"), as a thread writes a date whose month it gives elsewhere; not before a noun ("the 23rd
# minute", "the 5th floor"): only before punctuation, a line's end, a dash or a word of linking or time
# a weekday's name, full or short ("Weds", "Thur"), for the days a thread writes beside one
_WEEKDAY_WORD = r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|weds?|thu(?:rs?)?|fri|sat|sun"
_DAY_ORDINAL_RE = re.compile(
    rf"(?=[tmwfs])\b(?:(?P<w>{_WEEKDAY_WORD})\.?,?(?:[ \t]+the)?|the)[ \t]+"
    # (as digits, or spelled as a call's transcript writes it: "the seventeenth")
    rf"(?:(?P<d>[1-3]?\d)(?:st|nd|rd|th)|(?P<o>{SPELLED_DAY_ALTERNATION}))\b"
    # ("instead", "then", "please": no noun the ordinal counts, as speech ends a request)
    r"(?=[ \t]?(?:[.,;:!?)\]\n]|$|[-–]|(?:at|to|and|or|so|if|by|before|after|until|till|from|in|on|for|when|"
    r"instead|then|please)\b"
    # (or a time of day: "Tues 17th 8am", "Sun 16th 10:00")
    r"|[ \t]\d{1,2}(?:[:.h][0-5]\d|[ \t]?[ap]\.?m\b)))",
    re.IGNORECASE)


def day_ordinals(text: str) -> list[tuple[int, int, int, Optional[int]]]:
    """(start, end, day, weekday or None) of each day of the month ``text`` writes alone as an
    ordinal after "the" or a weekday ("by the 11th", "Thursday 26th"); its month is the thread's,
    for the reader to supply. For documents: the dates checker reads them for an answer's date
    that nothing else supports."""
    out = []
    for m in _DAY_ORDINAL_RE.finditer(text):
        spelled = m.group("o")
        day = SPELLED_DAYS[" ".join(spelled.casefold().split())] if spelled else int(m.group("d"))
        if 1 <= day <= 31:
            w = m.group("w").lower() if m.group("w") else None
            weekday = WEEKDAYS.get(w, WEEKDAYS.get(w[:3])) if w else None  # ("Weds", "Thur")
            out.append((m.start("o" if spelled else "d") if weekday is None else m.start(), m.end(), day, weekday))
    return out


# a weekday before a day and month slashed without a year ("Ready: Thur 12/6"): which of the two
# numbers is the day, the weekday tells in a year the text gives
_WEEKDAY_SLASHED_RE = re.compile(
    rf"(?=[mtwfs])\b(?P<w>{_WEEKDAY_WORD})\.?,?[ \t]+(?P<a>[0-3]?\d)/(?P<b>[0-3]?\d)\b(?![/.,-]?\d)",
    re.IGNORECASE)


def weekday_slashed(text: str) -> list[tuple[int, int, int, int, int]]:
    """(start, end, first, second, weekday) of each day and month ``text`` slashes after a
    weekday without a year ("Thur 12/6"): either number may be the day; the reader tells which by
    the weekday, in a year it knows. For documents: read by the dates checker for an answer's
    date that nothing else supports."""
    out = []
    for m in _WEEKDAY_SLASHED_RE.finditer(text):
        w = m.group("w").lower()
        weekday = WEEKDAYS.get(w, WEEKDAYS.get(w[:3]))
        if weekday is not None:
            out.append((m.start(), m.end(), int(m.group("a")), int(m.group("b")), weekday))
    return out


# "up 0.8% from the previous year", "a year later", "the year before": a year told by another
_RELATIVE_YEAR_RE = re.compile(
    r"(?=[tapf])\b(?:(?:the[ \t]+)?(?P<dir1>previous|preceding|prior|following|next)[ \t]+year"
    r"|a[ \t]+year[ \t]+(?P<dir2>earlier|later|before|after)"
    r"|the[ \t]+year[ \t]+(?P<dir3>before|after))\b",
    re.IGNORECASE,
)
_EARLIER_WORDS = frozenset({"previous", "preceding", "prior", "earlier", "before"})
#: How far before a relative year its reference year may stand, in characters (one sentence).
_RELATIVE_REACH = 200


def _ends_sentence(text: str, start: int, end: int) -> bool:
    """Does a sentence end between ``start`` and ``end``? (The character before ``start`` is
    included: the sentence splitter reads the word a full stop closes.)"""
    return len(sentence_spans(text[max(0, start - 1):end])) > 1


def _relative_year_matches(text: str) -> Iterator[re.Match[str]]:
    """``_RELATIVE_YEAR_RE.finditer(text)``; in ASCII text tried only where a match can start
    (its pattern opens with a lookahead, so re tries it at every position: 40-70 µs on a
    300-word document). Each match holds "year" after spaces and a word, itself perhaps after
    spaces and "the": its start is one of those two words' starts, found by walking back from
    each "year" (what IGNORECASE matches is what lower() finds: see
    :func:`raguard.normalize.text.ignorecase_lowered`, which tells when, beyond ASCII; there the
    walk over letters may stop at more starts, which are tried too)."""
    lowered = ignorecase_lowered(text)
    if lowered is None:
        return _RELATIVE_YEAR_RE.finditer(text)
    starts: set[int] = set()
    i = lowered.find("year")
    while i >= 0:
        j = i
        for _ in range(2):  # the word before "year", then the one before that
            k = j
            while k > 0 and lowered[k - 1] in " \t":
                k -= 1
            if k == j:
                break
            j = k
            while j > 0 and lowered[j - 1].isalpha():
                j -= 1
            starts.add(j)
        i = lowered.find("year", i + 4)
    return matches_at(_RELATIVE_YEAR_RE, text, sorted(starts))


def relative_years(text: str, mentions: list[DateMention]) -> list[DateMention]:
    """Years stated relative to another: "in 2024, up 0.8% from the previous year" gives 2023.
    The reference is the closest year mentioned (or told) before, within the sentence (no full
    stop between); ``mentions`` are the text's dates."""
    years = sorted((m.end, m.value.year) for m in mentions if m.value.year is not None)
    if not years:
        return []  # (no match has a year before it)
    k = 0
    last: Optional[tuple[int, int]] = None  # (end, year) of the closest year before a match
    out: list[DateMention] = []
    for m in _relative_year_matches(text):
        while k < len(years) and years[k][0] <= m.start():
            if last is None or years[k][0] >= last[0]:
                last = years[k]
            k += 1
        if last is None or m.start() - last[0] > _RELATIVE_REACH or _ends_sentence(text, last[0], m.end()):
            continue  # no year before it in its sentence
        direction = (m.group("dir1") or m.group("dir2") or m.group("dir3")).lower()
        shifted = last[1] - 1 if direction in _EARLIER_WORDS else last[1] + 1
        # the text names the year it tells, for hints ("2023 (the previous year)")
        out.append(DateMention(m.start(), m.end(), f"{shifted} ({m.group()})", DateValue(year=shifted), "year"))
        last = (m.end(), shifted)  # "a year later ..., and the following year": chained
    return out


_RELATIVE_DAY_RE = re.compile(r"\b(?P<w>yesterday|today|tomorrow|tonight|last[ \t]night)\b", re.IGNORECASE)
_DAY_SHIFTS = {"yesterday": -1, "today": 0, "tomorrow": 1, "tonight": 0, "last night": -1}
#: How far into its line a date may stand to be the line's stamp ("Mon 13 Jan 07:05 - ...").
_STAMP_REACH = 25
#: How far into a document its dateline may stand, in characters (a header above the story).
_DATELINE_REACH = 400


def relative_days(text: str, mentions: list[DateMention]) -> list[DateMention]:
    """Days a document tells by "yesterday", "today" or "tomorrow", read from its dateline: the
    first full date in its opening lines ("Published 26 November 2026 ... confirmed yesterday"
    gives 25 November 2026), not the closest date (the story's "will reopen on 7 December" is
    not when it was written). ``mentions`` are the text's dates. For documents: an answer
    restates the day the article meant."""
    full = sorted(m for m in mentions if m.value.day is not None and m.value.month is not None)
    line = full[0] if full else None
    if line is not None and line.start > _DATELINE_REACH:
        line = None
    out = []
    for m in _RELATIVE_DAY_RE.finditer(text, line.end if line is not None else 0):
        # a log's or a chat's line is told from its own stamp ("Mon 13 Jan 07:05 - ... since
        # 22:00 last night"), any other from the dateline
        ref = _stamp_of(text, m.start(), full) or line
        if ref is None or ref.value.month is None or ref.value.day is None:
            continue
        shift = _DAY_SHIFTS[" ".join(m.group("w").lower().split())]
        try:
            day = _dt.date(ref.value.year or 2024, ref.value.month, ref.value.day) + _dt.timedelta(days=shift)
        except ValueError:
            continue
        weekday = None if ref.value.weekday is None or ref.value.year is not None else (ref.value.weekday + shift) % 7
        value = DateValue(year=day.year if ref.value.year is not None else None, month=day.month, day=day.day,
                          weekday=weekday)
        out.append(DateMention(m.start(), m.end(), m.group(), value, "dm"))
    return out


def _stamp_of(text: str, at: int, full: list[DateMention]) -> Optional[DateMention]:
    """The date that stamps the line holding ``at``: one of ``full`` (day and month given, in
    order) near the line's start and before ``at``; None if the line has none."""
    line_start = text.rfind("\n", 0, at) + 1
    k = bisect_left(full, line_start, key=lambda d: d.start)
    if k < len(full) and full[k].start <= line_start + _STAMP_REACH and full[k].end <= at:
        return full[k]
    return None


def supports(doc: DateValue, claim: DateValue) -> bool:
    """Does a document date support a claimed date? Only if it states at least as much.

    ``September 2024`` is supported by ``September 30, 2024``; never the reverse. A decade is
    supported by any year in it; a quarter by a month in it; a weekday by a full date on it.
    """
    # derived() fills in only the quarter and the weekday: skip it unless the claim states one
    d = doc.derived() if claim.quarter is not None or claim.weekday is not None else doc
    if claim.year is not None and d.year != claim.year:
        return False
    if claim.month is not None and d.month != claim.month:
        return False
    if claim.day is not None and d.day != claim.day:
        return False
    if claim.quarter is not None and d.quarter != claim.quarter:
        return False
    if claim.weekday is not None and d.weekday != claim.weekday:
        return False
    if claim.decade is not None:
        if d.decade is not None:
            if claim.decade >= 100 and d.decade >= 100:
                return d.decade == claim.decade
            return d.decade % 100 == claim.decade % 100
        if d.year is None:
            return False
        decade = d.year // 10 * 10
        return decade == claim.decade if claim.decade >= 100 else decade % 100 == claim.decade
    return True


#: The form of a yearless document date read in the document's year, with that year's weekday
#: (:func:`raguard.normalize.doc_dates.document_dates`): its year and weekday are the reader's,
#: not the text's, so it supports an answer's date that gives the day and the month, not a
#: weekday or a month alone (see the dates checker), and it does not count here as the document
#: dating that day.
PLACED = "placed"


def supported_apart(doc_dates: Sequence[DateMention], claim: DateValue) -> Optional[DateMention]:
    """The document date that, with a year the document states elsewhere, supports ``claim``, or
    None. A text often gives a month (or a day and month) without its year, the year standing in
    another sentence or told relatively ("on 12 May last year", "the report, published in 2021,
    ..."): a claimed "May 2021" restates it. Only a claim with a year and a month is read so, and
    only when the document gives that year and never gives the month with another year (then
    which year is meant is not clear).

    A weekday put before a day and month ("On Tuesday, March 4") is read the same way when the
    document states that day and month without a year and the weekday on its own (a wire's
    dateline "LISBON, March 4" and its "said on Tuesday"), and never dates that day with a year
    (which would tell its weekday)."""
    if claim.weekday is not None:
        return _weekday_apart(doc_dates, claim)
    if claim.year is None or claim.month is None:
        return None
    yearless: Optional[DateMention] = None
    year_stated = False
    for mention in doc_dates:
        if mention.form == PLACED:
            continue  # (a year the reader gave a yearless date: see raguard.normalize.doc_dates)
        value = mention.value
        if value.year == claim.year:
            year_stated = True
        if value.month != claim.month or (claim.day is not None and value.day != claim.day):
            continue
        if value.year is None:
            if yearless is None:
                yearless = mention
        elif value.year != claim.year:
            return None  # the month with another year
    return yearless if year_stated else None


#: How far from a year the documents state a weekday may place a yearless day (within five
#: years a day and month fall on five different weekdays, so the year found is the only one).
_WEEKDAY_YEAR_REACH = 2


def stated_years(doc_dates: Sequence[DateMention]) -> set[int]:
    """The years a document's dates state (not those the reader gave a yearless date)."""
    return {m.value.year for m in doc_dates if m.value.year is not None and m.form != PLACED}


def year_of_weekday(doc_dates: Sequence[DateMention], claim: DateValue, years: set[int]) -> Optional[DateMention]:
    """A yearless document date with its weekday ("Sat 28 Feb", a chat's) that supports the
    claim's full date ("28 February 2026") because that day falls on that weekday in the claim's
    year, a year within :data:`_WEEKDAY_YEAR_REACH` of one of ``years`` (those the documents
    state); else None."""
    if claim.year is None or claim.month is None or claim.day is None or claim.weekday is not None:
        return None
    if not any(abs(claim.year - y) <= _WEEKDAY_YEAR_REACH for y in years):
        return None
    try:
        weekday = _dt.date(claim.year, claim.month, claim.day).weekday()
    except ValueError:
        return None
    for mention in doc_dates:
        value = mention.value
        if (mention.form != PLACED and value.year is None and value.weekday == weekday
                and value.month == claim.month and value.day == claim.day):
            return mention
    return None


def _weekday_apart(doc_dates: Sequence[DateMention], claim: DateValue) -> Optional[DateMention]:
    """See :func:`supported_apart`: a weekday, day and month each stated, the day and month
    without a year (a year there would tell the weekday)."""
    if claim.day is None or claim.month is None:
        return None
    weekday_stated = False
    found: Optional[DateMention] = None
    for mention in doc_dates:
        if mention.form == PLACED:
            continue
        value = mention.value
        if value.weekday == claim.weekday and value.day is None and value.month is None:
            weekday_stated = True
        elif value.month == claim.month and value.day == claim.day:
            if value.year is not None:
                return None  # that day with a year: its weekday is known, and not this one
            if value.weekday is None and found is None:
                found = mention
    if not weekday_stated or found is None:
        return None
    if claim.year is None:
        return found
    return supported_apart(doc_dates, claim._replace(weekday=None))


def closeness(doc: DateValue, claim: DateValue) -> float:
    """Smaller is closer: used to name the nearest document date in a warning."""
    score = 0.0
    derived = doc.derived() if claim.quarter is not None else doc  # (only the quarter is read derived)
    for attr, weight in (("year", 4.0), ("month", 2.0), ("day", 1.0), ("quarter", 1.5)):
        a, b = getattr(claim, attr), getattr(derived, attr)
        if a is None:
            continue
        if b is None:
            score += weight * 2
        else:
            score += weight * min(abs(a - b), 10) / 10 + (0 if a == b else weight)
    return score
