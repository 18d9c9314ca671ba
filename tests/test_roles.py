"""The roles checker: two names the documents give, in each other's place."""

from __future__ import annotations

import pytest

from raguard import Verifier, verify
from raguard.checkers import DEFAULT_CHECKERS
from raguard.models import MISATTRIBUTED_CLAIM

DOC = ("Dana Whitlock interviewed Marcus Ibe about the harbour project on Friday. "
       "Ibe said the work would take two years.")


def misattributed(answer: str, docs: list[str] = [DOC]):
    return [w for w in verify("Summarize the article.", docs, answer).warnings if w.type == MISATTRIBUTED_CLAIM]


@pytest.mark.parametrize(
    "answer",
    [
        "Marcus Ibe interviewed Dana Whitlock about the harbour project on Friday.",
        # a passive on one side turns the order round: this says Ibe interviewed Whitlock
        "Dana Whitlock was interviewed by Marcus Ibe about the harbour project.",
    ],
)
def test_two_names_in_each_others_place_are_flagged(answer: str) -> None:
    [warning] = misattributed(answer)
    assert warning.severity == "high" and answer.startswith(warning.text)
    assert "Document 0 says it the other way round" in warning.suggestion
    assert "Dana Whitlock interviewed Marcus Ibe" in warning.suggestion


@pytest.mark.parametrize(
    "answer",
    [
        "Dana Whitlock interviewed Marcus Ibe about the harbour project on Friday.",
        "Marcus Ibe was interviewed by Dana Whitlock on Friday.",
        # no relation between the names, or one that holds both ways
        "Marcus Ibe and Dana Whitlock discussed the harbour project.",
        "Marcus Ibe met Dana Whitlock on Friday.",
    ],
)
def test_names_in_their_own_place_pass(answer: str) -> None:
    assert misattributed(answer) == []


def test_a_document_saying_it_in_the_answers_order_too_is_enough() -> None:
    docs = [DOC, "A week later, Marcus Ibe interviewed Dana Whitlock for the port's newsletter."]
    assert misattributed("Marcus Ibe interviewed Dana Whitlock for the newsletter.", docs) == []


def test_a_quoted_title_between_two_names_is_no_relation() -> None:
    docs = ["The Harlan museum lent Ada Voss's “Harbour at Dusk” to the Kellner gallery in May."]
    answer = "The Kellner gallery shows Ada Voss's “Harbour at Dusk” from the Harlan museum."
    assert misattributed(answer, docs) == []


def test_a_bracketed_aside_between_two_names_is_no_part_of_the_relation() -> None:
    doc = ("The 142 km stage went to Belgian rider Joris Maes (Team Kestrel), who outsprinted "
           "Portuguese Rui Tavares (Ondaverde) on the final straight.")
    assert misattributed("Rui Tavares outsprinted Joris Maes on the final straight.", [doc])
    assert misattributed("Joris Maes outsprinted Rui Tavares on the final straight.", [doc]) == []


def test_the_checker_is_a_default_and_can_be_left_out() -> None:
    assert "roles" in DEFAULT_CHECKERS
    guard = Verifier(checkers=[c for c in DEFAULT_CHECKERS if c != "roles"])
    answer = "Marcus Ibe interviewed Dana Whitlock about the harbour project on Friday."
    assert guard.verify("Summarize the article.", [DOC], answer).action == "proceed"


CALL = ("Operator: Our next question comes from Mira Solano with Fenwick Capital. Please go ahead.\n"
        "Mira Solano: Can you update us on the buyback?\n"
        "Teodor Vance, CFO: We bought back $ 40 million of stock in the quarter.\n"
        "Operator: Our next question comes from Luis Ebner with Harrow Bank.\n")


def _role_flags(answer: str, docs: list[str]) -> list[str]:
    return [w.text for w in verify("", docs, answer).warnings if w.type == MISATTRIBUTED_CLAIM]


