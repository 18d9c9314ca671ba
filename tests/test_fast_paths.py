"""The faster ways of reading a document give what the plain ones give.

Each scan that tried a pattern at every position, and now tries it only where a match can start
(or on a lower-cased copy), is compared with the scan on random texts built from the words and
characters that decide where matches start and end; the lazily built token objects and stems
with what building them at once gives.
"""

from __future__ import annotations

import random
import re
from bisect import bisect_right

from raguard.documents import DocumentIndex
from raguard.normalize import dates, numbers, text
from raguard.normalize.stems import content_stems


def _texts(atoms: list[str], seed: int, n: int = 4000, most: int = 12) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(atoms) for _ in range(rng.randint(0, most))) for _ in range(n)]


def _spans(matches) -> list[tuple[int, int]]:
    return [m.span() for m in matches]


def test_sentence_ends_tried_after_stops_and_at_newlines_are_the_scan_s() -> None:
    atoms = ["a", "Z", "0", " ", ".", "!", "?", "\n", '"', "'", "”", ")", "(", "\t", "“", "Dr.", "U.S.", "e.g."]
    for t in _texts(atoms, 1, n=20000, most=20):
        assert _spans(text._sentence_ends(t)) == _spans(text._SENTENCE_END_RE.finditer(t)), t


def test_digit_anchors_are_the_digit_runs_that_start_a_word() -> None:
    scan = re.compile(r"(?=\d)\b\d+")  # the pattern the anchors stand for
    atoms = ["1", "2024", "a", "_", "-", " ", ".", "٣", "²", "x1", "é", "Q3"]
    for t in _texts(atoms, 2):
        assert _spans(dates._ANCHOR_RES["digit"].finditer(t)) == _spans(scan.finditer(t)), t
        if t.isascii():
            assert _spans(dates._ASCII_DIGIT_ANCHOR_RE.finditer(t)) == _spans(scan.finditer(t)), t


def test_name_number_cues_in_ascii_text_are_the_digit_pattern_s() -> None:
    from raguard.normalize import names

    atoms = ["1", "2024", "a", "A", "&", "_", "-", " ", ".", "iPhone 16", "COVID-19", "x1", "Q3"]
    for t in _texts(atoms, 7):
        assert _spans(names._ASCII_NAME_NUMBER_CUE_RE.finditer(t)) == _spans(names._NAME_NUMBER_CUE_RE.finditer(t)), t


def test_month_anchors_by_substring_search_are_the_month_cue_matches() -> None:
    atoms = ["jan", "Feb", "MAR", "apr", "may", "Jun", "jul", "aug", "sep", "oct", "nov", "dec", "De", "c", "_", "1",
             " ", "-", "x", "a", "\n", "Decade"]
    for t in _texts(atoms, 3):
        expected = [(m.start(), 3, t[m.end():m.end() + 1]) for m in dates._CUES["month"].finditer(t)]
        assert dates._month_anchors(t) == expected, t


def test_month_alone_tried_before_month_names_is_the_scan() -> None:
    pattern = dict(dates._PATTERNS)["month_alone"]
    atoms = ["in", "mid", "-", "mid-", " ", "\t", "March", "May", "Mayo", "x", "late", "until", "till", "un", "or",
             "for", " 3", "\n", "é", "_", "June", "between"]
    for t in _texts(atoms, 4, n=20000):
        assert _spans(dates.matches_at(pattern, t, dates._month_alone_starts(t))) == _spans(pattern.finditer(t)), t


def test_relative_years_found_from_each_year_are_the_scan_s() -> None:
    atoms = ["the", "The", "a", "A", "previous", "Next", "following", "prior", " ", "\t", "  ", "year", "YEAR",
             "years", "earlier", "later", "before", "after", "x", "é", "\n", "-", "_"]
    for t in _texts(atoms, 5, n=20000, most=9):
        assert _spans(dates._relative_year_matches(t)) == _spans(dates._RELATIVE_YEAR_RE.finditer(t)), t


