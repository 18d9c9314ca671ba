"""Value forms of European documents, logs and speech that the number reader reads: decimal
commas ("48,90 €"), thousands grouped by ordinary spaces ("SEK 86 000"), 24-hour times in four
digits ("0215"), times to the second ("16:42:09") and times in words ("a quarter to eleven").
Each faithful answer proceeds, and the same answer with its values changed is still flagged."""

from __future__ import annotations

import pytest

from raguard import verify
from raguard.documents import DocumentIndex
from raguard.normalize.numbers import CLOCK, CLOCK12, extract_numbers, loose_numbers


def _flagged(doc: str, answer: str) -> set[str]:
    """The answer's values the numbers checker finds no support for."""
    return {c.text for c in verify("What does it say?", [doc], answer).claims if c.kind == "number" and not c.supported}


# -- decimal commas -------------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("text", "value", "unit", "measure"),
    [
        ("a fee of CHF 12,85 a day", 12.85, None, None),  # (a currency code read as a cue, no unit)
        ("only 48,90 € a night", 48.9, "EUR", None),
        ("the tax is 2,5 % of it", 2.5, "%", None),
        ("a balance of 7.806,25 at the end", 7806.25, None, None),  # certain by its shape
        ("a bag of 3,75 kg", 3.75, None, "kg"),
        ("EUR -0,4 on the day", -0.4, "EUR", None),
    ],
)
def test_a_decimal_comma_beside_a_currency_a_percent_or_a_unit_is_read(text: str, value: float, unit: str | None,
                                                                       measure: str | None) -> None:
    [n] = extract_numbers(text)
    assert (n.value, n.unit, n.measure) == (value, unit, measure)


@pytest.mark.parametrize(("text", "values"), [
    ("rooms 3,4 and 6", [6.0]),  # a list: no reading of "3,4" is certain
    ("€2,450 in all", [2450.0]),  # three digits after the comma: English thousands
])
def test_a_comma_that_may_be_a_list_or_thousands_is_not_a_decimal_comma(text: str, values: list[float]) -> None:
    assert [n.value for n in extract_numbers(text)] == values


DECIMAL_DOC = ("Haldenhof Pension, Feldkirch. Room rate: 48,90 € per night; the tourist tax is 2,5 % of the "
               "rate. Total for 30 nights: 1.467,00 EUR. Breakfast is charged apart.")


def test_a_decimal_comma_document_supports_the_answers_decimal_point() -> None:
    answer = ("At the Haldenhof Pension a room costs €48.90 per night, the tourist tax is 2.5% of the rate, "
              "and 30 nights come to €1,467.")
    assert _flagged(DECIMAL_DOC, answer) == set()
    changed = answer.replace("48.90", "49.80").replace("2.5%", "2.8%").replace("1,467", "1,476")
    assert _flagged(DECIMAL_DOC, changed) == {"€49.80", "2.8%", "€1,476"}


def test_a_bare_decimal_comma_supports_an_answer_only_its_value_otherwise_lacks() -> None:
    # a table cell, its currency in the header: read only for a value no other reading supports
    doc = "Tarnow market prices (EUR per kilo)\nApples | 2,35\nPears | 3,10\nPlums | 4"
    assert DocumentIndex(doc).numbers and 2.35 not in [n.value for n in DocumentIndex(doc).numbers]
    assert _flagged(doc, "At the Tarnow market apples cost €2.35 per kilo and pears €3.10.") == set()
    assert _flagged(doc, "At the Tarnow market apples cost €2.53 per kilo and pears €3.01.") == {"€2.53", "€3.01"}


# -- thousands grouped by ordinary spaces ----------------------------------------------------------

@pytest.mark.parametrize(
    ("text", "value", "measure"),
    [
        ("sections 1 250 mm long", 1250.0, "mm"),
        ("pays SEK 86 000 a month", 86000.0, None),
        ("GHS 2 450 000,50 in all", 2450000.5, None),
        ("a run of 12 400 km", 12400.0, "km"),
    ],
)
def test_thousands_grouped_by_spaces_beside_a_currency_or_a_unit_are_one_value(text: str, value: float,
                                                                              measure: str | None) -> None:
    [n] = extract_numbers(text)
    assert (n.value, n.measure) == (value, measure)


def test_digits_a_space_apart_with_nothing_around_them_stay_two_values() -> None:
    # a tokenized table may put two cells a space apart
    assert [n.value for n in extract_numbers("rows 3 500 cols")] == [3.0, 500.0]


SPACED_DOC = ("Ridgeline Works. Pipe sections are 1 250 mm long. The posted salary for a fitter is "
              "SEK 86 000 – 94 000 a month.")


def test_a_document_with_space_grouped_thousands_supports_the_answers_commas() -> None:
    answer = "Ridgeline pipe sections are 1,250 mm long, and a fitter earns SEK 86,000 to SEK 94,000 a month."
    assert _flagged(SPACED_DOC, answer) == set()
    changed = answer.replace("1,250", "1,520").replace("94,000", "96,000")
    assert _flagged(SPACED_DOC, changed) == {"1,520", "96,000"}
    # the group alone is no longer a value of the document
    assert _flagged(SPACED_DOC, "Ridgeline pipe sections are 250 mm long.") == {"250"}


# -- 24-hour times in four digits ------------------------------------------------------------------

def test_four_digits_with_a_leading_zero_and_their_ranges_are_times_of_day() -> None:
    found = [(n.text, n.value, n.measure) for n in extract_numbers(
        "0000-0400 WATCH. 0215 Passed the light, 2000-0400 rest, CVE-2024-0311, call 0800 123 4567")]
    assert found == [("0000", 0.0, CLOCK), ("0400", 240.0, CLOCK), ("0215", 135.0, CLOCK),
                     ("2000", 1200.0, CLOCK), ("0400", 240.0, CLOCK),  # (joined to "0400")
                     ("0311", 311.0, None),  # an id's part, after a dash
                     ("0800", 800.0, None), ("123", 123.0, None), ("4567", 4567.0, None)]  # a telephone number


LOG_DOC = ("SHIP'S LOG, KETCH MARTA VOSS\n0000-0400 WATCH: Mate Ilves.\n0215 Passed Skerry light abeam.\n"
           "0340 Wind backing NW, reefed main.\n1410 Anchored off Brannock in 6 m.")


def test_a_log_of_four_digit_times_supports_the_answers_times() -> None:
    answer = ("The ketch passed Skerry light at 02:15, reefed the main at 3:40 a.m. when the wind backed "
              "north-west, and anchored off Brannock at 14:10.")
    assert _flagged(LOG_DOC, answer) == set()
    changed = answer.replace("02:15", "02:51").replace("3:40", "4:30").replace("14:10", "14:40")
    assert _flagged(LOG_DOC, changed) == {"02:51", "4:30 a.m.", "14:40"}


@pytest.mark.parametrize(("doc", "answer"), [
    ("The depot shipped 1530 crates. The gate opens 0600.", "The depot shipped crates at 15:30."),
    ("The depot shipped 1,530 crates. The gate opens 0600.", "The depot shipped crates at 15:30."),
    ("The depot shipped crates at 0530.", "The depot shipped 530 crates."),
    ("In 1745 the depot shipped crates.", "The depot shipped crates at 17:45."),
])
def test_a_count_is_no_time_and_a_time_no_count(doc: str, answer: str) -> None:
    assert _flagged(doc, answer), (doc, answer)


# -- times to the second, and in words ------------------------------------------------------------

SECONDS_DOC = ("Sensor log, pump house 3: 2031-03-04T16:42:09.118Z pressure drop detected; "
               "valve shut at 16:44:51 by the duty operator.")


def test_a_time_to_the_second_supports_the_answers_minute() -> None:
    answer = "The pressure drop was detected at 16:42 and the valve was shut at 4:44 pm."
    assert _flagged(SECONDS_DOC, answer) == set()
    assert _flagged(SECONDS_DOC, "The pressure drop was detected at 16:24 and the valve shut at 16:45.") == {
        "16:24", "16:45"}
    # the answer's seconds are checked too, and the hour of "1:23:45" stays a clip's timestamp
    assert _flagged(SECONDS_DOC, "The valve was shut at 16:44:15.") == {"16:44:15"}
    assert all(n.measure is None for n in extract_numbers("the clip at 1:23:45 shows it"))


