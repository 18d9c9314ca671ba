"""raguard's optional citations checker: cited chunks must exist and support the citing sentence."""

from __future__ import annotations

from typing import Sequence

import pytest

import raguard
import relapse
from raguard import Verifier
from raguard.checkers import DEFAULT_CHECKERS, available_checkers
from raguard.checkers.citations import find_citations
from raguard.models import BAD_CITATION, WARNING_TYPES
from relapse import CODES, raguard_check

X200 = "The Acme X200 costs $499 and ships in 3 days."
X300 = "The Acme X300 costs $799 and ships in 5 days."
DOCS = [X200, X300]
QUERY = "How much do the Acme phones cost?"


@pytest.fixture(scope="module")
def guard() -> Verifier:
    return Verifier(checkers=[*DEFAULT_CHECKERS, "citations"])


def citation_warnings(result: raguard.VerifyResult) -> list[raguard.Warning]:
    return [w for w in result.warnings if w.type == BAD_CITATION]


def check(guard: Verifier, answer: str, docs: Sequence[str] = DOCS) -> raguard.VerifyResult:
    return guard.verify(QUERY, list(docs), answer)


# -- finding the markers ------------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("costs $499 [1].", [("[1]", (1,))]),
        ("costs $499 [2, 3].", [("[2, 3]", (2, 3))]),
        ("costs $499 [1][3].", [("[1][3]", (1, 3))]),
        ("costs $499 [1] [3] and more [2].", [("[1] [3]", (1, 3)), ("[2]", (2,))]),
        ("costs $499 [2-4].", [("[2-4]", (2, 3, 4))]),
        ("costs $499 [1;2].", [("[1;2]", (1, 2))]),
        ("in [2020] and [x] and [1.5]", []),
    ],
)
def test_citation_markers_are_found_and_adjacent_ones_merged(text: str, expected: list) -> None:
    assert [(text[c.start:c.end], c.numbers) for c in find_citations(text)] == expected


# -- configuration ------------------------------------------------------------------------------------

def test_the_checker_is_registered_optional_and_always_runs_last() -> None:
    assert "citations" in available_checkers() and "citations" not in DEFAULT_CHECKERS
    v = Verifier(checkers=["citations", "numbers", "entities"])
    assert [c.name for c in v.checkers] == ["numbers", "entities", "citations"]
    assert BAD_CITATION == "bad_citation" and BAD_CITATION in WARNING_TYPES
    assert CODES[BAD_CITATION] == "BAD_CITATION"


def test_without_the_checker_nothing_about_citations_is_reported(verifier: Verifier) -> None:
    result = verifier.verify(QUERY, DOCS, "The Acme X200 costs $499 [2].")
    assert citation_warnings(result) == [] and not any(c.kind == "citation" for c in result.claims)


# -- good citations -----------------------------------------------------------------------------------

@pytest.mark.parametrize(
    "answer",
    [
        "The Acme X200 costs $499 [1]. The Acme X300 costs $799 [2].",
        "The Acme X200 costs $499 [1] and the Acme X300 costs $799 [2].",
        "The Acme X200 costs $499 and the Acme X300 costs $799 [1, 2].",
        "The X200 ships in 3 days. [1] The X300 ships in 5 days.[2]",
        "According to [2], the Acme X300 costs $799.",
        "See [1].",
    ],
)
def test_citations_of_the_supporting_chunk_pass(guard: Verifier, answer: str) -> None:
    result = check(guard, answer)
    assert result.action == "proceed", result.warnings
    cited = [c for c in result.claims if c.kind == "citation"]
    assert cited and all(c.supported and c.checker == "citations" for c in cited)


def test_a_supported_citation_points_at_its_evidence(guard: Verifier) -> None:
    result = check(guard, "The Acme X300 costs $799 [2].")
    (claim,) = [c for c in result.claims if c.kind == "citation"]
    assert claim.text == "[2]" and claim.evidence.doc_index == 1 and claim.evidence.text in X300


def test_marker_digits_are_not_checked_as_values(guard: Verifier) -> None:
    result = check(guard, "The Acme X200 costs $499 [1].")
    assert not any(c.kind == "number" and c.text == "1" for c in result.claims)
    assert result.warnings == []


