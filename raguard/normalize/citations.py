"""Citation markers in an answer ("[1]", "[2, 3]", "[1][3]", "[2-4]"): where they are and which
chunk numbers they cite. Pure functions; the citations checker judges them, and every checker
skips their digits (they are chunk numbers, not values)."""

from __future__ import annotations

import re
from dataclasses import dataclass

# One bracketed marker: 1-3 digit chunk numbers, separated by commas/semicolons, or a range.
MARKER_RE = re.compile(r"\[\s*\d{1,3}(?:\s*[,;\-\u2013]\s*\d{1,3})*\s*\]")
_MAX_RANGE = 50


@dataclass(frozen=True)
class Citation:
    """One citation: adjacent markers, their span in the response and the chunk numbers cited."""

    start: int
    end: int
    numbers: tuple[int, ...]


def find_citations(text: str) -> list[Citation]:
    """Every citation in ``text``, adjacent markers (``[1][3]``, ``[1] [3]``) merged into one."""
    citations: list[Citation] = []
    if "[" not in text:  # (every marker opens with one: most answers hold none)
        return citations
    for m in MARKER_RE.finditer(text):
        numbers = _numbers(m.group())
        if citations and not text[citations[-1].end:m.start()].strip():
            last = citations[-1]
            merged = tuple(dict.fromkeys((*last.numbers, *numbers)))
            citations[-1] = Citation(last.start, m.end(), merged)
        else:
            citations.append(Citation(m.start(), m.end(), numbers))
    return citations


def _numbers(marker: str) -> tuple[int, ...]:
    out: list[int] = []
    # split on the separators alone (int() ignores the spaces around a number): a leading \s*
    # rescanned a long run of spaces from each of its positions ("[1", 100k spaces, "-2]")
    for part in re.split(r"[,;]", marker.strip("[] \t")):
        bounds = [int(x) for x in re.split(r"[\-\u2013]", part) if x.strip()]
        if len(bounds) == 2 and bounds[0] < bounds[1] and bounds[1] - bounds[0] <= _MAX_RANGE:
            out.extend(range(bounds[0], bounds[1] + 1))
        else:
            out.extend(bounds)
    return tuple(dict.fromkeys(out))
