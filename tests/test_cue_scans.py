"""Cue scans rewritten for speed find what the scans they replace found.

A pattern that opens with a digit (or any character class) is scanned for by ``re`` about ten
times slower than one that opens with a single character. The cues below now open with their
separator and look behind for the digit, or are skipped when the text lacks the character they
need; these properties compare them with the patterns as they were written before, on texts
built from the characters that matter.
"""

from __future__ import annotations

import re

from hypothesis import example, given, settings
from hypothesis import strategies as st

from raguard.normalize import doc_dates, numbers
from raguard.normalize.dates import DateMention, DateValue

# the patterns as they were (digit first)
_OLD_DOTTED_CUE = re.compile(r"\d\.[01]?\d\.")
_OLD_DOTTED_DAY_CUE = re.compile(r"\d\.[ \t]+[A-Za-z]")
_OLD_HYPHEN_YEAR_CUE = re.compile(r"\d-(?:19|20)\d\d")
_OLD_AMPM_CUE = re.compile(r"\d[ \t]?[AaPp]\.?[Mm]")

_CHARS = "0123456789012.-/ \tAaPpMmxQ\n"
texts = st.text(alphabet=_CHARS, max_size=40)


@settings(max_examples=3000, deadline=None)
@given(texts)
def test_dotted_and_hyphen_cues_match_where_the_digit_first_ones_did(text: str) -> None:
    assert (doc_dates._DOTTED_CUE_RE.search(text) is None) == (_OLD_DOTTED_CUE.search(text) is None)
    assert (doc_dates._DOTTED_DAY_CUE_RE.search(text) is None) == (_OLD_DOTTED_DAY_CUE.search(text) is None)
    assert (doc_dates._HYPHEN_YEAR_CUE_RE.search(text) is None) == (_OLD_HYPHEN_YEAR_CUE.search(text) is None)


@settings(max_examples=3000, deadline=None)
@given(texts)
def test_am_pm_cue_on_lowered_text_matches_where_the_digit_first_one_did(text: str) -> None:
    assert (numbers._AMPM_LOWER_CUE_RE.search(text.lower()) is None) == (_OLD_AMPM_CUE.search(text) is None)


def _year_months_unguarded(text: str) -> list[DateMention]:
    """doc_dates._year_months as it was: both patterns scanned over every text."""
    out = []
    for m in doc_dates._YEAR_MONTH_RE.finditer(text):
        year, month = int(m.group("y")), int(m.group("m"))
        if not 1900 <= year < 2100 or month == (year + 1) % 100:
            continue
        out.append(DateMention(m.start(), m.end(), m.group(), DateValue(year=year, month=month), "my"))
    for m in doc_dates._MONTH_YEAR_NUMERIC_RE.finditer(text):
        year, month = int(m.group("y")), int(m.group("m"))
        if not (1900 <= year < 2100 and 1 <= month <= 12):
            continue
        if text[m.end("m")] == "." and m.group("m")[0] != "0" and doc_dates._DECIMAL_TAIL_RE.match(text, m.end()) is not None:
            continue
        out.append(DateMention(m.start(), m.end(), m.group(), DateValue(year=year, month=month), "my"))
    return out


year_month_texts = st.lists(st.sampled_from(["2026", "1999", "06", "11", "12", "0", "1", "-", "/", ".", " ", "x",
                                             "%", "Stand:", "\n"]), max_size=12).map("".join)


@settings(max_examples=3000, deadline=None)
@given(year_month_texts)
def test_year_months_skip_only_texts_without_a_match(text: str) -> None:
    assert doc_dates._year_months(text) == _year_months_unguarded(text)


def test_year_months_examples() -> None:
    # (my own examples: an ISO month, a month before its year with a dot and a hyphen, a decimal)
    assert [m.text for m in doc_dates._year_months("Rev 4 (2031-07), stand 09.2030 and 03-2029")] == [
        "2031-07", "09.2030", "03-2029"]
    assert doc_dates._year_months("a 10.2030 g sample") == []
    assert doc_dates._year_months("Total 2,045.50 over 12 sites.") == []


