"""Dates and times as documents write them beyond the English forms: month and weekday names of
other languages, continental "14.04." days, hyphenated "09-02-2027", month ranges before one
year, calendar rows under a month's heading, a slashed day before a time, four-digit times after
a date or with a "Z", times in the cells of a CSV export, and "the 21st" as a day of the month.
An answer restating one in English proceeds; the same answer with its day, month, weekday or
time changed is still flagged."""

from __future__ import annotations

import pytest

from raguard import verify
from raguard.normalize.dates import extract_dates


def _flagged(docs: list[str], answer: str) -> list[tuple[str, str]]:
    """(type, text) of the answer's unsupported dates and numbers."""
    return [(w.type, w.text) for w in verify("", docs, answer).warnings
            if w.type in ("unsupported_date", "unsupported_number")]


def _read(text: str) -> list[tuple[str, str]]:
    from raguard.normalize.doc_dates import document_dates

    return [(d.text, d.value.canonical()) for d in document_dates(text, extract_dates(text))]


@pytest.mark.parametrize("doc, answer, changed", [
    # Dutch, German, Spanish, French, Italian month names, with a day and perhaps a year
    ("Ingangsdatum: 1 april 2027. Vervaldatum: 31 maart 2028.", "It runs from 1 April 2027 to 31 March 2028.",
     "It runs from 1 April 2027 to 30 March 2028."),
    ("Abgabe bis spätestens 5. Mai 2027, Rückfragen an das Sekretariat.", "Submit by 5 May 2027.",
     "Submit by 6 May 2027."),
    ("La entrega será el 9 de octubre de 2027 en la oficina central.", "Delivery is on 9 October 2027.",
     "Delivery is on 9 November 2027."),
    ("Réunion du comité le 1er décembre 2027 à Lyon.", "The committee meets on 1 December 2027.",
     "The committee meets on 1 November 2027."),
    ("Consegna prevista: 17 settembre 2027.", "Delivery is expected on 17 September 2027.",
     "Delivery is expected on 17 August 2027."),
    # a month and a year ("März 2027")
    ("Stand: März 2027", "The figures are from March 2027.", "The figures are from May 2027."),
    # a weekday of another language, alone and before a date
    ("Plan: el lunes revisión; la demo es el viernes 14 may.", "The demo is on Friday 14 May and the review on Monday.",
     "The demo is on Thursday 14 May and the review on Monday."),
    ("Afspraak op donderdag, tenzij het regent.", "The appointment is on Thursday.", "The appointment is on Tuesday."),
    # the first day of a range before a day and a month ("12-14 octubre", "du 4 au 6 juin", "8.-10. Mai")
    ("Feria del libro: 12-14 octubre 2027, Recinto Norte.", "The book fair runs from 12 to 14 October 2027.",
     "The book fair runs from 11 to 14 October 2027."),
    ("Stage d'été du 4 au 6 juin 2027 au gymnase.", "The summer course is on 4-6 June 2027.",
     "The summer course is on 5-6 June 2027."),
    ("Betriebsferien vom 8. bis 10. Mai 2027.", "The works is closed from 8 May 2027.",
     "The works is closed from 7 May 2027."),
])
def test_names_of_other_languages_are_dates(doc: str, answer: str, changed: str) -> None:
    assert _flagged([doc], answer) == []
    assert [t for t, _ in _flagged([doc], changed)] == ["unsupported_date"]


