"""Pure normalization functions: numbers, dates, text folding, names."""

import pytest

from raguard.normalize.dates import DateValue, extract_dates, relative_years, supports
from raguard.normalize.entities import expansion_pattern, initials, looks_like_acronym
from raguard.normalize.numbers import extract_numbers, parse_spelled, values_match
from raguard.checkers.quotes import blank_quotations
from raguard.normalize.text import TokenText, clause_around, fold_text, opens_sentences_lower, sentence_spans


def _values(text):
    return [(n.value, n.unit) for n in extract_numbers(text)]


@pytest.mark.parametrize(
    "text, value, unit",
    [
        ("1,234,567", 1234567, None),
        ("1234567", 1234567, None),
        ("1.234567 million", 1234567, None),
        ("$42.5 million", 42_500_000, "USD"),
        ("$42,500,000", 42_500_000, "USD"),
        ("42.5M", 42_500_000, None),
        ("USD 42.5 million", 42_500_000, "USD"),
        ("$ 160 million", 160_000_000, "USD"),
        ("45.5%", 45.5, "%"),
        ("45.5 percent", 45.5, "%"),
        ("45.5 per cent", 45.5, "%"),
        ("twelve", 12, None),
        ("three hundred and forty", 340, None),
        ("2.5 billion", 2_500_000_000, None),
        ("-5.5", -5.5, None),
        ("8\u2009849", 8849, None),
        (".5", 0.5, None),
        ("€3.2bn", 3_200_000_000, "EUR"),
        ("500 dollars", 500, "USD"),
        # a scale letter or word before a currency, as French, Spanish and German texts write it
        ("3.4 M€", 3_400_000, "EUR"),
        ("72 k€", 72_000, "EUR"),
        ("8,25 M€", 8_250_000, "EUR"),
        ("1,7 Mio. €", 1_700_000, "EUR"),
        ("4,6 Mrd. Euro", 4_600_000_000, "EUR"),
        ("5 m", 5, None),  # (metres: no currency after it)
    ],
)
def test_number_values(text, value, unit):
    assert _values(text) == [(value, unit)]


def test_ordinals_and_spelled_numbers():
    third = extract_numbers("the 3rd and the third")
    assert [(n.value, n.ordinal) for n in third] == [(3, True), (3, True)]
    assert parse_spelled("twenty-first") == (21, True)
    assert parse_spelled("one million two hundred thousand") == (1_200_000, False)
    assert parse_spelled("banana") is None


def test_and_joins_a_spelled_numbers_words_only_after_a_scale_word():
    # "between two and five weeks" is two numbers, not seven; "twenty and forty" is no 2040
    assert [n.value for n in extract_numbers("a stay of between two and five weeks")] == [2, 5]
    assert [n.value for n in extract_numbers("Twenty And Forty")] == [20, 40]
    assert [n.value for n in extract_numbers("four thousand and six, one hundred and nine")] == [4006, 109]


def test_ranges_give_both_ends():
    assert [n.value for n in extract_numbers("10–12 weeks, or between 10 and 12")] == [10, 12, 10, 12]


def test_numbers_inside_names_are_not_values_and_a_time_is_one_value():
    # "10:30" is a time of day (tests/test_times.py), not the numbers 10 and 30
    assert [(n.text, n.value) for n in extract_numbers("COVID-19 at 10:30")] == [("10:30", 630.0)]


def test_hedges_are_attached():
    (about,) = extract_numbers("about 8,800 metres")
    assert about.hedge == "about"
    (plain,) = extract_numbers("8,800 metres")
    assert plain.hedge is None


