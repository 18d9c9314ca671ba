"""Names a fluent answer restates from forms, registers, catalogues and signs: a country by its
code, an acronym a results sheet folds a qualifier into, a word an OCR pass misread, a company
"of" its town, a field's label read as who did it. Each faithful example has a changed twin that
must still be caught.
"""

from __future__ import annotations

from raguard import verify
from raguard.checkers.base import CheckContext
from raguard.checkers.entities import (
    _PARTICLE_LEAD_RE, _PLACED_IN_RE, _opening_particle, _tail_is_common, _without_lower_tail,
)
from raguard.documents import DocumentSet
from raguard.models import MISATTRIBUTED_CLAIM, MISSING_ENTITY
from raguard.normalize.entities import capitals_misread, coded_country_rows, listed_country_codes
from raguard.normalize.names import named_number_spans


def types(docs: list[str], answer: str, query: str = "Summarize the document.") -> list[str]:
    return [w.type for w in verify(query, docs, answer).warnings]


def _context(docs: list[str], answer: str) -> CheckContext:
    return CheckContext(query="", response=answer, doc=None, documents=DocumentSet(docs))


def texts(docs: list[str], answer: str, kind: str, query: str = "Summarize the document.") -> list[str]:
    return [w.text for w in verify(query, docs, answer).warnings if w.type == kind]


# -- a common word opening a sentence before a number --------------------------------------------

def test_a_sentence_opening_common_word_before_a_number_names_nothing() -> None:
    def named(text: str) -> list[str]:
        return [text[s:e] for s, e in named_number_spans(text)]

    assert named("Under 18 riders need a helmet.") == []  # a stop word's capital
    assert named("Lanes 4 and 6 are closed; lanes 2 and 3 stay open.") == []  # "lanes" in lower case too
    assert named("The stall is open Sundays 10 to 4.") == []  # a weekday's plural
    # names with a number stay names
    assert named("Lanes 4 and 6 are closed.") == ["Lanes 4"]
    assert named("Apollo 11 landed. Orion 3 flew.") == ["Apollo 11", "Orion 3"]
    assert named("The bus is Route 66 today.") == ["Route 66"]


def test_a_numbered_item_opening_a_sentence_is_no_missing_name() -> None:
    doc = ["No. | Item | For | Against\n4 | Adopt accounts | 812 | 40\n7* | New bylaws | 590 | 301"]
    assert MISSING_ENTITY not in types(doc, "Yes, one failed. Article 7 fell short of the two-thirds needed; article 4 passed.")
    # without the word in lower case elsewhere, it may be a name
    assert MISSING_ENTITY in types(doc, "Yes, one failed. Article 7 fell short of the two-thirds needed; item 4 passed.")


def test_a_plural_weekday_before_hours_is_no_missing_name() -> None:
    doc = ["KELDBY LIBRARY\nOpen Tue-Sat 9-5, Sun 10-4\nReturns box by the side door"]
    assert MISSING_ENTITY not in types(doc, "Keldby Library is open on Sundays 10 to 4.")


# -- an amount after a name ------------------------------------------------------------------------

def test_an_amount_ner_took_into_a_name_is_left_to_the_numbers_checker() -> None:
    doc = ["AWARD. The Respondent shall pay the Claimant, Orvane Maritime, GBP 1,250,000 in damages."]
    assert MISSING_ENTITY not in types(doc, "The tribunal ordered the respondent to pay Orvane GBP 1,250,000 in damages.")
    assert "Korvane" in texts(doc, "The tribunal ordered the respondent to pay Korvane GBP 1,250,000 in damages.",
                              MISSING_ENTITY)


# -- a company "of" its town, a farm "on" its lane --------------------------------------------------

