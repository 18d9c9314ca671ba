"""Public result and error types of relapse (frozen dataclasses: cheap to build, safe to share).

Plain dataclasses rather than pydantic models keep ``import relapse`` light and the per-call
overhead of the loop in microseconds; ``to_dict()`` gives a JSON-ready view.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Optional


class Span(NamedTuple):
    """A failed span of the answer: character offsets into it and the text there."""

    start: int
    end: int
    text: str


@dataclass(frozen=True)
class GroundingFinding:
    """One problem a grounding check found in an answer.

    ``code`` is a stable machine-readable code (``"UNSUPPORTED_DATE"``), ``message`` a
    human-readable explanation, ``spans`` the failed spans of the answer, ``expected`` the value
    the context actually gives when the check knows it, ``severity`` the check's severity label.
    """

    code: str
    message: str
    spans: tuple[Span, ...] = ()
    expected: Optional[str] = None
    severity: Optional[str] = None

    def __post_init__(self) -> None:
        if not isinstance(self.code, str) or not self.code.strip():
            raise TypeError(f"GroundingFinding.code must be a non-empty string, got {self.code!r}")
        if not isinstance(self.message, str):
            raise TypeError(f"GroundingFinding.message must be a string, got {type(self.message).__name__}")
        if self.expected is not None and not isinstance(self.expected, str):
            raise TypeError(f"GroundingFinding.expected must be a string or None, got {type(self.expected).__name__}")
        object.__setattr__(self, "spans", tuple(_as_span(s) for s in self.spans))


def _as_span(value: Any) -> Span:
    """Accept a Span or a plain ``(start, end, text)`` tuple from a custom check."""
    if isinstance(value, Span):
        return value
    try:
        start, end, text = value
    except (TypeError, ValueError):
        raise TypeError(f"a span must be (start, end, text), got {value!r}") from None
    if not (isinstance(start, int) and isinstance(end, int) and isinstance(text, str)):
        raise TypeError(f"a span must be (int, int, str), got {value!r}")
    return Span(start, end, text)


@dataclass(frozen=True)
class GroundingResult:
    """What a grounding check returns: ``ok`` (the answer may be used) and the findings."""

    ok: bool
    findings: tuple[GroundingFinding, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.ok, bool):
            raise TypeError(f"GroundingResult.ok must be a bool, got {type(self.ok).__name__}")
        findings = tuple(self.findings)
        for f in findings:
            if not isinstance(f, GroundingFinding):
                raise TypeError(f"GroundingResult.findings must hold GroundingFinding objects, got {type(f).__name__}")
        object.__setattr__(self, "findings", findings)


@dataclass(frozen=True)
class CompressionReport:
    """What the ``compress=True`` pass did to the chunks before the first call."""

    chunks_in: int
    chunks_out: int
    duplicates_dropped: int
    empty_dropped: int
    chars_in: int
    chars_out: int
    max_chars: int
    truncated: bool  # True when the character cap cut or dropped text


@dataclass(frozen=True)
class DroppedChunk:
    """A chunk that did not reach the model: its position in ``retrieved_chunks``, text, score, why."""

    index: Optional[int]
    text: str
    score: Optional[float]
    reason: str


@dataclass(frozen=True)
class ContextReport:
    """What the score filter and the reranker did before the first call.

    ``kept`` holds the ``retrieved_chunks`` positions of the chunks that passed, in the order
    sent (None for a chunk the reranker made up; ``compress`` may still cut them, see
    ``RelapseResult.compression``); ``dropped`` every chunk left out, with the reason.
    """

    chunks_in: int
    chunks_out: int
    kept: tuple[Optional[int], ...]
    dropped: tuple[DroppedChunk, ...]
    min_score: Optional[float] = None
    score_direction: Optional[str] = None
    reranked: bool = False


@dataclass(frozen=True)
class IterationRecord:
    """One LLM call of the loop: what was sent, what came back, and the check's verdict."""

    iteration: int
    prompt: str
    answer: str
    grounded: bool
    findings: tuple[GroundingFinding, ...]
    prompt_chars: int
    answer_chars: int
    prompt_tokens: Optional[int] = None
    answer_tokens: Optional[int] = None
    llm_seconds: float = 0.0
    check_seconds: float = 0.0


@dataclass(frozen=True)
class RelapseResult:
    """The final answer, whether it passed the check, and the transcript of every call.

    ``filtering`` reports what ``min_score``/``rerank`` dropped (None without them);
    ``no_context_reason`` says why the model was not called when no chunk survived them (the
    answer is then the template's refusal sentence, ``grounded`` True, ``iterations`` 0).
    """

    answer: str
    grounded: bool
    iterations: int
    transcript: tuple[IterationRecord, ...]
    compression: Optional[CompressionReport] = None
    total_prompt_chars: int = 0
    total_answer_chars: int = 0
    total_prompt_tokens: Optional[int] = None
    total_answer_tokens: Optional[int] = None
    context: tuple[str, ...] = field(default=(), repr=False)
    filtering: Optional[ContextReport] = None
    no_context_reason: Optional[str] = None

    @property
    def findings(self) -> tuple[GroundingFinding, ...]:
        """The findings on the final answer (empty when it passed cleanly)."""
        return self.transcript[-1].findings if self.transcript else ()

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of the whole result: tuples become lists, spans dicts."""
        return _jsonable(self)


def _jsonable(value: Any) -> Any:
    if isinstance(value, Span):
        return value._asdict()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (tuple, list)):
        return [_jsonable(v) for v in value]
    return value


class RelapseError(RuntimeError):
    """The loop could not finish: ``call_llm``, the check or ``count_tokens`` failed.

    Nothing is lost: ``transcript`` holds the completed calls, ``stage`` names what failed
    (``"rerank"``, ``"call_llm"``, ``"check"`` or ``"count_tokens"``), ``iteration`` the call it
    failed in, ``prompt`` the prompt of that call (empty when ``rerank`` failed), ``answer`` what
    ``call_llm`` returned in it (None if it raised), ``filtering`` what the score filter did, and
    ``__cause__`` the original exception.
    """

    def __init__(
        self,
        message: str,
        *,
        transcript: tuple[IterationRecord, ...],
        stage: str,
        iteration: int,
        prompt: str,
        answer: Any = None,
        compression: Optional[CompressionReport] = None,
        filtering: Optional[ContextReport] = None,
    ) -> None:
        super().__init__(message)
        self.transcript = transcript
        self.stage = stage
        self.iteration = iteration
        self.prompt = prompt
        self.answer = answer
        self.compression = compression
        self.filtering = filtering
