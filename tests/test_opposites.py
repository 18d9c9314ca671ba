"""The opposites checker: a word no document says whose opposite the aligned document says of the
same thing. Examples written for the rule; each faithful restatement has a swapped twin."""

from __future__ import annotations

import pytest

from raguard import Verifier
from raguard.checkers import DEFAULT_CHECKERS

CLINIC = ["Ward 7 visiting: visitors must sign in at the desk before 2 pm. "
          "Children under twelve need an adult with them at all times. "
          "At the flu clinic the minimum age for the nasal spray is 2 years. Parking for patients is included in the booking fee."]
QUERY = "What are the rules for visiting ward 7 and the flu clinic?"


def _opposites(answer: str, docs: list[str] = CLINIC) -> list[str]:
    result = Verifier().verify(QUERY, docs, answer)
    return [w.suggestion for w in result.warnings if w.type == "contradicted_claim"]


def _assert_swapped(doc: str, faithful: str, swapped: str, pair: str) -> None:
    """The faithful restatement passes; its twin with one word swapped is contradicted, naming ``pair``."""
    assert _opposites(faithful, [doc]) == []
    found = _opposites(swapped, [doc])
    assert found and pair in found[0], found


@pytest.mark.parametrize(("faithful", "swapped", "pair"), [
    ("For ward 7, visitors sign in at the desk before 2 pm.",
     "For ward 7, visitors sign in at the desk after 2 pm.", '"after"'),
    ("At the flu clinic the nasal spray has a minimum age of 2 years.",
     "At the flu clinic the nasal spray has a maximum age of 2 years.", '"maximum"'),
    ("Patient parking is included in the booking fee.",
     "Patient parking is excluded from the booking fee.", '"excluded"'),
])
def test_a_word_swapped_for_its_opposite_is_contradicted(faithful: str, swapped: str, pair: str) -> None:
    assert _opposites(faithful) == []
    found = _opposites(swapped)
    assert found and pair in found[0], found


@pytest.mark.parametrize(("doc", "faithful", "swapped", "pair"), [
    ("Survey note: the greatest recorded depth of the tarn is 19 m, near the north shore.",
     "The tarn's greatest recorded depth is 19 m, near the north shore.",
     "The tarn's least recorded depth is 19 m, near the north shore.", '"least"'),
    ("Quiz night rules: the team with the fewest wrong answers wins the tie-break.",
     "The tie-break goes to the team with the fewest wrong answers.",
     "The tie-break goes to the team with the most wrong answers.", '"most"'),
    ("Shuttle info: guests use the closest stop, outside the west gate, after 6 pm.",
     "After 6 pm guests use the closest stop, outside the west gate.",
     "After 6 pm guests use the furthest stop, outside the west gate.", '"furthest"'),
])
def test_superlatives_swapped_for_their_opposites(doc: str, faithful: str, swapped: str, pair: str) -> None:
    _assert_swapped(doc, faithful, swapped, pair)


@pytest.mark.parametrize(("doc", "faithful", "swapped", "pair"), [
    ("Drop-off: parents use the upper car park by the sports hall; staff park below the tennis courts.",
     "Parents drop off in the upper car park by the sports hall.",
     "Parents drop off in the lower car park by the sports hall.", '"lower"'),
    ("Trial summary: the coated seed gave better germination than the untreated control in all four plots.",
     "In all four plots the coated seed germinated better than the untreated control.",
     "In all four plots the coated seed germinated worse than the untreated control.", '"worse"'),
    ("Ferry notice: the winter timetable runs a shorter crossing via Kells Point from November.",
     "From November the winter timetable has a shorter crossing via Kells Point.",
     "From November the winter timetable has a longer crossing via Kells Point.", '"longer"'),
])
def test_common_opposites_of_quality_size_and_place(doc: str, faithful: str, swapped: str, pair: str) -> None:
    _assert_swapped(doc, faithful, swapped, pair)


@pytest.mark.parametrize(("doc", "faithful", "swapped", "pair"), [
    ("Canteen news: from 3 March staff lunches go up from £4.10 to £4.40 per day.",
     "From 3 March staff lunches rise to £4.40 a day.",
     "From 3 March staff lunches fall to £4.40 a day.", '"go up"'),
    ("Membership of the rowing club rose sharply after the spring regatta.",
     "After the spring regatta, membership of the rowing club went up sharply.",
     "After the spring regatta, membership of the rowing club went down sharply.", '"went down"'),
])
def test_a_change_said_with_go_and_its_particle_has_its_opposite(doc: str, faithful: str, swapped: str,
                                                                pair: str) -> None:
    _assert_swapped(doc, faithful, swapped, pair)


