"""The sameness checker: "both American", "the same family", against what the documents say of each side."""

from __future__ import annotations

import pytest

from raguard import Verifier
from raguard.checkers.qa.sameness import question_pair

_VERIFIER = Verifier(checkers=["sameness"])

PLANTS = ["Lysichiton is a genus in the family Araceae.Ageratum is a genus of 40 to 60 tropical flowering "
          "annuals from the family Asteraceae, tribe Eupatorieae."]
BANDS = ["The New Pornographers is a Canadian indie rock band formed in 1997 in Vancouver.",
         "Kings of Leon is an American rock band that formed in Nashville, Tennessee, in 1999."]


def _flags(query: str, docs: list[str], answer: str) -> list[str]:
    return [w.text for w in _VERIFIER.verify(query, docs, answer).warnings if w.type == "contradicted_claim"]


@pytest.mark.parametrize("query, pair", [
    ("Are both The New Pornographers and Kings of Leon American rock bands?", ("New Pornographers", "Kings of Leon")),
    ("Do filmmakers Chris Carter and Theo van Gogh share the same nationality?", ("Chris Carter", "Theo van Gogh")),
    ("Is Lysichiton and Ageratum geus in the same family?", ("Lysichiton", "Ageratum")),
    ("Alan Furst and Lee Child are what?", ("Alan Furst", "Lee Child")),
])
def test_question_pair(query: str, pair: tuple[str, str]) -> None:
    assert question_pair(query) == pair


def test_question_without_a_pair() -> None:
    assert question_pair("What did the committee decide?") is None
    assert question_pair("Are salt and pepper on the table?") is None  # no names


def test_a_shared_family_the_documents_split() -> None:
    query = "Is Lysichiton and Ageratum in the same family?"
    result = _VERIFIER.verify(query, PLANTS, "Yes, Lysichiton and Ageratum are in the same family.")
    [warning] = result.warnings
    assert warning.text == "same family" and "Araceae" in warning.suggestion and "Asteraceae" in warning.suggestion
    assert _flags(query, PLANTS, "No, Lysichiton is in the family Araceae and Ageratum in Asteraceae.") == []


def test_both_with_a_demonym_one_side_lacks() -> None:
    query = "Are both The New Pornographers and Kings of Leon American rock bands?"
    assert _flags(query, BANDS, "Yes, both The New Pornographers and Kings of Leon are American rock bands.") == [
        "American"]
    assert _flags(query, BANDS, "Both are rock bands; Kings of Leon is American.") == []


def test_lower_cased_tokenized_documents_give_no_demonym() -> None:
    # capitals mark a demonym; a lower-cased chunk gives none, so nothing is contradicted
    docs = ["the new pornographers is a canadian indie rock band .", "kings of leon is an american rock band ."]
    query = "Are both The New Pornographers and Kings of Leon American rock bands?"
    assert _flags(query, docs, "Yes, both are American rock bands.") == []


def test_same_nationality_of_two_sides_with_no_common_country() -> None:
    docs = ["Christopher Carl Carter (born October 13, 1956) is an American television producer.",
            'Theodoor "Theo" van Gogh was a Dutch film director and columnist.']
    query = "Do filmmakers Chris Carter and Theo van Gogh share the same nationality?"
    assert _flags(query, docs, "Yes, they share the same nationality.") == ["same nationality"]
    assert _flags(query, docs, "Yes, both filmmakers are American.") == ["American"]
    # one side called by two demonyms, one of them the claimed one
    docs2 = [docs[0], "Theo van Gogh was a Dutch-born American film director."]
    assert _flags(query, docs2, "Yes, both filmmakers are American.") == []


def test_country_name_claimed_for_both() -> None:
    docs = ["Thums Up is the leader in the cola segment in India, with a 15% share of the Indian aerated waters market.",
            "Mott's is an American company that produces apple juice and sauces."]
    query = "Are Thums Up and Mott's based in the same country?"
    assert _flags(query, docs, "Yes, both Thums Up and Mott's are based in India.") == ["India"]
    assert _flags(query, docs, "Yes, Thums Up and Mott's are based in the same country.") == ["same country"]


@pytest.mark.parametrize("answer", [
    "No, they are not in the same family.",  # a denial
    "Lysichiton is in the family Araceae.",  # no sameness claimed
])
def test_answers_left_alone(answer: str) -> None:
    assert _flags("Is Lysichiton and Ageratum in the same family?", PLANTS, answer) == []


def test_sides_the_documents_say_nothing_of() -> None:
    docs = ["Lysichiton is a genus in the family Araceae."]
    assert _flags("Is Lysichiton and Ageratum in the same family?", docs, "Yes, both are in the same family.") == []


def test_a_clause_giving_each_side_its_own_nationality() -> None:
    query = "Are both The New Pornographers and Kings of Leon American rock bands?"
    answer = "Both the Canadian New Pornographers and the American Kings of Leon are rock bands."
    assert _flags(query, BANDS, answer) == []


# -- anything else said of both: unsupported for the side whose sentences lack the word ------------

CANES = ["Junipers are coniferous plants in the genus Juniperus of the cypress family Cupressaceae.",
         "Indigofera is a large genus of over 750 species of flowering plants belonging to the family Fabaceae ."]
QUERY_CANES = "Do both Juniper and Indigofera belong to the cypress family Cupressaceae?"


