"""A name the documents write in another form is found: letters with no accent to strip, a
surname with a role after its comma, two names joined by "to" or "from", a name's last words by
their initials."""

from __future__ import annotations

from raguard import verify
from raguard.models import MISSING_ENTITY
from raguard.normalize.text import fold_word


def missing(query: str, docs: list[str], answer: str) -> list[str]:
    return [w.text for w in verify(query, docs, answer).warnings if w.type == MISSING_ENTITY]


def test_letters_without_a_decomposition_fold_to_their_capitals_spelling() -> None:
    assert fold_word("Bankası") == fold_word("BANKASI") == "bankasi"
    assert fold_word("Łukasz") == "lukasz" and fold_word("Søren") == "soren"
    assert fold_word("Ærøskøbing") == "aeroskobing" and fold_word("Straße") == "strasse"
    docs = ["ADVICE OF CREDIT - Issuing bank: KARADENIZ TICARET BANKASI A.S., TRABZON\nAmount: EUR 41,200.00"]
    assert missing("Which bank?", docs, "The credit is issued by Karadeniz Ticaret Bankası.") == []
    docs = ["Crew list: SOREN MIKKELSEN (master), LUKASZ WROBEL (engineer)"]
    assert missing("Who is the master?", docs, "Søren Mikkelsen is the master and Łukasz Wróbel the engineer.") == []


def test_a_role_after_a_full_names_comma_is_no_given_name() -> None:
    docs = ["REPORT ISSUED TO: Priya K. Naidoo, Quality Director\nSIGNED: Tomas R. Lindgren, Inspector"]
    assert missing("Who got it?", docs, "Inspector Lindgren issued the report to Priya Naidoo.") == []
    # a surname the record writes first, with another given name, is still someone else
    docs = ["Register: NAIDOO, Kavita; LINDGREN, Tomas"]
    assert missing("Who got it?", docs, "The report went to Priya Naidoo.") == ["Priya Naidoo"]


def test_two_names_joined_by_to_are_each_found() -> None:
    docs = ["To:   Fenmoor Trust plc as Agent\nFrom: Brackwater Holdings Limited\nDated: 3 March 2026"]
    answer = "The certificate was delivered by Brackwater to Fenmoor Trust as Agent."
    assert missing("Who delivered it?", docs, answer) == []


def test_a_names_last_words_by_their_initials() -> None:
    docs = ["Sub-processor | Country | Safeguard\nHollin Mail Inc. | USA | EU-UK TCA + SCC"]
    answer = "Hollin Mail Inc. in the USA is covered by the EU-UK Trade Cooperation Agreement."
    assert missing("Which safeguard?", docs, answer) == []


def test_vat_is_the_tax_a_document_names_in_its_own_language() -> None:
    docs = ["Preisliste ab 1.1.2027: Vollmilch 1 L 1,29 EUR zzgl. 7 % MwSt. Lieferung frei Haus."]
    answer = "Whole milk costs 1.29 euros a litre plus 7% VAT, delivered free."
    assert missing("What does milk cost?", docs, answer) == []
    # another tax is no restatement, and a document that names no tax supports none
    assert missing("What does milk cost?", docs, answer.replace("VAT", "GST")) == ["GST"]
    bare = ["Preisliste ab 1.1.2027: Vollmilch 1 L 1,29 EUR. Lieferung frei Haus."]
    assert missing("What does milk cost?", bare, "Whole milk costs 1.29 euros a litre plus VAT.") == ["VAT"]


def test_a_country_is_found_by_its_name_in_the_documents_language() -> None:
    docs = ["Factura 2027-114 · Itinerancia: Túnez (Zona 4) 9,40 € · Envío gratuito desde Alemania y Polonia."]
    answer = "The €9.40 was roaming in Tunisia; shipping from Germany and Poland is free."
    assert missing("Why is my bill higher?", docs, answer) == []
    # a demonym too ("German shipping" for "Alemania"), and another country is still missing
    assert missing("Why is my bill higher?", docs, "Shipping is free from German and Polish warehouses.") == []
    assert missing("Why is my bill higher?", docs, answer.replace("Tunisia", "Algeria")) == ["Algeria"]
    # a foreign name that is an English word names no country: Danish "Island" is not Iceland
    docs = ["Ferry timetable: the island crossing leaves at 07:40 from Pier 2."]
    assert missing("When does it leave?", docs, "The Iceland crossing leaves at 07:40 from Pier 2.") == ["Iceland"]