def test_go_and_its_particle_read_as_one_word_of_change() -> None:
    from raguard.normalize.polarity import phrasal_changes
    from raguard.normalize.text import tokenize

    text = "Fares went up; the sign went down the hill; set up the stall"
    assert [t.norm for t in phrasal_changes(tokenize(text))] == [
        "fares", "rise", "the", "sign", "fall", "the", "hill", "set", "up", "the", "stall"]
    [rise] = [t for t in phrasal_changes(tokenize(text)) if t.norm == "rise"]
    assert text[rise.start:rise.end] == "went up"
    plain = tokenize("Prices rose.")
    assert phrasal_changes(plain) is plain


def test_the_same_words_must_stand_on_the_same_side() -> None:
    # a converse restatement ("A before B" told as "after A, B") is no swap
    docs = ["Marta Quell trained as a glassblower in Murano before opening her studio in Leith in 2009."]
    answer = "After training as a glassblower in Murano, Marta Quell opened her studio in Leith in 2009."
    assert Verifier().verify("Who is Marta Quell?", docs, answer).action == "proceed"


def test_a_word_of_comparison_must_compare_the_same_thing() -> None:
    # "before dawn" restates "after 3 a.m." in other terms: the next word differs
    docs = ["The storm reached the harbour wall of Port Ellery shortly after 3 a.m. on Sunday."]
    answer = "The storm reached the harbour wall of Port Ellery before dawn on Sunday."
    assert not any("which no document says" in (w.suggestion or "")
                   for w in Verifier().verify("When did the storm hit?", docs, answer).warnings)


def test_or_more_is_a_bound_not_a_comparison() -> None:
    docs = ["Members who walked at least 9,000 steps a day slept better than those who walked fewer."]
    answer = "Members who walked 9,000 steps a day or more slept better than those who walked fewer."
    assert not any("which no document says" in (w.suggestion or "")
                   for w in Verifier().verify("Did walking help sleep?", docs, answer).warnings)


def test_a_document_that_says_the_word_itself_is_left_to_the_negations_checker() -> None:
    docs = ["Loft hatch: minimum width 500 mm, maximum width 700 mm."]
    answer = "The loft hatch has a minimum width of 700 mm."
    only = Verifier(checkers=[c for c in DEFAULT_CHECKERS if c != "negations"])
    assert not any("which no document says" in (w.suggestion or "")
                   for w in only.verify("Loft hatch size?", docs, answer).warnings)


def test_a_word_the_documents_use_of_something_else_still_counts() -> None:
    # "maximum" is in the documents, but of the visit, not of the nasal spray's age
    docs = [CLINIC[0] + " The maximum stay for a visitor is one hour."]
    swapped = "At the flu clinic the nasal spray has a maximum age of 2 years."
    only = Verifier(checkers=[c for c in DEFAULT_CHECKERS if c != "negations"])
    found = [w.suggestion for w in only.verify(QUERY, docs, swapped).warnings if w.type == "contradicted_claim"]
    assert found and '"maximum"' in found[0], found
    assert _opposites("At the flu clinic the nasal spray has a minimum age of 2 years.", docs) == []
    assert _opposites("A visitor may stay for a maximum of one hour.", docs) == []


def test_a_word_the_document_says_beside_its_opposite_is_left_alone() -> None:
    # the document says both sides of the same thing: the answer's "closes" is its own
    # (the month on both sides of "closes": its three nearest words alone do not show it)
    docs = ["FERNDALE FAIR 2026\n\nThe pool opens on Thursday 9 July at 14:00 and closes on Monday 13 July at 12:00."]
    result = Verifier().verify("when does the pool open?", docs, "The pool closes on Monday 13 July 2026.")
    assert [w.type for w in result.warnings] == []


def test_a_denied_clause_is_not_read_as_the_opposite() -> None:
    # "not after 2 pm" says what "before 2 pm" says
    assert _opposites("For ward 7, visitors sign in at the desk no later than 2 pm.") == []
    assert _opposites("For ward 7, visitors must not sign in at the desk after 2 pm.") == []


def test_without_the_checker_the_swap_passes() -> None:
    # the swap is caught by this checker, not by another one
    swapped = "At the flu clinic the nasal spray has a maximum age of 2 years."
    without = Verifier(checkers=[c for c in DEFAULT_CHECKERS if c != "opposites"])
    with_it = Verifier()
    assert "opposites" in DEFAULT_CHECKERS
    assert with_it.verify(QUERY, CLINIC, swapped).action == "review"
    assert without.verify(QUERY, CLINIC, swapped).action == "proceed"


