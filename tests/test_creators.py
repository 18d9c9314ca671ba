"""The creators checker and its reading of who made what (raguard.normalize.creators)."""

from __future__ import annotations

import pytest

from raguard import Verifier
from raguard.models import MISATTRIBUTED_CLAIM
from raguard.normalize.creators import creator_mentions, name_words

_VERIFIER = Verifier(checkers=["creators"])
SERENDIPITY = [
    'Her first film was "Perfume" in 2001 before going on to have small roles in "Serendipity".',
    "Serendipity is a 2001 American romantic comedy film directed by Peter Chelsom, written by Marc Klein, "
    "and starring John Cusack.",
]


def _read(text: str) -> list[tuple[str, str | None]]:
    return [(m.relation, m.agent) for m in creator_mentions(text)]


@pytest.mark.parametrize("text, expected", [
    ("a film directed by Peter Chelsom, written by Marc Klein.", [("direct", "Peter Chelsom"), ("write", "Marc Klein")]),
    ("Founded in 1379 by William of Wykeham, the college", [("found", "William of Wykeham")]),
    ("Lucy Gordon directed Serendipity.", [("direct", "Lucy Gordon")]),
    ("written by Adam Herz and directed by brothers Paul and Chris Weitz.",
     [("write", "Adam Herz"), ("direct", "Paul Weitz"), ("direct", "Chris Weitz")]),
    ("Nicholas Ray (born August 7, 1911 – June 16, 1979) was an American film director.", [("direct", "Nicholas Ray")]),
    ("The director of \"Perfume\" was Peter Chelsom.", [("direct", "Peter Chelsom")]),
    ("The architect who designed the Lincoln Memorial was Henry Bacon.", [("design", "Henry Bacon"), ("design", None)]),
    ("Ottokar Kernstock, who wrote the lyrics, died in 1928.", [("write", "Ottokar Kernstock")]),
    ("It was written by J. R. R. Tolkien.", [("write", "J. R. R. Tolkien")]),
    ("Conrad Moffat Black, Lord Black of Crossharbour (born 1944) is a former newspaper publisher.",
     [("publish", "Lord Black of Crossharbour"), ("publish", "Conrad Moffat Black")]),
])
def test_who_made_what_is_read_from_the_words_around_the_verb(text: str, expected: list) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("He directed the film.", [("direct", None)]),
    ("The song was written by his younger brother.", [("write", None)]),
    ("the band wrote it in a week .", [("write", None)]),
    # capitals that describe, not name: the maker is unknown rather than "Olympic"
    ("a company founded by Olympic wrestler Kamal Shalorus.", [("found", None)]),
    # a possessive opening a sentence is no name: "Your" did not write the report
    ("Your written report was rated green.", [("write", None)]),
    ("Our designed layout won.", [("design", None)]),
])
def test_an_unnamed_maker_is_kept_as_unknown(text: str, expected: list) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text", [
    "The screenwriter who wrote Mississippi Masala also wrote Salaam Bombay.",  # the name is what was written
    "Saudi Aramco produced 12 million barrels a day.",  # output, not a work
    "The game was developed in Finland.",  # no maker stated
    "He developed a reputation for speed.",
])
def test_objects_and_output_are_not_makers(text: str) -> None:
    assert all(agent is None for _, agent in _read(text))


def test_name_words_ignore_articles_connectors_and_case() -> None:
    assert name_words("The Smashing Pumpkins") == {"smashing", "pumpkins"}
    assert name_words("William of Wykeham") == {"william", "wykeham"}


def test_a_name_from_the_documents_put_as_the_maker_is_flagged() -> None:
    result = _VERIFIER.verify("Who directed the film in which Lucy Gordon had a small role?", SERENDIPITY,
                              "Lucy Gordon directed Serendipity.")
    [warning] = result.warnings
    assert warning.type == MISATTRIBUTED_CLAIM and warning.text == "Lucy Gordon"
    assert "Peter Chelsom" in warning.suggestion and warning.nearest_value == "Peter Chelsom"
    assert result.action == "review"


def test_the_right_maker_is_a_supported_claim_with_evidence() -> None:
    result = _VERIFIER.verify("Who directed Serendipity?", SERENDIPITY, "Serendipity was directed by Chelsom.")
    assert result.warnings == []
    [claim] = [c for c in result.claims if c.checker == "creators"]
    assert claim.supported and claim.text == "Chelsom"
    assert claim.evidence is not None and claim.evidence.text == "Peter Chelsom"


def test_another_maker_of_the_same_sentence_is_still_flagged() -> None:
    docs = ["Beowulf is a 2007 fantasy film directed by Robert Zemeckis and written by Neil Gaiman and Roger Avary."]
    flagged = [w.text for w in _VERIFIER.verify("Who directed Beowulf?", docs, "Neil Gaiman directed Beowulf.").warnings]
    assert flagged == ["Neil Gaiman"]
    assert _VERIFIER.verify("Who wrote Beowulf?", docs, "Neil Gaiman wrote Beowulf.").warnings == []


