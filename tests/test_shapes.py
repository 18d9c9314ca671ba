"""One reader of document shapes for raguard's retrieved_docs and relapse's retrieved_chunks.

The classes below stand in for LangChain's Document and LlamaIndex's TextNode / NodeWithScore
(same attribute names), so no framework is imported.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from raguard import Verifier
from raguard.shapes import ShapeError, read_document
from relapse.context import read_chunks

FACT = "The Halvorsen bridge opened to traffic on 14 June 1998."
ANSWER = "The Halvorsen bridge opened on 14 June 1998."


class LangChainDocument:
    def __init__(self, page_content: str, metadata: dict[str, Any]) -> None:
        self.page_content, self.metadata = page_content, metadata


class TextNode:
    """get_content() and text, as LlamaIndex's TextNode (get_content wins)."""

    def __init__(self, text: str) -> None:
        self.text = text

    def get_content(self) -> str:
        return self.text


class NodeWithScore:
    def __init__(self, node: TextNode, score: float) -> None:
        self.node, self.score = node, score


class JustText:
    def __init__(self, text: str) -> None:
        self.text = text


SHAPES: list[tuple[Any, Any]] = [
    (FACT, None),
    ({"text": FACT, "score": 0.8}, 0.8),
    ({"content": FACT}, None),
    ({"page_content": FACT, "metadata": {"score": 0.7}}, 0.7),
    ((FACT, 0.6), 0.6),
    (({"content": FACT}, 0.5), 0.5),
    (LangChainDocument(FACT, {"score": 0.4}), 0.4),
    (TextNode(FACT), None),
    (NodeWithScore(TextNode(FACT), 0.3), 0.3),
    (JustText(FACT), None),
]


@pytest.mark.parametrize(("item", "score"), SHAPES)
def test_every_shape_gives_its_text_and_score_to_both_packages(item: Any, score: Any) -> None:
    assert read_document(item) == (FACT, score)
    [chunk] = read_chunks([item])
    assert (chunk.text, chunk.score, chunk.item) == (FACT, score, item)


def test_raguard_verifies_against_every_shape() -> None:
    guard = Verifier(checkers=["dates", "entities"])
    for item, _ in SHAPES:
        result = guard.verify("When did the bridge open?", [item], ANSWER)
        assert result.action == "proceed", (item, result.warnings)
    wrong = guard.verify("When did the bridge open?", [NodeWithScore(TextNode(FACT), 0.3)], ANSWER.replace("14", "15"))
    assert [w.type for w in wrong.warnings] == ["unsupported_date"]


class Opaque:
    pass


@pytest.mark.parametrize(("item", "needle"), [
    (Opaque(), r"retrieved_docs\[1\] must be a string.*got Opaque"),
    (42, r"retrieved_docs\[1\] must be a string.*got int"),
    ({"body": FACT}, r"retrieved_docs\[1\] is a dict without a string 'text' key \(keys: body\)"),
    ((FACT, 0.1, "extra"), r"retrieved_docs\[1\] is a tuple of length 3"),
    ({"text": 7}, r"retrieved_docs\[1\]\['text'\] must be a string, got int"),
])
def test_anything_else_is_an_input_error_naming_the_index_and_the_type(item: Any, needle: str) -> None:
    result = Verifier(checkers=["dates"]).verify("q", [FACT, item], ANSWER)
    [warning] = result.warnings
    assert result.action == "review" and warning.type == "input_error"
    assert re.search(needle, warning.suggestion), warning.suggestion
    with pytest.raises(ShapeError, match=needle.replace("retrieved_docs", "retrieved_chunks")):
        read_chunks([FACT, item])
