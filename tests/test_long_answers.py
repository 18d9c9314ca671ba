"""Faithful long answers: framing sentences, conversation documents, reference-aware attribution
and paraphrase (spellings, place adjectives, synonyms, glued units, measures that are not years).

Every example is written for its rule; each faithful one has a fabricated twin that must still
be caught, so no rule passes by switching a check off.
"""

from __future__ import annotations

import re

import pytest

from raguard.checkers.statements import _opening_label_end
from raguard import Verifier, verify
from raguard.documents import DocumentIndex
from raguard.models import (
    CROSS_LANGUAGE_STATEMENT, MISATTRIBUTED_CLAIM, UNSUPPORTED_DATE, UNSUPPORTED_DESCRIPTION, UNSUPPORTED_NUMBER, UNSUPPORTED_STATEMENT, UNSUPPORTED_VERDICT,
    VAGUE_REFERENCE,
)
from raguard.normalize.cues import asks
from raguard.normalize.language import foreign_language
from raguard.normalize.entities import country_demonyms
from raguard.normalize.numbers import extract_numbers
from raguard.normalize.spelling import american
from raguard.normalize.stems import stem
from raguard.normalize.synonyms import has_synonym_in, synonym_table
from raguard.normalize.turns import parse_turns, speaker_at


def types(query: str, docs: list[str], answer: str) -> list[str]:
    return [w.type for w in verify(query, docs, answer).warnings]


# -- framing sentences ------------------------------------------------------------------------

FERRY = ["The ferry to Isla Corva leaves the old pier at nine every morning and returns at five. "
         "Tickets cost eleven euros and can be bought on board."]


@pytest.mark.parametrize("answer", [
    "Here's a summary of the passage: the ferry to Isla Corva leaves the old pier at nine every morning.",
    "The text then discusses the ferry to Isla Corva, which leaves the old pier at nine every morning.",
    "Based on the context provided, the ferry to Isla Corva returns at five.",
    "The ferry to Isla Corva leaves at nine. (Note: the crossing time is not given in the passage.)",
    "The passage says that tickets for the ferry cost eleven euros and can be bought on board.",
    "The article describes a ferry to Isla Corva. It explains that tickets can be bought on board.",
])
def test_framing_sentences_are_not_claims(answer: str) -> None:
    assert types("Summarize the text.", FERRY, answer) == []


def test_the_claim_inside_a_framing_sentence_is_still_checked() -> None:
    answer = "The passage says that the ferry to Isla Corva is towed by trained dolphins across the bay."
    assert UNSUPPORTED_STATEMENT in types("Summarize the text.", FERRY, answer)


def test_a_turn_to_another_point_frames_nothing_but_its_subject() -> None:
    # "is another matter" turns the answer to its next point; its subject is still the claim
    query = "Can I take my bike on the Isla Corva ferry?"
    assert types(query, FERRY, "The ferry returning at five is another matter.") == []
    assert UNSUPPORTED_STATEMENT in types(query, FERRY, "Bringing a horse aboard is a different story.")


def test_a_reporting_verb_does_not_carry_a_fabrication_through() -> None:
    answer = "The article explains that the island's lighthouse keeper breeds rare mountain goats."
    assert UNSUPPORTED_STATEMENT in types("Summarize the text.", FERRY, answer)


@pytest.mark.parametrize("answer", [
    "The conversation is relaxed and full of jokes about seasickness.",
    "The speakers are planning a weekend getaway to the coast.",
    "Overall, the podcast episode has a cheerful, chatty tone.",
    # a text said to be or to hold a talk
    "The document is a conversation between two sailors about ferry timetables.",
    "It also includes a discussion between two deckhands about seasickness.",
])
def test_a_sentence_describing_the_text_is_a_medium_description(answer: str) -> None:
    result = verify("Summarize the text.", FERRY, answer)
    assert [w.type for w in result.warnings] == [UNSUPPORTED_DESCRIPTION], result.warnings
    assert result.warnings[0].severity == "medium" and result.action == "proceed"
    # an application can make it gate again
    gated = Verifier(severities={UNSUPPORTED_DESCRIPTION: "high"}).verify("Summarize the text.", FERRY, answer)
    assert gated.action == "review"


def test_it_after_a_sentence_about_the_text_is_the_text() -> None:
    answer = ("The podcast discusses the ferry to Isla Corva. "
              "It also includes a long aside about lighthouse keepers and their gardens.")
    assert types("Summarize the text.", FERRY, answer) == [UNSUPPORTED_DESCRIPTION]
    # after a sentence about the world, "It" is that thing: a claim
    answer = "The ferry leaves the old pier at nine. It also carries lighthouse keepers and their gardens."
    assert UNSUPPORTED_STATEMENT in types("Summarize the text.", FERRY, answer)


def test_what_a_written_document_contains_is_a_claim_not_a_description() -> None:
    # of a written text, "contains" states its content: a fabricated clause must gate
    answer = "The document contains a clause that lets passengers bring two dogs on board for free."
    assert UNSUPPORTED_STATEMENT in types("Summarize the text.", FERRY, answer)


def test_a_description_that_reports_a_claim_is_still_a_statement() -> None:
    answer = "The article reports that dolphins tow the ferry across the bay every morning."
    assert UNSUPPORTED_STATEMENT in types("Summarize the text.", FERRY, answer)
    assert UNSUPPORTED_DESCRIPTION not in types("Summarize the text.", FERRY, answer)


def test_a_phrase_naming_the_text_itself_is_not_a_vague_source() -> None:
    assert VAGUE_REFERENCE not in types("Summarize.", FERRY, "The document says tickets cost eleven euros.")
    # a source the documents never name is still vague
    assert VAGUE_REFERENCE in types("Summarize.", FERRY, "The recent report says tickets cost eleven euros.")


# -- the opening reply to a question --------------------------------------------------------

KILNS = ["Kiln survey, week 46. Kiln K-2: crown temperature 1,184 C, thermocouple TC-4 reading 40 C "
         "below TC-3, flagged for replacement. Kiln K-5: door seal worn, heat loss estimated at 6 percent, "
         "flagged for replacement. Kilns K-1, K-3 and K-4 within limits."]
KILN_GROUNDS = (" On K-2, thermocouple TC-4 reads 40 C below TC-3 and is flagged for replacement."
                " On K-5, the worn door seal loses an estimated 6 percent of the heat.")


@pytest.mark.parametrize("reply", [
    "Yes, two kilns want looking at.",
    "Not entirely, and the trouble is mechanical.",
    "Mostly fine, with a pair of exceptions.",
    # a headline that opens with no reply word is one too: the grounds follow it
    "You'll want an engineer out this week.",
])
def test_an_opening_reply_to_a_question_is_a_medium_verdict(reply: str) -> None:
    result = verify("Is anything wrong with the kilns this week?", KILNS, reply + KILN_GROUNDS)
    assert [(w.type, w.severity) for w in result.warnings] == [(UNSUPPORTED_VERDICT, "medium")], result.warnings
    assert result.warnings[0].text == reply and result.action == "proceed"
    gated = Verifier(severities={UNSUPPORTED_VERDICT: "high"}).verify(
        "Is anything wrong with the kilns this week?", KILNS, reply + KILN_GROUNDS)
    assert gated.action == "review"


@pytest.mark.parametrize("query", ["whats wrong with the kilns this week", "isnt anything wrong with the kilns",
                                   "hows kiln K-2 doing and did anything fail"])
def test_a_question_typed_without_its_apostrophe_is_still_a_question(query: str) -> None:
    assert asks(query)
    result = verify(query, KILNS, "Yes, two kilns want looking at." + KILN_GROUNDS)
    assert [(w.type, w.severity) for w in result.warnings] == [(UNSUPPORTED_VERDICT, "medium")], result.warnings
    assert not asks("whatsoever the kilns") and not asks("the kilns this week")


POTTERY = ["Kiln Street Pottery - course page\nWheel Basics (Tuesdays 18:30-21:00): 6 weeks, £180, clay and firing "
           "included, max 8 students. Beginners welcome. Aprons provided; bring a towel.\n"
           "Glaze Lab (Thursdays): for returning students only."]
POTTERY_GROUNDS = " It runs for 6 weeks and costs £180, with clay and firing included. He should bring a towel."


def test_a_label_opening_the_reply_is_no_part_of_its_claim() -> None:
    query = "Can my son join the Tuesday class if he's never done pottery?"
    reply = "Short answer: the Tuesday class suits him fine, as complete beginners are welcome."
    result = verify(query, POTTERY, reply + POTTERY_GROUNDS)
    assert [(w.type, w.severity) for w in result.warnings] == [(UNSUPPORTED_VERDICT, "medium")], result.warnings
    # the label's words are not counted; the rest is still checked
    wrong = reply.replace("are welcome", "are not welcome")
    assert verify(query, POTTERY, wrong + POTTERY_GROUNDS).action == "review"
    assert _opening_label_end(reply) == len("Short answer: ")
    assert _opening_label_end("Q3: revenue rose 4%.") == 0 and _opening_label_end("The price is: £40") == 0


