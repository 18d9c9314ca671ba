"""Dates as documents write them beyond the forms :func:`raguard.normalize.dates.extract_dates`
reads: in other languages, in continental and machine layouts, and in calendar tables.

For documents only (an answer restates them in its own words, and these readings could make
an answer's "3 out of 4" or "11.10." a date): each reading adds a date the document states,
so it can only support an answer's date, never flag one.

- Month and weekday names in Dutch, German, French, Spanish, Italian and Portuguese, with a day
  before the month and perhaps a year after ("3 februari 2025", "3. März 2025", "3 de marzo de
  2025", "le 1er mars 2025", "martes 4 nov"), or a month and a year ("März 2025"); a weekday
  named alone ("el jueves"). A day closed by a dot before a month's English name, as German
  writes the months it shares ("ab dem 1. April 2026").
- A continental day and month closed by a dot, without a year ("Sa 11.10.", "bis 01.06. auf",
  "24.-25.07."), where the text shows it is a date: a weekday or a word placing a date before
  it, a lower-case word, bracket or cell after it, or full dotted dates elsewhere in the text; and
  two without their closing dots joined as a range ("from 13.11 to 19.11") in such a text.
- A day and a month joined by a dot after a weekday, without a closing dot or a year ("Next
  build starts Sat 7.3 at 18:00", as chats write them), where that weekday is the day's in the
  year of the closest full date before it: a weekday before a decimal ("Sat 5.0 km") is no date.
- The first day of a range closed by a dot before a full date ("16.–18.03.2027"), or with a
  weekday of its own ("Wed 13 - Sat 16 November"), in the second day's month and year.
- A month's abbreviation standing alone, capitalized, that no word or given name shares ("( Sep
  € 231,000 )": September; not "Mar", "Jan", "Dec").
- A date of eight digits between an EDI message's separators ("DTM*011*20261116~"), and one of
  six opening a SWIFT message's field (":31C:261118", ":31D:270215GERMANY").
- A day, month and year joined by hyphens ("14-01-2026"), read both ways when neither part is
  over 12, as slashed dates are (:func:`raguard.normalize.dates.other_readings`).
- Months joined as a range before one year ("Jun-Sep 1932": June 1932 too) and a month glued
  to its year ("Nov-2025").
- A calendar table's row, a day and its weekday ("23  Sat", "Sat 23"), read in the month and
  year the text names before it, and only where that weekday is the calendar's for that day
  (a tide table, a rota, a timetable under "AUGUST 2025"). In prose, a weekday and its day
  ("Friday 12th", "Tuesday the 15th", a transcript's "Thursday the nineteenth") is read the same
  way, or in the next month when its day is below the date's ("27 October ... Tuesday the 3rd":
  3 November), each reading of a numeric date tried ("09/03/2026").
- A month's abbreviation and a two-digit year ("Mar 25", "Oct-25", "Mar '25"), as receipts,
  service notes and spreadsheets (Excel's "mmm-yy") write a month: March 2025 as well as the
  day reading "25 March" the general reader gives "Mar 25".
- An ISO year and month ("2026-06", "Rev. 09 (2026-06)", "2026/06"): June 2026, not the span of
  years "2011-12" writes (a second part that is the next year's last two digits is left alone);
  and a month of two digits before its year ("06-2026", "Stand: 06.2026").
- A month and a day of two digits joined by a hyphen without a year ("due ~03-12"), in a text
  that writes full dates in that order ("2026-03-02"), in the year of the closest one before it.
- A day and a month's name joined by a hyphen without a year ("03-Nov", "3-Nov", Excel's
  "d-mmm"), in a document that gives a year elsewhere.
- A slashed day and month of two digits each without a year ("02/16", a log's row; a tariff's
  season "01/04–31/10"), in a document that gives a year elsewhere (a dated header, an ISO date).
- A weekday after a Chinese or Japanese date ("7月23日（木）", "3月4日星期四"), unless its year gives
  the day another.
- Two short weekdays of one language joined as a range or a list ("Mo-Fr", "sat+sun", "Sat &
  Sun"), a rota's or timetable's row that opens with its short weekday ("Sat | LUN | -"), and a
  range of two capitalized months ("Oct-Mar"): each end, not the days or months between them.

A yearless day and month is then read in the document's year, with the weekday that year gives
it ("day 9  02/16" under "BATCH 2026-02-07" fell on Monday 16 February 2026): in the year when
the document gives that one only, or when the weekday it states fits just one of the years it
gives ("Thursday 9 July" in 2026); else only its weekday, in the closest year before it. The
years are those of its dates with a month; a document with bare years only ("deliveries begin
in 2027") places only a date whose stated weekday one of them gives. A stated weekday the year
does not give leaves the date yearless. These readings have the form
:data:`raguard.normalize.dates.PLACED`: they support an answer's date with its day and month,
not a weekday alone.

Any weekday (English or another language, in full or abbreviated) right before a day and month
(of these readings or of :func:`extract_dates`) joins that date, unless its year says the day
fell on another weekday.
"""

from __future__ import annotations

import datetime as _dt
import re
from bisect import bisect_left
from functools import lru_cache
from itertools import accumulate
from typing import Iterable, Optional, Sequence

from raguard.normalize.dates import (
    MONTH_ALONE_ABBREVIATIONS, MONTHS, PLACED, SPELLED_DAY_ALTERNATION, SPELLED_DAYS, WEEKDAYS, DateMention,
    DateValue, matches_at,
)
from raguard.normalize.measures import unit_after
from raguard.normalize.text import fold_word

# -- names in other languages (folded: lower case, diacritics kept where a language writes
# them; the patterns match either spelling) -------------------------------------------------------
_FOREIGN_MONTHS: dict[str, int] = {
    # Dutch
    "januari": 1, "februari": 2, "maart": 3, "mei": 5, "juni": 6, "juli": 7, "augustus": 8, "oktober": 10,
    # German (and Austrian)
    "januar": 1, "jänner": 1, "jaenner": 1, "februar": 2, "feber": 2, "märz": 3, "maerz": 3, "mai": 5,
    "dezember": 12,
    # French
    "janvier": 1, "février": 2, "fevrier": 2, "mars": 3, "avril": 4, "juin": 6, "juillet": 7, "août": 8,
    "aout": 8, "septembre": 9, "octobre": 10, "novembre": 11, "décembre": 12, "decembre": 12,
    # Spanish
    "enero": 1, "febrero": 2, "marzo": 3, "abril": 4, "mayo": 5, "junio": 6, "julio": 7, "agosto": 8,
    "septiembre": 9, "setiembre": 9, "octubre": 10, "noviembre": 11, "diciembre": 12,
    # Italian
    "gennaio": 1, "febbraio": 2, "aprile": 4, "maggio": 5, "giugno": 6, "luglio": 7, "settembre": 9,
    "ottobre": 10, "dicembre": 12,
    # Portuguese
    "janeiro": 1, "fevereiro": 2, "março": 3, "maio": 5, "junho": 6, "julho": 7, "setembro": 9,
    "outubro": 10, "novembro": 11, "dezembro": 12,
}
# abbreviations of those languages that English does not share: read only with a year after
# them or a weekday before ("3 okt 2025", "di 3 mrt"), since some are words ("3 out of 4")
_FOREIGN_MONTH_ABBREVIATIONS: dict[str, int] = {
    "mrt": 3, "okt": 10, "mär": 3, "dez": 12, "ene": 1, "abr": 4, "ago": 8, "dic": 12, "janv": 1, "févr": 2,
    "fevr": 2, "avr": 4, "juil": 7, "déc": 12, "gen": 1, "mag": 5, "giu": 6, "lug": 7, "ott": 10, "set": 9,
    "fev": 2, "out": 10,
}
_FOREIGN_WEEKDAYS: dict[str, int] = {
    # Dutch
    "maandag": 0, "dinsdag": 1, "woensdag": 2, "donderdag": 3, "vrijdag": 4, "zaterdag": 5, "zondag": 6,
    # German
    "montag": 0, "dienstag": 1, "mittwoch": 2, "donnerstag": 3, "freitag": 4, "samstag": 5, "sonnabend": 5,
    "sonntag": 6,
    # French
    "lundi": 0, "mardi": 1, "mercredi": 2, "jeudi": 3, "vendredi": 4, "samedi": 5, "dimanche": 6,
    # Spanish
    "lunes": 0, "martes": 1, "miércoles": 2, "miercoles": 2, "jueves": 3, "viernes": 4, "sábado": 5,
    "sabado": 5, "domingo": 6,
    # Italian
    "lunedì": 0, "lunedi": 0, "martedì": 1, "martedi": 1, "mercoledì": 2, "mercoledi": 2, "giovedì": 3,
    "giovedi": 3, "venerdì": 4, "venerdi": 4, "sabato": 5, "domenica": 6,
    # Portuguese
    "segunda-feira": 0, "terça-feira": 1, "terca-feira": 1, "quarta-feira": 2, "quinta-feira": 3,
    "sexta-feira": 4,
}
# short weekdays of those languages, read only right before a date ("Sa 11.10.", "mar 4 nov")
_FOREIGN_WEEKDAY_ABBREVIATIONS: dict[str, int] = {
    "mo": 0, "di": 1, "mi": 2, "do": 3, "fr": 4, "sa": 5, "so": 6,  # German
    "ma": 0, "wo": 2, "vr": 4, "za": 5, "zo": 6,  # Dutch (di, do as German)
    "lun": 0, "mar": 1, "mer": 2, "jeu": 3, "ven": 4, "sam": 5, "dim": 6,  # French
    "mié": 2, "mie": 2, "jue": 3, "vie": 4, "sáb": 5, "sab": 5, "dom": 6,  # Spanish (lun, mar as French)
    "gio": 3,  # Italian (lun, mar, mer, ven, sab, dom as above)
}
_WEEKDAY_NAMES: dict[str, int] = {**WEEKDAYS, **_FOREIGN_WEEKDAYS, **_FOREIGN_WEEKDAY_ABBREVIATIONS}
_ALL_MONTHS: dict[str, int] = {**MONTHS, **_FOREIGN_MONTHS, **_FOREIGN_MONTH_ABBREVIATIONS}

