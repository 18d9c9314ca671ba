"""Fast paths must give exactly what the plain scans give (issue 5: speed without new results).

- Lookup maps over a set of documents (raguard.documents.SetIndex) pick candidate documents; a
  claim must get the same verdict and evidence as a scan of every document.
- Date patterns tried only at anchors (a digit or month name at a word start) must find what a
  scan of the whole text finds.
- Patterns that open with a lookahead for their first character must match what they matched
  without it.
- Text tokenized in one regex pass (nothing to merge) must give the tokens of the full loop.
"""

from __future__ import annotations

import itertools
import random
import re
from typing import Optional

import pytest

import raguard.documents as documents
import raguard.normalize.dates as dates
import raguard.normalize.numbers as numbers
from raguard import Verifier
from raguard.documents import DocumentCache, DocumentSet, SetIndex

FILLER = [
    "The project drew attention from analysts across the industry.",
    "Regulators asked for additional documentation before approval.",
    "Customer feedback shaped the second version of the design.",
    "Staff training took place in several regional offices.",
]

# (document that supports the claim, answer sentence): one per branch of the lookups
CASES = [
    ("Helix Systems was founded in Lisbon in 1998 by Amara Okafor.", "Amara Okafor founded Helix Systems in 1998."),
    ("Okafor met Amara in Lisbon.", "Amara Okafor lived in Lisbon."),  # a person named in parts
    ("The vote was held in France last spring.", "French voters went to the polls."),  # demonym
    ("The World Health Organization issued guidance.", "The WHO issued guidance."),  # acronym expansion
    ("The WHO issued guidance on March 3, 2021.", "The World Health Organization spoke on March 3, 2021."),
    ("Sales rose through the e mail channel.", "Sales via Email grew."),  # compact form
    ("The Ardent crew returned home.", "The Ardents returned home."),  # plural name
    ("The Apollo 11 mission landed in July 1969.", "Apollo 11 landed in 1969."),  # name with a number
    ("The site employed 2,019 people.", "The site opened in 2019."),  # a year only as a number
    ("Revenue reached $42.5 million in 2020.", "Revenue was about $43 million."),  # hedged value
    ("It weighs 4,800 kg and costs 120 dollars.", "It costs more than $100."),
    ("Output fell 3.2% in 2019.", "Output changed by -3.2% in 2019."),
    ("The count was " + "9" * 400 + " units.", "The count was about 12 units."),  # infinite value
    ("He said \"we will build it here\" at the launch.", "He said \"we will build it here\"."),
    ("The Finance Committee approved the plan.", "The committee approved it."),  # vague referent
    ("Deliveries resumed in the fourth quarter of 2023.", "Deliveries resumed in Q4 2023."),
    ("The meeting was on Monday, September 30, 2024.", "It met on Monday."),
    ("Costs rose in june.", "Costs rose in June."),  # a bare month in a lower-cased document
    ("Prices in the 1990s were stable.", "Prices in the '90s were stable."),
    # the sentence-level checkers: statements, negations, attributions, comparisons
    ("The plant mainly makes tractors for export.", "The factory sells agricultural machinery."),
    ("Warren Bryant was the CEO of Longs Drugs from 2002.", "Warren Bryant was never the CEO of Longs Drugs."),
    ("The senator did not attend the vote on Tuesday.", "The senator was not at the vote on Tuesday."),
    ("Holly Willoughby hosted the show. Reggie Yates is best known for playing Leo Jones in Doctor Who.",
     "Holly Willoughby played Leo Jones in Doctor Who."),
    ("Lydia Davis (born 1947) met Martin Heidegger (born 1889).", "Lydia Davis is older than Martin Heidegger."),
]


