"""A day of the month a thread writes alone ("by the 11th", "Thursday 26th") is a date in a month
the documents give elsewhere: a faithful "11 March" or "Thursday 26 March" was flagged."""

from __future__ import annotations

from raguard import verify
from raguard.models import UNSUPPORTED_DATE
from raguard.normalize.dates import day_ordinals

THREAD = ["From: Odile Marchetti <odile@harbourlets.co.uk>\nSent: 2 June 2027\n"
          "Hi Sam, the inventory check-out is booked for the 18th at 10am, and I need the keys back by "
          "the 20th. Our contractor can clean on Tuesday 15th if that suits.\nOdile"]


def flagged(docs: list[str], answer: str, query: str = "When is check-out?") -> list[str]:
    return [w.text for w in verify(query, docs, answer).warnings if w.type == UNSUPPORTED_DATE]


def test_days_written_alone_after_the_or_a_weekday() -> None:
    found = [(THREAD[0][a:b], day, weekday) for a, b, day, weekday in day_ordinals(THREAD[0])]
    assert found == [("18th", 18, None), ("20th", 20, None), ("Tuesday 15th", 15, 1)]
    # an ordinal before a noun is no date
    assert day_ordinals("She scored in the 23rd minute, from the 5th row, on her 3rd try.") == []


def test_an_answers_date_is_supported_by_its_day_alone_in_a_month_the_documents_give() -> None:
    answer = "Check-out is on 18 June at 10am, the keys are due back by 20 June, and cleaning can be on Tuesday 15 June."
    assert flagged(THREAD, answer) == []
    # another day, another month, or a weekday the day does not fall on in 2027, is still flagged
    assert flagged(THREAD, answer.replace("18 June", "19 June")) == ["19 June"]
    assert flagged(THREAD, answer.replace("20 June", "20 July")) == ["20 July"]
    assert flagged(THREAD, answer.replace("Tuesday 15 June", "Tuesday 16 June")) != []
    # a weekday beside the day must fall on it: 15 June 2027 is a Tuesday, 15 July 2027 a Thursday
    other = [THREAD[0].replace("2 June 2027", "2 July 2027")]
    assert flagged(other, "Cleaning can be on 15 July.") == ["15 July"]


def test_the_users_own_day_is_supported_by_the_question() -> None:
    docs = ["Hire agreement HX-4410 - Van collected 12 May 2027 - Return by 19 May 2027, 6pm.",
            "Damage policy: report any damage within 48 hours of finding it."]
    # the user's "on 5/14" (after a word that places it) and "on the 16th" in a month the documents give
    asked = "I noticed a scratch on 5/14, do I still have to report it? And can I return it on the 16th?"
    answer = "You found the scratch on 14 May, so report it within 48 hours; returning on 16 May is fine."
    assert flagged(docs, answer, asked) == []
    assert flagged(docs, answer.replace("16 May", "17 May"), asked) == ["17 May"]
    # a day the question writes alone, in a month no document gives, is still unsupported
    assert flagged(docs, answer.replace("16 May", "16 June"), asked) == ["16 June"]


def test_a_weekday_before_the_day_must_fall_on_it() -> None:
    # "Tuesday the 3rd" in a thread dated October 2026: 3 November is a Tuesday, 3 October a Saturday
    chat = ["Chat, 27 October 2026\nLena: can we move it to Tuesday the 3rd?\nOmar: Tuesday the 3rd works."]
    assert [(day, weekday) for _, _, day, weekday in day_ordinals(chat[0])] == [(3, 1)]  # ("the 3rd works": a noun may follow)
    assert flagged(chat, "They moved it to Tuesday 3 October.") == ["Tuesday 3 October"]


