"""A bare plural scale word is an order of magnitude: "millions" is checked against the documents' values."""

from __future__ import annotations

import pytest

from raguard import verify
from raguard.normalize.numbers import MAGNITUDE, extract_numbers

DOC = ("The Marlow trust has billions in reserve. About 2,500 volunteers turned out, and the appeal "
       "raised 4.2 million pounds.")


def test_plural_scale_words_are_read_as_orders_of_magnitude() -> None:
    found = [(n.text, n.value, n.measure) for n in extract_numbers(
        "millions of pounds, tens of thousands of fans, hundreds of millions, 3 million, Hundreds came")]
    assert found == [("millions", 1e6, MAGNITUDE), ("tens of thousands", 1e4, MAGNITUDE),
                     ("hundreds of millions", 1e8, MAGNITUDE), ("3 million", 3e6, None), ("Hundreds", 100.0, MAGNITUDE)]


@pytest.mark.parametrize("answer", [
    "Thousands of volunteers turned out.",          # 2,500
    "The appeal raised millions of pounds.",        # 4.2 million
    "The Marlow trust has billions in reserve.",    # the same words
])
def test_an_order_the_documents_support_passes(answer: str) -> None:
    assert verify("Summarize.", [DOC], answer).action == "proceed"


@pytest.mark.parametrize("answer", [
    "Hundreds of volunteers turned out.",
    "Tens of thousands of volunteers turned out.",
    "The appeal raised billions of pounds.",
])
def test_a_wrong_order_is_flagged(answer: str) -> None:
    result = verify("Summarize.", [DOC], answer)
    assert result.action == "review"
    assert {w.type for w in result.warnings} & {"unsupported_number", "contradicted_claim"}


def test_a_documents_bare_order_supports_no_exact_value() -> None:
    assert verify("Summarize.", [DOC], "The Marlow trust has 3 billion in reserve.").action == "review"


def test_a_fraction_of_a_scale_word_is_one_amount() -> None:
    found = [(n.text, n.value) for n in extract_numbers(
        "half a million riders, a quarter of a billion euros, two and a half thousand seats, 3 and a half million")]
    assert found == [("half a million", 5e5), ("a quarter of a billion", 2.5e8),
                     ("two and a half thousand", 2500.0), ("3 and a half million", 3.5e6)]
    doc = "The Fenwick tramway carried 250,000 riders in its first year and cost 2.5 million pounds."
    assert verify("Summarize.", [doc], "In its first year the tramway carried a quarter of a million riders "
                  "and cost two and a half million pounds.").action == "proceed"
    flagged = verify("Summarize.", [doc], "The tramway carried half a million riders in its first year.")
    assert [w.text for w in flagged.warnings if w.type == "unsupported_number"] == ["half a million"]
