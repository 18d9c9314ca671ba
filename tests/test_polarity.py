"""Polarity both ways and opposite words: the answer affirms what its aligned document sentence
denies, or swaps a word for its opposite. Examples written for these tests."""

from __future__ import annotations

import pytest

from raguard import verify
from raguard.models import CONTRADICTED_CLAIM
from raguard.normalize.polarity import denial_spans, denies_a_link, opposites_of, prefix_opposite


def contradictions(docs: list[str], answer: str, query: str = "What does the leaflet say?"):
    return [w for w in verify(query, docs, answer).warnings if w.type == CONTRADICTED_CLAIM]


# -- the document denies, the answer affirms ---------------------------------------------------

@pytest.mark.parametrize(
    ("doc", "answer"),
    [
        ("The Brightvax vaccine is not advised for infants under six months.",
         "The Brightvax vaccine is advised for infants under six months."),
        ("Water damage from burst pipes is not covered by the Homeguard plan.",
         "The Homeguard plan covers water damage from burst pipes."),
        ("Refunds were never offered to customers who bought the Lumo kettle.",
         "Refunds were offered to customers who bought the Lumo kettle."),
        ("The Orla bridge won't reopen to heavy lorries this winter.",
         "The Orla bridge will reopen to heavy lorries this winter."),
        # the denied word may itself carry a prefix: "unusual" is what "not unusual" denies
        ("Frost in late May is not unusual in the Harlow valley.",
         "Frost in late May is unusual in the Harlow valley."),
    ],
)
def test_an_affirmation_of_what_the_document_denies_is_contradicted(doc: str, answer: str) -> None:
    [warning] = contradictions([doc], answer)
    assert warning.severity == "high" and (warning.start, warning.end) == (0, len(answer))
    assert "affirms" in warning.suggestion and doc[:30] in warning.suggestion


def test_the_affirmation_is_caught_inside_a_longer_answer_and_names_its_sentence() -> None:
    docs = ["Dr Imre Valk chairs the panel. The panel did not approve the Kessel trial in March."]
    answer = "Dr Imre Valk chairs the panel. The panel approved the Kessel trial in March."
    [warning] = contradictions(docs, answer)
    assert answer[warning.start:warning.end] == "The panel approved the Kessel trial in March."
    assert "The panel did not approve the Kessel trial" in warning.suggestion


@pytest.mark.parametrize(
    ("doc", "answer"),
    [
        # the answer restates the denied word by a synonym
        ("Coach Ines Marr said the Dalby keeper was not at fault for either of the goals.",
         "Coach Ines Marr said the Dalby keeper was to blame for either of the goals."),
        ("Seats on the Harrow shuttle: EUR 12 per ride, not bookable in advance.",
         "Seats on the Harrow shuttle cost EUR 12 per ride and can be booked in advance."),
        # the answer's reporting frame stands after the denial in the document's sentence
        ("the new signing was not fit for the cup final , said coach tove brandt .",
         "Coach Tove Brandt said the new signing was fit for the cup final."),
        # one coordinate part of the answer's clause restates a short denial on its own
        ("garden flat , two bedrooms . new boiler fitted 2022 . no parking permit . council tax band B .",
         "The boiler was replaced in 2022, the flat is in council tax band B and it comes with a parking permit."),
    ],
)
def test_an_affirmation_restating_a_denial_in_other_words_or_order_is_contradicted(doc: str, answer: str) -> None:
    assert [w.severity for w in contradictions([doc], answer)] == ["high"]


def test_a_denial_in_one_coordinate_part_is_read_against_a_short_document_denial() -> None:
    # the answer's clause fuses two document sentences; its denial is the short one's
    doc = "garden flat , two bedrooms . new boiler fitted 2022 . no parking permit . council tax band B ."
    answer = "The boiler was replaced in 2022, the flat is in council tax band B and it has no parking permit."
    assert contradictions([doc], answer) == []


def test_a_synonym_of_the_denied_word_counts_only_with_what_the_denial_is_about() -> None:
    # "found" shares a sense with "initiated" ("found a company"): the answer's clause that says
    # "initiated" is not about the evidence the document says was not found
    doc = "The inspectors, who launched an inquiry into the outbreak, have not found any trace of arsenic."
    answer = "The inspectors, who initiated an inquiry into the outbreak, have discovered no trace of arsenic."
    assert contradictions([doc], answer) == []


