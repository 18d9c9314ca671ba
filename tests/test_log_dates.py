"""Date and time notations machine-written documents print: git log and ctime, syslog, mail
headers, the Common Log Format, trackers' "06/Nov/25", ISO 8601's T and basic forms and week
dates, a NOTAM's B) and C) and labeled all-digit stamps. An answer restating one in words
proceeds; the same answer with its day, month, year, weekday or time changed is still flagged.
Runs of digits, versions, scores and phone numbers with no such mark stay what they are."""

from __future__ import annotations

import pytest

from raguard import verify
from raguard.normalize.dates import extract_dates
from raguard.normalize.numbers import extract_numbers


def _flagged(docs: list[str], answer: str) -> list[tuple[str, str]]:
    """(type, text) of the answer's unsupported dates and numbers."""
    return [(w.type, w.text) for w in verify("", docs, answer).warnings
            if w.type in ("unsupported_date", "unsupported_number")]


def _read(text: str) -> list[tuple[str, str]]:
    return [(d.text, d.value.canonical()) for d in extract_dates(text)]


def _clocks(text: str) -> list[tuple[str, float]]:
    return [(n.text, n.value) for n in extract_numbers(text) if n.measure == "clock"]


@pytest.mark.parametrize("text, read", [
    # git log / ctime / date(1): the weekday before joins the date; the year after the time is read too
    ("Date:   Tue Mar 3 09:07:41 2026 +0100", [("Tue Mar 3", "2026-03-03 Tue"), ("2026", "2026")]),
    # (date(1) pads the day and puts its zone before the year; "Wed" alone is a word, the date
    # still tells its weekday)
    ("built Wed Mar  4 09:07:41 CET 2026", [("Mar  4", "2026-03-04"), ("2026", "2026")]),
    # syslog: a month and a day, no year
    ("Jan 12 23:05:19 gate02 sshd[771]: session opened", [("Jan 12", "--01-12")]),
    ("[30/Jul/2026:14:22:51 +0000]", [("30/Jul/2026", "2026-07-30")]),
    ("Created: 06/Nov/25 | Updated: 09-NOV-25", [("06/Nov/25", "2025-11-06"), ("09-NOV-25", "2025-11-09")]),
    ("expires=Friday, 19-Feb-2027 08:30:12 GMT", [("Friday, 19-Feb-2027", "2027-02-19 Fri")]),
    ("event_time=2026-03-03T09:07:41Z", [("2026-03-03", "2026-03-03")]),
    ("DTSTART:20270112T093000Z", [("20270112", "2027-01-12")]),
    ("review on 2027-W16-4 and 2027W164", [("2027-W16-4", "2027-04-22"), ("2027W164", "2027-04-22")]),
    ("A) LFPG B) 2702190600 C) 2702191430", [("270219", "2027-02-19"), ("270219", "2027-02-19")]),
    ("timestamp: 202607301422 level=warn", [("20260730", "2026-07-30")]),
    ("Valid until 20261231235959", [("20261231", "2026-12-31")]),
    # a date-time group with its month and year (the time between is no part of the mention)
    ("R 030915Z MAR 27 FM MRCC", [("Z MAR 27", "2027-03-03")]),
])
def test_machine_notations_are_read_as_dates(text: str, read: list[tuple[str, str]]) -> None:
    assert _read(text) == read


@pytest.mark.parametrize("text, clocks", [
    ("[30/Jul/2026:14:22:51 +0000]", [("14:22:51", 14 * 60 + 22 + 51 / 60)]),  # after the year's colon
    ("starts 2026-03-03T09:07Z", [("09:07", 9 * 60 + 7)]),  # ISO's T, no seconds
    ("DTSTART:20270112T093000Z", [("093000", 9 * 60 + 30)]),
    ("B) 2702190600 C) 2702191430", [("0600", 6 * 60), ("1430", 14 * 60 + 30)]),
    ("timestamp: 202607301422", [("1422", 14 * 60 + 22)]),
    ("METAR LEBL 221750Z 09012KT", [("1750", 17 * 60 + 50)]),  # a date-time group: the 22nd, 17:50 UTC
])
def test_the_time_in_a_machine_notation_is_a_time_of_day(text: str, clocks: list[tuple[str, float]]) -> None:
    assert _clocks(text) == clocks


