"""Bounded memory: spaCy's string store does not grow with distinct texts; warm words are capped."""

from __future__ import annotations

import pytest

from raguard import Verifier
from raguard.nlp import LoadedModel, WarmWords, parse_text

DOCS = ["The committee met on March 3, 2021 and approved 12 projects worth $4.5 million."]


def _distinct(i: int) -> str:
    # letters only, so every text brings new words spaCy has never seen
    tag = "".join(chr(ord("a") + int(d)) for d in str(i))
    return f"Projekt Zorvath{tag} got Qelmix{tag} funding from Brunhold{tag}ia."


def _strings(verifier: Verifier) -> int:
    return len(verifier.model().nlp.vocab.strings)


def test_verify_does_not_grow_the_string_store(verifier: Verifier) -> None:
    for i in range(3):  # the words every text shares recur, so they become permanent (bounded)
        verifier.verify("", DOCS, _distinct(i))
    before = _strings(verifier)
    for i in range(3, 60):
        verifier.verify("", DOCS, _distinct(i))
    assert _strings(verifier) == before


def test_verify_many_does_not_grow_the_string_store(verifier: Verifier) -> None:
    list(verifier.verify_many([("", DOCS, _distinct(i)) for i in range(1000, 1003)]))
    list(verifier.verify_many([("", DOCS, _distinct(1003))]))
    before = _strings(verifier)
    results = list(verifier.verify_many((("", DOCS, _distinct(i)) for i in range(1004, 1100)), batch_size=16))
    assert len(results) == 96
    assert _strings(verifier) == before
    # the strings the results carry were copied out of the zone and are still intact
    assert any(w.text.startswith("Brunhold") for w in results[-1].warnings) or results[-1].claims


def test_outside_a_zone_spacy_would_grow(verifier: Verifier) -> None:
    """The control: the same texts parsed plainly do add strings, so the tests above can fail."""
    nlp = verifier.model().nlp
    before = len(nlp.vocab.strings)
    nlp(_distinct(99_999))
    assert len(nlp.vocab.strings) > before


def test_recurring_words_become_permanent_and_parse_the_same(verifier: Verifier) -> None:
    text = "Zarvinthe Quoblax signed the Trellimor accord."
    first = verifier.verify("", DOCS, text)
    model = verifier.model()
    assert "Zarvinthe" not in model.nlp.vocab.strings
    second = verifier.verify("", DOCS, text)  # seen twice: promoted before the next parse
    verifier.verify("", DOCS, "Something else.")
    assert "Zarvinthe" in model.nlp.vocab.strings
    third = verifier.verify("", DOCS, text)
    assert first == second == third


def test_warm_words_are_capped() -> None:
    warm = WarmWords(threshold=2, max_words=50, max_counted=1000)
    for _ in range(3):
        warm.observe(" ".join(f"w{i}" for i in range(200)))
    assert len(warm.permanent) == 50
    assert warm.full
    warm.observe("fresh fresh fresh")
    assert "fresh" not in warm.permanent


def test_warm_counter_is_bounded() -> None:
    warm = WarmWords(threshold=2, max_words=10_000, max_counted=100)
    warm.observe(" ".join(f"u{i}" for i in range(150)))
    assert len(warm._counts) == 0  # cleared once over the bound
    warm.observe("a b a")
    assert warm.permanent == {"a"}


def test_long_chunks_are_never_made_permanent() -> None:
    warm = WarmWords(threshold=2, max_chars=10)
    url = "https://example.com/a/very/long/path"
    warm.observe(f"{url} {url} short short")
    assert warm.permanent == {"short"}


@pytest.mark.parametrize("threshold", [1, 2])
def test_promotion_happens_outside_the_zone(verifier: Verifier, threshold: int) -> None:
    model = verifier.model()
    own = LoadedModel(model.name, model.nlp, model.lock, WarmWords(threshold=threshold))
    word = f"Vextranor{threshold}"
    for _ in range(threshold):
        with own.zone():
            own.parse(f"{word} arrived.")
    assert word not in model.nlp.vocab.strings
    with own.zone():
        pass
    assert word in model.nlp.vocab.strings


