"""Two values the answer gives, each in the other's place (the placement checker's second reading)."""

from __future__ import annotations

import pytest

from raguard import Verifier, verify
from raguard.checkers import DEFAULT_CHECKERS
from raguard.checkers.value_swaps import MAX_PLACES, MAX_VALUES
from raguard.models import CONTRADICTED_CLAIM

SCORES = ("Tender evaluation, lot 3\n"
          "Bidder | Quality (/60) | Price (/30) | Total\n"
          "Ostrava Cleaning Ltd | 51.2 | 24.6 | 75.8\n"
          "Tamsin Hygiene Group | 43.7 | 28.9 | 72.6")
REVISION = ("Quarterly bulletin. The corrected vacancy rate for the second quarter is 6.8% "
            "(previously reported as 6.1%). The next bulletin is due in the spring.")


def swaps(answer: str, docs: list[str]) -> list:
    return [w for w in verify("Summarize the documents.", docs, answer).warnings
            if w.type == CONTRADICTED_CLAIM]


@pytest.mark.parametrize(
    ("answer", "docs", "said", "given"),
    [
        # a table's rows: each figure goes with its row's name
        ("Ostrava scored 43.7 for quality and Tamsin 51.2.", [SCORES], "43.7", "51.2"),
        ("Tamsin's quality mark of 51.2 was well above Ostrava's 43.7.", [SCORES], "51.2", "43.7"),
        # prose: the corrected figure and the one reported before it
        ("The corrected vacancy rate for the second quarter is 6.1%, not the 6.8% reported before.",
         [REVISION], "6.1%", "6.8%"),
    ],
)
def test_two_values_in_each_others_place_are_flagged(answer: str, docs: list[str], said: str, given: str) -> None:
    [warning] = swaps(answer, docs)  # one warning for the pair, at its first value
    assert warning.text == said and warning.start == answer.index(said) and warning.severity == "high"
    assert f'The answer puts "{said}" and "{given}" in each other\'s place' in warning.suggestion
    assert f'gives "{given}" there' in warning.suggestion


@pytest.mark.parametrize(
    ("answer", "docs"),
    [
        ("Ostrava scored 51.2 for quality and Tamsin 43.7.", [SCORES]),
        ("Tamsin's quality mark of 43.7 was well below Ostrava's 51.2.", [SCORES]),
        # a column's header is bound to every figure under it: one way only, no swap
        ("Its quality score of 43.7 out of 60 was below the winner's 51.2.", [SCORES]),
        # a name after the "and" between two values is the second one's label, not the first's
        ("Ostrava Cleaning scored 51.2 and Tamsin Hygiene 43.7.", [SCORES]),
        ("The corrected vacancy rate for the second quarter is 6.8%, not the 6.1% reported before.", [REVISION]),
        # values of another kind are not each other's: a share and a count
        ("The corrected vacancy rate is 6.8% and 43.7 points went to Tamsin.", [REVISION, SCORES]),
        # a change restated the other way round: its subject beside the other value
        ("Kelso sales rose from 120 units in March to 150 units in April.",
         ["April sales at the Kelso shop were 150 units, up from 120 units in March."]),
        # a chunk as retrieval may hand it over: all in lower case
        ("Ostrava scored 51.2 for quality and Tamsin 43.7.",
         ["bidder | quality | total\nostrava cleaning ltd | 51.2 | 75.8\ntamsin hygiene group | 43.7 | 72.6"]),
    ],
)
def test_values_in_their_own_places_pass(answer: str, docs: list[str]) -> None:
    assert swaps(answer, docs) == []


SPLIT = "Prize fund split: MARLOWE ROWING CLUB 60%; DUNMORE SAILING TRUST 40% (HOST)"


@pytest.mark.parametrize(("answer", "flagged"), [
    # the words between two values split at the conjunction that sets them side by side, not at
    # the "to" that gives each its party
    ("The prize fund goes 60% to Dunmore Sailing Trust as host and 40% to Marlowe Rowing Club.", True),
    ("The prize fund goes 60% to Marlowe Rowing Club and 40% to Dunmore Sailing Trust as host.", False),
])
def test_values_shared_out_to_parties_are_read_with_their_parties(answer: str, flagged: bool) -> None:
    found = swaps(answer, [SPLIT])
    assert [w.text for w in found] == (["60%"] if flagged else [])


