"""relapse's first layer: score-filtered context, rerank, and the no-chunk-survives path."""

from __future__ import annotations

import asyncio
import math
from dataclasses import dataclass, field
from typing import Any, Sequence

import pytest

import relapse
from relapse import GroundingResult, RelapseError, ScoreError, ScoreFilter
from relapse.templates import ECOMMERCE, GENERAL

X200 = "The Acme X200 costs $499 and ships in 3 days."
X300 = "The Acme X300 costs $799 and ships in 5 days."
RETURNS = "Returns are accepted within 30 days of delivery."


class ScriptedLLM:
    """A fake model that returns its script in order and keeps every prompt it was sent."""

    def __init__(self, *answers: str) -> None:
        self.answers = list(answers)
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        assert len(self.prompts) <= len(self.answers), "called more often than scripted"
        return self.answers[len(self.prompts) - 1]


def accept(query: str, chunks: Sequence[str], answer: str) -> GroundingResult:
    return GroundingResult(ok=True)


@dataclass
class Document:
    """The two attributes of a LangChain Document that relapse reads."""

    page_content: str
    metadata: dict = field(default_factory=dict)


def chunk_ids(prompt: str) -> list[str]:
    """The texts inside <chunk> tags, in order."""
    parts = prompt.split('<chunk id="')[1:]
    return [p.split("\n", 1)[1].split("\n</chunk>", 1)[0] for p in parts]


# -- the filter --------------------------------------------------------------------------------------

def test_similarity_keeps_scores_at_or_above_min_score_and_records_the_rest() -> None:
    llm = ScriptedLLM("ok")
    chunks = [{"text": X200, "score": 0.91}, {"text": X300, "score": 0.55}, {"text": RETURNS, "score": 0.75}]
    result = relapse.run("Price?", chunks, call_llm=llm, grounding_check=accept, min_score=0.75)
    assert chunk_ids(llm.prompts[0]) == [X200, RETURNS]  # 0.75 is kept: the bound is inclusive
    assert result.context == (X200, RETURNS)
    report = result.filtering
    assert (report.chunks_in, report.chunks_out, report.kept) == (3, 2, (0, 2))
    assert (report.min_score, report.score_direction, report.reranked) == (0.75, "similarity", False)
    (dropped,) = report.dropped
    assert (dropped.index, dropped.text, dropped.score) == (1, X300, 0.55)
    assert "0.55 is below min_score 0.75" in dropped.reason and "higher is better" in dropped.reason
    assert result.to_dict()["filtering"]["dropped"][0]["reason"] == dropped.reason


def test_distance_keeps_scores_at_or_below_min_score() -> None:
    llm = ScriptedLLM("ok")
    chunks = [(X200, 0.12), (X300, 0.6), (RETURNS, 0.3)]
    result = relapse.run("Price?", chunks, call_llm=llm, grounding_check=accept,
                         min_score=0.3, score_direction="distance")
    assert chunk_ids(llm.prompts[0]) == [X200, RETURNS]
    (dropped,) = result.filtering.dropped
    assert dropped.index == 1 and "distance 0.6 is above min_score 0.3" in dropped.reason
    assert result.filtering.score_direction == "distance"


def test_a_score_filter_object_carries_its_direction() -> None:
    llm = ScriptedLLM("ok")
    result = relapse.run("Price?", [(X200, 0.2), (X300, 0.9)], call_llm=llm, grounding_check=accept,
                         min_score=ScoreFilter.distance(0.5))
    assert result.context == (X200,)
    assert ScoreFilter.similarity(0.5).keeps(0.5) and not ScoreFilter.similarity(0.5).keeps(0.49)
    assert ScoreFilter.distance(0.5).keeps(0.5) and not ScoreFilter.distance(0.5).keeps(0.51)


def test_every_scored_chunk_form_is_read() -> None:
    llm = ScriptedLLM("ok")
    chunks = [
        {"text": "dict score", "score": 0.9},
        {"page_content": "dict page_content, metadata score", "metadata": {"score": 0.9}},
        ("tuple of text", 0.9),
        ({"text": "tuple of dict"}, 0.9),
        Document("document metadata score", {"score": 0.9, "source": "a.pdf"}),
        (Document("document tuple", {"source": "b.pdf"}), 0.9),
        ({"text": "low", "score": 0.99}, 0.1),  # the tuple's score wins: it is the retriever's
    ]
    result = relapse.run("Q?", chunks, call_llm=llm, grounding_check=accept, min_score=0.5)
    assert list(result.context) == [
        "dict score", "dict page_content, metadata score", "tuple of text", "tuple of dict",
        "document metadata score", "document tuple",
    ]
    assert [d.index for d in result.filtering.dropped] == [6]


