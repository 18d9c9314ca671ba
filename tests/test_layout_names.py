"""Names a fluent answer restates from a document's layout: a unit that ends a value is no part
of the name after it ("48 V DC"), and a name whose parts a signature, heading or table row gives
in another order ("Billing Team, Oakridge Telecom"). Each faithful example has a changed twin
that must still be caught.
"""

from __future__ import annotations

from raguard import verify
from raguard.checkers.entities import _glued_to_digits, _merged_names, _words_together
from raguard.models import MISSING_ENTITY
from raguard.normalize.names import proper_noun_runs
from raguard.normalize.text import TokenText


def types(docs: list[str], answer: str) -> list[str]:
    return [w.type for w in verify("Summarize the document.", docs, answer).warnings]


# -- a unit before a name ------------------------------------------------------------------------

def test_a_unit_after_a_number_does_not_open_a_capitalized_run() -> None:
    text = "The charger takes a 48 V DC input and stores 3 GB of Logs."
    runs = [text[s:e] for s, e in proper_noun_runs(text)]
    assert "DC" in runs and "Logs" in runs
    assert not any(r.startswith(("V ", "GB ")) for r in runs)


def test_a_name_after_a_unit_is_checked_without_the_unit() -> None:
    doc = ["Marlin M4 charger\nInput: DC, 48 V nominal\nOutput: 2 x USB-A, 18 W each"]
    assert MISSING_ENTITY not in types(doc, "The Marlin M4 charger takes a 48 V DC input and has two 18 W USB-A outputs.")
    # the name after the unit is still checked
    assert MISSING_ENTITY in types(doc, "The Marlin M4 charger takes a 48 V HVDC input and has two 18 W USB-A outputs.")


def test_a_pronoun_with_a_contraction_is_no_name() -> None:
    text = "Only just, I'd say, and We're told You'll hear from Harbury Lettings by Friday."
    runs = [text[s:e] for s, e in proper_noun_runs(text)]
    assert runs == ["Harbury Lettings"]


# -- a name's parts in another order -------------------------------------------------------------

def test_words_together_finds_a_name_reordered_within_one_line() -> None:
    tokens = TokenText.of("Heats\nPELLWORTH CUP (Group 1) – 2400m\nTrainer: R. Oduya")
    found = _words_together(tokens, ["group", "1", "pellworth", "cup"])
    assert found is not None and tokens.text[found[0]:found[1]] == "PELLWORTH CUP (Group 1"
    # not across lines, not with a word missing, not spread over many other words
    assert _words_together(TokenText.of("PELLWORTH CUP\n(Group 1)"), ["group", "1", "pellworth", "cup"]) is None
    assert _words_together(tokens, ["group", "2", "pellworth", "cup"]) is None
    spread = TokenText.of("Pellworth hosted the heats, the final, the trophy and the cup")
    assert _words_together(spread, ["pellworth", "cup"]) is None
    # nor with a word of prose between: "the Council of Marford" is no "Marford Council"
    assert _words_together(TokenText.of("the Council of Marford met on Monday"), ["marford", "council"]) is None
    assert _words_together(TokenText.of("Cup (Pellworth 2)"), ["pellworth", "2", "cup"]) is not None
    # nor word by word: a layout moves a phrase of a name, not each of its words
    listed = TokenText.of("Shortlist: HALVORSEN, Ines (Design); MARLOWE, Petra (Sales)")
    assert _words_together(listed, ["ines", "marlowe"]) is None


def test_a_signature_department_and_company_restated_in_the_other_order() -> None:
    doc = ["Hello Ms Varga,\n\nYour refund of £40 was sent today.\n\nBest wishes,\nTomasz\nBilling Team, Oakridge Telecom"]
    assert MISSING_ENTITY not in types(doc, "Tomasz from the Oakridge Telecom Billing Team told Ms Varga her £40 refund was sent.")
    # another company is still another company
    assert MISSING_ENTITY in types(doc, "Tomasz from the Ashgrove Telecom Billing Team told Ms Varga her £40 refund was sent.")