def test_an_airport_is_found_by_its_code_where_the_answer_names_its_place() -> None:
    docs = ["OPS PLAN  RK0291  LEBL-EGCC  14MAR27  ETD 0640Z\nALTN 1 EGNM  ALTN 2 EGPH (NOT CALC)\n"
            "NOTE: DEP SLOT 0655Z"]
    answer = ("Flight RK0291 goes from Barcelona to Manchester; Leeds Bradford is the first alternate "
              "and Edinburgh the second.")
    assert missing("Where are we going?", docs, answer) == []
    # its IATA code for the document's ICAO one, and another airport is still missing
    assert missing("Where are we going?", docs, "RK0291 flies BCN to MAN.") == []
    assert missing("Where are we going?", docs, answer.replace("Edinburgh", "Aberdeen")) == ["Aberdeen"]
    # a code must be written in capitals: a lower-case "man" is no Manchester
    docs = ["Canteen rota: the man on the till takes cards only."]
    assert missing("Who takes cards?", docs, "The Manchester canteen takes cards only.") == ["Manchester"]


def test_a_name_with_umlauts_is_found_spelled_with_two_letters_and_back() -> None:
    docs = ["PAX: OEZTUERK/GUELSEN MRS  SEAT 22A  PNR 7KQ2LX\nContact: Björn Ångström, duty manager"]
    answer = "Gülsen Öztürk is in seat 22A; the duty manager is Bjoern Aangstroem."
    assert missing("Where is she sitting?", docs, answer) == []
    # another name is still missing, in either spelling
    assert missing("Where is she sitting?", docs, answer.replace("Gülsen Öztürk", "Gülsen Özdemir")) == [
        "Gülsen Özdemir"]
    assert missing("Who is on duty?", docs, "The duty manager is Bjoern Lindqvist.") == ["Bjoern Lindqvist"]


def test_a_currency_code_is_found_where_a_document_writes_its_countrys_sign() -> None:
    docs = ["Faktura nr 88/2027 - Razem do zapłaty: 2 480,00 zł - termin: 30 dni",
            "Objednávka 551: celkem 3 900 Kč"]
    answer = "Invoice 88/2027 comes to PLN 2,480 and order 551 to CZK 3,900."
    assert missing("How much do I owe?", docs, answer) == []
    # a currency no document writes is still missing, and a changed amount is the numbers checker's
    assert missing("How much do I owe?", docs[:1], "Invoice 88/2027 comes to HUF 2,480.") == ["HUF"]
    flagged = verify("How much do I owe?", docs, answer.replace("2,480", "2,840")).warnings
    assert [(w.type, w.text) for w in flagged if w.severity == "high"] == [("unsupported_number", "2,840")]


def test_a_names_plural_is_found_in_its_singular() -> None:
    docs = ["Inspection found one A1 defect and three B3 items. Rent is paid by standing order."]
    assert missing("What was found?", docs, "It found one A1 and three B3s; rent goes by Standing Orders.") == []
    # another code in the plural is still missing
    assert missing("What was found?", docs, "It found one A1 and three B4s.") == ["B4s"]


def test_a_name_ner_cut_inside_a_hyphened_word_is_the_words_before_it() -> None:
    # NER takes "Windows end-to-" of this sentence: the name is "Windows", which the documents hold
    docs = ["Checks: 212 passed, 1 skipped (windows e2e, optional). Approved by lvoss; merged by pmarsh."]
    answer = "After lvoss approved and 212 CI checks passed, with one optional {} end-to-end check skipped, pmarsh merged it."
    assert missing("Did CI pass?", docs, answer.format("Windows")) == []
    assert missing("Did CI pass?", docs, answer.format("Solaris")) != []