def _items(seed: int) -> list[tuple[str, list[str], str]]:
    rng = random.Random(seed)
    items = []
    for k, (support, answer) in enumerate(CASES):
        others = [FILLER[(k + j) % len(FILLER)] + f" Item {j} of {k}." for j in range(rng.randint(9, 14))]
        for position in (0, len(others) // 2, len(others)):
            docs = others[:position] + [support] + others[position:]
            items.append(("", docs, answer))
        items.append(("", others, answer))  # unsupported: nearest values come from every document
    # answers mixing several cases over a set holding all their documents
    supports = [s for s, _ in CASES]
    for _ in range(6):
        picked = rng.sample(range(len(CASES)), 5)
        items.append(("", rng.sample(supports, len(supports)), " ".join(CASES[i][1] for i in picked)))
    return items


@pytest.fixture(scope="module")
def items() -> list[tuple[str, list[str], str]]:
    return _items(5)


def _results(monkeypatch: pytest.MonkeyPatch, min_docs: int, items, **kwargs) -> list[str]:
    monkeypatch.setattr(documents, "MAP_MIN_DOCS", min_docs)
    verifier = Verifier(**kwargs)
    return [verifier.verify(*item).model_dump_json() for item in items]


@pytest.mark.parametrize("kwargs", [{}, {"cache_size": 0}, {"trust_query": False}])
def test_lookup_maps_give_the_results_of_a_scan(monkeypatch: pytest.MonkeyPatch, items, kwargs) -> None:
    scanned = _results(monkeypatch, 10**9, items, **kwargs)
    mapped = _results(monkeypatch, 1, items, **kwargs)
    assert mapped == scanned


def test_the_cases_are_supported_where_their_document_is(monkeypatch: pytest.MonkeyPatch) -> None:
    # the comparison above only proves something if the supporting documents are found
    monkeypatch.setattr(documents, "MAP_MIN_DOCS", 1)
    verifier = Verifier()
    docs = [f"{FILLER[j % 4]} Note {j}." for j in range(12)]
    for support, answer in CASES[:8] + CASES[13:16]:
        result = verifier.verify("", docs + [support], answer)
        claims = [c for c in result.claims if c.kind != "statement"]
        assert claims and all(c.supported for c in claims), (answer, result.claims)
        assert {c.evidence.doc_index for c in claims if c.evidence} == {12}


def test_set_index_is_cached_with_its_documents_and_bounded() -> None:
    cache = DocumentCache(max_sets=2)
    texts = [f"Document {i} names Lisbon." for i in range(10)]
    first = DocumentSet(texts, cache).maps
    assert first is not None and DocumentSet(list(texts), cache).maps is first
    for k in range(3):
        DocumentSet([f"Other {k} {i}." for i in range(10)], cache).maps
    assert len(cache._sets) == 2 and DocumentSet(texts, cache).maps is not first
    cache.clear()
    assert len(cache._sets) == 0 and cache.set_chars == 0
    assert DocumentSet(texts[:3], cache).maps is None  # small sets are scanned


def test_set_index_lookups() -> None:
    maps = SetIndex([documents.DocumentIndex(t) for t in
                     ["Lisbon in 1998 had 40 sites.", "Osaka, 2001: 7.5% and 9" + "9" * 400, "Lisbon again."]])
    assert maps.docs_with_words(["lisbon"]) == {0, 2}
    assert maps.docs_with_words(["lisbon", "sites"]) == {0}
    assert maps.docs_with_words(["nowhere"]) == set()
    assert maps.date_year_docs[1998] == [0] and maps.date_year_docs[2001] == [1]
    assert maps.docs_with_magnitude(39, 41) == {0, 1}  # document 1 holds an infinite value
    assert maps.docs_with_magnitude(7, 8) == {1}


# -- date patterns at anchors ------------------------------------------------------------------------

def _texts() -> list[str]:
    rng = random.Random(7)
    atoms = ["1", "12", "2024", "1990s", "'90s", "30", "3rd", "Sept.", "sep", "May", "march", "Q3", "FY", "of",
             "the", "-", "–", "/", ".", ",", " ", " ", "\t", "\n", "Monday", "day", "ſep", "٣", "x", "in", "June",
             "2,019", "14-15", "a1", "_2", "first quarter", "thirties", "1st", "ST", "th", "s", "'", "’", "%",
             "0s", "q", "Q", "Day", "TIES", "Quarter"]
    return ["".join(rng.choice(atoms) for _ in range(rng.randint(1, 60))) for _ in range(3000)] + [
        "On Oct. 14-15, 2024 and 3 March 2021, 2019/01/02, 1/2/2023 and 30.09.2024; the 1990s.",
    ]


def test_anchored_date_forms_match_what_a_scan_finds() -> None:
    for text in _texts():
        for form, pattern in dates._PATTERNS:
            kind = dates._ANCHORED.get(form)
            if kind is None:
                continue
            found = [(m.start(), m.end() - m.start(), text[m.end():m.end() + 1])
                     for m in dates._ANCHOR_RES[kind].finditer(text)]
            # only the anchors whose digit run and next character fit the form are tried
            at_anchors = [m.span() for m in dates.matches_at(pattern, text, dates._form_starts(form, found))]
            assert at_anchors == [m.span() for m in pattern.finditer(text)], (form, text)


def test_form_starts_shared_by_the_forms_are_each_forms_own_anchors() -> None:
    # one groups dict per text, as extract_dates keeps it, filled once for every form (the
    # shapes' answers kept by (length, next character)): each form gets the anchors its shape
    # accepts, in order, as the test of each anchor by the shape gives them
    for text in _texts():
        for kind in ("digit", "month"):
            found = [(m.start(), m.end() - m.start(), text[m.end():m.end() + 1])
                     for m in dates._ANCHOR_RES[kind].finditer(text)]
            groups: dict[object, list[list[int]]] = {}
            for form, _ in dates._PATTERNS * 2:  # (twice: a merged list read again)
                if dates._ANCHORED.get(form) != kind:
                    continue
                shape = dates._DIGIT_SHAPES.get(form)
                wanted = [p for p, n, c in found if shape is None or shape(n, c)]
                assert dates._form_starts(form, found, groups) == wanted, (form, text)
                assert dates._form_starts(form, found) == wanted, (form, text)
    for key in [(n, c) for n in range(1, 16) for c in ("", " ", "\t", "-", "/", ".", "'", "s", "W", "T", "Z", ",", "a")]:
        assert set(dates._fitting(key)) == {s for s in dates._DIGIT_SHAPES.values() if s(*key)}, key


def test_month_alone_words_by_their_last_character_are_all_the_words() -> None:
    assert sorted(w for words in dates._MONTH_ALONE_BY_LAST.values() for w in words) == sorted(dates._MONTH_ALONE_WORDS)
    assert all(w.endswith(last) for last, words in dates._MONTH_ALONE_BY_LAST.items() for w in words)


def test_extract_dates_is_the_same_with_and_without_anchors(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = _texts()
    monkeypatch.setattr(dates, "_MIN_ANCHOR_TEXT", 0)
    monkeypatch.setattr(dates, "_MAX_ANCHOR_DENSITY", 0.0)
    def run(t):
        try:
            return dates.extract_dates(t)
        except KeyError:  # "ſep": re's IGNORECASE matches it, MONTHS does not (unchanged behaviour)
            return "KeyError"
    scanned = [run(t) for t in texts]
    monkeypatch.setattr(dates, "_MAX_ANCHOR_DENSITY", 1.0)
    assert [run(t) for t in texts] == scanned


def test_short_texts_find_what_whole_scans_find(monkeypatch: pytest.MonkeyPatch) -> None:
    # a text too short for anchors is scanned whole, but a digit-anchored form whose digit run
    # and next character fit none of the text's is not run at all, and a month form is tried at
    # the month anchors only; a text without a cue word is not tested cue by cue: the same dates
    # as scanning the whole text for every form
    texts = [t for t in _texts() if len(t) < dates._MIN_ANCHOR_TEXT]
    texts += ["Due 30.09.2024, paid 1/2/2023", "Q3 2024: 12 March", "from 1990s to 2019-01-02T10:00",
              "Sept. 3, 2021 or sep 4 and Dec 2024; jun. 5th", "Déc 3, 2020 and mars 4", "No date here at all.",
              "in the thirties", "see you on Tues", "TGIF!", "the second quarter", "early March", "Sunday"]
    def run(t):
        try:
            return dates.extract_dates(t)
        except KeyError:  # ("ſep", as above)
            return "KeyError"
    pruned = [run(t) for t in texts]
    monkeypatch.setattr(dates, "_fits", lambda shape, shapes: True)
    monkeypatch.setattr(dates, "_MONTH_FORMS", frozenset())
    monkeypatch.setattr(dates, "_holds_cue_word", lambda lowered: True)  # (the tests per cue, every time)
    assert [run(t) for t in texts] == pruned


# -- first-character lookaheads ----------------------------------------------------------------------

_GUARD_RE = re.compile(r"\(\?=(?:\[[^\]]*\]|\\d)(?:\|[^()]*)?\)")


def _guarded_patterns() -> list[tuple[str, re.Pattern[str]]]:
    found = [(f"dates.{form}", p) for form, p in dates._PATTERNS]
    found += [(f"dates.cue.{k}", p) for k, p in dates._CUES.items()]
    found += [(f"numbers.{name}", getattr(numbers, name)) for name in
              ("_NUMERIC_RE", "_SPELLED_RE", "_HEDGE_RE", "_DECLINE_RE", "_FRACTION_RE", "_DIGIT_WORD_SCALE_RE")]
    from raguard.checkers.vague import VagueChecker, compile_phrases

    found += [("vague", VagueChecker()._pattern), ("vague.custom", compile_phrases(["Ωmega point", "-x", "]y z"]))]
    from raguard.checkers.qa import comparisons
    from raguard.normalize import cues as _cues

    from raguard.normalize import text

    found += [("text.sentence_end", text._SENTENCE_END_RE), ("text.clause_break", text._CLAUSE_BREAK_RE)]
    found += [("cues.answer", _cues._ANSWER_NEGATION_RE), ("cues.refusal", _cues._REFUSAL_RE),
              ("comparisons.pair", comparisons._PAIR_CUE_RE), ("comparisons.query", comparisons._QUERY_CUE_RE)]
    return [(name, p) for name, p in found if _GUARD_RE.search(p.pattern)]


def test_first_character_lookaheads_change_no_match() -> None:
    guarded = _guarded_patterns()
    assert len(guarded) >= 20
    # every character that case-folds to an ASCII letter or digit, beside those letters
    odd = "".join(chr(c) for c in range(0x80, 0x30000)
                  if re.fullmatch(r"[a-z0-9]", chr(c), re.IGNORECASE) or chr(c).isdigit())
    rng = random.Random(3)
    words = ["about", "approx. ", "In excess of ", "fell", "twenty-one", "a third", "3 dozen", "US$", "€", "−4",
             ".5", "Q2", "1st quarter", "the twenties", "in March", "since May", "Friday", "fri", "Sept", "2024",
             "'90s", "’80s", "10/12/2023", "2020-01-02", "as mentioned", "the recent report", "ωmega point",
             "-x", "]y z", "sources say", "not", "Never", "no", "with no", "No. 3", "n't", "cannot", "can't",
             "the context does not contain", "Insufficient information", "I do not know", "unable to determine",
             "not mentioned in the", "than", "Before", "after", "earliest", "younger", "newest", "sooner",
             ". The", "! ", "?\n\n", '." Next', ".) (", "end.Next", "St.Louis", "U.S. Army", ". . .", "x. y", "\u2029",
             "but", "While", "whereas", "ALTHOUGH", "though", "yet", " – ", " -\t", "; ", ":", "("]
    texts = [rng.choice(words) + rng.choice(odd) + rng.choice(words) for _ in range(4000)]
    texts += ["".join(rng.choice(words + [" ", ", ", rng.choice(odd)]) for _ in range(30)) for _ in range(400)]
    texts += [c + w[1:] for w in words if w[:1].isalpha() for c in odd]
    for name, pattern in guarded:
        plain = re.compile(_GUARD_RE.sub("", pattern.pattern, count=1), pattern.flags)
        for text in texts:
            assert [m.span() for m in pattern.finditer(text)] == [m.span() for m in plain.finditer(text)], (name, text)


def test_first_character_lookaheads_guard_the_whole_pattern() -> None:
    """A guard that opens only the first branch of a top-level alternation leaves the other
    branches tried at every position: every guard must come first, outside any branch."""
    try:
        from re import _parser as parser  # type: ignore[attr-defined]
    except ImportError:  # Python < 3.11
        import sre_parse as parser  # type: ignore[no-redef]
    for name, pattern in _guarded_patterns():
        first_op = parser.parse(pattern.pattern, pattern.flags)[0][0]
        assert str(first_op) == "ASSERT", (name, pattern.pattern[:60])


def test_derived_dates_are_memoized_equal() -> None:
    for value in (dates.DateValue(year=2024, month=9, day=30), dates.DateValue(month=2), dates.DateValue(year=1999),
                  dates.DateValue(year=2023, month=2, day=30), dates.DateValue(quarter=3, year=2024)):
        assert value.derived() == value._derive()
    assert dates.DateValue(year=2024, month=9, day=30).derived() == dates.DateValue(2024, 9, 30, 3, None, 0)


def test_number_words_grouped_by_first_letter_match_as_before() -> None:
    grouped = numbers._SPELLED_RE
    assert numbers._NUMBER_WORD_GROUPED in grouped.pattern
    plain = re.compile(grouped.pattern.replace(numbers._NUMBER_WORD_GROUPED, numbers._NUMBER_WORD), grouped.flags)
    rng = random.Random(11)
    vocab = numbers._NUMBER_WORD.split("|") + ["and", "a", "an", "Twenty", "ſeven", "sevens", "tenth-", "x"]
    seps = [" ", "-", " and ", "\t", "", ", ", " percent", "%"]
    texts = ["".join(rng.choice(vocab) + rng.choice(seps) for _ in range(rng.randint(1, 8))) for _ in range(5000)]
    for text in texts:
        assert [m.span() for m in grouped.finditer(text)] == [m.span() for m in plain.finditer(text)], text


def test_tokenize_fast_path_gives_the_merging_tokens() -> None:
    """Text with no merge cue is tokenized by one regex pass; it must equal the full loop."""
    from raguard.normalize import text as folding

    rng = random.Random(5)
    atoms = list("aAbBnNtTsSuU.'’ -\n\t,0129_é") + ["n't", " n’t", "U.S.", "U. S. ", "a.b", "-\n", "\u00ad\n",
                                                      "ﬁ", "Tomás", "are", "e.g.", "x- \n y"]
    texts = ["".join(rng.choice(atoms) for _ in range(rng.randint(0, 16))) for _ in range(30000)]
    texts += [case for _, case in CASES] + [doc for doc, _ in CASES] + FILLER
    # other text: letters that fold to another ("ñ" to "n", "İ", "ß"), a combining accent, Cyrillic
    atoms += ["ñ", "Ñ", "İ", "ß", "e\u0301", "Москва", "–", "Ñ't", "ñ’t", "é.", "É. ", "ﬁ.", "x–\n"]
    texts += ["".join(rng.choice(atoms) for _ in range(rng.randint(0, 16))) for _ in range(30000)]
    fast = other = 0
    for t in texts:
        assert folding.tokenize(t) == folding._tokenize_merging(t), t
        fast += t.isascii() and not folding._may_merge(t)
        other += not t.isascii() and not folding._may_merge_any(t)
    assert fast > 1000 and other > 1000  # both fast paths were taken
    for t in texts[:2000]:  # the joined form and word starts of TokenText
        tt = folding.TokenText.of(t)
        assert tt.joined == " " + "".join(tok.norm + " " for tok in tt.tokens)
        assert [tt.joined.index(" " + tok.norm + " ", s - 1) + 1 for tok, s in zip(tt.tokens, tt._starts)] == tt._starts


def test_span_words_are_the_words_of_each_span_tokenized_alone() -> None:
    """A document's sentences reuse its tokens where that gives what tokenizing each alone gives
    (merged tokens too: "U.S.", "are n't", "inter-\\nnational", folded "Tomás")."""
    from raguard.normalize import text as folding

    rng = random.Random(11)
    atoms = list("aAbnNtTsU.'’ -\n,09é!?") + ["n't", " n’t", "U.S.", "Dr. ", "e.g. ", ". The ", "? He ",
                                              '." She ', "-\n", "x- \n y", "Paul", " 1999.", "ﬁ", "Tomás", "are"]
    reused = crossed = rewritten = 0  # rewritten: merged, or folded to another length
    for i in range(20000):
        text = "".join(rng.choice(atoms) for _ in range(rng.randint(0, 24)))
        if i % 2:
            spans = folding.sentence_spans(text)
        else:  # any sorted disjoint spans, cutting words as sentence ends never do
            cuts = sorted(rng.sample(range(len(text) + 1), min(len(text) + 1, 2 * rng.randint(0, 3))))
            spans = list(zip(cuts[::2], cuts[1::2]))
        tokens = folding.tokenize(text)
        expected = [[t.norm for t in folding.tokenize(text[s:e])] for s, e in spans]
        assert folding.span_words(text, spans, tokens) == expected, (text, spans)
        for s, e in spans:
            inside = [t for t in tokens if s <= t.start and t.end <= e]
            cut = any(t.start < s < t.end or t.start < e < t.end for t in tokens)
            crossed += cut
            reused += not cut and bool(inside)
            rewritten += not cut and any(t.end - t.start != len(t.norm) for t in inside)
    assert reused > 3000 and crossed > 1000 and rewritten > 300, (reused, crossed, rewritten)  # every branch ran


def test_hedge_and_decline_prechecks_change_no_result() -> None:
    """The cheap last-word tests before the hedge and decline searches skip only windows where
    the search finds nothing."""
    def plain_hedge(text: str, start: int):
        window = text[max(0, start - 24):start]
        m = numbers._HEDGE_RE.search(window)
        if not m or (window[:m.start()] and window[:m.start()][-1].isalnum()):
            return None
        return re.sub(r"[ \t]+", " ", m.group("hedge").lower())

    def plain_decline(text: str, start: int) -> bool:
        return numbers._DECLINE_RE.search(text[max(0, start - 40):start]) is not None

    rng = random.Random(13)
    words = ["fell", "Fell", "FALLING", "by", "of", "about", "the", "The", "over", "more than", "up to", "ca.",
             "approx.", "~", "≈", "ſome", "aboutK", "x", "-", "_", "2", "é", "fell\u0301", "deficit", "leaſt",
             "ABOUT", "declined", "loſt", "nearly", "In excess of", "just", "a", "an estimated", "shrank"]
    texts = ["".join(rng.choice(words) + rng.choice(["", " ", " ", "\n", "\t", "  "]) for _ in range(rng.randint(1, 8)))
             for _ in range(20000)]
    for text in texts:
        assert numbers._hedge_before(text, len(text)) == plain_hedge(text, len(text)), text
        assert numbers._decline_before(text, len(text)) == plain_decline(text, len(text)), text


def test_rare_number_forms_are_found_where_their_word_occurs() -> None:
    for text in ["About a third of 3 dozen", "A THIRD and 2 DOZEN", "two quarters", "4 dozen eggs, a fifth",
                 "a tenth of the 1990s", "3 doﬁzen", "ſix dozen", "1 Dozen"]:
        found = [(n.start, n.end, n.value) for n in numbers.extract_numbers(text)]
        expected = list(numbers._digit_with_word_scale(text, [])) + list(numbers._fractions(text))
        for n in expected:
            assert any(start <= n.start and n.end <= end for start, end, _ in found), (text, n)


def test_number_ladder_names_the_value_a_scan_names() -> None:
    """The nearest document value from the sorted ladder is the one the scan picks, ties and
    units and infinities included."""
    import math

    from raguard.normalize.numbers import NumberLadder, NumberMention, nearest

    rng = random.Random(17)
    odd = [0.0, -0.0, 1.0, 2.5, -1.0, 1e300, -1e300, math.inf, -math.inf, 7.0, 1e16, 1e16 + 2]
    units = [None, "%", "USD", "EUR"]

    def value() -> float:
        return rng.choice(odd) if rng.random() < 0.5 else round(rng.uniform(-20, 20), rng.choice([0, 1]))

    for _ in range(20000):
        pool = [NumberMention(i, i + 1, str(i), value(), rng.choice(units)) for i in range(rng.randint(0, 12))]
        claim = NumberMention(0, 1, "c", value(), rng.choice(units))
        assert NumberLadder(pool).nearest(claim) is nearest(claim, pool), (claim, pool)


def test_literal_date_cues_skip_only_forms_that_cannot_match(monkeypatch: pytest.MonkeyPatch) -> None:
    """A form whose cue (a literal, "-", "/", "0s", or a word, "Tues", "quarter") is absent is
    not run: the mentions found are those found when every form runs."""
    texts = _texts() + ["the 1990s and the '80s", "the 1990's", "2024-09-30", "2024/09/30", "Oct. 14–15, 2024",
                        "14—15 March 2024", "1990 s", "the 90s", "Q3 2024", "q4", "in June", "by MAY 5",
                        "Thursday", "SUNDAY", "third QUARTER", "the Twenties", "the FIFTIES", "ſunday",
                        # (a cue's word inside another, or against a digit or "_": no cue)
                        "sat_day 4 May", "Mondays2 and 3", "the ties_ of 1970", "(Tues 4/5", "on Thurs 9 Oct",
                        "wed_ 3 June", "Mon2 12/03", "Saturdays 4pm", "q 5 Q 6 the q3 of 2020",
                        "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 the 1980s", "a-b-c-d-e-f-g-h-i-j-k-l-m-n-o-p-q post-1990",
                        "Report filed on " + "x " * 80 + "Thursday, 9 July 2026 (sat. 11 jul)"]

    def run(t):
        try:
            return dates.extract_dates(t)
        except KeyError:  # "ſep": re's IGNORECASE matches it, MONTHS does not (unchanged behaviour)
            return "KeyError"
    cued = [run(t) for t in texts]
    every = set(dates._CUES) | set(dates._LITERAL_CUES)

    def every_cue(text: str, prefixes: Optional[list[int]] = None) -> set[str]:
        if prefixes is not None:
            prefixes.extend(dates._month_prefixes(text))
        return set(every)
    monkeypatch.setattr(dates, "_PLANS", {})
    monkeypatch.setattr(dates, "_cues", every_cue)
    assert [run(t) for t in texts] == cued


def test_name_start_reads_capitals_as_the_character_loops_did() -> None:
    """_name_start tests a run's letters with str methods: the same answers as the loops over
    its characters (a run holds A-Z, a-z and "&" only)."""
    from raguard.normalize.names import _name_start

    def by_loops(text: str, start: int, end: int, sep: str):
        for p in range(start, end):
            if text[p] == "&":
                continue
            before = text[p - 1] if p else ""
            if p == 0 or before == "&" or (p == start and not (before.isalnum() or before == "_")):
                break
        else:
            return None
        rest = text[p + 1:end]
        if any("A" <= c <= "Z" for c in rest):
            return p
        if "A" <= text[p] <= "Z" and (all("a" <= c <= "z" for c in rest) if rest else sep == "-"):
            return p
        return None

    rng = random.Random(11)
    for _ in range(30_000):
        run = "".join(rng.choice("aAzZbQ&") for _ in range(rng.randint(1, 6)))
        before, sep = rng.choice(["", " ", "x", "1", "_", "&", "é"]), rng.choice([" ", "-"])
        text = before + run + sep + "12"
        args = (text, len(before), len(before) + len(run), sep)
        assert _name_start(*args) == by_loops(*args), text


def test_span_index_answers_as_a_scan() -> None:
    from raguard.normalize.spans import SpanIndex

    rng = random.Random(12)
    for _ in range(3_000):
        spans = [(s, s + rng.randint(1, 5)) for s in (rng.randint(0, 20) for _ in range(rng.randint(0, 4)))]
        index = SpanIndex(spans)
        for _ in range(5):
            a = rng.randint(0, 25)
            b = a + rng.randint(1, 6)
            assert index.overlaps(a, b) == any(s < b and a < e for s, e in spans), (spans, a, b)
            assert index.holds(a, b) == any(s <= a and b <= e for s, e in spans), (spans, a, b)


def test_name_parts_split_as_before() -> None:
    """_PARTS_RE tries a degree's spaces only from the start of their run (linear): same pieces."""
    from raguard.checkers.entities import _PARTS_RE

    plain = re.compile(r"[“”\"«»:;]|(?<=['’]s)[ \t]+|(?<=s['’])[ \t]+|[ \t]+(?=(?:PhD|DPhil|MBA|MSc|BSc|LLM|MPhil)$)")
    rng = random.Random(5)
    alphabet = ["a", "s", "'", "’", " ", "  ", "\t", "PhD", "MBA", ":", '"', "\n", "X", "s'"]
    for _ in range(20_000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12)))
        assert _PARTS_RE.split(text) == plain.split(text), text