def test_a_qualifier_a_race_card_puts_after_the_name() -> None:
    doc = ["KELSO  Sat 3 Oct\n2.40  PELLWORTH NOVICE CHASE (Grade 3)  2m6f\n1st  Harbour Ghost  5/2"]
    assert MISSING_ENTITY not in types(doc, "At Kelso, the Grade 3 Pellworth Novice Chase was won by Harbour Ghost at 5/2.")
    assert MISSING_ENTITY in types(doc, "At Kelso, the Grade 3 Pellworth Novice Hurdle was won by Harbour Ghost at 5/2.")


def test_a_spec_sheets_label_and_value_said_as_one_name() -> None:
    doc = ["ORBIT 12 POWER BANK\nCapacity ......... 20,000 mAh\nUSB-C ............ 2 × 65 W PD\nWeight ........... 410 g"]
    assert MISSING_ENTITY not in types(doc, "The Orbit 12 power bank holds 20,000 mAh and has two 65 W USB-C PD ports.")
    # a word of the label's line that is not there is still missing
    assert MISSING_ENTITY in types(doc, "The Orbit 12 power bank holds 20,000 mAh and has two 65 W USB-C QC ports.")



def test_a_title_spelled_out_before_dotted_initials_is_no_name_of_its_own() -> None:
    text = "The audit was led by Professor K.T. Mbeki of Ashdown College."
    assert "Professor K" not in [text[s:e] for s, e in proper_noun_runs(text)]
    doc = ["The audit, led by Prof. K. T. Mbeki of Ashdown College, found 14 late filings."]
    assert MISSING_ENTITY not in types(doc, "Professor K.T. Mbeki of Ashdown College led the audit, which found 14 late filings.")
    assert MISSING_ENTITY in types(doc, "Professor K.T. Mbeki of Ashford College led the audit, which found 14 late filings.")


# -- a list NER read as one name -----------------------------------------------------------------

_TURN = ["GAME RULES (p. 2)\nYOUR TURN: Take exactly two actions: Mine, Ship, Trade or Build. "
         "You may take the same action twice."]


def test_a_list_read_as_one_name_is_found_item_by_item() -> None:
    # "and" where the document writes "or": each item is the document's
    answer = "On your turn you take exactly two actions from Mine, Ship, Trade and Build, and you can repeat one."
    assert MISSING_ENTITY not in types(_TURN, answer)


def test_an_item_of_the_list_no_document_gives_is_still_missing() -> None:
    answer = "On your turn you take exactly two actions from Mine, Ship, Raid and Build, and you can repeat one."
    assert MISSING_ENTITY in types(_TURN, answer)


# -- a holiday on a fixed day is a date by another name ----------------------------------------

_LIBRARY = ["WINTER OPENING HOURS -- Fernhill Library\nClosed Wed 25 Dec and Thu 26 Dec. Open Tue 31 Dec 9am-1pm only."]


def test_a_fixed_holiday_is_found_as_the_date_a_document_gives() -> None:
    answer = "The library is closed on Christmas Day and Boxing Day, and on New Year's Eve it opens from 9am to 1pm only."
    assert MISSING_ENTITY not in types(_LIBRARY, answer)


def test_a_holiday_on_a_day_no_document_gives_is_still_missing() -> None:
    assert MISSING_ENTITY in types(_LIBRARY, "The library opens on Christmas Eve from 9am to 1pm only.")


# -- a name whose words a document abbreviates ---------------------------------------------------

_AUDIT = ["SITE AUDIT REPORT\nAuditor: Det. Insp. K. Varga (Northshire Police)\nDate: 03/03/2025\nResult: no breaches found."]


def test_a_name_a_document_writes_with_abbreviated_words_is_found() -> None:
    assert MISSING_ENTITY not in types(_AUDIT, "Detective Inspector K. Varga of Northshire Police found no breaches.")


