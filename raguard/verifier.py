"""The engine: validate input, parse the response once, run every checker on the shared result."""

from __future__ import annotations

import logging
import threading
from bisect import bisect_left, insort
from operator import attrgetter
from time import perf_counter
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Mapping, NamedTuple, Optional, Sequence, TypeVar, Union

from pydantic import ValidationError

from raguard import batch
from raguard.align import SentenceAlignment
from raguard.batch import DEFAULT_BATCH_SIZE
from raguard.checkers import DEFAULT_CHECKERS, create_checker
from raguard.checkers.base import CheckContext, Checker, Finding
from raguard.documents import DocumentCache, DocumentSet
from raguard.inputs import DEFAULT_MAX_CHARS, CleanInput, InputProblem, clean_inputs
from raguard.models import (
    CONTRADICTED_CLAIM,
    INPUT_ERROR,
    LOW_SCORE,
    MISATTRIBUTED_CLAIM,
    MISSING_ENTITY,
    SEVERITIES,
    UNANSWERED_QUESTION,
    UNSUPPORTED_DATE,
    UNSUPPORTED_NUMBER,
    UNSUPPORTED_QUOTE,
    UNSUPPORTED_STATEMENT,
    VAGUE_REFERENCE,
    Summary,
    VerifyResult,
    Warning,
)
from raguard.nlp import LoadedModel, load_model
from raguard.score import answer_score, claim_support

if TYPE_CHECKING:  # pragma: no cover
    from raguard.metrics import Metrics

log = logging.getLogger("raguard")

CHECKER_ERROR = "checker_error"

#: When warnings overlap, the one whose type comes first here is kept (quotes excepted: a
#: quotation is its own claim and keeps its warning beside those inside it).
TYPE_PRIORITY: tuple[str, ...] = (
    MISSING_ENTITY,
    UNSUPPORTED_DATE,
    UNSUPPORTED_NUMBER,
    UNSUPPORTED_QUOTE,
    VAGUE_REFERENCE,
    CONTRADICTED_CLAIM,
    MISATTRIBUTED_CLAIM,
    UNANSWERED_QUESTION,
    UNSUPPORTED_STATEMENT,
)


class ConfigError(ValueError):
    """A :class:`Verifier` was configured wrongly (raised when it is built, not at verify time)."""


CheckerSpec = Union[str, Checker]


class FindingList(list[Finding]):
    """The findings of one call, with the alignment of the response's sentences (read by the
    score when the result is built, after the checkers and the model's memory zone are done)."""

    alignment: Sequence[SentenceAlignment] = ()
    response: str = ""


