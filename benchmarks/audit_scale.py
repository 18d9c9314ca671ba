"""``raguard audit`` at scale: rows/s of the loop, ``--n-process 2`` and ``--engine ray`` on the same log.

    .venv/bin/python benchmarks/audit_scale.py               # 20,000 rows, three runs (several minutes)
    .venv/bin/python benchmarks/audit_scale.py --rows 4000   # a shorter run

The log is the paraphrase suite (tests/data/paraphrase_suite.jsonl: 480 short question/documents/
answer items of our own) repeated with distinct ids and a ``route`` field, so every mode verifies
the same rows. Each mode runs as the command a user runs, in a fresh process, timed from start to
exit: model loading, Ray's start-up and the summary are part of the rate (they are part of the
job). The Ray run also reports its phases (start, audit and write, summary) from inside.

Figures: rows/s per mode, the Ray / n-process-2 ratio (target >= 0.8: Ray's overhead bounded), and
Ray's rate per core (rows/s / cores used), to plan a cluster's rate. The machine's load average
is saved with them: a shared machine makes every figure noisy. Written to
benchmarks/results/audit_scale.json.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SUITE = ROOT / "tests" / "data" / "paraphrase_suite.jsonl"
RESULTS = ROOT / "benchmarks" / "results" / "audit_scale.json"
CORES = 2  # what --n-process 2 and the local Ray instance (num_cpus=2) use

# The Ray mode's child: the CLI's steps, with the time of each phase printed as JSON.
_RAY_CHILD = """
import json, sys, time
t0 = time.perf_counter()
import ray
from raguard.integrations import ray as engine
engine.connect(num_cpus={cores})
ray.data.DataContext.get_current().enable_progress_bars = False
t1 = time.perf_counter()
results = engine.audit_dataset(engine.read_log_dataset({log!r}), output="jsonl")
engine.write_results(results, {out!r}, "jsonl")
t2 = time.perf_counter()
summary = engine.summarize({out!r}, "jsonl", "route")
t3 = time.perf_counter()
ray.shutdown()
print(json.dumps({{"start_s": t1 - t0, "audit_s": t2 - t1, "summary_s": t3 - t2, "rows": summary["total"]["rows"]}}))
"""


def build_log(path: Path, rows: int) -> None:
    """``rows`` rows from the paraphrase suite's items, repeated with distinct ids."""
    items = [json.loads(line) for line in SUITE.read_text(encoding="utf-8").splitlines() if line.strip()]
    with path.open("w", encoding="utf-8") as fh:
        for i in range(rows):
            item = items[i % len(items)]
            fh.write(json.dumps({"id": f"{item['id']}#{i // len(items)}", "query": item["query"],
                                 "retrieved_docs": item["docs"], "llm_response": item["answer"],
                                 "route": item["rule"]}) + "\n")


def _run(cmd: list[str]) -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, env={**os.environ, "NO_COLOR": "1"})
    seconds = time.perf_counter() - start
    if done.returncode not in (0, 1, 2):
        raise SystemExit(f"{' '.join(cmd)} failed ({done.returncode}):\n{done.stderr[-3000:]}")
    return seconds, done.stdout


def _count_lines(path: Path) -> int:
    files = sorted(path.iterdir()) if path.is_dir() else [path]
    return sum(f.read_bytes().count(b"\n") for f in files)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=20_000)
    args = parser.parse_args()
    py = sys.executable
    modes: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "log.jsonl"
        build_log(log, args.rows)
        runs = {
            "loop": [py, "-m", "raguard", "audit", str(log), "--out", str(Path(tmp) / "loop.jsonl")],
            "n_process_2": [py, "-m", "raguard", "audit", str(log), "--n-process", "2",
                            "--out", str(Path(tmp) / "n2.jsonl")],
            "ray": [py, "-c", _RAY_CHILD.format(cores=CORES, log=str(log), out=str(Path(tmp) / "ray"))],
        }
        for name, cmd in runs.items():
            load = os.getloadavg()
            seconds, stdout = _run(cmd)
            out = Path(tmp) / {"loop": "loop.jsonl", "n_process_2": "n2.jsonl", "ray": "ray"}[name]
            written = _count_lines(out)
            assert written == args.rows, f"{name}: {written} rows written for {args.rows}"
            modes[name] = {"seconds": round(seconds, 2), "rows_per_s": round(args.rows / seconds, 1),
                           "loadavg_before": [round(x, 2) for x in load],
                           "loadavg_after": [round(x, 2) for x in os.getloadavg()]}
            if name == "ray":
                phases = json.loads(stdout.strip().splitlines()[-1])
                modes[name]["phases_s"] = {k: round(v, 2) for k, v in phases.items() if k.endswith("_s")}
                modes[name]["audit_rows_per_s"] = round(args.rows / phases["audit_s"], 1)
            print(f"{name:12} {seconds:8.1f} s  {args.rows / seconds:8.1f} rows/s  (load {load[0]:.1f})", flush=True)
    ratio = modes["ray"]["rows_per_s"] / modes["n_process_2"]["rows_per_s"]
    result = {
        "date": time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime()),
        "rows": args.rows,
        "machine": {"cpus": os.cpu_count(), "cores_used": CORES, "platform": platform.platform(),
                    "python": platform.python_version()},
        "modes": modes,
        "ray_over_n_process_2": round(ratio, 3),
        "ray_rows_per_s_per_core": round(modes["ray"]["rows_per_s"] / CORES, 1),
        "ray_audit_rows_per_s_per_core": round(modes["ray"]["audit_rows_per_s"] / CORES, 1),
    }
    print(f"Ray / n-process 2: {ratio:.2f} (target >= 0.8); Ray per core: {result['ray_rows_per_s_per_core']} rows/s "
          f"end to end, {result['ray_audit_rows_per_s_per_core']} in the audit phase")
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    print(f"written to {RESULTS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