@pytest.mark.parametrize(
    "claim, doc, ok",
    [
        ("about 8,800", "8,849", True),
        ("about 9,000", "8,849", True),
        ("about 8,850", "8,849", True),
        ("8,800", "8,849", False),
        # "about" excuses rounding, not another value: 386 is not 375 rounded
        ("approximately 386 miles", "375 mi", False),
        ("about 380 miles", "375 mi", True),
        ("about 370 miles", "375 mi", True),
        ("about 25", "23.8", True),  # rounded to fives
        ("about 4.5", "4.46", True),
        ("about 4.57", "4.46", False),
        ("roughly a third", "32%", True),  # a fraction in words is round already
        ("roughly a third", "25%", False),
        ("more than 8,000", "8,849", True),
        ("more than 9,000", "8,849", False),
        ("nearly 9,000", "8,849", True),
        ("nearly 8,000", "8,849", False),
        # a cap restates a cap, or a value rounded up to one; a wider bound is another value
        ("up to 50,000", "50,000", True),
        ("up to 50", "48", True),
        ("up to 60,000", "50,000", False),
        ("up to 60", "48", False),
        ("up to 40", "48", False),
        ("no more than 50%", "not more than 30%", False),  # "50" may be rounded to fifties, not from 30
        ("$42.5 million", "42,512,000 dollars", True),  # a scale word stands for its rounding
        ("$42,512,000", "$42.5 million", False),  # never more precise than the document
        # a scale word's rounding is half away from zero: $1.5bn rounds to $2bn, not to $1bn
        ("$1bn", "$1.4bn", True),
        ("$1bn", "$1.5bn", False),
        ("$2bn", "$1.5bn", True),
        ("-$2bn", "-$1.5bn", True),
        ("-$1bn", "-$1.5bn", False),
        ("45.5%", "45.5 per cent", True),
        ("12%", "12 points", False),
        ("$12", "€12", False),
        ("fell 3.2%", "-3.2%", True),
        ("1.8% down on a year ago", "-1.8 %", True),  # a fall said after the share
        ("1.8% lower", "-1.8%", True),
        ("1.8% up", "-1.8%", False),
        ("2.8% down", "-1.8%", False),
        ("down 6% on the month", "+6 %", False),  # a plus sign is a rise: no fall restates it
        ("up 6% on the month", "+6 %", True),
        ("+6%", "fell 6%", False),
        ("6%", "+6 %", True),
        ("up 6% on the year", "6% down on the year", False),  # a rise said in words, before or after
        ("rose by 6%", "fell 6%", False),
        ("6% higher", "fell 6%", False),
        ("an increase of 6%", "-6 %", False),
        ("gained 2.4 kg", "weight change -2.4 kg", False),
        ("lost 2.4 kg", "weight change -2.4 kg", True),
        # an adverb between the verb and its value, a fall named below its value or by a noun after it
        ("fell only 6.3%", "-6.3%", True),
        ("rose only 6.3%", "-6.3%", False),
        ("0.4% below budget", "-0.4%", True),
        ("0.4% below budget", "+0.4%", False),
        ("(2.3%) below book", "-2.3%", True),  # the share in brackets, the fall after them
        # a percentage as documents in other languages write it
        ("5 percentage points", "5 Prozentpunkte über dem Basiszinssatz", True),
        ("5.5%", "Zins 5,5 Prozent", True),
        ("12%", "korting 12 procent", True),
        ("12%", "une remise de 12 pour cent", True),
        ("12%", "un descuento del 12 por ciento", True),
        ("12%", "12 Stück", False),
        ("4.5% under budget", "-4.5%", True),
        ("2% short of target", "-2%", True),
        ("2% short of target", "+2%", False),
        ("a 0.25 c/L deduction", "-0.25 c/L", True),
        ("a 3% cut", "-3%", True),
        ("a 3% cut", "+3%", False),
        ("lose 0.25 c/L", "-0.25 c/L", True),
        # a verb's change to its object, by a value after "by"
        ("reduced throughput by 22%", "+22 %", False),
        ("reduced throughput by 22%", "-22%", True),
        ("raised the joining fee by 4%", "-4%", False),
        ("cut its running costs by a further 5%", "-5%", True),
        ("reduced the wait by 22%", "22%", True),  # (the document gives no direction)
        ("rose to 6%", "6%", True),  # (a level, no change)
        ("up to 6%", "6%", True),  # (a cap)
        ("3rd", "third", True),
    ],
)
def test_values_match(claim, doc, ok):
    (c,) = extract_numbers(claim)
    (d,) = extract_numbers(doc)
    assert values_match(c, d) is ok


