"""The loop: call the model, check the answer, and on a rejection re-ask with the findings.

``run`` and ``arun`` share every decision through :class:`_Loop`; they differ only in awaiting
the model and the check. An answer that passes is returned as is: never rewritten, never retried.
"""

from __future__ import annotations

import inspect
from time import perf_counter
from typing import Any, Awaitable, Callable, Optional, Sequence, Union

from relapse.check import GroundingCheck, RaguardCheck
from relapse.chunks import chunk_texts
from relapse.compress import DEFAULT_MAX_CHARS, compress_chunks
from relapse.prompts import first_prompt, retry_prompt
from relapse.types import CompressionReport, GroundingResult, IterationRecord, RelapseError, RelapseResult

LLMCall = Callable[[str], str]
AsyncLLMCall = Callable[[str], Union[Awaitable[str], str]]
TokenCounter = Callable[[str], int]


def run(
    query: str,
    retrieved_chunks: Sequence[Any],
    *,
    call_llm: LLMCall,
    grounding_check: Optional[GroundingCheck] = None,
    compress: bool = False,
    compress_max_chars: int = DEFAULT_MAX_CHARS,
    max_iterations: int = 3,
    prompt: Optional[str] = None,
    count_tokens: Optional[TokenCounter] = None,
) -> RelapseResult:
    """Call ``call_llm`` until the answer passes ``grounding_check`` or ``max_iterations`` calls are made.

    ``grounding_check`` defaults to raguard (``raguard_check()``); ``prompt`` replaces the default
    first prompt verbatim; ``compress`` runs the deterministic compress pass first;
    ``count_tokens`` adds token counts to the transcript. Raises :class:`RelapseError` (with the
    transcript so far) when the model, the check or the counter fails.
    """
    loop = _Loop(query, retrieved_chunks, call_llm, grounding_check, compress, compress_max_chars,
                 max_iterations, prompt, count_tokens)
    while True:
        started = perf_counter()
        try:
            answer = call_llm(loop.prompt)
        except Exception as exc:
            raise loop.failure("call_llm", exc) from exc
        called = perf_counter()
        if inspect.isawaitable(answer):
            _close(answer)
            loop.bad_answer(answer, "call_llm is async: use relapse.arun")
        loop.check_answer(answer)
        try:
            grounding = loop.check(loop.query, loop.context, answer)
        except Exception as exc:
            raise loop.failure("check", exc, answer) from exc
        if inspect.isawaitable(grounding):
            _close(grounding)
            loop.bad_grounding(answer, grounding, "the grounding check is async: use relapse.arun")
        if loop.record(answer, grounding, called - started, perf_counter() - called):
            return loop.result()


async def arun(
    query: str,
    retrieved_chunks: Sequence[Any],
    *,
    call_llm: AsyncLLMCall,
    grounding_check: Optional[GroundingCheck] = None,
    compress: bool = False,
    compress_max_chars: int = DEFAULT_MAX_CHARS,
    max_iterations: int = 3,
    prompt: Optional[str] = None,
    count_tokens: Optional[TokenCounter] = None,
) -> RelapseResult:
    """:func:`run` for an ``async`` ``call_llm``; the check may be sync or async.

    A sync check runs in the event loop (the default raguard check takes a few milliseconds,
    plus about a second the first time, when spaCy loads).
    """
    loop = _Loop(query, retrieved_chunks, call_llm, grounding_check, compress, compress_max_chars,
                 max_iterations, prompt, count_tokens)
    while True:
        started = perf_counter()
        try:
            answer = call_llm(loop.prompt)
            if inspect.isawaitable(answer):
                answer = await answer
        except Exception as exc:
            raise loop.failure("call_llm", exc) from exc
        called = perf_counter()
        loop.check_answer(answer)
        try:
            grounding = loop.check(loop.query, loop.context, answer)
            if inspect.isawaitable(grounding):
                grounding = await grounding
        except Exception as exc:
            raise loop.failure("check", exc, answer) from exc
        if loop.record(answer, grounding, called - started, perf_counter() - called):
            return loop.result()


def _close(awaitable: Any) -> None:
    """Close a coroutine we will not await, so Python does not warn that it was never awaited."""
    close = getattr(awaitable, "close", None)
    if callable(close):
        close()


