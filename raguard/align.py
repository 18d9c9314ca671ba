"""The alignment pass: each answer sentence matched once to its best supporting document sentences.

A long answer restates the documents sentence by sentence. Every check that compares an answer
sentence with "what the documents say about it" (polarity, antonyms, the graded score) needs the
same thing: the document sentence that answer sentence restates, and how much of the answer
sentence it covers. This module computes it once per answer (``CheckContext.alignment``, lazily)
so the checkers agree on which sentence is meant.

Support is the share of the answer sentence's content words (Snowball stems, see
:mod:`raguard.normalize.stems`) that the aligned document sentences hold, each word weighted by its
rarity in that document (an inverse sentence frequency: a word found in every sentence, such as the
subject of the article, tells less about which sentence is meant than a rare one). A summary
sentence often fuses two document sentences, so the best sentence is joined by the one that adds
most of what is missing, when it adds anything. Words of the (trusted) query help find the
sentence but do not count in the support: a restated question is not a claim.

The ``grade`` of a sentence, read by the score, also counts the capitalized words inside it that no
document holds (not its first word): a name no source gives is the clearest sign of an invented
specific, while a faithful paraphrase changes common words and keeps the names. Measured, the
support alone ranks faithful paraphrased summaries below one-word edits (a paraphrase holds fewer
of the document's words); the names correct part of that. So do the sentence's words that the
aligned document lacks but whose opposite it states ("abundant" where it says "scarce"), and a
denial only one side makes ("is not covered" / "is covered"): a paraphrase swaps a word for a
synonym and keeps the polarity, a wrong answer often swaps in an opposite or adds or drops a "not".
They lower only the grade; whether a sentence contradicts its document is the polarity checks' call.
"""

from __future__ import annotations

from dataclasses import dataclass
from bisect import bisect_left
from typing import TYPE_CHECKING, Container, Iterable, Optional, Protocol, Sequence

from raguard.normalize.polarity import denies_anything, may_deny, opposite_table
from raguard.normalize.text import ascii_words

if TYPE_CHECKING:  # pragma: no cover
    from raguard.documents import DocumentIndex, DocumentSet
    from raguard.normalize.text import Token, TokenText


class AlignContext(Protocol):
    """What the alignment reads of a :class:`~raguard.checkers.base.CheckContext` (a protocol, so
    that this module needs no import of the checkers, whose context computes the alignment)."""

    response: str
    documents: "DocumentSet"

    @property
    def token_list(self) -> "list[Token]": ...
    @property
    def token_stems(self) -> list[Optional[str]]: ...
    @property
    def sentences(self) -> list[tuple[int, int]]: ...
    @property
    def query_stems(self) -> frozenset[str]: ...
    @property
    def query_tokens(self) -> "TokenText": ...
    def token_range(self, start: int, end: int) -> range: ...


_NONE: frozenset[str] = frozenset()

#: Sentences joined to the best one when they add coverage (a summary fuses two, rarely more).
MAX_SENTENCES = 2


@dataclass(frozen=True)
class SentenceAlignment:
    """One answer sentence and the document sentences that best support it.

    ``start``/``end`` index the response; ``stems`` are the sentence's content stems; ``doc_index``
    is -1 when no document shares a word (then ``spans`` is empty); ``spans`` are the aligned
    document sentences, best first; ``support`` in [0, 1] is the weighted share of the stems that
    are not the query's that they hold (1.0 when there are none); ``missing`` the stems none of
    them holds.
    """

    start: int
    end: int
    stems: frozenset[str]
    doc_index: int
    spans: tuple[tuple[int, int], ...]
    support: float
    missing: frozenset[str]
    #: capitalized words of the sentence (not its first) that no document holds
    novel_names: int = 0
    #: missing words whose opposite the aligned document states
    opposed: int = 0
    #: 1 when the sentence or its aligned document sentences deny ("not", "never", "no") and the
    #: other side does not
    denial_differs: int = 0

    @property
    def grade(self) -> float:
        """The support, lowered by names no document holds, by words whose opposite the
        document states and by a denial one side makes alone: ``(0.5 + 0.5 * support) / (1 +
        novel_names + opposed + denial_differs)``, in [0, 1] (1.0: every word held, nothing at odds)."""
        return round((0.5 + 0.5 * self.support) / (1 + self.novel_names + self.opposed + self.denial_differs), 4)

    @property
    def best_span(self) -> Optional[tuple[int, int]]:
        """The document sentence that shares the most with the answer sentence."""
        return self.spans[0] if self.spans else None


