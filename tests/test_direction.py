"""The direction checker: a change said to go one way between values that go the other.
Examples written for these tests."""

from __future__ import annotations

import pytest

from raguard import Verifier, verify
from raguard.models import CONTRADICTED_CLAIM

STATEMENT = ["Orchard Vale loan statement\nOpening balance 01/01/2025 .... £96,410.20\n"
             "Closing balance 31/12/2025 .... £91,077.85\nStaff: 240 (2024), 310 (2025)."]


def contradictions(answer: str, docs: list[str] = STATEMENT) -> list:
    return [w for w in verify("What changed?", docs, answer).warnings if w.type == CONTRADICTED_CLAIM]


@pytest.mark.parametrize(
    "answer",
    [
        "Over the year the balance rose from £96,410.20 to £91,077.85.",
        "The firm's headcount fell sharply from 240 to 310 in 2025.",
    ],
)
def test_a_change_whose_values_go_the_other_way_is_contradicted(answer: str) -> None:
    [warning] = contradictions(answer)
    assert warning.severity == "high" and "went " in warning.suggestion and "than" in warning.suggestion


@pytest.mark.parametrize(
    "answer",
    [
        "Over the year the balance fell from £96,410.20 to £91,077.85.",
        "The firm's headcount grew from 240 to 310 in 2025.",
        # a denied or hedged change, a change of date, values of another kind
        "The balance did not rise from £96,410.20 to £91,077.85.",
        "Payments rose from January 2025 to December 2025.",
        "Staff numbers rose from 240 people in 2024 to 310 people in 2025.",
    ],
)
def test_a_change_that_agrees_with_its_values_or_says_no_direction_is_left_alone(answer: str) -> None:
    assert contradictions(answer) == []


def test_only_the_direction_checker_reads_it() -> None:
    from raguard.checkers import DEFAULT_CHECKERS

    answer = "Over the year the balance rose from £96,410.20 to £91,077.85."
    without = Verifier(checkers=[c for c in DEFAULT_CHECKERS if c != "direction"])
    assert [w for w in without.verify("What changed?", STATEMENT, answer).warnings if w.type == CONTRADICTED_CLAIM] == []


def test_a_hedge_before_either_value_keeps_the_change_read() -> None:
    [warning] = contradictions("Over the year the balance rose from about £96,410 to roughly £91,078.")
    assert "went up" in warning.suggestion
    assert contradictions("Over the year the balance fell from about £96,410 to roughly £91,078.") == []


def test_two_unit_words_the_reader_does_not_convert_give_no_direction() -> None:
    docs = ["Cache: 640 MiB at start, 2.1 GiB at peak."]
    assert contradictions("The cache grew from about 640 MiB to about 2.1 GiB.", docs) == []
    assert contradictions("The cache shrank from about 640 MiB to about 2.1 GiB.", docs) == []


REPORT = ["Pupil report - Science: level 5 (target 5). Art: level 3 (target 4). Sample B: 0.31 % (limit 0.25 %)."]


@pytest.mark.parametrize("answer", [
    "In art she is at level 3, one above her target of 4.",
    "Sample B came in at 0.31%, below the 0.25% limit.",
    "Sample B, at 0.31%, was lower than the 0.25% limit.",
])
def test_a_value_the_comparison_puts_on_the_wrong_side_is_contradicted(answer: str) -> None:
    [warning] = contradictions(answer, REPORT)
    assert warning.severity == "high" and "but" in warning.suggestion


@pytest.mark.parametrize("answer", [
    "In art she is at level 3, one below her target of 4.",
    "Sample B came in at 0.31%, above the 0.25% limit.",
    # a difference before the comparison is no compared value; values of two units are not compared
    "Art is 1 less than her target of 4 this term, at level 3.",
    "Sample B, at 0.31%, was above the level of 3 samples last year.",
])
def test_a_comparison_that_holds_or_compares_no_two_values_of_a_kind_is_left_alone(answer: str) -> None:
    assert contradictions(answer, REPORT) == []