def test_a_word_no_abbreviation_stands_for_is_still_missing() -> None:
    assert MISSING_ENTITY in types(_AUDIT, "Detective Sergeant K. Varga of Northshire Police found no breaches.")


def test_a_short_word_with_a_vowel_and_no_stop_is_no_abbreviation() -> None:
    from raguard.checkers.entities import _abbreviates

    assert _abbreviates("stn", "station", dotted=False) and _abbreviates("off", "officer", dotted=True)
    assert not _abbreviates("sam", "samantha", dotted=False)


_CLINIC = ["Appointments\nTue 4 Mar 10:15 - Renal Med Unit, Level 4 - bring urine sample\n"
           "Thu 6 Mar 09:00 - Dr A. Osei, Cardiac Outpatients"]


def test_a_word_cut_short_between_two_of_the_names_own_words_is_found() -> None:
    # a note's "Renal Med Unit": two words as they are, one cut to half its length or less
    assert MISSING_ENTITY not in types(_CLINIC, "On 4 March at 10:15 you are seen at the Renal Medicine Unit on level 4.")
    assert MISSING_ENTITY in types(_CLINIC, "On 4 March at 10:15 you are seen at the Renal Surgery Unit on level 4.")
    # a longer word that merely begins with the document's is another word ("Concept" / "Conceptual")
    paper = ["We present the Vantor Concept Learner, trained without labels."]
    assert MISSING_ENTITY in types(paper, "The paper presents the Vantor Conceptual Learner, trained without labels.")


# -- a name with some of its words by their initials ---------------------------------------------

_REFERRAL = ["Harbrook Occupational Health - Management Referral Report\n"
             "Employee: Dana Pell. Fixtures at Ardley Football Club resume in May."]


def test_a_name_an_answer_writes_with_initials_for_the_documents_words_is_found() -> None:
    assert MISSING_ENTITY not in types(_REFERRAL, "The Harbrook OH report clears Dana Pell to return.")
    assert MISSING_ENTITY not in types(_REFERRAL, "Fixtures at Ardley FC resume in May.")


def test_initials_of_other_words_or_without_the_names_own_word_are_missing() -> None:
    assert MISSING_ENTITY in types(_REFERRAL, "The Harbrook OT report clears Dana Pell to return.")
    assert MISSING_ENTITY in types(_REFERRAL, "Fixtures at Ardley FA resume in May.")
    assert MISSING_ENTITY in types(_REFERRAL, "Fixtures at Penmoor FC resume in May.")


# -- a mixed-case acronym spelled out --------------------------------------------------------------

_CHECKLIST = ["VENDOR CHECKLIST (Q3)\nA signed MoU is required before kickoff.\n"
              "Prices are quoted per region; RoW pricing on request."]


def test_a_phrase_whose_initials_a_mixed_case_acronym_keeps_is_found() -> None:
    answer = ("A signed Memorandum of Understanding is required before kickoff, and pricing for the Rest of "
              "World is on request.")
    assert MISSING_ENTITY not in types(_CHECKLIST, answer)


def test_a_phrase_whose_initials_no_document_writes_is_still_missing() -> None:
    assert MISSING_ENTITY in types(_CHECKLIST, "A signed Memorandum of Agreement is required before kickoff.")


# -- what NER takes in at a name's edge ----------------------------------------------------------

def test_a_function_word_ner_took_in_after_a_name_is_no_part_of_it() -> None:
    # NER may end a name with the word after it ("Holmesdale North to" of "Holmesdale North to
    # Carrick Quay"): a function word ends no name; a content word may say what the place is
    assert _merged_names("Holmesdale North to") == ["Holmesdale North"]
    assert _merged_names("the Carrick Quay of") == ["Carrick Quay"]
    assert _merged_names("a Carrick beach") == ["Carrick beach"]
    assert _merged_names("Carrick Quay") == ["Carrick Quay"]