def test_a_label_opening_a_bullet_is_no_part_of_its_claim() -> None:
    docs = ["Order PX-551: 200 tote bags, navy. Printing: screen, 2 colours. Bags are being sewn at Marlow Textiles "
            "in Porto, shipping Friday."]
    answer = ("- Printing: the order is screen printed in 2 colours.\n"
              "- Sourcing: the bags are being sewn at Marlow Textiles in Porto, shipping Friday.")
    assert UNSUPPORTED_STATEMENT not in types("Where are my bags?", docs, answer)
    assert _opening_label_end("- Sourcing: the bags ship Friday.") == len("- Sourcing: ")
    # the bullet's claim is still checked
    wrong = answer.split("\n")[0] + "\n- Sourcing: volunteers knit every bag by hand overnight."
    assert UNSUPPORTED_STATEMENT in types("Where are my bags?", docs, wrong)


def test_a_reply_is_a_verdict_only_where_it_opens_an_answer_to_a_question() -> None:
    reply = "Yes, two kilns want looking at."
    # a summary is no reply: its first sentence is a claim like the others
    assert UNSUPPORTED_STATEMENT in types("Summarize the survey.", KILNS, reply + KILN_GROUNDS)
    # nor is the same sentence later in the answer
    later = KILN_GROUNDS.strip() + " " + reply + " Kilns K-1, K-3 and K-4 are within limits."
    assert UNSUPPORTED_STATEMENT in types("Is anything wrong with the kilns?", KILNS, later)
    # nor a reply with a single sentence of grounds after it
    short = reply + " On K-5, the worn door seal loses an estimated 6 percent of the heat."
    assert UNSUPPORTED_STATEMENT in types("Is anything wrong with the kilns?", KILNS, short)
    # nor a long opening sentence: it states more than a verdict
    long_reply = "Yes, the kilns want looking at because the burners were fitted by an unlicensed contractor last spring."
    assert UNSUPPORTED_STATEMENT in types("Is anything wrong with the kilns?", KILNS, long_reply + KILN_GROUNDS)


def test_a_verdict_keeps_its_values_checked() -> None:
    result = verify("Is anything wrong with the kilns?", KILNS, "Yes, the crown of K-2 ran at 1,284 C." + KILN_GROUNDS)
    assert UNSUPPORTED_NUMBER in [w.type for w in result.warnings] and result.action == "review"


# -- a conclusion drawn from the sentences before it -------------------------------------------

THEATRE = ["Ticket sales: 2025 £41,200; 2026 £47,900. Running costs: 2025 £39,000; 2026 £44,500."]
THEATRE_GROUNDS = "Ticket sales rose from £41,200 to £47,900, while running costs went from £39,000 to £44,500. "


@pytest.mark.parametrize("conclusion", [
    "So the theatre stayed in the black both years.",
    "In short, the theatre stayed in the black both years.",
    "Overall, the theatre stayed in the black both years.",
    "That means the theatre stayed in the black both years.",
])
def test_a_conclusion_after_its_grounds_is_a_medium_verdict(conclusion: str) -> None:
    result = verify("How is the theatre doing?", THEATRE, THEATRE_GROUNDS + conclusion)
    assert [(w.type, w.severity) for w in result.warnings] == [(UNSUPPORTED_VERDICT, "medium")], result.warnings
    assert result.warnings[0].text == conclusion and result.action == "proceed"


def test_a_conclusion_is_a_verdict_only_after_its_grounds_and_as_a_connective() -> None:
    claim = "the theatre stayed in the black both years."
    # the same words with nothing before them to conclude from, or without the connective
    assert UNSUPPORTED_STATEMENT in types("How is the theatre doing?", THEATRE, "So " + claim)
    assert UNSUPPORTED_STATEMENT in types("How is the theatre doing?", THEATRE, THEATRE_GROUNDS + claim.capitalize())
    # "So far", "So much": no connective
    assert UNSUPPORTED_STATEMENT in types("How is the theatre doing?", THEATRE, THEATRE_GROUNDS + "So far " + claim)
    # its values are still checked
    wrong = THEATRE_GROUNDS + "So the theatre cleared £5,200 in 2025."
    assert UNSUPPORTED_NUMBER in types("How is the theatre doing?", THEATRE, wrong)


@pytest.mark.parametrize(("query", "expected"), [
    ("is the pool open on sunday", True),
    ("How much is the deposit", True),
    ("Can't I pay by card?", True),
    ("parking at the depot? any rules", True),
    ("Summarize the survey.", False),
    ("opening hours of the depot", False),
    ("Island ferries in winter", False),  # ("Is" only as a whole word)
])
def test_asks_tells_a_question(query: str, expected: bool) -> None:
    assert asks(query) is expected


# -- a source named before the claim ------------------------------------------------------------

SWEEP = ["FLUE INSPECTION RECORD. Flue swept: YES. Smoke draw test: PASS. Next inspection due: 04/2028.",
         "Some insurers ask for a flue record after a chimney fire."]


def test_a_clause_naming_the_source_is_framing() -> None:
    # the source clause's words ("based", "paperwork") are no claim the documents must hold
    for answer in ("Based on the paperwork, yes — it passed.", "According to the sweep's paperwork, it passed."):
        assert types("Did my flue pass?", SWEEP, answer) == [], answer


def test_the_claim_after_a_source_clause_is_still_checked() -> None:
    answer = "According to the inspection record, the flue was relined with a steel sleeve."
    assert UNSUPPORTED_STATEMENT in types("Did my flue pass?", SWEEP, answer)
    # a long clause after "Based on" states something itself
    answer = "Based on a survey of the roof timbers and the loft insulation, the house needs rewiring."
    assert UNSUPPORTED_STATEMENT in types("Did my flue pass?", SWEEP, answer)


# -- documents in another language ------------------------------------------------------------

KITA = ["Sehr geehrte Frau Brandt, wir freuen uns, Ihnen für Ihren Sohn einen Platz in der Kita "
        "Wiesengrund anbieten zu können. Bitte teilen Sie uns schriftlich oder über das Elternportal mit, "
        "ob Sie den Platz annehmen. Der Beitrag richtet sich nach dem Einkommen der Eltern und beträgt "
        "zunächst 196 Euro im Monat. Vor dem ersten Tag ist ein Nachweis über die Masernimpfung vorzulegen."]


def _words(text: str) -> list[str]:
    return re.findall(r"[^\W_]+", text.lower())


def test_foreign_language_tells_a_text_by_its_function_words() -> None:
    assert foreign_language(_words(KITA[0])) == "de"
    assert foreign_language(_words(FERRY[0] * 3)) is None
    table = "SKU | qty | bin | status\n" + "\n".join(f"A-{i} | {i} | B{i} | OK" for i in range(30))
    assert foreign_language(_words(table)) is None
    assert foreign_language(_words("Der Beitrag beträgt 196 Euro.")) is None  # too short


def test_a_form_or_a_table_in_another_language_is_told_by_several_of_its_function_words() -> None:
    form = ("STADTBAD NORDHEIM  Kursbestätigung\nTeilnehmer: Jonas Keller   Kunden-Nr.: 4471   Anmeldung am: 02.03.2026\n"
            "Kurs | Tag | Uhrzeit | Preis | Ort\nSeepferdchen für Kinder ab 5 | Montag | 16:00 | 85,00 EUR | Becken 2\n"
            "Seepferdchen für Kinder ab 5 | Mittwoch | 16:00 | 85,00 EUR | Becken 1\n"
            "Kraulen Erwachsene | Dienstag | 19:00 | 95,00 EUR | Becken 3\n"
            "Aquafitness Senioren | Donnerstag | 10:00 | 70,00 EUR | Becken 2\n"
            "Rettungsschwimmen Bronze | Freitag | 18:00 | 110,00 EUR | Becken 3\n"
            "Babyschwimmen Eltern | Samstag | 09:00 | 90,00 EUR | Lehrbecken\n"
            "Badekappe: ist mitzubringen   Zahlung: nur mit Karte an der Kasse\n"
            "Hinweis: Kurs findet bei weniger als 6 Kindern nicht statt")
    assert foreign_language(_words(form)) == "de"
    # one foreign function word repeated is a code, no language ("ci" of a JSON log)
    log = "\n".join(f'{{"eventName": "Deploy", "stage": "ci", "runner": "arm{i}", "branch": "main", '
                    f'"cluster": "blue", "status": "passed", "trigger": "push"}}' for i in range(6))
    assert foreign_language(_words(log)) is None


