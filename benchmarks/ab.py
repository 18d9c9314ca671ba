"""Paired A/B of verify() between a git revision and the working tree, cold after each NER pass.

    .venv/bin/python benchmarks/ab.py HEAD                 # working tree against HEAD: seed, halueval
    .venv/bin/python benchmarks/ab.py 4d02a0c --workloads seed long --passes 2
    .venv/bin/python benchmarks/ab.py HEAD --aa            # HEAD against itself: the method's noise
    .venv/bin/python benchmarks/ab.py HEAD --new-docs      # every call indexes its documents

A change of a few µs is invisible in perf.py's ratios, which move by several hundredths between
runs on a shared machine. Here both versions run in one process, item by item, each right after
a floor parse (as in perf.py, raguard's code is then cold), and the median of the per-item
differences is reported. Both are imported as renamed copies of the package (``rg_base``,
``rg_head``) sharing one loaded pipeline: swapping single functions for their old source was
biased by ±14 µs in an A/A run (where code lands in memory matters when it is cold). Import order
still biases by a few µs, so the run is made twice, the order swapped, and the two averaged.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_IMPORT_RE = re.compile(r"\braguard(?=\.|\s+import\b)|(?<=\bimport )raguard\b")


def _rename(package: Path, name: str) -> None:
    """Point every ``raguard`` import inside the copied package at its new name."""
    for path in package.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        path.write_text(_IMPORT_RE.sub(name, text), encoding="utf-8")


def _copy(rev: str | None, name: str, into: Path) -> None:
    """The package at ``rev`` (None: the working tree) as ``into/name``, and its data/ beside."""
    if rev is None:
        shutil.copytree(ROOT / "raguard", into / name, ignore=shutil.ignore_patterns("__pycache__"))
    else:
        staging = into / f"_{name}"
        staging.mkdir()
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "raguard", "data"],
                                 capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(staging)], input=archive, check=True)
        (staging / "raguard").rename(into / name)
        shutil.rmtree(staging)
    if not (into / "data").exists():  # (the vague-phrase list, read from beside the package: the tree's)
        shutil.copytree(ROOT / "data", into / "data")
    _rename(into / name, name)


def _child(old: str, new: str, workloads: list[str], passes: int, new_docs: bool) -> None:
    import importlib

    sys.path.insert(0, str(ROOT / "benchmarks"))
    import perf

    packages = {k: importlib.import_module(p) for k, p in (("old", old), ("new", new))}
    # with new_docs, no document cache: each call indexes its documents (perf.py's "new docs")
    kwargs = {"cache_size": 0} if new_docs else {}
    verifier_new = packages["new"].Verifier(**kwargs)
    model = verifier_new.model()
    importlib.import_module(f"{old}.nlp")._cache = importlib.import_module(f"{new}.nlp")._cache
    verifiers = {"old": packages["old"].Verifier(**kwargs), "new": verifier_new}
    assert verifiers["old"].model() is model
    floor = perf.load_floor(model.name)
    clock = time.perf_counter_ns
    out: dict[str, dict[str, float]] = {}
    for name in workloads:
        items = {"seed": lambda: [perf.SEED_ITEM] * 300, "long": lambda: perf.long_items(150),
                 "halueval": lambda: (perf.halueval_items() or [])[:600]}[name]()
        if not items:
            print(f"{name}: no items (is ../shared/data/halueval_qa/ there?)", file=sys.stderr)
            continue
        differ = sum(verifiers["old"].verify(*it).model_dump() != verifiers["new"].verify(*it).model_dump()
                     for it in items)
        diffs: list[int] = []
        for p in range(passes):
            for i, (q, d, a) in enumerate(items):
                took = {}
                for k in (("old", "new") if (i + p) % 2 else ("new", "old")):
                    floor(a)
                    t0 = clock()
                    verifiers[k].verify(q, d, a)
                    took[k] = clock() - t0
                diffs.append(took["old"] - took["new"])
        out[name] = {"old_minus_new_us": statistics.median(diffs) / 1000, "items_differing": differ}
    print(json.dumps(out))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("rev", help="the git revision to compare with (the base)")
    ap.add_argument("--aa", action="store_true", help="compare the revision with itself (the noise)")
    ap.add_argument("--workloads", nargs="+", default=["seed", "halueval"], choices=["seed", "halueval", "long"])
    ap.add_argument("--passes", type=int, default=3)
    ap.add_argument("--new-docs", action="store_true",
                    help="verifiers without a document cache: every call indexes its documents")
    ap.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        _child(*args.child, args.workloads, args.passes, args.new_docs)
        return
    with tempfile.TemporaryDirectory(prefix="raguard-ab-") as tmp:
        where = Path(tmp)
        _copy(args.rev, "rg_base", where)
        _copy(args.rev if args.aa else None, "rg_head", where)
        runs = []
        for old, new in (("rg_base", "rg_head"), ("rg_head", "rg_base")):
            cmd = [sys.executable, str(Path(__file__).resolve()), args.rev, "--child", old, new,
                   "--passes", str(args.passes), "--workloads", *args.workloads,
                   *(["--new-docs"] if args.new_docs else [])]
            env = {**os.environ, "PYTHONPATH": tmp}
            done = subprocess.run(cmd, cwd=tmp, env=env, capture_output=True, text=True)
            if done.returncode != 0:
                raise SystemExit(done.stderr)
            result = json.loads(done.stdout.strip().splitlines()[-1])
            sign = 1 if old == "rg_base" else -1  # as "base minus head"
            runs.append({k: sign * v["old_minus_new_us"] for k, v in result.items()})
            differ = {k: v["items_differing"] for k, v in result.items() if v["items_differing"]}
            if differ:
                print(f"note: results differ on {differ} items")
        head = f"{args.rev} (A/A)" if args.aa else f"working tree against {args.rev}"
        head += ", documents indexed in every call" if args.new_docs else ""
        print(f"{head}: µs saved per verify (base minus head, median of per-item differences)")
        for name in runs[0]:
            a, b = runs[0][name], runs[1][name]
            print(f"  {name:<9} {a:+7.1f} and {b:+7.1f} (import orders)  mean {(a + b) / 2:+7.1f}")


if __name__ == "__main__":
    main()
