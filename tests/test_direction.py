"""The direction checker: a change said to go one way between values that go the other.
Examples written for these tests."""

from __future__ import annotations

import pytest

from raguard import Verifier, verify
from raguard.checkers import DEFAULT_CHECKERS
from raguard.models import CONTRADICTED_CLAIM

STATEMENT = ["Orchard Vale loan statement\nOpening balance 01/01/2025 .... £96,410.20\n"
             "Closing balance 31/12/2025 .... £91,077.85\nStaff: 240 (2024), 310 (2025)."]


def contradictions(answer: str, docs: list[str] = STATEMENT) -> list:
    return [w for w in verify("What changed?", docs, answer).warnings if w.type == CONTRADICTED_CLAIM]


@pytest.mark.parametrize(
    "answer",
    [
        "Over the year the balance rose from £96,410.20 to £91,077.85.",
        "The firm's headcount fell sharply from 240 to 310 in 2025.",
    ],
)
def test_a_change_whose_values_go_the_other_way_is_contradicted(answer: str) -> None:
    [warning] = contradictions(answer)
    assert warning.severity == "high" and "went " in warning.suggestion and "than" in warning.suggestion


@pytest.mark.parametrize(
    "answer",
    [
        "Over the year the balance fell from £96,410.20 to £91,077.85.",
        "The firm's headcount grew from 240 to 310 in 2025.",
        # a denied or hedged change, a change of date, values of another kind
        "The balance did not rise from £96,410.20 to £91,077.85.",
        "Payments rose from January 2025 to December 2025.",
        "Staff numbers rose from 240 people in 2024 to 310 people in 2025.",
    ],
)
def test_a_change_that_agrees_with_its_values_or_says_no_direction_is_left_alone(answer: str) -> None:
    assert contradictions(answer) == []


def test_only_the_direction_checker_reads_it() -> None:
    from raguard.checkers import DEFAULT_CHECKERS

    answer = "Over the year the balance rose from £96,410.20 to £91,077.85."
    without = Verifier(checkers=[c for c in DEFAULT_CHECKERS if c != "direction"])
    assert [w for w in without.verify("What changed?", STATEMENT, answer).warnings if w.type == CONTRADICTED_CLAIM] == []


def test_a_hedge_before_either_value_keeps_the_change_read() -> None:
    [warning] = contradictions("Over the year the balance rose from about £96,410 to roughly £91,078.")
    assert "went up" in warning.suggestion
    assert contradictions("Over the year the balance fell from about £96,410 to roughly £91,078.") == []


def test_two_unit_words_the_reader_does_not_convert_give_no_direction() -> None:
    docs = ["Cache: 640 MiB at start, 2.1 GiB at peak."]
    assert contradictions("The cache grew from about 640 MiB to about 2.1 GiB.", docs) == []
    assert contradictions("The cache shrank from about 640 MiB to about 2.1 GiB.", docs) == []


REPORT = ["Pupil report - Science: level 5 (target 5). Art: level 3 (target 4). Sample B: 0.31 % (limit 0.25 %)."]


@pytest.mark.parametrize("answer", [
    "In art she is at level 3, one above her target of 4.",
    "Sample B came in at 0.31%, below the 0.25% limit.",
    "Sample B, at 0.31%, was lower than the 0.25% limit.",
])
def test_a_value_the_comparison_puts_on_the_wrong_side_is_contradicted(answer: str) -> None:
    [warning] = contradictions(answer, REPORT)
    assert warning.severity == "high" and "but" in warning.suggestion


@pytest.mark.parametrize("answer", [
    "In art she is at level 3, one below her target of 4.",
    "Sample B came in at 0.31%, above the 0.25% limit.",
    # a difference before the comparison is no compared value; values of two units are not compared
    "Art is 1 less than her target of 4 this term, at level 3.",
    "Sample B, at 0.31%, was above the level of 3 samples last year.",
])
def test_a_comparison_that_holds_or_compares_no_two_values_of_a_kind_is_left_alone(answer: str) -> None:
    assert contradictions(answer, REPORT) == []