@pytest.mark.parametrize("doc, answer, changed", [
    # a continental day and month closed by a dot, its weekday before it
    ("Nr | Tag | Beginn\n7 | Di 14.04. | 09:30\n8 | Mi 15.04. | 10:00", "The first is on Tuesday 14 April at 09:30.",
     "The first is on Tuesday 16 April at 09:30."),
    # ... a word placing a date before it, or a lower-case word after it
    ("Zahlung bis 02.09. auf das Konto, sonst verfällt die Buchung.", "Pay by 2 September.", "Pay by 9 February."),
    ("Reservierung 18.-19.08. für zwei Personen", "The booking is for 18 to 19 August.",
     "The booking is for 18 to 20 August."),
    # a day, month and year joined by hyphens
    ("Journey date: 27-03-2027  Coach: S4", "You travel on 27 March 2027.", "You travel on 28 March 2027."),
    # months joined as a range before one year, and a month glued to its year
    ("Box 4: Letters of the Hale family, Mar-May 1911", "The letters date from March 1911.",
     "The letters date from February 1911."),
    ("Tab: Aug-2027 | Row 3: Fuel | 212.40", "In August 2027 fuel was 212.40.", "In July 2027 fuel was 212.40."),
    # a calendar's rows under its month and year, where the weekday is that day's
    ("OPENING TIMES  SEPTEMBER 2027\n 3  Fri  10:00-16:00\n 4  Sat  closed\n 5  Sun  12:00-15:00",
     "On Friday 3 September it opens at 10:00.", "On Saturday 3 September it opens at 10:00."),
    # a slashed day and month before a four-digit time (the time is one too), or after a weekday
    ("Vsl ETB 14/03 0630 LT, ETD 15/03 1800 (weather permitting).", "She berths at 06:30 on 14 March and sails at 18:00 on 15 March.",
     "She berths at 06:30 on 16 March and sails at 18:00 on 15 March."),
    ("Ready for collection: Wed 18/11 after 2pm", "It will be ready on Wednesday 18 November.",
     "It will be ready on Wednesday 19 November."),
    # a weekday and an ordinal day in prose, in the month of the date before it where that is its weekday
    ("Sent 3 Mar 2027 10:12\nYour refund was approved. It goes out by BACS Friday 12th as usual.",
     "The refund goes out on Fri 12 Mar.", "The refund goes out on Fri 12 Nov."),
    ("Memo, 1 June 2027: the audit closes on Tuesday the 15th.", "The audit closes on 15 June.",
     "The audit closes on 16 June."),
    # ... spelled out, as a call's transcript writes it, and in the month after the date's when
    # its number is lower (only where the weekday fits)
    ("Recorded 09/03/2026 14:02\nAgent: right, so the engineer is booked for Thursday the nineteenth, morning slot.",
     "The engineer comes on Thursday 19 March.", "The engineer comes on Thursday 19 February."),
    ("Chat, 27 October 2026\nLena: can we move it to Tuesday the 3rd?\nOmar: Tuesday the 3rd works.",
     "They moved it to Tuesday 3 November.", "They moved it to Tuesday 3 October."),
    ("Minutes, 2 Feb 2027. Next meeting: Friday the twenty-sixth, 10 am.",
     "The next meeting is on 26 February.", "The next meeting is on 25 February."),
])
def test_layouts_of_documents_are_dates(doc: str, answer: str, changed: str) -> None:
    assert _flagged([doc], answer) == []
    assert [t for t, _ in _flagged([doc], changed)] == ["unsupported_date"]


@pytest.mark.parametrize("text", [
    "after updating the firmware to 3.11. It works",  # a version ending a sentence
    "The total rose to 12.05. Then it fell.",
    "Scored 3 out of 4 in the test.",  # ("out" abbreviates a Portuguese month only with a year)
    "The Mars 2020 rover landed in Jezero crater.",  # (a month of French in lower case only)
    "OPENING TIMES  SEPTEMBER 2027\n 4  Fri  10:00-16:00",  # (4 September 2027 is a Saturday)
    "Chat, 27 October 2026. Can we do Wednesday the 3rd?",  # (neither 3 October nor 3 November is one)
])
def test_what_stays_no_date(text: str) -> None:
    assert _read(text) == []


@pytest.mark.parametrize("doc, answer, changed", [
    # aviation's "Z" glued to four digits; a time right after a date is no telephone group
    ("CRS signed 1642z, A/C released.", "It was released at 16:42Z.", "It was released at 17:42Z."),
    ("ETA 03/04 0915 pilot station", "Arrival at the pilot station is 09:15.", "Arrival at the pilot station is 09:45."),
])
def test_four_digit_times(doc: str, answer: str, changed: str) -> None:
    assert _flagged([doc], answer) == []
    assert [t for t, _ in _flagged([doc], changed)] == ["unsupported_number"]


_CSV = ("site,day,from,to,litres\n"
        "P7,2027-02-03,06:00,06:30,80\n"
        "P7,2027-02-03,06:30,07:00,145\n"
        "P7,2027-02-03,07:00,07:30,95\n")


