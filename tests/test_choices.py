"""The choices checker: an answer that picks the option of "A or B?" the documents do not describe."""

from __future__ import annotations

import pytest

from raguard import Verifier
from raguard.checkers.qa.choices import question_options

_VERIFIER = Verifier(checkers=["choices"])

DOGS = ["The Chinese crested dog is a hairless breed of dog. It comes in two varieties, the Powderpuff "
        "and the Hairless.",
        "The Chien-gris, or Gris de Saint-Louis, was a breed of dog from France, now extinct."]
DOGS_QUESTION = "Which breed of dog is now extinct: Chinese Crested Dog or the Chien-gris?"


def _flags(query: str, docs: list[str], answer: str) -> list[str]:
    return [w.text for w in _VERIFIER.verify(query, docs, answer).warnings if w.type == "contradicted_claim"]


@pytest.mark.parametrize("query, options", [
    ("Which breed of dog is now extinct: Chinese Crested Dog or the Chien-gris?", ("Chinese Crested Dog", "Chien-gris")),
    ("Which musician, Edwyn Collins or Jimmie Ross, played the bass guitar?", ("Edwyn Collins", "Jimmie Ross")),
    ("Is Children's National Medical Center or MedStar Washington Hospital Center the largest private hospital?",
     ("Children's National Medical Center", "MedStar Washington Hospital Center")),
    ("Which private research university is located in Chestnut Hill, Massachusetts Boston College or Stanford "
     "University?", ("Massachusetts Boston College", "Stanford University")),
    ("Was the president who appointed Thomas C. Mann a democrat or a republican?", ("democrat", "republican")),
    ("Is the plan's renewal fee billed monthly or annually?", ("monthly", "annually")),
    ("Was Beyond the Gates of Splendor or Jesus Camp released first?", ("Beyond the Gates of Splendor", "Jesus Camp")),
])
def test_question_options(query: str, options: tuple[str, str]) -> None:
    assert question_options(query) == options


@pytest.mark.parametrize("query", [
    "What did the report say?",
    "Kerrygold Irish Cream Liqueur is owned by a company that mainly sells what type or product?",
    "Is it red or blue or green?",  # more than two options
    "Who suffer or have suffered from discrimination within a culture of which Black Economic Empowerment is part?",
])
def test_questions_without_two_options(query: str) -> None:
    assert question_options(query) is None


def test_the_option_the_documents_describe_passes() -> None:
    assert _flags(DOGS_QUESTION, DOGS, "The Chien-gris is the extinct one.") == []
    assert _flags(DOGS_QUESTION, DOGS, "Chien-gris") == []


def test_the_other_option_is_flagged_with_what_the_documents_say() -> None:
    result = _VERIFIER.verify(DOGS_QUESTION, DOGS, "The Chinese Crested Dog is the now-extinct breed.")
    [warning] = result.warnings
    assert warning.type == "contradicted_claim" and warning.text == "Chinese Crested Dog"
    assert "extinct" in warning.suggestion and "Chien-gris" in warning.suggestion
    assert result.action == "review"


def test_a_pronoun_sentence_belongs_to_the_option_named_before_it() -> None:
    docs = ["Iron Valley is a 2011 documentary by Ann Ross. It follows three families in a steel town in Ohio.",
            "Pride March is a 1997 documentary about a parade in San Francisco."]
    query = "Which documentary is about a steel town, Iron Valley or Pride March?"
    assert _flags(query, docs, "Pride March is about a steel town.") == ["Pride March"]
    assert _flags(query, docs, "Iron Valley.") == []


def test_messy_documents_lower_cased_and_tokenized() -> None:
    docs = ["banksia serrata , the old man banksia , is a species of woody shrub native to eastern australia . "
            "pinus radiata , the monterey pine , is a species of pine native to the central coast of california ."]
    query = "Which species, Banksia serrata or Pinus radiata, is native to Australia?"
    assert _flags(query, docs, "Pinus radiata") == ["Pinus radiata"]
    assert _flags(query, docs, "Banksia serrata, the old man banksia.") == []


