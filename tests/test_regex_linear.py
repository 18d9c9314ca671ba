"""No catastrophic regular expressions: time grows linearly with the input.

Every test compares the cost of an input of ``N`` characters with one of ``10 * N`` in the same
test and asserts the ratio is at most ``RATIO_LIMIT`` (linear is 10; quadratic would be 100).
Costs are CPU time of the calling thread (waiting for a core on a busy machine is not cost),
the minimum of several samples, each long enough to be well above timer resolution; the garbage
collector is paused while timing (it is amortized linear, but its pauses are noise). No test
compares against an absolute time.
"""

from __future__ import annotations

import gc
import re
import time
from typing import Any, Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from raguard.checkers._names import named_number_spans
from raguard.checkers.quotes import find_quotes
from raguard.normalize.dates import extract_dates
from raguard.normalize.text import tokenize

N = 10_000
RATIO_LIMIT = 12.0
_MIN_SAMPLE = 0.001  # seconds: short calls are repeated until one sample takes this long


def _sample(fn: Callable[[Any], Any], arg: Any, loops: int) -> float:
    """CPU seconds of this thread per call of ``fn(arg)`` over ``loops`` calls (CPU time, not
    wall time: time spent waiting for a core on a busy machine is not the function's cost)."""
    started = time.thread_time()
    for _ in range(loops):
        fn(arg)
    return (time.thread_time() - started) / loops


def _loops_for(fn: Callable[[Any], Any], arg: Any) -> int:
    """Calls per sample so that one sample takes at least ``_MIN_SAMPLE``."""
    loops = 1
    while _sample(fn, arg, loops) * loops < _MIN_SAMPLE:
        loops *= 2
    return loops


def growth_ratio(fn: Callable[[str], Any], make: Callable[[int], str], n: int = N, rounds: int = 7,
                 min_rounds: int = 3) -> float:
    """Cost of ``fn(make(10 n))`` over ``fn(make(n))``.

    Each cost is the minimum over short samples taken in interleaved rounds, so that both sizes
    see the same machine load and a sample the scheduler interrupted does not count; measuring
    stops once the ratio is within limit (more samples can only lower each minimum).
    """
    small, big = make(n), make(10 * n)
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    try:
        loops_small, loops_big = _loops_for(fn, small), _loops_for(fn, big)
        t_small = t_big = float("inf")
        for i in range(rounds):
            for _ in range(3):
                t_small = min(t_small, _sample(fn, small, loops_small))
            t_big = min(t_big, _sample(fn, big, loops_big))
            if i + 1 >= min_rounds and t_big / t_small <= RATIO_LIMIT:
                break
    finally:
        if enabled:
            gc.enable()
    return t_big / t_small


