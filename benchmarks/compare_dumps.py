"""What moved between two dumps of benchmarks/dump_results.py: items whose action changed, per data set.

    .venv/bin/python benchmarks/compare_dumps.py /tmp/before.jsonl /tmp/after.jsonl
    .venv/bin/python benchmarks/compare_dumps.py /tmp/before.jsonl /tmp/after.jsonl --profile default

A rule change is kept when it sends no faithful item newly to review. Per data set this prints how
many faithful items moved to review (bad) or to proceed (good), how many edited ones moved to
review (caught) or to proceed (lost), and names the moved items; a lost edit of a held-out set is
marked "(sibling's)" when every warning that sent it to review before was one its faithful sibling
had too: it was caught only through a false alarm. A faithful item in review before and after
is named when it gains a high warning: a new false alarm its earlier one hid. An item is faithful when its id
says so (``faithful`` in the long-answer sets and the paraphrase suite, ``:right`` in HaluEval,
``:consistent`` in SummEdits) or its set is the faithful summaries.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path
from typing import Optional


def _faithful(dataset: str, item_id: str) -> bool:
    return (dataset == "summaries" or "faithful" in item_id or item_id.endswith(":right")
            or item_id.endswith(":consistent"))


Key = tuple[str, str, str]


def _read(path: Path, profile: Optional[str]) -> tuple[dict[Key, tuple[str, float]], dict[Key, frozenset[tuple[str, str]]]]:
    """Each item's (action, score), and its high warnings as (type, text)."""
    out: dict[Key, tuple[str, float]] = {}
    high: dict[Key, frozenset[tuple[str, str]]] = {}
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            prof, dataset, item_id, payload = line.rstrip("\n").split("\t", 3)
            if profile and prof != profile:
                continue
            result = json.loads(payload)
            out[(prof, dataset, item_id)] = (result["action"], float(result.get("score") or 0.0))
            high[(prof, dataset, item_id)] = frozenset((w["type"], w["text"]) for w in result.get("warnings", ())
                                                       if w.get("severity") == "high")
    return out, high


def _sibling(item_id: str) -> str:
    """The faithful answer a held-out edit was made from: "h6-019-number-2" -> "h6-019-faithful"."""
    return "-".join(item_id.split("-")[:2]) + "-faithful"


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--profile", default=None, help="compare one profile only (default: all)")
    parser.add_argument("--quiet", action="store_true", help="counts only, no item names")
    args = parser.parse_args(argv)
    (before, high), (after, high_after) = _read(args.before, args.profile), _read(args.after, args.profile)
    moved: dict[tuple[str, str], dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    score_moves: dict[tuple[str, str], int] = defaultdict(int)
    for key in sorted(before.keys() & after.keys()):
        (was, s0), (now, s1) = before[key], after[key]
        prof, dataset, item_id = key
        if s0 != s1:
            score_moves[(prof, dataset)] += 1
        if was == now:
            if now == "review" and _faithful(dataset, item_id) and not high_after[key] <= high[key]:
                # (a faithful answer in review before and after may still gain a false alarm)
                moved[(prof, dataset)]["faithful, new high warning"].append(item_id)
            continue
        kind = "faithful" if _faithful(dataset, item_id) else "edited"
        sibling = (prof, dataset, _sibling(item_id))
        if kind == "edited" and now == "proceed" and sibling in high and high[key] <= high[sibling]:
            item_id += " (sibling's)"
        moved[(prof, dataset)][f"{kind} -> {now}"].append(item_id)
    missing = len(before.keys() ^ after.keys())
    if missing:
        print(f"{missing} items are in one dump only (compared on the {len(before.keys() & after.keys())} in both)")
    if not any(k != "faithful, new high warning" for kinds in moved.values() for k in kinds):
        print("no action changed" + (f"; scores moved on {sum(score_moves.values())} items" if score_moves else ""))
    bad = 0
    for (prof, dataset), kinds in sorted(moved.items()):
        counts = ", ".join(f"{k}: {len(v)}" for k, v in sorted(kinds.items()))
        print(f"{prof}/{dataset}: {counts}; scores moved on {score_moves[(prof, dataset)]}")
        bad += len(kinds.get("faithful -> review", []))
        if not args.quiet:
            for k, ids in sorted(kinds.items()):
                for item_id in ids:
                    print(f"    {k}  {item_id}")
    print(f"faithful items newly sent to review: {bad}")
    gained = sum(len(kinds.get("faithful, new high warning", [])) for kinds in moved.values())
    print(f"faithful items already in review with a new high warning: {gained}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
