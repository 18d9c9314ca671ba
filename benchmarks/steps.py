"""Where verify() spends its time, step by step: new documents against documents already indexed.

    .venv/bin/python benchmarks/steps.py long            # perf.py's long workload (200 items)
    .venv/bin/python benchmarks/steps.py halueval 300    # the first 300 HaluEval items

Every lazily computed attribute of the document index, the query index and the check context,
every checker, the parse and the result's construction are timed (exclusive time: what a step
spends outside the other timed steps), µs per verify. Two verifiers share one pipeline: one
without a document cache (each call indexes its documents and reads its query, as for a fresh
retrieval), one with the documents already indexed (a retry). They alternate item by item, each
right after a floor parse (so raguard's code runs cache-cold, as in perf.py), and the table is
sorted by what new documents add. The timers add about 1 µs per step; compare the two columns,
not the totals with perf.py.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from functools import cached_property
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import perf  # noqa: E402
from raguard import Verifier  # noqa: E402
from raguard import documents, engine, query  # noqa: E402
from raguard.checkers import base  # noqa: E402
from raguard.lazy import lazy  # noqa: E402

_clock = time.perf_counter_ns
_spent: dict[str, int] = defaultdict(int)
_calls: dict[str, int] = defaultdict(int)
_stack: list[int] = []


def _timed(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        _stack.append(0)
        t0 = _clock()
        try:
            return fn(*args, **kwargs)
        finally:
            took = _clock() - t0
            inner = _stack.pop()
            _spent[name] += took - inner
            _calls[name] += 1
            if _stack:
                _stack[-1] += took
    return wrapper


def _instrument(verifiers: list[Any]) -> None:
    for cls, prefix in ((documents.DocumentIndex, "doc."), (query.QueryIndex, "query."),
                        (documents.SetIndex, "set."), (base.CheckContext, "ctx.")):
        for name, attr in list(vars(cls).items()):
            if isinstance(attr, (cached_property, lazy)):
                attr.func = _timed(prefix + name, attr.func)
    documents.DocumentIndex.best_sentence = _timed("doc.best_sentence()", documents.DocumentIndex.best_sentence)
    engine.Engine.build_result = _timed("build_result", engine.Engine.build_result)
    model = verifiers[0].model()
    model.parse = _timed("parse", model.parse)
    for verifier in verifiers:
        for step in verifier.engine.steps:
            checker = step.checker
            name = "check." + checker.name
            if hasattr(checker, "check"):
                checker.check = (lambda f, n: lambda ctx: _timed(n, lambda: list(f(ctx)))())(checker.check, name)
            if hasattr(checker, "review"):
                checker.review = (lambda f, n: lambda ctx, fs: _timed(n, lambda: list(f(ctx, fs)))())(
                    checker.review, name)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("workload", choices=["seed", "halueval", "long"])
    ap.add_argument("items", nargs="?", type=int, default=200)
    ap.add_argument("--passes", type=int, default=2)
    args = ap.parse_args()
    items = (perf.latency_workloads()[args.workload] or [])[:args.items]
    if not items:
        raise SystemExit(f"no items for {args.workload}")
    modes = {"new": Verifier(cache_size=0), "cached": Verifier()}
    model = modes["new"].model()
    assert modes["cached"].model() is model
    _instrument(list(modes.values()))
    floor = perf.load_floor(model.name)
    for item in items:  # untimed: every lazy import done, the cached verifier's documents indexed
        for verifier in modes.values():
            verifier.verify(*item)
    spent = {k: defaultdict(int) for k in modes}
    calls = {k: defaultdict(int) for k in modes}
    total = dict.fromkeys(modes, 0)
    for p in range(args.passes):
        for i, item in enumerate(items):
            for mode in (("new", "cached") if (i + p) % 2 else ("cached", "new")):
                _spent.clear()
                _calls.clear()
                floor(item[2])
                t0 = _clock()
                modes[mode].verify(*item)
                total[mode] += _clock() - t0
                for k, v in _spent.items():
                    spent[mode][k] += v
                    calls[mode][k] += _calls[k]
    n = args.passes * len(items)
    print(f"{args.workload}: {len(items)} items x {args.passes} passes; verify mean, new documents "
          f"{total['new'] / n / 1e3:.0f} µs, indexed {total['cached'] / n / 1e3:.0f} µs")
    print(f"  {'step':<32} {'new µs':>8} {'indexed':>8} {'added':>8}  calls a verify")
    for name in sorted(spent["new"], key=lambda k: -(spent["new"][k] - spent["cached"].get(k, 0))):
        a, b = spent["new"][name] / n / 1e3, spent["cached"].get(name, 0) / n / 1e3
        if a >= 3 or b >= 3:
            print(f"  {name:<32} {a:8.1f} {b:8.1f} {a - b:8.1f}  {calls['new'][name] / n:.1f}")
    for mode in modes:
        print(f"  (outside the timed steps, {mode}) {(total[mode] - sum(spent[mode].values())) / n / 1e3:.1f} µs")


if __name__ == "__main__":
    main()
