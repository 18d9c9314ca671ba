"""The attributions checker: a name put into what the documents say of someone else."""

from __future__ import annotations

import pytest

from raguard import Verifier, verify
from raguard.checkers import DEFAULT_CHECKERS
from raguard.models import MISATTRIBUTED_CLAIM

DOCS = [
    "The second series was hosted by Holly Willoughby and Reggie Yates on BBC One.",
    "Reggie Yates is a British actor, best known for playing Leo Jones in Doctor Who.",
]
QUERY = "Which host was in Doctor Who?"
WRONG = "Holly Willoughby played Leo Jones in Doctor Who."


def misattributed(query: str, docs: list[str], answer: str):
    return [w for w in verify(query, docs, answer).warnings if w.type == MISATTRIBUTED_CLAIM]


def test_a_role_of_someone_else_is_flagged_on_the_name() -> None:
    result = verify(QUERY, DOCS, WRONG)
    [warning] = [w for w in result.warnings if w.type == MISATTRIBUTED_CLAIM]
    assert result.action == "review" and warning.severity == "high"
    assert warning.text == "Holly Willoughby" and (warning.start, warning.end) == (0, 16)
    assert "Document 1 says this of someone else" in warning.suggestion
    assert "Reggie Yates is a British actor" in warning.suggestion


def test_the_right_name_passes() -> None:
    assert misattributed(QUERY, DOCS, "Reggie Yates played Leo Jones in Doctor Who.") == []


def test_a_pronoun_opening_the_document_sentence_may_mean_the_name() -> None:
    docs = [DOCS[0], "He is best known for playing Leo Jones in Doctor Who."]
    assert misattributed(QUERY, docs, WRONG) == []


def test_a_sentence_of_the_names_own_that_states_it_too_passes() -> None:
    docs = [*DOCS, "Holly Willoughby also played Leo Jones in Doctor Who for one episode."]
    assert misattributed(QUERY, docs, WRONG) == []


def test_each_clause_is_its_own_claim() -> None:
    answer = "Holly Willoughby hosted the second series on BBC One, and Reggie Yates played Leo Jones in Doctor Who."
    assert misattributed(QUERY, DOCS, answer) == []


def test_quotations_demonyms_acronyms_and_query_names_are_left_alone() -> None:
    # the words in quotation marks are not compared
    answer = 'Holly Willoughby said "Reggie played Leo Jones in Doctor Who" on air.'
    assert misattributed(QUERY, DOCS, answer) == []
    # a demonym describes, it does not name who did it
    docs = ["The British actor starred in the play at the Old Vic in 1998.", "French critics praised it."]
    assert misattributed("Who starred?", docs, "The French actor starred in the play at the Old Vic in 1998.") == []
    # a name the question holds is the question's
    assert misattributed("Was Holly Willoughby in Doctor Who?", DOCS, WRONG) == []


def test_negated_sentences_are_the_negations_checkers() -> None:
    result = verify(QUERY, DOCS, "Holly Willoughby never played Leo Jones in Doctor Who.")
    assert all(w.type != MISATTRIBUTED_CLAIM for w in result.warnings)


def test_the_checker_can_be_left_out() -> None:
    guard = Verifier(checkers=[c for c in DEFAULT_CHECKERS if c != "attributions"])
    assert all(w.type != MISATTRIBUTED_CLAIM for w in guard.verify(QUERY, DOCS, WRONG).warnings)
    assert "attributions" in DEFAULT_CHECKERS


def test_a_pronoun_speaker_in_the_document_sentence_may_mean_the_name() -> None:
    docs = ["Curator Evelyn Marchetti spent four years assembling the loans.",
            "“Van Aalst painted silence better than anyone of his generation,” she said."]
    answer = "Marchetti says van Aalst painted silence better than anyone."
    assert misattributed("What does the curator say?", docs, answer) == []
    # a named speaker who is someone else is still a misattribution
    docs2 = [docs[0], "Van Aalst painted silence better than anyone of his generation, Pieter Brandt said."]
    assert [w.text for w in misattributed("What does the curator say?", docs2, answer)] == ["Marchetti"]