class Verifier:
    """A reusable, thread-safe verification configuration.

    ``checkers``: names from the registry or checker objects; ``severities``: severity per warning
    type; ``review_on``: severities that make the action "review"; ``max_chars``: size limit for
    the response and for the documents together; ``spacy_model``: pipeline name (see
    :mod:`raguard.nlp`); ``trust_query``: a claim that restates the query is not flagged;
    ``metrics``: a :class:`raguard.Metrics` that every ``verify`` call updates;
    ``review_below``: a score (0 to 1) under which the action is "review" whatever the warnings,
    with a ``low_score`` warning on the weakest sentence (default None: the score is reported only).
    """

    def __init__(
        self,
        checkers: Optional[Sequence[CheckerSpec]] = None,
        *,
        severities: Optional[Mapping[str, str]] = None,
        review_on: Iterable[str] = ("high",),
        max_chars: int = DEFAULT_MAX_CHARS,
        spacy_model: Optional[str] = None,
        trust_query: bool = True,
        cache_size: int = 512,
        options: Optional[Mapping[str, Any]] = None,
        metrics: "Optional[Metrics]" = None,
        review_below: Optional[float] = None,
    ) -> None:
        self.checkers: list[Checker] = [self._make_checker(c) for c in (checkers or DEFAULT_CHECKERS)]
        # checkers that read the others' findings (citations) run after them, whatever the order given
        self.checkers.sort(key=lambda c: bool(getattr(c, "runs_last", False)))
        names = [c.name for c in self.checkers]
        if len(set(names)) != len(names):
            raise ConfigError(f"checker names must be unique, got {names}")
        self.severities: dict[str, str] = {c.warning_type: c.default_severity for c in self.checkers}
        self.severities[INPUT_ERROR] = "high"
        self.severities[CHECKER_ERROR] = "high"
        for wtype, severity in (severities or {}).items():
            if severity not in SEVERITIES:
                raise ConfigError(f"invalid severity {severity!r} for {wtype!r}; use one of {SEVERITIES}")
            if wtype == INPUT_ERROR:
                raise ConfigError("the severity of input_error is fixed at 'high'")
            self.severities[wtype] = severity
        for severity in self.severities.values():
            if severity not in SEVERITIES:
                raise ConfigError(f"invalid default severity {severity!r}; use one of {SEVERITIES}")
        review_on = tuple(review_on)
        for severity in review_on:
            if severity not in SEVERITIES:
                raise ConfigError(f"invalid severity {severity!r} in review_on; use one of {SEVERITIES}")
        self.review_on = frozenset(review_on)
        if not isinstance(max_chars, int) or isinstance(max_chars, bool) or max_chars < 1:
            raise ConfigError(f"max_chars must be a positive integer, got {max_chars!r}")
        self.max_chars = max_chars
        if spacy_model is not None and (not isinstance(spacy_model, str) or not spacy_model.strip()):
            raise ConfigError(f"spacy_model must be a non-empty string, got {spacy_model!r}")
        self.spacy_model = spacy_model
        self.options: dict[str, Any] = {"trust_query": trust_query, **_check_options(options or {})}
        self.documents_cache = DocumentCache(cache_size)
        self._model: Optional[LoadedModel] = None
        self._model_lock = threading.Lock()
        if metrics is not None and not callable(getattr(metrics, "observe_verify", None)):
            raise ConfigError(f"metrics must be a raguard.Metrics, got {type(metrics).__name__}")
        self.metrics = metrics
        if review_below is not None and (isinstance(review_below, bool) or not isinstance(review_below, (int, float))
                                         or not 0.0 <= review_below <= 1.0):
            raise ConfigError(f"review_below must be None or a number from 0 to 1, got {review_below!r}")
        self.review_below: Optional[float] = None if review_below is None else float(review_below)

    @staticmethod
    def _make_checker(spec: CheckerSpec) -> Checker:
        if isinstance(spec, str):
            try:
                return create_checker(spec)
            except ValueError as exc:
                raise ConfigError(str(exc)) from None
        if not (hasattr(spec, "check") and isinstance(getattr(spec, "name", None), str)
                and isinstance(getattr(spec, "warning_type", None), str)):
            raise ConfigError(
                f"{spec!r} is not a checker: it needs a 'name', a 'warning_type' and a check(ctx) method"
            )
        if not hasattr(spec, "default_severity"):
            try:
                spec.default_severity = "medium"
            except AttributeError:
                raise ConfigError(f"{spec!r} needs a default_severity") from None
        return spec

    # -- the model -----------------------------------------------------------------------------
    def model(self) -> LoadedModel:
        """The spaCy pipeline, loaded on first use (once per process and model name)."""
        if self._model is None:
            with self._model_lock:
                if self._model is None:
                    self._model = load_model(self.spacy_model)
        return self._model

    # -- verification --------------------------------------------------------------------------
    def verify(self, query: Any, retrieved_docs: Any, llm_response: Any) -> VerifyResult:
        """Check ``llm_response`` against ``retrieved_docs``. Never raises on bad input."""
        started = perf_counter()
        result = self._verify(query, retrieved_docs, llm_response)
        if self.metrics is not None:
            self.metrics.observe_verify(result, perf_counter() - started)
        return result

    def _verify(self, query: Any, retrieved_docs: Any, llm_response: Any) -> VerifyResult:
        cleaned = clean_inputs(query, retrieved_docs, llm_response, self.max_chars)
        if isinstance(cleaned, InputProblem):
            return input_error_result(cleaned.message)
        model = self.model()
        documents = DocumentSet(cleaned.documents, self.documents_cache)
        with model.zone(cleaned.response):  # lock + spaCy memory zone: the string store does not grow
            doc = model.parse(cleaned.response)
            findings = self._run_checkers(cleaned, doc, documents)
        return self.build_result(findings, documents.texts)

    def verify_many(self, items: Iterable[Any], *, batch_size: int = DEFAULT_BATCH_SIZE,
                    n_process: int = 1) -> Iterator[VerifyResult]:
        """Verify an iterable of ``(query, retrieved_docs, llm_response)`` tuples or dicts.

        Yields one result per item, in input order, equal to :meth:`verify`'s; responses are
        parsed with ``nlp.pipe``. See :mod:`raguard.batch`. With ``metrics``, each result is
        counted (not timed: items are verified in batches).
        """
        results = batch.verify_many(self, items, batch_size=batch_size, n_process=n_process)
        return results if self.metrics is None else self._counted(results)

    def _counted(self, results: Iterator[VerifyResult]) -> Iterator[VerifyResult]:
        for result in results:
            self.metrics.observe_verify(result)  # type: ignore[union-attr]
            yield result

    def _run_checkers(self, cleaned: CleanInput, doc: Any, documents: DocumentSet) -> FindingList:
        findings = FindingList()
        findings.response = cleaned.response
        ctx = CheckContext(
            query=cleaned.query, response=cleaned.response, doc=doc, documents=documents,
            options=self.options, query_index=self.documents_cache.query(cleaned.query), findings=findings,
        )
        for checker in self.checkers:
            try:
                findings.extend(checker.check(ctx))
            except Exception as exc:  # a checker bug must not take the guard down
                log.exception("checker %s failed", checker.name)
                findings.append(Finding(
                    kind="other", warning_type=CHECKER_ERROR, start=0, end=0, text="", supported=False,
                    suggestion=f"checker {checker.name!r} failed ({exc.__class__.__name__}: {exc}); "
                               "the answer could not be fully verified.",
                    checker=checker.name,
                ))
        try:
            findings.alignment = ctx.alignment  # (the polarity checks have usually computed it)
        except Exception:  # the score then rests on the warnings alone
            log.exception("alignment failed")
        return findings

    def build_result(self, findings: list[Finding], documents: Sequence[str] = ()) -> VerifyResult:
        """Turn checker findings into claims, deduplicated warnings, a summary and the action."""
        # claims as plain dicts, validated with the result in one pydantic call: the same models,
        # about twice as fast as one Claim(...) and Evidence(...) call each
        claims: list[dict[str, Any]] = []
        candidates: list[WarningFields] = []
        alignment: Sequence[SentenceAlignment] = getattr(findings, "alignment", ())
        starts = [a.start for a in alignment]
        for f in sorted(findings, key=_BY_SPAN):
            if f.warning_type != CHECKER_ERROR:
                evidence = None
                if f.evidence is not None:
                    i, s, e = f.evidence
                    text = documents[i][s:e] if i < len(documents) else ""
                    evidence = {"doc_index": i, "start": s, "end": e, "text": text}
                claims.append({
                    "kind": f.kind, "text": f.text, "start": f.start, "end": f.end, "value": f.value,
                    "supported": f.supported, "evidence": evidence, "source": f.source, "checker": f.checker,
                    "support": claim_support(f, alignment, starts),
                })
            if not f.supported:
                is_error = f.warning_type == CHECKER_ERROR
                candidates.append(WarningFields(
                    severity=self.severities.get(f.warning_type, "medium"),
                    type=f.warning_type,
                    text=f.text,
                    suggestion=f.suggestion or f'"{f.text}" not found in retrieved documents.',
                    start=None if is_error else f.start,
                    end=None if is_error else f.end,
                    nearest_value=f.nearest_value,
                ))
        warnings = dedupe(candidates)
        score, weakest = answer_score(alignment, warnings)
        force_review = False
        if self.review_below is not None and score < self.review_below:
            force_review = True
            where = alignment[weakest] if weakest >= 0 else None
            warnings.append(WarningFields(
                severity="medium", type=LOW_SCORE,
                text="" if where is None else getattr(findings, "response", "")[where.start:where.end],
                suggestion=(f"The answer's groundedness score {score:.3f} is below review_below={self.review_below:g}"
                            + ("" if where is None else "; its weakest sentence starts here") + "."),
                start=None if where is None else where.start, end=None if where is None else where.end,
                nearest_value=None,
            ))
            warnings.sort(key=lambda w: (w.start if w.start is not None else -1, w.end or 0))
        return make_result(warnings, claims, self.review_on, score=score, force_review=force_review)