def test_function_words_with_diacritics_count_as_written() -> None:
    # a short reply in German above a quoted English question: "für", "können", "müssen" are
    # German function words; folded ("fur", "konnen") they would be none, and it was told English
    reply = ("Von: Praxis Dr. Henrike Wolters <termine@zahnarzt-wolters.de>\nBetreff: AW: Termin Kontrolle\n"
             "Guten Tag Herr Okafor,\nvielen Dank für Ihre Nachricht. Für Dienstag, 12.09., 08:40 Uhr können wir "
             "Ihnen einen Termin zur Kontrolle anbieten. Versichertenkarte bitte mitbringen. Absage spätestens "
             "24 Stunden vorher, sonst müssen wir 40,- EUR berechnen. Parkplätze hinter dem Haus.\n"
             "Freundliche Grüße\nPraxisteam Wolters\n\n> On 3 Sep, T. Okafor wrote:\n"
             "> Hello, could I get a check-up some morning next week? Thank you!")
    assert DocumentIndex(reply).language == "de"
    answer = "If you cancel less than 24 hours ahead, the practice charges 40 euros. Parking is behind the building."
    result = verify("What if I cannot make it?", [reply], answer)
    assert UNSUPPORTED_STATEMENT not in {w.type for w in result.warnings}, result.warnings
    assert verify("What if I cannot make it?", [reply], answer.replace("40 euros", "45 euros")).action == "review"
    # an English text with "fur" and "data" is no German nor Romanian one
    assert DocumentIndex("The fur trade data for the area show far more pelts were sold. " * 4).language is None


def test_a_document_in_another_script_is_told_by_its_letters() -> None:
    from raguard.normalize.language import script_language

    assert script_language("見積書  発行日：2026年3月2日  物件名：グリーンハイツ 105号室  賃料 64,000円") == "ja"
    assert script_language("Счёт № 118 от 2 марта 2026 года. Оплатить до 10 марта.") == "ru"
    assert script_language("Our office in Osaka (大阪) opens at nine on Monday, 2 March.") is None
    assert script_language("Café Müller, Straße 4") is None
    answer = "The rent for Room 105 at Green Heights is 64,000 yen a month."
    doc = ["見積書\n物件名：グリーンハイツ 105号室\n月額賃料 64,000円\n発行日：2026年3月2日"]
    assert UNSUPPORTED_STATEMENT not in types("How much is the rent?", doc, answer)


def test_a_restatement_of_a_document_in_another_language_is_medium() -> None:
    answer = ("Your son has been offered a place at Kita Wiesengrund. "
              "Let them know in writing or through the parents' portal whether you accept. "
              "The fee depends on the parents' income and is 196 euros a month for now.")
    result = verify("What does the letter say?", KITA, answer)
    kinds = {(w.type, w.severity) for w in result.warnings}
    assert kinds and kinds <= {(CROSS_LANGUAGE_STATEMENT, "medium")}, result.warnings
    assert result.action == "proceed"
    # its values are still checked
    changed = answer.replace("196 euros", "169 euros")
    assert verify("What does the letter say?", KITA, changed).action == "review"
    # with an English document the same kind of sentence gates as before
    assert UNSUPPORTED_STATEMENT in types("What does the letter say?", FERRY,
                                          "Let them know in writing or through the parents' portal whether you accept.")


# -- conversation documents -------------------------------------------------------------------

CHAT = ("Ines: When does Pavel land? . Bruno: around noon I think . "
        "Ines: I will pick him up at the airport and drive him home. . "
        "Bruno: great, can you also grab the keys from Dana? . Ines: sure")
CALL = ("[00:00:04] Agent Holm: Good afternoon, this is Ferro Mobile.\n"
        "[00:00:09] Speaker 2: Hi, I'd like to move my plan to the cheaper tariff.\n"
        "[00:00:15] Agent Holm: I can do that today and the change starts next month.\n"
        "[00:00:21] Speaker 2: Perfect, thanks.\n")


def test_speaker_turns_are_parsed_from_chats_and_timestamped_transcripts() -> None:
    chat = parse_turns(CHAT)
    assert chat is not None and chat.speakers == {"ines", "bruno"}
    assert [t.speaker for t in chat.turns] == ["Ines", "Bruno", "Ines", "Bruno", "Ines"]
    turn = speaker_at(chat, CHAT.index("pick him up"))
    assert turn is not None and turn.speaker == "Ines"
    call = parse_turns(CALL)
    # (the name a speaker gives themself is theirs too: Holm speaks as Ferro Mobile)
    assert call is not None and call.speakers == {"agent holm", "ferro mobile", "speaker 2"}
    assert [t.who for t in call.turns[:2]] == [("Agent Holm", "Ferro Mobile"), ("Speaker 2",)]
    assert CALL[call.turns[1].text_start:].startswith("Hi, I'd like")


ROLE_CALL = ("Sales Rep: Good morning, this is Dana Okoye from Harrow Broadband. Is now a good time?\n"
             "Caller: Yes. My neighbour Ruth Adeyemi said you were cheaper than Zenlink.\n"
             "Sales Rep: We include free installation on every fibre plan, and we price-match Zenlink.\n"
             "Caller: Great, it is Monday today, so can someone come this week?\n"
             "Sales Rep: Yes, we can send an engineer on Thursday.\n")


def test_a_speaker_labelled_by_role_is_also_the_name_they_give_themself() -> None:
    call = parse_turns(ROLE_CALL)
    assert call is not None
    assert [t.who for t in call.turns[:2]] == [("Sales Rep", "Dana Okoye"), ("Caller",)]  # ("it is Monday": a day)
    assert "dana okoye" in call.speakers
    # "we include ..." is Dana's, said by the rep: no one else's
    verifier = Verifier()
    said = "Dana Okoye of Harrow Broadband includes free installation on every fibre plan."
    assert [w.type for w in verifier.verify("Summarize the call.", [ROLE_CALL], said).warnings] == []
    # a person the caller only talks about did not say it
    other = "Ruth Adeyemi of Harrow Broadband includes free installation on every fibre plan."
    assert "misattributed_claim" in {w.type for w in verifier.verify("Summarize the call.", [ROLE_CALL], other).warnings}


def test_a_speaker_giving_two_names_is_given_none() -> None:
    text = ("Agent: Hi, this is Sam. Sorry, I'm Alex, Sam is off today.\n"
            "Customer: Hello.\nAgent: How can I help?\nCustomer: My order is late.\n")
    call = parse_turns(text)
    assert call is not None and [t.who for t in call.turns[:2]] == [("Agent",), ("Customer",)]
    # nor is "Sign here" or "it is Friday" a name
    text = "Clerk: Sign here, please.\nVisitor: Done.\nClerk: It is Friday, so the office shuts at 4.\nVisitor: Thanks.\n"
    call = parse_turns(text)
    assert call is not None and all(t.named == "" for t in call.turns)


SUPPORT_CHAT = ("Agent (Farah): Hi, thanks for contacting Lumen Energy support. How can I help?\n"
                "Customer (Osei Brandt): my heating keeps switching off every night\n"
                "Agent (Farah): I will book an engineer visit for Thursday morning.\n"
                "Customer (Osei Brandt): thanks, that works\n")


def test_a_role_label_with_a_name_in_brackets_is_that_person_speaking() -> None:
    chat = parse_turns(SUPPORT_CHAT)
    assert chat is not None and chat.speakers == {"farah", "osei brandt"}
    assert [t.speaker for t in chat.turns] == ["Farah", "Osei Brandt", "Farah", "Osei Brandt"]
    # "my heating" is Osei's (the label "Customer" named no one): not said of someone else
    answer = "Osei Brandt told Lumen Energy that the heating switches off every night."
    assert MISATTRIBUTED_CLAIM not in types("What happened?", [SUPPORT_CHAT], answer)
    # a role in brackets is no name: the label stays the speaker
    assert parse_turns(SUPPORT_CHAT.replace("(Farah)", "(night shift)")).turns[0].speaker == "Agent"


def test_prose_with_a_label_or_two_is_not_a_conversation() -> None:
    assert parse_turns("Note: the museum is closed on Mondays. Update: it reopens in May.") is None
    assert parse_turns("The museum opened in 1931. It has three floors.") is None


def test_first_person_in_a_turn_is_the_speaker_and_third_person_someone_else() -> None:
    answer = "Ines will pick Pavel up at the airport and drive him home."
    assert MISATTRIBUTED_CLAIM not in types("What did they plan?", [CHAT], answer)


def test_second_person_in_a_turn_is_another_speaker() -> None:
    answer = "Bruno asks Ines to grab the keys from Dana as well."
    assert MISATTRIBUTED_CLAIM not in types("What did they plan?", [CHAT], answer)


def test_a_turn_said_by_someone_else_is_still_misattributed() -> None:
    answer = "Bruno will pick Pavel up at the airport and drive him home."
    found = [w for w in verify("What did they plan?", [CHAT], answer).warnings if w.type == MISATTRIBUTED_CLAIM]
    assert [w.text for w in found] == ["Bruno"]