SPELLED_DOC = ("The Lindqvist ferry left at half past seven and docked at a quarter to eleven. "
               "The harbour café opens at twenty past six.")


def test_a_time_in_words_supports_the_answers_digits() -> None:
    found = [(n.text, n.value, n.measure) for n in extract_numbers(SPELLED_DOC)]
    assert found == [("half past seven", 450.0, CLOCK12), ("a quarter to eleven", 645.0, CLOCK12),
                     ("twenty past six", 380.0, CLOCK12)]
    answer = "The ferry left at 7:30, docked at 10:45 and the café opens at 6:20."
    assert _flagged(SPELLED_DOC, answer) == set()
    changed = "The ferry left at 7:15, docked at 11:45 and the café opens at 6:40."
    assert _flagged(SPELLED_DOC, changed) == {"7:15", "11:45", "6:40"}


def test_ten_to_five_may_be_a_span_of_hours_and_is_not_read_as_a_time() -> None:
    assert all(n.measure is None for n in extract_numbers("open ten to five, 10 to 5"))


def test_a_percentage_after_a_capitalized_word_is_a_share_and_no_names_number() -> None:
    # "VAT 21 %" is a rate, not a name like "Apollo 11": its value was left out of the document's values
    doc = "Orvik import charges: VAT 21 % on goods and shipping, Levy 4% on tobacco. Apollo 11 landed."
    assert _flagged(doc, "At Orvik, VAT is 21% on goods and shipping and the levy on tobacco is 4%.") == set()
    assert _flagged(doc, "At Orvik, VAT is 12% on goods and shipping and the levy on tobacco is 5%.") == {"12%", "5%"}
    assert all(n.value != 11 for n in DocumentIndex(doc).numbers)  # (a name's number stays out)


def test_a_bound_after_not_or_no_is_the_other_bound() -> None:
    from raguard import verify

    doc = ["4.2 The rail shall be not less than 950 mm above the deck. Give no more than 3 doses a day."]

    def flagged(answer: str) -> bool:
        return verify("What are the limits?", doc, answer).action == "review"

    assert not flagged("The rail must be at least 950 mm above the deck.")
    assert flagged("The rail must be less than 950 mm above the deck.")
    assert not flagged("Give up to 3 doses a day.")
    assert flagged("Give more than 3 doses a day.")


def test_a_bound_after_a_denied_verb_is_the_other_bound() -> None:
    # "do not give more than 4" is "give at most 4"; "no child under 12" is a condition, not a denial
    doc = ("Corvane syrup: do not give more than 4 doses in 24 hours. No child under 12 should take it "
           "unsupervised. Do not use for more than 10 days without asking a pharmacist.")
    assert _flagged(doc, "Give Corvane syrup up to 4 times in 24 hours.") == set()
    assert _flagged(doc, "Give at most four doses of Corvane syrup in 24 hours.") == set()
    assert _flagged(doc, "Give Corvane syrup at least 4 times in 24 hours.") == {"4"}
    assert _flagged(doc, "Give at least four doses of Corvane syrup in 24 hours.") == {"four"}
    assert _flagged(doc, "No child over 12 should take Corvane syrup unsupervised.") == {"12"}
    # a denial that goes on to a condition denies the two together: past 10 days, ask
    assert _flagged(doc, "Ask a pharmacist before using it for more than 10 days.") == set()


def test_a_plus_sign_after_a_value_bounds_it_from_below() -> None:
    # job ads and age ratings write "3+ years", "Ages 16+": "at least"
    doc = "Payroll officer, Tarrow Foods. Needs: 3+ years of payroll work, own car. Site tours for ages 16+ only."
    assert _flagged(doc, "The role needs at least 3 years of payroll work and an own car.") == set()
    assert _flagged(doc, "The role needs under 3 years of payroll work and an own car.") == {"3"}
    assert _flagged(doc, "Site tours are only for visitors under 16.") == {"16"}
    [warning] = [w for w in verify("What does it say?", [doc], "Site tours are only for visitors under 16.").warnings
                 if w.type == "unsupported_number"]
    assert 'document 0 says "16+"' in warning.suggestion
    # a sum or a count of rooms is no bound
    from raguard.normalize.numbers import extract_numbers, opposite_bound
    claim = extract_numbers("at most 2 bedrooms")[0]
    for text, bound in [("a 2+1 flat", None), ("2+2=4", None), ("2+ bedrooms", "2+")]:
        assert opposite_bound(claim, text, extract_numbers(text)[0]) == bound, text


def test_a_small_spelled_value_is_checked_when_the_answer_bounds_it() -> None:
    # "two" alone is too common to check; "more than two hours" is a claim a document can bound
    # the other way ("(<2 h)")
    doc = "Spin classes: book up to 7 days ahead. Late cancellation (<2 h before start) = £5 charge."
    assert _flagged(doc, "Cancelling less than two hours before the start costs £5.") == set()
    assert _flagged(doc, "Cancelling more than two hours before the start costs £5.") == {"two"}
    # given unbounded anywhere, the bound is left alone, as any value of its size
    other = doc + " Two instructors lead each class, and classes run 2 hours at most on Sundays."
    assert _flagged(other, "Cancelling more than two hours before the start costs £5.") == set()


# -- thousands grouped by dots ---------------------------------------------------------------------

DOTTED_DOC = ("store,revenue_2026_eur,revenue_2025_eur\nGdansk,2.305.400,2.118.050\nPoznan,874.900,912.300\n"
              "Lublin (est. value €610.000)")


def test_a_document_with_dot_grouped_thousands_supports_the_answers_commas() -> None:
    answer = ("Gdansk took €2,305,400 in 2026 against €2,118,050 in 2025, and Poznan €874,900 against "
              "€912,300; Lublin is valued at about €610,000.")
    assert _flagged(DOTTED_DOC, answer) == set()
    changed = answer.replace("2,305,400", "2,350,400").replace("874,900", "847,900").replace("610,000", "710,000")
    assert _flagged(DOTTED_DOC, changed) == {"€2,350,400", "€847,900", "€710,000"}


def test_one_dot_group_alone_stays_a_decimal_and_both_readings_are_kept_beside_a_currency() -> None:
    # "2.500" alone may be two and a half; beside a currency or among "1.234.567"s it is thousands
    assert _flagged("The ratio was 2.500 at the end.", "The ratio was 2,500 at the end.") == {"2,500"}
    assert _flagged("The ratio was 2.500 at the end.", "The ratio was 2.5 at the end.") == set()
    assert _flagged("Deposit: €420.000 paid in May.", "The deposit was €420,000.") == set()
    assert _flagged("Deposit: €420.000 paid in May.", "The deposit was €420.") == set()


def test_one_third_is_a_fraction_not_a_fourth() -> None:
    assert [(n.text, round(n.value, 1), n.unit) for n in extract_numbers("roughly one third of it")] == [
        ("one third", 33.3, "%")]
    assert [n.value for n in extract_numbers("the twenty-third and the hundred and first")] == [23.0, 101.0]
    doc = "Roughly one third of the new orders came from repeat buyers."
    assert _flagged(doc, "About a third of the new orders came from repeat buyers.") == set()
    assert _flagged(doc, "About a quarter of the new orders came from repeat buyers.") == {"a quarter"}


def test_four_values_joined_by_slashes_are_a_list() -> None:
    assert [n.value for n in extract_numbers("presets (60/75/85/95 °C)")] == [60.0, 75.0, 85.0, 95.0]
    assert extract_numbers("on 12/05/2026") == [] and extract_numbers("1/2/3") == []  # a date, three parts
    doc = "Presets (60/75/85/95 °C) for tea and coffee."
    assert _flagged(doc, "It has presets of 60, 75, 85 and 95 °C.") == set()
    assert _flagged(doc, "It has presets of 60, 75, 80 and 95 °C.") == {"80"}


