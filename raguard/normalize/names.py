"""Spans of names that contain a number ("iPhone 16", "Windows 11", "Apollo 11", "COVID-19").

Such numbers are checked as part of the name (by the entities checker), not as bare values.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterator, Optional

from raguard.normalize.dates import MONTHS, WEEKDAYS, matches_at
from raguard.normalize.measures import MEASURES
from raguard.normalize.numbers import OTHER_CURRENCY_CODES
from raguard.normalize.stems import content_stem

# A run of letters and "&" before " 16" / "-19"; the name is picked out of the run by
# _name_start. (As one pattern, \b[A-Za-z][A-Za-z&]*[A-Z][A-Za-z&]*..., it backtracked
# quadratically on long runs such as "AAAA..." or "A&A&A&...".) A number before "%" is a share,
# no name's: "VAT 17 %", "Tax 17%"; one before "/" and a digit is a date's or a fraction's ("DOS 3/11").
_NAME_NUMBER_RE = re.compile(r"(?<![A-Za-z&])(?P<run>[A-Za-z&]+)(?P<sep>[ \-])(?P<num>\d{1,4}[A-Za-z]?)\b(?![,./]\d|[ \t]*[-–][ \t]*\d|[ \t]?%)")

# the word right after a name's number, a unit there makes the number a measure's
_WORD_AFTER_RE = re.compile(r"[ \t]?([A-Za-z]{1,12})\b")

# Capitalized words that precede numbers without naming anything.
_NOT_NAMES = frozenset(
    {
        "in", "on", "at", "by", "since", "from", "to", "until", "about", "over", "under", "around",
        "nearly", "only", "the", "a", "an", "and", "or", "of", "for", "with", "after", "before",
        "between", "than", "some", "all", "top", "no", "number", "page", "pages", "step", "figure",
        "fig", "table", "chapter", "section", "level", "grade", "age", "aged", "circa", "approximately",
        "roughly", "almost", "just", "its", "his", "her", "their", "our", "we", "it", "they", "he",
        "she", "there", "these", "those", "this", "that", "was", "were", "is", "are", "had", "has",
        "have", "up", "down", "year", "years", "day", "days", "week", "weeks", "month", "months",
        "usd", "eur", "gbp", "jpy", "inr", "rs", "us", "q", "fy", "h", "vs", "per", "more", "less", "least",
        "most", "each", "every", "another", "other", "first", "last", "next", "then", "when", "while",
        "where", "which", "who", "what", "why", "how", "also", "still", "even", "nearly", "exactly",
        "ranked", "rank", "scored", "score", "won", "lost", "killed", "sold", "paid", "cost",
    }
) | {code.lower() for code in OTHER_CURRENCY_CODES}  # ("NOK 120 000" is an amount)


# The first digit of a _NAME_NUMBER_RE match, after a letter or "&" and " " or "-" (found by a
# fast scan for digits, the rest checked behind).
_NAME_NUMBER_CUE_RE = re.compile(r"\d(?<=[A-Za-z&][ \-]\d)")
_ASCII_NAME_NUMBER_CUE_RE = re.compile(r"[0-9](?<=[A-Za-z&][ \-]\d)")  # (for ASCII text: a range is tested faster)
_RUN_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz&")


def _name_number_matches(text: str) -> Iterator[re.Match[str]]:
    """``_NAME_NUMBER_RE.finditer(text)``, tried only where a run of letters starts before a
    separator and a digit: the scan tried the pattern at every letter of the text."""
    return matches_at(_NAME_NUMBER_RE, text, _run_starts(text))


def _run_starts(text: str) -> Iterator[int]:
    """Where a _NAME_NUMBER_RE match can start, in order: a match's run is the whole run of
    letters and "&" before its separator, so its start is found by walking back from there."""
    for cue in (_ASCII_NAME_NUMBER_CUE_RE if text.isascii() else _NAME_NUMBER_CUE_RE).finditer(text):
        start = cue.start() - 1  # the separator
        while start > 0 and text[start - 1] in _RUN_CHARS:
            start -= 1
        yield start


def named_number_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of every "Name 16" / "Name-19" span in ``text``."""
    spans: list[tuple[int, int]] = []
    for m in _name_number_matches(text):
        start = _name_start(text, m.start("run"), m.end("run"), m.group("sep"))
        if start is None:
            continue
        lowered = text[start:m.end("run")].lower()
        if lowered in _NOT_NAMES or lowered in MONTHS or lowered in WEEKDAYS:
            continue
        if lowered.endswith("s") and lowered[:-1] in WEEKDAYS:
            continue  # "Saturdays 9 to 1": a day and an hour
        if opens_with_common_word(text, start, lowered):
            continue  # "Below 15 ml/min", "Routes 7 and X5 run" beside "routes 14 and 22"
        unit = _WORD_AFTER_RE.match(text, m.end())
        if unit is not None and unit.group(1).lower() in MEASURES:
            continue  # "Prep 15 min | Cook 40 min": a label and a measure, no name
        spans.append((start, m.end()))
    return spans


