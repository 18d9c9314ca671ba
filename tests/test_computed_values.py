"""Values an answer rounds or computes from the documents' values: a rounded reading, a time with
a British dot, and (shown, not gating) arithmetic on values the answer and the documents give."""

from __future__ import annotations

import pytest

from raguard import verify
from raguard.normalize.numbers import CLOCK, extract_numbers

MODEL = ("Coefficients:\n"
         "              Estimate  Std.Error  t value  Pr(>|t|)\n"
         "rain_mm       -0.263417  0.118204  -2.228  0.031877\n"
         "slope_deg      0.047312  0.052118   0.908  0.368504\n"
         "Adjusted R-squared:  0.4471")

FERRY = ("WESTHOLM FERRY — winter timetable\n"
         "Check-in 06:45–07:15 · Boarding closes 07:20 · Departs 07:30\n"
         "Afternoon sailing: check-in 13:40–14:10, departs 14:25")


def _high(answer: str, docs: list[str], query: str = "What does it say?") -> list[tuple[str, str]]:
    result = verify(query, docs, answer)
    return [(w.type, w.text) for w in result.warnings if w.severity == "high"]


@pytest.mark.parametrize("answer", [
    "The rain coefficient is -0.26 and significant at p = 0.03.",
    "The rain coefficient is −0.263 (minus sign).",
    "Slope is not significant (p = 0.37), and the adjusted R-squared is 0.45.",
])
def test_a_value_rounded_from_a_document_value_with_more_decimals_is_supported(answer: str) -> None:
    assert _high(answer, [MODEL]) == []


@pytest.mark.parametrize("answer, changed", [
    ("The rain coefficient is -0.29 and significant.", "-0.29"),
    ("Slope is not significant (p = 0.38).", "0.38"),
    ("The rain coefficient is 0.26.", "0.26"),            # the sign is the value's
    ("The adjusted R-squared is 0.5.", "0.5"),             # no value of the table rounds to 0.5
])
def test_a_changed_digit_is_no_rounding(answer: str, changed: str) -> None:
    assert ("unsupported_number", changed) in _high(answer, [MODEL])


def test_a_whole_number_is_not_read_as_rounded() -> None:
    doc = "Order total: 48.60 GBP for 3 boxes."
    assert ("unsupported_number", "49") in _high("The order came to 49 for the boxes.", [doc])


def test_a_dotted_time_shares_the_am_or_pm_of_its_range_end() -> None:
    found = [(n.text, n.value, n.measure) for n in extract_numbers("check-in from 6.45 to 7.15 am, or 1.40 to 2.10 pm")]
    assert found == [("6.45", 405.0, CLOCK), ("7.15 am", 435.0, CLOCK),
                     ("1.40", 820.0, CLOCK), ("2.10 pm", 850.0, CLOCK)]


@pytest.mark.parametrize("answer", [
    "Check in from 6.45 to 7.15 am; boarding closes at 7.20 and the ferry leaves at 7.30.",
    "For the afternoon boat, check in between 1.40 and 2.10 pm.",
])
def test_a_time_written_with_a_dot_is_the_documents_clock_time(answer: str) -> None:
    assert _high(answer, [FERRY]) == []


@pytest.mark.parametrize("answer, changed", [
    ("Boarding closes at 7.25.", "7.25"),
    ("Check in from 6.15 to 7.15 am.", "6.15"),
])
def test_a_changed_dotted_time_is_flagged(answer: str, changed: str) -> None:
    assert ("unsupported_number", changed) in _high(answer, [FERRY])


# -- computed values: shown (medium), not gating ---------------------------------------------

TARIFF = ("HARBOUR VIEW CAMPSITE — 2027 rates (per night)\n"
          "Pitch, up to 2 people ........ £24.00\n"
          "Extra adult .................. £7.50\n"
          "Electric hook-up ............. £4.25\n"
          "Dogs ......................... £2.00\n"
          "Late cancellation (under 7 days): 40% of the booking is charged.\n"
          "Booking confirmation: arrival Friday 6 August 2027, 4 nights. Booking total £96.00.")


