"""The one reader of retrieved-document shapes, shared by raguard (``retrieved_docs``) and relapse
(``retrieved_chunks``), so that both accept the same things:

- a string;
- a dict with a string ``"text"`` (or ``"content"``, or ``"page_content"``), its score under
  ``"score"`` or ``metadata["score"]``;
- a ``(document, score)`` tuple (LangChain's ``similarity_search_with_score``);
- an object with ``page_content`` (a LangChain ``Document``; score in ``metadata["score"]``);
- an object with ``node`` and ``score`` (a LlamaIndex ``NodeWithScore``: ``node.get_content()``);
- an object with ``get_content()`` or a string ``text`` (a LlamaIndex ``TextNode``).

Anything else is a :class:`ShapeError` naming the item (``retrieved_docs[3]``) and its type. Pure
Python, no imports from the rest of raguard: ``import relapse`` reads chunks without loading spaCy.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple, Optional

#: Keys of a dict that may hold the text, in the order they are tried.
TEXT_KEYS: tuple[str, ...] = ("text", "content", "page_content")

ACCEPTED = ("a string, a {'text': ...} or {'content': ...} dict, a (document, score) tuple, or an object "
            "with page_content, get_content() or text (LangChain Document, LlamaIndex TextNode or NodeWithScore)")


class ShapeError(TypeError):
    """An item that is no document shape this module reads; the message names it and its type."""


class ReadDocument(NamedTuple):
    """One document as read: its text and the retriever's score (None when it has none)."""

    text: str
    score: Any


def read_document(item: Any, label: str = "document") -> ReadDocument:
    """The text and score of one retrieved document, whatever its shape (see the module docstring).

    ``label`` names the item in the error message, e.g. ``"retrieved_docs[3]"``.
    """
    if isinstance(item, str):
        return ReadDocument(item, None)
    if isinstance(item, tuple):
        if len(item) != 2 or isinstance(item[0], tuple):
            raise ShapeError(f"{label} is a tuple of length {len(item)}: use (document, score)")
        return ReadDocument(read_document(item[0], label).text, item[1])
    if isinstance(item, Mapping):
        for key in TEXT_KEYS:
            if key in item:
                text = item[key]
                if isinstance(text, str):
                    return ReadDocument(text, _score(item, item.get("metadata")))
                raise ShapeError(f"{label}[{key!r}] must be a string, got {type(text).__name__}")
        keys = ", ".join(sorted(map(str, item))[:8]) or "none"
        raise ShapeError(f"{label} is a dict without a string 'text' key (keys: {keys})")
    if isinstance(item, (bytes, bytearray)):
        raise ShapeError(f"{label} is bytes: decode it to str first (e.g. .decode('utf-8'))")
    page_content = getattr(item, "page_content", None)
    if isinstance(page_content, str):
        return ReadDocument(page_content, _score({}, getattr(item, "metadata", None)))
    node = getattr(item, "node", None)
    if node is not None and callable(getattr(node, "get_content", None)):
        return ReadDocument(_content(node, label), getattr(item, "score", None))
    if callable(getattr(item, "get_content", None)):
        return ReadDocument(_content(item, label), getattr(item, "score", None))
    text = getattr(item, "text", None)
    if isinstance(text, str):
        return ReadDocument(text, getattr(item, "score", None))
    raise ShapeError(f"{label} must be {ACCEPTED}; got {type(item).__name__}")


def document_text(item: Any) -> Optional[str]:
    """The text of one retrieved document, or None when it has no shape :func:`read_document` reads."""
    try:
        return read_document(item).text
    except ShapeError:
        return None


def _content(node: Any, label: str) -> str:
    text = node.get_content()
    if not isinstance(text, str):
        raise ShapeError(f"{label}.get_content() returned {type(text).__name__}, not a string")
    return text


def _score(item: Mapping[str, Any], metadata: Any) -> Any:
    if "score" in item:
        return item["score"]
    if isinstance(metadata, Mapping) and "score" in metadata:
        return metadata["score"]
    return None
