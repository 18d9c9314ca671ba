"""Negations checker: an answer that denies what a document states plainly.

"Warren Bryant was not a CEO." against "Warren Bryant was the CEO of Longs Drugs": every word is
in the document, so no other checker objects, yet the answer says the opposite. For each answer
sentence with a clear negation (not, never, no, none, n't...), the document sentence sharing the
most content words is found; when it shares at least half of them (and two or more) and has no
negation of its own, not even a weak one (without, failed, former, unable, only, un-/non- forms
of the answer's words...), the sentence is flagged as contradicted.

Left alone: text inside quotation marks (the quotes checker owns it), a leading "No," that
answers a yes/no question, refusals ("the documents do not say"), and every sentence when the
query itself is negative (the negation then comes from the question).
"""

from __future__ import annotations

import re
from typing import Iterator, Optional

from raguard.checkers.base import CheckContext, Finding, quote_for_message
from raguard.checkers.quotes import blank_quotations
from raguard.normalize.cues import _ANSWER_NEGATION_RE, _ANSWER_PARTICLE_RE, is_refusal
from raguard.models import CONTRADICTED_CLAIM
from raguard.normalize.stems import content_stems, is_content_word, stem
from raguard.normalize.text import clause_around, tokenize


# Anything in a document sentence that may carry the same denial in other words.
_DOCUMENT_NEGATION_RE = re.compile(
    r"\b(?:not|no|never|neither|nor|none|nobody|nothing|nowhere|without|cannot|instead|rather|"
    r"only|except|excluding|unlike|absent|free|zero|barely|hardly|rarely|seldom|former(?:ly)?|"
    r"previously|until|prior|no[ \t-]longer|"
    r"lack\w*|fail\w*|refus\w*|declin\w*|den(?:y|ies|ied|ial)|reject\w*|unabl\w*|los[ets]\w*|lost|"
    r"miss\w*|avoid\w*|ban(?:s|ned)?|prohibit\w*|exclu\w*|stop\w*|ceas\w*|end(?:s|ed)?|quit\w*|"
    r"halt\w*|clos\w*|shut\w*|abandon\w*|cancel\w*|withdr[ae]w\w*|resign\w*|retir\w*|dismiss\w*|fired|left|"
    r"non\w*|un(?!der|it|ion|iv|iq|if|less|til)\w{3,})\b"
    r"|n[’']t\b",
    re.IGNORECASE,
)


# ", not Y" / "but not Y": sets the answer against another option the question offered; the
# documents rarely deny Y in words.
_CONTRAST_RE = re.compile(r"\W*(?:not|never)\b", re.IGNORECASE)

_NEGATIVE_PREFIXES = ("un", "non", "dis", "in", "im", "ir", "il")

MIN_SHARED = 2
MIN_SHARED_SHARE = 0.5


class NegationsChecker:
    name = "negations"
    warning_type = CONTRADICTED_CLAIM
    default_severity = "high"
    provides = ("negation",)

    def check(self, ctx: CheckContext) -> Iterator[Finding]:
        if len(ctx.documents) == 0 or not ctx.response_denies:
            return
        if _DOCUMENT_NEGATION_RE.search(ctx.query):
            return
        for start, end in ctx.sentences:
            sentence = ctx.response[start:end]
            claim = blank_quotations(sentence)
            claim = _ANSWER_PARTICLE_RE.sub(" ", claim, count=1)
            cue = _ANSWER_NEGATION_RE.search(claim)
            if cue is None or is_refusal(sentence):
                continue
            # only the clause that denies: "X is a plant, but Y is not" denies in the second
            clause = clause_around(claim, cue.start())
            if _CONTRAST_RE.match(clause):
                continue
            words = [t.norm for t in tokenize(clause)]
            stems = {stem(w) for w in words if is_content_word(w)}
            if len(stems) < MIN_SHARED:
                continue
            best = _best_sentence(ctx, stems)
            if best is None:
                continue
            doc_index, span, shared = best
            if shared < max(MIN_SHARED, MIN_SHARED_SHARE * len(stems)):
                continue
            doc_sentence = ctx.documents.indexes[doc_index].text[span[0]:span[1]]
            supported = _negates(doc_sentence, words)
            finding = Finding(
                kind="negation",
                warning_type=self.warning_type,
                start=start,
                end=end,
                text=sentence,
                supported=supported,
                value=f"negated: {cue.group(0).lower()}",
                checker=self.name,
            )
            if supported:
                finding.source = "document"
                finding.evidence = (doc_index, span[0], span[1])
            else:
                finding.suggestion = (
                    f'The answer denies it ("{quote_for_message(sentence, 60)}"), but document '
                    f'{doc_index} states it without negation: "{quote_for_message(doc_sentence, 100)}"'
                )
            yield finding


def _best_sentence(ctx: CheckContext, stems: set[str]) -> Optional[tuple[int, tuple[int, int], int]]:
    """(doc index, sentence span, shared stems) of the document sentence sharing the most stems."""
    ordered = sorted(stems)
    maps = ctx.documents.maps
    candidates = None if maps is None else maps.docs_with_stems(stems, 1)  # others share none
    best: Optional[tuple[int, tuple[int, int], int]] = None
    for doc_index, index in ctx.documents.among(candidates):
        span = index.best_sentence(ordered)
        if span is None:
            continue
        shared = len(stems & content_stems(index.text[span[0]:span[1]]))
        if best is None or shared > best[2]:
            best = (doc_index, span, shared)
    return best


def _negates(doc_sentence: str, answer_words: list[str]) -> bool:
    """True when the document sentence has a negation of its own, in words or in a prefix
    ("unsafe" against the answer's "not safe")."""
    if _DOCUMENT_NEGATION_RE.search(doc_sentence):
        return True
    answer = {w for w in answer_words if is_content_word(w)}
    for tok in tokenize(doc_sentence):
        word = tok.norm
        for prefix in _NEGATIVE_PREFIXES:
            if word.startswith(prefix) and word[len(prefix):] in answer:
                return True
    return False