def test_csv_times_are_read_with_their_row() -> None:
    assert _flagged([_CSV], "The busiest slot was 06:30-07:00, at 145 litres.") == []
    assert _flagged([_CSV], "Pumping ran between 06:00 and 07:30.") == []
    # a slot moved to another row keeps the value it was given with
    assert [t for t, _ in _flagged([_CSV], "The busiest slot was 06:00-06:30, at 145 litres.")] == ["unsupported_number"]
    # a start must be a slot's start
    assert [t for t, _ in _flagged([_CSV], "Pumping ran between 07:30 and 07:30.")] != []


def test_a_value_in_another_clause_is_no_cell_of_the_times_row() -> None:
    # the largest volume is another row's: said after the brackets the slot stands in, or in a
    # clause of its own, it is not bound to the slot
    assert _flagged([_CSV], "Pumping ran all morning (last slot 07:00-07:30), and the largest was 145 litres.") == []
    assert _flagged([_CSV], "The last slot was 07:00-07:30; the largest was 145 litres.") == []
    assert [t for t, _ in _flagged([_CSV], "The last slot was 07:00-07:30, at 145 litres.")] == ["unsupported_number"]


def test_an_ordinal_is_a_day_of_the_month() -> None:
    doc = "Vsl ETB 21/06 0400 LT, gangs from 21/06 0700."
    assert _flagged([doc], "She berths at 04:00 on the 21st.") == []
    assert _flagged([doc], "She berths at 04:00 on the 22nd.") == [("unsupported_number", "22nd")]
    # a noun after it makes it no day ("the 21st floor")
    assert _flagged([doc], "Gangs start on the 21st floor.") == [("unsupported_number", "21st")]
    # a function word after it keeps it a day; a rank's superlative does not
    assert _flagged([doc], "She berths on the 21st and gangs start at 07:00.") == []
    assert _flagged([doc], "She berths on the 22nd and gangs start at 07:00.") == [("unsupported_number", "22nd")]
    assert _flagged([doc], "It is the 21st most used berth.") == [("unsupported_number", "21st")]


def test_an_ordinal_after_a_weekday_is_a_day_on_that_weekday() -> None:
    rota = ("start | end | on call\n2027-03-05T18:00:00+00:00 | 2027-03-08T09:00:00+00:00 | Dana Whitlock\n"
            "2027-03-08T09:00:00+00:00 | 2027-03-15T09:00:00+00:00 | Omar Haddad")
    answer = "Dana is on call until the 09:00 handoff on Monday 8th, when Omar's week starts."
    assert _flagged([rota], answer) == []
    assert _flagged([rota], answer.replace("Monday 8th", "Monday the 8th")) == []
    assert _flagged([rota], answer.replace("Monday 8th", "Monday 9th")) == [("unsupported_number", "9th")]
    # the 8th is no Tuesday in that rota
    assert ("unsupported_number", "8th") in _flagged([rota], answer.replace("Monday 8th", "Tuesday 8th"))


@pytest.mark.parametrize("doc, answer, changed", [
    # a month's abbreviation and a two-digit year (a service note, a spreadsheet's "mmm-yy")
    ("* timing chain + tensioner replaced @ 88k (Sep 24) - invoice in glovebox\n* rear pads Feb 26",
     "The timing chain was replaced in September 2024 and the rear pads in February 2026.",
     "The timing chain was replaced in September 2023 and the rear pads in February 2026."),
    ("Month | Units\nJan-27 | 412\nFeb-27 | 398", "In February 2027, 398 units were sold.",
     "In March 2027, 398 units were sold."),
    ("Warranty registered Apr '23 at the dealer.", "The warranty was registered in April 2023.",
     "The warranty was registered in April 2022."),
    # the day reading stays
    ("Parcel lodged Nov 14 at the depot.", "The parcel was lodged on 14 November.",
     "The parcel was lodged on 15 November."),
    # an ISO year and month
    ("Operator Manual HX-220 Issue 04 (2027-03)", "The manual is issue 04, dated March 2027.",
     "The manual is issue 04, dated April 2027."),
    ("Data freeze: 2025-11 | sample n=214", "The data were frozen in November 2025.",
     "The data were frozen in November 2024."),
    ("Drawing DW-118 rev C, released 2027/02", "Revision C was released in February 2027.",
     "Revision C was released in March 2027."),
    ("Preisliste gültig ab 04.2027 (ersetzt 11-2026)", "The price list is valid from April 2027.",
     "The price list is valid from April 2026."),
    # a day and a month joined by a hyphen, the year given elsewhere
    ("Inspection report 21-Aug-2027. Seal leak first logged on 9-Aug (job 5521).",
     "The seal leak was first logged on 9 August.", "The seal leak was first logged on 19 August."),
])
def test_month_year_and_day_month_shorthands_are_dates(doc: str, answer: str, changed: str) -> None:
    assert _flagged([doc], answer) == []
    assert [t for t, _ in _flagged([doc], changed)] == ["unsupported_date"]


