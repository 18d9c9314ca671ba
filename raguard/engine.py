"""The engine: one configuration, validated once, and the per-item pipeline, written once.

:class:`Settings` is a whole configuration as plain, picklable values (checker names or objects,
per-checker option dicts, severities, limits). :class:`Engine` builds and checks everything from
it (the checkers in their planned order, the severities) and runs the pipeline: validate the
input, parse the response, run the checkers, deduplicate, decide the action.
:class:`~raguard.Verifier` runs it for one item, :mod:`raguard.batch` for batches, and each
worker process builds its own Engine from the same Settings (validated there too).
"""

from __future__ import annotations

import logging
import threading
from bisect import bisect_left, insort
from dataclasses import dataclass, field
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Mapping, NamedTuple, Optional, Sequence, TypeVar, Union

from pydantic import ValidationError

from raguard.checkers import DEFAULT_CHECKERS, create_checker, plan_checkers
from raguard.checkers.base import AnyChecker, CheckContext, Finding
from raguard.documents import DocumentCache, DocumentSet
from raguard.errors import ConfigError
from raguard.inputs import DEFAULT_MAX_CHARS, CleanInput, InputProblem, clean_inputs
from raguard.models import SEVERITIES, WARNING_TYPES, Summary, VerifyResult, Warning
from raguard.nlp import LoadedModel, ModelNotFoundError, check_model_name, load_model
from raguard.normalize.tables import load_all as load_tables
from raguard.score import answer_score, claim_support
from raguard.warning_types import CHECKER_ERROR, INPUT_ERROR, LOW_SCORE, PRIORITY_ORDER, UNSUPPORTED_QUOTE, default_severity

if TYPE_CHECKING:  # pragma: no cover
    from raguard.align import SentenceAlignment

log = logging.getLogger("raguard")

#: When warnings overlap, the one whose type comes first here is kept (quotes excepted: a
#: quotation is its own claim and keeps its warning beside those inside it). From the registry.
TYPE_PRIORITY: tuple[str, ...] = PRIORITY_ORDER

CheckerSpec = Union[str, AnyChecker]
#: One item after input validation: ready to verify, or the reason it cannot be.
Prepared = Union[CleanInput, InputProblem]


@dataclass(frozen=True)
class Settings:
    """A verification configuration as plain values: what a worker process receives.

    ``checkers``: registry names or (picklable) checker objects; ``checker_options``: per
    checker name, a dict of its options; the rest as :class:`~raguard.Verifier` documents.
    """

    checkers: tuple[CheckerSpec, ...] = DEFAULT_CHECKERS
    checker_options: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    severities: Mapping[str, str] = field(default_factory=dict)
    review_on: tuple[str, ...] = ("high",)
    max_chars: int = DEFAULT_MAX_CHARS
    spacy_model: Optional[str] = None
    trust_query: bool = True
    cache_size: int = 512
    review_below: Optional[float] = None