def test_a_swap_is_read_in_a_lower_case_chunk() -> None:
    doc = "bidder | quality | total\nostrava cleaning ltd | 51.2 | 75.8\ntamsin hygiene group | 43.7 | 72.6"
    [warning] = swaps("Ostrava scored 43.7 for quality and Tamsin 51.2.", [doc])
    assert warning.text == "43.7" and "tamsin hygiene group | 43.7" not in warning.suggestion
    assert "ostrava cleaning ltd | 51.2 | 75.8" in warning.suggestion


def test_hedged_values_are_not_read_as_swapped() -> None:
    # "about" already says the figure is not the document's own: no place is claimed for it
    assert swaps("Ostrava scored about 44 for quality and Tamsin about 51.", [SCORES]) == []


def test_a_sentence_listing_more_values_than_the_limit_is_not_read() -> None:
    rows = "\n".join(f"Site {chr(65 + i)}{chr(97 + i)}lton | {10 + i}.5" for i in range(MAX_VALUES + 1))
    names = [f"{chr(65 + i)}{chr(97 + i)}lton" for i in range(MAX_VALUES + 1)]
    # every value swapped with its neighbour's, all in one sentence
    listed = ", ".join(f"{names[i]} {10 + (i ^ 1 if (i ^ 1) <= MAX_VALUES else i)}.5" for i in range(MAX_VALUES + 1))
    assert swaps(f"The sites scored: {listed}.", [rows]) == []
    # the first two alone are read
    assert swaps(f"{names[0]} scored 11.5 and {names[1]} 10.5.", [rows])


def test_the_reading_goes_with_the_placement_checker() -> None:
    answer = "Ostrava scored 43.7 for quality and Tamsin 51.2."
    guard = Verifier(checkers=[c for c in DEFAULT_CHECKERS if c != "placement"])
    assert [w for w in guard.verify("q", [SCORES], answer).warnings if w.type == CONTRADICTED_CLAIM] == []


def test_a_value_given_in_more_places_than_the_limit_is_not_read() -> None:
    answer = "Ostrava scored 43.7 for quality and Tamsin 51.2."
    assert swaps(answer, [SCORES])
    # the same table with one figure repeated down a column of other rows
    filler = "\n".join(f"Lot {i} reserve | 43.7" for i in range(MAX_PLACES))
    assert swaps(answer, [SCORES + "\n" + filler]) == []


MARKDOWN = ("| Tariff | Day rate (p/kWh) | Night rate (p/kWh) |\n"
            "|---|---|---|\n"
            "| Greenleaf Flex | 27.4 | 9.8 |\n")


@pytest.mark.parametrize(("answer", "docs", "said"), [
    # two columns of one row: a table's column header labels every figure under it
    ("Ostrava scored 24.6 for quality and 51.2 for price.", [SCORES], "24.6"),
    ("On Greenleaf Flex the night rate is 27.4 and the day rate 9.8.", [MARKDOWN], "27.4"),
])
def test_two_columns_of_a_row_swapped_are_flagged(answer: str, docs: list[str], said: str) -> None:
    [warning] = swaps(answer, docs)
    assert warning.text.startswith(said)


@pytest.mark.parametrize(("answer", "docs"), [
    ("Ostrava scored 51.2 for quality and 24.6 for price.", [SCORES]),
    ("On Greenleaf Flex the day rate is 27.4 and the night rate 9.8.", [MARKDOWN]),
])
def test_two_columns_of_a_row_in_place_pass(answer: str, docs: list[str]) -> None:
    assert swaps(answer, docs) == []


# one value put where the documents give another: the place whose words fit the answer's best
LEAVE = ("Staff handbook, section 4. Primary carers receive 20 weeks on full pay. Secondary carers "
         "receive 4 weeks on full pay. In total, a primary carer may take up to 26 weeks of leave.")