def test_a_recap_of_a_chat_may_name_its_outcome_in_its_own_words() -> None:
    chat = ("Lina: shall we say half past six at the Odeon cinema? . Omar: ok, see you there . "
            "Lina: and bring the tickets!")
    answer = "Lina and Omar arrange to meet at the Odeon cinema at half past six, and Omar will bring the tickets."
    assert types("Summarize the chat.", [chat], answer) == []
    # a made-up outcome is not framing
    invented = "Lina and Omar decide to sell their old bicycles at the flea market."
    assert UNSUPPORTED_STATEMENT in types("Summarize the chat.", [chat], invented)


# -- reference-aware attribution --------------------------------------------------------------

TROUPE = "Marta Quell joined the Orfeo troupe in 2009. {} later toured Chile and Peru with the company."


@pytest.mark.parametrize("referent", ["The actress", "Quell", "Later that year she"])
def test_a_description_a_surname_or_a_pronoun_may_refer_to_the_name(referent: str) -> None:
    doc = TROUPE.format(referent).replace("Later that year she later", "Later that year she")
    answer = "Marta Quell later toured Chile and Peru with the company."
    assert MISATTRIBUTED_CLAIM not in types("Where did the troupe tour?", [doc], answer)


def test_a_sentence_naming_another_agent_is_still_a_misattribution() -> None:
    doc = TROUPE.format("Ivo Brandt")
    answer = "Marta Quell later toured Chile and Peru with the company."
    assert MISATTRIBUTED_CLAIM in types("Where did the troupe tour?", [doc], answer)


# -- paraphrase -------------------------------------------------------------------------------

def test_british_and_american_spellings_fold_to_one_form() -> None:
    pairs = [("colour", "color"), ("neighbouring", "neighboring"), ("criticised", "criticized"),
             ("organisation", "organization"), ("analyse", "analyze"), ("centre", "center"),
             ("metres", "meters"), ("defence", "defense"), ("travelled", "traveled"),
             ("behaviour", "behavior")]
    for british, us in pairs:
        assert american(british) == american(us) == us, british
    # words that only look alike stay apart
    for word in ("four", "hour", "tour", "rise", "noise", "acre", "filled", "timbre"):
        assert american(word) == word
    doc = ["The council criticized the color of the neighboring theater on Dock Street."]
    answer = "The council criticised the colour of the neighbouring theatre on Dock Street."
    assert types("What did the council do?", doc, answer) == []


def test_place_names_and_their_adjectives_match_both_ways() -> None:
    assert stem("latvian") == stem("latvia") and stem("american") == stem("america")
    assert "indonesian" in country_demonyms("Indonesia")
    adjective = ["The trawler Sigrun sank in Latvian waters after a storm."]
    country = ["The trawler Sigrun sank off Latvia after a storm."]
    assert types("Where did it sink?", adjective, "The trawler Sigrun sank off Latvia.") == []
    assert types("Where did it sink?", country, "The trawler Sigrun sank in Latvian waters.") == []
    # a demonym that only describes someone does not place anything in the country
    boxer = ["The Latvian boxer Ilmars Kalns won the title fight in Hamburg."]
    assert "missing_entity" in types("Where was the fight?", boxer, "Ilmars Kalns won the title fight in Latvia.")
    # a venue locates too, in a lower-cased, tokenized chunk as well
    venues = ["the comedy took $ 31 million in u.s. and canadian cinemas , its distributor said ."]
    assert types("How did it open?", venues, "The comedy took $31 million in the U.S. and Canada.") == []


def test_synonyms_from_wordnet_restate_a_word_in_a_longer_sentence() -> None:
    # the table is keyed by this stemmer's stems (rebuild it with scripts/build_synonyms.py when
    # the stemmer changes): a British spelling folds onto its key too
    table = synonym_table()
    assert all(stem(w) in table for w in ("inquire", "occupation", "colour", "neighbour", "guess"))
    assert "ask" in table[stem("inquire")]
    assert has_synonym_in(stem("occupation"), frozenset({stem("job")}))
    doc = ["Bruno said his job at the harbour involves checking the cargo manifests of every ship at dawn."]
    answer = "Bruno's occupation at the harbour involves checking the cargo manifests of every ship at dawn."
    assert types("What does Bruno do?", doc, answer) == []


def test_a_unit_glued_to_the_number_is_the_unit() -> None:
    doc = ["At the indoor final in Lyon she cleared 5.68 metres, a national record."]
    assert UNSUPPORTED_NUMBER not in types("How high?", doc, "She cleared 5.68m at the indoor final in Lyon.")
    assert UNSUPPORTED_NUMBER in types("How high?", doc, "She cleared 5.74m at the indoor final in Lyon.")
    # with a currency the m is a million
    money = ["The club paid 5.68 metres of rope."]
    assert UNSUPPORTED_NUMBER in types("What did it pay?", money, "The club paid $5.68m.")



def test_a_unit_glued_in_the_document_is_the_answers_bare_digits() -> None:
    # "7.4m" is a million or metres: an answer writing "7.4 m" (or no unit) gives its digits
    doc = ["Lock 3: max beam 7.4m, max draught 2.1m; queue from 0700."]
    assert UNSUPPORTED_NUMBER not in types("Will I fit?", doc, "The lock takes boats up to 7.4 m wide drawing 2.1 m.")
    assert UNSUPPORTED_NUMBER in types("Will I fit?", doc, "The lock takes boats up to 7.8 m wide.")
    # a value with a currency is no bare digits
    assert UNSUPPORTED_NUMBER in types("What did it cost?", ["Budget: 7.4m"], "It cost £7.4.")
    # three digits and more are a length or a million, not a log's minutes; a bound the document
    # writes the same way is the same bound, and among several documents too
    hills = ["Summits: sleet above 800m; freezing level 650m."]
    assert UNSUPPORTED_NUMBER not in types("Snow?", hills, "Expect sleet above 800 m and a freezing level of 650 m.")
    assert UNSUPPORTED_NUMBER in types("Snow?", hills, "Expect sleet above 900 m.")
    several = ["Car park: pay and display, 2 hours max.", *hills, "Cafe open 10:00-16:00."]
    assert UNSUPPORTED_NUMBER not in types("Snow?", several, "Expect sleet above 800 m and a freezing level of 650 m.")
    assert UNSUPPORTED_NUMBER in types("Snow?", several, "Expect a freezing level of 750 m.")
    # a million stays a million
    assert UNSUPPORTED_NUMBER not in types("How many?", ["Visitors: 1.2m in 2025."], "There were 1.2 million visitors in 2025.")


def test_a_measure_is_not_a_year() -> None:
    doc = ["The Orva valley receives 1,400 millimetres of rain a year, most of it in autumn."]
    answer = "The Orva valley receives about 1400 mm of rain a year."
    assert UNSUPPORTED_DATE not in types("How wet is it?", doc, answer)
    # a year is still a year
    assert UNSUPPORTED_DATE in types("How wet is it?", doc, "In 1997 the Orva valley received 1,400 millimetres of rain.")


def test_an_acronym_matches_its_plural() -> None:
    doc = ["We train small GANs on satellite images of the Nile delta and compare them with diffusion models."]
    assert "missing_entity" not in types("What is trained?", doc, "A small GAN is trained on satellite images of the Nile delta.")
    assert "missing_entity" in types("What is trained?", doc, "A small VAE is trained on satellite images of the Nile delta.")


def test_reading_turns_is_linear_on_label_like_runs() -> None:
    from test_regex_linear import assert_linear, repeat

    # capitalised words after sentence ends that never reach a colon, and labels without words
    assert_linear(parse_turns, repeat("Ab Cd Ef. "))
    assert_linear(parse_turns, repeat("\nAb Cd (x y):"))


# -- one wrong value inside a faithful paraphrase ------------------------------------------------

LIBRARY = ["The Corlett Library in Brannock reopened on 4 March 2024 after a two-year renovation that "
           "cost £8.6 million. Head librarian Ines Varga said visitor numbers had doubled to about "
           "1,900 a day in the first month, and the new children's wing holds 12,000 books."]
FAITHFUL = ("After two years of renovation costing £8.6 million, Brannock's Corlett Library opened its "
            "doors again on 4 March 2024. According to head librarian Ines Varga, roughly 1,900 people "
            "now visit each day, double the earlier figure, and the children's wing has 12,000 books.")


def test_a_changed_number_or_name_inside_a_faithful_paraphrase_is_caught_alone() -> None:
    assert types("Summarize the article.", LIBRARY, FAITHFUL) == []
    number = FAITHFUL.replace("12,000 books", "21,000 books")
    assert types("Summarize the article.", LIBRARY, number) == [UNSUPPORTED_NUMBER]
    name = FAITHFUL.replace("Ines Varga", "Ines Halloran")
    assert types("Summarize the article.", LIBRARY, name) == ["missing_entity"]


# -- chat shorthand ---------------------------------------------------------------------------------