# -- digits glued into rows, lists and versions -----------------------------------------------------

def test_digits_of_a_csv_row_support_the_values_an_answer_restates() -> None:
    doc = ("invoice,date,client,hours,rate_eur,total_eur\n"
           "5521,2025-03-14,Brenholt Ltd,12,85.00,1020.00\n"
           "5522,2025-03-15,Quarry Lane,7,92.50,647.50")
    answer = "Invoice 5521 billed Brenholt Ltd for 12 hours at €85 an hour, €1,020 in total."
    assert _flagged(doc, answer) == set()
    assert _flagged(doc, answer.replace("12 hours", "14 hours").replace("€1,020", "€1,120")) == {"14", "€1,120"}


def test_a_list_written_without_spaces_and_a_version_after_v_are_read() -> None:
    doc = "Minimum grades 7,6,5 at HL. Changed in v2.8: the old --strict flag was removed; pages 2-4,9 only."
    answer = "You need 7, 6 and 5 at Higher Level; the flag went in version 2.8, and pages 2 to 4 and 9 are kept."
    assert _flagged(doc, answer) == set()
    assert _flagged(doc, answer.replace("version 2.8", "version 2.9").replace("and 9", "and 8")) == {"2.9", "8"}


def test_digits_glued_to_letters_or_a_slash_are_no_loose_values() -> None:
    # a code's digits ("RT44"), a dotted run's last part, a score's sides: no value of their own
    index = DocumentIndex("Use code RT44 for build 3.1.7 (score 24/7, ratio 9/5).")
    assert sorted(n.text for n in index.loose_numbers) == ["3.1"]


def test_a_fraction_written_with_a_slash_supports_the_answers_fraction_in_words() -> None:
    doc = "Fill each jar 3/4 full and leave 1 cm of headspace."
    assert _flagged(doc, "Fill every jar three-quarters full, leaving a centimetre of space.") == set()
    assert _flagged(doc, "Fill every jar two-thirds full, leaving a centimetre of space.") == {"two-thirds"}


# -- hours told by the part of the day ----------------------------------------------------------------

@pytest.mark.parametrize(("text", "minutes", "measure"), [
    ("doors open at 8 in the morning", 480, CLOCK),
    ("the match starts at three in the afternoon", 900, CLOCK),
    ("last orders by 10 at night", 1320, CLOCK),
    ("the ferry leaves at 2 at night", 120, CLOCK),
    ("we meet at 5 o'clock", 300, CLOCK12),
])
def test_an_hour_told_by_its_part_of_the_day_is_a_time(text: str, minutes: int, measure: str) -> None:
    [n] = extract_numbers(text)
    assert (n.value, n.measure) == (minutes, measure)


def test_a_range_or_alternative_of_hours_shares_its_part_of_the_day() -> None:
    doc = "Reception: 7:00~11:00 and 17:00~22:00. Breakfast 7:30 or 8:30."
    answer = "Reception is open from 7 to 11 in the morning and from 5 to 10 in the evening; breakfast is at 7:30 or 8:30."
    assert _flagged(doc, answer) == set()
    assert _flagged(doc, answer.replace("from 5 to", "from 6 to")) == {"6"}
    # two alternatives share the half of the day one of them states
    assert _flagged("Dinner sittings: 18:00 or 20:00.", "Dinner is at 6 or 8 p.m.") == set()
    assert _flagged("Dinner sittings: 18:00 or 20:00.", "Dinner is at 7 or 8 p.m.") == {"7"}


def test_a_page_after_p_dot_is_read() -> None:
    doc = "Descale the tank (see p.47) every 3 months."
    assert _flagged(doc, "The manual explains descaling on page 47.") == set()
    assert _flagged(doc, "The manual explains descaling on page 74.") == {"74"}


# -- durations as logs and tools write them -------------------------------------------------------------

TOOL_LOG = ("LAST SEEN  REASON   MESSAGE\n3m (x6 over 25m)  BackOff  Back-off pulling image\n"
           "rsync ... done (sent 4.1 GB, 00:22:15)")


def test_a_duration_with_a_glued_unit_letter_or_written_as_a_clock_supports_the_answers() -> None:
    answer = "The image pull kept backing off, six times over 25 minutes, and the sync took about 22 minutes."
    assert _flagged(TOOL_LOG, answer) == set()
    assert _flagged(TOOL_LOG, answer.replace("25 minutes", "35 minutes").replace("about 22", "about 31")) == {"35", "31"}


def test_a_log_duration_supports_no_bare_number() -> None:
    # "25m" is 25 minutes; the answer's bare 25 (or 22) is a count of something else
    assert _flagged(TOOL_LOG, "The job retried 25 times and copied 22 files.") == {"25", "22"}


DRIVER_LOG = ("VEHICLE LOG  |  Coach 14\n2025-03-04  driving 9h47m; break after 4h25m\n"
              "2025-03-05  driving 8h10 (short day)")


def test_hours_and_minutes_glued_into_one_support_each_part_and_the_whole() -> None:
    answer = ("On 4 March you drove 9 hours 47 minutes and took your break after 4 hours 25 minutes; "
              "on 5 March you drove 8 hours 10 minutes, or 490 minutes.")
    assert _flagged(DRIVER_LOG, answer) == set()
    assert _flagged(DRIVER_LOG, answer.replace("47 minutes", "41 minutes").replace("490", "527")) == {"41", "527"}


def test_glued_hours_and_minutes_support_no_bare_count() -> None:
    assert _flagged(DRIVER_LOG, "The coach made 47 stops and carried 25 pupils.") == {"47", "25"}


# -- money in hundredths, accounts tables ---------------------------------------------------------------

@pytest.mark.parametrize(("text", "value", "unit"), [
    ("a dividend of 18 cents a share", 0.18, None),
    ("an 18-cent dividend", 0.18, None),
    ("it costs 45 pence", 0.45, "GBP"),
    ("86p in every pound", 0.86, "GBP"),
    ("raised 4.2 million pounds", 4.2e6, "GBP"),  # pounds are no hundredths
])
def test_cents_and_pence_are_hundredths_of_the_currency_and_pounds_are_not(text: str, value: float, unit: str | None) -> None:
    [n] = extract_numbers(text)
    assert (n.value, n.unit) == (value, unit)


def test_a_resolution_is_no_pence() -> None:
    assert [n.value for n in extract_numbers("streams in 1080p")] == [1080.0]


def test_cents_restate_a_decimal_of_the_currency_and_a_range_shares_them() -> None:
    doc = "Diluted EPS was $0.37. From March the unit price goes from 6.5 cents to 7.1 cents."
    answer = "Earnings were 37 cents per share, and the unit price rises from 6.5 to 7.1 cents in March."
    assert _flagged(doc, answer) == set()
    assert _flagged(doc, answer.replace("37 cents", "39 cents").replace("6.5 to", "6.8 to")) == {"39 cents", "6.8"}


TARIFF = ("Kelby Power - Standard Home\nStanding charge ........ 61.08 c/day\nDay rate ......... 33.9c/kWh\n"
          "Export payment: 15.2 -> 12.5 c/kWh from 1 April\nMeter reading visit: 40¢ per visit")


def test_prices_written_with_c_or_a_cent_sign_are_hundredths() -> None:
    answer = ("The standing charge is 61.08 cents a day and the day rate 33.9 cents per kWh; from 1 April "
              "the export payment drops from 15.2 to 12.5 cents per kWh, and a meter visit costs $0.40.")
    assert _flagged(TARIFF, answer) == set()
    changed = answer.replace("61.08 cents", "68.01 cents").replace("from 15.2 to", "from 15.8 to")
    assert _flagged(TARIFF, changed) == {"68.01 cents", "15.8"}


def test_a_letter_c_after_a_number_is_no_price_where_something_else_reads_it() -> None:
    # the figure itself is still read: "3c" supports the clause's 3, not 3 cents of a fee
    assert _flagged("See clause 3c of the lease.", "Clause 3 of the lease applies.") == set()
    assert _flagged("See clause 3c of the lease.", "The fee is 8 cents.") == {"8 cents"}


