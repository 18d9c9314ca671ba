"""Values an answer rounds or computes from the documents' values: a rounded reading, a time with
a British dot, and (shown, not gating) arithmetic on values the answer and the documents give."""

from __future__ import annotations

import pytest

from raguard import verify
from raguard.normalize.numbers import CLOCK, extract_numbers

MODEL = ("Coefficients:\n"
         "              Estimate  Std.Error  t value  Pr(>|t|)\n"
         "rain_mm       -0.263417  0.118204  -2.228  0.031877\n"
         "slope_deg      0.047312  0.052118   0.908  0.368504\n"
         "Adjusted R-squared:  0.4471")

FERRY = ("WESTHOLM FERRY — winter timetable\n"
         "Check-in 06:45–07:15 · Boarding closes 07:20 · Departs 07:30\n"
         "Afternoon sailing: check-in 13:40–14:10, departs 14:25")


def _high(answer: str, docs: list[str], query: str = "What does it say?") -> list[tuple[str, str]]:
    result = verify(query, docs, answer)
    return [(w.type, w.text) for w in result.warnings if w.severity == "high"]


@pytest.mark.parametrize("answer", [
    "The rain coefficient is -0.26 and significant at p = 0.03.",
    "The rain coefficient is −0.263 (minus sign).",
    "Slope is not significant (p = 0.37), and the adjusted R-squared is 0.45.",
])
def test_a_value_rounded_from_a_document_value_with_more_decimals_is_supported(answer: str) -> None:
    assert _high(answer, [MODEL]) == []


@pytest.mark.parametrize("answer, changed", [
    ("The rain coefficient is -0.29 and significant.", "-0.29"),
    ("Slope is not significant (p = 0.38).", "0.38"),
    ("The rain coefficient is 0.26.", "0.26"),            # the sign is the value's
    ("The adjusted R-squared is 0.5.", "0.5"),             # no value of the table rounds to 0.5
])
def test_a_changed_digit_is_no_rounding(answer: str, changed: str) -> None:
    assert ("unsupported_number", changed) in _high(answer, [MODEL])


def test_a_whole_number_is_not_read_as_rounded() -> None:
    doc = "Order total: 48.60 GBP for 3 boxes."
    assert ("unsupported_number", "49") in _high("The order came to 49 for the boxes.", [doc])


def test_a_dotted_time_shares_the_am_or_pm_of_its_range_end() -> None:
    found = [(n.text, n.value, n.measure) for n in extract_numbers("check-in from 6.45 to 7.15 am, or 1.40 to 2.10 pm")]
    assert found == [("6.45", 405.0, CLOCK), ("7.15 am", 435.0, CLOCK),
                     ("1.40", 820.0, CLOCK), ("2.10 pm", 850.0, CLOCK)]


@pytest.mark.parametrize("answer", [
    "Check in from 6.45 to 7.15 am; boarding closes at 7.20 and the ferry leaves at 7.30.",
    "For the afternoon boat, check in between 1.40 and 2.10 pm.",
])
def test_a_time_written_with_a_dot_is_the_documents_clock_time(answer: str) -> None:
    assert _high(answer, [FERRY]) == []


@pytest.mark.parametrize("answer, changed", [
    ("Boarding closes at 7.25.", "7.25"),
    ("Check in from 6.15 to 7.15 am.", "6.15"),
])
def test_a_changed_dotted_time_is_flagged(answer: str, changed: str) -> None:
    assert ("unsupported_number", changed) in _high(answer, [FERRY])