def test_chat_shorthand_stems_as_the_word_it_stands_for() -> None:
    for short, word in [("tmrw", "tomorrow"), ("2moro", "tomorrow"), ("bday", "birthday"), ("pics", "pictures"),
                        ("appt", "appointment"), ("wknd", "weekend")]:
        assert stem(short) == stem(word)
    assert stem("tmrw") != stem("today")


SHORTHAND_CHAT = ("Rosa: can u bring the pics to Nico's bday party tmrw?\n"
                  "Felix: sure, I'll print them after my dentist appt\n"
                  "Rosa: thx!!\n")


def test_a_recap_restates_chat_shorthand_in_full() -> None:
    answer = "The pictures are for Nico's birthday party tomorrow."
    assert UNSUPPORTED_STATEMENT not in types("What did they say?", [SHORTHAND_CHAT], answer)
    # a word the chat's shorthand does not stand for is still unsupported
    invented = "The balloons are for Nico's wedding reception next month."
    assert UNSUPPORTED_STATEMENT in types("What did they say?", [SHORTHAND_CHAT], invented)


def test_tgif_in_a_chat_names_the_day() -> None:
    chat = "Hana: drinks after work? TGIF!!\nLeon: yes pls, 6 at the Anchor?\nHana: deal\n"
    assert UNSUPPORTED_DATE not in types("What did they plan?", [chat], "Hana and Leon plan drinks after work on Friday.")
    assert UNSUPPORTED_DATE in types("What did they plan?", [chat], "Hana and Leon plan drinks after work on Thursday.")


def test_a_joint_claim_naming_the_speaker_is_not_misattributed_to_the_one_spoken_to() -> None:
    # "Wanna ...?" asks the one spoken to; "Hana and Leon plan ..." names both (the twin, a turn
    # said by someone the answer does not name, is test_a_turn_said_by_someone_else_is_still_misattributed)
    chat = "Hana: Wanna see the jazz trio at the Anchor on Friday?\nLeon: yes, I'll book the tickets\nHana: great\n"
    answer = "Hana and Leon plan to see the jazz trio at the Anchor on Friday."
    assert MISATTRIBUTED_CLAIM not in types("What did they plan?", [chat], answer)


# -- values and days as notices, chats and labels write them -----------------------------------------

@pytest.mark.parametrize("doc", ["Midterm exam (Thu 5 March): 30%", "moving day is sat 7 march, pls pack",
                                 "Midterm exam on Thu., 5th of March"])
def test_a_short_weekday_before_a_date_is_that_dates_day(doc: str) -> None:
    assert UNSUPPORTED_DATE not in types("", [doc], "It is on Thursday, 5 March." if "exam" in doc
                                         else "Moving day is Saturday, 7 March.")
    assert UNSUPPORTED_DATE in types("", [doc], "It is on Friday, 5 March." if "exam" in doc
                                     else "Moving day is Sunday, 7 March.")


@pytest.mark.parametrize("doc, answer", [
    ("Nutrition per portion: Energy 812 kJ, Fat 7 g.", "A portion provides 812 kJ of energy."),
    ("Checkout requests failed with HTTP 503 for twelve minutes.", "Checkout requests returned 503 errors."),
    ("Coach C, Seat 34, departs 09:12.", "Her seat is number 34 in coach C."),
])
def test_a_value_a_document_writes_after_a_label_supports_the_answers_value(doc: str, answer: str) -> None:
    assert UNSUPPORTED_NUMBER not in types("", [doc], answer)
    assert UNSUPPORTED_NUMBER in types("", [doc], answer.replace("812", "821").replace("503", "502").replace("34", "43"))


def test_a_name_with_a_number_supports_no_other_value_the_answer_writes_beside_it() -> None:
    doc = "The Voyager 2 probe spent 12 years reaching Neptune."
    assert UNSUPPORTED_NUMBER in types("", [doc], "The Voyager 2 probe spent 2 years reaching Neptune.")
    assert UNSUPPORTED_NUMBER not in types("", [doc], "The Voyager 2 probe spent 12 years reaching Neptune.")


def test_an_unsupported_statement_names_the_words_it_counted_as_missing() -> None:
    # a short sentence is judged without synonyms, so its message must not leave out a word for
    # having one in the document ("sign" is a WordNet synonym of "contract")
    doc = "Thanks Owen. Finance will sign off the renewal at 48,500 a year if Brightwave keeps the price lock."
    [warning] = [w for w in verify("What did Priya say about the Brightwave renewal?", [doc],
                                   "The email is about renewing the Brightwave contract.").warnings
                 if w.type == UNSUPPORTED_STATEMENT]
    assert warning.suggestion.endswith(": contract not found.")


@pytest.mark.parametrize("doc, answer", [
    ("We expect a gross margin of 37 to 38 percent in the second half .", "The gross margin should be 37% to 38%."),
    ("Guidance is revenue of $ 2.15 to 2.25 billion for 2027 .", "Revenue is guided to $2.15B-$2.25B for 2027."),
    ("Take 20-40 mg once a day.", "The dose is 20 mg to 40 mg once a day."),
])
def test_the_two_ends_of_a_range_share_the_unit_and_scale_written_once(doc: str, answer: str) -> None:
    assert UNSUPPORTED_NUMBER not in types("", [doc], answer)
    assert UNSUPPORTED_NUMBER in types("", [doc], answer.replace("37%", "36%").replace("2.15B", "2.05B")
                                       .replace("20 mg", "25 mg"))


def test_two_values_of_two_kinds_side_by_side_are_no_range() -> None:
    doc = "Sales rose 9 % to $ 318 million ."
    assert UNSUPPORTED_NUMBER not in types("", [doc], "Sales grew 9% to $318 million.")
    assert UNSUPPORTED_NUMBER in types("", [doc], "Sales grew 9 million to $318 million.")


def test_in_the_first_place_is_an_idiom_not_a_ranking() -> None:
    doc = "Theo: the fan header was never connected, so it could not spin."
    answer = "Theo says the fan header was never connected in the first place, so it could not spin."
    assert UNSUPPORTED_NUMBER not in types("", [doc], answer)
    assert UNSUPPORTED_NUMBER in types("", ["Theo came second in the race."], "Theo finished in first place.")


@pytest.mark.parametrize("doc, day", [
    ("The 18:05 does not stop at Elmbridge on Sundays.", "Sunday"),
    ("Route 7 runs Mon–Sat (no service on public holidays).", "Saturday"),
    ("ok, rc4 tonight and the release is still Thu", "Thursday"),
])
def test_plural_ranged_and_lone_abbreviated_weekdays_name_their_day(doc: str, day: str) -> None:
    assert UNSUPPORTED_DATE not in types("", [doc], f"It happens on {day}.")
    assert UNSUPPORTED_DATE in types("", [doc], "It happens on Wednesday.")


def test_a_text_that_writes_one_date_day_first_writes_them_all_so() -> None:
    doc = "Admitted: 04/10/2026   Discharged: 19/10/2026   Ward 3"
    assert UNSUPPORTED_DATE not in types("", [doc], "She was admitted on 4 October 2026 and discharged on 19 October.")
    assert UNSUPPORTED_DATE in types("", [doc], "She was admitted on 10 April 2026.")
    # alone, an ambiguous date keeps the month-first reading
    assert UNSUPPORTED_DATE not in types("", ["Admitted: 04/10/2026"], "She was admitted on 10 April 2026.")


@pytest.mark.parametrize("doc, answer, wrong", [
    ("Dora Kesz is a Hungarian-born pianist based in Vienna.", "Dora Kesz was born in Hungary.",
     "Dora Kesz was born in Romania."),
    ("Change at Kings Cross for the 10:02 to Leeds.", "Change at King's Cross for the 10:02 to Leeds.",
     "Change at Queen's Cross for the 10:02 to Leeds."),
])
def test_a_name_restated_in_another_form_is_found(doc: str, answer: str, wrong: str) -> None:
    assert "missing_entity" not in types("", [doc], answer)
    assert "missing_entity" in types("", [doc], wrong)


def test_a_british_dotted_time_is_a_time_of_day() -> None:
    doc = "Rehearsal starts at 6.45 and the doors open at 7.30."
    assert UNSUPPORTED_NUMBER not in types("", [doc], "Rehearsal starts at 6:45, and the doors open at 19:30.")
    assert UNSUPPORTED_NUMBER in types("", [doc], "Rehearsal starts at 6:15.")


@pytest.mark.parametrize("doc, answer, wrong", [
    ("Forecast issued 0615 UTC by the Met desk.", "The forecast was issued at 06:15 UTC.", "The forecast was issued at 06:45 UTC."),
    ("Parcels are collected at 12:00 noon.", "Parcels are collected at 12 noon.", "Parcels are collected at 11:30."),
])
def test_a_time_of_day_written_as_a_zoned_or_noon_hour_is_one(doc: str, answer: str, wrong: str) -> None:
    assert UNSUPPORTED_NUMBER not in types("", [doc], answer)
    assert UNSUPPORTED_NUMBER in types("", [doc], wrong)