@pytest.mark.parametrize(
    "text",
    ["2024-09-30", "30 Sep 2024", "September 30th, 2024", "9/30/2024", "30.09.2024", "Sept. 30, 2024",
     "30th of September 2024", "September 30 , 2024"],
)
def test_date_forms_normalize_alike(text):
    (mention,) = extract_dates(text)
    assert mention.value == DateValue(year=2024, month=9, day=30)
    assert mention.text == text


def test_day_month_order_rule():
    (us,) = extract_dates("4/5/2024")
    assert (us.value.month, us.value.day) == (4, 5)  # slashes: month first
    (eu,) = extract_dates("4.5.2024")
    assert (eu.value.month, eu.value.day) == (5, 4)  # dots: day first
    (big,) = extract_dates("25/12/2024")
    assert (big.value.month, big.value.day) == (12, 25)  # first number over 12: day first


def test_partial_dates():
    forms = {m.text: m.value for m in extract_dates(
        "In Q3 2024, the third quarter of 2023, the 1990s, the '80s, in September, on Monday, in 1945."
    )}
    assert forms["Q3 2024"] == DateValue(year=2024, quarter=3)
    assert forms["third quarter of 2023"] == DateValue(year=2023, quarter=3)
    assert forms["1990s"] == DateValue(decade=1990)
    assert forms["'80s"] == DateValue(decade=80)
    assert forms["September"] == DateValue(month=9)
    assert forms["Monday"] == DateValue(weekday=0)
    assert forms["1945"] == DateValue(year=1945)


def test_invalid_dates_are_not_dates():
    assert extract_dates("2024-02-30") == [] or all(m.value.day != 30 for m in extract_dates("2024-02-30"))


@pytest.mark.parametrize(
    "doc, claim, ok",
    [
        (DateValue(2024, 9, 30), DateValue(2024, 9), True),
        (DateValue(2024, 9), DateValue(2024, 9, 30), False),
        (DateValue(1994), DateValue(decade=1990), True),
        (DateValue(decade=1990), DateValue(1994), False),
        (DateValue(2024, 9, 30), DateValue(year=2024, quarter=3), True),
        (DateValue(2024, 9, 30), DateValue(weekday=0), True),  # 30 Sep 2024 was a Monday
        (DateValue(2024, 9, 30), DateValue(weekday=1), False),
        (DateValue(1994), DateValue(decade=90), True),
    ],
)
def test_date_support_direction(doc, claim, ok):
    assert supports(doc, claim) is ok


def test_text_folding_handles_messy_chunks():
    assert fold_text("the whale 's tail") == fold_text("The whale's tail")
    assert fold_text("The U.S. economy") == fold_text("the US economy")
    assert fold_text("inter-\nnational") == "international"
    assert fold_text("Société Générale") == "societe generale"
    assert fold_text("``Hello , world ''") == fold_text("“Hello, world”")


def test_token_text_finds_phrases_with_offsets():
    text = "Alice Johnson approved the final budget on March 10."
    tt = TokenText.of(text)
    start, end = tt.find_span(["final", "budget"])
    assert text[start:end] == "final budget"
    assert tt.find_span(["budget", "final"]) is None
    start, end = TokenText.of("an e-mail came").find_compact("email")
    assert (start, end) == (3, 9)


def test_sentence_spans_ignore_abbreviations_and_ellipses():
    text = 'He said "we refrain [...] from force." The U.S. economy grew. Then... it fell!'
    assert [text[a:b] for a, b in sentence_spans(text)] == [
        'He said "we refrain [...] from force."', "The U.S. economy grew.", "Then... it fell!"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a paper's citations and cross-references, a drawing's tolerance: no sentence ends there
        ("As Okafor et al. (2021) show, the loss falls. It then rises.",
         ["As Okafor et al. (2021) show, the loss falls.", "It then rises."]),
        ("See the appendix, cf. Table 4. It lists all runs.", ["See the appendix, cf. Table 4.", "It lists all runs."]),
        ("Bore B sat 0.31 mm out of true position tol. (TP 0.25) on lot 2.",
         ["Bore B sat 0.31 mm out of true position tol. (TP 0.25) on lot 2."]),
        # a word that only looks like one still ends its sentence
        ("The test failed at the seal. (It was replaced.)", ["The test failed at the seal.", "(It was replaced.)"]),
        # an answer's "no" before a word, not "No." of a number before a figure or a code
        ("Not on the towpath, no. Your permit covers roads only.", ["Not on the towpath, no.", "Your permit covers roads only."]),
        ("No. The office shuts at five.", ["No.", "The office shuts at five."]),
        ("Pay invoice no. 5 and Invoice No. B-77 today.", ["Pay invoice no. 5 and Invoice No. B-77 today."]),
        # a contraction's last letter is no initial
        ("The pine can stay; the birch can't. The report by R. Osei agrees.",
         ["The pine can stay; the birch can't.", "The report by R. Osei agrees."]),
        ("Tom won’t. Ann will.", ["Tom won’t.", "Ann will."]),
    ],
)
def test_sentence_spans_keep_technical_abbreviations(text: str, expected: list[str]) -> None:
    assert [text[a:b] for a, b in sentence_spans(text)] == expected


