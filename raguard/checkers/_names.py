"""Spans of names that contain a number ("iPhone 16", "Windows 11", "Apollo 11", "COVID-19").

Such numbers are checked as part of the name (by the entities checker), not as bare values.
"""

from __future__ import annotations

import re

from raguard.normalize.dates import MONTHS, WEEKDAYS

_NAME_NUMBER_RE = re.compile(r"\b(?P<name>[A-Za-z][A-Za-z&]*[A-Z][A-Za-z&]*|[A-Z][a-z]+|[A-Z](?=-))(?P<sep>[ \-])(?P<num>\d{1,4}[A-Za-z]?)\b(?![,.]\d)")

# Capitalized words that precede numbers without naming anything.
_NOT_NAMES = frozenset(
    {
        "in", "on", "at", "by", "since", "from", "to", "until", "about", "over", "under", "around",
        "nearly", "only", "the", "a", "an", "and", "or", "of", "for", "with", "after", "before",
        "between", "than", "some", "all", "top", "no", "number", "page", "pages", "step", "figure",
        "fig", "table", "chapter", "section", "level", "grade", "age", "aged", "circa", "approximately",
        "roughly", "almost", "just", "its", "his", "her", "their", "our", "we", "it", "they", "he",
        "she", "there", "these", "those", "this", "that", "was", "were", "is", "are", "had", "has",
        "have", "up", "down", "year", "years", "day", "days", "week", "weeks", "month", "months",
        "usd", "eur", "gbp", "jpy", "inr", "us", "q", "fy", "h", "vs", "per", "more", "less", "least",
        "most", "each", "every", "another", "other", "first", "last", "next", "then", "when", "while",
        "where", "which", "who", "what", "why", "how", "also", "still", "even", "nearly", "exactly",
        "ranked", "rank", "scored", "score", "won", "lost", "killed", "sold", "paid", "cost",
    }
)


def named_number_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of every "Name 16" / "Name-19" span in ``text``."""
    spans: list[tuple[int, int]] = []
    for m in _NAME_NUMBER_RE.finditer(text):
        name = m.group("name")
        lowered = name.lower()
        if lowered in _NOT_NAMES or lowered in MONTHS or lowered in WEEKDAYS:
            continue
        spans.append((m.start(), m.end()))
    return spans