@pytest.mark.parametrize("docs, answer", [
    # the documents name no director, or an unnamed one who may be the answer's
    (["Serendipity is a 2001 American romantic comedy film."], "Lucy Gordon directed Serendipity."),
    (["Lucy Gordon starred in Serendipity. He directed it in 2001."], "Peter Chelsom directed Serendipity."),
    # the name stands in the clause that says "composer", though the reading missed it
    (["Carl Orff is best known as the composer of Carmina Burana.", "Der Mond was composed by his teacher."],
     "Carl Orff composed Der Mond."),
    # lower-cased, tokenized documents: no capitals mark names, nothing is read
    (["serendipity is a 2001 film directed by peter chelsom ."], "Peter Chelsom directed Serendipity."),
])
def test_nothing_to_contradict_is_left_alone(docs: list[str], answer: str) -> None:
    assert [w for w in _VERIFIER.verify("Who directed it?", docs, answer).warnings
            if w.type == MISATTRIBUTED_CLAIM] == []


def test_a_denial_is_left_to_the_negations_checker() -> None:
    query = "Who directed it?"
    assert _VERIFIER.verify(query, SERENDIPITY, "It is true that Lucy Gordon directed Serendipity.").warnings
    assert _VERIFIER.verify(query, SERENDIPITY, "It is not true that Lucy Gordon directed Serendipity.").warnings == []


def test_the_check_reads_every_document_and_names_the_makers_it_found() -> None:
    docs = ["Puss in Boots is a 2011 film produced by DreamWorks Animation and distributed by Paramount Pictures."]
    [warning] = _VERIFIER.verify("Who produced Puss in Boots?", docs, "Paramount Pictures produced Puss in Boots.").warnings
    assert warning.text == "Paramount Pictures" and "DreamWorks Animation" in warning.suggestion


def test_the_default_verifier_runs_the_creators_check() -> None:
    from raguard import verify
    from raguard.checkers import DEFAULT_CHECKERS

    assert "creators" in DEFAULT_CHECKERS
    docs = ["Lucy Gordon had a small role in Serendipity.", SERENDIPITY[1]]
    result = verify("Who directed it?", docs, "Lucy Gordon directed Serendipity.")
    assert [(w.type, w.text) for w in result.warnings] == [(MISATTRIBUTED_CLAIM, "Lucy Gordon")]


def test_every_verb_and_noun_of_the_table_is_a_cue() -> None:
    from raguard.normalize.creators import RELATIONS, has_cue

    for forms, nouns in RELATIONS.values():
        for word in (*forms, *nouns):
            assert has_cue(f"It was {word} here."), word
    assert not has_cue("The Q3 2024 deadline is September 30, 2024.")


def test_a_given_name_sharing_the_surname_has_the_whole_list_as_evidence() -> None:
    docs = ["American Pie is a 1999 film directed by brothers Paul and Chris Weitz."]
    [claim] = [c for c in _VERIFIER.verify("Who directed it?", docs, "Paul Weitz directed it.").claims
               if c.checker == "creators"]
    assert claim.supported and claim.evidence.text == "Paul and Chris Weitz"


def test_the_cue_word_test_answers_as_the_cue_pattern_did() -> None:
    """_is_cue's set lookup (ASCII) against _CUE_RE.fullmatch, on every cue form in many
    surroundings (case, an "s", digits, "_", hyphens, non-ASCII letters and folds) and random text."""
    import random

    from raguard.normalize.creators import _CUE_RE, _VERBS, _NOUNS, _is_cue

    forms = [*_VERBS, *_NOUNS, "founded", "foundation", "profound", "hosting", "authority", "directly"]
    befores = ["", " ", "a", "9", "_", "-", "é", "ı", "(", "’", "x-", "\n"]
    afters = ["", "s", "S", " ", "9", "_", "-", "é", ".", "ed"]
    cases = [str.lower, str.upper, str.title, lambda w: w.replace("s", "ſ"), lambda w: w.replace("i", "ı"),
             lambda w: w.replace("I", "İ")]
    for form in forms:
        for case in cases:
            word = case(form)
            for before in befores:
                for after in afters:
                    text = f"{before}{word}{after}"
                    for start, end in ((len(before), len(before) + len(word)), (len(before), len(text)),
                                       (0, len(text)), (len(before), len(before) + len(word) + 1)):
                        expected = _CUE_RE.fullmatch(text, start, end) is not None
                        assert _is_cue(text, start, end) == expected, (text, start, end)
    rng = random.Random(7)
    letters = "abcdefhilmnoprstuwyABDFHPW-_ 9éıſ’"
    for _ in range(20000):
        text = "".join(rng.choice(letters) for _ in range(rng.randint(1, 14)))
        start = rng.randint(0, len(text))
        end = rng.randint(start, len(text) + 2)
        assert _is_cue(text, start, end) == (_CUE_RE.fullmatch(text, start, end) is not None), (text, start, end)