def test_dates_support_and_closeness_read_derived_parts_only_when_asked() -> None:
    """supports() and closeness() derive a document date only for a claim with a quarter or a
    weekday (all derive() fills in): the same answers as with every date derived."""
    from raguard.normalize.dates import DateValue, closeness, supports

    rng = random.Random(9)

    def value() -> DateValue:
        pick = lambda xs: rng.choice(xs + [None])  # noqa: E731
        return DateValue(year=pick([2023, 2024]), month=pick([2, 3, 9]), day=pick([1, 29, 30]),
                         quarter=pick([1, 3]), decade=pick([2020, 20]), weekday=pick([0, 4]))

    for _ in range(20_000):
        doc, claim = value(), value()
        derived = doc.derived()
        assert supports(doc, claim) == supports(derived, claim)
        assert closeness(doc, claim) == closeness(derived, claim)


def test_derived_skips_the_cache_only_when_nothing_is_filled_in() -> None:
    from raguard.normalize.dates import DateValue

    for year, month, day, quarter, weekday in itertools.product(
            [None, 0, 2023, 2024], [None, 2, 6], [None, 29, 30, 31], [None, 1, 3], [None, 0, 4]):
        value = DateValue(year=year, month=month, day=day, quarter=quarter, weekday=weekday)
        full = value._derive()
        assert value.derived() == full
        if (quarter is not None or month is None) and (weekday is not None or not (year and month and day)):
            assert value.derived() is value and full == value  # nothing to fill in