def test_spelled_numbers_read_lower_cased_are_the_ignorecase_matches() -> None:
    atoms = ["a", "A", " ", "\t", "-", "and", "One", "TWENTY", "twenty", "first", "Hundred", "million", "percent",
             "%", "per cent", "x", "3", "third", "_", "Seventy"]
    for t in _texts(atoms, 6, most=10):
        assert _spans(numbers._SPELLED_LOWER_RE.finditer(t.lower())) == _spans(numbers._SPELLED_RE.finditer(t)), t


def test_token_text_builds_its_token_objects_only_when_asked() -> None:
    tt = text.TokenText.of("The Delta works opened in Rotterdam in 1997.")
    assert tt.find_span(["delta", "works"]) == (4, 15)
    assert tt.span_words([(0, 15), (16, 44)]) == [["the", "delta", "works"], ["opened", "in", "rotterdam", "in", "1997"]]
    assert "tokens" not in vars(tt)  # phrase search, spans and words read the lists
    assert tt.tokens == text.tokenize(tt.text)
    merged = text.TokenText.of("The U.S. team")  # merged words: built by the loop, tokens at once
    assert "tokens" in vars(merged) and merged.norms == ["the", "us", "team"]


def test_document_stems_are_those_of_its_tokens() -> None:
    plain = DocumentIndex("Wind farms supply power. The turbines were built in 2011.")
    assert plain.stems == content_stems(plain.text)
    assert plain.stems is plain.sentence_stems  # its sentences hold its words: one set
    # a word broken across a line end is one token, but its halves fall in two sentences
    broken = DocumentIndex("The inter-\nnational team won the cup.")
    assert broken.stems == content_stems(broken.text)
    assert broken.stems != broken.sentence_stems


def test_document_makers_are_read_one_relation_at_a_time() -> None:
    from raguard.normalize.creators import creator_mentions

    text = ("Harbour Lights was directed by Mira Sandoval and written by Tomas Reyes. Orbit Press "
            "published it, and the studio was founded in 1987 by Elena Varga.")
    grouped: dict[str, list] = {}
    for mention in creator_mentions(text):
        grouped.setdefault(mention.relation, []).append(mention)
    assert list(grouped) == ["direct", "write", "publish", "found"]
    makers = DocumentIndex(text).creators
    assert [m.agent for m in makers.get("found", ())] == ["Elena Varga"]
    assert list(makers._read) == ["found"]  # the other cues' words not read
    assert makers.get("compose", ()) == ()
    assert list(makers) == list(grouped) and dict(makers) == grouped


def _span_words_by_steps(t: str, spans: list[tuple[int, int]]) -> list[list[str]]:
    """span_words as it was written first: a loop stepping through the tokens one by one."""
    tokens = text.tokenize(t)
    out, k, n = [], 0, len(tokens)
    for start, end in spans:
        while k < n and tokens[k].end <= start:
            k += 1
        first = k
        while k < n and tokens[k].end <= end:
            k += 1
        crossed = (first < n and tokens[first].start < start) or (k < n and tokens[k].start < end)
        after = t[max(0, end - 1):end + 2]
        if not crossed and not ("'t" in after or "’t" in after):
            out.append([tok.norm for tok in tokens[first:k]])
            continue
        k = first
        out.append([tok.norm for tok in text.tokenize(t[start:end])])
    return out


def test_sentence_words_found_by_bisect_are_those_of_the_token_by_token_walk() -> None:
    atoms = ["Rail", "lines", " ", ".", ". ", "U.S.", "are n't", "don't", "-\n", "\n", "7", "é", "x", "? "]
    rng = random.Random(8)
    for t in _texts(atoms, 8, most=16):
        cuts = sorted(rng.sample(range(len(t) + 1), min(len(t) + 1, rng.randint(0, 6))))
        spans = [(a, b) for a, b in zip(cuts[::2], cuts[1::2])]  # sorted, disjoint (some empty)
        for candidate in (spans, text.sentence_spans(t)):
            assert text.span_words(t, candidate, text.tokenize(t)) == _span_words_by_steps(t, candidate), t


