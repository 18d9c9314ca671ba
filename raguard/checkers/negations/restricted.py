"""A list restricted to one of its items: the negations checker's fifth reading.

"The agent discusses only health insurance" against "we offer health, life, home and auto
insurance": "only" denies every other item, and the document sentence the answer restates lists
the item with others. Each word is the document's, so nothing else objects; the restriction is
an implicit denial of the rest ("not life, home or auto").

Read: an "only" that restricts what follows it or, at a clause's end, what precedes it ("only
health insurance", "only on Mondays", "health insurance only"); its item is one of the two content
words next to it. The document sentence must list that item with another by a comma, "and",
"or", "&", "plus" or "as well as" right beside it, that other item must be absent from the
answer's sentence (an answer naming both restricts to both), the document sentence must share
another content word with the answer (the same relation), and it must not restrict itself
("only", "exclusively", "solely", "just"). The document sentences read are those the answer
sentence is aligned to and, as a summary's sentence fuses several, any holding the item and two
more content words of the answer's clause.

Left alone: "not only", an adjective "only" ("the only bridge", "an only child"), an "only" of
amount or time ("only 5 seats", "only a few", "only just", "only recently", "only joined in May 2024": a verb
in the past and a date after it), of a condition
("only if", "only when", "only after", "only once", "only to") and of degree after a copula ("is
only conditional": merely; "is only for members" restricts).
"""

from __future__ import annotations

import re
from typing import Iterator, Optional

from raguard.align import SentenceAlignment
from raguard.checkers.base import CheckContext, Finding, quote_for_message
from raguard.checkers.negations._common import _contradiction
from raguard.normalize.stems import content_stem
from raguard.normalize.text import Token, clause_span, tokenize

_ONLY_RE = re.compile(r"\bonly\b", re.IGNORECASE)
# what an adjective "only" or "not only" stands after ("the only bridge", "not only cheap")
_NOT_RESTRICTING_BEFORE_RE = re.compile(r"\b(?:not|the|an?|his|her|its|their|our|my|your)[ \t]+\Z", re.IGNORECASE)
# an "only" of amount, time or condition ("only 5", "only a few", "only if", "only to find")
_NOT_RESTRICTING_AFTER_RE = re.compile(
    r"[ \t]+(?:\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|a|an|the|just|recently|now|then|"
    r"after|before|when|if|once|because|since|until|till|while|to|be|been|slightly|partly|partially)\b)",
    re.IGNORECASE)
# a verb in the past right after "only" ("only acquired", "only joined"): with a date after it,
# an "only" of time
_PAST_AFTER_RE = re.compile(r"[ \t]+[a-z]{2,}ed\b")
# a copula right before "only", and a preposition right after it
_COPULA_BEFORE_RE = re.compile(r"\b(?:is|are|was|were|be|been|being|'s|’s)[ \t]+\Z", re.IGNORECASE)
_PREPOSITION_AFTER_RE = re.compile(r"[ \t]+(?:for|on|in|at|from|with|by|during|through)\b", re.IGNORECASE)
# what joins two items of a list, all that stands between them
# (an article may open the next item: "trams and the metro")
_JOIN_RE = re.compile(r"[ \t]*(?:,[ \t]*(?:and[ \t]+|or[ \t]+)?|(?:and|or|&|plus|as[ \t]+well[ \t]+as)[ \t]+)"
                      r"(?:(?:the|a|an|its|their)[ \t]+)?", re.IGNORECASE)
#: Content words of the answer's clause besides the item that a document sentence outside the
#: alignment must hold: the same relation ("offer", "insurance").
_MIN_RELATION = 2
# a document sentence that restricts too
_RESTRICTS_RE = re.compile(r"\b(?:only|exclusively|solely|just)\b", re.IGNORECASE)


