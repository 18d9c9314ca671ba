"""Date forms real documents and answers write: a numeric date whose order only the document
can tell, dates tokenized with spaces around their separators, a year glued to "post-" or
"mid-", and ranges of days with their year once or not at all. Each faithful restatement
proceeds, and the same restatement with one date changed is still flagged."""

from __future__ import annotations

import pytest

from raguard import verify
from raguard.normalize.dates import extract_dates


def _flagged(docs: list[str], answer: str) -> list[str]:
    """The texts of the answer's unsupported dates."""
    return [w.text for w in verify("", docs, answer).warnings if w.type == "unsupported_date"]


def _read(text: str) -> list[tuple[str, str]]:
    return [(d.text, d.value.canonical()) for d in extract_dates(text)]


# -- numeric dates whose order the document tells, or does not --------------------------------

_SCHEDULE = "Instalment plan for T. Mbeki. Due date 01/04/2027: deposit paid. Due date 01/11/2030: balance cleared."


@pytest.mark.parametrize("answer, flagged", [
    ("The deposit falls due on 1 April 2027 and the balance on 1 November 2030.", []),  # day first
    ("The deposit falls due on January 4, 2027.", []),  # month first: the document allows it too
    ("The deposit falls due on 2 April 2027.", ["2 April 2027"]),
    ("The balance is cleared on 11 January 2031.", ["11 January 2031"]),
])
def test_a_numeric_date_whose_order_the_document_does_not_tell_supports_either_reading(answer: str,
                                                                                       flagged: list[str]) -> None:
    assert _flagged([_SCHEDULE], answer) == flagged


def test_a_numeric_date_the_document_orders_supports_its_reading_only() -> None:
    day_first = "Lease of Unit 4: starts 05/06/2027, rent review 19/06/2028."
    assert _flagged([day_first], "The lease starts on 5 June 2027.") == []
    assert _flagged([day_first], "The lease starts on May 6, 2027.") == ["May 6, 2027"]
    month_first = "Lease of Unit 4: starts 05/06/2027, rent review 06/19/2028."
    assert _flagged([month_first], "The lease starts on May 6, 2027.") == []
    assert _flagged([month_first], "The lease starts on 5 June 2027.") == ["5 June 2027"]


def test_a_weekday_before_a_numeric_date_keeps_the_documents_order() -> None:
    # the rota's other dates are day first (23/11); "Thu 03/12/2026" is 3 December, not 12 March
    rota = "Cover rota\n23/11/2026 | Okoro\n30/11/2026 | Lindqvist\nNext: Thu 03/12/2026 | Okoro"
    assert _flagged([rota], "Okoro covers next on Thursday 3 December.") == []
    assert _flagged([rota], "Okoro covers next on Thursday 12 March.") == ["Thursday 12 March"]
    # and a document whose only date over 12 follows a weekday still tells its order
    assert _flagged(["Shift swap: Fri 18/12/2026; back on 04/01/2027."], "Back on 4 January 2027.") == []


# -- tokenized forms ----------------------------------------------------------------------------

@pytest.mark.parametrize("text, read", [
    ("card exp 08 / 2027 .", [("08 / 2027", "2027-08")]),
    ("signed 04 . 09 . 2026 in Ghent", [("04 . 09 . 2026", "2026-09-04")]),  # dots: day first
    ("logged 2026 - 10 - 21 at noon", [("2026 - 10 - 21", "2026-10-21")]),
    ("logged 2026 / 10 / 21 at noon", [("2026 / 10 / 21", "2026-10-21")]),
    ("paid 10 / 07 / 2026 and 23 / 07 / 2026", [("10 / 07 / 2026", "2026-07-10"), ("23 / 07 / 2026", "2026-07-23")]),
])
def test_dates_tokenized_with_spaces_around_their_separators_are_read(text: str, read: list[tuple[str, str]]) -> None:
    assert _read(text) == read


@pytest.mark.parametrize("doc, faithful, changed", [
    ("Holder : P. Lindqvist , valid thru 08 / 2027 .", "The card is valid until August 2027.",
     "The card is valid until July 2027."),
    ("Minutes approved 04 . 09 . 2026 by the board .", "The board approved the minutes on 4 September 2026.",
     "The board approved the minutes on 9 April 2026."),
    ("Claim lodged 2026 - 10 - 21 ( ref 88 ) .", "The claim was lodged on October 21, 2026.",
     "The claim was lodged on October 12, 2026."),
])
def test_a_tokenized_date_supports_its_restatement_and_not_another(doc: str, faithful: str, changed: str) -> None:
    assert _flagged([doc], faithful) == []
    assert len(_flagged([doc], changed)) == 1