def test_without_min_score_scores_are_not_needed_and_tuples_still_work() -> None:
    llm = ScriptedLLM("ok")
    result = relapse.run("Q?", [X200, (X300, None), {"text": RETURNS}], call_llm=llm, grounding_check=accept)
    assert result.context == (X200, X300, RETURNS)
    assert result.filtering is None and result.no_context_reason is None


@pytest.mark.parametrize(
    ("chunk", "words"),
    [
        (X200, r"retrieved_chunks\[1\] has no score"),
        ({"text": X200}, r"retrieved_chunks\[1\] has no score"),
        (Document(X200, {"source": "a"}), r"retrieved_chunks\[1\] has no score"),
        ((X200, None), r"retrieved_chunks\[1\] has no score"),
        ({"text": X200, "score": "0.9"}, r"not a number: str '0\.9'"),
        ((X200, True), "not a number: bool"),
        ((X200, [0.9]), "not a number: list"),
        ({"text": X200, "score": math.nan}, "NaN score"),
    ],
)
def test_a_missing_or_non_numeric_score_is_a_clear_error_before_any_call(chunk: Any, words: str) -> None:
    llm = ScriptedLLM("ok")
    with pytest.raises(ScoreError, match=words):
        relapse.run("Q?", [(RETURNS, 0.9), chunk], call_llm=llm, grounding_check=accept, min_score=0.5)
    assert llm.prompts == []
    assert issubclass(ScoreError, ValueError)


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"min_score": "0.5"}, TypeError, "min_score must be a number"),
        ({"min_score": True}, TypeError, "min_score must be a number"),
        ({"min_score": math.nan}, ValueError, "NaN"),
        ({"min_score": 0.5, "score_direction": "cosine"}, ValueError, "'similarity'.*'distance'"),
        ({"score_direction": "distance"}, ValueError, "no effect without min_score"),
        ({"min_score": ScoreFilter(0.5), "score_direction": "distance"}, TypeError, "carries its direction"),
        ({"rerank": "cohere"}, TypeError, "rerank must be a function"),
        ({"retrieved_chunks": [(X200, 0.9, "extra")]}, TypeError, r"tuple of length 3: use \(document, score\)"),
    ],
)
def test_bad_filter_arguments_fail_before_any_call(kwargs: dict, error: type, words: str) -> None:
    llm = ScriptedLLM("ok")
    chunks = kwargs.pop("retrieved_chunks", [(X200, 0.9)])
    with pytest.raises(error, match=words):
        relapse.run("Q?", chunks, call_llm=llm, grounding_check=accept, **kwargs)
    assert llm.prompts == []


# -- rerank ------------------------------------------------------------------------------------------

def test_rerank_gets_the_surviving_chunks_as_given_and_reorders_them() -> None:
    llm = ScriptedLLM("ok")
    chunks = [{"text": X200, "score": 0.8}, {"text": X300, "score": 0.2}, {"text": RETURNS, "score": 0.9}]
    seen: list[tuple[str, list]] = []

    def by_score(query: str, items: list) -> list:
        seen.append((query, list(items)))
        return sorted(items, key=lambda c: -c["score"])

    result = relapse.run("Q?", chunks, call_llm=llm, grounding_check=accept, min_score=0.5, rerank=by_score)
    assert seen == [("Q?", [chunks[0], chunks[2]])]  # the original objects, after the filter
    assert chunk_ids(llm.prompts[0]) == [RETURNS, X200]
    assert result.filtering.kept == (2, 0) and result.filtering.reranked is True
    assert [d.index for d in result.filtering.dropped] == [1]


def test_chunks_the_reranker_leaves_out_are_recorded_as_dropped() -> None:
    llm = ScriptedLLM("ok")
    result = relapse.run("Q?", [X200, X300, RETURNS], call_llm=llm, grounding_check=accept,
                         rerank=lambda q, cs: [{"text": cs[2]}])  # a new object: matched by its text
    assert result.context == (RETURNS,)
    assert result.filtering.kept == (2,)
    assert [(d.index, d.text, d.reason) for d in result.filtering.dropped] == [
        (0, X200, "removed by rerank"), (1, X300, "removed by rerank")]
    assert result.filtering.min_score is None


