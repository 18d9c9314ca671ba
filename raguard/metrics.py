"""Traffic metrics for the guard: how often answers proceed or go to review, and why.

One :class:`Metrics` object is shared by everything that should count into it: a
``Verifier(metrics=m)`` records every ``verify`` call, ``relapse.run(..., metrics=m)`` every
retry loop. Updates take one lock (a few microseconds), so one object can serve many threads.
``as_dict()`` is a JSON-ready snapshot; ``prometheus_text()`` and ``register()`` export the same
numbers through the official ``prometheus_client`` (``pip install raguard-verify[prometheus]``).
"""

from __future__ import annotations

import math
import threading
from bisect import bisect_left
from typing import TYPE_CHECKING, Any, Iterator, Optional, Sequence

if TYPE_CHECKING:  # pragma: no cover - types only
    from raguard.models import VerifyResult

#: Upper bounds (seconds) of the latency histogram's buckets; +Inf is implied.
DEFAULT_LATENCY_BUCKETS: tuple[float, ...] = (
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0,
)

#: Upper bounds of the Prometheus histogram of relapse iterations per run (+Inf implied).
RELAPSE_ITERATION_BUCKETS: tuple[float, ...] = (0, 1, 2, 3, 4, 5, 7, 10)

#: How a relapse run ended: grounded on the first call, grounded after a rejection, still
#: rejected at ``max_iterations``, answered without a call (no context), or stopped by an error.
RELAPSE_OUTCOMES: tuple[str, ...] = ("first_call", "recovered", "exhausted", "no_context", "error")

_INSTALL_HINT = (
    "Prometheus export needs the official prometheus_client package: "
    "pip install 'raguard-verify[prometheus]' (or pip install prometheus-client)"
)