@pytest.mark.parametrize(
    ("docs", "answer"),
    [
        # "not only" affirms
        (["Not only did the Wexford choir win the regional cup, it also took the national title."],
         "The Wexford choir won the regional cup."),
        # the denial is of something else in the same sentence, the affirmation in another clause
        (["Marta Ilse was not elected in 2019, but won the Dunmore seat in 2023."],
         "Marta Ilse won the Dunmore seat in 2023."),
        # another sentence states it without the denial
        (["The tablet is recommended for adults. It is not recommended for children under twelve."],
         "The tablet is recommended for adults."),
        # double negation: "not unusual" is what "common" says
        (["Frost in late May is not unusual in the Harlow valley."],
         "Frost in late May is common in the Harlow valley."),
        # a hedge or a denial of the answer's own
        (["The Corvin museum is not open on Mondays."], "The Corvin museum may be closed on Mondays."),
        # a name that holds "Never"
        (["The album features Never Say Later and Bright Harbour."], "The album features Bright Harbour."),
        # a question in the document denies nothing
        (["Why was the Pell ferry not running on Sunday?"], "The Pell ferry was running on Sunday."),
    ],
)
def test_what_does_not_deny_the_answer_is_left_alone(docs: list[str], answer: str) -> None:
    assert contradictions(docs, answer) == []


@pytest.mark.parametrize(
    ("doc", "answer"),
    [
        # a verb of the stop list is what "not" denies ("not included"), where the answer says it
        ("At the Saltmarsh Inn, breakfast is not included.",
         "At the Saltmarsh Inn, breakfast is included."),
        ("At the March clinic, the Corlan booster was not given.",
         "At the March clinic, the Corlan booster was given."),
        # else the first content word after it, as for any denial
        ("The Vela 20 air fryer does not include a grill or a steamer basket.",
         "The Vela 20 air fryer has a grill and a steamer basket."),
        # the document affirms the same verb of other things in the sentence: not of this one
        ("Price: £45 per person (includes guide and entry; lunch not included - bring your own).",
         "It costs £45 per person, covering the guide and entry, and lunch is included."),
        # and what the answer's clause adds after the word is another thing said alike
        ("Online orders are not affected — only in-store sales at the Brookfield branch.",
         "Online orders were affected as well as in-store sales."),
        # the word said twice in the answer: the second clause restates the denial
        ("A transit visa is not required for layovers before 1 May.",
         "Travellers arriving after 1 May will need one, and a transit visa is already required for layovers before 1 May."),
        # a relative clause says it of the thing named before it
        ("Note: Dr. Okafor's closing talk will NOT be streamed, at her request.",
         "The day ends with Dr. Okafor's closing talk, which will also be streamed."),
        # an obligation against a denial of one ("need not", "do not")
        ("Day visitors need not register at the Tollgate reception.",
         "Day visitors need to register at the Tollgate reception."),
        ("Do NOT refreeze the Polar Bay prawns once thawed.",
         "You should refreeze the Polar Bay prawns once thawed."),
    ],
)
def test_affirmations_of_a_denied_verb_or_in_a_narrower_clause_are_contradicted(doc: str, answer: str) -> None:
    assert [w.severity for w in contradictions([doc], answer)] == ["high"]


@pytest.mark.parametrize(
    ("doc", "answer"),
    [
        # the answer restates what the denial's other clause affirms
        ("The day pass does not include lunch, but dinner is included.", "The day pass includes dinner."),
        # "stopped ... from" says the denial in other words
        ("Commuters told us cost was the reason they didn't give up their cars, said planner Ines Roy.",
         "Planner Ines Roy said cost was what stopped commuters from giving up their cars."),
        # "get" leads what it denies ("free parking"), which the answer does not affirm
        ("Members don't get free parking at the Elm Street site.",
         "Members get a parking discount at the Elm Street site."),
        # an obligation is not a state: the document says the check is not done yet
        ("Actions within 14 days: 1) Smoke alarm not tested — test & log.",
         "Within 14 days the landlord must test the smoke alarm and log the result."),
    ],
)
def test_what_the_denial_does_not_reach_is_not_contradicted(doc: str, answer: str) -> None:
    assert contradictions([doc], answer) == []


