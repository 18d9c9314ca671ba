"""raguard.Metrics: counters over verify calls and relapse runs, Prometheus export, thread safety."""

from __future__ import annotations

import json
import pickle
import sys
import threading
from typing import Sequence

import pytest

import raguard
import relapse
from raguard import ConfigError, Metrics, Verifier
from raguard.models import Summary, VerifyResult, Warning
from relapse import GroundingFinding, GroundingResult, RelapseError, raguard_check

WW2 = "World War II ended in 1945 with the surrender of Japan in September."
GOOD = "World War II ended in 1945."
BAD = "World War II ended in 1946."


def result(action: str, *types: tuple[str, str]) -> VerifyResult:
    warnings = [Warning(severity=sev, type=t, text="x", suggestion="s") for t, sev in types]  # type: ignore[arg-type]
    return VerifyResult(action=action, warnings=warnings, summary=Summary())  # type: ignore[arg-type]


def year_check(query: str, chunks: Sequence[str], answer: str) -> GroundingResult:
    ok = "1946" not in answer
    return GroundingResult(ok=ok, findings=() if ok else (GroundingFinding("BAD_YEAR", "no"),))


def script(*answers: str):
    it = iter(answers)
    return lambda prompt: next(it)


# -- counting -----------------------------------------------------------------------------------------

def test_a_new_metrics_object_is_all_zero() -> None:
    d = Metrics().as_dict()
    assert (d["calls"], d["proceed"], d["review"], d["warnings"]["total"]) == (0, 0, 0, 0)
    assert d["latency_seconds"]["count"] == 0 and set(d["latency_seconds"]["buckets"].values()) == {0}
    assert d["relapse"]["runs"] == 0 and d["relapse"]["recovery_rate"] is None
    json.dumps(d)  # JSON-ready


def test_a_verifier_counts_calls_actions_warnings_and_latency(verifier: Verifier) -> None:
    m = Metrics()
    guard = Verifier(metrics=m)
    guard.verify("When did WW2 end?", [WW2], GOOD)
    guard.verify("When did WW2 end?", [WW2], BAD)
    guard.verify("When did WW2 end?", [WW2], "According to the recent report, it ended in 1946.")
    guard.verify("q", [WW2], "")  # an input error is a call that goes to review
    d = m.as_dict()
    assert (d["calls"], d["proceed"], d["review"]) == (4, 1, 3)
    assert d["warnings"]["by_type"] == {"input_error": 1, "unsupported_date": 2, "vague_reference": 1}
    assert d["warnings"]["by_severity"] == {"high": 3, "medium": 1, "low": 0}
    assert d["warnings"]["by_type_and_severity"]["vague_reference/medium"] == 1
    latency = d["latency_seconds"]
    assert latency["count"] == 4 and latency["sum"] > 0 and latency["buckets"]["+Inf"] == 4
    assert verifier.metrics is None  # a Verifier without metrics= counts nothing


def test_verify_many_counts_each_result_without_timing_it() -> None:
    m = Metrics()
    guard = Verifier(metrics=m)
    items = [("When did WW2 end?", [WW2], GOOD), ("When did WW2 end?", [WW2], BAD), ("q", [WW2], None)]
    assert [r.action for r in guard.verify_many(items, batch_size=2)] == ["proceed", "review", "review"]
    d = m.as_dict()
    assert (d["calls"], d["proceed"], d["review"], d["latency_seconds"]["count"]) == (3, 1, 2, 0)
    assert d["warnings"]["by_type"] == {"input_error": 1, "unsupported_date": 1}


def test_latency_buckets_are_cumulative_with_inclusive_bounds() -> None:
    m = Metrics(latency_buckets=(0.01, 0.1, 1.0))
    for seconds in (0.005, 0.01, 0.05, 2.0):
        m.observe_verify(result("proceed"), seconds)
    m.observe_verify(result("proceed"))  # no latency given: counted, not timed
    d = m.as_dict()
    assert d["latency_seconds"]["buckets"] == {"0.01": 2, "0.1": 3, "1.0": 3, "+Inf": 4}
    assert d["latency_seconds"]["count"] == 4 and d["calls"] == 5
    assert d["latency_seconds"]["sum"] == pytest.approx(2.065)