GAUGES = ["Tarn gauge, 05:00: 3.12 m (normal band 0.40 to 2.10 m). Tank T4 nitrate 0.72 mg/l (alarm limit 0.90)."
          " Budget £5,000; spent to date £5,310. Committee vote: 58.4% for; 66.7% needed."]


@pytest.mark.parametrize("answer", [
    # an aside between the value and its comparison, a bound written bare, a range, a possessive
    "The Tarn stood at 3.12 m at 05:00, well below its normal band of 0.40 to 2.10 m.",
    "Nitrate in T4 read 0.72 mg/l, above the 0.90 alarm limit.",
    "The motion got 58.4% of votes in favour, above the 66.7% it needed.",
    "The motion got 58.4% of votes in favour, above the committee's threshold of 66.7%.",
    # within / outside a range or a bound
    "The Tarn was at 3.12 m, within the 0.40 to 2.10 m normal band.",
    "Nitrate was 0.72 mg/l, outside the limit of under 0.90.",
    "So far £5,310 has been spent, within the £5,000 budget.",
])
def test_a_value_an_aside_range_or_bound_puts_on_the_wrong_side_is_contradicted(answer: str) -> None:
    [warning] = contradictions(answer, GAUGES)
    assert warning.severity == "high" and "but" in warning.suggestion


@pytest.mark.parametrize("answer", [
    "The Tarn stood at 3.12 m at 05:00, well above its normal band of 0.40 to 2.10 m.",
    "Nitrate in T4 read 0.72 mg/l, below the 0.90 alarm limit.",
    "The motion got 58.4% of votes in favour, below the 66.7% it needed.",
    "Nitrate was 0.72 mg/l, inside the limit of under 0.90.",
    "So far £5,310 has been spent, over the £5,000 budget.",
    # a new clause between them, values of two kinds, a hedge
    "The Tarn stood at 3.12 m, while the T4 reading was below the 0.90 alarm limit.",
    "The motion got 58.4% of votes, above the 2 votes a recount needs.",
    "If the Tarn reaches 3.12 m, below its normal band of 0.40 to 2.10 m, call the warden.",
])
def test_a_value_an_aside_range_or_bound_holds_or_compares_nothing_is_left_alone(answer: str) -> None:
    assert contradictions(answer, GAUGES) == []


DAY = ["Open day programme\n09:30  Welcome talk, Hall B\n11:00  Robotics demo, Lab 3\n12:30 – 13:15  Buffet lunch, "
       "Atrium\n15:00  Prize giving\nThe lab was refitted on 4 March 2022; the atrium opened on 19 June 2024."]


@pytest.mark.parametrize("answer", [
    # the answer's own times, a time from the aligned document line, a range, dates
    "The robotics demo starts at 11:00, after the buffet lunch.",
    "The robotics demo at 11:00 is followed by the welcome talk at 09:30.",
    "The buffet lunch in the atrium comes after the prize giving at 15:00.",
    "The lab was refitted in March 2022, after the atrium opened.",
])
def test_events_set_in_an_order_their_times_contradict_are_contradicted(answer: str) -> None:
    assert [w.severity for w in contradictions(answer, DAY) if "comes" in w.suggestion] == ["high"]


@pytest.mark.parametrize("answer", [
    "The robotics demo starts at 11:00, before the buffet lunch.",
    "Visitors hear the welcome talk at 09:30, followed by the robotics demo at 11:00.",
    "The buffet lunch in the atrium comes before the prize giving at 15:00.",
    "The lab was refitted in March 2022, before the atrium opened.",
    # a deadline, a duration, a denial, an event no line times alone, across midnight
    "Arrive before 09:30 for the welcome talk.",
    "The robotics demo is at 11:00, not after the buffet lunch.",
    "The demo runs at 11:00, after 20 minutes of setup.",
    "Doors close at 23:30, after the fireworks at 00:15.",
])
def test_events_in_an_order_their_times_allow_or_do_not_give_are_left_alone(answer: str) -> None:
    assert contradictions(answer, DAY) == []


METER = ["Quarterly water statement. Period: Apr-Jun 2026. Compared with the same quarter last year, your household "
         "used 12% less water. Sewerage charge: 6% higher than last quarter because of the new tariff."]