def _typed(answer: str, docs: list[str], query: str = "How much will it cost?") -> dict[str, tuple[str, str]]:
    result = verify(query, docs, answer)
    return {w.text: (w.type, w.severity) for w in result.warnings}


@pytest.mark.parametrize("answer, value, parts", [
    # operands in the sentences before the value's (the same sentence is the older derivations')
    ("The electric hook-up is £4.25 per night. The booking is for four nights. Hook-up for the booking is £17.00.",
     "£17.00", "£4.25 × four"),
    ("A late cancellation is charged 40% of the booking. The booking total is £96.00. A late cancellation is charged £38.40.",
     "£38.40", "40% of £96.00"),
    ("The pitch is £24.00 per night. Electric hook-up is £4.25 per night. A pitch with hook-up is £28.25 per night.",
     "£28.25", "£4.25 + £24.00"),
    # a value computed from a computed one: £8.00 is £2.00 × four, and £104.00 adds it to £96.00
    ("Dogs are £2.00 per night. The booking is for four nights. Dogs for the booking are £8.00. "
     "The booking total is £96.00. The booking total with dogs is about £104.00.", "£104.00", "£96.00 + £8.00"),
])
def test_a_computed_amount_is_shown_not_gating(answer: str, value: str, parts: str) -> None:
    result = verify("How much will it cost?", [TARIFF], answer)
    found = {w.text: w for w in result.warnings}
    assert found[value].type == "computed_value" and found[value].severity == "medium"
    assert parts in found[value].suggestion
    assert result.action == "proceed"


def test_a_price_per_unit_of_measure_times_a_quantity_in_it_is_computed() -> None:
    doc = "Weighbridge ticket 2291: net 3,480 kg of walnuts.\nProvisional price: 2,35 EUR/kg, paid on account."
    answer = "The ticket records 3,480 kg net. At a provisional €2.35 per kg, that comes to about €8,178."
    found = {w.text: w for w in verify("How much will I get?", [doc], answer).warnings}
    assert found["€8,178"].type == "computed_value" and "€2.35 × 3,480 kg" in found["€8,178"].suggestion
    # in a unit of the same dimension, converted ("per tonne" of kilograms)
    tonnes = "The ticket records 3,480 kg net. At €2,350 per tonne, that comes to about €8,178."
    per_tonne = doc.replace("2,35 EUR/kg", "EUR 2,350 per tonne")
    assert {w.text: w.type for w in verify("", [per_tonne], tonnes).warnings}.get("€8,178") == "computed_value"
    # a product of no price and quantity given stays unsupported
    changed = answer.replace("€8,178", "€8,718")
    assert {w.text: w.type for w in verify("", [doc], changed).warnings}["€8,718"] == "unsupported_number"

def test_a_price_per_unit_a_word_qualifies_times_a_quantity_in_it_is_computed() -> None:
    doc = "Engagement letter: translation review billed at $90 per billable hour. Estimated effort: 6 hours."
    answer = "Review is billed at $90 per billable hour; at the estimated 6 hours that is about $540."
    found = {w.text: w for w in verify("What will it cost?", [doc], answer).warnings}
    assert found["$540"].type == "computed_value" and "$90 × 6 hours" in found["$540"].suggestion
    # the document's rate alone prices the answer's hours too
    rate_only = "At the estimated 6 hours, the review comes to about $540."
    assert {w.text: w.type for w in verify("", [doc], rate_only).warnings}.get("$540") == "computed_value"
    changed = answer.replace("$540", "$630")
    assert {w.text: w.type for w in verify("", [doc], changed).warnings}["$630"] == "unsupported_number"