def test_vague_phrases_grouped_by_first_character_match_as_before() -> None:
    from raguard.checkers.vague import VagueChecker, compile_phrases

    rng = random.Random(13)
    phrases = list(VagueChecker().phrases)
    custom = ["Sources say", "some sources", "s", "So", "x y", "X", "-x", "]y z", "K9 unit", "k", "İt is said"]
    odd = ["ſ", "K", "İ", "ı", "Ω", " ", "\t", "-", "", "s", "S"]  # (K: the Kelvin sign)
    pool = phrases + custom + ["the", "report", "said", "a", "experts", "recent"]
    texts = ["".join(rng.choice(pool) + rng.choice(odd) + rng.choice([" ", "  ", "\t", ", ", ""])
                     for _ in range(rng.randint(1, 12))) for _ in range(3000)]
    for chosen in (phrases, custom, phrases + custom):
        grouped, plain = compile_phrases(chosen), compile_phrases(chosen, grouped=False)
        for text in texts:
            assert [m.span() for m in grouped.finditer(text)] == [m.span() for m in plain.finditer(text)], text
    assert compile_phrases(phrases).pattern != compile_phrases(phrases, grouped=False).pattern


def test_quote_patterns_are_tried_only_where_their_opening_mark_is() -> None:
    from raguard.checkers import quotes

    def unguarded(text: str) -> list[tuple[int, int, str]]:
        found = sorted(((m.start(), m.end(), m.group("q")) for _, p in quotes._QUOTE_RES for m in p.finditer(text)),
                       key=lambda q: (q[0], -q[1]))
        out: list[tuple[int, int, str]] = []
        for q in found:
            if not (out and q[0] < out[-1][1]):
                out.append(q)
        return out

    assert all(p.pattern.startswith(opener) for opener, p in quotes._QUOTE_RES)
    rng = random.Random(5)
    marks = ['"', "“", "”", "``", "''", "`", "'", "„", "«", "» ", "\n", " said ", "the plan", " "]
    texts = ["".join(rng.choice(marks) for _ in range(rng.randint(1, 12))) for _ in range(3000)]
    texts += ['He said "it is done" and ``so it was\'\' then „gut“ and « bien »', "no quotes at all"]
    assert sum(bool(unguarded(t)) for t in texts) > 300
    assert [quotes.find_quotes(t) for t in texts] == [unguarded(t) for t in texts]


