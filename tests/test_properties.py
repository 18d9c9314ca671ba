"""Property tests: verify() on arbitrary and on realistic generated input.

Arbitrary Unicode (empty strings, control characters, NUL bytes, combining marks, right-to-left
text, emoji, lone surrogates, very long tokens) and texts built from realistic fragments (dates,
numbers, names, quotations, vague phrases), so that every checker fires. For every input:
verify() does not raise and no checker fails; every warning's span is its text in the response;
every claim's evidence is its text in its document; the action follows the severities and the
policy; the result survives a JSON round-trip; the same input gives the same result.

Example counts are bounded for CI (profile ``raguard-ci``); set RAGUARD_HYPOTHESIS_PROFILE to
``raguard-thorough`` for a long run.
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from raguard import Verifier, VerifyResult
from raguard.checkers import DEFAULT_CHECKERS

settings.register_profile("raguard-ci", max_examples=60, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile("raguard-thorough", max_examples=3000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
PROFILE = settings.get_profile(os.environ.get("RAGUARD_HYPOTHESIS_PROFILE", "raguard-ci"))

_VERIFIER = Verifier()


# -- regressions ------------------------------------------------------------------------------------

@pytest.mark.parametrize("query, docs, response, where", [
    ("q", ["Paris is nice."], "We met in \ud800 Paris.", "llm_response"),
    ("q", ["Paris \udfff is nice on May 5, 2024."], "We met in Paris on May 5, 2024.", "retrieved_docs[0]"),
    ("q\ud83d", ["Paris is nice."], "We met in Paris.", "query"),
])
def test_a_lone_surrogate_is_an_input_error_not_an_exception(query: str, docs: list[str], response: str,
                                                           where: str) -> None:
    # spaCy raised UnicodeEncodeError on the response; a document's surrogate reached the
    # evidence text, and the result could not be written as JSON
    result = _VERIFIER.verify(query, docs, response)
    assert result.action == "review"
    assert [w.type for w in result.warnings] == ["input_error"]
    assert result.warnings[0].suggestion.startswith(f"{where} contains an unpaired surrogate")
    assert VerifyResult.model_validate_json(result.model_dump_json()) == result


def test_paired_astral_characters_are_fine() -> None:
    result = _VERIFIER.verify("q", ["We met in Paris 😀."], "We met in Paris 😀.")
    assert result.action == "proceed"


def _endless_documents():
    while True:
        yield "Paris is a city. " * 10


def _failing_documents():
    yield "Paris is nice."
    raise RuntimeError("connection lost")


class _BrokenDocument:
    @property
    def page_content(self) -> str:
        raise ValueError("lazy load failed")


@pytest.mark.parametrize("docs, message", [
    # an endless iterable was read whole before the size check: it never returned
    (_endless_documents(), "retrieved_docs total over 1,000 characters"),
    (iter(lambda: "", None), "retrieved_docs has more than 1,000 items"),
    # an iterable or a document object that raised while being read made verify() raise
    (_failing_documents(), "retrieved_docs could not be read: reading item 1 raised RuntimeError: connection lost"),
    ([_BrokenDocument()], "retrieved_docs could not be read: reading item 0 raised ValueError: lazy load failed"),
])
def test_documents_that_cannot_be_read_whole_are_an_input_error(docs: Any, message: str) -> None:
    result = Verifier(max_chars=1_000).verify("q", docs, "We met in Paris.")
    assert [w.type for w in result.warnings] == ["input_error"]
    assert result.warnings[0].suggestion.startswith(message), result.warnings[0].suggestion


# -- generated input --------------------------------------------------------------------------------

#: Odd characters and strings: control characters and NUL, combining marks, right-to-left text
#: and marks, emoji sequences, zero-width and odd spaces, lone surrogates, quote marks.
_ODD = ["", " ", "\x00", "\x01\x1b[31m", "\t", "\n\n", "\r\n", "\u0301", "e\u0301\u0302", "\u202e", "\u200f",
        "مرحبا بالعالم", "שָׁלוֹם", "\U0001F469\u200D\U0001F469\u200D\U0001F467", "\U0001F1EB\U0001F1F7", "\u200b",
        "\u00a0", "\u2009", "\ufeff", "\ud800", "\udfff", '"', "“", "”", "«", "»", "``", "''", "„", "…", "...",
        "ǅ", "ﬁ", "ß", "İ", "Ⅻ", "²", "١٢٣", "-\n", "\u00ad", "W.W.W.", "A" * 300, "9" * 300, "Zz" * 150]

_VALID_ODD = [text for text in _ODD if not any("\ud800" <= ch <= "\udfff" for ch in text)]

#: Realistic claims, so that every checker fires: dates, numbers, names, quotations, vague phrases.
_FRAGMENTS = ["March 10, 2024", "2024-09-30", "9/30/2024", "Q3 2024", "the third quarter", "the 1990s", "'90s",
              "Monday, September 30, 2024", "in June", "Oct. 14-15, 2024", "$4.5 million", "12%", "1,250", "twelve",
              "3rd", "about 40 percent", "USD 42.5 million", "fell 3.2%", "a third", "two dozen", "Alice Johnson",
              "Bob Smith", "Paris", "the WHO", "World Health Organization", "Apollo 11", "iPhone 16", "COVID-19",
              "AT&T", "Jimmy Cricket's Big Laugh Show", '"the plan was great"', "“a record quarter”",
              '"we will ... deliver"', "the recent report", "as mentioned", "the committee", "said", "approved",
              "the budget", "rose", "to", "on", "in", "and", "was", "is", ".", ",", ";", "[1]", "[2, 3]", "n't",
              "Alice Johnson approved the budget on March 10, 2024.", "Revenue rose 12% to $4.5 million in Q3 2024.",
              "The committee met in Paris.", 'The CEO called it "a record quarter".', "Apollo 11 landed in 1969.",
              "According to the recent report, sales fell 3.2% in the 1990s.", "Zorblax Quentari founded it [1]."]


def _texts(max_parts: int) -> st.SearchStrategy[str]:
    """Text built from realistic fragments and odd characters, with random separators."""
    piece = st.one_of(st.sampled_from(_FRAGMENTS), st.sampled_from(_FRAGMENTS), st.sampled_from(_ODD),
                      st.text(max_size=12))
    sep = st.sampled_from([" ", " ", ". ", ", ", "\n", "", "  ", " - "])
    return st.lists(st.tuples(piece, sep), max_size=max_parts).map(lambda parts: "".join(a + b for a, b in parts))


@st.composite
def _realistic(draw: st.DrawFn) -> tuple[Any, list[Any], str]:
    """Documents and an answer drawn from one pool of fragments (so some claims are supported,
    with evidence) plus fragments from outside it and odd characters (so some are not)."""
    pool = draw(st.lists(st.sampled_from(_FRAGMENTS), min_size=3, max_size=20))
    inside = st.sampled_from(pool)
    anything = st.one_of(inside, inside, st.sampled_from(_FRAGMENTS), st.sampled_from(_VALID_ODD))
    sep = st.sampled_from([" ", " ", " ", ". ", ", ", "\n", ""])

    def joined(parts: st.SearchStrategy[str], low: int, high: int) -> str:
        return "".join(a + b for a, b in draw(st.lists(st.tuples(parts, sep), min_size=low, max_size=high)))

    docs: list[Any] = [joined(st.one_of(inside, inside, st.sampled_from(_VALID_ODD)), 3, 30)
                       for _ in range(draw(st.integers(1, 3)))]
    if draw(st.booleans()):
        docs[0] = {"text": docs[0]}
    query = draw(st.one_of(st.none(), st.just(""), st.just(joined(anything, 1, 5))))
    return query, docs, joined(anything, 3, 30)


_ANY_TEXT = st.one_of(
    st.text(),  # arbitrary Unicode, empty included
    st.text(alphabet=st.characters(codec=None, categories=None), max_size=40),  # surrogates included
    st.sampled_from(_ODD),
)
_DOCUMENT = st.one_of(_texts(30), _ANY_TEXT, _texts(30).map(lambda t: {"text": t}))
_INPUTS = st.tuples(
    st.one_of(_texts(6), _ANY_TEXT, st.none()),
    st.one_of(st.lists(_DOCUMENT, min_size=1, max_size=3), st.lists(_DOCUMENT, max_size=2)),
    st.one_of(_texts(25), _texts(25), _ANY_TEXT),
)

#: Policies: the default, stricter, looser, every type re-weighted, nothing but input errors.
POLICY_CONFIGS: dict[str, dict[str, Any]] = {
    "default": {},
    "strict": {"review_on": ("high", "medium", "low")},
    "reweighted": {"severities": {"unsupported_number": "low", "vague_reference": "high",
                                  "missing_entity": "medium", "unsupported_statement": "low"},
                   "review_on": ("high", "low")},
    "lenient": {"review_on": ()},
    "no query trust, citations": {"trust_query": False, "checkers": [*DEFAULT_CHECKERS, "citations"]},
}
POLICIES = {name: Verifier(**config) for name, config in POLICY_CONFIGS.items()}


def _doc_text(doc: Any) -> str:
    return doc["text"] if isinstance(doc, dict) else doc


def assert_sound(verifier: Verifier, query: Any, docs: list[Any], response: Any, result: VerifyResult) -> None:
    """Every property a result must have, whatever the input."""
    types = [w.type for w in result.warnings]
    assert "checker_error" not in types, [w.suggestion for w in result.warnings if w.type == "checker_error"]
    if "input_error" in types:
        assert types == ["input_error"] and result.claims == [] and result.action == "review"
    for w in result.warnings:
        if w.type != "input_error":
            assert w.start is not None and w.end is not None
            assert 0 <= w.start <= w.end <= len(response)
            assert response[w.start:w.end] == w.text
        assert w.severity in ("high", "medium", "low") and w.suggestion
    for c in result.claims:
        assert 0 <= c.start <= c.end <= len(response) and response[c.start:c.end] == c.text
        if c.evidence is not None:
            text = _doc_text(docs[c.evidence.doc_index])
            assert 0 <= c.evidence.start <= c.evidence.end <= len(text)
            assert text[c.evidence.start:c.evidence.end] == c.evidence.text
        assert c.supported == (c.source is not None) or c.kind == "citation"
    # the action follows the severities and the policy
    review = any(w.severity in verifier.review_on or w.type == "input_error" for w in result.warnings)
    assert result.action == ("review" if review else "proceed")
    assert (result.summary.high, result.summary.medium, result.summary.low) == tuple(
        sum(w.severity == s for w in result.warnings) for s in ("high", "medium", "low"))
    for w in result.warnings:
        if w.type in verifier.severities:
            assert w.severity == verifier.severities[w.type]
    # JSON round-trip
    assert VerifyResult.model_validate_json(result.model_dump_json()) == result


@given(_realistic(), st.sampled_from(sorted(POLICIES)))
@settings(PROFILE)
def test_verify_holds_its_properties_on_realistic_input(inputs: tuple[Any, Any, Any], policy: str) -> None:
    _check_properties(inputs, policy)


@given(_INPUTS, st.sampled_from(sorted(POLICIES)))
@settings(PROFILE)
def test_verify_holds_its_properties_on_odd_input(inputs: tuple[Any, Any, Any], policy: str) -> None:
    _check_properties(inputs, policy)


def _check_properties(inputs: tuple[Any, Any, Any], policy: str) -> None:
    query, docs, response = inputs
    verifier = POLICIES[policy]
    result = verifier.verify(query, docs, response)
    event("input_error" if any(w.type == "input_error" for w in result.warnings)
          else f"{len(result.claims) // 5 * 5}+ claims, {len(result.warnings) // 5 * 5}+ warnings")
    assert_sound(verifier, query, docs, response, result)
    # determinism: again, and on a fresh Verifier (cold document cache)
    assert verifier.verify(query, docs, response) == result
    assert Verifier(**POLICY_CONFIGS[policy]).verify(query, docs, response) == result


@given(st.text(min_size=1), st.lists(st.text(), max_size=3), st.text())
@settings(PROFILE)
def test_verify_never_raises_on_arbitrary_unicode(response: str, docs: list[str], query: str) -> None:
    result = POLICIES["default"].verify(query, docs, response)
    assert_sound(POLICIES["default"], query, docs, response, result)


# -- size limits: refused before any parsing, everywhere ---------------------------------------------

@pytest.fixture()
def parse_spy(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text handed to spaCy (by verify or verify_many) in this process."""
    from raguard.nlp import LoadedModel

    parsed: list[str] = []
    original_parse, original_many = LoadedModel.parse, LoadedModel.parse_many

    def parse(self: Any, text: str) -> Any:
        parsed.append(text)
        return original_parse(self, text)

    def parse_many(self: Any, texts: list[str], batch_size: int) -> Any:
        parsed.extend(texts)
        return original_many(self, texts, batch_size)

    monkeypatch.setattr(LoadedModel, "parse", parse)
    monkeypatch.setattr(LoadedModel, "parse_many", parse_many)
    return parsed