# a lower-cased, tokenized chunk: its capitals cannot mark names
LOWER = [
    "`` harbour lights '' drew 2.1 million viewers on its first night , the network said on monday .",
    "the series , from wrenfield studios , was renewed for a second season .",
]


def test_a_title_the_answer_quotes_is_named_by_it() -> None:
    answer = 'Wrenfield Studios\' "Harbour Lights" drew 2.1 million viewers on its first night.'
    assert misattributed("How did it open?", LOWER, answer) == []


def test_in_a_lower_cased_document_a_name_is_a_word_in_the_names_place_or_one_the_answer_capitalizes() -> None:
    docs = ["the autumn gala was chaired by odile varenne . the jury was led by tomas reyes ."]
    # "odile varenne" stands where the answer puts its name
    [warning] = misattributed("Who chaired the gala?", docs, "The autumn gala was chaired by Tomas Reyes.")
    assert warning.text == "Tomas Reyes"
    # the document sentence names only what the answer names: nothing to flag
    assert misattributed("Who chaired the gala?", docs, "The autumn gala was chaired by Odile Varenne.") == []
    # "harbour lights" is a name: the answer writes it as one in its next sentence
    answer = ("Wrenfield Studios drew 2.1 million viewers on its first night, the network said. "
              "Harbour Lights comes from Wrenfield Studios.")
    [warning] = misattributed("How did it open?", LOWER, answer)
    assert warning.text == "Wrenfield Studios" and "harbour lights" in warning.suggestion


@pytest.mark.parametrize("answer", ["A client called Harbor Bank to replace a lost debit card.",
                                    "A client told Harbor Bank that she needs to replace her lost debit card."])
def test_a_greeting_opening_a_turn_names_no_one(answer: str) -> None:
    # "Hi, I need ...": "Hi" is capitalized because it comes first, not someone else's name
    doc = ("[00:00:03] Clerk: Welcome to Harbor Bank, this is Ines.\n"
           "[00:00:07] Client: Hi, I need to replace my lost debit card.\n"
           "[00:00:12] Clerk: Of course, a new card will arrive within five days.\n")
    assert misattributed("Summarize.", [doc], answer) == []
    # a name opening the turn still names someone else
    assert misattributed("Summarize.", [doc.replace("Hi, I need", "Rosa needs").replace("my lost", "her lost")],
                         answer)


def test_the_one_greeted_is_spoken_to_not_an_agent_of_the_claim() -> None:
    doc = ("Agent: Fernhill Energy, Rhys speaking.\n"
           "Customer: Hi Rhys, my heating has been off since last night.\n"
           "Agent: Sorry about that. An engineer will visit tomorrow morning.\n")
    answer = "The customer called Fernhill Energy because the heating had been off since the previous night."
    assert misattributed("Summarize the call.", [doc], answer) == []
    # a name in the sentence that greets no one still names someone else
    other = doc.replace("Hi Rhys, my heating", "Rhys said the heating")
    assert misattributed("Summarize the call.", [other], answer)