def repeat(unit: str) -> Callable[[int], str]:
    """``unit`` repeated to exactly ``n`` characters."""
    return lambda n: (unit * (n // len(unit) + 1))[:n]


def between(prefix: str, unit: str, suffix: str) -> Callable[[int], str]:
    """``prefix``, then ``unit`` repeated, then ``suffix``: ``n`` characters in all."""
    def make(n: int) -> str:
        body = n - len(prefix) - len(suffix)
        return prefix + (unit * (body // len(unit) + 1))[:body] + suffix
    return make


def assert_linear(fn: Callable[[str], Any], make: Callable[[int], str], n: int = N) -> None:
    ratio = growth_ratio(fn, make, n)
    assert ratio <= RATIO_LIMIT, f"10x longer input cost {ratio:.1f}x (limit {RATIO_LIMIT}x)"


# -- regressions: patterns and loops that were quadratic, fixed -------------------------------------


def test_linebreak_hyphen_gap_of_many_newlines_is_linear() -> None:
    # "-" then only newlines then a non-space: `[-]\s*\n\s*$` retried every split of the run
    assert_linear(tokenize, between("a-", "\n", "!b"))


def test_linebreak_hyphen_still_joins_words() -> None:
    assert [t.norm for t in tokenize("inter-\nnational")] == ["international"]
    assert [t.norm for t in tokenize("inter- \n  national")] == ["international"]
    assert [t.norm for t in tokenize("inter-\n\n \nnational")] == ["international"]
    assert [t.norm for t in tokenize("inter- national")] == ["inter", "national"]
    assert [t.norm for t in tokenize("inter-\n!national")] == ["inter", "national"]


def _tokenize_before_fix(text: str) -> list[tuple[str, int, int]]:
    """tokenize() as it was before the linear rewrite (the oracle for the rewrite)."""
    import re

    from raguard.normalize.text import _ABBREV_GAP, _WORD_RE, fold_word

    old_hyphen = re.compile(r"[-\u00ad\u2010]\s*\n\s*$")
    abbrev = re.compile(r"[^\W\d_](?:\. ?[^\W\d_])*")
    tokens: list[tuple[str, int, int]] = []
    for m in _WORD_RE.finditer(text):
        norm, start, end = fold_word(m.group()), m.start(), m.end()
        if tokens:
            prev = tokens[-1]
            gap = text[prev[2]:start]
            if (len(norm) == 1 and norm.isalpha() and gap in _ABBREV_GAP
                    and abbrev.fullmatch(text, prev[1], prev[2]) is not None):
                tokens[-1] = (prev[0] + norm, prev[1], end)
                continue
            if "\n" in gap and old_hyphen.match(gap):
                tokens[-1] = (prev[0] + norm, prev[1], end)
                continue
            if norm == "n" and text[end:end + 2] in ("'t", "’t") and gap.isspace():
                tokens[-1] = (prev[0] + norm, prev[1], end)
                continue
        tokens.append((norm, start, end))
    return tokens


@pytest.mark.parametrize("unit", ["W.", "W. ", "a-\n", "A.b-\n"])
def test_tokenize_long_chain_of_merges_is_linear(unit: str) -> None:
    # each merge re-matched the whole merged token and copied its text: quadratic
    assert_linear(tokenize, repeat(unit))


@given(st.text(alphabet=st.sampled_from(list("UuSs.1 \n\t-\u00ad\u2010'’tnÉé\u0301ßﬁⅠ²_x")), max_size=60)
       | st.text(max_size=60))
@settings(max_examples=400, deadline=None)
def test_tokenize_matches_the_implementation_before_the_fix(text: str) -> None:
    assert [(t.norm, t.start, t.end) for t in tokenize(text)] == _tokenize_before_fix(text)


def test_tokenize_merges_are_unchanged() -> None:
    assert [t.norm for t in tokenize("the U.S. and U. S. army")] == ["the", "us", "and", "us", "army"]
    assert [t.norm for t in tokenize("they are n't here")] == ["they", "aren", "t", "here"]
    assert [(t.norm, t.start, t.end) for t in tokenize("W.W.W")] == [("www", 0, 5)]


def test_month_day_followed_by_a_long_run_of_spaces_is_linear() -> None:
    # "md" pattern lookahead (?![ \t]*[,:.]?[ \t]*\d) split the run two ways: quadratic
    assert_linear(extract_dates, between("May 5", " ", "x"))
    assert_linear(extract_dates, between("May 5", "\t", "x"))


def test_month_day_lookahead_still_defers_to_the_year() -> None:
    assert [d.form for d in extract_dates("on May 5 , 2024")] == ["mdy"]
    assert [d.text for d in extract_dates("on May 5 \t x")] == ["May 5"]
    assert extract_dates("May 5: 12 units") == []  # "5: 12" is not a day of May
    assert extract_dates("May 5 . 3 units") == []


def test_weekday_then_a_long_run_of_spaces_before_a_date_is_linear() -> None:
    # the weekday prefix pattern [ \t]*,?[ \t]* split the run two ways before failing at "x"
    assert_linear(extract_dates, between("Monday", " ", "x 2024"))


def test_weekday_still_joins_the_date_after_it() -> None:
    for text in ("Monday, September 30, 2024", "Monday ,  September 30, 2024", "Monday the 30 September 2024"):
        (mention,) = extract_dates(text)
        assert (mention.start, mention.value.weekday, mention.value.day) == (0, 0, 30)
    assert [d.form for d in extract_dates("Monday x September 30, 2024")] == ["weekday", "mdy"]


def _extract_dates_before_fix(text: str) -> list[tuple[int, int, str, str]]:
    """extract_dates() with the overlap test it had before the fix (the oracle for the fix)."""
    from dataclasses import replace

    from raguard.normalize import dates as d

    candidates = []
    for form, pattern in d._PATTERNS:
        for m in pattern.finditer(text):
            if form.endswith("_range"):
                candidates.extend(d._range_candidates(form, m))
                continue
            value = d._parse(form, m)
            if value is None or not d._valid(value):
                continue
            start, end = d._span(form, m)
            candidates.append((start, end, form, value))
    candidates.sort(key=lambda c: (-(c[1] - c[0]), c[0]))
    taken: list[tuple[int, int]] = []
    chosen = []
    for start, end, form, value in candidates:
        if any(start < e and s < end for s, e in taken):
            continue
        taken.append((start, end))
        chosen.append((start, end, form, value))
    chosen.sort()
    out: list[tuple[int, int, str, Any]] = []
    for start, end, form, value in chosen:
        if form != "weekday" and out and out[-1][2] == "weekday":
            prev = out[-1]
            if d._WEEKDAY_PREFIX_RE.search(text, prev[0], start) and text[prev[1]:start].strip(" \t,") in ("", "the"):
                out.pop()
                value = replace(value, weekday=prev[3].weekday)
                start = prev[0]
        out.append((start, end, form, value))
    return [(s, e, f, v.canonical()) for s, e, f, v in out]


_DATE_PIECES = ["Q1", "Q3 2024", "2024", "May", "May 5", "5 May 2024", "Oct. 14-15, 2024", "the 1990s",
                "'90s", "Monday", ",", " ", "  ", "the", "in June", "9/30/2024", "2024-09-30", "first quarter",
                "x", "\t", "12.5", "of"]


@given(st.lists(st.sampled_from(_DATE_PIECES), max_size=25).map(" ".join))
@settings(max_examples=300, deadline=None)
def test_extract_dates_matches_the_overlap_rule_before_the_fix(text: str) -> None:
    got = [(m.start, m.end, m.form, m.value.canonical()) for m in extract_dates(text)]
    assert got == _extract_dates_before_fix(text)


@pytest.mark.parametrize("unit", ["Q1 ", "Q1 2020 x 1999 ", "May 5, 2024 Monday "])
def test_many_date_mentions_are_linear(unit: str) -> None:
    # each candidate was compared with every span already chosen: quadratic in the mentions
    assert_linear(extract_dates, repeat(unit))


# The name-number pattern before the fix: the oracle for named_number_spans.
_NAME_NUMBER_BEFORE_FIX = re.compile(
    r"\b(?P<name>[A-Za-z][A-Za-z&]*[A-Z][A-Za-z&]*|[A-Z][a-z]+|[A-Z](?=-))(?P<sep>[ \-])"
    r"(?P<num>\d{1,4}[A-Za-z]?)\b(?![,.]\d|[ \t]*[-–][ \t]*\d)")


def _named_number_spans_before_fix(text: str) -> list[tuple[int, int]]:
    from raguard.checkers._names import _NOT_NAMES
    from raguard.normalize.dates import MONTHS, WEEKDAYS

    return [(m.start(), m.end()) for m in _NAME_NUMBER_BEFORE_FIX.finditer(text)
            if m.group("name").lower() not in _NOT_NAMES | MONTHS.keys() | WEEKDAYS.keys()]


@given(st.text(alphabet=st.sampled_from(list("AaBZz&&- -1234.,_5é\t–x")), max_size=40)
       | st.lists(st.sampled_from(["iPhone", "16", "Apollo", " ", "-", "11", "COVID", "19", "AT&T", "&", "5",
                                   "In", "May", "x", "é", "_", ",", "3.5", "A", "b"]), max_size=12).map("".join))
@settings(max_examples=500, deadline=None)
def test_named_number_spans_match_the_pattern_before_the_fix(text: str) -> None:
    assert named_number_spans(text) == _named_number_spans_before_fix(text)


@pytest.mark.parametrize("unit", ["A", "aA", "A&", "Ab&", "&A"])
def test_long_letter_runs_before_a_number_are_linear(unit: str) -> None:
    # [A-Za-z][A-Za-z&]*[A-Z][A-Za-z&]* tried every split of a long run, from every "&"
    assert_linear(named_number_spans, between("", unit, " 12"))
    assert_linear(named_number_spans, repeat(unit))


def test_named_number_spans_still_find_names() -> None:
    text = "The iPhone 16 and Apollo 11 beat COVID-19 and AT&T 5; in 2020 and May 5 are no names."
    assert [text[s:e] for s, e in named_number_spans(text)] == ["iPhone 16", "Apollo 11", "COVID-19", "AT&T 5"]


# -- every module-level pattern, on every adversarial input ----------------------------------------

#: Adversarial inputs: long runs of one unit, and one prefix + a long run + a closing char.
ADVERSARIAL: dict[str, Callable[[int], str]] = {
    **{f"run {u!r}": repeat(u) for u in [
        "1", "1 ", "1,", "1.", "12,345,", "1/", "1-", ",", ".", ". ", " ", "\t", "\n", "\n \n",
        '"', "“", "”", "„", "«", "»", "``", "''", "'", "’", "January ", "Jan. ", "May 5 ", "March 3, ",
        "Monday ", "Monday, the ", "Q1 ", "Q1 of FY ", "first quarter ", "1990s ", "'90s ",
        "Aaa Bbb Ccc ", "A ", "A of the ", "O'Meara-Hill's ", "-", "a-", "-\n", "A-", "A", "a", "aA",
        "A&", "A'", "A's ", "W.", "W. ", "one ", "one and ", "twenty-one ", "a hundred ", "1st ",
        "[1, ", "[1", "<chunk ", "</", "the recent report ", "not ", "fell by ", "about ", "$1 ",
        "USD ", "in June ", "e.g. ", "Mr. ", "U.S. ", "a. ", "A.", "_", "é", "x\u0301", "\u200f",
        "\U0001F600", "Zed ate. ", "[...] ", "... "]},
    **{f"{p!r} + run {u!r}": between(p, u, "x!") for p in [
        "a", "A", "1", "May 5", "Monday", "Q1", "a-", '"', "“", "«", "``", "[1", "one", "the",
        "Apollo", "a.", "$1", "fell"] for u in [" ", "\n", ",", ".", "-", "'", "1", "A", "a"]},
}


_ELLIPSIS_BEFORE_FIX = re.compile(r"\s*(?:\[\s*(?:\.\s*){3}\]|\[…\]|(?:\.\s*){3}|…)\s*")


@given(st.text(alphabet=st.sampled_from(list(" \t\n.…[]ab-'U")), max_size=40)
       | st.lists(st.sampled_from(["the", "cat", "...", ". . .", "[...]", "[…]", "…", " ", "  ", "U.", "S.",
                                   "-\n", "n't", "are n"]), max_size=12).map("".join))
@settings(max_examples=400, deadline=None)
def test_quote_fragments_match_the_ellipsis_pattern_before_the_fix(inner: str) -> None:
    from raguard.checkers.quotes import fragments
    from raguard.normalize.text import phrase_tokens

    before = [p for p in (phrase_tokens(part) for part in _ELLIPSIS_BEFORE_FIX.split(inner)) if p]
    assert fragments(inner) == before


@pytest.mark.parametrize("unit", [" ", "\t", "\n", " \n"])
def test_quote_with_a_long_run_of_spaces_is_linear(unit: str) -> None:
    # \s*(?:ellipsis) rescanned the run from each of its positions: quadratic in the run
    from raguard.checkers.quotes import fragments

    assert_linear(fragments, between("a", unit, "b"))
    assert_linear(lambda text: [fragments(q) for _, _, q in find_quotes(text)],
                  lambda n: ('"a' + unit * 1990 + 'b" ') * (n // 1995 + 1))
