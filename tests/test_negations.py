"""The negations checker: an answer that denies what a document states plainly is contradicted."""

from __future__ import annotations

import pytest

from raguard import Verifier, verify
from raguard.checkers import DEFAULT_CHECKERS
from raguard.models import CONTRADICTED_CLAIM
from raguard.normalize.polarity import denial_scope

DOC = "Warren Bryant was the CEO of Longs Drugs from 2002 to 2008."
QUERY = "Who ran Longs Drugs?"


def contradictions(query: str, docs: list[str], answer: str):
    return [w for w in verify(query, docs, answer).warnings if w.type == CONTRADICTED_CLAIM]


def test_denial_of_a_stated_fact_is_flagged_with_the_document_sentence() -> None:
    result = verify(QUERY, [DOC], "Warren Bryant was never the CEO of Longs Drugs.")
    [warning] = [w for w in result.warnings if w.type == CONTRADICTED_CLAIM]
    assert warning.severity == "high" and result.action == "review"
    assert (warning.start, warning.end) == (0, len("Warren Bryant was never the CEO of Longs Drugs."))
    assert "document 0 states it without negation" in warning.suggestion
    assert "Warren Bryant was the CEO of Longs Drugs" in warning.suggestion


def test_an_invented_denial_names_the_word_no_document_denies_not_a_statement_of_it() -> None:
    # the nearest sentence does not say "refunded" at all: the message must not claim that it
    # states the refund, only that nothing denies it
    doc = "Late entries are accepted with a fee of 20 euro."
    answer = "Late entries are not refunded, and the fee is 20 euro."
    [warning] = contradictions("Can I enter late?", [doc], answer)
    assert 'no document denies "refunded"' in warning.suggestion
    assert "without negation" not in warning.suggestion and doc in warning.suggestion


def test_a_denial_the_document_shares_is_a_supported_claim_with_evidence() -> None:
    doc = "The senator did not attend the vote on Tuesday."
    result = verify("Did the senator vote?", [doc], "The senator was not at the vote on Tuesday.")
    assert result.action == "proceed", result.warnings
    [claim] = [c for c in result.claims if c.checker == "negations"]
    assert claim.kind == "negation" and claim.supported
    assert claim.evidence is not None and claim.evidence.text == doc


@pytest.mark.parametrize(
    ("doc", "answer"),
    [
        ("The company declined to comment on the lawsuit.", "The company did not comment on the lawsuit."),
        ("Smith failed to qualify for the final in Paris.", "Smith did not qualify for the final in Paris."),
        ("The bridge remained unfinished in 1931.", "The bridge was not finished in 1931."),
        ("Ms. Ortega is the former chief executive of Ardent Labs.", "Ms. Ortega is no longer chief executive of Ardent Labs."),
        ("He was n't re-elected in 2019 .", "He wasn't re-elected in 2019."),
        ("The museum is closed on Mondays.", "The museum does not open on Mondays."),
    ],
)
def test_denial_in_other_words_in_the_document_passes(doc: str, answer: str) -> None:
    assert contradictions("What happened?", [doc], answer) == []


@pytest.mark.parametrize(
    ("query", "answer"),
    [
        # a refusal makes no claim
        ("Who ran Longs Drugs?", "The documents do not say who ran Longs Drugs."),
        # "No." before a number is an abbreviation, and "with no" describes
        ("Who ran Longs Drugs?", "Warren Bryant, the No. 1 at Longs Drugs, was CEO from 2002."),
        ("Who ran Longs Drugs?", "Warren Bryant was CEO of Longs Drugs with no break from 2002 to 2008."),
        # the question is negative: the negation is the question's
        ("Which company did Warren Bryant not run?", "Warren Bryant did not run Longs Drugs."),
        # a contrast with the question's other option ("X, not Y")
        ("Was Warren Bryant CEO of Longs Drugs or of Rite Aid?", "Warren Bryant was CEO of Longs Drugs, not Rite Aid."),
        # quoted text belongs to the quotes checker
        ("What did he say?", 'Warren Bryant said "I was never the CEO of Longs Drugs" in 2002.'),
    ],
)
def test_not_a_denial_of_the_documents(query: str, answer: str) -> None:
    assert contradictions(query, [DOC], answer) == []


def test_yes_no_particle_is_not_the_denial_but_the_rest_is_checked() -> None:
    assert contradictions("Was Bryant CEO?", [DOC], "No. Warren Bryant was CEO of Longs Drugs.") == []
    assert contradictions("Was Bryant CEO?", [DOC], "No, Warren Bryant was not CEO of Longs Drugs.")


def test_only_the_denying_clause_is_compared() -> None:
    # the clause "Rite Aid was not" shares too little with the document to judge
    answer = "Warren Bryant was the CEO of Longs Drugs, but he did not run Rite Aid."
    assert contradictions(QUERY, [DOC], answer) == []
    # a denial in the second clause of what the document states is flagged
    answer = "He worked in retail, but Warren Bryant was not the CEO of Longs Drugs."
    assert contradictions(QUERY, [DOC], answer)


def test_but_not_before_a_predicate_denies_it() -> None:
    doc = "The clinic runs evening workshops on sleep and reviews each patient's sleep diary with them."
    for joined in ("but not reviewing", "while not reviewing"):
        answer = f"The clinic runs evening workshops on sleep {joined} each patient's sleep diary."
        [warning] = contradictions("Summarize the document.", [doc], answer)
        assert "reviews each patient's sleep diary" in warning.suggestion
    # after a comma the same words set the answer against another option
    answer = "The clinic runs evening workshops on sleep, not reviewing each patient's sleep diary."
    assert contradictions("Summarize the document.", [doc], answer) == []


def test_but_not_before_an_option_the_question_names_is_a_contrast() -> None:
    doc = "Members can borrow e-books and audiobooks from the library app."
    answer = "Members can borrow e-books but not audiobooks from the library app."
    assert contradictions("Can members borrow audiobooks, or only e-books?", [doc], answer) == []
    # asked nothing of them, the answer denies what the document states
    assert contradictions("What can members borrow?", [doc], answer)


# a call whose agent says "we": a summary names the agent
CALL = ("Agent: Hello, thanks for calling Larkspur.\nClient: Hi, I want a week in Lisbon.\n"
        "Agent: We arrange guided walking tours in the old town for every booking.\nClient: Great.\n"
        "Agent: I will email the itinerary tonight.")


def test_a_speakers_we_is_the_speaker_when_a_denial_is_read_near_its_words() -> None:
    answer = ("The agent at Larkspur does not arrange guided walking tours for a client who wants a week in "
              "Lisbon with family in spring.")
    [warning] = contradictions("Summarize the call.", [CALL], answer)
    assert "We arrange guided walking tours" in warning.suggestion
    # the client's "we" is not the agent's
    client = CALL.replace("Agent: We arrange", "Client: We arrange").replace("Client: Great.", "Agent: Great.")
    assert contradictions("Summarize the call.", [client], answer) == []


def test_a_word_that_denies_only_in_some_uses_is_no_denial_where_the_answer_denies_that_word() -> None:
    # "exclusive" denies in some uses ("exclusive of VAT"); said plainly, it is what the answer denies
    # (read near the denied word: the long clause is what no one sentence says)
    call = ("Agent: Good morning, this is Pavla from Orchard.\nClient: Hello, I'd like city breaks, ski passes, "
            "rail tours or cruise deals.\nAgent: As a returning member, we have exclusive travel plans to offer "
            "this autumn.\nClient: Do I get loyalty points?\nAgent: Yes. I will send the brochure.")
    answer = ("A sales agent from Orchard does not have any exclusive travel plans to offer a returning member who "
              "is interested in city breaks, their ski passes, rail tours, and cruise deals, and asks about loyalty "
              "points.")
    [warning] = contradictions("Summarize the call.", [call], answer)
    assert "we have exclusive travel plans" in warning.suggestion
    # a word of denial the answer does not say still denies
    call2 = call.replace("we have exclusive travel plans to offer", "we have no exclusive travel plans to offer")
    assert contradictions("Summarize the call.", [call2], answer) == []


# a chat in which each speaker raises different things
CHAT = ("Priya: Hi both, the workshop is on Thursday in room B.\n"
        "Tomas: Great. I can bring the projector and the extension cable.\n"
        "Priya: Thanks! Is there parking near the venue?\n"
        "Tomas: I'll get there around nine.\n"
        "Ines: We don't have a budget for catering this time.")


@pytest.mark.parametrize("answer", [
    "Tomas offers help but does not mention the projector.",
    "Priya confirms the date, and Tomas never talks about the projector.",
    "Priya sets out the plan without asking about parking.",
])
def test_a_denial_that_a_speaker_said_something_is_read_against_their_turns(answer: str) -> None:
    [warning] = contradictions("Summarize the chat.", [CHAT], answer)
    assert "says it" in warning.suggestion
    assert ("I can bring the projector" in warning.suggestion) or ("Is there parking" in warning.suggestion)


@pytest.mark.parametrize("answer", [
    # another speaker raised it
    "Ines does not mention the projector.",
    # said, but not asked: a denial of asking needs a question
    "Tomas does not ask about the projector.",
    # the report is of an open question: what is denied is its answer
    "Tomas didn't say when he would get there.",
    # the speaker's sentence denies it herself
    "Ines does not mention a budget for catering.",
    # no speaker is named before the denial
    "The workshop notes do not mention the projector.",
])
def test_a_denial_that_a_speaker_said_something_is_left_alone_where_their_turns_do_not_say_it(answer: str) -> None:
    assert contradictions("Summarize the chat.", [CHAT], answer) == []


def test_a_denial_reaches_over_the_list_it_denies() -> None:
    doc = "Each episode looks at social, emotional and spiritual topics from new angles."
    answer = "The show never discusses social, emotional, and spiritual topics."
    [warning] = contradictions("Summarize the podcast.", [doc], answer)
    assert "Each episode looks at social" in warning.suggestion
    assert contradictions("Summarize the podcast.", [doc], answer.replace("never discusses", "discusses")) == []


def test_a_list_after_a_denial_ends_where_its_last_item_does() -> None:
    from raguard.checkers.negations._common import _list_end
    from raguard.normalize.text import clause_span

    def denied(text: str) -> str:
        begin, end = clause_span(text, text.index("not"))
        return text[begin:_list_end(text, end)]

    assert denied("It does not cover flights, hotels, or car hire, says the firm.") == (
        "It does not cover flights, hotels, or car hire")
    # a clause of its own after the comma is no list's item
    assert denied("The shop does not open on Sundays, and the cafe closes at five.") == "The shop does not open on Sundays"
    assert denied("It does not cover flights, which the firm books itself.") == "It does not cover flights"


@pytest.mark.parametrize("doc", [
    "Ferrycroft ships parcels to Wales but not to the Channel Islands.",
    "Ferrycroft ships parcels to Wales, though never to the Channel Islands.",
])
def test_a_plain_clause_beside_a_denial_of_the_answers_words_is_no_statement_of_them(doc: str) -> None:
    assert contradictions("What did they say?", [doc], "Ferrycroft does not ship parcels to the Channel Islands.") == []
    # what the sentence states plainly is still contradicted
    assert contradictions("What did they say?", [doc], "Ferrycroft does not ship parcels to Wales.")


def test_a_denial_beside_the_plain_clause_counts_only_for_what_the_answer_denies() -> None:
    # the answer's own "without dumplings" comes before its denial: the document's "no dumplings"
    # is no denial of what it denies
    answer = ("The stew comes with beef and carrots, and a vegetarian version without dumplings is not "
              "available on request.")
    assert contradictions("What did they say?", ["Vegetarian version available on request (no dumplings)."], answer)


def test_too_little_in_common_with_any_document_is_left_to_other_checkers() -> None:
    assert contradictions(QUERY, [DOC], "The weather was not good in Ohio.") == []


