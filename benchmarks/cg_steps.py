"""Instructions per verify() step, exact and repeatable: steps.py's table in callgrind's counts.

    .venv/bin/python benchmarks/cg_steps.py halueval        # 100 HaluEval items (3-6 min)
    .venv/bin/python benchmarks/cg_steps.py long --items 20
    .venv/bin/python benchmarks/cg_steps.py seed --items 10

Needs valgrind, gcc and Python's headers. Timings on a shared machine move by tens of per cent;
instruction counts do not (a few thousand per item), so a change of 1% shows. Python frames are
invisible to callgrind, so each timed step (every lazy attribute of the document index, the query
index and the check context, every checker, the result's construction) is run through a C
function of its own, ``step_NNN`` of a small extension module built here, one per (caller step,
step) pair: its inclusive cost is the step's, and a step's exclusive cost is that minus its
children's. Items are parsed once (their NER spans kept), then engine.findings and build_result
run with no spaCy and no document cache (every call indexes its documents and reads its query;
with --indexed, the warm passes fill the cache and the measured pass finds them indexed, as on a retry),
one measured pass (without garbage collection) after two warm ones. The wrappers add about 15% to the total: compare two
revisions' columns, not the total with benchmarks/perf.py.
"""

from __future__ import annotations

import argparse
import gc
import pickle
import re
import subprocess
import sys
import sysconfig
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[1]
#: C functions in the extension: distinct (caller, step) pairs one workload may use.
_SLOTS = 400


def _build_extension(into: Path) -> None:
    """Compile ``cgsteps``: ``step_NNN(f)`` calls ``f()`` and zero/dump wrap callgrind's requests."""
    lines = ["#define PY_SSIZE_T_CLEAN", "#include <Python.h>", "#include <valgrind/callgrind.h>"]
    for i in range(_SLOTS):
        lines.append(f"__attribute__((noinline)) static PyObject* step_{i:03d}(PyObject* s, PyObject* f) "
                     "{ PyObject* r = PyObject_CallNoArgs(f); __asm__ volatile(\"\" ::: \"memory\"); return r; }")
    lines.append("static PyObject* zero(PyObject* s, PyObject* a) { CALLGRIND_ZERO_STATS; Py_RETURN_NONE; }")
    lines.append("static PyObject* dump(PyObject* s, PyObject* a) { CALLGRIND_DUMP_STATS; Py_RETURN_NONE; }")
    lines.append("static PyMethodDef methods[] = {")
    lines += [f'  {{"step_{i:03d}", step_{i:03d}, METH_O, NULL}},' for i in range(_SLOTS)]
    lines += ['  {"zero", zero, METH_NOARGS, NULL}, {"dump", dump, METH_NOARGS, NULL},', "  {NULL, NULL, 0, NULL}};",
              'static struct PyModuleDef mod = {PyModuleDef_HEAD_INIT, "cgsteps", NULL, -1, methods};',
              "PyMODINIT_FUNC PyInit_cgsteps(void) { return PyModule_Create(&mod); }"]
    source = into / "cgsteps.c"
    source.write_text("\n".join(lines) + "\n")
    target = into / ("cgsteps" + sysconfig.get_config_var("EXT_SUFFIX"))
    subprocess.run(["gcc", "-O1", "-g", "-fno-optimize-sibling-calls", "-shared", "-fPIC",
                    "-I" + sysconfig.get_paths()["include"], "-o", str(target), str(source)], check=True)


def _items(workload: str, n: int, into: Path) -> Path:
    """perf.py's first ``n`` items of ``workload``, each with its response's NER spans, pickled."""
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import perf
    from raguard import Verifier
    from raguard.inputs import clean_inputs

    verifier = Verifier(cache_size=0)
    model = verifier.model()
    out = []
    for q, d, a in (perf.latency_workloads()[workload] or [])[:n]:
        cleaned = clean_inputs(q, d, a, verifier.engine.max_chars)
        with model.zone(cleaned.response):
            doc = model.parse(cleaned.response)
            out.append((q, d, a, [(e.start_char, e.end_char, e.label_) for e in doc.ents]))
    if not out:
        raise SystemExit(f"no items for {workload}")
    path = into / "items.pkl"
    path.write_bytes(pickle.dumps(out))
    return path