class _Loop:
    """The state and decisions shared by :func:`run` and :func:`arun`."""

    def __init__(
        self,
        query: Any,
        retrieved_chunks: Any,
        call_llm: Any,
        grounding_check: Any,
        compress: Any,
        compress_max_chars: int,
        max_iterations: Any,
        prompt: Any,
        count_tokens: Any,
    ) -> None:
        if not isinstance(query, str):
            raise TypeError(f"query must be a string, got {type(query).__name__}")
        if not query.strip():
            raise ValueError("query is empty: pass the user's question")
        if not callable(call_llm):
            raise TypeError(f"call_llm must be a function taking a prompt string, got {type(call_llm).__name__}")
        if grounding_check is not None and not callable(grounding_check):
            raise TypeError(
                "grounding_check must be a function (query, chunks, answer) -> GroundingResult, "
                f"got {type(grounding_check).__name__}"
            )
        if not isinstance(max_iterations, int) or isinstance(max_iterations, bool):
            raise TypeError(f"max_iterations must be an integer, got {type(max_iterations).__name__}")
        if max_iterations < 1:
            raise ValueError(f"max_iterations must be at least 1, got {max_iterations}")
        if not isinstance(compress, bool):
            raise TypeError(f"compress must be True or False, got {type(compress).__name__}")
        if prompt is not None and not isinstance(prompt, str):
            raise TypeError(f"prompt must be a string or None, got {type(prompt).__name__}")
        if prompt is not None and not prompt.strip():
            raise ValueError("prompt is empty: pass None to use the default prompt")
        if count_tokens is not None and not callable(count_tokens):
            raise TypeError(f"count_tokens must be a function str -> int, got {type(count_tokens).__name__}")

        texts = chunk_texts(retrieved_chunks)
        self.compression: Optional[CompressionReport] = None
        if compress:
            texts, self.compression = compress_chunks(texts, compress_max_chars)
        self.query = query
        self.context: tuple[str, ...] = tuple(texts)
        self.check: GroundingCheck = grounding_check if grounding_check is not None else RaguardCheck()
        self.max_iterations = max_iterations
        self.count_tokens = count_tokens
        self.prompt: str = prompt if prompt is not None else first_prompt(query, self.context)
        self.records: list[IterationRecord] = []

    @property
    def iteration(self) -> int:
        """The number of the call in progress."""
        return len(self.records) + 1

    def failure(self, stage: str, exc: BaseException, answer: Any = None) -> RelapseError:
        """The error for a failed stage, carrying everything gathered so far."""
        detail = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
        return RelapseError(
            f"relapse stopped in call {self.iteration}: {stage} failed ({detail}); "
            f"the {len(self.records)} completed call(s) are in .transcript",
            transcript=tuple(self.records), stage=stage, iteration=self.iteration,
            prompt=self.prompt, answer=answer, compression=self.compression,
        )

    def bad_answer(self, answer: Any, hint: str) -> None:
        cause = TypeError(f"call_llm must return a str, but returned {type(answer).__name__}: {hint}")
        raise self.failure("call_llm", cause, answer) from cause

    def check_answer(self, answer: Any) -> None:
        """A non-string answer is a clear error naming what came back."""
        if isinstance(answer, str):
            return
        if isinstance(answer, (bytes, bytearray)):
            hint = "decode it to str first (e.g. .decode('utf-8'))"
        elif answer is None:
            hint = "did the function forget to return the text?"
        else:
            hint = f"return the text of the reply, not the object ({answer!r:.120})"
        self.bad_answer(answer, hint)

    def bad_grounding(self, answer: str, grounding: Any, hint: str) -> None:
        cause = TypeError(
            f"grounding_check must return a relapse.GroundingResult, but returned {type(grounding).__name__}: {hint}"
        )
        raise self.failure("check", cause, answer) from cause

    def record(self, answer: str, grounding: Any, llm_seconds: float, check_seconds: float) -> bool:
        """Add the call to the transcript; True when the loop is done, else the retry prompt is set."""
        if not isinstance(grounding, GroundingResult):
            self.bad_grounding(answer, grounding, "wrap raguard with relapse.raguard_check(), or build one")
        prompt_tokens = answer_tokens = None
        if self.count_tokens is not None:
            prompt_tokens = self._count(self.prompt, answer)
            answer_tokens = self._count(answer, answer)
        self.records.append(IterationRecord(
            iteration=self.iteration, prompt=self.prompt, answer=answer, grounded=grounding.ok,
            findings=grounding.findings, prompt_chars=len(self.prompt), answer_chars=len(answer),
            prompt_tokens=prompt_tokens, answer_tokens=answer_tokens,
            llm_seconds=llm_seconds, check_seconds=check_seconds,
        ))
        if grounding.ok or len(self.records) >= self.max_iterations:
            return True
        self.prompt = retry_prompt(self.query, self.context, answer, grounding.findings)
        return False

    def _count(self, text: str, answer: str) -> int:
        try:
            n = self.count_tokens(text)  # type: ignore[misc]
        except Exception as exc:
            raise self.failure("count_tokens", exc, answer) from exc
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            cause = TypeError(f"count_tokens must return a non-negative int, got {n!r:.80}")
            raise self.failure("count_tokens", cause, answer) from cause
        return n

    def result(self) -> RelapseResult:
        last = self.records[-1]
        counted = self.count_tokens is not None
        return RelapseResult(
            answer=last.answer, grounded=last.grounded, iterations=len(self.records),
            transcript=tuple(self.records), compression=self.compression,
            total_prompt_chars=sum(r.prompt_chars for r in self.records),
            total_answer_chars=sum(r.answer_chars for r in self.records),
            total_prompt_tokens=sum(r.prompt_tokens or 0 for r in self.records) if counted else None,
            total_answer_tokens=sum(r.answer_tokens or 0 for r in self.records) if counted else None,
            context=self.context,
        )
