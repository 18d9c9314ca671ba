"""Names and dates in faithful long answers that restate the documents in other words: "&" for
"and", names NER reads apart side by side, a country before a noun for its demonym, a month and
its year given apart. Each faithful example has a changed twin that must still be caught.
"""

from __future__ import annotations

from raguard import verify
from raguard.models import MISATTRIBUTED_CLAIM, MISSING_ENTITY, UNSUPPORTED_DATE, UNSUPPORTED_QUOTE
from raguard.normalize.dates import DateValue, extract_dates, supported_apart
from raguard.normalize.entities import ampersand_variant
from raguard.normalize.text import phrase_tokens


def types(docs: list[str], answer: str) -> list[str]:
    return [w.type for w in verify("Summarize the document.", docs, answer).warnings]


# -- "&" and "and" ------------------------------------------------------------------------------

def test_ampersand_variant_swaps_the_two_spellings() -> None:
    assert phrase_tokens(ampersand_variant("Hale & Dorran Surveyors") or "") == ["hale", "and", "dorran", "surveyors"]
    assert ampersand_variant("Hale and Dorran Surveyors") == "Hale & Dorran Surveyors"
    assert ampersand_variant("Dorran Surveyors") is None
    assert ampersand_variant("Andover Mills") is None  # "and" only as a word


def test_a_name_with_ampersand_matches_the_name_with_and_both_ways() -> None:
    spelled = ["The Bureau of Ports and Harbour Safety fined the ferry operator last week."]
    symbol = ["The Bureau of Ports & Harbour Safety fined the ferry operator last week."]
    assert MISSING_ENTITY not in types(spelled, "The Bureau of Ports & Harbour Safety fined the ferry operator.")
    assert MISSING_ENTITY not in types(symbol, "The Bureau of Ports and Harbour Safety fined the ferry operator.")
    # another name is still another name
    assert MISSING_ENTITY in types(spelled, "The Bureau of Ports & River Safety fined the ferry operator.")


# -- names side by side -------------------------------------------------------------------------

def test_a_place_and_a_nationality_side_by_side_are_two_names() -> None:
    doc = ["Students in Madrid rallied on Sunday outside the Japanese embassy, carrying paper cranes."]
    assert MISSING_ENTITY not in types(doc, "Students rallied outside the Madrid Japanese embassy on Sunday.")
    # each of the two is still checked
    assert MISSING_ENTITY in types(doc, "Students rallied outside the Vienna Japanese embassy on Sunday.")
    assert MISSING_ENTITY in types(doc, "Students rallied outside the Madrid Egyptian embassy on Sunday.")


def test_two_peoples_names_side_by_side_are_not_split() -> None:
    doc = ["Greta Lindqvist chaired the meeting and Tomas Berg took the minutes."]
    assert MISSING_ENTITY in types(doc, "The meeting was chaired by Greta Berg.")


# -- a country before a noun --------------------------------------------------------------------

def test_a_country_before_a_noun_is_supported_by_its_demonym() -> None:
    doc = ["Several Norwegian charities sent blankets and stoves to the flooded valley in March."]
    assert MISSING_ENTITY not in types(doc, "Several Norway charities sent blankets and stoves to the flooded valley.")
    # another country is not
    assert MISSING_ENTITY in types(doc, "Several Sweden charities sent blankets and stoves to the flooded valley.")


def test_a_country_as_a_place_still_needs_the_place() -> None:
    # "Norwegian charities" says who they are, not where the valley is
    doc = ["Several Norwegian charities sent blankets and stoves to the flooded valley in March."]
    assert MISSING_ENTITY in types(doc, "Charities sent blankets and stoves to a flooded valley in Norway.")


# -- a month and its year given apart -----------------------------------------------------------

AUDIT = ["The audit of the harbour trust began on 12 May last year, after a tip from a clerk. "
         "By November 2021 the auditors had traced the missing funds to two shell firms."]


def test_a_month_and_its_year_given_apart_support_the_two_together() -> None:
    assert UNSUPPORTED_DATE not in types(AUDIT, "The audit began in May 2021 after a tip from a clerk.")
    assert UNSUPPORTED_DATE not in types(AUDIT, "The audit began on 12 May 2021 after a tip from a clerk.")


