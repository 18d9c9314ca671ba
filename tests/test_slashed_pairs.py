"""Two whole numbers a document joins by a slash (a score "212/7", a bowler's "3/41", a mark
"62/80") that an answer says in words ("212 for 7", "62 out of 80"). The reader of values skips
digits beside a slash, so neither number was found; each faithful example has a changed twin
that must still be caught.
"""

from __future__ import annotations

from raguard import verify
from raguard.models import UNSUPPORTED_NUMBER


def flagged_numbers(docs: list[str], answer: str) -> list[str]:
    result = verify("Summarize the document.", docs, answer)
    return [w.text for w in result.warnings if w.type == UNSUPPORTED_NUMBER]


SCORECARD = ["Harbour XI 212/7 (50 ov) — T Okafor 88 (97); R Lind 3/41\nMillbrook 180 all out (46.2 ov)"]


def test_a_score_and_a_bowlers_figures_said_with_for() -> None:
    assert flagged_numbers(SCORECARD, "Harbour XI made 212 for 7 in their 50 overs, and R Lind took 3 for 41.") == []


def test_a_changed_value_of_the_pair_is_still_flagged() -> None:
    assert "8" in flagged_numbers(SCORECARD, "Harbour XI made 212 for 8 in their 50 overs.")
    assert "44" in flagged_numbers(SCORECARD, "R Lind took 3 for 44 for Harbour XI.")


def test_the_pair_in_the_other_order_is_not_the_documents() -> None:
    assert flagged_numbers(SCORECARD, "R Lind took 41 for 3 for Harbour XI.") != []


def test_a_mark_out_of_a_maximum() -> None:
    doc = ["Assessment: written paper 62/80; practical 18/20. Pass mark 50%."]
    assert flagged_numbers(doc, "She scored 62 out of 80 on the written paper and 18 of 20 in the practical.") == []
    assert "64" in flagged_numbers(doc, "She scored 64 out of 80 on the written paper.")


def test_values_far_apart_are_not_a_pair() -> None:
    # the two values said apart are no restatement of the slashed pair: the maximum alone is not
    # the document's (its score alone is, as a score out of a total no date can be)
    assert flagged_numbers(["Written paper 62/80."],
                           "She scored 62, and the paper, marked by two examiners, had 80 marks.") == ["80"]


def test_a_decimal_mark_out_of_a_maximum() -> None:
    doc = ["Reviewer panel: Lumen Cafe 8.5/10, Pier Bistro 7.2/10 (service 4.5/5)."]
    assert flagged_numbers(doc, "Lumen Cafe was rated 8.5 out of 10 and its service 4.5 out of 5.") == []
    assert "8.7" in flagged_numbers(doc, "Lumen Cafe was rated 8.7 out of 10.")


def test_a_maximum_a_tables_header_states_alone() -> None:
    doc = ["Applicant | Interview (/40) | Portfolio (/25) | TOTAL (/65)\nR. Odum | 31.5 | 19 | 50.5\nL. Varga | 28 | 22.5 | 50.5"]
    assert flagged_numbers(doc, "R. Odum scored 31.5 out of 40 in the interview and 50.5 out of 65 overall.") == []
    # a maximum the header does not state, or a changed mark, is still flagged
    assert "50" in flagged_numbers(doc, "R. Odum scored 31.5 out of 50 in the interview.")
    assert "33.5" in flagged_numbers(doc, "R. Odum scored 33.5 out of 40 in the interview.")


def test_values_with_decimals_joined_by_a_slash_are_each_a_value() -> None:
    docs = ["Line test after repair: sync 54.2/9.8 Mbps, attenuation 21.5 dB."]
    assert flagged_numbers(docs, "The line now syncs at 54.2 Mbps down and 9.8 Mbps up.") == []
    assert flagged_numbers(docs, "The line now syncs at 54.2 Mbps down and 8.9 Mbps up.") == ["8.9"]
    # two whole numbers stay a date's or a fraction's ("9/12", "2/3"); a list reads each
    from raguard.normalize.numbers import _slash_lists

    assert [n.value for n in _slash_lists("on 9/12, 2/3 of it, 4.5/5 stars, 128/256 GB")] == [4.5, 5.0, 128.0, 256.0]
