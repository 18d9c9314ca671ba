"""Number extraction and normalization: one value per mention, compared by value.

``1,234,567`` = ``1234567`` = ``1.234567 million``; ``$42.5 million`` = ``42.5M`` = ``USD 42.5 million``;
``45.5%`` = ``45.5 percent``; ``twelve`` = ``12``; ``3rd`` = ``third``; ``7:55 PM`` = ``19:55``.
Pure functions, no spaCy.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from itertools import chain, compress
from typing import Iterable, Iterator, NamedTuple, Optional

from raguard.normalize.measures import in_base_unit, same_dimension, unit_after, unit_key_before
from raguard.normalize.pipe_tables import tables as pipe_tables
from raguard.normalize.polarity import bound_denial_end
from raguard.normalize.spans import SpanIndex
from raguard.normalize.stamps import STAMP_RUNS, basic_iso_stamps, dtg_time, labeled_stamp
from raguard.normalize.text import ignorecase_lowered, occurrences

_SCALES = {
    "hundred": 1e2,
    "thousand": 1e3,
    "k": 1e3,
    "million": 1e6,
    "millions": 1e6,
    "mn": 1e6,
    "mln": 1e6,
    "m": 1e6,
    "billion": 1e9,
    "billions": 1e9,
    "bn": 1e9,
    "b": 1e9,
    "trillion": 1e12,
    "tn": 1e12,
}
_CURRENCY_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR"}
_CURRENCY_CODES = {"usd": "USD", "us$": "USD", "eur": "EUR", "gbp": "GBP", "jpy": "JPY", "inr": "INR",
                   "dollars": "USD", "dollar": "USD", "euros": "EUR", "euro": "EUR", "pounds": "GBP",
                   "pence": "GBP",
                   # a Nordic crown (Swedish, Norwegian, Danish, Icelandic all write "kr"): one unit,
                   # as a text and its answer speak of one country's
                   "kr": "KR", "kronor": "KR", "kroner": "KR", "krona": "KR", "krone": "KR"}
# ("cents" may be a dollar's or a euro's: no unit)

_SEPARATORS_RE = re.compile(r"[,\u2009\u202f\u00a0]")
# "fell 3.2%" states the same change as "-3.2%"
_DECLINE_RE = re.compile(
    r"(?=[cdflnprst])\b(?:fell|fall(?:s|ing)?|dropped|drop(?:s|ping)?|declined?|declin(?:es|ing)|decreased?|decreas(?:es|ing)|"
    r"contract(?:ed|s|ing)?|shr[ai]nk(?:s|ing)?|shrunk|lost|los(?:e|es|ing)|down|slipped|slid|plunged|plummeted|"
    r"tumbled|sank|reduced|cut|lower(?:ed)?|loss(?:es)?|deficit|negative)\b(?:[ \t]+(?:by|of|about|some|nearly|almost|roughly|around|just|over|under|a|"
    r"only|slightly|marginally|further))*[ \t]*$",
    re.IGNORECASE,
)

# Digits with optional currency, scale word, percent (also as documents in other languages write
# it: "5 Prozentpunkte", "12 procent", "3 pour cent", "12 por ciento") and ordinal suffix. Every
# repetition is anchored on a fixed separator, so the pattern cannot backtrack catastrophically.
_NUMERIC_RE = re.compile(
    r"""
    (?=[$€£¥₹uegji\-−–.\d]|[ \t][\-−–.\d])   # (how a match can start: a quick scan)
    (?P<cur>(?:US\$|[$€£¥₹])|\b(?:USD|EUR|GBP|JPY|INR)\b)?[ \t]?
    (?<![\w.,/:])(?<![^\W\d_]-)
    (?P<neg>[-−–](?=\d))?
    (?P<num>\d{1,3}(?:[,\u2009\u202f\u00a0]\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)
    (?!\d|[,.:/\u2009\u202f\u00a0]\d)
    (?:(?P<ord>st|nd|rd|th)\b)?
    (?:[ \t-]?(?P<scale>hundred|thousand|millions?|billions?|trillion|mn|mln|bn|tn|[kKmMbB])\b)?
    (?:(?<=[kKM])(?P<scur>[$€£¥₹]))?   # a currency right after a scale letter: "3.2 M€", "120 k$"
    (?:[ \t]?(?P<pct>%|percent\b|per[ \t]cent\b|pct\b|percentage[ \t]points?\b
        |pro(?:zent(?:punkte?)?|cent(?:punt(?:en)?|enheder)?)\b|p(?:our|or|er)[ \t](?:cent|ciento|cento)\b))?
    (?:[ \t-](?P<curword>dollars?|euros?|pounds|cents?|pence|kr|kronor|kroner|krona|krone)\b)?
    """,
    re.VERBOSE | re.IGNORECASE,
)

# Decimal commas and thousands grouped by ordinary spaces, as European (and SI) documents write
# values: "EUR 7,34", "61,17 €", "3,0 %", "1.234,56", "NOK 120 000", "1 100 mm". _NUMERIC_RE
# reads none of these digits as one value (a comma before one or two digits, or a space between
# groups, is no separator it knows). A comma before one or two digits cannot be an English
# thousands separator ("1,234" has three), but it may join a list ("items 3,4 and 5"), and a
# space may part two values of a tokenized table ("3 500"): so a match is read where it is
# certain (see :func:`_european_matches`), and the rest only when an answer's value finds no
# other support (:func:`loose_numbers`). (What holds one of these: one or two digits after a
# comma, or three after a digit and a space.)
_EUROPEAN_CUE_RE = re.compile(r"\d(?:,\d{1,2}(?!\d)| \d{3}(?!\d))")
# (a literal first: re finds its "," by a fast scan; three decimals only after a dotted group)
_COMMA_CUE_RE = re.compile(r",(?:\d{1,2}|(?<=\d\.\d{3},)\d{3})(?!\d)")
#: Codes of currencies whose countries write these forms, read as a cue before a value (no unit:
#: the answer may write the amount without it). Not "COP" or "SAR", which also name things ("COP 26").
OTHER_CURRENCY_CODES = ("CHF", "NOK", "SEK", "DKK", "ISK", "PLN", "CZK", "HUF", "BGN", "RUB", "UAH", "BRL",
                        "ZAR", "GHS", "KES", "NGN")
_GROUPED_CODES = "|".join(OTHER_CURRENCY_CODES)
_EUROPEAN_RE = re.compile(
    r"(?=[$€£¥₹A-Z\-−–\d])"
    rf"(?:(?P<cur>US\$|[$€£¥₹]|\b(?:USD|EUR|GBP|JPY|INR|{_GROUPED_CODES})\b)[ \t]?)?"
    r"(?<![\w.,/:])(?<!\d[ \t])(?P<neg>[-−–](?=\d))?"
    # (no grouped number opens with a group of 0: "0 100%" is a table's two cells)
    r"(?P<num>[1-9]\d{0,2}(?:\.\d{3})+,\d{1,3}|[1-9]\d{0,2}(?: \d{3})+(?:,\d{1,2}|\.\d+)?(?![ \t]\d)|\d+,\d{1,2})"
    r"(?!\d|[,.:/]\d)"
    r"(?:[ \t]?(?P<pct>%|[Pp]ercent\b|[Pp]er[ \t]cent\b|[Pp]ro(?:zent(?:punkte?)?|cent(?:punt(?:en)?|enheder)?)\b"
    r"|p(?:our|or|er)[ \t](?:cent|ciento|cento)\b))?"
    # a scale before the currency: "6,05 M€", "450 k€", "2,1 Mrd. €", "3,4 Mio. Euro"
    r"(?:[ \t]?(?P<scale>[kKM]|Mio\.?|Mrd\.?|Mds?)(?=[ \t]?(?:[$€£¥₹]|EUR\b|[Ee]uros?\b)))?"
    rf"(?:[ \t]?(?P<after>[$€£¥₹]|\b(?:USD|EUR|GBP|JPY|INR|{_GROUPED_CODES})\b|[Ee]uros?\b))?"
)  # (case kept: a currency code is written in capitals)
#: What a scale before a currency multiplies by (_EUROPEAN_RE's "scale").
_CURRENCY_SCALES = {"k": 1e3, "K": 1e3, "M": 1e6, "Mio": 1e6, "Mio.": 1e6, "Mrd": 1e9, "Mrd.": 1e9, "Md": 1e9,
                    "Mds": 1e9}
# "1.234,56", "1.184,500" (a weight to the kilogram in tonnes): certain by its shape
_GROUPED_SHAPE_RE = re.compile(r"\d{1,3}(?:\.\d{3})+,\d{1,3}")

_UNITS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19,
}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
         "eighty": 80, "ninety": 90}
# the words a number is said with, for a code said as words (:func:`spoken_code`)
_SAID_UNITS = {value: word for word, value in _UNITS.items()}
_SAID_TENS = {value: word for word, value in _TENS.items()}
_ORDINALS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13,
    "fourteenth": 14, "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18,
    "nineteenth": 19, "twentieth": 20, "thirtieth": 30, "fortieth": 40, "fiftieth": 50,
    "sixtieth": 60, "seventieth": 70, "eightieth": 80, "ninetieth": 90, "hundredth": 100,
    "thousandth": 1000, "millionth": 1_000_000,
}
_WORD_SCALES = {"hundred": 100, "thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000,
                "trillion": 1_000_000_000_000}

_NUMBER_WORD = "|".join(sorted(list(_UNITS) + list(_TENS) + list(_WORD_SCALES) + list(_ORDINALS),
                               key=len, reverse=True))
_NUMBER_FIRST = "".join(sorted({w[0] for w in _NUMBER_WORD.split("|")} | {"a"}))
#: The words a spelled number opens with (a number word, or "a" before a scale: "a hundred").
_SPELLED_FIRST_WORDS = frozenset(_NUMBER_WORD.split("|")) | {"a"}


def _by_first_letter(alternatives: str) -> str:
    """``"ten|two|four"`` as ``"t(?:en|wo)|f(?:our)"``: re tries the alternatives of a group one
    by one, so grouping them under their first letter skips those that cannot match. Words of
    one group keep their order, and two groups never match at the same place, so the pattern
    matches exactly as before."""
    groups: dict[str, list[str]] = {}
    for word in alternatives.split("|"):
        groups.setdefault(word[0], []).append(word[1:])
    return "|".join(f"{first}(?:{'|'.join(rest)})" for first, rest in groups.items())


_NUMBER_WORD_GROUPED = _by_first_letter(_NUMBER_WORD)
# ("and" joins a number's words only after a scale word, "one hundred and three"; "between one
# and three months" is two numbers, not four)
_SPELLED_RE = re.compile(
    rf"(?=[{_NUMBER_FIRST}])\b(?:a[ \t]+(?=hundred|thousand|million|billion|trillion))?(?:{_NUMBER_WORD_GROUPED})"
    rf"(?:(?:(?:(?<=hundred)|(?<=thousand)|(?<=million)|(?<=billion)|(?<=trillion))[ \t]+and[ \t]+|[ \t]+|-)"
    rf"(?:{_NUMBER_WORD_GROUPED}))*\b"
    rf"(?:[ \t]?(?P<pct>percent\b|per[ \t]cent\b|%))?",
    re.IGNORECASE,
)

# _SPELLED_RE without IGNORECASE, for lower-cased ASCII text: the same matches at the same
# offsets (IGNORECASE folds only ASCII letters to ASCII letters there), a third faster, since
# the pattern is tried at every position and each try folds the case
_SPELLED_LOWER_RE = re.compile(_SPELLED_RE.pattern)

# Spelled-out words that are trivial counting words, too common to check on their own.
TRIVIAL_WORDS = frozenset({
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "first", "second", "hundred", "thousand", "million", "billion", "trillion", "a",
})

_HEDGE_RE = re.compile(
    r"(?=[abcefghijlmnorsu~≈<>≤≥])(?P<hedge>about|around|approximately|approx\.?|roughly|nearly|almost|some|circa|"
    r"ca\.|close[ \t]+to|an[ \t]+estimated|estimated|just[ \t]+under|just[ \t]+over|more[ \t]+than|greater[ \t]+than|"
    r"higher[ \t]+than|lower[ \t]+than|exceeds|exceeded|exceed|"
    r"over|at[ \t]+least|upwards[ \t]+of|in[ \t]+excess[ \t]+of|exceeding|less[ \t]+than|"
    r"fewer[ \t]+than|under|below|above|up[ \t]+to|~|≈|"
    # the notation of limits: specifications, lab results, forms ("NMT 2.0 %", "max. 20 kg",
    # "weight loss > 20%", "≥ 18")
    r"at[ \t]+most|(?:a[ \t]+)?(?:maximum|minimum)(?:[ \t]+of)?|max\.?|min\.?|nmt|nlt|<=|>=|≤|≥|<|>)"
    r"[ \t]*(?:the[ \t]+)?$",
    re.IGNORECASE,
)
# the written limits, as the bound each states: a cap restates a cap ("up to")
_LIMIT_HEDGES = {"at most": "up to", "maximum": "up to", "maximum of": "up to", "a maximum of": "up to",
                 "max": "up to", "max.": "up to", "nmt": "up to", "<=": "up to", "≤": "up to", "<": "less than",
                 "minimum": "at least", "minimum of": "at least", "a minimum of": "at least", "min": "at least",
                 "min.": "at least", "nlt": "at least", ">=": "at least", "≥": "at least", ">": "more than",
                 "greater than": "more than", "higher than": "more than", "lower than": "less than",
                 "exceeds": "more than", "exceeded": "more than", "exceed": "more than"}
_SYMBOL_HEDGES = frozenset({"<=", ">=", "≤", "≥", "<", ">"})
HEDGE_APPROX = frozenset({"about", "around", "approximately", "approx", "approx.", "roughly", "some",
                          "circa", "ca.", "close to", "an estimated", "estimated", "~", "≈"})
HEDGE_ATLEAST = frozenset({"more than", "over", "at least", "upwards of", "in excess of", "exceeding",
                           "just over", "above"})
HEDGE_ATMOST = frozenset({"nearly", "almost", "just under", "less than", "fewer than", "under",
                          "below", "up to"})

#: Relative tolerance for "about"-style hedges, and the widest gap that "more than"/"nearly"
#: style hedges may cover in their direction.
APPROX_TOLERANCE = 0.10
DIRECTIONAL_TOLERANCE = 0.25


class NumberMention(NamedTuple):
    """One number in a text, normalized to a single value. (A named tuple, like ``Token``: every
    answer builds several, and a frozen dataclass took twice as long to build.)"""

    start: int
    end: int
    text: str
    value: float
    unit: Optional[str] = None  # "%", or a currency code
    ordinal: bool = False
    spelled: bool = False
    precision: float = 0.0  # half-width of the interval a rounded value stands for
    hedge: Optional[str] = None
    decline: bool = False  # stated as a fall ("fell 3.2%"), the same as a negative change
    measure: Optional[str] = None  # a unit of measure after it ("kg", "miles"): see measures.py
    rise: bool = False  # stated as a rise ("+9 %", "rose 9%", "9% up"), which no fall restates

    @property
    def trivial(self) -> bool:
        """A spelled-out counting word like "two" or "first" that is not worth checking."""
        return self.spelled and self.text.lower().strip() in TRIVIAL_WORDS

    def display(self) -> str:
        if self.measure in CLOCK_MEASURES or self.measure == MAGNITUDE:
            return self.text
        return format_value(self.value, self.unit)


def format_value(value: float, unit: Optional[str] = None) -> str:
    """A canonical string for a value: ``42500000 USD``, ``45.5%``."""
    text = f"{value:,.6f}".rstrip("0").rstrip(".")
    if unit == "%":
        return text + "%"
    return f"{text} {unit}" if unit else text


#: Spelled values above this are chains of scale words ("one hundred hundred ..."), not amounts.
_MAX_SPELLED = 10**18


def parse_spelled(text: str) -> Optional[tuple[float, bool]]:
    """Value of spelled-out number words, and whether it is an ordinal.

    ``"three hundred and forty"`` -> (340, False); ``"twenty-first"`` -> (21, True); a year read
    in pairs, ``"nineteen ninety"`` -> (1990, False).
    """
    words = [w for w in re.split(r"[\s-]+", text.lower().strip()) if w and w != "and"]
    if not words:
        return None
    total = 0
    current = 0
    ordinal = False
    seen = False
    for i, word in enumerate(words):
        if word == "a" and i == 0:
            current = 1
            continue
        value = _UNITS.get(word) if word in _UNITS else _TENS.get(word)
        if value is not None and value >= 10 and 10 <= current < 100:
            current *= 100  # "nineteen ninety" is 1990, "twenty twenty" 2020 (not 109, 40)
        if word in _UNITS:
            current += _UNITS[word]
        elif word in _TENS:
            current += _TENS[word]
        elif word in _ORDINALS and i == len(words) - 1:
            ordinal = True
            val = _ORDINALS[word]
            if val < 10 and current % 10:
                return None  # "one third", "a fifth": a fraction (see _fractions), no "fourth"
            if val >= 100:
                current = max(current, 1) * val
            else:
                current += val
        elif word in _WORD_SCALES:
            scale = _WORD_SCALES[word]
            if scale == 100:
                current = max(current, 1) * 100
            else:
                total += max(current, 1) * scale
                current = 0
        else:
            return None
        if current > _MAX_SPELLED or total > _MAX_SPELLED:
            return None  # "one hundred hundred hundred ...": no amount, and float() would overflow
        seen = True
    if not seen:
        return None
    return float(total + current), ordinal


#: parse_spelled of each lower-case number word alone (most spelled matches are one word: "two",
#: "first"), read from a dict instead of split and summed
_ONE_WORD: dict[str, tuple[float, bool]] = {
    word: parsed for word in _NUMBER_WORD.split("|") if (parsed := parse_spelled(word)) is not None}


# The last word a _DECLINE_RE / _HEDGE_RE match can end with (before spaces and the end).
_DECLINE_LAST_RE = re.compile(
    r"fell|fall(?:s|ing)?|dropped|drop(?:s|ping)?|declined?|declin(?:es|ing)|decreased?|decreas(?:es|ing)|"
    r"contract(?:ed|s|ing)?|shr[ai]nk(?:s|ing)?|shrunk|lost|los(?:e|es|ing)|down|slipped|slid|plunged|plummeted|"
    r"tumbled|sank|reduced|cut|lower(?:ed)?|loss(?:es)?|deficit|negative"
    r"|by|of|about|some|nearly|almost|roughly|around|just|over|under|a|only|slightly|marginally|further",
    re.IGNORECASE,
)
_HEDGE_ENDINGS = ("about", "around", "approximately", "approx", "approx.", "roughly", "nearly", "almost", "some",
                  "circa", "ca.", "to", "estimated", "under", "over", "than", "least", "of", "exceeding", "below",
                  "above", "~", "≈", "the", "most", "maximum", "minimum", "max", "max.", "min", "min.", "nmt", "nlt",
                  "<", ">", "=", "exceeds", "exceeded", "exceed")


class _LastWordMemo(dict[str, bool]):
    """Memo of ``pattern.fullmatch(word) is not None`` (the last word a decline or a rise match
    can end with): the word before a number is nearly always a common one ("in", "of",
    "reached"), and a dict lookup costs a tenth of the match. Emptied at :data:`_DECLINE_MEMO` words."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        super().__init__()
        self.pattern = pattern

    def __missing__(self, word: str) -> bool:
        if len(self) >= _DECLINE_MEMO:
            self.clear()
        value = self[word] = self.pattern.fullmatch(word) is not None
        return value


_DECLINE_MEMO = 4096
_ends_decline = _LastWordMemo(_DECLINE_LAST_RE).__getitem__


def _last_word(window: str) -> str:
    """The letters ``window`` ends with, after trailing spaces and tabs (and a final newline,
    before which ``$`` also matches)."""
    end = len(window) - 1 if window.endswith("\n") else len(window)
    while end and window[end - 1] in " \t":
        end -= 1
    i = end
    while i and window[i - 1].isalpha():
        i -= 1
    return window[i:end]


def _word_may_end_before(text: str, start: int) -> bool:
    """Can a hedge or a decline word end right before ``start`` (spaces and tabs apart)? Both
    patterns end with a letter, ".", "~" or "≈", or before a final newline: a number after a
    digit, a comma or a bracket has neither, and skips both tests."""
    i = start
    while i > 0 and text[i - 1] in " \t":
        i -= 1
    return i > 0 and (text[i - 1].isalpha() or text[i - 1] in ".~≈\n")


def _decline_before(text: str, start: int) -> bool:
    """Is a value at ``start`` said to fall by the words before it ("fell 3.2%")? (The reading of
    :func:`_directions`, which the readers call.)"""
    return _directions(text, start, start, True, None)[0]


# a fall said after a share ("3% down on last year", "2.5% lower", "(2.3%) below book", "4% under
# budget", "2% short of target"): the same as "-3%"; not a comparison ("3% lower than X" says how
# two values differ: the direction checker reads it)
_DECLINE_AFTER_RE = re.compile(r"(?<![ \t])[ \t]+(?:down|lower|below|under|short)\b(?![ \t]+than\b)", re.IGNORECASE)
# a fall named by a noun after its value, which an article opens ("a 3% cut", "a 0.25 c/L
# deduction", "a £40 reduction"): the same as "-3%"; (a unit of one word may stand between)
_DECLINE_NOUN_AFTER_RE = re.compile(
    r"(?:[ \t]+[^\s\d]{1,5})?[ \t]+(?:deduction|reduction|cut|drop|fall|decline|decrease|loss|shortfall)\b",
    re.IGNORECASE)
_ARTICLE_BEFORE_RE = re.compile(r"(?:^|[ \t(])an?[ \t]+(?:[$€£¥₹][ \t]?)?\Z", re.IGNORECASE)


# a rise said in words ("rose 9%", "up by 9%", "an increase of 9%", "9% up", "9% higher"): no fall
# restates it (not "rose to 9%", a level, nor "up to 9%", a cap)
_RISE_WORDS = (r"rose|rise[sn]?|rising|up|increased?|increas(?:es|ing)|gained?|gain(?:s|ing)|grew|grow(?:s|ing|n)?|"
               r"climbed?|climb(?:s|ing)|jumped?|jump(?:s|ing)|surged?|surg(?:es|ing)|soared?|soar(?:s|ing)")
_RISE_FILLERS = r"by|of|about|some|nearly|almost|roughly|around|just|over|a|only|slightly|marginally|further"
_RISE_RE = re.compile(rf"(?=[aceghijoprsu])\b(?:{_RISE_WORDS})\b(?:[ \t]+(?:{_RISE_FILLERS}))*[ \t]*$", re.IGNORECASE)
_RISE_AFTER_RE = re.compile(r"(?<![ \t])[ \t]+(?:up|higher)\b(?![ \t]+than\b)", re.IGNORECASE)
# the last word a _RISE_RE match can end with
_RISE_LAST_RE = re.compile(rf"{_RISE_WORDS}|{_RISE_FILLERS}", re.IGNORECASE)
_ends_rise = _LastWordMemo(_RISE_LAST_RE).__getitem__


# a change a verb makes to what it names, by a value after "by" ("reduced throughput by 22%",
# "raised the fee by £5", "cut its costs by a further 3%"): the same as "-22%", "+£5". Up to
# three words of the object between; transitive verbs only, each side a closed class (read where
# the window's last word is one a rise's match may end with: "by" or one of the same fillers)
_CHANGED_OBJECT_RE = re.compile(
    r"\b(?:(?P<down>reduc(?:ed?|es|ing)|cut(?:s|ting)?|lower(?:ed|s|ing)?|decreas(?:ed?|es|ing)|"
    r"trim(?:med|s|ming)?|slash(?:ed|es|ing)?|halv(?:ed?|es|ing))|"
    r"(?P<up>rais(?:ed?|es|ing)|increas(?:ed?|es|ing)|boost(?:ed|s|ing)?|lift(?:ed|s|ing)?|doubl(?:ed?|es|ing)))"
    rf"(?:[ \t]+[^\W\d_][\w'’-]*){{1,3}}[ \t]+by(?:[ \t]+(?:{_RISE_FILLERS}))*[ \t]*$",
    re.IGNORECASE)


def _directions(text: str, start: int, end: int, worded: bool, unit: Optional[str]) -> tuple[bool, bool]:
    """(a fall, a rise): is the value at ``start``..``end`` said to fall ("fell 3.2%", "3% down")
    or to rise ("+9 %", "rose 9%", "9% higher")? The words before it are read once for both."""
    decline = rise = False
    if worded:
        window = text[max(0, start - 40):start]
        # a match ends with a direction or filler word: most windows fail this cheap test, which
        # spares the searches that try the patterns at every position
        last = _last_word(window)
        if last:
            decline = _ends_decline(last) and _DECLINE_RE.search(window) is not None
            rise = _ends_rise(last) and _RISE_RE.search(window) is not None
            if not (decline or rise) and _ends_rise(last) and (m := _CHANGED_OBJECT_RE.search(window)) is not None:
                decline, rise = m.group("down") is not None, m.group("up") is not None
    if start > 0 and text[start - 1] == "+":
        rise = True
    after = end + 1 if text[end:end + 1] == ")" else end  # ("€3,751 (2.3%) below book")
    if unit == "%" and not (decline or rise) and text[after:after + 1] in (" ", "\t"):
        decline = _DECLINE_AFTER_RE.match(text, after) is not None
        rise = not decline and _RISE_AFTER_RE.match(text, after) is not None
    if (worded and not (decline or rise) and text[end:end + 1] in (" ", "\t")
            and _ARTICLE_BEFORE_RE.search(text, max(0, start - 6), start) is not None):
        decline = _DECLINE_NOUN_AFTER_RE.match(text, end) is not None
    return decline, rise


def _hedge_before(text: str, start: int) -> Optional[str]:
    window = text[max(0, start - 24):start]
    if window.isascii():  # (IGNORECASE also folds some non-ASCII letters to ASCII ones)
        end = len(window) - 1 if window.endswith("\n") else len(window)
        if not window[:end].rstrip(" \t").lower().endswith(_HEDGE_ENDINGS):
            return None  # a match ends with one of these: the cheap test spares the search
    m = _HEDGE_RE.search(window)
    if not m:
        return None
    before = window[:m.start()]
    if before and (before[-1].isalnum()):
        return None
    hedge = re.sub(r"[ \t]+", " ", m.group("hedge").lower())
    if hedge in _NEGATED_BOUNDS and (_NEGATION_END_RE.search(before)
                                     or bound_denial_end(text, start - len(window) + m.start()) is not None):
        return _NEGATED_BOUNDS[hedge]  # "not less than 1 100 mm" is at least 1,100 mm
    if hedge in _LIMIT_HEDGES:
        if hedge in _SYMBOL_HEDGES and _NO_LIMIT_SYMBOL_RE.search(before):
            return None  # a quoted email's "> 20 people", an arrow's "-> 20"
        if hedge[:3] == "min" and _DIGIT_END_RE.search(before):
            return None  # "5 min 30 s" is minutes and seconds
        return _LIMIT_HEDGES[hedge]
    return hedge


# A bound after "not"/"no" is the other bound, inclusive: "not less than 90" is "at least 90",
# "no more than 4" is "up to 4".
_NEGATED_BOUNDS = {"less than": "at least", "fewer than": "at least", "under": "at least", "below": "at least",
                   "more than": "up to", "greater than": "up to", "over": "up to", "above": "up to",
                   "exceeding": "up to", "exceed": "up to", "higher than": "up to", "lower than": "at least"}
_NEGATION_END_RE = re.compile(r"\b(?:not|no)[ \t]+$", re.IGNORECASE)
# what before "<" or ">" makes it no limit: nothing on its line (a quoted email's marker, a
# bullet), or an arrow's or another symbol's character
_NO_LIMIT_SYMBOL_RE = re.compile(r"(?:^|\n)[ \t]*$|[-=<>][ \t]*$")
_DIGIT_END_RE = re.compile(r"\d[ \t]*$")

# Hedges that bound a value from below and from above: a strict bound, not an approximation.
_LOWER_BOUNDS = frozenset({"more than", "over", "at least", "upwards of", "in excess of", "exceeding",
                           "just over", "above"})
_UPPER_BOUNDS = frozenset({"less than", "fewer than", "under", "below", "up to", "just under"})


def _bound_sides(claim: NumberMention) -> Optional[tuple[frozenset[str], frozenset[str]]]:
    """(the bounds on the answer's side, those on the other side) for a value the answer bounds
    from below or above; None for any other."""
    if claim.hedge in _LOWER_BOUNDS:
        return _LOWER_BOUNDS, _UPPER_BOUNDS
    if claim.hedge in _UPPER_BOUNDS:
        return _UPPER_BOUNDS, _LOWER_BOUNDS
    return None


def is_bound(claim: NumberMention) -> bool:
    """Does the answer bound its value from below or above ("over 12", "at most five years")?"""
    return _bound_sides(claim) is not None


def _doc_bound(text: str, doc: NumberMention) -> Optional[str]:
    """The bound a document sets on its value: the hedge before it or, for a value with a plus
    sign after it ("5+ years", "Everyone 12+"), "at least" (not "2+2", "1+1 rooms")."""
    hedge = doc.hedge or _hedge_before(text, doc.start)
    if hedge is None and text[doc.end:doc.end + 1] == "+":
        after = text[doc.end + 1:doc.end + 2]
        if not after or not (after.isalnum() or after in "+="):
            return "at least"
    return hedge


def opposite_bound(claim: NumberMention, text: str, doc: NumberMention) -> Optional[str]:
    """The document's value with the bound before it, as written ("more than 45", "NMT 2.0"),
    when the answer bounds its value the other way ("empty for more than 45 days" / "fewer than
    45 days"), else None. ``text``: the document's, where its hedge is read
    (documents are indexed without hedges, and this is asked only of a value that matched)."""
    sides = _bound_sides(claim)
    if sides is None:
        return None
    # (not a bound written after it: "goods of EUR 150 or less" states a rule's condition, which
    # an answer restates from the other side as often as not: "above the €150 threshold"; a plus
    # sign is notation, "5+ years" says "at least 5 years")
    if _doc_bound(text, doc) not in sides[1]:
        return None
    if claim.hedge in ("up to", "at least") and _past_a_denied_bound(text, doc):
        return None  # "trailers up to 750 kg" for "No trailers over 750 kg" (not "no child over 12")
    return written_bound(text, doc)


# "no" and the thing it denies right before a bound ("No trailers over 750 kg", "no child under
# 12"): the bound sets the limit of what is allowed, which an answer gives from the other side
_NO_THING_BEFORE_RE = re.compile(r"\bno[ \t]+(?:[^\W\d_]+[ \t]+){1,2}\Z", re.IGNORECASE)


def _past_a_denied_bound(text: str, doc: NumberMention) -> bool:
    """Does the document deny a thing past its bound on ``doc`` ("No trailers over 750 kg"),
    so that the other bound, inclusive ("trailers up to 750 kg"), is what it allows? (An answer's
    strict bound is read as before: "no child over 12" denies in its turn.)"""
    window = text[max(0, doc.start - 40):doc.start]
    found = _HEDGE_RE.search(window)
    return found is not None and _NO_THING_BEFORE_RE.search(window, 0, found.start()) is not None


def moved_bound(claim: NumberMention, text: str, doc: NumberMention) -> Optional[str]:
    """The document's value with the bound before it, as written ("offers over £385,000"), when
    the answer bounds its value the same way at another value, beyond its own rounding ("offers
    over £358,000"; "more than 300" for "more than 385" is rounded), else None. A bound the answer
    restates is the document's bound, not a weaker one it implies. ``text``: the document's."""
    sides = _bound_sides(claim)
    if sides is None or claim.measure != doc.measure or claim.unit != doc.unit:
        return None  # (in another unit the values are not compared as written)
    if _doc_bound(text, doc) not in sides[0]:
        return None
    gap = abs(claim.value - doc.value)
    if gap <= claim.precision + 1e-9 * abs(doc.value) or gap < _step(claim, claim.value):
        return None
    return written_bound(text, doc)


def written_bound(text: str, mention: NumberMention) -> str:
    """The value with the bound before it as ``text`` writes it ("NMT 2.0", "not less than 60"),
    for a message: its hedge may be read as another's ("NMT" is "up to")."""
    window = text[max(0, mention.start - 24):mention.start]
    found = _HEDGE_RE.search(window)
    if found is None:
        return " ".join(mention.text.split()) + ("+" if text[mention.end:mention.end + 1] == "+" else "")
    negation = _NEGATION_END_RE.search(window, 0, found.start())
    return " ".join(text[mention.start - len(window) + (negation or found).start():mention.end].split())


def _no_hedge(text: str, start: int) -> None:
    """What :func:`extract_numbers` reads as the hedge when asked for none."""
    return None


#: How far before its first digit a _NUMERIC_RE match can start ("US$ -5", "USD .5": 5 characters).
_NUMERIC_REACH = 5
_DIGIT_RE = re.compile(r"\d")


def _numeric_matches(text: str) -> Iterator[re.Match[str]]:
    """``_NUMERIC_RE.finditer(text)``, its search started near the next digit: re tries the
    pattern at every position (it opens with a lookahead, so re has no fast scan for its first
    character), and in prose most positions are letters far from any digit. No match starts
    more than :data:`_NUMERIC_REACH` characters before a digit, so none is skipped; a search
    from ``p`` sees the text before ``p`` (lookbehinds, word boundaries) as the scan does."""
    pos = 0
    while True:
        digit = _DIGIT_RE.search(text, pos)
        if digit is None:
            return
        m = _NUMERIC_RE.search(text, max(pos, digit.start() - _NUMERIC_REACH))
        if m is None:
            return
        yield m
        pos = m.end()


def _european_matches(text: str) -> Iterator[tuple[re.Match[str], bool]]:
    """Each :data:`_EUROPEAN_RE` match in ``text``, and whether its reading is certain: the
    "1.234,56" shape, or a currency, a percent sign or a unit of measure beside it ("EUR 7,34",
    "3,0 %", "1 100 mm"); bare, "7,34" or "3 500" may be a list or two cells of a table."""
    for m in _EUROPEAN_RE.finditer(text):
        certain = (m.group("cur") is not None or m.group("pct") is not None or m.group("after") is not None
                   or _GROUPED_SHAPE_RE.fullmatch(m.group("num")) is not None
                   or unit_after(text, _trim_end(text, m.start(), m.end())) is not None)
        yield m, certain


def _european_mention(text: str, m: re.Match[str], hedges: bool) -> NumberMention:
    """The value of a :data:`_EUROPEAN_RE` match: a comma before one or two digits is a decimal
    point, dots and spaces between groups of three are thousands separators."""
    raw, neg, cur, pct, scale, after = m.group("num", "neg", "cur", "pct", "scale", "after")
    decimals = ""
    if "," in raw:
        whole, _, decimals = raw.rpartition(",")
        raw = whole.replace(".", "").replace(" ", "") + "." + decimals
    value = float(raw.replace(" ", ""))
    precision = 0.0
    if scale and after:
        factor = _CURRENCY_SCALES[scale]
        value *= factor
        precision = 0.5 * factor * 10 ** -len(decimals)
    if neg:
        value = -value
    currency = next((_CURRENCY_SYMBOLS.get(c) or _CURRENCY_CODES.get(c.lower()) for c in (cur, after)
                     if c is not None and (c in _CURRENCY_SYMBOLS or c.lower() in _CURRENCY_CODES)), None)
    unit = "%" if pct else currency
    # the span takes a currency in that the value's unit is (not a code read only as a cue)
    start = m.start("cur") if cur is not None and currency is not None else m.start("neg") if neg else m.start("num")
    end = _trim_end(text, start, m.end() if (pct or after) else m.end("num"))
    worded = _word_may_end_before(text, start)
    decline, rise = _directions(text, start, end, worded, unit)
    return NumberMention(start, end, text[start:end], value, unit, precision=precision,
                         hedge=_hedge_before(text, start) if hedges and worded else None,
                         decline=decline, rise=rise)


# Thousands grouped by dots, as most of continental Europe writes them ("1.482.300", "€420.000"),
# a comma after them only as a list's or a CSV row's ("1.482.300,1.351.900")
_DOT_GROUPED_RE = re.compile(
    r"(?:(?P<cur>[$€£¥₹])[ \t]?)?(?<![\w.])(?P<num>\d{1,3}(?:\.\d{3})+)(?![\d.]|,\d{1,3}(?![\d.]))"
    rf"(?:[ \t]?(?P<after>[$€£¥₹]|\b(?:USD|EUR|GBP|JPY|INR|{_GROUPED_CODES})\b))?"
)


# a decimal comma no English text writes: after thousands grouped by dots ("1.250,00"), after a
# lone zero ("0,842"), or one or two digits after it with a currency or percent sign beside
_DECIMAL_COMMA_RE = re.compile(
    r",(?:(?<=\d\.\d{3},)\d{1,2}(?!\d)|(?<![\d.,]0,)(?<=\b0,)\d{1,3}(?![\d,])"
    r"|(?<=\d,)\d{1,2}(?![\d,.])[ \t]?(?:%|€|EUR\b))"
    r"|(?:€|EUR)[ \t]?\d+,\d{1,2}(?![\d,.])"
)
_ONE_COMMA_GROUP_RE = re.compile(r"[-−–]?\d{1,3},\d{3}")


def _comma_decimals(mentions: list[NumberMention]) -> Iterator[NumberMention]:
    """In a text that writes decimal commas (:data:`_DECIMAL_COMMA_RE`), its values read as one
    thousands group ("1,207": 1207) read with a decimal comma too (1.207)."""
    for n in mentions:
        if n.spelled or not n.text[-1:].isdigit():
            continue
        m = _ONE_COMMA_GROUP_RE.search(n.text)
        if m is not None and m.end() == len(n.text) and n.value == float(m.group().replace(",", "")):
            yield n._replace(value=float(m.group().replace(",", ".")))


# what every match holds, a digit, a dot and three digits, found from its dot (a fast scan)
_DOT_GROUPED_CUE_RE = re.compile(r"\.(?<=\d\.)\d{3}")


def _dot_grouped(text: str) -> list[NumberMention]:
    """Values written with dots between groups of three: two groups or more ("1.482.300") can
    only be thousands; one group beside a currency ("€420.000", "1.250 EUR"), or in a text that
    writes thousands so elsewhere, most likely is (English writes cents with two digits), and
    :func:`extract_numbers` reads it as 420.0: this is the other reading."""
    out: list[NumberMention] = []
    if _DOT_GROUPED_CUE_RE.search(text) is None:
        return out  # (the pattern opens with a lookbehind, so re tries it at every position)
    matches = list(_DOT_GROUPED_RE.finditer(text))
    # one text keeps one convention: thousands it groups by dots elsewhere ("1.482.300"), or a
    # decimal comma it writes ("1.250,00", "0,842", "EUR 0,98", "Volume m3  31,6")
    dotted = (any(m.group("num").count(".") > 1 for m in matches)
              or ("," in text and (_DECIMAL_COMMA_RE.search(text) is not None
                                   or _COMMA_CUE_RE.search(text) is not None)))
    for m in matches:
        raw, cur, after = m.group("num", "cur", "after")
        currency = next((_CURRENCY_SYMBOLS.get(c) or _CURRENCY_CODES.get(c.lower()) for c in (cur, after)
                         if c is not None and (c in _CURRENCY_SYMBOLS or c.lower() in _CURRENCY_CODES)), None)
        if raw.count(".") == 1 and cur is None and after is None and not dotted:
            continue  # "2.500": two and a half as often as two thousand five hundred
        start = m.start("cur") if currency is not None and cur is not None else m.start("num")
        end = m.end() if currency is not None and after is not None else m.end("num")
        out.append(NumberMention(start, end, text[start:end], float(raw.replace(".", "")), currency))
    return out


# a lower-case word after four digits: a count's noun ("1530 crates"), unless it joins times
_LOWER_WORD_AFTER_RE = re.compile(r"(?<![ \t])[ \t]+([a-z]+)\b")
# a table's header row whose first column is times of day: a zone or "Time", then a gap or a bar
_TIME_COLUMN_RE = re.compile(r"^[ \t]{0,4}(?:UTC|GMT|Z|LT|TIME|Time)(?:[ \t]{2,}|\t|[ \t]?\|)[^\W\d]", re.MULTILINE)
_CLOCK_JOINERS = frozenset({"to", "and", "until", "till", "hrs", "hours", "h", "local", "the", "on", "at"})


def loose_numbers(text: str, mentions: list[NumberMention],
                  skip: Iterable[tuple[int, int]] = ()) -> list[NumberMention]:
    """The readings :func:`extract_numbers` leaves out as uncertain, read only when an answer's
    value finds no other support: a bare "7,34" (a decimal comma, or a list "3,4"), a bare
    "120 000" (thousands, or two cells of a table), thousands grouped by dots ("1.482.300",
    "€420.000": see :func:`_dot_grouped`), and, in a text that writes times of day as
    four digits ("0530", read as one by :func:`extract_numbers`), its other four digits ("1530":
    a time there, and a count or a year elsewhere), the age of an age band ("under-12s"), and
    digits glued into rows, lists and versions ("14,1840.00,10", "6,6,5", "v3.4": see
    :func:`_glued_values`), fractions written with a slash ("2/3": 66.7%), durations as logs
    write them ("12m", "10h41m", "00:14:40"), prices in hundredths ("48.62 c/kWh"), a
    bracketed fall ("(7)%"), bare values of a table that states its scale ("(in millions)",
    "£000", "Sales £k") scaled, and the cells of a "%" column (of a pipe table or one laid out
    with spaces), or of a row labelled with "%", and a line's bare decimals beside a percentage
    (:func:`_percent_kin`), as percentages, the lines of code a review
    cites ("window.go L57": :func:`_line_refs`), the values of an aviation weather report
    ("24018G31KT 9999 BKN025": :func:`_weather_report_values`), a network port with its
    protocol ("tcp/53": :func:`_ports`), a shop's dozens ("1/2 doz": :func:`_dozens`) and spans
    of time said in words ("a decade", "a fortnight", "half an hour": :func:`_worded_spans`), and
    a code's digits written apart ("PIN : 7 7 3 0 1 9": :func:`_spaced_digits`), and a CSV cell's
    negative value (",-64.9,": :func:`_signed_cells`), a decimal said in words ("twenty
    point five": :func:`_spoken_decimals`) and half past an hour as British speech says it ("half
    five": :func:`_half_hours`).
    ``mentions``: the values read in ``text``; ``skip``: spans whose digits are no values
    ("Apollo 11")."""
    out = ([_european_mention(text, m, False) for m, certain in _european_matches(text) if not certain]
           if _EUROPEAN_CUE_RE.search(text) is not None else [])
    if "." in text:
        out.extend(_dot_grouped(text))
    if "," in text and _DECIMAL_COMMA_RE.search(text) is not None:
        out.extend(_comma_decimals(mentions))
    if "-" in text:
        out.extend(_age_bands(text))
    # (a text writes times so when one of its times is four digits, perhaps with a zone: "0630 LT",
    # or when a table's first column is headed by a zone or "Time": "UTC    CALL    NAME" over "1930   G4UVW")
    if any(n.measure == CLOCK and n.text[:4].isdigit() and not n.text[4:5].isdigit() and ":" not in n.text
           for n in mentions) or _TIME_COLUMN_RE.search(text) is not None:
        for n in mentions:
            minutes = _four_digit_time(text, n)
            if minutes is None or n.measure is not None or n.unit is not None:
                continue
            noun = _LOWER_WORD_AFTER_RE.match(text, n.end)
            if noun is None or noun.group(1) in _CLOCK_JOINERS:  # ("1530 crates" is a count)
                out.append(n._replace(value=float(minutes), measure=CLOCK))
    if "/" in text:
        out.extend(_slash_fractions(text))
        out.extend(_counts_of(text))
    if "(" in text:
        out.extend(_bracketed_percents(text))
    out.extend(_table_scaled(text, mentions))
    if "%" in text:
        if "|" in text:
            out.extend(_percent_columns(text, mentions))
        out.extend(_percent_spaced_columns(text, mentions))
        out.extend(_percent_rows(text, mentions))
        out.extend(_percent_kin(text, mentions))
    runs = _digit_run_starts(text)  # (where the three patterns below can start: found once)
    out.extend(_log_durations(text, runs))
    if "h" in text or "H" in text:
        out.extend(_h_clocks(text))
    out.extend(_spoken_clocks(text))
    if "half" in text or "Half" in text or "HALF" in text:
        out.extend(_half_hours(text))
    if not text.isascii():
        if "時" in text or "时" in text:
            out.extend(_cjk_clocks(text))
        if _MYRIAD_RE.search(text) is not None:
            out.extend(_myriads(text))
    if "c" in text or "¢" in text:
        out.extend(_cents(text, runs))
    if ":" in text:
        out.extend(_clock_durations(text))
    if _CAPITAL_UNIT_RE.search(text) is not None:
        out.extend(_capital_units(text))
    if "L" in text:
        out.extend(_line_refs(text))
    if "KT" in text or "MPS" in text:
        out.extend(_weather_report_values(text))
    if "/" in text:
        out.extend(_ports(text))
    if "doz" in text or "DOZ" in text or "Doz" in text:
        out.extend(_dozens(text))
    if _SPANS_CUE_RE.search(text) is not None:
        out.extend(_worded_spans(text))
    out.extend(_glued_values(text, chain(((n.start, n.end) for n in mentions), skip), runs))
    out.extend(_prefixed_amounts(text, runs))
    out.extend(_spaced_digits(text))
    if " , " in text or " ." in text:
        out.extend(_tokenized_values(text, runs))
    if ",-" in text:
        out.extend(_signed_cells(text))
    if " point " in text or " POINT " in text:
        out.extend(_spoken_decimals(text))
    out.sort(key=lambda n: (n.start, -n.end))
    return out


_DIGIT_WORDS = {"zero": 0, "oh": 0, "nought": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
                "seven": 7, "eight": 8, "nine": 9}
# a decimal said in words, as speech-to-text writes it ("twenty point five", "three point two five")
_SPOKEN_DECIMAL_RE = re.compile(
    r"(?<![\w-])(?:(?P<tens>" + "|".join(_TENS) + r")(?:[ \t-](?P<unit>" + "|".join(_UNITS) + r"))?|"
    r"(?P<alone>" + "|".join(sorted(_UNITS, key=len, reverse=True)) + r"))"
    r"[ \t]+point[ \t]+(?P<digits>(?:" + "|".join(_DIGIT_WORDS) + r")(?:[ \t]+(?:" + "|".join(_DIGIT_WORDS) + r")){0,3})"
    r"(?![\w-])", re.IGNORECASE)


def _spoken_decimals(text: str) -> Iterator[NumberMention]:
    """Each decimal ``text`` says in words ("twenty point five": 20.5), a bare value."""
    for m in _SPOKEN_DECIMAL_RE.finditer(text):
        whole = (_TENS[m.group("tens").lower()] + (_UNITS[m.group("unit").lower()] if m.group("unit") else 0)
                 if m.group("tens") else _UNITS[m.group("alone").lower()])
        digits = "".join(str(_DIGIT_WORDS[w.lower()]) for w in m.group("digits").split())
        yield NumberMention(m.start(), m.end(), m.group(), float(f"{whole}.{digits}"), spelled=True)


# a CSV row's cell that opens with a minus ("...,F3-T1,-64.9,HIGH_ALARM"): the value reader takes
# no sign after a comma, which may part a thousands group ("1,-" is no number of its own)
_SIGNED_CELL_RE = re.compile(r"(?<=,)-(\d{1,12}(?:\.\d{1,12})?)(?=[,;\s]|$)")


def _signed_cells(text: str) -> Iterator[NumberMention]:
    """Each cell of a comma-separated row that is a negative value, as that value."""
    for m in _SIGNED_CELL_RE.finditer(text):
        yield NumberMention(m.start(), m.end(), m.group(), -float(m.group(1)))


# Digits the value reader leaves unread for what they are glued to: a CSV row's cells
# ("10231,2024-11-02,...,14,1840.00,10"), a list without spaces ("6,6,5", "pages 1-3,7"), a
# version after "v" or in a dotted triple ("v3.4", "^18.2.0": 18.2), a page after "p." ("p.31"), a
# count after a multiplying "x" ("Eggs x12", "x3 packs").
# Not digits glued to
# letters ("SALT15", "K17": codes, not values) or joined to a word by a hyphen ("COVID-19": a
# name's), joined by a slash (a fraction, a score: read as such elsewhere) or after a dot of a
# dotted run ("18.2.0": no 0). Another loose reading of the same digits ("3,7" as 3.7) is no reason to
# skip them: both are read.
# (its first digit first, the characters before it looked behind for from there: a pattern that
# opens with a lookbehind is tried at every position of the text, one that opens with a digit is
# scanned for it, ~190 against ~15 µs on a 1,900-character document; the same matches)
_DIGIT_RUN_RE = re.compile(r"(?P<v>\d(?<![\d/]\d)(?<!\d\.\d)(?<![^\W\d_]-\d)(?:(?<![^\W\d_]\d)|(?<=\b[vVxX]\d))\d*(?:\.\d+)?)"
                           r"(?:\.\d+)*(?![\d/]|\.\d|[^\W\d_])")


# A digit that starts a run of digits (no digit before it); in ASCII text, the same as a range
# (re tests a range faster than the class \d)
_RUN_START_RE = re.compile(r"\d(?<!\d\d)")
_ASCII_RUN_START_RE = re.compile(r"[0-9](?<![0-9][0-9])")


def _digit_run_starts(text: str) -> list[int]:
    """Where each run of digits of ``text`` starts: every match of :data:`_DIGIT_RUN_RE`,
    :data:`_LOG_DURATION_RE` and :data:`_CENTS_RE` starts at one (each opens with a digit no
    digit stands before), so one scan finds where all three are tried (each scan of a
    1,900-character document cost ~100-190k instructions; trying one at ~40 runs, a third)."""
    pattern = _ASCII_RUN_START_RE if text.isascii() else _RUN_START_RE
    return [m.start() for m in pattern.finditer(text)]


def _scan(pattern: re.Pattern[str], text: str, runs: Optional[list[int]]) -> Iterator[re.Match[str]]:
    """``pattern.finditer(text)`` for a pattern each of whose matches starts a run of digits,
    tried only at ``runs`` (:func:`_digit_run_starts`) when given: the same matches (see
    :func:`raguard.normalize.dates.matches_at`)."""
    if runs is None:
        return pattern.finditer(text)
    from raguard.normalize.dates import matches_at

    return matches_at(pattern, text, runs)


# a fraction written with a slash, smaller than one: "2/3 cup", "3/4 of the plot" (a slash also
# writes dates, scores and ratios: read only as a loose value, where nothing else supports)
_SLASH_FRACTION_RE = re.compile(r"(?<![\w./,])([1-9])/([2-9]|1[0-2])(?![\w/]|[.,]\d)")


def _slash_fractions(text: str) -> Iterator[NumberMention]:
    """Each fraction of ``text`` written "2/3", as the share it is (66.7%): what an answer's
    "two-thirds" restates."""
    for m in _SLASH_FRACTION_RE.finditer(text):
        num, den = int(m.group(1)), int(m.group(2))
        if num < den:
            yield NumberMention(m.start(), m.end(), m.group(), num / den * 100, unit="%")


# a count out of a count: "3/3 runs", "11/12 members", "passed 7/8 tests", a score "37/50"
_COUNT_OF_RE = re.compile(r"(?<![\w./,])(\d{1,4})/(\d{1,4})(?![\w/]|[.,]\d)")
_PLURAL_AFTER_RE = re.compile(r"[ \t]+[^\W\d_]+s\b")


def _counts_of(text: str) -> Iterator[NumberMention]:
    """Both counts of each "3/3 runs" of ``text`` (the first no more than the second), each a bare
    value: "all 3 runs" and "3 of 3 runs" restate it; and the score of a "37/50" ("scored 37").
    A plural word after the second tells a count from a date; without one, only a pair no date
    can be ("37/50", "18/20": neither day/month nor month/day) is a score ("9/12" may be 9
    December), and only its first value is read (an answer gives the total "out of 50")."""
    for m in _COUNT_OF_RE.finditer(text):
        first, second = int(m.group(1)), int(m.group(2))
        if first > second:
            continue
        if _PLURAL_AFTER_RE.match(text, m.end()) is not None:
            yield from (_bare_group(m, group) for group in (1, 2))
        elif not ((first <= 31 and second <= 12) or (first <= 12 and second <= 31)):
            yield _bare_group(m, 1)


# a duration as logs and tools write it, its unit one letter glued on: "12m", "40s", "2h", "3d"
# ("kubectl get events": "2m (x9 over 12m)"); the value reader takes "12m" for twelve million
_LOG_DURATION_RE = re.compile(r"(\d(?<![\w.,-]\d)\d{0,3})([smhd])(?![\w%])")  # (digit first, as _DIGIT_RUN_RE)
_LOG_UNITS = {"s": "seconds", "m": "minutes", "h": "hours", "d": "days"}


def _log_durations(text: str, runs: Optional[list[int]] = None) -> Iterator[NumberMention]:
    """Each duration of ``text`` written as logs do ("12m"). ``runs``: its :func:`_digit_run_starts`."""
    for m in _scan(_LOG_DURATION_RE, text, runs):
        yield NumberMention(m.start(), m.end(), m.group(), float(m.group(1)), measure=_LOG_UNITS[m.group(2)])
    if "h" in text:
        yield from _hours_minutes(text)


# hours and minutes glued into one, as trackers and tachographs write them: "10h41m", "4h30"
# (each part as what it is, and the whole in minutes: "10 hours 41 minutes" or "641 minutes"), and
# each end of a range "4h30-5h15"
_HOURS_MINUTES_RE = re.compile(r"(\d(?:(?<=\dh[0-5]\d-\d)|(?<![\w.,-]\d))\d{0,2})h([0-5]\d)(?:m(?:in)?)?(?![\w%])")


def _hours_minutes(text: str) -> Iterator[NumberMention]:
    for m in _HOURS_MINUTES_RE.finditer(text):
        hours, minutes = int(m.group(1)), int(m.group(2))
        yield NumberMention(m.start(), m.start(2), m.group(1) + "h", float(hours), measure="hours")
        yield NumberMention(m.start(2), m.end(), m.group()[m.start(2) - m.start():], float(minutes), measure="minutes")
        yield NumberMention(m.start(), m.end(), m.group(), float(hours * 60 + minutes), measure="minutes")


# a time of day as French and other European texts write it, the hours and minutes split by an
# "h": "16h42", "à 16 h 42", "9h05", "19h00-23h00" (a hyphen before the digits only in such a range;
# the same digits are a duration in a log: both are read)
_H_CLOCK_RE = re.compile(r"(\d(?:(?<=\d[hH][0-5]\d-\d)|(?<![\w.,:-]\d))\d?)[ \t\u00a0]?[hH][ \t\u00a0]?([0-5]\d)(?![\w%:]|[.,]\d)")


def _h_clocks(text: str) -> Iterator[NumberMention]:
    for m in _H_CLOCK_RE.finditer(text):
        hour, minute = int(m.group(1)), int(m.group(2))
        if hour <= 23:
            measure = CLOCK if hour > 12 or hour == 0 or m.group(1).startswith("0") else CLOCK12
            yield NumberMention(m.start(), m.end(), m.group(), float(hour * 60 + minute), measure=measure)


# a time of day as people say it, the hour and then the minutes in words: "six fifteen", "seven
# forty-five", "ten oh five", perhaps "in the morning" or "pm" after (call transcripts write
# speech so); the same words may count things ("six fifteen-year-olds"), hence a loose reading
_SPOKEN_CLOCK_RE = re.compile(
    r"\b(?P<h>one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)[ \t]+"
    r"(?:(?P<oh>oh|o)[ \t]+(?P<unit>one|two|three|four|five|six|seven|eight|nine)"
    r"|(?P<teen>ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)"
    r"|(?P<tens>twenty|thirty|forty|fifty)(?:[ \t-]+(?P<tunit>one|two|three|four|five|six|seven|eight|nine))?)"
    r"(?![\w-])(?:[ \t]+(?:(?P<ap>[ap]\.?m\b\.?)|in[ \t]+the[ \t]+(?P<part>morning|afternoon|evening)|at[ \t]+night))?",
    re.IGNORECASE,
)
_TEEN_WORDS = {"ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
               "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19}
_TENS_WORDS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50}


def _spoken_clocks(text: str) -> Iterator[NumberMention]:
    """Times of day said in words, hour then minutes ("six forty five in the morning": 06:45)."""
    for m in _SPOKEN_CLOCK_RE.finditer(text):
        hour = _HOUR_WORDS[m.group("h").casefold()]
        if m.group("unit"):
            minute = _HOUR_WORDS[m.group("unit").casefold()]
        elif m.group("teen"):
            minute = _TEEN_WORDS[m.group("teen").casefold()]
        else:
            minute = _TENS_WORDS[m.group("tens").casefold()] + _HOUR_WORDS.get((m.group("tunit") or "").casefold(), 0)
        ap, part = (m.group("ap") or "").casefold(), (m.group("part") or "").casefold()
        measure = CLOCK
        if ap.startswith("p") or part in ("afternoon", "evening") or (m.group(0).casefold().endswith("night") and hour >= 6):
            hour = hour % 12 + 12
        elif ap or part or m.group(0).casefold().endswith("night"):
            hour %= 12
        else:
            measure = CLOCK12
        yield NumberMention(m.start(), m.end(), m.group(), float(hour * 60 + minute), spelled=True, measure=measure)


# half past an hour as British speech says it: "till half five" (5:30; "half" before an hour in
# words or digits, not before a unit: "half five-year-olds", "half 10 minutes"), either half of the day
_HALF_HOUR_RE = re.compile(
    r"(?=[hH])\bhalf[ \t]+(?P<h>1[0-2]|[1-9]|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
    r"(?![\w-]|[.,:]\d|[ \t]+(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?|dozen|per|percent|of)\b)",
    re.IGNORECASE)


def _half_hours(text: str) -> Iterator[NumberMention]:
    """British "half five": half past five, 5:30 in either half of the day."""
    for m in _HALF_HOUR_RE.finditer(text):
        hour = m.group("h").casefold()
        value = int(hour) if hour.isdigit() else _HOUR_WORDS[hour]
        yield NumberMention(m.start(), m.end(), m.group(), float(value * 60 + 30), spelled=True, measure=CLOCK12)


# a time of day as Japanese and Chinese texts write it: "8時30分", "17時", "午後3時半" (half past);
# "2時間" is a duration, not a time. Without 午前/午後 the hours run to 24, so a small hour
# is either half of the day
_CJK_CLOCK_RE = re.compile(r"(?:(?P<part>午前|午後|上午|下午)[ \t]*)?(?P<h>\d(?<!\d\d)\d?)[ \t]*[時时](?!間|间)"
                           r"(?:[ \t]*(?P<m>[0-5]?\d)[ \t]*分|(?P<half>半))?")


def _cjk_clocks(text: str) -> Iterator[NumberMention]:
    for m in _CJK_CLOCK_RE.finditer(text):
        hour = int(m.group("h"))
        minute = 30 if m.group("half") else int(m.group("m") or 0)
        if hour > 24 or (hour == 24 and minute):
            continue
        part = m.group("part")
        if part in ("午後", "下午") and hour < 12:
            hour += 12
        measure = CLOCK if part or hour > 12 or hour == 0 or m.group("h").startswith("0") else CLOCK12
        yield NumberMention(m.start("h"), m.end(), m.group()[m.start("h") - m.start():],
                           float(hour % 24 * 60 + minute), measure=measure)


# a value counted in ten-thousands or hundred-millions, as Japanese and Chinese write large
# numbers: "5万円" is 50,000 yen, "3.2億" 320 million (the digits alone read as 5 and 3.2); the
# characters before are word characters too ("あたり3万円"): only a Latin letter or digit is glued
_MYRIAD_RE = re.compile(r"(\d(?<![0-9A-Za-z_.,]\d)[\d,]*(?:\.\d+)?)[ \t]*(万|萬|億|亿)(円|元)?")
_MYRIADS = {"万": 1e4, "萬": 1e4, "億": 1e8, "亿": 1e8}


def _myriads(text: str) -> Iterator[NumberMention]:
    for m in _MYRIAD_RE.finditer(text):
        digits = m.group(1).replace(",", "")
        yield NumberMention(m.start(), m.end(), m.group(), float(digits) * _MYRIADS[m.group(2)],
                            unit="JPY" if m.group(3) == "円" else None)


# a price in hundredths written with "c" or "¢" after it, as tariffs and price lists do
# ("48.62 c/kWh", "112.53c/day", "35¢"); the value reader leaves a lone "c" alone ("3c" is as
# often a clause's letter), and a currency the text may not name is no unit ("cents", as read)
_CENTS_RE = re.compile(r"(\d(?<![\w.,-]\d)\d*(?:\.\d+)?)(?:[ \t]?¢|[ \t]?c(?=/[^\W\d_])|c(?![\w%]))")


# the value before a price in hundredths that shares its "c": a range's or a change's first end
# ("4.2-4.6c", "48.62 -> 51.70 c/kWh")
_CENTS_FIRST_END_RE = re.compile(r"(?<![\w.,])(\d+(?:\.\d+)?)[ \t]*(?:->|→|[-–—]|to)[ \t]*$")


def _cents(text: str, runs: Optional[list[int]] = None) -> Iterator[NumberMention]:
    """Each price of ``text`` in hundredths ("48.62 c/kWh"). ``runs``: its :func:`_digit_run_starts`."""
    for m in _scan(_CENTS_RE, text, runs):
        before = _CENTS_FIRST_END_RE.search(text, max(0, m.start() - 24), m.start())
        if before is not None:
            yield _hundredths(before.group(1), before.start(1), before.end(1), before.group(1))
        yield _hundredths(m.group(1), m.start(), m.end(), m.group())


def _hundredths(raw: str, start: int, end: int, written: str) -> NumberMention:
    decimals = len(raw.partition(".")[2])
    return NumberMention(start, end, written, float(raw) / 100, precision=0.5 * 10 ** -decimals / 100)


# a span of time written as a clock, hours, minutes and seconds: "00:14:40" in a log, a race's
# "2:14:33" (a time of day to the second too: read as a length only where nothing else supports)
# (a subtitle's or a log's "00:14:02,120" and "00:14:02.120" to the millisecond)
_CLOCK_DURATION_RE = re.compile(r"(?<![\d:.,])(\d{1,3}):([0-5]\d):([0-5]\d)(?:[.,]\d{1,3})?(?![\d:]|[.,]\d)")


def _clock_durations(text: str) -> Iterator[NumberMention]:
    for m in _CLOCK_DURATION_RE.finditer(text):
        seconds = int(m.group(1)) * 3600 + int(m.group(2)) * 60 + int(m.group(3))
        yield NumberMention(m.start(), m.end(), m.group(), float(seconds), measure="seconds")


# a percentage an accounts table writes negative in brackets, "(7)%" or "(4.5%)": a fall
_BRACKETED_PERCENT_RE = re.compile(r"\((\d{1,3}(?:\.\d+)?)(?:\)[ \t]?%|[ \t]?%\))")


def _bracketed_percents(text: str) -> Iterator[NumberMention]:
    for m in _BRACKETED_PERCENT_RE.finditer(text):
        yield NumberMention(m.start(), m.end(), m.group(), -float(m.group(1)), unit="%")


# a table's scale stated once for its figures: "(in millions, except per share)", "($ in
# thousands)", "(€m)"; or, as accounts head a column, a currency before "000" ("£000",
# "£'000", "GBP 000s", "$000s": thousands) or before a scale's letter ("Sales £k", "$m"); or a
# count's "('000)" (a bare "(000)" is too often a code's digits)
_TABLE_SCALE_RE = re.compile(
    r"\((?:[^()\n]{0,12}\bin[ \t]+)?(?:[$€£][ \t]?)?(?P<w>thousands|millions|billions|m|bn)\b[^()\n]{0,40}\)"
    r"|(?:[$€£]|\b(?:GBP|USD|EUR|CHF|AUD|CAD))[ \t]?'?(?P<k>000)s?\b"
    r"|[$€£](?P<s>k|m|bn)\b"
    # a count's column in thousands, no currency: "SCC ('000/ml)", "Visitors ('000)", "(000s)"
    r"|\(['’](?P<t>000)s?(?:[ \t]*/[^()\n]{1,12})?\)|\((?P<ts>000)s\)",
    re.IGNORECASE)
#: The codes that open ``_TABLE_SCALE_RE``'s second form, lower-cased.
_SCALE_CODES = ("gbp", "usd", "eur", "chf", "aud", "cad")


def _table_scale(text: str) -> Optional[re.Match[str]]:
    """``_TABLE_SCALE_RE.search(text)``, the pattern tried only where a match can start: at a
    bracket or a currency sign, or at a currency code when "000" (which that form needs) is in
    the text. The pattern opens with an IGNORECASE alternation, so a scan tries every position
    (~1.4M instructions on a 1,900-character document holding a "$"); a search's match is the
    first position whose ``match`` succeeds, and ``match`` at a position tries it as the scan
    does (``\b`` sees the character before). A code is found in the text lower-cased
    (:func:`~raguard.normalize.text.ignorecase_lowered`: every letter IGNORECASE matches to an
    ASCII one is that letter there, at the same offset); without that, the text is scanned."""
    starts = occurrences(text, "($€£")
    if "000" in text:
        lowered = ignorecase_lowered(text)
        if lowered is None:
            return _TABLE_SCALE_RE.search(text)
        starts = sorted(starts + occurrences(lowered, _SCALE_CODES))
    for at in starts:
        m = _TABLE_SCALE_RE.match(text, at)
        if m is not None:
            return m
    return None


_TABLE_SCALES = {"thousands": 1e3, "millions": 1e6, "billions": 1e9, "m": 1e6, "bn": 1e9, "000": 1e3, "k": 1e3}


def _decimals(n: NumberMention) -> int:
    """How many digits ``n`` writes after its decimal point ("218.4": 1)."""
    return len(n.text.rpartition(".")[2]) if "." in n.text else 0


def _table_scaled(text: str, mentions: list[NumberMention]) -> list[NumberMention]:
    """The bare values of a text that states its table's scale once ("(in millions)": 412.6 is
    $412.6 million), each scaled: the other reading of every bare value there."""
    m = _table_scale(text)
    if m is None:
        return []
    factor = _TABLE_SCALES[(m.group("w") or m.group("k") or m.group("s") or m.group("t") or m.group("ts")).casefold()]
    out = []
    for n in mentions:
        if n.unit is None and n.measure is None and not n.spelled and not n.ordinal and _factor(n) == 1:
            out.append(n._replace(value=n.value * factor, precision=0.5 * factor * 10 ** -_decimals(n)))
    return out


#: A table column's header that makes its cells percentages: "%", "Share (%)", "Use%", "pct",
#: "discount_pct", "Percent", "% of votes" (for pipe tables here, and CSVs in column_units).
PERCENT_HEADER_RE = re.compile(r"^[ \t]*%|(?:%|\(%\)|(?<![a-z])pct\.?|(?<![a-z])per[ \t]?cent)[ \t]*$", re.IGNORECASE)


def _percent_columns(text: str, mentions: list[NumberMention]) -> Iterator[NumberMention]:
    """The bare values of a pipe table's columns headed "%" ("For | % | Against | %"), each as
    the percentage its header makes it (:mod:`raguard.normalize.pipe_tables` reads the header)."""
    starts = [n.start for n in mentions]
    for table in pipe_tables(text):
        if table.header is None:
            continue
        percent = [PERCENT_HEADER_RE.search(cell.text) is not None for cell in table.header.cells]
        if not any(percent):
            continue
        for row in table.body():
            for is_percent, (start, end, _) in zip(percent, row.cells):
                if not is_percent:
                    continue
                for n in mentions[bisect_left(starts, start):bisect_left(starts, end)]:
                    if n.unit is None and n.measure is None and not n.spelled and n.end <= end:
                        yield n._replace(unit="%")


# a column header of a table laid out with spaces that makes its cells percentages: a lone "%"
# or "(%)" between runs of two or more spaces ("Names    MPs    %    Points")
_SPACED_PERCENT_HEADER_RE = re.compile(r"(?:^|(?<=[ \t]{2}))\(?%\)?(?=[ \t]{2}|[ \t]*$)")


def _percent_spaced_columns(text: str, mentions: list[NumberMention]) -> Iterator[NumberMention]:
    """The bare values under a "%" header of a table whose columns are laid out with spaces, as
    reports print them: a line with no digit holding a lone "%" heads the column; on each line
    after it, up to a line with no digit, the one value whose characters reach under the "%"
    (left- or right-aligned) is a percentage."""
    starts = [n.start for n in mentions]
    column: Optional[tuple[int, int]] = None
    at = 0
    for line in text.split("\n"):
        offset, at = at, at + len(line) + 1
        if "|" in line:
            column = None  # (a pipe table's columns are read by _percent_columns)
            continue
        if not any(c.isdigit() for c in line):
            header = _SPACED_PERCENT_HEADER_RE.search(line) if "%" in line else None
            column = None if header is None else (header.start(), header.end())
            continue
        if column is None:
            continue
        under = [n for n in mentions[bisect_left(starts, offset):bisect_left(starts, offset + len(line))]
                 if n.start - offset <= column[1] and n.end - offset >= column[0]]
        if len(under) == 1 and under[0].unit is None and under[0].measure is None and not under[0].spelled:
            yield under[0]._replace(unit="%")


def _percent_rows(text: str, mentions: list[NumberMention]) -> Iterator[NumberMention]:
    """The bare values of a line whose label, before its first value, holds a percent sign (a
    table's row "Imp. B-2 (%) | 0.04 | 0.11", "Fund %   18.4   -9.7"), each as a percentage."""
    starts = [n.start for n in mentions]
    pos = text.find("%")
    while pos != -1:
        begin = text.rfind("\n", 0, pos) + 1
        end = text.find("\n", pos)
        end = len(text) if end == -1 else end
        k = bisect_left(starts, begin)
        if k < len(mentions) and pos < mentions[k].start < end:
            for n in mentions[k:bisect_left(starts, end)]:
                if n.unit is None and n.measure is None and not n.spelled and not n.ordinal:
                    yield n._replace(unit="%")
        pos = text.find("%", end)


_DECIMAL_RE = re.compile(r"\d[.,]\d")


def _percent_kin(text: str, mentions: list[NumberMention]) -> Iterator[NumberMention]:
    """The bare decimals of a line that holds a percentage ("Moisture A 10.8% / B 11.9% (our
    max is 12.0 ...)"), or a bare decimal the text writes as a percentage elsewhere ("Alpha 13.1
    is under last year's 14.2" beside a table's "13.1 %"), each as a percentage: a text writes
    the sign once and the figures beside it are of its kind."""
    percents = {n.value for n in mentions if n.unit == "%"}
    if not percents:
        return
    line: list[NumberMention] = []
    end = -1
    for n in sorted(mentions, key=lambda n: n.start):
        if n.start > end:
            yield from _line_percent_kin(line, percents)
            line = []
            newline = text.find("\n", n.start)
            end = len(text) if newline < 0 else newline
        line.append(n)
    yield from _line_percent_kin(line, percents)


def _line_percent_kin(line: list[NumberMention], percents: set[float]) -> Iterator[NumberMention]:
    bare = [n for n in line if n.unit is None and n.measure is None and not n.spelled and not n.ordinal
            and _DECIMAL_RE.search(n.text) is not None]
    if bare and (any(n.unit == "%" for n in line) or any(n.value in percents for n in bare)):
        for n in bare:
            yield n._replace(unit="%")


#: The most values a line may hold for the differences of its values to be read (a row of a
#: table, a log line): more, and some difference would match almost any value.
_MAX_ROW_VALUES = 6


def row_differences(text: str, mentions: list[NumberMention]) -> list[NumberMention]:
    """The differences between two values of one line of ``text`` that an answer may state
    instead of them: a length of time between two times of day ("arrived 07:30, stood down
    07:50": 20 minutes), a distance between two readings ("Mileage 18,402 19,377": 975), each
    only between values of one kind (two times, or two bare values or amounts in one unit and
    to as many decimals), not alternatives nor in two sentences, on lines of at most
    ``_MAX_ROW_VALUES`` values."""
    out: list[NumberMention] = []
    line: list[NumberMention] = []
    end = -1
    for n in sorted(mentions, key=lambda n: n.start):
        if n.start > end:  # the next line
            _differences(text, line, out)
            line = []
            newline = text.find("\n", n.start)
            end = len(text) if newline < 0 else newline
        line.append(n)
    _differences(text, line, out)
    return out


# what stands between two values that are no span of one thing: alternatives ("18:00 or
# 19:30") or two sentences of a line ("10 works. I'm at 14")
_NO_SPAN_RE = re.compile(r"\bor\b|[.!?][ \t]")


# two years are no readings: their span is the dates checker's ("from 1998 to 2011", not
# "2011 ... in 2019")
_YEAR_LIKE_RE = re.compile(r"1[89]\d\d|20\d\d")


def _differences(text: str, line: list[NumberMention], out: list[NumberMention]) -> None:
    if not 2 <= len(line) <= _MAX_ROW_VALUES:
        return
    for i, a in enumerate(line):
        for b in line[i + 1:]:
            if (a.spelled or b.spelled or a.ordinal or b.ordinal or a.hedge or b.hedge
                    or _NO_SPAN_RE.search(text, a.end, b.start)):
                continue
            if a.measure in CLOCK_MEASURES and b.measure in CLOCK_MEASURES:
                day = 720 if CLOCK12 in (a.measure, b.measure) else 1440
                gap = (b.value - a.value) % day
                if 0 < gap < 720:
                    out.append(NumberMention(a.start, b.end, text[a.start:b.end], gap, measure="minutes"))
            elif (a.measure is None and b.measure is None and a.unit == b.unit and a.unit != "%"
                  and a.value != b.value and _factor(a) == _factor(b) == 1
                  and (decimals := _decimals(a)) == _decimals(b)  # (two readings of one kind)
                  and not (_YEAR_LIKE_RE.fullmatch(a.text) and _YEAR_LIKE_RE.fullmatch(b.text))):
                out.append(NumberMention(a.start, b.end, text[a.start:b.end], abs(b.value - a.value), a.unit,
                                         precision=0.5 * 10 ** -decimals if decimals else 0.0))


def row_sums(text: str, mentions: list[NumberMention]) -> list[NumberMention]:
    """The sum of the values of one line of ``text`` that share a measure or a unit (two to
    four of them, none a time of day, a share, a bound or spelled), which an answer may give
    as their total ("Prep 15 min | Cook 40 min": 55 minutes in all); read only for an answer's
    value its clause names a total."""
    out: list[NumberMention] = []
    by_line: dict[int, list[NumberMention]] = {}
    for n in mentions:
        if (n.measure in CLOCK_MEASURES or n.unit == "%" or n.hedge or n.spelled or n.ordinal
                or not (n.measure or n.unit) or n.value <= 0):
            continue
        by_line.setdefault(text.rfind("\n", 0, n.start), []).append(n)
    for line in by_line.values():
        kinds: dict[tuple[Optional[str], Optional[str]], list[NumberMention]] = {}
        for n in line:
            kinds.setdefault((n.measure, n.unit), []).append(n)
        for (measure, unit), same in kinds.items():
            if 2 <= len(same) <= 4 and len({n.value for n in same}) == len(same):
                first, last = same[0], same[-1]
                out.append(NumberMention(first.start, last.end, text[first.start:last.end],
                                         round(sum(n.value for n in same), 6), unit, measure=measure,
                                         precision=max(n.precision for n in same)))
    return out


def _glued_values(text: str, read: Iterable[tuple[int, int]], runs: Optional[list[int]] = None) -> Iterator[NumberMention]:
    """The runs of digits of ``text`` that no span of ``read`` (the values already read, and
    what is no value: names' numbers) overlaps, each a bare value. ``runs``: the text's
    :func:`_digit_run_starts`."""
    taken = SpanIndex(read)
    for m in _scan(_DIGIT_RUN_RE, text, runs):
        if not taken.overlaps(m.start(), m.end()):
            yield NumberMention(m.start(), m.end("v"), m.group("v"), float(m.group("v")))


# rupees written before an amount ("Rs 1,350", "Rs. 50", "rs 500"), a word's start: read as the
# rupee sign's currency (one unit, as a text and its answer speak of one country's)
_RUPEES_BEFORE_RE = re.compile(r"(?<![^\W\d_])[Rr][Ss]\.?[ \t]?\Z")
#: How far before a value :data:`_RUPEES_BEFORE_RE` is searched ("Rs." and a space).
_RUPEES_REACH = 4


# an amount glued to the letters before it, as text messages and receipts write a currency
# ("Ksh2,500.00", "N2,000", "Rs.450.00"): thousands grouped by commas or two decimals, which no
# code carries ("A320", "SFK72HQ1XZ" stay unread); digits first, the letters checked behind
_PREFIXED_AMOUNT_RE = re.compile(r"\d(?:(?<=[^\W\d_]\d)|(?<=[^\W\d_]\.\d))(?:\d{0,2}(?:,\d{3})+(?:\.\d\d)?|\d*\.\d\d)"
                                 r"(?!\w|[.,]\d)")
# the letters before such an amount: one to four, a whole word's start ("Ksh", "N", "Rs.")
_AMOUNT_PREFIX_RE = re.compile(r"(?:^|[^\w.])[^\W\d_]{1,4}\.?\Z")
#: How far before its digits :data:`_AMOUNT_PREFIX_RE` is searched (four letters, a dot, one before).
_AMOUNT_PREFIX_REACH = 6


def _prefixed_amounts(text: str, runs: Optional[list[int]] = None) -> Iterator[NumberMention]:
    """Each amount of ``text`` glued to a currency's letters ("Ksh2,500.00": 2500), a bare
    value. ``runs``: its :func:`_digit_run_starts`."""
    for m in _scan(_PREFIXED_AMOUNT_RE, text, runs):
        start = m.start()
        if _AMOUNT_PREFIX_RE.search(text, max(0, start - _AMOUNT_PREFIX_REACH), start) is not None:
            yield NumberMention(start, m.end(), m.group(), float(m.group().replace(",", "")))


def _bare_group(m: re.Match[str], group: int) -> NumberMention:
    """The digits of ``m``'s ``group`` as a bare value (a reading of a code's or a report's number)."""
    return NumberMention(m.start(group), m.end(group), m.group(group), float(m.group(group)))


# a line of source code as reviews, linters and links cite it: "L" and its number after a file's
# name ("window.go L57", "Filter.java L88-L92") or in a link's fragment ("main.py#L57-L60")
_LINE_REF_RE = re.compile(r"\.[A-Za-z][A-Za-z0-9]{0,4}(?:[ \t]+|#)L(\d{1,6})(?:[-–]L?(\d{1,6}))?(?![\w.])")


def _line_refs(text: str) -> Iterator[NumberMention]:
    """The line numbers of each :data:`_LINE_REF_RE` citation of ``text``, each a bare value (a
    summary says "line 57" for "window.go L57")."""
    for m in _LINE_REF_RE.finditer(text):
        yield from (_bare_group(m, group) for group in (1, 2) if m.group(group) is not None)


# four digits or more, each apart from the next by one space: a code a form writes in boxes or
# a reader spells out ("Locker PIN : 7 7 3 0 1 9"); its first digit first (scanned for it)
_SPACED_DIGITS_RE = re.compile(r"\d(?<![\w.,]\d)(?<!\d[ ]\d)(?:[ ]\d){3,15}(?![\w.,]|[ ]\d)")


def _spaced_digits(text: str) -> Iterator[NumberMention]:
    """Each run of :data:`_SPACED_DIGITS_RE` of ``text`` as the one number its digits write
    together (an answer gives the PIN as "773019"), a bare value."""
    for m in _SPACED_DIGITS_RE.finditer(text):
        yield NumberMention(m.start(), m.end(), m.group(), float(m.group().replace(" ", "")))


# a value whose separators a tokenizer set apart ("£ 15 , 073 . 50", "1 . 5 %", "£ 73 .70"):
# thousands groups after " , ", then perhaps one or two decimals after " . " or " ." (at least one
# separator so written)
_TOKENIZED_VALUE_RE = re.compile(
    r"\d(?<![\w.,]\d)\d{0,2}(?:[ \t],[ \t]\d{3}(?!\d))*(?:[ \t]\.[ \t]?\d{1,2}(?![\d.,]))?(?<=\d)"
)
_TOKENIZED_SEPARATOR_RE = re.compile(r"[ \t]([,.])[ \t]?")
_TOKENIZED_CURRENCY_RE = re.compile(r"[$€£¥₹][ \t]?\Z")
_TOKENIZED_PERCENT_RE = re.compile(r"[ \t]?%")


def _tokenized_values(text: str, runs: Optional[list[int]] = None) -> Iterator[NumberMention]:
    """Each value of ``text`` written with its separators set apart by spaces, as tokenized text
    writes it, read as the value it is with them closed up (with a currency before it and a
    percent after it): "£ 15 , 073 . 50" is £15,073.50. ``runs``: its :func:`_digit_run_starts`."""
    for m in _scan(_TOKENIZED_VALUE_RE, text, runs):
        if _TOKENIZED_SEPARATOR_RE.search(m.group()) is None:
            continue  # (a plain value, read already)
        closed = _TOKENIZED_SEPARATOR_RE.sub(r"\1", m.group())
        start, end = m.span()
        # a currency right before it, perhaps a blank between ("£ 15"), and a percent right after
        symbol = _TOKENIZED_CURRENCY_RE.search(text, max(0, start - 2), start)
        percent = _TOKENIZED_PERCENT_RE.match(text, end)
        lead = text[symbol.start():start] if symbol is not None else ""
        tail = "%" if percent is not None else ""
        for n in extract_numbers(lead + closed + tail):
            begin, finish = start - len(lead), percent.end() if percent is not None else end
            yield n._replace(start=begin, end=finish, text=text[begin:finish])
            break


# a count of dozens as shops and markets abbreviate it ("doz £4.00", "1/2 doz", "2 doz"): twelve each
_DOZENS_RE = re.compile(r"(?<![\w/.])(?:(?P<n>\d{1,3}|1/2|½)[ \t]*)?(?<![\w.])doz\b\.?", re.IGNORECASE)


def _dozens(text: str) -> Iterator[NumberMention]:
    """The count of each "doz" of ``text`` ("doz" 12, "1/2 doz" 6, "2 doz" 24), a bare value."""
    for m in _DOZENS_RE.finditer(text):
        n = m.group("n")
        count = 12.0 if n is None else 6.0 if n in ("1/2", "½") else 12.0 * int(n)
        yield NumberMention(m.start(), m.end(), m.group(), count)


# a span of time said in a word, with its count ("a decade", "two decades", "a fortnight", "half
# an hour", "a quarter of an hour", "a century"); a bare plural ("for decades") says no number
_SPANS_CUE_RE = re.compile(r"decade|fortnight|century|centuries|half[ \t-]+(?:an[ \t]+)?hour|quarter", re.IGNORECASE)
_WORDED_SPAN_RE = re.compile(
    r"(?<![\w-])(?:(?P<n>an?|one|two|three|four|five|six|seven|eight|nine|ten|\d{1,2})[ \t]+)?"
    r"(?P<span>decades?|fortnights?|century|centuries|half[ \t-]+(?:an[ \t]+)?hour|quarter[ \t]+of[ \t]+an[ \t]+hour|quarter[ \t-]+hour)"
    r"(?![\w-])", re.IGNORECASE)
# the span's length: (value, measure) readings of one of it ("a fortnight": 14 days and 2 weeks)
_SPAN_READINGS: dict[str, tuple[tuple[float, Optional[str]], ...]] = {
    "decade": ((10.0, None),), "century": ((100.0, None),), "fortnight": ((14.0, "days"), (2.0, "weeks")),
    "half": ((30.0, "minutes"),), "quarter": ((15.0, "minutes"),),
}


def _worded_spans(text: str) -> Iterator[NumberMention]:
    """The length of each span of time :data:`_WORDED_SPAN_RE` finds ("a decade" 10 years, "two
    decades" 20, "a fortnight" 14 days or 2 weeks, "half an hour" 30 minutes): a summary writes
    "for 10 years" for "for a decade". A plural needs its count, and "a" or "one" goes only with
    the singular ("two decades", not "decades"; "half an hour" is one)."""
    for m in _WORDED_SPAN_RE.finditer(text):
        span, n = m.group("span").lower(), (m.group("n") or "").lower()
        plural = span.endswith("s") and not span.startswith(("half", "quarter"))
        if plural != (n not in ("", "a", "an", "one", "1")):
            continue  # ("for decades", "two decade", "three half hours")
        count = (float(n) if n.isdigit() else float(_UNITS[n])) if plural else 1.0
        key = "century" if span.startswith("centur") else span.split()[0].split("-")[0].rstrip("s")
        for value, measure in _SPAN_READINGS[key]:
            yield NumberMention(m.start(), m.end(), m.group(), count * value, measure=measure)


# a network port with its protocol, either order ("tcp/53", "UDP/123", "443/tcp"), as firewall
# rules and service lists write it
_PORT_RE = re.compile(r"(?<![\w/])(?:(?:tcp|udp|sctp)/(\d{1,5})|(\d{1,5})/(?:tcp|udp|sctp))(?![\w/])", re.IGNORECASE)


def _ports(text: str) -> Iterator[NumberMention]:
    """The port of each :data:`_PORT_RE` match of ``text``, a bare value ("port 53" for "tcp/53")."""
    for m in _PORT_RE.finditer(text):
        yield _bare_group(m, 1 if m.group(1) is not None else 2)


# an aviation weather report's (METAR, SPECI, TAF) wind group: direction in degrees (or VRB),
# speed and gust, in knots or metres a second ("24018G31KT": from 240 degrees at 18 knots, gusting 31)
_WIND_GROUP_RE = re.compile(r"(?<![\w/])(?:(\d{3})|VRB)(\d{2,3})(?:G(\d{2,3}))?(?:KT|MPS)(?!\w)")
# in a line with a wind group: "9999" (visibility of 10 km or more), a cloud layer's base in
# hundreds of feet ("BKN025": broken at 2,500 ft) and the pressure ("Q0996": 996 hPa)
_REPORT_GROUP_RE = re.compile(r"(?<![\w/])(?:(9999)|(?:FEW|SCT|BKN|OVC|VV)(\d{3})(?:CB|TCU)?|Q(\d{4}))(?![\w/])")


def _weather_report_values(text: str) -> Iterator[NumberMention]:
    """The values of each line of ``text`` that holds an aviation weather report's wind group
    (:data:`_WIND_GROUP_RE`), as a briefing restates them: the wind's direction, speed and gust,
    a visibility of 10 km for "9999", cloud bases in feet, the pressure in hPa."""
    lines = set()
    for m in _WIND_GROUP_RE.finditer(text):
        yield from (_bare_group(m, group) for group in (1, 2, 3) if m.group(group) is not None)
        lines.add(text.rfind("\n", 0, m.start()) + 1)
    for start in sorted(lines):
        end = text.find("\n", start)
        for m in _REPORT_GROUP_RE.finditer(text, start, end if end >= 0 else len(text)):
            if m.group(1) is not None:
                yield NumberMention(m.start(1), m.end(1), m.group(1), 10.0, measure="km")
            elif m.group(2) is not None:
                yield NumberMention(m.start(2), m.end(2), m.group(2), float(m.group(2)) * 100, measure="ft")
            else:
                yield _bare_group(m, 3)


# a line in capitals loses the case that tells a unit from a scale or a code: "LEN 527M" is 527
# metres ("TRAILING 1359T", "WT 78KG"), read as a bare value there; a price keeps its scale ("$5M")
_CAPITAL_UNIT_RE = re.compile(r"(\d(?<![\w.,$€£¥-]\d)[\d,]*(?:\.\d+)?)[A-Z]{1,2}(?![\w%])")


def _capital_units(text: str) -> Iterator[NumberMention]:
    """The digits of each value with one or two capitals glued on ("527M", "78KG") in a line
    without a lower-case letter, each a bare value."""
    for m in _CAPITAL_UNIT_RE.finditer(text):
        line_start = text.rfind("\n", 0, m.start()) + 1
        line_end = text.find("\n", m.end())
        line = text[line_start:line_end if line_end >= 0 else len(text)]
        digits = m.group(1).rstrip(",")
        if line.upper() == line and not digits.startswith(","):
            yield NumberMention(m.start(), m.start() + len(digits), digits, float(digits.replace(",", "")))


# an age band written as one word, the number after a hyphen ("under-12s", "Over-60s"): the
# value reader skips a number glued to a word by a hyphen ("COVID-19")
AGE = "age"  #: the unit of an age band's value: a bare value restates it, no other unit does
_AGE_BAND_RE = re.compile(r"(?<![\w-])(?:under|over)-(\d{1,3})s\b", re.IGNORECASE)


def _age_bands(text: str) -> Iterator[NumberMention]:
    """The age of each age band of ``text`` ("not suitable for under-12s": 12), its unit "age":
    a bare "under 12" restates it, no price or share does ("Adults £14, under-16s free" gives
    no "£16")."""
    for m in _AGE_BAND_RE.finditer(text):
        yield NumberMention(m.start(1), m.end(1), m.group(1), float(m.group(1)), unit=AGE)


_new_tuple = tuple.__new__


def extract_numbers(text: str, hedges: bool = True,
                    words: Optional[tuple[list[str], list[int]]] = None) -> list[NumberMention]:
    """All number mentions in ``text``, digits and spelled out, in order of position.

    ``hedges=False`` leaves every mention's ``hedge`` None, unread: only the answer's hedge
    widens a match (:func:`values_match` never reads the document's), and the words before each
    of a document's values cost about a microsecond a value to read.

    ``words``: the folded words of ``text`` and where each starts, one word per run of letters
    and digits (a document's tokens, when none merged): spelled numbers are then looked for only
    where one of :data:`_SPELLED_FIRST_WORDS` starts, instead of by a scan that tries every
    position (about 50 µs on a 300-word document)."""
    hedge_before = _hedge_before if hedges else _no_hedge
    found: list[NumberMention] = []
    zero_led = spaced = False  # four digits after a zero ("0530"); three after a digit and a space ("1 100")
    for m in _numeric_matches(text):
        raw, neg, cur, ordinal, scale, scur, pct, curword = m.group(
            "num", "neg", "cur", "ord", "scale", "scur", "pct", "curword")
        if raw is None:
            continue
        if len(raw) == 4 and raw[0] == "0":
            zero_led = True
        elif len(raw) == 3 and not spaced:
            at = m.start("num")
            spaced = text[at - 2:at - 1].isdigit() and text[at - 1] == " "
        if "," in raw or not raw.isascii():
            # "0,094": no English number opens with a thousands group of 0; a decimal comma
            value = float("0." + raw[2:]) if raw[:2] == "0," and len(raw) == 5 else float(_SEPARATORS_RE.sub("", raw))
        else:
            value = float(raw)
        if neg:
            value = -value
        decimals = len(raw.split(".", 1)[1]) if "." in raw else 0
        precision = 0.0
        start = m.start("neg") if neg else m.start("num")
        if cur:
            start = m.start("cur")
        end = m.end()
        if scale and len(scale) == 1:
            # "42.5M" or "$4 m" is a scale; "5 m" (metres) is not
            attached = m.start("scale") == m.end("ord" if ordinal else "num")
            if not (attached or cur or scur) or ordinal:
                end = m.start("scale")
                scale = None
        if scale:
            factor = _SCALES[scale.casefold()]
            value *= factor
            precision = 0.5 * factor * (10 ** -decimals)
        unit = None
        if pct:
            unit = "%"
        elif cur:
            unit = _CURRENCY_SYMBOLS.get(cur, None) or _CURRENCY_CODES.get(cur.lower())
        elif scur and scale:
            unit = _CURRENCY_SYMBOLS.get(scur)
        elif curword:
            unit = _CURRENCY_CODES.get(curword.lower())
            if curword.lower().startswith(("cent", "pence")):  # hundredths: "52 cents" is 0.52 (not "pounds")
                value, precision = value / 100, precision / 100
        elif start >= 2 and text[start - 1] in " .sS" and (text[start - 2] in "sS.R" or text[start - 1] in "sS") \
                and (rupees := _RUPEES_BEFORE_RE.search(text, max(0, start - _RUPEES_REACH), start)) is not None:
            # "Rs 1,350", "Rs. 50": rupees, which South Asian texts write so (no symbol of their own)
            unit, start = "INR", rupees.start()
        elif ((len(raw) <= 2 or _pence_decimals(raw)) and not (scale or ordinal) and text[end:end + 1] == "p"
              and not text[end + 1:end + 2].isalnum()):
            # "86p", "4.12p": pence (not "1080p", a resolution)
            value, unit, end = value / 100, "GBP", end + 1
            precision /= 100
        end = _trim_end(text, start, end)
        worded = _word_may_end_before(text, start)
        decline, rise = _directions(text, start, end, worded, unit)
        # (the fields in order: start, end, text, value, unit, ordinal, spelled, precision, hedge,
        # decline, measure, rise; tuple.__new__ skips the named tuple's Python-level __new__)
        found.append(_new_tuple(NumberMention, (
            start, end, text[start:end], value, unit, bool(ordinal), False, precision,
            hedge_before(text, start) if worded else None, decline, None, rise)))
    if zero_led:
        _four_digit_clocks(text, found)
    if spaced or ("," in text and _COMMA_CUE_RE.search(text) is not None):
        found.extend(_european_mention(text, m, hedges) for m, certain in _european_matches(text) if certain)
    lowered = text.lower() if text.isascii() else None
    for m in _spelled_matches(text, lowered, words):
        phrase, pct = m.group(0, "pct")
        begin = m.start()
        core = phrase[: m.start("pct") - begin] if pct else phrase
        parsed = _ONE_WORD.get(core) or parse_spelled(core)
        if parsed is None:
            # words that are no one number: each run that is ("the first nine months": an
            # ordinal, then a count)
            for lo, hi, piece in _spelled_pieces(core):
                last = hi == len(core.rstrip())
                found.append(_new_tuple(NumberMention, (
                    begin + lo, m.end() if pct and last else begin + hi,
                    text[begin + lo:m.end() if pct and last else begin + hi], piece[0],
                    "%" if pct and last else None, piece[1], True, 0.0, hedge_before(text, begin + lo),
                    False, None, False)))
            continue
        value, ordinal = parsed
        stripped = core.strip()
        if stripped.lower() in ("a", ""):
            continue
        end = m.end() if pct else begin + len(core.rstrip())
        found.append(_new_tuple(NumberMention, (
            begin, end, text[begin:end], value, "%" if pct else None, ordinal, True, 0.0,
            hedge_before(text, begin), False, None, False)))
    # the rarer forms only where their word occurs in the text lower-cased (beyond ASCII too: see
    # ignorecase_lowered; each pattern scanned the whole of a passage with an en dash or an
    # accent, ~100 µs on 400 characters)
    words_text = lowered if lowered is not None else ignorecase_lowered(text)
    if words_text is None or "dozen" in words_text:
        found.extend(_digit_with_word_scale(text, found, hedges))
    if words_text is None or _holds_any(words_text, _FRACTION_WORDS):
        found.extend(_fractions(text, hedges))
    if words_text is None or _holds_any(words_text, _SCALED_FRACTION_CUES):
        found.extend(_scaled_fractions(text, hedges))
    if ":" in text:
        found.extend(_clock_times(text))
        found.extend(_seconds_clocks(text))
    _stamp_clocks(text, found)
    # (_spelled_clocks finds its cue words in the text lower-cased too)
    if words_text is None or _holds_any(words_text, _SPELLED_CLOCK_CUE_WORDS):
        found.extend(_spelled_clocks(text, lowered))
    if "/" in text:
        found.extend(_slash_lists(text))
    if (_AMPM_CUE_RE.search(text) if lowered is None else "m" in lowered and _AMPM_LOWER_CUE_RE.search(lowered)):
        found.extend(_clock_times(text, _AMPM_CLOCK_RE))
    if words_text is None or _holds_any(words_text, _DAY_PART_CUES if lowered is not None else _DAY_PART_WORDS):
        found.extend(_day_part_clocks(text))
    found.extend(_worded_clocks(text, found))
    if words_text is None or _holds_any(words_text, _MAGNITUDE_CUES):
        found.extend(_magnitudes(text))
    if len(found) > 1:
        found.sort(key=lambda n: (n.start, -n.end))
    return _ranges_shared(text, _with_measures(text, _drop_nested(found)))


#: The most words :func:`_spelled_pieces` reads as one number (a spelled amount is short).
_MAX_PIECE_WORDS = 6
_SPELLED_WORD_RE = re.compile(r"[^\s-]+")


def _spelled_pieces(core: str) -> Iterator[tuple[int, int, tuple[float, bool]]]:
    """(start, end, :func:`parse_spelled`) of the longest runs of ``core``, a match of number
    words that is no one number, that each read as one, left to right: "first nine" is "first"
    and "nine", "second twenty-five" is "second" and "twenty-five". A lone "a" is no number."""
    words = [(w.start(), w.end()) for w in _SPELLED_WORD_RE.finditer(core)]
    i = 0
    while i < len(words):
        for j in range(min(len(words), i + _MAX_PIECE_WORDS), i, -1):
            lo, hi = words[i][0], words[j - 1][1]
            piece = core[lo:hi]
            parsed = _ONE_WORD.get(piece.lower()) or parse_spelled(piece)
            if parsed is not None and piece.lower() != "a":
                yield lo, hi, parsed
                i = j
                break
        else:
            i += 1


def _spelled_matches(text: str, lowered: Optional[str],
                     words: Optional[tuple[list[str], list[int]]]) -> Iterator[re.Match[str]]:
    """The matches of ``_SPELLED_RE`` in ``text`` (of ``_SPELLED_LOWER_RE`` in ``lowered``, the
    text lower-cased when it is ASCII). With ``words``, tried only where a spelled number may
    start: a match opens at a word boundary with a whole number word, or with "a" and a space,
    so its first word is one of the runs, and one of :data:`_SPELLED_FIRST_WORDS`;
    :func:`matches_at` then finds what the scan finds. (Beyond ASCII too: a run IGNORECASE
    matches to a number word folds to it, "ſ" and the Kelvin sign by casefolding, "İ" and "ı" by
    :func:`raguard.normalize.text.fold_word`; a letter that folds to another only adds a start.)"""
    if words is None:
        if lowered is None:
            return _SPELLED_RE.finditer(text)
        if len(lowered) < _MIN_SPELLED_SEARCH:
            return _SPELLED_LOWER_RE.finditer(lowered)
        from raguard.normalize.dates import matches_at

        return matches_at(_SPELLED_LOWER_RE, lowered, _spelled_starts(lowered))
    from raguard.normalize.dates import matches_at

    norms, starts = words
    # (the words tested in C: a comprehension ran Python code for each of a document's ~300 words)
    first = list(compress(starts, map(_SPELLED_FIRST_WORDS.__contains__, norms)))
    return matches_at(_SPELLED_RE, text, first) if lowered is None else matches_at(_SPELLED_LOWER_RE, lowered, first)


def _spelled_starts(lowered: str) -> list[int]:
    r"""Where a ``_SPELLED_LOWER_RE`` match can start in lower-cased ASCII text, ascending (a
    superset: :func:`matches_at` then finds what the scan finds): a match opens at a word
    start (``\b`` before a letter) with a number word, all of whose first three letters are
    :data:`_NUMBER_PREFIXES`, or with an "a" at a word start, spaces or tabs and a scale word,
    which starts with one of them too. Found by a substring search for each (the scan tries the
    pattern at every letter it may open with: ~170k instructions on a 500-character answer)."""
    found: set[int] = set()
    for prefix in _NUMBER_PREFIXES:
        i = lowered.find(prefix)
        while i >= 0:
            if i == 0 or not (lowered[i - 1].isalnum() or lowered[i - 1] == "_"):  # (\b before a letter)
                found.add(i)
                if prefix in _SCALE_PREFIXES:  # "a hundred": the "a" before the spaces too
                    j = i
                    while j > 0 and lowered[j - 1] in " \t":
                        j -= 1
                    if 0 < j < i and lowered[j - 1] == "a":
                        found.add(j - 1)
            i = lowered.find(prefix, i + 1)
    return sorted(found)


#: The first three letters of each number word (each has three or more).
_NUMBER_PREFIXES = tuple(sorted({word[:3] for word in _NUMBER_WORD.split("|")}))
#: ... of each scale word, which an "a" may open a spelled number before ("a hundred").
_SCALE_PREFIXES = frozenset(word[:3] for word in _WORD_SCALES)
#: Below this many characters a lower-cased text is scanned whole for spelled numbers (the
#: searches for :data:`_NUMBER_PREFIXES` cost more than the scan of a short one: callgrind, even
#: near 170 characters; 30% less at 500).
_MIN_SPELLED_SEARCH = 256


#: The measures of a time of day: "clock" when the hour is certain (am/pm said, or a 24-hour
#: reading: "19:55", "07:30"), "clock12" when it may be either half of the day ("7:55").
CLOCK = "clock"
CLOCK12 = "clock12"
CLOCK_MEASURES = frozenset({CLOCK, CLOCK12})

# "7:55 PM", "19:55", "7:55"; not "1:23:45" (a timestamp), "3:1" (a score), "10:30am-ish" is read.
_CLOCK_RE = re.compile(
    r"(?:(?<=\dT)|(?<![\w.:,]))(?P<h>[01]?\d|2[0-3]):(?P<mi>[0-5]\d)(?![\d:]|[.,]\d)"
    r"(?:[ \t]?(?P<ap>[AaPp]\.[Mm]\.|[AaPp]\.?[Mm]\b))?"
)


# "6.15am", "6.15 p.m.", "9 am": an hour with its am/pm, minutes after the British dot (a dot
# without am/pm is a decimal point, an hour without it a number)
# what an hour with am/pm needs: a digit, then "am"/"pm" (a cheap scan: the pattern below,
# tried at every position, cost ~14 µs on a 300-word document)
_AMPM_CUE_RE = re.compile(r"\d[ \t]?[AaPp]\.?[Mm]")
# the same in ASCII text lower-cased, found from its "m" (re scans for one character about four
# times faster than for a digit; the digit and the "a"/"p" are looked for behind it)
_AMPM_LOWER_CUE_RE = re.compile(r"m(?:(?<=[0-9][ap]m)|(?<=[0-9][ \t][ap]m)|(?<=[0-9][ap]\.m)|(?<=[0-9][ \t][ap]\.m))")
_AMPM_CLOCK_RE = re.compile(
    r"(?<![\w.:,£$€¥])(?P<h>1[0-2]|0?[1-9])(?:\.(?P<mi>[0-5]\d))?[ \t]?(?P<ap>[AaPp]\.[Mm]\.|[AaPp]\.?[Mm]\b)"
)


# after four digits, a time zone ("1015 GMT", "0505 UTC", "2200 hrs"); after "12", "noon" or
# "midnight": the number is a time of day (read after the digits are found, at each one)
# (a "Z" glued on is UTC, as aviation writes it: "2140Z"; "LT" local time, as shipping does)
_ZONE_AFTER_RE = re.compile(r"[ \t]?(?:GMT|UTC|UT|BST|CEST|CET|EST|EDT|PST|PDT|hrs|LT)\b|[Zz]\b")
_NOON_AFTER_RE = re.compile(r"(?<![ \t])[ \t]+(?:noon|midday|midnight)\b", re.IGNORECASE)  # (a run from its start)


def _worded_clocks(text: str, found: list[NumberMention]) -> list[NumberMention]:
    """Times of day told by a word after their digits: "1015 GMT", "2200 hrs", "12 noon". The
    span takes the word in, so the time wins over the bare number."""
    out = []
    for n in found:
        digits = n.text
        if (len(digits) != 4 and digits != "12") or n.unit or n.measure or n.spelled or not digits.isdigit():
            continue
        if len(digits) == 4 and digits[0] in "012":
            m = _ZONE_AFTER_RE.match(text, n.end)
            hour, minute = int(digits[:2]), int(digits[2:])
            if m is None or hour > 23 or minute > 59:
                continue
        elif digits == "12":
            m = _NOON_AFTER_RE.match(text, n.end)
            if m is None:
                continue
            hour, minute = 12, 0
        else:
            continue
        measure = CLOCK if hour > 12 or hour == 0 or digits.startswith("0") else CLOCK12
        out.append(NumberMention(start=n.start, end=m.end(), text=text[n.start:m.end()],
                                 value=float(hour * 60 + minute), measure=measure))
    return out


# Four digits are a 24-hour time as logs, rotas and ship's logs write it ("0530 Reduced speed",
# "0400-0800 WATCH"): certain with a leading zero (no count or year is written so), or joined by
# a dash to one that has it; "1530" alone may be a count or a year, and is read as a time only
# where the answer's time finds no other support (:func:`loose_numbers`)
_FOUR_DIGITS_RE = re.compile(r"(?:[01]\d|2[0-3])[0-5]\d")
_CLOCK_DASHES = ("-", "–")


def _four_digit_time(text: str, n: NumberMention) -> Optional[int]:
    """Minutes after midnight of a mention written as four digits that read as a 24-hour time,
    else None: not beside other digits ("0800 123 4567", a telephone number), after "+" or "#",
    or before a unit ("0500 mm")."""
    digits = n.text
    if len(digits) != 4 or not digits.isascii() or _FOUR_DIGITS_RE.fullmatch(digits) is None:
        return None
    before, after = text[max(0, n.start - 2):n.start], text[n.end:n.end + 2]
    if (before[-1:] in ("+", "#") or (len(before) == 2 and before[0].isdigit() and before[1] in " \t"
                                      and _DATE_BEFORE_RE.search(text, max(0, n.start - 12), n.start) is None)
            or (len(after) == 2 and after[0] in " \t" and after[1].isdigit()) or unit_after(text, n.end) is not None):
        return None
    return int(digits[:2]) * 60 + int(digits[2:])


# a date right before four digits, which makes them its time ("ETA 06/11 0400", "07.11. 2200",
# "2026-11-06 1430"), not a telephone number's next group ("0800 123 4567")
_DATE_BEFORE_RE = re.compile(r"(?<![\w/.\-])(?:\d{1,2}[/.]\d{1,2}\.?|\d{1,2}([/.\-])\d{1,2}\1\d{2,4}|\d{4}-\d\d-\d\d)[ \t]\Z")


def _four_digit_clocks(text: str, found: list[NumberMention]) -> None:
    """Read in place, as times of day, the values of ``found`` (digits only, in text order) that
    are four digits with a leading zero, and those a dash joins to one ("0400-0800")."""
    times = [(i, minutes) for i, n in enumerate(found) if (minutes := _four_digit_time(text, n)) is not None]
    # (after a dash, four digits are a time only as a range's end: "CVE-2025-0147" is an id)
    certain = {i for i, _ in times if found[i].text[0] == "0" and text[found[i].start - 1:found[i].start] not in _CLOCK_DASHES}
    for (i, _), (j, _) in zip(times, times[1:]):
        if (j == i + 1 and "0" in (found[i].text[0], found[j].text[0]) and text[found[i].end:found[j].start] in _CLOCK_DASHES
                and text[found[i].start - 1:found[i].start] not in _CLOCK_DASHES):
            certain |= {i, j}
    for i, minutes in times:
        n = found[i]
        if i in certain and _ZONE_AFTER_RE.match(text, n.end) is None:  # ("1015 GMT": _worded_clocks)
            found[i] = n._replace(value=float(minutes), measure=CLOCK)


# A CSV row's cells: a time of day glued between commas ("2026-03-14,07:30,08:00,1.25") is left
# unread by _CLOCK_RE (a comma before digits may be a decimal or thousands comma), and is read
# here only with its row (see the numbers checker): which times and values share a line.
_CSV_CLOCK_CELL_RE = re.compile(r"(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?")
_CSV_VALUE_CELL_RE = re.compile(r"-?\d+(?:\.\d+)?")
#: How many commas a line needs to be read as a row of cells.
_CSV_MIN_COMMAS = 2


class CsvRow(NamedTuple):
    """One line of comma-separated cells that holds a time of day: its times and its plain
    values (each a :class:`NumberMention` at its place in the text)."""

    clocks: tuple[NumberMention, ...]
    values: tuple[NumberMention, ...]


def csv_rows(text: str) -> list[CsvRow]:
    """The lines of ``text`` that are comma-separated rows holding a time of day in a cell of
    its own ("2026-03-14,07:30,08:00,1.25"), with the times and plain values of their cells."""
    rows: list[CsvRow] = []
    pos = 0
    for line in text.splitlines(keepends=True):
        start, pos = pos, pos + len(line)
        if line.count(",") < _CSV_MIN_COMMAS or ":" not in line:
            continue
        clocks: list[NumberMention] = []
        values: list[NumberMention] = []
        at = start
        for cell in line.rstrip("\r\n").split(","):
            body = cell.strip()
            lead = at + (len(cell) - len(cell.lstrip()))
            at += len(cell) + 1
            if _CSV_CLOCK_CELL_RE.fullmatch(body):
                parts = body.split(":")
                minutes = int(parts[0]) * 60 + int(parts[1]) + (int(parts[2]) / 60 if len(parts) == 3 else 0)
                hour = parts[0]
                measure = CLOCK if int(hour) > 12 or int(hour) == 0 or hour.startswith("0") else CLOCK12
                clocks.append(NumberMention(lead, lead + len(body), body, float(minutes), measure=measure))
            elif _CSV_VALUE_CELL_RE.fullmatch(body):
                values.append(NumberMention(lead, lead + len(body), body, float(body)))
        if clocks:
            rows.append(CsvRow(tuple(clocks), tuple(values)))
    return rows


# "02:05:12", "14:30:00.5", an ISO timestamp's "T02:05:12.660Z", the Common Log Format's
# "17/Sep/2026:02:05:12": a time of day to the second (two digits for the hour: "1:23:45" is a
# timestamp in a clip or a lap), valued in minutes with the seconds as a fraction (see same_time)
_SECONDS_CLOCK_RE = re.compile(
    r"(?:(?<=\dT)|(?<=[A-Za-z]/\d{4}:)|(?<![\w.:,]))(?P<h>[01]\d|2[0-3]):(?P<mi>[0-5]\d):(?P<s>[0-5]\d)(?:[.,]\d{1,9})?(?![\d:]|[.,]\d)"
)


_SECONDS_CUE_RE = re.compile(r":[0-5]\d:[0-5]\d")  # (a literal first: a fast scan)


def _seconds_clocks(text: str) -> Iterator[NumberMention]:
    cue = _SECONDS_CUE_RE.search(text)
    if cue is None:
        return
    for m in _SECONDS_CLOCK_RE.finditer(text, max(0, cue.start() - 2)):
        value = int(m.group("h")) * 60 + int(m.group("mi")) + int(m.group("s")) / 60
        yield NumberMention(m.start(), m.end(), m.group(0), value, measure=CLOCK)


def _stamp_clocks(text: str, found: list[NumberMention]) -> None:
    """The times of day of the all-digit timestamps in ``text`` (see
    :mod:`raguard.normalize.stamps`): a labeled one's ("B) 2612140700") and a date-time
    group's ("140620Z") in place of the run of digits read as one number ("2612140700" is no
    count; its date is the dates reader's), a basic ISO one's ("20260917T1648") beside its
    date's digits."""
    for i, n in enumerate(found):
        size = len(n.text)
        if size < 6:
            continue  # (most numbers: one test)
        if size == 6 and text[n.end:n.end + 1] == "Z":
            dtg = dtg_time(text, n.start, n.end)
            if dtg is not None:
                found[i] = NumberMention(dtg[0], dtg[1], text[dtg[0]:dtg[1]], dtg[2], measure=CLOCK)
        elif size in STAMP_RUNS and n.text.isdigit():
            stamp = labeled_stamp(text, n.start, n.end)
            if stamp is not None:
                found[i] = NumberMention(stamp.time_start, stamp.time_end, text[stamp.time_start:stamp.time_end],
                                         stamp.minutes, measure=CLOCK)
    if "T" in text:
        found.extend(NumberMention(s.time_start, s.time_end, text[s.time_start:s.time_end], s.minutes, measure=CLOCK)
                     for s in basic_iso_stamps(text))


# "half past 10", "a quarter to six", "twenty past nine", "10 minutes to 4": a time of day in
# words, either half of the day ("to" only after "quarter" or "minutes": "ten to five" may be
# the hours from ten to five; "ten after six" is left out: "after 5" is common in prose, and
# each of its cues would cost a search)
_HOUR_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
               "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}
_MINUTE_WORDS = {"five": 5, "ten": 10, "twenty": 20, "twenty-five": 25, "twenty five": 25}
_SPELLED_CLOCK_RE = re.compile(
    r"(?=[ahqtf\d])\b(?:(?P<half>half)|(?:a[ \t]+)?(?P<quarter>quarter)"
    r"|(?P<mins>[1-5]?\d|twenty[ \t-]five|five|ten|twenty)(?P<unit>[ \t]+minutes)?)"
    r"[ \t]+(?P<rel>past|to)[ \t]+"
    r"(?P<h>1[0-2]|0?[1-9]|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b(?![.,:]\d)",
    re.IGNORECASE,
)
# what follows the minutes in every match, found first (the pattern tried at every position of
# a text cost as much as all its digits): a word, then the hour
_SPELLED_CLOCK_CUE_RE = re.compile(
    r"(?:past|quarter[ \t]+to|minutes[ \t]+to)[ \t]+(?:1[0-2]|0?[1-9]|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b",
    re.IGNORECASE,
)
# the hour after a cue word found by str.find in lower-cased text (each word is found faster
# than a scan could try a pattern at every position)
_CLOCK_HOUR_AFTER_RE = re.compile(
    r"(?<![ \t])[ \t]+(?:1[0-2]|0?[1-9]|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b")
_SPELLED_CLOCK_CUE_WORDS = ("past", "quarter to", "minutes to")
#: How far before its cue a _SPELLED_CLOCK_RE match can start ("a quarter", "twenty-five minutes").
_SPELLED_CLOCK_REACH = 24


def _spelled_clock_cues(text: str, lowered: Optional[str]) -> list[tuple[int, int]]:
    """(start, end) of each cue of a spelled time, "past 10", "quarter to six", in order."""
    if lowered is None:
        lowered = text.lower()
        if len(lowered) != len(text):  # (a letter lower() folds to two: "İ")
            return [m.span() for m in _SPELLED_CLOCK_CUE_RE.finditer(text)]
    cues = []
    for word in _SPELLED_CLOCK_CUE_WORDS:
        at = lowered.find(word)
        while at >= 0:
            hour = _CLOCK_HOUR_AFTER_RE.match(lowered, at + len(word))
            if hour is not None:
                cues.append((at, hour.end()))
            at = lowered.find(word, at + len(word))
    cues.sort()
    return cues


def _spelled_clocks(text: str, lowered: Optional[str]) -> Iterator[NumberMention]:
    """Times of day in words ("half past 10"), each read where a cue ends. ``lowered``: the text
    lower-cased when it is ASCII, else None."""
    pos = 0
    for cue_start, cue_end in _spelled_clock_cues(text, lowered):
        if cue_end <= pos:
            continue
        start = max(pos, cue_start - _SPELLED_CLOCK_REACH)
        m = _SPELLED_CLOCK_RE.search(text, start, cue_end + 2)
        while m is not None and m.end() != cue_end:  # (a match of an earlier cue: "ten to five")
            m = _SPELLED_CLOCK_RE.search(text, m.start() + 1, cue_end + 2)
        if m is None:
            continue
        pos = m.end()
        half, quarter, mins, rel = m.group("half", "quarter", "mins", "rel")
        rel = rel.casefold()
        if half:
            minutes = 30  # (only "past": the cues of "to" are "quarter to" and "minutes to")
        elif quarter:
            minutes = 15
        else:
            if rel == "to" and not m.group("unit"):
                continue
            word = " ".join(mins.casefold().replace("-", " ").split())
            minutes = int(word) if word.isdigit() else _MINUTE_WORDS[word]
            if not 0 < minutes < 60:
                continue
        h = m.group("h").casefold()
        hour = int(h) if h.isdigit() else _HOUR_WORDS[h]
        value = hour * 60 + minutes if rel != "to" else (hour - 1) * 60 + 60 - minutes
        yield NumberMention(m.start(), m.end(), m.group(0), float(value % 720), spelled=True, measure=CLOCK12)


# an hour told by the part of the day after it, as people say times: "11 in the morning", "six
# in the evening", "10 at night", "3 o'clock" (either half of the day)
_DAY_PART_RE = re.compile(
    r"(?<![\w.:,£$€¥])(?P<h>1[0-2]|0?[1-9]|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
    r"[ \t]+(?:(?P<oclock>o['’]clock)|in[ \t]+the[ \t]+(?P<part>morning|afternoon|evening)|at[ \t]+night)\b",
    re.IGNORECASE,
)
_DAY_PART_CUES = ("o'clock", "o’clock", "in the morning", "in the afternoon", "in the evening", "at night")
# ... and the words every match holds, for a text beyond ASCII (whose every pattern ran before
# these tests: the phrases above miss "in  the morning", which the pattern reads)
_DAY_PART_WORDS = ("clock", "morning", "afternoon", "evening", "night")


def _day_part_clocks(text: str) -> Iterator[NumberMention]:
    """Times of day told by their part of the day ("11 in the morning": 11:00; "10 at night":
    22:00, "2 at night" 02:00), or by "o'clock" (a 12-hour time), in minutes after midnight."""
    for m in _DAY_PART_RE.finditer(text):
        h = m.group("h").casefold()
        hour = int(h) if h.isdigit() else _HOUR_WORDS[h]
        part = (m.group("part") or "").casefold()
        measure = CLOCK
        if m.group("oclock"):
            measure = CLOCK12
        elif part == "morning":
            hour %= 12
        elif part:  # afternoon, evening
            hour = hour % 12 + 12
        elif hour == 12:
            hour = 0  # "12 at night"
        elif hour >= 6:  # "at night" from six; "2 at night" is 02:00
            hour += 12
        yield NumberMention(m.start(), m.end(), m.group(0), float(hour * 60), spelled=not h.isdigit(),
                            measure=measure)


def _clock_times(text: str, pattern: re.Pattern[str] = _CLOCK_RE) -> Iterator[NumberMention]:
    """Times of day ("7:55 PM", "19:55"), valued in minutes after midnight: a changed time is a
    changed value, and the digits around a colon are not read as numbers otherwise."""
    for m in pattern.finditer(text):
        hour, minute, half = int(m.group("h")), int(m.group("mi") or 0), m.group("ap")
        if half:
            if not 1 <= hour <= 12:
                continue  # "19:55 pm" is no time
            hour = hour % 12 + (12 if half[0] in "Pp" else 0)
            measure = CLOCK
        else:
            measure = CLOCK if hour > 12 or hour == 0 or m.group("h").startswith("0") else CLOCK12
        yield NumberMention(start=m.start(), end=_trim_end(text, m.start(), m.end()),
                            text=text[m.start():_trim_end(text, m.start(), m.end())],
                            value=float(hour * 60 + minute), measure=measure)


#: A bare plural scale word states an order of magnitude ("millions of dollars"): [scale, 1000 x scale).
MAGNITUDE = "magnitude"
_MAGNITUDE_SCALES = {"hundreds": 1e2, "thousands": 1e3, "millions": 1e6, "billions": 1e9, "trillions": 1e12}
_MAGNITUDE_CUES = tuple(_MAGNITUDE_SCALES)
_MAGNITUDE_RE = re.compile(
    r"(?<![\w.,-])(?:(?P<lead>tens|hundreds)[ \t]+of[ \t]+)?(?P<scale>hundreds|thousands|millions|billions|trillions)\b",
    re.IGNORECASE,
)


def _magnitudes(text: str) -> Iterator[NumberMention]:
    """Bare plural scale words ("millions of dollars", "tens of thousands"), each an order of
    magnitude: the smallest value it covers, read with :func:`same_magnitude`."""
    for m in _MAGNITUDE_RE.finditer(text):
        value = _MAGNITUDE_SCALES[m.group("scale").casefold()]
        lead = m.group("lead")
        if lead:
            value *= 10.0 if lead.casefold() == "tens" else 100.0
        yield NumberMention(m.start(), m.end(), m.group(0), value, spelled=True, measure=MAGNITUDE)


def same_magnitude(claim: NumberMention, doc: NumberMention) -> bool:
    """Does the document support the answer's order of magnitude ("millions" for "$4.2 million")?
    A value from the order up to a thousand times it, or the same words; a document's bare order
    supports no exact value."""
    if doc.measure == MAGNITUDE:
        return claim.measure == MAGNITUDE and claim.value == doc.value
    if claim.measure != MAGNITUDE or doc.measure or doc.unit == "%":
        return False
    # up to the next order a speaker would name: "hundreds" below a thousand, "tens of thousands"
    # below a hundred thousand, "millions" below a billion
    words = claim.text.casefold().split()
    step = 10.0 if words[0] in ("tens", "hundreds") else 1000.0
    return claim.value <= abs(doc.value) < claim.value * step


def same_time(claim: NumberMention, doc: NumberMention) -> bool:
    """Do two mentions, one of them a time of day, state the same time? A time said without
    am/pm matches either half of the day; the answer's time on the hour matches a bare number in
    the document ("7:00 PM" / "let's make it 7"), as a time of day is often said. (Not the other
    way round: the answer's bare "7" is a number, checked as one.)"""
    if claim.measure in CLOCK_MEASURES and doc.measure in CLOCK_MEASURES:
        told = doc.value
        if told % 1 and not claim.value % 1:
            told = float(int(told))  # "02:05:12" states the minute "02:05" (its seconds are a fraction)
        if CLOCK12 in (claim.measure, doc.measure):
            return claim.value % 720 == told % 720
        return claim.value == told
    if claim.measure not in CLOCK_MEASURES or doc.unit or doc.measure or doc.ordinal:
        return False
    if _DOTTED_TIME_RE.fullmatch(doc.text):
        # "lunch at 12.30": a British time, hours and minutes apart by a dot (a bare decimal
        # matches only the time it spells, "12:30", either half of the day)
        hours, minutes = doc.text.split(".")
        return claim.value % 720 == (int(hours) * 60 + int(minutes)) % 720
    if claim.value % 60:
        return False
    return 1 <= doc.value <= 12 and doc.value % 12 == (claim.value // 60) % 12


_DOTTED_TIME_RE = re.compile(r"(?:[01]?\d|2[0-3])\.[0-5]\d")


def _pence_decimals(raw: str) -> bool:
    """Is ``raw`` a price in pence with decimals, as share prices are quoted ("4.12", "0.5")?"""
    whole, dot, part = raw.partition(".")
    return bool(dot) and 1 <= len(whole) <= 2 and 1 <= len(part) <= 2 and whole.isdigit() and part.isdigit()


def _holds_any(text: str, words: tuple[str, ...]) -> bool:
    """``any(w in text for w in words)`` without a generator (on every answer's path)."""
    for word in words:
        if word in text:
            return True
    return False


def _with_measures(text: str, mentions: list[NumberMention]) -> list[NumberMention]:
    """Each mention with the unit of measure written right after it, if any."""
    out = []
    for n in mentions:
        if n.unit is None and not n.ordinal and n.measure is None:
            unit = unit_after(text, n.end)
            if unit is None:
                unit = unit_key_before(text, n.start)  # "timeout_ms: 2500"
            if unit is not None:
                n = n._replace(measure=unit)
        out.append(n)
    return out


# between the two ends of a range: "41 to 42 percent", "10-12 mg", "between 3 and 5 km"; or
# two alternatives, which share the unit as the ends of a range do ("at 6 or 7:30 p.m.")
# ((?<!...): a run is tried from its start only, so a long one is scanned once)
_RANGE_GAP_RE = re.compile(r"(?<![ \t])[ \t]*(?:[-–—]|to|and|or)[ \t]*")
_LITERAL_RE = re.compile(r"(?<![\d,])\d[\d,]*(?:\.\d+)?")
_FACTORS = (1e-2, 1e3, 1e6, 1e9, 1e12)  # (hundredths: "4.2 to 4.6 cents")


def _ranges_shared(text: str, mentions: list[NumberMention]) -> list[NumberMention]:
    """The two ends of a range with what one of them writes for both: "41 to 42 percent" is 41%
    and 42%, "10-12 mg" 10 mg, "$ 1.55 to 1.60 billion" $1.55 billion and $1.60 billion, "4.2
    to 4.6 cents" 0.042 and 0.046."""
    out = list(mentions)
    for i in range(len(out) - 1):
        a, b = out[i], out[i + 1]
        if b.start - a.end > 5 or a.ordinal or b.ordinal or not _RANGE_GAP_RE.fullmatch(text, a.end, b.start):
            continue
        if text[a.end:b.start].strip() == "and" and not text[max(0, a.start - 8):a.start].lower().endswith("between "):
            continue  # "3 and 5 km" is a range only after "between"
        if a.unit is None and a.measure is None and (b.unit is not None or b.measure is not None):
            a = out[i] = a._replace(unit=b.unit, measure=b.measure)
        elif b.unit is None and b.measure is None and a.unit is not None and a.unit != "%":
            b = out[i + 1] = b._replace(unit=a.unit)  # "$ 1.55 to 1.60 billion" (a currency only:
            # "up 8% to 412 stores" is no range)
        clocks = b.measure in CLOCK_MEASURES and a.measure in CLOCK_MEASURES
        dotted = _DOTTED_TIME_RE.fullmatch(a.text) if clocks else None
        if clocks and (a.text.isdigit() or dotted) and 1 <= int(a.value) <= 12:
            # "from 2 to 4 p.m.", "from 6.30 to 8.30 am", "open 9–5:30": the hour (and the
            # minutes after a British dot) takes the second end's half of the day (minutes since
            # midnight, as a time of day is read), unless that would put it after the end
            minutes = a.value * 60 if dotted is None else int(a.text[:-3]) * 60 + int(a.text[-2:])
            if b.value >= 720 and minutes + 720 <= b.value:
                minutes += 720
            a = out[i] = a._replace(value=minutes)
        if a.unit != b.unit or a.measure != b.measure:
            continue  # "rose 8% to $412.6 million": two values of two kinds, no range
        factor = _factor(b)
        if factor != 1 and _factor(a) == 1 and abs(a.value * factor) <= abs(b.value) * 10:
            a = out[i] = a._replace(value=a.value * factor,
                                    precision=0.5 * factor * 10 ** -_decimals(a) if factor > 1 else a.precision)
    return out


def _factor(n: NumberMention) -> float:
    """The scale a mention's text puts on its digits ("1.60 billion": 1e9), or 1."""
    m = _LITERAL_RE.search(n.text)
    if m is None or n.spelled:
        return 1.0
    literal = float(m.group().replace(",", ""))
    if not literal:
        return 1.0
    ratio = abs(n.value) / literal
    return next((f for f in _FACTORS if abs(ratio - f) < f * 1e-6), 1.0)


_FRACTION_RE = re.compile(
    r"(?=[aotf])\b(?P<num>a|an|one|two|three|four)[ \t-]+(?P<den>thirds?|quarters?|fifths?|tenths?)\b(?![ \t-]+(?:of[ \t]+)?(?:the[ \t]+)?(?:century|quarter|round|place|time))",
    re.IGNORECASE,
)
_FRACTION_NUM = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4}
_FRACTION_DEN = {"third": 3, "quarter": 4, "fifth": 5, "tenth": 10}
_FRACTION_WORDS = tuple(_FRACTION_DEN)


# a quarter of the year: "in a quarter", "in one quarter", unless "of" follows ("in a quarter of
# cases")
_PERIOD_QUARTER_RE = re.compile(r"\bin[ \t]+$", re.IGNORECASE)
_OF_AFTER_RE = re.compile(r"[ \t]+of\b", re.IGNORECASE)


def _fractions(text: str, hedges: bool = True) -> Iterator[NumberMention]:
    """"a third" = 33.3%, "three quarters" = 75%: a fraction is a rounded percentage."""
    for m in _FRACTION_RE.finditer(text):
        den = _FRACTION_DEN[m.group("den").casefold().rstrip("s")]
        num = _FRACTION_NUM[m.group("num").casefold()]
        if num >= den or (den == 4 and _PERIOD_QUARTER_RE.search(text, max(0, m.start() - 8), m.start())
                          and not _OF_AFTER_RE.match(text, m.end())):
            continue  # "in a quarter": a quarter of the year, no share
        yield NumberMention(m.start(), m.end(), m.group(0), 100.0 * num / den, unit="%",
                            spelled=True, hedge=(_hedge_before(text, m.start()) or "about") if hedges else None)


# "half a million", "a quarter of a billion", "two and a half thousand": a fraction of a scale
# word is an amount, not a percentage and a "million" of its own
_SCALED_FRACTION_RE = re.compile(
    r"(?=[\dahotfsen])\b(?:(?P<whole>\d+|one|two|three|four|five|six|seven|eight|nine|ten)[ \t]+and[ \t]+)?"
    r"(?P<frac>(?:a[ \t]+)?half|a[ \t]+quarter|one[ \t]+quarter|three[ \t]+quarters|a[ \t]+third|one[ \t]+third|"
    r"two[ \t]+thirds)(?:[ \t]+of)?(?:[ \t]+(?:a|an|one))?[ \t]+(?P<scale>hundred|thousand|million|billion|trillion)\b",
    re.IGNORECASE,
)
_SCALED_FRACTIONS = {"half": 1 / 2, "quarter": 1 / 4, "quarters": 3 / 4, "third": 1 / 3, "thirds": 2 / 3}
_SCALED_FRACTION_CUES = ("half", "quarter", "third")


def _scaled_fractions(text: str, hedges: bool = True) -> Iterator[NumberMention]:
    """"half a million" = 500,000, "a quarter of a million" = 250,000, "two and a half billion"."""
    for m in _SCALED_FRACTION_RE.finditer(text):
        whole = m.group("whole")
        count = 0.0 if whole is None else float(whole) if whole[0].isdigit() else float(_UNITS[whole.casefold()])
        fraction = _SCALED_FRACTIONS[m.group("frac").casefold().split()[-1]]
        value = (count + fraction) * _WORD_SCALES[m.group("scale").casefold()]
        # a third is a rounded amount ("a third of a million" for 330,000); a half or a quarter is not
        hedge = "about" if fraction in (1 / 3, 2 / 3) else None
        yield NumberMention(m.start(), m.end(), m.group(0), value, spelled=True,
                            hedge=(_hedge_before(text, m.start()) or hedge) if hedges else None)


_DIGIT_WORD_SCALE_RE = re.compile(
    r"(?=[\dafhnost])\b(?P<num>\d+(?:\.\d+)?|an?|one|two|three|four|five|six|seven|eight|nine|ten|half[ \t]+a)"
    r"[ \t]+(?P<scale>dozen)\b(?![ \t]*(?:or|to)\b)",
    re.IGNORECASE,
)
_DOZEN_COUNTS = {"a": 1.0, "an": 1.0, "half a": 0.5}
# a price right before "a dozen" (searched in the characters before it): a currency's sign or code
# before the figure, or a word of money after it ("€14.50", "USD 6", "80p", "3 euros"); not a year
_PRICE_BEFORE_RE = re.compile(r"(?:(?:[$€£¥]|\b[A-Z]{3}[ \t]?)\d[\d.,]*|\d(?:p|c|[ \t]?(?:cents?|pence|euros?|dollars?|pounds?)))"
                              r"[ \t]*\Z")


def _digit_with_word_scale(text: str, found: list[NumberMention], hedges: bool = True) -> Iterator[NumberMention]:
    """"3 dozen" = 36, "a dozen" = 12, "half a dozen" = 6 ("a dozen or so" is left alone, and
    "€14.50 a dozen" is a rate)."""
    for m in _DIGIT_WORD_SCALE_RE.finditer(text):
        num = " ".join(m.group("num").casefold().split())
        if num in ("a", "an") and _PRICE_BEFORE_RE.search(text, max(0, m.start() - 16), m.start()) is not None:
            continue  # "€14.50 a dozen" is a price per dozen, no count of twelve
        count = _DOZEN_COUNTS.get(num)
        if count is None:
            count = float(num) if num[0].isdigit() else float(_UNITS[num])
        yield NumberMention(m.start(), m.end(), m.group(0), count * 12, spelled=not num[0].isdigit(),
                            hedge=_hedge_before(text, m.start()) if hedges else None)


# "128/256/512 GB": options of three digits or more, not a date or a fraction ("9/30", "1/2"),
# four values or more of any size ("70/80/90/100 °C": a date has three parts at most), or values
# one of which has decimals ("sync 68.9/18.2": no date or fraction does)
_SLASH_LIST_RE = re.compile(r"(?<![\w.,/])\d+(?:\.\d+)?(?:/\d+(?:\.\d+)?)+(?![\w/]|[.,]\d)")


def _slash_lists(text: str) -> Iterator[NumberMention]:
    """Each value of a list joined by slashes ("128/256/512 GB": 128, 256 and 512; "70/80/90/100";
    "68.9/18.2")."""
    for m in _SLASH_LIST_RE.finditer(text):
        parts = m.group(0).split("/")
        if not (len(parts) >= 4 or all(len(p) >= 3 for p in parts) or any("." in p for p in parts)):
            continue
        start = m.start()
        for part in parts:
            yield NumberMention(start, start + len(part), part, float(part))
            start += len(part) + 1  # (the slash)


def _trim_end(text: str, start: int, end: int) -> int:
    while end > start and text[end - 1] in " \t":
        end -= 1
    return end


def _drop_nested(mentions: list[NumberMention]) -> list[NumberMention]:
    out: list[NumberMention] = []
    for n in mentions:
        if out and n.start < out[-1].end:
            # keep the longer of two overlapping mentions
            if (n.end - n.start) > (out[-1].end - out[-1].start):
                out[-1] = n
            continue
        out.append(n)
    return out


def _may_be_metres(n: NumberMention, other_measure: str) -> bool:
    """Is ``n`` a value with a bare lower-case "m" (read as a million: "5.68m", "100 m") that may
    be metres, beside a value measured in ``other_measure``, a length?"""
    if n.unit is not None or n.value < 1e3 or not n.text.endswith("m"):
        return False
    digits = n.text[:-1].rstrip(" \t").replace(".", "").replace(",", "")
    return digits.isdigit() and same_dimension(other_measure, "metre")


def _as_metres(n: NumberMention) -> NumberMention:
    """A "5.68m" read as a million, read as metres instead."""
    return n._replace(value=n.value / 1e6, precision=n.precision / 1e6, measure="metre")


def glued_digits(n: NumberMention) -> Optional[NumberMention]:
    """A document's "10.8m" or "700m" (read as a million) as its bare digits, 10.8 or 700: the "m"
    may be metres, and an answer that writes "10.8 m" or "above 700 m" gives those digits. None
    for any other value, and for a whole number under 100: a log's "25m" is minutes too (a log
    writes an hour past "59m"), and supports no count."""
    if not _may_be_metres(n, "metre"):
        return None
    bare = _as_metres(n)._replace(measure=None)
    return bare if "." in n.text or bare.value >= 100 else None


def matched_reading(claim: NumberMention, doc: NumberMention) -> NumberMention:
    """The reading of ``doc`` that :func:`values_match` matched ``claim`` with: its bare digits
    when only they match (:func:`glued_digits`), else ``doc``. Bounds are compared on it."""
    if claim.measure is None and claim.unit is None and doc.measure is None:
        bare = glued_digits(doc)
        if bare is not None and abs(claim.value - bare.value) < abs(claim.value - doc.value):
            return bare
    return doc


def _rounds_to(d: float, a: float, precision: float) -> bool:
    """Does ``d`` round to ``a``, a value rounded to within ``precision``? Half away from zero:
    $1.5bn rounds to $2bn, not to $1bn (the interval's outer end is open)."""
    tolerance = 1e-9 * max(1.0, abs(d))
    gap = abs(d) - abs(a)
    return abs(a - d) <= precision + tolerance and (a * d < 0 or gap < precision - tolerance)


def values_match(claim: NumberMention, doc: NumberMention) -> bool:
    """Does a document value support the answer's value, given the answer's hedge and rounding?

    Units are compared when both sides state one; a percentage needs a percentage, while a bare
    "42.5 million" supports "$42.5 million". A fall ("fell 3.2%") equals a negative change. Unhedged values must be equal, except that a value written with a scale word
    ("42.5 million") stands for the interval its last digit implies. Hedges widen the match:
    "about" by 10% either way, and by less than the step the answer's value is rounded to
    (:func:`granularity`); a value in another unit of the same measure is converted, and stands
    for its rounding ("4.8 tonnes" for 4,750 kg; "10 days" is not "10 weeks"); "more than"/"over" allow a document value up to 25% above,
    "nearly"/"under" up to 25% below.
    """
    if claim.measure in CLOCK_MEASURES or doc.measure in CLOCK_MEASURES:
        return same_time(claim, doc)
    if claim.measure == MAGNITUDE or doc.measure == MAGNITUDE:
        return same_magnitude(claim, doc)
    if claim.unit and doc.unit and claim.unit != doc.unit:
        return False
    # "5.68m" is a million or metres: beside a length in metres, it is read as metres
    if claim.measure is None and doc.measure is not None and _may_be_metres(claim, doc.measure):
        return values_match(_as_metres(claim), doc)
    if doc.measure is None and claim.measure is not None and _may_be_metres(doc, claim.measure):
        return values_match(claim, _as_metres(doc))
    if doc.text.endswith("m") and claim.measure is None and claim.unit is None and doc.measure is None:
        bare = glued_digits(doc)  # ("10.8 m" for a "10.8m": a million or metres)
        if bare is not None and values_match(claim, bare):
            return True
    if claim.unit == "%" and doc.unit != "%":
        return False  # "12 points" does not state "12%"
    a, d = claim.value, doc.value
    # the claim's rounding step, computed only where it is read (a string format, and most
    # comparisons end before it is needed)
    precision, step = claim.precision, None
    if claim.measure and doc.measure and claim.measure != doc.measure:
        if not same_dimension(claim.measure, doc.measure):
            return False
        if in_base_unit(1.0, claim.measure) != in_base_unit(1.0, doc.measure):
            # "4.8 tonnes" for "4,750 kg": a value restated in another unit stands for its rounding
            # (at most 5% either way: "500 km" could be rounded to hundreds, not to 500s)
            step = granularity(a)
            precision = in_base_unit(max(precision, min(0.5 * step, 0.05 * abs(a))), claim.measure)
            step = in_base_unit(step, claim.measure)
            a, d = in_base_unit(a, claim.measure), in_base_unit(d, doc.measure)
    if (claim.decline and doc.rise) or (claim.rise and doc.decline):
        return False  # "down 9%" for "+9 %", "up 9%" for "9% down": the opposite change
    if (claim.decline and a > 0 and d < 0) or (doc.decline and d > 0 and a < 0):
        d = -d
    elif a > 0 > d and (doc.measure or (claim.unit and claim.unit != "%")) and claim.text[:1] not in "-−–+" \
            and not claim.rise:
        # a sign on a measure or on money is a direction the answer says in words ("weight
        # change −3.1 kg" / "lost 3.1 kg", a budget's "-21.10" / "£21.10 under"); on a share or
        # a bare value it is the value ("growth −3.2%"), and a bare one may be a temperature
        d = -d
    if abs(a - d) <= 1e-9 * max(1.0, abs(d)):
        return True
    if precision and _rounds_to(d, a, precision):
        return True
    hedge = claim.hedge
    if not hedge or d == 0:
        return False
    scale = abs(d)
    if hedge in HEDGE_APPROX:
        # "about" excuses rounding, not a different value: "about 8,800" or "about 9,000" for
        # 8,849, but not "about 386" for 375 (words such as "a third" are round already)
        gap = abs(a - d)
        if gap > APPROX_TOLERANCE * scale:
            return False
        if claim.spelled:
            return True
        return gap < max(_step(claim, a) if step is None else step, 2 * precision)
    if hedge in HEDGE_ATLEAST:
        return d >= a and (d - a) <= DIRECTIONAL_TOLERANCE * scale
    if hedge == "up to":
        # a cap restates a cap, or a value rounded up to one: "up to 50" for 48, not "up to
        # 60,000" for 50,000 (a wider bound than the documents give)
        gap = a - d
        return 0 <= gap <= DIRECTIONAL_TOLERANCE * scale and gap < max(_step(claim, a) if step is None else step,
                                                                       2 * precision)
    if hedge in HEDGE_ATMOST:
        return d <= a and (a - d) <= DIRECTIONAL_TOLERANCE * scale
    return False


def _step(claim: NumberMention, value: float) -> float:
    """The step the answer's ``value`` is rounded to: its :func:`granularity`, or finer where the
    answer writes zeros after its decimal point ("2.0" is rounded to tenths, not to ones; "2.5"
    stays rounded to halves)."""
    step = granularity(value)
    written = _WRITTEN_ZEROS_RE.search(claim.text)
    return min(step, 10.0 ** -len(written.group(1))) if written is not None else step


# decimals written with a last zero ("2.0", "1.50"): the value's own digits do not show them
_WRITTEN_ZEROS_RE = re.compile(r"\d\.(\d*0)(?!\d)")


def granularity(value: float) -> float:
    """The step a value is rounded to, from its last significant digit: 8,800 -> 100, 8,850 -> 50,
    386 -> 1, 2.5 -> 0.5, 4.46 -> 0.01 (a last digit of 5 counts as rounding to fives)."""
    text = f"{abs(value):.6f}".rstrip("0")
    whole, _, decimals = text.partition(".")
    if decimals:
        step = 10.0 ** -len(decimals)
        return 5 * step if decimals[-1] == "5" else step
    digits = whole.lstrip("0")
    if not digits:
        return 1.0
    zeros = len(digits) - len(digits.rstrip("0"))
    step = 10.0 ** zeros
    return 5 * step if digits.rstrip("0")[-1] == "5" else step


def nearest(claim: NumberMention, candidates: list[NumberMention]) -> Optional[NumberMention]:
    """The document value closest to the claim (of a comparable kind: see :func:`comparable_units`);
    the first of equally close ones."""
    best: Optional[NumberMention] = None
    best_gap = float("inf")
    for cand in candidates:
        if not comparable_units(claim, cand):
            continue
        gap = value_gap(claim, cand)
        if gap < best_gap:
            best, best_gap = cand, gap
    return best


def comparable_units(claim: NumberMention, cand: NumberMention) -> bool:
    """May ``cand`` be named as the nearest value to ``claim``? Not with another unit, and an
    ordinal only for an ordinal, a count for a count ("third" is no hint for "4.8 tonnes")."""
    return (not (claim.unit and cand.unit and claim.unit != cand.unit) and cand.ordinal == claim.ordinal
            and (claim.measure in CLOCK_MEASURES) == (cand.measure in CLOCK_MEASURES))


def value_gap(claim: NumberMention, cand: NumberMention) -> float:
    """How far ``cand`` is from ``claim``, relative to the claim (at least 1): smaller is nearer."""
    return abs(cand.value - claim.value) / max(1.0, abs(claim.value))


class NumberLadder:
    """Values sorted, for :func:`nearest` over many documents without a scan of every value.

    ``mentions`` in their original order (documents in order, each in text order). The gap to a
    claim only grows walking away from it in sorted order, so the nearest value is found by
    walking out from the claim on both sides; equally close values go to the first mention, as
    in the scan, so the answer is exactly :func:`nearest`'s.
    """

    def __init__(self, mentions: list[NumberMention]) -> None:
        order = sorted(range(len(mentions)), key=lambda k: mentions[k].value)
        self._values = [mentions[k].value for k in order]
        self._ranked = [(k, mentions[k]) for k in order]

    def nearest(self, claim: NumberMention) -> Optional[NumberMention]:
        start = bisect_left(self._values, claim.value)
        found = [*self._closest(claim, range(start, len(self._values))),
                 *self._closest(claim, range(start - 1, -1, -1))]
        if not found:
            return None
        gap, _, mention = min(found, key=lambda f: (f[0], f[1]))
        return mention

    def _closest(self, claim: NumberMention, steps: range) -> list[tuple[float, int, NumberMention]]:
        """(gap, original position, mention) of the comparable values at the smallest gap met
        walking ``steps`` away from the claim (gaps never shrink along the walk)."""
        best = float("inf")
        found: list[tuple[float, int, NumberMention]] = []
        for i in steps:
            k, cand = self._ranked[i]
            gap = value_gap(claim, cand)
            if gap > best or not gap < float("inf"):
                break  # farther from here on (or infinite or NaN: never the nearest)
            if comparable_units(claim, cand):
                best = gap
                found.append((gap, k, cand))
        return found


_RATIO_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                "nine": 9, "ten": 10, "twenty": 20, "hundred": 100, "a hundred": 100, "a thousand": 1000}
# "one in five", "3 out of 10", "one in a hundred": a share; the second number is no year
_RATIO_RE = re.compile(
    r"(?=[\dotfsen])\b(?P<a>one|two|three|four|five|six|seven|eight|nine|\d{1,3})[ \t]+(?:in|out[ \t]+of)[ \t]+"
    r"(?P<b>two|three|four|five|six|seven|eight|nine|ten|twenty|a[ \t]+hundred|a[ \t]+thousand|\d{1,3})\b",
    re.IGNORECASE,
)