def test_a_changed_month_day_or_year_is_still_caught() -> None:
    assert UNSUPPORTED_DATE in types(AUDIT, "The audit began in May 2020 after a tip from a clerk.")
    assert UNSUPPORTED_DATE in types(AUDIT, "The audit began in June 2021 after a tip from a clerk.")
    assert UNSUPPORTED_DATE in types(AUDIT, "The audit began on 14 May 2021 after a tip from a clerk.")


def test_a_month_the_document_dates_with_another_year_is_not_reassigned() -> None:
    text = "The audit began on 12 May 2020. By November 2021 it was over. In a later May, staff left."
    dates = extract_dates(text)
    assert supported_apart(dates, DateValue(year=2021, month=5)) is None
    yearless = extract_dates("It began on 12 May. It ended in 2021.")
    assert supported_apart(yearless, DateValue(year=2021, month=5)) is not None
    assert supported_apart(yearless, DateValue(year=2021, month=5, weekday=2)) is None


def test_a_day_and_month_in_one_document_and_the_year_in_another_support_the_two_together() -> None:
    docs = ["LOG - Harrow Reef nursery - 02 Aug 2026\nFrame F-2 | 44 alive | ready",
            "[00:02:10] Ines: F-2 goes out on the 21st of August, weather allowing."]
    assert UNSUPPORTED_DATE not in types(docs, "Frame F-2 goes out on 21 August 2026, weather allowing.")
    assert UNSUPPORTED_DATE in types(docs, "Frame F-2 goes out on 21 August 2025, weather allowing.")
    assert UNSUPPORTED_DATE in types(docs, "Frame F-2 goes out on 22 August 2026, weather allowing.")
    # a day and month another document dates with another year is not given that one
    other = [docs[0], docs[1], "Invoice: F-1 went out on 21 August 2025."]
    assert UNSUPPORTED_DATE in types(other, "Frame F-2 goes out on 21 August 2026, weather allowing.")


def test_a_weekday_before_a_day_and_month_stated_apart_is_supported() -> None:
    wire = ["OSLO , March 4 - Norvik Shipping said on Tuesday it would sell two of its ferries ."]
    assert UNSUPPORTED_DATE not in types(wire, "On Tuesday, March 4, Norvik Shipping said it would sell two ferries.")
    # another weekday, another day, or a year the document never gives: still unsupported
    assert UNSUPPORTED_DATE in types(wire, "On Wednesday, March 4, Norvik Shipping said it would sell two ferries.")
    assert UNSUPPORTED_DATE in types(wire, "On Tuesday, March 5, Norvik Shipping said it would sell two ferries.")
    assert UNSUPPORTED_DATE in types(wire, "On Tuesday, March 4, 2025, Norvik Shipping said it would sell two ferries.")


def test_a_weekday_apart_does_not_override_a_dated_day() -> None:
    # the document dates March 4 with a year (2026: a Wednesday), so its weekday is known
    dated = extract_dates("Norvik spoke on 4 March 2026. On Tuesday it hired staff; on 4 March it sold ferries.")
    assert supported_apart(dated, DateValue(month=3, day=4, weekday=1)) is None
    yearless = extract_dates("Norvik spoke on 4 March. On Tuesday it hired staff.")
    assert supported_apart(yearless, DateValue(month=3, day=4, weekday=1)) is not None
    assert supported_apart(yearless, DateValue(month=3, weekday=1)) is None  # no day: nothing to pin


def test_values_behind_html_character_references_are_read() -> None:
    page = ["<ul><li>Tue&ndash;Sun: 10:00&ndash;17:30</li></ul><p>Adults &pound;14 &amp; under-16s free."
            " Closed until 31&nbsp;March 2026.</p>"]
    faithful = ("The gallery opens Tuesday to Sunday from 10 a.m. to 5:30 p.m. Tickets for adults cost £14."
                " It is closed until March 31, 2026.")
    assert types(page, faithful) == []
    assert UNSUPPORTED_DATE in types(page, "It is open on Mondays from 10 a.m. to 5:30 p.m.")
    assert UNSUPPORTED_DATE in types(page, "It is closed until March 30, 2026.")
    assert "unsupported_number" in types(page, "Adult tickets cost £16.")
    # the evidence points into the document as written
    result = verify("When is it open?", page, "Adult tickets cost £14.")
    (claim,) = [c for c in result.claims if c.kind == "number"]
    assert claim.evidence is not None and page[0][claim.evidence.start:claim.evidence.end] == "&pound;14"