#: The folded words (diacritics stripped, as a document's tokens are) whose presence makes the
#: names worth looking for: a set test on the document's vocabulary instead of a scan.
#: (The abbreviations that are no English words are cues too: a Spanish bill's "02 DIC 2026" names
#: no month in full; "out", "set", "gen", "mag" and "ago" would make every English text a cue.)
FOREIGN_CUES: frozenset[str] = frozenset(fold_word(w.split("-")[0]) for w in (
    *_FOREIGN_MONTHS, *_FOREIGN_WEEKDAYS,
    *(a for a in _FOREIGN_MONTH_ABBREVIATIONS if a not in ("out", "set", "gen", "mag", "ago"))))


def _alternation(words: Iterable[str]) -> str:
    """The words as one alternation, the longest first (so "mär" does not stop "märz")."""
    return "|".join(re.escape(w) for w in sorted(set(words), key=lambda w: (-len(w), w)))


_YEAR = r"(?P<y>(?:1[6-9]|2[01])\d\d)"
# a day before a month of another language: "3 februari 2025", "3. März", "3 de marzo de 2025",
# "1er mars", "1º de maio", "martes 4 nov" (an English abbreviation after a foreign weekday)
_FOREIGN_DMY_RE = re.compile(
    r"(?<![\w.,/:])(?P<d>[0-3]?\d)(?:\.|er|º|°|ª)?[ \t]+(?:de[ \t]+)?"
    rf"(?P<m>{_alternation([*_FOREIGN_MONTHS, *_FOREIGN_MONTH_ABBREVIATIONS])})\b\.?"
    rf"(?:,?[ \t]+(?:de[ \t]+|del[ \t]+)?{_YEAR}\b)?",
    re.IGNORECASE,
)
# a day closed by a dot before a month's English name, as German and the Nordic languages write a
# day ("ab dem 1. April 2026", "den 3. september"): English never writes a day so
# (each cue opens with its literal and looks behind for the digit: re scans for a literal ten
# times faster than for a digit, about 1 against 11 µs on a 1,900-character document)
_DOTTED_DAY_CUE_RE = re.compile(r"\.(?<=\d\.)[ \t]+[A-Za-z]")
_DOTTED_DAY_MONTH_RE = re.compile(
    rf"(?<![\w.,/:])(?P<d>[0-3]?\d)\.[ \t]+(?P<m>{_alternation([m for m in MONTHS if len(m) > 3 and m != 'sept'])})\b"
    rf"(?:[ \t]+{_YEAR}\b)?",
    re.IGNORECASE,
)
# a month of another language and a year: "März 2025", "febrero de 2025"
_FOREIGN_MY_RE = re.compile(
    rf"(?<![\w])(?P<m>{_alternation(_FOREIGN_MONTHS)})\b,?[ \t]+(?:de[ \t]+|del[ \t]+)?{_YEAR}\b",
    re.IGNORECASE,
)
# a weekday of another language named alone ("el jueves", "am Freitag")
_FOREIGN_WEEKDAY_RE = re.compile(rf"(?<![\w-])(?P<w>{_alternation(_FOREIGN_WEEKDAYS)})s?\b", re.IGNORECASE)

# a weekday right before a date (searched in the few characters before it, anchored at their end)
_WEEKDAY_BEFORE_RE = re.compile(
    rf"(?<![\w-])(?P<w>{_alternation(_WEEKDAY_NAMES)})\.?,?[ \t]+(?:(?:den|le|el|il|op|am|the)[ \t]+)?\Z",
    re.IGNORECASE,
)
#: How many characters before a date its weekday may take ("segunda-feira, den ").
_WEEKDAY_REACH = 24

# a continental day and month closed by a dot ("11.10.", "01.06."), found from its second dot;
# and a range of days before one month ("24.-25.07.")
# (two digits for the month: "2.3." numbers a section)
_DOTTED_DM_RE = re.compile(r"(?<![\w.,])(?P<d>[0-3]?\d)\.(?P<m>[01]\d)\.(?![\w.])")
_DOTTED_CUE_RE = re.compile(r"\.(?<=\d\.)[01]?\d\.")  # (a scan that opens with a literal: fast)
_DOTTED_RANGE_RE = re.compile(r"(?<![\w.,])(?P<d>[0-3]?\d)\.?[ \t]*[-–][ \t]*(?P<d2>[0-3]?\d)\.(?P<m>[01]?\d)\.(?![\w.])")
# two continental days and months without their closing dots joined as a range ("storage from
# 13.11 to 19.11"), read in a text that writes full dotted dates elsewhere ("ETD 19.11.2025"):
# a decimal range there would be a coincidence
_DOTTED_PAIR_RE = re.compile(
    r"(?<![\w.,])(?P<d>[0-3]?\d)\.(?P<m>[01]\d)(?![\w.,])[ \t]{0,3}(?:[-–]|to|till|until|bis|au|al|tot)[ \t]{0,3}"
    r"(?P<d2>[0-3]?\d)\.(?P<m2>[01]\d)(?![\w,]|\.\d)")
# what makes "11.10." a date and no decimal at a sentence's end: after it, a lower-case word, a
# bracket, a cell's bar, a comma or a time ("bis 01.06. auf", "Für 24.07. (1 Nacht)", "| 11.10. |")
_DOTTED_AFTER_RE = re.compile(r"[ \t]*(?:[|(/,;]|[a-zß-ÿ]|(?:[01]?\d|2[0-3])[:.h]?[0-5]\d\b|[-–][ \t]*[0-3]?\d\.)")
# ... or before it, a word that places a date in the languages that write dates so (not
# English: "updated to 3.11." is a version), or a date's label
_DOTTED_BEFORE_RE = re.compile(
    r"(?<![\w])(?:am|vom|bis|ab|zum|seit|für|fuer|op|tot|van|vanaf|le|du|au|dès|el|del|al|hasta|desde|entro|dal|"
    r"até|datum|date|fecha)[ \t:]+\Z",
    re.IGNORECASE,
)
# ... or a table's cell of its own: a bar, a tab or a line's start before it, and after it a bar,
# a tab or a line's end
_CELL_BEFORE_RE = re.compile(r"(?:^|[|\t])[ \t]*\Z", re.MULTILINE)
_CELL_AFTER_RE = re.compile(r"[ \t]*(?:[|\t]|$)", re.MULTILINE)
_FULL_DOTTED_DATE_RE = re.compile(r"(?<![\w.])[0-3]?\d\.[01]?\d\.(?:19|20)\d\d(?!\w|\.\d)")