def test_an_amount_at_a_documents_rate_times_a_quantity_beside_it_is_computed() -> None:
    docs = ["Workshop tariff: labour £42 per hour; courtesy car £18.50 a day.",
            "Job 7712: fitter on site 3.5 hours. Courtesy car out 4 days."]
    answer = "The labour for the 3.5 hours comes to £147, and the courtesy car for 4 days to £74."
    typed = _typed(answer, docs, "What will the bill be?")
    assert typed["£147"] == ("computed_value", "medium") and typed["£74"] == ("computed_value", "medium")
    # a quantity of a measure in the rate's dimension, converted ("90 minutes" at a rate per hour)
    minutes = "Job 7712: fitter on site 90 minutes."
    assert _typed("Labour for the 90 minutes comes to £63.", [docs[0], minutes])["£63"] == ("computed_value", "medium")
    # a changed product, a quantity of something else, or a rate of another currency stays unsupported
    assert _typed(answer.replace("£147", "£174"), docs)["£174"] == ("unsupported_number", "high")
    assert _typed("The car for the 3.5 hours comes to £64.75.", docs)["£64.75"] == ("unsupported_number", "high")
    assert _typed("The labour for the 3.5 hours comes to €147.", docs)["€147"] == ("unsupported_number", "high")
    # and a quantity only the answer gives, spelled, prices nothing ("six days" at £18.50 a day)
    assert _typed("The car is £111 if kept for six days.", docs)["£111"] == ("unsupported_number", "high")


def test_the_questions_own_figures_are_operands() -> None:
    answer = "An extra adult is £7.50 per night. An extra adult is £22.50 for the booking."
    assert _typed(answer, [TARIFF], "cost of an extra adult for 3 nights?")["£22.50"] == ("computed_value", "medium")
    assert _typed(answer, [TARIFF], "cost of an extra adult?")["£22.50"] == ("unsupported_number", "high")


@pytest.mark.parametrize("answer, value", [
    ("The electric hook-up is £4.25 per night. The booking is for four nights. Hook-up for the booking is £18.00.",
     "£18.00"),  # changed
    ("The pitch is £24.00 per night. Electric hook-up is £4.25 per night. A pitch with hook-up is £29.25 per night.",
     "£29.25"),
    ("A pitch for an extra adult is £31.50 per night.", "£31.50"),   # no operands beside it: £24.00 + £7.50 is not written there
])
def test_a_total_that_adds_up_to_nothing_beside_it_stays_unsupported(answer: str, value: str) -> None:
    assert _typed(answer, [TARIFF])[value] == ("unsupported_number", "high")


def test_two_invented_amounts_do_not_explain_each_other() -> None:
    # £50.00 and £74.00 are in no document: £74.00 is £50.00 + £24.00, but £50.00 is invented
    answer = "The booking deposit is £50.00. The pitch is £24.00 per night. The booking balance is £74.00."
    typed = _typed(answer, [TARIFF])
    assert typed["£50.00"] == ("unsupported_number", "high") and typed["£74.00"] == ("unsupported_number", "high")


@pytest.mark.parametrize("answer", [
    "There were 12 guests. There were also 3 staff. So 15 people in all.",  # a bare count: no computing
    "Adherence was 80%. The dose was 75 mg. She took 60 mg.",                # a measure: no computing
])
def test_only_money_and_large_bare_values_are_read_as_computed(answer: str) -> None:
    doc = "Guests: 12. Staff: 3. Dose 75 mg; adherence 80%."
    assert all(t == "unsupported_number" for t, _ in _typed(answer, [doc], "What happened?").values())


@pytest.mark.parametrize("answer, value, parts", [
    ("Membership rose from 1,286 in 2024 to 1,531 in 2025, which is an increase of 245.", "245", "1,531 - 1,286"),
    ("The first layer covers 250 million and the second a further 250 million, so cover runs up to 500 million.",
     "500 million", "250 million + 250 million"),
])
def test_the_sum_or_difference_of_two_large_bare_values_is_computed(answer: str, value: str, parts: str) -> None:
    doc = "PROGRAMME: Layer 1: 250,000,000 xs 0; Layer 2: 250,000,000 xs 250,000,000. Members: 2024 | 1,286 ; 2025 | 1,531"
    result = verify("What changed?", [doc], answer)
    found = {w.text: w for w in result.warnings}
    assert found[value].type == "computed_value" and parts in found[value].suggestion
    # a changed value is unsupported as before
    changed = answer.replace(f" {value}", " 254" if value == "245" else " 600 million")
    assert ("unsupported_number", "high") in _typed(changed, [doc], "What changed?").values()