def test_a_text_of_permanent_words_is_parsed_without_a_zone(verifier: Verifier) -> None:
    model = verifier.model()
    own = LoadedModel(model.name, model.nlp, model.lock)
    text = "Zephyrine Caldwort arrived."
    for _ in range(2):  # seen twice: its words become permanent
        with own.zone(text):
            assert model.nlp.vocab.in_memory_zone
            own.parse(text)
    with own.zone():  # promotes them
        pass
    before = len(model.nlp.vocab.strings)
    with own.zone(text):
        assert not model.nlp.vocab.in_memory_zone
        own.parse(text)
    assert len(model.nlp.vocab.strings) == before
    with own.zone("Zephyrine met  Caldwort."):  # a double space makes an empty chunk: not covered
        assert model.nlp.vocab.in_memory_zone
    with own.zone("Zephyrine met Quorvadel."):
        assert model.nlp.vocab.in_memory_zone
        own.parse("Zephyrine met Quorvadel.")
    assert "Quorvadel" not in model.nlp.vocab.strings


def test_reload_after_many_transient_strings_keeps_results(verifier: Verifier) -> None:
    model = verifier.model()
    own = LoadedModel(model.name, model.nlp, reload_after=10)
    guard = Verifier()
    guard.engine._model = own  # this verifier parses with its own pipeline instance
    first = [guard.verify("", DOCS, _distinct(i)) for i in range(5000, 5004)]
    assert own.transient >= 10  # each text brought new strings
    old_nlp = own.nlp
    again = [guard.verify("", DOCS, _distinct(i)) for i in range(5000, 5004)]
    assert own.reloads >= 1 and own.nlp is not old_nlp
    assert again == first
    assert again[0] == verifier.verify("", DOCS, _distinct(5000))


def test_reload_restores_the_permanent_words(verifier: Verifier) -> None:
    model = verifier.model()
    own = LoadedModel(model.name, model.nlp)
    for _ in range(2):
        with own.zone():
            own.parse("Quintavelle arrived.")
    own.reload()
    assert "Quintavelle" not in own.nlp.vocab.strings
    with own.zone():
        pass
    assert "Quintavelle" in own.nlp.vocab.strings


def test_document_cache_is_bounded_by_characters() -> None:
    from raguard.documents import DocumentCache

    cache = DocumentCache(maxsize=100, max_chars=1000)
    texts = [f"{i:03d} " + "x" * 296 for i in range(10)]  # 300 characters each
    for t in texts:
        cache.get(t)
    assert len(cache) == 3 and cache.chars == 900
    assert cache.get(texts[-1]) is cache.get(texts[-1])  # kept: a hit returns the same index
    hits = cache.hits
    cache.get(texts[0])  # evicted long ago: rebuilt
    assert cache.hits == hits and cache.chars <= 1000


def test_document_cache_does_not_keep_a_document_over_its_budget() -> None:
    from raguard.documents import DocumentCache

    cache = DocumentCache(maxsize=100, max_chars=1000)
    small = "a small document"
    cache.get(small)
    big = "y" * 5000
    index = cache.get(big)
    assert index.text == big
    assert len(cache) == 1 and cache.get(small) is cache.get(small)


def test_document_cache_is_bounded_by_count() -> None:
    from raguard.documents import DocumentCache

    cache = DocumentCache(maxsize=4)
    for i in range(10):
        cache.get(f"document {i}")
    assert len(cache) == 4
    assert cache.chars == sum(len(f"document {i}") for i in range(6, 10))


def test_repeated_documents_are_indexed_once() -> None:
    guard = Verifier()
    docs = ["Revenue was $4.5 million in 2021.", "The CEO, Dana Whitt, joined in March 2019."]
    guard.verify("", docs, "Revenue was $4.5 million in 2021 under Dana Whitt.")
    misses = guard.documents_cache.misses
    for answer in ("Revenue was $5 million.", "Dana Whitt joined in 2019.", "It made $4.5 million."):
        guard.verify("", docs, answer)
    assert guard.documents_cache.misses == misses
    assert guard.documents_cache.hits >= 6


