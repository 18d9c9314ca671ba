"""Citations checker (optional): each cited chunk number must exist and support what cites it.

Templates ask the model to cite the numbered chunks it used: ``[1]``, ``[2, 3]``, ``[1][3]``,
``[2-4]``. Adjacent markers form one citation. For each citation this checker asks:

1. Does every cited number name a chunk? Chunks are numbered from 1, in the order given.
2. Do the cited chunks support the claims of the sentence that cites them? It reuses the
   findings of the other checkers (its ``review`` receives them): a claim before the citation
   (after the previous one in the sentence) must have its evidence in a cited chunk, or be
   stated there too; an unsupported claim is supported by no chunk. A sentence without such
   claims is judged as a whole, by the statements checker's evidence (or, for a chunk other
   than the evidence's, by the share of the sentence's content words it contains). A cited chunk
   that supports none of those claims is a bad citation too.

It therefore reviews **every** other checker's findings: it declares ``reads = ("*",)``, and a
:class:`~raguard.Verifier` runs it after all the checkers that do not (see :mod:`raguard.checkers.plan`). It is not in
``DEFAULT_CHECKERS``: enable it with ``Verifier(checkers=[*DEFAULT_CHECKERS, "citations"])``.
A marker's digits are not a value: the numbers checker skips citation markers (CheckContext.citation_spans).

Limits: a claim that the cited chunk states in other words than the chunk that gave its
evidence (another unit, a paraphrased name) is reported as not supported by the citation.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from typing import Iterator, Optional, Sequence

from pydantic import Field

from raguard.checkers.base import CheckContext, Finding, quote_for_message
from raguard.checkers.settings import CheckerConfig
from raguard.checkers.statements import DEFAULT_MIN_SUPPORT
from raguard.documents import DocumentIndex
from raguard.models import BAD_CITATION
from raguard.normalize.citations import MARKER_RE as _MARKER_RE
from raguard.normalize.citations import Citation, find_citations
from raguard.normalize.dates import extract_dates, supports
from raguard.normalize.numbers import extract_numbers, values_match
from raguard.normalize.stems import content_stems
from raguard.normalize.text import phrase_tokens, sentence_spans

# Kinds of finding that are not claims a chunk can support.
_NOT_CLAIMS = frozenset({"citation", "vague_reference", "other"})


class CitationsConfig(CheckerConfig):
    """Options of the citations checker."""

    #: the share of a sentence's content words a cited chunk must hold (the statements checker's default)
    min_support: float = Field(default=DEFAULT_MIN_SUPPORT, ge=0, le=1, description="a number from 0 to 1")


class CitationsChecker:
    """Warn ``bad_citation`` for a citation of a chunk that does not exist or does not support
    the sentence that cites it. Reviews the other checkers' findings."""

    name = "citations"
    warning_type = BAD_CITATION
    default_severity = "high"
    provides = ("citation",)
    reads = ("*",)
    Config = CitationsConfig

    def __init__(self, config: Optional[CitationsConfig] = None) -> None:
        self.config = config or CitationsConfig()

    def review(self, ctx: CheckContext, findings: Sequence[Finding]) -> Iterator[Finding]:
        citations = find_citations(ctx.response)
        if not citations:
            return
        claims = [f for f in findings
                  if f.kind not in _NOT_CLAIMS and f.end > f.start and f.source != "query"]
        query_stems = ctx.query_stems
        min_support = self.config.min_support
        spans = _ClaimSpans(claims)
        for region, group in _by_sentence(ctx.response, citations):
            judge = _Sentence(ctx, region, spans, query_stems, min_support)
            previous_end = region[0]
            for i, citation in enumerate(group):
                segment_end = citation.end if i < len(group) - 1 else region[1]
                yield judge.finding(citation, previous_end, segment_end)
                previous_end = citation.end


def _by_sentence(text: str, citations: list[Citation]) -> list[tuple[tuple[int, int], list[Citation]]]:
    """Group citations by the sentence they close. A marker after a sentence's final stop
    ("... in 1945. [1]" or "....[1] Next") belongs to that sentence, not the next."""
    masked = list(text)
    for c in citations:
        masked[c.start:c.end] = " " * (c.end - c.start)
    spans = sentence_spans("".join(masked)) or [(0, len(text))]
    regions = [(s, spans[i + 1][0] if i + 1 < len(spans) else len(text)) for i, (s, _) in enumerate(spans)]
    regions[0] = (0, regions[0][1])
    starts = [s for s, _ in regions]
    grouped: dict[int, list[Citation]] = {}
    for c in citations:
        # the last region starting at or before the marker (a bisect: a scan of every region
        # per citation was quadratic in a long answer full of cited sentences)
        index = max(bisect_right(starts, c.start) - 1, 0)
        grouped.setdefault(index, []).append(c)
    return [(regions[i], grouped[i]) for i in sorted(grouped)]


class _ClaimSpans:
    """The claims sorted by start, to find those of one sentence without scanning them all.
    Each lookup gives its claims in their order in ``claims`` (the order of the messages)."""

    def __init__(self, claims: list[Finding]) -> None:
        self.order = {id(f): i for i, f in enumerate(claims)}
        self.atomic = sorted((f for f in claims if f.kind != "statement"), key=lambda f: f.start)
        self.atomic_starts = [f.start for f in self.atomic]
        self.statements = sorted((f for f in claims if f.kind == "statement"), key=lambda f: f.start)
        self.statement_starts = [f.start for f in self.statements]
        # the furthest end of the statements up to each index: where a look back can stop
        self.reach: list[int] = []
        furthest = -1
        for f in self.statements:
            furthest = max(furthest, f.end)
            self.reach.append(furthest)

    def atomic_within(self, start: int, end: int) -> list[Finding]:
        """Non-statement claims inside [start, end)."""
        lo, hi = bisect_left(self.atomic_starts, start), bisect_left(self.atomic_starts, end)
        return sorted((f for f in self.atomic[lo:hi] if f.end <= end), key=lambda f: self.order[id(f)])

    def statements_over(self, start: int, end: int) -> list[Finding]:
        """Statement claims overlapping [start, end)."""
        lo, hi = bisect_left(self.statement_starts, start), bisect_left(self.statement_starts, end)
        found = self.statements[lo:hi]
        j = lo - 1
        while j >= 0 and self.reach[j] > start:  # statements that start earlier and reach in
            if self.statements[j].end > start:
                found.append(self.statements[j])
            j -= 1
        return sorted(found, key=lambda f: self.order[id(f)])


