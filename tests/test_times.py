"""Times of day are values: "7:55 PM" is read, compared with "19:55", and a changed time is flagged."""

from __future__ import annotations

import pytest

from raguard import verify
from raguard.normalize.numbers import CLOCK, CLOCK12, extract_numbers, loose_numbers

DOC = ("Dana: Is 2:41 PM ok for the ferry? . Omar: Works for me. . Dana: Booked it, we land in "
       "Kestrel Bay at 5:20 PM. . Omar: And the bus back leaves at 08:05? . Dana: Let's make it 9.")


def test_times_of_day_are_read_in_minutes_after_midnight() -> None:
    found = [(n.text, n.value, n.measure) for n in extract_numbers(
        "Doors at 7:55 PM. (or 19:55), breakfast 9:15 a.m., call at 7:05, back by 00:30.")]
    assert found == [("7:55 PM", 1195.0, CLOCK), ("19:55", 1195.0, CLOCK), ("9:15 a.m.", 555.0, CLOCK),
                     ("7:05", 425.0, CLOCK12), ("00:30", 30.0, CLOCK)]


@pytest.mark.parametrize("text", ["the clip at 1:23:45 shows it", "they won 3:1", "a 1:10.5 lap"])
def test_timestamps_scores_and_lap_times_are_not_times_of_day(text: str) -> None:
    assert all(n.measure not in (CLOCK, CLOCK12) for n in extract_numbers(text))


@pytest.mark.parametrize(
    "answer",
    [
        "They land in Kestrel Bay at 5:20 PM.",
        "They land in Kestrel Bay at 17:20.",
        "The ferry leaves at 2:41.",            # without am/pm: either half of the day
        "The bus back leaves at 8:05 a.m.",
        "They agree to meet at 9:00 pm.",        # on the hour: the chat's bare "9"
    ],
)
def test_a_time_the_document_gives_is_supported(answer: str) -> None:
    result = verify("Summarize the chat.", [DOC], answer)
    assert result.action == "proceed", result.warnings


@pytest.mark.parametrize(
    ("answer", "given"),
    [
        ("They land in Kestrel Bay at 6:20 PM.", "5:20 PM"),
        ("The ferry leaves at 2:14 PM.", "2:41 PM"),
        ("They land in Kestrel Bay at 5:20 AM.", None),  # the other half of the day
        ("The bus back leaves at 20:05.", None),  # 08:05 is morning: a 24-hour time is certain
    ],
)
def test_a_changed_time_is_an_unsupported_number(answer: str, given: str | None) -> None:
    [warning] = [w for w in verify("Summarize the chat.", [DOC], answer).warnings if w.type == "unsupported_number"]
    assert warning.severity == "high"
    if given is not None:
        assert f"The documents give {given}" in warning.suggestion


def test_times_side_by_side_are_read_as_two_values_not_a_compound_measure() -> None:
    # "1 minute 8 seconds" is one compound value; two times of day next to each other are not,
    # and reading them as one raised inside the numbers checker
    doc = "The Kestrel Bay office is open 9:00 17:30 on weekdays and the ferry leaves at 12:34 7:55 PM."
    result = verify("When is it open?", [doc], "The office is open from 9:00 to 17:30 on weekdays.")
    assert result.action == "proceed", result.warnings
    assert [w.type for w in verify("When?", [doc], "The office opens at 8:30.").warnings] == ["unsupported_number"]


def test_a_time_with_a_dot_is_read_with_its_am_or_pm() -> None:
    found = [(n.text, n.value, n.measure) for n in extract_numbers("at 6.15am, or 6.15 p.m., not 6.15 percent or £3.50 pm")]
    assert found == [("6.15am", 375.0, CLOCK), ("6.15 p.m.", 1095.0, CLOCK), ("6.15 percent", 6.15, None),
                     ("£3.50", 3.5, None)]
    doc = "The lorry overturned at 6.15am on Saturday near Castleford."
    assert verify("What happened?", [doc], "At 6:15 a.m. on Saturday a lorry overturned near Castleford.").action == "proceed"
    assert verify("What happened?", [doc], "At 6:45 a.m. on Saturday a lorry overturned near Castleford.").action == "review"


def test_an_hour_with_am_or_pm_is_a_time_and_short_weekdays_before_hours_are_days() -> None:
    found = [(n.text, n.value, n.measure) for n in extract_numbers("from 9 am to 5:30 pm, or 4pm, 3 Mbps")]
    assert found == [("9 am", 540.0, CLOCK), ("5:30 pm", 1050.0, CLOCK), ("4pm", 960.0, CLOCK), ("3", 3.0, None)]
    doc = "Bellmoor Pool opening hours: Mon–Fri 9:00–17:30, Sat 10:00–16:00. Closed Sundays."
    answer = ("Bellmoor Pool is open Monday to Friday from 9 am to 5:30 pm and on Saturday from 10 am "
              "to 4 pm. It is closed on Sundays.")
    assert verify("When is it open?", [doc], answer).action == "proceed"
    changed = verify("When is it open?", [doc], answer.replace("4 pm", "6 pm").replace("Saturday", "Thursday"))
    assert {w.text for w in changed.warnings if w.severity == "high"} == {"6 pm", "Thursday"}


