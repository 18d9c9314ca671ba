"""A document sentence states what the answer's clause says only through words that are not
just the clause's other names: a form's line that shares nothing with the clause but the name
of the place or company the clause also names ("Venue: Corrigan Arts Centre, Studio 4") states
no deed of anyone, so the clause's person is not said to be someone else.
"""

from __future__ import annotations

from raguard import verify
from raguard.models import MISATTRIBUTED_CLAIM

_LISTING = ("CRN-PHO-12  Film Photography for Beginners\n"
            "Venue: Corrigan Arts Centre, Darkroom West   Day: Saturdays 10:00-13:00\n"
            "Weeks: 6   Fee: £96\n"
            "Leader: Tomasz Wirth\n")


def _misattributed(docs: list[str], answer: str) -> list[str]:
    return [w.text for w in verify("Who runs the photography course?", docs, answer).warnings
            if w.type == MISATTRIBUTED_CLAIM]


def test_a_line_that_shares_only_another_name_of_the_clause_states_nothing() -> None:
    # "Venue: Corrigan Arts Centre, Studio 4": the venue, a field of the same listing, not a deed
    # of "Darkroom West" or anyone
    answer = "Tomasz Wirth leads it at Corrigan Arts Centre."
    assert _misattributed([_LISTING], answer) == []


def test_a_deed_said_of_someone_else_is_still_flagged() -> None:
    doc = _LISTING + "Notes: Gallery director Ilse Brandt founded Corrigan Arts Centre in 1998.\n"
    assert _misattributed([doc], "Tomasz Wirth founded Corrigan Arts Centre in 1998.") == ["Tomasz Wirth"]


def test_a_headings_title_capitals_name_no_one() -> None:
    # "Winter": the title of the heading "SEASONAL TREE CARE PLAN", not anyone who covers a plan
    doc = ("SEASONAL TREE CARE PLAN – Winter Crown Work, visits 1–4\n"
           "Client: Odile Marchand     Arborist: Kofi Mensah-Darko     Next visit: 12/01/2027\n"
           "1. Crown thinning – remove crossing branches, no more than 20% of the canopy.\n")
    answer = "Your tree care plan from arborist Kofi Mensah-Darko covers crown work on visits 1 to 4."
    assert [w.text for w in verify("What does my tree plan cover?", [doc], answer).warnings
            if w.type == MISATTRIBUTED_CLAIM] == []


def test_a_fields_first_word_the_answer_writes_in_lower_case_in_another_form_names_no_one() -> None:
    # "Description: Valve": the answer's "valves", a common noun, not someone else who was returned
    doc = ("RETURNS NOTE RN-5521    Raised: 02-Dec-2026\n"
           "Supplier: Hollins Fluid Controls Ltd (code HFC-07)\n"
           "Part No: 88-1204   Description: Valve, brass, 3/4 in   Qty returned: 12   Qty faulty: 7\n")
    answer = ("Seven of the 12 valves (part 88-1204) received from Hollins Fluid Controls were brass and "
              "were returned as faulty.")
    assert [w.text for w in verify("What came back faulty?", [doc], answer).warnings
            if w.type == MISATTRIBUTED_CLAIM] == []


# -- the roles checker: a workplace's or a role's "holder" that is no one --------------------------


def _flags(docs: list[str], answer: str) -> list[str]:
    return [w.text for w in verify("", docs, answer).warnings if w.type == MISATTRIBUTED_CLAIM]


def test_a_place_written_beside_a_workplace_is_one_address_not_someone_who_works_there() -> None:
    # "Corrigan Arts Centre, Darkroom West": the room of the venue, not a person of Corrigan Arts Centre
    assert _flags([_LISTING], "It is led by Tomasz Wirth at Corrigan Arts Centre.") == []


def test_a_workplace_a_bracket_gives_someone_else_is_still_misattributed() -> None:
    doc = "11:00  Kiln glazes - Ines Abara (Corrigan Arts) - Room 3\n14:00  Pinhole cameras - Tomasz Wirth - Room 1\n"
    assert _flags([doc], "At 14:00, Tomasz Wirth of Corrigan Arts talks about pinhole cameras.") == ["Tomasz Wirth"]


def test_a_roles_own_title_words_the_answer_writes_in_lower_case_are_no_holder() -> None:
    # "Regional Sales Manager" under her name: "Regional Sales" is the title, not another manager
    doc = ("The refund of £84.00 has been approved and will reach your card within 5 working days.\n"
           "Yours sincerely\n\nPetra Lindholm\nRegional Sales Manager\n")
    answer = "The refund of £84.00 was approved by regional sales manager Petra Lindholm."
    assert _flags([doc], answer) == []


def test_a_name_of_the_clause_written_in_full_is_that_name() -> None:
    # "Varda Tekstil San. ve Tic. A.Ş.": the clause's "Varda Tekstil" by its legal name, no one else
    doc = ("WAYBILL  No. VT-20931\n"
           "Consignor: Varda Tekstil San. ve Tic. A.Ş., Organize Sanayi Bölgesi, Bursa, Türkiye\n"
           "Consignee: Lindqvist Hemtextil AB, Borås, Sweden\n")
    answer = "The consignee is Lindqvist Hemtextil in Borås, and the consignor is Varda Tekstil of Bursa, Türkiye."
    assert _flags([doc], answer) == []


def test_names_joined_by_nothing_but_names_are_an_address_not_two_parties() -> None:
    # "Room 3 in Flat 7, Block D" and "Block D / Flat 7 / Room 3": one address, both ways round
    doc = ("MERROW COURT RESIDENCES - ROOM OFFER\n"
           "Allocation: Block D / Flat 7 / Room 3 - en-suite, catered\n"
           "Contract: 40 weeks from 20/09/2026\n")
    assert _flags([doc], "You have been offered Room 3 in Flat 7, Block D, on a 40-week contract.") == []
    swap = "Marta Quell interviewed Oskar Brandt for the warden post."
    assert _flags(["Oskar Brandt interviewed Marta Quell for the warden post."], swap) == ["Marta Quell"]


_MINUTES = ("{heading} – PLANNING COMMITTEE\n"
            "Minutes of the meeting, 4 June 2026\n\n"
            "Item 3: Motion by Pettifer, seconded by Amadi, to object to the housing application for the old "
            "dairy site. Carried 5-1.\n"
            "Item 4: A letter from Harlow Vale Parish Council on footpath repairs was noted.\n")


def test_a_name_the_documents_capitals_heading_holds_is_what_its_sentences_are_about() -> None:
    # the minutes of Harlow Vale's committee: Pettifer's motion is made inside it, not instead of it
    answer = "The Harlow Vale committee objected to the housing application for the old dairy site."
    assert _flags([_MINUTES.format(heading="HARLOW VALE PARISH COUNCIL")], answer) == []
    # another council's minutes: what its committee did is not Harlow Vale's
    assert _flags([_MINUTES.format(heading="OAKRIDGE PARISH COUNCIL")], answer) == ["Harlow Vale"]
