"""A counting word before a unit counts what the unit's abbreviation counts: "five minutes" is
the documents' "5 min", "two hours" their "2 hrs". A count is flagged where the documents count
the same thing and never with the answer's number; an abbreviated unit was another thing, so a
faithful "five minutes" was flagged against some other "37 minutes".
"""

from __future__ import annotations

from raguard import verify
from raguard.models import UNSUPPORTED_NUMBER
from raguard.normalize.counts import counted_nouns


def flagged_numbers(docs: list[str], answer: str) -> list[str]:
    result = verify("What happened?", docs, answer)
    return [w.text for w in result.warnings if w.type == UNSUPPORTED_NUMBER]


def test_a_units_abbreviation_and_its_name_are_one_key() -> None:
    doc, answer = counted_nouns("paged after 4 min; outage 52 minutes"), counted_nouns("four minutes after", spelled_only=True)
    assert doc[0].key == doc[1].key == answer[0].key
    assert counted_nouns("3 hrs")[0].key == counted_nouns("three hours", spelled_only=True)[0].key
    # other units and other things stay apart
    assert counted_nouns("3 hrs")[0].key != counted_nouns("three minutes", spelled_only=True)[0].key
    assert counted_nouns("3 gold albums")[0].key == counted_nouns("three gold albums", spelled_only=True)[0].key


DOC = ["Timeline: outage began 09:12 and lasted 52 minutes. The pager fired at 09:16 (4 min after onset)."]


def test_a_spelled_count_of_an_abbreviated_unit_is_supported() -> None:
    assert flagged_numbers(DOC, "The outage lasted 52 minutes, and the pager fired four minutes after it began.") == []


def test_a_changed_count_of_the_unit_is_still_flagged() -> None:
    assert "six" in flagged_numbers(DOC, "The outage lasted 52 minutes, and the pager fired six minutes after it began.")