def test_names_a_slash_pairs_are_each_found() -> None:
    docs = ["SEROLOGY PANEL: KRT7 – positive; CDX2 – negative; SATB2 – negative; GATA3 – positive."]
    assert missing("Which markers?", docs, "KRT7/GATA3 are positive, while CDX2/SATB2 are negative.") == []
    # a pair with a name the documents lack is still flagged
    assert any("PAX8" in name for name in missing("Which markers?", docs, "KRT7/PAX8 are positive."))


def test_a_full_name_is_found_where_a_document_initials_one_of_its_words() -> None:
    # the assay sheet gives the initial and the surname, the note only the given name
    docs = ["Assay sheet - Analyst: T. Okonjo\nbatch 14 passed", "note: rerun batch 15 only. - tamsin"]
    answer = "Batch 14 passed, and Tamsin Okonjo's note asks for a rerun of batch 15 only."
    assert missing("Did batch 14 pass?", docs, answer) == []
    assert missing("Did batch 14 pass?", docs, answer.replace("Tamsin", "Talia")) == ["Talia Okonjo's"]
    # a review signed "Gwen P." and a log's "Mrs Pryce" are one guest; another surname is not
    docs = ["19:05 Rm 12 (Mrs Pryce) asked for a cot. Done 19:20.", "Gwen P. - Family stay - June\nLovely room."]
    assert missing("Who asked?", docs, "After Gwen Pryce's review, the hotel sent a cot.") == []
    assert missing("Who asked?", docs, "After Gwen Parry's review, the hotel sent a cot.") == ["Gwen Parry's"]


def test_a_given_name_the_question_says_joins_the_initial_a_document_gives() -> None:
    # the user names "Maria"; the club's log writes her "M. Kowalski"
    docs = ["DIVE LOG 04/05 - Ledge Reef\n1 | S. Obi | 18 m | 42 min | ok\n2 | M. Kowalski | 24 m | 38 min | "
            "ascended fast, grounded for 24 h"]
    query = "what happened on maria's dive, can she dive tomorrow"
    answer = "Maria Kowalski ascended too fast from 24 m, so she is grounded for 24 hours."
    assert missing(query, docs, answer) == []
    assert missing(query, docs, answer.replace("Maria", "Marta")) == ["Marta Kowalski"]


def test_an_initial_joins_names_only_with_its_dot() -> None:
    # "a Mensah" is an article and a surname, no initial of "Abena"
    docs = ["Notes: we spoke to a Mensah at the desk.", "Abena booked the room."]
    assert missing("Who booked?", docs, "The room was booked, and Abena Mensah's card paid.") == ["Abena Mensah's"]


def test_a_documents_language_is_found_where_the_document_is_written_in_it() -> None:
    docs = ["Objet : Résiliation de votre abonnement n° 30417\nMadame, nous avons bien reçu votre demande de "
            "résiliation. Votre contrat prendra fin le 31 mars, et le dernier prélèvement de 24,90 € aura "
            "lieu le 5 mars. Nous vous remercions de votre confiance et restons à votre disposition pour "
            "toute question sur votre dossier."]
    answer = "The French letter confirms your subscription ends on 31 March; the last debit of €24.90 is on 5 March."
    assert missing("What does this letter say?", docs, answer) == []
    # another language is still missing, and an English document gives no language
    assert missing("What does this letter say?", docs, answer.replace("French", "Italian")) == ["Italian"]
    english = ["Dear customer, we have received your request. Your contract will end on 31 March, and the "
               "last direct debit of €24.90 will be taken on 5 March. Thank you for being with us and do "
               "contact us with any question about your account."]
    assert missing("What does this letter say?", english, answer) == ["French"]
    # a document in another script gives its language too
    docs = ["ご予約確認書\nお客様名：ハンナ・ルイス様\nチェックイン：2027年4月3日\n宿泊料金：48,000円（税込）"]
    assert missing("Is my booking confirmed?", docs, "The Japanese confirmation shows check-in on 3 April 2027.") == []