# a day, month and year joined by hyphens: "14-01-2026" (four digits for the year)
_HYPHEN_YEAR_CUE_RE = re.compile(r"-(?<=\d-)(?:19|20)\d\d")  # (the digit before the hyphen looked behind for)
_HYPHEN_DMY_RE = re.compile(r"(?<![\w\-/.])(?P<a>[0-3]?\d)-(?P<b>[0-3]?\d)-(?P<y>(?:19|20)\d\d)(?![\w\-]|[./]\d)")

# a month glued to its year ("Nov-2025", "sept/2026"): English names and the other languages' full names
_GLUED_YEAR_CUE_RE = re.compile(r"[-/](?:1[6-9]|2[01])\d\d")  # (a letter before it is tested apart)
_MONTH_YEAR_GLUED_RE = re.compile(
    rf"(?<![\w\-/])(?P<m>{_alternation([*MONTHS, *_FOREIGN_MONTHS])})\.?[-/]{_YEAR}(?![\w\-/])", re.IGNORECASE)
# a month and a joiner before the month of a month and year ("Jun-Sep 1932", "June to September
# 1932"): searched in the characters before that month, anchored at their end
_MONTH_BEFORE_RE = re.compile(
    rf"(?<![\w\-/])(?P<m>{_alternation([*MONTHS, *_FOREIGN_MONTHS])})\.?[ \t]*(?:[-–—/]|to|until|till|through|and|bis|tot|à|a|al)[ \t]*\Z",
    re.IGNORECASE,
)
_MONTH_REACH = 20

# a month's abbreviation and a two-digit year joined by a hyphen or an apostrophe ("Oct-25",
# "Mar '25", "Mar’25"): found from the digits (a scan that opens with its separator), the month
# read in the few characters before them (a space alone joins a day too: "Mar 25" is read from
# extract_dates' "md" mention)
# An apostrophe's year follows a full month name or a word placing a time by it as well, as
# speech and its transcripts say a year ("February '61", "I left in '66"), read as "'26" is.
_YY_AFTER_RE = re.compile(r"[\-'’](?P<yy>\d\d)(?![\w\-/'’]|[ \t]*[,.:]?[ \t]*\d)")
_MONTH_ABBR_BEFORE_RE = re.compile(r"(?<![\w\-/.'’])(?P<m>[A-Za-z]{2,9})\.?(?P<space>[ \t]?)\Z")
#: How many characters a month's name takes before its year ("September '").
_MONTH_ABBR_REACH = 11
#: The words after which an apostrophe's two digits are a year ("since '98", "the class of '09").
_YEAR_AFTER_WORDS = frozenset({"in", "since", "from", "until", "till", "by", "of", "before", "after", "circa"})
# an ISO year and month, "2026-06" (a full ISO date, "2026-06-01", is extract_dates')
# (each of these opens with a digit and looks behind it after: a pattern that opens with a
# lookbehind is tried at every position of the text, one that opens with a digit is scanned for it)
# (a comma and a digit after it is a CSV's next cell: "NR,2026-08,2968004")
_YEAR_MONTH_RE = re.compile(r"(?P<y>[12](?<![\w\-/.:][12])\d{3})(?P<sep>[-/])(?P<m>0[1-9]|1[0-2])(?![\w\-/:'’]|\.\d)")
# ... and a month of two digits before its year, joined by a hyphen or a dot ("06-2026", "Stand:
# 06.2026"; "06/2026" is extract_dates')
# (what follows a decimal that "10.2026" may be, a month of two digits without its zero: a unit,
# a sign or a word opened by a letter; a date is followed by a bracket, a comma, a line's end...)
_DECIMAL_TAIL_RE = re.compile(r"[ \t]?[^\W\d_]|[ \t]*[%°‰]")
_MONTH_YEAR_NUMERIC_RE = re.compile(r"(?P<m>[01](?<![\w\-/.,:][01])\d)[-.](?P<y>[12]\d{3})(?![\w\-/]|[.,]\d)")
# what a match holds, "06.2026" or "06-2026", each found from its separator (see _year_months)
_MONTH_YEAR_DOT_CUE_RE = re.compile(r"\.(?<=[01]\d\.)[12]\d{3}")
_MONTH_YEAR_DASH_CUE_RE = re.compile(r"-(?<=[01]\d-)[12]\d{3}")
# a day and a month's name joined by a hyphen, no year after ("03-Nov", "3-Nov."): the name read
# in Python (a dict lookup, not an alternation of every name tried at each digit)
_DAY_DASH_MONTH_RE = re.compile(r"(?P<d>\d(?<![\w\-/.,:]\d)\d?)-(?P<m>[A-Za-z]{3,9})\b\.?(?![\-/'’]\w)")
# a slashed day and month of two digits each, no year ("02/16")
_TWO_DIGIT_SLASHED_RE = re.compile(r"(?P<a>[0-3](?<![\w/.,:\-][0-3])\d)/(?P<b>[0-3]\d)(?![/\w]|[.,:]\d)")

# a calendar table's row: a day and its weekday, either order ("23    Sat", "Sat 23", "23 Samstag"),
# or a weekday and an ordinal day in prose ("BACS Friday 17th as usual", "on Friday the 17th");
# built for the weekday names a document holds (a pattern of all of them, tried at every
# position, cost 14 µs a document)
_ROW_DAY_WEEKDAY = r"(?<![\w.,:/])(?P<d>[0-3]?\d)\.?[ \t]+(?P<w>{names})\b(?![-'’])"
_ROW_WEEKDAY_DAY = (r"(?<![\w-])(?P<w>{names})\.?,?[ \t]+(?:(?:the[ \t]+)?(?P<d>[0-3]?\d)(?:st|nd|rd|th)?\b"
                    r"(?![.:/,]?\d|[ \t]*[-–])|the[ \t]+(?P<o>{ordinals})\b)")
_ROW_NAMES: dict[str, tuple[str, ...]] = {}  # a folded word -> the names it folds from ("sabado": "sábado", "sabado")
for _name in (*WEEKDAYS, *_FOREIGN_WEEKDAYS):
    _ROW_NAMES[fold_word(_name)] = (*_ROW_NAMES.get(fold_word(_name), ()), _name)