month_texts = st.lists(st.sampled_from(["jan", "Mar", "DEC", "may", "x", "_", "9", " ", "-", "é", "Sept", "o",
                                        "ct", "au", "g"]), max_size=10).map("".join)


@settings(max_examples=3000, deadline=None)
@given(month_texts)
def test_month_cue_is_found_where_the_pattern_finds_it(text: str) -> None:
    from raguard.normalize import dates

    assert ("month" in dates._cues(text)) == (dates._CUES["month"].search(text) is not None)
    # (with the month prefixes asked for, as extract_dates asks a long text's)
    assert ("month" in dates._cues(text, [])) == (dates._CUES["month"].search(text) is not None)


cue_word_texts = st.lists(st.sampled_from(["mon", "Tue", "s", "THU", "rs", "day", "DAYS", "sat", "sun", "fri", "wed",
                                           "ties", "TIES", "quarter", "_", "9", " ", "(", "\n", "-", "é", "ſ", "x",
                                           "q", "Q", "1", "5", "0", "'", "-"]), max_size=12).map("".join)


@settings(max_examples=3000, deadline=None)
@given(cue_word_texts)
def test_word_cues_are_found_where_their_patterns_find_them(text: str) -> None:
    """The weekday, "ties" and "quarter" cues and the literal pairs ("Q3", "-1", "0s"), told from
    substring searches in ASCII text, are what their patterns and literals find (a short weekday
    also needs, in ASCII text, one of its words after a space, a line break, "(" or "/")."""
    from raguard.normalize import dates

    cues = dates._cues(text)
    for name in ("weekday", "quarter", "decade", "tgif"):
        assert (name in cues) == (dates._CUES[name].search(text) is not None), name
    after = not text.isascii() or dates._holds_after(text.lower(), " \n(/", dates._CUE_WORDS["weekday_short"])
    assert ("weekday_short" in cues) == (after and dates._CUES["weekday_short"].search(text) is not None)
    for name in ("zero_s", "q_digit", "year_prefix"):  # (looked for once a cue is found)
        assert (name in cues) == (bool(cues) and any(literal in text for literal in dates._LITERAL_CUES[name])), name


# loose readings of a document's numbers: patterns that opened with a lookbehind now open with
# their first digit, and two scans are skipped for texts without what every match holds
_OLD_DIGIT_RUN = re.compile(r"(?<![\d/])(?<!\d\.)(?<![^\W\d_]-)(?:(?<![^\W\d_])|(?<=\b[vVxX]))(?P<v>\d+(?:\.\d+)?)"
                            r"(?:\.\d+)*(?![\d/]|\.\d|[^\W\d_])")
_OLD_LOG_DURATION = re.compile(r"(?<![\w.,-])(\d{1,4})([smhd])(?![\w%])")

run_texts = st.text(alphabet="0123456789..-/vVsmhdxX _é٣%,", max_size=30)


def _found(pattern: re.Pattern[str], text: str) -> list[tuple[tuple[int, int], tuple[object, ...]]]:
    return [(m.span(), m.groups()) for m in pattern.finditer(text)]


@settings(max_examples=5000, deadline=None)
@given(run_texts)
def test_digit_first_patterns_find_the_same_matches(text: str) -> None:
    assert _found(numbers._DIGIT_RUN_RE, text) == _found(_OLD_DIGIT_RUN, text)
    assert [m.span("v") for m in numbers._DIGIT_RUN_RE.finditer(text)] == [m.span("v") for m in _OLD_DIGIT_RUN.finditer(text)]
    assert _found(numbers._LOG_DURATION_RE, text) == _found(_OLD_LOG_DURATION, text)


@settings(max_examples=3000, deadline=None)
@given(st.text(alphabet="0123.,$€ (in)thousandsmUSD0", max_size=30))
def test_dot_grouped_and_table_scale_guards_skip_only_texts_without_a_match(text: str) -> None:
    if numbers._DOT_GROUPED_CUE_RE.search(text) is None:
        assert numbers._DOT_GROUPED_RE.search(text) is None
    if "(" not in text and "000" not in text and not any(c in text for c in "£$€"):
        assert numbers._TABLE_SCALE_RE.search(text) is None