def test_a_company_of_its_town_is_two_names_each_found() -> None:
    doc = ["(730) Holder: Quillby Foods Ltd, Unit 9 Malt Yard, Tadcaster\n(740) Agent: Penrose IP"]
    answer = "The mark is held by Quillby Foods Ltd of Tadcaster."
    found = types(doc, answer)
    assert MISSING_ENTITY not in found and MISATTRIBUTED_CLAIM not in found
    assert MISSING_ENTITY in types(doc, "The mark is held by Quillby Foods Ltd of Selby.")
    assert MISSING_ENTITY in types(doc, "The mark is held by Quillby Drinks Ltd of Tadcaster.")


def test_what_joins_a_name_and_where_it_is() -> None:
    # a place "on" its road, a company "of" its town (after its legal form): two names, when NER joins them
    assert _PLACED_IN_RE.split("Tolley Farm on Heron Lane") == ["Tolley Farm", "Heron Lane"]
    assert _PLACED_IN_RE.split("Quillby Foods Ltd of Tadcaster") == ["Quillby Foods Ltd", "Tadcaster"]
    assert _PLACED_IN_RE.split("Bank of England") == ["Bank of England"]
    assert _PLACED_IN_RE.split("University of Leeds") == ["University of Leeds"]


# -- a country by its code ---------------------------------------------------------------------------

def test_country_codes_count_in_a_list_or_after_a_country_label_only() -> None:
    codes = listed_country_codes("Not shipped to: NZ, AU and JP.\nNationality: PT\nNO returns. IT dept.")
    assert set(codes) == {"NZ", "AU", "JP", "PT"}


def test_a_country_named_for_a_forms_code_is_found() -> None:
    doc = ["Order 5521. Delivery excluded for: NZ, AU, JP (customs). Returns within 30 days."]
    assert MISSING_ENTITY not in types(doc, "The shop does not deliver to New Zealand, Australia or Japan.")
    assert "Canada" in texts(doc, "The shop does not deliver to New Zealand, Australia or Canada.", MISSING_ENTITY)
    # two capitals alone are no country's code
    assert "Norway" in texts(["NO pets in the cabins. Check-in 15:00."], "Cabins in Norway allow no pets.",
                             MISSING_ENTITY)


def test_a_country_code_alone_in_brackets_names_the_country_of_a_demonym() -> None:
    doc = ["INCIDENT REPORT - Loch Arn kayak hire\nHirer: male, 51, visitor (DK)\nInjury: sprained wrist"]
    assert MISSING_ENTITY not in types(doc, "The hirer, a 51-year-old Danish visitor, sprained his wrist.")
    assert "Swedish" in texts(doc, "The hirer, a 51-year-old Swedish visitor, sprained his wrist.", MISSING_ENTITY)
    assert listed_country_codes("visitor (DK)") == {"DK": (9, 11)}


def test_a_name_counted_by_a_number_may_be_its_plural() -> None:
    # a tagger takes "Texel Crosses" for a person's name: counted, it is the plural of a breed
    doc = ["FLOCK REGISTER - Bryn Uchaf\nBreed | Ewes | Tups\nWelsh Mountain | 120 | 3\nTexel Cross | 30 | 1"]
    assert MISSING_ENTITY not in types(doc, "The farm keeps 120 Welsh Mountain ewes and 30 Texel Crosses.")
    assert "Suffolk Crosses" in texts(doc, "The farm keeps 30 Suffolk Crosses.", MISSING_ENTITY)