NOTICE = ("Notice of change, sent Tuesday 3 March 2026. You may object within 21 days of this notice. "
          "Tide: high water 14:05, low water 20:17.")


def test_a_date_some_days_after_an_answer_date_is_shown_not_gating() -> None:
    answer = "The notice went out on Tuesday 3 March 2026, and you have 21 days to object, so until 24 March."
    typed = _typed(answer, [NOTICE], "when can I object by?")
    assert typed["24 March"] == ("computed_value", "medium")


def test_a_date_no_offset_reaches_stays_unsupported() -> None:
    answer = "The notice went out on Tuesday 3 March 2026, and you have 21 days to object, so until 25 March."
    assert _typed(answer, [NOTICE], "when can I object by?")["25 March"] == ("unsupported_date", "high")


SKIP_HIRE = ("Skip hire order SK-4471. Delivery: Thursday 8 January 2026. Hire period 10 working days; "
             "collection is booked automatically at the end of it.")


@pytest.mark.parametrize("answer, value", [
    # ten working days after Thursday 8 January 2026 skip two weekends: Thursday 22 January
    ("The skip arrives on Thursday 8 January 2026 and the hire runs 10 working days, so it is collected on "
     "22 January.", "22 January"),
    # two working days before a Monday skip its weekend: the Thursday before
    ("The skip arrives on Thursday 8 January 2026; to cancel, tell us two working days before, by 6 January.",
     "6 January"),
])
def test_a_date_some_working_days_from_an_answer_date_is_computed(answer: str, value: str) -> None:
    assert _typed(answer, [SKIP_HIRE], "when is it collected?")[value] == ("computed_value", "medium")


def test_a_date_calendar_days_reach_but_working_days_do_not_stays_unsupported() -> None:
    # (ten calendar days after 8 January is 18 January: no weekend is skipped for working days)
    answer = ("The skip arrives on Thursday 8 January 2026 and the hire runs 10 working days, so it is collected "
              "on 18 January.")
    assert _typed(answer, [SKIP_HIRE], "when is it collected?")["18 January"] == ("unsupported_date", "high")


def test_working_days_from_a_yearless_date_need_the_year_a_document_gives_it() -> None:
    doc = "Cancellations: at least two working days before your collection day, Wednesday 17 September 2025."
    answer = "Collection is on Wednesday 17 September, so cancel by Monday 15 September, two working days before."
    assert _typed(answer, [doc], "when can I cancel?")["Monday 15 September"] == ("computed_value", "medium")
    # (with no year anywhere, the weekends are unknown: nothing is computed)
    yearless = doc.replace(" 2025", "")
    assert _typed(answer, [yearless], "when can I cancel?").get("Monday 15 September", ("", ""))[0] != "computed_value"


def test_a_time_some_hours_from_another_is_computed_only_when_hedged() -> None:
    hedged = "High water is at 14:05; the slip is usable roughly three hours either side, about 11:05 to 17:05."
    typed = _typed(hedged, [NOTICE], "when can we launch?")
    assert typed["11:05"] == ("computed_value", "medium") and typed["17:05"] == ("computed_value", "medium")
    exact = "High water is at 14:05, and three hours later it is 17:05."
    assert _typed(exact, [NOTICE], "when can we launch?")["17:05"] == ("unsupported_number", "high")


PASS = "Boarding time: 06:00 Sunday 4 May. The pass is valid from 20 minutes before boarding time until 1 hour after."


