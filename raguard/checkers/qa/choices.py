"""Choices checker: the answer picks the option of "A or B?" that the documents do not describe.

"Which breed of dog is now extinct: Chinese Crested Dog or the Chien-gris?" answered "The Chinese
Crested Dog is the now-extinct breed" names a dog the documents know, in words they use; no
other checker objects. But the documents say "extinct" only in the sentences about the
Chien-gris. For a question that offers two options, the answer that names one of them (and not
the other) is checked two ways:

- the documents never mention the chosen option but do mention the other one;
- the question's own words that the documents use for only one of the two options (its
  distinctive words: "extinct", "native to South America", "American") all stand in the
  sentences about the other option. A sentence is about an option when it names it, or when it
  opens with a pronoun right after one that does ("It examines ...").

An answer that names both options with "both" ("Both A and B were inducted") picks each of them;
an answer that picks the option the documents describe is a supported claim, with the sentence.
Left alone: comparisons of amounts or time ("more", "first", "closer": the comparisons checker
judges time order), answers that name both options otherwise, answers that deny something,
options the documents describe in the same words, and long questions or answers (only the
question's last ``MAX_QUERY`` characters and answers up to ``MAX_ANSWER`` are read).
"""

from __future__ import annotations

import math
import re
from typing import Iterator, Optional

from raguard.checkers.qa.options import (
    CAPITALIZED_RE, capitalized_run, mentioned_in_documents, own_stems, sentence_owners,
)
from raguard.checkers.base import CheckContext, Finding, quote_for_message
from raguard.models import CONTRADICTED_CLAIM
from raguard.normalize.stems import content_stems, stem
from raguard.normalize.text import tokenize

MAX_QUERY = 300
MAX_ANSWER = 300
_Span = tuple[int, int, int]  # (doc index, start, end)

#: Share of the question's words the documents must say of the other option alone.
MIN_SHARE = 0.5
#: An option longer than this (in words) is cut to its run of capitalized words.
_MAX_OPTION_WORDS = 4

_OR_RE = re.compile(r"[ \t]or[ \t]", re.IGNORECASE)
_AUX_RE = re.compile(
    r"^\W*(?:is|are|was|were|did|does|do|has|have|had|can|could|will|would|should)[ \t]+", re.IGNORECASE
)
_BOTH_RE = re.compile(r"\bboth\b", re.IGNORECASE)
_ARTICLE_RE = re.compile(r"^(?:the|a|an)[ \t]+", re.IGNORECASE)
_EDGE = " \t\"'“”‘’,.;:?!()"
#: Questions that compare amounts, sizes, distances or time: which option has "more" is not
#: read from words one option's sentences happen to use.
_COMPARATIVE = frozenset(stem(w) for w in (
    "more", "most", "less", "least", "fewer", "fewest", "higher", "lower", "larger", "smaller", "bigger",
    "longer", "shorter", "older", "younger", "earlier", "later", "first", "last", "second", "further",
    "farther", "closer", "nearer", "greater", "worse", "before", "after", "than", "taller",
    "heavier", "faster", "slower", "newer", "recent", "previous", "largest", "smallest", "biggest",
    "highest", "lowest", "longest", "shortest", "oldest", "youngest", "earliest", "latest", "greatest",
    "worst", "closest", "nearest", "furthest", "farthest", "tallest", "fastest", "newest",
))
#: Question words that say what is asked, not what the answer must match.
_ASKING = frozenset(stem(w) for w in ("which", "following", "one", "two", "both", "either", "neither", "name"))
# "Which breed of dog is ...": the kind of thing asked for, which both options are; it ends
# before a verb ("Which magazine covers ...": a word in -s or -ed after the first, or is/was...)
_KIND_RE = re.compile(
    r"\b(?:which|what)[ \t]+(?P<kind>[\w'’-]+(?:[ \t]+(?!(?:is|are|was|were|has|have|had|did|does|do)\b)"
    r"(?![\w'’-]*(?:s|ed)\b)[\w'’-]+){0,3})",
    re.IGNORECASE,
)


