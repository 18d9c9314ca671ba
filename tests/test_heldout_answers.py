"""The held-out long answers: the format of ``tests/data/heldout_answers.jsonl`` and of the
second to twenty-fourth sets (``heldout2_answers.jsonl``...), nothing about raguard.

Each file holds faithful multi-sentence answers over messy retrieved documents (email, Slack,
WhatsApp and issue threads, transcripts, contract and policy wording, leaflets, notices,
timetables, judgments, OCR'd letters, ALL-CAPS and flattened tables) and one-fact edits of them,
written by a tester who read neither raguard's rules nor the other sets. ``benchmarks/quality.py``
reports them as ``heldout_answers`` to ``heldout24_answers`` to measure how the long-answer rules
generalize; they are a measure, so these tests only keep the files well formed and assert nothing
about the results.
"""

from __future__ import annotations

import importlib.util
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any, NamedTuple, Optional

import pytest

EDITS = ("number", "date", "name", "negation-added", "negation-removed")
#: The third set adds a word swapped for its opposite and two parties' roles swapped.
EDITS3 = EDITS + ("antonym", "role-swap")
FIELDS = {"id", "label", "style", "query", "docs", "answer"}


class HeldOut(NamedTuple):
    """One set: its file, its id prefix, the least it must hold to measure each kind of edit, and
    the longest span an edit may swap (the second and third sets were written to one short swap
    per edit; the first rewrites a clause for some denials: None), and its kinds of edit."""

    file: str
    prefix: str
    min_faithful: int
    min_per_edit: int
    max_swap: Optional[int]
    edits: tuple[str, ...] = EDITS


SETS = [HeldOut("heldout_answers.jsonl", "ho", 45, 15, None), HeldOut("heldout2_answers.jsonl", "h2", 40, 20, 60),
        HeldOut("heldout3_answers.jsonl", "h3", 42, 20, 60, EDITS3),
        HeldOut("heldout4_answers.jsonl", "h4", 42, 20, 60, EDITS3),
        HeldOut("heldout5_answers.jsonl", "h5", 42, 20, 60, EDITS3),
        HeldOut("heldout6_answers.jsonl", "h6", 42, 20, 60, EDITS3),
        HeldOut("heldout7_answers.jsonl", "h7", 42, 20, 60, EDITS3),
        HeldOut("heldout8_answers.jsonl", "h8", 42, 20, 60, EDITS3),
        HeldOut("heldout9_answers.jsonl", "h9", 42, 20, 60, EDITS3),
        HeldOut("heldout10_answers.jsonl", "h10", 42, 20, 60, EDITS3),
        HeldOut("heldout11_answers.jsonl", "h11", 42, 20, 60, EDITS3),
        HeldOut("heldout12_answers.jsonl", "h12", 42, 20, 60, EDITS3),
        HeldOut("heldout13_answers.jsonl", "h13", 42, 20, 60, EDITS3),
        HeldOut("heldout14_answers.jsonl", "h14", 42, 20, 60, EDITS3),
        HeldOut("heldout15_answers.jsonl", "h15", 42, 20, 60, EDITS3),
        HeldOut("heldout16_answers.jsonl", "h16", 42, 20, 60, EDITS3),
        HeldOut("heldout17_answers.jsonl", "h17", 42, 20, 60, EDITS3),
        HeldOut("heldout18_answers.jsonl", "h18", 42, 20, 60, EDITS3),
        HeldOut("heldout19_answers.jsonl", "h19", 42, 20, 60, EDITS3),
        HeldOut("heldout20_answers.jsonl", "h20", 42, 20, 60, EDITS3),
        HeldOut("heldout21_answers.jsonl", "h21", 42, 20, 60, EDITS3),
        HeldOut("heldout22_answers.jsonl", "h22", 42, 20, 60, EDITS3),
        HeldOut("heldout23_answers.jsonl", "h23", 42, 20, 60, EDITS3),
        HeldOut("heldout24_answers.jsonl", "h24", 42, 20, 60, EDITS3)]
BY_PREFIX = {held.prefix: held for held in SETS}


def _items(held: HeldOut) -> list[dict[str, Any]]:
    text = (Path(__file__).parent / "data" / held.file).read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


ITEMS = {held.prefix: _items(held) for held in SETS}
RECORDS = [item for held in SETS for item in ITEMS[held.prefix]]
by_set = pytest.mark.parametrize("held", SETS, ids=lambda held: held.prefix)


