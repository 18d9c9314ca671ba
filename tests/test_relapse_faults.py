"""relapse under faults: an LLM call that raises, times out, returns None, "" or a huge string.

Each run must end with either a result or a :class:`relapse.RelapseError` whose transcript holds
every call completed before the fault (the prompts sent and the answers received, in order), and
nothing may leak from a failed run into the next one: a clean run after the faults equals the
same clean run before them.
"""

from __future__ import annotations

import asyncio
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import relapse
from relapse import GroundingFinding, GroundingResult, RelapseError

QUERY = "When did the project ship?"
CHUNKS = ["The project shipped on March 3, 2021, after two delays."]
FAULTS = ("raise", "timeout", "none", "empty", "huge")
HUGE = "The project shipped in 1999. " * 40_000  # 1.16M characters


class LLMDown(ConnectionError):
    """What a provider client raises when the service is unreachable."""


@dataclass
class ScriptedLLM:
    """Answers wrongly until ``fault_at`` (1-based), where it fails in the way ``fault`` says."""

    fault: str
    fault_at: int
    prompts: list[str] = field(default_factory=list)

    def answer(self, prompt: str) -> Any:
        self.prompts.append(prompt)
        call = len(self.prompts)
        if call != self.fault_at:
            return f"The project shipped in {1990 + call}."
        if self.fault == "raise":
            raise LLMDown("connection reset by peer")
        if self.fault == "timeout":
            return _with_timeout(lambda: time.sleep(5), seconds=0.01)
        if self.fault == "none":
            return None
        if self.fault == "empty":
            return ""
        return HUGE

    async def aanswer(self, prompt: str) -> Any:
        if self.fault == "timeout" and len(self.prompts) + 1 == self.fault_at:
            self.prompts.append(prompt)
            # the caller's own timeout around a provider call that hangs
            return await asyncio.wait_for(asyncio.sleep(5), timeout=0.01)
        await asyncio.sleep(0)
        return self.answer(prompt)