def opens_with_common_word(text: str, start: int, lowered: str) -> bool:
    """Is the word ``lowered`` at ``start`` (a word before a number) a common word whose capital is
    its sentence's: the first word of a sentence, and an English stop word ("Below 15") or a word
    ``text`` also writes in lower case ("Routes 7 and X5 run" beside "routes 14 and 22")? Then it
    names nothing with the number."""
    if not (text[start:start + 1].isupper() and at_sentence_start(text, start)) or _after_abbreviation(text, start):
        return False
    return lowered in english_stop_words() or lowered in _lower_words(text)


@lru_cache(maxsize=8)
def _lower_words(text: str) -> frozenset[str]:
    """The words ``text`` writes in lower case (read once per text)."""
    return frozenset(_LOWER_WORD_RE.findall(text))


# a dotted abbreviation before a word ("6:30 p.m. Spin 45", "e.g. Route 9", "Dr. "): its full
# stop ends no sentence
_ABBREVIATION_BEFORE_RE = re.compile(r"(?<![\w.])(?:(?:[A-Za-z]\.){2,}|(?:[Dd]r|[Mm]rs?|[Mm]s|[Ss]t|[Nn]o|vs?|approx|[Ee]tc)\.)[ \t]*$")


def _after_abbreviation(text: str, start: int) -> bool:
    """Does a dotted abbreviation stand right before ``start`` (``at_sentence_start`` reads its
    full stop as a sentence's end)?"""
    return _ABBREVIATION_BEFORE_RE.search(text, max(0, start - 12), start) is not None


# a word in lower case (a run of letters not inside a longer word)
_LOWER_WORD_RE = re.compile(r"(?<![\w'’-])[a-z]+(?![\w'’-])")


@lru_cache(maxsize=1)
def english_stop_words() -> frozenset[str]:
    from spacy.lang.en.stop_words import STOP_WORDS

    return frozenset(STOP_WORDS)


def _name_start(text: str, start: int, end: int, sep: str) -> Optional[int]:
    """Where the name starts in the run ``text[start:end]``, or None: a name is
    ``[A-Za-z][A-Za-z&]*[A-Z][A-Za-z&]*``, ``[A-Z][a-z]+`` or ``[A-Z]`` before "-", running to
    the end of the run and starting at a word boundary. Only the first letter at a boundary
    needs trying: any later one has no capital after it that the first does not also have."""
    for p in range(start, end):
        if text[p] == "&":
            continue
        before = text[p - 1] if p else ""
        if p == 0 or before == "&" or (p == start and not (before.isalnum() or before == "_")):
            break
    else:
        return None
    rest = text[p + 1:end]  # (letters A-Z, a-z and "&" only: the run's characters)
    if rest.lower() != rest:  # a capital
        return p
    if "A" <= text[p] <= "Z" and ((rest.isalpha() and rest.islower()) if rest else sep == "-"):
        return p
    return None