@pytest.mark.parametrize("answer", [
    "CFO Teodor Vance said the company bought back $40 million of stock.",
    "Mira Solano of Fenwick Capital asked about the buyback.",
    "Grenhall CEO Ada Quist said no new debt was needed.",
])
def test_a_role_or_workplace_the_documents_give_that_person_passes(answer: str) -> None:
    docs = [CALL, "OSLO , May 4 -- Grenhall ASA said it will buy Vestby AS . Grenhall chief executive Ada Quist "
                  "said no new debt was needed ."]
    result = verify("", docs, answer)
    assert result.action == "proceed", result.warnings


@pytest.mark.parametrize("answer, name", [
    ("CFO Mira Solano said the company bought back $40 million of stock.", "CFO Mira Solano"),
    ("Luis Ebner of Fenwick Capital asked about the buyback.", "Luis Ebner"),
])
def test_a_role_or_workplace_the_documents_give_someone_else_is_misattributed(answer: str, name: str) -> None:
    assert _role_flags(answer, [CALL]) == [name]


def test_a_role_the_documents_give_no_one_is_left_alone() -> None:
    doc = "Priya Raman said the plant would reopen in May."
    assert _role_flags("Plant manager Priya Raman said it would reopen in May.", [doc]) == []


def test_a_role_acronym_for_a_person_the_documents_give_another_role_is_misattributed() -> None:
    doc = "“We had our best quarter,” said Ilse Marr, Chief Executive Officer."
    assert verify("", [doc], "CEO Ilse Marr said it was the best quarter.").action == "proceed"
    assert _role_flags("CFO Ilse Marr said it was the best quarter.", [doc]) == ["CFO Ilse Marr"]


def test_a_role_is_the_appositive_next_to_it_and_a_surname_keeps_its_s() -> None:
    doc = "On the call, Dina Vale, CFO, and Paul Ross, COO, took questions."
    assert verify("", [doc], "COO Paul Ross took questions on the call.").action == "proceed"
    assert _role_flags("CFO Paul Ross took questions on the call.", [doc]) == ["CFO Paul Ross"]


# -- who did it: a person said to do what a document says another person of the sentence did --------

MINUTES = ("Minutes of the Orchard Row residents' meeting. Present: Helen Carter, James Okoro, "
           "Ilse Marsh. 1. Bins: Helen proposed a second collection day; seconded by James. Carried. "
           "2. Garden: James will repaint the railings before May.")


@pytest.mark.parametrize(
    ("answer", "name"),
    [
        ("James Okoro proposed a second collection day and Helen Carter seconded it.", "James Okoro"),
        ("Helen Carter will repaint the railings before May, James Okoro said.", "Helen Carter"),
        # an action item of a chat-style note: "for X to do"
        ("It was agreed for Helen Carter to repaint the railings, as James Okoro suggested.", "Helen Carter"),
    ],
)
def test_a_person_said_to_do_what_the_documents_say_another_did_is_misattributed(answer: str, name: str) -> None:
    [warning] = misattributed(answer, [MINUTES])
    assert warning.text == name and "did it" in warning.suggestion


@pytest.mark.parametrize(
    "answer",
    [
        "Helen Carter proposed a second collection day and James Okoro seconded it.",
        "James Okoro will repaint the railings before May, while Helen Carter chaired.",
        # the two together: one of several doers
        "Ilse Marsh and James Okoro will repaint the railings before May.",
    ],
)
def test_a_person_the_documents_say_did_it_passes(answer: str) -> None:
    assert misattributed(answer, [MINUTES]) == []


def test_a_passive_doer_is_read_with_the_title_before_the_name() -> None:
    # "by Site Manager T. Okwu": the title and the name are one doer, not "Site" alone
    log = ("Incident log\n 12/03  Checked by Site Manager T. Okwu - scaffold tag renewed\n"
           " 13/03  Signed off by Dana Reyes")
    assert misattributed("Site Manager T. Okwu checked it, and Dana Reyes signed it off.", [log]) == []
    warnings = misattributed("Dana Reyes checked it, and Site Manager T. Okwu signed it off.", [log])
    assert any(w.text == "Dana Reyes" and "did it" in w.suggestion for w in warnings), warnings