def test_a_date_ner_took_in_after_a_name_is_no_part_of_it() -> None:
    # NER reads "BACS Thu 9 April" as one name: the name is what comes before the date
    doc = ["Your refund goes out by BACS Thursday 9 April, reference QT-5521."]
    assert MISSING_ENTITY not in types(doc, "The refund is paid by BACS Thu 9 April (reference QT-5521).")
    assert MISSING_ENTITY in types(doc, "The refund is paid by Mondex Bank Thu 9 April.")


def test_a_number_before_a_slash_and_a_digit_is_a_date_no_named_number() -> None:
    from raguard.normalize.names import named_number_spans

    text = "Ravi Shah (DOS 5/14, Brightline Health) and Apollo 13 launched."
    assert [text[s:e] for s, e in named_number_spans(text)] == ["Apollo 13"]
    doc = ["PATIENT | DOS | PAYER\nSHAH, RAVI | 05/14/2026 | BRIGHTLINE HEALTH | REJECTED"]
    assert MISSING_ENTITY not in types(doc, "Ravi Shah (DOS 5/14, Brightline Health) was rejected.")
    assert MISSING_ENTITY in types(doc, "Ravi Shah (DOS 5/14, Clearpoint Health) was rejected.")


# -- a time zone by its abbreviation -------------------------------------------------------------

def test_the_utc_offsets_a_document_writes_beside_its_times() -> None:
    from raguard.normalize.zones import document_offsets

    def minutes(text: str) -> list[int]:
        return [m for _, _, m in document_offsets(text)]

    assert minutes("Date/Time: 2027-02-03 04:12:55 +0100") == [60]
    assert minutes("starts 09:30 UTC+2, ends 10:30 GMT -05:00") == [120, -300]
    assert minutes("logged 2027-02-03T04:12:55Z and at 14:00+05:30") == [0, 330]
    # a range of times, a phone number and a bare "UTC" write no offset
    assert minutes("open 10:30-11:45, call 020 7946-0200, at 10:30 UTC") == []


def test_a_time_zone_is_supported_by_its_offset_beside_a_documents_time() -> None:
    doc = ["** PROBLEM Service Alert: web-07/http is CRITICAL **\nHost: web-07\nState: CRITICAL\n"
           "Date/Time: 2027-02-03 04:12:55 +0100\nInfo: HTTP 503 on /login"]
    answer = "At 04:12 on 3 February (CET), the http check on web-07 went CRITICAL with a 503 on /login."
    assert MISSING_ENTITY not in types(doc, answer)
    result = verify("What happened?", doc, answer.replace("CET", "EST"))
    [warning] = [w for w in result.warnings if w.type == MISSING_ENTITY]
    assert warning.text == "EST" and "+0100" in warning.suggestion


# -- a person by a chat handle -------------------------------------------------------------------

def test_the_handles_of_a_chat_log() -> None:
    from raguard.normalize.turns import handles, spells_name

    log = ("16:01 <brunom> rc1 is out\n[16:03] priya_s: I can take it\nping @k.osei about it\n"
           "mail ilse@gantry.example")
    assert handles(log) == {"brunom", "priya_s", "k.osei"}
    assert spells_name("brunom", "bruno") and spells_name("priya_s", "priya") and spells_name("k.osei", "osei")
    assert not spells_name("brunom", "bru") and not spells_name("annual_report", "ann")


def test_a_name_a_chat_handle_spells_is_found() -> None:
    doc = ["#gantry-dev meeting log 2027-01-14\n16:00 <ilse_k> #topic 2.0 release\n"
           "16:01 <brunom> rc1 is out, one blocker left: #212 (macos signing)\n16:02 <ilse_k> who takes #212?\n"
           "16:03 <priya_s> I can take it, should be small\n16:04 <brunom> I'd also drop python 3.8 in 2.0\n"
           "16:05 <ilse_k> agreed, 3.8 goes in 2.0"]
    answer = "Priya will take #212. Bruno wanted to drop Python 3.8 in 2.0, and Ilse agreed."
    assert MISSING_ENTITY not in types(doc, answer)
    assert MISSING_ENTITY in types(doc, answer.replace("Bruno", "Marco"))