@lru_cache(maxsize=256)
def _row_patterns(words: tuple[str, ...]) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The two row patterns for the weekday names that fold to ``words``."""
    names = _alternation(name for word in words for name in _ROW_NAMES[word])
    return (re.compile(_ROW_DAY_WEEKDAY.format(names=names), re.IGNORECASE),
            re.compile(_ROW_WEEKDAY_DAY.format(names=names, ordinals=SPELLED_DAY_ALTERNATION), re.IGNORECASE))


def _fold(word: str) -> str:
    return word.casefold().rstrip(".")


def _month(word: str) -> Optional[int]:
    return _ALL_MONTHS.get(_fold(word))


def _valid(month: int, day: int, year: Optional[int] = None) -> bool:
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return False
    try:
        _dt.date(year or 2000, month, day)  # (2000: a leap year, so 29 February stands without one)
    except ValueError:
        return False
    return True


def _weekday_of(value: DateValue) -> Optional[int]:
    if value.year is None or value.month is None or value.day is None:
        return None
    try:
        return _dt.date(value.year, value.month, value.day).weekday()
    except ValueError:
        return None


#: Folded words that name a weekday (English or another language): a calendar table is looked
#: for only in a document that holds one.
_ROW_CUES: frozenset[str] = frozenset(_ROW_NAMES)


def document_dates(text: str, found: Sequence[DateMention], slashed: Sequence[DateMention] = (),
                   vocab: Optional[frozenset[str]] = None, readings: Sequence[DateMention] = ()) -> list[DateMention]:
    """The dates of a document beyond ``found`` (its :func:`extract_dates` mentions) and
    ``slashed`` (its :func:`raguard.normalize.dates.day_months`): see the module's docstring.
    ``vocab``: the document's folded words, when known (the names of other languages, and
    calendar rows, are looked for only where a word of theirs is among them); ``readings``: the
    other readings of ``found``'s numeric dates (:func:`raguard.normalize.dates.other_readings`),
    each a month a weekday's day may be in."""
    out: list[DateMention] = list(slashed)
    foreign = vocab is None or not vocab.isdisjoint(FOREIGN_CUES)
    if foreign:
        out.extend(_foreign_dates(text))
    if _DOTTED_CUE_RE.search(text) is not None:
        out.extend(_dotted_dates(text))
        out.extend(_dotted_iso_dates(text))
    if _DOTTED_DAY_CUE_RE.search(text) is not None:
        out.extend(_dotted_day_months(text))
    if len(out) > len(slashed):
        out.extend(_range_first_days(text, out[len(slashed):]))
    # (and of extract_dates' dates, which read "3-5 March" but not a first day closed by a dot,
    # "16.–18.03.2027", nor one with its own weekday, "Wed 13 - Sat 16 November")
    out.extend(_range_first_days(text, [m for m in found if m.form in _RANGE_END_FORMS]))
    if "*" in text or "+" in text:
        out.extend(_compact_dates(text))
    if ":" in text and _SWIFT_FIELD_CUE_RE.search(text) is not None:
        out.extend(_swift_dates(text))
    if vocab is None or not vocab.isdisjoint(_SHORT_MONTHS):
        out.extend(_short_months(text))
    if _HYPHEN_YEAR_CUE_RE.search(text) is not None:
        out.extend(_hyphen_dates(text))
    if ("-" in text or "/" in text) and any(  # (the cue opens with either: a scan for a character is cheaper)
            text[max(0, m.start() - 2):m.start()].rstrip(".")[-1:].isalpha() for m in _GLUED_YEAR_CUE_RE.finditer(text)):
        out.extend(_glued_month_years(text))
    year_given = any(m.value.year is not None for m in (*found, *out))
    if year_given and "-" in text:
        out.extend(_day_dash_months(text))
    if year_given and "/" in text:
        out.extend(_two_digit_slashed(text, slashed))
    if "-" in text or "/" in text or "." in text:
        out.extend(_year_months(text))
    if "-" in text and any(m.form == "iso" for m in found):
        out.extend(_iso_month_days(text, found))
    if year_given and "." in text and (vocab is None or not vocab.isdisjoint(_ROW_CUES)):
        out.extend(_weekday_dotted(text, [*found, *out]))
    if found or out:
        out.extend(_month_ranges(text, [*found, *out]))
        words = sorted(_ROW_CUES & vocab) if vocab is not None else sorted(_ROW_NAMES)
        if words:
            out.extend(_calendar_rows(text, [*found, *readings, *out],
                                      _row_patterns(tuple(w for w in words if w in _ROW_NAMES))))
    # (a weekday in English before a date extract_dates reads is joined to it there)
    out.extend(_with_weekdays(text, [*found, *out] if foreign else out))
    out.extend(_in_the_years(found, out))
    # (a two-digit year is a guess: its reading gives no year to the yearless dates above)
    out.extend(_month_two_digit_years(text, found))
    if any(m.value.year is None and m.value.day is not None for m in found):
        out.extend(_day_month_two_digit_years(text))
    if "月" in text:
        out.extend(_cjk_dates(text))
    if vocab is None or _lists_cued(vocab):
        out.extend(_day_lists(text))
    if ("|" in text or "\t" in text) and (vocab is None or not vocab.isdisjoint(_LIST_DAYS[0])):
        out.extend(_row_labels(text))
    if vocab is None or len(vocab & _MONTH_WORDS) >= 2:
        out.extend(_month_spans(text))
    return out[len(slashed):]


# Where the patterns of other languages' names can match (each opens with a lookbehind, so re
# tried it at every position, and the alternation of every name at each word's start: 0.3-0.5 ms
# on a 1,900-character document whose words hold one cue, a name such as "Mei" or "Domingo"):
# a day opens with a digit no word character, ".", ",", "/" or ":" stands before
_DAY_START_RE = re.compile(r"\d(?<![\w.,/:]\d)")
# ... and a name of a month or a weekday is a whole run of word characters (a word character
# neither before it nor after, "\b"; a weekday perhaps with an "s", or the first part of a
# hyphenated one, "segunda-feira"): in ASCII, a run that lower-cased is one of these
_WORD_RUN_SPLIT_RE = re.compile(r"(\w+)")  # (captured, for re.split: gap, run, gap, run, ..., gap)
_MONTH_RUNS = frozenset(_FOREIGN_MONTHS)
_WEEKDAY_RUNS = frozenset(run for w in _FOREIGN_WEEKDAYS for run in (w.split("-")[0], w.split("-")[0] + "s"))


def _name_starts(text: str) -> tuple[list[int], list[int]]:
    """Where a month's name of another language may start in ``text``, and where a weekday's:
    the starts of its runs of word characters that may be one. In ASCII text, a run that is one
    lower-cased (each distinct run looked up once, in C: a set intersection); in other text,
    every run that is not ASCII too (IGNORECASE matches some letters beyond ASCII to others,
    which lower() does not tell). The runs and their offsets come from one split."""
    ascii_text = text.isascii()
    parts = _WORD_RUN_SPLIT_RE.split(text.lower() if ascii_text else text)  # (ASCII: the same offsets)
    runs = parts[1::2]
    distinct = set(runs)
    if ascii_text:
        months, weekdays = distinct & _MONTH_RUNS, distinct & _WEEKDAY_RUNS
    else:
        months, weekdays = set(), set()
        for run in distinct:
            if not run.isascii():
                months.add(run)
                weekdays.add(run)
                continue
            lowered = run.lower()
            if lowered in _MONTH_RUNS:
                months.add(run)
            if lowered in _WEEKDAY_RUNS:
                weekdays.add(run)
    if not months and not weekdays:
        return [], []
    starts = list(accumulate(map(len, parts)))[:-1:2]  # (where run k starts: the lengths before it)
    return ([at for at, run in zip(starts, runs) if run in months] if months else [],
            [at for at, run in zip(starts, runs) if run in weekdays] if weekdays else [])


def _foreign_dates(text: str) -> list[DateMention]:
    out = []
    # (each pattern tried only where a match can start: the matches of the scan, see matches_at)
    for m in matches_at(_FOREIGN_DMY_RE, text, [d.start() for d in _DAY_START_RE.finditer(text)]):
        word = _fold(m.group("m"))
        month, day, y = _ALL_MONTHS[word], int(m.group("d")), m.group("y")
        year = int(y) if y else None
        if word in _FOREIGN_MONTH_ABBREVIATIONS and year is None and not _weekday_before(text, m.start()):
            continue  # ("3 out of 4")
        if _valid(month, day, year):
            out.append(DateMention(m.start(), m.end(), m.group(), DateValue(year=year, month=month, day=day),
                                   "dmy" if year else "dm"))
    month_starts, weekday_starts = _name_starts(text)
    for m in matches_at(_FOREIGN_MY_RE, text, month_starts):
        if m.group("m")[0].isupper() and _fold(m.group("m")) in _NAMES_TOO:
            continue  # ("the Mars 2020 rover")
        out.append(DateMention(m.start(), m.end(), m.group(), DateValue(year=int(m.group("y")), month=_month(m.group("m"))),
                               "my"))
    for m in matches_at(_FOREIGN_WEEKDAY_RE, text, weekday_starts):
        out.append(DateMention(m.start("w"), m.end("w"), m.group("w"), DateValue(weekday=_FOREIGN_WEEKDAYS[_fold(m.group("w"))]),
                               "weekday"))
    return out


#: Months of another language that are names too, capitalized: read before a year only in lower
#: case, as French writes months ("mars 2025"); with a day before them, in any case.
_NAMES_TOO = frozenset({"mars"})


# the first day of a range before a day and a month ("27-29 noviembre", "du 3 au 5 mars", "vom
# 3. bis 5. März", "27.-29. November"), anchored at the second day
_RANGE_FIRST_DAY_RE = re.compile(
    r"(?<![\w.,/:])(?P<d>[0-3]?\d)\.?[ \t]*(?:[-–—]|(?<=[ \t])(?:au|al|a|bis|til|tot|to)(?=[ \t]))[ \t]*\Z",
    re.IGNORECASE)
#: How far before a date its range's first day may start ("27. bis ": 8 characters).
_RANGE_REACH = 12


