"""The loop: call the model, check the answer, and on a rejection re-ask with the findings.

``run`` and ``arun`` share every decision through :class:`_Loop`; they differ only in awaiting
the model and the check. An answer that passes is returned as is: never rewritten, never retried.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import threading
from time import perf_counter
from typing import Any, Awaitable, Callable, Optional, Sequence, Union

from relapse.check import GroundingCheck, RaguardCheck
from relapse.compress import DEFAULT_MAX_CHARS, compress_chunks
from relapse.context import Reranker, ScoreFilter, filter_chunks, make_filter, read_chunks, reranked
from relapse.prompts import first_prompt, retry_prompt
from relapse.templates import GENERAL, PromptTemplate, get_template
from relapse.types import (
    CompressionReport,
    ContextReport,
    DroppedChunk,
    GroundingResult,
    IterationRecord,
    RelapseError,
    RelapseResult,
)

LLMCall = Callable[[str], str]
AsyncLLMCall = Callable[[str], Union[Awaitable[str], str]]
TokenCounter = Callable[[str], int]
TemplateSpec = Union[str, PromptTemplate]

_log = logging.getLogger("relapse")


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
    template: Optional[TemplateSpec] = None,
    min_score: Union[None, float, ScoreFilter] = None,
    score_direction: Optional[str] = None,
    rerank: Optional[Reranker] = None,
    metrics: Any = None,
) -> RelapseResult:
    """Call ``call_llm`` until the answer passes ``grounding_check`` or ``max_iterations`` calls are made.

    ``grounding_check`` defaults to raguard (``raguard_check()``); a check's ``prepare(query,
    chunks)``, if it has one, runs in a thread while the model writes its first answer (raguard's
    loads its model and indexes the chunks there), and the first check waits for it. ``prompt``
    replaces the default first prompt verbatim; ``template`` (a name from :mod:`relapse.templates` or a
    ``PromptTemplate``) builds the first prompt and gives every retry prompt its rules;
    ``min_score`` drops chunks whose score fails it (``score_direction`` "similarity", the
    default, or "distance"; or pass a ``ScoreFilter``); ``rerank(query, chunks) -> chunks``
    reorders or trims the chunks left; ``compress`` runs the deterministic compress pass after
    them; ``count_tokens`` adds token counts to the transcript; ``metrics`` (a
    ``raguard.Metrics``) counts the run. When ``min_score`` or ``rerank`` leaves no chunk, the
    model is not called: the answer is the refusal sentence, with ``no_context_reason``. Raises
    :class:`RelapseError` (with the transcript so far) when rerank, the model, the check or the
    counter fails.
    """
    loop = _Loop(query, retrieved_chunks, call_llm, grounding_check, compress, compress_max_chars,
                 max_iterations, prompt, count_tokens, template, min_score, score_direction, rerank, metrics)
    if loop.wants_rerank:
        try:
            returned = loop.rerank(loop.query, loop.rerank_input())
        except Exception as exc:
            raise loop.failure("rerank", exc) from exc
        if inspect.isawaitable(returned):
            _close(returned)
            cause = TypeError("rerank is async: use relapse.arun")
            raise loop.failure("rerank", cause) from cause
        loop.apply_rerank(returned)
    loop.prepare()
    if loop.no_context_reason is not None:
        return loop.no_context_result()
    preparing = loop.start_check_prep()
    while True:
        started = perf_counter()
        try:
            answer = call_llm(loop.prompt)
        except Exception as exc:
            raise loop.failure("call_llm", exc) from exc
        called = perf_counter()
        if preparing is not None:
            preparing.join()  # (the check finds what was prepared; the wait is check time)
            preparing = None
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
    template: Optional[TemplateSpec] = None,
    min_score: Union[None, float, ScoreFilter] = None,
    score_direction: Optional[str] = None,
    rerank: Optional[Reranker] = None,
    metrics: Any = None,
) -> RelapseResult:
    """:func:`run` for an ``async`` ``call_llm``; the check may be sync or async.

    The default raguard check runs in a worker thread (``raguard.averify``'s way), model load
    included, so the event loop is never blocked; a custom sync check runs in the event loop.
    ``rerank`` may be async too.
    """
    loop = _Loop(query, retrieved_chunks, call_llm, grounding_check, compress, compress_max_chars,
                 max_iterations, prompt, count_tokens, template, min_score, score_direction, rerank, metrics)
    if loop.wants_rerank:
        try:
            returned = loop.rerank(loop.query, loop.rerank_input())
            if inspect.isawaitable(returned):
                returned = await returned
        except Exception as exc:
            raise loop.failure("rerank", exc) from exc
        loop.apply_rerank(returned)
    loop.prepare()
    if loop.no_context_reason is not None:
        return loop.no_context_result()
    preparing = loop.start_async_check_prep()
    while True:
        started = perf_counter()
        try:
            answer = call_llm(loop.prompt)
            if inspect.isawaitable(answer):
                answer = await answer
        except Exception as exc:
            if preparing is not None:
                preparing.cancel()
            raise loop.failure("call_llm", exc) from exc
        called = perf_counter()
        if preparing is not None:
            await asyncio.gather(preparing, return_exceptions=True)
            preparing = None
        loop.check_answer(answer)
        try:
            acheck = getattr(loop.check, "acheck", None)  # raguard's check: off the event loop
            grounding = (acheck if acheck is not None else loop.check)(loop.query, loop.context, answer)
            if inspect.isawaitable(grounding):
                grounding = await grounding
        except Exception as exc:
            raise loop.failure("check", exc, answer) from exc
        if loop.record(answer, grounding, called - started, perf_counter() - called):
            return loop.result()


def _quietly(prepare: Callable[..., Any], query: str, context: Sequence[str]) -> None:
    """Call a check's ``prepare``: a failure there is no failure of the run (the check itself
    reports what it cannot do), so it is logged and dropped."""
    try:
        result = prepare(query, context)
        if inspect.isawaitable(result):
            _close(result)
    except Exception:
        _log.debug("relapse: the check's prepare failed", exc_info=True)


async def _aquietly(aprepare: Callable[..., Any], query: str, context: Sequence[str]) -> None:
    try:
        result = aprepare(query, context)
        if inspect.isawaitable(result):
            await result
    except Exception:
        _log.debug("relapse: the check's aprepare failed", exc_info=True)


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
        template: Any = None,
        min_score: Any = None,
        score_direction: Any = None,
        rerank: Any = None,
        metrics: Any = None,
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
        if template is not None and prompt is not None:
            raise ValueError("pass prompt or template, not both: a template builds the first prompt")
        if rerank is not None and not callable(rerank):
            raise TypeError(f"rerank must be a function (query, chunks) -> chunks, got {type(rerank).__name__}")
        if metrics is not None and not callable(getattr(metrics, "observe_relapse", None)):
            raise TypeError(f"metrics must be a raguard.Metrics, got {type(metrics).__name__}")
        if compress and (not isinstance(compress_max_chars, int) or isinstance(compress_max_chars, bool)
                         or compress_max_chars < 1):  # checked now: compress runs after rerank
            raise ValueError(f"compress_max_chars must be a positive integer, got {compress_max_chars!r}")

        self.template: Optional[PromptTemplate] = get_template(template) if template is not None else None
        self.score_filter: Optional[ScoreFilter] = make_filter(min_score, score_direction)
        chunks = read_chunks(retrieved_chunks)
        self.chunks_in = len(chunks)
        self.kept, self.dropped = filter_chunks(chunks, self.score_filter)  # every score checked here
        self.rerank = rerank
        self.reranked = False
        self.compress = compress
        self.compress_max_chars = compress_max_chars
        self.compression: Optional[CompressionReport] = None
        self.filtering: Optional[ContextReport] = None
        self.no_context_reason: Optional[str] = None
        self.query = query
        self.context: tuple[str, ...] = ()
        self.refusal = self.template.refusal if self.template is not None else GENERAL.refusal
        check = grounding_check if grounding_check is not None else RaguardCheck(
            citations=self.template is not None, metrics=metrics)
        if isinstance(check, RaguardCheck):  # relapse's own raguard check knows the template
            check = check.for_template(self.refusal, self.template.notices if self.template else ())
        self.check: GroundingCheck = check
        self.metrics = metrics
        self.max_iterations = max_iterations
        self.count_tokens = count_tokens
        self.custom_prompt: Optional[str] = prompt
        self.prompt: str = ""
        self.records: list[IterationRecord] = []

    # -- before the first call -----------------------------------------------------------------
    @property
    def wants_rerank(self) -> bool:
        """True when there is a reranker and something left for it to rerank."""
        return self.rerank is not None and bool(self.kept)

    def rerank_input(self) -> list[Any]:
        """The chunks that passed the score filter, as the caller gave them."""
        return [c.item for c in self.kept]

    def apply_rerank(self, returned: Any) -> None:
        """Take the reranker's chunks; the ones it left out are recorded as dropped."""
        try:
            self.kept, dropped = reranked(self.kept, returned)
        except TypeError as exc:
            raise self.failure("rerank", exc) from exc
        self.dropped.extend(dropped)
        self.reranked = True

    def prepare(self) -> None:
        """Compress, build the first prompt, and decide whether any context is left to send."""
        texts = [c.text for c in self.kept]
        if self.compress:
            texts, self.compression = compress_chunks(texts, self.compress_max_chars)
        self.context = tuple(texts)
        filtered = self.score_filter is not None or self.rerank is not None
        if filtered:
            self.filtering = ContextReport(
                chunks_in=self.chunks_in, chunks_out=len(self.kept), kept=tuple(c.index for c in self.kept),
                dropped=tuple(self.dropped),
                min_score=self.score_filter.threshold if self.score_filter else None,
                score_direction=self.score_filter.direction if self.score_filter else None,
                reranked=self.reranked,
            )
            if not self.context:
                self.no_context_reason = self._why_empty()
        if self.custom_prompt is not None:
            self.prompt = self.custom_prompt
        elif self.template is not None:
            self.prompt = self.template.first_prompt(self.query, self.context)
        else:
            self.prompt = first_prompt(self.query, self.context)

    def start_check_prep(self) -> Optional[threading.Thread]:
        """Run the check's ``prepare(query, chunks)``, if it has one, in a thread while the model
        writes its first answer (raguard's loads its model on first use and indexes the chunks)."""
        prepare = getattr(self.check, "prepare", None)
        if not callable(prepare):
            return None
        thread = threading.Thread(target=_quietly, args=(prepare, self.query, self.context),
                                  name="relapse-prepare", daemon=True)
        thread.start()
        return thread

    def start_async_check_prep(self) -> "Optional[asyncio.Future[Any]]":
        """:meth:`start_check_prep` for :func:`arun`: the check's ``aprepare`` as a task, else its
        ``prepare`` in a worker thread."""
        aprepare = getattr(self.check, "aprepare", None)
        if callable(aprepare):
            return asyncio.ensure_future(_aquietly(aprepare, self.query, self.context))
        prepare = getattr(self.check, "prepare", None)
        if callable(prepare):
            return asyncio.ensure_future(asyncio.to_thread(_quietly, prepare, self.query, self.context))
        return None

    def _why_empty(self) -> str:
        if self.chunks_in == 0:
            return "no chunks were retrieved"
        if self.score_filter is not None and not any(d.reason == "removed by rerank" for d in self.dropped) \
                and len(self.dropped) == self.chunks_in:
            f = self.score_filter
            better = "at least" if f.direction == "similarity" else "at most"
            return (f"no chunk passed min_score: all {self.chunks_in} chunk(s) were dropped "
                    f"(a {f.direction} of {better} {f.threshold:g} was required)")
        if self.reranked and not self.kept:
            return "rerank returned no chunks"
        return "every chunk left after filtering was empty (dropped by compress)"

    def no_context_result(self) -> RelapseResult:
        """The answer when no context survived: the refusal sentence, without calling the model."""
        if self.metrics is not None:
            self.metrics.observe_relapse("no_context", 0)
        return RelapseResult(
            answer=self.refusal, grounded=True, iterations=0, transcript=(), compression=self.compression,
            total_prompt_tokens=0 if self.count_tokens is not None else None,
            total_answer_tokens=0 if self.count_tokens is not None else None,
            context=(), filtering=self.filtering, no_context_reason=self.no_context_reason,
        )

    # -- the calls -----------------------------------------------------------------------------

    @property
    def iteration(self) -> int:
        """The number of the call in progress."""
        return len(self.records) + 1

    def failure(self, stage: str, exc: BaseException, answer: Any = None) -> RelapseError:
        """The error for a failed stage, carrying everything gathered so far."""
        detail = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
        if self.metrics is not None:
            self.metrics.observe_relapse("error", len(self.records))
        where = "before the first call" if stage == "rerank" else f"in call {self.iteration}"
        return RelapseError(
            f"relapse stopped {where}: {stage} failed ({detail}); "
            f"the {len(self.records)} completed call(s) are in .transcript",
            transcript=tuple(self.records), stage=stage, iteration=self.iteration,
            prompt=self.prompt, answer=answer, compression=self.compression,
            filtering=self.filtering,
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
        if self.template is not None:
            self.prompt = retry_prompt(self.query, self.context, answer, grounding.findings,
                                       rules=self.template.instructions, refusal=self.template.refusal)
        else:
            self.prompt = retry_prompt(self.query, self.context, answer, grounding.findings)
        return False

    def _count(self, text: str, answer: str) -> int:
        try:
            n = self.count_tokens(text)
        except Exception as exc:
            raise self.failure("count_tokens", exc, answer) from exc
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            cause = TypeError(f"count_tokens must return a non-negative int, got {n!r:.80}")
            raise self.failure("count_tokens", cause, answer) from cause
        return n

    def result(self) -> RelapseResult:
        last = self.records[-1]
        counted = self.count_tokens is not None
        if self.metrics is not None:
            outcome = "exhausted" if not last.grounded else "first_call" if len(self.records) == 1 else "recovered"
            self.metrics.observe_relapse(outcome, len(self.records))
        return RelapseResult(
            answer=last.answer, grounded=last.grounded, iterations=len(self.records),
            transcript=tuple(self.records), compression=self.compression,
            total_prompt_chars=sum(r.prompt_chars for r in self.records),
            total_answer_chars=sum(r.answer_chars for r in self.records),
            total_prompt_tokens=sum(r.prompt_tokens or 0 for r in self.records) if counted else None,
            total_answer_tokens=sum(r.answer_tokens or 0 for r in self.records) if counted else None,
            context=self.context, filtering=self.filtering,
        )
