"""Quotes checker: text the answer puts in double quotes must appear in one document.

Straight, curly and doubled (``...'') quotes are recognized; case, whitespace and punctuation
do not matter, nor do contractions ("didn't" and "did not" are the same words; see
:mod:`raguard.normalize.contractions`). An ellipsis splits a quote into fragments that must appear in order in one
document. One-word "quotes" are names or scare quotes, not quotations, and are skipped.
"""

from __future__ import annotations

import re
from typing import Iterator, Optional

from raguard.checkers.base import CheckContext, Finding, quote_for_message
from raguard.documents import DocumentIndex
from raguard.models import UNSUPPORTED_QUOTE
from raguard.normalize.contractions import CUES as CONTRACTION_CUES, kept_as_written, uncontracted_words
from raguard.normalize.text import phrase_tokens

# Bounded, non-nested repetitions: each opening quote scans at most 2,000 characters. Each
# pattern with the opening mark it starts with: most texts hold none, and a substring test
# spares the scan.
_QUOTE_RES = (
    ('"', re.compile(r'"(?P<q>[^"\n]{1,2000})"')),
    ("“", re.compile(r"“(?P<q>[^“”\n]{1,2000})”")),
    ("``", re.compile(r"``(?P<q>[^`\n]{1,2000}?)''")),
    ("„", re.compile(r"„(?P<q>[^„“”\n]{1,2000})[“”]")),
    ("«", re.compile(r"«\s?(?P<q>[^«»\n]{1,2000}?)\s?»")),
)
# No \s* around it (the fragments are tokenized, so spaces at their ends do not matter): a leading
# \s* rescanned a run of spaces from each of its positions, quadratic in the run.
_ELLIPSIS_RE = re.compile(r"\[\s*(?:\.\s*){3}\]|\[…\]|(?:\.\s*){3}|…")
MIN_WORDS = 2


def blank_quotations(text: str) -> str:
    """``text`` with every quotation replaced by spaces of the same length (offsets kept): for
    checkers that leave quoted words to this one."""
    quotes = find_quotes(text)
    if not quotes:
        return text
    parts, pos = [], 0
    for start, end, _ in quotes:
        parts.append(text[pos:start])
        parts.append(" " * (end - start))
        pos = end
    parts.append(text[pos:])
    return "".join(parts)


def find_quotes(text: str) -> list[tuple[int, int, str]]:
    """(start, end, inner text) of every quotation, outer quote marks included in the span."""
    found: list[tuple[int, int, str]] = []
    for opener, pattern in _QUOTE_RES:
        if opener not in text:
            continue
        for m in pattern.finditer(text):
            found.append((m.start(), m.end(), m.group("q")))
    if not found:
        return found
    found.sort(key=lambda q: (q[0], -q[1]))
    out: list[tuple[int, int, str]] = []
    for quote in found:
        if out and quote[0] < out[-1][1]:
            continue
        out.append(quote)
    return out


def fragments(inner: str) -> list[list[str]]:
    """The quote's word fragments, split at ellipses."""
    parts = [phrase_tokens(p) for p in _ELLIPSIS_RE.split(inner)]
    return [p for p in parts if p]


def find_fragments(index: DocumentIndex, parts: list[list[str]], *,
                   uncontract: bool = False) -> Optional[tuple[int, int]]:
    """Span from the first to the last fragment if all appear in order, else None.
    ``uncontract``: the fragments are in :func:`uncontracted_words` form, matched against the
    document in the same form."""
    tokens = index.uncontracted if uncontract else index.tokens
    begin = 0
    first: Optional[int] = None
    last: Optional[int] = None
    for words in parts:
        hit = tokens.find(words, begin)
        if hit is None:
            return None
        if first is None:
            first = hit[0]
        last = hit[1]
        begin = hit[1]
    if first is None or last is None:
        return None
    return tokens.char_span(first, last)


class QuotesChecker:
    name = "quotes"
    warning_type = UNSUPPORTED_QUOTE
    default_severity = "high"
    provides = ("quote",)

    def check(self, ctx: CheckContext) -> Iterator[Finding]:
        for start, end, inner in find_quotes(ctx.response):
            parts = fragments(inner)
            if sum(len(p) for p in parts) < MIN_WORDS:
                continue
            finding = Finding(
                kind="quote",
                warning_type=self.warning_type,
                start=start,
                end=end,
                text=ctx.response[start:end],
                supported=False,
                value=" … ".join(" ".join(p) for p in parts),
                checker=self.name,
            )
            maps = ctx.documents.maps
            candidates = None if maps is None else maps.docs_with_words([w for p in parts for w in p])
            found = _find(ctx, parts, candidates)
            if found is None and any(w in CONTRACTION_CUES for p in parts for w in p):
                # "did not" for the document's "didn't", "we're" for "we are": the same words
                kept = [w for p in parts for w in p if kept_as_written(w)]
                among = None if maps is None or not kept else maps.docs_with_words(kept)
                found = _find(ctx, [uncontracted_words(p) for p in parts], among, uncontract=True)
            if found is not None:
                doc_index, span = found
                finding.supported = True
                finding.evidence = (doc_index, span[0], span[1])
                finding.source = "document"
            else:
                finding.suggestion = (
                    f"Quoted text {quote_for_message(ctx.response[start:end])} does not appear in any "
                    "retrieved document; quote the source exactly or drop the quotation marks."
                )
            yield finding


def _find(ctx: CheckContext, parts: list[list[str]], candidates: Optional[set[int]], *,
          uncontract: bool = False) -> Optional[tuple[int, tuple[int, int]]]:
    """(doc index, span) of the first document that holds the fragments, or None."""
    for doc_index, index in ctx.documents.among(candidates):
        span = find_fragments(index, parts, uncontract=uncontract)
        if span is not None:
            return doc_index, span
    return None
