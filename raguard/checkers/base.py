"""What every checker gets (one shared :class:`CheckContext`) and gives back (:class:`Finding`)."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable, Optional, Protocol, Sequence, Union, runtime_checkable

from raguard.documents import DocumentSet
from raguard.lazy import lazy
from raguard.normalize.dates import DateMention, extract_dates
from raguard.normalize.numbers import NumberMention, extract_numbers
from raguard.normalize.polarity import may_deny
from raguard.normalize.text import Token, TokenText, ascii_words, sentence_spans, tokenize
from raguard.query import QueryIndex

#: The apostrophes a contraction is written with ("didn't", "didn’t").
_APOSTROPHES = frozenset({"'", "’", "`", "ʼ"})

if TYPE_CHECKING:  # pragma: no cover
    from spacy.tokens import Doc

    from raguard.align import SentenceAlignment


@dataclass
class Finding:
    """One checked claim. ``supported=False`` becomes a warning of ``warning_type``."""

    kind: str
    warning_type: str
    start: int
    end: int
    text: str
    supported: bool
    value: Optional[str] = None
    suggestion: Optional[str] = None
    nearest_value: Optional[str] = None
    evidence: Optional[tuple[int, int, int]] = None  # (doc_index, start, end)
    source: Optional[str] = None  # "document", "query", or "derived" (arithmetic on the answer's checked values)
    checker: str = ""


@dataclass
class CheckContext:
    """Everything a checker may read: the response parsed once, the query, the indexed documents.

    Shared extractions (dates, numbers, name spans) are computed once on first use, so checkers
    that need the same thing (the numbers checker skips what the dates checker claims) agree.
    """

    query: str
    response: str
    doc: "Doc"
    documents: DocumentSet
    #: A claim that restates the query is not flagged (the Verifier's ``trust_query``).
    trust_query: bool = True
    #: What is read from the query (the verifier passes a cached one; built here otherwise).
    query_index: QueryIndex = None  # type: ignore[assignment]

    def __post_init__(self) -> None:
        if self.query_index is None:
            self.query_index = QueryIndex(self.query)

    @lazy
    def dates(self) -> list[DateMention]:
        return extract_dates(self.response)

    @lazy
    def numbers(self) -> list[NumberMention]:
        return extract_numbers(self.response)

    @lazy
    def tokens(self) -> TokenText:
        """The response's folded word tokens, tokenized once for every checker."""
        return TokenText(self.response, self.token_list)

    @lazy
    def token_list(self) -> list[Token]:
        """``tokens.tokens``, without building the phrase-search string the built-in checkers
        do not use."""
        return tokenize(self.response)

    def token_range(self, start: int, end: int) -> range:
        """Indexes of the response tokens lying inside [start, end)."""
        # tokens are disjoint and in order, so their ends ascend too: two bisections, no walk
        i = bisect_left(self.token_starts, start)
        return range(i, max(i, bisect_right(self._token_ends, end)))

    def words_in(self, start: int, end: int) -> list[str]:
        """Folded words of the response inside [start, end)."""
        toks = self.token_list
        return [toks[i].norm for i in self.token_range(start, end)]

    @lazy
    def token_starts(self) -> list[int]:
        """Where each of ``token_list`` starts in the response (ascending)."""
        return [t.start for t in self.token_list]

    @lazy
    def _token_ends(self) -> list[int]:
        return [t.end for t in self.token_list]

    @lazy
    def sentences(self) -> list[tuple[int, int]]:
        """(start, end) of each sentence of the response, split once for every checker."""
        return sentence_spans(self.response)

    @property
    def query_stems(self) -> frozenset[str]:
        """Stems of the query's content words; empty when the query is not trusted."""
        return self.query_index.stems if self.trust_query else frozenset()

    @property
    def query_tokens(self) -> TokenText:
        return self.query_index.token_text

    @property
    def query_dates(self) -> list[DateMention]:
        return self.query_index.dates

    @property
    def query_numbers(self) -> list[NumberMention]:
        return self.query_index.numbers

    @lazy
    def entity_spans(self) -> list[tuple[int, int, str]]:
        """(start, end, label) of every NER entity in the response."""
        return [(e.start_char, e.end_char, e.label_) for e in self.doc.ents]

    @lazy
    def citation_spans(self) -> list[tuple[int, int]]:
        """Citation markers ("[1]", "[2, 3]"): chunk numbers, not claims."""
        from raguard.normalize.citations import find_citations

        return [(c.start, c.end) for c in find_citations(self.response)]

    @lazy
    def list_marker_spans(self) -> list[tuple[int, int]]:
        """Numbers that open the items of a numbered list ("1. ", "2) "): positions, not claims."""
        from raguard.normalize.text import list_marker_spans

        return list_marker_spans(self.response)

    @lazy
    def named_number_spans(self) -> list[tuple[int, int]]:
        """Names that contain a number ("iPhone 16", "Apollo 11", "COVID-19")."""
        from raguard.normalize.names import named_number_spans

        return named_number_spans(self.response)

    # -- the response read once for the sentence-level checkers ---------------------------------

    @lazy
    def token_stems(self) -> list[Optional[str]]:
        """:func:`~raguard.normalize.stems.content_stem` of each of ``token_list`` (None for a
        filler or a number): stems several checkers read sentence by sentence. The first half of
        a negative contraction ("didn", "won" of "won't") is an auxiliary, no content word."""
        from raguard.normalize.stems import content_stem

        toks = self.token_list
        stems = list(map(content_stem, [t.norm for t in toks]))
        for i in range(1, len(toks)):
            if (toks[i].norm == "t" and stems[i - 1] is not None and toks[i - 1].norm.endswith("n")
                    and self.response[toks[i - 1].end:toks[i].start] in _APOSTROPHES):
                stems[i - 1] = None
        return stems

    @lazy
    def alignment(self) -> "list[SentenceAlignment]":
        """Each response sentence aligned once to its best supporting document sentences, with
        a support score (see :mod:`raguard.align`): read by the polarity checks and the score."""
        from raguard.align import align

        return align(self)

    @lazy
    def response_denies(self) -> bool:
        """:func:`~raguard.normalize.cues.denies` of the whole response. A denial never reaches
        across a sentence end, so when this is False no sentence of it denies either (one search
        in place of one per sentence). An ASCII response none of whose words is a denial word
        (:func:`~raguard.normalize.polarity.may_deny`, whose words hold the pattern's) is read
        from its words, without the search."""
        from raguard.normalize.cues import denies

        if self.response.isascii() and not may_deny(self.response, ascii_words(self.response)):
            return False
        return denies(self.response)


@runtime_checkable
class Checker(Protocol):
    """The protocol a checker follows; register one with :func:`raguard.register_checker`.

    ``name`` is its registry name, ``warning_type`` the warning its unsupported findings raise,
    ``default_severity`` the severity used unless the configuration sets one. It may declare
    (class attributes, see :mod:`raguard.checkers.plan`) the finding kinds it ``provides`` and
    those it ``requires`` or ``reads``; without them it is independent and provides nothing.
    """

    name: str
    warning_type: str
    default_severity: str

    def check(self, ctx: CheckContext) -> Iterable[Finding]: ...


@runtime_checkable
class Reviewer(Protocol):
    """A checker that reviews earlier findings (phase two): it declares the kinds it
    ``requires`` or ``reads`` and receives those findings, read-only, in ``review``."""

    name: str
    warning_type: str
    default_severity: str

    def review(self, ctx: CheckContext, findings: Sequence[Finding]) -> Iterable[Finding]: ...


#: What a Verifier runs: an independent checker or a reviewer.
AnyChecker = Union[Checker, Reviewer]


def quote_for_message(text: str, limit: int = 80) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