def ratio_shares(text: str) -> list[NumberMention]:
    """Shares written as a ratio ("one in five" = 20%, "3 out of 10" = 30%), as percentages: what
    a document says that way an answer may give as a percentage."""
    out = []
    for m in _RATIO_RE.finditer(text):
        a, b = (" ".join(m.group(g).casefold().split()) for g in ("a", "b"))
        num = float(a) if a.isdigit() else _RATIO_WORDS[a]
        den = float(b) if b.isdigit() else _RATIO_WORDS[b]
        if 0 < num < den:
            out.append(NumberMention(m.start(), m.end(), m.group(0), 100.0 * num / den, unit="%", spelled=True))
    return out


_CODE_RUN_RE = re.compile(r"[a-z]+|[0-9]+")
#: The longest code read as spoken (a unit, a grade, a part: "k2o", "b12", "a4").
_MAX_SPOKEN_CODE = 6


def _said(digits: str) -> list[list[str]]:
    """How a run of digits is said: digit by digit ("one two"), and, up to 99, as its number
    ("twelve", "twenty five")."""
    out = [[_SAID_UNITS[int(d)] for d in digits]]
    value = int(digits)
    if len(digits) == 2 and digits[0] != "0":
        said = ([_SAID_UNITS[value]] if value < 20 else
                [_SAID_TENS[value // 10 * 10]] + ([_SAID_UNITS[value % 10]] if value % 10 else []))
        if said != out[0]:
            out.append(said)
    return out


def spoken_code(word: str) -> list[list[str]]:
    """The words speech-to-text writes for a code of letters and digits as it is said ("k2o" ->
    "k two o", "b12" -> "b twelve" and "b one two"); empty for a word that is no such code
    (letters and digits both, at most six characters, folded)."""
    if not 2 <= len(word) <= _MAX_SPOKEN_CODE or word.isalpha() or word.isdigit() or not word.isascii():
        return []
    runs = _CODE_RUN_RE.findall(word)
    if "".join(runs) != word:
        return []
    out: list[list[str]] = [[]]
    for run in runs:
        options = _said(run) if run.isdigit() else [list(run)]
        out = [said + option for said in out for option in options]
    return out
