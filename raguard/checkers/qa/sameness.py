"""Sameness checker: "A and B are both American", "in the same family", against what the
documents say of each.

"Yes, Lysichiton and Ageratum are in the same family" names two plants the documents know, in
words they use; but the documents put one in the family Araceae and the other in the family
Asteraceae. When the question sets two names side by side ("Are A and B ...?", "A and B are
what?") and the answer says they share something ("both", "same", or a clause that names the
two: "Jinchang and Liling are located in Mongolia"), the checker reads from the document
sentences about each (see :mod:`raguard.checkers.qa.options`):

- nationality: the demonyms and one-word country names ("American", "Dutch", "China"); an
  answer that calls both American is contradicted by a side whose sentences give only those of
  other countries, and "the same nationality" or "the same country" by two sides whose
  demonyms name no common country;
- family and genus: the capitalized name after "family" or "genus" ("the family Araceae");
- "No, only A is a punk rock musician": contradicted when the sentences about B say most of
  those words of B too;
- anything else said of both ("both belong to the cypress family", "both screenwriters"): a
  lower-case word of that clause the documents use in the sentences about one side but not in
  those about the other is unsupported for the other (``unsupported_statement``: the documents
  do not say it of that side, which is not a contradiction). Words of how rather than what
  ("located", "known", "member") do not count.

Left alone: answers that deny (the negations checker's), sides the documents say nothing of,
a side whose sentences also give the claimed demonym ("a Canadian-born American actor"), and
long questions or answers.
"""

from __future__ import annotations

import re
from typing import Iterator, Optional

from raguard.checkers.qa.options import capitalized_run, needed, own_stems, sentence_owners
from raguard.checkers.base import CheckContext, Finding
from raguard.documents import DocumentIndex
from raguard.models import CONTRADICTED_CLAIM, UNSUPPORTED_STATEMENT
from raguard.normalize.entities import DEMONYMS, demonym_countries
from raguard.normalize.stems import content_stems, is_content_word, stem
from raguard.normalize.text import Token, clause_spans, tokenize

MAX_QUERY = 300
MAX_ANSWER = 300

_SHARED_RE = re.compile(r"\b(?:both|same|each)\b", re.IGNORECASE)
_BOTH_RE = re.compile(r"\bboth\b", re.IGNORECASE)
_ONLY_RE = re.compile(r"\bonly\b", re.IGNORECASE)
#: Words of how a thing is said to be, not what: one side's sentences using them says nothing.
_COMMON_PREDICATES = frozenset(stem(w) for w in (
    "located", "based", "belong", "known", "considered", "described", "made", "make", "work", "worked",
    "part", "type", "kind", "form", "formed", "member", "members", "found", "called", "named", "played",
    "born", "active", "famous", "well", "popular", "notable", "also", "originally", "currently",
))
_AND_RE = re.compile(r"[ \t]and[ \t]", re.IGNORECASE)
_WORD_RE = re.compile(r"[\w'’.&-]+")
_TAXON_RE = re.compile(r"\b(family|genus)[ \t]+([A-Z][a-z]{3,})")
_SAME_KIND_RE = re.compile(r"\b(?:same|both)\b[^.!?]{0,40}?\b(family|genus|nationality|country)\b"
                           r"|\b(family|genus|nationality|country)\b[^.!?]{0,40}?\bboth\b", re.IGNORECASE)
# one-word country names an answer may claim; not those that are also common given names or
# states ("Barbara Jordan", "Georgia")
_COUNTRIES = frozenset(c for countries in DEMONYMS.values() for c in countries
                       if " " not in c and c not in {"jordan", "georgia", "chad", "niger", "jersey"})
#: Words that end a name run ("Kings of Leon American rock bands": the demonym is not the name).
_NOT_NAME = frozenset({"both", "is", "are", "was", "were", "do", "does", "did", "have", "has", "share", "in"})


