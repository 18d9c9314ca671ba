"""Score-filtered context: drop weak retrieval results before the model sees them.

Chunks are read by :func:`raguard.shapes.read_document` (the shapes raguard accepts) and may carry
the retriever's score: ``{"text": ..., "score": 0.82}``, a ``(document, score)`` tuple (what
LangChain's ``similarity_search_with_score`` returns), an object with ``page_content`` and
``metadata["score"]`` (a LangChain ``Document``), or a LlamaIndex ``NodeWithScore``. Scores are either
similarities (higher is better) or distances (lower is better); the direction is always
explicit (:class:`ScoreFilter`). Every dropped chunk is recorded with the reason.
"""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Literal, Mapping, Optional, Sequence, Union

from raguard.shapes import read_document
from relapse.types import ContextReport, DroppedChunk

ScoreDirection = Literal["similarity", "distance"]
DIRECTIONS: tuple[str, ...] = ("similarity", "distance")

#: ``rerank(query, chunks) -> chunks``: reorders or trims the chunks that passed the score filter.
Reranker = Callable[[str, list[Any]], Any]


class ScoreError(ValueError):
    """A chunk's score is missing or not a number while a score filter needs it."""


@dataclass(frozen=True)
class ScoreFilter:
    """Keep a chunk when its score is at least ``threshold`` (``direction="similarity"``, higher
    is better) or at most ``threshold`` (``direction="distance"``, lower is better)."""

    threshold: float
    direction: ScoreDirection = "similarity"

    def __post_init__(self) -> None:
        if self.direction not in DIRECTIONS:
            raise ValueError(
                f"score direction must be 'similarity' (higher is better) or 'distance' (lower is better), "
                f"got {self.direction!r}"
            )
        if not _is_number(self.threshold):
            raise TypeError(f"min_score must be a number, got {type(self.threshold).__name__}: {self.threshold!r:.60}")
        if math.isnan(self.threshold):
            raise ValueError("min_score is NaN: pass a number")
        object.__setattr__(self, "threshold", float(self.threshold))

    @classmethod
    def similarity(cls, min_score: float) -> "ScoreFilter":
        """Keep chunks whose similarity is at least ``min_score``."""
        return cls(min_score, "similarity")

    @classmethod
    def distance(cls, max_distance: float) -> "ScoreFilter":
        """Keep chunks whose distance is at most ``max_distance``."""
        return cls(max_distance, "distance")

    def keeps(self, score: float) -> bool:
        """True when a chunk with this score passes the filter."""
        return score >= self.threshold if self.direction == "similarity" else score <= self.threshold

    def reason(self, score: float) -> str:
        """Why a chunk with this score was dropped."""
        if self.direction == "similarity":
            return f"similarity {score:g} is below min_score {self.threshold:g} (higher is better)"
        return f"distance {score:g} is above min_score {self.threshold:g} (lower is better)"


@dataclass(frozen=True)
class Chunk:
    """One retrieved chunk as read: its text, its score (None when it has none) and the item given."""

    text: str
    score: Any
    item: Any
    index: Optional[int]


def make_filter(min_score: Union[None, float, ScoreFilter], score_direction: Optional[str]) -> Optional[ScoreFilter]:
    """The :class:`ScoreFilter` for ``run``'s ``min_score``/``score_direction`` arguments (None: no filter)."""
    if isinstance(min_score, ScoreFilter):
        if score_direction is not None:
            raise TypeError("min_score is a ScoreFilter, which carries its direction: drop score_direction")
        return min_score
    if min_score is None:
        if score_direction is not None:
            raise ValueError("score_direction has no effect without min_score")
        return None
    return ScoreFilter(min_score, score_direction if score_direction is not None else "similarity")  # type: ignore[arg-type]