@pytest.mark.parametrize("answer, value", [
    ("Your boarding time is 6 am, so with the pass valid from 20 minutes before, you can board from 5.40 am.", "5.40 am"),
    ("Your boarding time is 6 am and the pass is valid until 1 hour after, so until 7 am.", "7 am"),
])
def test_a_time_a_documents_offset_from_another_reaches_is_computed_unhedged(answer: str, value: str) -> None:
    # the answer says the span is an offset ("20 minutes before") and a document gives it
    assert _typed(answer, [PASS], "when can I board?")[value] == ("computed_value", "medium")


@pytest.mark.parametrize("answer, value", [
    # the other direction than the answer says
    ("Your boarding time is 6 am, so with the pass valid from 20 minutes before, you can board from 6.20 am.", "6.20 am"),
    # a span no one says is an offset
    ("Your boarding time is 6 am and the pass lasts 1 hour, so 7 am is the latest.", "7 am"),
])
def test_a_time_no_offset_of_the_documents_reaches_stays_unsupported(answer: str, value: str) -> None:
    assert _typed(answer, [PASS], "when can I board?")[value] == ("unsupported_number", "high")


RECEIPT = ("GREENGROCER TILL\nAPPLES 1KG     2.40\nCARRIER BAG    0.10\nTOTAL          2.50\n"
           "Fit summary: R-squared 0.7342, error rate 0.035")


@pytest.mark.parametrize("answer", [
    "The apples were 2.40 and the carrier bag cost 10p, for a total of 2.50.",
    "The carrier bag was 10c.",
    "The carrier bag was 10ct.",  # a European receipt's cents
    "The carrier bag was 10 ct.",
    "The model explains about 73% of the variance, with a 3.5% error rate.",
    "The model explains 73.4% of the variance.",
])
def test_hundredths_and_per_cent_of_a_document_value(answer: str) -> None:
    assert _high(answer, [RECEIPT], "what did I pay?") == []


@pytest.mark.parametrize("answer, changed", [
    ("The carrier bag cost 20c.", "20"),
    ("The carrier bag cost 20ct.", "20"),
    ("The model explains 75% of the variance.", "75%"),
    ("The model explains 73.5% of the variance.", "73.5%"),
])
def test_changed_hundredths_and_per_cents_are_flagged(answer: str, changed: str) -> None:
    assert ("unsupported_number", changed) in _high(answer, [RECEIPT], "what did I pay?")


PENCE_TARIFF = ("Your tariff from 1 April\n| Tariff | Day rate (p/kWh) | Standing charge (p/day) |\n"
                "| Harbour Saver | 26.81 | 47.3 |")


@pytest.mark.parametrize("answer", [
    "Harbour Saver costs 26.81p per kWh in the day, with a standing charge of 47.3p a day.",
    "The day rate is 26.81 pence a unit.",
])
def test_pence_for_a_tables_figures_in_pence(answer: str) -> None:
    # the column says its figures are pence; the answer writes the unit after each
    assert _high(answer, [PENCE_TARIFF], "what will I pay?") == []


def test_changed_pence_or_pence_for_figures_not_said_in_pence_are_flagged() -> None:
    assert ("unsupported_number", "27.81p") in _high("The day rate is 27.81p per kWh.", [PENCE_TARIFF], "rate?")
    pounds = ["| Tariff | Day rate | Standing charge |\n| Harbour Saver | 26.81 | 47.3 |"]
    assert ("unsupported_number", "26.81p") in _high("The day rate is 26.81p per kWh.", pounds, "rate?")
    # a page reference's "(p. 4)" says nothing of pence
    cited = ["Unit rates are set out in the schedule (p. 4): Harbour Saver 26.81."]
    assert ("unsupported_number", "26.81p") in _high("The day rate is 26.81p per kWh.", cited, "rate?")