@pytest.mark.parametrize("answer", [
    "Water use was 12% higher than in the same quarter last year.",
    "The sewerage charge is 6% lower than last quarter, thanks to the new tariff.",
])
def test_a_difference_the_documents_state_the_other_way_is_contradicted(answer: str) -> None:
    assert [w.severity for w in contradictions(answer, METER) if "the documents say" in w.suggestion] == ["high"]


@pytest.mark.parametrize("answer", [
    "Your household used 12% less water than in the same quarter last year.",
    "The sewerage charge is 6% higher than last quarter, because of the new tariff.",
    # a bound, a hedge, a difference the documents do not state
    "Households using 12% or more water pay a surcharge.",
    "If the sewerage charge were 6% lower, the bill would fall.",
    "The standing charge is 4% higher than last quarter.",
])
def test_a_difference_the_documents_state_alike_or_not_at_all_is_left_alone(answer: str) -> None:
    assert [w for w in contradictions(answer, METER) if "the documents say" in w.suggestion] == []


LIST = ["Daily cause list. Item 4: Harlow v Penrose Ltd, listed at 10:30. Amara Obi sits in the east court from 09:45."]


def test_an_event_before_a_name_is_in_front_of_someone_not_earlier_than_them() -> None:
    # "before Amara Obi": a judge, no event, though a line gives her a time
    assert contradictions("Harlow v Penrose Ltd is listed at 10:30, before Amara Obi.", LIST) == []
    [warning] = contradictions("Harlow v Penrose Ltd is listed at 10:30, before Amara Obi sits in the east court.", LIST)
    assert "comes after" in warning.suggestion


TARIFFS = ["Broadband tariffs. Lite: £29 a month, 50 Mbps. Max: £47 a month, 900 Mbps."]


@pytest.mark.parametrize("answer, wrong", [
    ("The Max tariff (£47) costs £18 less than the Lite tariff (£29).", True),
    ("The Lite tariff (£29) costs £18 more than the Max tariff (£47).", True),
    ("The Max tariff (£47) costs £18 more than the Lite tariff (£29).", False),
    ("The Lite tariff (£29) costs £18 less than the Max tariff (£47).", False),
    # a difference that is not of these two values says nothing of their order
    ("The Max tariff (£47) costs £5 less than the Lite tariff (£29).", False),
])
def test_a_difference_between_two_values_must_go_their_way(answer: str, wrong: bool) -> None:
    found = [w for w in contradictions(answer, TARIFFS) if "the first is" in w.suggestion]
    assert len(found) == int(wrong)


ROADS = ["Driving in Varnland: the rural speed limit is 80 km/h (less than on motorways). Fuel costs 1.92 EUR a litre."]


def test_a_value_compared_the_other_way_than_the_documents_compare_it_is_contradicted() -> None:
    answer = "The rural speed limit is 80 km/h, which is higher than on motorways."
    assert [w.severity for w in contradictions(answer, ROADS) if "the documents say" in w.suggestion] == ["high"]
    for answer in ("The rural speed limit is 80 km/h, which is lower than on motorways.",
                   # compared with something else
                   "The rural speed limit is 80 km/h, which is higher than in towns."):
        assert [w for w in contradictions(answer, ROADS) if "the documents say" in w.suggestion] == []


PRESSURES = ["Boiler log: pressure 1.4 bar (upper limit 1.5 bar); flow temperature 71 C (upper limit 70 C)."]


@pytest.mark.parametrize("answer, wrong", [
    ("Boiler pressure was slightly high at 1.4 bar against an upper limit of 1.5 bar.", True),
    ("The flow temperature was low at 71 C against the 70 C upper limit.", True),
    ("Boiler pressure was slightly low at 1.4 bar against an upper limit of 1.5 bar.", False),
    ("The flow temperature was high at 71 C against the 70 C upper limit.", False),
])
def test_a_value_called_high_or_low_against_another_must_be_so(answer: str, wrong: bool) -> None:
    assert len([w for w in contradictions(answer, PRESSURES) if "calls" in w.suggestion]) == int(wrong)


_NO_OPPOSITES = Verifier(checkers=[name for name in DEFAULT_CHECKERS if name != "opposites"])