def test_lower_case_words_a_tagger_takes_into_a_name_are_no_part_of_it() -> None:
    assert _without_lower_tail("Hohneck valley") == "Hohneck"
    assert _without_lower_tail("the Lech river path") == "the Lech"
    assert _without_lower_tail("Bank of England") is None and _without_lower_tail("valley") is None
    # end to end, the name part is still checked
    docs = ["Sesselbahn Gantrisch: Revision 3.-14. November. Ersatzbus ab Talstation Gantrisch alle 20 Minuten.",
            "Q: Is the lift open in November? A: No, a replacement bus runs from the valley station."]
    answer = "The chairlift is shut, so a replacement bus runs from the Gantrisch valley station every 20 minutes."
    assert MISSING_ENTITY not in types(docs, answer)
    assert MISSING_ENTITY in types(docs, answer.replace("Gantrisch valley", "Hohneck valley"))
    # a tail no document says is part of the claim ("the Gantrisch meadow"), and so is a word the
    # documents write in lower case ("National" of "a national policy")
    assert not _tail_is_common(_context(docs, "the Gantrisch meadow"), " meadow", "Gantrisch")
    assert _tail_is_common(_context(docs, "the Gantrisch valley"), " valley", "Gantrisch")
    assert not _tail_is_common(_context(docs + ["A national bus plan."], "National valley"), " valley", "National")


def test_a_text_that_names_countries_by_code_throughout() -> None:
    # three codes or more of one length, two of them no English word: a results list, a CSV's column
    text = "1. Ana Ruiz ESP 31:02\n2. Lea Roth SUI 31:09\n3. Jo Kim KOR 31:30"
    rows = coded_country_rows(text)
    assert set(rows) == {"ESP", "SUI", "KOR"}
    (c_start, c_end, l_start, l_end), = rows["SUI"]
    assert text[c_start:c_end] == "SUI" and text[l_start:l_end] == "2. Lea Roth SUI 31:09"
    assert set(coded_country_rows("id,client,country\n1,Vell,NO\n2,Ardo,MX\n3,Kern,NG")) == {"NO", "MX", "NG"}
    # shouted words that are codes too do not make a coded text
    assert coded_country_rows("DO NOT USE IT IN THE RAIN. NO REFUNDS. CAN BE USED ON MAR 3 AND PER DAY") == {}
    doc = ["HALF MARATHON - results\n1. Lea Roth SUI 1:04:10\n2. Ana Ruiz ESP 1:04:30\n3. Jo Kim KOR 1:05:02"]
    assert MISSING_ENTITY not in types(doc, "Lea Roth of Switzerland won, ahead of Spain's Ana Ruiz.")
    assert "Portugal's" in texts(doc, "Lea Roth of Switzerland won, ahead of Portugal's Ana Ruiz.", MISSING_ENTITY)
    # a row's code is the country of that row's name only
    assert MISSING_ENTITY in types(doc, "Lea Roth of Switzerland won, ahead of South Korea's Ana Ruiz.")


def test_an_airport_by_its_code() -> None:
    doc = ["BOARDING PASS  Flight KX 402  From: CDG T2E  To: JFK T1  Seat 14C"]
    assert MISSING_ENTITY not in types(doc, "Your flight KX 402 leaves from Charles de Gaulle T2E.")
    assert MISSING_ENTITY in types(doc, "Your flight KX 402 leaves from Schiphol T2E.")


# -- acronyms as results sheets write them ------------------------------------------------------------

def test_a_qualifier_folded_into_an_acronym_supports_the_acronym() -> None:
    doc = ["Season awards: JPOY Idris Kale; WPOY Reyna Solt; Golden Boot Ana Ruiz"]
    assert MISSING_ENTITY not in types(doc, "Idris Kale was named junior POY.")
    assert MISSING_ENTITY in types(doc, "Idris Kale was named senior POY.")


def test_initials_with_their_function_words_in_capitals_support_the_phrase() -> None:
    doc = ["Show results, ring 4\nBOS: Pennywhistle Fern (Mrs K Adler)\nRBOS: Dunlin Star"]
    assert MISSING_ENTITY not in types(doc, "Pennywhistle Fern was made Best of Show.")
    assert MISSING_ENTITY in types(doc, "Pennywhistle Fern was made Best in Field.")


