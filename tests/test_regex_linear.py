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
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from raguard.normalize.names import named_number_spans
from raguard.checkers.quotes import find_quotes, fragments
from raguard.normalize.dates import extract_dates
from raguard.normalize.text import tokenize

N = 10_000
#: Linear is 10x, quadratic 100x. The memory hierarchy alone takes a linear function to 11x-12x
#: on an idle 2-core machine and 12x-14x under load (CI failed twice at a limit of 12 this way),
#: so the line is drawn at 20x: it fails anything growing faster than n^1.3, with room for noise.
RATIO_LIMIT = 20.0
#: verify() end to end includes spaCy's NER pass (10x-12.5x for 10x the text at these sizes: its
#: arrays outgrow the CPU caches), which dilutes a quadratic step in one checker: the per-claim
#: scans fixed earlier cost 16x-26x end to end, so these tests keep a tighter line and measure
#: again, a moment later, before failing.
END_TO_END_LIMIT = 15.0
#: A ratio this many times the limit is super-linear beyond doubt: it is not measured again.
FAR_PAST = 4.0
#: Seconds to wait before each new attempt: growing, to outlast a burst of load (CI once failed a
#: linear function (TokenText.of, 11x-15x alone) at 20.3x with three attempts 50 ms apart).
_PAUSES = (0.05, 0.5, 2.0)
_MIN_SAMPLE = 0.001  # seconds: short calls are repeated until one sample takes this long


def _sample(fn: Callable[[Any], Any], arg: Any, loops: int, clock: Callable[[], float] = time.thread_time) -> float:
    """CPU seconds per call of ``fn(arg)`` over ``loops`` calls (CPU time, not wall time: time
    spent waiting for a core on a busy machine is not the function's cost). ``clock`` is this
    thread's CPU time, or the process's where the work runs on other threads too (BLAS in spaCy)."""
    started = clock()
    for _ in range(loops):
        fn(arg)
    return (clock() - started) / loops


def _loops_for(fn: Callable[[Any], Any], arg: Any, clock: Callable[[], float] = time.thread_time) -> int:
    """Calls per sample so that one sample takes at least ``_MIN_SAMPLE``."""
    loops = 1
    while _sample(fn, arg, loops, clock) * loops < _MIN_SAMPLE:
        loops *= 2
    return loops