def test_a_currency_and_scale_letter_heading_a_column_scale_its_cells() -> None:
    doc = "Branch | Sales £k | vs LY %\nLeeds | 412.8 | +3.4\nYork | 96.5 | -1.2"
    answer = "Leeds took £412.8k, up 3.4% on last year, while York took £96.5k."
    assert _flagged(doc, answer) == set()
    assert _flagged(doc, answer.replace("£96.5k", "£69.5k")) == {"£69.5k"}
    assert _flagged(doc.replace("Sales £k", "Sales"), answer) == {"£412.8k", "£96.5k"}


SPACED_TABLE = ("HILLCREST QUIZ LEAGUE - Round 6\nRank  Team              Pts    %       Bonus\n"
                "1     The Owls          88     73.33   12\n2     Quizzly Bears     81     67.50   9\n"
                "...\nNext round: 14 June")


def test_a_percent_column_of_a_table_laid_out_with_spaces_holds_percentages() -> None:
    answer = "The Owls led with 88 points (73.33%), ahead of Quizzly Bears on 67.5%."
    assert _flagged(SPACED_TABLE, answer) == set()
    assert _flagged(SPACED_TABLE, answer.replace("73.33%", "77.33%")) == {"77.33%"}
    # the points and the bonus are in other columns: no percentage
    assert _flagged(SPACED_TABLE, "The Owls scored 88% and got a 12% bonus.") == {"88%", "12%"}
    assert _flagged(SPACED_TABLE.replace("    %   ", " Share  "), answer) == {"73.33%", "67.5%"}


TABLE_DOC = ("Harlow Biotech, Q2 results (in millions, except per share)\n"
             "Revenue | 218.4 | 197.0 | 11%\nNet income | 19.6 | 21.3 | (8)%")


def test_a_table_that_states_its_scale_once_supports_scaled_values_and_a_bracketed_fall() -> None:
    answer = "Revenue rose 11% to $218.4 million, while net income fell 8% to $19.6 million."
    assert _flagged(TABLE_DOC, answer) == set()
    assert _flagged(TABLE_DOC, answer.replace("$218.4", "$281.4").replace("fell 8%", "fell 6%")) == {"$281.4 million", "6%"}


def test_without_a_stated_scale_a_bare_table_value_is_no_million() -> None:
    doc = TABLE_DOC.replace(" (in millions, except per share)", "")
    assert _flagged(doc, "Revenue rose 11% to $218.4 million.") == {"$218.4 million"}


def test_in_a_quarter_is_a_period_and_no_share() -> None:
    assert [n.text for n in extract_numbers("sales topped $90 million in a quarter for the first time")] == ["$90 million", "first"]
    assert [n.value for n in extract_numbers("in a quarter of the cases")] == [25.0]


def test_a_currency_thousands_header_scales_the_table() -> None:
    doc = ("Parks capital plan (all figures GBP 000s)\nScheme | 24/25 | 25/26 | Total\n"
           "Orchard Rd play area | 220 | 1,180 | 1,400\nNote: includes (90) from a lottery grant.")
    answer = "The Orchard Rd play area gets £1.4 million: £220,000 next year and £1.18 million after, £90,000 of it from a lottery grant."
    assert _flagged(doc, answer) == set()
    assert _flagged(doc, answer.replace("£220,000", "£260,000")) == {"£260,000"}
    for header in ("£000", "£'000", "$000s"):
        assert _flagged(doc.replace("(all figures GBP 000s)", header), "It gets £1.4 million in total.") == set()
    assert _flagged(doc.replace(" (all figures GBP 000s)", ""), "It gets £1.4 million in total.") == {"£1.4 million"}


def test_a_counts_thousands_header_scales_its_table() -> None:
    doc = ("Bulk tank and cow records - 9 May 2026\nCow | Name | Yield (kg) | SCC ('000/ml)\n"
           "214 | Bramble | 31.2 | 180\n231 | Tansy | 28.4 | 2,340\n247 | Nell | 22.0 | 95")
    answer = "Tansy had a cell count of 2,340 thousand/ml, far above Bramble's 180 thousand."
    assert _flagged(doc, answer) == set()
    assert _flagged(doc, answer.replace("2,340", "2,430")) == {"2,430 thousand"}
    for header in ("('000)", "(000s)", "('000s)"):
        assert _flagged(doc.replace("('000/ml)", header), "Tansy's count was 2.34 million.") == set()
    # a bare "(000)" may be a code's digits: no scale
    assert _flagged(doc.replace("('000/ml)", "(000)"), "Tansy's count was 2.34 million.") == {"2.34 million"}


def test_a_column_headed_percent_holds_percentages() -> None:
    doc = ("Poll results\nNo. | Motion | For | % | Against | %\n1 | Adopt accounts | 9,120 | 96.41 | 340 | 3.59\n"
           "2 | Raise dues | 4,880 | 51.37 | 4,620 | 48.63")
    answer = "Raising dues passed narrowly with 51.37% in favour; 48.63% voted against it."
    assert _flagged(doc, answer) == set()
    assert _flagged(doc, answer.replace("51.37%", "53.17%")) == {"53.17%"}
    # a column not headed "%" is no percentage: the count 9,120 says nothing of 96.41 or 3.59%
    assert _flagged(doc.replace("| % | Against | %", "| Share | Against | Votes"), answer) == {"51.37%", "48.63%"}
    # a Markdown table's rule under the header is no row of its own
    ruled = doc.replace("| %\n1 |", "| %\n---|---|---|---|---|---\n1 |")
    assert "---|" in ruled
    assert _flagged(ruled, answer) == set()


def test_money_a_document_writes_negative_is_an_amount_the_answer_says_with_a_direction() -> None:
    doc = "Line | Budget | Actual | Diff\nFuel | 300 | 262.40 | -37.60\nTravel | 90 | 131.25 | 41.25"
    answer = "Fuel came in £37.60 under budget while travel ran £41.25 over."
    assert _flagged(doc, answer) == set()
    assert _flagged(doc, answer.replace("£37.60", "£36.70")) == {"£36.70"}


def test_a_subtitle_timecode_to_the_millisecond_is_a_length_of_time() -> None:
    doc = "88\n00:21:07,480 --> 00:21:10,020\nThe otters return to the holt at dusk."
    assert _flagged(doc, "About 21 minutes in, the narrator says the otters return at dusk.") == set()
    assert _flagged(doc, "About 35 minutes in, the narrator says the otters return at dusk.") == {"35"}


def test_a_difference_of_two_values_on_one_line_is_what_an_answer_may_state() -> None:
    doc = ("Boat hire sheet\nOut: 10:15   Back: 11:55   Engine hours 1,204.5 -> 1,206.2\n"
           "Fuel: 40 litres out, 31 litres back")
    answer = "You had the boat for an hour and 40 minutes (100 minutes), and the engine ran 1.7 hours."
    assert _flagged(doc, answer) == set()
    assert _flagged(doc, answer.replace("100 minutes", "110 minutes")) == {"110"}
    assert _flagged(doc, answer.replace("1.7 hours", "2.7 hours")) == {"2.7"}


def test_values_of_different_lines_or_a_crowded_line_give_no_difference() -> None:
    doc = "Out: 10:15\nBack: 11:55\nScores 9 14 20 27 31 38 45 52"
    assert _flagged(doc, "You were out for 100 minutes.") == {"100"}
    assert _flagged(doc, "The gap was 11.") == {"11"}


def test_a_text_that_writes_decimal_commas_groups_its_thousands_with_dots() -> None:
    # one convention per text: "0,615" or "2.480,00 EUR" make "15.000" fifteen thousand
    doc = ["Pos | Menge | Einzelpreis\n1 | 15.000 | 0,615\n2 | 8.000 | 1,207\nSumme: 18.881,00 EUR"]
    assert _flagged(doc[0], "Line 1 is 15,000 pieces at €0.615 each, line 2 8,000 at €1.207.") == set()
    assert "16,000" in _flagged(doc[0], "Line 1 is 16,000 pieces at €0.615 each.")
    assert "€0.651" in _flagged(doc[0], "Line 1 costs €0.651 each.")