def test_a_weekday_and_day_alone_before_a_time_of_day_are_a_date() -> None:
    # "Weds 9th 8am": the ordinal is followed by a time, not by a noun
    chat = ["Mon 7 Jun 2027 18:02 Priti: can you do the boiler service this week?\n"
            "Mon 7 Jun 2027 18:40 Gareth: Weds 9th 8am works, or Fri 11th 14:00"]
    assert flagged(chat, "Gareth can service the boiler on Wednesday 9 June at 8am or Friday 11 June at 2pm.") == []
    assert flagged(chat, "Gareth can service the boiler on Wednesday 10 June at 8am.") != []


def test_a_day_and_month_slashed_after_a_weekday_are_read_the_way_the_weekday_falls() -> None:
    # "Thur 8/7": 8 July 2027 is a Thursday (7 August 2027 a Saturday), in the year the slip gives
    slip = ["Repair slip R-5521, booked in 28 June 2027.\nWatch: service + new crown. Ready: Thur 8/7     Cust. collect"]
    assert flagged(slip, "Your watch will be ready on Thursday 8 July.") == []
    assert flagged(slip, "Your watch will be ready on Saturday 7 August.") == ["Saturday 7 August"]
    assert flagged(slip, "Your watch will be ready on Thursday 15 July.") == ["Thursday 15 July"]


def test_a_weekday_said_alone_in_a_dated_message_is_the_coming_one() -> None:
    # a message of Tuesday 8 June 2027 says "Thursday": 10 June, not a later Thursday
    chat = ["[08/06/27, 09:14] Nell: can you fit the new tap?\n[08/06/27, 09:40] Dev: I can do it Thursday, after 10"]
    assert flagged(chat, "Dev can fit the tap on Thursday 10 June, after 10am.") == []
    assert flagged(chat, "Dev can fit the tap on Thursday 17 June.") == ["Thursday 17 June"]
    assert flagged(chat, "Dev can fit the tap on Friday 11 June.") == ["Friday 11 June"]
    # an abbreviation ending in "s" is one day ("Tues"), a plural ("Tuesdays") no day
    tues = ["[08/06/27, 09:40] Dev: I can do it Tues, after 10"]
    assert flagged(tues, "Dev can fit the tap on Tuesday 15 June.") == []
    assert flagged(["[08/06/27, 09:40] Dev: I work Tuesdays, after 10"], "Dev can fit the tap on Tuesday 15 June.") != []
    # days of a range or a list, and a weekday that opens a date, are no day said alone
    hours = ["[08/06/27, 09:14] Oakley Pharmacy: your inhaler is in, collect it Thu 10 Jun. Open Mon-Fri 9-6."]
    assert flagged(hours, "You can collect the inhaler on Friday 11 June.") == ["Friday 11 June"]
    assert flagged(hours, "You can collect the inhaler on Thursday 17 June.") == ["Thursday 17 June"]


def test_a_day_told_from_a_messages_date_may_be_the_last_such_weekday_or_next_months_day() -> None:
    # a yearless chat of Monday 27 October (the year from the invoice): "on sat" is the 25th just
    # gone (or 1 November coming), "by the 2nd" is 2 November
    docs = ["INVOICE 2031 / Wrenfield Glass\nIssued: 20/10/25\nWindow repair, 2 panes ... £140",
            "Esme K  27 Oct 18:02\nthe pane cracked again on sat, can you come by the 2nd? guests arrive then\n"
            "Wrenfield  27 Oct 18:30\nyes will do"]
    answer = "The pane cracked again on 25 October, and Esme asked Wrenfield to come by 2 November."
    assert flagged(docs, answer, "When did it crack?") == []
    assert flagged(docs, answer.replace("25 October", "24 October"), "When did it crack?") == ["24 October"]
    assert flagged(docs, answer.replace("2 November", "3 November"), "When did it crack?") == ["3 November"]
    # the date the day is told from must come before it
    after = [docs[0], "the pane cracked again on sat, can you come by the 2nd?\nEsme K  27 Oct 18:02"]
    assert flagged(after, answer, "When did it crack?") == ["25 October", "2 November"]