def test_a_lone_number_word_read_from_the_table_is_parse_spelled_s() -> None:
    assert numbers._ONE_WORD["twelfth"] == (12.0, True) and numbers._ONE_WORD["thousand"] == (1000.0, False)
    for word in numbers._NUMBER_WORD.split("|"):
        assert numbers._ONE_WORD.get(word) == numbers.parse_spelled(word), word
    found = numbers.extract_numbers("Two ferries, the second of them with twenty-one cabins, and one more.")
    assert [(n.text, n.value, n.ordinal, n.spelled) for n in found] == [
        ("Two", 2.0, False, True), ("second", 2.0, True, True), ("twenty-one", 21.0, False, True),
        ("one", 1.0, False, True)]


def test_raw_words_found_by_substring_search_are_the_set_s() -> None:
    from raguard.documents import _RAW_WORD_RE, _RawWords

    atoms = ["WHO", "who", "Who", "NATO", "nato", "a", "A", " ", "-", "_", "é", "²", "1", ".", "\n", "WHOM"]
    words = ["WHO", "who", "NATO", "a", "A", "WHO ", "é", "1", "_", "", "WHOM", "A-1", "²"]
    for t in _texts(atoms, 9, most=14):
        whole = frozenset(_RAW_WORD_RE.findall(t))
        found = _RawWords(t)
        assert [w in found for w in words] == [w in whole for w in words], t
    many = _RawWords("WHOM " * 100 + "WHO")  # past the budget of occurrences: the set is built
    assert "WHO" in many and many._words is not None and "WHOM" in many and "WH" not in many
    asked = _RawWords("The Tana delta floods each May.")  # asked again and again (a cached document)
    assert [("Tana" in asked, "Nile" in asked) for _ in range(40)] == [(True, False)] * 40
    assert asked._words == frozenset(_RAW_WORD_RE.findall(asked._text))


def test_numbers_read_without_hedges_are_the_same_values_with_none() -> None:
    t = ("Roughly twelve kilns fired about 40% of the ware, nearly a third of it glazed, "
         "some three dozen pots a day, over 1,200 in all; output fell by 5% in 2019.")
    hedged = numbers.extract_numbers(t)
    assert [n.hedge for n in hedged] == ["roughly", "about", "nearly", "some", "over", None, None]
    plain = numbers.extract_numbers(t, hedges=False)
    assert plain == [n._replace(hedge=None) for n in hedged]
    assert plain[-2].decline  # (a fall is still read: values_match reads the document's)
    # a document's values, read without hedges, match an answer's values as before
    claims = numbers.extract_numbers("about 41% of it, nearly 1,150 in all, twelve kilns")
    assert [[numbers.values_match(c, d) for d in plain] for c in claims] == \
        [[numbers.values_match(c, d) for d in hedged] for c in claims]
    assert [n.hedge for n in DocumentIndex(t).numbers] == [None] * 7


def _sentence_spans_asking_every_stop(t: str) -> list[tuple[int, int]]:
    """sentence_spans as written before: every plain stop asked whether it ends an abbreviation."""
    spans, pos = [], 0
    for m in text._sentence_ends(t):
        plain_end = m.group("glued") is not None or (m.group("close") is not None and not m.group("close"))
        if plain_end and text._ends_with_abbreviation(t, m.start()):
            continue
        if m.end() - m.start() == 1 and t[m.start()] == "\n" and text._wrapped_line(t, m.start()):
            continue
        spans.append((pos, m.end("close") if m.group("close") is not None else m.start()))
        pos = m.end()
    spans.append((pos, len(t)))
    return [(a, b) for a, b in ((a + len(t[a:b]) - len(t[a:b].lstrip()), b - (len(t[a:b]) - len(t[a:b].rstrip())))
                                for a, b in spans) if b > a]


def test_sentences_split_after_the_letter_test_are_those_of_asking_every_stop() -> None:
    atoms = ["Kiln", " ", "  ", ".", "!", "?", "1997.", "Dr.", "St.", "U.S.", "e.g.", "a.", "²", "_.", "\n", '"',
             "”", ")", "Ward", "x", "9", "é."]
    for t in _texts(atoms, 10, n=20000, most=14):
        assert text.sentence_spans(t) == _sentence_spans_asking_every_stop(t), t


