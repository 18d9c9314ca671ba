"""Counting words ("five gold albums") checked against the documents' counts of the same thing."""

from __future__ import annotations

import pytest

from raguard import Verifier
from raguard.normalize.counts import CountedNoun, counted_nouns, labelled_counts, lists_its_count

_VERIFIER = Verifier(checkers=["numbers"])


@pytest.mark.parametrize("text, expected", [
    ("produced eight gold albums", [(8, ("gold", "album"))]),
    ("spent 3 weeks at No. 1", [(3, ("week",))]),
    ("it spent ten weeks", [(10, ("week",))]),
    ("won 6-4, 7-5 in two hours", [(2, ("hour",))]),  # scores are not counts
    ("$ 3 billion and 3.9 billion", []),  # money and decimals are not counts
    ("two of the founders", []),  # no content word right after
    ("a fee of 4 weeks' basic salary", [(4, ("week",))]),  # a plural noun ends what is counted
    ("at most NINE (9) YEARS from filing", [(9, ("year",))]),  # a contract's number in brackets
    ("2 (two) working days", [(2, ("work", "day"))]),
    ("two glass jars", [(2, ("glass", "jar"))]),  # "glass" is no plural: still the jars' count
    ("rest it two to three hours", []),  # a range's end counts no hours
    ("prove for 2-3 hrs or 1 - 2 hours", []),
    ("seven in ten voters agreed", []),  # a ratio counts no voters
    ("one out of four tenants", []),
    ("asked for one within ten working days", [(10, ("work", "day"))]),  # "one within" leaves "ten" its own
    ("a two-week pilot and a 19-year history", []),  # compounds: only when asked for (below)
])
def test_counted_nouns(text: str, expected: list[tuple[int, tuple[str, ...]]]) -> None:
    assert [(c.value, c.key) for c in counted_nouns(text)] == expected


@pytest.mark.parametrize("text, expected", [
    ("Stage 1 Leeds, Stage 2 York; Stage 3 Hull", [(3, ("stage",))]),  # numbered from one: three stages
    ("Stage 1 Leeds, Stage 3 York", []),  # a label missing: no count
    ("Room 12 and Room 1, Visit 2.5 and Visit 1", []),
])
def test_labelled_counts(text: str, expected: list[tuple[int, tuple[str, ...]]]) -> None:
    assert [(c.value, c.key) for c in labelled_counts(text)] == expected


def test_compounds_are_counted_when_asked_for() -> None:
    found = counted_nouns("a two-week pilot and a 3-match ban", compounds=True)
    assert [(c.value, c.key, c.whole_key) for c in found] == [(2, ("week",), ("week", "pilot")),
                                                             (3, ("match",), ("match", "ban"))]


def test_a_frequency_joined_to_its_number_counts_its_unit() -> None:
    # "billed 3-monthly" is every three months; a "19-year history" is still no count
    assert [(c.value, c.key) for c in counted_nouns("Billed 3-monthly, a 19-year history")] == [(3, ("month",))]
    docs = ["Service plan: filters changed 3-monthly; boiler checked every 12 months (12 mths cover)."]
    assert _numbers(docs, "The filters are changed every three months.") == []
    assert _numbers(docs, "The filters are changed every four months.") == ["four"]


def test_spelled_only_skips_digits() -> None:
    assert counted_nouns("3 weeks and two days", spelled_only=True) == [CountedNoun(2, ("day",), 12, 15, 20)]


def _numbers(docs: list[str], answer: str) -> list[str]:
    return [w.text for w in _VERIFIER.verify("", docs, answer).warnings if w.type == "unsupported_number"]


def test_a_count_the_documents_give_differently_is_flagged() -> None:
    docs = ["The band has produced eight gold albums and three multi-platinum albums."]
    result = _VERIFIER.verify("", docs, "The band produced five gold albums.")
    [warning] = result.warnings
    assert warning.text == "five" and 'The documents give "eight gold albums".' in warning.suggestion
    assert _numbers(docs, "The band produced eight gold albums.") == []


def test_messy_documents_tokenized_and_lower_cased() -> None:
    docs = ["kathleen turner has won 2 golden globe awards , and was nominated for an oscar ."]
    assert _numbers(docs, "Kathleen Turner has won three Golden Globe Awards.") == ["three"]
    assert _numbers(docs, "Kathleen Turner has won two Golden Globe Awards.") == []