# Capitals a document's layout gives a word name no one: each answer restates its document, and
# each document sentence held a capitalized word that read as another agent.
_LAYOUT_CASES = {
    "a field's label": (
        "what should walkers do?",
        ["Avalanche bulletin, issued by forecaster Ines Marlow.\nDanger level: considerable (3) above 2,000 m.\n"
         "Route advice: avoid steep north-facing gullies and wind-loaded lee slopes after fresh snowfall."],
        "Ines Marlow advises walkers to avoid steep north-facing gullies and wind-loaded lee slopes after fresh snowfall."),
    "a first word the answer writes in lower case": (
        "can I repay early?",
        ["LOAN TERMS\nBorrower: Ilse Varga. Lender: Corbin Savings plc.\n"
         "Early repayment is allowed at any time; a charge of up to two months' interest may apply."],
        "Ilse can repay early at any time, though Corbin Savings may apply a charge of up to two months' interest."),
    "a heading in capitals": (
        "is the playground open?",
        ["SAFETY NOTICE FROM WESTGATE COUNCIL: PLAYGROUND CLOSED FOR REPAIRS UNTIL FRIDAY 12 JUNE.",
         "The notice was issued by parks officer Dana Kim on Monday."],
        "Dana Kim says the playground is closed for repairs until Friday 12 June."),
    "a code": (
        "what did the engineer find?",
        ["Engineer on call: Odile Brandt.\n"
         "CH-2231 — chiller in plant room B4 leaking coolant after the weekend restart, valve V-17 replaced."],
        "Odile Brandt found the chiller in plant room B4 leaking coolant after the weekend restart and replaced a valve."),
    "a name with accents the answer names too": (
        "who makes the tiles?",
        ["Distributor: Tidewell Interiors Ltd, Leeds.\nGlazed and fired by Cerâmica Alvão in Porto."],
        "The tiles are glazed and fired by Cerâmica Alvão in Porto for Tidewell Interiors."),
    "a date's month": (
        "what happens next?",
        ["Call summary · 02 Mar 2026 · Agent: Dineo Mokoena\nCustomer reported a cracked windscreen after a stone "
         "strike on the M1.\nNext steps: customer to send photos of the windscreen damage by 6 Mar; agent to book the repair."],
        "Dineo Mokoena told the customer to send photos of the windscreen damage by 6 March, and will book the repair."),
    "a letter's first word and its you": (
        "what did they offer?",
        ["Dear Nadia Petrov,\nFollowing your second interview, Lindgren Freight is pleased to offer you the post of "
         "depot analyst from 1 March, reporting to Ivo Brandt."],
        "Nadia Petrov has been offered the post of depot analyst at Lindgren Freight from 1 March, following her second interview."),
    "a place in a country the answer names": (
        "where are the tiles made?",
        ["Distributor: Tidewell Interiors Ltd, Leeds.\nGlazed and fired in Braga, Portugal, in a family kiln."],
        "The tiles are glazed and fired in a family kiln in Portugal for Tidewell Interiors."),
}


@pytest.mark.parametrize("case", list(_LAYOUT_CASES))
def test_capitals_from_the_layout_name_no_one_else(case: str) -> None:
    assert misattributed(*_LAYOUT_CASES[case]) == []


def test_another_agent_in_the_same_layouts_is_still_flagged() -> None:
    # a maker the answer leaves out, beside a place in the country it names
    docs = ["Distributor: Tidewell Interiors Ltd, Leeds.\nGlazed and fired by Cerâmica Alvão in Braga, Portugal, in a family kiln."]
    answer = "The tiles are glazed and fired in a family kiln in Portugal by Tidewell Interiors."
    assert [w.text for w in misattributed("who makes the tiles?", docs, answer)] == ["Tidewell Interiors"]
    # a heading's capitals name someone when the answer writes that word as a name
    docs = ["CITY NEWS: MAYOR ROSA DELGADO OPENS THE NEW RIVERSIDE LIBRARY ON SATURDAY MORNING.",
            "Councillor Ben Aston chairs the arts committee."]
    answer = "Ben Aston opens the new Riverside Library on Saturday morning. Rosa Delgado is not mentioned further."
    assert [w.text for w in misattributed("who opens the library?", docs, answer)] == ["Ben Aston"]
    # a letter's "you" is the one it greets, not anyone the answer names
    docs = ["Dear Ms Kaur,\nFollowing your second interview, Lindgren Freight is pleased to offer you the post of "
            "depot analyst from 1 March, reporting to Ivo Brandt."]
    answer = "Nadia Petrov has been offered the post of depot analyst at Lindgren Freight from 1 March, following her second interview."
    assert [w.text for w in misattributed("what did they offer?", docs + ["Nadia Petrov applied in January."], answer)] == ["Nadia Petrov"]