def test_a_speakers_own_i_says_who_did_it_in_a_conversation() -> None:
    chat = ("Rhea Okafor: I'll book the hall for the quiz night.\n"
            "Sam Whitby: great, I'll print the posters.\n"
            "Rhea Okafor: thanks Sam!")
    assert misattributed("Rhea Okafor will book the hall and Sam Whitby will print the posters.", [chat]) == []
    [warning] = misattributed("Sam Whitby will book the hall and Rhea Okafor will print the posters.", [chat])
    assert warning.text == "Sam Whitby"


def test_a_pronoun_after_a_comma_ends_no_list_of_doers() -> None:
    # "INGA ROSS, PELLHAM CAPITAL: done , you buy 7mm": "you" buys, not the speaker
    chat = ("09:10:02 TOM OSTRANDER: can you show 7mm KELBY 3.25 04/30 ?\n"
            "09:11:15 INGA ROSS, PELLHAM CAPITAL: 99.05 / 99.10\n"
            "09:12:40 INGA ROSS, PELLHAM CAPITAL: done , you buy 7mm KELBY 3.25 04/30 @ 99.10")
    assert misattributed("Tom Ostrander bought 7mm of the Kelby bonds from Inga Ross at 99.10.", [chat]) == []


# a workplace's name may hold lower-case particles: read whole, not cut to its first word (a common
# noun such as "Domaine" or "Bank", which the documents may write beside anyone)
@pytest.mark.parametrize("doc, answer", [
    ("Domaine des Quatre Vents -- Côtes du Rhône Villages Blanc 2022\n100% Viognier | 13% ABV",
     "The 2022 Côtes du Rhône Villages Blanc from Domaine des Quatre Vents is 100% Viognier at 13% alcohol."),
    ("Château de la Grande Ferme -- Bordeaux Supérieur Merlot 2019\n100% Merlot | 14% ABV\nAged 12 months in oak.",
     "The 2019 Bordeaux Supérieur Merlot from Château de la Grande Ferme was aged 12 months in oak."),
])
def test_a_workplace_with_particles_is_read_whole(doc: str, answer: str) -> None:
    assert _role_flags(answer, [doc]) == []


def test_a_workplace_with_particles_given_to_someone_else_names_it_whole() -> None:
    call = ("Operator: Our next question comes from Mira Solano with Bank of Harrow. Please go ahead.\n"
            "Operator: Our next question comes from Luis Ebner with Fenwick Capital.\n")
    [warning] = [w for w in verify("", [call], "Luis Ebner of Bank of Harrow asked about the buyback.").warnings
                 if w.type == MISATTRIBUTED_CLAIM]
    assert warning.text == "Luis Ebner" and '"Bank of Harrow" to Mira Solano' in warning.suggestion


# Roles bound to names by the way they are written (a form's label, a bracket, a passive "by", a
# role noun beside the name), read the same way in the documents and the answer.
CLUB_MINUTES = ("Harbour Rowing Club - committee meeting, 4 March\n"
           "Chair: Wendell Okafor      Secretary: Rosa Lindqvist\n"
           "Treasurer's report: the boathouse roof repair came to £3,400.\n")
CREW = "Crew list\nIlse Marchetti (pilot) and Tobias Renn (navigator) flew the Tuesday survey over the estuary.\n"
SALE = "The seller, Corin Babbage, agreed the price with Maud Ferris on Tuesday.\n"


@pytest.mark.parametrize(
    "docs,answer,name",
    [
        ([CLUB_MINUTES], "The meeting was chaired by Rosa Lindqvist, with Wendell Okafor as secretary.", "Rosa Lindqvist"),
        ([CLUB_MINUTES], "Secretary Wendell Okafor reported the roof repair cost to chair Rosa Lindqvist.", "Wendell Okafor"),
        ([CREW], "Pilot Tobias Renn and his navigator Ilse Marchetti flew the survey on Tuesday.", "Tobias Renn"),
        ([SALE], "Maud Ferris, the seller, agreed the price with Corin Babbage on Tuesday.", "Maud Ferris"),
    ],
)
def test_a_role_the_documents_bind_to_the_other_person_is_misattributed(docs: list[str], answer: str,
                                                                        name: str) -> None:
    found = misattributed(answer, docs)
    assert any(w.text.endswith(name) for w in found), found


