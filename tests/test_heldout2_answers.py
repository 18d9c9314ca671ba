"""The second held-out set: the format of ``tests/data/heldout2_answers.jsonl``, nothing about raguard.

The file holds faithful multi-sentence answers over messy retrieved documents (support macros and
tickets, wiki pages, minutes, Slack/WhatsApp/Teams chats, call and podcast transcripts, tokenized
news wire, press releases, spec sheets and price tables, FAQs, policy wording, leaflets, school and
university notices, timetables, results, filings, abstracts, judgments, OCR'd letters, ALL-CAPS and
lower-cased text) and one-fact edits of them. It was written after the first held-out set had been
used to fix gaps, by a tester who read neither raguard's rules nor the other sets, so that
``benchmarks/quality.py`` (``heldout2_answers``) can measure whether those fixes generalize; it is a
measure, so these tests only keep the file well formed and assert nothing about the results.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

PATH = Path(__file__).parent / "data" / "heldout2_answers.jsonl"
ITEMS: list[dict[str, Any]] = [json.loads(line) for line in PATH.read_text(encoding="utf-8").splitlines()
                               if line.strip()]
EDITS = ("number", "date", "name", "negation-added", "negation-removed")
FIELDS = {"id", "label", "style", "query", "docs", "answer"}
ID = re.compile(r"^h2-\d{3}-(faithful|" + "|".join(EDITS) + r")$")


def _sibling(item_id: str) -> str:
    """The faithful answer an edit was made from: "h2-007-name" -> "h2-007-faithful"."""
    return "-".join(item_id.split("-")[:2]) + "-faithful"


def _swap(before: str, after: str) -> tuple[str, str]:
    """The one span an edit replaced: what is left of both strings once their common start and
    end are cut off (the end cut never reaching into the start)."""
    start = 0
    while start < min(len(before), len(after)) and before[start] == after[start]:
        start += 1
    end = 0
    while end < min(len(before), len(after)) - start and before[-1 - end] == after[-1 - end]:
        end += 1
    return before[start:len(before) - end], after[start:len(after) - end]


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


def test_an_edit_is_one_short_swap_of_its_faithful_answer() -> None:
    by_id = {item["id"]: item for item in ITEMS}
    for item in ITEMS:
        if item["label"] != "fabricated":
            continue
        removed, added = _swap(by_id[_sibling(item["id"])]["answer"], item["answer"])
        # one fact changes: the swapped span stays short beside answers of 3-6 sentences
        assert len(removed) <= 60 and len(added) <= 60, (item["id"], removed, added)


def test_the_set_is_large_enough_to_measure_every_kind_of_edit() -> None:
    kinds = Counter(item["edit"] for item in ITEMS if item["label"] == "fabricated")
    assert sum(1 for item in ITEMS if item["label"] == "faithful") >= 40
    assert set(kinds) == set(EDITS) and min(kinds.values()) >= 20, kinds