def _child(folder: Path) -> None:
    """Run under callgrind: instrument, two warm passes, one measured pass between zero and dump."""
    from functools import cached_property

    sys.path.insert(0, str(folder))
    import cgsteps  # type: ignore[import-not-found]

    from raguard import Verifier, documents, query
    from raguard.checkers import base
    from raguard.documents import DocumentSet
    from raguard.inputs import clean_inputs
    from raguard.lazy import lazy

    names: list[str] = []
    ids: dict[tuple[str, str], int] = {}
    stack = ["top"]

    def timed(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            key = (stack[-1], name)
            k = ids.get(key)
            if k is None:
                k = ids[key] = len(names)
                names.append(f"{key[0]}>{key[1]}")
            stack.append(name)
            try:
                return getattr(cgsteps, f"step_{k:03d}")(lambda: fn(*args, **kwargs))
            finally:
                stack.pop()
        return wrapper

    indexed = (folder / "indexed").exists()
    engine = Verifier(cache_size=512 if indexed else 0).engine
    for cls, prefix in ((documents.DocumentIndex, "doc."), (query.QueryIndex, "query."),
                        (documents.SetIndex, "set."), (base.CheckContext, "ctx.")):
        for name, attr in list(vars(cls).items()):
            if isinstance(attr, (cached_property, lazy)):
                attr.func = timed(prefix + name, attr.func)
    documents.DocumentIndex.best_sentence = timed("doc.best_sentence()", documents.DocumentIndex.best_sentence)
    for step in engine.steps:
        checker = step.checker
        name = "check." + checker.name
        if hasattr(checker, "check"):
            checker.check = (lambda f, n: timed(n, lambda ctx: list(f(ctx))))(checker.check, name)
        if hasattr(checker, "review"):
            checker.review = (lambda f, n: timed(n, lambda ctx, fs: list(f(ctx, fs))))(checker.review, name)
    import importlib

    for spec in filter(None, (folder / "also.txt").read_text().split() if (folder / "also.txt").exists() else ()):
        # "raguard.checkers.entities:_locate" or "raguard.normalize.text:TokenText.find": timed too
        module_name, _, qualname = spec.partition(":")
        owner: Any = importlib.import_module(module_name)
        *path, attr = qualname.split(".")
        for part in path:
            owner = getattr(owner, part)
        setattr(owner, attr, timed(qualname, getattr(owner, attr)))
    findings = timed("findings", engine.findings)
    build = timed("build_result", engine.build_result)

    class _Ent:
        __slots__ = ("start_char", "end_char", "label_")

        def __init__(self, start: int, end: int, label: str) -> None:
            self.start_char, self.end_char, self.label_ = start, end, label

    class _Doc:  # what the checkers read of a spaCy Doc: its entities
        def __init__(self, ents: list[tuple[int, int, str]]) -> None:
            self.ents = tuple(_Ent(*e) for e in ents)

    items = pickle.loads((folder / "items.pkl").read_bytes())
    prepared = [(clean_inputs(q, d, a, engine.max_chars), _Doc(ents)) for q, d, a, ents in items]

    def one_pass() -> None:
        for cleaned, doc in prepared:
            found = findings(cleaned, doc, DocumentSet(cleaned.documents, engine.documents_cache))
            build(found, cleaned.documents, cleaned.response)

    cgsteps.zero()
    cgsteps.dump()  # (a first dump: the calls' own setup stays out of the measured one)
    one_pass()
    one_pass()
    # no garbage collection in the measured pass: a full collection (millions of instructions with
    # the pipeline loaded) lands in whichever step allocates past the threshold, and with few items
    # it swamped a step (3.9M instructions an item in ctx.numbers on the seed item)
    gc.collect()
    gc.disable()
    cgsteps.zero()
    one_pass()
    cgsteps.dump()
    gc.enable()
    (folder / "names.txt").write_text("\n".join(names))


def _report(folder: Path, out: Path, n: int) -> None:
    """Exclusive and inclusive instructions per item of each step, most first."""
    names = (folder / "names.txt").read_text().split("\n")
    text = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", str(out)],
                          capture_output=True, text=True, check=True).stdout
    pairs: dict[int, int] = defaultdict(int)
    for line in text.splitlines():
        m = re.match(r"\s*([\d,]+) \([^)]*\)\s+.*:step_(\d+)(?:'\d+)?\s", line)
        if m:  # (a recursive step is listed once more with 'N: its outermost count is the largest)
            pairs[int(m.group(2))] = max(pairs[int(m.group(2))], int(m.group(1).replace(",", "")))
    total = re.search(r"([\d,]+) \(100.0%\)\s+PROGRAM TOTALS", text)
    inclusive: dict[str, int] = defaultdict(int)
    exclusive: dict[str, int] = defaultdict(int)
    for k, cost in pairs.items():
        parent, child = names[k].split(">")
        inclusive[child] += cost
        exclusive[child] += cost
        exclusive[parent] -= cost
    print(f"instructions per item, {n} items: {int(total.group(1).replace(',', '')) // n if total else 0} in all")
    print(f"  {'step':<32} {'exclusive':>10} {'inclusive':>10}")
    for name in sorted(exclusive, key=lambda s: -exclusive[s]):
        if name != "top":
            print(f"  {name:<32} {exclusive[name] // n:>10} {inclusive[name] // n:>10}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("workload", choices=["seed", "halueval", "long"])
    ap.add_argument("--items", type=int, default=None, help="items (default: seed 10, halueval 100, long 20)")
    ap.add_argument("--indexed", action="store_true",
                    help="documents already indexed and the query read (the warm passes fill the cache), as on a retry")
    ap.add_argument("--also", nargs="+", default=[], metavar="MODULE:NAME",
                    help="more functions to time, as module:function or module:Class.method "
                         "(called by their module-level name: a name imported elsewhere is not wrapped there)")
    ap.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child is not None:
        _child(args.child)
        return
    n = args.items or {"seed": 10, "halueval": 100, "long": 20}[args.workload]
    folder = Path(tempfile.mkdtemp(prefix="cg_steps."))
    _build_extension(folder)
    _items(args.workload, n, folder)
    if args.indexed:
        (folder / "indexed").touch()
    (folder / "also.txt").write_text("\n".join(args.also))
    out = folder / "callgrind.out"
    subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable,
                    str(Path(__file__).resolve()), args.workload, "--child", str(folder)],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   env={**__import__("os").environ, "PYTHONHASHSEED": "0", "PYTHONPATH": str(ROOT)})
    _report(folder, Path(f"{out}.2"), n)


if __name__ == "__main__":
    main()