def test_a_lone_zero_before_a_comma_is_a_decimal_comma() -> None:
    assert [n.value for n in extract_numbers("Preis 0,615 je Stück")] == [0.615]
    assert [n.value for n in extract_numbers("a crowd of 10,615")] == [10615.0]


def test_the_values_of_a_row_labelled_with_a_percent_sign_are_percentages() -> None:
    doc = ["Parameter | Limit | Week 1 | Week 4\nMoisture (%) | NMT 12.0 | 9.4 | 11.6\nYield | - | 412 | 398"]
    assert _flagged(doc[0], "Moisture rose from 9.4% to 11.6%, under the 12.0% limit.") == set()
    assert "11.9%" in _flagged(doc[0], "Moisture rose from 9.4% to 11.9%.")
    # a row whose label has no percent sign gives no percentages
    assert "412%" in _flagged(doc[0], "Yield was 412% in week 1.")


def test_full_width_digits_and_colons_are_read() -> None:
    doc = ["列車　ひかり５０７号　名古屋　９：１２発　→　京都　９：４７着　¥６，１２０"]
    assert _flagged(doc[0], "The train leaves Nagoya at 9:12 am, reaches Kyoto at 9:47 am and costs ¥6,120.") == set()
    assert "9:17 am" in _flagged(doc[0], "The train leaves Nagoya at 9:17 am.")


def test_an_ocr_passs_l_for_a_figures_one_is_read_as_one() -> None:
    from raguard.normalize.text import fold_ocr_ones

    assert fold_ocr_ones("seen on l2/06/25, tel 0l632 9l4 226") == "seen on 12/06/25, tel 01632 914 226"
    # an l of a word, a code or a unit stays: "5l" is five litres
    assert fold_ocr_ones("add 5l of water, l2tp, model3, l1, 15.lhh") == "add 5l of water, l2tp, model3, l1, 15.lhh"
    doc = "KESTREL VETS - VACCINATION CARD\nDog: Pip    Last booster: l4/03/25    Next due: l4/03/26\nFee: £4l.50"
    assert _flagged(doc, "Pip's last booster was on 14/03/25, the next is due 14/03/26, and it cost £41.50.") == set()
    assert "£42.50" in _flagged(doc, "Pip's booster cost £42.50.")


def test_an_ocr_passs_o_for_a_figures_zero_is_read_as_zero() -> None:
    from raguard.normalize.text import fold_ocr_zeros

    assert fold_ocr_zeros("loaf £3.8O, jar 1OO g, since 2OO9") == "loaf £3.80, jar 100 g, since 2009"
    # an O of a word, a formula or a code stays
    assert fold_ocr_zeros("H2O, NO2, unit 4O1B, 3Oaks") == "H2O, NO2, unit 4O1B, 3Oaks"
    doc = "HILLTOP DAIRY - price list\nWhole milk 2L ....... £1.9O\nButter 25Og ........ £2.4O"
    assert _flagged(doc, "Two litres of whole milk cost £1.90 and butter £2.40.") == set()
    assert "£1.95" in _flagged(doc, "Two litres of whole milk cost £1.95.")


def test_an_ocr_passs_o_opening_a_date_or_a_time_is_a_zero() -> None:
    from raguard.normalize.text import fold_ocr_zeros

    assert fold_ocr_zeros("Notified: O4/11/2026 at O9:15") == "Notified: 04/11/2026 at 09:15"
    # a name or a code that opens with an O and a digit stays ("O2", "O365")
    assert fold_ocr_zeros("O2 Arena, O365 licence, CO2") == "O2 Arena, O365 licence, CO2"
    cert = "CERTIFICATE OF C0MPLIANCE\nNotified to local authority: Hull City Council, O4/11/2026"
    answer = "Hull City Council was notified on 4 November 2026."
    assert [w.text for w in verify("When?", [cert], answer).warnings] == []
    assert [w.text for w in verify("When?", [cert], answer.replace("4 November", "5 November")).warnings] == [
        "5 November 2026"]


def test_an_answer_without_numbers_looks_for_no_citation_or_list_marker(monkeypatch: pytest.MonkeyPatch) -> None:
    # the numbers checker reads the spans it skips (citations, list markers) only for numbers it has
    from raguard import Verifier
    from raguard.normalize import citations, text

    asked: list[str] = []
    monkeypatch.setattr(citations, "find_citations", lambda t: asked.append(t) or [])
    monkeypatch.setattr(text, "list_marker_spans", lambda t: asked.append(t) or [])
    verifier = Verifier(checkers=["numbers"])
    assert verifier.verify("Who ran the Brellin ferry?", ["Odile Marchetti ran the Brellin ferry."],
                           "Odile Marchetti ran it.").warnings == []
    assert asked == []
    assert [w.text for w in verifier.verify("How many ferries?", ["Brellin runs 4 ferries."],
                                            "Brellin runs 6 ferries.").warnings] == ["6"]
    assert asked == ["Brellin runs 6 ferries."] * 2


CALL_LOG = ("Agent: I've booked the Tarrow minibus for Mrs Oyelaran. Pickup is between seven twenty and "
            "seven fifty in the morning, and the return leaves the clinic at four oh five.\n"
            "Agent: There were also six fifteen-year-olds on yesterday's run.")


def test_a_time_said_hour_then_minutes_supports_the_answers_digits() -> None:
    answer = "The minibus picks Mrs Oyelaran up between 7.20 and 7.50 am; the return leaves at 4.05 pm."
    assert _flagged(CALL_LOG, answer) == set()
    assert _flagged(CALL_LOG, "The minibus picks her up between 7.20 and 7.50 pm.") == {"7.50 pm"}
    assert _flagged(CALL_LOG, "The return leaves the clinic at 4.15 pm.") == {"4.15 pm"}
    # a count said the same way is no time: "six fifteen-year-olds" gives no 6:15 and no 615
    assert _flagged(CALL_LOG, "Yesterday's run carried 615 passengers.") == {"615"}


def test_a_time_with_an_h_between_hours_and_minutes_is_a_time_of_day() -> None:
    doc = "Avis de contravention\nLe 03/09/2025 à 21 h 07   Lieu : RN 7, sortie Valence\nVitesse retenue : 96 km/h"
    assert _flagged(doc, "The camera recorded the car at 9.07 pm on 3 September 2025.") == set()
    assert _flagged("Départ du car : 7h35 place Bellecour.", "The coach leaves at 7:35.") == set()
    assert _flagged(doc, "The camera recorded the car at 9.17 pm.") == {"9.17 pm"}


def test_a_count_after_a_multiplying_x_is_read() -> None:
    doc = "Ordered                 | Picked\nBrown Bread x2   £2.10  | Seeded Bread x3  £2.10"
    assert _flagged(doc, "You ordered 2 brown loaves and got 3 seeded ones for £2.10.") == set()
    assert _flagged(doc, "You got 4 seeded loaves.") == {"4"}


def test_a_value_glued_to_capitals_in_a_line_in_capitals_is_read_bare() -> None:
    doc = "CONSIST 6L22  REVISED\nVEHICLES 14   LEN 312M   WEIGHT 880T"
    assert _flagged(doc, "The revised train has 14 vehicles, is 312 m long and weighs 880 t.") == set()
    assert _flagged(doc, "The revised train is 321 m long.") == {"321"}
    # in a line with lower-case letters the capital is a scale ("527M" is 527 million), as is
    # one after a currency sign
    assert _flagged("Sales reached 312M in the year.", "Sales reached 312 in the year.") == {"312"}
    assert _flagged("SALES $312M", "Sales were $312.") == {"$312"}


