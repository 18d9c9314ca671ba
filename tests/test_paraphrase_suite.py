"""The paraphrase suite (issue 3): faithful restatements must pass, single-fact fabrications must be flagged.

The pairs live in ``tests/data/paraphrase_suite.jsonl``, one JSON object per line. A faithful pair
restates document values in other forms (separators, scale words, spelled-out numbers, date formats,
name variants, quote styles...) and must raise no warning of severity high or medium. A fabricated
pair changes exactly one fact and must raise a warning of its ``expect_type``.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from raguard import verify
from raguard.models import WARNING_TYPES

SUITE_PATH = Path(__file__).parent / "data" / "paraphrase_suite.jsonl"
MIN_PER_LABEL = 120
BLOCKING_SEVERITIES = frozenset({"high", "medium"})

#: Every rule of the issue, each with faithful and fabricated pairs.
REQUIRED_RULES = frozenset({
    "number-format", "number-money", "number-percent", "number-spelled", "number-ordinal",
    "number-negative", "number-range", "number-hedge", "number-in-name",
    "date-format", "date-specificity",
    "entity-variant", "entity-person", "entity-acronym", "entity-demonym",
    "quote", "quote-ellipsis", "quote-one-word",
    "vague",
    "negation", "comparison", "attribution", "choice", "sameness", "unanswered", "creator",
    "statement",
})
_FIELDS = {"id", "label", "rule", "query", "docs", "answer", "note"}


def _load() -> list[dict[str, Any]]:
    pairs = []
    with SUITE_PATH.open(encoding="utf-8") as fh:
        for line_no, line in enumerate(fh, 1):
            if line.strip():
                try:
                    pairs.append(json.loads(line))
                except json.JSONDecodeError as exc:  # a broken line names itself
                    raise AssertionError(f"{SUITE_PATH.name}:{line_no}: {exc}") from None
    return pairs


PAIRS = _load()
FAITHFUL = [p for p in PAIRS if p.get("label") == "faithful"]
FABRICATED = [p for p in PAIRS if p.get("label") == "fabricated"]


def _describe(result) -> str:
    return "; ".join(f"{w.severity} {w.type} {w.text!r}" for w in result.warnings) or "no warnings"


def test_every_pair_is_well_formed() -> None:
    ids = Counter(p.get("id") for p in PAIRS)
    assert not [i for i, n in ids.items() if n > 1], "duplicate ids"
    for pair in PAIRS:
        missing = _FIELDS - pair.keys()
        assert not missing, f"{pair.get('id')}: missing {sorted(missing)}"
        assert pair["label"] in ("faithful", "fabricated"), pair["id"]
        assert pair["rule"] in REQUIRED_RULES, f"{pair['id']}: unknown rule {pair['rule']!r}"
        assert pair["id"].startswith(f"{pair['rule']}-{pair['label']}-"), pair["id"]
        assert isinstance(pair["docs"], list) and pair["docs"], pair["id"]
        assert all(isinstance(d, str) and d.strip() for d in pair["docs"]), pair["id"]
        assert isinstance(pair["answer"], str) and pair["answer"].strip(), pair["id"]
        if pair["label"] == "fabricated":
            assert pair.get("expect_type") in WARNING_TYPES, f"{pair['id']}: bad expect_type"
        else:
            assert "expect_type" not in pair, f"{pair['id']}: faithful pairs expect no warning"


def test_suite_size_and_coverage() -> None:
    assert len(FAITHFUL) >= MIN_PER_LABEL, len(FAITHFUL)
    assert len(FABRICATED) >= MIN_PER_LABEL, len(FABRICATED)
    for label, pairs in (("faithful", FAITHFUL), ("fabricated", FABRICATED)):
        missing = REQUIRED_RULES - {p["rule"] for p in pairs}
        assert not missing, f"{label} pairs missing rules: {sorted(missing)}"


def test_fabricated_answers_differ_from_documents() -> None:
    # a fabricated answer copied verbatim into a document could never be flagged
    for pair in FABRICATED:
        assert all(pair["answer"] not in doc for doc in pair["docs"]), pair["id"]


@pytest.mark.parametrize("pair", FAITHFUL, ids=[p["id"] for p in FAITHFUL])
def test_faithful_pair_is_not_flagged(pair: dict[str, Any]) -> None:
    result = verify(pair["query"], pair["docs"], pair["answer"])
    blocking = [w for w in result.warnings if w.severity in BLOCKING_SEVERITIES]
    assert not blocking, f"{pair['note']}: answer {pair['answer']!r} flagged: {_describe(result)}"


# Fabrications raguard is known to miss, each with the reason (README, Known limits). A pair
# missed that is not listed here fails; the target is at least 95% flagged.
KNOWN_MISSES: dict[str, str] = {
    "entity-person-fabricated-003": "spaCy's small model does not tag a sentence-initial 'Venus' as a name, "
                                    "and a lone capitalized word at a sentence start is not checked",
}


def _caught(pair: dict[str, Any]) -> bool:
    result = verify(pair["query"], pair["docs"], pair["answer"])
    return pair["expect_type"] in {w.type for w in result.warnings}


@pytest.mark.parametrize("pair", [p for p in FABRICATED if p["id"] not in KNOWN_MISSES],
                         ids=[p["id"] for p in FABRICATED if p["id"] not in KNOWN_MISSES])
def test_fabricated_pair_is_flagged(pair: dict[str, Any]) -> None:
    result = verify(pair["query"], pair["docs"], pair["answer"])
    types = {w.type for w in result.warnings}
    assert pair["expect_type"] in types, (
        f"{pair['note']}: answer {pair['answer']!r} should raise {pair['expect_type']}, got: {_describe(result)}"
    )


def test_fabricated_target_is_met() -> None:
    caught = [p["id"] for p in FABRICATED if _caught(p)]
    assert len(caught) / len(FABRICATED) >= 0.95
    assert set(KNOWN_MISSES) <= {p["id"] for p in FABRICATED}, "a known miss no longer exists in the suite"
