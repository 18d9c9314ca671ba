"""A list restricted to one of its items ("sells only pet insurance" against "sells pet, travel and
gadget insurance"): the negations checker's fifth reading. Examples written for the rule."""

from __future__ import annotations

import pytest

from raguard import verify
from raguard.models import CONTRADICTED_CLAIM

COVER = "Kestrel Cover sells pet, travel and gadget insurance to its members."
FERRY = "The Lowther ferry sails on Tuesdays and Saturdays from April to October."
PASS = "The Ardley day pass covers buses, trams and the metro. It costs 9 euros."
CALL = ("Agent: Good morning, this is Priya from Kestrel Cover. Am I speaking with Mr Dale?\n"
        "Client: Yes, speaking.\n"
        "Agent: We sell pet, travel and gadget insurance. Which one would you like to hear about?\n"
        "Client: Mostly the pet cover, for my two dogs.\n"
        "Agent: Great. Our most popular plan covers vet bills up to 4,000 pounds a year for families with several pets.\n"
        "Agent: And if you switch this month, we give you a free consultation to tailor the plan to your budget.\n"
        "Client: Please send me the details by email.\n")


def contradictions(doc: str, answer: str) -> list[str]:
    result = verify("What does it cover?", [doc], answer)
    return [w.suggestion or "" for w in result.warnings if w.type == CONTRADICTED_CLAIM]


@pytest.mark.parametrize(("doc", "answer", "other"), [
    (COVER, "Kestrel Cover sells only pet insurance to its members.", "travel"),
    (COVER, "Kestrel Cover sells pet insurance only.", "travel"),
    (FERRY, "The Lowther ferry sails only on Tuesdays from April to October.", "saturdays"),
    # the answer names two of three: the third is left out
    (PASS, "The Ardley day pass covers only buses and trams.", "metro"),
    # after a copula, "only" and a preposition restrict
    (PASS, "The Ardley day pass is only for buses.", "trams"),
    # a verb in the past after "only" with no date after it restricts
    ("Maren bought hay, oats and a saddle at the Lerwick sale.", "At the Lerwick sale Maren only bought hay.", "oats"),
    # a summary's sentence fusing two turns of a call: the list is in one it is not aligned to
    (CALL, "Priya from Kestrel Cover, which sells only pet insurance, offers a free consultation to tailor "
           "the plan to the client's budget.", "travel"),
])
def test_an_answer_restricting_to_one_what_the_document_lists_is_contradicted(doc: str, answer: str,
                                                                              other: str) -> None:
    [suggestion] = contradictions(doc, answer)
    assert f'lists "{other}" with it' in suggestion


@pytest.mark.parametrize(("doc", "answer"), [
    (COVER, "Kestrel Cover sells pet, travel and gadget insurance to its members."),
    # every item named, its clauses parted by commas
    (PASS, "The Ardley day pass covers only buses, trams and the metro."),
    (COVER, "Kestrel Cover sells not only pet insurance but travel and gadget insurance too."),
    # an adjective "only", an amount, a condition
    (PASS, "It is the only pass that covers buses, trams and the metro."),
    (PASS, "The Ardley day pass costs only 9 euros."),
    (FERRY, "The Lowther ferry sails only when the weather allows, on Tuesdays and Saturdays."),
    # "only" of degree after a copula: merely
    ("The panel's advice is conditional, and the evidence behind it is weak.", "The panel's advice is only conditional."),
    # the document restricts too
    ("The Ardley day pass covers only buses and trams.", "The Ardley day pass covers only buses."),
    # "only" of time: a verb in the past and a date after it say how lately
    ("ENTRY FORM - Maren Olsen\nEntry 4: Shetland pony (Tilly), 104cm, acquired Jun 2026 - Class: 2",
     "The Shetland pony (Entry 4) can't be shown: Maren only acquired it in June 2026."),
])
def test_a_restriction_the_document_allows_or_no_restriction_passes(doc: str, answer: str) -> None:
    assert contradictions(doc, answer) == []