def test_acronym_helpers():
    assert looks_like_acronym("EU") and looks_like_acronym("U.S.") and not looks_like_acronym("Paris")
    assert initials(["World", "Health", "Organization"]) == "WHO"
    assert expansion_pattern("EU").search("the European Union said")
    assert not expansion_pattern("EU").search("the european union said")
    assert expansion_pattern("EU", ignore_case=True).search("the european union said")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # glued chunks: no space after the full stop
        ("Eatza Pizza was founded in 1997.Your Pie is American.",
         ["Eatza Pizza was founded in 1997.", "Your Pie is American."]),
        ("It closed in May.The site was sold!Then it burned.",
         ["It closed in May.", "The site was sold!", "Then it burned."]),
        # abbreviations, initials and decimals stay whole
        ("The U.S.Army base opened.", ["The U.S.Army base opened."]),
        ("Dr.Smith lives in St.Louis now.", ["Dr.Smith lives in St.Louis now."]),
        ("Version 3.5 shipped.", ["Version 3.5 shipped."]),
    ],
)
def test_sentence_spans_split_glued_sentences(text: str, expected: list[str]) -> None:
    assert [text[a:b] for a, b in sentence_spans(text)] == expected


def test_clause_around_and_blank_quotations() -> None:
    text = "Calochone is a flowering plant, but Adlumia is not."
    assert clause_around(text, text.index("not")).strip() == "Adlumia is not."
    assert clause_around(text, 0).strip() == "Calochone is a flowering plant"
    quoted = 'He said "we will not" and left.'
    blanked = blank_quotations(quoted)
    assert len(blanked) == len(quoted) and "not" not in blanked and blanked.endswith("and left.")


@pytest.mark.parametrize(
    ("odd", "plain"),
    [("3 ſep 2024", "3 sep 2024"), ("in ſeptember 2024", "in september 2024"), ("on ſunday", "on sunday"),
     ("the firſt quarter of 2024", "the first quarter of 2024"), ("the ſeventies", "the seventies")],
)
def test_case_folding_letters_in_month_and_day_names(odd: str, plain: str) -> None:
    # the patterns match "ſ" (long s) as "s" under IGNORECASE; the name tables must agree (it raised
    # KeyError, which turned into checker errors in verify())
    assert [d.value for d in extract_dates(odd)] == [d.value for d in extract_dates(plain)]


def test_stems_come_from_the_c_stemmer_and_equal_the_pure_python_ones():
    # PyStemmer (a dependency) is the C build of the same Snowball algorithm: same stems, faster
    import snowballstemmer
    from snowballstemmer.english_stemmer import EnglishStemmer

    from raguard.normalize.stems import stem

    assert type(snowballstemmer.stemmer("english")).__module__ == "Stemmer"
    pure = EnglishStemmer()
    words = ["founded", "golfers", "generously", "hopping", "national", "Organization".lower(), "cafés",
             "naïve", "ſeptember", "running", "agreed", "fly", "skies", "dying", "news", "proceedings"]
    assert [stem(w) for w in words] == [pure.stemWord(w) for w in words]