CAMP = ("OAKFIELD SUMMER FAIR 2026 · 10–12 JULI\n\nThe campsite opens on Thursday 9 July at 14:00 and closes on Monday "
        "13 July at 12:00.\n\nCashless credit can be refunded until 31 August 2026.")


@pytest.mark.parametrize("answer", [
    "The campsite opens on Thursday 9 July 2026.",
    "The campsite closes on Monday 13 July 2026.",
])
def test_a_weekday_and_year_added_to_a_yearless_document_date(answer: str) -> None:
    assert _high(answer, [CAMP], "when does the campsite open?") == []


@pytest.mark.parametrize("answer, changed", [
    ("The campsite opens on Friday 9 July 2026.", "Friday 9 July 2026"),      # not that date's weekday
    ("The campsite opens on Thursday 9 July 2027.", "Thursday 9 July 2027"),  # a year the document does not give
    ("The campsite opens on Thursday 16 July 2026.", "Thursday 16 July 2026"),
])
def test_a_weekday_or_year_that_does_not_fit_is_flagged(answer: str, changed: str) -> None:
    assert ("unsupported_date", changed) in _high(answer, [CAMP], "when does the campsite open?")


SURVEY = "Survey date: 09-Mar-2027 | Reading 4.2 (prev 11-Dec) | rose after the bearing change on 21-Feb (WO 5512)."


def test_a_hyphenated_day_and_month_without_a_year_is_a_document_date() -> None:
    answer = "The reading rose to 4.2 after the bearing change on 21 February, up since 11 December."
    assert _high(answer, [SURVEY], "what changed?") == []
    assert ("unsupported_date", "22 February") in _high(answer.replace("21 February", "22 February"), [SURVEY],
                                                         "what changed?")


PASSES = "Ski passes: for 6 days skiing a week pass is the best value; day passes are sold at the lift."


def test_a_counting_word_the_question_gives_is_not_flagged_against_the_documents_count() -> None:
    answer = "For your five days skiing, day passes are sold at the lift."
    assert _high(answer, [PASSES], "we have 5 days skiing, which passes?") == []
    assert ("unsupported_number", "five") in _high(answer, [PASSES], "which passes should we buy?")


def test_a_price_in_pence_with_decimals() -> None:
    found = [(n.text, round(n.value, 6), n.unit) for n in extract_numbers("bought at 4.12p each, or 86p, in 1080p video")]
    assert found[:2] == [("4.12p", 0.0412, "GBP"), ("86p", 0.86, "GBP")] and found[2][2] is None
    doc = "Director purchased 120,000 shares at a price of 6.35p per share."
    answer = "The director bought 120,000 shares at 6.35p each, about £7,620 in total."
    assert _high(answer, [doc], "how much did the director spend?") == []
    assert ("unsupported_number", "6.45p") in _high(answer.replace("6.35p", "6.45p"), [doc], "how much?")


def test_a_nordic_crown_is_a_currency() -> None:
    found = [(n.text, n.value, n.unit) for n in extract_numbers("a day pass is 95 kr, a week 400 kronor")]
    assert found == [("95 kr", 95.0, "KR"), ("400 kronor", 400.0, "KR")]
    doc = "Prices: day pass 95 kr, week pass 400 kr."
    answer = ("A day pass is 95 kronor. A day pass is for one day. Four passes at that price come to 380 kronor, "
              "less than the 400 kr week pass.")
    result = verify("prices?", [doc], answer)
    assert {w.text: w.type for w in result.warnings}.get("380 kronor") == "computed_value" and result.action == "proceed"


def test_a_result_given_first_is_computed_from_the_value_in_the_next_sentence() -> None:
    docs = ["Prepaid card: £6.15 of your £25.00 overdraft allowance used, £18.85 left.",
            "The overdraft used is repaid first from your next load."]
    query = "if i load £40 onto the card what do i get?"
    answer = "About £33.85, once the overdraft is repaid. The card shows £6.15 of your overdraft allowance used."
    result = verify(query, docs, answer)
    assert _high(answer, docs, query) == []
    [computed] = [w for w in result.warnings if w.type == "computed_value"]
    assert computed.text == "£33.85" and computed.severity == "medium"
    # two sentences after is too far: a value so far from its operand is not taken for computed
    far = ("About £33.85, once the overdraft is repaid. It is repaid first. The card is prepaid. "
           "The card shows £6.15 of your overdraft allowance used.")
    assert ("unsupported_number", "£33.85") in _high(far, docs, query)


