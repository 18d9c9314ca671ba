"""relapse's small parts on their own: compress, prompt building, chunk reading, the public types."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from relapse import GroundingFinding, GroundingResult, Span
from relapse.chunks import chunk_texts
from relapse.compress import compress_chunks, cut_at_boundary
from relapse.prompts import DEFAULT_RULES, first_prompt, neutralize, retry_prompt

WW2 = "World War II ended in 1945 , with Japan 's surrender in September ."
APOLLO = ("The Apollo 11 mission landed on the Moon on July 20 , 1969 . Neil Armstrong was the first "
          "person to walk on the lunar surface .")


# -- compress -----------------------------------------------------------------------------------------

def test_compress_keeps_order_and_first_of_each_duplicate() -> None:
    chunks = ["B  text.", "A text.", "b TEXT.", "A text.", "C\ttext.\n"]
    out, report = compress_chunks(chunks)
    assert out == ["B text.", "A text.", "C text."]
    assert (report.chunks_in, report.chunks_out, report.duplicates_dropped) == (5, 3, 2)
    assert report.chars_in == sum(map(len, chunks)) and report.chars_out == sum(map(len, out))


def test_compress_is_deterministic() -> None:
    chunks = [APOLLO, WW2, APOLLO.upper(), "x " * 5000]
    assert compress_chunks(chunks, 500) == compress_chunks(list(chunks), 500)


def test_cap_cuts_the_crossing_chunk_at_a_sentence_and_drops_the_rest() -> None:
    out, report = compress_chunks([WW2, APOLLO, "Later chunk."], max_chars=len(WW2) + 80)
    assert out == [WW2, "The Apollo 11 mission landed on the Moon on July 20 , 1969 ."]
    assert report.truncated and report.chars_out <= report.max_chars


def test_cap_falls_back_to_a_word_boundary() -> None:
    assert cut_at_boundary("one two three four five", 12) == "one two"
    assert cut_at_boundary("one two three four five", 13) == "one two three"
    assert cut_at_boundary("unbreakable", 5) == ""


def test_cap_does_not_take_a_decimal_point_for_a_sentence_end() -> None:
    text = "Revenue was 3.5 billion dollars in the year under review."
    assert cut_at_boundary(text, 14) == "Revenue was"


def test_cap_keeps_closing_quotes_with_the_sentence() -> None:
    text = 'He said "we are done." Then he left the room for good.'
    assert cut_at_boundary(text, 30) == 'He said "we are done."'


def test_chunk_that_cannot_be_cut_is_dropped_and_nothing_exceeds_the_cap() -> None:
    out, report = compress_chunks(["short one.", "averyveryverylongwordwithoutspaces"], max_chars=15)
    assert out == ["short one."] and report.truncated


@pytest.mark.parametrize("bad", [0, -5, 2.5, True, None])
def test_cap_must_be_a_positive_int(bad: object) -> None:
    with pytest.raises(ValueError, match="compress_max_chars"):
        compress_chunks([WW2], bad)  # type: ignore[arg-type]


# -- prompts --------------------------------------------------------------------------------------------

def test_neutralize_escapes_only_relapse_tags() -> None:
    assert neutralize("a </chunk> b < /Context> <finding code=x>") == "a &lt;/chunk> b &lt; /Context> &lt;finding code=x>"
    assert neutralize("x < 5 and <b>bold</b> and <chunky>") == "x < 5 and <b>bold</b> and <chunky>"


def test_first_prompt_starts_with_the_rules_and_handles_no_context() -> None:
    prompt = first_prompt("Why?", [])
    assert prompt.startswith(DEFAULT_RULES[0])
    assert "(no context was retrieved)" in prompt
    custom = first_prompt("Why?", [WW2], rules=("Only state prices from the catalogue.",))
    assert custom.startswith("Only state prices from the catalogue.") and DEFAULT_RULES[0] not in custom


def test_retry_prompt_keeps_the_rules_and_lists_every_span() -> None:
    finding = GroundingFinding("UNSUPPORTED_DATE", "not in the context",
                               spans=(Span(0, 4, "1944"), Span(9, 13, "1946")), expected="1945")
    prompt = retry_prompt("When?", [WW2], "1944 or 1946", [finding], rules=("RULE ONE",))
    assert prompt.startswith("RULE ONE")
    block = ('<finding code="UNSUPPORTED_DATE">\nfailed span: 1944\nfailed span: 1946\n'
             "the context gives: 1945\nwhy: not in the context\n</finding>")
    assert block in prompt


def test_retry_prompt_without_findings_still_explains_the_rejection() -> None:
    prompt = retry_prompt("When?", [WW2], "Maybe.", [])
    assert "rejected the answer without details" in prompt and "<previous_answer>\nMaybe.\n</previous_answer>" in prompt


def test_finding_codes_cannot_break_the_attribute() -> None:
    finding = GroundingFinding('X" onload="y', "m")
    assert "<finding code=\"X' onload='y\">" in retry_prompt("Q?", [], "A", [finding])


# -- chunks ---------------------------------------------------------------------------------------------

def test_chunks_can_be_strings_dicts_or_documents() -> None:
    @dataclass
    class Document:
        page_content: str

    assert chunk_texts([WW2, {"text": APOLLO}, {"page_content": "p"}, Document("d")]) == [WW2, APOLLO, "p", "d"]
    assert chunk_texts((c for c in ["gen"])) == ["gen"]


@pytest.mark.parametrize("bad", [b"bytes", {"text": "one dict"}, 42])
def test_a_single_or_non_iterable_chunk_is_rejected(bad: object) -> None:
    with pytest.raises(TypeError, match="retrieved_chunks"):
        chunk_texts(bad)


# -- types ----------------------------------------------------------------------------------------------

def test_findings_accept_plain_span_tuples() -> None:
    f = GroundingFinding("X", "m", spans=[(1, 3, "ab")])  # type: ignore[list-item]
    assert f.spans == (Span(1, 3, "ab"),) and isinstance(f.spans[0], Span)


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"code": "", "message": "m"}, "code"),
        ({"code": "X", "message": None}, "message"),
        ({"code": "X", "message": "m", "spans": [(1, 2)]}, "span"),
        ({"code": "X", "message": "m", "spans": [("1", 2, "a")]}, "span"),
        ({"code": "X", "message": "m", "expected": 1945}, "expected"),
    ],
)
def test_bad_findings_are_rejected(kwargs: dict, words: str) -> None:
    with pytest.raises(TypeError, match=words):
        GroundingFinding(**kwargs)


def test_grounding_result_validates_its_fields() -> None:
    assert GroundingResult(ok=True, findings=[GroundingFinding("X", "m")]).findings == (GroundingFinding("X", "m"),)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="ok must be a bool"):
        GroundingResult(ok="yes")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="GroundingFinding"):
        GroundingResult(ok=False, findings=["1944 is wrong"])  # type: ignore[list-item]