class Engine:
    """The checkers, policy and caches of one :class:`Settings`; raises
    :class:`~raguard.ConfigError` for any mistake in it, when built. Thread-safe."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        per_checker = _checker_options(settings.checker_options, settings.checkers)
        given = [self._make_checker(c, per_checker.get(c) if isinstance(c, str) else None)
                 for c in settings.checkers]
        names = [c.name for c in given]
        if len(set(names)) != len(names):
            raise ConfigError(f"checker names must be unique, got {names}")
        # reviewers run after the checkers whose findings they read, whatever the order given
        self.steps = plan_checkers(given)
        self.checkers: list[AnyChecker] = [step.checker for step in self.steps]
        self.severities: dict[str, str] = {c.warning_type: c.default_severity for c in self.checkers}
        self.severities[INPUT_ERROR] = default_severity(INPUT_ERROR)
        self.severities[CHECKER_ERROR] = default_severity(CHECKER_ERROR)
        known_types = {*WARNING_TYPES, *self.severities}
        for wtype, severity in (settings.severities or {}).items():
            if wtype not in known_types:
                raise ConfigError(f"unknown warning type {wtype!r} in severities; known: {', '.join(sorted(known_types))}")
            if severity not in SEVERITIES:
                raise ConfigError(f"invalid severity {severity!r} for {wtype!r}; use one of {SEVERITIES}")
            if wtype == INPUT_ERROR:
                raise ConfigError("the severity of input_error is fixed at 'high'")
            self.severities[wtype] = severity
        for severity in self.severities.values():
            if severity not in SEVERITIES:
                raise ConfigError(f"invalid default severity {severity!r}; use one of {SEVERITIES}")
        for severity in settings.review_on:
            if severity not in SEVERITIES:
                raise ConfigError(f"invalid severity {severity!r} in review_on; use one of {SEVERITIES}")
        self.review_on = frozenset(settings.review_on)
        max_chars = settings.max_chars
        if not isinstance(max_chars, int) or isinstance(max_chars, bool) or max_chars < 1:
            raise ConfigError(f"max_chars must be a positive integer, got {max_chars!r}")
        self.max_chars = max_chars
        spacy_model = settings.spacy_model
        if spacy_model is not None and (not isinstance(spacy_model, str) or not spacy_model.strip()):
            raise ConfigError(f"spacy_model must be a non-empty string, got {spacy_model!r}")
        if spacy_model is not None:
            try:  # a misspelt name fails here, not at the first verify
                check_model_name(spacy_model)
            except ModelNotFoundError as exc:
                raise ConfigError(str(exc)) from None
        self.spacy_model = spacy_model
        if not isinstance(settings.trust_query, bool):
            raise ConfigError(f"option 'trust_query' must be a bool, got {settings.trust_query!r}")
        self.trust_query = settings.trust_query
        review_below = settings.review_below
        if review_below is not None and (isinstance(review_below, bool) or not isinstance(review_below, (int, float))
                                         or not 0.0 <= review_below <= 1.0):
            raise ConfigError(f"review_below must be None or a number from 0 to 1, got {review_below!r}")
        self.review_below: Optional[float] = None if review_below is None else float(review_below)
        self.checker_options = per_checker
        self.documents_cache = DocumentCache(settings.cache_size)
        self._model: Optional[LoadedModel] = None
        self._model_lock = threading.Lock()

    @staticmethod
    def _make_checker(spec: CheckerSpec, options: Optional[Mapping[str, Any]] = None) -> AnyChecker:
        if isinstance(spec, str):
            return create_checker(spec, options)
        if not ((hasattr(spec, "check") or hasattr(spec, "review")) and isinstance(getattr(spec, "name", None), str)
                and isinstance(getattr(spec, "warning_type", None), str)):
            raise ConfigError(
                f"{spec!r} is not a checker: it needs a 'name', a 'warning_type' and a check(ctx) method (or review(ctx, findings))"
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

    def warm_up(self) -> None:
        """Load the model, build every table the checkers read on first use and verify one short
        answer, so that the next verify() costs what later ones do. Raises what loading raises."""
        self.model()
        load_tables()
        self.verify("When did it open?", ["The museum opened on May 2, 2024."], "It opened on May 2, 2024.")

    def prepare(self, query: Any, retrieved_docs: Any) -> bool:
        """Index ``retrieved_docs`` and read ``query`` into the document cache now, so that a
        verify() over them finds them ready. True when they were kept; False for bad input (left
        for verify() to report), a cache of size 0 or a failure (logged). Never raises."""
        try:
            cleaned = clean_inputs(query, retrieved_docs, "-", self.max_chars)
            cache = self.documents_cache
            if isinstance(cleaned, InputProblem) or cache.maxsize < 1:
                return False
            documents = DocumentSet(cleaned.documents, cache)
            for _, index in documents:
                for name in index.PREPARED:
                    getattr(index, name)
            documents.maps  # (the lookup maps of a set of several documents)
            query_index = cache.query(cleaned.query)
            for name in query_index.PREPARED:
                getattr(query_index, name)
            return all(cache.holds(text) for text in cleaned.documents)
        except Exception:  # (what prepare does not compute, verify will)
            log.exception("prepare failed")
            return False

    # -- the pipeline ----------------------------------------------------------------------------
    def verify(self, query: Any, retrieved_docs: Any, llm_response: Any) -> VerifyResult:
        """One item through :meth:`run`. Never raises on bad input."""
        return self.run([clean_inputs(query, retrieved_docs, llm_response, self.max_chars)])[0]

    def run(self, prepared: Sequence[Prepared], batch_size: int = 1) -> list[VerifyResult]:
        """The result of each validated item: one parse of all their responses (``nlp.pipe`` for
        several) inside one memory zone.

        Checkers run per item inside the zone; only their plain-Python findings leave it, and
        results are built after the zone (and the model lock) are released.
        """
        results: list[Optional[VerifyResult]] = [None] * len(prepared)
        jobs: list[tuple[int, CleanInput]] = []
        for i, item in enumerate(prepared):
            if isinstance(item, InputProblem):
                results[i] = input_error_result(item.message)
            else:
                jobs.append((i, item))
        if jobs:
            model = self.model()
            found: list[list[Finding]] = []
            cache = self.documents_cache
            texts = [cleaned.response for _, cleaned in jobs]
            single = len(texts) == 1  # (one text may spare the memory zone: see LoadedModel.zone)
            with model.zone(texts[0] if single else None):
                docs = [model.parse(texts[0])] if single else model.parse_many(texts, batch_size)
                for (_, cleaned), doc in zip(jobs, docs):
                    # each item's document indexes are built and dropped in its turn: kept for the
                    # whole batch, they outlived three garbage collections and pushed thousands of
                    # objects into the oldest generation, whose full collections cost ~50 ms each
                    documents = DocumentSet(cleaned.documents, cache)
                    found.append(self.findings(cleaned, doc, documents))
            for (i, cleaned), findings in zip(jobs, found):
                results[i] = self.build_result(findings, cleaned.documents, cleaned.response)
        return results  # type: ignore[return-value]

    def findings(self, cleaned: CleanInput, doc: Any, documents: DocumentSet) -> "FindingList":
        """Every checker's findings on one item, in run order: independent checkers get the
        context, reviewers also the earlier findings of the kinds they declared. The sentences'
        alignment rides along, for the score."""
        ctx = CheckContext(
            query=cleaned.query, response=cleaned.response, doc=doc, documents=documents,
            trust_query=self.trust_query, query_index=self.documents_cache.query(cleaned.query),
        )
        findings = FindingList()
        for step in self.steps:
            checker = step.checker
            try:
                if step.wants is None:
                    findings.extend(checker.check(ctx))
                else:  # a reviewer: the earlier findings it declared, read-only
                    findings.extend(checker.review(ctx, step.prior(findings)))
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

    def build_result(self, findings: list[Finding], documents: Sequence[str] = (), response: str = "") -> VerifyResult:
        """Turn checker findings into claims, deduplicated warnings, a summary, the score and the
        action (``response``: the answer, to quote the weakest sentence in a ``low_score`` warning)."""
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
                    # (unsupported: 0.0, a value or a name found: 1.0, without a call; a statement: its grade)
                    "support": (claim_support(f, alignment, starts) if f.kind == "statement"
                                else 1.0 if f.supported else 0.0),
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
                text="" if where is None else response[where.start:where.end],
                suggestion=(f"The answer's groundedness score {score:.3f} is below review_below={self.review_below:g}"
                            + ("" if where is None else "; its weakest sentence starts here") + "."),
                start=None if where is None else where.start, end=None if where is None else where.end,
                nearest_value=None,
            ))
            warnings.sort(key=lambda w: (w.start if w.start is not None else -1, w.end or 0))
        return make_result(warnings, claims, self.review_on, score=score, force_review=force_review)


def _checker_options(checker_options: Optional[Mapping[str, Mapping[str, Any]]],
                     specs: Sequence[CheckerSpec]) -> dict[str, dict[str, Any]]:
    """``checker_options`` checked against the checker list: plain dicts, per listed name."""
    if checker_options is None:
        return {}
    if not isinstance(checker_options, Mapping):
        raise ConfigError(
            "checker_options must be a dict of checker names to option dicts, "
            f"got {type(checker_options).__name__}"
        )
    named = [s for s in specs if isinstance(s, str)]
    result: dict[str, dict[str, Any]] = {}
    for name, opts in checker_options.items():
        if name not in named:
            objects = [getattr(s, "name", None) for s in specs if not isinstance(s, str)]
            why = ("it was given as an object: configure the object itself" if name in objects
                   else f"it is not in the checker list ({', '.join(map(str, named)) or 'none by name'})")
            raise ConfigError(f"checker_options for {name!r}, but {why}")
        if not isinstance(opts, Mapping):
            raise ConfigError(f"the options of checker {name!r} must be a dict, got {type(opts).__name__}")
        result[name] = dict(opts)
    return result


class FindingList(list[Finding]):
    """The findings of one call, with the alignment of the response's sentences (read by the
    score when the result is built, after the checkers and the model's memory zone are done)."""

    alignment: "Sequence[SentenceAlignment]" = ()


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