def test_decline_words_read_from_the_memo_are_the_pattern_s() -> None:
    words = ["fell", "Fell", "FALLING", "in", "of", "dropping", "drops", "lowered", "down", "by", "a", "A", "shrank",
             "shrink", "fells", "cutting", "ſank", "losses", "downward", ""]
    memo = numbers._LastWordMemo(numbers._DECLINE_LAST_RE)
    for _ in range(2):  # computed, then read back
        assert [memo[w] for w in words] == [numbers._DECLINE_LAST_RE.fullmatch(w) is not None for w in words]
    rises = numbers._LastWordMemo(numbers._RISE_LAST_RE)
    for _ in range(2):
        assert [rises[w] for w in words + ["rose", "Gaining", "up"]] == [
            numbers._RISE_LAST_RE.fullmatch(w) is not None for w in words + ["rose", "Gaining", "up"]]
    assert numbers._decline_before("Sales fell by ", 14) and not numbers._decline_before("Sales rose by ", 14)


def test_month_alone_starts_from_the_month_prefixes_are_those_from_the_names() -> None:
    atoms = ["in", "mid-", " ", "\t", "March", "MARCH", "Mar", "May", "Mayo", "june", "June", "Jul", "July", "x",
             "until", "and", "Dec", "December", "_", "3", "\n", "of", "Sept", "September", "Aug", "august"]
    for t in _texts(atoms, 12, n=20000):
        prefixes = dates._month_prefixes(t)
        assert dates._month_alone_starts(t, prefixes) == dates._month_alone_starts(t), t
        assert dates._month_anchors(t, prefixes) == dates._month_anchors(t), t
    t = "Sales rose in March and again in mid- May; by DECEMBER the Marchetti plant closed"
    assert dates.extract_dates(t) == dates.extract_dates(t.replace(";", "；"))  # (not ASCII: the names found as written)
    assert [d.text for d in dates.extract_dates(t + " " * 60)] == ["March", "May"]


def test_the_scan_for_an_apostrophe_less_not_finds_every_match_of_its_pattern() -> None:
    # the scan decides which pattern runs: where it says no, the pattern must find nothing
    import random
    import re

    from raguard.normalize.polarity import BARE_NOT, has_bare_not

    rng = random.Random(5)
    atoms = ["dont", "Dont", "DONT", "cant", "want", "went", "isnt", "is", "nt", "don", "t", "wont", "ain",
             "ok", " ", " ", "\n", ".", "'", "didnt", "couldnt", "student", "Ant", "percent", "x", "5", "_"]
    texts = ["".join(rng.choice(atoms) for _ in range(rng.randint(1, 12))) for _ in range(3000)]
    pattern = re.compile(BARE_NOT, re.IGNORECASE)
    hits = 0
    for text in texts:
        expected = pattern.search(text) is not None
        hits += expected
        assert has_bare_not(text) or not expected, text
        if text.replace(" ", "").isalpha():
            assert has_bare_not(text) == expected, text  # (and no more, in plain words)
    assert hits > 200


def test_spelled_numbers_looked_for_at_number_words_are_the_scan_s() -> None:
    atoms = ["a", "A", " ", "  ", "\t", "-", "and", "One", "TWENTY", "twenty", "five", "first", "Hundred", "million",
             "percent", "%", "x", "3", "tenant", "tent", "_", "Seventy", ".", ",", "\n", "an"]
    checked = 0
    for t in _texts(atoms, 8, most=10):
        tt = text.TokenText.of(t)
        if not (tt.single_runs and t.isascii()):
            continue
        checked += 1
        assert numbers.extract_numbers(t, words=(tt.norms, tt.token_starts)) == numbers.extract_numbers(t), t
    assert checked > 3000
    doc = DocumentIndex("A hundred and twenty boats, and a tenant of twenty-five years; one in ten.")
    assert [n.text for n in doc.numbers] == ["A hundred and twenty", "twenty-five", "one", "ten"]


def test_document_cue_words_are_looked_for_one_relation_at_a_time(monkeypatch) -> None:
    from raguard import documents
    from raguard.normalize.creators import RELATIONS, creator_mentions, cue_spans

    asked = []
    monkeypatch.setattr(documents, "cue_spans", lambda t, relation=None: asked.append(relation) or cue_spans(t, relation))
    text = ("Harbour Lights was directed by Mira Sandoval and produced by Tomas Reyes. The studio "
            "was founded in 1987 by Elena Varga, a producer who co-founded Orbit Press.")
    makers = DocumentIndex(text).creators
    assert [m.agent for m in makers.get("found", ())] == ["Elena Varga", None]
    assert asked == ["found"]  # not every relation's cue words
    for relation in RELATIONS:  # each relation's cues are all of its cue words
        assert creator_mentions(text, relation, cue_spans(text, relation)) == creator_mentions(text, relation)