def test_a_number_pair_that_is_no_date_stays_apart() -> None:
    assert _read("a score of 3 / 4 / 5 points") == []
    assert _read("12 . 5 . 2026 . 7") == [("2026", "2026")]  # a fourth part: no day and month


# -- a year glued to a prefix --------------------------------------------------------------------

@pytest.mark.parametrize("text, year", [
    ("all post-2009 vehicles", 2009), ("Pre-2016 handsets lack the chip", 2016), ("opening mid-2028", 2028),
    ("until late-2025", 2025), ("by end-2030", 2030),
])
def test_a_year_glued_to_a_prefix_is_read(text: str, year: int) -> None:
    assert [d.value.year for d in extract_dates(text)] == [year]


def test_a_year_after_another_hyphenated_word_is_no_year() -> None:
    assert _read("the Vireo X-2000 camera") == []  # a model's name


@pytest.mark.parametrize("doc, faithful, changed", [
    ("The pension scheme credits post-2009 service only.", "Only service after 2009 is credited.",
     "Only service after 2010 is credited."),
    ("The ferry terminal should open in 2028.", "The ferry terminal should open mid-2028.",
     "The ferry terminal should open mid-2029."),
    ("Recall covers pre-2016 handsets.", "Handsets made before 2016 are recalled.", "Handsets made before 2017 are recalled."),
])
def test_a_prefixed_year_supports_and_is_checked(doc: str, faithful: str, changed: str) -> None:
    assert _flagged([doc], faithful) == []
    assert len(_flagged([doc], changed)) == 1


# -- ranges of days ----------------------------------------------------------------------------

@pytest.mark.parametrize("text, read", [
    ("open 14 to 18 March", [("14", "--03-14"), ("18 March", "--03-18")]),
    ("open March 14-18.", [("March 14", "--03-14"), ("18", "--03-18")]),
    ("from Tuesday 14 July to Saturday 18 July 2026", [("Tuesday 14 July", "2026-07-14 Tue"),
                                                      ("Saturday 18 July 2026", "2026-07-18 Sat")]),
    ("December 29 to January 2, 2027", [("December 29", "2026-12-29"), ("January 2, 2027", "2027-01-02")]),
    ("30 November to 4 December 2026", [("30 November", "2026-11-30"), ("4 December 2026", "2026-12-04")]),
])
def test_ranges_of_days_give_both_days(text: str, read: list[tuple[str, str]]) -> None:
    assert _read(text) == read


def test_a_lower_case_may_after_two_numbers_makes_no_range() -> None:
    # nor a day: a verb follows the modal
    assert [d.text for d in extract_dates("people aged 18 to 25 may apply")] == []


@pytest.mark.parametrize("text, read", [
    ("Children over 12 may join the session.", []),
    ("all 3 may use the pool", []),
    ("on 12 may at noon", ["12 may"]),
    ("till 12 may, then", ["12 may"]),
    ("12 may 2026", ["12 may 2026"]),
    ("Ends 12 May and reopens", ["12 May"]),
])
def test_a_lower_case_may_after_a_number_is_a_month_only_before_a_dates_link(text: str, read: list[str]) -> None:
    assert [d.text for d in extract_dates(text)] == read


def test_a_number_before_a_modal_may_is_no_date_in_an_answer() -> None:
    doc = ["Climbing wall: children aged 12 and over can join if a parent signs the form."]
    answer = "Children over 12 may join the climbing wall if a parent signs the form."
    assert [w.type for w in verify("Who can join?", doc, answer).warnings] == []


_CLOSURE = "The Harbour Street depot is shut from Tuesday 14 July to Saturday 18 July 2026 for repairs."


@pytest.mark.parametrize("answer, flagged", [
    ("The depot is shut from 14 to 18 July.", []),
    ("The depot is shut July 14-18.", []),
    ("The depot closes on Tuesday, 14 July 2026.", []),
    ("The depot is shut from 15 to 18 July.", ["15"]),
    ("The depot is shut July 14-19.", ["19"]),
    ("The depot closes on Wednesday, 14 July 2026.", ["Wednesday, 14 July 2026"]),
])
def test_a_range_restated_is_checked_day_by_day(answer: str, flagged: list[str]) -> None:
    assert _flagged([_CLOSURE], answer) == flagged