def test_an_option_the_documents_never_mention() -> None:
    docs = ["The renewal fee of $40 is billed annually, on the anniversary of the purchase."]
    query = "Is the plan's renewal fee billed monthly or annually?"
    [text] = _flags(query, docs, "It is billed monthly.")
    assert text == "monthly"
    assert _flags(query, docs, "It is billed annually.") == []
    # both options unknown to the documents: nothing to compare
    assert _flags(query, ["The fee is $40."], "It is billed monthly.") == []


def test_a_variant_of_the_name_is_a_mention_not_an_absence() -> None:
    docs = ["Denis Villeneuve (born October 3, 1967) is a Canadian filmmaker.",
            "Kenneth Loach (born 17 June 1936) is an English film and television director."]
    query = "Which director is Canadian, Denis Villeneuve or Ken Loach?"
    result = _VERIFIER.verify(query, docs, "Ken Loach is the Canadian director.")
    [warning] = result.warnings
    assert "never" not in warning.suggestion and "Canadian" in warning.suggestion


@pytest.mark.parametrize("answer", [
    "The Chinese Crested Dog and the Chien-gris.",  # both options named, without "both"
    "The Chinese Crested Dog is not extinct; the Chien-gris is.",  # names both, and denies
    "The Chinese Crested Dog is not the extinct one.",  # a denial is the negations checker's
    "I don't know.",
])
def test_answers_left_alone(answer: str) -> None:
    assert _flags(DOGS_QUESTION, DOGS, answer) == []


def test_comparison_questions_are_left_alone() -> None:
    # "more", "larger", "first": amounts and order are not read from which words a sentence uses
    docs = ["Firs (Abies) are a genus of 48-56 species of evergreen coniferous trees.",
            "Chelone is a genus of four species of perennial herbaceous plants."]
    assert _flags("Which genus has more species, Fir or Chelone?", docs, "Chelone has more species.") == []
    docs = ["Mall del Norte is the 2nd largest mall in South Texas.",
            "La Plaza Mall is a regional shopping mall in McAllen. The mall is the largest in south Texas."]
    assert _flags("What shopping mall is the largest in south Texas, Mall del Norte or La Plaza Mall?", docs,
                  "La Plaza Mall") == []


def test_one_shared_word_is_not_enough() -> None:
    # "halted" stands only in the other option's sentence, but it is one of three words asked
    docs = ["Conditions attributed to World War II halted development at Camlaren in 1939.",
            "Barton Mine is an abandoned mine in Ontario. Barton was the site of a fire in the early 1900s."]
    query = "Which was halted by a natural disaster, Camlaren Mine or Barton Mine?"
    assert _flags(query, docs, "Barton Mine") == []


def test_no_documents_or_no_options() -> None:
    assert _flags(DOGS_QUESTION, [], "The Chinese Crested Dog.") == []
    assert _flags("Which breed is extinct?", DOGS, "The Chinese Crested Dog.") == []


def test_both_options_with_both_is_a_pick_of_each() -> None:
    docs = ["Jack Kevorkian was an American pathologist best known for publicly championing a terminal patient's "
            "right to die by physician-assisted suicide.",
            "Christy Canyon is an American pornographic actress and radio host."]
    query = ("Which of the following is best known for publicly championing a terminal patient's right to die via "
             "physician-assisted suicide: Christy Canyon or Jack Kevorkian?")
    assert _flags(query, docs, "Both Christy Canyon and Jack Kevorkian were known for it.") == ["Christy Canyon"]
    assert _flags(query, docs, "Jack Kevorkian, the pathologist.") == []


def test_the_right_pick_is_a_supported_claim_with_its_sentence() -> None:
    result = _VERIFIER.verify(DOGS_QUESTION, DOGS, "The Chien-gris.")
    [claim] = [c for c in result.claims if c.kind == "choice"]
    assert claim.supported and claim.evidence is not None and claim.evidence.doc_index == 1
    sentence = DOGS[1][claim.evidence.start:claim.evidence.end]
    assert "extinct" in sentence and "Chien-gris" in sentence
