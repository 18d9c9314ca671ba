"""A form's field ("Pets allowed: No"): the label a value is said of. Examples written for the rule."""

from __future__ import annotations

import pytest

from raguard import verify
from raguard.normalize.fields import field_label


@pytest.mark.parametrize(("text", "value", "label"), [
    ("Harbour Loft\nPets allowed: No\nSleeps: 4", "No", "Pets allowed"),
    ("Smoking permitted - no", "no", "Smoking permitted"),
    ("Severity:   High (CVSS 8.1)", "High", "Severity"),
    ("  Rate: fixed at 6.1% APR", "fixed", "Rate"),
    ("Rated power: 4 kW", "4", "Rated power"),  # a value may be anything
    ("Bring: a torch. Parking: none", "a torch", "Bring"),
    # a table's row: its first cell labels the next
    ("| Feature | Detail |\n|---|---|\n| Dogs allowed | No |", "No |", "Dogs allowed"),
    ("Dogs allowed | No", "No", "Dogs allowed"),
])
def test_a_value_after_a_label_at_the_start_of_its_line_is_the_labels(text: str, value: str, label: str) -> None:
    found = field_label(text, text.index(value))
    assert found is not None and text[found[0]:found[1]] == label


@pytest.mark.parametrize(("text", "value"), [
    ("Please read the notes for every guest staying with us: no pets.", "no"),  # a sentence, not a label
    ("2026-11-03: closed", "closed"),  # no letter to open a label
    ("Pets allowed No", "No"),  # no separator
    ("Door A: open and Door B closed", "closed"),  # not right after the separator
    ("Growth forecasts were trimmed: the economy will expand", "the economy"),  # a verb: a sentence
])
def test_a_value_elsewhere_has_no_label(text: str, value: str) -> None:
    assert field_label(text, text.index(value)) is None


@pytest.mark.parametrize(("doc", "answer", "action"), [
    ("Boiler service sheet\nFlue test: PASS\nCarbon monoxide alarm fitted: none - advised to buy one",
     "No carbon monoxide alarm is fitted, so the engineer advised buying one.", "proceed"),
    ("Boiler service sheet\nFlue test: PASS\nCarbon monoxide alarm fitted: none - advised to buy one",
     "A carbon monoxide alarm is fitted.", "review"),
    ("Boiler service sheet\nFlue test: PASS\nCarbon monoxide alarm fitted: yes - tested OK",
     "No carbon monoxide alarm is fitted.", "review"),
])
def test_a_field_whose_value_denies_its_label_states_the_denial(doc: str, answer: str, action: str) -> None:
    assert verify("What did the engineer find?", [doc], answer).action == action