# Runs of capitalized words, allowing "of", "the", "de", "&" inside ("Bank of America").
# A capitalized word: "O'Meara", "Kwabena-Hill", "Cricket's"; a hyphen joins only capitalized parts
# ("Trust-funded" stops at "Trust").
_CAP_WORD_REST = r"[^\W_]*(?:['’][A-Za-z][^\W_]*)*(?:-[A-Z][^\W_]*)*(?:['’]s?)?"
_CAP_WORD = r"[A-Z]" + _CAP_WORD_REST
# Runs of capitalized words, allowing "of", "the", "de", "&" inside ("Bank of America"). At most
# 24 words (and 3 joining words in a row): one unbounded match over a long run ("A A A ...")
# grew the regex engine's backtracking stack with every word, 100k characters costing 13x-15x
# the time of 10k; no name is that long, and a longer run is cut into runs of 24.
# (The first capital comes before the lookbehind for what precedes it, (?<![\w'’\-].): re then
# finds where a run can start by a fast scan for capitals instead of trying every position.)
_RUN_RE = re.compile(
    rf"[A-Z](?<![\w'’\-].){_CAP_WORD_REST}(?:[ \t]+(?:(?:of|the|de|du|da|del|von|van|der|&)[ \t]+){{0,3}}{_CAP_WORD}){{0,23}}(?![\w])"
)
_POSSESSIVE_END = ("'s", "’s", "s'", "s’")
_WORD_CHUNK_RE = re.compile(r"[^ \t]+")
_UNIT_RE = re.compile(r"[A-Za-z]{1,4}")
_AFTER_NUMBER_RE = re.compile(r"(?:\d[ \t]?|\bper[ \t]|/)$")


def is_unit_after_number(text: str, start: int, word: str) -> bool:
    """A short capitalized token right after a number, "per" or "/": a unit ("MW", "£41/MWh")."""
    return (len(word) <= 4 and bool(_UNIT_RE.fullmatch(word)) and any(c.isupper() for c in word)
            and _AFTER_NUMBER_RE.search(text[max(0, start - 5):start]) is not None)
_RUN_STOP = frozenset(
    {
        "the", "a", "an", "in", "on", "at", "by", "for", "to", "of", "and", "or", "but", "yes", "no",
        "it", "he", "she", "they", "we", "i", "you", "his", "her", "its", "their", "our", "my", "your",
        "this", "that", "these", "those", "there", "both", "neither", "either", "however", "although",
        "while", "when", "after", "before", "since", "during", "as", "if", "so", "then", "also", "overall",
        "instead", "despite", "according", "because", "with", "without", "from", "all", "some", "most",
        "many", "each", "every", "other", "another", "not", "only", "just", "even", "about", "around",
        "over", "under", "nearly", "approximately", "less", "more", "what", "which", "who", "whom",
        "where", "why", "how", "here", "is", "was", "are", "were", "be", "been", "has", "have", "had",
        "do", "does", "did", "mr", "mrs", "ms", "dr", "prof", "sir", "president", "king", "queen",
        "doctor", "professor",  # (the titles spelled out: "Professor J.M. Okonkwo" is no name "Professor J")
        "prince", "princess", "saint", "st", "lord", "lady", "senator", "governor", "judge", "general",
        "captain", "chairman", "ceo", "minister", "pope", "emperor", "one", "two", "three", "first",
        "second", "third", "today", "yesterday", "tomorrow", "finally", "additionally", "furthermore",
        "moreover", "meanwhile", "thus", "therefore", "still", "yet", "now", "later", "earlier",
    }
)


#: A contraction's ending ("I'd", "We're", "You'll"): the word before it is what a stop word is read from.
_CONTRACTION_END_RE = re.compile(r"['’](?:d|m|ve|ll|re)\Z")


def _stop_key(word: str) -> str:
    """The word as :data:`_RUN_STOP` lists it: lower case, without quotes or a contraction's ending
    ("I'd" -> "i": a pronoun with "would", no name)."""
    return _CONTRACTION_END_RE.sub("", word.lower()).strip("'’")