def read_chunks(retrieved_chunks: Any, *, where: str = "retrieved_chunks", numbered: bool = True) -> list[Chunk]:
    """Every chunk's text and score, in order; a clear TypeError naming the bad item otherwise."""
    if isinstance(retrieved_chunks, (str, bytes, bytearray)):
        raise TypeError(
            f"{where} must be a list of chunks, got a single {type(retrieved_chunks).__name__}: wrap it in a list"
        )
    if isinstance(retrieved_chunks, Mapping):
        raise TypeError(f"{where} must be a list of chunks, got a single dict: wrap it in a list")
    try:
        items = list(retrieved_chunks)
    except TypeError:
        raise TypeError(
            f"{where} must be a list of strings, {{'text': ...}} dicts or (document, score) tuples, "
            f"got {type(retrieved_chunks).__name__}"
        ) from None
    return [_read(f"{where}[{i}]", item, i if numbered else None) for i, item in enumerate(items)]


def _read(label: str, item: Any, index: Optional[int]) -> Chunk:
    # the shapes raguard reads too (one reader for both: raguard.shapes, which imports no spaCy);
    # its ShapeError is a TypeError
    text, score = read_document(item, label)
    return Chunk(text, score, item, index)


def _is_number(value: Any) -> bool:
    return isinstance(value, numbers.Real) and not isinstance(value, bool)


def checked_score(chunk: Chunk) -> float:
    """The chunk's score as a float; a ScoreError saying what is wrong with it otherwise."""
    label = f"retrieved_chunks[{chunk.index}]"
    if chunk.score is None:
        raise ScoreError(
            f"{label} has no score, but min_score needs one on every chunk: pass "
            "{'text': ..., 'score': 0.8}, a (document, score) tuple, or a document with metadata['score']"
        )
    if not _is_number(chunk.score):
        raise ScoreError(f"{label} has a score that is not a number: {type(chunk.score).__name__} {chunk.score!r:.60}")
    score = float(chunk.score)
    if math.isnan(score):
        raise ScoreError(f"{label} has a NaN score: the retriever returned no usable score for it")
    return score


def filter_chunks(chunks: Sequence[Chunk], score_filter: Optional[ScoreFilter]) -> tuple[list[Chunk], list[DroppedChunk]]:
    """Split the chunks into those kept and those dropped by ``score_filter``.

    Every score is checked before anything is dropped, so one bad score fails the whole call
    up front rather than after some chunks were judged.
    """
    if score_filter is None:
        return list(chunks), []
    scores = [checked_score(c) for c in chunks]
    kept: list[Chunk] = []
    dropped: list[DroppedChunk] = []
    for chunk, score in zip(chunks, scores):
        if score_filter.keeps(score):
            kept.append(chunk)
        else:
            dropped.append(DroppedChunk(chunk.index, chunk.text, score, score_filter.reason(score)))
    return kept, dropped


def reranked(before: Sequence[Chunk], returned: Any) -> tuple[list[Chunk], list[DroppedChunk]]:
    """Read what ``rerank`` returned; the chunks it left out are recorded as dropped.

    A returned item is matched to an input chunk by identity, else by text; an item that matches
    none (the reranker made a new one) is kept with no position.
    """
    if returned is None or isinstance(returned, (str, bytes, bytearray, Mapping)) or not isinstance(returned, Iterable):
        raise TypeError(f"rerank must return a list of chunks, got {type(returned).__name__}")
    after = read_chunks(returned, where="rerank()", numbered=False)
    by_id = {id(c.item): c for c in before}
    by_text: dict[str, list[Chunk]] = {}
    for c in before:
        by_text.setdefault(c.text, []).append(c)
    used: set[int] = set()
    out: list[Chunk] = []
    for c in after:
        match = by_id.get(id(c.item))
        if match is None or id(match) in used:
            match = next((m for m in by_text.get(c.text, ()) if id(m) not in used), None)
        if match is not None:
            used.add(id(match))
            out.append(Chunk(c.text, c.score, c.item, match.index))
        else:
            out.append(c)
    dropped = [DroppedChunk(c.index, c.text, _float_or_none(c.score), "removed by rerank")
               for c in before if id(c) not in used]
    return out, dropped


def _float_or_none(score: Any) -> Optional[float]:
    return float(score) if _is_number(score) and not math.isnan(float(score)) else None