def test_an_acronym_in_the_querys_plural_is_the_querys() -> None:
    doc = ["Ring 2 results: 1st Dunlin Star; 2nd Marsh Opal"]
    assert MISSING_ENTITY not in types(doc, "Dunlin Star did not win a TCQ.", query="Who got the TCQs?")
    assert MISSING_ENTITY in types(doc, "Dunlin Star did not win a TCQ.", query="Who won ring 2?")


# -- letters misread, words cut short, numeronyms --------------------------------------------------

def test_an_ocr_misread_letter_in_capitals() -> None:
    assert capitals_misread("HOLLYBlRCH NURSERY - C0RNWALL\nall plants £3") == {
        "hollybirch": "hollyblrch", "cornwall": "c0rnwall"}
    assert capitals_misread("10l of water, grade A0, Hello") == {}
    doc = ["HOLLYBlRCH NURSERY  -  plants today\nLavender £4 / 3 for £10"]
    assert MISSING_ENTITY not in types(doc, "Lavender at Hollybirch Nursery is £4 a pot.")
    assert MISSING_ENTITY in types(doc, "Lavender at Hollyoak Nursery is £4 a pot.")


def test_a_class_word_cut_short_before_its_code() -> None:
    doc = ["Deferral: MEL 21-04 Cat B - rectify within 3 days."]
    assert MISSING_ENTITY not in types(doc, "The defect was deferred under MEL 21-04 as Category B.")
    assert MISSING_ENTITY in types(doc, "The defect was deferred under MEL 21-04 as Category D.")
    # a person's given name is not cut so
    people = ["Duty officer: Sam Oyelowo"]
    assert MISSING_ENTITY in types(people, "The duty officer was Samantha Oyelowo.")


def test_a_numeronym_supports_the_word_it_counts() -> None:
    doc = ["Release notes: the l10n strings for Welsh are complete; packaging is next."]
    assert MISSING_ENTITY not in types(doc, "The Localization strings for Welsh are complete.")
    assert MISSING_ENTITY in types(doc, "The Normalization strings for Welsh are complete.")


def test_a_yes_in_another_language_opening_the_answer_is_no_name() -> None:
    doc = ["Von: Pension Alpenblick\nJa, das Zimmer ist frei. Frühstück ab 7:30."]
    assert MISSING_ENTITY not in types(doc, "Oui, the room is free and breakfast starts at 7:30.")
    assert MISSING_ENTITY in types(doc, "Oui, Pension Edelweiss has the room free and breakfast starts at 7:30.")
    text = "Nein. The owner, Nein Brandt, wrote Oui in the guest book. Da, the bar opens at 6."
    assert [w for w in ("Nein", "Oui", "Da") if _opening_particle(text, text.index(w), text.index(w) + len(w))] == ["Nein", "Da"]
    assert not _opening_particle("Olga, the room is free.", 0, 4)


def test_a_reply_opening_the_answer_is_no_part_of_the_name_after_it() -> None:
    doc = ["Order terms - Fernhill & Finch Stationers\n4. Fernhill & Finch do not supply printer proofs. "
           "Proofs can be viewed online."]
    answer = "No - Fernhill & Finch doesn't supply printer proofs, but you can view them online."
    assert MISSING_ENTITY not in types(doc, answer, "Do I get proofs?")
    assert texts(doc, answer.replace("Finch", "Fitch"), MISSING_ENTITY, "Do I get proofs?") == ["Fernhill & Fitch"]
    assert texts(doc, "They said no - Fernhill & Fitch don't supply proofs.", MISSING_ENTITY, "Do I get proofs?") == [
        "Fernhill & Fitch"]
    # (a particle without its mark may open a name)
    assert _PARTICLE_LEAD_RE.match("No Limits Print") is None and _PARTICLE_LEAD_RE.match("Yes, Dr Ito") is not None


# -- a field's label names who did it -------------------------------------------------------------------