@pytest.mark.parametrize(
    "docs,answer",
    [
        ([CLUB_MINUTES], "The meeting was chaired by Wendell Okafor, with Rosa Lindqvist as secretary."),
        ([CLUB_MINUTES], "Secretary Rosa Lindqvist recorded that chair Wendell Okafor opened the meeting."),
        # the deed said another way: no role is bound in the answer
        ([CLUB_MINUTES], "Wendell Okafor chaired the meeting and Rosa Lindqvist took the minutes."),
        ([CREW], "Pilot Ilse Marchetti and navigator Tobias Renn flew the survey on Tuesday."),
        ([SALE], "Corin Babbage, the seller, agreed the price with Maud Ferris on Tuesday."),
        # the converse: the buyer is the other party, in words the documents do not use
        ([SALE], "Maud Ferris bought it from Corin Babbage, the seller, on Tuesday."),
        # a role two people hold, one named in a list after the label
        (["Judges: Nora Quill, Abel Stroud\nWinner: the Larkspur quilt"], "Judge Abel Stroud and Nora Quill chose the Larkspur quilt."),
        # the role's holder in the documents is not in the answer's sentence, and the documents
        # give this person no other role: nothing says who it was
        (["Harbour Rowing Club, 4 March\nChair: Wendell Okafor\nRosa Lindqvist sent apologies.\n"],
         "The meeting was chaired by Rosa Lindqvist. Wendell Okafor was absent."),
    ],
)
def test_a_role_the_documents_bind_to_that_person_or_no_other_of_the_sentence_passes(docs: list[str],
                                                                                   answer: str) -> None:
    assert misattributed(answer, docs) == []


RIDES = ("Sunday rides\n"
         "GROUP | PACE | LEADER | SWEEPER\n"
         "A | 30 km/h | Orrin Vasquez | Petra Holm\n"
         "B | 24 km/h | Lydia Brandt | Teo Marangoni\n")
MOTION = ("Cllr Ysolde Parry, who proposed the motion, said the lane was overdue. "
          "Cllr Idris Mawer, who opposed it, said traders had not been asked.\n")


@pytest.mark.parametrize(
    "docs,answer,name",
    [
        # a table's column header names the role of each name in its cells
        ([RIDES], "Group B is led by Teo Marangoni, with Lydia Brandt as sweeper.", "Teo Marangoni"),
        # a title's head is the word before its "of"; a determiner makes an appositive a role
        (["Tomas Brill joins as a research analyst, reporting to Greta Olsen, Head of Research."],
         "Greta Olsen will report to Tomas Brill, the Head of Research.", "Tomas Brill"),
        # a passive's verb a few words before its "by"
        (["Title: The salt orchard / Mirela Dunca ; translated from the Romanian by Owen Tregear."],
         "The Salt Orchard is Owen Tregear's novel, translated from the Romanian by Mirela Dunca.", "Mirela Dunca"),
        # "which" and a present tense too: "holds" as a "Licence holder:" label
        (["Licence holder: Brackwater Mills Ltd\nManufacturer: Ostrava Textil\n"],
         "The yarn is made by Brackwater Mills for Ostrava Textil, which holds the licence.", "Ostrava Textil"),
        # a role of two words is one of the head word's several: a "head judge" among judges
        (["Judges: Nora Quill (head judge) & Abel Stroud\n"], "The judges were Abel Stroud, the head judge, and Nora Quill.",
         "Abel Stroud"),
        # a relative clause binds a deed as a passive "by" does
        ([MOTION], "The motion was proposed by Cllr Idris Mawer and opposed by Cllr Ysolde Parry.", "Idris Mawer"),
    ],
)
def test_a_role_a_table_or_a_clause_binds_to_the_other_person_is_misattributed(docs: list[str], answer: str,
                                                                               name: str) -> None:
    found = misattributed(answer, docs)
    assert any(w.text.endswith(name) for w in found), found


