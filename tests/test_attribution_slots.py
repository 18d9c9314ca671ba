"""A name is misattributed only when the document's sentence names another doer where the answer's
name stands: a table's header row, a form's field of another deed, a place, a beneficiary or a
numbered part named after a preposition, the writer's "we", a weekday, a spelt-out acronym name
no one else."""

from __future__ import annotations

from raguard import verify
from raguard.models import MISATTRIBUTED_CLAIM


def misattributed(query: str, docs: list[str], answer: str) -> list[str]:
    return [w.text for w in verify(query, docs, answer).warnings if w.type == MISATTRIBUTED_CLAIM]


def test_a_tables_header_row_names_no_one() -> None:
    docs = ["QUAYSIDE SAILING SCHOOL - Boat Guide\n\n"
            "Boat | Berth | Crew limit | Helm rule | Spinnaker | Remarks\n"
            "Gullwing Dart | Berth 4 | 3 | - | YES | fast in light wind\n"
            "Sea Sprite | Berth 9 | 2 | - | NO | stable\n"]
    answer = "You can helm the Gullwing Dart boat under the helm rule and fly its spinnaker."
    assert misattributed("Which boat can I helm?", docs, answer) == []


def test_the_writers_we_may_be_the_answers_name() -> None:
    docs = ["From: Harbourside Estates\nDear Ms Hale,\n\n"
            "On behalf of Mr Dunmore we have arranged a roof inspection for Monday 3 March and "
            "Gavin will mend the gutter on Friday 7 March.\n\nKind regards,\nNina Ash\nHarbourside Estates"]
    answer = "Harbourside Estates has arranged a roof inspection for Monday 3 March."
    assert misattributed("When is the roof inspection?", docs, answer) == []


def test_a_weekday_with_a_possessive_is_a_date() -> None:
    docs = ["From: Aoife Brannigan\nTo: Accounts\n\nHi Ruairi,\n"
            "For Thursday's batch please settle every invoice in the 61-90 column except Dromore.\n"
            "Thanks, Aoife"]
    answer = "For Thursday's batch, Aoife wants every invoice in the 61-90 column settled except Dromore."
    assert misattributed("What should I pay?", docs, answer) == []


def test_a_name_after_a_preposition_is_not_the_doer() -> None:
    docs = ["From: D. Oyelowo-Marsh\nTo: Field team\n\n"
            "Team, following assessment of Calloway's revised survey, two sites need digging.\nThanks, Dana"]
    answer = "Per Dana's assessment of the revised survey, two sites need digging."
    assert misattributed("Which sites need digging?", docs, answer) == []


def test_a_numbered_part_and_a_spelt_out_acronym_name_no_one() -> None:
    docs = ["LAB REPORT\nRemarks:\n"
            "2. Ratio C2H2/C2H4 = 1.4 with high C2H2 ; indicative of High Energy Arcing (HEA) , "
            "IEC 60599 Table 1 / Duval Triangle 1 zone HEA.\n",
            "The report was issued by Marlowe Oil Analytics on 3 March."]
    answer = "Marlowe Oil Analytics reads the ratio as high energy arcing under IEC 60599."
    assert misattributed("What does the lab say?", docs, answer) == []


def test_a_field_of_another_deed_names_no_doer() -> None:
    docs = ["From: Member Services <refunds@velocita-air.com>\nTo: Tomasz Adler\n"
            "Subject: Refund 88213\n\nDear Mr Adler,\nYour refund request was accepted on 2 May.\nVelocita Air"]
    answer = "Velocita Air accepted Tomasz Adler's refund."
    assert misattributed("Was the refund accepted?", docs, answer) == []


def test_another_doer_is_still_caught() -> None:
    # after "by" the name is the doer
    docs = ["Minutes\nPresent: Lindgren (chair), Okonjo, Farrant.\n"
            "Item 3: Motion by Okonjo, seconded by Farrant, to adopt the revised parking policy. Carried."]
    assert misattributed("Who moved it?", docs, "Lindgren moved the motion to adopt the revised parking policy.") \
        == ["Lindgren"]
    # after the preposition the answer's name stands after too, the name stands in its place
    docs = ["In 2024, a four-week shutdown at Corvale's Tianjin plant delayed our shipments.",
            "Our suppliers are Brennan Metals and Corvale."]
    answer = "In 2024, a four-week shutdown at Brennan's Tianjin plant delayed shipments."
    assert misattributed("Why were shipments late?", docs, answer) == ["Brennan's"]


def test_a_forms_deed_label_names_who_did_it() -> None:
    docs = ["SEAHOLLOW MITTS\nDesign: Petra Vance · Tech editing: Orla Quist · © Vance Yarns 2025\n"
            "Cast on 40 stitches."]
    assert misattributed("Who made the pattern?", docs, "(Pattern by Petra Vance, tech-edited by Orla Quist.)") == []
    assert misattributed("Who made the pattern?", docs,
                         "(Pattern by Orla Quist, tech-edited by Petra Vance.)") == ["Orla Quist"]


def test_a_label_whose_deed_word_qualifies_a_noun_names_no_doer() -> None:
    # "Grinding grade: G2" names a grade, as the answer's "grinding grade G2" does
    docs = ["KILN REPORT K-0915\nBody: stoneware, cone 10\nGlaze fit: F3   Grinding grade: G2\nCrazing: none"]
    answer = "The stoneware piece (glaze fit F3, grinding grade G2) shows no crazing."
    assert misattributed("What does the kiln report say?", docs, answer) == []


def test_a_name_a_dash_follows_at_a_messages_start_is_whom_it_is_to() -> None:
    docs = ["From: Tessa Marlow\nTo: Imran Shah\n\n> Imran - Coldbrook sent the renewal offer: $12k per year, 2 yr term, 15 seats.\n"
            "Tessa"]
    answer = "Tessa Marlow reported that Coldbrook offered the renewal at $12k per year for a 2 yr term covering 15 seats."
    assert misattributed("What did Coldbrook offer?", docs, answer) == []
