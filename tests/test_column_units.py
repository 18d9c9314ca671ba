"""The unit a table's header gives its column's values ("rebate_pct" over "15", "Run (mins)" over "45")."""

from __future__ import annotations

import pytest

from raguard import Verifier
from raguard.documents import DocumentIndex
from raguard.normalize.column_units import header_unit

_NUMBERS = Verifier(checkers=["numbers"])


@pytest.mark.parametrize("header, expected", [
    ("rebate_pct", ("unit", "%")),
    ("Share (%)", ("unit", "%")),
    ("% of votes", ("unit", "%")),
    ("Percent", ("unit", "%")),
    ("Run (mins)", ("measure", "mins")),
    ("EST MIN", ("measure", "min")),
    ("load_kg", ("measure", "kg")),
    ("pollIntervalMs", ("measure", "ms")),
    ("Day", None),  # a column of labels ("Day | 3"), not of durations
    ("Week", None),
    ("status", None),
    ("MS", None),  # an acronym, not milliseconds
    ("2024", None),
])
def test_header_unit(header: str, expected: object) -> None:
    assert header_unit(header) == expected


def _units(text: str) -> list[tuple[str, object, object]]:
    return [(n.text, n.unit, n.measure) for n in DocumentIndex(text).loose_numbers if n.unit or n.measure]


def test_a_csv_column_gives_its_cells_the_header_unit() -> None:
    text = "sku,name,qty,rebate_pct\nA-1,Hinge,40,15\nA-2,Latch,12,7.5\n"
    assert _units(text) == [("15", "%", None), ("7.5", "%", None)]


def test_a_pipe_table_column_gives_its_cells_the_header_unit() -> None:
    text = "| Class | Room | Run (mins) |\n|---|---|---|\n| Spin | 2 | 45 |\n| Yoga | 4 | 60 |\n"
    assert _units(text) == [("45", None, "mins"), ("60", None, "mins")]


def test_a_cell_of_words_or_a_line_outside_the_table_keeps_its_number_bare() -> None:
    text = "Orders below.\nitem,detail,wait_days\nsofa,12 items in stock,3\n\nWe waited 40 days once, in 2019, for one.\n"
    assert _units(text) == [("3", None, "days")]


def test_verify_reads_a_value_with_its_column_unit() -> None:
    docs = ["sku,name,qty,rebate_pct\nA-1,Hinge,40,15\nA-2,Latch,12,7.5\n"]
    assert _NUMBERS.verify("", docs, "Hinges carry a 15% rebate and latches 7.5%.").warnings == []
    assert [w.text for w in _NUMBERS.verify("", docs, "Hinges carry a 12% rebate.").warnings] == ["12%"]
    table = ["| Class | Room | Run (mins) |\n|---|---|---|\n| Spin | 2 | 45 |\n| Yoga | 4 | 90 |\n"]
    assert _NUMBERS.verify("", table, "Yoga runs for an hour and a half.").warnings == []
    assert [w.text for w in _NUMBERS.verify("", table, "Yoga runs for 2.5 hours.").warnings] == ["2.5"]


def test_a_line_that_gives_values_is_no_header() -> None:
    # the first line gives a number: it is a row, and its "5 kg" names no column's unit
    assert _units("A-1,5 kg,40\nA-2,Latch,12\nA-3,Hinge,7\n") == []
    assert header_unit("5 kg") is None