@pytest.mark.parametrize(
    "docs,answer",
    [
        ([RIDES], "Group B is led by Lydia Brandt, with Teo Marangoni as sweeper."),
        (["Judges: Nora Quill (head judge) & Abel Stroud\n"], "The judges were Nora Quill, the head judge, and Abel Stroud."),
        (["Judges: Nora Quill (head judge) & Abel Stroud\n"], "Abel Stroud, a judge, worked with Nora Quill."),
        (["Licence holder: Brackwater Mills Ltd\nManufacturer: Ostrava Textil\n"],
         "The yarn is made by Ostrava Textil for Brackwater Mills, which holds the licence."),
        (["Title: The salt orchard / Mirela Dunca ; translated from the Romanian by Owen Tregear."],
         "The Salt Orchard is Mirela Dunca's novel, translated from the Romanian by Owen Tregear."),
        (["Tomas Brill joins as a research analyst, reporting to Greta Olsen, Head of Research."],
         "Tomas Brill will report to Greta Olsen, the Head of Research."),
        ([MOTION], "The motion was proposed by Cllr Ysolde Parry and opposed by Cllr Idris Mawer."),
        # a document saying in a clause of its own that this person did it too
        ([MOTION, "At the March meeting Idris Mawer proposed the motion on bins."],
         "The motion on bins was proposed by Idris Mawer, not Ysolde Parry."),
    ],
)
def test_a_role_a_table_or_a_clause_binds_to_that_person_passes(docs: list[str], answer: str) -> None:
    assert misattributed(answer, docs) == []


POSTMORTEM = ("Postmortem: scanner outage\n\n| Field | Value |\n|---|---|\n| Severity | P2 |\n"
              "| Incident lead | Marisol Achterberg |\n\nActions\n"
              "- [ ] Rotate the signing key (owner: Dmitri Halloway, due Friday)\n")


@pytest.mark.parametrize(
    "docs,answer,name",
    [
        # the holder left out of the answer, the person given another role by the same document
        ([POSTMORTEM], "The outage was led by Dmitri Halloway, who rotated the key.", "Dmitri Halloway"),
        ([POSTMORTEM], "Dmitri Halloway, the incident lead, will rotate the signing key.", "Dmitri Halloway"),
        ([CLUB_MINUTES], "The meeting was chaired by Rosa Lindqvist. Wendell Okafor was absent.", "Rosa Lindqvist"),
    ],
)
def test_a_role_the_documents_give_a_person_the_answer_leaves_out_is_misattributed(docs: list[str], answer: str,
                                                                                  name: str) -> None:
    found = misattributed(answer, docs)
    assert [w.text for w in found] == [name], found
    assert "Marisol Achterberg" in (found[0].suggestion or "") or "Wendell Okafor" in (found[0].suggestion or "")


@pytest.mark.parametrize(
    "docs,answer",
    [
        ([POSTMORTEM], "The outage was led by Marisol Achterberg; Dmitri Halloway will rotate the signing key."),
        # a name after "and" that a verb follows opens a clause: it is not led by
        ([POSTMORTEM], "The outage was led by Marisol Achterberg, and Dmitri Halloway will rotate the key."),
        # the document gives this person no role: nothing says who it was not
        ([POSTMORTEM.replace("(owner: Dmitri Halloway, due Friday)", "- Dmitri Halloway offered to do it")],
         "The outage was led by Dmitri Halloway."),
        # a label's value that is no one's name holds no role of a person ("Breed: Cockapoo")
        (["Name: Pepper   Breed: Cockapoo   Sex: F\nCurrent keeper: Mrs Ottilie Brandreth (registered breeder)\n"
          "New keeper: Jonas Whitlow\n"], "The breeder, Mrs Ottilie Brandreth, handed Pepper to Jonas Whitlow."),
    ],
)
def test_a_role_whose_holder_the_answer_leaves_out_passes_unless_the_person_has_another(docs: list[str],
                                                                                    answer: str) -> None:
    assert misattributed(answer, docs) == []