class _Sentence:
    """The claims of one sentence and which chunks support them."""

    def __init__(self, ctx: CheckContext, region: tuple[int, int], spans: _ClaimSpans,
                 query_stems: frozenset[str], min_support: float) -> None:
        self.ctx = ctx
        self.start, self.end = region
        self.atomic = spans.atomic_within(self.start, self.end)
        self._by_start = sorted(self.atomic, key=lambda f: f.start)
        self._starts = [f.start for f in self._by_start]
        self._rank = {id(f): i for i, f in enumerate(self.atomic)}
        self.statements = spans.statements_over(self.start, self.end)
        masked = _MARKER_RE.sub(lambda m: " " * len(m.group()), ctx.response[self.start:self.end])
        self.stems = content_stems(masked) - query_stems
        self.min_support = min_support

    def finding(self, citation: Citation, segment_start: int, segment_end: int) -> Finding:
        """The verdict on one citation; its claims are those in [segment_start, segment_end)."""
        n_docs = len(self.ctx.documents)
        text = self.ctx.response[citation.start:citation.end]
        valid = [n - 1 for n in citation.numbers if 1 <= n <= n_docs]
        problems = [
            f"chunk {n} does not exist (there {'is' if n_docs == 1 else 'are'} {n_docs} "
            f"chunk{'' if n_docs == 1 else 's'}, numbered from 1)"
            for n in citation.numbers if not 1 <= n <= n_docs
        ]
        # the values, names and quotes before the citation; else the sentence as a whole
        lo, hi = bisect_left(self._starts, segment_start), bisect_left(self._starts, segment_end)
        judged = sorted((f for f in self._by_start[lo:hi] if f.end <= segment_end), key=lambda f: self._rank[id(f)]) \
            or self.statements
        evidence: Optional[tuple[int, int, int]] = None
        right_chunks: list[int] = []
        for claim in judged:
            backing = [d for d in valid if self._supports(d, claim)]
            if backing:
                if evidence is None:
                    evidence = claim.evidence if claim.evidence and claim.evidence[0] in backing else None
                continue
            quoted = f'"{quote_for_message(claim.text, 60)}"'
            if not claim.supported:
                problems.append(f"{quoted} is in no chunk")
            elif claim.evidence is not None:
                right_chunks.append(claim.evidence[0] + 1)
                problems.append(f"{quoted} is stated in chunk {claim.evidence[0] + 1}, not in the cited chunk")
            else:
                problems.append(f"{quoted} is not in the cited chunk")
        useless: list[int] = []
        if evidence is not None or any(self._supports(d, c) for d in valid for c in judged):
            # some cited chunk backs the sentence: name the ones that back none of it
            useless = [d + 1 for d in valid if not any(self._supports(d, c) for c in judged)]
            problems += [f"chunk {n} supports nothing in this sentence" for n in useless]
        supported = not problems
        finding = Finding(
            kind="citation", warning_type=BAD_CITATION, start=citation.start, end=citation.end, text=text,
            supported=supported, value=", ".join(map(str, citation.numbers)), checker=CitationsChecker.name,
        )
        if supported:
            finding.source = "document"
            finding.evidence = evidence
        else:
            right = sorted(dict.fromkeys(right_chunks))
            finding.nearest_value = f"[{', '.join(map(str, right))}]" if right else None
            if right:
                fix = f" Cite {finding.nearest_value}."
            elif useless:
                fix = f" Drop chunk {', '.join(map(str, useless))} from the citation."
            else:
                fix = " Cite the chunk that states each claim, or drop the claim."
            finding.suggestion = f"Citation {text}: {'; '.join(dict.fromkeys(problems))}.{fix}"
        return finding

    def _supports(self, doc: int, claim: Finding) -> bool:
        """Does chunk ``doc`` (0-based) support ``claim``? By its evidence, else by its own content."""
        if not claim.supported:
            return False
        if claim.evidence is not None and claim.evidence[0] == doc:
            return True
        index = self.ctx.documents.indexes[doc]
        if claim.kind == "statement":
            if not self.stems:
                return True
            return len(self.stems & index.stems) / len(self.stems) >= self.min_support
        return _states(index, claim, self.ctx.documents.texts, doc)


def _states(index: DocumentIndex, claim: Finding, texts: list[str], doc: int) -> bool:
    """Does this chunk state the claim too (the evidence names only the first chunk that does)?"""
    if claim.kind == "number":
        numbers = extract_numbers(claim.text)
        if numbers:
            return any(values_match(m, n) for m in numbers for n in index.numbers)
    if claim.kind == "date":
        dates = extract_dates(claim.text)
        if dates:
            return any(supports(d.value, m.value) for m in dates for d in index.dates)
    phrases = [claim.text]
    if claim.evidence is not None and claim.evidence[0] < len(texts):
        i, s, e = claim.evidence
        phrases.append(texts[i][s:e])
    for phrase in phrases:
        words = phrase_tokens(phrase, drop_article=True)
        if words and index.tokens.find(words) is not None:
            return True
    return False