# an answer's pronoun may stand for the one the document sentence names ("How did Tomasz do?" ...
# "Ms Lindqvist says he ...": he is Tomasz, not Ms Lindqvist)
_REVIEW = ["Staff review 2024\nManager: Ms K. Lindqvist\n\n"
           "Comment: Tomasz has improved his report writing and led the winter stock count without errors."]


def test_a_pronoun_of_the_answer_may_stand_for_the_documents_agent() -> None:
    answer = ("Tomasz had a good year. Ms Lindqvist says he has improved his report writing and led the "
              "winter stock count without errors.")
    assert misattributed("How did Tomasz do in his review?", _REVIEW, answer) == []


def test_without_a_pronoun_the_name_is_still_someone_else() -> None:
    answer = "Tomasz had a good year. Ms Lindqvist led the winter stock count without errors."
    assert [w.text for w in misattributed("How did Tomasz do in his review?", _REVIEW, answer)] == ["Ms Lindqvist"]


# a given name and a surname the documents write together are one person
_EPISODE = ['Ep. 40 -- "Glass Harbours" with Dr Helena Kowalski\nReleased Fri 3 Oct 2025\n\n'
            'This week Lena talks to historian Dr Helena Kowalski about glassmaking in Murano.\n\n'
            'Helena\'s book "Tides of Glass" is out 4 March (Harvill) -- use code TIDE10 for 10% off.']
_ABOUT = "In episode 40 Lena talks to the historian Dr Helena Kowalski about glassmaking in Murano. "


def test_a_surname_for_the_given_name_the_document_uses_is_the_same_person() -> None:
    answer = _ABOUT + "Kowalski's book Tides of Glass is published by Harvill on the 4th of March."
    assert misattributed("What is episode 40 about?", _EPISODE, answer) == []


def test_a_name_the_document_does_not_write_beside_the_given_name_is_someone_else() -> None:
    answer = _ABOUT + "Lena's book Tides of Glass is published by Harvill on the 4th of March."
    assert [w.text for w in misattributed("What is episode 40 about?", _EPISODE, answer)] == ["Lena"]


def test_a_pronoun_that_is_not_reported_leaves_the_name_the_doer() -> None:
    answer = "Tomasz had a good year. Ms Lindqvist improved her report writing and led the winter stock count."
    assert [w.text for w in misattributed("How did Tomasz do in his review?", _REVIEW, answer)] == ["Ms Lindqvist"]



# a clause sharing fewer words with a document sentence than MIN_SHARED / MIN_SHARE is read only
# when that sentence names someone else where the answer's name stands, with the same small words
# between ("started by X" / "started by Y")
SLOT_DOCS = ["Our allotment petition, started by Ilse Brandt, passed 500 signatures in March. "
             "Noor Haddad spoke for the residents at the council hearing."]
SLOT_QUERY = "Who is behind the petition?"


@pytest.mark.parametrize(("answer", "name"), [
    ("The petition was started by Noor Haddad.", "Noor Haddad"),  # two words besides the name
    # four of its seven words: less than MIN_SHARE
    ("The petition started by Noor Haddad passed 500 signatures in a busy week at the market.", "Noor Haddad"),
])
def test_a_short_clause_is_flagged_when_another_name_stands_in_its_place(answer: str, name: str) -> None:
    [warning] = misattributed(SLOT_QUERY, SLOT_DOCS, answer)
    assert warning.text == name and "Ilse Brandt" in warning.suggestion


@pytest.mark.parametrize(("docs", "answer"), [
    # the right name
    (SLOT_DOCS, "The petition was started by Ilse Brandt."),
    # other small words between: not the same place ("with" someone's help is no "by")
    (["Our allotment petition was started with help from Ilse Brandt."], "The petition was started by Noor Haddad."),
    # a bracket parts the word and the capitals: a payment's method, not whom it was paid to
    (["Deposit paid (Visa): 100 dollars."], "The deposit was paid to Harlow Rentals."),
    # "I'm" is the writer, who may be the answer's name
    (["Tobi: Mira will host while I'm on leave."], "Mira will host while Tobi is on leave."),
    # a capitalized word the answer writes in lower case is no one's name ("Buyer")
    (["Fee payable by Buyer to the utility."], "The fee is paid by the buyer to Eastgate."),
])
def test_a_short_clause_without_another_name_in_its_place_passes(docs: list[str], answer: str) -> None:
    assert misattributed(SLOT_QUERY, docs, answer) == []