@pytest.mark.parametrize("doc, answer, changed", [
    # a log's yearless MM/DD rows under a dated header: the weekday the answer adds is that year's
    ("KILN LOG start 2027-05-03\nrun 4   05/10  1180 C\nrun 5   05/13  1215 C",
     "Run 4 on Monday 10 May reached 1180 C and run 5 on Thursday 13 May reached 1215 C.",
     "Run 4 on Tuesday 10 May reached 1180 C and run 5 on Thursday 13 May reached 1215 C."),
    # a price list's seasons under its year's heading, day first ("31/10" cannot be month first)
    ("CAMPSITE FEES 2027\nPitch | Low 01/11–31/03 | High 01/04–31/10\nTent | 14,00 | 22,50",
     "The high season runs from 1 April to 31 October.", "The high season runs from 1 May to 31 October."),
    # ... and a yearless date with its weekday, in the one year the document gives
    ("Open day 2027. Doors open on Saturday 12 June at 10:00; the last tour leaves at 15:30.",
     "Doors open on Saturday 12 June 2027 at 10:00.", "Doors open on Saturday 12 June 2028 at 10:00."),
    # ... in the year the weekday fits, of the two it gives
    ("Founded in 1998. The anniversary dinner is on Friday 8 October; bookings close 2027-09-20.",
     "The anniversary dinner is on Friday 8 October 2027.", "The anniversary dinner is on Friday 8 October 1998."),
])
def test_yearless_dates_are_read_in_the_documents_year(doc: str, answer: str, changed: str) -> None:
    assert _flagged([doc], answer) == []
    assert [t for t, _ in _flagged([doc], changed)] == ["unsupported_date"]


def test_a_weekday_the_year_does_not_give_is_still_flagged() -> None:
    doc = "ROTA 2027-01-04\nshift A  01/11  nights\nshift B  01/12  days"
    assert _flagged([doc], "Shift A is on Monday 11 January.") == []
    assert _flagged([doc], "Shift A is on Sunday 11 January.") == [("unsupported_date", "Sunday 11 January")]
    # a stated weekday the year does not give: the date is not read in that year (9 July 2027
    # is a Friday, 9 July 2026 a Thursday)
    assert [v for _, v in _read("Season 2026. Gates open Friday 9 July.") if v.startswith("2026-07")] == []
    assert _flagged(["Season 2026. Gates open Friday 9 July."], "Gates open on Friday 9 July 2026.") == [
        ("unsupported_date", "Friday 9 July 2026")]


@pytest.mark.parametrize("text", [
    "Season 2011-12 results",  # a span of years, not December 2011
    "Ratio 10/10 on the scale.",  # no full date in the text: no date
    "Rooms 3-may be booked.",  # a verb
    "Sample mass 10.2026 g, ref. 555-06-2026",  # a decimal with its unit's digits; a code's tail
])
def test_shorthands_that_stay_no_date(text: str) -> None:
    assert _read(text) == []


def test_a_placed_date_supports_no_weekday_alone() -> None:
    # "Jun 3" read in 2027 fell on a Thursday, but the document never says the bins go out then
    doc = ("Bins go out MONDAY and FRIDAY nights.\n"
           "Booking: Sat 5 Jun 2027 -> Sat 12 Jun 2027\n"
           "Guest (Jun 3, 09:12): what time is check-in?")
    assert _flagged([doc], "The bins go out on Monday and Friday nights.") == []
    assert _flagged([doc], "The bins go out on Monday and Thursday nights.") == [("unsupported_date", "Thursday")]