#: Options the built-in checkers read, with a check of each value.
KNOWN_OPTIONS: dict[str, tuple[str, Any]] = {
    "trust_query": ("a bool", lambda v: isinstance(v, bool)),
    "min_support": ("a number from 0 to 1", lambda v: isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 1),
    "min_support_unanchored": ("a number from 0 to 1", lambda v: isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 1),
    "min_unsupported": ("a positive integer", lambda v: isinstance(v, int) and not isinstance(v, bool) and v >= 1),
    "proper_noun_runs": ("a bool", lambda v: isinstance(v, bool)),
    "check_weekdays": ("a bool", lambda v: isinstance(v, bool)),
}


def _check_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """Reject unknown option names and bad values when the Verifier is built."""
    for key, value in options.items():
        if key not in KNOWN_OPTIONS:
            raise ConfigError(f"unknown option {key!r}; known: {', '.join(sorted(KNOWN_OPTIONS))}")
        what, valid = KNOWN_OPTIONS[key]
        if not valid(value):
            raise ConfigError(f"option {key!r} must be {what}, got {value!r}")
    return dict(options)


class WarningFields(NamedTuple):
    """A :class:`Warning`'s fields before deduplication: the kept ones are validated with the
    result, in its one pydantic call (a ``Warning`` each took a call of its own)."""

    severity: str
    type: str
    text: str
    suggestion: str
    start: Optional[int]
    end: Optional[int]
    nearest_value: Optional[str]


