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
    # and not where the document writes no full date so
    assert day_months("CT head 05/04: no bleed.") == []


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
