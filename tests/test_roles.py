"""The roles checker: two names the documents give, in each other's place."""

from __future__ import annotations

import pytest

from raguard import Verifier, verify
from raguard.checkers import DEFAULT_CHECKERS
from raguard.models import MISATTRIBUTED_CLAIM

DOC = ("Dana Whitlock interviewed Marcus Ibe about the harbour project on Friday. "
       "Ibe said the work would take two years.")


def misattributed(answer: str, docs: list[str] = [DOC]):
    return [w for w in verify("Summarize the article.", docs, answer).warnings if w.type == MISATTRIBUTED_CLAIM]


@pytest.mark.parametrize(
    "answer",
    [
        "Marcus Ibe interviewed Dana Whitlock about the harbour project on Friday.",
        # a passive on one side turns the order round: this says Ibe interviewed Whitlock
        "Dana Whitlock was interviewed by Marcus Ibe about the harbour project.",
    ],
)
def test_two_names_in_each_others_place_are_flagged(answer: str) -> None:
    [warning] = misattributed(answer)
    assert warning.severity == "high" and answer.startswith(warning.text)
    assert "Document 0 says it the other way round" in warning.suggestion
    assert "Dana Whitlock interviewed Marcus Ibe" in warning.suggestion


@pytest.mark.parametrize(
    "answer",
    [
        "Dana Whitlock interviewed Marcus Ibe about the harbour project on Friday.",
        "Marcus Ibe was interviewed by Dana Whitlock on Friday.",
        # no relation between the names, or one that holds both ways
        "Marcus Ibe and Dana Whitlock discussed the harbour project.",
        "Marcus Ibe met Dana Whitlock on Friday.",
    ],
)
def test_names_in_their_own_place_pass(answer: str) -> None:
    assert misattributed(answer) == []


def test_a_document_saying_it_in_the_answers_order_too_is_enough() -> None:
    docs = [DOC, "A week later, Marcus Ibe interviewed Dana Whitlock for the port's newsletter."]
    assert misattributed("Marcus Ibe interviewed Dana Whitlock for the newsletter.", docs) == []


def test_a_quoted_title_between_two_names_is_no_relation() -> None:
    docs = ["The Harlan museum lent Ada Voss's “Harbour at Dusk” to the Kellner gallery in May."]
    answer = "The Kellner gallery shows Ada Voss's “Harbour at Dusk” from the Harlan museum."
    assert misattributed(answer, docs) == []


def test_the_checker_is_a_default_and_can_be_left_out() -> None:
    assert "roles" in DEFAULT_CHECKERS
    guard = Verifier(checkers=[c for c in DEFAULT_CHECKERS if c != "roles"])
    answer = "Marcus Ibe interviewed Dana Whitlock about the harbour project on Friday."
    assert guard.verify("Summarize the article.", [DOC], answer).action == "proceed"
