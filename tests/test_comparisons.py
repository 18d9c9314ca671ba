"""The comparisons checker: "who was born first" answers are checked against the years given."""

from __future__ import annotations

import pytest

from raguard import Verifier, verify
from raguard.checkers import DEFAULT_CHECKERS
from raguard.checkers.qa.comparisons import _query_options
from raguard.models import CONTRADICTED_CLAIM

DOCS = [
    "Martin Heidegger (26 September 1889 – 26 May 1976) was a German philosopher.",
    "Lydia Davis (born July 15, 1947) is an American writer.",
]
QUERY = "Who was born first, Martin Heidegger or Lydia Davis?"


def contradictions(query: str, docs: list[str], answer: str):
    return [w for w in verify(query, docs, answer).warnings if w.type == CONTRADICTED_CLAIM]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        (QUERY, ("Martin Heidegger", "Lydia Davis", True)),
        ("Who is younger Mary Ramsey or Lee Ranaldo ?", ("Mary Ramsey", "Lee Ranaldo", False)),
        ("Was Beyond the Gates of Splendor or Jesus Camp released first?",
         ("Beyond the Gates of Splendor", "Jesus Camp", True)),
        ("Which band was founded first, Hole, the rock band of Courtney Love, or The Wolfhounds?",
         ("Hole", "The Wolfhounds", True)),
        ("Who wrote the first novel about whales?", None),
        ("Is tea or coffee more popular?", None),
    ],
)
def test_options_and_direction_from_the_question(query: str, expected) -> None:
    assert _query_options(query) == expected


def test_wrong_order_is_flagged_with_both_years() -> None:
    result = verify(QUERY, DOCS, "Lydia Davis was born first.")
    [warning] = [w for w in result.warnings if w.type == CONTRADICTED_CLAIM]
    assert result.action == "review"
    assert warning.text == "first"  # the span is the comparing word
    assert "Lydia Davis: 1947" in warning.suggestion and "Martin Heidegger: 1889" in warning.suggestion


@pytest.mark.parametrize(
    "answer",
    ["Lydia Davis", "Davis was born first.", "Martin Heidegger is younger than Lydia Davis.",
     "Heidegger was born after Lydia Davis."],
)
def test_every_form_of_the_wrong_order_is_flagged(answer: str) -> None:
    assert contradictions(QUERY, DOCS, answer), answer


@pytest.mark.parametrize(
    "answer",
    ["Martin Heidegger", "Heidegger was born first.", "Lydia Davis is younger than Martin Heidegger.",
     "Martin Heidegger was born long before Lydia Davis."],
)
def test_the_right_order_passes_with_evidence(answer: str) -> None:
    result = verify(QUERY, DOCS, answer)
    assert result.action == "proceed", result.warnings
    [claim] = [c for c in result.claims if c.checker == "comparisons"]
    assert claim.supported and claim.evidence is not None
    # the evidence is the year of the option the answer puts first or last
    year = "1889" if claim.evidence.doc_index == 0 else "1947"
    assert year in claim.evidence.text


def test_no_question_needed_when_the_answer_names_both() -> None:
    assert contradictions("Tell me about them.", DOCS, "Lydia Davis is older than Martin Heidegger.")
    assert not contradictions("Tell me about them.", DOCS, "Martin Heidegger is older than Lydia Davis.")


def test_unreadable_digits_between_name_and_year_mean_no_judgement() -> None:
    # "1889-2611 May 1976" garbled: the first year readable after the name is the death year
    docs = ["Martin Heidegger ( ; ] ; 1889-2611 May 1976) was a German philosopher.", DOCS[1]]
    assert not contradictions(QUERY, docs, "Martin Heidegger")
    assert not contradictions(QUERY, docs, "Lydia Davis")


def test_one_year_missing_or_equal_years_mean_no_judgement() -> None:
    docs = ["Martin Heidegger was a German philosopher.", DOCS[1]]
    assert not contradictions(QUERY, docs, "Lydia Davis was born first.")
    docs = ["Martin Heidegger (born 1947) was a philosopher.", DOCS[1]]
    assert not contradictions(QUERY, docs, "Lydia Davis was born first.")


def test_tokenized_lower_cased_documents() -> None:
    docs = ["the wolfhounds are an indie pop band formed in romford , uk in 1985 .",
            "courtney love fronted the rock band hole , which she formed in 1989 ."]
    query = "Which band was founded first, Hole or The Wolfhounds?"
    assert contradictions(query, docs, "Hole was founded first.")
    assert not contradictions(query, docs, "The Wolfhounds were formed first, in 1985.")


def test_the_checker_can_be_left_out() -> None:
    guard = Verifier(checkers=[c for c in DEFAULT_CHECKERS if c != "comparisons"])
    result = guard.verify(QUERY, DOCS, "Lydia Davis was born first.")
    assert all(w.type != CONTRADICTED_CLAIM for w in result.warnings)


def test_a_superlative_with_a_noun_after_it_names_no_second_side() -> None:
    # "the first band founded": "band founded" is not the other side, so the claim is read
    query = "Which band was founded first, Hole, the rock band that Courtney Love fronted, or The Wolfhounds?"
    docs = ["She rose to prominence as the frontwoman of the rock band Hole, which she formed in 1989.",
            "The Wolfhounds are an indie pop band formed in Romford , UK in 1985 ."]
    [warning] = contradictions(query, docs, "Hole was the first band founded.")
    assert "Hole: 1989, The Wolfhounds: 1985" in warning.suggestion  # the name, not its apposition
    assert contradictions(query, docs, "The Wolfhounds was the first band founded.") == []


def test_years_of_a_life_span_whose_dash_was_lost_are_read() -> None:
    docs = ["Martin Heidegger ( ; ] ; 26 September 188926 May 1976) was a German philosopher.",
            "Lydia Davis (born July 15, 1947) is an American writer."]
    [warning] = contradictions(QUERY, docs, "Lydia Davis was born first.")
    assert "Martin Heidegger: 1889" in warning.suggestion
    assert contradictions(QUERY, docs, "Martin Heidegger was born first.") == []