def test_notes_that_write_the_answers_person_by_initials_name_her() -> None:
    docs = ["Site diary. Foreman: Rhiannon Veale. Surveyor: Kwame Adjei.",
            "- KA measured the north wall as out of plumb by 12 mm on Tuesday - RV agreed to rebuild it"]
    answer = "Rhiannon Veale agreed to rebuild the north wall after it measured 12 mm out of plumb."
    assert misattributed("What about the wall?", docs, answer) == []
    # the note names another person's initials for the deed: still someone else
    docs[1] = "- KA measured the north wall as out of plumb by 12 mm on Tuesday and agreed to rebuild it"
    [warning] = misattributed("What about the wall?", docs, answer)
    assert warning.text == "Rhiannon Veale"


def test_an_emails_i_is_its_signer_named_in_part() -> None:
    from raguard.models import MISATTRIBUTED_CLAIM

    docs = ["BOILER SERVICE RECORD  Engineer: Owen Pritchard (Gas Safe 581204)  Appliance: Vaillant ecoTEC",
            "Hi Priya,\nThe boiler is safe but I'd recommend a new expansion vessel - we've quoted £180 + VAT, "
            "fitted in one visit.\nThanks, Owen"]
    answer = "Owen Pritchard recommends a new expansion vessel, quoted at £180 plus VAT and fitted in one visit."
    flagged = [w.text for w in verify("Is the boiler ok?", docs, answer).warnings if w.type == MISATTRIBUTED_CLAIM]
    assert flagged == []


# A training record's row names the provider of a course its subject took: the answer that says
# whom he took it with names no one else, whatever legal form or bracketed code the two leave out.
_TRAINING = ("OPERATOR TRAINING RECORD - Marsh Lane Depot\nName: Kofi Mensah    Emp no: 31188\n"
             "Course | Provider | Date | Result | Expires\n"
             "Counterbalance (B1) novice 5-day | LiftSafe Ltd | 14-18 Oct 2024 | PASS | 17 Oct 2027\n"
             "Order picker (D2) conversion 3-day | LiftSafe Ltd | 02-04 Feb 2026 | PASS (theory 91%) | 03 Feb 2029\n")


def test_a_provider_named_with_its_legal_form_and_a_bracketed_code_is_no_one_else() -> None:
    answer = ("Kofi Mensah passed his three-day order picker (D2) conversion with LiftSafe on 2-4 February 2026 "
              "(theory 91%), and that certificate runs to 3 February 2029.")
    assert misattributed("Can Kofi drive the order picker?", [_TRAINING], answer) == []
    # a row that names another person in the answer's place is still someone else's
    other = _TRAINING + "Order picker (D2) refresher | Priya Nair | 01 Mar 2026 | PASS | 01 Mar 2029\n"
    assert misattributed("Can Kofi drive the order picker?", [other],
                         "Kofi Mensah passed his order picker (D2) refresher on 1 March 2026.") != []


def test_a_bracketed_aside_does_not_end_its_clause() -> None:
    from raguard.checkers.attributions import _across_brackets
    from raguard.normalize.text import clause_spans

    text = "He passed his picker (D2) conversion with LiftSafe (theory 91%), and it runs to 2029."
    assert [text[a:b] for a, b in _across_brackets(text, clause_spans(text))] == [
        "He passed his picker (D2) conversion with LiftSafe ", "theory 91%", "", " and it runs to 2029."]
    # (a clause of its own after the bracket is not joined: "and", "which" open one)
    text = "It follows the Red Book (2025 edition) and was signed by Ana Reis."
    assert len(_across_brackets(text, clause_spans(text))) == 3