class SamenessChecker:
    name = "sameness"
    warning_type = CONTRADICTED_CLAIM
    default_severity = "high"
    provides = ("sameness",)

    def check(self, ctx: CheckContext) -> Iterator[Finding]:
        # the question must set two names side by side ("A and B") before the answer is read
        if (len(ctx.documents) == 0 or len(ctx.response) > MAX_ANSWER or not ctx.query_index.derive(_sets_side_by_side)
                or not (_SHARED_RE.search(ctx.response) or _AND_RE.search(ctx.response) or _ONLY_RE.search(ctx.response))):
            return
        denial = ctx.response_denies
        if denial and not _ONLY_RE.search(ctx.response):
            return
        pair = ctx.query_index.derive(question_pair)
        if pair is None:
            return
        own = own_stems(*pair)
        if not own[0] or not own[1]:
            return
        # a side is named by its last word too ("Christopher Carl Carter" for "Chris Carter")
        heads = (stem(pair[0].split()[-1].lower()), stem(pair[1].split()[-1].lower()))
        sides = _sides(ctx, own, heads)
        if _ONLY_RE.search(ctx.response):
            yield from self._only_said(ctx, pair, own, sides)
            return
        if denial:
            return
        claimed = []
        for c_start, c_end in clause_spans(ctx.response):
            if _SHARED_RE.search(ctx.response, c_start, c_end) or _names_both(ctx.response[c_start:c_end], own):
                found = _claimed(ctx.response, c_start, c_end)
                # one nationality said of both; "both bands, the American X and the Canadian Y"
                # gives each its own
                if len({countries for _, countries, _, _ in found}) == 1:
                    claimed.extend(found)
        for word, countries, start, end in claimed:
            for k in (0, 1):
                given = sides[k].demonyms
                if given and not any(countries & _countries_of(d) for d in given):
                    yield self._finding(
                        ctx, start, end, f"{pair[k]}: {word}",
                        f"The answer calls {pair[k]} {word}, but the documents call {pair[k]} "
                        f"{', '.join(sorted(given))}.",
                    )
        kind_match = _SAME_KIND_RE.search(ctx.response)
        if kind_match is None:
            if not claimed:
                yield from self._both_said(ctx, pair, own, sides)
            return
        kind = (kind_match.group(1) or kind_match.group(2)).lower()
        start, end = kind_match.span()
        if kind in ("family", "genus"):
            values = [sides[k].taxa.get(kind) for k in (0, 1)]
            if values[0] and values[1] and values[0] != values[1]:
                yield self._finding(
                    ctx, start, end, f"same {kind}",
                    f"The answer puts {pair[0]} and {pair[1]} in one {kind}, but the documents give "
                    f"{pair[0]}: {values[0]}, {pair[1]}: {values[1]}.",
                )
        elif not claimed:
            demonyms = [sides[k].demonyms for k in (0, 1)]
            nations = [{c for d in g for c in _countries_of(d)} for g in demonyms]
            if nations[0] and nations[1] and not nations[0] & nations[1]:
                yield self._finding(
                    ctx, start, end, f"same {kind}",
                    f"The answer gives {pair[0]} and {pair[1]} one {kind}, but the documents call "
                    f"{pair[0]} {', '.join(sorted(demonyms[0]))} and {pair[1]} {', '.join(sorted(demonyms[1]))}.",
                )

    def _only_said(self, ctx: CheckContext, pair: tuple[str, str], own: tuple[set[str], set[str]],
                   sides: tuple["_Side", "_Side"]) -> Iterator[Finding]:
        """"No, only A is a project in New York": what the clause says of A, the documents'
        sentences about B say as well."""
        response = ctx.response
        names = content_stems(pair[0]) | content_stems(pair[1])
        for c_start, c_end in clause_spans(response):
            clause = response[c_start:c_end]
            if _ONLY_RE.search(clause) is None:
                continue
            stems = content_stems(clause)
            named = [k for k in (0, 1) if len(stems & own[k]) >= needed(own[k])]
            if len(named) != 1:
                continue
            other = 1 - named[0]
            said = _predicate_words(clause, names)
            said_stems = {s for _, s in said}
            shared = said_stems & sides[other].stems
            if not said_stems or len(shared) < min(2, len(said_stems)) or len(shared) < 0.6 * len(said_stems):
                continue  # the documents say little of it of the other side
            words = ", ".join(dict.fromkeys(t.norm for t, s in said if s in shared))
            yield self._finding(
                ctx, c_start + said[0][0].start, c_start + said[-1][0].end, f"{pair[other]}: {words}",
                f"The answer says this only of {pair[named[0]]}, but the documents say {words} of "
                f"{pair[other]} too.",
            )
            return

    def _both_said(self, ctx: CheckContext, pair: tuple[str, str], own: tuple[set[str], set[str]],
                   sides: tuple["_Side", "_Side"]) -> Iterator[Finding]:
        """"Both A and B belong to the cypress family": words said of both that the documents
        use in the sentences about one side only."""
        response = ctx.response
        names = content_stems(pair[0]) | content_stems(pair[1])
        for c_start, c_end in clause_spans(response):
            if _BOTH_RE.search(response, c_start, c_end) is None and not _names_both(response[c_start:c_end], own):
                continue
            words = _predicate_words(response[c_start:c_end], names)
            for k in (0, 1):
                if not sides[k].stems:
                    continue  # the documents say nothing of this side
                missing = [t for t, s in words if s in sides[1 - k].stems and s not in sides[k].stems]
                if not missing:
                    continue
                start, end = c_start + missing[0].start, c_start + missing[-1].end
                said = ", ".join(dict.fromkeys(response[c_start + t.start:c_start + t.end] for t in missing))
                finding = self._finding(
                    ctx, start, end, f"{pair[k]}: {said}",
                    f"The answer says this of both {pair[0]} and {pair[1]}, but the documents say "
                    f"{said} of {pair[1 - k]} only, not of {pair[k]}.",
                )
                finding.warning_type = UNSUPPORTED_STATEMENT  # unsupported for one side, not contradicted
                yield finding
                return

    def _finding(self, ctx: CheckContext, start: int, end: int, value: str, suggestion: str) -> Finding:
        return Finding(
            kind="sameness", warning_type=self.warning_type, start=start, end=end,
            text=ctx.response[start:end], supported=False, value=value, suggestion=suggestion,
            checker=self.name,
        )


