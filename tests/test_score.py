"""The alignment pass and the graded result: VerifyResult.score, Claim.support, review_below.
Examples written for these tests."""

from __future__ import annotations

import pytest

from raguard import Verifier, VerifyResult, verify
from raguard.align import SentenceAlignment, align
from raguard.checkers.base import CheckContext
from raguard.documents import DocumentSet
from raguard.models import LOW_SCORE
from raguard.score import answer_score
from raguard.verifier import ConfigError

DOCS = [
    "The Lindqvist bakery opened in Soria in 1998. It sells rye bread and almond cakes. "
    "Its owner, Petra Lindqvist, trained in Malmo.",
    "The Soria market is held every Thursday in the old square.",
]


def _ctx(query: str, docs: list[str], response: str) -> CheckContext:
    from raguard.verifier import default_verifier

    doc = default_verifier().model().parse(response)
    return CheckContext(query=query, response=response, doc=doc, documents=DocumentSet(docs))


def test_each_sentence_is_aligned_to_the_document_sentence_it_restates() -> None:
    answer = "Petra Lindqvist trained in Malmo. The market is held every Thursday in the old square."
    first, second = _ctx("Tell me about Soria.", DOCS, answer).alignment
    assert first.doc_index == 0 and DOCS[0][slice(*first.best_span)] == "Its owner, Petra Lindqvist, trained in Malmo."
    assert first.support == 1.0 and not first.missing
    assert second.doc_index == 1 and second.support == 1.0


def test_support_falls_with_words_no_document_sentence_holds_and_rare_words_weigh_more() -> None:
    ctx = _ctx("q", DOCS, "The Lindqvist bakery sells rye bread. The Lindqvist bakery sells wedding dresses.")
    grounded, invented = ctx.alignment
    assert grounded.support == 1.0
    assert 0.0 < invented.support < 0.6 and {"wed", "dress"} <= invented.missing


def test_a_capitalized_word_no_document_holds_lowers_the_grade() -> None:
    ctx = _ctx("q", DOCS, "Petra Lindqvist trained in Malmo. Petra Lindqvist trained in Oslo.")
    known, invented = ctx.alignment
    assert known.novel_names == 0 and known.grade == 1.0
    assert invented.novel_names == 1 and invented.grade < 0.5
    # the first word of a sentence and the query's own names are not counted
    [first] = _ctx("Was it Bergen?", DOCS, "Bergen is not mentioned, Bergen aside.").alignment
    assert first.novel_names == 0


def test_a_word_whose_opposite_the_document_states_lowers_the_grade() -> None:
    docs = ["Rooftop gardens are scarce in Soria, the survey found. Most owners water them by hand."]
    ctx = _ctx("q", docs, "Rooftop gardens are rare in Soria. Rooftop gardens are abundant in Soria.")
    paraphrase, opposite = ctx.alignment
    assert paraphrase.opposed == 0 and opposite.opposed == 1
    assert opposite.grade < paraphrase.grade
    assert opposite.grade == round((0.5 + 0.5 * opposite.support) / 2, 4)


def test_a_denial_only_one_side_makes_lowers_the_grade() -> None:
    from raguard.normalize.polarity import denies_anything

    assert denies_anything("It isn't covered.") and denies_anything("we dont deliver") and not denies_anything("Nothingham")
    docs = ["Storm damage to garden sheds is not covered by the Soria policy. Flood damage is covered."]
    ctx = _ctx("q", docs, "Storm damage to garden sheds is not covered. Storm damage to garden sheds is covered.")
    same, dropped = ctx.alignment
    assert same.denial_differs == 0 and dropped.denial_differs == 1
    assert dropped.grade == round(same.grade / 2, 4)


def test_a_summary_sentence_that_fuses_two_document_sentences_is_aligned_to_both() -> None:
    [fused] = _ctx("q", DOCS, "The Soria bakery, opened in 1998, sells almond cakes.").alignment
    assert len(fused.spans) == 2 and fused.support == 1.0


def test_query_words_find_the_sentence_but_do_not_count_as_support() -> None:
    [a] = _ctx("Where did Petra Lindqvist train?", DOCS, "Petra Lindqvist trained in Malmo.").alignment
    assert a.best_span is not None and a.support == 1.0
    [b] = _ctx("Where did Petra Lindqvist train?", DOCS, "Petra Lindqvist trained.").alignment
    assert b.support == 1.0  # nothing but the question's words: no claim to weigh


def test_score_is_one_for_a_grounded_answer_and_lower_for_a_paraphrase() -> None:
    exact = verify("q", DOCS, "The Lindqvist bakery opened in Soria in 1998.")
    loose = verify("q", DOCS, "The Lindqvist bakery first welcomed customers in Soria in 1998.")
    assert exact.score == 1.0 and exact.action == "proceed"
    assert 0.8 <= loose.score < 1.0 and loose.action == "proceed"