def _unsupported(query: str, docs: list[str], answer: str) -> list[tuple[str, str]]:
    return [(w.text, w.suggestion) for w in _VERIFIER.verify(query, docs, answer).warnings
            if w.type == "unsupported_statement"]


def test_a_word_said_of_both_that_the_documents_say_of_one_side() -> None:
    [(text, suggestion)] = _unsupported(QUERY_CANES, CANES, "Yes, both Juniper and Indigofera belong to the cypress family.")
    assert text == "cypress"
    assert "of Juniper only, not of Indigofera" in suggestion


def test_words_both_sides_have_pass_whatever_the_form() -> None:
    # "plants" / "plant", "genus" / "genera": stems; tokenized, lower-cased documents alike
    docs = ["junipers are coniferous plants in the genus juniperus .", "indigofera is a genus of flowering plants ."]
    assert _unsupported(QUERY_CANES, docs, "Both Juniper and Indigofera are plant genera.") == []


@pytest.mark.parametrize("answer", [
    "No, both are plants, but only Juniper is in the cypress family.",  # a denial
    "Juniper belongs to the cypress family.",  # nothing said of both
    "Both Juniper and Indigofera are located in the Cupressaceae.",  # a name, and a word of how
])
def test_both_claims_left_alone(answer: str) -> None:
    assert _unsupported(QUERY_CANES, CANES, answer) == []


def test_a_side_the_documents_say_nothing_of_is_not_judged() -> None:
    assert _unsupported(QUERY_CANES, CANES[:1], "Yes, both belong to the cypress family.") == []


def test_the_professions_of_two_people() -> None:
    docs = ["Charles Hutchison (December 3, 1879 – May 30, 1949) was an American film actor, director and screenwriter.",
            "Reginald C. Barker (April 2, 1886 – February 23, 1945) was a pioneer film director."]
    query = "Charles Hutchison and Reginald Barker, have which mutual occupation?"
    assert [t for t, _ in _unsupported(query, docs, "They were both screenwriters.")] == ["screenwriters"]
    assert _unsupported(query, docs, "They were both film directors.") == []


def test_a_clause_naming_both_sides_says_it_of_both() -> None:
    # no "both": "A and B are located in X" still claims X of each
    docs = ["Jinchang is a prefecture-level city in Gansu province, People's Republic of China.",
            "Liling is a county-level city in Hunan Province, China."]
    query = "Jinchang and Liling, are located in which country?"
    assert _flags(query, docs, "Jinchang and Liling are located in Mongolia.") == ["Mongolia"]
    assert _flags(query, docs, "Jinchang and Liling are located in China.") == []
    # a country name the documents give counts like a demonym; one side named alone claims nothing of both
    assert _flags(query, docs, "Jinchang is in China, and so is Liling.") == []


def test_a_given_name_that_is_also_a_country_is_not_claimed_as_one() -> None:
    docs = ["Barbara Jordan (born April 2, 1957) is a former professional tennis player from the United States.",
            "Mark Knowles (born 4 September 1971) is a former tennis player from the Bahamas."]
    query = "Barbara Jordan and Mark Knowles are both what?"
    assert _flags(query, docs, "Barbara Jordan and Mark Knowles are both former tennis players.") == []


def test_only_one_side_said_where_the_documents_say_it_of_both() -> None:
    docs = ['Timothy James "Tim" McIlrath (born November 3, 1978) is an American punk rock musician.',
            "Spike Slawson is an american punk rock musician , a member of Me First and the Gimme Gimmes ."]
    query = "Are both Tim McIlrath and Spike Slawson American punk rock musicians?"
    result = _VERIFIER.verify(query, docs, "No, only Tim McIlrath is a member of a punk rock band.")
    [warning] = result.warnings
    assert warning.type == "contradicted_claim" and warning.text == "punk rock band"
    assert "punk, rock of Spike Slawson too" in warning.suggestion
    # what the documents say of one side only may be said of it only
    docs2 = [docs[0], "Spike Slawson is a bass player from San Francisco."]
    assert _flags(query, docs2, "No, only Tim McIlrath is a punk rock musician.") == []


def test_a_retry_reads_the_documents_sentences_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # a second answer to the same question over the same (indexed) documents finds what the
    # sentences about each side say kept on the documents' indexes, and flags the same
    from raguard.checkers.qa import sameness

    docs = ["Orvella Quintet is a Danish jazz band founded in Aarhus.",
            "Tamsin Reyburn Trio is a Welsh folk group from Cardiff."]
    query = "Are Orvella Quintet and Tamsin Reyburn Trio both Danish bands?"
    verifier = Verifier(checkers=["sameness"])
    first = verifier.verify(query, docs, "Yes, Orvella Quintet and Tamsin Reyburn Trio are both Danish bands.")
    assert [w.text for w in first.warnings] == ["Danish"]
    read: list[str] = []
    tokenize = sameness.tokenize
    monkeypatch.setattr(sameness, "tokenize", lambda text: read.append(text) or tokenize(text))
    again = verifier.verify(query, docs, "Both Orvella Quintet and Tamsin Reyburn Trio are Danish bands.")
    assert [w.text for w in again.warnings] == ["Danish"]
    assert read and not any(text in doc for text in read for doc in docs)  # (the answer's clauses only)