def test_a_bare_year_places_no_date_without_its_weekday() -> None:
    # a wire's dateline and its "on Tuesday": the story's "in 2029" is no year of the dateline
    doc = ("OSLO, May 6 - Nordlys Rail said on Tuesday it would order 14 trains.\n"
           "Deliveries are due to begin in 2029.")
    assert _flagged([doc], "On Tuesday, May 6, Nordlys Rail said it would order 14 trains.") == []
    assert _flagged([doc], "On Tuesday, May 7, Nordlys Rail said it would order 14 trains.") != []


def test_a_day_closed_by_a_dot_before_an_english_month_name_is_a_date() -> None:
    # German writes the months it shares with English so ("ab dem 1. April 2026")
    from raguard import verify

    docs = ["Sehr geehrte Familie Roth, der Platz in der Kita Lindenhof beginnt ab dem 1. April 2026. "
            "Die Eingewöhnung endet am 15. Mai 2026."]
    assert verify("When does the place start?", docs, "The place starts on 1 April 2026.").action == "proceed"
    assert verify("When does the place start?", docs, "The place starts on 2 April 2026.").action == "review"


def test_a_document_date_written_with_a_no_break_space_is_read() -> None:
    """A passage beyond ASCII reads its dates with their no-break or thin spaces made spaces (a
    passage without one is not translated: the same text)."""
    from raguard.documents import DocumentIndex

    for space in ("\u00a0", "\u202f", "\u2009"):
        index = DocumentIndex(f"Grünwald signed the lease on 14{space}October 2031 – two days late.")
        assert [(d.value.year, d.value.month, d.value.day) for d in index.dates] == [(2031, 10, 14)], space
    index = DocumentIndex("Grünwald signed the lease on 14 October 2031 – two days late.")
    assert [(d.value.year, d.value.month, d.value.day) for d in index.dates] == [(2031, 10, 14)]


def test_a_month_and_year_in_two_pairs_of_digits_supports_the_answers_month_and_year() -> None:
    # a card's expiry and a bond's maturity: "09/28" is September 2028 there
    wallet = ["Saved cards\nVisa debit ending 5521   exp 09/28\nMastercard ending 0384   exp 1/27"]
    assert _flagged(wallet, "Your Visa debit card expires in September 2028 and the Mastercard in January 2027.") == []
    assert _flagged(wallet, "Your Visa debit card expires in October 2028.") == [("unsupported_date", "October 2028")]
    bonds = ["Holdings\nGilt 4.25 12/32   GBP 40,000\nGilt 0.875 01/46   GBP 15,000"]
    assert _flagged(bonds, "The 4.25 gilt matures in December 2032.") == []
    assert _flagged(bonds, "The 4.25 gilt matures in December 2023.") == [("unsupported_date", "December 2023")]
    # a day of the answer's is not read from them: "12/32" gives no 12 March
    assert _flagged(["exp 09/28"], "It expires on 9 September 2028.") != []


def test_dates_written_with_year_month_and_day_characters() -> None:
    notice = ["ご予約確認　チェックイン：2026年3月14日（土）　チェックアウト：3月16日　発行：２０２６年２月２日"]
    assert _flagged(notice, "You check in on Saturday 14 March 2026 and the booking was issued on 2 February 2026.") == []
    assert _flagged(notice, "You check in on 15 March 2026.") == [("unsupported_date", "15 March 2026")]
    assert _flagged(notice, "You check in on Sunday 14 March 2026.") == [("unsupported_date", "Sunday 14 March 2026")]
    assert _read("締切 2026年7月") == [("2026年7月", "2026-07")]


def test_a_month_abbreviation_of_another_language_with_its_year_is_read_alone() -> None:
    # no month of the bill is written in full: its abbreviations are read for what they are
    bill = ["VENCIMIENTO: 09 ENE 2027    SUSPENSION A PARTIR DE: 12 ENE 2027"]
    assert _flagged(bill, "Pay by 9 January 2027; supply can be cut from 12 January 2027.") == []
    assert _flagged(bill, "Pay by 19 January 2027.") == [("unsupported_date", "19 January 2027")]


def test_a_day_month_abbreviation_and_two_digit_year_a_space_apart() -> None:
    statement = ["STATEMENT PERIOD 03 FEB 27 - 02 MAR 27   ACCOUNT 4471"]
    assert _flagged(statement, "The statement runs from 3 February to 2 March 2027.") == []
    assert _flagged(statement, "The statement runs from 3 February to 2 March 2026.") != []
    # no range runs back in its month: "27 - 02 MAR" is no 27 March
    assert all(d.value.canonical() != "--03-27" for d in extract_dates(statement[0]))