@pytest.mark.parametrize(("doc", "faithful", "swapped"), [
    # an opposite state said across one time is the same fact: closed until the day it reopens
    ("Harbour baths notice: the baths are closed until 14 March while the boilers are replaced.",
     "The baths reopen on 14 March, once the boilers are replaced.",
     "The baths are open until 14 March, while the boilers are replaced."),
    ("The east footbridge stays open until 10 pm, then shuts for the night.",
     "The east footbridge shuts after 10 pm.",
     "The east footbridge shuts before 10 pm."),
])
def test_an_opposite_state_across_one_time_is_no_contradiction(doc: str, faithful: str, swapped: str) -> None:
    assert _opposites(faithful, [doc]) == []
    assert _opposites(swapped, [doc]) != []


@pytest.mark.parametrize(("doc", "faithful", "swapped"), [
    # the value compared comes a few words on, the thing it is said of restated in between
    (["The booster dose must be given before 18 months of age."],
     "The booster dose must be given before the child is 18 months old.",
     "The booster dose must be given after the child is 18 months old."),
    # a chat's short turn shares one word with the answer besides the time compared
    (["Ines Moura: can i pick it up on sunday?\nTomas Reyes: Sunday after 9 suits me."],
     "Ines arranged to pick the lamp up on Sunday after 9 am.",
     "Ines arranged to pick the lamp up on Sunday before 9 am."),
])
def test_a_comparison_of_the_same_value_is_said_of_the_same_thing(doc: list[str], faithful: str, swapped: str) -> None:
    assert _opposites(faithful, doc) == []
    assert _opposites(swapped, doc)


def test_a_comparison_of_another_value_is_no_opposite() -> None:
    doc = ["Ines Moura: can i pick it up on sunday?\nTomas Reyes: Sunday after 9 suits me."]
    assert _opposites("Ines arranged to pick the lamp up on Sunday before 7 am.", doc) == []


def test_the_value_compared_is_the_first_number_of_the_next_words_of_its_clause() -> None:
    from raguard.checkers.opposites import _compared_value
    text = "Apply before the end of week 6, after which 3 places remain."
    assert _compared_value(text, text.index("before")) == "6"
    assert _compared_value("It rose after the vote, with 40 for.", 8) is None  # (the clause ends first)
    assert _compared_value("more than the usual amount of rain fell in all 12 towns", 0) is None  # (too far on)


def test_a_word_negated_by_its_prefix_is_an_opposite() -> None:
    # the opposites checker alone (the negations checker may see such a swap too, clause by clause)
    verifier = Verifier(checkers=["opposites"])

    def swapped(answer: str, docs: list[str]) -> list[str]:
        return [w.suggestion for w in verifier.verify(QUERY, docs, answer).warnings]

    doc = ["Trail guide: the Coldbeck path is suitable for wheelchairs as far as the lower bridge."]
    assert swapped("The Coldbeck path is suitable for wheelchairs up to the lower bridge.", doc) == []
    found = swapped("The Coldbeck path is unsuitable for wheelchairs up to the lower bridge.", doc)
    assert found and '"unsuitable"' in found[0] and '"suitable"' in found[0], found
    # a document that says the prefixed word itself leaves it alone
    both = doc + ["The Rook path is unsuitable for wheelchairs."]
    assert swapped("The Coldbeck path is unsuitable for wheelchairs up to the lower bridge.", both) == []


def test_a_terse_note_of_a_thing_and_its_state_is_said_of_that_thing() -> None:
    # "Towpath open" has one word beside the state, so two cannot be shared; the one it has is
    verifier = Verifier(checkers=["opposites"])
    doc = ["Canal works notice\nBoats may not pass Mossley Locks 3-6 until Friday. Footbridge shut for repairs. "
           "Towpath open (diversion at Lock 4 during lifts)."]

    def found(answer: str) -> list[str]:
        return [w.suggestion for w in verifier.verify(QUERY, doc, answer).warnings]

    assert found("Boats may not pass Mossley Locks 3-6 until Friday, and the footbridge is shut. The towpath stays open.") == []
    hit = found("Boats may not pass Mossley Locks 3-6 until Friday, and the footbridge is shut. The towpath stays shut.")
    assert hit and '"shut"' in hit[0] and '"open"' in hit[0], hit
    # a note that says the answer's word of the same thing leaves it alone
    both = [doc[0] + "\nUpdate: towpath shut from 6 pm."]
    assert [w for w in verifier.verify(QUERY, both, "The towpath stays shut.").warnings] == []