def _match_key(m: "re.Match[str] | None") -> object:
    return None if m is None else (m.span(), m.groupdict())


@settings(max_examples=3000, deadline=None)
@given(st.text(alphabet="0($€£) \t'_ inthousandmkbUSDGBPEURCHFAUDCADusdgbpcadſİx\n", max_size=30)
       | st.lists(st.sampled_from(["(in millions)", "$", "£", "€", "USD", "usd ", "GBP'000", "000", "000s", "(", ")",
                                   " ", "x", "_", "ſ", "İ", "m", "bn", "k", "Cad", "aud", "(€m)", "1"]),
                  max_size=10).map("".join))
def test_table_scale_finds_what_the_search_finds(text: str) -> None:
    assert _match_key(numbers._table_scale(text)) == _match_key(numbers._TABLE_SCALE_RE.search(text))


@settings(max_examples=3000, deadline=None)
@given(st.text(alphabet="0123456789٣۴ vV-./,c¢smhd%_a\t:¹", max_size=30))
def test_digit_led_patterns_tried_at_digit_runs_find_what_the_scan_finds(text: str) -> None:
    runs = numbers._digit_run_starts(text)
    for pattern in (numbers._DIGIT_RUN_RE, numbers._LOG_DURATION_RE, numbers._CENTS_RE):
        assert [(m.span(), m.groups()) for m in numbers._scan(pattern, text, runs)] == [
            (m.span(), m.groups()) for m in pattern.finditer(text)]


def test_loose_readings_examples() -> None:
    # (my own examples: a version, a row of glued cells, a log's durations, dotted thousands, a table's scale)
    assert [m.group("v") for m in numbers._DIGIT_RUN_RE.finditer("v4.7 and 18.2.0, cells 31,2077.50,9")] == [
        "4.7", "18.2", "31", "2077.50", "9"]
    assert [m.group(0) for m in numbers._LOG_DURATION_RE.finditer("up 14m (x3 over 2h), 7.5m, -3s, 12345s")] == [
        "14m", "2h"]
    assert [n.value for n in numbers._dot_grouped("Preis: 2.375.900 und €615.000")] == [2375900.0, 615000.0]
    assert numbers._table_scaled("Revenue 41.3", []) == []


def _foreign_dates_scanned(text: str) -> list[DateMention]:
    """doc_dates._foreign_dates as it was: each pattern scanned over the whole text."""
    out = []
    for m in doc_dates._FOREIGN_DMY_RE.finditer(text):
        word = doc_dates._fold(m.group("m"))
        month, day, y = doc_dates._ALL_MONTHS[word], int(m.group("d")), m.group("y")
        year = int(y) if y else None
        if word in doc_dates._FOREIGN_MONTH_ABBREVIATIONS and year is None and not doc_dates._weekday_before(text, m.start()):
            continue
        if doc_dates._valid(month, day, year):
            out.append(DateMention(m.start(), m.end(), m.group(), DateValue(year=year, month=month, day=day),
                                   "dmy" if year else "dm"))
    for m in doc_dates._FOREIGN_MY_RE.finditer(text):
        if m.group("m")[0].isupper() and doc_dates._fold(m.group("m")) in doc_dates._NAMES_TOO:
            continue
        out.append(DateMention(m.start(), m.end(), m.group(),
                               DateValue(year=int(m.group("y")), month=doc_dates._month(m.group("m"))), "my"))
    for m in doc_dates._FOREIGN_WEEKDAY_RE.finditer(text):
        out.append(DateMention(m.start("w"), m.end("w"), m.group("w"),
                               DateValue(weekday=doc_dates._FOREIGN_WEEKDAYS[doc_dates._fold(m.group("w"))]), "weekday"))
    return out


