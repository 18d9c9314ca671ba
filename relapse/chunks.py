"""Reading the caller's retrieved chunks: strings, ``{"text": ...}`` dicts, ``(chunk, score)`` tuples
or ``page_content`` objects (see :mod:`relapse.context`, which also reads their scores)."""

from __future__ import annotations

from typing import Any

from relapse.context import read_chunks


def chunk_texts(retrieved_chunks: Any) -> list[str]:
    """The text of every chunk, in order; a clear TypeError naming the bad item otherwise."""
    return [chunk.text for chunk in read_chunks(retrieved_chunks)]