def _range_first_days(text: str, mentions: Sequence[DateMention]) -> list[DateMention]:
    """The first day of each range ending in one of ``mentions`` (a day and a month of another
    language, or a day closed by a dot: English ranges are read by extract_dates), in its month
    and year."""
    out = []
    for mention in mentions:
        value = mention.value
        if value.day is None or value.month is None or mention.start == 0:
            continue
        m = _RANGE_FIRST_DAY_RE.search(text, max(0, mention.start - _RANGE_REACH), mention.start)
        if m is None or not 1 <= (day := int(m.group("d"))) < value.day:
            continue
        out.append(DateMention(m.start("d"), m.end("d"), m.group("d"),
                               DateValue(year=value.year, month=value.month, day=day), "dmy" if value.year else "dm"))
    return out


#: The forms of extract_dates' dates a range's first day may stand before (not its own ranges).
_RANGE_END_FORMS = frozenset({"dm", "dmy", "numeric"})

# an EDI segment's date, year, month and day run together between its separators (X12
# "DTM*011*20261116~", EDIFACT "DTM+137:20261116:102'"); found from its digits
_COMPACT_DATE_RE = re.compile(
    r"(?P<y>(?:19|20)(?<=[*+:](?:19|20))\d\d)(?P<m>0[1-9]|1[0-2])(?P<d>0[1-9]|[12]\d|3[01])(?=[*~:'+\s]|\Z)")


def _compact_dates(text: str) -> list[DateMention]:
    """"DTM*011*20261116~": a date of eight digits (year, month, day) between an EDI message's
    separators."""
    return _year_month_days(_COMPACT_DATE_RE, text, 0)


def _year_month_days(pattern: re.Pattern[str], text: str, century: int) -> list[DateMention]:
    """The valid dates of ``pattern``'s matches in ``text``, from its groups ``y``, ``m`` and ``d``
    (``century`` added to the year: 2000 for a two-digit one)."""
    out = []
    for m in pattern.finditer(text):
        year, month, day = century + int(m.group("y")), int(m.group("m")), int(m.group("d"))
        if _valid(month, day, year):
            out.append(DateMention(m.start("y"), m.end("d"), text[m.start("y"):m.end("d")],
                                   DateValue(year=year, month=month, day=day), "dmy"))
    return out


# a SWIFT message's field that opens with a date, year, month and day of two digits each
# (":31C:261118" the issue date, ":31D:270215GERMANY" an expiry and its place, ":32A:261118EUR...")
_SWIFT_FIELD_CUE_RE = re.compile(r"^:\d\d[A-Z]?:\d{6}", re.MULTILINE)
_SWIFT_DATE_RE = re.compile(r"^:\d\d[A-Z]?:(?P<y>\d\d)(?P<m>0[1-9]|1[0-2])(?P<d>0[1-9]|[12]\d|3[01])(?!\d)", re.MULTILINE)


# a month's abbreviation standing alone that no English word or given name shares, capitalized
# ("MRR € 246,000 ( Sep € 231,000 )", "( Oct 388 )"): a month (before a day or a year too,
# "Sep 23", which extract_dates reads whole: the month is that date's)
_SHORT_MONTHS = {a.lower(): MONTHS[a.lower()] for a in (*MONTH_ALONE_ABBREVIATIONS, "Sept")}
_SHORT_MONTH_RE = re.compile(rf"(?<![\w'’-])(?P<m>{_alternation(a.capitalize() for a in _SHORT_MONTHS)})\b\.?(?![-'’/]\w)")


def _short_months(text: str) -> list[DateMention]:
    """"( Sep € 231,000 )": a capitalized month's abbreviation alone, a month."""
    return [DateMention(m.start(), m.end("m"), m.group("m"), DateValue(month=_SHORT_MONTHS[m.group("m").lower()]),
                        "month_alone")
            for m in _SHORT_MONTH_RE.finditer(text)]


def _swift_dates(text: str) -> list[DateMention]:
    """":31C:261118": a date (18 November 2026) opening a SWIFT message's field."""
    return _year_month_days(_SWIFT_DATE_RE, text, 2000)


def _dotted_day_months(text: str) -> list[DateMention]:
    """"1. April 2026", "3. september": a day closed by a dot before an English month's name."""
    out = []
    for m in _DOTTED_DAY_MONTH_RE.finditer(text):
        month, day, y = MONTHS[m.group("m").lower()], int(m.group("d")), m.group("y")
        year = int(y) if y else None
        if _valid(month, day, year):
            out.append(DateMention(m.start(), m.end(), m.group(), DateValue(year=year, month=month, day=day),
                                   "dmy" if year else "dm"))
    return out


def _weekday_before(text: str, start: int) -> Optional[int]:
    """The weekday named right before ``start`` ("Sa 11.10.", "martes 4 nov"), or None."""
    m = _WEEKDAY_BEFORE_RE.search(text, max(0, start - _WEEKDAY_REACH), start)
    return None if m is None else _WEEKDAY_NAMES[_fold(m.group("w"))]


# a year, month and day in that order, joined by dots, as Korean, Chinese and Hungarian texts
# and many forms write them ("2026.03.27"): no day-first reading fits it (read where the cue of
# dotted dates is, "d.MM."; matched from the year's dot, a literal re finds by a fast scan, the
# year read before it)
_DOTTED_ISO_RE = re.compile(r"\.(?P<m>0?[1-9]|1[0-2])\.(?P<d>0?[1-9]|[12]\d|3[01])(?!\w|\.\d)")


def _dotted_iso_dates(text: str) -> list[DateMention]:
    """"2026.03.27": a year, a month and a day joined by dots (not a version's "2.2026.03")."""
    out = []
    for m in _DOTTED_ISO_RE.finditer(text):
        start = m.start() - 4
        year_text = text[max(0, start):m.start()]
        if (start < 0 or not year_text.isdigit() or year_text[:2] not in ("19", "20")
                or (start > 0 and (text[start - 1].isalnum() or text[start - 1] == "."))):
            continue
        year, month, day = int(year_text), int(m.group("m")), int(m.group("d"))
        if _valid(month, day, year):
            out.append(DateMention(start, m.end(), text[start:m.end()], DateValue(year=year, month=month, day=day), "iso"))
    return out


def _dotted_dates(text: str) -> list[DateMention]:
    """"11.10.", "24.-25.07.", "13.11 to 19.11": a day and a month without a year, where the text
    shows them to be one (see the module's docstring)."""
    out = []
    full = None  # (does the text write full dotted dates? asked only once needed)
    taken: set[int] = set()
    for m in _DOTTED_RANGE_RE.finditer(text):
        month, d1, d2 = int(m.group("m")), int(m.group("d")), int(m.group("d2"))
        if d1 < d2 and _valid(month, d1) and _valid(month, d2):
            out.append(DateMention(m.start("d"), m.start("d") + len(m.group("d")), m.group("d"), DateValue(month=month, day=d1), "dm"))
            out.append(DateMention(m.start("d2"), m.end(), text[m.start("d2"):m.end()], DateValue(month=month, day=d2), "dm"))
            taken.add(m.start("d2"))
    if "." in text and _DOTTED_PAIR_RE.search(text) is not None and _FULL_DOTTED_DATE_RE.search(text) is not None:
        full = True
        for m in _DOTTED_PAIR_RE.finditer(text):
            for d, mo in (("d", "m"), ("d2", "m2")):
                day, month = int(m.group(d)), int(m.group(mo))
                if _valid(month, day) and m.start(d) not in taken:
                    out.append(DateMention(m.start(d), m.end(mo), text[m.start(d):m.end(mo)],
                                           DateValue(month=month, day=day), "dm"))
                    taken.add(m.start(d))
    for m in _DOTTED_DM_RE.finditer(text):
        if m.start() in taken:
            continue
        day, month = int(m.group("d")), int(m.group("m"))
        if not _valid(month, day):
            continue
        placed = (_DOTTED_AFTER_RE.match(text, m.end()) is not None
                  or _weekday_before(text, m.start()) is not None
                  or _DOTTED_BEFORE_RE.search(text, max(0, m.start() - 12), m.start()) is not None
                  or (_CELL_AFTER_RE.match(text, m.end()) is not None
                      and _CELL_BEFORE_RE.search(text, max(0, m.start() - 8), m.start()) is not None))
        if not placed:
            if full is None:
                full = _FULL_DOTTED_DATE_RE.search(text) is not None
            if not full:
                continue
        out.append(DateMention(m.start(), m.end(), m.group(), DateValue(month=month, day=day), "dm"))
    return out