foreign_texts = st.lists(st.sampled_from([
    "3", "14", "07", " ", "\t", ".", ",", "-", "/", ":", "_", "x", "s", "de ", "2031", "1899", "Mei", "mei", "MAERZ",
    "März", "märz", "mars", "Mars", "okt", "Okt", "juli", "Julio", "julho", "segunda", "-feira", "Segunda-feira",
    "sábado", "sabados", "Lunes", "lunedì", "di", "Sa ", "am ", "el ", "ſ", "é", "1er", "º",
]), max_size=14).map("".join)


@settings(max_examples=5000, deadline=None)
@given(foreign_texts)
def test_foreign_dates_tried_at_their_starts_are_the_scans(text: str) -> None:
    assert doc_dates._foreign_dates(text) == _foreign_dates_scanned(text)


def test_foreign_dates_examples() -> None:
    # (my own examples: a Dutch day and month, a Spanish month and year, a weekday beside a given name)
    text = "Mei Tanaka kwam op 12 mei 2031 aan; en julio de 2029 y el Sábado, Segunda-feira."
    assert doc_dates._foreign_dates(text) == _foreign_dates_scanned(text)
    assert [m.text for m in doc_dates._foreign_dates(text)] == [
        "12 mei 2031", "mei 2031", "julio de 2029", "Sábado", "Segunda-feira"]


number_word_texts = st.lists(st.sampled_from([
    "seven", "ſeven", "SIX", "\u212aelvin", "İ", "ı", "é", "–", "ﬁve", "a", "dozen", "three", "quarters", "half", "million",
    "ten", "to", "past", "five", "quarter", "10", "in", "the", "morning", "o’clock", "at", "night", "thousands", "of",
    " ", "  ", "\t", "-", ",", "_"]), max_size=14).map(" ".join)


@settings(max_examples=2000, deadline=None)
@given(number_word_texts)
@example("Café opens at 10 in  the morning")  # (two spaces: the pattern reads them)
@example("Ştefan left at half past 10, ſeven minutes to 4")
@example("Zoë counted Kelvin and ſix dozen — a quarter of a million")
def test_number_words_beyond_ascii_are_read_as_every_pattern_reads_them(text: str) -> None:
    """In text beyond ASCII, the rarer number patterns run only where their words occur in the
    text lower-cased, and spelled numbers are tried only at the starts of words that may open
    one: the same values as when every pattern scans the whole text."""
    from unittest import mock

    from raguard.normalize.text import TokenText

    tokens = TokenText.of(text)
    words = (tokens.norms, tokens.token_starts) if tokens.single_runs else None
    found = numbers.extract_numbers(text, hedges=False, words=words)
    with mock.patch.object(numbers, "ignorecase_lowered", lambda t: None):
        assert numbers.extract_numbers(text, hedges=False) == found


date_word_texts = st.lists(st.sampled_from([
    "Monday", "sat", "Tues", "(Thu", "é", "–", "ſ", "\u212a", "İ", "ı", "March", "mär", "Sep", "3", "٣", "2024", "the",
    "previous", "year", "a", "later", "ties", "quarter", "Q3", "éJune", "June", "in", "_", "-", "/", " ", "\t",
    "x" * 40]), max_size=16).map(" ".join)


@settings(max_examples=2000, deadline=None)
@given(date_word_texts)
def test_date_cues_beyond_ascii_are_read_as_their_patterns_read_them(text: str) -> None:
    """In text beyond ASCII, the date cues, month anchors and relative years read from the text
    lower-cased give what the patterns give scanning the text itself."""
    from unittest import mock

    from raguard.normalize import dates

    cues = dates._cues(text)
    if not text.isascii():
        assert {name for name, cue in dates._CUES.items() if cue.search(text)} == {n for n in cues if n in dates._CUES}
    found = dates.extract_dates(text)
    relative = dates.relative_years(text, found) if not isinstance(found, str) else None
    with mock.patch.object(dates, "ignorecase_lowered", lambda t: t.lower() if t.isascii() else None):
        assert dates.extract_dates(text) == found
        assert dates.relative_years(text, found) == relative