# -- contractions in quotations -----------------------------------------------------------------

def test_contractions_fold_to_one_spelling() -> None:
    from raguard.normalize.contractions import uncontracted_words

    def fold(text: str) -> list[str]:
        return uncontracted_words(phrase_tokens(text))

    assert fold("we weren't told") == fold("we were not told") == ["we", "were", "not", "told"]
    assert fold("They can't") == fold("they cannot") == fold("they can not")
    assert fold("it isn't over") == fold("it's not over") == fold("it is not over")
    assert fold("Let's wait") == fold("let us wait")
    assert fold("shops won't open") == ["shops", "will", "not", "open"]
    # a possessive is not an auxiliary, "us" is short only after "let"
    assert fold("the harbour's lights") == ["the", "harbour", "s", "lights"]
    assert fold("they told us twice") == ["they", "told", "us", "twice"]


PIER = ['The harbour master said: "We didn\'t expect the tide to reach the old pier, and we\'re '
        'not going to leave the boats there." Repairs cannot start before spring, he added.']


def test_a_quotation_restated_with_or_without_contractions_is_the_quotation() -> None:
    for answer in ['The harbour master said they "did not expect the tide to reach the old pier".',
                   'He said "we are not going to leave the boats there."',
                   'He said that "repairs can\'t start before spring."']:
        assert UNSUPPORTED_QUOTE not in types(PIER, answer), answer


def test_a_quotation_with_its_negation_dropped_or_added_is_still_caught() -> None:
    for answer in ['The harbour master said they "did expect the tide to reach the old pier".',
                   'He said "we are going to leave the boats there."',
                   'He said that "repairs can start before spring."',
                   'He said "we weren\'t going to leave the boats there."']:
        assert UNSUPPORTED_QUOTE in types(PIER, answer), answer


GROUP_CHAT = ["Wen: im not convinced, the vet said its nothing serious\nJonah: dont worry, they wont charge us twice"]


def test_a_quotation_of_a_chat_that_drops_its_apostrophes_is_the_quotation() -> None:
    for answer in ['Wen wrote "I\'m not convinced, the vet said it\'s nothing serious".',
                   'Jonah replied "don\'t worry, they won\'t charge us twice".']:
        assert UNSUPPORTED_QUOTE not in types(GROUP_CHAT, answer), answer
    for answer in ['Jonah replied "do worry, they will charge us twice".',
                   'Wen wrote "the vet said it\'s something serious".']:
        assert UNSUPPORTED_QUOTE in types(GROUP_CHAT, answer), answer
    from raguard.normalize.contractions import uncontracted_words

    # a word that an apostrophe-less contraction would spell is kept ("were", "well", "shell")
    assert uncontracted_words(["we", "were", "well", "shell"]) == ["we", "were", "well", "shell"]


# -- a place the document puts in a country -----------------------------------------------------

PUPILS = ["Dozens of pupils were treated in hospital in Chile's southern city of Osorno last month. "
          "Since then, hundreds of pupils in Osorno, mostly boys, have complained of headaches after "
          "lunch. Officials in Peru said they were watching closely."]


def test_a_claim_about_a_city_restated_of_its_country_is_not_misattributed() -> None:
    answer = "Hundreds of pupils in Chile have complained of headaches after lunch."
    assert MISATTRIBUTED_CLAIM not in types(PUPILS, answer)
    # a country the document does not put the city in is still someone else
    answer = "Hundreds of pupils in Peru have complained of headaches after lunch."
    assert MISATTRIBUTED_CLAIM in types(PUPILS, answer)