def _predicate_words(clause: str, names: set[str]) -> list[tuple[Token, str]]:
    """The words of a clause that say what a side is, with their stems: lower-case content words
    (a capitalized one is a name, the entities checker's, or part of a side's name the question
    spelled shorter: "Sake Bomb" for "Sake bomb"), not the sides' names, not words of how."""
    out = []
    for t in tokenize(clause):
        if is_content_word(t.norm) and not clause[t.start].isupper():
            s = stem(t.norm)
            if s not in names and s not in _COMMON_PREDICATES:
                out.append((t, s))
    return out


def _countries_of(word: str) -> set[str]:
    """The countries a demonym or a one-word country name stands for ("Dutch", "China")."""
    countries = set(demonym_countries(word))
    if not countries and word.lower() in _COUNTRIES:
        countries = {word.lower()}
    return countries


def _names_both(clause: str, own: tuple[set[str], set[str]]) -> bool:
    """True when a clause names both sides joined by "and" ("Jinchang and Liling are in ..."):
    what it says, it says of both."""
    if _AND_RE.search(clause) is None:
        return False
    stems = content_stems(clause)
    return all(len(stems & o) >= needed(o) for o in own)


def _sets_side_by_side(query: str) -> bool:
    """Does the question's tail hold "A and B"? (Read once per query.)"""
    return _AND_RE.search(query[-MAX_QUERY:]) is not None