def test_a_lower_case_word_ner_took_in_before_a_name_opens_no_name() -> None:
    # NER reads "all Euro VI" as one name (LAW): the name is what follows the quantifier
    doc = ["Fleet list (extract): 14 buses, every one of them Euro VI diesel; 3 vans, Euro V."]
    assert MISSING_ENTITY not in types(doc, "The buses are all Euro VI, so they may enter the zone.")
    assert MISSING_ENTITY in types(doc, "The buses are all Euro VII, so they may enter the zone.")


def test_a_weekday_or_a_month_before_a_date_is_no_name_of_its_own() -> None:
    # a name cut before a date that is itself a weekday or a month is the date's, not a name
    from raguard.checkers.entities import _CALENDAR_WORDS

    assert {"fri", "friday", "oct", "october"} <= _CALENDAR_WORDS
    doc = ["Refund by BACS Friday 9 April 2027, reference QT-5521."]
    warnings = verify("When?", doc, "The refund is paid by BACS on Friday 9 April 2027.").warnings
    assert not [w for w in warnings if w.type == MISSING_ENTITY and w.text.lower().startswith(("fri", "april"))]



# -- a person "of the" party or body she belongs to ----------------------------------------------

_COUNT = ["Candidate | Party | First count\nRUANE, Declan | SDP | 1,512 ELECTED\nOKAFOR, Ifeoma | Ind | 1,104\n"
          "DALY, Brona | NWP | 870 EXCLUDED"]


def test_a_person_of_the_body_a_table_row_gives_is_two_names_found_apart() -> None:
    assert MISSING_ENTITY not in types(_COUNT, "Declan Ruane of the SDP was elected on the first count.")
    assert MISSING_ENTITY not in types(_COUNT, "Ifeoma Okafor, an independent, was not elected; Brona Daly of the NWP was excluded.")


def test_a_body_no_document_gives_after_of_the_is_still_missing() -> None:
    assert MISSING_ENTITY in types(_COUNT, "Declan Ruane of the Green Alliance was elected on the first count.")


# -- a currency's or a unit's letters glued to a number ----------------------------------------------

def test_a_currencys_letters_glued_to_an_amount_are_found() -> None:
    doc = ["QJT41PL2 Confirmed. Tsh45,000.00 sent to NEEMA MOSHI 0713***208 on 2/4/26 at 7:14 PM. New balance "
           "is Tsh3,118.00.\nQJT57RX0 Confirmed. You have received Tsh60,000.00 from JUMA KESSY 0754***901 on "
           "6/4/26 at 5:40 PM New balance is Tsh63,118.00."]
    assert types(doc, "You sent Tsh 45,000 to Neema Moshi, then received Tsh 60,000 from Juma Kessy.") == []
    assert MISSING_ENTITY in types(doc, "You sent Ugx 45,000 to Neema Moshi.")


def test_a_units_letters_glued_after_digits_are_found() -> None:
    tokens = TokenText.of("Link status: up, 1000Mbps, autoneg on")
    assert _glued_to_digits(tokens, "mbps") is not None
    assert _glued_to_digits(tokens, "kbps") is None
    assert _glued_to_digits(TokenText.of("codes AB12CD and QX"), "ab") is None  # (letters after: a code)


