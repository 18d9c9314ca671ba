"""Reading the caller's retrieved chunks: strings, ``{"text": ...}`` dicts or ``page_content`` objects."""

from __future__ import annotations

from typing import Any


def chunk_texts(retrieved_chunks: Any) -> list[str]:
    """The text of every chunk, in order; a clear TypeError naming the bad item otherwise."""
    if isinstance(retrieved_chunks, (str, bytes, bytearray)):
        raise TypeError(
            f"retrieved_chunks must be a list of chunks, got a single {type(retrieved_chunks).__name__}: "
            "wrap it in a list"
        )
    if isinstance(retrieved_chunks, dict):
        raise TypeError("retrieved_chunks must be a list of chunks, got a single dict: wrap it in a list")
    try:
        items = list(retrieved_chunks)
    except TypeError:
        raise TypeError(
            f"retrieved_chunks must be a list of strings or {{'text': ...}} dicts, got {type(retrieved_chunks).__name__}"
        ) from None
    return [_text(i, item) for i, item in enumerate(items)]


def _text(index: int, item: Any) -> str:
    if isinstance(item, str):
        return item
    if isinstance(item, dict):
        text = item.get("text", item.get("page_content"))
        if isinstance(text, str):
            return text
        raise TypeError(f"retrieved_chunks[{index}] is a dict without a string 'text' key (keys: {sorted(map(str, item))})")
    text = getattr(item, "page_content", None)
    if isinstance(text, str):
        return text
    raise TypeError(
        f"retrieved_chunks[{index}] must be a string or a {{'text': ...}} dict, got {type(item).__name__}"
    )
