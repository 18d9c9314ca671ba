"""The guard layer: bad input gives one input_error warning and action review, never an exception."""

import pytest

from raguard import Verifier, verify

DOCS = ["Alice Johnson approved the final budget on March 10."]


class _Doc:
    page_content = "Alice Johnson approved the final budget on March 10."


@pytest.mark.parametrize(
    "query, docs, response, needle",
    [
        ("q", DOCS, "", "empty"),
        ("q", DOCS, "   \n\t ", "empty"),
        ("q", DOCS, None, "None"),
        ("q", DOCS, b"bytes answer", "bytes"),
        ("q", DOCS, 42, "int"),
        ("q", [], "Alice approved it.", "empty"),
        ("q", None, "Alice approved it.", "None"),
        ("q", ["", "   "], "Alice approved it.", "empty"),
        ("q", "a bare string document", "Alice approved it.", "single string"),
        ("q", b"raw bytes", "Alice approved it.", "bytes"),
        ("q", {"text": "one dict"}, "Alice approved it.", "single dict"),
        ("q", ["fine", 7], "Alice approved it.", "retrieved_docs[1]"),
        ("q", [{"body": "no text key"}], "Alice approved it.", "'text'"),
        ("q", 12, "Alice approved it.", "list"),
        (b"query bytes", DOCS, "Alice approved it.", "query is bytes"),
        (["not", "a", "query"], DOCS, "Alice approved it.", "query must be"),
    ],
)
def test_bad_input_is_one_input_error(query, docs, response, needle):
    result = verify(query, docs, response)
    assert result.action == "review"
    assert len(result.warnings) == 1
    warning = result.warnings[0]
    assert warning.type == "input_error"
    assert warning.severity == "high"
    assert warning.start is None and warning.end is None
    assert needle in warning.suggestion
    assert result.summary.high == 1


def test_response_over_size_limit():
    guard = Verifier(max_chars=100)
    result = guard.verify("q", DOCS, "word " * 50)
    assert result.warnings[0].type == "input_error"
    assert "over the limit of 100" in result.warnings[0].suggestion


def test_documents_over_size_limit():
    guard = Verifier(max_chars=100)
    result = guard.verify("q", ["x" * 60, "y" * 60], "Alice approved it.")
    assert result.warnings[0].type == "input_error"
    assert "retrieved_docs total over 100" in result.warnings[0].suggestion


def test_default_limit_is_128k():
    assert Verifier().max_chars == 128_000
    result = verify("q", DOCS, "a" * 128_001)
    assert result.warnings[0].type == "input_error"


def test_none_query_is_allowed():
    assert verify(None, DOCS, "Alice Johnson approved the budget.").action == "proceed"


@pytest.mark.parametrize(
    "docs",
    [
        [{"text": "Alice Johnson approved the final budget on March 10."}],
        (d for d in DOCS),
        (DOCS[0],),
        [_Doc()],
        ["", "Alice Johnson approved the final budget on March 10."],
    ],
)
def test_document_forms_accepted(docs):
    result = verify("Who approved it?", docs, "Alice Johnson approved it on March 10.")
    assert result.action == "proceed", result.warnings