def proper_noun_runs(text: str) -> list[tuple[int, int]]:
    """(start, end) of runs of capitalized words, leading stop/title words dropped.

    A possessive ends a run ("ESA's Ariadne" is two names). A single capitalized word counts
    only away from the start of a sentence, where capitals mark names rather than grammar, and
    not right after a number, where it is a unit ("14.7 MW").
    """
    spans: list[tuple[int, int]] = []
    for m in _RUN_RE.finditer(text):
        run = m.group()
        if " " not in run and "\t" not in run:
            # one word, most runs ("The", "Its" opening a sentence): as _add_run takes it
            lowered = run.lower()
            if _stop_key(run) not in _RUN_STOP and lowered not in _JOINERS:
                _add_word(text, m.start(), run, spans)
            continue
        part: list[re.Match[str]] = []
        for word in _WORD_CHUNK_RE.finditer(run):
            part.append(word)
            if word.group().endswith(_POSSESSIVE_END):
                _add_run(text, m.start(), part, spans)
                part = []
        if part:
            _add_run(text, m.start(), part, spans)
    return spans


_JOINERS = frozenset({"of", "the", "de", "du", "da", "del", "von", "van", "der", "&"})


def _add_run(text: str, offset: int, words: list[re.Match[str]], spans: list[tuple[int, int]]) -> None:
    # indexes, then one slice: dropping one word at a time by slicing was quadratic in a long
    # run of stop words ("A of the A of the ...")
    first_index, last = 0, len(words)
    while first_index < last and (_stop_key(words[first_index].group()) in _RUN_STOP
                                  or _leads_with_unit(text, offset, words, first_index)):
        first_index += 1
    while last > first_index and words[last - 1].group().lower() in _JOINERS:
        last -= 1
    if first_index == last:
        return
    start = offset + words[first_index].start()
    if last - first_index == 1:
        _add_word(text, start, words[first_index].group(), spans)
    else:
        spans.append((start, offset + words[last - 1].end()))


def _leads_with_unit(text: str, offset: int, words: list[re.Match[str]], index: int) -> bool:
    """Is ``words[index]`` the run's first word and a unit symbol after a number ("2.1 GB of RSS",
    "230 V AC sockets")? The unit is the number's, not part of the name that follows it. A word
    spelled as a name ("9 Elm Street") is a name's: unit symbols have at most one lower-case
    letter after a capital ("Wh", "Hz", "GB")."""
    word = words[0].group()
    return (index == 0 and _TITLE_WORD_RE.fullmatch(word) is None
            and is_unit_after_number(text, offset + words[0].start(), word))


_TITLE_WORD_RE = re.compile(r"[A-Z][a-z]{2,}")


def _add_word(text: str, start: int, word: str, spans: list[tuple[int, int]]) -> None:
    """A run of one word ``word`` at ``start``, its stop words already dropped."""
    lowered = word.lower().rstrip("'’s")
    if lowered in MONTHS or lowered in WEEKDAYS:
        return
    if at_sentence_start(text, start):
        return
    if len(word) == 1 or is_unit_after_number(text, start, word):
        return
    spans.append((start, start + len(word)))


_CAPITALIZED_WORD_RE = re.compile(r"[A-Z][\w'’-]*")


def inner_name_stems(text: str) -> set[str]:
    """The content stems of the capitalized words of ``text`` that do not open a sentence: its
    names, folded (a sentence's first word is capitalized anyway)."""
    out = set()
    for m in _CAPITALIZED_WORD_RE.finditer(text):
        if not at_sentence_start(text, m.start()) and (s := content_stem(m.group().casefold())) is not None:
            out.add(s)
    return out


def at_sentence_start(text: str, pos: int) -> bool:
    """Is ``pos`` the first word of a sentence (quotes and brackets around the break allowed, and
    the marks of a Markdown heading, list item or emphasis: "## ", "- ", "**")?"""
    i = pos
    while i > 0 and text[i - 1] in " \t\"'“‘(*_#>-•":
        i -= 1
    while i > 0 and text[i - 1] in "\"'”’)»":
        i -= 1
    return i == 0 or text[i - 1] in ".!?:;\n"