@pytest.mark.parametrize("text", ["Sun, sand and sea", "We sat 4 hours", "Sun and moon"])
def test_a_short_weekday_alone_is_a_word(text: str) -> None:
    from raguard.normalize.dates import extract_dates

    assert extract_dates(text) == []


def test_a_short_weekday_after_a_word_that_sets_a_day_is_a_day_in_any_case() -> None:
    from raguard.normalize.dates import extract_dates

    found = [(d.text, d.value.weekday, d.form) for d in extract_dates("tickets for sat? see u on Fri, we sat down")]
    assert found == [("sat", 5, "weekday"), ("Fri", 4, "weekday")]
    chat = "Kit: got the tickets for sat?\nNoor: yep, 2 tickets, row C\nKit: nice, thanks\n"
    assert verify("Summarize.", [chat], "Noor got two tickets in row C for Saturday.").action == "proceed"
    assert verify("Summarize.", [chat], "Noor got two tickets in row C for Sunday.").action == "review"


def test_a_short_weekday_after_a_word_of_arriving_or_leaving_is_a_day() -> None:
    from raguard.normalize.dates import extract_dates

    found = [(d.text, d.value.weekday) for d in extract_dates("van arrives thu, we're leaving sat, back mon")]
    assert found == [("thu", 3), ("sat", 5), ("mon", 0)]
    chat = "Ola: the boxes arrive tues\nBen: ok, I'll be in from 9\n"
    assert verify("Summarize.", [chat], "Ola says the boxes arrive on Tuesday.").action == "proceed"
    assert verify("Summarize.", [chat], "Ola says the boxes arrive on Thursday.").action == "review"


def test_a_timetables_day_before_a_cell_that_opens_with_a_time_is_a_day() -> None:
    from raguard.normalize.dates import extract_dates

    table = "HARBOUR GYM TIMETABLE\nTUE | 07:15 Rowing (Ines) | 18:00 Circuits (Bo)\nSat | 09:30 Stretch (Ines)"
    assert [(d.text, d.value.weekday) for d in extract_dates(table)] == [("TUE", 1), ("Sat", 5)]
    assert verify("When is rowing?", [table], "Rowing with Ines is on Tuesday at 7:15 a.m.").action == "proceed"
    assert verify("When is rowing?", [table], "Rowing with Ines is on Wednesday at 7:15 a.m.").action == "review"
    # a word in capitals before a cell that opens with no time is no day
    assert extract_dates("SAT | scores by school") == []


def test_a_month_abbreviation_no_word_shares_is_a_month_after_since_or_in() -> None:
    from raguard.normalize.dates import extract_dates

    assert [(d.text, d.value.month) for d in extract_dates("live since Sept; review in Nov")] == [("Sept", 9), ("Nov", 11)]
    doc = "Pilot: 4 drying kilns at the Arvik mill (running since Sept)."
    assert verify("", [doc], "The pilot at the Arvik mill has been running since September.").action == "proceed"
    assert verify("", [doc], "The pilot at the Arvik mill has been running since October.").action == "review"
    # one that is also a name or a word is not read alone
    assert extract_dates("a gift from Jan, signed by Dec") == []


def test_both_ends_of_a_range_written_with_an_h_are_times_of_day() -> None:
    # "10h15-13h45": a hyphen before digits otherwise keeps them from being read (a reference
    # "B-14h20" is no time), but after a time written so it joins the range's two ends
    text = "Pickup window 10h15-13h45, ref B-14h20"
    found = [(n.text, n.value) for n in loose_numbers(text, extract_numbers(text)) if n.measure in (CLOCK, CLOCK12)]
    assert found == [("10h15", 615.0), ("13h45", 825.0)]
    doc = "Parcel for Ines Varela: the van calls between 10h15-13h45 on Friday."
    assert verify("When does the van come?", [doc], "The van comes between 10:15 and 13:45 on Friday.").action == "proceed"
    result = verify("When does the van come?", [doc], "The van comes between 10:15 and 14:20 on Friday.")
    assert [w.text for w in result.warnings if w.type == "unsupported_number"] == ["14:20"]


def test_a_bare_hour_opening_a_range_of_twelve_hour_times_is_an_hour() -> None:
    # "open tomorrow 10–4:30": the "10" takes the end's time of day, in minutes (it was read as 10)
    text = "Closed today; open tomorrow 10–4:30."
    assert [(n.text, n.value, n.measure) for n in extract_numbers(text)] == [
        ("10", 600.0, CLOCK12), ("4:30", 270.0, CLOCK12)]
    answer = "The shop is open tomorrow from 10am to 4:30pm."
    assert verify("When can I collect?", [text], answer).action == "proceed"
    assert [w.text for w in verify("When?", [text], answer.replace("10am", "11am")).warnings] == ["11am"]


def test_half_an_hour_as_british_speech_says_it_is_half_past() -> None:
    shift = "Kwame: I'm on earlies, seven till half three, then the bus at half 4."
    assert verify("When?", [shift], "Kwame works from 7:00 until 3:30 and takes the bus at 4:30.").action == "proceed"
    result = verify("When?", [shift], "Kwame works until 2:30.")
    assert [w.text for w in result.warnings if w.type == "unsupported_number"] == ["2:30"]
    # before a unit "half" halves it: no time of day
    assert [n.text for n in loose_numbers("half five hours, half 3 minutes", []) if n.measure in (CLOCK, CLOCK12)] == []