@pytest.mark.parametrize("text, years", [
    ("Emissions hit 37.4 billion tonnes in 2024, up 0.8% from the previous year.", [2023]),
    ("The plant opened in 1990; a year later it closed, and the following year it reopened.", [1991, 1992]),
    ("sales rose in 2019 , compared with the year before .", [2018]),  # tokenized, lower-cased
    ("It opened in 1990. The year before, nothing happened.", []),  # another sentence
    ("Sales hit a record in 2024, on Sept. 5, up 3% from the previous year.", [2023]),  # "Sept." ends nothing
    ("Revenue rose from the previous year.", []),  # no year to count from
])
def test_relative_years(text, years):
    assert [m.value.year for m in relative_years(text, extract_dates(text))] == years


def test_a_relative_year_names_its_year_in_hints():
    from raguard import verify

    docs = ["Emissions hit a record in 2024, up 0.8% from the previous year."]
    (w,) = verify("", docs, "Emissions were 0.8% above the level of 2021.").warnings
    assert w.type == "unsupported_date" and w.nearest_value == "2023 (the previous year)"


def test_a_life_span_whose_dash_was_lost_gives_both_dates() -> None:
    from raguard.normalize.dates import extract_dates

    text = "Martin Heidegger ( ; ] ; 26 September 188926 May 1976) was a German philosopher."
    found = [(text[d.start:d.end], d.value.canonical()) for d in extract_dates(text)]
    assert found == [("26 September 1889", "1889-09-26"), ("26 May 1976", "1976-05-26")]
    assert [d.value.canonical() for d in extract_dates("(23 July 19572 November 2004)")] == ["1957-07-23", "2004-11-02"]
    # an impossible second date is not invented
    assert [d.value.canonical() for d in extract_dates("26 September 188932 May 1976")] == ["--09-26", "1976-05"]


def test_irregular_verb_forms_stem_as_their_base():
    from raguard.normalize.stems import stem

    assert stem("held") == stem("holds") == stem("holding")
    assert stem("won") == stem("wins") and stem("written") == stem("wrote") == stem("writes")
    # forms that are also common nouns or names keep their own stem
    assert stem("found") != stem("finds") and stem("ground") != stem("grinds") and stem("fed") != stem("feeds")


def test_forms_of_filler_verbs_are_fillers_but_said_is_kept():
    from raguard.normalize.stems import content_stem

    assert content_stem("take") is None and content_stem("took") is None and content_stem("kept") is None
    assert content_stem("given") is None and content_stem("went") is None
    # "said" carries reported speech for the attributions checker
    assert content_stem("said") is not None and content_stem("held") == content_stem("holds")


def test_synonyms_stem_as_the_first_word_of_their_group():
    from raguard.normalize.stems import stem

    assert stem("lowers") == stem("reduced") == stem("cut") == stem("decreasing")
    assert stem("purchased") == stem("bought") == stem("acquires")
    assert stem("biggest") == stem("largest") and stem("bigger") == stem("larger")
    assert stem("steady") == stem("unchanged")
    # near words that change a fact stay apart
    assert stem("town") != stem("city") and stem("increase") != stem("reduce") and stem("large") != stem("largest")


@pytest.mark.parametrize("text, value", [
    ("The recipe needs a dozen eggs.", 12), ("two dozen roses", 24), ("half a dozen eggs", 6),
    ("3 dozen", 36), ("About a dozen people came.", 12),
])
def test_dozens(text, value):
    (n,) = extract_numbers(text)
    assert n.value == value and "dozen" in n.text.lower()


def test_vague_dozens_are_not_values():
    assert extract_numbers("a dozen or so people, and dozens more") == []
    assert [n.text for n in extract_numbers("about a dozen to twenty")] == ["twenty"]



def test_a_dozen_after_a_price_is_its_unit_not_a_count():
    # "£3.20 a dozen" is a rate, the doc's "£3.20/doz": no twelve is stated
    assert [n.text for n in extract_numbers("free-range eggs at £3.20 a dozen")] == ["£3.20"]
    assert [(n.text, n.value) for n in extract_numbers("two dozen eggs at £3.20 a dozen")] == [
        ("two dozen", 24.0), ("£3.20", 3.2)]
    # a figure that is no price leaves the count a count ("In 2026 a dozen volunteers came")
    assert [(n.text, n.value) for n in extract_numbers("In 2026 a dozen volunteers came")] == [
        ("2026", 2026.0), ("a dozen", 12.0)]
    assert [n.text for n in extract_numbers("eggs at 80p a dozen")] == ["80p"]