def test_the_checker_can_be_left_out() -> None:
    guard = Verifier(checkers=[c for c in DEFAULT_CHECKERS if c != "negations"])
    result = guard.verify(QUERY, [DOC], "Warren Bryant was never the CEO of Longs Drugs.")
    assert all(w.type != CONTRADICTED_CLAIM for w in result.warnings)
    assert "negations" in DEFAULT_CHECKERS


def test_denies_can_skip_the_answer_particle():
    from raguard.normalize.cues import denies

    assert denies("No, the canal is longer.") and not denies("No, the canal is longer.", after_particle=True)
    assert denies("No, it was not built.", after_particle=True) and denies("It is not long.", after_particle=True)
    assert not denies("No. 3 is longer.") and not denies("A room with no windows.", after_particle=True)


# A summary sentence fusing two of the document's: the clause holds more words than any one
# document sentence, so the denial is read with the words next to it.
FUSED_DOC = (
    "Harbor City opened its third desalination plant in May, officials said. "
    "The regional water board approved the tariff for the plant's first year of operation."
)


def test_a_denial_inside_a_sentence_that_fuses_several_is_read_near_its_words() -> None:
    answer = ("Harbor City officials who opened the third desalination plant in May and praised its engineers "
              "saw the regional water board not approve the tariff for the plant's first year.")
    [warning] = contradictions("Summarize the document.", [FUSED_DOC], answer)
    assert "The regional water board approved the tariff" in warning.suggestion
    # the same sentence without the denial is no contradiction
    assert contradictions("Summarize the document.", [FUSED_DOC], answer.replace("not approve", "approve")) == []


@pytest.mark.parametrize(
    "doc_sentence",
    [
        "The regional water board declined to approve the tariff for the plant's first year.",
        "Will the regional water board approve the tariff for the plant's first year?",
        "The regional water board did not approve the tariff for the plant's first year of operation.",
    ],
)
def test_a_denial_near_its_words_is_supported_when_a_document_denies_or_doubts_it(doc_sentence: str) -> None:
    doc = "Harbor City opened its third desalination plant in May, officials said. " + doc_sentence
    answer = ("Harbor City officials who opened the third desalination plant in May and praised its engineers "
              "saw the regional water board not approve the tariff for the plant's first year.")
    assert contradictions("Summarize the document.", [doc], answer) == []


def test_a_question_in_the_document_states_nothing_to_deny() -> None:
    chat = ("Lena: my laptop froze again . Priya: Did you update the driver before rebooting? . "
            "Lena: no , I'll try that")
    assert contradictions("Summarize the chat.", [chat], "Priya says Lena need not update the driver before rebooting.") == []
    # nor a denial: "is it not open? ." asks
    pool = "Tom: is the pool not open on sundays? . Ana: it opens at nine on sundays ."
    assert contradictions("Summarize the chat.", [pool], "The pool is open on Sundays.") == []
    # a plain statement elsewhere still contradicts the denial
    chat += " . Priya: I updated the driver before rebooting and it worked ."
    assert contradictions("Summarize the chat.", [chat], "Priya did not update the driver before rebooting.")


def test_an_un_word_next_to_the_denied_word_is_no_denial_unless_it_is_the_answers_word() -> None:
    doc = ("The Osk method estimates the uncertainties of features in each layer of the network "
           "with a sampling trick and merges them.")
    answer = ("The Osk method, tested on four benchmarks, estimates the uncertainties of features "
              "in no layer of the network and merges them.")
    assert contradictions("Summarize the paper.", [doc], answer)
    # "unstable" is the answer's "stable" with a prefix: the document says the denial itself
    doc2 = "The Osk training loop was unstable in each layer of the network during warm-up."
    answer2 = "The Osk training loop, run on four benchmarks, was not stable in each layer of the network."
    assert contradictions("Summarize the paper.", [doc2], answer2) == []


def test_a_denial_another_sentence_shares_is_supported_though_a_plain_one_shares_more_words() -> None:
    # the plain sentence shares the clause's words but not what is denied ("reading"); the turn
    # that denies it shares as many: the answer restates that one
    chat = ("Agent (Farah): Hi, thanks for contacting Lumen Energy support. How can I help?\n"
            "Customer (Osei): my meter has shown no reading since Monday\n"
            "Agent (Farah): I will book an engineer visit for Thursday morning.\n")
    answer = "Osei contacted Lumen Energy support because his meter has shown no reading since Monday."
    assert contradictions("What happened?", [chat], answer) == []
    # a turn that denies another word ("no bill") does not deny this one
    other = chat.replace("my meter has shown no reading since Monday",
                         "my meter has shown a reading but no bill since Monday")
    assert contradictions("What happened?", [other], answer)


@pytest.mark.parametrize("turn", ["Ilka: dont book the late train", "Ilka: we didnt book the late train",
                                  "Ilka: I cant book the late train"])
def test_a_chat_denial_written_without_its_apostrophe_is_a_denial(turn: str) -> None:
    chat = f"Ravi: should I book the late train?\n{turn}\nRavi: ok\n"
    denial = "Ilka says not to book the late train."
    assert contradictions("What did they decide?", [chat], denial) == []
    # and the answer that affirms it is contradicted
    assert contradictions("What did they decide?", [chat], "Ilka books the late train.")


def test_an_affirmation_fused_into_a_longer_sentence_is_read_against_the_denial_it_restates() -> None:
    doc = ("In a trial of 860 adults, those given the oral spray had 24% fewer colds than the placebo group over "
           "one winter. The effect was not statistically significant in participants over 70. No serious side "
           "effects were reported.")
    fused = ("Over one winter, adults given the oral spray had 24% fewer colds than those on placebo, although "
             "the effect was statistically significant in participants over 70.")
    [warning] = contradictions("What did the trial find?", [doc], fused)
    assert "The effect was not statistically significant" in warning.suggestion
    assert contradictions("What did the trial find?", [doc], fused.replace("was statistically", "was not statistically")) == []


def test_a_denial_of_the_present_allows_the_past() -> None:
    doc = "Pigeons were kept by hobbyists for centuries. People don't eat pigeons anymore in most of Europe."
    assert contradictions("", [doc], "In Europe pigeons were once kept by hobbyists and eaten by people.") == []
    assert contradictions("", [doc.replace(" anymore", "")], "In most of Europe people eat pigeons.")


@pytest.mark.parametrize("doc, denial", [
    ("Harlow Town have appointed former winger Ivo Marek as head coach.",
     "Harlow Town's new head coach is not Ivo Marek, a former winger."),
    ("The Fenn Valley line, closed in 1971, will reopen next year.",
     "The Fenn Valley line, which closed in 1971, is not due to reopen next year."),
    ("Free eye tests will be offered to all adults over 60 from May.",
     "Free eye tests will not be offered to adults over 60 from May."),
])
def test_a_word_that_denies_only_in_some_uses_is_no_denial_when_the_answer_says_it_too(doc: str, denial: str) -> None:
    # "former", "closed", "free" (and "reopen" against "closed") describe what both say
    assert contradictions("", [doc], denial)


def test_a_denial_restates_a_removal_in_the_document() -> None:
    doc = "Version 4.1 adds support for Windows 12 and removes support for Windows 8. The old export function was scrapped."
    answer = "Version 4.1 supports Windows 12 but no longer supports Windows 8, and the old export function is not available."
    assert contradictions("What changed?", [doc], answer) == []


def test_a_denial_does_not_reach_into_a_clause_of_its_own() -> None:
    # "not around that Ivo misses": "around" is denied (a stop word), not "misses"
    doc = "The shop that is not around that Ivo misses most is Halden's on Quay Street."
    assert contradictions("", [doc], "Ivo misses Halden's on Quay Street most.") == []
    assert contradictions("", ["Ivo does not miss Halden's on Quay Street."], "Ivo misses Halden's on Quay Street.")


def test_no_more_than_bounds_an_amount_and_denies_nothing() -> None:
    doc = "Children aged 6-11: one 5 ml spoonful every 4 hours, up to 4 times in 24 hours."
    answer = "Children aged 6 to 11 take one 5 ml spoonful every four hours, no more than four times in 24 hours."
    assert contradictions("", [doc], answer) == []


def test_a_comparative_after_no_bounds_an_amount_too() -> None:
    doc = "Ilse asked for a 15% discount; Bram said max 10% w/o director approval."
    answer = "Ilse asked for a 15% discount, and Bram said it could go no higher than 10% without director approval."
    assert contradictions("", [doc], answer) == []


def test_an_affirmation_restating_a_denied_clause_by_other_forms_is_contradicted() -> None:
    # "pregnancy" for the leaflet's "pregnant": a form of the same word, through the synonym table
    doc = "Do not take Velmora if you are pregnant. Take one capsule a day with water."
    assert contradictions("", [doc], "Velmora can be taken during pregnancy.")
    assert contradictions("", [doc], "Velmora should not be taken during pregnancy.") == []


def test_a_denial_inside_a_relative_clause_is_read_with_that_clause() -> None:
    # the main clause ("Mira recommends a new bakery") shares little with the document sentence;
    # the clause that denies ("where customers cannot taste the breads before buying") restates it
    doc = ("Mira: found a new bakery on Dock Street . Mira: customers can taste all the breads before "
           "buying . Jon: nice")
    denial = "Mira recommends a new bakery on Dock Street where customers cannot taste the breads before buying."
    assert contradictions("What did Mira say?", [doc], denial)
    assert contradictions("What did Mira say?", [doc], denial.replace("cannot", "can")) == []
    # the clause a denial sits in runs from the word that opens it to a coordinator after it
    text = "Kai calls a client who is not insured with them and offers a quote."
    cue = text.index("not")
    begin, end = denial_scope(text, cue, cue + 3)
    assert text[begin:end].strip() == "who is not insured with them"
    text = "Kai calls a client if she is not insured."
    assert denial_scope(text, text.index("not"), text.index("not") + 3) == (0, len(text))


def test_no_matter_concedes_and_denies_nothing() -> None:
    doc = "The Harlow gym offers every member a free induction, whatever their current fitness level."
    answer = "The Harlow gym offers every member a free induction, no matter their current fitness level."
    assert contradictions("", [doc], answer) == []
    assert contradictions("", [doc], "The Harlow gym offers no member a free induction.")


def test_a_denial_in_capitals_for_stress_is_a_denial() -> None:
    doc = "The outage hit the Redhill and Ashby sites. Customers in Ashby are NOT affected by the price change."
    assert contradictions("", [doc], "Customers in Ashby are affected by the price change.")
    assert contradictions("", [doc], "Customers in Ashby are not affected by the price change.") == []


def test_an_answer_clause_that_denies_the_word_keeps_the_sentence_from_affirming_it() -> None:
    doc = "18:00 Dinner cruise on the fjord - the cruise is not included in the weekend pass"
    faithful = "The weekend ends with a dinner cruise on the fjord at 18:00, which the weekend pass does not include."
    assert contradictions("", [doc], faithful) == []
    assert contradictions("", [doc], "The weekend ends with a dinner cruise on the fjord at 18:00, which the "
                                     "weekend pass includes.")


def test_an_affirmation_before_a_coordinated_denial_is_still_an_affirmation() -> None:
    doc = "Harwick Foods did not raise its dividend this year and has no plans to buy back shares."
    assert contradictions("", [doc], "Harwick Foods raised its dividend this year and has no plans to buy back shares.")
    # a denial before the coordinator reaches the word after it
    doc = "Season passes are not refundable and cannot be transferred."
    assert contradictions("", [doc], "Season passes can't be refunded or transferred.") == []


def test_a_number_or_a_time_does_not_end_a_clause() -> None:
    from raguard.normalize.text import clause_spans
    text = "had not repaid the £2,400 bond, within 14 days: by 16:30, then"
    assert [text[a:b].strip() for a, b in clause_spans(text)] == [
        "had not repaid the £2,400 bond", "within 14 days", "by 16:30", "then"]