BINS = ["Recycling is collected on Tuesday nights: please put the blue bin out after 19:30. "
        "Deliveries: parcels arrive before 12:00 on 3 March 2027."]


@pytest.mark.parametrize("answer, wrong", [
    ("Recycling goes on Tuesday nights, so put the blue bin out before 7.30 pm.", True),
    ("On 3 March 2027 the parcels come after 12:00.", True),
    ("Recycling goes on Tuesday nights, so put the blue bin out after 7.30 pm.", False),
    ("On 3 March 2027 the parcels come before 12:00.", False),
    # another time, a denial
    ("Recycling goes on Tuesday nights, so put the blue bin out before 9 pm.", False),
    ("Recycling goes on Tuesday nights, so don't put the blue bin out before 7.30 pm.", False),
])
def test_a_time_bound_the_aligned_document_sets_the_other_way_is_contradicted(answer: str, wrong: bool) -> None:
    assert len(contradictions(answer, BINS)) == int(wrong)
    # the direction reading on its own (the opposites checker reads "after 12:00" / "before
    # 12:00" too, and its warning is the one kept)
    found = _NO_OPPOSITES.verify("What changed?", BINS, answer).warnings
    assert len([w for w in found if "the other way" in w.suggestion]) == int(wrong)


PERMITS = ["Members' parking has been free for permit holders since 1 March 2027. The café stays open "
           "until 16:00 on weekdays. Renewal forms must be posted by 30 April 2027."]


@pytest.mark.parametrize("answer, wrong", [
    ("Parking has been free for permit holders until 1 March 2027.", True),
    ("On weekdays the café stays open after 16:00.", True),
    ("Renewal forms must be posted after 30 April 2027.", True),
    ("Parking has been free for permit holders since 1 March 2027.", False),
    ("On weekdays the café stays open until 4 pm.", False),
    ("Renewal forms must be posted before 30 April 2027.", False),
    ("Don't post the renewal forms after 30 April 2027.", False),
])
def test_since_until_and_by_bound_a_time_as_before_and_after_do(answer: str, wrong: bool) -> None:
    assert len([w for w in contradictions(answer, PERMITS) if "the other way" in w.suggestion]) == int(wrong)


def test_a_bound_the_documents_also_set_the_answers_way_is_no_contradiction() -> None:
    # the same date bounds two things, one each way; the clause giving the answer's way runs on
    # into a denial of another thing (a lower-case text: "... after 8 jan. the flumes are not") and
    # still says it
    docs = ["pool changes: swimming lessons are paused from 1 dec until 8 jan; lane ropes under 2 m "
            "long go back in the store on the first open day after 8 jan. the flumes are not reopening."]
    answer = ("Swimming lessons are paused until 8 January, and lane ropes shorter than 2 m go back in "
              "the store on the first open day after 8 January.")
    assert [w for w in contradictions(answer, docs) if "the other way" in w.suggestion] == []


def test_a_bound_of_the_opposite_state_is_the_other_bound() -> None:
    docs = ["Harbour baths notice: the baths are closed until 14 March while the boilers are replaced."]
    assert [w for w in contradictions("The baths reopen after 14 March.", docs) if "the other way" in w.suggestion] == []
    assert [w for w in contradictions("The baths are closed after 14 March.", docs)
            if "the other way" in w.suggestion] != []


@pytest.mark.parametrize("doc, answer", [
    # one fact said from the two sides of a time, in other words: no bound of the same thing
    ("Your season ticket is valid until 31 August 2027.", "The season ticket expires after 31 August 2027."),
    ("The winter menu runs until 5 March.", "The winter menu ends after 5 March."),
    ("Parking on Dock Road is free until 9 am.", "Parking charges on Dock Road apply after 9 am."),
])
def test_a_bound_said_of_another_word_beyond_before_and_after_is_left_alone(doc: str, answer: str) -> None:
    assert [w for w in contradictions(answer, [doc]) if "the other way" in w.suggestion] == []


