"""``raguard audit --engine ray`` / :mod:`raguard.integrations.ray`: the rows of ``raguard audit``,
each input row exactly once, on a local Ray instance (2 CPUs, no dashboard, no usage report).

One Ray instance and one single-process reference audit serve the whole module (Ray starts in
seconds; the reference verifies the 2,000 rows once).
"""

from __future__ import annotations

import json
import os
import signal
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

os.environ["RAY_USAGE_STATS_ENABLED"] = "0"

import pyarrow as pa  # noqa: E402
import pyarrow.parquet as pq  # noqa: E402
import ray  # noqa: E402
import ray.cloudpickle  # noqa: E402

from raguard import Verifier, VerifyResult  # noqa: E402
from raguard.cli import main  # noqa: E402
from raguard.integrations import ray as engine  # noqa: E402

pytestmark = pytest.mark.slow

# The crash test's verifier is defined here: Ray's workers cannot import this module by name.
ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])

N_ROWS = 2000
CITIES = ["Tarnow", "Ostrava", "Linz", "Brno"]
GOODS = ["copper", "barley", "timber", "cement"]


def _row(i: int) -> dict[str, Any]:
    """A short log row of our own: a shipment fact, and an answer right or wrong in one value."""
    city, goods, crates, day = CITIES[i % 4], GOODS[(i // 4) % 4], 10 + i % 37, 1 + i % 28
    doc = f"The {goods} shipment of {crates} crates left {city} on May {day}."
    answers = [
        f"{crates} crates of {goods} left {city} on May {day}.",
        f"{crates + 5} crates of {goods} left {city} on May {day}.",
        f"The {goods} left {city} on June {day}.",
        f"It left {CITIES[(i + 1) % 4]} with {crates} crates.",
    ]
    return {"id": f"s-{i}", "query": f"When did the {goods} leave {city}?", "retrieved_docs": [doc],
            "llm_response": answers[i % 4], "route": ["faq", "search"][i % 2], "model": f"m{i % 3}"}


def _good_rows() -> list[dict[str, Any]]:
    rows = [_row(i) for i in range(N_ROWS)]
    rows[7]["llm_response"] = None  # wrong types a Parquet column can hold too: input_error rows
    rows[11]["retrieved_docs"] = None
    return rows


# Lines only JSONL can hold, after the rows (so that lines 1..N_ROWS are the Parquet rows 1..N_ROWS).
BAD_LINES = [b'{"id": "cut", "query": "q", "retrieved_docs": ["d"], "llm_resp', b"", b"[1, 2]",
             b'{"id": 9, "query": "q", "retrieved_docs": "one doc", "llm_response": "An answer."}',
             b'{"id": "no-answer", "query": "q", "retrieved_docs": ["d"]}', b'{"query": "caf\xe9"}']


@pytest.fixture(scope="module")
def ray_local():
    started = engine.connect(num_cpus=2)
    ray.data.DataContext.get_current().enable_progress_bars = False
    yield
    if started:
        ray.shutdown()


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The log as JSONL (rows and bad lines) and as Parquet (the rows), and the single-process
    ``raguard audit`` rows of the JSONL log by line."""
    base = tmp_path_factory.mktemp("logs")
    rows = _good_rows()
    jsonl = base / "log.jsonl"
    jsonl.write_bytes(b"".join(json.dumps(r).encode() + b"\n" for r in rows) + b"\n".join(BAD_LINES) + b"\n")
    parquet = base / "log.parquet"
    # several row groups: the line numbers of the later ones come from the footer's counts
    pq.write_table(pa.Table.from_pylist(rows), parquet, row_group_size=700)
    ref = base / "ref.jsonl"
    assert main(["audit", str(jsonl), "--out", str(ref)]) == 2
    reference = {r["line"]: r for r in map(json.loads, ref.read_text(encoding="utf-8").splitlines())}
    assert len(reference) == N_ROWS + len(BAD_LINES)
    return {"jsonl": jsonl, "parquet": parquet, "reference": reference, "rows": rows}


def _jsonl_rows(directory: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for f in sorted(directory.iterdir()) for line in f.read_text(encoding="utf-8").splitlines()]


def _counts(rows: list[dict[str, Any]]) -> tuple[Counter, Counter]:
    actions = Counter(r["result"]["action"] for r in rows)
    types = Counter(w["type"] for r in rows for w in r["result"]["warnings"])
    return actions, types


def test_jsonl_on_ray_gives_the_rows_of_raguard_audit(ray_local, logs, tmp_path, capsys):
    out = tmp_path / "results"
    code = main(["audit", str(logs["jsonl"]), "--engine", "ray", "--out", str(out), "--group-by", "route"])
    assert code == 2  # some rows are input errors, as raguard audit says
    got = _jsonl_rows(out)
    reference = logs["reference"]
    assert sorted(r["line"] for r in got) == sorted(reference)  # every line exactly once
    for row in got:
        ref = reference[row["line"]]
        assert {k: row[k] for k in ("id", "line", "result")} == ref
    by_line = {r["line"]: r for r in got}
    assert by_line[1]["route"] == "faq" and by_line[2]["model"] == "m1"  # extra fields carried through
    assert by_line[N_ROWS + 1]["result"]["warnings"][0]["type"] == "input_error"

    summary = json.loads((tmp_path / "results.summary.json").read_text())
    actions, types = _counts(list(reference.values()))
    total = summary["total"]
    assert total["rows"] == N_ROWS + len(BAD_LINES)
    assert (total["proceed"], total["review"]) == (actions["proceed"], actions["review"])
    assert {t: v["count"] for t, v in total["warning_types"].items()} == dict(types)
    faq = [r for line, r in reference.items() if line <= N_ROWS and logs["rows"][line - 1]["route"] == "faq"]
    assert summary["groups"]["faq"]["rows"] == len(faq)
    assert summary["groups"]["faq"]["review"] == _counts(faq)[0]["review"]
    assert summary["groups"]["null"]["rows"] == len(BAD_LINES)  # lines without a route
    err = capsys.readouterr().err
    assert f"audited {N_ROWS + len(BAD_LINES):,} line(s)" in err


def test_parquet_on_ray_gives_the_rows_of_raguard_audit(ray_local, logs, tmp_path):
    out = tmp_path / "results.parquet"
    summary = engine.audit_files(str(logs["parquet"]), str(out), group_by="model", batch_size=128)
    table = pq.read_table(out)
    assert table.num_rows == N_ROWS
    rows = table.to_pylist()
    reference = logs["reference"]
    assert sorted(r["line"] for r in rows) == list(range(1, N_ROWS + 1))
    for row in rows:
        ref = reference[row["line"]]
        assert row["id"] == ref["id"]
        result = json.loads(row["result"])
        assert result == ref["result"]
        parsed = VerifyResult.model_validate(result)
        assert row["action"] == parsed.action
        assert row["warning_types"] == [w.type for w in parsed.warnings]
        assert (row["high"], row["medium"], row["low"]) == (parsed.summary.high, parsed.summary.medium,
                                                            parsed.summary.low)
        assert row["input_error"] == any(w.type == "input_error" for w in parsed.warnings)
        assert row["model"] == f"m{(row['line'] - 1) % 3}" and "llm_response" not in row
    assert sum(r["input_error"] for r in rows) == 2
    assert summary["total"]["rows"] == N_ROWS
    assert sum(g["rows"] for g in summary["groups"].values()) == N_ROWS and set(summary["groups"]) == {"m0", "m1", "m2"}


class _CrashingVerifier(Verifier):
    """Kills its own worker process (SIGKILL, as the OOM killer would) on the victim row, the first
    time only: the marker file says it happened."""

    def __init__(self, marker: str, victim: str) -> None:
        super().__init__()
        self.marker, self.victim = marker, victim

    def verify_many(self, items: Any, **kwargs: Any) -> Any:
        items = list(items)
        if any(item[2] == self.victim for item in items) and not os.path.exists(self.marker):
            Path(self.marker).write_text(str(os.getpid()))
            os.kill(os.getpid(), signal.SIGKILL)
        return super().verify_many(items, **kwargs)


class _MakeCrashing:
    def __init__(self, marker: str, victim: str) -> None:
        self.marker, self.victim = marker, victim

    def __call__(self) -> Verifier:
        return _CrashingVerifier(self.marker, self.victim)


def test_a_killed_worker_is_retried_and_every_id_is_written_once(ray_local, tmp_path):
    rows = [{**_row(i), "llm_response": f"Answer {i}: {_row(i)['llm_response']}"} for i in range(400)]
    log = tmp_path / "log.jsonl"
    log.write_text("".join(json.dumps(r) + "\n" for r in rows))
    marker = tmp_path / "killed"
    out = tmp_path / "out"
    results = engine.audit_dataset(engine.read_log_dataset(str(log)), output="jsonl", batch_size=50,
                                   make_verifier=_MakeCrashing(str(marker), rows[250]["llm_response"]))
    engine.write_results(results, str(out), "jsonl")
    assert marker.exists()  # a worker did die mid-run
    got = _jsonl_rows(out)
    assert Counter(r["id"] for r in got) == Counter(r["id"] for r in rows)  # each id exactly once
    assert sorted(r["line"] for r in got) == list(range(1, 401))


def test_usage_errors_say_what_to_do(tmp_path, capsys):
    assert main(["audit", "-", "--engine", "ray", "--out", str(tmp_path / "o")]) == 2
    assert "not standard input" in capsys.readouterr().err
    assert main(["audit", str(tmp_path / "x.jsonl"), "--engine", "ray"]) == 2
    assert "--out DIR" in capsys.readouterr().err
    assert main(["audit", str(tmp_path / "x.jsonl"), "--group-by", "route"]) == 2
    assert "need --engine ray" in capsys.readouterr().err


def test_jsonl_ranges_cut_at_line_ends_and_number_lines(tmp_path):
    log = tmp_path / "log.jsonl"
    lines = [b'{"n": %d}' % i + b"x" * (i % 7) for i in range(1, 301)]
    log.write_bytes(b"\n".join(lines))  # no newline after the last line
    parts = engine.plan_jsonl(str(log), part_bytes=500)
    assert len(parts) > 5
    data = log.read_bytes()
    seen = []
    for part in parts:
        table = engine._read_jsonl_parts(pa.Table.from_pylist([part]))
        assert table["line"][0].as_py() == part["first_line"]
        seen.extend(zip(table["line"].to_pylist(), table[engine._RAW].to_pylist()))
        assert data[part["start"] - 1:part["start"]] in (b"", b"\n")  # a part starts a line
    assert [n for n, _ in seen] == list(range(1, 301))
    assert [raw.rstrip(b"\n") for _, raw in seen] == lines