def test_a_name_ner_read_over_a_sentences_end_is_found_sentence_by_sentence() -> None:
    # "Milford B." ends a sentence; NER read "Milford B. Castle Athletic" as one name
    card = ("FIXTURE CARD - Division 3\nHome: Milford B\nFrame 5 awarded to the home side.\n"
            "Secretary's note: no points deduction for the away side, Castle Athletic, as a first offence.")
    answer = "Frame 5 was awarded to Milford B. Castle Athletic keep their points, as it is a first offence."
    assert MISSING_ENTITY not in types([card], answer)
    # a name of either sentence that the documents do not give is still missing
    assert MISSING_ENTITY in types([card], answer.replace("Castle Athletic", "Castle Rovers"))
    assert MISSING_ENTITY in types([card], answer.replace("Milford B.", "Melford B."))
    # an initial and a surname are one name: another person's surname with another initial is missing
    log = "Shift log 02:10: Operator M. Nowicka acknowledged the alarm. 06:00: handover to P. Zajac."
    assert MISSING_ENTITY in types([log], "Operator K. Zajac acknowledged the alarm at 02:10.")


def test_lower_case_words_after_an_article_open_no_name() -> None:
    # NER read "the council a CC2" as one organization; the name is "CC2"
    doc = ("Dear Mr Osei, once the wall is rebuilt your engineer must send us a completion certificate (CC2), "
           "and we will inspect within 5 working days. Building Control Team")
    answer = "Once the wall is rebuilt, the engineer sends the council a CC2, and they'll inspect within 5 working days."
    assert MISSING_ENTITY not in types([doc], answer)
    assert MISSING_ENTITY in types([doc], answer.replace("CC2", "CC7"))


def test_a_person_of_a_firm_is_found_where_a_signature_gives_the_two_on_one_line() -> None:
    # a run no NER name holds ("Eda Yıldız of Liman Forwarding"), restating a signature's line
    mail = ("From: Eda Yıldız <ops@limanforwarding.example>\nTo: Kaplan Tekstil\nThe boxes sail on 2 May "
            "and are due in Hamburg on 19 May. We submit the VGM on your behalf.\nRgds,\n"
            "Eda Yıldız | Liman Forwarding | Izmir")
    answer = ("The boxes sail on 2 May and are due in Hamburg on 19 May. Eda Yıldız of Liman Forwarding submits "
              "the VGM on behalf of Kaplan Tekstil.")
    assert MISSING_ENTITY not in types([mail], answer)
    # the two far apart, or a firm the documents do not give, make no person of that firm
    apart = mail.replace("Eda Yıldız | Liman Forwarding | Izmir", "Eda Yıldız\n" + "x " * 40 + "\nLiman Forwarding")
    assert MISSING_ENTITY in types([apart], answer)
    assert MISSING_ENTITY in types([mail], answer.replace("Liman Forwarding", "Limon Forwarding"))


def test_a_name_restated_without_the_initial_a_form_gives_it() -> None:
    form = "Date of test: 07/10/2025   Tested by: Charge Nurse T. Adeyemi   Antihistamines stopped: yes"
    answer = "The test on 7 October 2025 was done by Charge Nurse Adeyemi."
    assert MISSING_ENTITY not in types([form], answer)
    assert MISSING_ENTITY in types([form], answer.replace("Adeyemi", "Adebayo"))


def test_a_language_is_found_by_its_code_in_a_language_pair() -> None:
    order = "PURCHASE ORDER LV-PO-118\nSupplier: Tomasz Wrona (freelance)\nProject: pump manual DE > CS\nTotal: EUR 410,00"
    answer = "Tomasz Wrona is translating the pump manual from German into Czech for EUR 410."
    assert MISSING_ENTITY not in types([order], answer)
    assert MISSING_ENTITY in types([order], answer.replace("Czech", "Slovak"))


def test_a_numbered_item_is_found_in_a_list_its_word_labels() -> None:
    # a list's label in the plural names each of its items ("Rooms: 101, 102 and 104")
    notice = "Exam rooms for Friday\nRooms: 101, 102 and 104 (ground floor)\nInvigilator: Mr P. Achebe"
    assert MISSING_ENTITY not in types([notice], "Room 102 is one of Friday's exam rooms, on the ground floor.")
    assert MISSING_ENTITY in types([notice], "Room 103 is one of Friday's exam rooms, on the ground floor.")
