"""Where a thread waits for the GIL while the spaCy model loads in another thread (the first
``averify`` call), and why.

Each run is a fresh interpreter: it imports raguard and spaCy, optionally collects garbage once
(``gc.collect()``, as an app can after its imports), then loads the model and verifies one answer
in a worker thread while a sampler thread sleeps 1 ms at a time. Each wake-up later than 8 ms is
recorded with the worker's Python stack just before and just after it, the time both threads spent
waiting for a CPU meanwhile (Linux schedstat: the machine's load, not a GIL hold), and the full
garbage collections (generation 2, via ``gc.callbacks``) that ran in it. What is left of a wait
after the CPU waits is a GIL hold.

    .venv/bin/python benchmarks/gil_holds.py              # 3 runs each way; results/gil_holds.json
    .venv/bin/python benchmarks/gil_holds.py --runs 5
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "benchmarks" / "results" / "gil_holds.json"

PROBE = r'''
import gc, json, os, sys, threading, time, traceback
import raguard, raguard.nlp, spacy
from raguard import Verifier
if sys.argv[1] == "collect":
    gc.collect()

def cpu_waits(tid):
    try:
        with open(f"/proc/self/task/{tid}/schedstat") as fh:
            return int(fh.read().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0

def stack(ident):
    frame = sys._current_frames().get(ident)
    frames = traceback.extract_stack(frame)[-4:] if frame is not None else []
    return " <- ".join(f"{os.path.basename(f.filename)}:{f.lineno} {f.name}" for f in reversed(frames))

collections, started = [], {}
def on_gc(phase, info):
    if info["generation"] == 2:
        if phase == "start":
            started["t"] = time.perf_counter()
        elif "t" in started:
            collections.append((started.pop("t"), time.perf_counter(), threading.current_thread().name))
gc.callbacks.append(on_gc)

worker, go = {}, threading.Event()
def load():
    worker["ident"], worker["tid"] = threading.get_ident(), threading.get_native_id()
    go.wait()
    worker["t0"] = time.perf_counter()
    Verifier().verify("When?", ["It opened on May 2, 2024."], "It opened on May 2, 2024.")

waits, done = [], threading.Event()
def sample():
    me = threading.get_native_id()
    last, before = time.perf_counter(), stack(worker["ident"])
    cpu = cpu_waits(me) + cpu_waits(worker["tid"])
    go.set()
    while not done.is_set():
        time.sleep(0.001)
        now = time.perf_counter()
        cpu_now = cpu_waits(me) + cpu_waits(worker["tid"])
        after = stack(worker["ident"])
        if now - last - 0.001 > 0.008:
            waits.append({"t0": last, "t1": now, "wait_ms": round((now - last - 0.001) * 1000, 1),
                          "cpu_waits_ms": round((cpu_now - cpu) * 1000, 1), "before": before, "after": after})
        last, before, cpu = time.perf_counter(), after, cpu_now

t = threading.Thread(target=load, name="loader")
t.start()
while "tid" not in worker:
    time.sleep(0.001)
sampler = threading.Thread(target=sample)
sampler.start()
t.join()
t0 = worker["t0"]
load_s = time.perf_counter() - t0
done.set()
sampler.join()
for w in waits:
    w["full_gc_ms"] = round(sum((min(b, w["t1"]) - max(a, w["t0"])) * 1000 for a, b, _ in collections
                                if a < w["t1"] and b > w["t0"]), 1)
    w["gil_hold_ms"] = round(max(0.0, w["wait_ms"] - w["cpu_waits_ms"]), 1)
    del w["t0"], w["t1"]
waits.sort(key=lambda w: -w["gil_hold_ms"])
print(json.dumps({"load_s": round(load_s, 2), "full_collections_in_load": sum(1 for a, _, _ in collections if a >= t0),
                  "longest": waits[:5]}))
'''


def run(mode: str) -> dict[str, Any]:
    proc = subprocess.run([sys.executable, "-c", PROBE, mode], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    if proc.returncode != 0:
        raise SystemExit(proc.stderr[-2000:])
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    report: dict[str, Any] = {"machine": {"cpus": os.cpu_count(), "load_avg_start": [round(x, 2) for x in os.getloadavg()]}}
    for mode in ("as imported", "collect"):
        runs = [run(mode) for _ in range(args.runs)]
        report[mode] = runs
        for r in runs:
            top = r["longest"][0] if r["longest"] else None
            print(f"{mode:11s}: load {r['load_s']} s, full collections during it {r['full_collections_in_load']}, "
                  + (f"longest GIL hold {top['gil_hold_ms']} ms (wait {top['wait_ms']}, CPU waits {top['cpu_waits_ms']}, "
                     f"full GC {top['full_gc_ms']} ms) after {top['before']}" if top else "no wait over 8 ms"))
    report["machine"]["load_avg_end"] = [round(x, 2) for x in os.getloadavg()]
    OUT.write_text(json.dumps(report, indent=2) + "\n")
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
