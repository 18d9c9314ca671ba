"""What several of the direction readings share: the finding they raise, whether two values are
of one kind, where an answer's sentence starts, and the values or times document sentences give
to the words of a span of the answer."""

from __future__ import annotations

import re
from typing import Any, Callable, Iterator, Optional

from raguard.checkers.base import CheckContext, Checker, Finding
from raguard.documents import DocumentIndex, DocumentSet
from raguard.normalize.dates import DateMention
from raguard.normalize.numbers import NumberMention
from raguard.normalize.stems import content_stems
from raguard.normalize.text import clause_spans

# a range B to B2 ("0.31 to 1.90", "470–630")
RANGE_GAP_RE = re.compile(r"(?<![ \t])[ \t]*(?:to|and|[–—-])[ \t]*", re.IGNORECASE)
_WORD_AFTER_RE = re.compile(r"(?<![ \t])[ \t]*([^\s,;:()\[\]]+)")
#: Document sentences that may tie for an event's words: more place it nowhere in particular (and
#: reading each would cost a long document's every sentence holding a common word).
_MAX_TIED = 6

#: What a reader of a span gives (``text[start:end]``, with ``text``'s numbers and dates): a
#: value or time by kind, ``{}`` when the span states none, None when it states two.
Pick = Callable[[str, list[NumberMention], list[DateMention], int, int], Optional[dict[str, Any]]]


def word_matches(pattern: "re.Pattern[str]", text: str, words: tuple[str, ...], pos: int = 0,
                 endpos: Optional[int] = None) -> Iterator["re.Match[str]"]:
    """``pattern.finditer(text, pos, endpos)`` for a case-insensitive ``pattern`` each match of
    which opens with one of ``words`` (lower case, or a prefix of it): in ASCII text the pattern
    is tried only where one of them starts, found by ``str.find``. (re scans an IGNORECASE
    pattern that opens with a lookbehind or ``\\b`` at every position: most of a long answer.)
    The same matches: no other position can open one, and after a match the next is looked for
    from its end, as finditer does (a match is never empty: it holds its word)."""
    end = len(text) if endpos is None else min(endpos, len(text))
    if not text.isascii():  # (outside ASCII, IGNORECASE matches more than lower-casing finds)
        yield from pattern.finditer(text, pos, end)
        return
    lowered = text[pos:end].lower()  # (ASCII: one character for one, case folded as IGNORECASE does)
    starts: set[int] = set()
    for word in words:
        at = lowered.find(word)
        while at >= 0:
            starts.add(at + pos)
            at = lowered.find(word, at + 1)
    after = pos
    for at in sorted(starts):
        if at < after:
            continue  # (inside the last match)
        m = pattern.match(text, at, end)
        if m is not None:
            yield m
            after = m.end()


def finding(checker: Checker, start: int, end: int, text: str, value: str, suggestion: str) -> Finding:
    """An unsupported direction finding over ``text`` (the answer's clause from ``start``)."""
    return Finding(kind="direction", warning_type=checker.warning_type, start=start, end=end, text=text,
                   supported=False, value=value, suggestion=suggestion, checker=checker.name)


def same_kind(text: str, a: NumberMention, b: NumberMention, last: NumberMention) -> bool:
    """Are A and B values of one kind: the same currency or share (that settles it), the same
    unit of measure when both have one, or A's alone (a limit is often written bare: "0.38 mg/l,
    above the 0.50 limit"; B's alone is another kind), else the same word after both, or none
    after A or B ("level 3, above her target of 4")."""
    if a.unit != b.unit:
        return False
    if a.unit is not None:
        return True
    if a.measure and b.measure:
        return a.measure == b.measure
    if a.measure:
        return True  # the limit written bare
    if b.measure or last.measure:
        return False  # "case 1190442, within the 90-day window": a figure set against a span of time
    wa, wb = _WORD_AFTER_RE.match(text, a.end), _WORD_AFTER_RE.match(text, last.end)
    if wa is None or wb is None:
        return True
    return wa.group(1).lower().rstrip(".") == wb.group(1).lower().rstrip(".")


def sentence_start(ctx: CheckContext, pos: int) -> int:
    """Where the answer's sentence holding ``pos`` starts (a clause found from the text around a
    position may reach back past it)."""
    return next((a for a, b in ctx.sentences if a <= pos < b), 0)


def in_date(n: NumberMention, dates: "list[DateMention]") -> bool:
    """Does ``n`` stand inside one of ``dates``?"""
    return any(d.start <= n.start < d.end for d in dates)


def from_documents(documents: DocumentSet, stems: set[str], pick: Pick,
                   other: "frozenset[str] | set[str]" = frozenset()) -> "dict[str, Any] | None":
    """What ``pick`` reads in the document sentences holding the most of ``stems`` (more than half
    of them: "the errors began" is not placed by "error rates were back to baseline by 14:19"),
    when they all agree: a sentence that states two of a kind is narrowed to its clause, among
    those stating one, that holds the most of the words. None when none is found or they
    differ. A span that holds as many of the ``other`` words (another event's, ordered against
    this one: "the service at 11am, followed by burial") says nothing of this one's time alone."""
    need = len(stems) // 2 + 1
    best, where = 0, []
    for _, index in documents:
        spans, by_stem = index.sentence_index
        counts: dict[int, int] = {}
        for s in stems:
            for i in by_stem.get(s, ()):
                counts[i] = counts.get(i, 0) + 1
        for i, c in counts.items():
            if c > best:
                best, where = c, [(index, spans[i])]
            elif c == best:
                where.append((index, spans[i]))
    if best < need or len(where) > _MAX_TIED:
        return None
    out: "dict[str, Any]" = {}
    for index, (a, b) in where:
        found = pick(index.text, index.numbers, index.dates, a, b)
        if found is None or (found and other and _held(other, index.text[a:b]) >= _held(stems, index.text[a:b])):
            found = _clause_pick(index, a, b, stems, pick, other)
        if found is None:
            return None
        for kind, t in found.items():
            if out.setdefault(kind, t) != t:
                return None
    return out or None


def _clause_pick(index: DocumentIndex, start: int, end: int, stems: set[str], pick: Pick,
                 other: "frozenset[str] | set[str]" = frozenset()) -> "dict[str, Any] | None":
    """What ``pick`` reads in the one clause of a document sentence, among those where it finds
    one thing of each kind, that holds the most of ``stems`` (None when two such clauses tie)."""
    best, found = 0, []
    for a, b in clause_spans(index.text[start:end]):
        got = pick(index.text, index.numbers, index.dates, start + a, start + b)
        if not got:
            continue
        count = _held(stems, index.text[start + a:start + b])
        if count <= _held(other, index.text[start + a:start + b]):
            continue
        if count > best:
            best, found = count, [got]
        elif count == best:
            found.append(got)
    return found[0] if best > 0 and len(found) == 1 else None


def _held(stems: "frozenset[str] | set[str]", text: str) -> int:
    """How many of ``stems`` the content words of ``text`` hold."""
    return len(stems & content_stems(text)) if stems else 0
