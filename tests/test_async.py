"""raguard.averify / Verifier.averify and relapse.arun never block the event loop.

The heartbeat test runs in a fresh interpreter so that the first call really loads the spaCy
model (it is cached per process): a heartbeat task ticks every 5 ms on the loop while 50
concurrent ``averify`` calls run on a new Verifier.

What it asserts about time (the issue's bound, 50 ms), two ways:

- the event-loop thread's own CPU time between two ticks (a verify or a model load done on the
  loop takes far more: the load alone is ~0.5 s of CPU);
- the wall-clock gap between ticks minus the time the process's threads waited for a CPU (Linux
  schedstat): what is left is the loop waiting for the GIL, which no step of the model load in the
  worker thread may hold that long (raguard fills spaCy's string table in slices for that reason).

The script collects garbage once after its imports, before the loop starts, as an app that needs
short pauses does: a full collection walks the whole heap (~90,000 objects once spaCy and pydantic
are imported: 20-50 ms of CPU here, holding the GIL), and the imports make one due that the load's
allocations then set off, in whichever thread allocates, the loop's included. Without it (9 runs,
load average 3-7 on 2 cores) the max lag was 2-52 ms, the loop's CPU up to 54 ms in one tick and
the max wall gap 96-152 ms, and 2 runs failed the 50 ms bounds; with it, none of 10 (max gap 19-52
ms, max lag at most 5 ms). Those collections, landing inside spaCy's tokenizer construction, had been
taken for spaCy's C code holding the GIL 30-70 ms. See benchmarks/gil_holds.py and
docs/integrations.md.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

import raguard
from raguard import Verifier

QUERY = "When does the Lindqvist audit close?"
DOCS = ["The Lindqvist audit opened on March 3, 2025 and closes on April 18, 2025."]
GOOD = "The Lindqvist audit closes on April 18, 2025."
BAD = "The Lindqvist audit closes on May 2, 2025."

HEARTBEAT = textwrap.dedent(
    """
    import asyncio, gc, json, os, sys, threading, time
    import raguard, raguard.nlp
    from raguard import Verifier  # imported before the loop runs, as an app's imports are (raguard's names load lazily)
    gc.collect()  # the imports' garbage, collected before the loop runs (see the module docstring)

    def runnable_waits() -> int:
        # ns the process's threads spent ready to run but without a CPU (Linux schedstat)
        total = 0
        for tid in os.listdir("/proc/self/task"):
            try:
                with open(f"/proc/self/task/{tid}/schedstat") as fh:
                    total += int(fh.read().split()[1])
            except (OSError, IndexError, ValueError):
                pass
        return total

    async def main():
        assert not raguard.nlp._cache, "the model is already loaded: the first call would not load it"
        ticks = []  # (wall gap, wall gap minus OS run-queue waits, loop-thread CPU) per tick, seconds
        done = asyncio.Event()

        async def heartbeat():
            # (wall and CPU clocks read together, the slower /proc read before and after them)
            waits = runnable_waits()
            last, cpu = time.perf_counter(), time.thread_time()
            while not done.is_set():
                await asyncio.sleep(0.005)
                now, c = time.perf_counter(), time.thread_time()
                w = runnable_waits()
                gap = now - last - 0.005
                ticks.append((gap, gap - (w - waits) / 1e9, c - cpu))
                waits = runnable_waits()
                last, cpu = time.perf_counter(), time.thread_time()

        beat = asyncio.create_task(heartbeat())
        await asyncio.sleep(0.05)
        verifier = Verifier()
        calls = [verifier.averify(QUERY, DOCS, GOOD if i % 2 else BAD) for i in range(50)]
        results = await asyncio.gather(*calls)
        done.set()
        await beat
        print(json.dumps({
            "actions": [r.action for r in results],
            "loaded": bool(raguard.nlp._cache),
            "ticks": len(ticks),
            "max_gap": max(t[0] for t in ticks),
            "max_lag": max(t[1] for t in ticks),
            "max_loop_cpu": max(t[2] for t in ticks),
        }))

    QUERY, DOCS, GOOD, BAD = json.loads(sys.argv[1])
    asyncio.run(main())
    """
)


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs Linux /proc schedstat")
def test_heartbeat_never_waits_50ms_during_50_concurrent_averify_calls_first_included():
    proc = subprocess.run([sys.executable, "-c", HEARTBEAT, json.dumps([QUERY, DOCS, GOOD, BAD])], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    info = json.loads(proc.stdout.strip().splitlines()[-1])
    print(f"heartbeat: {info['ticks']} ticks, max gap {info['max_gap'] * 1000:.1f} ms, "
          f"max lag {info['max_lag'] * 1000:.1f} ms, max loop CPU {info['max_loop_cpu'] * 1000:.1f} ms")
    assert info["loaded"]  # the model was loaded during the calls...
    assert info["actions"] == ["review", "proceed"] * 25  # ...and every call answered correctly
    assert info["ticks"] >= 10  # the heartbeat ran throughout (the load takes ~1 s)
    assert info["max_loop_cpu"] < 0.050, info  # no verify and no model load ran on the loop
    assert info["max_lag"] < 0.050, info  # and no thread held the GIL that long (see the docstring)


def test_averify_returns_what_verify_returns_and_runs_off_the_loop_thread():
    seen: list[int] = []

    class Recording(Verifier):
        def verify(self, query, retrieved_docs, llm_response):  # type: ignore[override]
            seen.append(threading.get_ident())
            return super().verify(query, retrieved_docs, llm_response)

    verifier = Recording()

    async def main():
        loop_thread = threading.get_ident()
        results = await asyncio.gather(verifier.averify(QUERY, DOCS, BAD), raguard.averify(QUERY, DOCS, GOOD))
        return loop_thread, results

    loop_thread, (bad, good) = asyncio.run(main())
    assert bad == verifier.verify(QUERY, DOCS, BAD)
    assert good == raguard.verify(QUERY, DOCS, GOOD)
    assert bad.action == "review" and good.action == "proceed"
    assert seen and loop_thread not in seen[:1]


def test_averify_never_raises_on_bad_input():
    result = asyncio.run(raguard.averify(QUERY, 42, GOOD))
    assert result.action == "review" and result.warnings[0].type == "input_error"


def test_relapse_arun_runs_the_raguard_check_off_the_event_loop():
    import relapse
    from relapse.check import RaguardCheck

    seen: list[int] = []

    class Recording(Verifier):
        def verify(self, query, retrieved_docs, llm_response):  # type: ignore[override]
            seen.append(threading.get_ident())
            return super().verify(query, retrieved_docs, llm_response)

    answers = iter([BAD, GOOD])

    async def llm(prompt: str) -> str:
        return next(answers)

    async def main():
        result = await relapse.arun(QUERY, DOCS, call_llm=llm, grounding_check=RaguardCheck(Recording()))
        return threading.get_ident(), result

    loop_thread, result = asyncio.run(main())
    assert result.answer == GOOD and len(seen) == 2
    assert loop_thread not in seen