_GAME_SHEET = ("GAME SHEET - Game #3107 - 14 Feb 2026\nPeriod | Time | Team | No. | Player | Infraction | Min\n"
               "2 | 11:40 | HAW | 9 | L. Brandt | Boarding | 5+GM\nReferee: P. Lindqvist    Linesmen: J. Okoye / R. Sato")
_RULING = ("DISCIPLINE COMMITTEE\nRe: Incident, Game #3107\n"
           "After reviewing the referee's report and video provided by the Falcons, the Committee has determined:\n"
           "• Boarding (major + game misconduct) carries an automatic 2-game suspension.")


def test_a_description_the_answer_gives_the_name_as_its_title_is_that_name() -> None:
    answer = ("L. Brandt is suspended for two games. After reviewing referee P. Lindqvist's report and video, "
              "the committee applied the automatic two-game suspension for boarding.")
    assert misattributed("Why is he suspended?", [_GAME_SHEET, _RULING], answer) == []
    # a document that names the one it describes names someone else
    named = _RULING.replace("the referee's report", "the referee, R. Sato, and his report")
    assert misattributed("Why is he suspended?", [_GAME_SHEET, named], answer) != []


def test_the_writers_we_or_us_may_be_the_body_the_document_names() -> None:
    from raguard import verify
    from raguard.models import MISATTRIBUTED_CLAIM

    def misattributed(docs: list[str], answer: str) -> list[str]:
        return [w.text for w in verify("What happens next?", docs, answer).warnings if w.type == MISATTRIBUTED_CLAIM]

    # a letter's "us" is its sender: "referred you to us" in Harbour Oxygen's e-mail
    mail = ("From: Harbour Oxygen Services <bookings@harbour-o2.example>\nDear Ms Lindqvist,\n"
            "Kestrel Hospital has referred you to us for a home oxygen concentrator. Your set-up is on 4 May.")
    assert misattributed([mail], "Kestrel Hospital has referred you to Harbour Oxygen Services, "
                                 "which will set up the concentrator on 4 May.") == []
    # the writer's "us" stands where it stands: not for a name the answer puts in another's place
    report = ("From: Tarrant Audio plc, investor relations\nIn 2023 a six-week stoppage at Huaxin's Suzhou plant "
              "caused us to delay shipments of 1,900 units.")
    assert misattributed([report], "A six-week stoppage at Tarrant Audio's Suzhou plant delayed 1,900 units "
                                   "in 2023.") != []
    # a call's "we" is the body its agent speaks for
    call = ("[00:00:03] AGENT (Ines): Tidewater Kayaks, Ines speaking.\n[00:00:09] CALLER: Hi, is my trip on?\n"
            "[00:00:15] AGENT: It's on hold for the wind. We'll text you the decision by 7pm tonight.")
    assert misattributed([call], "Tidewater Kayaks will text you the decision by 7pm tonight.") == []


def test_a_name_the_answer_sets_against_the_claim_is_not_what_the_claim_is_said_of() -> None:
    docs = ["Statement, Halden Gym: 02 Mar direct debit · Monzo •• 2210 · £29.00 · paid",
            "Chat, 3 Mar. Staff (Ines): The £29 for the cancelled class is credited to your gym account, it shows "
            "within 2 days. Credits stay on the gym account, they never go back to the bank."]
    answer = ("The £29 for the cancelled class is credited to your gym account rather than your Monzo account, "
              "and Ines says it shows within 2 days.")
    assert MISATTRIBUTED_CLAIM not in [w.type for w in verify("Do I get my money back?", docs, answer).warnings]
    # the claim said of that name instead is still caught
    swapped = ("The £29 for the cancelled class is credited to your Monzo account rather than your gym account, "
               "and Ines says it shows within 2 days.")
    assert MISATTRIBUTED_CLAIM in [w.type for w in verify("Do I get my money back?", docs, swapped).warnings]
