"""raguard as relapse's grounding check: each raguard warning becomes a finding with a stable code.

raguard (and through it spaCy) is imported only when a check is built, so ``import relapse`` stays
light and a custom check never loads spaCy.
"""

from __future__ import annotations

import re
import threading
from typing import TYPE_CHECKING, Any, Awaitable, Callable, Optional, Sequence, Union

from relapse.types import GroundingFinding, GroundingResult, Span

if TYPE_CHECKING:  # pragma: no cover - types only
    from raguard import Verifier, VerifyResult

#: A grounding check: ``(query, chunks, answer) -> GroundingResult`` (or an awaitable of one in arun).
GroundingCheck = Callable[[str, Sequence[str], str], Union[GroundingResult, Awaitable[GroundingResult]]]

#: The stable finding code for each raguard warning type. Any other (custom checker) type gets
#: its name upper-cased, non-alphanumerics as underscores: "email_address" -> "EMAIL_ADDRESS".
CODES: dict[str, str] = {
    "unsupported_date": "UNSUPPORTED_DATE",
    "missing_entity": "MISSING_ENTITY",
    "unsupported_number": "UNSUPPORTED_NUMBER",
    "unsupported_quote": "UNSUPPORTED_QUOTE",
    "vague_reference": "VAGUE_REFERENCE",
    "unsupported_statement": "UNSUPPORTED_STATEMENT",
    "input_error": "INPUT_ERROR",
    "checker_error": "CHECKER_ERROR",
}

_NON_CODE = re.compile(r"[^A-Za-z0-9]+")


def finding_code(warning_type: str) -> str:
    """The stable code for a raguard warning type (see :data:`CODES`)."""
    code = CODES.get(warning_type)
    if code is None:
        code = _NON_CODE.sub("_", warning_type).strip("_").upper() or "UNKNOWN"
    return code


def from_verify_result(result: "VerifyResult") -> GroundingResult:
    """Turn a raguard ``VerifyResult`` into a :class:`GroundingResult`; ok iff action is "proceed"."""
    findings = []
    for w in result.warnings:
        spans: tuple[Span, ...] = ()
        if w.start is not None and w.end is not None:
            spans = (Span(w.start, w.end, w.text),)
        findings.append(GroundingFinding(
            code=finding_code(w.type), message=w.suggestion, spans=spans,
            expected=w.nearest_value, severity=w.severity,
        ))
    return GroundingResult(ok=result.action == "proceed", findings=tuple(findings))


class RaguardCheck:
    """A grounding check backed by a raguard ``Verifier`` (the process default when none is given)."""

    def __init__(self, verifier: "Optional[Verifier]" = None, **verifier_kwargs: Any) -> None:
        if verifier is not None and verifier_kwargs:
            raise TypeError("pass either a raguard Verifier or Verifier settings, not both")
        if verifier is None and verifier_kwargs:
            from raguard import Verifier  # lazy: spaCy itself loads on the first check

            verifier = Verifier(**verifier_kwargs)  # configuration errors surface here, early
        if verifier is not None and not callable(getattr(verifier, "verify", None)):
            raise TypeError(f"verifier must be a raguard.Verifier, got {type(verifier).__name__}")
        self._verifier = verifier
        self._lock = threading.Lock()

    @property
    def verifier(self) -> "Verifier":
        """The Verifier in use (the process-wide default one when none was given)."""
        if self._verifier is None:
            with self._lock:
                if self._verifier is None:
                    from raguard.verifier import default_verifier

                    self._verifier = default_verifier()
        return self._verifier

    def __call__(self, query: str, chunks: Sequence[str], answer: str) -> GroundingResult:
        return from_verify_result(self.verifier.verify(query, list(chunks), answer))

    def __repr__(self) -> str:
        return f"raguard_check({self._verifier!r})" if self._verifier is not None else "raguard_check()"


def raguard_check(verifier: "Optional[Verifier]" = None, **verifier_kwargs: Any) -> RaguardCheck:
    """A grounding check that runs ``raguard``: pass your own ``Verifier`` or its settings.

    >>> relapse.run(q, chunks, call_llm=llm, grounding_check=raguard_check(review_on=("high", "medium")))
    """
    return RaguardCheck(verifier, **verifier_kwargs)
