"""Names and dates in faithful long answers that restate the documents in other words: "&" for
"and", names NER reads apart side by side, a country before a noun for its demonym, a month and
its year given apart. Each faithful example has a changed twin that must still be caught.
"""

from __future__ import annotations

from raguard import verify
from raguard.models import MISSING_ENTITY, UNSUPPORTED_DATE
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