def test_a_chunk_that_repeats_the_evidence_may_be_cited(guard: Verifier) -> None:
    docs = [X200, "Price list: the Acme X200 costs $499. It is blue."]
    for answer in ("The Acme X200 costs $499 [2].", "The Acme X200 costs $499 [1]."):
        assert check(guard, answer, docs).action == "proceed"


# -- bad citations ------------------------------------------------------------------------------------

@pytest.mark.parametrize("marker", ["[3]", "[0]", "[2, 7]"])
def test_a_citation_of_a_chunk_that_does_not_exist(guard: Verifier, marker: str) -> None:
    answer = f"The Acme X300 costs $799 {marker}."
    result = check(guard, answer)
    (w,) = citation_warnings(result)
    assert result.action == "review" and w.severity == "high"
    assert (w.text, answer[w.start:w.end]) == (marker, marker)
    missing = [n for n in (3, 0, 7) if str(n) in marker][0]
    assert f"chunk {missing} does not exist (there are 2 chunks, numbered from 1)" in w.suggestion


def test_a_citation_of_a_chunk_that_does_not_support_its_sentence(guard: Verifier) -> None:
    answer = "The Acme X300 ships in 5 days. The Acme X200 costs $499 [2]."
    result = check(guard, answer)
    (w,) = citation_warnings(result)
    assert (w.text, w.start) == ("[2]", answer.index("[2]"))
    assert '"$499" is stated in chunk 1, not in the cited chunk' in w.suggestion
    assert w.nearest_value == "[1]" and w.suggestion.endswith("Cite [1].")
    assert [w.type for w in result.warnings] == [BAD_CITATION]  # every claim itself is supported


def test_swapped_citations_in_one_sentence_are_both_reported(guard: Verifier) -> None:
    answer = "The Acme X200 costs $499 [2] and the Acme X300 costs $799 [1]."
    warnings = citation_warnings(check(guard, answer))
    assert [(w.text, w.nearest_value) for w in warnings] == [("[2]", "[1]"), ("[1]", "[2]")]


def test_a_citation_of_an_unsupported_claim(guard: Verifier) -> None:
    result = check(guard, "The Acme X200 costs $899 [1].")
    assert {w.type for w in result.warnings} == {"unsupported_number", BAD_CITATION}
    (w,) = citation_warnings(result)
    assert '"$899" is in no chunk' in w.suggestion and w.nearest_value is None


def test_a_cited_chunk_that_adds_nothing_is_reported(guard: Verifier) -> None:
    (w,) = citation_warnings(check(guard, "The Acme X200 costs $499 [1][2]."))
    assert w.text == "[1][2]" and "chunk 2 supports nothing in this sentence" in w.suggestion
    assert "Drop chunk 2" in w.suggestion


def test_a_sentence_without_values_is_judged_by_the_statements_evidence(guard: Verifier) -> None:
    docs = ["The garden hose is made of natural rubber.", "The watering can is made of galvanized steel."]
    assert check(guard, "The hose is made of natural rubber [1].", docs).action == "proceed"
    (w,) = citation_warnings(check(guard, "The hose is made of natural rubber [2].", docs))
    assert "stated in chunk 1, not in the cited chunk" in w.suggestion


# -- with relapse --------------------------------------------------------------------------------------

def test_relapse_feeds_a_bad_citation_back_and_the_model_fixes_it() -> None:
    prompts: list[str] = []
    answers = iter(["The Acme X200 costs $499 [2].", "The Acme X200 costs $499 [1]."])

    def llm(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    result = relapse.run("How much is the Acme X200?", DOCS, call_llm=llm, template="ecommerce")
    assert result.grounded and result.iterations == 2
    (finding,) = result.transcript[0].findings
    assert finding.code == "BAD_CITATION" and finding.spans[0].text == "[2]" and finding.expected == "[1]"
    assert 'failed span: [2]' in prompts[1] and "the context gives: [1]" in prompts[1]


def test_a_users_raguard_check_with_citations(guard: Verifier) -> None:
    result = relapse.run("How much?", DOCS, call_llm=lambda p: "The Acme X300 costs $799 [5].",
                         grounding_check=raguard_check(guard), max_iterations=1)
    assert not result.grounded and [f.code for f in result.findings] == ["BAD_CITATION"]
    with pytest.raises(TypeError, match="add 'citations' to your Verifier"):
        raguard_check(guard, citations=True)
    built = raguard_check(citations=True, review_on=("high",))
    assert [c.name for c in built.verifier.checkers][-1] == "citations"
