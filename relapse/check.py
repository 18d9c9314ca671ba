"""raguard as relapse's grounding check: each raguard warning becomes a finding with a stable code.

raguard's engine (and through it spaCy) is imported only when a check is built, so ``import
relapse`` stays light and a custom check never loads spaCy.
"""

from __future__ import annotations

import asyncio
import logging
import re
import threading
import weakref
from time import perf_counter
from typing import TYPE_CHECKING, Any, Awaitable, Callable, Iterator, Mapping, Optional, Sequence, Union

from relapse.templates import matches_refusal
from relapse.types import GroundingFinding, GroundingResult, Span

if TYPE_CHECKING:  # pragma: no cover - types only
    from raguard import Metrics, Verifier, VerifyResult

_log = logging.getLogger("relapse")
#: The verifiers a check has warmed up (by id, while they live): a process warms each once.
_warmed: "dict[int, Optional[weakref.ref[Any]]]" = {}

#: A grounding check: ``(query, chunks, answer) -> GroundingResult`` (or an awaitable of one in arun).
#: It may also have ``prepare(query, chunks)`` (and ``aprepare``), called while the model writes
#: its first answer (see :func:`relapse.run`).
GroundingCheck = Callable[[str, Sequence[str], str], Union[GroundingResult, Awaitable[GroundingResult]]]

class _Codes(Mapping[str, str]):
    """raguard's warning types and their codes, read from its registry
    (:mod:`raguard.warning_types`) on first use, so that ``import relapse`` does not import raguard."""

    _codes: Optional[dict[str, str]] = None

    def _load(self) -> dict[str, str]:
        if self._codes is None:
            from raguard.warning_types import REGISTRY

            self._codes = {t.name: t.code for t in REGISTRY}
        return self._codes

    def __getitem__(self, key: str) -> str:
        return self._load()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._load())

    def __len__(self) -> int:
        return len(self._load())

    def __repr__(self) -> str:
        return f"CODES({self._load()!r})"


#: The stable finding code for each raguard warning type. Any other (custom checker) type gets
#: its name upper-cased, non-alphanumerics as underscores: "email_address" -> "EMAIL_ADDRESS".
CODES: Mapping[str, str] = _Codes()


def finding_code(warning_type: str) -> str:
    """The stable code for a raguard warning type (see :data:`CODES`)."""
    code = CODES.get(warning_type)
    if code is None:
        from raguard.warning_types import code_for

        code = code_for(warning_type)
    return code


def from_verify_result(result: "VerifyResult", answer: Optional[str] = None) -> GroundingResult:
    """Turn a raguard ``VerifyResult`` into a :class:`GroundingResult`; ok iff action is "proceed".

    With ``answer``, span texts are taken from it (the text verified may have had notices masked).
    """
    findings = []
    for w in result.warnings:
        spans: tuple[Span, ...] = ()
        if w.start is not None and w.end is not None:
            spans = (Span(w.start, w.end, answer[w.start:w.end] if answer is not None else w.text),)
        findings.append(GroundingFinding(
            code=finding_code(w.type), message=w.suggestion, spans=spans,
            expected=w.nearest_value, severity=w.severity,
        ))
    return GroundingResult(ok=result.action == "proceed", findings=tuple(findings))