def test_a_dot_after_a_full_month_name_ends_a_sentence() -> None:
    notes = ["Agreed: 1) Quiet room trial for 4 weeks from 9 June. 2) Review at half term."]
    assert _flagged(notes, "The quiet room trial runs for four weeks from 9 June.") == []
    assert _flagged(notes, "The quiet room trial starts on 2 June.") == [("unsupported_date", "2 June")]
    assert [d.text for d in extract_dates("seen on Sept. 3 and Oct. 14")] == ["Sept. 3", "Oct. 14"]


def test_a_weekday_after_a_date_in_chinese_or_japanese_is_read_with_it() -> None:
    ticket = ["乗車券　名古屋→京都\n９月１７日（木）　ひかり５０３号　１０：０５発"]
    assert _flagged(ticket, "Your train leaves on Thursday 17 September.") == []
    assert _flagged(ticket, "Your train leaves on Friday 17 September.") == [("unsupported_date", "Friday 17 September")]
    assert _flagged(["会议定于2027年3月4日星期四举行"], "The meeting is on Thursday 4 March 2027.") == []
    # a Chinese weekday before the date is joined too ("本周四 3月4日": this Thursday, 4 March)
    assert _flagged(["群公告: 本周四 3月4日 晚上开会"], "The meeting is on Thursday 4 March.") == []
    assert _flagged(["群公告: 本周四 3月4日 晚上开会"], "The meeting is on Friday 4 March.") != []
    # a weekday the year does not give is not joined: 4 March 2027 is a Thursday
    assert _flagged(["会议定于2027年3月4日（周一）举行"], "The meeting is on Monday 4 March 2027.") != []


def test_two_short_weekdays_joined_are_a_range_or_a_list() -> None:
    chat = ["[Thu 19:02] Imke: can u water the tomatoes sat+sun?\n[Thu 19:10] Bo: sure, evenings only, busy sat morning"]
    assert _flagged(chat, "Bo will water the tomatoes on Saturday and Sunday evenings.") == []
    assert _flagged(chat, "Bo will water the tomatoes on Friday evening.") == [("unsupported_date", "Friday")]
    hours = ["Sprechzeiten: Mo-Do 8:00-12:00, Fr 8:00-11:00"]
    assert _flagged(hours, "The practice is open Monday to Thursday from 8:00 to 12:00.") == []
    # the days inside a range are not read: "Tuesday to Thursday" is not what "Mo-Do" says
    assert _flagged(hours, "The practice is open Tuesday to Thursday.") == [("unsupported_date", "Tuesday")]
    # a two-letter abbreviation in lower case is a word ("do/so")
    assert _read("you can do/so it") == []


def test_a_row_that_opens_with_its_weekday_is_that_day() -> None:
    rota = ["Day | Shift | Staff\nMon | Early | Pia\nSat | Late | cover needed\nSun | - | closed"]
    assert _flagged(rota, "Saturday's late shift still needs cover and the site is closed on Sunday.") == []
    assert _flagged(rota, "Wednesday's late shift still needs cover.") == [("unsupported_date", "Wednesday")]
    # a short weekday inside a row is not a label ("Sat" as a word)
    assert _read("Notes | He sat | there") == []


def test_a_range_of_two_months_states_both() -> None:
    rules = ["Allotment rules: bonfires allowed Nov-Feb only; hosepipes banned JUN–AUG."]
    assert _flagged(rules, "Bonfires are allowed from November to February, and hosepipes are banned from June to August.") == []
    assert _flagged(rules, "Bonfires are allowed from October to February.") == [("unsupported_date", "October")]
    # the months between the ends are not read, and lower case "mar-may" are words
    assert _flagged(rules, "Hosepipes are banned in July.") == [("unsupported_date", "July")]
    assert _read("they mar-may the view") == []


def test_an_iso_year_and_month_in_a_csv_cell_is_read() -> None:
    export = ["indicator,unit,period,value,flag\nARRIVALS,NR,2027-02,412880,p\nARRIVALS,NR,2027-03,530114,\n"]
    assert _flagged(export, "February 2027 (412,880) is provisional; March 2027 (530,114) is final.") == []
    assert _flagged(export, "April 2027 is provisional.") == [("unsupported_date", "April 2027")]
    # a decimal after it is still no month's: "2027-03.5" is left alone
    assert _read("index 2027-03.5 points") == []