CLAIM = ("Explanation of benefits\n"
         "Amount billed: $410.00\n"
         "Plan paid to clinic:      $120.00\n"
         "The depot returned the pallets to the supplier on 3 May.\n"
         "The importer, Halden Foods, has paid the shipper £900 in demurrage.\n")


@pytest.mark.parametrize("answer", ["The clinic paid the plan $120.", "The supplier returned the pallets to the depot.",
                                    # an appositive after a party is no part of the relation
                                    "The shipper has paid the importer, Halden Foods, £900."])
def test_two_parties_named_by_nouns_in_each_others_place_are_flagged(answer: str) -> None:
    assert misattributed(answer, [CLAIM])


@pytest.mark.parametrize(
    "answer",
    [
        "The plan paid the clinic $120.",
        "The clinic was paid $120 by the plan.",
        "The depot returned the pallets to the supplier.",
        "The importer, Halden Foods, has paid the shipper £900.",
        # a "by" of time is no passive's
        "The pallets went back to the supplier, the depot returned them by the deadline.",
    ],
)
def test_two_parties_named_by_nouns_in_their_own_place_pass(answer: str) -> None:
    assert misattributed(answer, [CLAIM]) == []


_PINNED = ["Organisers (pinned)\nTwo changes:\n1) Tom Reyes now hosts the show from 18:00.\n"
           "2) The costume points stay, but Best Costume is now judged by our guest designer Mara Quist, "
           "NOT audience vote.\nSee you there"]


def test_a_passives_doer_is_the_one_after_by() -> None:
    # "Best Costume is now judged by ... Mara Quist": Mara Quist judges, Best Costume is judged
    assert [w for w in verify("Who judges?", _PINNED, "- **Best Costume:** guest designer Mara Quist will judge it.").warnings
            if w.type == MISATTRIBUTED_CLAIM] == []
    assert misattributed("Mara Quist will judge Best Costume and Tom Reyes will host the show.", _PINNED) == []
    assert misattributed("Tom Reyes will judge Best Costume and Mara Quist will host the show.", _PINNED)


def test_an_answers_passive_names_no_doer() -> None:
    docs = ["The Harlow Pavilion was designed by the engineer Ruth Okafor and opened in 1984."]
    assert misattributed("The Harlow Pavilion was designed by engineer Ruth Okafor and opened in 1984.", docs) == []


VAN_CALL = ("Call notes, 4 March. Mr. Adeyemi called about his van insurance. Agent: Mr. Adeyemi, the "
        "comprehensive plan covers theft and fire.")


@pytest.mark.parametrize(("answer", "flagged"), [
    ("Mr. Adeyemi called about his van insurance, and the comprehensive plan covers theft and fire.", False),
    ("Ms. Adeyemi called about her van insurance, and the comprehensive plan covers theft and fire.", True),
    ("The agent told Mrs Adeyemi that the comprehensive plan covers theft and fire.", True),
    ("Dr Adeyemi called about the van insurance.", False),  # a title that says no gender
])
def test_a_title_of_the_other_gender_than_the_documents_give_is_flagged(answer: str, flagged: bool) -> None:
    found = misattributed(answer, [VAN_CALL])
    assert bool(found) is flagged, found
    if flagged:
        assert 'document 0: "Mr. Adeyemi"' in found[0].suggestion


def test_a_surname_the_documents_give_both_titles_is_left_alone() -> None:
    # a couple shares the surname; a document with no title says nothing of the gender
    for doc in ("Mr and Mrs Adeyemi called about their van insurance.",
                "Mr & Mrs Adeyemi called about their van insurance.",
                "Tomi Adeyemi called about the van insurance."):
        assert misattributed("Mrs Adeyemi called about the van insurance.", [doc]) == [], doc