@pytest.mark.parametrize(
    ("answer", "contradicted"),
    [
        # the answer's other denial is one the document says too: no hedge of its own
        ("The Brenna bridge reopening is delayed because the steel beams never arrived and the "
         "supplier can deliver them before May.", True),
        ("The Brenna bridge reopening is delayed because the steel beams never arrived and the "
         "supplier can't deliver them before May.", False),
        # a shared denial before the word that reaches it denies it too
        ("The Brenna bridge reopening is delayed because the steel beams haven't arrived or been "
         "delivered before May.", False),
        # a denial of the document's sentence the answer does not share still hedges
        ("The Brenna bridge reopening is delayed, though the supplier can probably deliver the beams "
         "before May if no strike happens.", False),
    ],
)
def test_a_denial_the_document_shares_is_no_hedge_of_the_affirmation(answer: str, contradicted: bool) -> None:
    doc = ("Brenna bridge update: the steel beams we ordered haven't arrived and the supplier "
           "can't deliver them before May.")
    assert bool(contradictions([doc], answer)) is contradicted


@pytest.mark.parametrize(
    ("docs", "answer", "contradicted"),
    [
        # the answer clause holds every word of the denying clause and more of its own
        (["Pellham & Vane terms: 4. Loyalty vouchers are not valid in our Jersey branches."],
         "Pellham & Vane loyalty vouchers bought online are valid in the company's Jersey branches.", True),
        (["Kestrel swim course, spring term. Not refundable after the first lesson."],
         "The Kestrel swim course fee for the spring term is refundable after the first lesson.", True),
        # a clause without the denial's words restates another sentence
        (["Loyalty vouchers are valid in all UK branches. Loyalty vouchers are not valid in our Jersey branches."],
         "Pellham & Vane loyalty vouchers bought online are valid in all the company's UK branches.", False),
        # a denial of a figure is not said by a clause without it
        (["Do not take more than 4 Calmora capsules in a day."],
         "Adults can take one Calmora capsule with water twice a day after meals.", False),
        # and one that denies them too restates the denial
        (["Loyalty vouchers are not valid in our Jersey branches."],
         "Pellham & Vane loyalty vouchers bought online are not valid in the company's Jersey branches.", False),
    ],
)
def test_a_clause_holding_the_whole_denial_with_words_of_its_own_affirms_what_it_denies(
        docs: list[str], answer: str, contradicted: bool) -> None:
    assert bool(contradictions(docs, answer)) is contradicted


@pytest.mark.parametrize(
    ("doc", "answer", "contradicted"),
    [
        # the answer's condition is the document's own, in its words: the affirmation stands
        ("Smart watches are not permitted in the Hallam test centre, even if they are turned off.",
         "Smart watches are permitted in the Hallam test centre even if they are turned off.", True),
        ("Late entries cannot be refunded if the Orbis race is cancelled.",
         "Late entries can be refunded if the Orbis race is cancelled.", True),
        # a condition of the answer's own still hedges it
        ("Smart watches are not permitted in the Hallam test centre.",
         "Smart watches are permitted in the Hallam test centre if an invigilator agrees.", False),
        ("Late entries cannot be refunded if the Orbis race is cancelled.",
         "Late entries can be refunded if a runner is injured.", False),
    ],
)
def test_a_condition_the_denial_sets_too_does_not_hedge_the_affirmation(doc: str, answer: str,
                                                                         contradicted: bool) -> None:
    assert bool(contradictions([doc], answer)) is contradicted


@pytest.mark.parametrize(
    ("doc", "answer", "contradicted"),
    [
        # "no longer" and "anymore" deny the present: an answer that says it is so now is wrong,
        # one that says it was so is not
        ("Since version 3.1, the mirror command no longer copies hidden files by default.",
         "The mirror command still copies hidden files by default.", True),
        ("Since version 3.1, the mirror command no longer copies hidden files by default.",
         "Before version 3.1, the mirror command copied hidden files by default.", False),
        ("The Delft ferry doesn't stop at Kade 4 anymore.", "The Delft ferry now stops at Kade 4.", True),
        ("The Delft ferry doesn't stop at Kade 4 anymore.", "The Delft ferry used to stop at Kade 4.", False),
    ],
)
def test_a_denial_of_the_present_contradicts_only_what_is_said_of_now(doc: str, answer: str,
                                                                      contradicted: bool) -> None:
    assert bool(contradictions([doc], answer)) is contradicted