def test_a_line_of_code_a_review_cites_is_read_as_its_number() -> None:
    doc = ("Review of PR 812 by Tomasz Weir\n  cache.rs L214: unwrap() can panic on a cold start.\n"
           "  See https://git.example/kv/blob/main/pool.rs#L40-L46 for the retry loop.")
    answer = "Tomasz flags line 214 of cache.rs, where unwrap() can panic, and points to lines 40 to 46 of pool.rs."
    assert _flagged(doc, answer) == set()
    assert _flagged(doc, "Tomasz flags line 241 of cache.rs.") == {"241"}
    # only after a file's name or in a link: a spine's "L4" or a cache's "L2" is no line
    assert _flagged("MRI: disc bulge at L4-L5, no L2 findings.", "The bulge is at 4 and 5.") == {"4", "5"}


def test_an_aviation_weather_report_is_read_as_a_briefing_restates_it() -> None:
    doc = ("LFPG 091030Z 31012G24KT 9999 SCT030 BKN045 11/06 Q1013 TEMPO 32020G35KT SHRA\n"
           "Runway 27L in use.")
    answer = ("At Paris the wind is from 310 degrees at 12 knots, gusting 24 knots, visibility is 10 km or "
              "more, with scattered cloud at 3,000 ft and broken cloud at 4,500 ft, and the QNH is 1013 hPa. "
              "A temporary increase to 20 knots gusting 35 knots is forecast.")
    assert _flagged(doc, answer) == set()
    assert _flagged(doc, "The wind is gusting 42 knots.") == {"42"}
    assert _flagged(doc, "Broken cloud sits at 5,400 ft.") == {"5,400"}
    # a report's groups are read only in a line with a wind group: "9999" elsewhere is a number
    assert _flagged("Part 9999 BKN025 is in stock.", "Visibility is 10 km.") == {"10"}


def test_a_total_of_one_lines_values_is_read_when_the_answer_names_it_a_total() -> None:
    card = "Lentil Dal (serves 2)\nPrep 10 min | Cook 35 min | Rest 5 min\nMETHOD\n1. Rinse the lentils."
    assert _flagged(card, "The dal takes 50 minutes in total: 10 to prep, 35 to cook and 5 to rest.") == set()
    assert _flagged(card, "Altogether it takes 50 minutes.") == set()
    # only a total: a bare 50 is no value of the card, and a wrong total is still flagged
    assert _flagged(card, "The dal cooks for 50 minutes.") == {"50"}
    assert _flagged(card, "The dal takes 60 minutes in total.") == {"60"}
    # a label before a measure names nothing: "Cook 35 min" is 35 minutes
    assert _flagged(card, "It cooks for 35 minutes.") == set()


def test_a_shops_dozens_are_counted() -> None:
    board = "HILLTOP DAIRY - prices this week\nBantam eggs ..... 1/2 doz £1.90   doz £3.50\nQuail eggs 2 doz £6.00"
    assert _flagged(board, "Bantam eggs are £1.90 for six or £3.50 for twelve; quail eggs are £6.00 for 24.") == set()
    assert _flagged(board, "Bantam eggs are £3.50 for 10.") == {"10"}


def test_a_span_of_time_said_in_a_word_is_read_as_its_length() -> None:
    notice = ("Tenancy notes: the Brannagh family have farmed here for two decades. Repairs are "
              "answered within a fortnight; the boiler check takes half an hour.")
    answer = "The family has farmed there for 20 years; repairs get a reply within 14 days (2 weeks), and the check takes 30 minutes."
    assert _flagged(notice, answer) == set()
    assert _flagged(notice, "Repairs get a reply within 10 days.") == {"10"}
    assert _flagged(notice, "The boiler check takes 45 minutes.") == {"45"}
    # a bare plural says no number
    assert _flagged("They have farmed here for decades.", "They have farmed there for 20 years.") == {"20"}


def test_a_network_port_written_with_its_protocol_is_read() -> None:
    log = "CHG-4410 applied 02:10: permit udp/123 and 8443/tcp from 10.20.0.0/16; deny tcp/23 any."
    assert _flagged(log, "The change opens UDP port 123 and TCP port 8443, and blocks Telnet on port 23.") == set()
    assert _flagged(log, "The change opens UDP port 124.") == {"124"}


def test_times_and_large_values_as_japanese_and_chinese_write_them() -> None:
    doc = ("窓口：平日 9時15分～16時45分（土曜 10時～12時半）\n手数料は1件あたり3万円です。"
           "博物館の来館者は昨年1.2億人でした。所要時間は約2時間です。")
    answer = ("The counter opens 9.15 am to 4.45 pm on weekdays and 10 am to 12.30 pm on Saturdays; "
              "the fee is 30,000 yen per case, and the museum had 120 million visitors last year.")
    assert _flagged(doc, answer) == set()
    assert _flagged(doc, "The counter closes at 4.15 pm on weekdays.") == {"4.15 pm"}
    assert _flagged(doc, "The fee is 3,000 yen per case.") == {"3,000"}
    # "2時間" is two hours long, no time of day
    assert _flagged("所要時間は約2時間です。", "The visit starts at 2 am.") == {"2 am"}
    # an afternoon written with 午後 is after noon
    assert _flagged("受付は午後3時までです。", "Reception is open until 3 pm.") == set()
    assert _flagged("受付は午後3時までです。", "Reception is open until 3 am.") == {"3 am"}


def test_a_run_of_digits_too_long_for_a_float_breaks_no_checker() -> None:
    # (it reads as infinity, which the document index keeps as "may hold any magnitude"; the
    # checkers' tests for a whole number must take it)
    long_run = "7" * 400
    doc = f"Filed on 3 May 2024, ref {long_run}, aged {long_run}, 12 boxes, 8万円 and 3/{long_run}."
    for answer in (f"Ref {long_run} was filed with 12 boxes.", f"It was {long_run} years old in 2024.",
                   f"Filed 3/{long_run}, {long_run} days after 3 May 2024.", "It holds 12 boxes."):
        result = verify("What was filed?", [doc], answer)
        assert "checker_error" not in [w.type for w in result.warnings], answer


def test_a_whole_number_rounds_a_value_written_to_a_machine_precision() -> None:
    from raguard import Verifier

    numbers = Verifier(checkers=["numbers"])
    log = ["GET /api/basket 504 upstream_time=60.002 worker=7"]
    assert numbers.verify("", log, "The request timed out after 60 seconds.").warnings == []
    assert [w.text for w in numbers.verify("", log, "The request timed out after 61 seconds.").warnings] == ["61"]
    # a value with one or two decimals is a figure of its own: 12 is not 12.4, nor 7 a price of 7.25
    assert [w.text for w in numbers.verify("", ["The parcel weighs 12.4 kg."], "It weighs 12 kg.").warnings] == ["12"]
    assert [w.text for w in numbers.verify("", ["Tickets: 7.25 each."], "Tickets cost 7 each.").warnings] == ["7"]


def test_points_are_the_difference_of_two_percentages_of_the_sentence() -> None:
    from raguard import Verifier

    numbers = Verifier(checkers=["numbers"])
    docs = ["Turnout: 61.2% this year, 57.9% in the last election."]
    for answer in ("Turnout was 61.2%, 3.3 points above the 57.9% of the last election.",
                   "Turnout was 61.2%, up 3.3 percentage points on 57.9%.",
                   "Turnout was 61.2%, 3.3 pp above the 57.9% before."):
        assert numbers.verify("", docs, answer).warnings == [], answer
    wrong = numbers.verify("", docs, "Turnout was 61.2%, 4.3 points above the 57.9% of the last election.")
    assert [w.text for w in wrong.warnings] == ["4.3"]
    # points of a score are no difference of percentages
    assert [w.text for w in numbers.verify("", docs, "At 61.2%, the ward won 3.3 points.").warnings] == ["3.3"]


def test_a_zero_beside_a_value_is_no_thousands_group() -> None:
    # a table printed with spaces: "0 100%" is an empty column and a full one, not 100%
    report = "Volume      Size  Used Avail Use%\n/dev/vdc1   500G  500G     0 100%"
    assert _flagged(report, "The volume is 100% full with 0 bytes available.") == set()
    assert _flagged(report, "The volume is 90% full.") == {"90%"}
    assert [n.value for n in extract_numbers("a run of 0 250 units", hedges=False)] == [0, 250]