@pytest.mark.parametrize("doc, answer, wrong", [
    ("Smart TV deals end on Sunday.", "Deals on smart TVs end on Sunday.", "Deals on smart PCs end on Sunday."),
])
def test_an_acronyms_plural_is_found(doc: str, answer: str, wrong: str) -> None:
    assert "missing_entity" not in types("", [doc], answer)
    assert "missing_entity" in types("", [doc], wrong)


# NER may read "Hotel Kranzberg in Bolzano", "the Main Hall with Ana Reis" or "Ines Varga of the
# Greens" as one name: the checker is called on that span, and finds it as its two names
@pytest.mark.parametrize("answer, doc, first, after, label, found", [
    ("They stay at Hotel Kranzberg in Bolzano for two nights.",
     "Stay: Hotel Kranzberg, Bolzano (2 nights), check-in from 15:00", "Hotel", " for", "ORG", True),
    ("They stay at Hotel Kranzberg in Merano for two nights.",
     "Stay: Hotel Kranzberg, Bolzano (2 nights), check-in from 15:00", "Hotel", " for", "ORG", False),
    ("At 14:00 she joins the panel in the Main Hall with Ana Reis and Leo Park.",
     "14:00 Panel. Panellists: Ana Reis, Leo Park - Main Hall", "the Main", " and Leo", "FAC", True),
    ("At 14:00 she joins the panel in the Main Hall with Ana Ruiz and Leo Park.",
     "14:00 Panel. Panellists: Ana Reis, Leo Park - Main Hall", "the Main", " and Leo", "FAC", False),
    # a person and the party she belongs to, a count sheet giving both on one line
    ("Ines Varga of the Greens kept her seat.", "VARGA, Ines | Greens | 1,412 ELECTED", "Ines", " kept", "PERSON", True),
    ("Ines Varga of the Liberals kept her seat.", "VARGA, Ines | Greens | 1,412 ELECTED", "Ines", " kept", "PERSON", False),
    # and the practice a person works for, named without an article
    ("Dr Osei of Harlow Road Surgery signed it.", "Signed: Dr K. Osei (Harlow Road Surgery)", "Dr", " signed", "PERSON", True),
    ("Dr Osei of Elm Road Surgery signed it.", "Signed: Dr K. Osei (Harlow Road Surgery)", "Dr", " signed", "PERSON", False),
])
def test_a_name_read_with_where_it_is_or_who_is_with_it_is_found_as_the_two(
        answer: str, doc: str, first: str, after: str, label: str, found: bool) -> None:
    from raguard.checkers.base import CheckContext
    from raguard.checkers.entities import EntitiesChecker
    from raguard.documents import DocumentSet
    from raguard.verifier import default_verifier

    ctx = CheckContext(query="", response=answer, doc=default_verifier().model().parse(answer),
                       documents=DocumentSet([doc]))
    span = (answer.index(first), answer.index(after))
    assert EntitiesChecker()._check_one(ctx, *span, label).supported is found


@pytest.mark.parametrize("doc, answer, wrong", [
    ("Pt: KOVÁCS, Réka  DOB 03/05/1984  Ward 6", "Réka Kovács's results came back normal.",
     "Rita Kovács's results came back normal."),
    ("Candidates: OYELARAN, Tunde (Ind); BRENNAN, Clodagh (Lab)", "As an independent, Tunde Oyelaran stood.",
     "As an independent, Tunde Brennan stood."),
])
def test_a_name_a_record_gives_surname_first_is_found(doc: str, answer: str, wrong: str) -> None:
    assert "missing_entity" not in types("", [doc], answer)
    assert "missing_entity" in types("", [doc], wrong)


def test_a_name_restated_with_its_street_or_title_word_spelled_out_is_found() -> None:
    from raguard.normalize.shorthand import name_spellings

    assert name_spellings(["quarry", "rd"]) == [["quarry", "road"]]
    assert name_spellings(["elm", "st"]) == [["elm", "street"], ["elm", "saint"]]
    assert name_spellings(["quarry", "hill"]) == []
    doc = ["4.2 Resurfacing of Quarry Rd (Brookfield Civils) - staff rec: APPROVE. Depot: 9 Elm St."]
    assert "missing_entity" not in types("", doc, "Council is asked to approve the Quarry Road resurfacing.")
    assert "missing_entity" not in types("", doc, "The depot is at 9 Elm Street.")
    assert "missing_entity" in types("", doc, "Council is asked to approve the Quarry Lane resurfacing.")
    assert "missing_entity" in types("", doc, "The depot is at 9 Elm Avenue.")


def test_an_organization_restated_with_its_abbreviated_word_spelled_out_is_found() -> None:
    doc = ["Guest editors: Prof. Ama Mensah (Univ. of Cape Coast), Dr Lise Brun (Dept of Marine Studies)"]
    answer = "One guest editor is based at the University of Cape Coast, the other at the Department of Marine Studies."
    assert "missing_entity" not in types("", doc, answer)
    assert "missing_entity" in types("", doc, answer.replace("University of Cape Coast", "University of Accra"))


@pytest.mark.parametrize("answer", [
    "Once the Harwell depot receives the parcel, the refund follows.",
    "Take the Colvane sachet with water.",
])
def test_a_sentence_opening_word_and_the_are_no_part_of_the_name_after_them(answer: str) -> None:
    doc = ["Refunds: once our Harwell depot receives your parcel, a refund follows. Take one Colvane sachet with water."]
    assert "missing_entity" not in types("", doc, answer)
    assert "missing_entity" in types("", doc, answer.replace("Harwell", "Corby").replace("Colvane", "Dulcolax"))


def test_a_year_beside_a_name_may_stand_on_its_other_side() -> None:
    doc = ["LAKESIDE HALF MARATHON 2026 – results (provisional)\n1. Tomas Berg 1:05:12\n"
           "Berg also raced at the Wintermere Games in 2024, officially the 2024 Northern Wintermere Games."]
    assert "missing_entity" not in types("", doc, "Tomas Berg won the 2026 Lakeside Half Marathon.")
    # the year is the name's only where the document writes it beside the name: "the 2024
    # Wintermere Games" is not "the 2024 Northern Wintermere Games"
    assert "missing_entity" in types("", doc, "Tomas Berg also raced at the 2024 Wintermere Games.")


def test_a_score_ner_reads_into_a_name_is_left_to_the_numbers_checker() -> None:
    doc = ["Map 1 Lotus: Kestrel 13–9\nMap 2 Ascent: Ironveil 13–11 (pick: Ironveil)\nMap 3 Haven: Ironveil 13–4"]
    answer = "Kestrel took Lotus, but Ironveil won Ascent 13–11 and then took Haven 13–4."
    assert types("", doc, answer) == []
    assert "missing_entity" in types("", doc, answer.replace("Haven", "Bind"))
    assert "missing_entity" in types("", doc, answer.replace("Ascent", "Breeze"))
    assert UNSUPPORTED_NUMBER in types("", doc, answer.replace("13–11", "13–8"))


def test_a_surname_a_record_gives_another_given_name_is_not_this_person() -> None:
    # every word of "Clodagh Oyelaran" is in the list, but as two people's
    doc = ["Candidates: OYELARAN, Tunde (Ind); BRENNAN, Clodagh (Lab). Turnout was 61%."]
    assert "missing_entity" not in types("", doc, "The council seat went to Tunde Oyelaran in the end.")
    assert "missing_entity" in types("", doc, "The council seat went to Clodagh Oyelaran in the end.")
    assert "missing_entity" in types("", doc, "The council seat went to Tunde Brennan in the end.")


# -- shapes a third held-out set showed (changelogs, trial abstracts, listings, transcripts) --------

def test_a_count_of_seconds_written_with_an_s_is_no_decade() -> None:
    from raguard.normalize.dates import extract_dates
    assert extract_dates("Default request timeout raised from 15s to 40s.") == []
    assert [d.text for d in extract_dates("The caller, a man in his 40s, hung up.")] == ["40s"]
    doc = ["## 3.1.0\n- Default request timeout raised from 20s to 40s."]
    assert UNSUPPORTED_NUMBER not in types("What changed?", doc, "The default request timeout went from 20 to 40 seconds.")
    assert UNSUPPORTED_NUMBER in types("What changed?", doc, "The default request timeout went from 20 to 45 seconds.")


