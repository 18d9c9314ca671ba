"""Values restated in another unit of the same measure."""

from __future__ import annotations

import pytest

from raguard import Verifier
from raguard.normalize.counts import counted_nouns
from raguard.normalize.measures import compound_measures, unit_after, unit_key_before
from raguard.normalize.numbers import extract_numbers, values_match


@pytest.mark.parametrize("claim, doc, ok", [
    ("4.8 tonnes", "4,800 kg", True),
    ("4.8-tonne", "4,750 kg", True),  # a converted value stands for its rounding
    ("4.8 tonnes", "4,700 kg", False),
    ("604 km", "375 mi", True),
    ("about 600 km", "375 miles", True),
    ("500 km", "375 mi", False),
    ("10 days", "10 weeks", False),  # same number, other unit: was a match before units
    ("5 kg", "5 miles", False),  # other measures
    ("6 kilometers", "6.213 km", False),  # the same unit: no rounding allowed
    ("6.213 kilometres", "6.213 km", True),
    ("5 kg", "5", True),  # a unit on one side only: compared as before
    ("10 SEC filings", "10 seconds", True),  # "SEC" is an acronym, not a unit
    ("1.5 seconds", "1500 ms", True),
    ("1.5 seconds", "1500ms", True),
    ("15 seconds", "1500 ms", False),
    ("1.5 seconds", "poll_interval_ms: 1500", True),  # the unit closes the key the value is given under
    ("1.5 seconds", '"pollIntervalMs": 1500', True),
    ("4 minutes", "lock-wait-seconds = 240", True),
    ("4 minutes", "lock-wait-seconds = 420", False),
    ("two weeks", "2 wks", True),  # notes shorten the unit
    ("14 days", "2 wks", True),
    ("three weeks", "2 wks", False),
    # as documents in other languages write them
    ("14 days", "binnen 14 Tagen", True),
    ("14 weeks", "binnen 14 Tagen", False),
    ("48 hours", "sous 48 heures", True),
    ("3 weeks", "plazo de 3 semanas", True),
    ("30 days", "binnen 30 dagen", True),
    ("30 days", "30 ore di lavoro", True),  # ("ore" is an English word: no unit, compared as a bare 30)
])
def test_values_match_across_units(claim: str, doc: str, ok: bool) -> None:
    (c,) = extract_numbers(claim)
    (d,) = extract_numbers(doc)
    assert values_match(c, d) is ok


def test_unit_after() -> None:
    text = "4.8-tonne craft, 2 metric tons, 12 pounds, 5 m, 3 SEC"
    assert [unit_after(text, n.end) for n in extract_numbers(text)] == ["tonne", "metric tons", None, None, None]


def test_unit_key_before() -> None:
    text = "sync_ms: 40\nport: 8080\nsession_id: 77\nDRAIN_SECONDS=30 and room 12 Ms Okafor"
    assert [(n.text, n.measure) for n in extract_numbers(text)] == [
        ("40", "ms"), ("8080", None), ("77", None), ("30", "seconds"), ("12", None)]
    assert unit_key_before("keep_days: ", len("keep_days: ")) == "days"
    assert unit_key_before("keep days: ", len("keep days: ")) is None  # a label, not a key


def test_compound_values() -> None:
    text = "beat her by 1 minute 8 seconds, after 2 hours and 41 minutes; 3 km 200 m; 5 seconds 2 minutes"
    found = compound_measures(text, extract_numbers(text))
    assert [(n.text, n.value, n.measure) for n in found] == [
        ("1 minute 8", 68.0, "seconds"), ("2 hours and 41", 161.0, "minutes")]


def test_verify_with_restated_units() -> None:
    verifier = Verifier(checkers=["numbers"])
    docs = ["the craft weighs 4,800 kg . alemu finished 1 minute 8 seconds behind ."]
    assert verifier.verify("", docs, "The 4.8-tonne craft; she won by 68 seconds.").warnings == []
    flagged = verifier.verify("", docs, "She won by 78 seconds.").warnings
    assert [w.text for w in flagged] == ["78"]


def test_a_counting_word_of_a_measure_is_found_in_another_unit_of_it() -> None:
    verifier = Verifier(checkers=["numbers"])
    docs = ["Objections within 14 days of the notice. Delivery time: 3 weeks."]
    assert verifier.verify("", docs, "You can object within two weeks.").warnings == []
    german = ["Widerspruch innerhalb von 14 Tagen. Lieferzeit: 3 Wochen."]
    assert verifier.verify("", german, "You can object within two weeks; delivery takes 21 days.").warnings == []
    # another count of it is still flagged against the documents' count ("3 weeks")
    assert [w.text for w in verifier.verify("", docs, "Delivery takes four weeks.").warnings] == ["four"]
    # a count is keyed by the unit's English name, whatever other languages call it
    assert [c.key for c in counted_nouns("at least three days of food, 3 Tage")] == [("day",), ("day",)]