def test_a_conflict_puts_the_score_in_the_lowest_band_and_the_weakest_sentence_decides() -> None:
    result = verify("q", DOCS, "The Lindqvist bakery opened in Soria in 1998. It sells rye bread and almond cakes. "
                               "The Lindqvist bakery opened in Soria in 2004.")
    assert result.action == "review" and result.score <= 0.4


def test_claims_carry_a_support_score() -> None:
    result = verify("q", DOCS, "The Lindqvist bakery opened in Soria in 2004.")
    by_kind = {c.kind: c for c in result.claims}
    assert by_kind["date"].support == 0.0 and not by_kind["date"].supported
    assert by_kind["entity"].support == 1.0
    statement = by_kind["statement"]
    assert statement.support is not None and 0.0 < statement.support <= 1.0


def test_review_below_sends_a_weak_answer_to_review_with_a_low_score_warning() -> None:
    answer = "The Lindqvist bakery opened in Soria in 1998. The bakery also sells rye loaves."
    default = Verifier().verify("q", DOCS, answer)
    strict = Verifier(review_below=0.97).verify("q", DOCS, answer)
    assert default.action == "proceed" and not any(w.type == LOW_SCORE for w in default.warnings)
    assert strict.score == default.score < 0.97 and strict.action == "review"
    [low] = [w for w in strict.warnings if w.type == LOW_SCORE]
    assert answer[low.start:low.end] == "The bakery also sells rye loaves."
    assert f"{strict.score:.3f}" in low.suggestion
    # the same threshold leaves a grounded answer alone
    assert Verifier(review_below=0.97).verify("q", DOCS, "It sells rye bread and almond cakes.").action == "proceed"


def test_the_score_survives_a_json_round_trip() -> None:
    result = Verifier(review_below=0.99).verify("q", DOCS, "The bakery's almond cakes are famous in Soria.")
    assert VerifyResult.model_validate_json(result.model_dump_json()) == result
    assert 0.0 <= result.score <= 1.0


@pytest.mark.parametrize("bad", [-0.1, 1.5, "0.5", True])
def test_review_below_is_checked_when_the_verifier_is_built(bad) -> None:
    with pytest.raises(ConfigError, match="review_below"):
        Verifier(review_below=bad)


def test_input_that_cannot_be_verified_scores_zero() -> None:
    assert verify("q", [], "").score == 0.0 or verify("q", [], "").action == "review"
    result = verify("q", ["doc"], 12)
    assert result.action == "review" and result.score == 0.0


class _W:
    def __init__(self, severity: str, start, end, type: str = "unsupported_number") -> None:
        self.severity, self.start, self.end, self.type = severity, start, end, type


def test_the_bands_by_worst_warning_in_the_sentence() -> None:
    sentences = [SentenceAlignment(0, 10, frozenset({"a"}), 0, ((0, 5),), 0.5, frozenset()),
                 SentenceAlignment(11, 20, frozenset({"b"}), 0, ((0, 5),), 1.0, frozenset())]
    assert sentences[0].grade == 0.75 and sentences[1].grade == 1.0
    assert answer_score(sentences, []) == (0.95, 0)
    assert answer_score(sentences, [_W("medium", 12, 14)]) == (0.8, 1)
    # a high warning that names what is wrong ranks below one that says support is lacking
    assert answer_score(sentences, [_W("high", 12, 14), _W("low", 0, 3)]) == (0.2, 1)
    assert answer_score(sentences, [_W("high", 12, 14, "unsupported_statement")]) == (0.4, 1)
    assert answer_score(sentences, [_W("high", 12, 14, "unsupported_statement"), _W("high", 0, 3)]) == (0.15, 0)
    assert answer_score(sentences, [_W("high", None, None)]) == (0.15, 0)  # a checker error: every sentence
    assert answer_score([], [_W("high", None, None)]) == (0.0, -1)
    assert answer_score([], [_W("high", None, None, "unsupported_statement")]) == (0.2, -1)
    assert answer_score([], []) == (1.0, -1)


def test_alignment_weights_are_summed_in_an_order_that_does_not_depend_on_string_hashing() -> None:
    # a float total summed in a set's order changes in the last bit from one process to the
    # next (PYTHONHASHSEED), which moved a claim's support (0.867 / 0.839) between runs: the
    # weights keep the (sorted) order they are asked in, and are the document's memo
    import math

    from raguard.align import _weights
    from raguard.documents import DocumentIndex

    index = DocumentIndex("Tern boats sail at dawn. Tern boats rest at noon. Gulls fly at dusk.")
    stems = sorted({"tern", "boat", "sail", "dawn", "gull", "noon", "kayak"})
    weights = _weights(index, stems)
    assert list(weights) == stems
    assert weights["tern"] == math.log(1 + 4 / 2.5) and weights["kayak"] == math.log(1 + 4 / 0.5)
    assert index.stem_weights["tern"] == weights["tern"]  # filled once, read on every retry