_GIT = ("commit 9c04e1d7\nAuthor: Marisol Quenby <mq@example.org>\nDate:   Tue Mar 3 09:07:41 2026 +0100\n\n"
        "    Pin the cache size to 512 entries\n")
_SYSLOG = "Jan 12 23:05:19 gate02 sshd[771]: Accepted publickey for lbrandt from 198.51.100.7"
_CLF = '203.0.113.9 - - [30/Jul/2026:14:22:51 +0000] "POST /api/refund HTTP/1.1" 201 88'
_TRACKER = "PAY-77 | Summary: refund button greyed out | Created: 06/Nov/25 | Assignee: Kwame Asante"
_ORACLE = "EMP_ID 4410 | LAST_NAME Okonjo | HIRE_DATE 22-APR-27"
_ICAL = "BEGIN:VEVENT\nSUMMARY:Budget review with Ilse Varga\nDTSTART:20270112T093000Z\nEND:VEVENT"
_ISO = "level=info event_time=2026-03-03T09:07:41Z msg=\"backup finished\" host=nas3"
_WEEK = "Sprint 14 demo for the Tallis team: 2027-W16-4."
_NOTAM = "A1142/27 NOTAMN\nA) LFPG B) 2702190600 C) 2702191430\nE) TWY K CLSD DUE WIP."
_SIGNAL = "R 030915Z MAR 27\nFM MRCC BREST\nTO ALL SHIPS\nBT\nLIFERAFT SIGHTED 4812N 00530W.\nBT"
_STAMPED = "timestamp: 202607301422 level=warn msg=\"disk 91% full\" host=nas3"


@pytest.mark.parametrize("doc, faithful, changed", [
    (_GIT, "Marisol Quenby pinned the cache size on Tuesday 3 March 2026 at 09:07.",
     ["Marisol Quenby pinned the cache size on 4 March 2026 at 09:07.",
      "Marisol Quenby pinned the cache size on Wednesday 3 March 2026.",
      "Marisol Quenby pinned the cache size on 3 March 2027.",
      "Marisol Quenby pinned the cache size on Tuesday 3 March 2026 at 09:17."]),
    (_SYSLOG, "lbrandt logged in on 12 January at 23:05.",
     ["lbrandt logged in on 13 January at 23:05.", "lbrandt logged in on 12 January at 22:05."]),
    (_CLF, "The refund request reached the server on 30 July 2026 at 14:22.",
     ["The refund request reached the server on 31 July 2026 at 14:22.",
      "The refund request reached the server on 30 June 2026.",
      "The refund request reached the server on 30 July 2026 at 14:32."]),
    (_TRACKER, "PAY-77 was created on 6 November 2025 and is assigned to Kwame Asante.",
     ["PAY-77 was created on 7 November 2025 and is assigned to Kwame Asante.",
      "PAY-77 was created on 6 November 2024 and is assigned to Kwame Asante."]),
    (_ORACLE, "Okonjo was hired on April 22, 2027.", ["Okonjo was hired on April 21, 2027."]),
    (_ICAL, "The budget review with Ilse Varga starts at 09:30 on 12 January 2027.",
     ["The budget review with Ilse Varga starts at 10:30 on 12 January 2027.",
      "The budget review with Ilse Varga starts at 09:30 on 12 February 2027."]),
    (_ISO, "The backup finished at 09:07 on 3 March 2026.",
     ["The backup finished at 09:07 on 3 May 2026.", "The backup finished at 08:07 on 3 March 2026."]),
    (_WEEK, "The Tallis team's sprint demo is on Thursday, 22 April 2027.",
     ["The Tallis team's sprint demo is on Friday, 23 April 2027.",
      "The Tallis team's sprint demo is on Friday, 22 April 2027."]),
    (_NOTAM, "Taxiway K is closed from 06:00 to 14:30 on 19 February 2027.",
     ["Taxiway K is closed from 06:00 to 15:30 on 19 February 2027.",
      "Taxiway K is closed from 06:00 to 14:30 on 20 February 2027."]),
    (_SIGNAL, "On 3 March 2027 at 09:15 UTC MRCC Brest reported a liferaft.",
     ["On 4 March 2027 at 09:15 UTC MRCC Brest reported a liferaft.",
      "On 3 March 2027 at 09:45 UTC MRCC Brest reported a liferaft."]),
    (_STAMPED, "The disk warning came on 30 July 2026 at 14:22.",
     ["The disk warning came on 30 July 2025 at 14:22.", "The disk warning came on 30 July 2026 at 16:22."]),
])
def test_a_machine_notation_supports_its_restatement_in_words_and_not_a_changed_one(
        doc: str, faithful: str, changed: list[str]) -> None:
    assert _flagged([doc], faithful) == []
    for answer in changed:
        assert len(_flagged([doc], answer)) == 1, answer