def test_denial_cues_that_deny_nothing_are_not_read_as_denials() -> None:
    assert denial_spans("It is not only cheap but fast.") == []
    assert denial_spans("Ask whether or not the shop is open.") == []
    assert denial_spans("There were no fewer than 40 guests.") == []
    # "not including X" scopes a figure (it leaves X out), it does not deny X
    assert denial_spans("The bridge cost $90 million, not including land.") == []
    assert contradictions(["The bridge cost $90 million to build, not including land purchases."],
                          "The bridge cost $90 million to build before land purchases.") == []
    assert denial_spans("The shop is not open.") == [(12, 15)]


_SERVICES = ("ADDITIONAL SERVICES\n  SAT  Saturday delivery ........................ $40.00\n"
             "  NOT  Notify by phone before arrival ........... $15.00\nTOTAL ........................................ $55.00")


def test_a_code_first_in_a_layout_s_line_is_no_denial() -> None:
    assert denial_spans("  NOT  Notify by phone before arrival ..... $15.00") == []
    answer = "The extras are Saturday delivery at $40 and a phone notification before arrival at $15."
    assert contradictions([_SERVICES], answer) == []
    # a stressed denial is one still: one space after it, or a word in lower case after the gap
    assert denial_spans("NOT Notify the driver.") == [(0, 3)]
    assert denial_spans("NOT  covered by the plan") == [(0, 3)]
    assert denial_spans("Do NOT  Leave it outside") == [(3, 6)]

def test_a_denial_opening_a_table_cell_is_read_as_one_opening_a_sentence() -> None:
    # capitalized inside a line it would be a name's part ("Never Shout Never"); after a cell's
    # bar it opens the cell's statement
    assert denial_spans("| Ferrous tablets | Not advised |") == [(20, 23)]
    assert denial_spans("| Dogs on the ferry | No |") == [(22, 24)]
    assert denial_spans("The band Never Shout Never played.") == []


# -- opposite words ----------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("doc", "answer", "pair"),
    [
        ("Ticket sales at the Arden theatre fell sharply in the spring season.",
         "Ticket sales at the Arden theatre rose sharply in the spring season.", "rose / fell"),
        ("The Kelso council rejected the harbour expansion plan on Tuesday.",
         "The Kelso council approved the harbour expansion plan on Tuesday.", "approved / rejected"),
        ("The Tamsin library opened its east wing to students in June.",
         "The Tamsin library closed its east wing to students in June.", "closed / opened"),
        ("The Brennock Rovers lost the county final after extra time.",
         "The Brennock Rovers won the county final after extra time.", "won / lost"),
        ("Supplier Oakfield declined the revised delivery contract.",
         "Supplier Oakfield accepted the revised delivery contract.", "accepted / declined"),
        ("The Vell drone is designed for uncrewed survey flights over farmland.",
         "The Vell drone is designed for crewed survey flights over farmland.", "crewed / uncrewed"),
        ("Registration closes before the opening ceremony of the Kiran festival.",
         "Registration closes after the opening ceremony of the Kiran festival.", "after / before"),
        ("The new Pardo engine burns less fuel per kilometre than the old one.",
         "The new Pardo engine burns more fuel per kilometre than the old one.", "more / less"),
        ("The Ferro kit suits small gardens with clay soil.",
         "The Ferro kit suits large gardens with clay soil.", "large / small"),
        ("Samples were taken within the fenced area of the Colby reserve.",
         "Samples were taken outside the fenced area of the Colby reserve.", "outside / within"),
        # pairs WordNet does not link word to word (the curated table's)
        ("The Quillon plan prices all cover at a fixed monthly rate for the first year.",
         "The Quillon plan prices all cover at a variable monthly rate for the first year.", "variable / fixed"),
        ("Quoted fares for the Marra ferry include port taxes and one checked bag.",
         "Quoted fares for the Marra ferry exclude port taxes and one checked bag.", "exclude / include"),
        ("A safety briefing is mandatory for every visitor to the Dunrae quarry.",
         "A safety briefing is optional for every visitor to the Dunrae quarry.", "optional / mandatory"),
        ("The Sella pool opens its outdoor lanes on weekends during the summer.",
         "The Sella pool opens its outdoor lanes on weekdays during the summer.", "weekdays / weekends"),
        ("Rent for the Corbel studios is payable monthly in advance by standing order.",
         "Rent for the Corbel studios is payable monthly in arrears by standing order.", "arrears / advance"),
    ],
)
def test_an_opposite_word_said_of_the_same_thing_is_contradicted(doc: str, answer: str, pair: str) -> None:
    [warning] = contradictions([doc], answer)
    said, doc_word = pair.split(" / ")
    assert f'says "{said}" where document 0 says "{doc_word}"' in warning.suggestion