_LIMIT = 500


def _sized(n: int) -> str:
    return ("Alice met Bob in Paris on May 5, 2024. " * (n // 39 + 1))[:n]


@given(response=st.integers(1, 2 * _LIMIT), docs=st.lists(st.integers(1, _LIMIT), min_size=1, max_size=4),
       query=st.integers(0, 2 * _LIMIT))
@settings(PROFILE)
def test_input_over_the_limit_is_refused_before_parsing(response: int, docs: list[int], query: int) -> None:
    from raguard.nlp import LoadedModel

    limited = Verifier(max_chars=_LIMIT)
    parsed: list[str] = []
    original = LoadedModel.parse
    LoadedModel.parse = lambda self, text: parsed.append(text) or original(self, text)  # type: ignore[method-assign]
    try:
        result = limited.verify(_sized(query), [_sized(n) for n in docs], _sized(response))
    finally:
        LoadedModel.parse = original  # type: ignore[method-assign]
    over = response > _LIMIT or sum(docs) > _LIMIT or query > _LIMIT
    assert ("input_error" in [w.type for w in result.warnings]) == over
    if over:
        assert parsed == [] and "over" in result.warnings[0].suggestion and len(limited.documents_cache) == 0
    else:
        assert parsed == [_sized(response)]


def test_verify_many_refuses_items_over_the_limit_before_parsing(parse_spy: list[str]) -> None:
    verifier = Verifier(max_chars=_LIMIT)
    items = [("q", [_sized(100)], _sized(_LIMIT + 1)),            # response over
             ("q", [_sized(300), _sized(201)], _sized(50)),       # documents over together
             {"query": _sized(_LIMIT + 1), "retrieved_docs": [_sized(10)], "llm_response": _sized(60)},
             ("q", [_sized(100)], _sized(_LIMIT))]                 # at the limit: verified
    results = list(verifier.verify_many(items, batch_size=2))
    assert [[w.type for w in r.warnings if w.type == "input_error"] for r in results] == [["input_error"]] * 3 + [[]]
    assert "llm_response has 501 characters" in results[0].warnings[0].suggestion
    assert "retrieved_docs total over 500" in results[1].warnings[0].suggestion
    assert parse_spy == [_sized(_LIMIT)]
    assert results == [verifier.verify(*item) if isinstance(item, tuple) else
                       verifier.verify(item["query"], item["retrieved_docs"], item["llm_response"]) for item in items]


def _run_cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    from raguard.cli import main

    code = main(argv)
    return code, capsys.readouterr().out


def test_cli_check_refuses_a_response_or_documents_over_the_limit(tmp_path: Any, parse_spy: list[str],
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    from raguard.inputs import DEFAULT_MAX_CHARS

    big = tmp_path / "big.txt"
    big.write_text(_sized(DEFAULT_MAX_CHARS + 1), encoding="utf-8")
    half = tmp_path / "half.txt"
    half.write_text(_sized(DEFAULT_MAX_CHARS // 2 + 1), encoding="utf-8")
    small = tmp_path / "small.txt"
    small.write_text("Alice met Bob in Paris.", encoding="utf-8")
    for argv, message in (
        (["check", "--doc", str(small), "--response", str(big), "--json"], "llm_response has 128,001 characters"),
        (["check", "--doc", str(half), "--doc", str(half), "--response", str(small), "--json"],
         "retrieved_docs total over 128,000"),
    ):
        code, out = _run_cli(argv, capsys)
        result = VerifyResult.model_validate_json(out)
        assert code == 2 and [w.type for w in result.warnings] == ["input_error"]
        assert message in result.warnings[0].suggestion
    assert parse_spy == []


def test_cli_audit_refuses_lines_over_the_limit(tmp_path: Any, parse_spy: list[str],
                                               capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from raguard.inputs import DEFAULT_MAX_CHARS

    log = tmp_path / "log.jsonl"
    rows = [{"id": "big", "query": "q", "retrieved_docs": ["Paris."], "llm_response": _sized(DEFAULT_MAX_CHARS + 1)},
            {"id": "ok", "query": "q", "retrieved_docs": ["Alice met Bob in Paris."], "llm_response": "Alice met Bob."},
            {"id": "docs", "query": "q", "retrieved_docs": [_sized(DEFAULT_MAX_CHARS)] * 2, "llm_response": "Hi Bob."}]
    log.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    code, out = _run_cli(["audit", str(log)], capsys)
    results = [json.loads(line) for line in out.splitlines()]
    assert code == 2 and [r["id"] for r in results] == ["big", "ok", "docs"]
    assert [[w["type"] for w in r["result"]["warnings"]] for r in results][0::2] == [["input_error"]] * 2
    assert "over the limit" in results[0]["result"]["warnings"][0]["suggestion"]
    assert parse_spy == ["Alice met Bob."]


@PROFILE
@given(st.lists(st.sampled_from(["&", ";", "#", "x", "amp", "ndash", "pound", "nbsp", "8217", "2013", "zz", " ", "é",
                                 "R&D"]), max_size=30).map("".join))
def test_decoded_references_map_back_to_the_text(text: str) -> None:
    import html

    from raguard.normalize.text import decode_entities

    decoded, positions = decode_entities(text)
    if positions is None:
        assert decoded == text
    else:
        assert len(positions) == len(decoded) and len(decoded) < len(text)
        assert all(text[p] == c or text[p] == "&" for p, c in zip(positions, decoded))
        assert all(a <= b for a, b in zip(positions, positions[1:]))
        if "&" not in decoded:  # every reference decoded: as the standard library decodes them
            assert decoded == html.unescape(text)


@PROFILE
@given(st.lists(st.sampled_from(["Feb", "-\n", "- \n ", "ruary", " ", "2001", "twenty", "five", "-", "\n", "per",
                                 "cent", "\u00ad\n", "é", "x"]), max_size=30).map("".join))
def test_joined_broken_words_map_back_to_the_text(text: str) -> None:
    from raguard.normalize.text import _BROKEN_WORD_RE, join_broken_words

    joined, positions = join_broken_words(text)
    assert _BROKEN_WORD_RE.search(joined) is None  # no word is left broken
    if positions is None:
        assert joined == text
    else:
        assert len(positions) == len(joined) and all(text[p] == c for p, c in zip(positions, joined))
        assert all(a < b for a, b in zip(positions, positions[1:])) and len(joined) < len(text)