# -- answer-level cues read once ---------------------------------------------------------------------

_CUE_ATOMS = ["no", "No", "NO", "not", "Not", "n't", "n’t", "can", "cannot", "can't", "Can’t", "unable", "to",
              "information", "Information", "enough", "insufficient", "I", "i", "do", "does", "did", "the",
              "context", "documents", "provided", "contain", "know", "answer", "be", "determined", "mentioned",
              "in", "with", "never", "none", "5", "1", ".", ". ", "! ", "? ", ",", "\n", " ", " ", "\t", "'", "\"",
              "Yes", "It", "x", "(", ")", "İ", "ı", "ſ", "K", "there", "is", "mention", "it", "they", "say",
              "article", "Mention"]


def _cue_texts() -> list[str]:
    rng = random.Random(17)
    texts = ["".join(rng.choice(_CUE_ATOMS) + rng.choice(["", " ", " "]) for _ in range(rng.randint(1, 30)))
             for _ in range(6000)]
    return texts + ["The context does not contain it.", "I can't tell.", "Not enough information.",
                    "It cannot be determined.", "That is not mentioned in the text.", "The answer is no. 5 left.",
                    "Made with no sugar. No. 5 won.", "INSUFFICIENT INFORMATION", "I DON'T KNOW"]


def test_refusal_word_test_agrees_with_the_pattern() -> None:
    from raguard.normalize import cues as _cues

    texts = _cue_texts()
    refusals = [t for t in texts if _cues._REFUSAL_RE.search(t)]
    assert len(refusals) > 50  # the words the test skips on must be met, not only their absence
    for text in texts:
        assert _cues.is_refusal(text) == (_cues._REFUSAL_RE.search(text) is not None), text