def test_a_forms_labels_say_who_did_what() -> None:
    doc = ["CALIBRATION RECORD  Gauge G-114  Result: PASS\nInspected by: R. Tanaka  Signed off: Dr M. Ferris"]
    assert MISATTRIBUTED_CLAIM not in types(doc, "The gauge was inspected by R. Tanaka and signed off by Dr M. Ferris.")
    assert MISATTRIBUTED_CLAIM in types(doc, "The gauge was inspected by Dr M. Ferris and signed off by R. Tanaka.")


# -- who a document's sentence names: the clause's people, described -----------------------------------

def test_a_workplace_after_the_clauses_person_names_no_one_else() -> None:
    doc = ["COMPANY: BRISKWATER FOODS LIMITED (in administration)\n"
           "Tamsin Orrell of Pellow Hart LLP gives notice that members will vote on appointing Tamsin Orrell as administrator."]
    answer = "Members will vote on appointing Tamsin Orrell as administrator of Briskwater Foods Limited."
    assert MISATTRIBUTED_CLAIM not in types(doc, answer)
    # a firm that stands on its own is someone else
    other = ["COMPANY: BRISKWATER FOODS LIMITED (in administration)\n"
             "Pellow Hart LLP gives notice that members will vote on appointing Tamsin Orrell as administrator."]
    assert MISATTRIBUTED_CLAIM in types(other, answer)


def test_a_bracketed_aside_after_the_clauses_name_names_no_one_else() -> None:
    doc = ["Transfer recorded 02/02/2024. Previous holder: Wexcombe Pottery Co. (Ines Harlow t/a).\n"
           "New holder: Dunmere Clay Ltd."]
    answer = "It was transferred to Dunmere by Wexcombe Pottery Co., Ines Harlow's business."
    assert MISATTRIBUTED_CLAIM not in types(doc, answer)


def test_a_name_written_in_full_is_the_clauses_person() -> None:
    doc = ["Office: Dunmore\nGrant made 4 June 2025 to: MARTA ILSE KOWALCZYK and DEV ANAND (adviser, Lune & Anand)"]
    answer = ("Marta Ilse Kowalczyk and Dev Anand hold the grant. The grant was made on 4 June 2025 by the "
              "Dunmore office to Marta and to Dev Anand, an adviser at Lune & Anand.")
    assert MISATTRIBUTED_CLAIM not in types(doc, answer)


# -- a part "of" its whole, from two fields of one record -----------------------------------------

def test_a_part_of_a_named_place_from_two_fields_of_one_record() -> None:
    # "Section C of Ashgrove Park Cemetery" joins the deed's "Cemetery:" and "Section:" fields
    deed = ["GRANT OF RIGHT   Deed No. 4471\nCemetery: Ashgrove Park Cemetery   Section: C   Grave No: 88\n"
            "Owner: Mr Idris Bello"]
    answer = "Your grave, number 88 in Section C of Ashgrove Park Cemetery, is registered to Mr Idris Bello."
    assert texts(deed, answer, MISSING_ENTITY) == []
    # a whole the record does not give is still flagged
    assert texts(deed, answer.replace("Ashgrove Park Cemetery", "Hollyburn Cemetery"), MISSING_ENTITY) != []
    # the two must stand near each other (one record), not anywhere in a long text
    from raguard.checkers.entities import _part_of_named
    from raguard.documents import DocumentIndex

    words = ["section", "c", "of", "ashgrove", "park", "cemetery"]
    assert _part_of_named(DocumentIndex(deed[0]).tokens, words) is not None
    far = DocumentIndex("Section C is by the gate." + " Filler text about the weather and the roads." * 8
                        + " Ashgrove Park Cemetery welcomes dogs.")
    assert _part_of_named(far.tokens, words) is None
    # on one line (one record's fields), and a part named in two words or more: a title's one word
    # before "of" is no part ("Day of Ashgrove" is a name of its own)
    assert _part_of_named(DocumentIndex("Section C\nAshgrove Park Cemetery").tokens, words) is None
    assert _part_of_named(DocumentIndex("A day at Ashgrove Park Cemetery").tokens,
                          ["day", "of", "ashgrove", "park", "cemetery"]) is None