def test_placed_in_reads_the_usual_ways_of_putting_a_place_in_a_country() -> None:
    from raguard.checkers.attributions import _placed_in

    text = ("Cases rose in Chile's southern city of Osorno. Temuco, Chile reported two. "
            "Arica is a port in northern Chile. Pupils in Lima were tested.")
    assert _placed_in(text, "Osorno", "Chile") and _placed_in(text, "Temuco", "Chile")
    assert _placed_in(text, "Arica", "Chile")
    assert not _placed_in(text, "Lima", "Chile") and not _placed_in(text, "Osorno", "Peru")
    assert not _placed_in(text, "Osorno", "Temuco")  # only a country holds places here


def test_a_percentage_that_is_the_change_between_two_stated_values_is_derived() -> None:
    from raguard import verify

    doc = "Sales at Morrow Bikes rose from 40,000 units in 2022 to 52,000 units in 2023."
    answer = "Morrow Bikes' sales grew from 40,000 to 52,000 units between 2022 and 2023, a rise of 30%."
    result = verify("How did sales change?", [doc], answer)
    assert result.action == "proceed", result.warnings
    [claim] = [c for c in result.claims if c.kind == "number" and c.text == "30%"]
    assert claim.supported and claim.source == "derived" and claim.evidence is None
    # another percentage is no change between them, and a hedge allows a twentieth, not more
    assert verify("", [doc], answer.replace("30%", "35%")).action == "review"
    assert verify("", [doc], answer.replace("a rise of 30%", "a rise of about 31%")).action == "proceed"
    assert verify("", [doc], answer.replace("a rise of 30%", "a rise of about 40%")).action == "review"
    # with one value in the sentence there is nothing to derive it from
    assert verify("", [doc], "Morrow Bikes' sales reached 52,000 units in 2023, a rise of 30%.").action == "review"


def test_a_percentage_that_is_the_share_of_two_stated_values_is_derived() -> None:
    from raguard import verify

    doc = "Inspectors found that 14 of the 22 depots had not completed fire-safety training."
    assert verify("", [doc], "Inspectors found 14 of the 22 depots, or 64%, had not completed the training.").action == "proceed"
    assert verify("", [doc], "Inspectors found 14 of the 22 depots, or 70%, had not completed the training.").action == "review"
    # years are no amounts: "between 2020 and 2021" derives no percentage
    assert verify("", ["Depots were inspected in 2020 and 2021."],
                  "Depots were inspected between 2020 and 2021, 0.05% apart.").action == "review"


def test_a_percentage_restates_a_share_the_document_writes_as_a_ratio() -> None:
    from raguard import verify
    from raguard.normalize.numbers import ratio_shares

    assert [(n.text, n.value) for n in ratio_shares("one in five, 3 out of 10, 2 in 2020, one in a hundred")] == [
        ("one in five", 20.0), ("3 out of 10", 30.0), ("one in a hundred", 1.0)]
    doc = "One in five tenants said their rent had risen, up from one in eight last year, a poll by Civica found."
    answer = "A Civica poll found that 20% of tenants said their rent had risen, compared with 12.5% last year."
    assert verify("", [doc], answer).action == "proceed"
    flagged = verify("", [doc], answer.replace("20%", "25%"))
    assert [w.text for w in flagged.warnings if w.type == "unsupported_number"] == ["25%"]


def test_a_year_read_in_pairs_of_number_words_is_the_year() -> None:
    from raguard.normalize.numbers import parse_spelled

    assert parse_spelled("nineteen ninety") == (1990.0, False)
    assert parse_spelled("twenty twenty") == (2020.0, False)
    assert parse_spelled("nineteen eighty-four") == (1984.0, False)
    # tens then units, and hundreds, add as before
    assert parse_spelled("twenty one") == (21.0, False)
    assert parse_spelled("ninety nine") == (99.0, False)
    assert parse_spelled("three hundred and forty") == (340.0, False)


