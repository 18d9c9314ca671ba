"""Every way relapse can fail: a clear error, and nothing gathered so far is lost."""

from __future__ import annotations

import asyncio
from typing import Sequence

import pytest

import relapse
from relapse import GroundingFinding, GroundingResult, RelapseError

WW2 = "World War II ended in 1945 , with Japan 's surrender in September ."


def reject_1944(query: str, chunks: Sequence[str], answer: str) -> GroundingResult:
    if "1944" in answer:
        return GroundingResult(ok=False, findings=(GroundingFinding("BAD_YEAR", "1944 is wrong"),))
    return GroundingResult(ok=True)


def script(*steps: object):
    """A fake model: each step is returned, or raised when it is an exception."""
    prompts: list[str] = []

    def llm(prompt: str) -> object:
        prompts.append(prompt)
        step = steps[len(prompts) - 1]
        if isinstance(step, BaseException):
            raise step
        return step

    llm.prompts = prompts  # type: ignore[attr-defined]
    return llm


def test_model_failure_on_call_two_keeps_the_first_call() -> None:
    boom = ConnectionError("provider timed out")
    llm = script("It ended in 1944.", boom)
    with pytest.raises(RelapseError) as info:
        relapse.run("When?", [WW2], call_llm=llm, grounding_check=reject_1944)
    err = info.value
    assert err.__cause__ is boom
    assert err.stage == "call_llm" and err.iteration == 2
    assert len(err.transcript) == 1 and err.transcript[0].answer == "It ended in 1944."
    assert err.prompt == llm.prompts[1] and err.answer is None
    assert "provider timed out" in str(err) and "ConnectionError" in str(err)


def test_check_failure_keeps_the_answer_it_was_checking() -> None:
    crash = RuntimeError("check crashed")

    def check(query: str, chunks: Sequence[str], answer: str) -> GroundingResult:
        raise crash

    with pytest.raises(RelapseError) as info:
        relapse.run("When?", [WW2], call_llm=script("It ended in 1945."), grounding_check=check)
    err = info.value
    assert err.__cause__ is crash and err.stage == "check"
    assert err.answer == "It ended in 1945." and err.transcript == () and err.iteration == 1


@pytest.mark.parametrize(
    ("returned", "named"),
    [({"text": "1945"}, "dict"), (None, "NoneType"), (b"1945", "bytes"), (1945, "int")],
)
def test_non_string_answer_is_a_clear_error_naming_the_type(returned: object, named: str) -> None:
    with pytest.raises(RelapseError) as info:
        relapse.run("When?", [WW2], call_llm=script(returned), grounding_check=reject_1944)
    err = info.value
    assert isinstance(err.__cause__, TypeError)
    assert f"returned {named}" in str(err.__cause__) and f"returned {named}" in str(err)
    assert err.answer is returned or err.answer == returned


def test_bytes_answer_says_to_decode() -> None:
    with pytest.raises(RelapseError, match="decode"):
        relapse.run("When?", [WW2], call_llm=script(b"1945"), grounding_check=reject_1944)


def test_async_model_in_run_points_to_arun() -> None:
    async def llm(prompt: str) -> str:
        return "1945"

    with pytest.raises(RelapseError, match="arun") as info:
        relapse.run("When?", [WW2], call_llm=llm, grounding_check=reject_1944)
    assert isinstance(info.value.__cause__, TypeError)


def test_check_returning_the_wrong_type_is_a_clear_error() -> None:
    with pytest.raises(RelapseError, match="GroundingResult, but returned dict") as info:
        relapse.run("When?", [WW2], call_llm=script("1945"), grounding_check=lambda q, c, a: {"ok": True})
    assert info.value.stage == "check" and info.value.answer == "1945"


@pytest.mark.parametrize("bad", [0, -1])
def test_max_iterations_below_one_is_a_value_error(bad: int) -> None:
    llm = script("1945")
    with pytest.raises(ValueError, match="max_iterations"):
        relapse.run("When?", [WW2], call_llm=llm, grounding_check=reject_1944, max_iterations=bad)
    assert llm.prompts == []  # nothing was spent