MINUTES = ["14:02 <rosa_k> release notes are drafted\n14:03 <ben_t> the arm build is still flaky\n"
           "14:06 <rosa_k> #action ben_t to fix the arm build by 9 March\n"
           "14:07 <rosa_k> #action oda_m to publish the notes on Friday\n"
           "14:08 <ben_t> I can pair on the docs but not before 12 March , away\n"
           "14:09 <rosa_k> #action ben_t to pair with oda_m on the docs after 12 March\n"
           "14:10 <rosa_k> ok so the beta is not shipping 10 March. proposal: beta 16 March"]


@pytest.mark.parametrize("answer, wrong", [
    ("Oda will publish the notes on Friday, while Ben will fix the arm build after 9 March.", True),
    ("Oda will publish the notes on Friday, while Ben will fix the arm build by 9 March.", False),
    ("Oda will publish the notes on Friday, while Ben will fix the arm build before 9 March.", False),
    # a bound denied is the other one ("not before 12 March"); a chat's line is a clause of its
    # own (the denial of the next line is no denial of this one); an aside before the bound
    ("Ben will pair with Oda on the docs (the user guide) before 12 March.", True),
    ("Ben will pair with Oda on the docs (the user guide) after 12 March.", False),
])
def test_a_time_bound_is_read_in_the_clause_that_restates_it_beyond_the_aligned_sentence(
        answer: str, wrong: bool) -> None:
    # the answer's sentence restates two lines; it is aligned to one, the bound is in the other
    assert len([w for w in contradictions(answer, MINUTES) if "the other way" in w.suggestion]) == int(wrong)


CENSUS = ["Population: 12,480 (2016), 11,902 (2021). Average rent: £640 (2021), £815 (2025)."]


@pytest.mark.parametrize("answer, wrong", [
    # a date said of the first value between "from" and "to"
    ("The village grew from 12,480 people in 2016 to 11,902 in 2021.", True),
    ("The village shrank from 12,480 people in 2016 to 11,902 in 2021.", False),
    ("Average rent rose from £640 (2021) to £815 (2025).", False),
    ("Average rent fell from £640 (2021) to £815 (2025).", True),
])
def test_a_change_said_around_a_date_goes_the_way_its_values_do(answer: str, wrong: bool) -> None:
    assert len([w for w in contradictions(answer, CENSUS) if "went" in w.suggestion]) == int(wrong)


def test_a_figure_of_no_unit_is_not_set_against_a_span_of_time() -> None:
    docs = ["Refunds are accepted within a 30-day window. Ticket 48213 was opened on 4 May."]
    answer = "Your refund request went in on 4 May as ticket 48213, well within the 30-day window."
    assert contradictions(answer, docs) == []


def test_word_matches_are_finditers_matches():
    """word_matches tries the order and comparison patterns only where an opening word starts:
    the same matches as a scan of every position, on ASCII text (any case, words inside words,
    a window) and on other text (the scan itself)."""
    import random

    from raguard.checkers.direction import comparisons, order
    from raguard.checkers.direction._common import word_matches

    pieces = ["before ", "AFTER ", "Earlier  than ", "prior\tto ", "following ", "the following day ",
              "followed by ", "preceded by ", "above the ", "Over a ", "more than ", "LESS THAN his ",
              "under its ", "within the ", "outside our ", "x-before ", "moreover ", "lower than the ",
              "3 pm", "£20", ", ", ". ", "ınside the ", "outſide the ", "cover ", "discover "]
    rng = random.Random(7)
    texts = ["", "before", "It opened after 5 pm, above the 4% target and well below the £131 limit."]
    texts += ["".join(rng.choice(pieces) for _ in range(rng.randint(1, 14))) for _ in range(1500)]
    for text in texts:
        for pattern, words in ((comparisons._CMP_RE, comparisons._CMP_OPENERS), (order._ORDER_RE, order._ORDER_OPENERS)):
            for window in ((0, None), (len(text) // 4, 3 * len(text) // 4), (3, len(text) + 5)):
                lo, hi = window
                expected = [(m.span(), m.groups()) for m in
                            (pattern.finditer(text, lo) if hi is None else pattern.finditer(text, lo, hi))]
                got = [(m.span(), m.groups()) for m in word_matches(pattern, text, words, lo, hi)]
                assert got == expected, (text, window)
