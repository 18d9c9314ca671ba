"""Check a blind writer's held-out file before it is wired in (standard library only: the writer
runs it and need not read anything of raguard's).

    python3 benchmarks/check_heldout.py FILE SET FIRST LAST     # ids hSET-FIRST .. hSET-LAST

The same rules as tests/test_heldout_answers.py: ids, fields, one faithful answer per item and
its seven kinds of edit, each edit one short swap (two roles exchanged aside), documents and query
as the faithful answer's. Prints the counts and every problem; exits 1 when there is one. See
benchmarks/heldout_prompt.md.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from typing import Any

EDITS = ("number", "date", "name", "negation-added", "negation-removed", "antonym", "role-swap")
FIELDS = ("id", "label", "style", "query", "docs", "answer")
#: The most characters an edit may change (what is left of both answers once their common start
#: and end are cut off), as tests/test_heldout_answers.py allows.
MAX_SWAP = 60


def swap(before: str, after: str) -> tuple[str, str]:
    """The one span an edit replaced, in the faithful answer and in the edited one."""
    start = 0
    while start < min(len(before), len(after)) and before[start] == after[start]:
        start += 1
    end = 0
    while end < min(len(before), len(after)) - start and before[-1 - end] == after[-1 - end]:
        end += 1
    return before[start:len(before) - end], after[start:len(after) - end]


def problems(items: list[dict[str, Any]], prefix: str, first: int, last: int) -> list[str]:
    """Every problem of a set's records (empty when it is well formed)."""
    out = []
    ids = [item.get("id") for item in items]
    out += [f"duplicate id {i}" for i, n in Counter(ids).items() if n > 1]
    pattern = re.compile(rf"^{prefix}-(\d{{3}})-(faithful|({'|'.join(EDITS)})(-\d)?)$")
    by_id = {item.get("id"): item for item in items}
    for item in items:
        i = str(item.get("id", "?"))
        m = pattern.match(i)
        if m is None:
            out.append(f"{i}: bad id")
            continue
        if not first <= int(m.group(1)) <= last:
            out.append(f"{i}: number outside {first}-{last}")
        out += [f"{i}: missing {f}" for f in FIELDS if f not in item]
        docs = item.get("docs")
        if not isinstance(docs, list) or not 1 <= len(docs) <= 3 or not all(isinstance(d, str) and d.strip() for d in docs):
            out.append(f"{i}: docs must be 1-3 non-empty strings")
        if item.get("label") == "faithful":
            if "edit" in item or not i.endswith("-faithful"):
                out.append(f"{i}: a faithful record has no edit and its id ends '-faithful'")
            continue
        if item.get("label") != "fabricated" or item.get("edit") not in EDITS:
            out.append(f"{i}: label must be 'fabricated' and edit one of {', '.join(EDITS)}")
            continue
        if not re.search(rf"-{item['edit']}(-\d)?$", i):
            out.append(f"{i}: the id does not end with its edit")
        source = by_id.get("-".join(i.split("-")[:2]) + "-faithful")
        if source is None:
            out.append(f"{i}: no faithful record")
            continue
        if source.get("docs") != item.get("docs") or source.get("query") != item.get("query"):
            out.append(f"{i}: docs or query differ from the faithful record's")
        if source.get("answer") == item.get("answer"):
            out.append(f"{i}: the answer is the faithful one")
        elif item["edit"] != "role-swap":
            removed, added = swap(str(source.get("answer", "")), str(item.get("answer", "")))
            if len(removed) > MAX_SWAP or len(added) > MAX_SWAP:
                out.append(f"{i}: more than {MAX_SWAP} characters changed: {removed!r} -> {added!r}")
    return out


def main(argv: list[str]) -> int:
    if len(argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    path, prefix, first, last = argv[0], f"h{int(argv[1])}", int(argv[2]), int(argv[3])
    with open(path, encoding="utf-8") as fh:
        items = [json.loads(line) for line in fh if line.strip()]
    kinds = Counter(item.get("edit") for item in items if item.get("label") == "fabricated")
    faithful = sum(1 for item in items if item.get("label") == "faithful")
    print(f"{len(items)} records, {faithful} faithful, edits {dict(kinds)}")
    found = problems(items, prefix, first, last)
    for problem in found:
        print("ERROR", problem)
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