@pytest.mark.parametrize(
    ("docs", "answer"),
    [
        # a converse restatement swaps the arguments with the word
        (["Halden United beat the Corrie Wanderers 3-1 on Saturday."],
         "The Corrie Wanderers lost to Halden United on Saturday."),
        (["After the budget meeting, the mayor left for Ostend."],
         "Before leaving for Ostend, the mayor attended the budget meeting."),
        # the denial undoes the swap: "did not rise" is what "fell" says
        (["Rents in the Dorne district fell last year."], "Rents in the Dorne district did not rise last year."),
        # the document says both; the answer picks the one it states
        (["Orders rose in May and fell in June at the Pellam plant."], "Orders rose in May at the Pellam plant."),
        # another sentence states the answer's word
        (["Exports fell in January. Exports rose in February after the new trade deal with Ruvia."],
         "Exports rose after the trade deal with Ruvia."),
    ],
)
def test_restatements_with_opposite_words_are_left_alone(docs: list[str], answer: str) -> None:
    assert contradictions(docs, answer) == []


def test_an_opposite_word_outside_what_a_denial_covers_does_not_restate_it() -> None:
    # "voluntary" / "mandatory" is a swap of its own, not the denial of "lists" said otherwise
    doc = "Members of the Tarrow choir may add a voluntary note that lists their dietary needs."
    answer = "Members of the Tarrow choir must add a mandatory note that does not list their dietary needs."
    warnings = contradictions([doc], answer)
    assert warnings and "denies" in warnings[0].suggestion


def test_without_denies_what_the_answer_says_something_has() -> None:
    doc = "The Marlow cottage is an older build without double glazing in the bedrooms."
    [warning] = contradictions([doc], "The Marlow cottage is an older build with double glazing in the bedrooms.")
    assert "affirms" in warning.suggestion
    # in a clause that denies already, "without" states a condition
    rule = "No pets are allowed in the Marlow cottage without written consent from the owner."
    assert contradictions([rule], "Pets are allowed in the Marlow cottage with written consent from the owner.") == []


def test_a_refusal_in_another_clause_leaves_the_affirmation_checked() -> None:
    doc = "Bicycles are not carried on the Lorn ferry during the winter timetable."
    answer = "Bicycles are carried on the Lorn ferry during the winter timetable, though the page does not say how many bicycles fit."
    [warning] = contradictions([doc], answer)
    assert "affirms" in warning.suggestion
    assert contradictions([doc], "The page does not say whether bicycles are carried on the Lorn ferry.") == []


def test_the_opposites_table_reads_inflections_and_synonym_groups() -> None:
    assert "fall" in opposites_of("rose") and "rise" in opposites_of("fell")
    assert opposites_of("lowered") & opposites_of("decreased") == opposites_of("lowered")  # same group
    assert opposites_of("table") == frozenset()
    assert prefix_opposite("crewed", "uncrewed") and prefix_opposite("nonprofit", "profit")
    assert not prefix_opposite("der", "under") and not prefix_opposite("form", "inform")


# -- WordNet's antonyms, shared hedges, fused sentences -------------------------------------------