_W = TypeVar("_W", Warning, WarningFields)


def _priority(w: Union[Warning, WarningFields]) -> int:
    try:
        return TYPE_PRIORITY.index(w.type)
    except ValueError:
        return len(TYPE_PRIORITY)


def dedupe(warnings: list[_W]) -> list[_W]:
    """One warning per span: of overlapping warnings keep the most specific type.

    A warning is only dropped for a kept one at least as severe, so deduplication never changes
    the action. Quotations keep their warning beside those inside them.
    """
    if len(warnings) < 2:  # (most answers: nothing to compare)
        return list(warnings)
    kept: list[_W] = []
    rank = {"high": 0, "medium": 1, "low": 2}
    # kept spans per severity: a span never overlaps another kept span of its own severity, so
    # each list stays sorted and disjoint and one bisect answers "does it overlap?"
    spans: list[list[tuple[int, int]]] = [[], [], []]
    ordered = sorted(warnings, key=lambda w: (_priority(w), rank[w.severity], -((w.end or 0) - (w.start or 0))))
    for w in ordered:
        if w.start is not None and w.end is not None and w.type != UNSUPPORTED_QUOTE:
            r = rank[w.severity]
            if any(_overlaps_sorted(spans[k], w.start, w.end) for k in range(r + 1)):
                continue
            insort(spans[r], (w.start, w.end))
        kept.append(w)
    kept.sort(key=lambda w: (w.start if w.start is not None else -1, w.end or 0))
    return kept


def _overlaps_sorted(spans: list[tuple[int, int]], start: int, end: int) -> bool:
    """Does [start, end) overlap a span of a sorted list of disjoint spans?"""
    i = bisect_left(spans, (start, start))
    if i < len(spans) and spans[i][0] < end:
        return True
    return i > 0 and spans[i - 1][1] > start


def make_result(warnings: Sequence[Union[Warning, WarningFields]], claims: list[dict[str, Any]],
                review_on: frozenset[str], *, score: float = 1.0, force_review: bool = False) -> VerifyResult:
    """The result of the deduplicated warnings and the claims (``Claim`` fields, as dicts);
    ``force_review``: the score fell below the configured threshold."""
    counts = {"high": 0, "medium": 0, "low": 0}
    review = force_review
    for w in warnings:
        counts[w.severity] += 1
        if w.severity in review_on or w.type == INPUT_ERROR:
            review = True
    data = {
        "action": "review" if review else "proceed",
        "warnings": [w._asdict() if isinstance(w, WarningFields) else w for w in warnings],
        "summary": counts,
        "claims": claims,
        "score": float(score),
    }
    try:
        # the built-in checkers give every field its exact type, which strict mode only checks
        # (lax mode tries conversions first): half the validation time of a long answer
        return _validate_result(data, strict=True)
    except ValidationError:  # a custom checker's looser values ("start": 3.0) are converted as before
        return VerifyResult.model_validate(data)


_validate_result = VerifyResult.__pydantic_validator__.validate_python
_BY_SPAN = attrgetter("start", "end")  # (a key in C: one Python call less per finding)


def input_error_result(message: str) -> VerifyResult:
    """The result for input that cannot be verified: review, with one input_error warning."""
    warning = Warning(severity="high", type=INPUT_ERROR, text="", suggestion=message)
    return VerifyResult(action="review", warnings=[warning], summary=Summary(high=1), claims=[], score=0.0)


_default: Optional[Verifier] = None
_default_lock = threading.Lock()


def default_verifier() -> Verifier:
    """The process-wide default :class:`Verifier`, built on first use."""
    global _default
    if _default is None:
        with _default_lock:
            if _default is None:
                _default = Verifier()
    return _default


def verify(query: Any, retrieved_docs: Any, llm_response: Any) -> VerifyResult:
    """Check an LLM answer against the retrieved documents with the default configuration.

    Returns a :class:`VerifyResult`: ``action`` ("proceed"/"review"), ``warnings`` with offsets
    into ``llm_response``, a ``summary`` and every checked ``claim`` with its evidence.
    """
    return default_verifier().verify(query, retrieved_docs, llm_response)


def verify_many(items: Iterable[Any], *, batch_size: int = DEFAULT_BATCH_SIZE,
                n_process: int = 1) -> Iterator[VerifyResult]:
    """:meth:`Verifier.verify_many` with the default configuration: results stream in input order."""
    return default_verifier().verify_many(items, batch_size=batch_size, n_process=n_process)
