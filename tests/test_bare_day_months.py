"""A day and month slashed without a year ("Scan 05/04:") in a document that writes its full
dates with slashes ("Admitted 03/04/2026") is a date: the document's layout says what its
slashed numbers are. Clinical notes, logs and tickets write dates so; a faithful "on 5 April"
was flagged.
"""

from __future__ import annotations

from raguard import verify
from raguard.models import UNSUPPORTED_DATE
from raguard.normalize.dates import day_months

NOTE = ["WARD 4 — Mr Idris Vance\nAdmitted: 03/04/2026   Discharged: 09/04/2026\nCT head 05/04: no bleed.\nBP 130/85."]


def flagged_dates(docs: list[str], answer: str) -> list[str]:
    return [w.text for w in verify("Summarise the stay.", docs, answer).warnings if w.type == UNSUPPORTED_DATE]


def test_a_bare_day_month_is_read_where_full_dates_are_slashed() -> None:
    readings = {(d.value.month, d.value.day) for d in day_months(NOTE[0])}
    assert (4, 5) in readings
    # not a reading pressure, a fraction or a count of weeks
    assert not any(d.text.startswith(("130", "30/85")) for d in day_months(NOTE[0]))
    assert day_months("Review in 2/52. Admitted 03/04/2026.") == []
    # and not where the document writes no full date so, unless a zero pads a part (below)
    assert day_months("CT head 5/4: no bleed.") == []


def test_a_restated_bare_date_is_supported_and_a_changed_one_is_not() -> None:
    assert flagged_dates(NOTE, "Mr Vance had a CT head scan on 5 April, which showed no bleed.") == []
    assert flagged_dates(NOTE, "Mr Vance had a CT head scan on 6 April, which showed no bleed.") == ["6 April"]


def test_two_day_months_joined_by_a_dash_are_a_span_of_dates() -> None:
    # a quote's "(12/15-12/31, 17 days)": a part past 12 says which number is the day
    quote = ["Flat 4B, Elm Court. Pro-rated rent (12/15-12/31, 17 days): 845.00\nJanuary rent: 1,550.00"]
    assert flagged_dates(quote, "The quote covers rent for 15 to 31 December, 845.00, and January's 1,550.00.") == []
    assert flagged_dates(quote, "The quote covers rent for 15 to 30 December, 845.00, and January's 1,550.00.") == [
        "30 December"]
    # four numbers of twelve or less may be anything ("1/2-3/4 cup")
    assert day_months("Add 1/2-3/4 cup of sugar.") == []


def test_a_day_month_padded_with_a_zero_is_a_date_anywhere() -> None:
    # a courier's text with no full date: "03/06" and "14/06" are written as dates are
    sms = ["Parcelo: your order KX-2231 left our hub 03/06. New delivery date 14/06, between 8am and 1pm."]
    readings = {(d.value.month, d.value.day) for d in day_months(sms[0])}
    assert readings == {(6, 14), (6, 3)}  # (14/06 writes the day first, so 03/06 is 3 June)
    assert flagged_dates(sms, "Your order left the hub and is now due on 14 June, between 8am and 1pm.") == []
    assert flagged_dates(sms, "Your order left the hub and is now due on 15 June, between 8am and 1pm.") == ["15 June"]
    # not a fraction, a score or a ratio written without a zero
    assert day_months("Mix 3/4 cup of oats. Marked 18/20. Open 24/7. Screen 16/9.") == []


def test_two_days_before_one_slashed_month_are_both_dates() -> None:
    sms = ["Brightwell Glazing: your new units are made. Fitting window 22-23/09, our fitter Dmitri will call ahead."]
    answer = "The windows are ready and will be fitted on 22–23 September; Dmitri will call ahead."
    assert flagged_dates(sms, answer) == []
    assert flagged_dates(sms, answer.replace("22–23 September", "24–25 September")) != []
    # a range whose month cannot be one is no date ("pages 10-12/30")
    assert day_months("Read pages 10-12/30 before class.") == []


def test_a_bare_day_month_is_read_beside_a_document_that_slashes_its_full_dates() -> None:
    letter = "WELCOME PACK - Unit 12, Fernside Court\nLease start: 09/01/2026\nRent: $1,640 a month"
    texts = "Mon 8/31 10:02 AM  Concierge - Bea: keys can be picked up 9/14 after noon, parking pass ready too"
    answer = "Your lease starts on 1 September 2026 and you can pick the keys up on 14 September after noon."
    assert flagged_dates([letter, texts], answer) == []
    assert flagged_dates([letter, texts], answer.replace("14 September", "15 September")) == ["15 September"]
    # on its own, the message's "9/14" may be anything (a score, a share)
    assert flagged_dates([texts], "You can pick the keys up on 14 September after noon.") == ["14 September"]


def test_a_day_and_month_dotted_without_a_year_beside_full_dotted_dates_is_a_date() -> None:
    from raguard.normalize.dates import dotted_day_months
    status = ("Auftrag 7731 - Status\nGedruckt: 14.09.2026\nNote (15.09.2026): one panel cracked; "
              "it is recut in the next batch, which starts 17.09. Weight 12.05 kg, price 10.05 EUR.")
    assert [(d.text, d.value.month, d.value.day) for d in dotted_day_months(status)] == [("17.09", 9, 17)]
    # with no full date written with dots, "17.09" may be a value (and "10.1.34" is a version)
    assert dotted_day_months("the batch starts 17.09") == []
    assert dotted_day_months("Tomcat 10.1.34; PostgreSQL 15.8 -> 15.11") == []
    # the dotted pair stays a value too
    versions = "Change approved 01.12.2026: PostgreSQL 15.8 -> 15.11 on db-01."
    assert [w.text for w in verify("What changes?", [versions], "PostgreSQL goes from 15.8 to 15.11.").warnings] == []
    answer = "The cracked panel is recut in the next batch, which starts on 17 September."
    assert [w.text for w in verify("When is it recut?", [status], answer).warnings if w.type == UNSUPPORTED_DATE] == []
    changed = answer.replace("17 September", "18 September")
    assert [w.text for w in verify("When is it recut?", [status], changed).warnings
            if w.type == UNSUPPORTED_DATE] == ["18 September"]