def _with_timeout(call: Callable[[], Any], seconds: float) -> Any:
    """A caller's own timeout: ``TimeoutError`` when ``call`` takes longer than ``seconds``
    (the call goes on in a daemon thread, as an abandoned HTTP request would)."""
    box: list[Any] = []
    worker = threading.Thread(target=lambda: box.append(call()), daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        raise TimeoutError(f"the LLM did not answer within {seconds} s")
    return box[0]


def rejecting_check(query: str, chunks: Any, answer: str) -> GroundingResult:
    """Rejects every answer except the grounded one, like a real check would."""
    if "March 3, 2021" in answer:
        return GroundingResult(ok=True)
    return GroundingResult(ok=False, findings=(GroundingFinding(code="UNSUPPORTED_DATE", message="wrong year"),))


def _assert_outcome(llm: ScriptedLLM, max_iterations: int, outcome: Any) -> None:
    """The contract: a RelapseError with the transcript so far, or a result of every call made."""
    fault_reached = llm.fault_at <= max_iterations
    if isinstance(outcome, RelapseError):
        assert fault_reached and llm.fault in ("raise", "timeout", "none")
        assert outcome.stage == "call_llm"
        assert outcome.iteration == llm.fault_at
        assert outcome.prompt == llm.prompts[-1]
        # (asyncio.wait_for raises asyncio.TimeoutError: another class than TimeoutError before Python 3.11)
        timeouts = (TimeoutError, asyncio.TimeoutError)
        assert isinstance(outcome.__cause__, {"raise": LLMDown, "timeout": timeouts, "none": TypeError}[llm.fault])
        completed = llm.prompts[:-1]
    else:
        assert not (fault_reached and llm.fault in ("raise", "timeout", "none")), "the fault was swallowed"
        assert outcome.iterations == len(llm.prompts) == min(max_iterations, len(outcome.transcript))
        assert not outcome.grounded
        completed = llm.prompts
        if fault_reached:
            assert outcome.transcript[llm.fault_at - 1].answer == ("" if llm.fault == "empty" else HUGE)
    transcript = outcome.transcript
    assert [r.iteration for r in transcript] == list(range(1, len(completed) + 1))
    assert [r.prompt for r in transcript] == completed  # every prompt the model was sent, in order
    for record in transcript:
        assert record.grounded is False
        if record.iteration != llm.fault_at:
            assert record.answer == f"The project shipped in {1990 + record.iteration}."
    for earlier, later in zip(transcript, transcript[1:]):
        assert earlier.answer in later.prompt or len(earlier.answer) > 100_000  # the retry quotes it


def _run(llm: ScriptedLLM, max_iterations: int, check: Callable[..., Any] = rejecting_check) -> Any:
    try:
        return relapse.run(QUERY, CHUNKS, call_llm=llm.answer, grounding_check=check, max_iterations=max_iterations)
    except RelapseError as exc:
        return exc


def _arun(llm: ScriptedLLM, max_iterations: int, check: Callable[..., Any] = rejecting_check) -> Any:
    async def go() -> Any:
        try:
            return await relapse.arun(QUERY, CHUNKS, call_llm=llm.aanswer, grounding_check=check,
                                      max_iterations=max_iterations)
        except RelapseError as exc:
            return exc
    return asyncio.run(go())


@given(fault=st.sampled_from(FAULTS), fault_at=st.integers(1, 5), max_iterations=st.integers(1, 4),
       use_async=st.booleans())
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_a_fault_at_any_call_ends_in_a_result_or_an_error_with_the_transcript(
        fault: str, fault_at: int, max_iterations: int, use_async: bool) -> None:
    llm = ScriptedLLM(fault, fault_at)
    outcome = (_arun if use_async else _run)(llm, max_iterations)
    _assert_outcome(llm, max_iterations, outcome)


@pytest.mark.parametrize("fault", FAULTS)
@pytest.mark.parametrize("use_async", [False, True])
def test_faults_with_the_default_raguard_check(fault: str, use_async: bool) -> None:
    """The real check: an empty or huge answer is an input_error finding (not an exception)."""
    llm = ScriptedLLM(fault, fault_at=2)
    outcome = (_arun if use_async else _run)(llm, 3, relapse.raguard_check())
    _assert_outcome(llm, 3, outcome)
    if not isinstance(outcome, RelapseError):
        codes = [f.code for f in outcome.transcript[1].findings]
        assert codes == ["INPUT_ERROR"], codes
        assert outcome.transcript[0].findings[0].code == "UNSUPPORTED_DATE"


def test_nothing_leaks_from_failed_runs_into_the_next_run() -> None:
    check = relapse.raguard_check()  # one shared check (and raguard Verifier) for every run

    def clean_run() -> tuple:
        answers = iter(["The project shipped in 1999.", "The project shipped on March 3, 2021."])
        seen: list[str] = []

        def llm(prompt: str) -> str:
            seen.append(prompt)
            return next(answers)

        result = relapse.run(QUERY, CHUNKS, call_llm=llm, grounding_check=check, max_iterations=3)
        return (result.answer, result.grounded, result.iterations, tuple(seen),
                tuple((r.iteration, r.prompt, r.answer, r.grounded, r.findings) for r in result.transcript))

    before = clean_run()
    assert before[1:3] == (True, 2)
    for fault in FAULTS:
        for fault_at in (1, 2, 3):
            _run(ScriptedLLM(fault, fault_at), 3, check)
            _arun(ScriptedLLM(fault, fault_at), 3, check)
    assert clean_run() == before


def test_an_outer_asyncio_timeout_cancels_the_run_and_the_next_run_is_clean() -> None:
    """``asyncio.wait_for(relapse.arun(...))`` cancels the run: the caller gets TimeoutError (the
    cancellation is not turned into something else), and a later run starts from scratch."""
    calls: list[str] = []

    async def slow_llm(prompt: str) -> str:
        calls.append(prompt)
        if len(calls) == 2:
            await asyncio.sleep(5)
        return "The project shipped in 1999."

    async def scenario() -> Optional[relapse.RelapseResult]:
        with pytest.raises(asyncio.TimeoutError):
            await asyncio.wait_for(relapse.arun(QUERY, CHUNKS, call_llm=slow_llm, grounding_check=rejecting_check,
                                                max_iterations=3), timeout=0.2)
        calls.clear()
        return await relapse.arun(QUERY, CHUNKS, call_llm=slow_llm, grounding_check=rejecting_check,
                                  max_iterations=1)

    result = asyncio.run(scenario())
    assert result is not None and result.iterations == 1 and len(result.transcript) == 1
    assert result.transcript[0].prompt == calls[0]


def test_an_interrupt_inside_call_llm_is_not_swallowed() -> None:
    """KeyboardInterrupt (a BaseException) must stop the loop, not become a RelapseError."""
    def interrupted(prompt: str) -> str:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        relapse.run(QUERY, CHUNKS, call_llm=interrupted, grounding_check=rejecting_check)