def test_a_denial_in_a_that_clause_is_found_in_the_sentence_that_states_it() -> None:
    # the header names both parties and shares the most words; the sentence that denies the
    # repayment shares the words of the clause the denial sits in
    doc = ("Between: MR OSKAR VEDDER (Claimant) and HOLLAND BRIDGE ESTATES LTD (Defendant)\n"
           "2. I find that the bond was not repaid within 14 days of the tenancy ending.\n"
           "3. The Defendant shall repay the bond of £2,400 within 21 days.")
    answer = ("The judge found that Holland Bridge Estates had not repaid the £2,400 bond within 14 days of the "
              "tenancy ending.")
    assert contradictions("", [doc], answer) == []
    assert contradictions("", [doc], "The judge found that Holland Bridge Estates would not repay Oskar Vedder's "
                                     "£2,400 bond within 21 days.")


def test_words_whose_stems_open_one_another_are_no_opposites() -> None:
    doc = "The firm has 12,300 employees across Europe."
    assert contradictions("", [doc], "The firm employs about 12,300 people across Europe.") == []


def test_a_document_word_in_another_form_of_the_answers_is_no_denial() -> None:
    # "fired" denies ("was fired") only when it is not the answer's own word in another form
    doc = "## What went well\n- Smoke alarm fired within 40 seconds.\n"
    assert contradictions("", [doc], "The smoke alarm did not fire within 40 seconds.")


def test_an_opposite_counts_only_for_a_word_the_document_sentence_does_not_say() -> None:
    # "nightly" is the opposite of "day" in WordNet, but the sentence says "days" as the answer does
    doc = "## Schedule\n- Full export nightly at 01:15 UTC, kept for 90 days\n"
    assert contradictions("", [doc], "Full exports run every night at 01:15 UTC, and exports are not kept for 90 days.")


_SADDLE_DOC = ("In a study of 412 cyclists, riders using the padded saddle reported 31% less back pain than the "
               "control group over six months. The benefit was not statistically significant in riders over 65. "
               "No injuries were reported.")
_SADDLE_FUSED = ("Over six months, cyclists using the padded saddle reported 31% less back pain than the control "
                 "group, although the benefit was statistically significant in riders over 65.")


@pytest.mark.parametrize("before", [
    [],  # a new document: its sentences are counted before its denials are scanned
    ["Riders using the padded saddle reported less back pain."],  # cached, not scanned for denials
    [_SADDLE_FUSED],  # cached and scanned: the scan's answer is read first
])
def test_a_denial_outside_the_aligned_sentence_is_found_however_the_document_was_read_before(before: list[str]) -> None:
    verifier = Verifier()
    for answer in before:
        verifier.verify("What did the study find?", [_SADDLE_DOC], answer)
    warnings = [w for w in verifier.verify("What did the study find?", [_SADDLE_DOC], _SADDLE_FUSED).warnings
                if w.type == CONTRADICTED_CLAIM]
    assert len(warnings) == 1 and "The benefit was not statistically significant" in warnings[0].suggestion


def test_every_denial_of_a_sentence_is_read_not_only_its_first() -> None:
    # the first denial restates "unfurnished"; the second denies what the document states
    docs = ["The Fenwick flat is unfurnished. Pets are allowed with a deposit of £200."]
    answer = "The Fenwick flat is not furnished, and pets are not allowed."
    [warning] = contradictions("What does the listing say?", docs, answer)
    assert warning.severity == "high" and "Pets are allowed" in warning.suggestion


def test_a_denied_verb_of_the_stop_list_is_read_against_a_plain_statement_of_it() -> None:
    # "does not include" denies "include", which a record's "Includes ..." line states plainly
    docs = ["Hire agreement 5531\nVehicle: small van\nIncludes roadside assistance. A fuel charge does not apply."]
    answer = "Hire agreement 5531 is for a small van. The hire does not include roadside assistance and no fuel charge."
    [warning] = contradictions("What does the hire include?", docs, answer)
    assert "Includes roadside assistance" in warning.suggestion


def test_a_question_about_a_failure_or_a_loss_does_not_switch_the_denial_check_off() -> None:
    # only a question that denies ("Which rooms are not step-free?") is answered with denials
    docs = ["Boiler service 3 May: flue check passed. Pressure relief valve replaced."]
    answer = "The flue check did not pass, and the pressure relief valve was replaced."
    [warning] = contradictions("Did the boiler pass its service? What failed?", docs, answer)
    assert "flue check passed" in warning.suggestion
    assert contradictions("Which checks did not pass?", docs, answer) == []


def test_a_question_denying_something_else_does_not_switch_the_denial_check_off() -> None:
    # the question's denial reaches "sailed" only: the answer's denial of "includes" is its own
    docs = ["Harbour dinghy course: £95, includes the safety briefing and two hours on the water."]
    answer = "The dinghy course costs £95 and does not include the safety briefing."
    question = "I have never sailed before. What does the dinghy course cost?"
    [warning] = contradictions(question, docs, answer)
    assert "includes the safety briefing" in warning.suggestion
    # a denial that restates the question's is still left alone
    assert contradictions("Which parts of the course are not included?", docs, answer) == []


def test_a_denial_of_what_the_clause_is_about_outweighs_a_plain_sentence_about_something_else() -> None:
    # the sentence sharing most says "valid" of the Dublin shops; another denies it of others
    docs = ["Kestrel gift vouchers are valid for 12 months and can be used in any of our Dublin shops "
            "and online at kestrel.ie. Vouchers are not valid in our Northern Ireland shops."]
    answer = "No, Kestrel gift vouchers are not valid in the company's shops in Northern Ireland."
    assert contradictions("can i use my voucher in northern ireland, and what if i lose it?", docs, answer) == []
    # and a denial of what the plain sentence says is still contradicted
    answer = "Kestrel gift vouchers are not valid in the Dublin shops."
    assert len(contradictions("can i use my kestrel voucher in dublin?", docs, answer)) == 1


def test_a_refusal_in_one_clause_leaves_the_sentences_other_denials_checked() -> None:
    docs = ["All reviews for the Tarn workshop are anonymous. Up to 20 papers will be accepted."]
    answer = "Reviews are not anonymous, though the page does not say when decisions are sent."
    [warning] = contradictions("How are papers reviewed?", docs, answer)
    assert "reviews for the Tarn workshop are anonymous" in warning.suggestion
    assert contradictions("How are papers reviewed?", docs, "The page does not say when decisions are sent.") == []


def test_a_denial_of_the_things_complement_or_of_another_of_its_order_is_not_contradicted() -> None:
    # "non-approved garages" / "an approved garage": the denial is of the other garages
    policy = ["Repairs: use an approved garage; repairs at non-approved garages will not be reimbursed. "
              "Harlow Motors is an approved garage."]
    answer = "Harlow Motors is an approved garage, so the repair will be reimbursed."
    assert contradictions("Will I get the repair back?", policy, answer) == []
    assert contradictions("Will I get the repair back?", policy,
                          "Repairs at non-approved garages will be reimbursed.")  # the complement itself
    # "no second coat" / "the first coat": another of the order
    note = ["Site note 3 May: first coat of limewash on the gable done. Sorry, no second coat this week, "
            "the scaffold comes down Friday."]
    assert contradictions("How far did they get?", note, "The first coat of limewash on the gable was done this week.") == []
    assert contradictions("How far did they get?", note, "The second coat of limewash goes on this week.")


def test_a_question_of_a_qa_page_with_who_asked_after_it_states_nothing() -> None:
    # "Q: ...? — name · when": the question's mark is not at the sentence's end, yet it asks
    page = ["Questions & answers · Hollin Bank Lido\nQ: Do you take bookings for lanes? — Ravi S. · 2 weeks ago\n"
            "A: Walk-in only, sorry. — Response from the owner · 2 weeks ago"]
    assert contradictions("Can I book a lane?", page, "You can't book lanes; it's walk-in only.") == []
    # an answer after a dash is no asker: the line states it
    assert _asks_line("Is the lido heated? - No, it is not heated in winter.") is False


def _asks_line(text: str) -> bool:
    from raguard.checkers.negations._common import _asks

    return _asks(text)


def test_a_paper_of_the_retrieval_not_saying_something_is_a_refusal() -> None:
    # a receipt or a confirmation that cannot settle or does not say whether: no claim of the world
    docs = ["Dunmore Garden Centre - RECEIPT 0412 - 2 x compost 40L  GBP 13.98 - paid by card. "
            "Loyalty points are credited when the account is verified."]
    for answer in ("Whether the points reach her account this week is something this receipt can't settle.",
                   "The receipt doesn't say whether the points were credited."):
        assert contradictions("Did I get points?", docs, answer) == [], answer
    # what a paper does not include is still a claim of it
    assert contradictions("Did I get points?", docs, "The receipt does not list the compost.")


@pytest.mark.parametrize(
    ("doc", "denial"),
    [
        # an API page: the operation's summary and the note that denies share as many words
        ("Books a seat for a registered passenger. Seats cannot be swapped once booked.",
         "A seat cannot be exchanged after it has been booked."),
        # a table's header comes before the row that denies
        ("Age | Dose | Notes\n2 months | first dose | with food\nThe dose is not offered after 6 months of age.",
         "The first dose comes at 2 months, and the dose is not available past that age."),
    ],
)
def test_a_denial_is_supported_by_a_denying_sentence_that_ties_with_the_first_best(doc: str, denial: str) -> None:
    assert contradictions("", [doc], denial) == []
    # the same denial against a document whose tied sentences both state it is still flagged
    plain = doc.replace("cannot be", "can be").replace("is not offered", "is offered")
    assert contradictions("", [plain], denial)


def test_a_tied_sentence_that_denies_in_other_words_must_deny_around_the_same_words() -> None:
    # "cannot be swapped" restates "cannot be exchanged": the seat before the denial and the
    # booking after it, as in the answer
    denial = "A seat cannot be exchanged after it has been booked."
    assert contradictions("", ["Books a seat for a registered passenger. Seats cannot be swapped once booked."],
                          denial) == []
    # a tie whose denial denies something else of its own ("cannot tell you how many") supports nothing
    doc = "Books a seat for a registered passenger. I cannot tell you how many passengers booked a seat today."
    assert contradictions("", [doc], denial)


def test_a_sentence_whose_denial_is_in_another_clause_still_says_the_word_plainly() -> None:
    # the answer restates the first sentence; the second denies "allowed" of dogs, and the first
    # denies only the refund, in a clause of its own: it allows boarding plainly
    doc = ("If you reach the pier late you may be allowed to board the boat, but you will NOT get a refund. "
           "Dogs are not allowed to board the boat.")
    answer = "Reaching the pier late, you may still be allowed to board the boat, but you won't get a refund."
    assert contradictions("", [doc], answer) == []
    # where the first sentence denies boarding too, the answer is contradicted
    denied = doc.replace("you may be allowed to board the boat, but you will NOT get a refund",
                         "you will NOT be allowed to board the boat")
    assert contradictions("", [denied], answer)


# a spaced double hyphen is how plain text writes a dash: it ends a clause as " — " does, so a
# denial before it does not reach the words after it ("none -- you settle ...")
_HEATER = ["Heater guide\nRoom not warm -- The H-40 warms the air by convection; large rooms may stay cool.\n"
           "Fan noisy -- clean the grille."]


@pytest.mark.parametrize("docs, answer", [
    (["Harbour View Lodge\nDeposit: none -- you settle the bill on arrival.\nCheck-in from 3pm."],
     "- No deposit — you settle the bill on arrival."),
    (_HEATER, "Large rooms may stay cool at first, because the H-40 warms the air by convection."),
])
def test_a_denial_ends_at_a_spaced_double_hyphen(docs: list[str], answer: str) -> None:
    assert [w for w in verify("Tell me.", docs, answer).warnings if w.type == CONTRADICTED_CLAIM] == []


