"""The public entry points: :class:`Verifier` (a reusable configuration) and :func:`verify`.

The work itself is :mod:`raguard.engine`'s; batches are :mod:`raguard.batch`'s.
"""

from __future__ import annotations

import asyncio
import threading
import warnings
from time import perf_counter
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Mapping, Optional, Sequence

from raguard import batch
from raguard.batch import DEFAULT_BATCH_SIZE
from raguard.checkers import DEFAULT_CHECKERS, PROFILES, checker_config, known_options
from raguard.checkers.base import AnyChecker, Finding
from raguard.documents import DocumentCache
from raguard.engine import (  # noqa: F401 - also re-exported for code that imported them from here
    CHECKER_ERROR,
    TYPE_PRIORITY,
    CheckerSpec,
    Engine,
    Settings,
    WarningFields,
    dedupe,
    input_error_result,
    make_result,
)
from raguard.errors import ConfigError
from raguard.inputs import DEFAULT_MAX_CHARS
from raguard.models import VerifyResult
from raguard.nlp import LoadedModel

if TYPE_CHECKING:  # pragma: no cover
    from raguard.metrics import Metrics

__all__ = ["ConfigError", "Verifier", "default_verifier", "verify", "verify_many"]


class Verifier:
    """A reusable, thread-safe verification configuration.

    ``checkers``: names from the registry or checker objects (run in the order their declared
    dependencies allow, see :mod:`raguard.checkers.plan`); ``profile``: a named checker list
    instead (:data:`raguard.checkers.PROFILES`: ``"qa"``, the default, for short factoid
    answers; ``"general"`` without the question-shape checkers, for long-form answers); ``checker_options``: per checker
    name, a plain dict of that checker's options (``{"statements": {"min_support": 0.3}}``,
    validated by its config, see :mod:`raguard.checkers.settings`); ``severities``: severity per
    warning type; ``review_on``: severities that make the action "review"; ``max_chars``: size
    limit for the response and for the documents together; ``spacy_model``: pipeline name (see
    :mod:`raguard.nlp`); ``trust_query``: a claim that restates the query is not flagged;
    ``metrics``: a :class:`raguard.Metrics` that every ``verify`` call updates; ``review_below``: a
    score (0 to 1) under which the action is "review" whatever the warnings, with a ``low_score``
    warning on the weakest sentence (default None: the score is reported only; see
    :mod:`raguard.score`).

    ``options`` (deprecated): one flat dict, each option going to every listed checker that has
    one of that name (``{"min_support": 0.3}`` sets the statements and citations checkers'),
    ``trust_query`` to the Verifier; ``checker_options`` win over it.
    """

    def __init__(
        self,
        checkers: Optional[Sequence[CheckerSpec]] = None,
        *,
        profile: Optional[str] = None,
        checker_options: Optional[Mapping[str, Mapping[str, Any]]] = None,
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
        try:
            self._build(checkers, profile, checker_options, severities, review_on, max_chars, spacy_model,
                        trust_query, cache_size, options, review_below)
        except (TypeError, AttributeError) as exc:  # a value of the wrong kind the checks did not name
            raise ConfigError(f"invalid Verifier configuration: {exc.__class__.__name__}: {exc}") from None
        if metrics is not None and not callable(getattr(metrics, "observe_verify", None)):
            raise ConfigError(f"metrics must be a raguard.Metrics, got {type(metrics).__name__}")
        self.metrics = metrics

    def _build(self, checkers: Optional[Sequence[CheckerSpec]], profile: Optional[str],
               checker_options: Optional[Mapping[str, Mapping[str, Any]]], severities: Optional[Mapping[str, str]],
               review_on: Iterable[str], max_chars: int, spacy_model: Optional[str], trust_query: bool,
               cache_size: int, options: Optional[Mapping[str, Any]], review_below: Optional[float]) -> None:
        _check_arguments(checkers, checker_options, severities, review_on, trust_query, cache_size, options)
        if profile is not None:
            if checkers is not None:
                raise ConfigError("pass checkers or a profile, not both")
            if profile not in PROFILES:
                raise ConfigError(f"unknown profile {profile!r}; known: {', '.join(sorted(PROFILES))}")
            checkers = PROFILES[profile]
        specs = list(checkers or DEFAULT_CHECKERS)
        if options:
            trust_query = _flat_options(options, specs, trust_query)
            checker_options = _merge_flat(options, specs, checker_options)
        self.settings = Settings(
            checkers=tuple(specs), checker_options=checker_options if checker_options is not None else {},
            severities=dict(severities or {}),
            review_on=tuple(review_on), max_chars=max_chars, spacy_model=spacy_model, trust_query=trust_query,
            cache_size=cache_size, review_below=review_below,
        )
        self.engine = Engine(self.settings)

    # -- what the engine built (read-only views) -------------------------------------------------
    @property
    def checkers(self) -> list[AnyChecker]:
        """The checkers, in run order."""
        return self.engine.checkers

    @property
    def severities(self) -> dict[str, str]:
        return self.engine.severities

    @property
    def review_on(self) -> frozenset[str]:
        return self.engine.review_on

    @property
    def max_chars(self) -> int:
        return self.engine.max_chars

    @property
    def spacy_model(self) -> Optional[str]:
        return self.engine.spacy_model

    @property
    def trust_query(self) -> bool:
        return self.engine.trust_query

    @property
    def review_below(self) -> Optional[float]:
        return self.engine.review_below

    @property
    def checker_options(self) -> dict[str, dict[str, Any]]:
        return self.engine.checker_options

    @property
    def documents_cache(self) -> DocumentCache:
        return self.engine.documents_cache

    def model(self) -> LoadedModel:
        """The spaCy pipeline, loaded on first use (once per process and model name)."""
        return self.engine.model()

    def warm_up(self) -> None:
        """Pay every first-use cost now: load the spaCy pipeline, build the tables the checkers
        read (WordNet's synonyms and opposites, other languages' function words) and verify one
        short answer (not counted in ``metrics``). Call it where a process starts serving, so
        that its first answer is as fast as the next. Raises :class:`~raguard.ModelNotFoundError`
        when no spaCy pipeline can be loaded."""
        self.engine.warm_up()

    def prepare(self, query: Any, retrieved_docs: Any) -> bool:
        """Index ``retrieved_docs`` and read ``query`` now, before the answer exists: the
        :meth:`verify` of an answer over them then costs what a retry does (documents already
        indexed). Call it while the LLM writes the answer, e.g. in a thread beside a network
        call (see the performance page). Returns True when the documents were kept in the cache
        (``cache_size`` > 0 and each within its limits). Never raises."""
        return self.engine.prepare(query, retrieved_docs)

    async def aprepare(self, query: Any, retrieved_docs: Any) -> bool:
        """:meth:`prepare` in a worker thread (``asyncio.to_thread``): start it as a task, await
        the LLM, then :meth:`averify`."""
        return await asyncio.to_thread(self.prepare, query, retrieved_docs)

    # -- verification --------------------------------------------------------------------------
    def verify(self, query: Any, retrieved_docs: Any, llm_response: Any) -> VerifyResult:
        """Check ``llm_response`` against ``retrieved_docs``. Never raises on bad input."""
        started = perf_counter()
        result = self.engine.verify(query, retrieved_docs, llm_response)
        if self.metrics is not None:
            self.metrics.observe_verify(result, perf_counter() - started)
        return result

    async def averify(self, query: Any, retrieved_docs: Any, llm_response: Any) -> VerifyResult:
        """:meth:`verify` for ``async`` code: the whole call, model load included, runs in a worker
        thread (``asyncio.to_thread``), so the event loop is never blocked. Never raises on bad input."""
        return await asyncio.to_thread(self.verify, query, retrieved_docs, llm_response)

    def verify_many(self, items: Iterable[Any], *, batch_size: int = DEFAULT_BATCH_SIZE,
                    n_process: int = 1) -> Iterator[VerifyResult]:
        """Verify an iterable of ``(query, retrieved_docs, llm_response)`` tuples or dicts.

        Yields one result per item, in input order, equal to :meth:`verify`'s; responses are
        parsed with ``nlp.pipe``. See :mod:`raguard.batch`. With ``metrics``, each result is
        counted (not timed: items are verified in batches).
        """
        results = batch.verify_many(self.engine, items, batch_size=batch_size, n_process=n_process)
        return results if self.metrics is None else self._counted(results)

    def _counted(self, results: Iterator[VerifyResult]) -> Iterator[VerifyResult]:
        for result in results:
            self.metrics.observe_verify(result)  # type: ignore[union-attr]
            yield result

    def build_result(self, findings: list[Finding], documents: Sequence[str] = ()) -> VerifyResult:
        """Turn checker findings into claims, deduplicated warnings, a summary and the action."""
        return self.engine.build_result(findings, documents)


def _check_arguments(checkers: Any, checker_options: Any, severities: Any, review_on: Any, trust_query: Any,
                     cache_size: Any, options: Any) -> None:
    """The kinds of the Verifier's arguments, named in a ConfigError (values are checked by the
    engine, which workers build from the same settings)."""
    if checkers is not None and (isinstance(checkers, (str, bytes)) or not isinstance(checkers, Iterable)):
        raise ConfigError(f"checkers must be a list of checker names or objects, got {checkers!r}")
    for name, value in (("checker_options", checker_options), ("severities", severities), ("options", options)):
        if value is not None and not isinstance(value, Mapping):
            raise ConfigError(f"{name} must be a dict, got {type(value).__name__}")
    if isinstance(review_on, (str, bytes)) or not isinstance(review_on, Iterable):
        raise ConfigError(f"review_on must be a list of severities, got {review_on!r}")
    if not isinstance(trust_query, bool):
        raise ConfigError(f"trust_query must be True or False, got {trust_query!r}")
    if not isinstance(cache_size, int) or isinstance(cache_size, bool) or cache_size < 0:
        raise ConfigError(f"cache_size must be an integer of at least 0, got {cache_size!r}")


def _flat_options(options: Mapping[str, Any], specs: Sequence[CheckerSpec], trust_query: bool) -> bool:
    """The deprecated flat ``options``: warn, reject unknown names, return ``trust_query``."""
    warnings.warn(
        "Verifier(options=...) is deprecated: use checker_options={checker: {option: value}} "
        "(and trust_query=... for the query option)", DeprecationWarning, stacklevel=3,
    )
    if not isinstance(options, Mapping):
        raise ConfigError(f"options must be a dict, got {type(options).__name__}")
    owners = known_options()
    for key in options:
        if key != "trust_query" and key not in owners:
            raise ConfigError(f"unknown option {key!r}; known: {', '.join(sorted([*owners, 'trust_query']))}")
    return options.get("trust_query", trust_query)


def _merge_flat(options: Mapping[str, Any], specs: Sequence[CheckerSpec],
                checker_options: Optional[Mapping[str, Mapping[str, Any]]]) -> dict[str, dict[str, Any]]:
    """Each flat option given to every listed checker that has it (explicit per-checker options
    win). A value is validated even when none of its checkers is listed, as it always was."""
    merged = {name: dict(opts) for name, opts in (checker_options or {}).items()}
    owners = known_options()
    named = {s for s in specs if isinstance(s, str)}
    for key, value in options.items():
        if key == "trust_query":
            continue
        listed = [n for n in owners[key] if n in named]
        for name in listed:
            merged.setdefault(name, {}).setdefault(key, value)
        if not listed:
            owner = owners[key][0]
            checker_config(owner).build(owner, {key: value})  # type: ignore[union-attr]
    return merged


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


async def averify(query: Any, retrieved_docs: Any, llm_response: Any) -> VerifyResult:
    """:func:`verify` for ``async`` code: runs in a worker thread (the first call's model load
    too), so the event loop keeps serving other tasks. See :meth:`Verifier.averify`."""
    return await asyncio.to_thread(verify, query, retrieved_docs, llm_response)  # (the default Verifier is built there too)


def verify_many(items: Iterable[Any], *, batch_size: int = DEFAULT_BATCH_SIZE,
                n_process: int = 1) -> Iterator[VerifyResult]:
    """:meth:`Verifier.verify_many` with the default configuration: results stream in input order."""
    return default_verifier().verify_many(items, batch_size=batch_size, n_process=n_process)
