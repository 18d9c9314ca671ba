"""The long-answer suite: fluent multi-sentence answers over messy documents, and mechanical edits of them.

``tests/data/long_answers_suite.jsonl`` holds answers written for this suite (their own names,
numbers and wording) over documents as retrieval hands them over: tokenized news, lower-cased
reports, chats in shorthand, timestamped transcripts with role labels, Markdown answers,
leaflets with brackets, opening-hour tables. Each faithful answer restates its documents in
its own words; each fabricated one changes a single fact of it: a number, a date, a name, or
a denial added or taken away (``edit``). ``benchmarks/quality.py`` reports the suite; these
tests keep what it measures from sliding back.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from raguard import Verifier

SUITE_PATH = Path(__file__).parent / "data" / "long_answers_suite.jsonl"
ITEMS: list[dict[str, Any]] = [json.loads(line) for line in SUITE_PATH.read_text(encoding="utf-8").splitlines()
                               if line.strip()]

#: Faithful answers still sent to review, each for a reason no rule covers yet. A fix removes its
#: line here; a new false alarm fails the test.
KNOWN_FALSE_ALARMS = {
    "la-002-faithful": '"Tomas agreed to try it." for "ok will do": a reply restated as an act',
    "la-046-faithful": "clinical abbreviations (HTN, T2DM) restated in full",
    "la-058-faithful": '"no longer supports" for "drops support": "dropped" is a fall in figures more often',
}
#: Edits of a value or a name: every one must be caught.
VALUE_EDITS = ("number", "date", "name")
#: Edits that change no claim, left out of the count above (each was caught only through a false
#: alarm on its faithful answer, since fixed).
NOT_CLAIMS = {
    "la-049-number": 'renumbers a list marker ("1." -> "2."); the figures are untouched',
}
#: Added or removed denials caught when this was written: a floor, not a target.
MIN_DENIALS_CAUGHT = {"negation-added": 16, "negation-removed": 4}


def _source(item_id: str) -> str:
    """The faithful answer an edit was made from: "la-007-negation-added" -> "la-007-faithful"."""
    return "-".join(item_id.split("-")[:2]) + "-faithful"


@pytest.fixture(scope="module")
def actions() -> dict[str, str]:
    verifier = Verifier()
    return {item["id"]: verifier.verify(item["query"], item["docs"], item["answer"]).action for item in ITEMS}


def test_the_suite_is_well_formed() -> None:
    assert len({item["id"] for item in ITEMS}) == len(ITEMS)
    faithful = [i for i in ITEMS if i["label"] == "faithful"]
    assert len(faithful) >= 40
    kinds = Counter(i["edit"] for i in ITEMS if i["label"] == "fabricated")
    assert set(kinds) == set(VALUE_EDITS) | set(MIN_DENIALS_CAUGHT) and min(kinds.values()) >= 9
    by_id = {i["id"]: i for i in ITEMS}
    for item in ITEMS:
        assert item["answer"].strip() and item["docs"] and all(d.strip() for d in item["docs"]), item["id"]
        if item["label"] == "fabricated":  # an edit of a faithful answer over the same documents
            source = by_id[_source(item["id"])]
            assert source["docs"] == item["docs"] and source["answer"] != item["answer"], item["id"]


def test_faithful_long_answers_proceed(actions: dict[str, str]) -> None:
    flagged = {i["id"] for i in ITEMS if i["label"] == "faithful" and actions[i["id"]] == "review"}
    assert flagged == set(KNOWN_FALSE_ALARMS), sorted(flagged ^ set(KNOWN_FALSE_ALARMS))


@pytest.mark.parametrize("edit", VALUE_EDITS)
def test_a_changed_value_or_name_is_caught(actions: dict[str, str], edit: str) -> None:
    missed = [i["id"] for i in ITEMS if i.get("edit") == edit and actions[i["id"]] == "proceed"
              and i["id"] not in NOT_CLAIMS]
    assert missed == []


@pytest.mark.parametrize("edit", sorted(MIN_DENIALS_CAUGHT))
def test_reversed_denials_are_caught_at_least_as_often_as_before(actions: dict[str, str], edit: str) -> None:
    # (an edit of an answer already sent to review counts for nothing)
    caught = sum(1 for i in ITEMS if i.get("edit") == edit and actions[i["id"]] == "review"
                 and actions[_source(i["id"])] == "proceed")
    assert caught >= MIN_DENIALS_CAUGHT[edit]