@pytest.mark.parametrize(
    ("doc", "answer", "pair"),
    [
        # pairs only WordNet's direct antonyms give (not in the curated table)
        ("The Mirel works hired twelve welders for the night shift.",
         "The Mirel works fired twelve welders for the night shift.", "fired / hired"),
        ("The Ostra ferry sails upstream to the old mill every morning.",
         "The Ostra ferry sails downstream to the old mill every morning.", "downstream / upstream"),
        ("The Dunmore survey used an explicit consent form for every volunteer.",
         "The Dunmore survey used an implicit consent form for every volunteer.", "implicit / explicit"),
        ("Harbin pumps deliver a correct pressure reading within two seconds.",
         "Harbin pumps deliver an incorrect pressure reading within two seconds.", "incorrect / correct"),
        # an adjective pair's comparatives and superlatives (WordNet lists only the base forms)
        ("Membership in the northern clubs grew faster than in the southern clubs this year.",
         "Membership in the northern clubs grew slower than in the southern clubs this year.", "slower / faster"),
        ("The Brenna valley had its warmest spring on record in 2024.",
         "The Brenna valley had its coolest spring on record in 2024.", "coolest / warmest"),
        # the same denial on both sides leaves the swap a swap
        ("The Tervo model learns object names without explicit labels on the images.",
         "The Tervo model learns object names without implicit labels on the images.", "implicit / explicit"),
        # two words of a plain denial ("cannot" / "will not") deny alike
        ("The Arlo club cannot refund a member's fee after the first week of term.",
         "The Arlo club will not refund a member's fee before the first week of term.", "before / after"),
        # the word swapped is itself a denial word: it makes the pair, it does not hedge the clause
        ("The Fenwick depot is able to store frozen goods through the summer.",
         "The Fenwick depot is unable to store frozen goods through the summer.", "unable / able"),
        ("The Fenwick depot is unable to store frozen goods through the summer.",
         "The Fenwick depot is able to store frozen goods through the summer.", "able / unable"),
        ("The second trial of the Kestrel valve succeeded at low pressure.",
         "The second trial of the Kestrel valve failed at low pressure.", "failed / succeeded"),
        ("Imogen Hale refused the transfer to the Oslo branch last spring.",
         "Imogen Hale accepted the transfer to the Oslo branch last spring.", "accepted / refused"),
    ],
)
def test_wordnet_antonyms_shared_denials_and_swapped_denial_words_are_swaps(doc: str, answer: str, pair: str) -> None:
    [warning] = contradictions([doc], answer)
    said, doc_word = pair.split(" / ")
    assert f'says "{said}" where document 0 says "{doc_word}"' in warning.suggestion


@pytest.mark.parametrize(
    ("doc", "answer"),
    [
        # a denial word for a plain denial of its opposite says the same
        ("The Fenwick depot is not able to store frozen goods through the summer.",
         "The Fenwick depot is unable to store frozen goods through the summer."),
        ("The Fenwick depot is unable to store frozen goods through the summer.",
         "The Fenwick depot is not able to store frozen goods through the summer."),
        ("The second trial of the Kestrel valve did not succeed at low pressure.",
         "The second trial of the Kestrel valve failed at low pressure."),
        ("Imogen Hale did not accept the transfer to the Oslo branch last spring.",
         "Imogen Hale refused the transfer to the Oslo branch last spring."),
        # and a hedge beside the pair still counts ("if ... unable" is not "able")
        ("If the Fenwick depot is unable to store frozen goods, the Tarn depot takes them.",
         "If the Fenwick depot is unable to store frozen goods, the Tarn depot takes them."),
    ],
)
def test_a_denial_word_restating_a_denial_of_its_opposite_is_left_alone(doc: str, answer: str) -> None:
    assert contradictions([doc], answer) == []


def test_a_sentence_fusing_two_document_sentences_is_read_against_each() -> None:
    doc = ("The Quarry Lane method trains a scheduler for delivery fleets. It assigns suitable routes "
           "to drivers with a learned cost model. Trials ran in three cities.")
    answer = ("The Quarry Lane method trains a scheduler for delivery fleets that assigns unsuitable "
              "routes to drivers with a learned cost model.")
    [warning] = contradictions([doc], answer)
    assert 'says "unsuitable" where document 0 says "suitable"' in warning.suggestion
    faithful = answer.replace("unsuitable", "suitable")
    assert contradictions([doc], faithful) == []