def test_the_denial_before_a_double_hyphen_is_still_read() -> None:
    assert [w.type for w in verify("Tell me.", _HEATER, "The H-40 warms the room quickly.").warnings] == [CONTRADICTED_CLAIM]


def test_a_spaced_double_hyphen_breaks_a_clause() -> None:
    from raguard.normalize.text import clause_spans

    text = "Deposit: none -- you settle the bill on arrival."
    assert [text[a:b].strip() for a, b in clause_spans(text)] == ["Deposit", "none", "you settle the bill on arrival."]
    text = "the 2019--2020 season"  # unspaced: a range, no break
    assert clause_spans(text) == [(0, len(text))]


def test_a_forms_fields_on_one_line_are_clauses_of_their_own() -> None:
    from raguard.normalize.text import clause_spans

    text = "Guest: Ines Moura  Age: 7   Dietary needs: none   Medication: inhaler (carries two)"
    assert [text[a:b].strip() for a, b in clause_spans(text)] == [
        "Guest", "Ines Moura", "Age", "7", "Dietary needs", "none", "Medication", "inhaler", "carries two", ""]
    # a table's cells stay one row's statement, and so do spaces before a word that is no label
    assert len(clause_spans("Kenmore Weir | River Tay | 2.41 | falling")) == 1
    assert len(clause_spans("The pump is not  running today")) == 1
    # "none" denies its field only, not the allergy the next field gives
    doc = ["Guest: Ines Moura  Age: 7   Dietary needs: none   Allergy: sesame (carries own inhaler x2)"]
    assert contradictions("", doc, "Ines carries her own two inhalers for her sesame allergy.") == []
    # a denial inside a field still denies what follows it there
    assert contradictions("", ["Guest: Ines Moura  Age: 7   Dietary needs: none   Medication: no inhaler needed"],
                          "Ines needs an inhaler.")


# a prohibition denies in a word of its own: "banned" restates a document's "no campfires"
_CAMPSITE = ["Pinewood campsite rules\n- no campfires between may and september, gas stoves only.\n"
             "- quiet hours from 10pm."]


@pytest.mark.parametrize("answer", [
    "Campfires are banned from May to September, so you'd cook on gas stoves then.",
    "Campfires are prohibited between May and September; use gas stoves instead.",
    "You are forbidden to light campfires between May and September.",
])
def test_a_prohibition_restates_a_denial(answer: str) -> None:
    assert [w for w in verify("What are the rules?", _CAMPSITE, answer).warnings if w.type == CONTRADICTED_CLAIM] == []


def test_a_permission_still_contradicts_the_denial() -> None:
    answer = "Campfires are allowed from May to September, so you can cook on them."
    assert CONTRADICTED_CLAIM in [w.type for w in verify("What are the rules?", _CAMPSITE, answer).warnings]


# a denial that ends its clause ("costs nothing") denies the word before it: a tied sentence that
# says the same ("cost nothing") supports it, though a heading shares as many words
_FARM_GAME = ["GAME RULES (p. 2)\nYOUR TURN: Take exactly three actions: Plant, Harvest, Trade or Rest.\n"
              "TRADING: When you Trade with a neighbour, the active player makes an offer and the neighbour "
              "may accept or decline. Declined trades cost nothing."]


def test_a_denial_ending_its_clause_is_supported_by_a_tie_denying_the_same_verb() -> None:
    answer = "Turning down a trade costs nothing."
    assert [w for w in verify("How does trading work?", _FARM_GAME, answer).warnings
            if w.type == CONTRADICTED_CLAIM] == []


def test_a_tie_denying_another_verb_supports_nothing() -> None:
    docs = [_FARM_GAME[0].replace("Declined trades cost nothing.", "Declined trades earn nothing.")]
    answer = "Turning down a trade costs nothing."
    assert [w.type for w in verify("How does trading work?", docs, answer).warnings] == [CONTRADICTED_CLAIM]


def test_a_prohibition_is_no_hedge_against_its_opposite() -> None:
    # "allowed" for "banned" is a swap of opposite words, the prohibition no denial that hides it
    docs = ["The council said on Monday that staff are banned from using the Chatter app on their work phones."]
    answer = "Council staff are now allowed to use the Chatter app on their work phones."
    assert CONTRADICTED_CLAIM in [w.type for w in verify("What did the council say?", docs, answer).warnings]


def test_a_hedge_in_a_relative_clause_after_the_swapped_word_is_no_hedge_of_it() -> None:
    docs = ["Caller: Can I spread the cost?\n"
            "Adviser: Yes, we offer fixed monthly instalments that suit a small budget."]
    swapped = "The adviser offers variable monthly instalments that only start in spring."
    said = [w.suggestion for w in verify("What did the adviser say?", docs, swapped).warnings
            if w.type == CONTRADICTED_CLAIM]
    assert any('"variable" where document 0 says "fixed"' in s for s in said)
    # a denial before the word still reaches it: "not variable" may restate "fixed"
    denied = "The adviser does not offer variable monthly instalments that can be paused."
    assert contradictions("What did the adviser say?", docs, denied) == []


@pytest.mark.parametrize(
    ("doc", "answer"),
    [
        # what is waived is not charged
        ("The booking fee is waived for returning members.", "Returning members are not charged the booking fee."),
        # what is contraindicated is not to be taken
        ("Contraindications: combined use with potassium-sparing diuretics (e.g. amiloride).",
         "Check that the patient is not on a potassium-sparing diuretic such as amiloride."),
        # what is insufficient is not enough
        ("The survey's sampling method is insufficiently described.",
         "The survey's sampling method is not described well enough."),
    ],
)
def test_a_document_word_of_waiver_contraindication_or_insufficiency_shares_the_denial(doc: str, answer: str) -> None:
    assert contradictions("What about it?", [doc], answer) == []


@pytest.mark.parametrize(
    "answer",
    [
        "The marina is free of mooring charges for stays under 6 hours.",
        "The marina is exempt from mooring charges for stays under 6 hours.",
    ],
)
def test_an_answer_free_of_or_exempt_from_a_thing_restates_its_denial(answer: str) -> None:
    doc = "No mooring charges for stays under 6 hours."
    assert contradictions("Do I pay to moor?", [doc], answer) == []
    # the same clause without the denial is still contradicted
    plain = "The marina has mooring charges for stays under 6 hours."
    assert contradictions("Do I pay to moor?", [doc], plain) != []


def test_a_request_for_what_the_document_says_is_not_so_is_no_contradiction() -> None:
    doc = ("The training and test periods overlap (2015-2020 vs 2018-2023). "
           "Error bars in Figure 2 are not reported.")
    answer = ("Their two main requests are: use training and test periods that do not overlap; "
              "and report the error bars in Figure 2.")
    assert contradictions("What does the referee want?", [doc], answer) == []
    # stated as facts, the same clauses are contradicted
    assert contradictions("What does the referee say?", [doc], "The training and test periods do not overlap.") != []
    assert contradictions("What does the referee say?", [doc], "The paper reports the error bars in Figure 2.") != []


def test_a_request_is_compared_with_a_document_that_requests_too() -> None:
    doc = "The auditors recommend that the reserve fund is drawn down this year."
    answer = "The auditors recommend that the reserve fund is not drawn down this year."
    assert contradictions("What do the auditors recommend?", [doc], answer) != []


def test_a_request_reaches_only_its_own_clause() -> None:
    doc = "Minutes: no vote was requested on item 7."
    answer = "The chair asked that members read item 7 beforehand, and a vote was requested on item 7."
    assert contradictions("What about item 7?", [doc], answer) != []


def test_a_denial_grounded_in_the_documents_word_of_state_is_supported() -> None:
    doc = ("Planning ref 24/0113 (Mill Yard). Applicant: Harlow Builders Ltd.\n"
           "History: 01/2025 - Application validated. 03/2025 - Application by Harlow Builders withdrawn.")
    answer = "The application from Harlow Builders did not go ahead; it was withdrawn in March 2025."
    assert contradictions("What happened to the application?", [doc], answer) == []


def test_a_word_of_state_in_a_clause_about_something_else_grounds_no_denial() -> None:
    doc = ("Road works: the Quay Street lot has already been closed for resurfacing.\n"
           "Parking charges possible on the seafront, which may change at short notice.")
    answer = ("Spaces are tight - the Quay Street lot has already been closed - "
              "though parking charges are not expected on the seafront.")
    assert contradictions("Where can I park?", [doc], answer) != []


TABLE = ("Reservoir | Level (%) | Trend | Notice\n"
         "Ashby | 91 | steady | normal\n"
         "Brackley | 64 | falling | DROUGHT ORDER\n"
         "Colwyn | 88 | rising | DROUGHT WATCH\n")


def test_a_denial_of_a_value_other_rows_of_a_table_give_in_that_column_is_supported() -> None:
    # the denial names the Ashby row, whose Notice is another value than the Brackley row's
    assert contradictions("Any restrictions?", [TABLE], "Ashby reservoir is not under a drought order.") == []


@pytest.mark.parametrize("answer", ["Brackley reservoir is not under a drought order.",
                                    "Colwyn reservoir is not under drought watch."])
def test_a_denial_of_the_value_of_the_row_it_names_is_contradicted(answer: str) -> None:
    assert contradictions("Any restrictions?", [TABLE], answer) != []


def test_a_tables_header_states_nothing_of_its_rows() -> None:
    doc = "Model | Bluetooth | Wi-Fi | NFC\nKX-1 | yes | - | -\nKX-2 | yes | yes | yes\n"
    assert contradictions("Does the KX-1 have them?", [doc], "The KX-1 does not support Wi-Fi or NFC.") == []


def test_a_tables_first_row_of_values_is_no_header() -> None:
    # without a header, the first row states its values like the others
    doc = TABLE.split("\n", 1)[1]
    assert contradictions("Any restrictions?", [doc], "Ashby reservoir is not steady.") != []
    assert contradictions("Any restrictions?", [doc], "Ashby reservoir is not under a drought order.") == []


def test_a_denial_of_a_saying_is_matched_on_what_is_said() -> None:
    # "says" is denied: the sentence that shares the speaker and "required" states nothing of Hungary
    docs = ["Form front page: a signed consent form is required for each visit; bring photo ID.",
            "Section 3 Vaccinations: -- none recorded --"]
    answer = "No vaccination is recorded, and the form does not say one is required for Hungary."
    assert contradictions("Can we take her to Hungary?", docs, answer) == []
    # a sentence that says what is said contradicts the denial still
    doc = "At the briefing the minister said the Tolworth plant would close in May."
    assert contradictions("What about the plant?", [doc], "The minister did not say the Tolworth plant would close in May.") != []


GAUGES = ("Gauge | River | Level (m) | Trend | Notice\n"
          "Oxley Lock | Tarrant | 2.10 | falling | Flood Watch\n"
          "Marsh End | Tarrant | 1.45 | rising | none\n")


@pytest.mark.parametrize("answer", ["The Tarrant at Oxley Lock is rising.",
                                    "The Tarrant at Oxley Lock is rising and is only on a Flood Watch."])
def test_an_opposite_word_in_the_row_the_answer_names_is_a_swap(answer: str) -> None:
    # the row is named by its first cell, in another order than the answer's words; a hedge of
    # another coordinate part ("only on a Flood Watch") does not hedge the rise
    [warning] = contradictions("How are the rivers?", [GAUGES], answer)
    assert '"rising"' in warning.suggestion and "Oxley Lock" in warning.suggestion


def test_the_rows_own_word_is_no_swap() -> None:
    assert contradictions("How are the rivers?", [GAUGES], "The Tarrant at Marsh End is rising.") == []


