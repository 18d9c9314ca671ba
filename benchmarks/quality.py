"""Detection quality of raguard: paraphrase suite, HaluEval QA sample, faithful summaries.

    .venv/bin/python benchmarks/quality.py            # or: make quality

Prints a table per data set (precision, recall, false-positive rate, per warning type, time per
item) and writes benchmarks/results/quality.json. An item counts as flagged when its action is
"review"; for the paraphrase suite, whose vague-reference pairs are medium severity, any high or
medium warning counts. The HaluEval sample is read from ../shared/data/halueval_qa/ (beside the
repository); when it is missing the benchmark says so and skips it.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any, Callable, Iterable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from raguard import Verifier, VerifyResult  # noqa: E402

SUITE = ROOT / "tests" / "data" / "paraphrase_suite.jsonl"
SUMMARIES = ROOT / "benchmarks" / "data" / "summaries.jsonl"
HALUEVAL = ROOT.parent / "shared" / "data" / "halueval_qa"
RESULTS = ROOT / "benchmarks" / "results" / "quality.json"

#: Profiles compared in one run: the default, and a stricter statement threshold that trades
#: paraphrase false positives for recall on extractive QA.
PROFILES: dict[str, dict[str, Any]] = {
    "default": {},
    "strict": {"checker_options": {"statements": {"min_support": 0.67}}},
}


def _read_jsonl(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def load_suite() -> list[dict[str, Any]]:
    return [
        {"id": r["id"], "positive": r["label"] == "fabricated", "query": r["query"], "docs": r["docs"],
         "answer": r["answer"], "group": r["rule"]}
        for r in _read_jsonl(SUITE)
    ]


def load_halueval() -> list[dict[str, Any]] | None:
    files = [HALUEVAL / "qa_one_turn.jsonl", HALUEVAL / "qa_multi_turn.jsonl"]
    if not all(f.is_file() for f in files):
        return None
    items: dict[tuple[str, str, bool], dict[str, Any]] = {}
    for f in files:
        for r in _read_jsonl(f):
            for answer, positive in ((r["right_answer"], False), (r["hallucinated_answer"], True)):
                key = (r["knowledge"], answer, positive)
                items.setdefault(key, {"id": f"halueval-{len(items)}", "positive": positive,
                                       "query": r["question"], "docs": [r["knowledge"]], "answer": answer,
                                       "group": "qa"})
    return list(items.values())


def load_summaries() -> list[dict[str, Any]] | None:
    if not SUMMARIES.is_file():
        return None
    return [{"id": r["id"], "positive": False, "query": r["query"], "docs": r["docs"], "answer": r["answer"],
             "group": r.get("topic", "summary")} for r in _read_jsonl(SUMMARIES)]


def evaluate(verifier: Verifier, items: list[dict[str, Any]],
             flagged: Callable[[VerifyResult], bool]) -> dict[str, Any]:
    tp = fp = tn = fn = 0
    times: list[float] = []
    type_pos: Counter[str] = Counter()
    type_neg: Counter[str] = Counter()
    false_positives: list[dict[str, Any]] = []
    n_pos = sum(1 for i in items if i["positive"])
    for item in items:
        t0 = time.perf_counter()
        result = verifier.verify(item["query"], item["docs"], item["answer"])
        times.append(time.perf_counter() - t0)
        hit = flagged(result)
        types = {w.type for w in result.warnings if w.severity in ("high", "medium")}
        if item["positive"]:
            tp += hit
            fn += not hit
            type_pos.update(types)
        else:
            fp += hit
            tn += not hit
            type_neg.update(types)
            if hit:
                false_positives.append({"id": item["id"], "answer": item["answer"][:200],
                                        "warnings": [(w.type, w.text[:80]) for w in result.warnings
                                                     if w.severity in ("high", "medium")]})
    n_neg = len(items) - n_pos
    per_type = {
        t: {"fires_on_positive": type_pos[t], "fires_on_negative": type_neg[t],
            "share_of_positives": round(type_pos[t] / n_pos, 3) if n_pos else None,
            "share_of_negatives": round(type_neg[t] / n_neg, 3) if n_neg else None,
            "precision": round(type_pos[t] / (type_pos[t] + type_neg[t]), 3) if (type_pos[t] + type_neg[t]) and n_pos and n_neg else None}
        for t in sorted(set(type_pos) | set(type_neg))
    }
    return {
        "items": len(items), "positives": n_pos, "negatives": n_neg,
        "tp": tp, "fp": fp, "tn": tn, "fn": fn,
        "precision": round(tp / (tp + fp), 4) if tp + fp else None,
        "recall": round(tp / n_pos, 4) if n_pos else None,
        "false_positive_rate": round(fp / n_neg, 4) if n_neg else None,
        "ms_per_item_mean": round(1000 * statistics.fmean(times), 3) if times else None,
        "ms_per_item_p50": round(1000 * statistics.median(times), 3) if times else None,
        "per_type": per_type,
        "false_positives": false_positives[:25],
    }


def _review(result: VerifyResult) -> bool:
    return result.action == "review"


def _high_or_medium(result: VerifyResult) -> bool:
    return any(w.severity in ("high", "medium") for w in result.warnings)


def _fmt(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.3f}"
    return str(value)


def print_table(name: str, profile: str, report: dict[str, Any]) -> None:
    print(f"\n{name}  [profile: {profile}]  ({report['items']} items: {report['positives']} positive, "
          f"{report['negatives']} negative)")
    print(f"  precision {_fmt(report['precision'])}   recall {_fmt(report['recall'])}   "
          f"false-positive rate {_fmt(report['false_positive_rate'])}   "
          f"FP {report['fp']}   time/item mean {_fmt(report['ms_per_item_mean'])} ms, "
          f"p50 {_fmt(report['ms_per_item_p50'])} ms")
    if report["per_type"]:
        print(f"  {'warning type':<24}{'on positives':>14}{'on negatives':>14}{'precision':>11}")
        for wtype, row in report["per_type"].items():
            print(f"  {wtype:<24}{row['fires_on_positive']:>8} ({_fmt(row['share_of_positives'])})"
                  f"{row['fires_on_negative']:>6} ({_fmt(row['share_of_negatives'])}){_fmt(row['precision']):>9}")


def run(profiles: Iterable[str]) -> dict[str, Any]:
    out: dict[str, Any] = {"machine": platform.platform(), "python": platform.python_version(),
                           "when": time.strftime("%Y-%m-%d %H:%M:%S"), "sets": {}}
    datasets: list[tuple[str, list[dict[str, Any]] | None, Callable[[VerifyResult], bool], str]] = [
        ("paraphrase_suite", load_suite(), _high_or_medium, str(SUITE.relative_to(ROOT))),
        ("halueval_qa", load_halueval(), _review, str(HALUEVAL)),
        ("faithful_summaries", load_summaries(), _review, str(SUMMARIES.relative_to(ROOT))),
    ]
    for profile in profiles:
        verifier = Verifier(**PROFILES[profile])
        verifier.verify("warm-up", ["The model loads once."], "The model loads once.")
        for name, items, flagged, source in datasets:
            if items is None:
                print(f"\n{name}: MISSING — expected at {source}; skipped.")
                out["sets"].setdefault(name, {})[profile] = {"missing": source}
                continue
            report = evaluate(verifier, items, flagged)
            print_table(name, profile, report)
            out["sets"].setdefault(name, {})[profile] = report
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", choices=sorted(PROFILES), action="append",
                        help="profile(s) to run (default: all)")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args(argv)
    report = run(args.profile or list(PROFILES))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(f"\nwritten: {args.out.relative_to(ROOT) if args.out.is_relative_to(ROOT) else args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