def test_a_reranker_that_fails_or_returns_garbage_stops_before_any_call() -> None:
    llm = ScriptedLLM("ok")

    def broken(query: str, chunks: list) -> list:
        raise ConnectionError("rerank service down")

    with pytest.raises(RelapseError, match="before the first call: rerank failed") as info:
        relapse.run("Q?", [X200], call_llm=llm, grounding_check=accept, rerank=broken)
    assert info.value.stage == "rerank" and isinstance(info.value.__cause__, ConnectionError)
    assert info.value.transcript == ()
    for garbage, words in ((None, "NoneType"), ("text", "str"), (42, "int")):
        with pytest.raises(RelapseError, match=f"rerank must return a list of chunks, got {words}"):
            relapse.run("Q?", [X200], call_llm=llm, grounding_check=accept, rerank=lambda q, c, g=garbage: g)
    with pytest.raises(RelapseError, match=r"rerank\(\)\[0\]"):
        relapse.run("Q?", [X200], call_llm=llm, grounding_check=accept, rerank=lambda q, c: [3.5])
    assert llm.prompts == []


def test_arun_awaits_an_async_reranker_and_run_refuses_one() -> None:
    async def rerank(query: str, chunks: list) -> list:
        await asyncio.sleep(0)
        return list(reversed(chunks))

    async def llm(prompt: str) -> str:
        prompts.append(prompt)
        return "ok"

    prompts: list[str] = []
    result = asyncio.run(relapse.arun("Q?", [X200, X300], call_llm=llm, grounding_check=accept, rerank=rerank))
    assert chunk_ids(prompts[0]) == [X300, X200] and result.filtering.reranked
    with pytest.raises(RelapseError, match="rerank is async: use relapse.arun"):
        relapse.run("Q?", [X200], call_llm=ScriptedLLM("ok"), grounding_check=accept, rerank=rerank)


def test_filter_then_rerank_then_compress() -> None:
    llm = ScriptedLLM("ok")
    chunks = [(X200, 0.9), (X200.upper(), 0.8), (X300, 0.1)]
    result = relapse.run("Q?", chunks, call_llm=llm, grounding_check=accept, min_score=0.5,
                         rerank=lambda q, cs: cs, compress=True)
    assert result.context == (X200,)  # the case-insensitive duplicate goes in compress
    assert result.filtering.kept == (0, 1) and result.compression.duplicates_dropped == 1


# -- nothing survives ----------------------------------------------------------------------------------

def test_when_no_chunk_survives_the_model_is_not_called_and_the_template_refuses() -> None:
    llm = ScriptedLLM()
    checked: list[str] = []

    def check(query: str, chunks: Sequence[str], answer: str) -> GroundingResult:
        checked.append(answer)
        return GroundingResult(ok=False)

    chunks = [{"text": X200, "score": 0.4}, {"text": X300, "score": 0.3}]
    result = relapse.run("Price?", chunks, call_llm=llm, grounding_check=check, template="ecommerce", min_score=0.7)
    assert llm.prompts == [] and checked == []
    assert result.answer == ECOMMERCE.refusal
    assert (result.grounded, result.iterations, result.transcript, result.findings) == (True, 0, (), ())
    assert result.context == () and result.total_prompt_chars == 0
    assert "no chunk passed min_score" in result.no_context_reason
    assert "at least 0.7" in result.no_context_reason and "all 2" in result.no_context_reason
    assert [d.index for d in result.filtering.dropped] == [0, 1]


@pytest.mark.parametrize(
    ("chunks", "kwargs", "words"),
    [
        ([], {"min_score": 0.5}, "no chunks were retrieved"),
        ([(X200, 0.9)], {"rerank": lambda q, cs: []}, "rerank returned no chunks"),
        ([(X200, 0.9)], {"min_score": 0.5, "rerank": lambda q, cs: []}, "rerank returned no chunks"),
        ([(X200, 0.9)], {"min_score": 0.5, "score_direction": "distance"}, "at most 0.5"),
        ([("   ", 0.9)], {"min_score": 0.5, "compress": True}, "empty"),
    ],
)
def test_every_way_to_end_with_no_context_says_why(chunks: list, kwargs: dict, words: str) -> None:
    llm = ScriptedLLM()
    result = relapse.run("Q?", chunks, call_llm=llm, grounding_check=accept, **kwargs)
    assert llm.prompts == [] and result.iterations == 0 and result.grounded is True
    assert result.answer == GENERAL.refusal  # no template: the general refusal sentence
    assert words in result.no_context_reason


def test_arun_takes_the_same_no_context_path() -> None:
    async def llm(prompt: str) -> str:
        raise AssertionError("the model must not be called")

    result = asyncio.run(relapse.arun("Q?", [(X200, 0.1)], call_llm=llm, template="agronomy", min_score=0.5))
    assert result.iterations == 0 and result.grounded and "agronomist" in result.answer


def test_without_a_filter_an_empty_context_still_calls_the_model() -> None:
    llm = ScriptedLLM("I cannot tell.")
    result = relapse.run("Q?", [], call_llm=llm, grounding_check=accept)
    assert len(llm.prompts) == 1 and "(no context was retrieved)" in llm.prompts[0]
    assert result.no_context_reason is None