def test_an_amount_that_adds_up_two_the_answer_gives_is_derived() -> None:
    doc = "Day tickets: adults €34, children (6-15) €19. Family parking at the upper station costs €8 a day."
    answer = "A day ticket costs €34 for an adult and €19 for a child, so €53 for one of each."
    result = verify("How much for me and my son?", [doc], answer)
    assert result.action == "proceed", result.warnings
    [claim] = [c for c in result.claims if c.kind == "number" and c.text == "€53"]
    assert claim.supported and claim.source == "derived"
    # a difference, from the sentence before too
    assert verify("", [doc], "Adults pay €34 and children €19. A child's ticket is €15 cheaper.").action == "proceed"
    # a total that does not add up, and a changed part, are both still caught
    assert [w.text for w in verify("", [doc], answer.replace("€53", "€58")).warnings] == ["€58"]
    assert "€21" in [w.text for w in verify("", [doc], answer.replace("€19", "€21")).warnings]
    # another unit adds nothing up ("8 a day" is no euro amount of the sentence)
    assert verify("", [doc], "Parking costs €8 a day for 34 or 19 cars, so €53 in all.").action == "review"


def test_both_counts_two_of_a_price_each() -> None:
    doc = "Kiln hire: the small kiln is £40 per firing; glaze tests are free this month."
    answer = "You can book both firings in the small kiln at £40 each, £80 in all."
    assert verify("What will my firings cost?", [doc], answer).action == "proceed"
    assert [w.text for w in verify("", [doc], answer.replace("£80", "£90")).warnings] == ["£90"]


def test_an_amount_that_totals_an_itemized_run_before_it_is_derived() -> None:
    # a bill the answer itemizes, some lines computed by it: the total adds up the whole run
    doc = ("Auction 51 results: lot 12 hammer £500. Buyer's premium 20% of the hammer price, plus VAT at 20% "
           "on the premium. Postage £9.50 per invoice.")
    answer = ("Your hammer price is £500. The premium at 20% is £100.00. VAT on the premium is £20.00. "
              "Postage is £9.50. That comes to £629.50 in total.")
    assert [w.text for w in verify("What do I owe?", [doc], answer).warnings if w.severity == "high"] == []
    # a total the run does not add up to is still flagged, and so is one not named a total
    def high(text: str) -> list[str]:
        return [w.text for w in verify("What do I owe?", [doc], text).warnings if w.severity == "high"]
    assert high(answer.replace("£629.50", "£639.50")) == ["£639.50"]
    assert high(answer.replace("That comes to £629.50 in total.", "The deposit is £629.50.")) == ["£629.50"]


def test_an_amount_split_into_two_bare_parts_of_its_own_sentence_is_derived() -> None:
    doc = "Rest log: 3h10m riding before stopping; the stop was taken in two parts, 20 and 25 minutes."
    answer = "You rode 3 hours 10 minutes before stopping, and took the 45 minutes as 20 then 25."
    assert verify("How were my stops?", [doc], answer).action == "proceed"
    # parts that do not add up to it leave it unsupported
    assert [w.text for w in verify("", [doc], answer.replace("as 20 then 25", "as 15 then 25")).warnings
            if w.severity == "high"] == ["45", "15"]

def test_shares_and_times_of_day_are_not_added_up() -> None:
    # in a list of shares or of departures two differ by another by chance
    doc = "Grades: coursework 20%, midterm 25%, final exam 55%. Buses leave at 07:45, 10:30 and 13:00."
    assert verify("", [doc], "Coursework is 20% and the midterm 25%; late work loses 5% a day.").action == "review"
    assert verify("", [doc], "Buses leave at 07:45 and 13:00, and the last one at 05:15.").action == "review"


def test_a_date_in_a_column_or_file_name_joined_by_underscores_is_read() -> None:
    doc = "region | q3_2026_units | q3_2025_units\nnorth | 410 | 388\nsource: export_2026-10-02.csv"
    answer = "The north region sold 410 units in Q3 2026 against 388 in Q3 2025 (export of 2 October 2026)."
    assert types([doc], answer) == []
    assert types([doc], answer.replace("Q3 2025", "Q2 2025")) == [UNSUPPORTED_DATE]


def test_a_month_and_day_before_a_time_of_day_is_a_date() -> None:
    from raguard.normalize.dates import extract_dates

    assert [(d.text, d.value.month, d.value.day) for d in extract_dates("Resolved — Mar 4, 09:15 UTC")] == [("Mar 4", 3, 4)]
    assert extract_dates("sold on May 5, 12 units a day") == []  # a count after it is no time
    doc = ["Service status\nResolved — Mar 4, 09:15 UTC\nAll delayed transfers were delivered."]
    assert types(doc, "On 4 March all delayed transfers were delivered by 09:15 UTC.") == []
    assert types(doc, "On 5 March all delayed transfers were delivered by 09:15 UTC.") == [UNSUPPORTED_DATE]