def test_a_documents_range_without_a_year_supports_each_day() -> None:
    doc = "Registration runs from 3 to 7 August at the front desk."
    assert _flagged([doc], "Registration opens on 3 August.") == []
    assert _flagged([doc], "Registration opens on 4 August.") == ["4 August"]


@pytest.mark.parametrize("answer, flagged", [
    ("No boats sail on Friday 9 or Saturday 10 October.", []),
    ("No boats sail on Friday 9 and Saturday 10 October.", []),
    ("No boats sail on Friday 8 or Saturday 10 October.", ["Friday 8"]),
])
def test_two_days_of_one_month_joined_by_and_or_or_are_two_dates(answer: str, flagged: list[str]) -> None:
    # the document's "9" is a date's day, no number: the answer's "9" must be read as one too
    doc = "Ferry timetable change: no sailings Friday 9 and Saturday 10 October (harbour works)."
    assert _flagged([doc], answer) == flagged


@pytest.mark.parametrize(("text", "days"), [
    ("closed (14, 15 June) for resurfacing", [14, 15]),
    ("sittings on 2, 9 and 16 October 2026", [2, 9, 16]),
    ("on 30, 31 April", []),  # (no such day: no list)
    # an ampersand joins them as "and" does, in a list or between two days
    ("open days on 7 & 14 November", [7, 14]),
    ("tastings on 2, 3 & 4 July", [2, 3, 4]),
    # (a longer text is read at its digits' anchors: the first day's comma must not rule it out)
    ("The stewards heard evidence from both riders, viewed the patrol film from two angles and "
     "interviewed the trainer. Ruling: the rider is suspended (14, 15 June).", [14, 15]),
])
def test_a_list_of_days_in_one_month_gives_each_day_that_month(text: str, days: list[int]) -> None:
    read = [d.value for d in extract_dates(text)]
    assert [v.day for v in read] == days
    assert all(v.month == read[0].month for v in read)


def test_a_day_listed_with_a_comma_supports_the_answers_date() -> None:
    doc = "Rhodri Vance is banned for two race days for misuse of the whip (14, 15 June)."
    assert not verify("When is the ban?", [doc], "Vance's ban covers 14 and 15 June.").warnings
    assert verify("When is the ban?", [doc], "Vance's ban covers 13 and 15 June.").action == "review"


_CBT_DOCS = ["DRIVING LICENCE - PROVISIONAL\nValid to: 14 Mar 2028",
             "Fenwick Rider Training (Sat 28 Feb, 16:50): Well done Arjun, CBT passed! Cert posted to you today."]


@pytest.mark.parametrize(("year", "supported"), [(2026, True), (2027, False), (2025, False), (2015, False)])
def test_a_chats_weekday_tells_the_year_of_its_day(year: int, supported: bool) -> None:
    # 28 February 2026 is a Saturday; 2015's is too, but no document states a year near it
    answer = f"Arjun passed his CBT with Fenwick Rider Training on 28 February {year}."
    assert (verify("When did he pass?", _CBT_DOCS, answer).action == "proceed") is supported
    # (without a year stated anywhere, the weekday alone places the day in no year)
    assert verify("When did he pass?", _CBT_DOCS[1:], answer).action == "review"


def test_a_record_s_dotted_date_with_a_two_digit_year_supports_that_date_in_another_century() -> None:
    docs = ["CREW RECORD - Able Seaman Tomasz Wrona (b. 1898)\nSigned on 4.11.19 ... Transferred to SS Kestrel "
            "17.6.20 ... Paid off 02.09.21 ... Discharge book no. 6.3.14.2"]
    answer = ("Tomasz Wrona signed on on 4 November 1919, moved to the SS Kestrel on 17 June 1920 and was paid off "
              "on 2 September 1921.")
    assert _flagged(docs, answer) == []
    assert _flagged(docs, answer.replace("17 June 1920", "17 July 1920")) == ["17 July 1920"]
    assert _flagged(docs, answer.replace("2 September 1921", "2 September 1922")) == ["2 September 1922"]
    # (a dotted run with more digits after it, as a version or a book number writes it, is no such date)
    assert _flagged(docs, "His discharge book was issued on 6 March 1914.") == ["6 March 1914"]