def test_short_weekdays_after_a_separator_are_found_as_by_a_search_for_each_pair() -> None:
    atoms = ["mon", "Mon", "tue", "sat", "sun", "month", "showed", " ", "\n", "(", "/", "-", "x", "day", "\t"]
    words, before = dates._CUE_WORDS["weekday_short"], dates._CUE_WORD_AFTER["weekday_short"]
    found = 0
    for t in _texts(atoms, 10, most=8):
        expected = any(sep + day in t for day in words for sep in before)
        found += expected
        assert dates._holds_after(t, before, words) == expected, t
    assert found > 500


def _ends_with_abbreviation_by_search(t: str, dot_end: int) -> bool:
    """_ends_with_abbreviation as the pattern alone answers it."""
    m = text._LAST_WORD_RE.search(t, max(0, dot_end - 12), dot_end)
    return m is not None and (m.group(1).lower() in text._ABBREVIATIONS or len(m.group(1)) == 1 or "." in m.group(1))


def test_abbreviations_read_from_the_letters_before_a_stop_are_the_search_s() -> None:
    atoms = ["Kiln", "kilns", "Dr", "dr", "inc", "U", "S", "e", "g", "Approx", "x", "é", "²", "_", "9", "½", " ", "(",
             "“", '"', "-", ".", ".", ". ", "abcdefghijk"]
    for t in _texts(atoms, 11, n=20000, most=10):
        for dot_end in range(1, len(t) + 1):
            if t[dot_end - 1] == "." or dot_end == len(t):
                assert text._ends_with_abbreviation(t, dot_end) == _ends_with_abbreviation_by_search(t, dot_end), \
                    (t, dot_end)


def test_sentence_cues_found_by_character_are_the_pattern_s() -> None:
    atoms = ["a", " ", ".", "!", "?", "\n", "\r", "…", "。", "Dr."]
    for t in _texts(atoms, 12, n=4000, most=16):
        assert text._sentence_cues(t) == [m.start() for m in text._SENTENCE_CUE_RE.finditer(t)], t


def test_sentence_denials_read_from_the_words_first_are_the_scan_s() -> None:
    from raguard import align
    from raguard.normalize.polarity import denies_anything

    atoms = ["not", "NOT", "No", "never", "cannot", "can", "dont", "Didnt", "isnt", "n't", "n’t", "don", "'t", "_",
             "9", " ", ".", "a", "note", "ı", "nobody", "nor", "neithe", "r", "é"]
    texts = _texts(atoms, 13, n=20000, most=8)
    assert any(denies_anything(t) for t in texts) and not all(denies_anything(t) for t in texts)
    for t in texts:
        assert align._denies(t) == denies_anything(t), t


def test_phrases_found_from_the_first_word_are_where_the_word_starts_say() -> None:
    rng = random.Random(14)
    words = ["a", "b", "ab", "ba", "c", "aa"]
    for t in _texts(["a", "b", "ab", "ba", " ", ".", "c", "aa"], 14, n=3000, most=16):
        tokens = text.TokenText.of(t)
        for _ in range(4):
            needle = [rng.choice(words) for _ in range(rng.randint(1, 3))]
            pos = tokens.joined.find(" " + " ".join(needle) + " ")
            expected = None if pos < 0 else (bisect_right(tokens._starts, pos + 1) - 1,) * 1
            found = tokens.find(needle)
            assert (found is None) == (expected is None), (t, needle)
            if found is not None:
                assert found == (expected[0], expected[0] + len(needle)), (t, needle)
                assert tokens.find(needle, 1 if found[0] >= 1 else 0) is not None