def test_a_fields_value_is_said_of_its_label_on_either_side() -> None:
    # "Severity: High" says what "high severity" and "the severity is high" say
    verifier = Verifier(checkers=["opposites"])
    doc = ["Advisory KV-118 for tarnlib\nSeverity: High (CVSS 8.4)\nRate limit: lower tier only"]

    def found(answer: str) -> list[str]:
        return [w.suggestion for w in verifier.verify(QUERY, doc, answer).warnings]

    assert found("Advisory KV-118 for tarnlib is rated high severity, CVSS 8.4.") == []
    hit = found("Advisory KV-118 for tarnlib is rated low severity, CVSS 8.4.")
    assert hit and '"low"' in hit[0] and '"high"' in hit[0], hit
    # a value not right after its label is said of what stands around it
    prose = ["Advisory KV-118 for tarnlib. We rate its severity as serious, not high, for most users."]
    assert [w for w in verifier.verify(QUERY, prose, "Advisory KV-118 is rated low severity.").warnings] == []


def test_a_word_no_document_holds_is_read_against_its_clause_wherever_the_words_stand() -> None:
    # the rota's words stand on other sides of "suitable" than the answer's of "unsuitable"
    verifier = Verifier(checkers=["opposites"])
    doc = ["To keep staff safe, the depot manager draws up rotas that assign suitable shifts to new forklift drivers."]
    assert verifier.verify(QUERY, doc, "The depot manager assigns new forklift drivers suitable shifts in the rotas."
                           ).warnings == []
    found = [w.suggestion for w in verifier.verify(
        QUERY, doc, "The depot manager assigns new forklift drivers unsuitable shifts in the rotas.").warnings]
    assert found and '"unsuitable"' in found[0], found


def test_an_answer_clause_that_holds_both_opposites_contrasts_two_things() -> None:
    # "older" is no document's word, but the clause says "new" too: it compares the new with the old
    docs = ["Tidewell Lines said the new ferries burn about a third less fuel per crossing than the boats they replace."]
    answer = "Tidewell Lines said its new ferries burn a third less fuel per crossing than the older boats they replace."
    assert Verifier().verify("What did Tidewell Lines say?", docs, answer).action == "proceed"


def test_a_prefixed_word_is_read_against_its_base_not_another_word_of_its_stem() -> None:
    # "uninsured" negates "insured", not "insurance"
    verifier = Verifier(checkers=["opposites"])
    docs = ["Agent: we offer a range of insurance products for home, travel and pets. Caller: I have no cover yet."]
    answer = "The agent phones a caller who is uninsured and offers a range of products for home, travel and pets."
    assert verifier.verify("What happened on the call?", docs, answer).warnings == []


@pytest.mark.parametrize(("doc", "faithful", "swapped", "pair"), [
    ("Lost property: a child's green rucksack was handed in at the Elm Street library on Monday.",
     "Someone handed in a child's green rucksack at the Elm Street library.",
     "Someone handed in a child's brown rucksack at the Elm Street library.", '"brown"'),
    ("The Tarrow Allotment Society holds its open day every summer on the lower field.",
     "Each summer the Tarrow Allotment Society holds its open day on the lower field.",
     "Each spring the Tarrow Allotment Society holds its open day on the lower field.", '"spring"'),
    ("Bin collection moves: from 2 March the Orchard Row bins are emptied on Tuesday morning.",
     "From 2 March, Orchard Row's bins are emptied on Tuesday morning.",
     "From 2 March, Orchard Row's bins are emptied on Tuesday evening.", '"evening"'),
])
def test_a_value_swapped_for_another_of_its_closed_set_is_contradicted(doc: str, faithful: str, swapped: str,
                                                                      pair: str) -> None:
    # a colour, a season or a part of the day is one of a few values, each excluding the others
    _assert_swapped(doc, faithful, swapped, pair)


def test_two_values_of_a_closed_set_said_of_two_things_are_no_swap() -> None:
    doc = "The club's home shirt is red with white sleeves; the away kit is all blue."
    assert _opposites("The away kit is blue, and the home shirt is red with white sleeves.", [doc]) == []


def test_an_answer_giving_both_values_of_two_things_swaps_neither() -> None:
    # "inflamed" restated as "red", beside the document's own colour of another thing
    doc = "Visit 03/02/2025 -- Dr P. Sandoval\nExam: L eyelid erythematous, yellow discharge. R eye NAD."
    assert _opposites("Dr Sandoval found the left eyelid was red with a yellow discharge.", [doc]) == []
    assert _opposites("Dr Sandoval found the left eyelid had a green discharge.", [doc]) != []


def test_the_verb_half_of_a_contraction_is_no_word_of_its_own() -> None:
    # "won't" is "will not": its "won" is no win set against a document's "lost"
    doc = "Match days lost to snow are not rescheduled for the under-11 league."
    assert _opposites("For the under-11 league, match days lost to snow won't be rescheduled.", [doc]) == []
    assert _opposites("For the under-11 league, match days lost to snow won’t be rescheduled.", [doc]) == []
    assert _opposites("For the under-11 league, match days won to snow are rescheduled.", [doc]) != []