def _sibling(item_id: str) -> str:
    """The faithful answer an edit was made from: "ho-007-name" -> "ho-007-faithful"."""
    return "-".join(item_id.split("-")[:2]) + "-faithful"


def _load_check() -> Any:
    """benchmarks/check_heldout.py, the format check a blind writer runs (not a package module)."""
    path = Path(__file__).parent.parent / "benchmarks" / "check_heldout.py"
    spec = importlib.util.spec_from_file_location("check_heldout", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


#: The writers' check: its ``swap`` (the one span an edit replaced) is the one these tests use.
CHECK = _load_check()


def _edits(held: HeldOut) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """(edit, the faithful answer it was made from, or None when missing) for each edit of a set."""
    by_id = {item["id"]: item for item in ITEMS[held.prefix]}
    return [(item, by_id.get(_sibling(item["id"])))
            for item in ITEMS[held.prefix] if item["label"] == "fabricated"]


@by_set
def test_ids_are_unique_and_well_formed(held: HeldOut) -> None:
    # a second edit of one kind for one answer ends "-2" ("h4-007-number-2")
    pattern = re.compile(rf"^{held.prefix}-\d{{3}}-(faithful|(" + "|".join(held.edits) + r")(-\d)?)$")
    ids = [item["id"] for item in ITEMS[held.prefix]]
    assert len(set(ids)) == len(ids), [i for i, n in Counter(ids).items() if n > 1]
    assert all(pattern.match(i) for i in ids), [i for i in ids if not pattern.match(i)]


@pytest.mark.parametrize("item", RECORDS, ids=lambda item: item["id"])
def test_a_record_has_its_fields_and_a_valid_label(item: dict[str, Any]) -> None:
    assert FIELDS <= set(item), FIELDS - set(item)
    assert isinstance(item["docs"], list) and 1 <= len(item["docs"]) <= 3
    assert all(isinstance(d, str) and d.strip() for d in item["docs"])
    assert item["query"].strip() and item["answer"].strip()
    if item["label"] == "faithful":
        assert "edit" not in item and item["id"].endswith("-faithful")
    else:
        assert item["label"] == "fabricated"
        assert item["edit"] in BY_PREFIX[item["id"].split("-")[0]].edits
        assert re.search(rf"-{item['edit']}(-\d)?$", item["id"]), item["id"]


@by_set
def test_every_edit_has_its_faithful_sibling_and_differs_from_it(held: HeldOut) -> None:
    for item, source in _edits(held):
        assert source is not None and source["label"] == "faithful", item["id"]
        assert item["answer"] != source["answer"], item["id"]
        # an edit changes the answer, never what it was checked against
        assert item["docs"] == source["docs"] and item["query"] == source["query"], item["id"]


@pytest.mark.parametrize("held", [held for held in SETS if held.max_swap], ids=lambda held: held.prefix)
def test_an_edit_is_one_short_swap_of_its_faithful_answer(held: HeldOut) -> None:
    limit = held.max_swap or 0
    for item, source in _edits(held):
        assert source is not None, item["id"]
        if item["edit"] == "role-swap":
            continue  # two parties exchanged may stand far apart in the sentence
        removed, added = CHECK.swap(source["answer"], item["answer"])
        # one fact changes: the swapped span stays short beside answers of 3-6 sentences
        assert len(removed) <= limit and len(added) <= limit, (item["id"], removed, added)


@by_set
def test_the_set_is_large_enough_to_measure_every_kind_of_edit(held: HeldOut) -> None:
    items = ITEMS[held.prefix]
    kinds = Counter(item["edit"] for item in items if item["label"] == "fabricated")
    assert sum(1 for item in items if item["label"] == "faithful") >= held.min_faithful
    assert set(kinds) == set(held.edits) and min(kinds.values()) >= held.min_per_edit, kinds


def test_the_writers_check_accepts_a_wired_set_and_reports_a_long_swap() -> None:
    # benchmarks/check_heldout.py is what a blind writer runs before a set is wired in: the same rules
    items = ITEMS["h15"]
    assert CHECK.problems(items, "h15", 1, 60) == []
    tampered = [dict(item) for item in items]
    edit = next(item for item in tampered if item["id"] == "h15-001-number")
    edit["answer"] += " And a sentence the writer added, well past the sixty characters one edit may change."
    assert [p for p in CHECK.problems(tampered, "h15", 1, 60) if p.startswith("h15-001-number")]
    assert CHECK.problems(items, "h14", 1, 60)  # another set's prefix: every id is wrong
