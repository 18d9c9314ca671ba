"""Dump every result of a set of data sets, one JSON line per item, to compare two versions byte for byte.

    .venv/bin/python benchmarks/dump_results.py /tmp/before.jsonl           # on the old code
    .venv/bin/python benchmarks/dump_results.py /tmp/after.jsonl            # on the new code
    cmp /tmp/before.jsonl /tmp/after.jsonl
    .venv/bin/python benchmarks/compare_dumps.py /tmp/before.jsonl /tmp/after.jsonl  # what moved

A restructuring that should not change behaviour is checked this way: each line is
``result.model_dump_json()`` of one item, prefixed by the profile, the data set and the item's
id, so a difference names the item. Runs the default :class:`~raguard.Verifier` and the
``strict`` profile of benchmarks/quality.py over the paraphrase suite, the long-answer suite, the
held-out sets, the HaluEval sample, the faithful summaries and SummEdits (query "Summarize the
document."; each id ends with the human label); a data set missing from
``shared/data`` (beside the repository) is skipped with a message on stderr.
``--n-process 2`` verifies through :meth:`~raguard.Verifier.verify_many` with worker processes
instead of one ``verify`` call per item (the results must be the same).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Iterator, Optional

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from raguard import Verifier  # noqa: E402
from quality import (HELDOUT_SETS, PROFILES, load_heldout, load_long_suite, load_suite,  # noqa: E402
                     load_summaries)

SUMMEDITS_QUERY = "Summarize the document."


def shared_data() -> Optional[Path]:
    """``shared/data`` in the nearest ancestor of the repository that has one (a worktree sits
    deeper than the main checkout)."""
    for parent in ROOT.parents:
        if (parent / "shared" / "data").is_dir():
            return parent / "shared" / "data"
    return None


def _read_jsonl(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def load_halueval(data: Optional[Path]) -> Optional[list[dict[str, Any]]]:
    """The HaluEval QA sample as quality.py reads it (right and hallucinated answer per row)."""
    if data is None:
        return None
    files = [data / "halueval_qa" / "qa_one_turn.jsonl", data / "halueval_qa" / "qa_multi_turn.jsonl"]
    if not all(f.is_file() for f in files):
        return None
    items: list[dict[str, Any]] = []
    for f in files:
        for n, r in enumerate(_read_jsonl(f)):
            for answer, kind in ((r["right_answer"], "right"), (r["hallucinated_answer"], "hallucinated")):
                items.append({"id": f"{f.stem}:{n}:{kind}", "query": r["question"], "docs": [r["knowledge"]],
                              "answer": answer})
    return items


def load_summedits(data: Optional[Path], limit: Optional[int]) -> Optional[list[dict[str, Any]]]:
    """SummEdits: every (document, summary) pair of every domain file, in file order."""
    if data is None:
        return None
    files = sorted((data / "summedits").glob("*.json"))
    if not files:
        return None
    items: list[dict[str, Any]] = []
    for f in files:
        rows = json.loads(f.read_text(encoding="utf-8"))
        for r in rows[:limit]:
            label = "consistent" if r["label"] == 1 else "inconsistent"
            items.append({"id": f"{f.stem}:{r['id']}:{label}", "query": SUMMEDITS_QUERY, "docs": [r["doc"]],
                          "answer": r["summary"]})
    return items


def load_perf_sets() -> dict[str, list[dict[str, Any]]]:
    """perf.py's generated workloads, for changes to document indexing: its 384 long items, and
    each of 40 long answers against sets of 2 to 100 one-thousand-character documents (the
    supporting one among them; 8 or more take the set-index path)."""
    import perf

    long = [{"id": f"long:{n}", "query": q, "docs": d, "answer": a}
            for n, (q, d, a) in enumerate(perf.long_items(384))]
    fillers = [d[0][:1000].rsplit(" ", 1)[0] for _, d, _ in perf.long_items(100, seed=perf.SEED + 8)]
    doc_sets = []
    for n, (q, (support,), a) in enumerate(perf.long_items(40, seed=perf.SEED + 7)):
        size = (2, 5, 8, 20, 100)[n % 5]
        docs = fillers[:size - 1]
        docs.insert(n % size, support[:1000].rsplit(" ", 1)[0])
        doc_sets.append({"id": f"docs{size}:{n}", "query": q, "docs": docs, "answer": a})
    return {"perf_long": long, "perf_doc_sets": doc_sets}


def datasets(data: Optional[Path], summedits_limit: Optional[int],
             perf_sets: bool = False) -> Iterator[tuple[str, list[dict[str, Any]]]]:
    loaded = {
        "paraphrase_suite": load_suite(),
        "long_answers_suite": load_long_suite(),
        **{name: load_heldout(name) for name in HELDOUT_SETS},
        "halueval_qa": load_halueval(data),
        "summaries": load_summaries(),
        "summedits": load_summedits(data, summedits_limit),
        **(load_perf_sets() if perf_sets else {}),
    }
    for name, items in loaded.items():
        if items is None:
            print(f"{name}: not found, skipped", file=sys.stderr)
            continue
        yield name, items


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", type=Path, help="file to write, one JSON line per item and profile")
    parser.add_argument("--profile", choices=sorted(PROFILES), action="append",
                        help="profile(s) to run (default: all of quality.py's)")
    parser.add_argument("--n-process", type=int, default=0,
                        help="verify with verify_many(n_process=N) instead of one verify call per item")
    parser.add_argument("--summedits-limit", type=int, default=None,
                        help="first N items of each SummEdits domain (default: all)")
    parser.add_argument("--data", type=Path, default=None,
                        help="the shared data folder (default: shared/data beside the repository)")
    parser.add_argument("--perf-sets", action="store_true",
                        help="also perf.py's long items and sets of 2-100 documents (see load_perf_sets)")
    parser.add_argument("--no-cache", action="store_true",
                        help="verifiers without a document cache: every call indexes its documents")
    args = parser.parse_args(argv)
    sets = list(datasets(args.data or shared_data(), args.summedits_limit, args.perf_sets))
    counts: dict[str, int] = {}
    with args.out.open("w", encoding="utf-8") as out:
        for profile in args.profile or list(PROFILES):
            verifier = Verifier(**PROFILES[profile], **({"cache_size": 0} if args.no_cache else {}))
            for name, items in sets:
                if args.n_process:
                    triples = [(i["query"], i["docs"], i["answer"]) for i in items]
                    results = verifier.verify_many(triples, n_process=args.n_process)
                else:
                    results = (verifier.verify(i["query"], i["docs"], i["answer"]) for i in items)
                for item, result in zip(items, results):
                    out.write(f"{profile}\t{name}\t{item['id']}\t{result.model_dump_json()}\n")
                counts[f"{profile}/{name}"] = len(items)
                print(f"{profile}/{name}: {len(items)} items", file=sys.stderr, flush=True)
    print(json.dumps(counts), file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