def test_max_iterations_must_be_an_int() -> None:
    with pytest.raises(TypeError, match="max_iterations"):
        relapse.run("When?", [WW2], call_llm=script("1945"), max_iterations=True)


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"query": None}, TypeError, "query must be a string"),
        ({"query": "  "}, ValueError, "query is empty"),
        ({"retrieved_chunks": WW2}, TypeError, "single str"),
        ({"retrieved_chunks": [WW2, 3]}, TypeError, r"retrieved_chunks\[1\]"),
        ({"retrieved_chunks": [{"body": WW2}]}, TypeError, "without a string 'text' key"),
        ({"call_llm": "gpt-4"}, TypeError, "call_llm must be a function"),
        ({"grounding_check": "raguard"}, TypeError, "grounding_check must be a function"),
        ({"prompt": 42}, TypeError, "prompt must be a string"),
        ({"prompt": ""}, ValueError, "prompt is empty"),
        ({"compress": "yes"}, TypeError, "compress must be True or False"),
        ({"compress": True, "compress_max_chars": 0}, ValueError, "compress_max_chars"),
        ({"count_tokens": 5}, TypeError, "count_tokens must be a function"),
    ],
)
def test_bad_arguments_fail_before_any_call(kwargs: dict, error: type, words: str) -> None:
    llm = script("1945")
    args = {"query": "When?", "retrieved_chunks": [WW2], "call_llm": llm, "grounding_check": reject_1944, **kwargs}
    query, chunks = args.pop("query"), args.pop("retrieved_chunks")
    with pytest.raises(error, match=words):
        relapse.run(query, chunks, **args)
    assert llm.prompts == []


def test_token_counter_failure_keeps_the_answer() -> None:
    def count(text: str) -> int:
        raise ValueError("tokenizer missing")

    with pytest.raises(RelapseError) as info:
        relapse.run("When?", [WW2], call_llm=script("1945"), grounding_check=reject_1944, count_tokens=count)
    assert info.value.stage == "count_tokens" and info.value.answer == "1945"
    assert isinstance(info.value.__cause__, ValueError)


def test_token_counter_returning_a_non_int_is_an_error() -> None:
    with pytest.raises(RelapseError, match="non-negative int"):
        relapse.run("When?", [WW2], call_llm=script("1945"), grounding_check=reject_1944, count_tokens=lambda t: "3")


def test_compress_report_survives_a_failure() -> None:
    with pytest.raises(RelapseError) as info:
        relapse.run("When?", [WW2, WW2], call_llm=script(OSError("down")), grounding_check=reject_1944, compress=True)
    assert info.value.compression is not None and info.value.compression.duplicates_dropped == 1


def test_arun_failures_carry_the_transcript_too() -> None:
    boom = TimeoutError("slow")
    steps = iter(["It ended in 1944.", boom])

    async def llm(prompt: str) -> str:
        step = next(steps)
        if isinstance(step, BaseException):
            raise step
        return step

    async def check(query: str, chunks: Sequence[str], answer: str) -> GroundingResult:
        return reject_1944(query, chunks, answer)

    with pytest.raises(RelapseError) as info:
        asyncio.run(relapse.arun("When?", [WW2], call_llm=llm, grounding_check=check))
    assert info.value.__cause__ is boom and len(info.value.transcript) == 1


def test_arun_non_string_and_bad_max_iterations() -> None:
    async def llm(prompt: str) -> object:
        return ["1945"]

    with pytest.raises(RelapseError, match="returned list"):
        asyncio.run(relapse.arun("When?", [WW2], call_llm=llm, grounding_check=reject_1944))
    with pytest.raises(ValueError, match="max_iterations"):
        asyncio.run(relapse.arun("When?", [WW2], call_llm=llm, max_iterations=0))


def test_arun_async_check_failure_keeps_the_answer() -> None:
    async def llm(prompt: str) -> str:
        return "1945"

    async def check(query: str, chunks: Sequence[str], answer: str) -> GroundingResult:
        raise KeyError("index gone")

    with pytest.raises(RelapseError) as info:
        asyncio.run(relapse.arun("When?", [WW2], call_llm=llm, grounding_check=check))
    assert info.value.stage == "check" and info.value.answer == "1945"
    assert isinstance(info.value.__cause__, KeyError)