def test_a_multiple_a_word_says_is_computed_from_the_value_beside_it() -> None:
    docs = ["Service standard 4.1: a missed collection earns a £15 credit.",
            "Customers on the assisted collection list receive twice the standard credit."]
    answer = "A missed collection earns a £15 credit, or double (£30) on the assisted list."
    result = verify("what do i get for a missed bin?", docs, answer)
    assert [(w.type, w.text, w.severity) for w in result.warnings] == [("computed_value", "£30", "medium")]
    # a figure the word does not make is still invented
    assert ("unsupported_number", "£35") in _high(answer.replace("£30", "£35"), docs)


def test_a_percentage_named_a_total_adds_up_the_percentages_beside_it() -> None:
    docs = ["Contribution change: employee rate 5% -> 7%; voluntary top-up 0% -> 1.5%."]
    answer = "Your rate rises from 5% to 7% and you add a 1.5% top-up, 8.5% altogether."
    assert _high(answer, docs) == []
    assert ("unsupported_number", "9.5%") in _high(answer.replace("8.5%", "9.5%"), docs)


def test_a_value_the_answer_derived_once_is_derived_when_it_says_it_again() -> None:
    docs = ["Contribution change: employee rate 5% -> 7%; voluntary top-up 0% -> 1.5%. Minimum for the bonus: 6%."]
    answer = ("Your rate rises from 5% to 7% and you add a 1.5% top-up, 8.5% altogether. "
              "So 8.5% clears the 6% minimum for the bonus.")
    assert _high(answer, docs) == []
    # a value said again that was never derived is still flagged there
    changed = answer.replace("So 8.5%", "So 9.5%")
    assert ("unsupported_number", "9.5%") in _high(changed, docs)


def test_a_logs_negative_cell_and_a_bound_nothing_went_past() -> None:
    docs = ["ts,probe,temp_c,event\n2026-02-03 01:12:40,K2-T1,-71.4,HIGH_ALARM\n2026-02-03 02:05:10,K2-T1,-78.9,CLEARED",
            "Nothing went above -70 in K2, so the stock is fine."]
    answer = "The alarm went off at 01:12 when the probe read -71.4 °C; nothing went above -70 °C, so the stock is fine."
    assert _high(answer, docs) == []
    # the other way round is still the other bound
    assert _high(answer.replace("nothing went above", "it went above"), docs) != []


def test_a_decimal_said_in_words_in_a_transcript_supports_its_figure() -> None:
    docs = ["Voicemail transcript: hi it's Dom the fencer, the back boundary is, er, thirty two point five metres, "
            "not thirty, so you'll need two more panels."]
    answer = "Dom re-measured the back boundary at 32.5 m, not 30, so you need two more panels."
    assert _high(answer, docs) == []
    assert ("unsupported_number", "32.8") in _high(answer.replace("32.5 m", "32.8 m"), docs)


def test_a_log_whose_time_column_is_headed_by_its_zone_writes_times_as_four_digits() -> None:
    docs = ["KESTREL SAILING CLUB - RACE OFFICER LOG - Sun 9 Mar\n"
            "UTC    BOAT        HELM        EVENT\n"
            "1405   GBR 2231    Ines        start\n"
            "1452   GBR 1987    Tomas       finish, 1st\n"]
    answer = "Race started at 14:05 UTC and Tomas finished first at 14:52."
    assert _high(answer, docs) == []
    assert ("unsupported_number", "14:58") in _high(answer.replace("14:52", "14:58"), docs)