def test_a_signed_measure_is_restated_as_its_size_but_a_signed_share_is_not() -> None:
    doc = ["Results: mean weight change was −2.4 kg with the diet and −1.7 kg with usual care. "
           "Regional output growth: −1.5 % ( 2023 ). Overnight low: −4 °C."]
    assert UNSUPPORTED_NUMBER not in types(
        "Did people lose weight?", doc, "Weight loss was 2.4 kg with the diet and 1.7 kg with usual care.")
    assert UNSUPPORTED_NUMBER in types(
        "Did people lose weight?", doc, "Weight loss was 2.9 kg with the diet and 1.7 kg with usual care.")
    # the sign of a share or of a bare value (a temperature) is the value itself
    assert UNSUPPORTED_NUMBER in types("How did output do?", doc, "Regional output grew by 1.5% in 2023.")
    assert UNSUPPORTED_NUMBER in types("How cold was it?", doc, "The overnight low was 4 °C.")


@pytest.mark.parametrize("verdict", ["Unfortunately, probably not.", "Partly.", "Very likely, yes.", "Generally not.",
                                     "Not today, unfortunately.", "Usually, yes."])
def test_a_short_verdict_on_the_question_claims_nothing_itself(verdict: str) -> None:
    doc = ["Section 7: flood damage to outbuildings is excluded. Storm damage to the main house is covered."]
    query = "Will the policy pay for my flooded shed?"
    answer = f"{verdict} Flood damage to outbuildings is excluded under section 7."
    assert types(query, doc, answer) == []
    # a short sentence with a word of its own is still a claim
    assert UNSUPPORTED_STATEMENT in types(query, doc, "Mostly harmless. Flood damage to outbuildings is excluded.")


def test_a_sentence_ends_after_a_single_capital_when_an_opener_follows() -> None:
    from raguard.normalize.text import sentence_spans
    text = "The flat has an EPC rating of D. There is no lift. Anna K. Berg is the agent."
    assert [text[a:b] for a, b in sentence_spans(text)] == [
        "The flat has an EPC rating of D.", "There is no lift.", "Anna K. Berg is the agent."]
    # so a denial in the next sentence is read on its own
    doc = ["• EPC rating D • Council tax band C • Freehold\nNo lift. No off-street parking."]
    assert types("Tell me about the flat", doc, "The flat has an EPC rating of D. There is no off-street parking.") == []


def test_asking_to_avoid_something_does_not_affirm_it() -> None:
    doc = ["[00:01:05] Lena Ort: I'd rather we don't do the full launch at once. Can we do two regions first?\n"
           "[00:01:20] Jon Hale: Yes, two regions for a week, then all."]
    assert types("Summarize the call", doc, "Lena Ort asked to avoid the full launch at once.") == []
    assert "contradicted_claim" in types("Summarize the call", doc, "Lena Ort asked for the full launch at once.")


def test_a_month_and_year_in_digits_is_a_date() -> None:
    doc = ["PRODUCT WITHDRAWAL — Fenwold Dairy\nFenwold Greek Yogurt 500g, use by: 03/2027, lot FD-118."]
    query = "Which yogurt is affected?"
    assert UNSUPPORTED_DATE not in types(query, doc, "Fenwold Greek Yogurt 500g with a use-by date of March 2027 is affected.")
    assert UNSUPPORTED_DATE in types(query, doc, "Fenwold Greek Yogurt 500g with a use-by date of April 2027 is affected.")


def test_a_value_bounded_the_other_way_is_not_supported() -> None:
    doc = ["4.2 Unoccupancy: cover for escape of water is suspended if the home is left empty for more than 60 days in a row."]
    query = "When is cover suspended?"
    base = "Escape of water cover is suspended if the home is empty for {} 60 days in a row."
    assert types(query, doc, base.format("more than")) == []
    assert types(query, doc, base.format("over")) == []
    [warning] = verify(query, doc, base.format("fewer than")).warnings
    assert warning.type == UNSUPPORTED_NUMBER
    assert '"fewer than 60" bounds the value the other way: document 0 says "more than 60"' in warning.suggestion


def test_greater_than_bounds_a_value_as_more_than_does() -> None:
    # regulations write their thresholds "greater than"; "not greater than" caps
    doc = ["4.2.1 A handrail is required where a ramp has a rise greater than 380 mm. "
           "4.2.2 Its height shall be not greater than 1 000 mm."]
    query = "When is a handrail needed?"
    assert types(query, doc, "A ramp needs a handrail when its rise is more than 380 mm.") == []
    [warning] = verify(query, doc, "A ramp needs a handrail when its rise is less than 380 mm.").warnings
    assert '"less than 380" bounds the value the other way: document 0 says "greater than 380"' in warning.suggestion
    assert UNSUPPORTED_NUMBER in types(query, doc, "The handrail must be at least 1,000 mm high.")
    assert types(query, doc, "The handrail must be at most 1,000 mm high.") == []


def test_a_bound_written_as_a_verb_or_a_comparison_is_read() -> None:
    # "exceeds 40 dB", "must not exceed 55 dB", "no higher than 12%" bound their values
    doc = ["Condition 6: the alarm sounds when noise exceeds 40 dB. Night noise must not exceed 55 dB.",
           "Sales note: the rebate can go no higher than 12% without director sign-off."]
    query = "What are the limits?"
    assert types(query, doc, "The alarm sounds when noise is above 40 dB.") == []
    assert UNSUPPORTED_NUMBER in types(query, doc, "The alarm sounds when noise is below 40 dB.")
    assert types(query, doc, "Night noise may be at most 55 dB.") == []
    assert UNSUPPORTED_NUMBER in types(query, doc, "Night noise must be at least 55 dB.")
    assert types(query, doc, "The rebate is capped: it can be no more than 12% without sign-off.") == []
    assert UNSUPPORTED_NUMBER in types(query, doc, "The rebate can be no lower than 12% without sign-off.")


def test_a_bound_restated_at_another_value_is_not_supported() -> None:
    # the document's bound is restated with its digits swapped: it bounds another value
    doc = ["FOR SALE -- 9 Quarry Row, Hebden\nOffers over £254,000. Deposit at least £1,680. Chain-free."]
    query = "What does the house cost?"
    [warning] = verify(query, doc, "The house is offered for offers over £245,000.").warnings
    assert warning.type == UNSUPPORTED_NUMBER
    assert '"over £245,000" bounds another value: document 0 says "over £254,000"' in warning.suggestion
    assert UNSUPPORTED_NUMBER in types(query, doc, "A deposit of at least £1,608 is needed.")
    # the same bound, or one rounded to its own step, restates it
    assert types(query, doc, "It is offered for offers over £254,000, with a deposit of at least £1,680.") == []
    assert types(query, doc, "It is offered for offers over £250,000, with a deposit of at least £1,500.") == []


def test_a_limit_written_as_notation_bounds_a_value() -> None:
    # specifications, lab sheets and forms write their limits as symbols and abbreviations
    query = "What are the limits?"
    lab = ["Parameter | Limit | Result\nPeak symmetry | NLT 0.8 | 0.93\nPlate count | NMT 15000 | 9120"]
    assert types(query, lab, "Peak symmetry must be not less than 0.8, and it was 0.93.") == []
    [warning] = verify(query, lab, "Peak symmetry must be not more than 0.8, and it was 0.93.").warnings
    assert warning.type == UNSUPPORTED_NUMBER
    assert '"not more than 0.8" bounds the value the other way: document 0 says "NLT 0.8"' in warning.suggestion
    assert UNSUPPORTED_NUMBER in types(query, lab, "The plate count must be at least 15000.")
    assert types(query, lab, "The plate count must be at most 15000.") == []
    trial = ["Stopping rule: enrolment pauses if serious events reach ≥ 12% of the cohort."]
    assert types(query, trial, "Enrolment pauses if serious events reach at least 12% of the cohort.") == []
    assert UNSUPPORTED_NUMBER in types(query, trial, "Enrolment pauses if serious events stay under 12% of the cohort.")
    kit = ["Luggage allowance: hold bag max. 23 kg, cabin bag max 7 kg."]
    assert UNSUPPORTED_NUMBER in types(query, kit, "The hold bag must weigh more than 23 kg.")
    assert types(query, kit, "The hold bag may weigh up to 23 kg.") == []


def test_a_condition_written_after_its_value_is_no_bound_of_it() -> None:
    # a rule's condition is restated from either side: "above the threshold" for "or less"
    doc = ["Note: no duty is due on parcels of EUR 150 or less."]
    answer = "The parcel was valued above the €150 threshold, so duty was charged."
    assert UNSUPPORTED_NUMBER not in types("Why was duty charged?", doc, answer)


def test_a_symbol_that_is_no_limit_bounds_nothing() -> None:
    query = "How many signed up?"
    # a quoted email's marker, and an arrow, before a number
    quoted = ["On Monday Wren wrote:\n> 40 people signed up for the walk\nGreat, see you there."]
    assert types(query, quoted, "Fewer than 40 people signed up for the walk.") == []
    arrow = ["Sign-ups: week 1 -> 40, week 2 -> 55"]
    assert types(query, arrow, "Sign-ups rose to 55 in week 2, from fewer than 40 the week before.") == []
    # minutes and seconds, not a minimum; a minimum before a number is one
    assert [n.hedge for n in extract_numbers("Microwave for 3 min 30 s.")] == [None, None]
    assert [n.hedge for n in extract_numbers("Stand for min. 2 minutes.")] == ["at least"]