# a day and a month joined by a dot, no year after it ("Sat 7.3 at 18:00", "Mon 9.3."), its
# weekday looked for before it
_WEEKDAY_DOTTED_RE = re.compile(r"(?<![\w.,])(?P<d>[0-3]?\d)\.(?P<m>1[0-2]|0?[1-9])\.?(?![\w.]|,\d)")


def _weekday_dotted(text: str, mentions: Sequence[DateMention]) -> list[DateMention]:
    """"Sat 7.3": a day and a month joined by a dot right after a weekday, read in the year of
    the closest date before it that gives one (or the next year), where the weekday is that
    day's and no unit follows: a decimal after a weekday ("Sat 5.0 km", "Sun 7.5 km") is a
    measure, which the weekday check alone lets through one time in seven."""
    heads = sorted((m.start, m.value.year) for m in mentions if m.value.year is not None)
    if not heads:
        return []
    starts = [h[0] for h in heads]
    out = []
    for m in _WEEKDAY_DOTTED_RE.finditer(text, heads[0][0] + 1):
        weekday = _weekday_before(text, m.start())
        if weekday is None or unit_after(text, m.end()) is not None:
            continue  # (a measure after it, "Sun 7.5 km", is a decimal whatever day it falls on)
        year = heads[bisect_left(starts, m.start()) - 1][1]
        day, month = int(m.group("d"), 10), int(m.group("m"), 10)
        for y in (year, year + 1):
            if _valid(month, day, y) and _dt.date(y, month, day).weekday() == weekday:
                out.append(DateMention(m.start(), m.end(), m.group(),
                                       DateValue(year=y, month=month, day=day, weekday=weekday), "dmy"))
                break
    return out


def _hyphen_dates(text: str) -> list[DateMention]:
    """"14-01-2026": day first where the first part is over 12 or the second cannot be a month,
    month first where the second is over 12, and both readings where either could be."""
    found = [(m, int(m.group("a")), int(m.group("b")), int(m.group("y"))) for m in _HYPHEN_DMY_RE.finditer(text)]
    if not found:
        return []
    month_first = any(b > 12 >= a for _, a, b, _ in found)
    day_first = any(a > 12 >= b for _, a, b, _ in found)
    out = []
    for m, a, b, year in found:
        readings = [(b, a)] if a > 12 else [(a, b)] if b > 12 else (
            [(b, a)] if day_first and not month_first else [(a, b)] if month_first and not day_first
            else [(b, a), (a, b)])
        for month, day in readings:
            if _valid(month, day, year):
                out.append(DateMention(m.start(), m.end(), m.group(), DateValue(year=year, month=month, day=day), "numeric"))
    return out


def _glued_month_years(text: str) -> list[DateMention]:
    return [DateMention(m.start(), m.end(), m.group(), DateValue(year=int(m.group("y")), month=_month(m.group("m"))), "my")
            for m in _MONTH_YEAR_GLUED_RE.finditer(text)]


def _month_ranges(text: str, mentions: Sequence[DateMention]) -> list[DateMention]:
    """"Jun-Sep 1932": the first month of a range in the year its second one is given with (the
    year before when it comes later in the calendar: "Nov-Feb 2026")."""
    out = []
    for mention in mentions:
        value = mention.value
        if value.year is None or value.month is None or value.day is not None:
            continue
        m = _MONTH_BEFORE_RE.search(text, max(0, mention.start - _MONTH_REACH), mention.start)
        if m is None:
            continue
        month = _month(m.group("m"))
        if month is None or month == value.month:
            continue
        year = value.year - 1 if month > value.month else value.year
        out.append(DateMention(m.start("m"), m.end("m"), m.group("m"), DateValue(year=year, month=month), "my"))
    return out