def question_pair(query: str) -> Optional[tuple[str, str]]:
    """The two names of "Are A and B ...?", "Do A and B share ...?", "A and B are what?": the
    capitalized runs on either side of the first "and" that has one on each side."""
    tail = query[-MAX_QUERY:]
    for m in _AND_RE.finditer(tail):
        before = _WORD_RE.findall(tail[: m.start()])
        after = _WORD_RE.findall(tail[m.end():])
        a = capitalized_run(before, trailing=True, stop=_NOT_NAME)
        b = capitalized_run(after, trailing=False, stop=_NOT_NAME)
        if a and b:
            b_words = b.split()
            # "Kings of Leon American rock bands": a demonym after the name is not part of it
            while len(b_words) > 1 and demonym_countries(b_words[-1]):
                b_words.pop()
            a_words = a.split()
            while len(a_words) > 1 and a_words[0].lower() in ("do", "does", "did", "are", "is", "were", "was"):
                a_words.pop(0)
            return " ".join(a_words), " ".join(b_words)
    return None


class _Side:
    """What the documents' sentences about one side say: demonyms, family/genus names, and the
    stems of all their content words."""

    def __init__(self) -> None:
        self.demonyms: set[str] = set()
        self.taxa: dict[str, str] = {}
        self.stems: set[str] = set()


#: The most pairs of sides a document keeps what its sentences say of (see :func:`_document_sides`).
_MAX_PAIRS = 16


def _sides(ctx: CheckContext, own: tuple[set[str], set[str]], heads: tuple[str, str]) -> tuple[_Side, _Side]:
    sides = (_Side(), _Side())
    key = (frozenset(own[0]), frozenset(own[1]), heads)
    for _, index in ctx.documents.among(None):
        for owner, demonyms, stems, taxa in _document_sides(index, key):
            side = sides[owner]
            # (each document's words in the order it first gives them: the sets and the dict are
            # filled in the order a reading of every sentence fills them)
            side.demonyms.update(demonyms)
            side.stems.update(stems)
            for kind, name in taxa:
                side.taxa.setdefault(kind, name)
    return sides


def _document_sides(index: DocumentIndex, key: tuple[frozenset[str], frozenset[str], tuple[str, str]]
                    ) -> tuple[tuple[int, list[str], list[str], list[tuple[str, str]]], ...]:
    """What one document's sentences about each side say, per side: (side, demonyms, stems,
    (kind, taxon) pairs), each in the order the sentences first give it. Kept on the document's
    index for the pair (``key``: the sides' own stems and head words, read from the question):
    a retry with the same question and documents reads no sentence again."""
    memo = index.__dict__.setdefault("_sameness_sides", {})
    found = memo.get(key)
    if found is not None:
        return found
    own, heads = (set(key[0]), set(key[1])), key[2]
    spans, by_stem = index.sentence_index
    owners = sentence_owners(index.text, spans, by_stem, own, heads)
    read: tuple[dict[str, None], ...] = ({}, {})
    stems: tuple[dict[str, None], ...] = ({}, {})
    taxa: tuple[list[tuple[str, str]], ...] = ([], [])
    for (start, end), owner in zip(spans, owners):
        if owner is None:
            continue
        sentence = index.text[start:end]
        for tok in tokenize(sentence):
            if _countries_of(tok.norm) and sentence[tok.start:tok.start + 1].isupper():
                read[owner].setdefault(sentence[tok.start:tok.end])  # "Dutch", or "China"
            if is_content_word(tok.norm):
                stems[owner].setdefault(stem(tok.norm))
        for m in _TAXON_RE.finditer(sentence):
            taxa[owner].append((m.group(1).lower(), m.group(2)))
    found = tuple((k, list(read[k]), list(stems[k]), taxa[k]) for k in (0, 1))
    if len(memo) >= _MAX_PAIRS:
        memo.pop(next(iter(memo)))
    memo[key] = found
    return found


def _claimed(response: str, start: int, end: int) -> list[tuple[str, frozenset[str], int, int]]:
    """Capitalized demonyms and one-word country names in ``response[start:end]`` ("both are
    American authors", "both based in India"): (word, its countries, start, end)."""
    out = []
    for t in tokenize(response[start:end]):
        t = t._replace(start=t.start + start, end=t.end + start)
        if not response[t.start:t.start + 1].isupper():
            continue
        countries = _countries_of(t.norm)
        if countries:
            out.append((response[t.start:t.end], frozenset(countries), t.start, t.end))
    return out