def test_a_cap_written_with_decimals_is_rounded_to_them() -> None:
    # "up to 2.0" is rounded to tenths: a document's 1.7 is no cap of 2.0
    query = "What is the limit?"
    doc = ["Tailing factor measured 1.7 on the first injection."]
    assert UNSUPPORTED_NUMBER in types(query, doc, "The tailing factor may be up to 2.0.")
    assert types(query, ["The tailing factor limit is 2.0."], "The tailing factor may be up to 2.0.") == []
    # a last digit of 5 still stands for rounding to halves: only written zeros say more
    assert types(query, ["The tailing factor measured 2.3."], "The tailing factor measured about 2.5.") == []


def test_a_country_named_possessively_is_what_its_demonym_says() -> None:
    doc = ["Lisbon-based airline Atlântida Air will buy 18 jets from Chilean planemaker Andes Aeroespacial."]
    query = "What did the airline announce?"
    assert types(query, doc, "Atlântida Air will buy 18 jets from Chile's Andes Aeroespacial.") == []
    assert "missing_entity" in types(query, doc, "Atlântida Air will buy 18 jets from Peru's Andes Aeroespacial.")
    # a country as a place still needs the place
    assert "missing_entity" in types(query, doc, "Atlântida Air will buy 18 jets in Chile.")


def test_a_role_by_its_initials_before_a_name_is_found_where_a_document_spells_it_out() -> None:
    doc = ["Instructor: Dr. Mia Lund\nTeaching assistant: Omar Haddad — Thu 10:00, Econ Commons"]
    query = "Who teaches the course?"
    assert types(query, doc, "The course is taught by Dr. Mia Lund, with TA Omar Haddad.") == []
    assert "missing_entity" in types(query, doc, "The course is taught by Dr. Mia Lund, with RA Omar Haddad.")
    assert "missing_entity" in types(query, doc, "The course is taught by Dr. Mia Lund, with TA Omar Hadid.")


def test_an_hour_before_a_time_range_end_takes_its_half_of_the_day() -> None:
    doc = ["Office hours: Wed 13:00–15:00, room B12."]
    query = "When are office hours?"
    assert UNSUPPORTED_NUMBER not in types(query, doc, "Office hours are on Wednesdays from 1 to 3 p.m. in room B12.")
    assert UNSUPPORTED_NUMBER in types(query, doc, "Office hours are on Wednesdays from 2 to 3 p.m. in room B12.")


def test_a_count_of_years_is_the_length_of_a_span_of_years_a_document_gives() -> None:
    doc = ["Career: From 1998 to 2011 he taught at the Harbin Institute; in 2019 he joined the Qlik company."]
    query = "Tell me about his career."
    assert UNSUPPORTED_NUMBER not in types(query, doc, "He taught at the Harbin Institute for 13 years.")
    assert UNSUPPORTED_NUMBER in types(query, doc, "He taught at the Harbin Institute for 14 years.")
    # two years that are no span ("2011 ... in 2019") give no length
    assert UNSUPPORTED_NUMBER in types(query, doc, "He joined the Qlik company 8 years after leaving the Harbin Institute.")


def test_a_sentence_that_counts_things_before_taking_them_one_by_one_announces_them() -> None:
    doc = ["CLAIM 4471 — kitchen flood\nAmount claimed: £6,200\nDeductions\nworn lino (not covered): -£350\n"
           "policy excess: -£250\nSettlement: £5,600"]
    query = "Why is my payout lower than my claim?"
    body = (" The worn lino is not covered, which takes off £350. The £250 policy excess is also taken off."
            " That leaves a settlement of £5,600.")
    for opening in ("Two deductions account for the gap.", "The two deductions account for the gap.",
                    "Two of the claim's deductions account for the gap."):
        assert UNSUPPORTED_STATEMENT not in types(query, doc, opening + body), opening
    # what it counts must be named in the documents, and sentences must follow to take them in turn
    # (else it is checked: as the opening reply to the question, a medium verdict, with its grounds after it)
    assert UNSUPPORTED_VERDICT in types(query, doc, "Two surveyors account for the gap." + body)
    assert UNSUPPORTED_STATEMENT in types(query, doc, "Two deductions account for the gap. That leaves £5,600.")
    # a sentence that does not open by counting is checked as before
    assert UNSUPPORTED_VERDICT in types(query, doc, "Deductions account for the gap." + body)
    assert UNSUPPORTED_STATEMENT in types(query, doc, "The lino is fine. Deductions account for the gap." + body)



def test_a_sentence_that_counts_things_of_any_kind_before_taking_them_in_turn_announces_them() -> None:
    # "Two things", "three points": the nouns of enumeration name nothing of the documents
    doc = ["CLAIM 4471 — kitchen flood\nAmount claimed: £6,200\nDeductions\nworn lino (not covered): -£350\n"
           "policy excess: -£250\nSettlement: £5,600"]
    body = (" The worn lino is not covered, which takes off £350. The £250 policy excess is also taken off."
            " That leaves a settlement of £5,600.")
    answer = "The payout is £5,600 against the £6,200 you claimed. Two things explain the gap." + body
    assert UNSUPPORTED_STATEMENT not in types("Why is my payout lower?", doc, answer)
    assert UNSUPPORTED_STATEMENT in types("Why is my payout lower?", doc,
                                          "The payout is £5,600. Two surveyors reduced the payout." + body)


def test_a_sentence_that_says_there_are_so_many_things_announces_them_too() -> None:
    doc = ["Chimney sweep record - 12 Oak Row\nFlue swept: yes\nCowl: missing - recommend fitting\n"
           "Smoke test: failed at the register plate - reseal before next use"]
    body = " The cowl is missing, so fitting one is recommended. The smoke test failed at the register plate."
    answer = "The flue was swept. There are two things to sort out." + body
    assert UNSUPPORTED_STATEMENT not in types("What did the sweep find?", [doc[0]], answer)
    assert UNSUPPORTED_STATEMENT in types("What did the sweep find?", [doc[0]],
                                          "The flue was swept. There are two surveyors to pay." + body)


def test_a_few_other_things_announce_what_follows_but_a_few_days_count_nothing() -> None:
    doc = ["Welcome to Gull Rock Cottage! The key is in the lockbox by the green door, code 8-3-1-5. There's no shop "
           "on the island, so stock up in Portmore; the Spar there closes at 22:00. There's no wifi, but 4G is fine by "
           "the pier. Check-out is 10:00 on Sunday. - Aoife"]
    body = ("\n- The key is in the lockbox by the green door, code 8-3-1-5.\n"
            "- There's no shop on the island, so stock up in Portmore first.\n- There's no wifi, but 4G is fine by the pier.")
    for opening in ("A few other things from Aoife:", "Several other points from Aoife:"):
        assert UNSUPPORTED_STATEMENT not in types("Anything I should know?", doc, "Check-out is 10:00 on Sunday. " + opening + body)
    # a count without a number announces only things of enumeration
    assert UNSUPPORTED_STATEMENT in types("Anything I should know?", doc,
                                          "Check-out is 10:00 on Sunday. A few days later the ferry stopped." + body)


# a short question in an answer is a turn of speech that leads into what follows, not a claim
_ART_WEEK = ["KIDS ART WEEK @ Millbrook Library\nMon 4 Aug - Fri 8 Aug 2025, 10am-12pm daily\n"
             "Ages 5-10. Free, but booking essential."]


@pytest.mark.parametrize("opener", ["Guess what?", "And the catch?", "Want to know something fun?"])
def test_a_short_question_states_nothing(opener: str) -> None:
    answer = f"{opener} There is a kids art week at Millbrook Library, and it is free, but you need to book."
    assert UNSUPPORTED_STATEMENT not in types("Tell my 7 year old about the art week", _ART_WEEK, answer)


def test_a_longer_question_is_still_read_for_its_claim() -> None:
    answer = "There is a kids art week at Millbrook Library. Will there be pony rides and a magic show every afternoon?"
    assert UNSUPPORTED_STATEMENT in types("Tell my 7 year old about the art week", _ART_WEEK, answer)


def test_a_quantitys_hedge_the_documents_lack_is_no_unsupported_word() -> None:
    docs = ["Prepaid card: £6.15 of your £25.00 overdraft allowance used, £18.85 left."]
    query = "if i load £40 onto the card what do i get?"
    answer = "Roughly £33.85. The card shows £6.15 of your overdraft allowance used."
    assert [w.type for w in verify(query, docs, answer).warnings if w.severity == "high"] == []
    # another word the documents lack is still one
    answer = "Instantly £33.85. The card shows £6.15 of your overdraft allowance used."
    assert UNSUPPORTED_STATEMENT in [w.type for w in verify(query, docs, answer).warnings]