def _calendar_rows(text: str, mentions: Sequence[DateMention],
                   patterns: Sequence[re.Pattern[str]]) -> list[DateMention]:
    """A calendar table's days ("23  Sat" under "AUGUST 2025"): each read in the month and year of
    the closest date before it that gives both, where the weekday is that day's. A day after its
    weekday ("Wednesday the 14th", "Tuesday the third") may be in that month or, when its number
    is below that date's day, the next ("on 28 January ... see you Tuesday the 3rd"); and where
    the closest date has two readings ("12/02/2024"), each is tried."""
    heads = sorted((m.start, m.value.year, m.value.month, m.value.day or 0) for m in mentions
                   if m.value.year is not None and m.value.month is not None)
    if not heads:
        return []
    starts = [h[0] for h in heads]
    out = []
    for pattern in patterns:
        weekday_first = "w" in pattern.groupindex and pattern.groupindex["w"] < pattern.groupindex["d"]
        for m in pattern.finditer(text, heads[0][0] + 1):
            k = bisect_left(starts, m.start()) - 1
            if k < 0:
                continue
            spelled = m.groupdict().get("o")
            day = SPELLED_DAYS[" ".join(spelled.casefold().split())] if spelled else int(m.group("d"))
            weekday = _WEEKDAY_NAMES.get(_fold(m.group("w")))
            if weekday is None:
                continue
            months = []
            for _, year, month, head_day in heads[bisect_left(starts, starts[k]):k + 1]:
                months.append((year, month))
                if weekday_first and day < head_day:
                    months.append((year + month // 12, month % 12 + 1))
            for year, month in months:
                if _valid(month, day, year) and _dt.date(year, month, day).weekday() == weekday:
                    out.append(DateMention(m.start(), m.end(), m.group(),
                                           DateValue(year=year, month=month, day=day, weekday=weekday), "dmy"))
                    break
    return out


def _with_weekdays(text: str, mentions: Sequence[DateMention]) -> list[DateMention]:
    """Each day and month with the weekday named right before it ("Sa 11.10.", "viernes 7 nov"),
    once more with that weekday, unless its year gives the day another one."""
    out = []
    for mention in mentions:
        value = mention.value
        if value.month is None or value.day is None or value.weekday is not None:
            continue
        weekday = _weekday_before(text, mention.start)
        if weekday is None:
            continue
        known = _weekday_of(value)
        if known is not None and known != weekday:
            continue
        out.append(mention._replace(value=value._replace(weekday=weekday)))
    return out



def _month_two_digit_years(text: str, found: Sequence[DateMention]) -> list[DateMention]:
    """"Mar 25", "Oct-25", "Mar '25": a month's abbreviation and a two-digit year (20YY, or 19YY
    from 50 on, as "'26" reads), as receipts, service notes and spreadsheets write a month. A
    space between them reads a day too ("Mar 25": 25 March, extract_dates' reading, kept); a
    full month name before a number is a day ("March 25"), before an apostrophe's digits a year
    ("February '61"), as are those digits after a word such as "in" or "since" ("in '66")."""
    out = []
    for mention in found:
        if mention.form != "md" or mention.value.year is not None:
            continue
        word, _, digits = mention.text.rpartition(" ")
        word = word.strip(" \t")
        if len(digits) != 2 or not digits.isdigit() or not _abbreviation(word):
            continue
        out.append(DateMention(mention.start, mention.end, mention.text,
                               DateValue(year=_two_digit_year(digits), month=_month(word)), "my"))
    if "-" not in text and "'" not in text and "’" not in text:
        return out
    for m in _YY_AFTER_RE.finditer(text):
        before = _MONTH_ABBR_BEFORE_RE.search(text, max(0, m.start() - _MONTH_ABBR_REACH), m.start())
        if before is None:
            continue
        word, apostrophe = before.group("m"), text[m.start()] != "-"
        if apostrophe and before.group("space") and word.casefold() in _YEAR_AFTER_WORDS:
            out.append(DateMention(m.start(), m.end(), m.group(), DateValue(year=_two_digit_year(m.group("yy"))), "year"))
            continue
        if not (_abbreviation(word) or (apostrophe and _month_name(word))) or (before.group("space") and not apostrophe):
            continue  # (a space before an apostrophe only: "Mar '25", not "Mar -25")
        month = _month(word)
        out.append(DateMention(before.start(), m.end(), text[before.start():m.end()],
                               DateValue(year=_two_digit_year(m.group("yy")), month=month), "my"))
        if text[m.start()] == "-" and _valid(month or 0, int(m.group("yy"))):  # ("Nov-03": 3 November too)
            out.append(DateMention(before.start(), m.end(), text[before.start():m.end()],
                                   DateValue(month=month, day=int(m.group("yy"))), "md"))
    return out


# a day, a month's abbreviation and a two-digit year a space apart, as bills and statements
# print them ("14 SEP 26 - 13 NOV 26"): the 14th of September 2026 as well as the day reading
_DAY_MONTH_YY_RE = re.compile(
    r"(?<![\w.,/:])(?P<d>[0-3]?\d)[ \t]+(?P<m>jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\.?[ \t]+"
    r"(?P<yy>\d\d)(?![\w:%]|[.,]\d)", re.IGNORECASE)


def _day_month_two_digit_years(text: str) -> list[DateMention]:
    out = []
    for m in _DAY_MONTH_YY_RE.finditer(text):
        value = DateValue(year=_two_digit_year(m.group("yy")), month=_month(m.group("m")), day=int(m.group("d")))
        if _valid(value.month or 0, value.day or 0):
            out.append(DateMention(m.start(), m.end(), m.group(), value, "dmy"))
    return out


# a date as Chinese and Japanese write it: "2025年11月20日", "12月5日 (金)", "2025年12月" (digits
# perhaps full-width, which int() reads), and the weekday after its day: Japanese "(木)", "木曜日",
# Chinese "星期四", "(周四)"
_CJK_DATE_RE = re.compile(
    # (a Chinese weekday may come first: "本周三 3月4日", "this Wednesday, 4 March")
    r"(?:(?:本|下|上|这|這)?(?:星期|礼拜|禮拜|周|週)(?P<cwb>[一二三四五六日天])[ \t]*)?"
    r"(?:(?P<y>\d{4})[ \t]*年[ \t]*)?(?P<m>1[0-2]|0?[1-9])[ \t]*月(?:[ \t]*(?P<d>3[01]|[12]\d|0?[1-9])[ \t]*日"
    r"(?:[ \t]*(?:[(（][ \t]*(?:(?P<jw>[月火水木金土日])(?:曜日?)?|(?:星期|礼拜|禮拜|周|週)(?P<cw>[一二三四五六日天]))"
    r"[ \t]*[)）]|(?P<jw2>[月火水木金土日])曜日?|(?:星期|礼拜|禮拜|周|週)(?P<cw2>[一二三四五六日天])))?)?")
_CJK_WEEKDAYS = {"月": 0, "火": 1, "水": 2, "木": 3, "金": 4, "土": 5, "日": 6,
                 "一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "天": 6}


def _cjk_dates(text: str) -> list[DateMention]:
    out = []
    for m in _CJK_DATE_RE.finditer(text):
        if m.group("y") is None and m.group("d") is None:
            continue  # ("3月" alone: a month, too little to place)
        value = DateValue(year=int(m.group("y")) if m.group("y") else None, month=int(m.group("m")),
                          day=int(m.group("d")) if m.group("d") else None)
        if value.day is not None and not _valid(value.month or 0, value.day):
            continue
        day_name = m.group("jw") or m.group("cw") or m.group("jw2") or m.group("cw2") or m.group("cwb")
        if day_name is not None:
            weekday = _CJK_WEEKDAYS[day_name]
            known = _weekday_of(value)
            if known is None or known == weekday:  # (a weekday its year does not give is left out)
                value = value._replace(weekday=weekday)
        out.append(DateMention(m.start(), m.end(), m.group(), value, "dmy" if value.day else "my"))
    return out


# the short weekdays of one language, by language: two of one joined are a range or a list
# ("Mo-Fr", "sat+sun", "Sat & Sun", "lun a vie"); a short weekday alone is often a word ("sat", "do")
_LIST_DAYS: tuple[dict[str, int], ...] = (
    {"mon": 0, "tue": 1, "tues": 1, "wed": 2, "thu": 3, "thurs": 3, "fri": 4, "sat": 5, "sun": 6},  # English
    {"mo": 0, "di": 1, "mi": 2, "do": 3, "fr": 4, "sa": 5, "so": 6},  # German
    {"ma": 0, "di": 1, "wo": 2, "do": 3, "vr": 4, "za": 5, "zo": 6},  # Dutch
    {"lun": 0, "mar": 1, "mer": 2, "jeu": 3, "ven": 4, "sam": 5, "dim": 6},  # French
    {"lun": 0, "mar": 1, "mié": 2, "mie": 2, "jue": 3, "vie": 4, "sáb": 5, "sab": 5, "dom": 6},  # Spanish
)
_LIST_DAY_FOLDED = tuple(frozenset(fold_word(w) for w in days) for days in _LIST_DAYS)
_DAY_LIST_RE = re.compile(
    rf"(?<![\w-])(?P<a>{_alternation(w for days in _LIST_DAYS for w in days)})\.?[ \t]*"
    r"(?:[-–—/+&]|(?<=[ \t])(?:to|bis|t/m|tot|au|à|a|al)(?=[ \t]))[ \t]*"
    rf"(?P<b>{_alternation(w for days in _LIST_DAYS for w in days)})\.?(?![\w-])",
    re.IGNORECASE)
# a timetable's or a rota's row that opens with its day, before a cell ("Sat | LUN | -")
_ROW_LABEL_RE = re.compile(r"^[ \t]*(?:\|[ \t]*)?(?P<w>Mon|Tues?|Wed|Thu(?:rs)?|Fri|Sat|Sun|MON|TUES?|WED|THU(?:RS)?|"
                           r"FRI|SAT|SUN)\.?[ \t]*(?=[|\t])", re.MULTILINE)
# a range of two months ("Oct-Mar", "OCT–MAR", "October-March"), each capitalized: found from its
# dash (a scan for the names tried them at every position: ~80 µs on a HaluEval passage)
_MONTH_WORDS = frozenset(MONTHS)
_MONTH_SPAN_DASH_RE = re.compile(r"[-–—]")
_MONTH_SPAN_BEFORE_RE = re.compile(rf"(?<![\w-])(?P<a>{_alternation(MONTHS)})\.?[ \t]*\Z", re.IGNORECASE)
_MONTH_SPAN_AFTER_RE = re.compile(rf"[-–—][ \t]*(?P<b>{_alternation(MONTHS)})\b\.?", re.IGNORECASE)
#: How far before its dash a range's first month may start ("September. ": 11 characters).
_MONTH_SPAN_REACH = 12


def _lists_cued(vocab: frozenset[str]) -> bool:
    """Does the document hold two short weekdays of one language (see :data:`_LIST_DAYS`)?"""
    return any(len(vocab & days) >= 2 for days in _LIST_DAY_FOLDED)


def _day_lists(text: str) -> list[DateMention]:
    """Both ends of each range or list of two short weekdays of one language ("Mo-Fr", "sat+sun"):
    the days between a range's ends are not read, so that "Tuesday to Friday" for "Mo-Fr" stays
    unsupported. A two-letter abbreviation is read capitalized only ("do/so" are words)."""
    out = []
    for m in _DAY_LIST_RE.finditer(text):
        a, b = m.group("a"), m.group("b")
        fa, fb = a.casefold(), b.casefold()
        if (len(a) == 2 and not a[0].isupper()) or (len(b) == 2 and not b[0].isupper()):
            continue
        for days in _LIST_DAYS:
            if fa in days and fb in days and days[fa] != days[fb]:
                out.append(DateMention(m.start("a"), m.end("a"), a, DateValue(weekday=days[fa]), "weekday"))
                out.append(DateMention(m.start("b"), m.end("b"), b, DateValue(weekday=days[fb]), "weekday"))
                break
    return out


def _row_labels(text: str) -> list[DateMention]:
    return [DateMention(m.start("w"), m.end("w"), m.group("w"), DateValue(weekday=WEEKDAYS[m.group("w").lower()]), "weekday")
            for m in _ROW_LABEL_RE.finditer(text)]


def _month_spans(text: str) -> list[DateMention]:
    """Both ends of a range of two capitalized months ("Oct-Mar"), each a month alone (the months
    between are not read)."""
    out = []
    for dash in _MONTH_SPAN_DASH_RE.finditer(text):
        i = dash.start()
        before = _MONTH_SPAN_BEFORE_RE.search(text, max(0, i - _MONTH_SPAN_REACH), i)
        after = _MONTH_SPAN_AFTER_RE.match(text, i) if before is not None else None
        if before is None or after is None:
            continue
        a, b = before.group("a"), after.group("b")
        ma, mb = MONTHS[a.casefold()], MONTHS[b.casefold()]
        if a[0].isupper() and b[0].isupper() and ma != mb:
            out.append(DateMention(before.start("a"), before.end("a"), a, DateValue(month=ma), "month_alone"))
            out.append(DateMention(after.start("b"), after.end("b"), b, DateValue(month=mb), "month_alone"))
    return out


def _abbreviation(word: str) -> bool:
    """Is ``word`` an English month's abbreviation ("Mar", "SEPT", "Oct.")? Lower-case "may" and
    "mar" are verbs."""
    folded = word.casefold().rstrip(".")
    return (folded in MONTHS and len(folded) <= 4 and folded != "june" and folded != "july"
            and not (word in ("may", "mar")))


def _month_name(word: str) -> bool:
    """Is ``word`` an English month's full name ("February", "MAY"; not the verb "may")?"""
    return len(word) > 4 and word.casefold() in MONTHS or word in ("May", "MAY", "June", "JUNE", "July", "JULY")


def _two_digit_year(digits: str) -> int:
    value = int(digits)
    return 2000 + value if value < 50 else 1900 + value


def _year_months(text: str) -> list[DateMention]:
    """"2026-06", "2026/06": June 2026. "2011-12" is left alone: its second part is the next
    year's last two digits, as a span of years (a season, a fiscal year) is written. And
    "06-2026", "06.2026": a month of two digits before its year."""
    out = []
    # (each pattern opens with a digit, which re scans for ten times slower than for a character:
    # a text without the separators it needs, or without one of its cues, is not scanned)
    if "-" in text or "/" in text:
        for m in _YEAR_MONTH_RE.finditer(text):
            year, month = int(m.group("y")), int(m.group("m"))
            if not 1900 <= year < 2100 or month == (year + 1) % 100:
                continue
            out.append(DateMention(m.start(), m.end(), m.group(), DateValue(year=year, month=month), "my"))
    if _MONTH_YEAR_DOT_CUE_RE.search(text) is None and ("-" not in text or _MONTH_YEAR_DASH_CUE_RE.search(text) is None):
        return out
    for m in _MONTH_YEAR_NUMERIC_RE.finditer(text):
        year, month = int(m.group("y")), int(m.group("m"))
        if not (1900 <= year < 2100 and 1 <= month <= 12):
            continue
        if text[m.end("m")] == "." and m.group("m")[0] != "0" and _DECIMAL_TAIL_RE.match(text, m.end()) is not None:
            continue  # ("10.2026 g", "11.2019%": a decimal and its unit)
        out.append(DateMention(m.start(), m.end(), m.group(), DateValue(year=year, month=month), "my"))
    return out


# a month and a day of two digits each, joined by a hyphen, without a year ("due ~03-12"; not
# a full date's "-03-12": a hyphen before it)
_MONTH_DAY_RE = re.compile(r"(?<![\w\-/.,:])(?P<m>0[1-9]|1[0-2])-(?P<d>[0-3]\d)(?![\w\-/:]|[.,]\d)")


def _iso_month_days(text: str, found: Sequence[DateMention]) -> list[DateMention]:
    """"03-12" in a text that writes its dates "2026-03-02": the same order without the year
    (a spreadsheet's or a log's shorthand), read in the year of the closest such date before
    it, else the first."""
    isos = sorted((m.start, m.value.year) for m in found if m.form == "iso" and m.value.year is not None)
    if not isos:
        return []
    starts = [start for start, _ in isos]
    out = []
    for m in _MONTH_DAY_RE.finditer(text):
        year = isos[max(0, bisect_left(starts, m.start()) - 1)][1]
        month, day = int(m.group("m"), 10), int(m.group("d"), 10)
        if _valid(month, day, year):
            out.append(DateMention(m.start(), m.end(), m.group(), DateValue(year=year, month=month, day=day), "iso"))
    return out


def _day_dash_months(text: str) -> list[DateMention]:
    """"03-Nov", "3-Nov": a day and a month's name joined by a hyphen (Excel's "d-mmm"), without
    a year ("12-Nov-2026" is extract_dates')."""
    out = []
    for m in _DAY_DASH_MONTH_RE.finditer(text):
        word = m.group("m")
        folded = word.casefold()
        month = MONTHS.get(folded) or _FOREIGN_MONTHS.get(folded)
        if month is None or word in ("may", "mar"):
            continue
        day = int(m.group("d"))
        if _valid(month, day):
            out.append(DateMention(m.start(), m.end(), m.group(), DateValue(month=month, day=day), "dm"))
    return out


def _two_digit_slashed(text: str, slashed: Sequence[DateMention]) -> list[DateMention]:
    """"02/16": a slashed day and month of two digits each, in a document that gives a year
    (see :func:`document_dates`): day first where the first part cannot be a month
    or another such date of the text is so, month first where the second cannot be or another
    is so, else both readings (as :func:`raguard.normalize.dates.day_months` reads)."""
    taken = {m.start for m in slashed}
    found = [(m, int(m.group("a")), int(m.group("b"))) for m in _TWO_DIGIT_SLASHED_RE.finditer(text)]
    day_first = any(a > 12 >= b for _, a, b in found)
    month_first = any(b > 12 >= a for _, a, b in found)
    out = []
    for m, a, b in found:
        if m.start() in taken:
            continue
        if a > 12 or (day_first and not month_first):
            readings = [(b, a)]
        elif b > 12 or (month_first and not day_first):
            readings = [(a, b)]
        else:
            readings = [(b, a), (a, b)]
        for month, day in readings:
            if _valid(month, day):
                out.append(DateMention(m.start(), m.end(), m.group(), DateValue(month=month, day=day), "md"))
    return out


def _in_the_years(found: Sequence[DateMention], more: Sequence[DateMention]) -> list[DateMention]:
    """Each yearless day and month once more in the document's year, with the weekday that year
    gives it (see the module's docstring): the year when the document gives only that one, or
    when the weekday stated with the date fits just one of the years it gives; else only the
    weekday, that of the closest year before the date. A stated weekday that the year does not
    give leaves the date as it is."""
    # the years of its dates with a month, when it has any: a bare year may be a table's number
    # ("run 4  05/10  1180 C")
    # ("Deliveries are due to start in 2027": a bare year alone places only a date whose stated
    # weekday it gives)
    dated = sorted((m.start, m.value.year) for m in (*found, *more) if m.value.year is not None and m.value.month is not None)
    bare = not dated
    if bare:
        dated = sorted((m.start, m.value.year) for m in (*found, *more) if m.value.year is not None)
        if not dated:
            return []
    years = {year for _, year in dated}
    yearless = [m for m in (*found, *more)
                if m.value.year is None and m.value.month is not None and m.value.day is not None]
    if not yearless:
        return []
    # the weekday stated at each place ("Sa 11.10." is read twice: with and without it)
    stated = {(m.start, m.value.month, m.value.day): m.value.weekday for m in yearless if m.value.weekday is not None}
    starts = [start for start, _ in dated]
    out = []
    seen: set[tuple[int, DateValue]] = set()
    for mention in yearless:
        value = mention.value
        month, day = value.month, value.day
        if month is None or day is None:
            continue  # (not so: see yearless)
        weekday = value.weekday if value.weekday is not None else stated.get((mention.start, month, day))
        if bare and weekday is None:
            continue
        if len(years) == 1:
            year, keep_year = next(iter(years)), True
        elif weekday is not None:
            fits = [y for y in years if _valid(month, day, y) and _dt.date(y, month, day).weekday() == weekday]
            if len(fits) != 1:
                continue
            year, keep_year = fits[0], True
        else:
            k = bisect_left(starts, mention.start) - 1
            if k < 0:
                continue
            year, keep_year = dated[k][1], False
        if not _valid(month, day, year):
            continue
        given = _dt.date(year, month, day).weekday()
        if weekday is not None and weekday != given:
            continue
        placed = value._replace(year=year if keep_year else None, weekday=given)
        if (mention.start, placed) in seen:
            continue
        seen.add((mention.start, placed))
        out.append(mention._replace(value=placed, form=PLACED))
    return out