_PLOVERS = ("Tracking shows the plovers leave their breeding grounds in Iceland each August. "
            "They spend the winter on the coast of Senegal.")


def test_two_places_each_given_the_others_words_in_separate_sentences_are_flagged() -> None:
    # no document sentence holds both names: each is read with the words around it, in the answer
    # and wherever a document gives it (the labels reading of the value swaps)
    swapped = "The plovers breed in Senegal and spend the winter on the coast of Iceland."
    [warning] = [w for w in verify("Where do they go?", [_PLOVERS], swapped).warnings
                 if w.type == MISATTRIBUTED_CLAIM]
    assert warning.text == "Senegal"
    assert 'in each other\'s place: document 0 gives "Iceland" there' in warning.suggestion
    faithful = "The plovers breed in Iceland and spend the winter on the coast of Senegal."
    assert [w for w in verify("Where do they go?", [_PLOVERS], faithful).warnings
            if w.type == MISATTRIBUTED_CLAIM] == []


def test_a_speakers_label_gives_the_name_no_words_of_its_turn() -> None:
    # "Sam: I asked Greta": the turn's words are what Sam says, not words said of Sam (read so,
    # "Rui asks Sam" put Rui in Sam's place)
    chat = ("Rui: got a cheat sheet for the chem quiz? . Sam: working on it . Rui: how come? . Sam: I asked Greta . "
            "Rui: the genius? . Sam: yeah, she can help ;) . Rui: ok, tell me")
    answer = "Rui asks Sam if he has a cheat sheet for the chemistry quiz and Sam says he's working on it with Greta."
    assert [w for w in verify("Summarize the chat.", [chat], answer).warnings if w.type == MISATTRIBUTED_CLAIM] == []


_PREPAID = ("HARBOUR PHYSIO - PREPAID PLAN\nPatient: Lena Moreau-Silva    Plan start: 06/01/2026\n"
            "Total sessions: 10    Price: $700.00\nPaid by: Tomas Silva (Mastercard ••4471), on behalf of patient\n"
            "Refunds go only to the original payment card.")


def test_the_holders_own_card_or_firm_holds_the_role_with_him() -> None:
    answer = "A refund would go back to Tomas Silva's Mastercard, which paid for the plan."
    assert misattributed(answer, [_PREPAID]) == []
    # another person's card is still no holder of the role
    assert misattributed(answer.replace("Tomas Silva's", "Lena Moreau-Silva's"), [_PREPAID]) != []


def test_a_role_before_a_name_with_an_initial_is_that_persons() -> None:
    # the initial's stop ends no clause: "coach" is Mensah's, not the club's
    doc = "RULING - Jury chair: Ines Moll\nAppellant: Harbour Hawks CC (coach T. Mensah) for climber #12\nResult: upheld."
    assert _role_flags("The jury upheld the appeal coach T. Mensah lodged for Harbour Hawks.", [doc]) == []
    assert _role_flags("The jury upheld the appeal coach Ines Moll lodged for Harbour Hawks.", [doc]) == ["Ines Moll"]


def test_minutes_fields_without_colons_name_who_did_each_deed() -> None:
    # "Proposed X, seconded Y": X proposed, Y seconded, as after "by"
    doc = ("PARISH COUNCIL minutes 03.02.26 - item 4: Footpath\n"
           "Proposed Cllr Ada Brown, seconded P. Lowe: that the stile be replaced. Carried 6-1.")
    assert _role_flags("The motion was proposed by Cllr Ada Brown and seconded by P. Lowe.", [doc]) == []
    assert _role_flags("The motion was proposed by P. Lowe and seconded by Cllr Ada Brown.", [doc]) == ["P. Lowe"]
    # a past form after a comma in prose is still the deed of the name before it
    prose = "At the hearing Ada Brown, furious, blamed Piet Lowe for the delay."
    assert _role_flags("At the hearing Piet Lowe blamed Ada Brown for the delay.", [prose]) == ["Piet Lowe"]
