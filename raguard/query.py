"""The query, read once: its tokens, stems, dates and numbers, cached with the documents.

A relapse retry asks the same question against the same documents with a new answer; only the
answer needs reading again. Checkers read query-only facts through :class:`QueryIndex` (their own
through :meth:`QueryIndex.derive`), so each is computed once per query text, not once per call.
"""

from __future__ import annotations

from typing import Any, Callable, TypeVar

from raguard.lazy import lazy
from raguard.normalize.dates import DateMention, extract_dates
from raguard.normalize.numbers import NumberMention, extract_numbers
from raguard.normalize.text import Token, TokenText

_R = TypeVar("_R")

#: At most this many derived values are kept per query (the built-in checkers use eight).
_MAX_DERIVED = 32


class QueryIndex:
    """What the checkers read from one query text. Built lazily, read-only afterwards."""

    #: What :meth:`raguard.Verifier.prepare` computes ahead of an answer (see DocumentIndex.PREPARED).
    PREPARED = ("token_text", "stems", "folded", "dates", "numbers")

    def __init__(self, text: str) -> None:
        self.text = text
        self._derived: dict[Callable[[str], Any], Any] = {}

    @property
    def tokens(self) -> list[Token]:
        return self.token_text.tokens

    @lazy
    def token_text(self) -> TokenText:
        """The tokens joined for phrase search (their words read once for the stems too)."""
        return TokenText.of(self.text)

    @lazy
    def stems(self) -> frozenset[str]:
        """Stems of the query's content words."""
        from raguard.normalize.stems import content_stem

        found = set(map(content_stem, self.token_text.norms))  # (content_stems, on the words read once)
        found.discard(None)
        return frozenset(found)  # type: ignore[arg-type]

    @lazy
    def dates(self) -> list[DateMention]:
        return extract_dates(self.text)

    @lazy
    def numbers(self) -> list[NumberMention]:
        return extract_numbers(self.text)

    @lazy
    def folded(self) -> str:
        return self.text.casefold()

    def derive(self, fn: Callable[[str], _R]) -> _R:
        """``fn(query text)``, computed once per query: ``fn`` must depend on the text alone (a
        module-level function: the result is kept under the function object)."""
        try:
            return self._derived[fn]
        except KeyError:
            if len(self._derived) >= _MAX_DERIVED:  # a new function per call (a lambda) must not grow it
                self._derived.clear()
            value = self._derived[fn] = fn(self.text)
            return value
