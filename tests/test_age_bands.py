"""An age band written as one word ("under-14s", "Over-60s") gives its age as a value: a
faithful "not suitable for children under 14" was flagged, the reader of values skipping a
number glued to a word by a hyphen (as in "COVID-19", which stays no value).
"""

from __future__ import annotations

from raguard import verify
from raguard.models import UNSUPPORTED_NUMBER
from raguard.normalize.numbers import loose_numbers


def flagged_numbers(docs: list[str], answer: str) -> list[str]:
    result = verify("Who can come?", docs, answer)
    return [w.text for w in result.warnings if w.type == UNSUPPORTED_NUMBER]


def test_an_age_band_gives_its_age_as_a_loose_value() -> None:
    text = "Free entry for under-5s and Over-65s; the COVID-19 rules have ended."
    assert [(n.text, n.value, n.unit) for n in loose_numbers(text, [])] == [("5", 5.0, "age"), ("65", 65.0, "age")]


DOC = ["THE LANTERN MAKERS — Studio 2, 7.30pm. Running time 95 min, no interval. Strobe lighting. Not suitable for under-14s."]


def test_an_age_band_restated_in_words_is_supported() -> None:
    assert flagged_numbers(DOC, "The Lantern Makers runs 95 minutes with no interval and is not suitable for children under 14.") == []


def test_another_age_is_still_flagged() -> None:
    assert "8" in flagged_numbers(DOC, "The Lantern Makers runs 95 minutes with no interval and is not suitable for children under 8.")


def test_an_age_supports_no_price() -> None:
    doc = ["Tickets: adults £14, under-16s free."]
    assert "£16" in flagged_numbers(doc, "Adult tickets cost £16.")