def test_relapse_runs_are_counted_by_outcome_with_the_recovery_rate() -> None:
    m = Metrics()
    relapse.run("When?", [WW2], call_llm=script(GOOD), grounding_check=year_check, metrics=m)
    relapse.run("When?", [WW2], call_llm=script(BAD, GOOD), grounding_check=year_check, metrics=m)
    relapse.run("When?", [WW2], call_llm=script(BAD, BAD, BAD), grounding_check=year_check, metrics=m)
    relapse.run("When?", [WW2], call_llm=script(BAD, BAD, GOOD), grounding_check=year_check, metrics=m)
    relapse.run("When?", [(WW2, 0.1)], call_llm=script(), grounding_check=year_check, metrics=m, min_score=0.5)
    with pytest.raises(RelapseError):
        relapse.run("When?", [WW2], call_llm=script(BAD), grounding_check=year_check, metrics=m)  # runs dry
    r = m.as_dict()["relapse"]
    assert r["outcomes"] == {"first_call": 1, "recovered": 2, "exhausted": 1, "no_context": 1, "error": 1}
    assert r["runs"] == 6 and r["iterations_total"] == 1 + 2 + 3 + 3 + 0 + 1
    assert r["iterations_per_run"] == {"0": 1, "1": 2, "2": 1, "3": 2}  # the error run completed 1 call
    assert r["recovery_rate"] == pytest.approx(2 / 3)
    assert m.as_dict()["calls"] == 0  # a custom check makes no verify calls


def test_arun_counts_too() -> None:
    import asyncio

    async def llm(prompt: str) -> str:
        return GOOD

    m = Metrics()
    asyncio.run(relapse.arun("When?", [WW2], call_llm=llm, grounding_check=year_check, metrics=m))
    assert m.as_dict()["relapse"]["outcomes"]["first_call"] == 1


def test_the_default_raguard_check_counts_each_verify_once(verifier: Verifier) -> None:
    m = Metrics()
    relapse.run("When did WW2 end?", [WW2], call_llm=script(BAD, GOOD), metrics=m)
    d = m.as_dict()
    assert (d["calls"], d["proceed"], d["review"]) == (2, 1, 1)
    assert d["relapse"]["outcomes"]["recovered"] == 1
    # a Verifier that already counts into the same object is not counted twice
    m2 = Metrics()
    check = raguard_check(Verifier(metrics=m2), metrics=m2)
    relapse.run("When did WW2 end?", [WW2], call_llm=script(BAD, GOOD), grounding_check=check, metrics=m2)
    assert m2.as_dict()["calls"] == 2


# -- concurrency --------------------------------------------------------------------------------------

def test_counts_are_exact_under_concurrent_updates_and_snapshots_are_consistent() -> None:
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible: races show up
    try:
        _hammer()
    finally:
        sys.setswitchinterval(interval)