def test_query_index_is_cached_and_bounded() -> None:
    from raguard.documents import DocumentCache

    cache = DocumentCache(maxsize=3, max_chars=1000)
    first = cache.query("When was the Q3 2024 deadline?")
    assert cache.query("When was the Q3 2024 deadline?") is first  # a retry reads it once
    for i in range(5):
        cache.query(f"question {i}?")
    assert len(cache._queries) == 3 and cache.query_chars == sum(len(f"question {i}?") for i in range(2, 5))
    assert cache.query("When was the Q3 2024 deadline?") is not first  # evicted: read again
    cache.query("z" * 2000)  # over the budget: read for its call, not kept
    assert "z" * 2000 not in cache._queries and cache.query_chars <= 1000
    cache.clear()
    assert not cache._queries and cache.query_chars == 0
    assert DocumentCache(maxsize=0).query("a?") is not DocumentCache(maxsize=0).query("a?")


def test_query_index_derives_once_per_function() -> None:
    from raguard.query import QueryIndex

    calls: list[str] = []

    def shout(text: str) -> str:
        calls.append(text)
        return text.upper()

    index = QueryIndex("Who founded Ardent in 1998?")
    assert index.derive(shout) == "WHO FOUNDED ARDENT IN 1998?" and index.derive(shout) == index.derive(shout)
    assert calls == ["Who founded Ardent in 1998?"]
    assert [d.value.year for d in index.dates] == [1998] and [n.value for n in index.numbers] == [1998.0]
    assert index.stems == {"found", "ardent"} and index.token_text.find(["ardent", "in"]) == (2, 4)


def test_cached_query_gives_the_results_of_a_fresh_one() -> None:
    items = [
        ("What is the Q3 2024 deadline?", ["Q2 was delivered on June 15."], "The Q3 2024 deadline is September 30, 2024."),
        ("How many staff did Ardent hire, 40 or 45?", ["Ardent hired 40 staff in 2021."], "Ardent hired 45 staff."),
        ("Who was born first, Ada Lovelace or Alan Turing?", ["Ada Lovelace (born 1815) and Alan Turing (born 1912)."],
         "Alan Turing was born first."),
        ("Were Ada Lovelace and Alan Turing both English?", ["Ada Lovelace was English. Alan Turing was English."],
         "Yes, both were English."),
        ("Who founded Ardent?", ["Ardent was founded by Dana Whitt in 1998 [1]."], "Ardent was founded by Ardent [1]."),
    ]
    cached, fresh = Verifier(), Verifier(cache_size=0)
    for _ in range(2):  # the second round reads the cached queries
        for item in items:
            assert cached.verify(*item) == fresh.verify(*item)
    assert len(cached.documents_cache._queries) == len(items) and not fresh.documents_cache._queries


def test_a_covered_text_is_not_counted_again(verifier: Verifier, monkeypatch: pytest.MonkeyPatch) -> None:
    model = verifier.model()
    own = LoadedModel(model.name, model.nlp)
    counted: list[str] = []
    observe = own.warm.observe
    monkeypatch.setattr(own.warm, "observe", lambda text: (counted.append(text), observe(text)))
    for _ in range(3):
        with own.zone("Alice met Bob."):
            own.parse("Alice met Bob.")
    assert own.warm.covers("Alice met Bob.")
    assert counted == ["Alice met Bob."] * 2  # promoted after two; the third parse skips the count
    with own.zone("Alice met Carol."):
        own.parse("Alice met Carol.")
    assert counted[-1] == "Alice met Carol."


def test_query_index_derived_values_are_bounded() -> None:
    from raguard.query import _MAX_DERIVED, QueryIndex

    index = QueryIndex("Who founded Ardent?")
    for i in range(3 * _MAX_DERIVED):
        assert index.derive(lambda text, i=i: f"{text} {i}") == f"Who founded Ardent? {i}"  # a new function each time
    assert len(index._derived) <= _MAX_DERIVED


def test_parse_in_a_zone_reuses_the_zones_reading_of_its_text(verifier: Verifier) -> None:
    model = verifier.model()
    own = LoadedModel(model.name, model.nlp)
    text = "Signed by Ines Varga!!!!!!!!!! in Porto " + "x" * 300  # (blanked and cut by parse_text)
    with own.zone(text):
        assert own._given is not None and own._given[1] == parse_text(text)
        doc = own.parse(text)
        other = own.parse(str(text[:-1] + "x"))  # an equal text, not the zone's: read again
        assert doc.text == other.text == parse_text(text)
        assert [(e.start_char, e.end_char, e.label_) for e in doc.ents] == [
            (e.start_char, e.end_char, e.label_) for e in other.ents]
    assert own._given is None  # (docs are read inside the zone only: spaCy frees their strings)
