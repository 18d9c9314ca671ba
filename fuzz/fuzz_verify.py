"""Coverage-guided fuzz target for ``raguard.verify`` (atheris, on libFuzzer).

Run it with ``make fuzz`` (bounded in time and executions). Each input is UTF-8 text (invalid
bytes become lone surrogates, as a bad decode would make them) read as

    query \\x1e document \\x1f document ... \\x1e response

and fewer separators mean fewer parts (no separator: the text is both the only document and
the response). The input's length picks one of several Verifier policies. Every call must keep
the guarantees the property tests check: no exception and no checker_error; every warning's
span is its text in the response; every evidence span is its text in its document; the action
follows the severities and the policy; the result survives a JSON round-trip. A violation
raises, and libFuzzer saves the input as a crash artifact.
"""

from __future__ import annotations

import sys
from typing import Any

import atheris

with atheris.instrument_imports(include=["raguard"]):
    from raguard import Verifier, VerifyResult
    from raguard.checkers import DEFAULT_CHECKERS

RECORD, UNIT = "\x1e", "\x1f"
POLICIES = [
    Verifier(),
    Verifier(review_on=("high", "medium", "low"), trust_query=False),
    Verifier(severities={"unsupported_number": "low", "vague_reference": "high"}, review_on=("high", "low")),
    Verifier(checkers=[*DEFAULT_CHECKERS, "citations"]),
    Verifier(max_chars=2_000),
]


def decode(data: bytes) -> tuple[str, list[str], str]:
    """(query, documents, response) from the fuzzer's bytes."""
    text = data.decode("utf-8", errors="surrogateescape")
    parts = text.split(RECORD, 2)
    if len(parts) == 3:
        query, docs, response = parts
    elif len(parts) == 2:
        query, (docs, response) = "", parts
    else:
        query, docs, response = "", text, text
    return query, docs.split(UNIT), response


def check(verifier: Verifier, docs: list[str], response: str, result: VerifyResult) -> None:
    """Raise AssertionError when the result breaks a guarantee."""
    types = [w.type for w in result.warnings]
    assert "checker_error" not in types, [w.suggestion for w in result.warnings]
    if "input_error" in types:
        assert types == ["input_error"] and not result.claims and result.action == "review", result
    for w in result.warnings:
        if w.type != "input_error":
            assert w.start is not None and w.end is not None and response[w.start:w.end] == w.text, w
    for c in result.claims:
        assert response[c.start:c.end] == c.text, c
        if c.evidence is not None:
            doc = docs[c.evidence.doc_index]
            assert doc[c.evidence.start:c.evidence.end] == c.evidence.text, c
    review = any(w.severity in verifier.review_on or w.type == "input_error" for w in result.warnings)
    assert result.action == ("review" if review else "proceed"), result
    assert VerifyResult.model_validate_json(result.model_dump_json()) == result


def TestOneInput(data: bytes) -> None:  # noqa: N802 - the name atheris calls
    query, docs, response = decode(data)
    verifier = POLICIES[len(data) % len(POLICIES)]
    result: Any = verifier.verify(query, docs, response)
    check(verifier, docs, response, result)


def main() -> None:
    atheris.Setup(sys.argv, TestOneInput)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
