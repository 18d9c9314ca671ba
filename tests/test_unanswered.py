"""The unanswered checker: "Who ...?" answered only with the names the question gave."""

from __future__ import annotations

import pytest

from raguard import Verifier
from raguard.models import UNANSWERED_QUESTION

_VERIFIER = Verifier(checkers=["unanswered"])
DOCS = ["The Stern-Volmer relationship is named after Otto Stern and Max Volmer. Stern won the Nobel Prize in "
        "Physics in 1943."]
QUERY = "Who won a Nobel Prize in 1943 and is associated with Max Volmer?"


def _flags(query: str, answer: str, docs: list[str] = DOCS) -> list[str]:
    return [w.text for w in _VERIFIER.verify(query, docs, answer).warnings if w.type == UNANSWERED_QUESTION]


def test_the_question_s_own_name_in_the_asked_slot_is_flagged() -> None:
    result = _VERIFIER.verify(QUERY, DOCS, "Max Volmer won the Nobel Prize in 1943.")
    [warning] = result.warnings
    assert warning.type == UNANSWERED_QUESTION and warning.text == "Max Volmer"
    assert "already gives" in warning.suggestion and result.action == "review"


@pytest.mark.parametrize("answer", [
    "Otto Stern.",
    "Otto Stern, who is associated with Max Volmer, won it in 1943.",
    "Max Volmer's colleague Otto Stern won it.",  # the asked name after the given one
    "The documents do not say who won it.",  # a refusal
    "Max Volmer did not win it.",  # a denial: the negations checker's
    "He did.",  # no name to compare
])
def test_answers_that_name_someone_new_or_claim_nothing(answer: str) -> None:
    assert _flags(QUERY, answer) == []


def test_symmetric_relations_answered_with_the_new_name() -> None:
    docs = ["Stacey Kent is an American jazz singer married to saxophonist Jim Tomlinson. She released Raconte-moi."]
    query = "Who is married to Jim Tomlinson and released an album entitled Raconte-moi?"
    assert _flags(query, "Jim Tomlinson is married to Stacey Kent.", docs) == []
    assert _flags(query, "Jim Tomlinson is a married singer.", docs) == ["Jim Tomlinson"]


def test_lower_cased_question_and_answer() -> None:
    # names come from capitals; a lower-cased answer names no one, so nothing is judged
    assert _flags(QUERY.lower(), "max volmer won the nobel prize in 1943.") == []


def test_other_questions_are_left_alone() -> None:
    assert _flags("What did Max Volmer study?", "Max Volmer studied chemistry.") == []
    assert _flags("Who was born first, Max Volmer or Otto Stern?", "Max Volmer was born first.") == []
    assert _flags("", "Max Volmer won the Nobel Prize in 1943.") == []


def test_who_is_a_named_person_asks_for_a_description() -> None:
    docs = ["Max Volmer was a German physical chemist who worked on electrochemistry."]
    assert _flags("Who was Max Volmer?", "Max Volmer was a physical chemist.", docs) == []
    assert _flags("Who was the teacher of Max Volmer?", "Max Volmer taught himself.", docs) == ["Max Volmer"]


# -- a question that asks for a number or a date, answered with none ------------------------------

POPULATION = ["Eastoft is a village in North Lincolnshire , England .",
              "The population of the unitary authority at the 2011 census was 167,446 ."]


@pytest.mark.parametrize("query, answer", [
    ("What was the 2011 population of the area that includes Eastoft?", "Eastoft had a decent population."),
    ("How long was the rule of the dynasty?", "The rule of the dynasty lasted for a long time."),
    ("In the 2011 census, how many people lived there?", "Quite a lot of people lived there."),
    ("In what year was the creator of the theme born?", "Alf Clausen composed the theme."),
])
def test_an_answer_without_the_asked_value_is_flagged(query: str, answer: str) -> None:
    result = _VERIFIER.verify(query, POPULATION, answer)
    [warning] = result.warnings
    assert warning.type == UNANSWERED_QUESTION and warning.text == answer
    assert "number or a date" in warning.suggestion and result.action == "review"


@pytest.mark.parametrize("query, answer", [
    ("How many people lived there in 2011?", "167,446 people."),
    ("How many people lived there in 2011?", "About a hundred and sixty thousand."),  # spelled out
    ("How many times did it flood?", "Twice."),
    ("In what year was the census?", "The census was taken in the spring of 2011."),
    ("How many people lived there?", "The documents do not say how many people lived there."),  # a refusal
    ("How many goals did he score?", "He did not score any goals."),  # a denial: zero, the negations checker's
    ("When did the village grow?", "It grew after the railway came."),  # "when" is answered by an event
    ("Which village is in North Lincolnshire?", "Eastoft."),
])
def test_answers_with_a_value_or_not_asked_for_one(query: str, answer: str) -> None:
    assert _flags(query, answer, POPULATION) == []
