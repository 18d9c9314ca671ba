"""Vague-reference checker: phrases from ``data/vague_phrases.txt`` that point at nothing.

A phrase is flagged (medium) only when the documents give it no referent: no document uses the
phrase itself, and for a "the/this/that ... NOUN" phrase no document names the noun ("the
committee" is fine when a document names the Finance Committee). A noun that names the text
itself ("the article", "the document", "the passage": :data:`~raguard.normalize.framing.TEXT_NOUNS`)
refers to the retrieved documents, so it is not vague.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Iterator, Optional, Sequence

from raguard.checkers.base import CheckContext, Finding
from raguard.models import VAGUE_REFERENCE
from raguard.normalize.data_files import data_file
from raguard.normalize.framing import TEXT_NOUNS
from raguard.normalize.text import phrase_tokens

# Nouns that can name what a vague head noun points at ("the agency" -> the Federal Aviation
# Administration). Only used when the document does not use the head noun itself.
REFERENT_NOUNS: dict[str, frozenset[str]] = {
    "agency": frozenset({"administration", "agency", "commission", "bureau", "authority", "service", "office"}),
    "authorities": frozenset({"police", "administration", "agency", "authority", "ministry", "department", "government"}),
    "department": frozenset({"department", "ministry", "office", "bureau"}),
    "ministry": frozenset({"ministry", "department"}),
    "committee": frozenset({"committee", "panel", "board", "commission", "council", "subcommittee"}),
    "board": frozenset({"board", "committee", "council", "directors"}),
    "panel": frozenset({"panel", "committee", "board", "jury"}),
    "report": frozenset({"report", "study", "survey", "review", "assessment", "audit", "analysis", "paper"}),
    "study": frozenset({"study", "trial", "research", "paper", "survey", "analysis", "report"}),
    "survey": frozenset({"survey", "poll", "questionnaire", "study"}),
    "paper": frozenset({"paper", "study", "article", "journal"}),
    "article": frozenset({"article", "report", "story", "paper"}),
    "announcement": frozenset({"announcement", "announced", "statement", "press"}),
    "statement": frozenset({"statement", "said", "announced"}),
    "spokesperson": frozenset({"spokesperson", "spokesman", "spokeswoman", "representative"}),
    "officials": frozenset({"officials", "official", "minister", "secretary", "director", "administration"}),
    "meeting": frozenset({"meeting", "summit", "conference", "session", "hearing"}),
    "decision": frozenset({"decision", "ruling", "decided", "ruled", "verdict", "vote"}),
    "agreement": frozenset({"agreement", "deal", "treaty", "accord", "contract", "pact"}),
    "deal": frozenset({"deal", "agreement", "acquisition", "merger", "contract"}),
    "policy": frozenset({"policy", "rule", "regulation", "law", "guideline"}),
}

_DETERMINERS = frozenset({"the", "this", "that", "these", "those", "a", "an", "said", "aforementioned"})


def phrases_path() -> Path:
    """The phrase list: packaged copy in an installed wheel, else the source tree's ``data/``."""
    return data_file("vague_phrases.txt")


def parse_phrases(text: str) -> list[str]:
    """Non-empty, non-comment lines, lower-cased and de-duplicated, in file order."""
    seen: dict[str, None] = {}
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            seen.setdefault(" ".join(line.lower().split()), None)
    return list(seen)


@lru_cache(maxsize=4)
def load_phrases(path: Optional[str] = None) -> tuple[str, ...]:
    source = Path(path) if path else phrases_path()
    return tuple(parse_phrases(source.read_text(encoding="utf-8")))


def compile_phrases(phrases: Sequence[str], grouped: bool = True) -> re.Pattern[str]:
    """One pattern for every phrase, longest first; ``grouped``: alternatives grouped under their
    first character ("s(?:ources say|ome experts)"): re tries alternatives one by one, so the
    groups skip those that cannot match (on an 86-word answer 77 -> 23 us). Two groups never
    match at one place and a group keeps its phrases' order, so the matches are the same. (Only
    for ASCII first characters, grouped lower-cased: IGNORECASE folds no character onto two of
    them, while it lets "Ω" and "ω" match alike.)"""
    ordered = sorted(set(phrases), key=len, reverse=True)
    if grouped and all(p.split() and p.split()[0][0].isascii() for p in ordered):
        groups: dict[str, list[str]] = {}
        for p in ordered:
            first, *others = p.split()
            groups.setdefault(first[0].lower(), []).append(
                re.escape(first[1:]) + "".join(r"[ \t]+" + re.escape(w) for w in others))
        body = "|".join(f"{re.escape(first)}(?:{'|'.join(rests)})" for first, rests in groups.items())
    else:
        body = "|".join(r"[ \t]+".join(re.escape(w) for w in p.split()) for p in ordered)
    # a lookahead for the first characters lets the scan skip every other position (3x faster)
    guard = ""
    if ordered and all(p.split() for p in ordered):
        firsts = sorted({p.split()[0][0] for p in ordered})
        guard = f"(?=[{''.join(re.escape(c) for c in firsts)}])"
    return re.compile(rf"{guard}(?<![\w-])(?:{body})(?![\w-])", re.IGNORECASE)


def head_noun(phrase: str) -> Optional[str]:
    """The noun a determiner phrase points at: "the recent report" -> "report"."""
    words = phrase.lower().split()
    if len(words) >= 2 and words[0] in _DETERMINERS:
        return words[-1]
    return None


class VagueChecker:
    name = "vague"
    warning_type = VAGUE_REFERENCE
    default_severity = "medium"
    provides = ("vague_reference",)

    def __init__(self, phrases: Optional[Sequence[str]] = None, path: Optional[str] = None) -> None:
        self.phrases = tuple(phrases) if phrases is not None else load_phrases(path)
        self._pattern = compile_phrases(self.phrases) if self.phrases else None

    def check(self, ctx: CheckContext) -> Iterator[Finding]:
        if self._pattern is None:
            return
        for m in self._pattern.finditer(ctx.response):
            phrase = " ".join(m.group().lower().split())
            finding = Finding(
                kind="vague_reference",
                warning_type=self.warning_type,
                start=m.start(),
                end=m.end(),
                text=m.group(),
                supported=False,
                value=phrase,
                checker=self.name,
            )
            words = phrase_tokens(phrase)
            head = head_noun(phrase)
            if head in TEXT_NOUNS and ctx.documents.texts:
                # "the article", "the document": the text the answer was given, not a hidden source
                finding.supported = True
                finding.source = "document"
                yield finding
                continue
            maps = ctx.documents.maps
            candidates = None
            if maps is not None:
                candidates = maps.docs_with_words(words)
                if head is not None:
                    for noun in (head, head + "s", *REFERENT_NOUNS.get(head, ())):
                        candidates.update(maps.word_docs.get(noun, ()))
            for doc_index, index in ctx.documents.among(candidates):
                span = index.tokens.find_span(words)
                if span is None and head is not None:
                    for noun in (head, head + "s", *sorted(REFERENT_NOUNS.get(head, ()))):
                        span = index.tokens.find_span([noun])
                        if span is not None:
                            break
                if span is not None:
                    finding.supported = True
                    finding.evidence = (doc_index, span[0], span[1])
                    finding.source = "document"
                    break
            else:
                finding.suggestion = (
                    f'"{m.group()}" refers to something the documents never name; '
                    "name the source or drop the reference."
                )
            yield finding