def test_a_day_spelled_as_a_transcript_writes_it_is_told_from_the_messages_date() -> None:
    assert [(d, w) for _, _, d, w in day_ordinals("could you come the twenty-third instead")] == [(23, None)]
    # a spelled ordinal before a noun counts it: no day
    assert day_ordinals("it was the third time and the seventeenth attempt") == []
    docs = ["Voicemail - from 07700 900 118 - Thu 6 Nov, 14:12 - 0:31\n(auto-transcribed) hi it's Priya about the "
            "sofa delivery um I'm not in on the tenth so could you bring it the twenty-third instead thanks bye"]
    answer = "Priya's voicemail of 6 November asks for the sofa to be delivered on 23 November instead."
    assert flagged(docs, answer, "What did Priya ask?") == []
    assert flagged(docs, answer.replace("23 November", "24 November"), "What did Priya ask?") == ["24 November"]


def test_a_weekday_filling_a_cell_of_a_csv_is_a_day() -> None:
    rota = ["Week,Day,Driver\nW/c 9 Mar,Wed,Tobi\nW/c 9 Mar,Sat,Noor\n"]
    assert flagged(rota, "Tobi drives on Wednesday and Noor on Saturday.", "Who drives?") == []
    assert flagged(rota, "Tobi drives on Thursday.", "Who drives?") == ["Thursday"]
    # a capitalized "Wed" or "Sat" in prose is a word
    assert flagged(["Tobi and Noor Wed in spring. Noor Sat down."], "They marry on Wednesday.", "When?") == ["Wednesday"]


def test_a_short_weekday_right_after_a_time_of_day_is_a_day() -> None:
    notes = ["MATCH NOTES - U14s\nKeeper cover: decision 18:30 Sun after training. Kit wash 7pm Sat."]
    answer = "The keeper decision is at 18:30 on Sunday, and the kit wash at 7pm on Saturday."
    assert flagged(notes, answer, "What's left?") == []
    assert flagged(notes, answer.replace("on Sunday", "on Monday"), "What's left?") == ["Monday"]
    # after a full stop it opens a sentence, as "Sat" does in prose
    assert flagged(["We met at 10:00. Sat down to talk."], "We met on Saturday.", "When?") == ["Saturday"]


def test_weds_and_thur_are_weekdays_as_wed_and_thurs_are() -> None:
    chat = ["[Tue 10/03 18:02] Rota: can you do Weds–Fri next week?\n[Tue 10/03 18:20] Dana: yes, Weds-Thur fine"]
    answer = "Dana can work Wednesday to Thursday next week."
    assert flagged(chat, answer, "When can Dana work?") == []
    assert flagged(chat, answer.replace("Wednesday", "Monday"), "When can Dana work?") == ["Monday"]


def test_the_weekday_of_a_yearless_day_is_told_in_the_year_another_document_states() -> None:
    # 18 June 2026 is a Thursday: the text gives the day, the receipt the year
    docs = ["RECEIPT - Kettle & Co repairs\nIn: 15/06/26   Item: espresso machine, pump seal",
            "Kettle & Co 18/06 15:40: your machine is ready to collect, balance £42."]
    answer = "Kettle & Co texted on Thursday 18 June to say the machine was ready."
    assert flagged(docs, answer, "Is it ready?") == []
    assert flagged(docs, answer.replace("Thursday", "Friday"), "Is it ready?") == ["Friday 18 June"]
    # with three years stated, one of them would fit by chance: not read
    more = [docs[0] + "\nPrevious repairs: 02/03/24, 11/09/25", docs[1]]
    assert flagged(more, answer, "Is it ready?") == ["Thursday 18 June"]


def test_a_day_told_from_a_messages_date_must_fall_on_the_answers_weekday() -> None:
    # "on Friday" from Thursday 16 July 2026 is the 17th: "Thursday 17 July" is no such day
    notice = ["Issued Thursday 16/07/2026\nAir quality should improve on Friday as a weak front clears."]
    assert flagged(notice, "Air quality should improve on Friday 17 July.", "When?") == []
    assert flagged(notice, "Air quality should improve on Thursday 17 July.", "When?") == ["Thursday 17 July"]