def test_counting_words_without_a_count_of_the_same_thing_pass() -> None:
    docs = ["The company was founded by Ann Lee and Raj Patel in 2004."]
    assert _numbers(docs, "The two founders started the company in 2004.") == []
    # another count of something else is no evidence either way
    docs = ["The band toured for 3 months and released 4 singles."]
    assert _numbers(docs, "The band released two albums.") == []


def test_any_document_count_of_the_thing_with_the_answer_number_supports_it() -> None:
    docs = ["It spent 3 weeks at number one in the UK.", "In Canada it spent nine weeks at number one."]
    assert _numbers(docs, "It spent nine weeks at number one in Canada.") == []
    assert _numbers(docs, "It spent ten weeks at number one in Canada.") == ["ten"]


def test_a_counted_measure_the_documents_give_glued_is_supported() -> None:
    # a timetable's "1h" and "3h" count hours as well as its "24 hrs" does
    docs = ["Ferry timetable - check in 24 hrs before sailing\nHolm Sound   08:15   1h    Daily\n"
            "Skarra Point 11:40   3h    Tue/Thu"]
    assert _numbers(docs, "The Skarra Point crossing takes three hours and Holm Sound one hour.") == []
    assert _numbers(docs, "The Skarra Point crossing takes two hours.") == ["two"]


def test_a_count_followed_by_another_noun_is_the_same_count() -> None:
    docs = ["Notice period: the employer pays 4 weeks' basic salary in lieu, and 2 weeks holiday pay."]
    assert _numbers(docs, "The employer pays four weeks of basic salary in lieu.") == []
    assert _numbers(docs, "The employer pays five weeks of basic salary in lieu.") == ["five"]


def test_a_number_repeated_in_brackets_is_counted() -> None:
    docs = ["Claims must be brought within NINE (9) YEARS of the defect, and notified within 3 years."]
    assert _numbers(docs, "A claim must be brought within nine years of the defect.") == []


def test_a_count_the_documents_give_of_the_noun_alone_does_not_flag_a_longer_phrase() -> None:
    # the documents count depots (30) but never "depots failed": the answer's nine is not the thirty
    docs = ["Of the 30 depots, 12 failed the audit; the western ones did best, with only two of nine failing."]
    assert _numbers(docs, "The western region did best: only two of its nine depots failed.") == []
    assert counted_nouns("nine depots failed", spelled_only=True)[0].whole_key == ("depot", "fail")


def test_a_count_after_another_counting_word_is_read() -> None:
    docs = ["Creditors may request a meeting within 5 working days of this notice."]
    answer = "You can ask for one within ten working days of the notice."
    assert _numbers(docs, answer) == ["ten"]
    assert _numbers(docs, answer.replace("ten", "five")) == []


def test_the_counted_noun_alone_flags_a_count_the_documents_write_nowhere() -> None:
    # the documents count pages (8 and 2) and never "pages plus", nor write ten anywhere
    docs = ["Full papers: 8 pages + references. Short papers: 2 pages."]
    assert _numbers(docs, "Full papers run to ten pages plus references.") == ["ten"]
    assert _numbers(docs, "Full papers run to eight pages plus references.") == []
    # a count of a part (the documents write nine elsewhere) is not flagged
    docs = ["Full papers: 8 pages + references. Reviewers score nine criteria."]
    assert _numbers(docs, "Full papers run to nine pages plus references.") == []


def test_a_count_that_is_a_difference_is_not_flagged_by_the_noun_alone() -> None:
    # "four seconds ahead" is derived from two times; the documents count seconds otherwise
    docs = ["1. Kiprono 1:02:10\n2. Lemma 1:02:14\nThe course record stands 12 seconds faster."]
    assert _numbers(docs, "Kiprono won in 1:02:10, four seconds ahead of Lemma.") == []
    assert _numbers(docs, "Kiprono won in 1:02:10, four seconds faster than the record.") == ["four"]


def test_a_range_of_counts_is_not_checked_as_its_end() -> None:
    docs = ["Bulk ferment ~6-8 hrs, then cold proof for 12 hours."]
    assert _numbers(docs, "Bulk fermentation takes about six to eight hours.") == []


def test_a_count_written_as_a_compound_is_checked() -> None:
    docs = ["Pilot notes: the trial ran 3 weeks across two depots."]
    assert _numbers(docs, "The depots ran a five-week trial.") == ["five"]
    assert _numbers(docs, "The depots ran a three-week trial.") == []