def test_no_sentence_denies_when_the_whole_response_does_not() -> None:
    # CheckContext.response_denies stands in for a search of each sentence when it is False
    from raguard.normalize.cues import denies
    from raguard.normalize.text import sentence_spans

    denying = 0
    for text in _cue_texts():
        sentences = [text[s:e] for s, e in sentence_spans(text)]
        if any(denies(s) or denies(s, after_particle=True) for s in sentences):
            denying += 1
            assert denies(text), text
    assert denying > 1000


def test_numeric_matches_from_near_each_digit_are_those_of_a_scan() -> None:
    rng = random.Random(17)
    atoms = ["US$", "USD", "usd", "EUR", "ſ", "ı", "İ", "K", "$", "€", "£", " ", "\t", "-", "−", "–", ".", ",", "/",
             ":", "5", "42", "1,234", "٣", "x", "Q", "A-", "st", "th", "m", "bn", "%", " percent", " dollars", "\n"]
    texts = ["".join(rng.choice(atoms) for _ in range(rng.randint(0, 14))) for _ in range(30000)]
    texts += ["US$ -5", "USD\t−7", "eur .25 bn", "x US$ -5", "US$ -5 and USD .5%"] + FILLER
    for text in texts:
        assert [m.span() for m in numbers._numeric_matches(text)] == \
            [m.span() for m in numbers._NUMERIC_RE.finditer(text)], text


