"""The deterministic ``compress=True`` pass: fewer, cleaner characters before the first call.

Steps, in order: normalize whitespace in each chunk; drop empty chunks; drop duplicates (exact,
or equal after whitespace and case folding), keeping the first; keep chunks in order until the
character cap, cutting the chunk that crosses it at its last sentence boundary within the budget
(else at a word boundary) and dropping the rest.
"""

from __future__ import annotations

import re
from typing import Sequence

from relapse.types import CompressionReport

DEFAULT_MAX_CHARS = 8_000

# The end of a sentence: terminal punctuation, optional closing quote/bracket, then space or end.
_SENTENCE_END = re.compile(r"[.!?][\"'\u201d\u2019)\]]*(?=\s|$)")


def compress_chunks(chunks: Sequence[str], max_chars: int = DEFAULT_MAX_CHARS) -> tuple[list[str], CompressionReport]:
    """Return the compressed chunks and a report of what was dropped or cut."""
    if not isinstance(max_chars, int) or isinstance(max_chars, bool) or max_chars < 1:
        raise ValueError(f"compress_max_chars must be a positive integer, got {max_chars!r}")
    seen: set[str] = set()
    kept: list[str] = []
    empty = duplicates = 0
    for chunk in chunks:
        text = _normalize_whitespace(chunk)
        if not text:
            empty += 1
            continue
        key = text.casefold()
        if key in seen:
            duplicates += 1
            continue
        seen.add(key)
        kept.append(text)
    out, truncated = _cap(kept, max_chars)
    report = CompressionReport(
        chunks_in=len(chunks), chunks_out=len(out), duplicates_dropped=duplicates, empty_dropped=empty,
        chars_in=sum(len(c) for c in chunks), chars_out=sum(len(c) for c in out),
        max_chars=max_chars, truncated=truncated,
    )
    return out, report


def _normalize_whitespace(text: str) -> str:
    """Every whitespace run becomes one space, ends trimmed (checked first: most chunks are clean)."""
    # isprintable() is False for newlines, tabs and every Unicode space except " ".
    if text.isprintable() and "  " not in text and text[:1] != " " and text[-1:] != " ":
        return text
    return " ".join(text.split())


def _cap(chunks: list[str], max_chars: int) -> tuple[list[str], bool]:
    """Keep whole chunks while they fit; cut the first that does not; drop the rest."""
    out: list[str] = []
    budget = max_chars
    for text in chunks:
        if len(text) <= budget:
            out.append(text)
            budget -= len(text)
            continue
        cut = cut_at_boundary(text, budget)
        if cut:
            out.append(cut)
        return out, True
    return out, False


def cut_at_boundary(text: str, limit: int) -> str:
    """The longest prefix of ``text`` within ``limit`` characters that ends a sentence, else a word."""
    if len(text) <= limit:
        return text
    head = text[:limit]
    last_end = 0
    for m in _SENTENCE_END.finditer(text):  # on the whole text: the lookahead must see past the cut
        if m.end() > limit:
            break
        last_end = m.end()
    if last_end:
        return head[:last_end]
    if text[limit:limit + 1].isspace():  # the cut falls exactly between two words
        return head.rstrip()
    space = head.rfind(" ")
    return head[:space].rstrip() if space > 0 else ""