class Metrics:
    """Thread-safe counters over verify calls and relapse runs.

    Verify: ``calls``, actions (``proceed``/``review``), warnings by type and severity, and a
    latency histogram (``latency_buckets``, seconds). Relapse: runs by outcome (see
    :data:`RELAPSE_OUTCOMES`), iterations per run and the recovery rate: of the runs whose first
    answer was rejected, the share that ended grounded.
    """

    def __init__(self, latency_buckets: Sequence[float] = DEFAULT_LATENCY_BUCKETS, *,
                 namespace: str = "raguard") -> None:
        bounds = tuple(float(b) for b in latency_buckets)
        if not bounds or any(not math.isfinite(b) or b <= 0 for b in bounds) or list(bounds) != sorted(set(bounds)):
            raise ValueError(
                f"latency_buckets must be increasing positive finite numbers, got {tuple(latency_buckets)!r}"
            )
        if not isinstance(namespace, str) or not namespace.replace("_", "").isalnum():
            raise ValueError(f"namespace must be letters, digits and underscores, got {namespace!r}")
        self.latency_buckets = bounds
        self.namespace = namespace
        self._lock = threading.Lock()
        self._reset()

    def _reset(self) -> None:
        self._calls = 0
        self._actions = {"proceed": 0, "review": 0}
        self._warnings: dict[tuple[str, str], int] = {}
        self._latency_counts = [0] * (len(self.latency_buckets) + 1)  # last: above every bound
        self._latency_sum = 0.0
        self._latency_count = 0
        self._runs = dict.fromkeys(RELAPSE_OUTCOMES, 0)
        self._iterations_total = 0
        self._iterations_per_run: dict[int, int] = {}

    def reset(self) -> None:
        """Set every counter back to zero."""
        with self._lock:
            self._reset()

    # -- recording ------------------------------------------------------------------------------
    def observe_verify(self, result: "VerifyResult", seconds: Optional[float] = None) -> None:
        """Count one verify call: its action, its warnings, and (when given) its latency."""
        warnings = [(w.type, w.severity) for w in result.warnings]
        slot = None
        if seconds is not None:
            seconds = max(0.0, float(seconds))
            slot = bisect_left(self.latency_buckets, seconds)
        with self._lock:
            self._calls += 1
            self._actions[result.action] = self._actions.get(result.action, 0) + 1
            for key in warnings:
                self._warnings[key] = self._warnings.get(key, 0) + 1
            if slot is not None:
                self._latency_counts[slot] += 1
                self._latency_sum += seconds  # type: ignore[operator]
                self._latency_count += 1

    def observe_relapse(self, outcome: str, iterations: int) -> None:
        """Count one relapse run that ended with ``outcome`` after ``iterations`` model calls."""
        if outcome not in RELAPSE_OUTCOMES:
            raise ValueError(f"unknown relapse outcome {outcome!r}; use one of {RELAPSE_OUTCOMES}")
        if not isinstance(iterations, int) or isinstance(iterations, bool) or iterations < 0:
            raise ValueError(f"iterations must be a non-negative int, got {iterations!r}")
        with self._lock:
            self._runs[outcome] += 1
            self._iterations_total += iterations
            self._iterations_per_run[iterations] = self._iterations_per_run.get(iterations, 0) + 1

    # -- reading --------------------------------------------------------------------------------
    def _snapshot(self) -> dict[str, Any]:
        """Copies of the raw counters, taken under the lock so they agree with each other."""
        with self._lock:
            return {
                "calls": self._calls,
                "actions": dict(self._actions),
                "warnings": dict(self._warnings),
                "latency_counts": list(self._latency_counts),
                "latency_sum": self._latency_sum,
                "latency_count": self._latency_count,
                "runs": dict(self._runs),
                "iterations_total": self._iterations_total,
                "iterations_per_run": dict(sorted(self._iterations_per_run.items())),
            }

    def as_dict(self) -> dict[str, Any]:
        """A consistent, JSON-ready snapshot of every counter."""
        return self._as_dict(self._snapshot())

    def _as_dict(self, snap: dict[str, Any]) -> dict[str, Any]:
        warnings: dict[tuple[str, str], int] = snap["warnings"]
        by_type: dict[str, int] = {}
        by_severity = {"high": 0, "medium": 0, "low": 0}
        for (wtype, severity), n in sorted(warnings.items()):
            by_type[wtype] = by_type.get(wtype, 0) + n
            by_severity[severity] = by_severity.get(severity, 0) + n
        cumulative, total = {}, 0
        for bound, n in zip((*map(_bound_label, self.latency_buckets), "+Inf"), snap["latency_counts"]):
            total += n
            cumulative[bound] = total
        runs = snap["runs"]
        return {
            "calls": snap["calls"],
            "proceed": snap["actions"].get("proceed", 0),
            "review": snap["actions"].get("review", 0),
            "warnings": {
                "total": sum(warnings.values()),
                "by_type": by_type,
                "by_severity": by_severity,
                "by_type_and_severity": {f"{t}/{s}": n for (t, s), n in sorted(warnings.items())},
            },
            "latency_seconds": {
                "count": snap["latency_count"],
                "sum": snap["latency_sum"],
                "buckets": cumulative,  # cumulative: calls that took at most each bound
            },
            "relapse": {
                "runs": sum(runs.values()),
                "outcomes": runs,
                "iterations_total": snap["iterations_total"],
                "iterations_per_run": {str(k): v for k, v in snap["iterations_per_run"].items()},
                "recovery_rate": _recovery_rate(runs),
            },
        }

    # -- Prometheus -----------------------------------------------------------------------------
    def collect(self) -> Iterator[Any]:
        """Metric families for ``prometheus_client`` (this object is a custom collector)."""
        core = _prometheus()
        ns = self.namespace
        snap = self._snapshot()
        data = self._as_dict(snap)

        calls = core.CounterMetricFamily(f"{ns}_verify_calls", "Answers verified.")
        calls.add_metric([], data["calls"])
        yield calls
        actions = core.CounterMetricFamily(f"{ns}_verify_actions", "Verify results by action.",
                                           labels=["action"])
        for action in ("proceed", "review"):
            actions.add_metric([action], data[action])
        yield actions
        warns = core.CounterMetricFamily(f"{ns}_warnings", "Warnings raised, by type and severity.",
                                         labels=["type", "severity"])
        for (wtype, severity), n in sorted(snap["warnings"].items()):
            warns.add_metric([wtype, severity], n)
        yield warns
        latency = data["latency_seconds"]
        hist = core.HistogramMetricFamily(f"{ns}_verify_latency_seconds", "Time of one verify call.")
        hist.add_metric([], list(latency["buckets"].items()), latency["sum"])
        yield hist

        relapse = data["relapse"]
        runs = core.CounterMetricFamily(f"{ns}_relapse_runs", "relapse runs, by how they ended.",
                                        labels=["outcome"])
        for outcome, n in relapse["outcomes"].items():
            runs.add_metric([outcome], n)
        yield runs
        per_run: dict[int, int] = snap["iterations_per_run"]
        iters = core.HistogramMetricFamily(f"{ns}_relapse_iterations", "Model calls per relapse run.")
        buckets = [(_bound_label(b), sum(n for k, n in per_run.items() if k <= b))
                   for b in RELAPSE_ITERATION_BUCKETS]
        buckets.append(("+Inf", sum(per_run.values())))
        iters.add_metric([], buckets, relapse["iterations_total"])
        yield iters
        rate = core.GaugeMetricFamily(
            f"{ns}_relapse_recovery_rate",
            "Share of relapse runs with a rejected first answer that ended grounded (NaN before any).",
        )
        rate.add_metric([], math.nan if relapse["recovery_rate"] is None else relapse["recovery_rate"])
        yield rate

    def register(self, registry: Any = None) -> "Metrics":
        """Register with a ``prometheus_client`` registry (the global one by default); returns self."""
        _prometheus()
        if registry is None:
            from prometheus_client import REGISTRY as registry  # noqa: N811
        registry.register(self)
        return self

    def prometheus_text(self) -> str:
        """The metrics in the Prometheus text exposition format (via ``prometheus_client``)."""
        _prometheus()
        from prometheus_client import CollectorRegistry, generate_latest

        registry = CollectorRegistry(auto_describe=False)
        registry.register(self)
        return generate_latest(registry).decode("utf-8")

    # -- plumbing -------------------------------------------------------------------------------
    def __getstate__(self) -> dict[str, Any]:
        # a Verifier's configuration is pickled for batch worker processes: the copy there
        # starts empty-handed (workers do not update it), but pickling must not fail on the lock
        state = dict(vars(self))
        state.pop("_lock", None)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        vars(self).update(state)
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        d = self.as_dict()
        return (f"Metrics(calls={d['calls']}, proceed={d['proceed']}, review={d['review']}, "
                f"relapse_runs={d['relapse']['runs']})")


def _recovery_rate(runs: dict[str, int]) -> Optional[float]:
    rejected_first = runs.get("recovered", 0) + runs.get("exhausted", 0)
    return runs.get("recovered", 0) / rejected_first if rejected_first else None


def _bound_label(bound: float) -> str:
    """Prometheus' ``le`` label for a bucket bound: ``0.005``, ``1.0``."""
    return repr(float(bound))


def _prometheus() -> Any:
    """``prometheus_client.core``, or an ImportError that says how to install it."""
    try:
        from prometheus_client import core
    except ImportError as exc:
        raise ImportError(_INSTALL_HINT) from exc
    return core