# -- a class word before its number, in the documents' language -------------------------------------

def test_a_class_word_before_its_number_may_be_a_cognate_of_the_documents_language() -> None:
    # "Tarifa 2" / "Tariff 2", "catégorie 1" / "Category 1": all but the last letter or two shared
    bill = ["Factura 0419 - Consumo de datos: Tarifa 2 (Unión Europea) 3,2 GB - 0,00 €"]
    assert texts(bill, "Your data use falls under Tariff 2, so it cost €0.00.", MISSING_ENTITY) == []
    assert texts(bill, "Your data use falls under Tariff 3, so it cost €0.00.", MISSING_ENTITY) == ["Tariff 3"]
    from raguard.checkers.entities import _cognate_label

    assert _cognate_label("Chiens de catégorie 1 et 2 interdits", "category", "1") is not None
    assert _cognate_label("Zoning 3 applies", "zone", "3") is None  # another word, not an ending


_ALARM_LOG = ("fire alarm weekly test log\nwk | date | zone | fault\n16 | 15/04/26 | z4 | \"z4 fault\"\n"
              "Engineer report: Z4 fault - smoke head in the lounge contaminated, REPLACED.")


def test_a_numbered_zone_is_found_by_its_letter_and_the_letter_by_its_word() -> None:
    answer = "The Zone 4 fault logged on 15 April came from a contaminated smoke head in the lounge, which was replaced."
    assert types([_ALARM_LOG], answer, "Was it fixed?") == []
    assert texts([_ALARM_LOG], answer.replace("Zone 4", "Zone 5"), MISSING_ENTITY, "Was it fixed?") == ["Zone 5"]
    # the letter stands for the word only where a document names that word
    assert texts([_ALARM_LOG.replace("zone", "area")], answer, MISSING_ENTITY, "Was it fixed?") == ["Zone 4"]
    spelled = _ALARM_LOG.replace("z4", "Zone 4").replace("Z4", "Zone 4")
    assert MISSING_ENTITY not in types([spelled], answer.replace("Zone 4", "Z4"), "Was it fixed?")
    assert texts([spelled], answer.replace("Zone 4", "Z5"), MISSING_ENTITY, "Was it fixed?") == ["Z5"]


def test_a_name_beside_a_score_the_sheet_writes_out_of_its_total_is_the_names() -> None:
    docs = ["COUNTY PIPE BAND CONTEST - SOLO DRUMMING\nCompetitor 14 | Adjudicator: Fenella Strachan\n"
            "Execution ..... 28/40 | Tone ..... 16/20\nTOTAL ..... 74/100\n"
            "Second adjudicator: Rory Dunleavy - TOTAL ..... 69/100\nAgreed mark: 71"]
    answer = "The agreed mark of 71 counts: Fenella Strachan gave 74 and Rory Dunleavy 69."
    assert verify("Which mark counts?", docs, answer).action == "proceed"
    assert texts(docs, answer.replace("Dunleavy 69", "Dunleavy 67"), MISSING_ENTITY) + texts(
        docs, answer.replace("Dunleavy 69", "Dunleavy 67"), "unsupported_number") != []
    assert texts(docs, answer.replace("Rory Dunleavy", "Rory Dunmore"), MISSING_ENTITY) != []


def test_a_place_said_without_the_of_a_form_writes_is_the_forms() -> None:
    docs = ["ENLISTMENT FORM\nName: Declan Forde\nBorn: in the Parish of Tralee, in the County of Kerry\nTrade: cooper"]
    answer = "Declan Forde, a cooper, was born in Tralee in County Kerry."
    assert texts(docs, answer, MISSING_ENTITY) == []
    assert texts(docs, answer.replace("County Kerry", "County Mayo"), MISSING_ENTITY) == ["County Mayo"]