def test_a_range_first_day_closed_by_a_dot_or_with_its_weekday_is_read() -> None:
    fair = ["Nordsee Boat Days · 09.–11.06.2028 · Halle 3, Bremerhaven"]
    assert _flagged(fair, "The show runs from 9 to 11 June 2028.") == []
    assert _flagged(fair, "The show opens on 8 June 2028.") == [("unsupported_date", "8 June 2028")]
    minutes = ["SECRETARY: Concert dates Thu 4 - Sat 6 December. Rehearsal Monday 1 December."]
    assert _flagged(minutes, "The concerts run from Thursday 4 to Saturday 6 December.") == []
    # the first day keeps its weekday: a Friday 4 is no Thursday 4
    assert _flagged(minutes, "The concerts start on Friday 4 December.") == [("unsupported_date", "Friday 4 December")]


def test_an_edi_segment_date_of_eight_digits_is_read() -> None:
    asn = ["ST*856*0001~\nBSN*00*SHP30211*20270309*1105~\nDTM*011*20270309~\nDTM*017*20270312~"]
    assert _flagged(asn, "The shipment left on 9 March 2027 and is due on 12 March 2027.") == []
    assert _flagged(asn, "It is due on 13 March 2027.") == [("unsupported_date", "13 March 2027")]
    # eight digits outside a segment are an order's number, not a date
    assert _read("Order 20270309 was packed.") == []


def test_a_swift_field_that_opens_with_a_date_is_read() -> None:
    credit = ["{4:\n:27:1/1\n:40A:IRREVOCABLE\n:20:LC-5530-0912\n:31C:270304\n:31D:270530PORTUGAL\n"
              ":32B:USD120000,00\n:44C:270515\n-}"]
    assert _flagged(credit, "Issued on 4 March 2027, the credit expires on 30 May 2027; latest shipment is 15 May 2027.") == []
    assert _flagged(credit, "The credit expires on 31 May 2027.") == [("unsupported_date", "31 May 2027")]
    # a field whose six digits are no date, or a line that is no field, is left alone
    assert _read(":20:271399\nref 270304 filed") == []


def test_a_short_month_standing_alone_is_that_month() -> None:
    update = ["Monthly update, November\n- Bookings: 412 ( Oct 388 )\n- Churn: 2.1% ( Oct 2.4% )"]
    assert _flagged(update, "Bookings rose to 412 from 388 in October.") == []
    assert _flagged(update, "Bookings rose to 412 from 388 in September.") == [("unsupported_date", "September")]
    # a month's abbreviation a word shares ("Mar"), one in lower case, or one glued into a word, is no month
    assert _read("They mar the view; the oct-core chip; NOVA") == []


def test_a_log_lines_last_night_is_the_day_before_its_own_stamp() -> None:
    docs = ["Tue 4 Mar 06:50 - Harbour Lifts: lift 2 at Quay Court out of service since approx 23:00 last night.\n"
            "Wed 5 Mar 14:10 - Harbour Lifts: lift 2 back in service. Part due tomorrow for lift 3."]
    answer = "Lift 2 at Quay Court stopped at about 23:00 on Monday 3 March and was back on Wednesday 5 March."
    assert [w.type for w in verify("when was the lift out?", docs, answer).warnings if w.severity == "high"] == []
    # two days before is no "last night"
    wrong = answer.replace("Monday 3 March", "Sunday 2 March")
    assert verify("when was the lift out?", docs, wrong).action == "review"


def test_a_short_weekday_after_closed_is_a_day() -> None:
    found = [(d.text, d.value.weekday) for d in extract_dates("Hours: Mon-Fri 8-5, Sat 9-12, closed Sun.")]
    assert ("Sun", 6) in found
    assert extract_dates("they sat in the open sun all day") == []


