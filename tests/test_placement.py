"""The placement checker: a value the documents give, but not where the answer puts it."""

from __future__ import annotations

import pytest

from raguard import Verifier, verify
from raguard.checkers import DEFAULT_CHECKERS
from raguard.models import CONTRADICTED_CLAIM

DOC = ("The Harwick council approved the budget on Wednesday after a long debate. "
       "On Tuesday, residents protested outside the town hall. "
       "The Harwick budget totals 4.2 million pounds and funds 14 new classrooms. "
       "In 2021 the plan was for 9.")


def contradictions(answer: str, docs: list[str] = [DOC]):
    return [w for w in verify("Summarize the article.", docs, answer).warnings if w.type == CONTRADICTED_CLAIM]


@pytest.mark.parametrize(
    ("answer", "said", "given"),
    [
        ("The Harwick council approved the budget on Tuesday after a long debate.", "Tuesday", "Wednesday"),
        ("The Harwick budget totals 4.2 million pounds and funds 9 new classrooms.", "9", "14"),
    ],
)
def test_a_value_from_another_sentence_in_the_place_of_this_ones_is_flagged(answer: str, said: str, given: str) -> None:
    [warning] = contradictions(answer)
    assert warning.text == said and warning.severity == "high"
    assert f'The answer gives "{said}" where document 0 gives "{given}"' in warning.suggestion
    assert answer.index(said) == warning.start


@pytest.mark.parametrize(
    "answer",
    [
        "The Harwick council approved the budget on Wednesday after a long debate.",
        "On Tuesday, residents protested outside the town hall.",
        # the answer gives both values: a comparison
        "The Harwick budget funds 14 new classrooms, up from the 9 planned in 2021.",
        # the value's own sentence has the same word beside it
        "Residents protested on Tuesday outside the town hall.",
    ],
)
def test_values_in_their_own_place_pass(answer: str) -> None:
    assert contradictions(answer) == []


def test_a_value_whose_own_sentence_shares_one_neighbour_is_misplaced_where_another_shares_both() -> None:
    # "14 tents" is said of the volunteers; the sentence the answer restates gives nine
    docs = ["Storm Imelda flattened the Carrow Park campsite on Friday, ripping apart nine tents and cutting power "
            "to the showers. Volunteers later put up 14 tents for the families who stayed."]
    [warning] = contradictions("Storm Imelda flattened the Carrow Park campsite on Friday, ripping apart 14 tents.", docs)
    assert warning.text == "14" and 'document 0 gives "nine"' in warning.suggestion
    # where the value's own sentence has both neighbours, it is said there
    assert contradictions("Volunteers put up 14 tents for the families after Storm Imelda on Friday.", docs) == []
    # and where another place of the document gives the value with both, it is said there too
    docs2 = [docs[0] + " By Sunday the storm had been ripping apart 14 tents at a second site."]
    assert contradictions("Storm Imelda flattened the Carrow Park campsite on Friday, ripping apart 14 tents.", docs2) == []



def test_a_counting_word_the_documents_count_elsewhere_is_read_for_its_place() -> None:
    # "three" is too common to check alone; the documents count tents with it, but not here
    docs = ["Storm Imelda flattened the Carrow Park campsite on Friday, ripping apart nine tents and cutting "
            "power to the showers. Volunteers later put up three tents for the families who stayed."]
    [warning] = contradictions("Storm Imelda flattened the Carrow Park campsite on Friday, ripping apart three tents.", docs)
    assert warning.text == "three" and 'document 0 gives "nine"' in warning.suggestion
    assert contradictions("Volunteers put up three tents for the families who stayed.", docs) == []


def test_a_sentence_about_another_name_is_not_read_against_this_one() -> None:
    # the answer names Dunmore, which the council's sentence does not: it is not that sentence
    docs = ["The Harwick council approved the budget on Wednesday. Dunmore approved its budget on Tuesday."]
    assert contradictions("The Dunmore council approved the budget on Tuesday.", docs) == []


def test_the_checker_is_a_default_and_can_be_left_out() -> None:
    assert "placement" in DEFAULT_CHECKERS
    guard = Verifier(checkers=[c for c in DEFAULT_CHECKERS if c != "placement"])
    answer = "The Harwick council approved the budget on Tuesday after a long debate."
    assert guard.verify("Summarize the article.", [DOC], answer).action == "proceed"


def test_a_long_answer_repeating_one_misplaced_value_is_flagged() -> None:
    # the shape of input that was quadratic ("does the answer give it too?" asked of every value
    # for every repeat; 8,000 repeats took 28 s by hand, ~2 s with the per-call caches): the
    # result is what it was, the time is measured by hand, not here
    answer = "The Harwick council approved the budget on " + ", ".join(["Tuesday"] * 3000) + "."
    result = verify("Summarize the article.", [DOC], answer)
    assert result.action == "review" and len(result.warnings) >= 1


