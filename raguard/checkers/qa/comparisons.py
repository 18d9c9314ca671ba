"""Comparisons checker: "who was born first", "which came out earlier", checked against the dates.

"Lydia Davis was born first" names a person and a year-free claim that every other checker
passes; the documents give both birth years (1889 and 1947) and say the opposite. The checker
finds the two things compared (in the answer, "A is older than B", or in the question, "..., A
or B?"), the one the answer says came first or last, and the first year each document sentence
gives right after naming them ("Martin Heidegger (26 September 1889 - ...)", "Hole, which she
formed in 1989", "a 1996 American film"). When both years are found, differ, and order them the
other way, the answer is contradicted.

Only time order is judged (born, released, founded, older, younger, first, earlier, later...);
"larger", "longer" and the like are left alone. A year is not used when unreadable digits stand
between the name and it ("1889-2611 May 1976"), nor when it is far from the name.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from typing import Iterator, Optional

from raguard.checkers.base import CheckContext, Finding
from raguard.documents import DocumentIndex
from raguard.models import CONTRADICTED_CLAIM
from raguard.normalize.dates import PLACED
from raguard.normalize.stems import is_content_word
from raguard.normalize.text import phrase_tokens, tokenize

EARLIER = frozenset({"first", "earlier", "earliest", "before", "older", "oldest", "sooner"})
LATER = frozenset({"later", "latest", "last", "after", "younger", "youngest", "newer", "newest"})
#: Words that compare with a second side named after them ("older than B", "before B").
PAIRWISE = frozenset({"before", "after", "older", "younger", "earlier", "later", "sooner", "newer"})

_CMP = r"first|earlier|earliest|before|older|oldest|sooner|later|latest|last|after|younger|youngest|newer|newest"
_VERB = (r"born|released|founded|formed|established|started|created|published|built|opened|launched|"
         r"available|made|produced|written|introduced|discovered|invented|completed|debuted|incorporated|"
         r"begun|began|premiered|aired|issued|signed|elected|named")

# "A was (born) first", "A is older than B", "A was released a year after B", "A was the first band founded"
_ANSWER_RE = re.compile(
    rf"^\W*(?P<x>[^.!?;]+?)[ \t]+(?:was|were|is|are|came|come|comes)[ \t]+(?:(?:actually|also|indeed|in[ \t]+fact)[ \t]+)?"
    rf"(?:(?:{_VERB})[ \t]+)?(?:[\w'’-]+[ \t]+){{0,3}}?(?:the[ \t]+)?(?P<cmp>{_CMP})\b"
    rf"(?:[ \t]+(?:than|to)?[ \t]*(?P<y>[^.!?;,]+))?",
    re.IGNORECASE,
)

# "..., A or B?" after the comparison word, or "Was A or B released first?"
_QUERY_TAIL_RE = re.compile(
    rf"\b(?P<cmp>{_CMP})\b[ \t]*,?[ \t]*(?P<a>[^?]+?)[ \t]+or[ \t]+(?P<b>[^?]+?)[ \t]*\??[ \t]*$",
    re.IGNORECASE,
)
_QUERY_HEAD_RE = re.compile(
    rf"^\W*(?:was|were|is|are|did|does|do)[ \t]+(?P<a>.+?)[ \t]+or[ \t]+(?P<b>.+?)[ \t]+"
    rf"(?:(?:{_VERB})[ \t]+)?(?P<cmp>{_CMP})\b",
    re.IGNORECASE,
)
_QUERY_CUE_RE = re.compile(rf"(?=[abeflnosy])\b(?:{_CMP})\b", re.IGNORECASE)
_PAIR_CUE_RE = re.compile(r"(?=[abt])\b(?:than|before|after)\b", re.IGNORECASE)

# a year of a date, counted only when no other long digit run stands before it
_DIGITS_RE = re.compile(r"\d{3,}")

#: Comparison questions and answers are short: longer text is not parsed (it bounds the regex
#: work on adversarial input too).
MAX_QUERY_TAIL = 300
MAX_SENTENCE = 300
#: How far after a name its year may stand, in characters.
MAX_GAP = 160
#: A mention this many words or fewer into its sentence is the sentence's subject.
_SUBJECT_WORDS = 3
_MAX_MENTIONS = 50


@dataclass(frozen=True)
class _Claim:
    chosen: str  # the option the answer says came first (or last)
    other: str
    earlier: bool  # True: chosen came first / is older
    start: int  # the words that compare ("older", "born first"), or the whole bare answer
    end: int


class ComparisonsChecker:
    name = "comparisons"
    warning_type = CONTRADICTED_CLAIM
    default_severity = "high"
    provides = ("comparison",)

    def check(self, ctx: CheckContext) -> Iterator[Finding]:
        if len(ctx.documents) == 0:
            return
        # without a pair offered by the question, only "A ... than/before/after B" is judged
        options = ctx.query_index.derive(_asked_pair)
        if options is None and not _PAIR_CUE_RE.search(ctx.response):
            return
        for start, end in ctx.sentences:
            sentence = ctx.response[start:end]
            claim = _answer_claim(sentence, options)
            if claim is None:
                continue
            first = _year_of(ctx, claim.chosen)
            second = _year_of(ctx, claim.other)
            if first is None or second is None or first[0] == second[0]:
                continue
            holds = first[0] < second[0] if claim.earlier else first[0] > second[0]
            order = "before" if claim.earlier else "after"
            finding = Finding(
                kind="comparison",
                warning_type=self.warning_type,
                start=start + claim.start,
                end=start + claim.end,
                text=sentence[claim.start:claim.end],
                supported=holds,
                value=f"{claim.chosen} {order} {claim.other}",
                checker=self.name,
            )
            if holds:
                finding.source = "document"
                finding.evidence = first[1]
            else:
                finding.suggestion = (
                    f"The answer puts {claim.chosen} {order} {claim.other}, but the documents give "
                    f"{claim.chosen}: {first[0]}, {claim.other}: {second[0]}."
                )
            yield finding


def _asked_pair(query: str) -> Optional[tuple[str, str, bool]]:
    """The pair the question offers, if its wording may offer one (see :func:`_query_options`)."""
    return _query_options(query) if _QUERY_CUE_RE.search(query) else None


def _query_options(query: str) -> Optional[tuple[str, str, bool]]:
    """(A, B, earlier?) from "Who was born first, A or B?"; None when the query offers no pair."""
    query = query[-MAX_QUERY_TAIL:]
    for pattern in (_QUERY_TAIL_RE, _QUERY_HEAD_RE):
        m = pattern.search(query)
        if m:
            # "Hole, the rock band that Courtney Love fronted, or The Wolfhounds": the name, not its apposition
            a, b = _clean(m.group("a").split(",")[0]), _clean(m.group("b").split(",")[0])
            if a and b:
                return a, b, m.group("cmp").lower() in EARLIER
    return None


def _answer_claim(sentence: str, options: Optional[tuple[str, str, bool]]) -> Optional[_Claim]:
    if len(sentence) > MAX_SENTENCE:
        return None
    m = _ANSWER_RE.search(sentence)
    if m:
        x = _clean(m.group("x"))
        y = _clean(m.group("y") or "")
        earlier = m.group("cmp").lower() in EARLIER
        if options is not None:
            chosen = _pick(x, options[:2])
            if chosen is None:
                return None
            other = options[1] if chosen == options[0] else options[0]
            if y and m.group("cmp").lower() in PAIRWISE and _pick(y, options[:2]) not in (None, other):
                return None  # "A was born before A"? ("the first band founded" names no second side)
            return _Claim(chosen, other, earlier, m.start("cmp"), m.end("cmp"))
        if x and y and m.group("cmp").lower() in PAIRWISE:
            return _Claim(x, y, earlier, m.start("cmp"), m.end("cmp"))
        return None
    if options is not None and len(sentence) <= 120:
        # a bare answer: the option it names is the one the question asked for
        chosen = _pick(sentence, options[:2], whole=True)
        if chosen is not None:
            other = options[1] if chosen == options[0] else options[0]
            return _Claim(chosen, other, options[2], 0, len(sentence.rstrip()))
    return None


def _words(text: str) -> list[str]:
    return [w for w in phrase_tokens(text, drop_article=True, drop_possessive=True) if w.isalnum()]


def _pick(text: str, options: tuple[str, str], whole: bool = False) -> Optional[str]:
    """The one option ``text`` names: more of its words than of the other's, and, for a bare
    answer, nothing much besides."""
    words = set(_words(text))
    if not words:
        return None
    scores = []
    for option in options:
        own = set(_words(option)) - set(_words(options[1] if option == options[0] else options[0]))
        scores.append(len(words & own))
    if scores[0] == scores[1] or max(scores) == 0:
        return None
    best = 0 if scores[0] > scores[1] else 1
    if whole:
        extra = [w for w in words - set(_words(options[best])) if is_content_word(w)]
        if len(extra) > 2:
            return None
    return options[best]


def _clean(text: str) -> str:
    return text.strip(" \t\"'“”‘’,.;:?!()")


def _year_of(ctx: CheckContext, option: str) -> Optional[tuple[int, tuple[int, int, int]]]:
    """The first year the documents give right after naming ``option``, with its evidence span."""
    names = [option]
    head = option.split(",")[0].strip()
    if head != option:
        names.append(head)
    words = [w for w in _words(head) if is_content_word(w)]
    if len(words) > 1 and len(words[-1]) >= 4:
        names.append(words[-1])  # the surname, or the last word of a title
    for name in names:
        needle = [t.norm for t in tokenize(name)]
        for doc_index, index in ctx.documents:
            found = _year_after(index, needle)
            if found is not None:
                year, start, end = found
                return year, (doc_index, start, end)
    return None


def _year_after(index: DocumentIndex, needle: list[str]) -> Optional[tuple[int, int, int]]:
    """The year after a mention of ``needle``: mentions that open a sentence first (there the
    name is the subject, "Nick Cave (born 1957)"), then the others in order."""
    if not needle:
        return None
    tokens = index.tokens.tokens
    sentences = index.sentence_index[0]  # cached with the document
    sentence_starts = [s for s, _ in sentences]
    mentions: list[tuple[bool, int, int]] = []
    begin = 0
    while len(mentions) < _MAX_MENTIONS:
        span = index.tokens.find(needle, begin)
        if span is None:
            break
        start, end = tokens[span[0]].start, tokens[span[1] - 1].end
        k = bisect_right(sentence_starts, start) - 1
        sentence = sentences[k] if k >= 0 and start < sentences[k][1] else (start, len(index.text))
        opens = len(index.text[sentence[0]:start].split()) <= _SUBJECT_WORDS
        mentions.append((not opens, end, sentence[1]))
        begin = span[1]
    for _, name_end, sentence_end in sorted(mentions):
        found = _first_year(index, name_end, min(sentence_end, name_end + MAX_GAP))
        if found is not None:
            return found
    return None


def _first_year(index: DocumentIndex, name_end: int, limit: int) -> Optional[tuple[int, int, int]]:
    for date in index.dates:
        if date.start < name_end or date.start >= limit or date.value.year is None or date.form == PLACED:
            continue  # (a placed date's year is the reader's, not written after the name)
        if _DIGITS_RE.search(index.text, name_end, date.start):
            return None  # unreadable digits first ("1889-2611 May 1976"): no safe reading
        return date.value.year, date.start, date.end
    return None