def growth_ratio(fn: Callable[[str], Any], make: Callable[[int], str], n: int = N, rounds: int = 5,
                 min_rounds: int = 3, attempts: int = 4, clock: Callable[[], float] = time.thread_time,
                 limit: float = RATIO_LIMIT) -> float:
    """Cost of ``fn(make(10 n))`` over ``fn(make(n))``.

    Each cost is the minimum over samples taken in interleaved rounds (so both sizes see the
    same machine), at least ``min_rounds`` of them, stopping once the ratio is within ``limit``.
    A ratio over the limit is measured again (up to ``attempts`` times, after growing pauses): a burst
    of load from other processes inflates the larger input more (its data leaves the caches), but
    it cannot turn the 100x of a quadratic cost into 10x. A ratio past ``FAR_PAST`` times the
    limit is returned at once: load does not make a linear cost look like that, and measuring a
    quadratic cost again takes minutes on the larger input (CI once ran out of time that way).
    """
    small, big = make(n), make(10 * n)
    best = float("inf")
    enabled = gc.isenabled()
    gc.disable()
    try:
        for attempt in range(attempts):
            if attempt:
                time.sleep(_PAUSES[min(attempt, len(_PAUSES)) - 1])
            loops = _loops_for(fn, small, clock)
            t_small = t_big = float("inf")
            for i in range(rounds):
                t_small = min(t_small, _sample(fn, small, loops, clock))
                t_big = min(t_big, _sample(fn, big, max(1, loops // 10), clock))
                if i + 1 >= min_rounds and t_big / t_small <= limit:
                    break
                if t_big / t_small > FAR_PAST * limit:
                    return t_big / t_small
            best = min(best, t_big / t_small)
            if best <= limit:
                break
    finally:
        if enabled:
            gc.enable()
    return best


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
                value = value._replace(weekday=prev[3].weekday)
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


@pytest.mark.parametrize("unit", ["first ", "second-first ", "first nine "])
def test_number_words_that_are_no_one_number_are_linear(unit: str) -> None:
    # a run of number words that parse as no one number is read in pieces of a bounded length
    from raguard.normalize.numbers import extract_numbers

    assert_linear(extract_numbers, repeat(unit))


# The name-number pattern before the fix: the oracle for named_number_spans.
_NAME_NUMBER_BEFORE_FIX = re.compile(
    r"\b(?P<name>[A-Za-z][A-Za-z&]*[A-Z][A-Za-z&]*|[A-Z][a-z]+|[A-Z](?=-))(?P<sep>[ \-])"
    r"(?P<num>\d{1,4}[A-Za-z]?)\b(?![,.]\d|[ \t]*[-–][ \t]*\d)")


def _named_number_spans_before_fix(text: str) -> list[tuple[int, int]]:
    from raguard.normalize.names import _NOT_NAMES
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


# -- every module-level pattern, on every adversarial input ----------------------------------------

#: Adversarial inputs: long runs of one unit, and a prefix + a long run + a closing character.
ADVERSARIAL: dict[str, Callable[[int], str]] = {
    **{f"run {u!r}": repeat(u) for u in [
        "1", "1 ", "1,", "1.", "12,345,", "1-", ",", ".", " ", "\n", "\n \n", '"', "“", "„", "«", "``", "''",
        "'", "January ", "May 5 ", "March 3, ", "Monday, the ", "Q1 ", "Q1 of FY ", "first quarter ", "1990s ",
        "Aaa Bbb Ccc ", "A ", "A of the ", "O'Meara-Hill's ", "-", "a-", "-\n", "A-", "A", "aA", "A&", "A's ",
        "W.", "one and ", "twenty-one ", "[1, ", "[1", "</", "the recent report ", "not ", "fell by ", "$1 ",
        "U.S. ", "_", "x\u0301", "\U0001F600", "Zed ate. ", "... "]},
    **{f"{p!r} + run {u!r}": between(p, u, "x!") for p, u in [
        ("a", "-"), ("a", "'"), ("A", " "), ("A", "A"), ("A", "'"), ("A", "."), ("A", "&"), ("1", " "),
        ("1", ","), ("1", "."), ("1", "-"), ("May 5", " "), ("May 5", ","), ("Monday", " "), ("Monday", ","),
        ("Q1", " "), ("a-", "\n"), ("a-", " "), ('"', " "), ('"', "a"), ("“", " "), ("«", " "), ("``", " "),
        ("``", "'"), ("[1", " "), ("[1", "-"), ("one", " "), ("the", " "), ("Apollo", " "), ("Apollo", "-"),
        ("a.", " "), ("$1", " "), ("fell", " ")]},
}


def _module_patterns() -> dict[str, re.Pattern[str]]:
    """Every compiled pattern held at module level (alone, or in a list/tuple) in raguard and
    relapse, by ``module.NAME`` (``NAME[i]`` or ``NAME[key]`` inside a collection)."""
    import importlib
    import pkgutil

    import raguard
    import relapse

    found: dict[int, tuple[str, re.Pattern[str]]] = {}
    for package in (raguard, relapse):
        names = [package.__name__] + [m.name for m in pkgutil.walk_packages(package.__path__, package.__name__ + ".")
                                      if not m.name.endswith("__main__")]
        for module_name in names:
            module = importlib.import_module(module_name)
            for attr, value in vars(module).items():
                items: list[tuple[str, Any]] = [(attr, value)]
                if isinstance(value, (list, tuple)):
                    for i, item in enumerate(value):
                        if isinstance(item, tuple) and len(item) == 2 and isinstance(item[1], re.Pattern):
                            items.append((f"{attr}[{item[0]}]", item[1]))
                        else:
                            items.append((f"{attr}[{i}]", item))
                for name, pattern in items:
                    if isinstance(pattern, re.Pattern) and id(pattern) not in found:
                        found[id(pattern)] = (f"{module_name}.{name}", pattern)
    return dict(found.values())


PATTERNS = _module_patterns()

#: Patterns applied at one position (match/fullmatch), driven here with match() at position 0.
ANCHORED = {
    "raguard.checkers.negations.restricted._PAST_AFTER_RE",  # (match right after an "only")
    "raguard.checkers.entities._WORD_CODE_RE",  # (fullmatch on a name)
    "raguard.checkers.negations.affirmed._COMPOUND_PART_RE",  # (match right after a word)
    "raguard.checkers.roles._TITLE_OPENS_RE",
    "raguard.checkers.roles._FIELD_BETWEEN_RE",  # (match on the stretch between two names)
    "raguard.checkers.numbers.counts._OTHER_AFTER_RE",  # (match after a count)
    "raguard.normalize.fields._LABEL_RE",  # (fullmatch from a line's start)
    "raguard.normalize.names._UNIT_RE",
    "raguard.checkers.entities._OF_RE",
    "raguard.checkers.entities._FIRST_WORD_RE",
    "raguard.checkers.negations.denials._ANSWER_PARTICLE_RE",  # (normalize.cues's, found first by this name)
    "raguard.checkers.negations._common._CONTRAST_RE",
    "raguard.checkers.negations.affirmed._DO_NOT_RE",
    "raguard.checkers.negations.status._POINTS_BACK_RE",
    "raguard.normalize.pipe_tables.RULE_RE",  # (fullmatch on one line)
    "raguard.checkers.negations.document_denies._CONTRAST_OPENS_RE",  # (match at a part's start)
    "raguard.checkers.negations.forms._ITEM_RE",  # (match at a line's start)
    "raguard.checkers.negations.denials._REASON_OPENS_RE",  # (status's, found first here; match at a clause's start)
    "raguard.checkers.numbers.counts._RANKING_AFTER_RE",
    "raguard.checkers.numbers.percentages._POINTS_RE",  # (match at a value's end)
    "raguard.checkers.numbers.slashed._PAIR_GAP_RE",  # (fullmatch between two adjacent values)
    "raguard.checkers.attributions._OPENING_PRONOUN_RE",
    "raguard.checkers.value_swaps._SPEAKER_AFTER_RE",  # (match at a name's end)
    "raguard.checkers.attributions._HEADING_OPENING_RE",  # (match at a line's start)
    "raguard.checkers.attributions._PARTICLE_GAP_RE",  # (fullmatch between two runs of a sentence)
    "raguard.checkers.roles._VERB_AFTER_RE",
    "raguard.checkers.roles._DOER_AFTER_RE",
    "raguard.checkers.qa.choices._AUX_RE",
    "raguard.checkers.qa.choices._ARTICLE_RE",
    "raguard.checkers.qa.choices.CAPITALIZED_RE",  # (qa.options's, found first by this name)
    "raguard.checkers.qa.options._PRONOUN_OPENING_RE",
    "raguard.checkers.qa.unanswered._WHO_RE",
    "raguard.checkers.qa.unanswered._WHO_IS_NAME_RE",
    "raguard.normalize.entities._ACRONYM_RE",
    "raguard.checkers.entities._PARTICLE_LEAD_RE",  # (match at a name's start)
    "raguard.checkers.statements._OPENING_LABEL_RE",  # (match at a sentence's start)
    "raguard.checkers.statements._VAGUE_COUNT_RE",
    "raguard.checkers.attributions._GOES_ON_RE",  # (match after a closing bracket)
    "raguard.normalize.framing._COUNT_OPENING_RE",
    "raguard.normalize.text._LINEBREAK_HYPHEN_RE",
    "raguard.normalize.text._ABBREV_RUN_RE",
    "raguard.normalize.text._LIST_MARKER_RE",
    "raguard.normalize.numbers._OF_AFTER_RE",
    "raguard.normalize.pipe_tables.NUMERIC_CELL_RE",
    "raguard.normalize.numbers._YEAR_LIKE_RE",
    "raguard.normalize.numbers._CSV_CLOCK_CELL_RE",  # (fullmatch of one cell)
    "raguard.normalize.numbers._CSV_VALUE_CELL_RE",
    "raguard.normalize.doc_dates._DOTTED_AFTER_RE",
    "raguard.normalize.doc_dates._CELL_AFTER_RE",
    "raguard.normalize.doc_dates._DECIMAL_TAIL_RE",
    "raguard.checkers.numbers.days._NOUN_AFTER_RE",
    "raguard.checkers.numbers.csv_rows._RANGE_JOINER_RE",  # (fullmatch between two adjacent times)
    "raguard.checkers.numbers.rounding._DOTTED_CLOCK_RE",  # (fullmatch of one answer value)
    "raguard.checkers.numbers.rounding._HUNDREDTHS_AFTER_RE",  # (match right after one answer value)
    "raguard.checkers.computed._MONTHS_AFTER_RE",  # (match right after one answer value)
    "raguard.checkers.computed._WORKING_DAYS_AFTER_RE",  # (match right after one answer value)
    "relapse.templates._NAME_RE",
    "raguard.normalize.entities._CODE_GAP_RE",  # (fullmatch between two codes)
    "raguard.checkers.attributions._ROMAN_RE",  # (fullmatch of one word)
    "raguard.checkers.entities._WORD_NUMBER_RE",  # (fullmatch of one NER name)
    "raguard.checkers.attributions._IN_NAME_GAP_RE",  # (fullmatch between two words)
    "raguard.checkers.attributions._ASIDE_OPENING_RE",  # (fullmatch between two runs of a sentence)
    "raguard.checkers.attributions._NUMBER_AFTER_RE",  # (match right after a run of capitalized words)
    "raguard.checkers.attributions._ACRONYM_AFTER_RE",  # (match right after a run of capitalized words)
    "raguard.checkers.attributions._FIELD_RE",  # (fullmatch of one sentence)
    "raguard.checkers.attributions._ADDRESSED_RE",  # (match at a sentence's start)
    "raguard.normalize.bindings._BRACKET_CLOSE_RE",  # (match right after a name)
    "raguard.normalize.bindings._BRACKET_AFTER_RE",
    "raguard.normalize.bindings._APPOSITIVE_AFTER_RE",
    "raguard.normalize.bindings._AS_AFTER_RE",
    "raguard.normalize.bindings._WHO_AFTER_RE",
    "raguard.normalize.polarity._NOT_A_DENIAL_AFTER_RE",  # (match right after a denial word)
    "raguard.normalize.bindings._HEAD_WORD_RE",  # (match at a name's start, within it)
    "raguard.normalize.bindings._LIST_GAP_RE",  # (fullmatch between two names)
    "raguard.normalize.bindings._NEXT_WORD_RE",  # (match right after a name)
    "raguard.checkers.computed._OFFSET_RE",  # (match right after a span's figure)
    "raguard.checkers.negations.restricted._JOIN_RE",  # (fullmatch between two listed words)
    "raguard.checkers.negations.restricted._NOT_RESTRICTING_AFTER_RE",  # (match right after "only")
    "raguard.checkers.negations.restricted._PREPOSITION_AFTER_RE",  # (match right after "only")
    "raguard.normalize.bindings._PREFIX_RE",  # (match at a run's start)
    "raguard.checkers.direction.comparisons._A_GAP_RE",  # (fullmatch between two values)
    "raguard.checkers.direction.comparisons._DIFF_GAP_RE",
    "raguard.checkers.direction._common.RANGE_GAP_RE",
    "raguard.checkers.direction._common._WORD_AFTER_RE",  # (match right after a value)
    "raguard.checkers.direction.differences._SIGNED_AFTER_RE",
    "raguard.checkers.direction.judged._AGAINST_RE",
    "raguard.checkers.numbers.durations._MINUTES_SECONDS_RE",  # (fullmatch of one document time)
    "raguard.checkers.numbers.ages._AGE_AFTER_RE",  # (match right after one answer value)
    "raguard.checkers.numbers.durations._LATER_AFTER_RE",  # (match right after one answer length)
    "raguard.normalize.numbers._DECLINE_NOUN_AFTER_RE",  # (match right after a value)
    "raguard.normalize.names._WORD_AFTER_RE",  # (match right after a name's number)
    "raguard.normalize.fields._SEPARATOR_RE",  # (match right after a label)
    "raguard.normalize.text._LINKING_WORD_RE",  # (match right after a stop and its blanks)
    "raguard.normalize.numbers._TOKENIZED_PERCENT_RE",  # (match right after a value)
    "raguard.normalize.numbers._PLURAL_AFTER_RE",  # (match right after a count out of a count)
    "raguard.normalize.counts._LIST_OPEN_RE",  # (match at one stop after a count)
    "raguard.normalize.polarity._BOUND_NEXT_RE",  # (match right after a denied word)
    "raguard.checkers.negations.forms._ZERO_AFTER_RE",  # (match right after a denied word)
}
#: Patterns only ever searched in a slice of bounded length (characters), so their cost cannot
#: grow with the input; the functions that use them are timed on long input below.
WINDOWED = {
    "raguard.checkers.roles._TITLE_BEFORE_RE": 8,  # (the characters before a name)
    "raguard.checkers.numbers.initials._WORD_BEFORE_RE": 24,  # _REACH
    "raguard.checkers.attributions._SET_AGAINST_BEFORE_RE": 24,  # _SET_AGAINST_REACH
    "raguard.normalize.names._AFTER_NUMBER_RE": 5,
    "raguard.checkers.qa.choices._KIND_RE": 300,  # MAX_QUERY
    "raguard.checkers.qa.sameness._SAME_KIND_RE": 300,  # MAX_ANSWER
    "raguard.checkers.qa.comparisons._ANSWER_RE": 300,  # MAX_SENTENCE
    "raguard.checkers.qa.comparisons._QUERY_HEAD_RE": 300,  # MAX_QUERY_TAIL
    "raguard.checkers.qa.comparisons._QUERY_TAIL_RE": 300,
    "raguard.normalize.numbers._DECLINE_RE": 40,
    "raguard.normalize.numbers._CHANGED_OBJECT_RE": 40,
    "raguard.normalize.numbers._HEDGE_RE": 24,
    "raguard.normalize.numbers._ARTICLE_BEFORE_RE": 6,  # (the characters before a value)
    "raguard.normalize.numbers._PERIOD_QUARTER_RE": 8,
    "raguard.normalize.text._LAST_WORD_RE": 12,
    "raguard.checkers.roles._DOER_BEFORE_RE": 48,
    "raguard.checkers.roles._LIST_BEFORE_RE": 6,
    "raguard.normalize.doc_dates._WEEKDAY_BEFORE_RE": 24,  # _WEEKDAY_REACH
    "raguard.normalize.doc_dates._DOTTED_BEFORE_RE": 12,
    "raguard.normalize.doc_dates._CELL_BEFORE_RE": 8,
    "raguard.normalize.doc_dates._MONTH_BEFORE_RE": 20,  # _MONTH_REACH
    "raguard.normalize.doc_dates._MONTH_ABBR_BEFORE_RE": 6,  # _MONTH_ABBR_REACH
    "raguard.normalize.numbers._DATE_BEFORE_RE": 12,
    "raguard.normalize.numbers._NO_THING_BEFORE_RE": 40,  # (the characters before a value's bound)
    "raguard.checkers.numbers.days._DAY_BEFORE_RE": 16,
    "raguard.checkers.roles._LABEL_BEFORE_RE": 80,
    "raguard.checkers.attributions._WORD_BEFORE_RE": 24,  # (_MAX_BETWEEN: between two names)
    "raguard.checkers.entities._QUALIFIER_RE": 24,
    "raguard.checkers.entities._WORD_BEFORE_RE": 30,  # _LABEL_REACH: before a number
    "raguard.checkers.entities._COUNT_BEFORE_RE": 16,  # (the characters before a name)
    "raguard.checkers.numbers.counts._OTHER_BEFORE_RE": 8,  # (the characters before a count)
    "raguard.normalize.names._ABBREVIATION_BEFORE_RE": 12,
    "raguard.normalize.entities._COUNTRY_LABEL_RE": 40,
    "raguard.checkers.negations.document_denies._CONTRAST_BEFORE_RE": 12,  # (the characters before a part)
    "raguard.normalize.bindings._LABEL_RE": 60,  # _REACH: before a name
    "raguard.normalize.bindings._BRACKET_OPEN_RE": 60,
    "raguard.normalize.bindings._BY_RE": 60,
    "raguard.normalize.bindings._APPOSITIVE_BEFORE_RE": 60,
    "raguard.normalize.bindings._BARE_BEFORE_RE": 60,
    "raguard.checkers.roles._BY_WORD_RE": 80,  # _MAX_BETWEEN: between two parties
    "raguard.checkers.roles._BY_END_RE": 80,
    "raguard.checkers.roles._APPOSITIVE_RE": 80,
    "raguard.checkers.direction.order._DETERMINER_BEFORE_RE": 12,  # (the characters before "following")
    "raguard.checkers.direction.judged._JUDGED_RE": 16,  # (the characters before a value)
    "raguard.checkers.numbers.totals._TOTAL_CUE_RE": 60,  # _CLAUSE_REACH: either side of an amount
    "raguard.checkers.numbers.totals._CODE_BEFORE_RE": 5,  # (the characters before an amount)
    "raguard.normalize.counts._RANGE_OR_RATIO_BEFORE_RE": 16,  # _BEFORE_REACH: before a count
    "raguard.normalize.counts._LABEL_WORD_RE": 24,  # _LABEL_WORD_REACH: before a label's number
    "raguard.normalize.numbers._AMOUNT_PREFIX_RE": 6,  # _AMOUNT_PREFIX_REACH: before an amount
    "raguard.normalize.numbers._RUPEES_BEFORE_RE": 4,  # _RUPEES_REACH: before a value
    "raguard.normalize.numbers._TOKENIZED_CURRENCY_RE": 2,  # (the two characters before a value)
    "raguard.checkers.attributions._TITLE_BEFORE_RE": 24,  # (the characters before a name)
}


def test_pattern_inventory_is_current() -> None:
    # a renamed or removed pattern must not leave a stale entry that exempts nothing
    assert len(PATTERNS) >= 40
    assert (ANCHORED | set(WINDOWED)) - set(PATTERNS) == set()


@pytest.mark.parametrize("name", sorted(set(PATTERNS) - set(WINDOWED)))
def test_every_module_pattern_is_linear_on_adversarial_input(name: str) -> None:
    pattern = PATTERNS[name]
    if name in ANCHORED:
        def apply(text: str) -> Any:
            return pattern.match(text)
    else:
        def apply(text: str) -> Any:
            return sum(1 for _ in pattern.finditer(text))
    slow = {}
    for label, make in ADVERSARIAL.items():
        ratio = growth_ratio(apply, make, min_rounds=1)
        if ratio > RATIO_LIMIT:
            slow[label] = round(ratio, 1)
            break  # one input is enough to fail, and each costs minutes on a quadratic pattern
    assert not slow, f"{name}: 10x longer input cost more than {RATIO_LIMIT}x: {slow}"


def _other_given_names_before_fix(text: str, surname: str) -> list[str]:
    pattern = rf"\b([A-Z][\w'’\-]*)[ \t]+(?:[A-Z]\.[ \t]*)?(?i:{re.escape(surname)})\b"
    return [m.group(1) for m in re.finditer(pattern, text)]


def _given_names_seen(text: str, surname: str) -> list[str]:
    """The given names _other_given_name reads for ``surname`` (by recording fold_word calls)."""
    from raguard.checkers import entities
    from raguard.documents import DocumentIndex

    seen: list[str] = []
    original = entities.fold_word
    # every name read is "the given name", so the loop reads them all
    entities.fold_word = lambda word: seen.append(word) or "\x01"  # type: ignore[assignment]
    try:
        entities._other_given_name(DocumentIndex(text), "", ["\x01", surname.lower()])
    finally:
        entities.fold_word = original
    return seen


@given(st.lists(st.sampled_from(["Smith", "smith", "John", "Mary-Anne", "ex-Director", "O'Neil", " ", "  ", "\t",
                                 "J.", "-", "'", "’", "A", "a", "x", "_", "1", ".", "é", "Jean-Luc"]),
                max_size=14).map("".join))
@settings(max_examples=400, deadline=None)
def test_other_given_name_reads_the_same_names_as_before_the_fix(text: str) -> None:
    # as sets: the answer depends on which names are read, not how often (the old pattern read
    # the tail of "Smith-Smith" again after the "-": "Smith Smith-Smith Smith" gave Smith twice).
    # A surname inside a hyphenated word ("SmithSmith Smith-Smith Smith") is left out: there the
    # old pattern restarted inside the word and read its tail as a given name, a bug of its own.
    assume(re.search(r"(?i)smith[-'’]|[-'’]smith", text) is None)
    assert set(_given_names_seen(text, "Smith")) == set(_other_given_names_before_fix(text, "Smith"))


@pytest.mark.parametrize("unit", ["A-", "A'", "Ab-", "A’"])
def test_long_hyphenated_token_in_a_document_is_linear_for_person_names(unit: str) -> None:
    # "\b([A-Z][\w'’\-]*)[ \t]+surname" restarted after every "-" of the token: quadratic
    from raguard.checkers.entities import _other_given_name
    from raguard.documents import DocumentIndex

    assert_linear(lambda text: _other_given_name(DocumentIndex(text), "", ["john", "smith"]),
                  between("Smith met John. ", unit, " x"))


def _expansion_before_fix(acronym: str, ignore_case: bool) -> re.Pattern[str]:
    gap = r"(?:[ \t\-]+(?:(?:of|the|and|for|on|in|de|per|to|&)[ \t]+)*)"
    parts = [rf"{re.escape(letter)}[\w'’.]*" for letter in acronym.upper()]
    return re.compile(r"\b" + gap.join(parts) + r"\b", re.IGNORECASE if ignore_case else 0)


_FUNCTION_WORDS = {"of", "the", "and", "for", "on", "in", "de", "per", "to", "&"}
_EXPANSION_PIECES = ["World", "world", "Health", "Organization", "W.H.O.", "W.", "H.", "O'Neil", "l'Organisation",
                     "of", "the", "and", "Of", "-", " ", " ", "  ", "\t", "x", "Wo-Ho", "O", "ho", "who", "’s", "1"]


@given(st.sampled_from(["WHO", "WO", "OWO", "HOW"]), st.booleans(),
       st.lists(st.sampled_from(_EXPANSION_PIECES), max_size=14))
@settings(max_examples=500, deadline=None)
def test_expansion_pattern_matches_as_before_the_fix(acronym: str, ignore_case: bool, pieces: list[str]) -> None:
    from hypothesis import assume

    from raguard.normalize.entities import expansion_pattern

    text = " ".join(pieces)
    words = text.lower().split()
    # the one intended change: at most two function words in a row between the words
    assume(not any(set(words[i:i + 3]) <= _FUNCTION_WORDS for i in range(len(words) - 2)))
    new = [m.span("x") for m in expansion_pattern(acronym, ignore_case).finditer(text)]
    assert new == [m.span() for m in _expansion_before_fix(acronym, ignore_case).finditer(text)]


@pytest.mark.parametrize("ignore_case", [False, True])
@pytest.mark.parametrize("unit", ["W.", "W'", "w.", "W. "])
def test_expansion_search_on_long_dotted_tokens_is_linear(unit: str, ignore_case: bool) -> None:
    # the first word restarted after every "." of "W.W.W..." and ran to the token's end: quadratic
    from raguard.normalize.entities import expansion_pattern

    pattern = expansion_pattern("WHO", ignore_case)
    assert_linear(lambda text: pattern.search(text), repeat(unit))


@pytest.mark.parametrize("acronym", ["WOX", "WOOX"])
def test_expansion_search_on_runs_of_function_words_is_linear(acronym: str) -> None:
    # with ignore_case each "of" could be a function word or the O-word: split every way
    from raguard.normalize.entities import expansion_pattern, find_expansion

    pattern = expansion_pattern(acronym, ignore_case=True)
    assert_linear(lambda text: pattern.search(text), between("w", " of", " y"))
    assert_linear(lambda text: find_expansion(acronym, text), between("w", " of", " y"))


def test_expansions_are_still_found() -> None:
    from raguard.normalize.entities import expansion_pattern, find_expansion

    text = "the World Health Organization and the Department of Energy"
    assert find_expansion("WHO", text) == (4, 29)
    assert find_expansion("DOE", text) == (38, 58)
    assert find_expansion("DE", "the Department of the Environment") == (4, 33)
    assert find_expansion("EPS", "rose to 12 cents in earnings per share") is not None
    assert expansion_pattern("OMS", ignore_case=True).search("l'Organisation Mondiale Santé") is not None


def test_the_battery_flags_a_quadratic_pattern() -> None:
    # the check itself can fail: the ellipsis pattern before its fix, on a run of spaces
    ratio = growth_ratio(lambda text: _ELLIPSIS_BEFORE_FIX.split(text), repeat(" "), n=1_000, rounds=1, attempts=1)
    assert ratio > 2 * RATIO_LIMIT


# -- the functions that apply the patterns (and the patterns built at run time) ---------------------

#: A smaller set of adversarial inputs for whole functions (each costs more per call).
FUNCTION_INPUTS = [key for key in ADVERSARIAL if key in {
    "run '1'", "run '1 '", "run '1,'", "run '1.'", "run ','", "run '.'", "run ' '", "run '\\n'", "run '\"'",
    "run '“'", "run '«'", "run '``'", "run 'January '", "run 'May 5 '", "run 'Monday, the '", "run 'Q1 '",
    "run 'Aaa Bbb Ccc '", "run 'A of the '", "run \"O'Meara-Hill's \"", "run '-'", "run 'a-'", "run '-\\n'",
    "run 'A'", "run 'A&'", "run 'W.'", "run 'one and '", "run 'the recent report '", "run 'fell by '",
    "run 'U.S. '", "run '... '", "run 'Zed ate. '", "'\"' + run ' '", "'\"' + run 'a'", "'A' + run '.'",
    "'May 5' + run ' '", "'Monday' + run ' '", "'a-' + run '\\n'", "'[1' + run ' '", "'one' + run ' '",
}]


def _vague_scan(text: str) -> int:
    from raguard.checkers.vague import VagueChecker

    pattern = _VAGUE.setdefault("pattern", VagueChecker()._pattern)
    return sum(1 for _ in pattern.finditer(text))


_VAGUE: dict[str, Any] = {}


def _document_index(text: str) -> Any:
    from raguard.documents import DocumentIndex

    index = DocumentIndex(text)
    return (index.numbers, index.dates, index.stems, index.best_sentence(["report"]), ("A" in index.raw_words, "Report" in index.raw_words),
            index.lowercased, index.tokens.find_compact("aaabbb"))


def _relapse_prompts(text: str) -> Any:
    from relapse.check import finding_code
    from relapse.compress import compress_chunks
    from relapse.prompts import neutralize

    return neutralize(text), compress_chunks([text, text[: len(text) // 2]], len(text) // 3), finding_code(text)


def extract_numbers_all(text: str) -> Any:
    return __import__("raguard.normalize.numbers", fromlist=["x"]).extract_numbers(text)


FUNCTIONS: dict[str, Callable[[str], Any]] = {
    "extract_numbers": lambda text: __import__("raguard.normalize.numbers", fromlist=["x"]).extract_numbers(text),
    "extract_dates": extract_dates,
    "quotes": lambda text: [fragments(q) for _, _, q in find_quotes(text)],
    "proper_noun_runs": lambda text: __import__("raguard.normalize.names", fromlist=["x"]).proper_noun_runs(text),
    "named_number_spans": named_number_spans,
    "compound_measures": lambda text: __import__("raguard.normalize.measures", fromlist=["x"]).compound_measures(
        text, extract_numbers_all(text)),
    "relative_years": lambda text: __import__("raguard.normalize.dates", fromlist=["x"]).relative_years(
        text, extract_dates(text)),
    "counted_nouns": lambda text: __import__("raguard.normalize.counts", fromlist=["x"]).counted_nouns(text),
    "creator_mentions": lambda text: __import__("raguard.normalize.creators", fromlist=["x"]).creator_mentions(text),
    "question_pair": lambda text: __import__("raguard.checkers.qa.sameness", fromlist=["x"]).question_pair(text),
    "question_options": lambda text: __import__("raguard.checkers.qa.choices", fromlist=["x"]).question_options(text),
    "sentence_spans": lambda text: __import__("raguard.normalize.text", fromlist=["x"]).sentence_spans(text),
    "TokenText.of": lambda text: __import__("raguard.normalize.text", fromlist=["x"]).TokenText.of(text),
    "vague phrases": _vague_scan,
    "DocumentIndex": _document_index,
    "relapse prompts": _relapse_prompts,
    "find_citations": lambda text: __import__("raguard.checkers.citations", fromlist=["x"]).find_citations(text),
    "document_dates": lambda text: __import__("raguard.normalize.doc_dates", fromlist=["x"]).document_dates(
        text, extract_dates(text)),
    "day_months": lambda text: __import__("raguard.normalize.dates", fromlist=["x"]).day_months(text),
    "csv_rows": lambda text: __import__("raguard.normalize.numbers", fromlist=["x"]).csv_rows(text),
    "role_bindings": lambda text: (lambda b: b.role_bindings(text, b.capitalized_runs(text), frozenset({"chair"})))(
        __import__("raguard.normalize.bindings", fromlist=["x"])),
}


@pytest.mark.parametrize("function", sorted(FUNCTIONS))
def test_public_functions_are_linear_on_adversarial_input(function: str) -> None:
    fn = FUNCTIONS[function]
    slow = {}
    for label in FUNCTION_INPUTS:
        ratio = growth_ratio(fn, ADVERSARIAL[label], min_rounds=1)
        if ratio > RATIO_LIMIT:
            slow[label] = round(ratio, 1)
    assert not slow, f"{function}: 10x longer input cost more than {RATIO_LIMIT}x: {slow}"


@pytest.mark.parametrize("unit", ["directed by A ", "A B directed ", "Ann, who wrote ", "was the director of X was ",
                                  "written by Ann, Bo and ", "A (b) was a composer "])
def test_dense_maker_cues_are_linear(unit: str) -> None:
    # each cue reads a bounded window of words around it, however many cues and names there are
    from raguard.normalize.creators import creator_mentions

    assert_linear(creator_mentions, repeat(unit))


@pytest.mark.parametrize("unit", ["A of the ", "The ", "Of the "])
def test_long_run_of_capitalized_stop_words_is_linear(unit: str) -> None:
    # leading stop words were dropped one at a time by slicing the word list: quadratic
    from raguard.normalize.names import proper_noun_runs

    assert_linear(proper_noun_runs, repeat(unit))
    assert_linear(proper_noun_runs, between("", unit, "Paris Xavier"))


def test_proper_noun_runs_still_trim_stop_words() -> None:
    from raguard.normalize.names import proper_noun_runs

    text = "Then The Bank of America of the sort met In Paris. The Of"
    assert [text[s:e] for s, e in proper_noun_runs(text)] == ["Bank of America", "Paris"]


# -- checkers: span lookups per claim ---------------------------------------------------------------

_VERIFIERS: dict[str, Any] = {}


def _verify_with(checkers: tuple[str, ...], docs: list[str]) -> Callable[[str], Any]:
    """verify() of a response with only ``checkers``, against ``docs`` (a big size limit)."""
    from raguard import Verifier

    verifier = _VERIFIERS.setdefault(",".join(checkers), Verifier(checkers=list(checkers), max_chars=2_000_000))
    return lambda text: verifier.verify("", docs, text)


@pytest.mark.parametrize("checkers, doc, unit", [
    # each number was compared with every date span and every name span
    (("dates", "numbers"), "It happened on May 5.", "May 5 "),
    (("numbers",), "Apollo 11 flew 3 times.", "Apollo 11 flew 3 times. "),
    # each derived percentage read against the values of its sentence (one sentence here)
    (("numbers",), "Sales rose from 40 to 52 units.", "from 40 to 52, up 30%, "),
    # each name was compared with every name and value span before it
    (("entities",), "Apollo 11 reached Paris.", "Apollo 11 reached Paris. "),
    # each sentence scanned every supported claim of the whole answer
    # (statements requires the kinds of findings it reviews: their checkers run too)
    (("dates", "entities", "numbers", "quotes", "vague", "statements"), "Apollo 11 reached Paris.",
     "Apollo 11 reached Paris. "),
])
def test_checkers_with_thousands_of_supported_claims_are_linear(checkers: tuple[str, ...], doc: str, unit: str) -> None:
    verify = _verify_with(checkers, [doc])
    result = verify(unit * 3)
    assert result.action == "proceed" and result.claims, result  # every claim supported: no warnings
    # end to end, spaCy included: the old per-claim scans cost 16x-26x here
    ratio = growth_ratio(verify, repeat(unit), min_rounds=1, rounds=2, attempts=2, clock=time.process_time,
                         limit=END_TO_END_LIMIT)
    assert ratio <= END_TO_END_LIMIT, f"10x longer input cost {ratio:.1f}x (limit {END_TO_END_LIMIT}x)"


@pytest.mark.parametrize("unit", ["directed by Ann Lee. ", "Ann Lee directed it, ", "Bob Roy (b) was a director. "])
def test_creators_over_documents_full_of_makers_is_linear(unit: str) -> None:
    # an unmatched maker reads the clauses that state the relation: bounded, and bisected spans
    from raguard import Verifier

    verifier = Verifier(checkers=["creators"], cache_size=0, max_chars=2_000_000)
    answer = "Zed Quill directed it."
    assert verifier.verify("Who directed it?", [unit * 3], answer).warnings  # the check runs
    ratio = growth_ratio(lambda doc: verifier.verify("Who directed it?", [doc], answer), repeat(unit), min_rounds=1)
    assert ratio <= RATIO_LIMIT, f"10x longer documents cost {ratio:.1f}x (limit {RATIO_LIMIT}x)"


# -- verify() end to end -----------------------------------------------------------------------------

_DOCS = ["Alice Johnson approved the final budget on March 10, 2024. Revenue rose 12% to $4.5 million in "
         "Q3 2024. The committee met in Paris."]
_ANSWER = ('Alice Johnson approved it on March 10, 2024. Bob Smith said "the plan was great" in Q3 2024. '
           "Revenue rose 14% to $4.7 million. The recent report says so. ")
def _big_verifier() -> Any:
    from raguard import Verifier

    # no document cache: a document is indexed on every call, as a new one would be
    return _VERIFIERS.setdefault("end to end", Verifier(max_chars=2_000_000, cache_size=0))


def _assert_end_to_end_linear(verify: Callable[[str], Any], unit: str, n: int = N, rounds: int = 2) -> None:
    ratio = growth_ratio(verify, repeat(unit), n, min_rounds=1, rounds=rounds, attempts=2, clock=time.process_time,
                         limit=END_TO_END_LIMIT)
    assert ratio <= END_TO_END_LIMIT, f"10x longer input cost {ratio:.1f}x (limit {END_TO_END_LIMIT}x)"


@pytest.mark.parametrize("unit, n", [
    (_ANSWER, N), ("Q1 ", N), ("A", N), ("1 ", N // 2), ('"a b c d ', N // 2), ("May 5 ", N // 2),
    ("Apollo 11 and iPhone 16 ", N // 2), ("Aaa Bbb Ccc ", N // 2),
], ids=["realistic answer", "Q1 Q1 Q1", "one long token", "digits", "unbalanced quotes", "month and day",
        "names with numbers", "capitalized words"])
def test_verify_on_a_100k_character_response_is_linear(unit: str, n: int) -> None:
    """Every claim of the long answer is checked; the documents support them, so the answer
    raises few warnings (see the next test for many)."""
    verifier = _big_verifier()
    docs = [_DOCS[0] + " " + unit * 3]
    assert verifier.verify("What happened?", docs, unit * 5).claims  # the checkers do fire
    _assert_end_to_end_linear(lambda text: verifier.verify("What happened?", docs, text), unit, n)


def test_verify_with_thousands_of_warnings_is_linear() -> None:
    # dedupe compared every warning with every warning kept before it (quadratic); it now
    # bisects sorted per-severity span lists
    verifier = _big_verifier()
    assert len(verifier.verify("", _DOCS, "Zed ate. " * 100).warnings) == 100
    _assert_end_to_end_linear(lambda text: verifier.verify("", _DOCS, text), "Zed ate. ", n=3_000, rounds=1)


@pytest.mark.parametrize("unit", [_ANSWER, "Q1 ", "1 ", '"a b c d ', "A", "May 5 ", "Apollo 11 and iPhone 16 "],
                         ids=["realistic text", "Q1 Q1 Q1", "digits", "unbalanced quotes", "one long token",
                              "month and day", "names with numbers"])
def test_verify_against_a_100k_character_document_is_linear(unit: str) -> None:
    # "month and day", "names with numbers": each document number was compared with every date
    # and name span of the document (fixed in raguard/documents.py, 802e5ef)
    verifier = _big_verifier()
    _assert_end_to_end_linear(lambda text: verifier.verify("What happened?", [text], _ANSWER), unit)


@pytest.mark.parametrize("unit", ["A ", "Aaa Bbb Ccc ", "Bank of the "])
def test_long_runs_of_capitalized_words_are_linear(unit: str) -> None:
    # one unbounded match over the whole run grew the regex engine's stack with every word
    # (13x-15x for 10x the text, under RATIO_LIMIT: the cut itself is held by the next test)
    from raguard.normalize.names import proper_noun_runs

    assert_linear(proper_noun_runs, repeat(unit))


def test_runs_of_capitalized_words_are_cut_at_24_words() -> None:
    from raguard.normalize.names import proper_noun_runs

    text = "We met " + " ".join(f"Xa{i}" for i in range(30)) + " and the Bank of America."
    runs = [text[s:e] for s, e in proper_noun_runs(text)]
    assert runs == [" ".join(f"Xa{i}" for i in range(24)), " ".join(f"Xa{i}" for i in range(24, 30)),
                    "Bank of America"]


def _citation_numbers_before_fix(marker: str) -> tuple[int, ...]:
    from raguard.normalize.citations import _MAX_RANGE

    out: list[int] = []
    for part in re.split(r"\s*[,;]\s*", marker.strip("[] \t")):
        bounds = [int(x) for x in re.split(r"\s*[\-\u2013]\s*", part) if x]
        if len(bounds) == 2 and bounds[0] < bounds[1] and bounds[1] - bounds[0] <= _MAX_RANGE:
            out.extend(range(bounds[0], bounds[1] + 1))
        else:
            out.extend(bounds)
    return tuple(dict.fromkeys(out))


@given(st.lists(st.sampled_from(["1", "2", "12", "999", ",", ";", "-", "\u2013", " ", "  ", "\t", "\n", "[", "]",
                                 "x", "[3]"]), max_size=16).map("".join))
@settings(max_examples=400, deadline=None)
def test_citation_numbers_are_read_as_before_the_fix(text: str) -> None:
    from raguard.normalize.citations import MARKER_RE as _MARKER_RE, _numbers

    for m in _MARKER_RE.finditer(text):
        assert _numbers(m.group()) == _citation_numbers_before_fix(m.group())


@pytest.mark.parametrize("closing", ["-2]", ",2]", "]"])
def test_citation_marker_with_a_long_run_of_spaces_is_linear(closing: str) -> None:
    # "\s*[,;]\s*" split rescanned the run of spaces from each of its positions; the numbers
    # checker reads every citation marker, so this was quadratic in plain verify()
    from raguard.checkers.citations import find_citations

    assert_linear(find_citations, between("[1", " ", closing))


# -- hostile characters: every text handed to spaCy, and the query and documents --------------------

#: Every printable ASCII character, and common Unicode punctuation, symbols and invisible marks.
HOSTILE_CHARS = [chr(c) for c in range(0x21, 0x7F)] + list(
    "“”‘’«»‹›„‚…—–‐‑•·§¶†‡′″€£¥¢©®™°±×÷¿¡、。「」《》～！？，；：（）【】→←≈≠≤≥√∞♪★✓"
    "\u00ad\u200b\u200d\u2060\ufeff\u0301\U0001F600\U0001F44D"
)
#: The shapes of a run: the character alone, in runs of ten between spaces, and between single spaces.
HOSTILE_SHAPES = {"run": "{c}", "tens": "{c}{c}{c}{c}{c}{c}{c}{c}{c}{c} ", "spaced": "{c} "}


def _hostile(c: str, shape: str) -> Callable[[int], str]:
    return repeat(HOSTILE_SHAPES[shape].format(c=c))


def _hostile_cases(chars: list[str], shapes: tuple[str, ...] = tuple(HOSTILE_SHAPES)) -> list[tuple[str, str]]:
    """(character, shape) pairs: punctuation and symbols in every shape; letters and digits in
    their run only (between spaces they are short words, one token each like any prose: the
    end-to-end tests above time such text)."""
    return [(c, shape) for c in chars for shape in shapes if shape == "run" or not c.isalnum()]


def _spacy_parse(text: str) -> Any:
    """What verify() does with spaCy: the NER pass over the answer, in a memory zone."""
    from raguard.nlp import load_model

    model = load_model()
    with model.zone(text):
        return [(e.start_char, e.end_char) for e in model.parse(text).ents]


_ANSWER_AND_DOCS = ("Alice Johnson went to Paris in 2024.", ["Alice Johnson went to Paris in March 2024."])


def _hostile_call(where: str) -> Callable[[str], Any]:
    """verify() with the hostile text as the answer, the query or the one document."""
    from raguard import Verifier

    verifier = _VERIFIERS.setdefault("hostile", Verifier(max_chars=2_000_000, cache_size=0))
    answer, docs = _ANSWER_AND_DOCS
    return {
        "answer": lambda text: verifier.verify("Where did she go?", docs, text),
        "query": lambda text: verifier.verify(text, docs, answer),
        "documents": lambda text: verifier.verify("Where did she go?", [text], answer),
    }[where]


def _slow_cases(fn: Callable[[str], Any], cases: list[tuple[str, str]], n: int) -> dict[tuple[str, str], float]:
    slow = {}
    for c, shape in cases:
        ratio = growth_ratio(fn, _hostile(c, shape), n=n, min_rounds=1, rounds=2, attempts=2, clock=time.process_time)
        if ratio > RATIO_LIMIT:
            slow[(c, shape)] = round(ratio, 1)
    return slow


@pytest.mark.parametrize("where", ["answer", "query", "documents"])
def test_verify_is_linear_on_runs_of_every_character(where: str) -> None:
    # spaCy's tokenizer strips affixes one at a time, copying the rest of the chunk each time:
    # "!" * 32,000 took 69 s. The answer is now handed over with long punctuation runs blanked.
    # Here: the whole of verify(), every character and shape, at 1k and 10k characters.
    # (the query and documents see no spaCy: a run between single spaces is like a run of tens there)
    shapes = tuple(HOSTILE_SHAPES) if where == "answer" else ("run", "tens")
    slow = _slow_cases(_hostile_call(where), _hostile_cases(HOSTILE_CHARS, shapes), n=1_000)
    assert not slow, f"{where}: 1k -> 10k characters cost more than {RATIO_LIMIT}x: {slow}"


#: A sample timed at 100k: the worst of the quadratic ones before the fix, and others.
HOSTILE_SAMPLE = ["!", ",", '"', "_", "#", "…", "“", "€", "\U0001F600", "a", "."]


def test_spacy_is_linear_on_100k_runs() -> None:
    slow = _slow_cases(_spacy_parse, _hostile_cases(HOSTILE_SAMPLE, ("run", "tens")), n=N)
    assert not slow, f"10k -> 100k characters cost more than {RATIO_LIMIT}x: {slow}"


@pytest.mark.parametrize("where", ["query", "documents"])
def test_verify_is_linear_on_100k_runs_in_the_query_and_documents(where: str) -> None:
    slow = _slow_cases(_hostile_call(where), _hostile_cases(HOSTILE_SAMPLE, ("run", "tens")), n=N)
    assert not slow, f"{where}: 10k -> 100k characters cost more than {RATIO_LIMIT}x: {slow}"


#: Prose written for this test: names, dates, numbers and places, as an answer would have them.
_PROSE = ("On March 3, 2021, Maren Oduya opened the Lindqvist Archive in Tallinn with 14 staff and a budget of "
          "$2.6 million. Three years later the archive held 41,000 letters, most of them from the Baltic trade "
          "houses of the 1890s, and its director, Piet Van Rensburg, told the Helsinki Review that visits had "
          "doubled since the new reading room opened in June. The city council approved a second wing in 2024; "
          "it will house the Okonkwo collection of maps, bought at auction in Geneva for 380,000 euros. ")


def test_a_hostile_100k_answer_costs_less_than_3x_spacy_on_100k_of_prose() -> None:
    # end to end (validation, spaCy, every checker, the result) against spaCy's NER alone on an
    # answer of ordinary prose of the same length, both in CPU time, measured in this test
    from raguard.nlp import load_model

    n = 100_000
    nlp = load_model().nlp
    verify = _hostile_call("answer")
    enabled = gc.isenabled()
    gc.disable()
    try:
        spacy_prose = _sample(nlp, repeat(_PROSE)(n), 1, time.process_time)
        costs = {}
        for c, shape in _hostile_cases(HOSTILE_SAMPLE, ("run", "tens")):
            text = _hostile(c, shape)(n)
            costs[(c, shape)] = _sample(verify, text, 1, time.process_time)
            if costs[(c, shape)] >= 3 * spacy_prose:  # measured again a moment later before failing
                time.sleep(0.05)
                costs[(c, shape)] = min(costs[(c, shape)], _sample(verify, text, 1, time.process_time))
    finally:
        if enabled:
            gc.enable()
    worst = max(costs, key=costs.__getitem__)
    ratio = costs[worst] / spacy_prose
    assert ratio < 3, f"{worst}: {costs[worst]:.2f} s, {ratio:.1f}x spaCy's {spacy_prose:.2f} s on 100k of prose"


@given(st.lists(st.sampled_from(["!", "!!!!!!!!!!", "_", " ", "  ", "\n", "a", "Ann", "Paris", "2024", "…", "'s",
                                 "x" * 300, ".", "“", "\u200b", "é", "e\u0301", "US$"]), max_size=40).map("".join))
@settings(max_examples=300, deadline=None)
def test_parse_text_keeps_every_offset(text: str) -> None:
    # the text spaCy sees has the answer's length, and every character it keeps is at its offset:
    # the entities' offsets are the answer's
    from raguard.nlp import MAX_CHUNK, parse_text

    parsed = parse_text(text)
    assert len(parsed) == len(text)
    for original, seen in zip(text, parsed):
        assert seen == original or (not original.isspace() and seen in " x"), (original, seen)
    assert all(len(chunk) <= MAX_CHUNK for chunk in parsed.split())


@given(st.text(alphabet=st.sampled_from(list("ab1 _!?.,\n\t\x1f\x00-()\x7f\x0b")), max_size=40))
@settings(max_examples=300, deadline=None)
def test_the_ascii_run_pattern_finds_what_the_general_one_finds(text: str) -> None:
    # parse_text uses explicit ASCII classes on ASCII text (the fast path of every ordinary answer)
    from raguard.nlp import _ASCII_PUNCT_RUN_RE, _PUNCT_RUN_RE

    assert [m.span() for m in _ASCII_PUNCT_RUN_RE.finditer(text)] == [m.span() for m in _PUNCT_RUN_RE.finditer(text)]


def test_parse_text_leaves_prose_alone() -> None:
    from raguard.nlp import parse_text

    for text in [_PROSE, "Wait... really?! (Yes.)", 'He said: "No!!!" -- and left.', "See https://example.org/a/b?c=d#e."]:
        assert parse_text(text) is text
    assert parse_text("Oh!!!!!!!!!! Paris") == "Oh           Paris"


# -- the HTML report and the citations checker -------------------------------------------------------


def _html_highlight(text: str) -> Any:
    from raguard.cli.report_html import highlight_html

    return highlight_html(text, _HTML_RESULTS[len(text)])


_HTML_RESULTS: dict[int, Any] = {}


def test_html_highlighting_of_an_answer_full_of_warnings_is_linear() -> None:
    # every piece between span bounds scanned every span: quadratic in the number of warnings
    from raguard.models import Claim, VerifyResult, Warning

    unit = "Zed ate 12 figs. "

    def make(n: int) -> str:
        text = repeat(unit)(n)
        warnings, claims = [], []
        for i in range(0, n - len(unit) + 1, len(unit)):
            warnings.append(Warning(severity="high", type="missing_entity", text="Zed", suggestion="s",
                                    start=i, end=i + 3))
            claims.append(Claim(kind="number", text="12", start=i + 8, end=i + 10, supported=True))
        _HTML_RESULTS[n] = VerifyResult(action="review", warnings=warnings, claims=claims,
                                        summary={"high": len(warnings), "medium": 0, "low": 0})
        return text

    assert "<mark" in _html_highlight(make(100)) and '<span class="ok"' in _html_highlight(make(100))
    assert_linear(_html_highlight, make, n=3_000)


_CITED: dict[int, Any] = {}


@pytest.mark.parametrize("unit", ["Ann ate 12 figs [1]. ", "Ann ate 12 figs [1] and "])
def test_the_citations_checker_over_many_cited_sentences_is_linear(unit: str) -> None:
    # each citation scanned every sentence, each sentence every claim (quadratic; end to end
    # spaCy's pass hid it below the limit): the checker alone, on the findings it reads
    from types import SimpleNamespace

    from raguard.checkers.base import Finding
    from raguard.checkers.citations import CitationsChecker
    from raguard.documents import DocumentCache, DocumentSet

    documents = DocumentSet(["Ann ate 12 figs."], DocumentCache(0))
    checker = CitationsChecker()

    def make(n: int) -> str:
        text = repeat(unit)(n)
        claims = [Finding(kind="number", warning_type="unsupported_number", start=i + 8, end=i + 10, text="12",
                          supported=True, evidence=(0, 8, 10), checker="numbers")
                  for i in range(0, n - len(unit) + 1, len(unit))]
        _CITED[n] = SimpleNamespace(response=text, findings=claims, query_stems=frozenset(), options={},
                                    documents=documents)
        return text

    found = list(checker.review(_CITED[len(make(200))], _CITED[200].findings))
    assert found and all(f.supported for f in found)  # every citation checked, and right
    assert_linear(lambda text: list(checker.review(_CITED[len(text)], _CITED[len(text)].findings)), make, n=2_000)


@pytest.mark.parametrize("unit", ["Ann ate 12 figs [1]. ", "Ann ate [1][2] and 3 [1]; "])
def test_citations_over_many_cited_sentences_are_linear(unit: str) -> None:
    # each citation scanned every sentence, and each sentence every claim: quadratic
    from raguard import Verifier

    verifier = _VERIFIERS.setdefault("citations", Verifier(
        checkers=["dates", "numbers", "entities", "quotes", "vague", "statements", "citations"],  # statements' providers
        max_chars=2_000_000, cache_size=0))
    docs = ["Ann ate 12 figs.", "Ann ate 3 figs."]
    assert any(w.type == "bad_citation" for w in verifier.verify("", docs, unit * 3).warnings) or \
        any(c.kind == "citation" for c in verifier.verify("", docs, unit * 3).claims)
    _assert_end_to_end_linear(lambda text: verifier.verify("", docs, text), unit, n=1_000)


def test_neutralize_is_linear_on_a_bracket_before_a_long_run_of_spaces() -> None:
    # "<" then only spaces: the two "\\s*" around the optional "/" split the run every way
    from relapse.prompts import neutralize

    assert_linear(neutralize, between("<", " ", "x"))
    assert_linear(neutralize, between("<\u200b", " ", "x"))  # the folded view too
    assert neutralize("<" + " " * 50 + "/ chunk>") == "&lt;" + " " * 50 + "/ chunk>"


@pytest.mark.parametrize("unit", ["11.10. ", "1.10.", "Sa 11.10. ", "24.-", "Sat 1 ", "1 Sat ", "06/11 ", "Thu 2/3 ",
                                  "12:00,", "1,", "Jun-", "Jun-Sep ", "1-1-", "3 februari ", "martes ", "bis ",
                                  "Mar 25 ", "Oct-25 ", "Apr '", " '", "in '61 ", "March '", "2026-06 ", "03-Nov ", "3-", "02/16 ", "06.2026 ", "10.2026 g ", "2026/06 ",
                                  "Thursday 9 July ", "1-2 mars ", "1 au 2 mars ", "1. bis "])
def test_document_dates_and_rows_on_long_runs_are_linear(unit: str) -> None:
    # the readings of documents only: each pattern scanned once, the windows before a match bounded
    from raguard.normalize.dates import day_months
    from raguard.normalize.doc_dates import document_dates
    from raguard.normalize.numbers import csv_rows

    head = "TIDES AUGUST 2025 "
    assert_linear(lambda text: document_dates(text, extract_dates(text)), between(head, unit, " x"))
    assert_linear(day_months, between(head, unit, " x"))
    assert_linear(csv_rows, between("a,b,", unit, "\n"))


@pytest.mark.parametrize("unit", ["Chair: Ann Lee (chair), ", "the chair, Ann Lee, ", "chaired by Ann Lee and Bo Roy; ",
                                  "Ann Lee as chair ", "Chair Ann Lee Bo Roy ", "A B C D E F G H "])
def test_dense_role_bindings_are_linear(unit: str) -> None:
    # each name reads a bounded window before it and a bounded match after it, line or no line
    from raguard.normalize.bindings import capitalized_runs, role_bindings

    assert_linear(lambda text: role_bindings(text, capitalized_runs(text), frozenset({"chair"})), repeat(unit))


@pytest.mark.parametrize("unit", ["Plan paid to clinic: $120. ", "The clinic, Arden Care, has paid the plan. ",
                                  "Chair: Ann Lee | Secretary: Bo Roy\n"])
def test_roles_over_documents_full_of_parties_and_labels_is_linear(unit: str) -> None:
    # each pair of the answer's parties reads the sentences holding both; a document's role
    # bindings are read once
    from raguard import Verifier

    verifier = Verifier(checkers=["entities", "roles"], cache_size=0, max_chars=2_000_000)
    answer = "The clinic paid the plan $120, and the meeting was chaired by Bo Roy with Ann Lee as secretary."
    ratio = growth_ratio(lambda doc: verifier.verify("Who paid?", [doc], answer), repeat(unit), min_rounds=1)
    assert ratio <= RATIO_LIMIT, f"10x longer documents cost {ratio:.1f}x (limit {RATIO_LIMIT}x)"
