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