def align(ctx: AlignContext) -> list[SentenceAlignment]:
    """The alignment of every sentence of the response (see the module docstring)."""
    stems_of = ctx.token_stems
    free = ctx.query_stems
    out: list[SentenceAlignment] = []
    for start, end in ctx.sentences:
        tokens = ctx.token_range(start, end)
        stems = frozenset(s for i in tokens if (s := stems_of[i]) is not None)
        found = align_stems(ctx, start, end, stems, free)
        names = _novel_names(ctx, tokens)
        opposed = _opposed(ctx, found, free)
        differs = _denial_differs(ctx, found)
        # (built directly: dataclasses.replace reads the fields and their defaults on every call)
        out.append(found if not (names or opposed or differs)
                   else SentenceAlignment(found.start, found.end, found.stems, found.doc_index, found.spans,
                                          found.support, found.missing, names, opposed, differs))
    return out


def _denial_differs(ctx: AlignContext, found: SentenceAlignment) -> int:
    """1 when exactly one of the sentence and its aligned document sentences holds a denial."""
    if not found.spans:
        return 0
    index = ctx.documents.indexes[found.doc_index]
    # (each document sentence's answer kept on its index: answers aligned to it ask again)
    memo = index.__dict__.setdefault("_sentence_denies", {})
    doc_denies = False
    for span in found.spans:
        said = memo.get(span)
        if said is None:  # (a document with no denial word anywhere: none of its sentences denies)
            said = memo[span] = not index.denies_nothing and _denies(index.text[span[0]:span[1]])
        if said:
            doc_denies = True
            break
    return int(_denies(ctx.response[found.start:found.end]) != doc_denies)


def _denies(sentence: str) -> bool:
    """:func:`denies_anything` of a sentence, answered by :func:`may_deny` on its words when it
    is ASCII and holds no denial word (most sentences: a translate and a split cost half the two
    scans of the text)."""
    if sentence.isascii() and not may_deny(sentence, ascii_words(sentence)):
        return False
    return denies_anything(sentence)


def _opposed(ctx: AlignContext, found: SentenceAlignment, free: frozenset[str]) -> int:
    """How many of a sentence's claimed stems its aligned document lacks but states the opposite
    of (anywhere: a summary's sentence is aligned to the sentences that share most, and an
    opposite swapped in makes it share less with the one it restates)."""
    if not found.missing or found.doc_index < 0:
        return 0
    table = opposite_table()
    held = ctx.documents.indexes[found.doc_index].sentence_stems
    return sum(1 for s in found.missing if s not in free and not table.get(s, _NONE).isdisjoint(held))


def _novel_names(ctx: AlignContext, tokens: range) -> int:
    """Capitalized words of a sentence, its first word aside, that neither a document nor the
    query holds (folded)."""
    toks = ctx.token_list
    response = ctx.response
    count = 0
    query_vocab = maps = None  # (read at the first capitalized word)
    for i in tokens[1:]:
        tok = toks[i]
        if not response[tok.start].isupper() or len(tok.norm) < 2 or tok.norm.isdigit():
            continue
        if query_vocab is None:
            query_vocab = ctx.query_tokens.vocab
            maps = ctx.documents.maps
        if tok.norm in query_vocab:
            continue
        held = (tok.norm in maps.word_docs) if maps is not None else any(
            tok.norm in index.tokens.vocab for _, index in ctx.documents)
        count += not held
    return count


def align_stems(ctx: AlignContext, start: int, end: int, stems: frozenset[str],
                free: frozenset[str] = frozenset()) -> SentenceAlignment:
    """The alignment of one set of answer stems (a sentence or a clause) to the documents;
    ``free`` stems (the query's) help find the sentences but do not count in the support."""
    if not stems or len(ctx.documents) == 0:
        return SentenceAlignment(start, end, stems, -1, (), 1.0 if not (stems - free) else 0.0, stems)
    maps = ctx.documents.maps
    candidates = None if maps is None else maps.docs_with_stems(stems, 1)
    # Documents in order of the most support they could give (all the stems they hold anywhere,
    # in one sentence), so that the rest can be skipped once one gives more: a sentence of 100
    # documents is aligned in a few of them. The result is the same as trying them all in order
    # (the first document with the highest support).
    docs = list(ctx.documents.among(candidates))
    ranked = [(0.0, i, index) for i, index in docs] if len(docs) < 2 else sorted(
        ((-_bound(index, stems, free), i, index) for i, index in docs), key=lambda r: (r[0], r[1]))
    best: Optional[tuple[float, int, tuple[tuple[int, int], ...], frozenset[str]]] = None
    ordered = sorted(stems)
    for neg_bound, doc_index, index in ranked:
        if best is not None:
            most = round(-neg_bound + 1e-9, 4)  # supports are rounded to 4 places
            if most < best[0]:
                break  # ranked by bound: no later document can give more
            if most == best[0] and doc_index > best[1]:
                continue  # it can only tie, and a tie goes to the earlier document
        weights = _weights(index, ordered)
        if best is not None:  # the same with the document's own weights: tighter, still a bound
            most = round(_weighted_bound(index, weights, free) + 1e-9, 4)
            if most < best[0] or (most == best[0] and doc_index > best[1]):
                continue
        found = _align_in(index, stems, free, weights)
        if found is None:
            continue
        support, spans, missing = found
        if best is None or support > best[0] or (support == best[0] and doc_index < best[1]):
            best = (support, doc_index, spans, missing)
    if best is None:
        return SentenceAlignment(start, end, stems, -1, (), 1.0 if not (stems - free) else 0.0, stems)
    support, doc_index, spans, missing = best
    return SentenceAlignment(start, end, stems, doc_index, spans, support, missing)