def test_a_documents_compound_names_a_property_not_a_count() -> None:
    # "its 19-year history" counts no years: the answer's "ten years" (a decade) is not flagged
    docs = ["Okafor, who had worked as a nurse for a decade, won the prize in its 19-year history."]
    assert _numbers(docs, "Okafor was a nurse for ten years before winning.") == []


def test_things_a_document_numbers_from_one_are_counted() -> None:
    docs = ["Stage 1  Harrogate to Ripon\nStage 2  Ripon to Thirsk\nStage 3  Thirsk to Helmsley\n"
            "Rest 2 days in Helmsley."]
    assert _numbers(docs, "The route has three stages, ending in Helmsley.") == []
    assert _numbers(docs, "The route has four stages, ending in Helmsley.") == ["four"]


def test_an_answer_that_numbers_what_it_counts_is_not_flagged() -> None:
    # the documents give the plan as a table and count weeks otherwise ("8 weeks")
    docs = ["Plan | Hours\n1 | 4\n2 | 6\n3 | 8\nNo heavy lifting for 8 weeks."]
    answer = "The plan runs over three weeks: Week 1 at 4 hours, Week 2 at 6 and Week 3 at 8."
    assert _numbers(docs, answer) == []
    assert _numbers(docs, answer.replace("three weeks", "five weeks")) == ["five"]


def test_a_counts_evidence_is_the_same_whatever_the_string_hashing() -> None:
    # the keys a count is looked up by were a set, whose order moves with PYTHONHASHSEED: the
    # evidence (read by the placement checker) moved between "2 months" and "2 months' notice"
    import os
    import subprocess
    import sys

    script = (
        "from raguard import verify\n"
        "doc = \"Trial: 2 months from the start date.\\nClause 9: the member gives 2 months' notice in writing.\"\n"
        "r = verify('What notice is needed?', [doc], \"The member must give two months' notice in writing.\")\n"
        "print([(c.text, c.evidence.start) for c in r.claims if c.kind == 'number'])\n"
    )
    seen = set()
    for seed in ("0", "1", "2", "5"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
        seen.add(out.stdout.strip())
    assert seen == {"[('two', 64)]"}  # the answer's phrase, "2 months' notice"


def test_a_count_with_other_beside_it_is_the_rest_of_a_count() -> None:
    doc = ["PACKING NOTE: 4 pallets of tiles for Ruiz; pallet P3 damaged in transit, held at depot."]
    assert _numbers(doc, "Pallet P3 was damaged, so only the other three pallets went to Ruiz.") == []
    assert _numbers(doc, "Pallet P3 was damaged, and the three other pallets went to Ruiz.") == []
    # a count that is no rest is still read against the document's
    assert _numbers(doc, "Pallet P3 was damaged, so three pallets were ordered for Ruiz.") == ["three"]


@pytest.mark.parametrize("text, word, listed", [
    ("You kept the three prints you liked — Harbour, Mill Race and Ferry Steps — for £60.", "three", True),
    ("The team dropped two fixtures: Ashby on 4 May and Carlow on 11 May.", "two", True),
    ("The survey found four defects (damp, a cracked lintel, loose slates, a failed seal).", "four", True),
    ("You kept the three prints you liked — Harbour and Ferry Steps — for £60.", "three", False),
    ("You kept the three prints you liked. Harbour, Mill Race and Ferry Steps sold.", "three", False),
])
def test_a_count_its_own_sentence_lists(text: str, word: str, listed: bool) -> None:
    value = {"two": 2, "three": 3, "four": 4}[word]
    assert lists_its_count(text, text.index(word) + len(word), value) is listed


def test_a_count_of_the_items_the_answer_lists_is_no_claim_against_the_documents_count() -> None:
    docs = ["PRINT FAIR - Stall 12 - sale sheet\nFolio 'Coastal linocuts' (40 prints)\nSold to B. Oyelaran:\n"
            "  Harbour ........ £25\n  Mill Race ...... £20\n  Ferry Steps .... £15\nTotal £60"]
    answer = "Ms Oyelaran bought the three prints — Harbour, Mill Race and Ferry Steps — for £60 in all."
    assert _numbers(docs, answer) == []
    # a count the list does not bear out is still read against the documents' count
    assert _numbers(docs, answer.replace("three prints", "four prints")) == ["four"]