def test_a_reason_the_denying_clause_gives_in_the_documents_word_of_state_grounds_it() -> None:
    doc = "Linden Road Pool. Our swim club register is closed this term; we are accepting new lesson bookings."
    answer = ("Linden Road Pool isn't taking new swim club members this term because its club register is "
              "closed, but it is accepting new lesson bookings.")
    assert contradictions("Can I join?", [doc], answer) == []


def test_a_documents_instruction_to_check_it_is_not_so_does_not_deny_it() -> None:
    doc = "Fault F7 (no heat): check the pilot flame is not blown out and the gas valve is open."
    answer = "F7 means the boiler is not heating, usually because the pilot flame is blown out."
    assert contradictions("What is F7?", [doc], answer) == []
    # an instruction in the answer is compared with it
    told = "For F7, make sure the pilot flame is blown out."
    assert contradictions("What is F7?", [doc], told) != []


def test_a_line_giving_the_denied_thing_a_zero_supports_the_denial() -> None:
    doc = ("TIMESHEET  Week 14\n"
           "Standard hours        37.5     £562.50\n"
           "Night shift (0 shifts)    0.00     £0.00\n"
           "Note: the new uniform allowance starts this week.")
    answer = "She did no night shift this week, and a new uniform allowance starts this week."
    assert contradictions("Why is her pay lower?", [doc], answer) == []


def test_a_thing_that_cost_nothing_is_a_bills_zero_line() -> None:
    doc = ("Invoice 7731 - Harlow Vets\nVaccination booster (dog) ......... £48.00\n"
           "Annual examination (practice plan) ..... £0.00\nTOTAL ........ £48.00")
    answer = "The annual examination cost nothing, as she is on the practice plan."
    assert contradictions("Why only £48?", [doc], answer) == []
    # a thing the bill charges for did cost something
    assert contradictions("Why only £48?", [doc], "The vaccination booster for the dog cost nothing at all.") != []


def test_a_field_whose_label_names_the_denied_thing_and_gives_it_a_zero_supports_the_denial() -> None:
    doc = ("FORKLIFT ASSESSMENT\nCANDIDATE: TOMAS REYES\nRESULT: PASS\n"
           "CATEGORY A (MINOR) ERRORS: 4\nCATEGORY B (MAJOR) ERRORS: {major}\nNOTE: ANY MAJOR ERROR IS A FAIL.")
    answer = "Tomas passed with 4 minor errors, and he had no major errors."
    assert contradictions("Did Tomas pass?", [doc.format(major="0")], answer) == []
    # a label that gives it a count, or the other label's count, still states it
    assert contradictions("Did Tomas pass?", [doc.format(major="1")], answer) != []
    assert contradictions("Did Tomas pass?", [doc.format(major="0")], "Tomas passed, and he had no minor errors.") != []


def test_a_zero_right_after_the_denied_word_on_a_line_supports_the_denial() -> None:
    doc = ("CRANE HIRE - JOB 4471\nSITE: Dock Road, bay 3\nCHARGES: 1 CRANE X 4 HRS + WAITING {wait} HRS\n"
           "OPERATOR: B. Oduya")
    answer = "The crane worked for 4 hours, and no waiting was charged."
    assert contradictions("What was charged?", [doc.format(wait="0")], answer) == []
    # a count after the word states it
    assert contradictions("What was charged?", [doc.format(wait="2")], answer) != []


def test_a_time_of_day_is_no_zero() -> None:
    doc = "Night shift: 22:00-06:00, paid at time and a half.\nThe new uniform allowance starts this week."
    answer = "She did no night shift this week."
    assert contradictions("Did she work nights?", [doc], answer) != []


# A denial is judged against a sentence about the same thing: one that names the code the clause
# says it of, and says a word of the part of the clause the denial sits in.
_DEPLOY_LOG = ("Deploy log. Started job in /srv/ci/deploy-app-cluster at 02:00. Host app-05 deployed ok. "
               "Host app-07 timed out.")


def test_a_denial_said_of_a_code_is_not_judged_by_a_sentence_without_that_code() -> None:
    answer = "The rollout was partial: app-07 was never deployed because it timed out."
    assert contradictions("Did the rollout finish?", [_DEPLOY_LOG], answer) == []


def test_a_denial_said_of_a_code_is_judged_by_the_sentence_naming_it() -> None:
    doc = _DEPLOY_LOG.replace("app-07 timed out", "app-07 deployed ok")
    [warning] = contradictions("Did the rollout finish?", [doc], "The rollout was partial: app-07 was never deployed.")
    assert "Host app-07 deployed ok" in warning.suggestion


def test_a_denial_in_a_relative_clause_is_not_judged_by_a_sentence_restating_the_main_clause() -> None:
    doc = "Agent: We offer several parcel insurance plans for fragile goods. Buyer: I have no cover at the moment."
    answer = ("The shop contacts a buyer who is currently not insured with them and offers several parcel "
              "insurance plans for fragile goods.")
    assert contradictions("What happened on the call?", [doc], answer) == []
    # an adverb after the denial names nothing the relative clause is about either
    answer2 = answer.replace("is currently not insured", "is not presently insured")
    assert contradictions("What happened on the call?", [doc], answer2) == []
    # the main clause denied is still contradicted
    [_] = contradictions("What happened on the call?", [doc], "The shop does not offer parcel insurance plans for fragile goods.")


def test_a_denial_of_one_alternative_is_not_judged_by_a_table_header() -> None:
    doc = ("Clearance (ml/min)    Advised dose\n>= 60                200 mg\n30 - 59               100 mg\n"
           "< 30 / on dialysis    Not advised (no data)")
    answer = "Below 30 ml/min or on dialysis it is not advised, as there are no data."
    assert contradictions("Dose?", [doc], answer) == []
    # the row about it, stated plainly, contradicts the denial
    [warning] = contradictions("Dose?", [doc.replace("Not advised (no data)", "Advised: 50 mg")], answer)
    assert "on dialysis" in warning.suggestion


def test_an_affirmation_of_what_one_offer_excludes_and_another_includes_is_not_contradicted() -> None:
    # "included" (a verb of the stop list) is in no sentence index: the sentence that says it
    # plainly need hold only the answer's other words
    doc = ("BASIC — $100\n up to 8 guests · towels NOT included ($2 each)\n\n"
           "DELUXE — $150\n up to 12 guests · towels INCLUDED · drinks")
    assert contradictions("What does my package include?", [doc], "Towels are included in your package.") == []


def test_not_yet_is_read_in_one_clause_with_what_it_denies() -> None:
    answer = "The retest shows the medium finding is not yet closed."
    assert contradictions("Is it fixed?", ["Retest summary: the medium finding remains open after the patch."],
                          answer) == []
    assert contradictions("Is it fixed?", ["Retest summary: the medium finding was closed after the patch."], answer)


def test_an_item_left_unticked_on_a_form_denies_it() -> None:
    form = "SERIOUSNESS  [ ] resulted in death   [X] required hospital admission   [ ] life threatening"
    answer = "She was admitted to hospital; the case was not reported as life threatening."
    assert contradictions("Outcome?", [form], answer) == []
    form2 = "Disposition 4) ☒ Item(s) 2-5 are rejected.  5) ☐ Item(s) ___ is/are approved."
    assert contradictions("Outcome?", [form2], "No items are approved; items 2 to 5 are rejected.") == []


def test_cannot_without_restates_a_need() -> None:
    # "can't X without Y" denies doing X without Y: it says Y is needed, as the document does
    doc = "First-time dye customers need a sensitivity test two days before any dye service."
    answer = "As a first-time dye customer you can't have the dye service without a sensitivity test."
    assert contradictions("Can I dye my hair at the salon?", [doc], answer) == []


def test_an_affirmation_naming_a_code_is_not_contradicted_by_a_denial_of_another_thing() -> None:
    # the denying sentence is about positive isolation in general, the answer about K-220
    sheet = ("ISOLATION SHEET IS-55\nK-220 motor breaker locked off and tagged.\n"
             "Positive isolation (blinds): NOT required per assessment RA-B2-07 (water service).")
    answer = "According to isolation sheet IS-55, K-220 appears isolated as required."
    assert contradictions("Is pump K-220 safe to open?", [sheet], answer) == []
    # a denial said of that code is still contradicted
    sheet2 = sheet.replace("Positive isolation (blinds)", "Positive isolation of K-220 (blinds)")
    answer2 = "According to isolation sheet IS-55, positive isolation of K-220 is required."
    assert contradictions("Is pump K-220 safe to open?", [sheet2], answer2)


def test_an_answer_denying_in_its_own_words_restates_the_denial() -> None:
    doc = ("Observation 2. Specifically, 3 of 4 cleaning runs on Line 2 did not include the "
           "hardest-to-reach valve cluster.")
    answer = "Three of the four cleaning runs on Line 2 left out the hardest-to-reach valve cluster."
    assert contradictions("What was found?", [doc], answer) == []
    assert contradictions("What was found?", [doc], answer.replace("left out", "covered"))


def test_a_word_that_marks_a_time_is_not_affirmed() -> None:
    # "before slicing" says when, as "do not slice for 30 min" does
    doc = "Roast at 200C for 50 min.\n- rest the joint, do NOT slice for at least 30 min after roasting"
    answer = "Rest the joint for at least 30 minutes before slicing it."
    assert contradictions("When can I carve it?", [doc], answer) == []
    assert contradictions("When can I carve it?", [doc], "Slice the joint straight after roasting.")


def test_a_one_word_clause_affirming_what_a_one_word_denial_denies_is_contradicted() -> None:
    # a spec sheet's fragment names no subject, nor does the answer's "it": the word is the claim
    doc = "Kestrel K2 lantern\nBattery ........ 18 hours\nNot dimmable. Do not leave in direct sun."
    assert contradictions("Tell me about the lantern.", [doc], "The Kestrel K2 lasts 18 hours. It is dimmable.")
    # a fragment is read though the answer's sentence is aligned elsewhere and shares one word with it
    assert contradictions("Tell me about the lantern.", [doc],
                          "The Kestrel K2 lasts 18 hours. It is dimmable, but keep it out of direct sun.")
    assert contradictions("Tell me about the lantern.", [doc], "The Kestrel K2 lasts 18 hours. It isn't dimmable.") == []
    # the word said plainly elsewhere clears it, and a clause with more words needs them covered
    said = [doc, "Kestrel K2 Pro lantern\nThe K2 Pro is dimmable."]
    assert contradictions("Tell me about the lantern.", said, "The Kestrel K2 lasts 18 hours. It is dimmable.") == []
    assert contradictions("Tell me about the lantern.", [doc],
                          "The Kestrel K2 lasts 18 hours. Its warm glow is dimmable.") == []


def test_a_denial_reaches_the_list_its_colon_opens() -> None:
    # "not included:" heads a list: each item is denied, though punctuation splits the clause
    doc = "Membership perks.\nWhat the basic plan does not include: sauna sessions; towel hire; guest passes."
    answer = "The basic plan includes sauna sessions, towel hire and guest passes."
    assert contradictions("What do I get?", [doc], answer)
    assert contradictions("What do I get?", [doc], "The basic plan does not include sauna sessions.") == []


def test_a_colon_after_a_whole_denial_gives_its_reason_which_is_not_denied() -> None:
    # "Do not pay if you dispute any item:" says all it denies; what follows the colon is why
    doc = ("Invoice INV-5521 from Tarrow Plumbing, £340. Do not pay if you dispute any item: payment counts as "
           "accepting every charge.")
    answer = "If you dispute an item on the Tarrow Plumbing invoice, do not pay it, because paying counts as accepting every charge."
    assert contradictions("What should I do?", [doc], answer) == []
    # (a denial that names little more than its word still reaches the list after its colon: the test above)


