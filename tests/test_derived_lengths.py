"""Values an answer derives by arithmetic on values it states (each checked on its own): the
length of time between two of its times or dates, a duration written in two units against a
document's timestamp, an age counted from a year, and a total named as one."""

from __future__ import annotations

from raguard import verify


def _flagged(docs: list[str], answer: str) -> list[str]:
    return [w.text for w in verify("", docs, answer).warnings if w.severity == "high"]


def test_a_length_between_two_times_the_answer_gives_is_derived_across_midnight() -> None:
    doc = ["Maintenance log, 14-15 March. Work began at 23:10 on 14 March; the last check passed at 02:25 on 15 March."]
    answer = "The window ran from 23:10 on 14 March to 02:25 on 15 March, about 3 hours 15 minutes."
    assert _flagged(doc, answer) == []
    # a changed length no longer fits; a changed end is flagged itself
    assert "4" in _flagged(doc, answer.replace("3 hours", "4 hours"))
    assert "03:25" in _flagged(doc, answer.replace("02:25", "03:25"))
    # unhedged, the length is read to its last unit
    same_day = ["The clinic opens at 09:15 and closes at 11:45 on Saturdays."]
    assert _flagged(same_day, "On Saturdays it is open from 09:15 to 11:45, 2 hours 30 minutes.") == []
    assert "40" in _flagged(same_day, "On Saturdays it is open from 09:15 to 11:45, 2 hours 40 minutes.")


def test_a_duration_in_two_units_is_read_whole_against_a_documents_timestamp() -> None:
    # a chapter list's "14:25" is 14 minutes 25 seconds when the answer gives seconds
    chapters = ["Chapters: 00:00 Intro | 06:10 Why tea was taxed | 14:25 The 1784 Commutation Act | 48:02 Questions"]
    assert _flagged(chapters, "The Commutation Act comes up 14 minutes and 25 seconds in.") == []
    assert "52" in _flagged(chapters, "The Commutation Act comes up 14 minutes and 52 seconds in.")
    transcript = ["[00:00:05] HOST: Welcome back.\n[00:31:48] GUEST: The reform of that year cut the duty."]
    assert _flagged(transcript, "The guest comes to the duty cut 31 minutes and 48 seconds in.") == []
    assert "18" in _flagged(transcript, "The guest comes to the duty cut 31 minutes and 18 seconds in.")
    # a hedge on a length written to the minute allows a few minutes, in its direction
    report = ["Job report. Started 18:02:11, ended 20:43:20. Duration: 2:41:09. Result: success."]
    assert _flagged(report, "The job succeeded and took just over 2 hours 41 minutes.") == []
    assert "14" in _flagged(report, "The job succeeded and took just over 2 hours 14 minutes.")
    assert "45" in _flagged(report, "The job succeeded and took just over 2 hours 45 minutes.")


def test_days_between_two_dates_the_answer_gives_are_derived() -> None:
    doc = ["The Harbour Festival takes place 4-18 August 2026 on the quay."]
    assert _flagged(doc, "The Harbour Festival runs from 4 to 18 August 2026, 14 days in all.") == []
    assert _flagged(doc, "The Harbour Festival runs from 4 to 18 August 2026, 16 days in all.") == ["16"]


def test_an_age_counted_from_a_year_the_answer_gives_is_derived() -> None:
    doc = ["The tenor bell was cast in 1642 by a travelling founder."]
    assert _flagged(doc, "The tenor bell was cast in 1642, so it is more than 380 years old.") == []
    assert _flagged(doc, "The tenor bell was cast in 1642, so it is more than 480 years old.") == ["480"]
    # a count of years that is no age or time since is not counted from the year
    assert _flagged(doc, "The tenor bell was cast in 1642 and rang for 380 years.") == ["380"]


def test_a_total_of_parts_times_counts_is_derived_only_when_named_a_total() -> None:
    doc = ["Boat tours: adult NOK 320, child NOK 180. Family of four NOK 900."]
    answer = "Adults pay NOK 320 and children NOK 180, so for two adults and three children it comes to NOK 1,180 altogether."
    assert _flagged(doc, answer) == []
    assert _flagged(doc, answer.replace("1,180", "1,280")) == ["1,280"]
    # a changed part is flagged itself
    assert any("190" in text for text in _flagged(doc, answer.replace("NOK 180", "NOK 190")))
    # without a word of totalling in its clause, the amount is not read as a sum
    assert _flagged(doc, "Adults pay NOK 320 and children NOK 180, so two adults and three children pay NOK 1,180.") \
        == ["1,180"]
    # a count serves one part, and one count of the sentence one part only: "two adults and one
    # child" with "two bags" is no 2 x 320 + 2 x 180
    assert _flagged(doc, "Adults pay NOK 320 and children NOK 180; for two adults and one child with two bags "
                         "it comes to NOK 1,000 altogether.") == ["1,000"]
    euros = ["Dormitory with half board: €61 per person, €52 for club members."]
    club = "Half board is €61, or €52 for members, so two members and one guest pay €165 in total."
    assert _flagged(euros, club) == []
    assert _flagged(euros, club.replace("€165", "€184")) == ["€184"]
    # (a limit: which count goes with which price is not read, so the swapped pairing, 2 x €61 +
    # €52 = €174, would pass too)


def test_a_length_later_than_a_time_the_answer_gives_is_the_documents_next_event() -> None:
    log = ["2026-11-04 03:12:08 disk /var at 97%\n2026-11-04 03:12:50 write failed: no space left\n"
           "2026-11-04 03:14:02 service restarted"]
    assert _flagged(log, "The disk reached 97% at 03:12:08, and a write failed 42 seconds later.") == []
    assert _flagged(log, "The disk reached 97% at 03:12:08, and a write failed 24 seconds later.") == ["24"]
    # only the next event: the gap to a later one is no "later" of this time
    assert _flagged(log, "The disk reached 97% at 03:12:08, and a write failed 114 seconds later.") == ["114"]


def test_a_bound_is_read_at_its_own_value_against_a_lines_differences() -> None:
    # "over" lets a document value stand up to 25% above; a line's differences are many (here
    # the price less the deposit, 375,400), so one of them is no support for a moved bound
    listing = ["Flat 4, Harbour View | Offers over £385,000 | Deposit at least £9,600"]
    assert "£358,000" in _flagged(listing, "Flat 4 is on the market for offers over £358,000.")
    assert _flagged(listing, "Flat 4 is on the market for offers over £385,000.") == []
    # a difference the answer states as it is still stands
    assert _flagged(listing, "Offers start at £385,000, £375,400 more than the £9,600 deposit.") == []
