"""Cue scans rewritten for speed find what the scans they replace found.

A pattern that opens with a digit (or any character class) is scanned for by ``re`` about ten
times slower than one that opens with a single character. The cues below now open with their
separator and look behind for the digit, or are skipped when the text lacks the character they
need; these properties compare them with the patterns as they were written before, on texts
built from the characters that matter.
"""

from __future__ import annotations

import re

from hypothesis import given, settings
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