def test_a_diameter_written_with_the_letter_o_slash_is_a_figure() -> None:
    drawing = "Bore Ø12.5 H7 to depth 30. Hole position tolerance TP Ø0.20 to datum A. Checked by S. Østby."
    assert _flagged(drawing, "The bore is 12.5 mm across and its position tolerance is 0.20 mm.") == set()
    assert _flagged(drawing, "The position tolerance is 0.25 mm.") == {"0.25"}
    from raguard.normalize.text import fold_diameter_signs

    assert fold_diameter_signs("TP Ø0.20, Østby, ø6") == "TP ⌀0.20, Østby, ⌀6"


def test_a_value_given_the_other_way_is_named_in_the_suggestion() -> None:
    # "The documents give 22 %" would read as no difference: the suggestion says which way each goes
    doc = ["Line trial\n- Output +22 % on the old press\n- Scrap -8% on last quarter\n- Downtime 3.1 %"]
    [fall] = verify("How did the trial go?", doc, "The trial reduced output by 22% on the old press.").warnings
    assert fall.suggestion.endswith("The documents give 22 %, a rise; the answer says a fall.")
    [rise] = verify("How did the trial go?", doc, "Scrap rose 8% on last quarter.").warnings
    assert rise.nearest_value == "-8%" and rise.suggestion.endswith("a fall; the answer says a rise.")
    # a value with no other way in the documents keeps the plain nearest one
    [plain] = verify("How did the trial go?", doc, "Downtime was 4.1%.").warnings
    assert plain.suggestion.endswith("The documents give 3.1 %.")


def test_a_bound_after_a_denied_verb_reaches_past_its_object_to_for() -> None:
    # "do not leave the lamp on for more than 6 hours" bounds the hours the lamp is on: up to 6
    doc = ("Vessa grow lamp: do not leave the lamp switched on for more than 6 hours a day. "
           "Do not give the seedlings to children under 12.")
    assert _flagged(doc, "The Vessa lamp can be left switched on for up to 6 hours a day.") == set()
    assert _flagged(doc, "The Vessa lamp should be left switched on for at least 6 hours a day.") == {"6"}
    from raguard.normalize.polarity import denies_amount
    # "for" is what lets the bound reach past an object; another verb between breaks it
    for text, amount in [("do not leave the lamp switched on for more than 6 hours", True),
                         ("do not give the seedlings to children under 12", False),
                         ("those who are not pregnant may take more than 2 tablets", False),
                         ("don't have more than two coffees", True),
                         ("do not use it for more than 5 days without advice", False)]:
        cue_end = text.index("n't") + 3 if "n't" in text else text.index("not") + 3
        assert denies_amount(text, cue_end, len(text)) is amount, text


def test_a_code_whose_digits_are_written_apart_is_read_as_one_number() -> None:
    doc = "Your parcel is in locker bank C, door 14.\nLocker PIN   : 4 0 9 2 7 1\nCollect within 72 hours."
    assert _flagged(doc, "It's in locker bank C, door 14, and the PIN is 409271.") == set()
    assert _flagged(doc, "It's in locker bank C, door 14, and the PIN is 409217.") == {"409217"}
    # three digits apart, or digits of a longer run, are no code of their own
    from raguard.normalize.numbers import _spaced_digits

    assert list(_spaced_digits("scores 3 4 5")) == []
    assert list(_spaced_digits("1 2 3 4 5 6 7 8 9 1 2 3 4 5 6 7 8")) == []


def test_a_text_that_writes_a_decimal_comma_groups_thousands_with_a_dot() -> None:
    doc = "Frachtbrief 7731\nBruttogewicht kg / Gross weight kg  24.350     Umfang m3 / Volume m3  41,2"
    assert _flagged(doc, "The consignment weighs 24,350 kg gross, 41.2 cubic metres.") == set()
    # without a decimal comma anywhere, one group after a dot stays a decimal
    plain = "Consignment 7731\nGross weight kg  24.350     Volume m3  41"
    assert _flagged(plain, "The consignment weighs 24,350 kg gross.") == {"24,350"}


def test_a_bare_decimal_beside_a_percentage_is_one_too() -> None:
    # a text writes the sign once: the figures beside it are of its kind
    kiln = "Kiln log: batch 7 ash 4.2% / batch 8 ash 5.1% (the mill's limit is 6.0, so ash is fine)."
    assert verify("Ash?", [kiln], "Batch 8 had 5.1% ash against the mill's 6.0% limit.").action == "proceed"
    assert verify("Ash?", [kiln], "Batch 8 had 5.1% ash against the mill's 6.5% limit.").action == "review"
    # a bare decimal the text gives as a percentage elsewhere makes its line's decimals percentages
    lab = "Protein ..... 11.4 %\nNote from Ayo: protein 11.4 is below last season's 12.3, and 40 bags are left."
    assert verify("Protein?", [lab], "Protein is 11.4%, below last season's 12.3%.").action == "proceed"
    result = verify("Protein?", [lab], "Protein is 11.4%, and 40% of the bags are left.")
    assert [w.text for w in result.warnings if w.type == "unsupported_number"] == ["40%"]  # no decimal: a count


@pytest.mark.parametrize("text, read", [
    ("for the first eight weeks", [("first", 1.0, True), ("eight", 8.0, False)]),
    ("the second twenty-two riders", [("second", 2.0, True), ("twenty-two", 22.0, False)]),
    ("Last three and first four percent", [("three", 3.0, False), ("first", 1.0, True), ("four percent", 4.0, False)]),
])
def test_an_ordinal_before_a_count_is_read_as_two_numbers(text: str, read: list[tuple[str, float, bool]]) -> None:
    # "first eight" is no one number: it was dropped whole, so the count went unchecked
    assert [(m.text, m.value, m.ordinal) for m in extract_numbers(text)] == read


def test_a_count_after_an_ordinal_is_checked() -> None:
    doc = "New members of the Fernhill climbing wall pay nothing for the first eight weeks."
    changed = verify("What does Fernhill charge?", [doc], "New members pay nothing for the first twelve weeks.")
    assert changed.action == "review"
    assert [w.text for w in changed.warnings if w.type == "unsupported_number"] == ["twelve"]
    for faithful in ("New members pay nothing for the first eight weeks.", "New members pay nothing for the first 8 weeks."):
        assert verify("What does Fernhill charge?", [doc], faithful).action == "proceed", faithful


def test_a_range_of_labels_from_one_counts_the_first_so_many() -> None:
    # a plan writes "weeks 1-3" where the answer says "the first three weeks"
    from raguard.normalize.counts import labelled_ranges

    found = labelled_ranges("Quiet hours: days 1 to 4. Physio during weeks 1-3, then sessions one to two; a 1-0 win.")
    assert [(c.value, c.key) for c in found] == [(4, ("day",)), (3, ("week",)), (2, ("session",))]
    doc = "Return plan for R. Okafor: no ladder work during weeks 1-3, office duties only."
    assert verify("What is the plan?", [doc], "Okafor does no ladder work in the first three weeks.").action == "proceed"
    changed = verify("What is the plan?", [doc], "Okafor does no ladder work in the first four weeks.")
    assert [w.text for w in changed.warnings if w.type == "unsupported_number"] == ["four"]


# -- amounts glued to a currency's letters, counts out of a count -----------------------------------

@pytest.mark.parametrize(("doc", "faithful", "changed"), [
    ("Confirmed. Ksh4,750.00 paid to JOSEPH OTIENO on 9/3/26. New balance Ksh1,208.50.",
     "You paid Ksh 4,750 to Joseph Otieno.", "You paid Ksh 4,570 to Joseph Otieno."),
    ("Application fee: N3,500. Late registration attracts an extra N1,000.",
     "The application fee is ₦3,500.", "The application fee is ₦5,300."),
    ("Total due Rs.1,299.00 incl. GST", "The total due is 1,299 rupees.", "The total due is 1,929 rupees."),
])
def test_an_amount_glued_to_a_currencys_letters_supports_its_restatement(doc: str, faithful: str, changed: str) -> None:
    assert not verify("How much?", [doc], faithful).warnings
    assert verify("How much?", [doc], changed).action == "review"