def test_html_character_references_are_decoded_with_offsets():
    from raguard.normalize.text import decode_entities

    text = "Tue&ndash;Sun &pound;14 R&D &#8217;s &#x2013; &bogus; 31&nbsp;May"
    decoded, positions = decode_entities(text)
    assert decoded == "Tue–Sun £14 R&D ’s – &bogus; 31\u00a0May"
    assert positions is not None and len(positions) == len(decoded)
    for p, c in zip(positions, decoded):
        assert text[p] == c or text[p] == "&"  # a decoded character points at its reference
    assert decode_entities("R&D and AT&T") == ("R&D and AT&T", None)
    assert decode_entities("no reference") == ("no reference", None)


def test_words_broken_by_a_line_end_hyphen_are_joined_with_offsets():
    from raguard.normalize.text import join_broken_words

    text = "It opened on 3 Feb-\nruary 2001 with twenty-\nfive staff, up 12 per- \n cent."
    joined, positions = join_broken_words(text)
    assert joined == "It opened on 3 February 2001 with twenty-five staff, up 12 percent."
    assert len(positions) == len(joined) and all(text[p] == c for p, c in zip(positions, joined))
    # a range or a number split at a line end is not a word: nothing to join
    assert join_broken_words("from 1990-\n1995") == ("from 1990-\n1995", None)
    assert join_broken_words("no break") == ("no break", None)


def test_document_values_across_a_hyphenated_line_break():
    from raguard import verify
    from raguard.documents import DocumentIndex

    doc = "The bridge opened in Sep-\ntember 1937 ; it cost twenty-\nfive million dollars , 12 per-\ncent over budget ."
    index = DocumentIndex(doc)
    assert [doc[d.start:d.end] for d in index.dates] == ["Sep-\ntember 1937"]
    assert [(n.value, n.text) for n in index.numbers] == [(25_000_000, "twenty-five million"), (12, "12 percent")]
    ok = verify("", [doc], "The bridge opened in September 1937 and cost $25 million, 12 percent over budget.")
    assert ok.action == "proceed", ok.warnings
    (w,) = verify("", [doc], "The bridge opened in October 1937.").warnings
    assert w.type == "unsupported_date" and w.nearest_value == "September 1937"


def test_content_stem_memo_is_bounded_and_gives_the_uncached_stem(monkeypatch: pytest.MonkeyPatch) -> None:
    import raguard.normalize.stems as stems

    monkeypatch.setattr(stems, "CONTENT_STEM_CACHE", 5)
    memo = stems.content_stem.__self__  # type: ignore[attr-defined]
    for word in [f"golfer{i}s" for i in range(12)] * 2 + ["the", "held", "holds", "x"]:
        expected = stems.stem(word) if stems.is_content_word(word) else None
        assert stems.content_stem(word) == expected
        assert len(memo) <= 5


def test_a_hard_wrapped_line_does_not_end_a_sentence() -> None:
    from raguard.normalize.text import sentence_spans

    def sentences(text: str) -> list[str]:
        return [text[a:b] for a, b in sentence_spans(text)]

    assert sentences("The pump delivers\n a steady flow at night. It stops at dawn.") == [
        "The pump delivers\n a steady flow at night.", "It stops at dawn."]
    assert sentences("The flow is steady,\nthen it drops.") == ["The flow is steady,\nthen it drops."]
    # a capital, a blank line, a full stop or a speaker label after the newline still ends it
    assert sentences("Pump report\nThe flow is steady.") == ["Pump report", "The flow is steady."]
    assert sentences("the flow is steady\n\nthen it drops") == ["the flow is steady", "then it drops"]
    assert sentences("the flow is steady.\nthen it drops") == ["the flow is steady.", "then it drops"]
    assert sentences("nora: see you at noon\nliam: ok") == ["nora: see you at noon", "liam: ok"]


def test_a_number_after_a_hash_is_an_identifier_not_a_year():
    # issue and ticket numbers ("#1877", "PR #2024") are no years; a year beside them still is
    dates = extract_dates("Ben will look at #1877 and PR #2024 before the 2026 release.")
    assert [(d.text, d.value.year) for d in dates] == [("2026", 2026)]


