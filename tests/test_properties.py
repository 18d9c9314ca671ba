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
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from raguard import Verifier, VerifyResult

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