class ChoicesChecker:
    name = "choices"
    warning_type = CONTRADICTED_CLAIM
    default_severity = "high"
    provides = ("choice",)

    def check(self, ctx: CheckContext) -> Iterator[Finding]:
        if len(ctx.documents) == 0 or len(ctx.response) > MAX_ANSWER or not ctx.query_index.derive(_offers_or):
            return
        options = ctx.query_index.derive(question_options)
        if options is None:
            return
        tail = ctx.query[-MAX_QUERY:]
        if any(stem(t.norm) in _COMPARATIVE for t in tokenize(tail)) or ctx.response_denies:
            return
        question_stems = content_stems(tail)
        stems = (content_stems(options[0]), content_stems(options[1]))
        own = own_stems(*options)
        if not own[0] or not own[1]:
            return
        answer_stems = content_stems(ctx.response)
        named = [_names(answer_stems, o) for o in own]
        if named[0] and named[1]:
            # "Both A and B were inducted": each is a pick
            picks = [0, 1] if _BOTH_RE.search(ctx.response) else []
        else:
            picks = [k for k in (0, 1) if named[k]]
        if not picks:
            return
        mentioned = [mentioned_in_documents(ctx, o) for o in own]
        kind = _KIND_RE.search(tail)
        predicate = question_stems - stems[0] - stems[1] - _ASKING - (content_stems(kind.group("kind")) if kind else set())
        found = _predicate_by_option(ctx, own, predicate) if predicate and all(mentioned) else None
        for chosen in picks:
            other = 1 - chosen
            span = _mention(ctx.response, own[chosen])
            if span is None:
                continue
            if not mentioned[chosen]:
                if mentioned[other]:
                    yield self._finding(
                        ctx, span, options[chosen],
                        f"The question offers {options[0]} or {options[1]}; the documents mention "
                        f"{options[other]} but never {options[chosen]}.",
                    )
                continue
            if found is None:
                continue
            distinctive_chosen = found[chosen].keys() - found[other].keys()
            distinctive_other = found[other].keys() - found[chosen].keys()
            if not distinctive_chosen and len(distinctive_other) >= MIN_SHARE * len(predicate):
                words = ", ".join(sorted(_surface(ctx.query, set(distinctive_other))))
                yield self._finding(
                    ctx, span, options[chosen],
                    f"The answer picks {options[chosen]}, but the documents say what the question asks "
                    f"({words}) of {options[other]}, not of {options[chosen]}.",
                )
            elif not distinctive_other and len(distinctive_chosen) >= MIN_SHARE * len(predicate):
                # the pick the documents describe: a supported claim, with the sentence that says so
                finding = self._finding(ctx, span, options[chosen], None)
                finding.supported, finding.source = True, "document"
                finding.evidence = found[chosen][min(distinctive_chosen)]
                yield finding

    def _finding(self, ctx: CheckContext, span: tuple[int, int], value: str, suggestion: Optional[str]) -> Finding:
        start, end = span
        return Finding(
            kind="choice", warning_type=self.warning_type, start=start, end=end,
            text=ctx.response[start:end], supported=False, value=quote_for_message(value),
            suggestion=suggestion, checker=self.name,
        )


def _offers_or(query: str) -> bool:
    """Does the question hold "A or B"? (Read once per query.)"""
    return _OR_RE.search(query) is not None


def question_options(query: str) -> Optional[tuple[str, str]]:
    """The two options of "..., A or B?", "...: A or B?", "Which X, A or B, did Y?" or "Is A or B
    the Y?"; None unless the question's end has exactly one "or" between two short options."""
    tail = query[-MAX_QUERY:]
    found = list(_OR_RE.finditer(tail))
    if len(found) != 1:
        return None
    before, after = tail[: found[0].start()], tail[found[0].end():]
    cut = max(before.rfind(","), before.rfind(":"), before.rfind(";"))
    head = _AUX_RE.match(before)
    if cut >= 0:
        before = before[cut + 1:]
    elif head:
        before = before[head.end():]
    after = re.split(r"[?,;:]", after, maxsplit=1)[0]
    # "Was A or B released first?": B ends with its name
    b = _option(after, trailing=False, name_only=cut < 0 and head is not None)
    a = _option(before, trailing=True)
    if a is None and head is not None and b is not None and " " not in b and before.split():
        a = before.split()[-1].strip(_EDGE)  # "Is the fee billed monthly or annually?"
    if not a or not b or a.lower() == b.lower():
        return None
    return a, b


def _option(text: str, trailing: bool, name_only: bool = False) -> Optional[str]:
    text = _ARTICLE_RE.sub("", text.strip(_EDGE)).strip(_EDGE)
    words = text.split()
    if not words:
        return None
    if len(words) <= _MAX_OPTION_WORDS and not (name_only and CAPITALIZED_RE.match(words[0])):
        return text
    if trailing and not CAPITALIZED_RE.match(words[-1]):
        # "... appointed Thomas C. Mann a democrat": a common noun after its article
        for i in range(len(words) - 1, max(len(words) - 4, 0), -1):
            if words[i - 1].lower() in ("a", "an", "the"):
                return " ".join(words[i:])
    # "... located in Chestnut Hill, Massachusetts Boston College": the name is the capitalized run
    return capitalized_run(words, trailing)


def _names(stems: set[str], own: set[str]) -> bool:
    """At least half of an option's own words (those the other option lacks)."""
    return len(stems & own) >= math.ceil(len(own) / 2)


def _mention(response: str, own: set[str]) -> Optional[tuple[int, int]]:
    """Span from the first to the last answer word that names the option (its first run)."""
    spans = [(t.start, t.end) for t in tokenize(response) if stem(t.norm) in own]
    if not spans:
        return None
    start, end = spans[0]
    for s, e in spans[1:]:
        if s - end > 3:
            break
        end = e
    return start, end


def _predicate_by_option(ctx: CheckContext, own: tuple[set[str], set[str]],
                         predicate: set[str]) -> tuple[dict[str, _Span], dict[str, _Span]]:
    """For each option, the predicate stems found in the document sentences about it, each with
    the first such sentence: (doc index, start, end)."""
    found: tuple[dict[str, _Span], dict[str, _Span]] = ({}, {})
    for doc_index, index in ctx.documents.among(None):
        spans, by_stem = index.sentence_index
        owners = sentence_owners(index.text, spans, by_stem, own)
        for s in predicate:
            for i in by_stem.get(s, ()):
                owner = owners[i]
                if owner is not None and s not in found[owner]:
                    found[owner][s] = (doc_index, *spans[i])
    return found


def _surface(query: str, stems: set[str]) -> set[str]:
    """The question's own spelling of ``stems``."""
    tail = query[-MAX_QUERY:]
    return {tail[t.start:t.end] for t in tokenize(tail) if stem(t.norm) in stems}