def test_two_dotted_days_and_months_without_closing_dots_joined_as_a_range_are_dates() -> None:
    # in a text that writes full dotted dates ("Abfahrt 04.03.2027." ends its sentence)
    doc = "Abfahrt Bremerhaven 04.03.2027. Lagergeld vom 26.02 bis 04.03 trägt die Reederei."
    assert _flagged([doc], "Storage from 26 February to 4 March is paid by the line.") == []
    assert _flagged([doc], "Storage from 25 February to 4 March is paid by the line.") == [
        ("unsupported_date", "25 February")]
    # without full dotted dates, "26.02 bis 04.03" may be a range of decimals: no date
    assert _read("Toleranz 26.02 bis 04.03 mm laut Zeichnung.") == []
    assert ("26.02", "--02-26") in _read(doc)


def test_an_apostrophes_year_after_a_month_name_or_in_is_a_year() -> None:
    # transcripts write speech: "October '74", "moved here in '88" (the century as "'26" reads)
    talk = ["[00:12:40] RB: The flood was October '74, the whole lane went under. We moved here in '88."]
    assert _flagged(talk, "The flood was in October 1974 and they moved there in 1988.") == []
    assert _flagged(talk, "The flood was in October 1975.") == [("unsupported_date", "October 1975")]
    assert _flagged(talk, "They moved there in 1989.") == [("unsupported_date", "1989")]
    # "'74" after a plain word is no year
    assert _flagged(["Pitch '74 is the far one."], "Pitch 74 was used in 1974.") == [("unsupported_date", "1974")]


def test_a_year_month_and_day_joined_by_dots_is_a_date() -> None:
    # Korean, Chinese and Hungarian receipts and forms: "2026.03.27", "2027.4.1"
    receipt = ["영수증 RECEIPT No. 88  기간 Period: 2027.04.05 ~ 2027.04.30  결제 Paid: 2027.4.1 card"]
    assert _flagged(receipt, "The course runs from 5 to 30 April 2027 and was paid on 1 April 2027.") == []
    assert _flagged(receipt, "The course runs until 30 May 2027.") == [("unsupported_date", "30 May 2027")]
    # a version's digits are no date
    assert _read("build 3.2027.04.05 shipped") == []


_BUILD_CHAT = ("LASERWORKS - Quote #L-2207 (accepted 2027-04-05)\nEst. dispatch: 2027-04-09\n"
               "#orders\nPetra — 08/04/2027 14:12\nyour brackets missed tonight's run, the bed was full. "
               "Next run starts Sat 10.4 at 18:00, finishing takes a day, so dispatch Mon 12.4.")


def test_a_day_and_month_joined_by_a_dot_after_their_weekday_are_a_date() -> None:
    answer = "The next run starts on Saturday 10 April at 18:00, so dispatch moves to Monday 12 April."
    assert _flagged([_BUILD_CHAT], answer) == []
    assert _flagged([_BUILD_CHAT], answer.replace("Monday 12 April", "Monday 19 April")) == [
        ("unsupported_date", "Monday 19 April")]
    assert ("10.4", "2027-04-10 Sat") in _read(_BUILD_CHAT)


def test_a_dotted_pair_after_a_weekday_it_does_not_fall_on_is_no_date() -> None:
    # "Sun 10.4" is no Sunday in 2027, and a parkrun's "Sat 5.0 km" holds no month
    assert _flagged([_BUILD_CHAT.replace("Sat 10.4", "Sun 10.4")], "The next run starts on Saturday 10 April.") == [
        ("unsupported_date", "Saturday 10 April")]
    assert [r for r in _read("Logged 2027-04-03. Sat 5.0 km in 27:40, Sun 7.5 km easy.") if r[0] in ("5.0", "7.5")] == []


_LAMBING = ("ewe_id,name,lambing_date,lambs,notes\nE14,Bess,2027-02-21,2,\nE19,Moll,2027-02-24,1,bottle 1\n"
            "E22,Tib,,0,not lambed - due ~03-04")


def test_a_month_and_day_in_a_text_of_year_first_dates_is_that_order() -> None:
    assert _flagged([_LAMBING], "Tib hasn't lambed yet and is due around 4 March.") == []
    assert _flagged([_LAMBING], "Tib hasn't lambed yet and is due around 3 April.") == [("unsupported_date", "3 April")]
    # a text without year-first dates does not say which part is the month
    plain = _LAMBING.replace("2027-02-21", "21/02/2027").replace("2027-02-24", "24/02/2027")
    assert _flagged([plain], "Tib hasn't lambed yet and is due around 4 March.") == [("unsupported_date", "4 March")]