def test_a_value_of_the_other_sign_is_the_value_said_in_words() -> None:
    # "costs you 3 points" restates "-3 points": the sign is in the words, not another value
    doc = ["Club rules, season 2027:\n- Entries by 20:00 Thu 9 Mar via the app. Late entry = -3 league points in week 1.\n"
           "- A round win scores 3 points and a draw 1."]
    assert contradictions("A late entry costs you 3 league points in week 1.", doc) == []
    # another value in that place is still misplaced
    doc = ["Club rules, season 2027:\n- Entries by 20:00 Thu 9 Mar via the app. Late entry = -2 league points in week 1.\n"
           "- A round win scores 3 points and a draw 1."]
    assert contradictions("A late entry costs you 3 league points in week 1.", doc)


def test_an_amount_of_money_is_not_misplaced_by_a_count_beside_the_same_word() -> None:
    letter = ["Dear Ms Hale, thank you for supporting the Orchard Trust over the past three years.\n"
              "Tier | Price | Cards\nSingle | £60 | 1\nFamily | £95 | 2"]
    assert contradictions("Supporting the Orchard Trust as a family costs £95 a year.", letter) == []
    # an amount in the same currency in that place still is
    prices = ["Adult membership costs £60 a year. Family membership costs £95 a year."]
    [warning] = contradictions("Adult membership costs £95 a year.", prices)
    assert warning.text == "£95"


def test_a_time_of_day_is_not_misplaced_by_a_duration() -> None:
    # "6 am" beside "until 1 hour after": a time of day cannot stand where an hour's span does
    pass_doc = ["Boarding time: 06:00 Sunday 4 May. The pass is valid from 20 minutes before boarding time until 1 hour after."]
    assert contradictions("Your boarding time is 6 am, so the pass is valid from 20 minutes before.", pass_doc) == []
    # another time of day in that place still is misplaced; so is another length
    [warning] = contradictions("The ferry leaves at 7 am on Sunday.",
                               ["The ferry leaves at 06:30 on Sunday. The café opens at 07:00."])
    assert warning.text == "7 am"
    [warning] = contradictions("The trail climbs 12 km from the car park.",
                               ["The trail climbs 9 km from the car park. The road to it is 12 km long."])
    assert warning.text.startswith("12")


def test_a_unit_is_part_of_its_value_not_its_place() -> None:
    # "121-130 cm" and "128 cm" both have "cm" after them: that says they are lengths (which
    # they must be to stand for each other), not that one is put in the other's place
    docs = ["Tariff sheet\nDepth band (cm) | Fee on the base rate\n> 150 | 0 %\n121 – 130 | 4 %\n111 – 120 | 9 %",
            "Hi Noor,\nThe lake this morning was 128 cm deep and the forecast for Friday is 118-124 cm, "
            "so the fee will fall in one of two bands."]
    answer = "The forecast for Friday is 118–124 cm, so the fee will fall in one of two bands: 121–130 cm carries 4%."
    assert contradictions(answer, docs) == []
    # a word beside the value, past its unit, still places it
    moved = "The lake this morning was 150 cm deep and the forecast for Friday is 118-124 cm."
    [warning] = contradictions(moved, docs)
    assert warning.text == "150" and warning.nearest_value == "128"


def test_a_weekday_the_answers_date_falls_on_is_no_other_value() -> None:
    # the message gives the weekday and the day's ordinal, the job sheet the full date
    docs = ["Boat lift sheet. Lifted: 02/06/2025    Relaunch: 13/06/2025",
            "Hi Morwenna, the boat's ready for relaunch from Friday 13th after high tide."]
    assert contradictions("The boat is ready for relaunch from Friday 13 June after high tide.", docs) == []
    assert contradictions("The boat is ready for relaunch from 13 June 2025 after high tide.", docs) == []
    # a date on another weekday is still wrong
    result = verify("When?", docs, "The boat is ready for relaunch from Thursday 12 June after high tide.")
    assert result.action == "review"


def test_a_count_is_not_misplaced_by_a_messages_time_stamp() -> None:
    # a chat line's "[03/02 15:06]" stands in no count's place ("invoiced as 30"), whatever word
    # follows both; a time of day still stands in an hour's
    from raguard.checkers.placement import _kin
    from raguard.normalize.numbers import extract_numbers

    [stamp] = [n for n in extract_numbers("[03/02 15:06] Lou: sorry, 4 short") if n.text == "15:06"]
    [count] = [n for n in extract_numbers("invoiced as 30") if n.text == "30"]
    [time] = [n for n in extract_numbers("delivered at 14:30") if n.text == "14:30"]
    assert not _kin(count, stamp)
    assert _kin(time, stamp)


def test_a_value_the_document_sets_aside_is_not_the_one_in_its_place() -> None:
    docs = ["Tide notice: launch times as per the club sheet, BUT the second launch moved to 11:40 (not 11:10)."]
    answer = "The launches are at 9:30 and 11:40, the second launch having moved to 11:40."
    sheet = ["Club sheet: launches at 9:30 and 11:10."]
    assert contradictions(answer, docs + sheet) == []
    # and the value set aside, put in the place of the new one, is flagged
    [warning] = contradictions("The second launch moved to 11:10.", docs + sheet)
    assert warning.text == "11:10"