@pytest.mark.parametrize(("answer", "said", "given"), [
    ("Primary carers get 26 weeks on full pay.", "26", "20"),
    ("Secondary carers get 20 weeks on full pay.", "20", "4"),
])
def test_a_value_from_another_place_is_flagged_where_the_best_fitting_place_gives_another(
        answer: str, said: str, given: str) -> None:
    [warning] = swaps(answer, [LEAVE])
    assert warning.text == said and warning.severity == "high"
    assert f'The answer gives "{said}" where document 0 gives "{given}"' in warning.suggestion


@pytest.mark.parametrize("answer", [
    "Primary carers get 20 weeks on full pay, and secondary carers 4.",
    # the answer gives the other value too: both are read in their places
    "Primary carers get 20 weeks on full pay, and up to 26 weeks of leave in total.",
    # every word beside the value is one its own place gives it
    "A primary carer may take up to 26 weeks of leave in total.",
    "Staff handbook section 4 says primary carers may take 26 weeks of leave.",
])
def test_a_value_in_a_place_that_gives_it_passes(answer: str) -> None:
    assert swaps(answer, [LEAVE]) == []


@pytest.mark.parametrize(("docs", "answer"), [
    # one line gives both values: the words between them may be either's
    (["Probate summary. Gross value of estate: £612,430 Net value: £598,115"],
     "The net value of the estate came to £598,115."),
    # a question states nothing ("forty fields?" is corrected in the next turn)
    (["HOST: So your team buried cotton strips in forty fields?\nGUEST: Yes, forty-two actually."],
     "The guest's team buried cotton strips in forty-two fields."),
    # an end of a range is no value of its own
    (["Feeding guide for adult cats 1–7 yrs. Daily amount: 35–40 g for a 4 kg cat."],
     "For a 4 kg adult cat the guide gives 35–40 g a day."),
])
def test_a_value_is_not_read_as_moved_from_its_line_a_question_or_a_range(docs: list[str], answer: str) -> None:
    assert swaps(answer, docs) == []


NOTICES = ("Harwick council notices. The library budget vote is on 14 March at the town hall. "
           "The Harwick pool reopening is on 21 March after repairs.")


def test_a_date_from_another_place_is_flagged_where_the_best_fitting_place_gives_another() -> None:
    [warning] = swaps("The Harwick library budget vote is on 21 March at the town hall.", [NOTICES])
    assert warning.text == "21 March"
    assert 'The answer gives "21 March" where document 0 gives "14 March"' in warning.suggestion


@pytest.mark.parametrize(("docs", "answer"), [
    ([NOTICES], "The Harwick library budget vote is on 14 March at the town hall."),
    ([NOTICES], "The Harwick pool reopens on 21 March after repairs."),
    # the other line names someone else where the answer's stretch names Dunmore
    (["The Harwick council approved the library budget on 14 March. Dunmore approved its budget on 21 March."],
     "The Dunmore council approved the library budget on 21 March."),
])
def test_a_date_in_a_place_that_gives_it_passes(docs: list[str], answer: str) -> None:
    assert swaps(answer, docs) == []


def test_a_length_glued_to_its_m_is_the_same_value_as_the_answers_metres() -> None:
    # the survey's table gives 4.50, the engineer's note "4.5m" (a million, or metres): the
    # answer's "4.5 m" is that value, not one put in the place of another
    docs = ["SEWER SURVEY  Line MH3 -> MH4  length 22.0 m\nChainage (m) | Code | Observation\n"
            "4.50 | CC | Crack, circumferential\n12.30 | RI | Root intrusion",
            "Hi Dana, the crack at 4.5m needs sealing this month; the roots at 12.3m can wait. Regards, Ola"]
    answer = "The crack at 4.5 m needs sealing this month, while the roots at 12.3 m can wait."
    assert swaps(answer, docs) == []
    assert swaps(answer.replace("crack at 4.5 m", "crack at 12.3 m").replace("roots at 12.3 m", "roots at 4.5 m"),
                 docs) != []
