"""The held-out long answers: the format of ``tests/data/heldout_answers.jsonl``, nothing about raguard.

The file holds faithful multi-sentence answers over messy documents (email and Slack threads,
issue and pull-request threads, contract clauses, leaflets, OCR'd text, flattened tables) and
one-fact edits of them, written without reading raguard's rules. ``benchmarks/quality.py``
reports it as ``heldout_answers`` to measure how the long-answer rules generalize; it is a
measure, so these tests only keep the file well formed and assert nothing about the results.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

PATH = Path(__file__).parent / "data" / "heldout_answers.jsonl"
ITEMS: list[dict[str, Any]] = [json.loads(line) for line in PATH.read_text(encoding="utf-8").splitlines()
                               if line.strip()]
EDITS = ("number", "date", "name", "negation-added", "negation-removed")
FIELDS = {"id", "label", "style", "query", "docs", "answer"}
ID = re.compile(r"^ho-\d{3}-(faithful|" + "|".join(EDITS) + r")$")


def _sibling(item_id: str) -> str:
    """The faithful answer an edit was made from: "ho-007-name" -> "ho-007-faithful"."""
    return "-".join(item_id.split("-")[:2]) + "-faithful"


def test_ids_are_unique_and_well_formed() -> None:
    ids = [item["id"] for item in ITEMS]
    assert len(set(ids)) == len(ids), [i for i, n in Counter(ids).items() if n > 1]
    assert all(ID.match(i) for i in ids), [i for i in ids if not ID.match(i)]


@pytest.mark.parametrize("item", ITEMS, ids=lambda item: item["id"])
def test_a_record_has_its_fields_and_a_valid_label(item: dict[str, Any]) -> None:
    assert FIELDS <= set(item), FIELDS - set(item)
    assert isinstance(item["docs"], list) and 1 <= len(item["docs"]) <= 3
    assert all(isinstance(d, str) and d.strip() for d in item["docs"])
    assert item["query"].strip() and item["answer"].strip()
    if item["label"] == "faithful":
        assert "edit" not in item and item["id"].endswith("-faithful")
    else:
        assert item["label"] == "fabricated"
        assert item["edit"] in EDITS and item["id"].endswith("-" + item["edit"])


def test_every_edit_has_its_faithful_sibling_and_differs_from_it() -> None:
    by_id = {item["id"]: item for item in ITEMS}
    for item in ITEMS:
        if item["label"] != "fabricated":
            continue
        source = by_id.get(_sibling(item["id"]))
        assert source is not None and source["label"] == "faithful", item["id"]
        assert item["answer"] != source["answer"], item["id"]
        # an edit changes the answer, never what it was checked against
        assert item["docs"] == source["docs"] and item["query"] == source["query"], item["id"]


def test_the_set_is_large_enough_to_measure_every_kind_of_edit() -> None:
    kinds = Counter(item["edit"] for item in ITEMS if item["label"] == "fabricated")
    assert sum(1 for item in ITEMS if item["label"] == "faithful") >= 45
    assert set(kinds) == set(EDITS) and min(kinds.values()) >= 15, kinds