def test_a_currencys_letters_before_a_value_another_document_gives_are_no_name() -> None:
    docs = ["RKQ41TX2 Confirmed. Ksh1,800.00 sent to JOSEPH OTIENO on 4/2/26. New M-PESA balance is Ksh2,240.00.",
            "[02/03/2026, 08:30] Joseph Otieno: Contributions for Feb: 9 of 10 members. Wanjiru has NOT paid, "
            "penalty of 150 applies."]
    answer = "Wanjiru hasn't paid for February, so a Ksh 150 penalty applies."
    assert not verify("Did everyone pay?", docs, answer).warnings
    assert [w.text for w in verify("Did everyone pay?", docs, answer.replace("150", "250")).warnings] == ["Ksh 250"]
    # (letters no document glues to an amount are a name's: still checked as one)
    assert verify("Did everyone pay?", docs, answer.replace("Ksh", "Kes")).action == "review"


@pytest.mark.parametrize("doc", ["Part no. A320 fits", "ref SFK72HQ1XZ logged", "gusts F6 at noon"])
def test_a_code_that_glues_letters_to_digits_gives_no_amount(doc: str) -> None:
    # (no thousands grouping and no cents: a code's digits, not an amount)
    assert not [n for n in loose_numbers(doc, extract_numbers(doc)) if n.text in ("320", "72", "6")]


def test_both_counts_of_a_count_out_of_a_count_are_read() -> None:
    doc = "build 4411 passed on arm64 in 5/5 runs; the flaky suite passed 7/9 retries"
    assert {n.text for n in loose_numbers(doc, extract_numbers(doc))} >= {"5", "7", "9"}
    assert _flagged(doc, "Build 4411 passed on arm64 in all 5 runs.") == set()
    assert _flagged(doc, "Build 4411 passed on arm64 in all 6 runs.") == {"6"}


def test_a_percentage_with_decimals_is_supported_by_the_same_bare_decimal() -> None:
    doc = ("From: Tane Hohepa\nSubject: Hop CoA\n\nCoA for the new Mosaic lot looks fine. Alpha 11.6 is a bit "
           "under last year's 12.4, so I'll bump the whirlpool addition from 9 to 10 kg.")
    assert _flagged(doc, "The Mosaic lot's alpha acids are 11.6%, below last year's 12.4%.") == set()
    assert _flagged(doc, "The Mosaic lot's alpha acids are 11.9%, below last year's 12.4%.") == {"11.9%"}
    # (exact only, and a whole number stays a count: "9%" is not the documents' "9 kg")
    assert _flagged(doc, "The Mosaic lot's alpha acids are 12%.") == {"12%"}
    assert _flagged(doc, "The whirlpool addition rises by 9%.") == {"9%"}


def test_a_value_whose_separators_a_tokenizer_set_apart_is_read_closed_up() -> None:
    doc = ("SALES NOTE - Fraserburgh - 4 Feb 2026\nGross : £ 8 , 412 . 60\nLess dues 1 . 5 % : £ 126 . 19\n"
           "NET : £ 8 , 286 . 41")
    read = {(n.text, n.value, n.unit) for n in loose_numbers(doc, extract_numbers(doc))}
    assert ("£ 8 , 412 . 60", 8412.6, "GBP") in read and ("1 . 5 %", 1.5, "%") in read
    assert _flagged(doc, "The catch grossed £8,412.60; after dues of 1.5% (£126.19) the net was £8,286.41.") == set()
    assert _flagged(doc, "The catch grossed £8,421.60 and the net was £8,286.41.") == {"£8,421.60"}
    # a stop between a year and a count is no decimal point (three digits after it)
    assert not [n for n in loose_numbers("landed in 2019 . 150 boxes", []) if n.value == 2019.15]


def test_a_dotted_thousands_group_with_three_decimals_is_read() -> None:
    # a weight in tonnes to the kilogram: "1.207,350 t" is 1207.35, as "1.207,35" is
    [n] = extract_numbers("Net weight: 1.207,350 t")
    assert (n.text, n.value) == ("1.207,350", 1207.35)
    doc = "Net weight: 1.207,350 t   Moisture: 0,8 %"
    assert _flagged(doc, "The net weight was 1,207.35 t.") == set()
    assert _flagged(doc, "The net weight was 1,207.53 t.") == {"1,207.53"}


def test_rupees_written_before_an_amount_are_its_currency() -> None:
    [n] = extract_numbers("Stall fee Rs. 2,400 per day")
    assert (n.text, n.value, n.unit) == ("Rs. 2,400", 2400.0, "INR")
    assert [n.unit for n in extract_numbers("Mrs 5 and errs 6")] == [None, None]
    doc = "Picker: A. Perera, 22 kg over the weekly norm. Over-norm rate Rs 40 per kg."
    # a rate per kilogram times the kilograms over: a computed value, not an invented one
    def high(answer: str) -> list[tuple[str, str]]:
        return [(w.type, w.text) for w in verify("What does she earn?", [doc], answer).warnings if w.severity == "high"]
    assert high("A. Perera was 22 kg over the norm, so she earns Rs 880 at Rs 40/kg.") == []
    assert high("A. Perera was 22 kg over the norm, so she earns Rs 980 at Rs 40/kg.") == [("unsupported_number", "Rs 980")]


def test_a_score_out_of_a_total_no_date_can_be_supports_both_values() -> None:
    doc = ("BREAD CLASS 4 - JUDGING CARD\nEntry 112 | Judge: Ines Marchetti\nCrust 14/20 | Crumb 26/30\n"
           "TOTAL 71/100\nSecond judge: Tomas Reyes - TOTAL 66/100")
    read = {n.text for n in loose_numbers(doc, extract_numbers(doc))}
    assert {"71", "66", "14", "26"} <= read and not {"100", "20", "30"} & read  # (the score, not its total)
    assert _flagged(doc, "Ines Marchetti gave the loaf 71 and Tomas Reyes gave it 66.") == set()
    assert _flagged(doc, "Ines Marchetti gave the loaf 73 and Tomas Reyes gave it 66.") == {"73"}
    # (a pair that may be a day and a month stays a date's, and a first value over the second no score)
    assert not [n for n in loose_numbers("due 9/12 and 3/4", []) if n.text in ("9", "12", "3", "4")]
    assert not [n for n in loose_numbers("rated 60/40 split", []) if n.text in ("60", "40")]


def test_a_decimal_point_a_tokenizer_set_apart_only_before_it_is_read_closed_up() -> None:
    doc = ("kestrel & vane fine wines - invoice 5521\nlot 12 hammer £ 180 .00\nbuyer 's premium 20 % £ 36 .00\n"
           "delivery £ 9 .50\ntotal due £ 225 .50")
    read = {(n.text, n.value) for n in loose_numbers(doc, extract_numbers(doc))}
    assert ("£ 225 .50", 225.5) in read and ("£ 9 .50", 9.5) in read
    assert _flagged(doc, "With the 20% premium (£36) and £9.50 delivery, you owe £225.50.") == set()
    assert _flagged(doc, "With the 20% premium (£36) and £9.50 delivery, you owe £252.50.") == {"£252.50"}


def test_a_value_glued_to_the_initial_of_the_answer_s_word_is_the_documents() -> None:
    doc = ("MARSHALS' LOG - Hillcrest Sprint, 12/07/2026\n14:02 car 21 off at T4, recovered\n"
           "14:20 oil on track L7, session red-flagged\n14:41 car 9 spun at T11, rejoined")
    answer = "Car 21 went off at turn 4, oil on lap 7 brought out the red flag, and car 9 spun at turn 11."
    assert _flagged(doc, answer) == set()
    assert _flagged(doc, answer.replace("turn 11", "turn 12")) == {"12"}
    # (the initial must be the word's: "bay 4" is no "T4"; nor is a word that names nothing: "and 4")
    assert _flagged(doc, answer.replace("turn 4", "bay 4")) == {"4"}
    assert _flagged(doc + "\nMLH1 (block A4) intact", "Car 21 went off at turn 3 and 4 cars spun.") == {"3", "4"}