def test_tokens_of_short_and_long_texts_are_the_merging_loop_s() -> None:
    atoms = ["a", "B", " ", ".", "9", "_", "-", "x", "Kiln ", "don't", "U.S. ", "e", "\n", "é", "ab-\ncd"]
    for t in _texts(atoms, 15, n=6000, most=30):
        assert text.tokenize(t) == text._tokenize_merging(t), t
        assert text.TokenText.of(t).tokens == text._tokenize_merging(t), t


def test_words_of_text_whose_letters_are_ascii_read_as_ascii_are_the_split_s() -> None:
    atoms = ["a", "B", " ", "–", "’", "“", "9", "_", "\u200e", "é", "ß", "x", ".", "\u00a0", "٣", "²"]
    texts = _texts(atoms, 16, n=6000, most=14)
    assert sum(not t.isascii() and text._NON_ASCII_LETTER_RE.search(t) is None for t in texts) > 500
    for t in texts:
        columns = text._token_columns(t)
        if columns is not None:
            tokens = text._tokenize_merging(t)
            assert columns == ([k.norm for k in tokens], [k.start for k in tokens], [k.end for k in tokens]), t


def test_an_answer_without_a_denial_word_is_one_the_pattern_finds_no_denial_in() -> None:
    from raguard.normalize.cues import denies
    from raguard.normalize.polarity import may_deny

    atoms = ["not", "No", "no.", "NO 1", "never", "cannot", "nor", "n't", "N'T", "n’t", "none", "with ", "matter",
             "dont", "note", "know", "_", "9", " ", ".", "-", "a", "nothing", "Neither", "nobody"]
    texts = _texts(atoms, 17, n=20000, most=8)
    assert any(denies(t) for t in texts) and any(not may_deny(t, text.ascii_words(t)) for t in texts)
    for t in texts:
        if not may_deny(t, text.ascii_words(t)):
            assert not denies(t), t


def _capitalized_runs_by_words(t: str) -> list[tuple[int, int]]:
    """capitalized_runs as it read every run: split into words, leading honorifics dropped."""
    from raguard.normalize.bindings import _RUN_RE, HONORIFICS

    spans = []
    for m in _RUN_RE.finditer(t):
        start, end = m.start(), m.end()
        for w in m.group().split():
            if w.rstrip(".").lower() not in HONORIFICS:
                break
            start = t.index(w, start) + len(w)
            start = end if start >= end else start + len(t[start:end]) - len(t[start:end].lstrip(" \t"))
        if end - start > 1:
            spans.append((start, end))
    return spans


def test_capitalized_runs_kept_whole_by_their_first_word_are_those_read_word_by_word() -> None:
    from raguard.normalize.bindings import capitalized_runs

    atoms = ["Dr", "DR", "Prof", "Miss", "Misses", "Mrs", "Hon", "Honor", "Sir", "Dame", "Ann", "Anna", "Annabel",
             "de", "van", " ", "\t", ".", "-", "'", "x", "İ", "Ö", "Öland", "Cllr", "Mx", "\n", ",", "Rev"]
    for t in _texts(atoms, 23, n=20000, most=14):
        assert capitalized_runs(t) == _capitalized_runs_by_words(t), t


def test_spelled_numbers_tried_at_the_number_words_starts_are_the_scan_s() -> None:
    from raguard.normalize.dates import matches_at

    atoms = ["a", "a ", "A", "one", "two", "twenty", "-", " ", "\t", "and", "hundred", "thousand", "million", "for",
             "forty", "fourth", "first", "x", "_", "0", "someone", "often", "percent", "%", "ten", "tenth", ".",
             "seventy", "eighth", "trillion", "thirteen", "s", "\n", "bil", "zero", "ninety-nine"]
    for t in _texts(atoms, 29, n=20000, most=16):
        lowered = t.lower()
        assert _spans(matches_at(numbers._SPELLED_LOWER_RE, lowered, numbers._spelled_starts(lowered))) == \
            _spans(numbers._SPELLED_LOWER_RE.finditer(lowered)), t
    long = "About a  hundred and twenty-one people, one in five, came for forty-two days; someone often said ten. " * 3
    assert len(long) >= numbers._MIN_SPELLED_SEARCH
    assert [m.span() for m in numbers._spelled_matches(long, long.lower(), None)] == \
        [m.span() for m in numbers._SPELLED_LOWER_RE.finditer(long.lower())]