def test_every_language_a_document_may_be_told_in_has_a_name() -> None:
    from raguard.normalize.language import _SCRIPTS, LANGUAGE_NAMES, LANGUAGES

    assert set(LANGUAGES) | set(_SCRIPTS.values()) == set(LANGUAGE_NAMES)


def test_a_verb_ner_takes_in_after_a_name_is_no_part_of_it() -> None:
    # NER may take the verb after a name into it ("Samuel Obi rang"): the name ends before it
    docs = ["On-call rota, Ward 6: registrar Dr Samuel Obi (bleep 2231) until 20:00"]
    assert missing("Who called?", docs, "Later that day Dr Samuel Obi rang the ward.") == []
    assert missing("Who called?", docs, "Later that day Dr Samuel Eke rang the ward.") != []


def test_a_long_names_qualifier_may_be_left_out() -> None:
    docs = ["KESTREL VALLEY AGRICULTURAL SOCIETY - SCHEDULE 2027\nHorse section entries close 30 June"]
    answer = "The Kestrel Valley Society schedule says horse entries close on 30 June."
    assert missing("When do entries close?", docs, answer) == []
    # a word of prose between is another phrase, and another name's first or last word is no shortening
    prose = ["Walkers along the Kestrel river found the valley quiet; the society meets in June."]
    assert missing("When do entries close?", prose, answer) == ["The Kestrel Valley Society"]
    assert missing("When do entries close?", docs, answer.replace("Kestrel Valley Society", "Kestrel Valley Club")) == [
        "The Kestrel Valley Club"]
    # two names a stop parts are no one name ("Kestrel Valley.Fenton Society" holds no "Kestrel Valley Society")
    joined = ["Results: Kestrel Valley.Fenton Society won the cup."]
    assert missing("Who won?", joined, "The Kestrel Valley Society won the cup.") == ["The Kestrel Valley Society"]


def test_a_code_a_transcript_spells_out_as_it_is_said_is_the_documents() -> None:
    docs = ["Voice message, Ines Duarte (agronomist), auto-transcript: hi joao ines here, the vines in block four "
            "need potash, go with about eighty kilos a hectare of k two o after pruning, no nitrogen this year"]
    query = "what should i add to block four"
    answer = "Ines Duarte suggests about 80 kg/ha of K2O for block four after pruning, and no nitrogen this year."
    assert missing(query, docs, answer) == []
    assert missing(query, docs, answer.replace("K2O", "K3O")) == ["K3O"]


def test_a_code_is_said_letter_by_letter_and_number_by_number() -> None:
    from raguard.normalize.numbers import spoken_code

    assert spoken_code("k2o") == [["k", "two", "o"]]
    assert spoken_code("b12") == [["b", "one", "two"], ["b", "twelve"]]
    assert spoken_code("m25") == [["m", "two", "five"], ["m", "twenty", "five"]]
    assert spoken_code("potash") == [] and spoken_code("2025") == [] and spoken_code("covid19x") == []


def test_an_acronym_written_as_part_of_a_camel_case_word_is_found() -> None:
    docs = ['{"eventName":"DeleteBucket","sourceIPAddress":"203.0.113.9","userAgent":"terraform"}',
            "kubectl: pod api-7f9 restarted 4 times, last state OOMKilled (exit 137)"]
    answer = "The bucket was deleted from 203.0.113.9 by Terraform; that IP is not ours, and the API pod was OOM-killed."
    assert "IP" not in missing("What happened?", docs, answer) and "OOM" not in " ".join(missing("What happened?", docs, answer))
    # (not inside a longer run of capitals: "ZIPFile" holds no "IP", so a changed acronym stays missing)
    assert "IP" in missing("What happened?", ['{"sourceZIPFile":"a.zip"}'], "The VPN address is on the IP list.")