def _bound(index: "DocumentIndex", stems: frozenset[str], free: frozenset[str]) -> float:
    """The most support a document can give ``stems``: the share of the claimed (not the query's)
    stems it holds anywhere. A stem it lacks weighs the most (see :func:`_weights`), so the
    weighted support of any of its sentences is at most that share."""
    claimed = stems - free
    if not claimed:
        return 1.0
    return len(claimed & index.sentence_stems) / len(claimed)


def _weighted_bound(index: "DocumentIndex", weights: dict[str, float], free: frozenset[str]) -> float:
    """The most support a document can give with its weights: every stem it holds covered."""
    by_stem = index.sentence_index[1]
    claimed = held = 0.0
    for s, w in weights.items():
        if s not in free:
            claimed += w
            if s in by_stem:
                held += w
    return held / claimed if claimed > 0 else 1.0


def _weights(index: "DocumentIndex", stems: Iterable[str]) -> dict[str, float]:
    """Inverse sentence frequency of each stem in the document; a stem it lacks weighs most
    (:attr:`DocumentIndex.stem_weights`). ``stems`` come sorted: every sum below runs over this
    dict, so a float total does not depend on a set's order, which string hashing changes from
    one process to the next."""
    memo = index.stem_weights
    return {s: memo[s] for s in stems}


def _align_in(index: "DocumentIndex", stems: frozenset[str], free: frozenset[str],
              weights: Optional[dict[str, float]] = None,
              ) -> Optional[tuple[float, tuple[tuple[int, int], ...], frozenset[str]]]:
    """(support, aligned sentence spans, missing stems) in one document; None when it shares no stem.

    The best sentence holds the most weight; a second joins when it adds a word of real weight
    (not one shared word of the document's subject), counted over the words the first misses."""
    spans, by_stem = index.sentence_index
    if weights is None:
        weights = _weights(index, sorted(stems))
    total = sum(weights.values())
    claimed = sum(w for s, w in weights.items() if s not in free)
    gains = _gains(by_stem, weights)
    if not gains or total <= 0:
        return None
    first = min(gains, key=lambda i: (-gains[i], i))
    chosen = [first]
    missing = {s for s in stems if not _holds(by_stem.get(s), first)}
    if MAX_SENTENCES > 1 and missing:
        more = _gains(by_stem, weights, missing)
        if more:
            second = min(more, key=lambda i: (-more[i], i))
            if more[second] >= 0.15 * total:
                chosen.append(second)
                missing = {s for s in missing if not _holds(by_stem.get(s), second)}
    support = (sum(w for s, w in weights.items() if s not in missing and s not in free) / claimed
               if claimed > 0 else 1.0)
    return round(support, 4), tuple(spans[i] for i in chosen), frozenset(missing)


def _gains(by_stem: dict[str, list[int]], weights: dict[str, float],
           among: Optional[Container[str]] = None) -> dict[int, float]:
    """Sentence number -> weight of the stems (those ``among``, or all) it holds (sentences
    holding none left out); summed in the weights' order."""
    gains: dict[int, float] = {}
    for s, w in weights.items():
        if among is not None and s not in among:
            continue
        for i in by_stem.get(s, ()):
            gains[i] = gains.get(i, 0.0) + w
    return gains


def _holds(sentences: Optional[list[int]], i: int) -> bool:
    """Is sentence ``i`` in an ascending list of sentence numbers?"""
    if not sentences:
        return False
    k = bisect_left(sentences, i)
    return k < len(sentences) and sentences[k] == i


def sentence_of(alignments: Sequence[SentenceAlignment], pos: int) -> Optional[SentenceAlignment]:
    """The alignment of the answer sentence holding response position ``pos``."""
    for a in alignments:
        if a.start <= pos < a.end:
            return a
    return None
