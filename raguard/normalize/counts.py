"""Counted nouns: "eight gold albums", "3 weeks" -> (8, ("gold", "album")), (3, ("week",)).

Counting words (two to ten) are too common to check as bare values: writers count names
themselves ("the two founders"). But when the documents count the same thing ("eight gold
albums") and never with the answer's number, "five gold albums" is a changed figure.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from raguard.normalize.measures import MEASURES, OTHER_LANGUAGE_UNITS
from raguard.normalize.stems import is_content_word, stem

COUNTING_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
_SPELLED = "|".join(COUNTING_WORDS)

# a whole number (not part of a decimal, range, sum or score), the number again in brackets as
# contracts write it ("six (6) months", "30 (thirty) days"), and the two words after it
_COUNTED_RE = re.compile(
    rf"(?<![\d.,$£€¥-])(?<![\d$£€¥][ \t])\b(?P<n>\d{{1,7}}|{_SPELLED}|one)(?![.,:/-]?\d)"
    rf"(?:[ \t]*\((?:\d{{1,7}}|{_SPELLED}|one)\))?"
    # the words in a lookahead: "one within ten business days" must leave "ten" to a match of its own;
    # a compound's hyphen joins them too ("a two-week trial"; read only when asked for)
    r"(?=(?:[ \t]+|-)(?P<words>[^\W\d_][\w'’-]*(?:[ \t]+[^\W\d_][\w'’-]*)?))",
    re.IGNORECASE,
)


# the end of a range or the whole of a ratio: "four to five hours", "4-5 hrs", "nine in ten
# participants" count no hours and no participants; a score's "7-5 in two hours" is no ratio
# (searched in the characters before a number)
_RANGE_OR_RATIO_BEFORE_RE = re.compile(
    rf"(?:(?<![\d.,:/-])\d+|\b(?:{_SPELLED}|one))[ \t]*(?:[-–]|(?:to|or|in|out[ \t]+of)[ \t])[ \t]*\Z", re.IGNORECASE)
_BEFORE_REACH = 16


class CountedNoun(NamedTuple):
    value: int
    key: tuple[str, ...]  # stems of the content words among the two words after the number
    start: int  # the number's span (a label's, "Visit 3")
    end: int
    phrase_end: int  # the end of the counted words ("8 gold albums")
    #: the key of both words after the number where ``key`` stops at a plural noun before the
    #: second ("3 months' gross rent": ("month", "gross")), else empty
    whole_key: tuple[str, ...] = ()


#: How often, joined to a number: "4-weekly" is every four weeks (a count of weeks).
_FREQUENCIES = {"hourly": "hours", "daily": "days", "weekly": "weeks", "monthly": "months", "yearly": "years"}


def counted_nouns(text: str, spelled_only: bool = False, compounds: bool = False) -> list[CountedNoun]:
    """Each number followed by words, with the stems of those words (content words only). With
    ``compounds``, also a number joined to its noun by a hyphen ("a two-week trial"): an answer
    counts so, but a document's "19-year history" or "24-hour desk" names a property, and is not
    read as a count that would flag the answer's other years or hours; a frequency is ("paid
    4-weekly": four weeks)."""
    out = []
    for m in _COUNTED_RE.finditer(text):
        compound = text[m.end("n"):m.end("n") + 1] == "-"
        if compound and not compounds:
            # (but "paid 4-weekly" is every four weeks: a count of weeks, not a property)
            every = _FREQUENCIES.get(m.group("words").split()[0].lower())
            if every is not None and not _RANGE_OR_RATIO_BEFORE_RE.search(text, max(0, m.start() - _BEFORE_REACH),
                                                                           m.start()):
                n = m.group("n").lower()
                value = int(n) if n.isdigit() else 1 if n == "one" else COUNTING_WORDS[n]
                if not (spelled_only and n.isdigit()):
                    out.append(CountedNoun(value, (_key_word(every),), m.start("n"), m.end("n"),
                                           m.start("words") + len(m.group("words").split()[0])))
            continue
        if _RANGE_OR_RATIO_BEFORE_RE.search(text, max(0, m.start() - _BEFORE_REACH), m.start()):
            continue
        n = m.group("n").lower()
        if n.isdigit():
            if spelled_only:
                continue
            value = int(n)
        else:
            value = 1 if n == "one" else COUNTING_WORDS[n]
        words = m.group("words").lower().split()
        key = tuple(_key_word(w) for w in words if is_content_word(w))
        if len(words) == 2 and (compound or _plural(words[0])) and is_content_word(words[0]):
            # "3 months' gross rent", "a two-week trial": the months and weeks are counted, the
            # rent and the trial are not
            whole, key = key, (_key_word(words[0]),)
            out.append(CountedNoun(value, key, m.start("n"), m.end("n"), m.start("words") + len(words[0]),
                                   whole if whole != key else ()))
        elif key:
            out.append(CountedNoun(value, key, m.start("n"), m.end("n"), m.end("words")))
    if "★" in text:
        out.extend(_star_ratings(text))
    if not spelled_only:
        out.extend(labelled_counts(text))
    out.sort(key=lambda c: c.start)
    return out


# a number from 1 to 99 after a word, as a label ("Visit 2", "Week 4 (8 July)"; not "Visit 2.5",
# "Room 12a", "Step 3/4", "Week 4%")
_LABEL_RE = re.compile(r"[ \t](?<=[^\W\d_][ \t])([1-9]\d?)(?![\d%]|[.,:/-]\d|[^\W\d_])")
_LABEL_WORD_RE = re.compile(r"(?<![\w'’-])[^\W\d_][\w'’-]*\Z")  # (searched in the characters before)
_LABEL_WORD_REACH = 24