def test_a_denial_of_another_part_of_the_sentence_does_not_support_the_answers() -> None:
    # the document denies that the quotes are final, not that they are in euros
    doc = "Quotes are in euros and are not final."
    answer = "The quotes are not in euros and are not final."
    assert contradictions("What about the quotes?", [doc], answer)
    assert contradictions("What about the quotes?", [doc], "The quotes are in euros and are not final.") == []
    # a negation that reaches the denied word still supports it
    doc2 = "Quotes are not in euros and are final."
    assert contradictions("What about the quotes?", [doc2], "The quotes are not in euros.") == []


def test_a_negation_in_a_part_set_against_the_one_before_may_deny_it() -> None:
    from raguard.checkers.negations.document_denies import _denial_apart
    from raguard.normalize.text import Token

    head = Token("preserve", 0, 8)
    reached = ({"kit", "preserv", "fresh"}, {"preserv", "fresh"})
    joined = "The kits preserve freshness and our tests are not finished."
    assert _denial_apart(joined, head, reached, ["kits", "preserve", "freshness"], frozenset())
    # "..., but ...": the later part may deny what the earlier says
    contrasted = "The kits preserve freshness, but our tests show this is not so."
    assert not _denial_apart(contrasted, head, reached, ["kits", "preserve", "freshness"], frozenset())


def test_a_denial_of_the_word_said_of_another_thing_does_not_hedge_the_answer() -> None:
    doc = "Kerbside pickup rules.\nPaint tins are not collected.\nNo garden waste is collected in January."
    answer = "No garden waste is collected in January, but paint tins are also collected."
    assert contradictions("What do they take?", [doc], answer)
    # the answer's other clause denies it of the same thing: a hedge of its own
    hedged = "Paint tins are collected on request, but paint tins are not collected at the kerb."
    assert contradictions("What do they take?", [doc], hedged) == []


def test_a_word_of_the_same_modal_force_affirms_what_a_denial_of_permission_denies() -> None:
    doc = "Branch facilities.\nCycle storage is not available at the Dockside branch."
    assert contradictions("Can I park my bike?", [doc], "At the Dockside branch you can use the cycle storage.")
    # need is another force: what is not available may still not be needed
    assert contradictions("Can I park my bike?", [doc],
                          "At the Dockside branch you must book the cycle storage.") == []
    doc2 = "Registration rules.\nA photo ID is not required for members under 16."
    assert contradictions("What do I bring?", [doc2], "Members under 16 must show a photo ID.")
    assert contradictions("What do I bring?", [doc2], "Members under 16 can show a photo ID.") == []


def test_a_word_of_modal_force_is_read_with_the_subject_of_the_denied_state() -> None:
    # what the state is said of stands before the denial: "Cycle storage is not available"
    doc = "Branch facilities.\nCycle storage is not available at the Dockside branch."
    answer = "The Dockside branch opens at nine, and it allows cycle storage."
    assert contradictions("Can I park my bike?", [doc], answer)
    # a clause about another thing shares no word of it
    assert contradictions("Can I park my bike?", [doc], "The Dockside branch opens at nine, and it allows dogs.") == []


def test_a_clause_without_a_subject_of_its_own_is_read_with_the_sentences_subject() -> None:
    doc = "Show notes, episode 88 (41 minutes, out 2 March). This episode is NOT sponsored."
    answer = "Episode 88 runs 41 minutes, came out on 2 March, and is sponsored."
    assert contradictions("Tell me about episode 88.", [doc], answer)
    assert contradictions("Tell me about episode 88.", [doc],
                          "Episode 88 runs 41 minutes, came out on 2 March, and is not sponsored.") == []


def test_a_parenthesis_after_a_denial_lists_what_it_denies_not_more_of_the_claim() -> None:
    # the parenthesis gives examples of what is not included; an answer that names them with
    # "including" restates the denial ("needs a separate licence")
    doc = "Licence terms.\n(b) Streaming use NOT included (podcasts, radio, video sites) -- separate licence required."
    answer = "The licence covers print only; streaming use, including podcasts and radio, needs a separate licence."
    assert contradictions("Can we stream it?", [doc], answer) == []


LODGE = "RESERVATION SUMMARY - Lakeside Lodge, Bergen\nGuests: 2 adults\nRefund policy: {policy}"


def test_a_sentence_lacking_the_denied_word_is_no_contradiction_where_the_documents_only_deny_it() -> None:
    # the heading shares most words with the answer, but only the policy line says "refunded",
    # and it denies it: the answer restates the policy
    doc = LODGE.format(policy="This fare cannot be refunded or exchanged.")
    assert contradictions("Can I get my money back?", [doc], "Your reservation at Lakeside Lodge can't be refunded.") == []


def test_a_sentence_lacking_the_denied_word_still_contradicts_where_a_document_states_it() -> None:
    doc = LODGE.format(policy="This fare can be refunded up to 48 hours before arrival.")
    [warning] = contradictions("Can I get my money back?", [doc], "Your reservation at Lakeside Lodge can't be refunded.")
    assert "RESERVATION SUMMARY" in warning.suggestion


TRAVEL = ("Section 2 - Travel cover\n2.1 We will refund cancelled flights.\n2.2 We will {lead}:\n"
          "  (a) trips booked against medical advice;\n  (b) losses from strikes announced before you booked.")


def test_an_item_of_a_list_whose_lead_line_denies_is_denied_too() -> None:
    answer = "Losses from strikes announced before you booked are not refunded."
    assert contradictions("Am I refunded if there is a strike?", [TRAVEL.format(lead="not refund")], answer) == []
    # the same item under a lead line that denies nothing is stated plainly
    [warning] = contradictions("Am I refunded if there is a strike?", [TRAVEL.format(lead="also refund")], answer)
    assert "(b) losses from strikes" in warning.suggestion


def test_a_denied_saying_that_reports_too_little_to_compare_is_not_read_against_its_sayer() -> None:
    doc = "INSPECTION REPORT (Confidential) Issued: 04/02/2026\nThe kitchen passed the hygiene check.\nOverall grade: 7 of 10."
    query = "How did the inspection go?"
    assert contradictions(query, [doc], "The inspection report doesn't say whether that's a pass.") == []
    # what it reports, when there is enough of it, is compared as before
    [warning] = contradictions(query, [doc], "The inspection report doesn't say the kitchen passed the hygiene check.")
    assert "The kitchen passed the hygiene check." in warning.suggestion


def test_a_denied_reason_is_not_read_against_a_sentence_stating_the_reason_s_words() -> None:
    doc = "Flight LX 318 to Geneva is delayed.\nReason: crew rest rules.\nThe weather in Geneva is clear."
    query = "Why is my flight late?"
    assert contradictions(query, [doc], "It isn't because of the weather in Geneva; the crew needs rest.") == []
    [warning] = contradictions(query, [doc], "The weather in Geneva isn't clear.")
    assert "The weather in Geneva is clear." in warning.suggestion


def test_a_denial_another_sentence_restates_by_the_opposite_word_is_supported() -> None:
    first = "The reading room will open on Monday 4 May with the rest of the library."
    update = "UPDATE: the reading room will stay closed until June because of a leak."
    answer = "The library reopens on Monday, but the reading room won't be open then."
    assert contradictions("When does the library reopen?", [first + "\n" + update], answer) == []
    # without the update, the first sentence states it plainly
    [warning] = contradictions("When does the library reopen?", [first], answer)
    assert "The reading room will open on Monday" in warning.suggestion


@pytest.mark.parametrize("rule", ["Vehicles shall n0t be parked on the grass verge.",
                                  "N0 vehicles shall be parked on the grass verge by the l0dge."])
def test_a_denial_an_ocr_pass_wrote_with_a_zero_is_read_as_a_denial(rule: str) -> None:
    doc = f"PARKING PERMIT C0NDITIONS\n1. {rule}\n2. Permits must be displayed."
    assert contradictions("Where can I park?", [doc], "Vehicles must not be parked on the grass verge.") == []


def test_a_zero_in_a_code_or_a_figure_is_no_letter() -> None:
    from raguard.checkers.negations.document_denies import _misread_zeros
    assert _misread_zeros("Room 101 has 0 windows; see form A0.") == "Room 101 has 0 windows; see form A0."
    assert _misread_zeros("N0 windows in the n0rth wall") == "NO windows in the north wall"
    # a stated fact with zeros misread is still stated
    doc = "PARKING PERMIT C0NDITIONS\n1. Vehicles may be parked on the grass verge.\n2. Permits must be displayed."
    assert contradictions("Where can I park?", [doc], "Vehicles must not be parked on the grass verge.")


PERMIT_NOTICE = "From: CityParking\nPermit status: {status} - awaiting payment of the permit fee (£45.00)\nPay within 14 days."
PERMIT_FAQ = ("Q. Is there a fee? A. Yes. The resident pays a permit fee (£45) unless they hold a blue badge, "
              "in which case the permit fee is marked as paid.")


def test_a_denial_given_as_the_ground_of_a_state_the_documents_say_restates_it() -> None:
    answer = "CityParking's notice shows the permit as pending, because the £45 permit fee hasn't been paid."
    assert contradictions("Is my permit active?", [PERMIT_NOTICE.format(status="PENDING"), PERMIT_FAQ], answer) == []
    # a state the documents do not say grounds nothing: the rule's sentence states the fee paid
    assert contradictions("Is my permit active?", [PERMIT_NOTICE.format(status="RECEIVED"), PERMIT_FAQ],
                          answer.replace("pending", "on hold"))


def test_a_tie_between_two_cases_one_plain_and_one_denied_tells_no_contradiction() -> None:
    doc = ("MEALS\nPREMIUM TICKETS ALSO INCLUDE A HOT MEAL ON BOARD. STANDARD TICKETS DO NOT INCLUDE A HOT MEAL; "
           "ONE CAN BE BOUGHT FOR £9.")
    answer = "A hot meal isn't part of the ticket, but you can buy one for £9."
    assert contradictions("Is food included on a standard ticket?", [doc], answer) == []
    # a tied sentence that denies another word sets no case against the plain one
    other = doc.replace("DO NOT INCLUDE A HOT MEAL", "DO NOT OFFER SEAT CHOICE WITH A HOT MEAL")
    assert contradictions("Is food included on a standard ticket?", [other], answer)


def test_a_form_s_n_a_denies_as_not_applicable() -> None:
    doc = "SERVICE SHEET - Compressor K-7\n1 Change oil filter ........ DONE\n2 Check drive belt tension ........ {mark} (gear drive)"
    answer = "The oil filter was changed; the drive belt tension check didn't apply to this unit."
    assert contradictions("What was done?", [doc.format(mark="N/A")], answer) == []
    assert contradictions("What was done?", [doc.format(mark="DONE")], answer)


def test_a_zero_in_a_cell_of_a_layout_s_line_denies_the_thing_it_gives() -> None:
    doc = "FEES SUMMARY\nCharges paid once        Setup fee {fee}   Closing fee 0.00\nYearly charges           Account fee 1.20%"
    answer = "There's no setup fee or closing fee; the account fee comes to 1.20% a year."
    assert contradictions("What does it cost?", [doc.format(fee="0.00")], answer) == []
    # (the zero of the next cell is not the setup fee's)
    assert contradictions("What does it cost?", [doc.format(fee="25.00")], answer)


_SHIFTS = ("Hi Ravi,\nHere are your shifts this week (a bonus and tips are paid for every peak-hour shift):\n"
           "Shift 3 | Tue 7 Apr | 11:00-15:00 | orders 9 | tips £0.00 | bonus £0.00\n"
           "Shift 4 | Sat 11 Apr | 18:00-22:00 | orders 14 | tips £8.50 | bonus £6.00")