@pytest.mark.parametrize("answer, document, across", [
    ("the gallery reopens on 9 April", "the gallery is closed until 9 April", True),
    ("the lift closes after 22:00", "the lift runs until 10 pm", True),  # one time in two notations
    ("the lift closes after 9 pm", "the lift runs until 10 pm", False),  # another time
    ("the lift is shut until 10 pm", "the lift runs until 10 pm", False),  # the same side
    ("the gallery reopens on 9 April", "the gallery opens on 9 April", False),  # no side before it
    ("the gallery reopens soon", "the gallery is closed until 9 April", False),  # no time
])
def test_two_states_said_across_one_time_from_its_two_sides(answer, document, across):
    from raguard.normalize.time_bounds import restates_across_time

    assert restates_across_time(answer, document) is across


# -- a text that opens its sentences in lower case ---------------------------------------------------

_HASTY_NOTE = ("job 5521 - note by p.novak\nboiler pressure low at 0.4 bar. NOT a leak. fix = repressurise to "
               "1.2 bar. do NOT bleed the radiators. hot water is fine (tested 55c).")


def test_a_text_that_opens_its_sentences_in_lower_case_is_told_from_prose() -> None:
    assert opens_sentences_lower(_HASTY_NOTE)
    assert not opens_sentences_lower("The pump failed. We replaced it, e.g. the seal and the impeller. It works.")
    assert not opens_sentences_lower("one stop. no second one")  # (one lower-case start is no habit)


def test_a_stop_before_a_lower_case_word_ends_a_sentence_where_the_text_writes_so() -> None:
    spans = [_HASTY_NOTE[s:e] for s, e in sentence_spans(_HASTY_NOTE, lower_starts=True)]
    assert "do NOT bleed the radiators." in spans and "hot water is fine (tested 55c)." in spans
    # not after an abbreviation, nor without the flag
    assert len(sentence_spans("fit a new valve, e.g. the 15mm one. then test it.", lower_starts=True)) == 2
    assert len(sentence_spans("crack in the bund. advised cust. to have it inspected.", lower_starts=True)) == 2
    assert "hot water is fine (tested 55c)." not in [_HASTY_NOTE[s:e] for s, e in sentence_spans(_HASTY_NOTE)]


def test_a_denial_in_a_hasty_notes_other_sentence_does_not_contradict_a_plain_one() -> None:
    from raguard import verify

    answer = "The hot water is fine, tested at 55c."
    assert verify("Is the hot water ok?", [_HASTY_NOTE], answer).action == "proceed"
    assert verify("Is the hot water ok?", [_HASTY_NOTE], "They should bleed the radiators.").action == "review"
    ticket = ("ticket #IT-4410 - note by r.amadi - 12/03/2026 09:10\ngoogle agg report for 11 mar: 210 msgs "
              "from 203.0.113.7 (sendwave / swv.net) got rejected. that's the club's fixture email. spf passes for "
              "sendwave but there's no dkim key published for us yet, so dmarc fails. NOT a phishing attack. fix = "
              "add the s1._domainkey CNAMEs from sendwave. do NOT switch to p=none. our own microsoft 365 mail is "
              "fine (940 pass).")
    answer = "No, it isn't phishing. The club's own Microsoft 365 mail was fine, with 940 messages passing."
    assert verify("Is someone phishing us?", [ticket], answer).action == "proceed"
    assert verify("Is someone phishing us?", [ticket], "It was a phishing attack.").action == "review"


def test_a_chats_turn_is_not_split_at_its_lower_case_stops() -> None:
    from raguard.documents import DocumentIndex

    chat = ("Rosa: who has the van keys? . Idris: i left them with Carla. don't lose them again, she said . "
            "Rosa: ok. thanks . Idris: np")
    sentences = [chat[s:e] for s, e in DocumentIndex(chat).sentence_index[0]]
    assert any("i left them with Carla. don't lose them again" in s for s in sentences)
    assert [_HASTY_NOTE[s:e] for s, e in DocumentIndex(_HASTY_NOTE).sentence_index[0]][-1] == \
        "hot water is fine (tested 55c)."