def test_a_mail_header_date_was_already_read() -> None:
    # (RFC 2822's day-month-year is the ordinary "dmy" form: a guard, not a new reading)
    header = "From: Odile Ferrand\nDate: Fri, 19 Feb 2027 08:30:12 +0000\nSubject: Quarterly figures"
    assert _flagged([header], "Odile Ferrand sent it on Friday, 19 February 2027 at 08:30.") == []
    assert len(_flagged([header], "Odile Ferrand sent it on Friday, 19 February 2027 at 09:30.")) == 1


@pytest.mark.parametrize("text", [
    "Upgrade to 2.17.1 before the 3-1 replay; call 020-7946-0147.",
    "Order 2612140700 shipped in 2 boxes.",  # ten digits with no label: an id
    "timestamp: 1712141500",  # ten digits after "timestamp": Unix time, not YYMMDDhhmm
    "Invoice 202607301422 is valid; its timestamp is missing.",  # twelve digits, no label before them
    "b) 1512011030 c) 1512011130",  # a lettered list's options, not a NOTAM's items
    "Part AB-12-DEC-26 and build 4/Dec/1",  # inside an id; a one-digit year
    "ref v320270112T0930 and 20271312T0930",  # a stamp inside an id; month 13
    "B) 2702300600",  # 30 February
    "Model 221750Z-4 and x221750Z",  # a date-time group's shape inside an id
])
def test_ids_versions_and_lists_are_not_read_as_machine_dates(text: str) -> None:
    assert [d for d in extract_dates(text) if d.value.month is not None] == []
    assert _clocks(text) == []


def test_a_year_before_a_count_is_not_a_time() -> None:
    # "May 5 2026 12 people": a date and a count, no time of day ("20:26") and no syslog reading
    assert _read("On May 5 2026 12 people signed.") == [("May 5 2026", "2026-05-05")]
    assert _clocks("On May 5 2026 12 people signed.") == []


@pytest.mark.parametrize("text", [
    "Date:   Tue Mar 3 09:07:41 2026 +0100", "[30/Jul/2026:14:22:51 +0000]", "Created: 06/Nov/25",
    "event_time=2026-03-03T09:07:41Z", "DTSTART:20270112T093000Z", "review on 2027-W16-4",
    "A) LFPG B) 2702190600 C) 2702191430", "timestamp: 202607301422", "R 030915Z MAR 27 FM MRCC",
])
def test_a_notation_is_read_alike_in_a_short_text_and_in_a_long_one(text: str) -> None:
    # (a long text is matched only at the anchors a form's shape allows; a short one is scanned)
    filler = "The crew logged the readings as usual and nothing else happened. " * 3
    assert [r for r in _read(filler + text + " " + filler)] == _read(text) != []