def test_a_zero_in_a_table_s_cell_denies_the_thing_for_the_row_the_answer_restates() -> None:
    answer = "On Tuesday 7 April you delivered 9 orders, but there was no bonus and no tips."
    assert contradictions("Did I earn a bonus?", [_SHIFTS], answer) == []
    # the other row gives them: its shift is not denied by this row's zeros
    other = "On Saturday 11 April you delivered 14 orders, but there was no bonus and no tips."
    assert contradictions("Did I earn a bonus?", [_SHIFTS], other)
    # a cell's zero past other words is another thing's value, not the word's
    doc = ("No | Point | State | Checked by\n1 | Inlet valve V-8 | CLOSED and locked | Ana Ruiz\n"
           "2 | Vent valve V-9 | OPEN to the tank; gauge PG-9 reads 0 bar | Ana Ruiz")
    answer = "The inlet valve V-8 is closed and locked, and the vent valve V-9 is not open to the tank."
    assert contradictions("Is the line isolated?", [doc], answer)


_PITCH_BOOKING = ("Booking BK-2291, Pine Hollow Campsite\nINCLUDED IN YOUR PITCH\nHot showers | Wi-Fi in the lodge\n\n"
                  "UNAVAILABLE (not bookable this week)\nFirewood bundle £6 | Kayak hire £15")


def test_a_heading_that_denies_titles_the_lines_under_it() -> None:
    answer = "The firewood bundle and the kayak hire aren't available, so you can't book them this week."
    assert contradictions("What can I book?", [_PITCH_BOOKING], answer) == []
    # the heading over the showers denies nothing
    other = "The hot showers and the Wi-Fi in the lodge aren't available this week."
    assert contradictions("What can I book?", [_PITCH_BOOKING], other)
    # a blank line ends a heading's section
    apart = _PITCH_BOOKING.replace("UNAVAILABLE (not bookable this week)\n", "UNAVAILABLE (not bookable this week)\n\n")
    assert contradictions("What can I book?", [apart], answer)


_MOVED = ("Hi Tomas, quick update: the organiser has moved your stall from the east car park to the market "
          "square (by the fountain), same pitch size.")


@pytest.mark.parametrize("answer", [
    "Your stall is no longer in the east car park: the organiser has moved it to the market square.",
    "Your stall is not in the east car park anymore; the organiser has moved it to the market square, by the fountain.",
])
def test_what_a_thing_changed_from_it_no_longer_is(answer: str) -> None:
    assert contradictions("Where is my stall?", [_MOVED], answer) == []


def test_no_longer_is_still_read_against_a_sentence_that_gives_no_change() -> None:
    doc = "Your stall is in the east car park, next to the market square (by the fountain)."
    answer = "Your stall is no longer in the east car park, next to the market square."
    assert contradictions("Where is my stall?", [doc], answer)
    # a change from another place, or a plain "not", says nothing of it
    from raguard.checkers.negations.document_denies import _changed_from

    assert _changed_from(_MOVED, "no longer in the east car park")
    assert not _changed_from(_MOVED.replace("from the east", "from the west"), "no longer in the east car park")
    assert not _changed_from(_MOVED, "not in the east car park")


def test_prefixed_twins_answer_as_the_test_per_word():
    """One set of twins tested against a document sentence's words says what a _prefixed_twin
    test of each answer word said."""
    import random

    from raguard.checkers.negations.swaps import _prefixed_twin, _prefixed_twins

    rng = random.Random(3)
    pieces = ["un", "non", "a", "do", "ne", "able", "crewed", "x", "n", "o"]
    for _ in range(5000):
        words = ["".join(rng.choice(pieces) for _ in range(rng.randint(1, 4))) for _ in range(rng.randint(0, 6))]
        said = frozenset("".join(rng.choice(pieces) for _ in range(rng.randint(1, 5))) for _ in range(rng.randint(0, 30)))
        assert any(_prefixed_twin(w, said) for w in words) == (not _prefixed_twins(words).isdisjoint(said))


DEPOT_HOURS = "Opening hours: weekdays 8:00-18:00 at the Marlow Road depot, Saturdays 9:00-13:00 at the Brook Street yard."
DEPOT_NOTICE = "Notice: the Marlow Road depot closes early on 3 June for a staff event.\nThe Brook Street yard is unaffected."


def test_an_opposite_in_another_document_than_the_aligned_one_is_read() -> None:
    # the answer sentence shares most with the hours (its aligned document); the notice says
    # the opposite of its last word
    [warning] = contradictions("Is the yard open?", [DEPOT_HOURS, DEPOT_NOTICE],
                               "On Saturdays 9:00-13:00 the Brook Street yard is affected.")
    assert "document 1" in warning.suggestion and '"unaffected"' in warning.suggestion
    assert contradictions("Is the yard open?", [DEPOT_HOURS, DEPOT_NOTICE],
                          "On Saturdays 9:00-13:00 the Brook Street yard is unaffected.") == []


def test_clauses_with_other_figures_report_two_things() -> None:
    from raguard.checkers.negations.swaps import _other_figures
    assert _other_figures("where revenue climbed 9.2% to $41.7 million", "Retail revenue decreased 1.3% to $12.9 million.")
    assert not _other_figures("Retail revenue climbed 1.3% to $12.9 million", "Retail revenue decreased 1.3% to $12.9 million.")
    assert not _other_figures("output rose 1,204 units", "output fell by 1204 units")  # (as written, commas aside)
    assert not _other_figures("revenue climbed", "Retail revenue decreased 1.3%.")  # (a clause without figures)


@pytest.mark.parametrize("doc", [
    "LECTURER: and the lab report is due Monday, not Wednesday, I pushed it back.",
    "Note that the lab report is not due on Wednesday but on Monday.",
    "The lab report deadline is Monday rather than Wednesday this term.",
])
def test_a_contrast_turned_round_is_contradicted(doc: str) -> None:
    [warning] = contradictions("When is it due?", [doc], "The lab report is due on Wednesday rather than Monday.")
    assert "turns round" in warning.suggestion and "Monday" in warning.suggestion
    assert contradictions("When is it due?", [doc], "The lab report is due on Monday rather than Wednesday.") == []
    assert contradictions("When is it due?", [doc], "The lab report is due on Monday, not Wednesday.") == []


def test_a_contrast_the_documents_also_set_the_answers_way_is_left_alone() -> None:
    docs = ["Refunds go to the card, not the gift balance.", "Store credit: to the gift balance, not the card."]
    assert contradictions("Where do refunds go?", docs, "Store credit goes to the gift balance rather than the card.") == []


def test_contrasts_are_read_with_their_two_words() -> None:
    from raguard.checkers.negations.contrasts import contrasts
    assert [c[:2] for c in contrasts("Pay by card instead of cash.")] == [("card", "cash")]
    assert [c[:2] for c in contrasts("It opens not on Monday but on Tuesday.")] == [("tuesday", "monday")]
    assert [c[:2] for c in contrasts("The 6.1%, not the 6.8% first reported.")] == [("6.1%", "6.8%")]
    assert list(contrasts("The report is not ready.")) == []  # (no contrast without its marker)
    assert list(contrasts("It is the one, not the other.")) == []  # (function words)


def test_what_a_document_states_as_planned_has_not_happened_yet() -> None:
    log = ["Shift log 3 March: crane inspection passed. Pump 2 restart planned after the seal swap, "
           "pending QA sign-off. Scaffold strike complete."]
    for answer in ("Pump 2 has not been restarted yet.", "Pump 2 hasn't restarted yet."):
        assert contradictions("Where are we?", log, answer) == [], answer
    # without "yet" a denial may deny the plan itself ("is not due to reopen" / "will reopen")
    assert contradictions("Where are we?", log, "Pump 2 has not been restarted.")
    # a thing the log states as done is still contradicted when denied
    assert contradictions("Where are we?", log, "The scaffold strike is not complete.")
    # and the plan must be said of the denied thing: "scheduled" six words away says nothing of it
    report = ["The audit was finished on 2 May and the board meeting that reviews it is scheduled for June."]
    assert contradictions("Status?", report, "The audit was not finished.")


def test_what_a_notice_leaves_to_be_done_has_not_been_done_yet() -> None:
    # "to be fixed", "to be confirmed": a notice says it is still to come
    notice = ["Under-14 cup tie v Marlow Vale called off (frozen pitch). Replacement fixture to be arranged."]
    assert contradictions("Is it on?", notice, "No replacement fixture has been arranged yet.") == []
    assert contradictions("Is it on?", notice, "The replacement fixture hasn't been arranged yet.") == []
    # a thing the notice states as done is still contradicted when denied
    assert contradictions("Is it on?", notice, "The cup tie against Marlow Vale has not been called off yet.")


def test_a_fields_value_denies_its_label() -> None:
    # a form's or a spec sheet's field: "No" as the value of "Pets allowed" says pets are not allowed
    doc = "Harbour Loft - listing\nSleeps: 4\nPets allowed: No\nSmoking permitted - no\nParking: street only"
    assert contradictions("Can we bring the dog?", [doc], "The loft sleeps 4 and pets are allowed.")
    assert contradictions("Can we bring the dog?", [doc], "The loft sleeps 4, and smoking is permitted.")
    assert contradictions("Can we bring the dog?", [doc], "The loft sleeps 4 and pets are not allowed.") == []
    # a field that says "yes" denies nothing
    yes = "Harbour Loft - listing\nSleeps: 4\nPets allowed: Yes\nParking: street only"
    assert contradictions("Can we bring the dog?", [yes], "The loft sleeps 4 and pets are allowed.") == []


def test_a_table_cells_denial_is_read_as_a_fields() -> None:
    # a two-column row is a field ("| Pets allowed | No |"); a cell may deny what follows it
    rows = ("| Feature | Detail |\n|---|---|\n| Sleeps | 4 |\n| Pets allowed | No |\n| Parking | Street only |")
    assert contradictions("Can we bring the dog?", [rows], "Pets are allowed at the loft.")
    assert contradictions("Can we bring the dog?", [rows], "Pets are not allowed at the loft.") == []
    advice = ("| Medicine | In pregnancy |\n|---|---|\n| Ferrous tablets | Safe |\n| Kelvadrin | Not recommended |")
    assert contradictions("Is it safe?", [advice], "Kelvadrin is recommended in pregnancy.")
    assert contradictions("Is it safe?", [advice], "Kelvadrin is not recommended in pregnancy.") == []


def test_not_only_affirms_what_follows_it() -> None:
    # "not only X but Y", "not just X": X is affirmed, and more besides
    doc = ["The Ardley day pass covers buses and trams across the city."]
    assert contradictions("What does it cover?", doc, "The pass covers not only buses but trams too.") == []
    assert contradictions("What does it cover?", doc, "It is not just for buses: it covers trams as well.") == []
    assert contradictions("What does it cover?", doc, "The Ardley day pass does not cover trams.")


@pytest.mark.parametrize(
    ("answer", "contradicted"),
    [
        # the document's "without" is what the answer says too: no denial of the answer's "not"
        ("The Tern plan does not let members export reports for use without a licence key.", True),
        ("The Tern plan lets members export up to 5 reports for use without a licence key.", False),
        # the denial judged is the shared one: the document says it too
        ("On the Tern plan, reports can be exported for use without a licence key.", False),
    ],
)
def test_a_denial_both_sentences_say_is_no_denial_of_another_word(answer: str, contradicted: bool) -> None:
    doc = "Tern plan: members export up to 5 reports for use without a licence key."
    assert bool(contradictions("What does the Tern plan allow?", [doc], answer)) is contradicted


def test_a_denial_going_on_from_an_earlier_one_is_read_against_the_documents_denial() -> None:
    # "nor" goes on from "not approved": the document's "NOT approved" denies both
    doc = "Cleaning the Corvo tablet - NOT approved: bleach wipes, alcohol sprays, steam cleaners."
    answer = "Bleach wipes are not approved for the Corvo tablet (nor are alcohol sprays), so use a dry cloth."
    assert contradictions("How do I clean the Corvo tablet?", [doc], answer) == []


