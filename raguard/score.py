"""The graded result: a support score per claim and a groundedness score per answer, in [0, 1].

Warnings say *what* is wrong; the score says *how well grounded* the answer is, so that an
application can set its own threshold (``Verifier(review_below=...)``) the way users of other
groundedness scorers do. It is built from what the checkers found and from the alignment pass
(:mod:`raguard.align`), in three bands, each sentence scored on its own and the answer scoring as
its weakest sentence (one wrong sentence makes a wrong answer, however long the rest):

- ``0.8 .. 1.0``: no warning in the sentence; ``0.8 + 0.2 * grade``;
- ``0.5 .. 0.8``: a medium warning in it (shown, not gating by default): ``0.5 + 0.3 * grade``;
- ``0.2 .. 0.4``: a high warning in it that says only that the sentence lacks support (an
  unsupported statement): ``0.2 + 0.2 * grade``;
- ``0.0 .. 0.2``: a high warning in it that names what is wrong (a value, name or quotation no
  document gives; a polarity, value or role the documents contradict): ``0.2 * grade``. A
  conflict is surer than a lack of support, so it ranks lower.

The grade (:attr:`raguard.align.SentenceAlignment.grade`) is ``(0.5 + 0.5 * support) / (1 + n + o +
d)``: support is the weighted share of the sentence's content words the aligned document sentences
hold (a paraphrase loses a little), n the capitalized words inside it that no document holds, o
its words the aligned document lacks but states the opposite of, d 1 when only one side denies.

An answer with no sentence to check scores 1.0; input that cannot be verified scores 0.0. Low
warnings do not lower the score. Scores are rounded to three decimals (they survive JSON).
"""

from __future__ import annotations

from bisect import bisect_right
from typing import TYPE_CHECKING, Any, Optional, Sequence

if TYPE_CHECKING:  # pragma: no cover
    from raguard.align import SentenceAlignment
    from raguard.checkers.base import Finding

#: Where each band starts and how wide it is: (floor, width) by the worst warning in a sentence
#: (its severity; a high one split by what it says: ``"conflict"`` below ``"high"``).
BANDS: dict[Optional[str], tuple[float, float]] = {
    None: (0.8, 0.2),
    "low": (0.8, 0.2),
    "medium": (0.5, 0.3),
    "high": (0.2, 0.2),
    "conflict": (0.0, 0.2),
}
_RANK = {None: 0, "low": 1, "medium": 2, "high": 3, "conflict": 4}
_BY_RANK = {rank: severity for severity, rank in _RANK.items()}
#: High warnings that say only that support is lacking; every other high one names what is wrong.
LACK_OF_SUPPORT = frozenset({"unsupported_statement", "low_score"})


def _rank(warning: Any) -> int:
    """The band rank of a warning: its severity's, a high one that names what is wrong lower still."""
    rank = _RANK.get(warning.severity, 0)
    if rank == 3 and getattr(warning, "type", None) not in LACK_OF_SUPPORT:
        return 4
    return rank


def claim_support(finding: "Finding", alignments: Sequence["SentenceAlignment"],
                  starts: Optional[Sequence[int]] = None) -> float:
    """A claim's support: 0.0 when its checker found it unsupported; for a sentence-level
    statement the alignment grade of its sentence; 1.0 for a value, name or relation found.
    ``starts``: the alignments' starts, for a bisection (given once for all claims)."""
    if not finding.supported:
        return 0.0
    if finding.kind == "statement" and alignments:
        k = bisect_right(starts if starts is not None else [a.start for a in alignments], finding.start) - 1
        if k >= 0 and finding.start < alignments[k].end:
            return round(alignments[k].grade, 3)
    return 1.0


def sentence_scores(alignments: Sequence["SentenceAlignment"], warnings: Sequence[Any]) -> list[float]:
    """The score of each aligned sentence given the (deduplicated) warnings, which need
    ``severity``, ``start`` and ``end``; a warning without a span counts in every sentence.
    Each warning finds its sentences by bisection (sentences are in order and disjoint), so a
    long answer with many warnings costs O((s + w) log s), not s * w."""
    ranks = [0] * len(alignments)
    starts = [a.start for a in alignments]
    everywhere = 0
    for w in warnings:
        rank = _rank(w)
        if not rank:
            continue
        if w.start is None:
            everywhere = max(everywhere, rank)
            continue
        end = max(w.end or 0, w.start + 1)
        k = max(0, bisect_right(starts, w.start) - 1)
        while k < len(alignments) and alignments[k].start < end:
            if alignments[k].end > w.start and rank > ranks[k]:
                ranks[k] = rank
            k += 1
    out = []
    for a, rank in zip(alignments, ranks):
        floor, width = BANDS[_BY_RANK[max(rank, everywhere)]]
        out.append(round(floor + width * a.grade, 3))
    return out


def answer_score(alignments: Sequence["SentenceAlignment"], warnings: Sequence[Any]) -> tuple[float, int]:
    """(score of the answer, index of its weakest sentence or -1): see the module docstring."""
    scores = sentence_scores(alignments, warnings)
    if not scores:
        worst = max((_rank(w) for w in warnings), default=0)
        return (BANDS[_BY_RANK[worst]][0] if worst >= 2 else 1.0), -1
    weakest = min(range(len(scores)), key=lambda i: (scores[i], i))
    return scores[weakest], weakest