def labelled_counts(text: str) -> list[CountedNoun]:
    """Things a text numbers from one ("Visit 1 ... Visit 2 ... Visit 3", "Week 1" to "Week 4"),
    counted by their highest label where every label from 1 up is there: three visits, four
    weeks. (A plan or a schedule numbers its parts more often than it counts them.)"""
    labels: dict[str, dict[int, tuple[int, int]]] = {}
    for m in _LABEL_RE.finditer(text):
        word = _LABEL_WORD_RE.search(text, max(0, m.start() - _LABEL_WORD_REACH), m.start())
        if word is None or not is_content_word(word.group().lower()):
            continue
        labels.setdefault(_key_word(word.group().lower()), {}).setdefault(int(m.group(1)), (word.start(), m.end(1)))
    out = []
    for key, found in labels.items():
        highest = max(found)
        if highest >= 2 and len(found) == highest:  # (every label from 1 up)
            start, end = found[highest]  # (the span of the last label: "Visit 3")
            out.append(CountedNoun(highest, (key,), start, end, end))
    return out


# the list a count's own sentence gives after a dash, a colon or a bracket: "the four stamps you
# kept — Aden, Ceylon, KUT and St Helena — totalling £46.10", "three rooms (kitchen, hall, attic)"
_LIST_OPEN_RE = re.compile(r"[ \t]*(?:[—–:(]|[ \t]-[ \t])[ \t]*")
_LIST_END_RE = re.compile(r"[—–:;()\n]|[ \t]-[ \t]|[.!?](?:[ \t]|\Z)")
# (a run of blanks is tried from its first blank only: an "and" looked for after every blank of a
# long run is quadratic)
_LIST_JOINT_RE = re.compile(r",[ \t]*(?:(?:and|or)[ \t]+)?|(?<![ \t])[ \t]+(?:and|or)[ \t]+")
#: How far after a count the list it counts may open (the counted noun and a clause about it).
_LIST_REACH = 60


def lists_its_count(text: str, end: int, value: float) -> bool:
    """Does the sentence of the count that ends at ``end`` list ``value`` items right after it
    (after a dash, a colon or a bracket, before the sentence or the aside ends): the answer
    counts the items it names itself, each checked on its own."""
    if not 2 <= value <= 10:
        return False
    stop = _LIST_END_RE.search(text, end, min(len(text), end + _LIST_REACH))
    if stop is None:
        return False
    opened = _LIST_OPEN_RE.match(text, stop.start())
    if opened is None:
        return False
    close = _LIST_END_RE.search(text, opened.end())
    items = _LIST_JOINT_RE.split(text[opened.end():close.start() if close is not None else len(text)])
    return len(items) == value and all(item.strip() for item in items)


# a range of labels from one after the word they label: "weeks 1-2", "Days 1 to 5", "sessions
# one to four" (the range's end, and the characters after it)
_LABEL_RANGE_RE = re.compile(
    rf"(?<![\w'’-])(?P<word>[^\W\d_][\w'’-]*)[ \t]+(?:1|one)[ \t]*(?:[-–—]|(?:to|through|thru)[ \t])[ \t]*"
    rf"(?P<n>[2-9]|[1-9]\d|{_SPELLED})(?![\d%]|[.,:/]\d|[^\W\d_])",
    re.IGNORECASE,
)


def labelled_ranges(text: str) -> list[CountedNoun]:
    """Things a text numbers from one in a range ("avoid ladders during weeks 1-2", "Days 1 to 5"),
    counted by the range's end: the first two weeks, five days. A plan gives "weeks 1-2" where an
    answer says "the first two weeks"."""
    out = []
    for m in _LABEL_RANGE_RE.finditer(text):
        word = m.group("word").lower()
        if not is_content_word(word):
            continue
        n = m.group("n").lower()
        out.append(CountedNoun(COUNTING_WORDS.get(n) or int(n), (_key_word(word),), m.start("n"), m.end("n"), m.end("n")))
    return out


# a rating drawn in stars, filled and empty ("★★★★☆": four stars of five)
_STARS_RE = re.compile(r"★+☆*")
_STAR_KEY = (stem("stars"),)


def _star_ratings(text: str) -> list[CountedNoun]:
    """Each rating ``text`` draws in star glyphs, as a count of stars (filled ones): review pages
    rate so, and an answer says "gave it four stars"."""
    return [CountedNoun(m.group().count("★"), _STAR_KEY, m.start(), m.end(), m.end())
            for m in _STARS_RE.finditer(text) if len(m.group()) >= 3]


def _plural(word: str) -> bool:
    """Does the word look like a plural noun ("months", "albums"; not "gold", "glass", "bonus")? A
    count's noun ends there, so what follows is not part of what is counted."""
    word = word.rstrip("'’")
    return len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is"))


def _key_word(word: str) -> str:
    """A counted word's part of the key: its stem, or for a unit of measure the stem of the
    unit's name, so that an abbreviation counts what the name counts ("5 min" and "five
    minutes", "2 hrs" and "two hours")."""
    return stem(_UNIT_NAMES.get(word, word))


def _unit_names() -> dict[str, str]:
    """Each one-word unit of :data:`MEASURES` -> the longest one-word English name of its unit
    ("min", "mins", "minute", "Minuten" -> "minutes")."""
    longest: dict[tuple[str, float], str] = {}
    for word, measure in MEASURES.items():
        if " " not in word and word not in OTHER_LANGUAGE_UNITS and len(word) > len(longest.get(measure, "")):
            longest[measure] = word
    return {word: longest[measure] for word, measure in MEASURES.items() if " " not in word}


_UNIT_NAMES = _unit_names()