def _items(clause: str, dated: tuple[int, ...] = ()) -> list[str]:
    """The content stems each restricting "only" of ``clause`` may restrict: the two content words
    after it, or, at the clause's end, the two before it. ``dated``: where the clause gives a
    date with a month or a year."""
    out: list[str] = []
    for m in _ONLY_RE.finditer(clause):
        if _NOT_RESTRICTING_BEFORE_RE.search(clause, max(0, m.start() - 8), m.start()):
            continue
        if _NOT_RESTRICTING_AFTER_RE.match(clause, m.end()):
            continue
        if _PAST_AFTER_RE.match(clause, m.end()) and any(at > m.end() for at in dated):
            continue  # "only acquired it in March 2026": how lately, as "only recently" says
        if _COPULA_BEFORE_RE.search(clause, max(0, m.start() - 12), m.start()) and not _PREPOSITION_AFTER_RE.match(clause, m.end()):
            continue  # "is only conditional": a degree ("merely"), unless a place or a party follows ("is only for members")
        after = [s for t in tokenize(clause[m.end():]) if (s := content_stem(t.norm)) is not None][:2]
        if not after and not clause[m.end():].strip(" \t.,;:!?)"):
            after = [s for t in tokenize(clause[:m.start()]) if (s := content_stem(t.norm)) is not None][-2:]
        out.extend(after)
    return out


def _content_words(text: str) -> list[tuple[Token, str]]:
    """The content words of ``text`` with their stems, in order."""
    return [(t, s) for t in tokenize(text) if (s := content_stem(t.norm)) is not None]


def _listed_with(text: str, words: list[tuple[Token, str]], item: str, said: frozenset[str]) -> Optional[str]:
    """Another item ``text`` (its :func:`_content_words`: ``words``) lists beside ``item`` (a
    stem) that the answer's sentence does not say (``said``: its stems), or None."""
    for k, (token, stem) in enumerate(words):
        if stem != item:
            continue
        for other in (k - 1, k + 1):  # (the content words right beside it)
            if 0 <= other < len(words) and words[other][1] not in said:
                a, b = (words[other][0], token) if other < k else (token, words[other][0])
                if _JOIN_RE.fullmatch(text, a.end, b.start):
                    return words[other][0].norm
    return None


def _restricts_listed(ctx: CheckContext, alignment: SentenceAlignment) -> Optional[Finding]:
    """The answer sentence restricts to one item ("only health") what a document sentence it
    restates lists with others ("health, life and auto"), and that sentence restricts nothing
    (see :func:`_candidates` for the sentences read)."""
    sentence = ctx.response[alignment.start:alignment.end]
    if "only" not in sentence.lower() or alignment.doc_index < 0:
        return None
    # (an item the answer's sentence names anywhere is restricted to as well: "only buses,
    # trams and the metro", whose clauses the commas part)
    said = frozenset(s for _, s in _content_words(sentence))
    for m in _ONLY_RE.finditer(sentence):
        begin, end = clause_span(sentence, m.start())
        clause = sentence[begin:end]
        offset = alignment.start + begin
        dated = tuple(d.start - offset for d in ctx.dates
                      if offset <= d.start < offset + len(clause) and (d.value.month or d.value.year))
        items = _items(clause, dated)
        if not items:
            continue
        relation = frozenset(s for _, s in _content_words(clause))
        for doc_index, doc_sentence in _candidates(ctx, alignment, items, relation):
            if _RESTRICTS_RE.search(doc_sentence):
                continue
            words = _content_words(doc_sentence)
            held = {s for _, s in words}
            for item in items:
                if item not in held or not (said - {item}) & held:
                    continue
                other = _listed_with(doc_sentence, words, item, said)
                if other is not None:
                    return _contradiction(
                        alignment, sentence, f"restricted: only {item} / {other}",
                        f'The answer restricts it to one ("{quote_for_message(clause.strip(), 60)}"), but document '
                        f'{doc_index} lists "{other}" with it: "{quote_for_message(doc_sentence.strip(), 100)}"')
    return None


def _candidates(ctx: CheckContext, alignment: SentenceAlignment, items: list[str],
                relation: frozenset[str]) -> Iterator[tuple[int, str]]:
    """The document sentences to read: those the answer sentence is aligned to, then any holding
    an item and two more of the clause's content words (a summary's sentence fuses several: "offers
    only auto insurance" restates one sentence of a call, "consultation" another)."""
    index = ctx.documents.indexes[alignment.doc_index]
    seen: set[tuple[int, int]] = set()
    for lo, hi in alignment.spans:
        seen.add((alignment.doc_index, lo))
        yield alignment.doc_index, index.text[lo:hi]
    for doc_index, other in ctx.documents:
        spans, by_stem = other.sentence_index
        for item in items:
            for k in by_stem.get(item, ()):
                lo, hi = spans[k]
                if (doc_index, lo) in seen:
                    continue
                seen.add((doc_index, lo))
                if sum(1 for s in relation - {item} if k in by_stem.get(s, ())) >= _MIN_RELATION:
                    yield doc_index, other.text[lo:hi]