def _hammer() -> None:
    m = Metrics()
    threads, per_thread = 8, 1000
    start = threading.Barrier(threads + 1)
    torn: list[dict] = []

    def writer(i: int) -> None:
        start.wait()
        for j in range(per_thread):
            if j % 2:
                m.observe_verify(result("review", ("unsupported_date", "high"), ("vague_reference", "medium")), 0.002)
            else:
                m.observe_verify(result("proceed"), 0.02)
            m.observe_relapse("recovered" if j % 4 == 1 else "first_call", 1 + (j % 4 == 1))

    def reader() -> None:
        start.wait()
        for _ in range(1000):
            d = m.as_dict()
            if d["proceed"] + d["review"] != d["calls"] or d["latency_seconds"]["count"] != d["calls"] \
                    or d["warnings"]["by_type"].get("unsupported_date", 0) != d["review"]:
                torn.append(d)

    pool = [threading.Thread(target=writer, args=(i,)) for i in range(threads)]
    pool.append(threading.Thread(target=reader))  # writers and reader start together
    for t in pool:
        t.start()
    for t in pool:
        t.join(timeout=60)
    total = threads * per_thread
    d = m.as_dict()
    assert torn == []
    assert (d["calls"], d["proceed"], d["review"]) == (total, total // 2, total // 2)
    assert d["warnings"]["by_type"] == {"unsupported_date": total // 2, "vague_reference": total // 2}
    assert d["latency_seconds"]["buckets"]["0.0025"] == total // 2 and d["latency_seconds"]["buckets"]["+Inf"] == total
    assert d["relapse"]["runs"] == total and d["relapse"]["outcomes"]["recovered"] == total // 4
    assert d["relapse"]["iterations_total"] == total + total // 4


def test_one_metrics_object_shared_by_verifiers_in_threads() -> None:
    m = Metrics()
    guard = Verifier(metrics=m)
    errors: list[BaseException] = []

    def work() -> None:
        try:
            for answer in (GOOD, BAD) * 5:
                guard.verify("When did WW2 end?", [WW2], answer)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    pool = [threading.Thread(target=work) for _ in range(4)]
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    d = m.as_dict()
    assert errors == [] and (d["calls"], d["proceed"], d["review"]) == (40, 20, 20)
    assert d["warnings"]["by_type"] == {"unsupported_date": 20}


# -- Prometheus ---------------------------------------------------------------------------------------

def test_prometheus_text_exposition_parses_back_to_the_same_numbers() -> None:
    from prometheus_client.parser import text_string_to_metric_families

    m = Metrics(namespace="shop")
    m.observe_verify(result("review", ("unsupported_number", "high")), 0.003)
    m.observe_verify(result("proceed"), 0.2)
    m.observe_relapse("recovered", 2)
    m.observe_relapse("exhausted", 3)
    text = m.prometheus_text()
    assert "# TYPE shop_verify_latency_seconds histogram" in text
    samples = {(s.name, tuple(sorted(s.labels.items()))): s.value
               for family in text_string_to_metric_families(text) for s in family.samples}
    assert samples[("shop_verify_calls_total", ())] == 2
    assert samples[("shop_verify_actions_total", (("action", "review"),))] == 1
    assert samples[("shop_warnings_total", (("severity", "high"), ("type", "unsupported_number")))] == 1
    assert samples[("shop_verify_latency_seconds_bucket", (("le", "0.005"),))] == 1
    assert samples[("shop_verify_latency_seconds_count", ())] == 2
    assert samples[("shop_verify_latency_seconds_sum", ())] == pytest.approx(0.203)
    assert samples[("shop_relapse_runs_total", (("outcome", "recovered"),))] == 1
    assert samples[("shop_relapse_iterations_bucket", (("le", "2.0"),))] == 1
    assert samples[("shop_relapse_iterations_sum", ())] == 5
    assert samples[("shop_relapse_recovery_rate", ())] == 0.5


def test_metrics_register_with_a_prometheus_registry() -> None:
    from prometheus_client import CollectorRegistry

    registry = CollectorRegistry()
    m = Metrics().register(registry)
    m.observe_verify(result("proceed"), 0.01)
    assert registry.get_sample_value("raguard_verify_calls_total") == 1
    m.observe_verify(result("proceed"), 0.01)
    assert registry.get_sample_value("raguard_verify_actions_total", {"action": "proceed"}) == 2


def test_without_prometheus_client_the_error_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "prometheus_client", None)  # makes the import fail
    m = Metrics()
    m.observe_verify(result("proceed"), 0.01)
    with pytest.raises(ImportError, match=r"pip install 'raguard-verify\[prometheus\]'"):
        m.prometheus_text()
    with pytest.raises(ImportError, match="prometheus_client"):
        m.register()
    assert m.as_dict()["calls"] == 1  # the counters themselves need nothing


# -- bad input and plumbing ------------------------------------------------------------------------------

def test_bad_configuration_is_refused() -> None:
    with pytest.raises(ValueError, match="latency_buckets"):
        Metrics(latency_buckets=(0.1, 0.01))
    with pytest.raises(ValueError, match="latency_buckets"):
        Metrics(latency_buckets=())
    with pytest.raises(ValueError, match="namespace"):
        Metrics(namespace="my-app")
    with pytest.raises(ValueError, match="unknown relapse outcome"):
        Metrics().observe_relapse("won", 1)
    with pytest.raises(ValueError, match="non-negative int"):
        Metrics().observe_relapse("first_call", -1)
    with pytest.raises(ConfigError, match="metrics must be a raguard.Metrics"):
        Verifier(metrics={"calls": 0})
    with pytest.raises(TypeError, match="metrics must be a raguard.Metrics"):
        relapse.run("Q?", [WW2], call_llm=script(GOOD), grounding_check=year_check, metrics=object())


def test_metrics_pickle_with_their_counts_so_batch_workers_can_take_the_verifier() -> None:
    m = Metrics()
    m.observe_verify(result("review", ("unsupported_date", "high")), 0.01)
    copy = pickle.loads(pickle.dumps(Verifier(metrics=m).metrics))
    assert copy.as_dict() == m.as_dict()
    copy.observe_verify(result("proceed"), 0.01)  # the copy has a working lock of its own
    assert copy.as_dict()["calls"] == 2 and m.as_dict()["calls"] == 1
    assert "Metrics(calls=1" in repr(m) and raguard.Metrics is Metrics


# -- the documentation ----------------------------------------------------------------------------------

def test_the_three_layers_example_runs_and_shows_what_it_prints(capsys: pytest.CaptureFixture) -> None:
    from pathlib import Path

    page = Path(__file__).resolve().parents[1].joinpath("docs", "relapse.md").read_text(encoding="utf-8")
    section = page[page.index("## Three layers"):]
    code = section[section.index("```python\n") + 10:section.index("\n```", section.index("```python"))]
    namespace: dict = {}
    exec(compile(code, "docs/relapse.md#three-layers", "exec"), namespace)
    assert "raguard_verify_calls_total 2.0" in capsys.readouterr().out
    shown = [line.split("  # ", 1) for line in code.splitlines()
             if line.startswith(("result.", "[d.", "[f.", "metrics.as_dict"))]
    assert len(shown) == 4
    for expression, comment in shown:
        assert repr(eval(expression.strip(), namespace)) == comment.strip(), expression