@pytest.mark.parametrize(
    ("said", "doc_word"), [("after", "before"), ("less", "more"), ("below", "above")],
)
def test_a_fused_sentence_is_read_against_another_sentence_holding_a_function_word_opposite(
        said: str, doc_word: str) -> None:
    # "before" / "more" are no content words: the document's sentences holding them are found all the same
    doc = ("New staff at the Halvey depot must finish the forklift safety course and the first aid "
           "refresher within their first month on the yard. "
           f"Drivers log checks {doc_word} the shift change.")
    answer = ("New Halvey depot staff must finish the forklift safety course and the first aid "
              f"refresher within their first month on the yard, and log checks {said} the shift change.")
    [warning] = contradictions([doc], answer)
    assert f'says "{said}" where document 0 says "{doc_word}"' in warning.suggestion
    assert contradictions([doc], answer.replace(f" {said} the", f" {doc_word} the")) == []


def test_a_function_word_swap_before_the_same_figure_is_a_swap() -> None:
    # what "before" / "after" is said of may be a time or a date, no content word
    doc = "The Brack mill refunds the full ticket price to visitors who cancel after 10:30."
    answer = "The Brack mill refunds the full ticket price to visitors who cancel before 10:30."
    [warning] = contradictions([doc], answer)
    assert 'says "before" where document 0 says "after"' in warning.suggestion
    assert contradictions([doc], answer.replace("before 10:30", "before noon")) == []


def test_a_function_word_swap_ending_both_clauses_is_read_with_the_word_before_it() -> None:
    doc = "Season notes: voice chat in ranked games is switched off in Platinum and above."
    answer = "Voice chat in ranked games is switched off in Platinum and below."
    [warning] = contradictions([doc], answer)
    assert 'says "below" where document 0 says "above"' in warning.suggestion
    assert contradictions([doc], answer.replace("below", "above")) == []
    # what it follows must be the same: another tier is another thing
    assert contradictions([doc], answer.replace("Platinum and below", "Gold and below")) == []


def test_a_swap_is_read_with_the_words_next_to_it_not_the_sentences_other_facts() -> None:
    doc = ("Agent: Welcome to Pellworth Mutual. Agent: We have flexible payment plans to help "
           "with the monthly cost. Agent: There are also add-ons for roadside help.")
    answer = ("A Pellworth Mutual agent walks a caller through the options, offering inflexible "
              "payment plans and various add-ons for roadside help and rental cars.")
    [warning] = contradictions([doc], answer)
    assert 'says "inflexible" where document 0 says "flexible"' in warning.suggestion
    assert contradictions([doc], answer.replace("inflexible", "flexible")) == []


def test_a_swap_said_of_the_same_thing_is_caught_though_its_subject_is_restated() -> None:
    doc = "Agent: At Pellworth Mutual we have flexible payment plans for every budget."
    answer = "The Pellworth Mutual agent suggests inflexible payment plans for every budget."
    [warning] = contradictions([doc], answer)
    assert 'says "inflexible" where document 0 says "flexible"' in warning.suggestion
    assert contradictions([doc], answer.replace("inflexible", "flexible")) == []


@pytest.mark.parametrize(
    ("docs", "answer"),
    [
        # one denial, not on both sides: "not explicit" says "implicit"
        (["The Kell study relied on implicit feedback from its users."],
         "The Kell study did not rely on explicit feedback from its users."),
        # WordNet's converses are told apart by the words around them
        (["Morrow Farms sold the north field to the Ashby cooperative in 2019."],
         "The Ashby cooperative bought the north field from Morrow Farms in 2019."),
        # the opposite word is said of another thing in another sentence
        (["The Vane lift ascends to the roof garden. The service stair descends to the car park."],
         "The Vane lift ascends to the roof garden."),
    ],
)
def test_wordnet_antonyms_leave_restatements_alone(docs: list[str], answer: str) -> None:
    assert contradictions(docs, answer) == []


def test_the_opposites_table_holds_wordnet_antonyms() -> None:
    assert "fire" in opposites_of("hired") and "hire" in opposites_of("fires")
    assert "correct" in opposites_of("incorrect")
    # comparatives by spelling rule or from WordNet's irregular forms; none for a long adjective
    assert "colder" in opposites_of("hotter") and "wors" in opposites_of("better")
    assert "thicker" in opposites_of("thinner") and "smallest" in opposites_of("biggest")
    assert opposites_of("cheaper") == opposites_of("cheap")  # "more expensive": no "-er" form