def test_proper_noun_runs_one_word_path_is_that_of_add_run() -> None:
    """A run of one word skips the word split: it must keep what _add_run keeps."""
    from raguard.normalize import names as _names

    def through_add_run(text: str) -> list[tuple[int, int]]:
        spans: list[tuple[int, int]] = []
        for m in _names._RUN_RE.finditer(text):
            parts: list[list[re.Match[str]]] = [[]]
            for word in _names._WORD_CHUNK_RE.finditer(m.group()):
                parts[-1].append(word)
                if word.group().endswith(_names._POSSESSIVE_END):
                    parts.append([])
            for words in parts:
                _names._add_run(text, m.start(), words, spans)
        return spans

    rng = random.Random(23)
    atoms = list("Aa&- 15.,_é\t'’\n!?\"(") + ["Apollo", " of ", "The", "The's", "Van", "De", "Of", "In", "May", "Mays",
                                              "Monday", "MW", "per ", "/", "O'Meara", "Kwabena-Hill", "Cricket's", "X",
                                              "s'", "Mr ", "É"]
    texts = ["".join(rng.choice(atoms) for _ in range(rng.randint(0, 12))) for _ in range(20000)]
    for text in texts + FILLER + [case for _, case in CASES]:
        assert _names.proper_noun_runs(text) == through_add_run(text), text


def test_name_parts_precheck_skips_only_names_with_one_part() -> None:
    from raguard.checkers import entities

    def split(text: str) -> list[str]:
        return [p.strip(" \t'’") for p in entities._PARTS_RE.split(text) if p.strip(" \t'’")]

    rng = random.Random(29)
    alphabet = ["a", "s", "'", "’", " ", "\t", "PhD", "MBA", "MPhil", ":", ";", '"', "“", "»", "\n", "X", "s'"]
    for _ in range(20_000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 10)))
        parts, expected = entities._parts(text), split(text)
        assert parts == expected if len(expected) > 1 else len(parts) <= 1, text


def test_citation_markers_are_searched_only_where_a_bracket_is() -> None:
    from raguard.checkers import citations

    assert citations._MARKER_RE.pattern.startswith("\\[")
    rng = random.Random(11)
    atoms = ["[", "]", "1", "12", ",", "-", " ", "see", "[2]", "(3)", "\u2013"]
    texts = ["".join(rng.choice(atoms) for _ in range(rng.randint(0, 10))) for _ in range(3000)]
    for text in texts:
        expected = [m.span() for m in citations._MARKER_RE.finditer(text)]
        found = citations.find_citations(text)
        assert bool(found) == bool(expected), text
    assert sum(bool(citations.find_citations(t)) for t in texts) > 300


def test_unit_after_precheck_skips_only_what_the_pattern_cannot_match() -> None:
    from raguard.normalize import measures

    def slow(text: str, end: int):
        m = measures._UNIT_AFTER_RE.match(text, end)
        if m is None or (m.group("unit").isupper() and len(m.group("unit")) > 2):
            return None
        unit = " ".join(m.group("unit").lower().split())
        return unit if unit in measures.MEASURES else None

    rng = random.Random(13)
    atoms = ["4", "800", " ", "\t", "-", "kg", "Km", "metric", " tons", "ſec", "\u212a" + "m", ",", ".", "%", "é", "miles", "\n"]
    texts = ["".join(rng.choice(atoms) for _ in range(rng.randint(0, 6))) for _ in range(3000)]
    hits = 0
    for text in texts:
        for end in range(len(text) + 1):
            expected = slow(text, end)
            hits += expected is not None
            assert measures.unit_after(text, end) == expected, (text, end)
    assert hits > 300