def test_a_chats_day_and_month_slashed_without_a_year_is_a_date() -> None:
    from raguard.normalize.dates import day_months

    assert [(d.value.month, d.value.day) for d in day_months("paid on 28/10, refund by 03/11")] == [(10, 28), (11, 3)]
    # without a day over 12 either reading may be meant; without a placing word it is no date
    assert sorted((d.value.month, d.value.day) for d in day_months("due by 04/06")) == [(4, 6), (6, 4)]
    assert day_months("scored 3/4 of the points") == []
    doc = ["[Agent] I can see a charge of €41.20 on 28/10. If it is still there on 03/11, reply here."]
    answer = "The agent found a €41.20 charge dated 28 October and asked the customer to reply if it is still there on 3 November."
    assert types(doc, answer) == []
    assert types(doc, answer.replace("3 November", "4 November")) == [UNSUPPORTED_DATE]
    # an answer's "on 3/4 of" is no date
    assert UNSUPPORTED_DATE not in types(["Two thirds of the plots were sold."], "Work started on 3/4 of the plots.")


def test_a_denial_in_one_coordinate_part_is_not_judged_by_a_sentence_of_the_other() -> None:
    doc = ["Running time about 95 minutes. Contains strobe lighting and loud music. Not suitable for toddlers."]
    answer = "The show contains strobe lighting and loud music and is not suitable for small children."
    assert types(doc, answer) == []
    # a denial no document makes is still the answer's own, flagged against the other part's sentence
    assert "contradicted_claim" in types(doc, "The show contains strobe lighting and loud music and has no interval.")


def test_yesterday_in_an_article_is_the_day_before_its_dateline() -> None:
    doc = ["THE FENLAND GAZETTE · Published 14 March 2026, 07:30\nThe Ouse footbridge will reopen on Friday "
           "3 April, the county council said yesterday. Work costs £1.1 million."]
    answer = "The county council said on 13 March 2026 that the Ouse footbridge will reopen on Friday 3 April."
    assert types(doc, answer) == []
    # not the day before the story's own date, and not another day
    assert types(doc, answer.replace("13 March 2026", "2 April 2026")) == [UNSUPPORTED_DATE]
    assert types(doc, answer.replace("13 March 2026", "12 March 2026")) == [UNSUPPORTED_DATE]


def test_an_amount_that_is_a_stated_one_times_a_count_is_derived() -> None:
    doc = ("The Ferncliff bursary pays £2,750 per term for up to four terms of the diploma, in one payment at the "
           "start of each term.")
    answer = "The bursary is worth £2,750 a term for up to four terms, so up to £11,000 altogether."
    result = verify("How much is the bursary?", [doc], answer)
    assert result.action == "proceed", result.warnings
    [claim] = [c for c in result.claims if c.kind == "number" and c.text == "£11,000"]
    assert claim.supported and claim.source == "derived"
    # a product that is wrong, and one from a count the answer does not give, are caught
    assert [w.text for w in verify("", [doc], answer.replace("£11,000", "£12,000")).warnings] == ["£12,000"]
    assert "£8,250" in [w.text for w in verify("", [doc], "It pays £2,750 a term, £8,250 in all.").warnings]


def test_an_amount_adding_a_part_whose_unit_is_left_to_its_neighbour_is_derived() -> None:
    doc = "Flatbread: prep 20 min, rest 40 min, bake 12 min."
    answer = "Allow about an hour and 12 minutes: 60 minutes of prep and resting and 12 of baking."
    assert verify("", [doc], "The dough needs 20 minutes of prep and 40 of resting, so 60 minutes before baking."
                  ).action == "proceed"
    # the bare part must stand in the total's own sentence, and the sum must hold
    assert verify("", [doc], "The dough needs 20 minutes of prep and 40 of resting, so 65 minutes before baking."
                  ).action == "review"
    assert verify("", [doc], answer).action == "review"  # (no 60 in the document: the part is flagged)
