"""Retrieved documents, indexed once for claim lookup (no NER on documents).

Each document is folded into word tokens and scanned for numbers and dates lazily, on first
need. Indexes are cached by content in a bounded LRU, so verifying several answers against the
same documents (as a relapse retry does) builds them once.
"""

from __future__ import annotations

import re
import threading
from bisect import bisect_left
from itertools import accumulate
from collections import OrderedDict
from functools import cached_property
from typing import Optional, Sequence

from raguard.normalize.dates import DateMention, extract_dates
from raguard.normalize.numbers import NumberMention, extract_numbers
from raguard.normalize.text import TokenText, sentence_spans, tokenize

_RAW_WORD_RE = re.compile(r"[^\W_]+")


class DocumentIndex:
    """One document's lookup structures. Built lazily, read-only afterwards."""

    def __init__(self, text: str) -> None:
        self.text = text

    @cached_property
    def tokens(self) -> TokenText:
        return TokenText.of(self.text)

    @cached_property
    def numbers(self) -> list[NumberMention]:
        """Values, without the digits of dates ("12 March") and names ("Apollo 11")."""
        from raguard.checkers._names import named_number_spans

        taken = [(d.start, d.end) for d in self.dates if d.form not in ("year", "weekday")]
        taken += named_number_spans(self.text)
        return _without_overlaps(extract_numbers(self.text), taken)

    @cached_property
    def dates(self) -> list[DateMention]:
        return extract_dates(self.text)

    @cached_property
    def stems(self) -> frozenset[str]:
        """Stems of the document's content words, for sentence-level support."""
        from raguard.normalize.stems import is_content_word, stem

        return frozenset(stem(w) for w in self.tokens.vocab if is_content_word(w))

    @cached_property
    def _sentence_index(self) -> tuple[list[tuple[int, int]], dict[str, list[int]]]:
        from raguard.normalize.stems import is_content_word, stem

        spans = sentence_spans(self.text)
        by_stem: dict[str, list[int]] = {}
        for i, (start, end) in enumerate(spans):
            for tok in tokenize(self.text[start:end]):
                if is_content_word(tok.norm):
                    ids = by_stem.setdefault(stem(tok.norm), [])
                    if not ids or ids[-1] != i:
                        ids.append(i)
        return spans, by_stem

    def best_sentence(self, stems: list[str]) -> Optional[tuple[int, int]]:
        """Span of the sentence that contains the most of ``stems`` (first on ties)."""
        spans, by_stem = self._sentence_index
        counts: dict[int, int] = {}
        for s in set(stems):
            for i in by_stem.get(s, ()):
                counts[i] = counts.get(i, 0) + 1
        if not counts:
            return None
        best = min(counts, key=lambda i: (-counts[i], i))
        return spans[best]

    @cached_property
    def lowercased(self) -> bool:
        """True for a document with letters but no capitals (capitals cannot mark names)."""
        return any(c.isalpha() for c in self.text) and not any(c.isupper() for c in self.text)

    @cached_property
    def raw_words(self) -> frozenset[str]:
        """Case-kept words, for acronym lookups ("WHO" must not match "who")."""
        return frozenset(_RAW_WORD_RE.findall(self.text))


#: Characters of document text the cache keeps by default. A fully indexed document takes about
#: 80 bytes per character (tokens, phrase tables, values: measured in benchmarks/README.md), so
#: this bounds the cache near 40 MB however large the documents are, while it still holds the
#: documents of several calls at the 128k-character input limit (what a retry needs).
DEFAULT_CACHE_CHARS = 500_000


def _without_overlaps(mentions: list[NumberMention], spans: list[tuple[int, int]]) -> list[NumberMention]:
    """The mentions that overlap none of ``spans``, in O((m + s) log s)."""
    ordered = sorted(spans)
    starts = [start for start, _ in ordered]
    max_end = list(accumulate((end for _, end in ordered), max))
    kept = []
    for n in mentions:
        i = bisect_left(starts, n.end) - 1  # spans that start before the mention ends
        if i >= 0 and max_end[i] > n.start:
            continue
        kept.append(n)
    return kept


class DocumentCache:
    """Thread-safe LRU of :class:`DocumentIndex` keyed by document text.

    Bounded twice: at most ``maxsize`` documents and ``max_chars`` characters in all, since an
    index costs memory in proportion to its text. A document longer than ``max_chars`` is indexed
    for its call but not kept.
    """

    def __init__(self, maxsize: int = 512, max_chars: int = DEFAULT_CACHE_CHARS) -> None:
        self.maxsize = maxsize
        self.max_chars = max_chars
        self.chars = 0
        self._items: "OrderedDict[str, DocumentIndex]" = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, text: str) -> DocumentIndex:
        with self._lock:
            index = self._items.get(text)
            if index is not None:
                self._items.move_to_end(text)
                self.hits += 1
                return index
            self.misses += 1
            index = DocumentIndex(text)
            if len(text) > self.max_chars or self.maxsize < 1:
                return index
            self._items[text] = index
            self.chars += len(text)
            while len(self._items) > self.maxsize or self.chars > self.max_chars:
                old, _ = self._items.popitem(last=False)
                self.chars -= len(old)
            return index

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.chars = 0

    def __len__(self) -> int:
        return len(self._items)


class DocumentSet:
    """The retrieved documents of one call; each document is checked on its own."""

    def __init__(self, texts: Sequence[str], cache: Optional[DocumentCache] = None) -> None:
        self.texts = list(texts)
        self.indexes = [cache.get(t) if cache is not None else DocumentIndex(t) for t in self.texts]

    def __len__(self) -> int:
        return len(self.indexes)

    def __iter__(self):
        return iter(enumerate(self.indexes))