def test_numbers_skip_hedge_and_decline_tests_only_where_neither_can_end() -> None:
    """Where no word can end before a number (after a digit, a comma...), the hedge and decline
    tests it skips would have found nothing."""
    from raguard.normalize.numbers import _decline_before, _hedge_before, _word_may_end_before

    rng = random.Random(14)
    atoms = ["about", "fell", "by", " ", "\t", "\n", "the ", ",", "3", "approx.", "ca.", "~", "≈", "(", "$",
             "x", "ſome", "lost ", "down  ", "-", "’", "é", "UNDER"]
    skipped = 0
    for _ in range(20_000):
        text = "".join(rng.choice(atoms) for _ in range(rng.randint(0, 8)))
        for start in range(len(text) + 1):
            if not _word_may_end_before(text, start):
                skipped += 1
                assert _hedge_before(text, start) is None, (text, start)
                assert _decline_before(text, start) is False, (text, start)
    assert skipped > 1_000


def _compact_by_table(tt, compact):
    """find_compact as it was: a table of every run of one to three tokens, fewest tokens first."""
    table: dict[str, int] = {}
    toks = tt.tokens
    for n in (1, 2, 3):
        for i in range(len(toks) - n + 1):
            table.setdefault("".join(t.norm for t in toks[i:i + n]), i * 4 + n)
    code = table.get(compact)
    if code is None:
        return None
    i, n = divmod(code, 4)
    return tt.char_span(i, i + n)


def test_find_compact_gives_what_the_table_of_token_runs_gave() -> None:
    """find_compact searches only the splits of the name into the text's words: the same span as
    the table of every one-, two- and three-token run (fewest tokens, then the first)."""
    from raguard.normalize.text import TokenText

    rng = random.Random(15)
    found = 0
    for atoms in (["e", "mail", "email", "ab", "a", "b", "ba", "abc", "c", "x", "Co", "op", "coop"],
                  ["a", "b", "ab", "ba", "aba", "bab"]):  # (many splits of one name, several places)
        for _ in range(400):
            tt = TokenText.of(" ".join(rng.choice(atoms) for _ in range(rng.randint(0, 12))))
            for _ in range(10):
                compact = "".join(rng.choice(atoms).lower() for _ in range(rng.randint(1, 4)))
                expected = _compact_by_table(tt, compact)
                found += expected is not None
                assert tt.find_compact(compact) == expected, (tt.text, compact)
    assert found > 1000


def test_document_and_query_stems_give_what_the_plain_loops_gave() -> None:
    """The stems of a document and of a query, and a document's sentence index, are built from
    the tokens read once (dict lookups in C): the same values, the same order of the stems."""
    from raguard.documents import DocumentIndex
    from raguard.normalize.stems import content_stem, content_stems, is_content_word, stem
    from raguard.normalize.text import sentence_spans, span_words, tokenize
    from raguard.query import QueryIndex

    rng = random.Random(16)
    atoms = [doc for doc, _ in CASES] + FILLER + ["The U.S. Army's colour guard didn't march.", "Mr. Tanaka left.",
                                                  "Sales are n't up", "inter-\nnational", "Ñandú – Élysée.", "\n\n"]
    texts = [" ".join(rng.choice(atoms) for _ in range(rng.randint(0, 6))) for _ in range(300)]
    for text in texts:
        index = DocumentIndex(text)
        assert index.stems == frozenset(stem(w) for w in index.tokens.vocab if is_content_word(w)), text
        spans = sentence_spans(text)
        by_stem: dict[str, list[int]] = {}
        for i, words in enumerate(span_words(text, spans, tokenize(text))):
            for s in map(content_stem, words):
                if s is not None:
                    ids = by_stem.setdefault(s, [])
                    if not ids or ids[-1] != i:
                        ids.append(i)
        assert index.sentence_index == (spans, by_stem), text
        assert list(index.sentence_index[1]) == list(by_stem), text
        assert index.sentence_stems == by_stem.keys(), text
        assert QueryIndex(text).stems == frozenset(content_stems(text)), text


# denial words in every case and as parts of other words, contractions with and without their
# apostrophe, and what a word boundary reads differently from a run of letters ("_", accents)
_DENIAL_ATOMS = ["not", "NOT", "Not", "never", "no", "No.", "nor", "none", "nobody", "nothing", "neither",
                 "cannot", "can", "n't", "N'T", "n’t", "don't", "DON'T", "dont", "didnt", "Cant", "wont", "aint",
                 "knot", "note", "snow", "nowhere", "_not", "not_", "nót", "ñot", "nothıng", "NEİTHER", "iſnt", "Nót", "wasn’T", "café", "t", "'t", "it's", "Nt", "x1",
                 "5", "U.S.", "-", "\n", ".", ",", "the", "rose", "sales", "Ann"]


def test_a_document_is_scanned_for_denials_unless_its_words_show_it_cannot_deny() -> None:
    # DocumentIndex.denying_sentences skips the scan when may_deny says no match can exist
    from raguard.documents import DocumentIndex
    from raguard.normalize.polarity import DENIAL_BARE_RE, DENIAL_RE, has_bare_not, may_deny
    from raguard.normalize.text import TokenText

    rng = random.Random(23)
    texts = ["".join(rng.choice(_DENIAL_ATOMS) + rng.choice(["", " ", " ", " "]) for _ in range(rng.randint(1, 12)))
             for _ in range(20000)]
    skipped = 0
    for text in texts:
        tokens = TokenText.of(text)
        scan = (DENIAL_BARE_RE if has_bare_not(text) else DENIAL_RE).search(text)
        if tokens.single_runs and not may_deny(text, tokens.norms):
            skipped += 1
            assert scan is None, text
            assert DocumentIndex(text).denying_sentences == frozenset()
        elif scan is not None and DocumentIndex(text).sentence_index[0]:
            assert DocumentIndex(text).denying_sentences, text
    assert skipped > 1000  # (both paths must be met)