@pytest.mark.parametrize(
    ("docs", "answer"),
    [
        # a hyphenated compound is a name for a kind of thing, not a denial
        (["Tamber is a podcast app. Its creation tools let you record and edit episodes on your phone."],
         "Tamber is a no-fee podcast app whose creation tools let you record and edit episodes on your phone."),
        (["The Harlan shelter is a charity run by volunteers."],
         "The Harlan shelter is a not-for-profit charity run by volunteers."),
        # "not ... until" says when something began, not that it never did
        (["The Corra bridge opened to traffic in 1994 after nine years of work."],
         "The Corra bridge was not opened to traffic until 1994, after nine years of work."),
    ],
)
def test_compounds_and_time_scoped_denials_are_not_denials(docs: list[str], answer: str) -> None:
    assert contradictions(docs, answer) == []


def test_a_document_denial_scoped_in_time_is_not_read_as_a_denial() -> None:
    assert denial_spans("The Corra bridge was not opened until 1994.") == []
    assert denial_spans("A no-fee account for students.") == []
    assert denial_spans("The Corra bridge was not opened in 1994.") != []
    # the denial is still caught when the answer affirms what the document plainly denies
    assert contradictions(["The Corra bridge was not opened to traffic in 1994."],
                          "The Corra bridge was opened to traffic in 1994.") != []


def test_the_antonym_table_is_keyed_by_this_stemmer() -> None:
    # data/antonyms.txt is keyed by raguard's stems: rebuild it with scripts/build_synonyms.py when
    # the stemmer changes, or its pairs silently stop matching
    from raguard.normalize.polarity import opposite_key, opposite_table

    table = opposite_table()
    for said, opposite in (("hired", "fired"), ("explicit", "implicit"), ("upstream", "downstream"),
                           ("voluntary", "involuntary"), ("ascends", "descends")):
        assert opposite_key(opposite) in table[opposite_key(said)], (said, opposite)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("It isn't because the road is closed.", True),
        ("It's not that the fee is high.", True),
        ("The road isn't closed.", False),
        ("It is not.", False),
    ],
)
def test_a_denial_right_before_a_clause_opener_denies_the_link(text: str, expected: bool) -> None:
    [(_, cue_end)] = denial_spans(text)
    assert denies_a_link(text, cue_end) is expected


@pytest.mark.parametrize(
    ("text", "denials"),
    [
        # "no" before a join, a preposition or an article is a noun: a number's abbreviation
        ("Claim filed with policy no + receipt scan.", 0),
        ("Copied the order no to the invoice.", 0),
        ("The residents said no to the car park.", 0),
        # a determiner: what it denies follows
        ("There is no parking on the quay.", 1),
        ("No tolls are charged on the bridge.", 1),
    ],
)
def test_no_is_a_denial_only_as_a_determiner(text: str, denials: int) -> None:
    assert len(denial_spans(text)) == denials


def test_an_abbreviated_number_is_not_read_as_a_denial_the_answer_contradicts() -> None:
    doc = "Steps: claim filed today with policy no + receipt scan -> ref 5521."
    assert contradictions([doc], "The claim was filed today with the policy number and a receipt scan.") == []


def test_an_abbreviated_number_does_not_deny_for_the_answer_either() -> None:
    doc = "Steps: claim filed today. Copied policy no to the renewal form and the claim form."
    [warning] = contradictions([doc], "The policy number was not copied to the renewal form.")
    assert "Copied policy no to the renewal form" in warning.suggestion


def test_up_to_coordinator_stops_at_a_relative_clause_after_the_word_when_asked() -> None:
    from raguard.normalize.polarity import up_to_coordinator

    clause = "offers variable plans that cannot be paused"
    at = clause.index("variable")
    assert up_to_coordinator(clause, at) == clause
    assert up_to_coordinator(clause, at, relatives=True) == "offers variable plans "
    # before the word it stays: a relative clause the word sits in is the word's own
    inner = "plans that cannot be paused or moved"
    assert up_to_coordinator(inner, inner.index("paused"), relatives=True) == "plans that cannot be paused "