def test_a_denied_amount_is_no_denial_of_the_deed() -> None:
    # "do not take more than 6" allows taking up to 6: an answer that says so is no contradiction
    doc = ("Dorvex tablets: take with a full glass of water. Do not take more than 6 Dorvex tablets in 24 hours. "
           "Never stay in the Kelso sauna for more than 15 minutes at a time.")
    for answer in ("You can take up to 6 Dorvex tablets in 24 hours, with a full glass of water.",
                   "You can stay in the Kelso sauna for up to 15 minutes at a time."):
        assert contradictions("How should I use it?", [doc], answer) == [], answer
    # a denial of the deed itself is still read, in the same document
    denial = doc + " Do not take Dorvex tablets with alcohol."
    assert contradictions("How should I use it?", [denial], "Dorvex tablets can be taken with alcohol.")
    # and the other way round: an answer that states the cap as a denied amount restates the
    # document's "up to"
    cap = "Adults can take up to 6 Dorvex tablets in 24 hours. You can stay in the Kelso sauna for up to 15 minutes."
    for answer in ("Do not take more than 6 Dorvex tablets in 24 hours.",
                   "Don't stay in the Kelso sauna for more than 15 minutes."):
        assert contradictions("How should I use it?", [cap], answer) == [], answer
    assert contradictions("How should I use it?", [cap], "Do not take Dorvex tablets.")


def test_another_clause_denying_the_word_of_another_thing_is_read_against_the_denials_own_clause() -> None:
    # the answer's "cannot cover the roof's gutters" denies covering the roof's gutters, which the
    # document's denying clause is not about (the cellar's flood damage), though its sentence
    # names the roof in another clause
    doc = ("Insurer decision (Harlow Mutual, 2 March): storm repairs to the roof are covered in full; "
           "flood damage to the cellar NOT covered under this policy.")
    head = "Harlow Mutual will cover storm repairs to the roof in full but cannot cover the roof's gutters, and "
    assert contradictions("What is covered?", [doc], head + "flood damage to the cellar is covered under this policy.")
    assert not contradictions("What is covered?", [doc], head + "flood damage to the cellar is not covered under this "
                              "policy.")
    # a denying clause of fewer than two other words reads the whole sentence: "not included in
    # total" is said of the parking the sentence names before it, as the answer's second clause is
    docs = ["Hotel Maren, 2 nights. Total: EUR 480 (incl. VAT). Room: 1 x Double, garden view | Breakfast included",
            "Parking €15 per car per day -- payable at reception, not included in total."]
    assert not contradictions("What is included?", docs, "Total €480 including VAT; parking at €15 per car per day "
                              "isn't included and is paid at reception.")


def test_a_reporting_frame_the_document_does_not_say_does_not_dilute_the_restated_denial() -> None:
    # "The leaflet ... says" frames the claim; its words are the answer's, not the claim's
    doc = "Guests with tattoos are not allowed in the hot pools of the Sora spa. The private cedar bath may be reserved."
    frame = "The front-desk leaflet handed out at check-in says guests with tattoos "
    assert contradictions("Can I use the pools?", [doc], frame + "can use the hot pools.")
    assert not contradictions("Can I use the pools?", [doc], frame + "cannot use the hot pools.")
    # a frame that reports a thing, not a clause ("agreed on a phased opening"), is part of the claim:
    # the two words it shares with the document's sentence are too few of its words
    call = ("[00:01:05] Mika Ito: I'd rather we don't do the full reopening at once. Can we do the pools first?\n"
            "[00:03:45] Mika Ito: I'll ask the council. Decision: we start the repairs Monday, phased reopening, "
            "no full opening before the inspection concludes.")
    assert not contradictions("What was agreed?", [call], "Mika Ito asked to avoid a full reopening at once, so the staff "
                              "agreed on a phased opening.")


_NIGHTLY = "Nightly run 4 Dec\nJOB-7   Error   00:12:04  Error: Failed to mount backup volume. Retry 2 of 2 failed."


def test_a_word_of_failing_before_to_denies_the_verb_after_it() -> None:
    # the answer says "failed" too, which makes a weak word of the document's no denial of its
    # own ("Alert fired" / "did not fire"); "Failed to mount" denies mounting all the same
    answer = "JOB-7 failed: the backup volume couldn't be mounted even after two retries."
    assert contradictions("Did the backup run?", [_NIGHTLY], answer) == []
    mounted = "Nightly run 4 Dec\nJOB-7   Success 00:12:04  Mounted backup volume, copied 42 GB."
    assert contradictions("Did the backup run?", [mounted], answer)


_PLANT_CHAT = ("[Sat 09:10] Joss: hi, still ok to water the plants on sat+sun? back tue evening\n"
               "[Sat 09:14] Mira: yep, mornings only\n"
               "[Sat 09:15] Mira: do u want me to water them tuesday morning too\n"
               "[Sat 09:16] Joss: no need, my sister is coming by tue am")


def test_a_chat_line_that_asks_without_its_mark_states_nothing() -> None:
    answer = ("Mira is watering the plants on Saturday and Sunday mornings. Mira isn't needed on Tuesday "
              "morning, as Joss's sister is coming by then.")
    assert contradictions("Who waters the plants?", [_PLANT_CHAT], answer) == []
    from raguard.checkers.negations._common import _asks

    assert _asks("[Sat 09:15] Mira: do u want me to water them tuesday morning too")
    assert _asks("Can you confirm the slot?")
    assert not _asks("[Sat 09:15] Mira: I can water them tuesday morning too")
    assert not _asks("Do not water them on tuesday")
    # a mark inside ends the question there: what follows it states
    assert not _asks("Are we watering them on tuesday? it's not needed yet")


def test_a_word_the_answer_denies_by_a_split_prefix_restates_the_documents_denial() -> None:
    doc = "Refunds: the booking fee cannot be refunded once the course has started."
    assert contradictions("Can I get the fee back?", [doc],
                          "The booking fee is non-refundable once the course has started.") == []
    assert contradictions("Can I get the fee back?", [doc],
                          "The booking fee is non refundable once the course has started.") == []
    [warning] = contradictions("Can I get the fee back?", [doc],
                               "The booking fee is refundable once the course has started.")
    assert "document 0 denies it" in warning.suggestion


def test_a_bills_zero_line_for_the_thing_restates_that_it_was_not_charged() -> None:
    doc = ("KESTREL DRAINAGE - INVOICE 5521\nEmergency call-out (weekend) ........ 120.00\n"
           "CCTV survey of main drain - inconclusive ........ 0.00\nJetting of main drain ........ 95.00\n"
           "TOTAL ........ 215.00")
    answer = "The inconclusive CCTV survey of the main drain wasn't charged, and jetting cost £95."
    assert contradictions("What did they charge?", [doc], answer) == []
    # a line with an amount is no zero: the denial stands against it
    answer = "The jetting of the main drain wasn't charged, and the call-out cost £120."
    assert contradictions("What did they charge?", [doc], answer) != []


def test_a_denial_of_in_full_is_restated_by_in_part_and_in_full_contradicts_it() -> None:
    doc = "Outcome: the warranty claim is accepted in part. Labour is refunded; the pump is not."
    assert contradictions("Was my claim accepted?", [doc], "The claim wasn't accepted in full; labour is refunded.") == []
    [warning] = contradictions("Was my claim accepted?", [doc], "The warranty claim is accepted in full.")
    assert '"full"' in warning.suggestion and '"part"' in warning.suggestion


# A summary fuses neighbouring sentences: the sentence next to the one sharing most may deny what
# the answer's clause names and that one lacks.
_JUDGING_LETTER = ("Hollin Vale Cheese Awards - Entries Desk\nEntry number: HV 2231-18\nDear Mr Okoro,\n"
                   "Thank you for attending the judging day at St Wulfstan Corn Exchange Hall, Ludlow on 14 May 2026. "
                   "{next} Your rind (surface) was 31 mm; the maximum for hard cheeses is 25 mm.")
_JUDGING_ANSWER = ("Your entry at St Wulfstan Corn Exchange Hall on 14 May 2026 couldn't go ahead because your rind "
                   "was too thick: 31 mm against a maximum of 25 mm for hard cheeses.")


def test_a_denial_said_by_the_next_sentence_supports_a_summarys_denial() -> None:
    doc = _JUDGING_LETTER.format(next="Unfortunately we were unable to judge your entry on this occasion.")
    assert contradictions("Why was my entry refused?", [doc], _JUDGING_ANSWER) == []


def test_a_next_sentence_that_states_it_or_denies_another_thing_supports_no_denial() -> None:
    stated = _JUDGING_LETTER.format(next="We judged your entry on this occasion.")
    assert contradictions("Why was my entry refused?", [stated], _JUDGING_ANSWER) != []
    # (a denial two sentences away, of another thing, is not the neighbour's)
    other = _JUDGING_LETTER.format(next="We judged your entry. Unfortunately we were unable to offer parking.")
    assert contradictions("Why was my entry refused?", [other], _JUDGING_ANSWER) != []


def test_holding_off_a_deed_restates_a_denial_of_it() -> None:
    # "hold off buying it until then" is "don't buy it before then" in a verb of its own
    doc = ("The workbook (about £18) isn't part of the fee; Mr Adebayo will say at the first lesson whether "
           "you need it, so please don't buy it before then.")
    query = "Do I need to buy the workbook?"
    assert not contradictions(query, [doc], "The workbook (about £18) isn't part of the fee; Mr Adebayo will say at "
                                            "the first lesson whether you need it, so hold off buying it until then.")
    assert not contradictions(query, [doc], "Mr Adebayo will say at the first lesson whether you need the workbook, "
                                            "so put off buying it until then.")
    assert contradictions(query, [doc], "Mr Adebayo will say at the first lesson whether you need the workbook, "
                                        "so buy it before then.")


def test_a_denied_compound_is_not_affirmed_by_its_first_word_alone() -> None:
    # "no damp-proofing required" denies the treatment, not the damp the answer says is there
    doc = ("Cellar: high readings from a leaking downpipe - NOT rising damp; no damp-proofing required, "
           "gutter fitter to repair.")
    query = "What did the survey say about the cellar?"
    assert not contradictions(query, [doc], "The damp in the cellar comes from a leaking downpipe, so a gutter "
                                            "fitter will repair it.")
    assert contradictions(query, [doc], "The cellar has high readings from a leaking downpipe, and damp-proofing "
                                        "is required.")


def test_a_synonym_of_a_denied_verb_is_not_affirmed_by_the_state_a_copula_gives() -> None:
    # "clear" and "open" share a sense ("clear the road"); "can't clear a defect" is a deed, and
    # "the defect is still open" the state the document gives it
    doc = ("Hangar notes, 3 May: the left brake defect is logged as 26/04. Note from the chief engineer: "
           "a pilot can't clear a brake defect; only the licensed engineer signs it off.")
    query = "Can I fly?"
    assert not contradictions(query, [doc], "Defect 26/04 is still open, and the chief engineer says only the "
                                            "licensed engineer signs it off.")
    assert contradictions(query, [doc], "A pilot can clear the brake defect 26/04.")
    assert contradictions(query, [doc], "Defect 26/04 can be cleared by a pilot, so the chief engineer says it is fine.")


def test_a_thing_denied_only_past_a_bound_is_allowed_within_it() -> None:
    # "no trailers over 750 kg" denies the heavy ones: a trailer up to 750 kg is allowed, and its
    # "up to 750 kg" is the document's bound given from the other side
    doc = ("Ferry terms (Isle route): vehicles must be booked. No trailers over 750 kg on the 07:10 sailing. "
           "Cars and motorbikes as booked.")
    query = "Can I take my trailer on the early ferry?"
    for answer in ("The ferry terms allow trailers up to 750 kg on the 07:10 sailing.",
                   "Trailers of up to 750 kg are allowed on the 07:10 sailing."):
        assert not verify(query, [doc], answer).warnings, answer
    # a clause past the bound still contradicts the denial
    assert contradictions(query, [doc], "The ferry terms allow trailers over 750 kg on the 07:10 sailing.")