class RaguardCheck:
    """A grounding check backed by a raguard ``Verifier`` (the process default when none is given).

    ``citations=True`` adds raguard's ``citations`` checker to the default checkers (relapse does
    this for a template, which asks for citations). ``metrics`` (a ``raguard.Metrics``) counts
    every verify call, unless the Verifier already counts into that same object.
    """

    def __init__(self, verifier: "Optional[Verifier]" = None, *, citations: bool = False,
                 metrics: "Optional[Metrics]" = None, **verifier_kwargs: Any) -> None:
        if verifier is not None and verifier_kwargs:
            raise TypeError("pass either a raguard Verifier or Verifier settings, not both")
        if not isinstance(citations, bool):
            raise TypeError(f"citations must be True or False, got {type(citations).__name__}")
        if citations and verifier is not None:
            raise TypeError("citations=True builds the verifier: add 'citations' to your Verifier's checkers instead")
        if metrics is not None and not callable(getattr(metrics, "observe_verify", None)):
            raise TypeError(f"metrics must be a raguard.Metrics, got {type(metrics).__name__}")
        if verifier is None and verifier_kwargs:
            from raguard import Verifier  # lazy: spaCy itself loads on the first check

            if citations:
                verifier_kwargs["checkers"] = _with_citations(verifier_kwargs.get("checkers"))
            verifier = Verifier(**verifier_kwargs)  # configuration errors surface here, early
        if verifier is not None and not callable(getattr(verifier, "verify", None)):
            raise TypeError(f"verifier must be a raguard.Verifier, got {type(verifier).__name__}")
        self._verifier = verifier
        self._citations = citations
        self._metrics = metrics
        self._refusal: Optional[str] = None
        self._notices: tuple[str, ...] = ()
        self._lock = threading.Lock()

    def for_template(self, refusal: Optional[str], notices: Sequence[str] = ()) -> "RaguardCheck":
        """A copy (same verifier) that passes the exact ``refusal`` sentence without running raguard,
        and does not check ``notices``, the fixed sentences the template dictates."""
        bound = RaguardCheck.__new__(RaguardCheck)
        vars(bound).update(vars(self))
        bound._lock = threading.Lock()
        bound._refusal = refusal
        bound._notices = tuple(notices)
        return bound

    @property
    def verifier(self) -> "Verifier":
        """The Verifier in use (the process-wide default one when none was given)."""
        if self._verifier is None:
            with self._lock:
                if self._verifier is None:
                    self._verifier = _citations_verifier() if self._citations else _default_verifier()
        return self._verifier

    def __call__(self, query: str, chunks: Sequence[str], answer: str) -> GroundingResult:
        if self._refusal is not None and matches_refusal(answer, self._refusal):
            return GroundingResult(ok=True)  # the sentence the prompt asked for: no claim to check
        verified = _mask(answer, self._notices) if self._notices else answer
        verifier = self.verifier
        started = perf_counter()
        result = verifier.verify(query, list(chunks), verified)
        if self._metrics is not None and getattr(verifier, "metrics", None) is not self._metrics:
            self._metrics.observe_verify(result, perf_counter() - started)
        return from_verify_result(result, answer)

    def prepare(self, query: str, chunks: Sequence[str]) -> None:
        """Get ready to check an answer to ``query`` over ``chunks`` before the answer exists: load
        the model and the checkers' tables on first use, and index the chunks (raguard's
        ``Verifier.prepare``). relapse calls it in a thread while the model writes its first
        answer, so the first check costs what a retry does. Never raises (what it does not
        prepare, the check does)."""
        try:
            verifier = self.verifier
            if id(verifier) not in _warmed:  # (once per verifier: relapse builds a check per run)
                warm_up = getattr(verifier, "warm_up", None)
                if callable(warm_up):
                    warm_up()
                _mark_warmed(verifier)
            prepare = getattr(verifier, "prepare", None)
            if callable(prepare):
                prepare(query, list(chunks))
        except Exception:  # (a model that cannot load fails the check itself, with its message)
            _log.debug("relapse: preparing the raguard check failed", exc_info=True)

    async def aprepare(self, query: str, chunks: Sequence[str]) -> None:
        """:meth:`prepare` in a worker thread, for ``relapse.arun``."""
        await asyncio.to_thread(self.prepare, query, chunks)

    async def acheck(self, query: str, chunks: Sequence[str], answer: str) -> GroundingResult:
        """The check for ``relapse.arun``: all of it (the default Verifier's construction and its
        first model load included) runs in a worker thread, so the event loop is never blocked."""
        return await asyncio.to_thread(self, query, chunks, answer)

    def __repr__(self) -> str:
        return f"raguard_check({self._verifier!r})" if self._verifier is not None else "raguard_check()"


def _mark_warmed(verifier: Any) -> None:
    """Note that ``verifier`` was warmed up, for as long as it lives."""
    key = id(verifier)

    def forget(_: "weakref.ref[Any]") -> None:
        _warmed.pop(key, None)

    try:
        _warmed[key] = weakref.ref(verifier, forget)
    except TypeError:  # (an object that takes no weak reference stays marked)
        _warmed[key] = None


def raguard_check(verifier: "Optional[Verifier]" = None, *, citations: bool = False,
                  metrics: "Optional[Metrics]" = None, **verifier_kwargs: Any) -> RaguardCheck:
    """A grounding check that runs ``raguard``: pass your own ``Verifier`` or its settings.

    >>> relapse.run(q, chunks, call_llm=llm, grounding_check=raguard_check(review_on=("high", "medium")))
    """
    return RaguardCheck(verifier, citations=citations, metrics=metrics, **verifier_kwargs)


def _with_citations(checkers: Any) -> list[Any]:
    from raguard.checkers import DEFAULT_CHECKERS

    names = list(checkers or DEFAULT_CHECKERS)
    return names if "citations" in names else [*names, "citations"]


def _default_verifier() -> "Verifier":
    from raguard.verifier import default_verifier

    return default_verifier()


_citing: "Optional[Verifier]" = None
_citing_lock = threading.Lock()


def _citations_verifier() -> "Verifier":
    """The process-wide default Verifier plus the citations checker, built on first use."""
    global _citing
    if _citing is None:
        with _citing_lock:
            if _citing is None:
                from raguard import Verifier

                _citing = Verifier(checkers=_with_citations(None))
    return _citing


def _mask(answer: str, sentences: Sequence[str]) -> str:
    """Blank out (same length, offsets kept) each occurrence of the given fixed sentences."""
    for sentence in sentences:
        pattern = r"\s+".join(map(re.escape, sentence.split()))
        answer = re.sub(pattern, lambda m: re.sub(r"\S", " ", m.group()), answer, flags=re.IGNORECASE)
    return answer
