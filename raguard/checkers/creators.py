"""Creators checker: the answer names someone else as who directed, wrote or founded a work.

"Lucy Gordon directed Serendipity." against "Serendipity is a 2001 American romantic comedy film
directed by Peter Chelsom ... Her first film was Perfume ... small roles in Serendipity": every
name is in the documents, so no other checker objects, but the documents say who directed it,
and it is someone else. For each maker the answer names ("X directed", "directed by X", "X is
the author of", "the founder ... was X"; see :mod:`raguard.normalize.creators` for the verbs),
the documents' makers of the same kind are compared by name (a shared word: "Gabbana" names
"Stefano Gabbana"). A match is a supported claim, with the document's words as evidence; when the
documents name only others, the answer's name is flagged and the warning names them.

Left alone: relations the documents state of nobody, or of someone unnamed ("written by his
brother", "He directed": it may be the answer's person), a name the documents put in the same
clause as the relation's word (the reading is local and may have missed it), and answers that
deny something.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Iterator, Optional

from raguard.normalize.cues import denies
from raguard.checkers.base import CheckContext, Finding
from raguard.models import MISATTRIBUTED_CLAIM
from raguard.normalize.creators import RELATIONS, CreatorMention, creator_mentions, name_words
from raguard.normalize.text import clause_span, tokenize

MAX_ANSWER = 2000
#: Document clauses read for a name the reading may have missed, at most.
_MAX_CLAUSES = 64
#: How many document makers a warning names.
_NAMED_IN_WARNING = 3


class CreatorsChecker:
    name = "creators"
    warning_type = MISATTRIBUTED_CLAIM
    default_severity = "high"
    provides = ("attribution",)

    def check(self, ctx: CheckContext) -> Iterator[Finding]:
        response = ctx.response
        if len(ctx.documents) == 0 or len(response) > MAX_ANSWER:
            return
        claims = [m for m in creator_mentions(response) if m.agent is not None]
        seen: set[tuple[str, int]] = set()
        for claim in claims:
            if (claim.relation, claim.start) in seen:
                continue
            seen.add((claim.relation, claim.start))
            finding = self._check_one(ctx, claim)
            if finding is not None:
                yield finding

    def _check_one(self, ctx: CheckContext, claim: CreatorMention) -> Optional[Finding]:
        words = name_words(claim.agent or "")
        if not words:
            return None
        makers: list[tuple[int, CreatorMention]] = []
        for doc_index, index in ctx.documents.among(None):
            for mention in index.creators.get(claim.relation, ()):
                if mention.agent is None:
                    return None  # someone unnamed made it: it may be the answer's person
                if words & name_words(mention.agent):
                    return self._finding(ctx, claim, supported=True,
                                         evidence=(doc_index, mention.start, mention.end))
                makers.append((doc_index, mention))
        if not makers or (ctx.response_denies and denies(_sentence_of(ctx, claim.start))):
            return None
        if _same_clause(ctx, claim.relation, words):
            return None
        names = list(dict.fromkeys(m.agent for _, m in makers if m.agent))[:_NAMED_IN_WARNING]
        listed = ", ".join(names)
        finding = self._finding(ctx, claim, supported=False)
        finding.nearest_value = listed
        finding.suggestion = (
            f'The documents do not say {claim.agent} {_PAST[claim.relation]} it: '
            f'they name {listed}.'
        )
        return finding

    def _finding(self, ctx: CheckContext, claim: CreatorMention, supported: bool,
                 evidence: Optional[tuple[int, int, int]] = None) -> Finding:
        return Finding(
            kind="attribution", warning_type=self.warning_type, start=claim.start, end=claim.end,
            text=ctx.response[claim.start:claim.end], supported=supported,
            value=f"{claim.relation}: {claim.agent}", evidence=evidence,
            source="document" if supported else None, checker=self.name,
        )


#: The relation as a verb for messages.
_PAST = {rel: forms[0] for rel, (forms, _) in RELATIONS.items()}


def _sentence_of(ctx: CheckContext, pos: int) -> str:
    for start, end in ctx.sentences:
        if start <= pos < end:
            return ctx.response[start:end]
    return ctx.response


def _same_clause(ctx: CheckContext, relation: str, words: frozenset[str]) -> bool:
    """True when a document clause that states ``relation`` also holds a word of the name, other
    than as a maker the reading found ("directed by Robert Zemeckis and written by Neil Gaiman"
    names Gaiman as a writer): the local reading may have missed that it is this person's
    ("Carl Orff is best known as the composer of ..."). Past ``_MAX_CLAUSES`` clauses it answers
    True (not flagging is the safe side), so a document full of makers costs a bounded scan."""
    seen = 0
    for _, index in ctx.documents.among(None):
        mentions = index.creators.get(relation, ())
        if not mentions:
            continue
        makers = sorted((m.start, m.end) for ms in index.creators.values() for m in ms if m.agent is not None)
        starts = [start for start, _ in makers]
        read: set[tuple[int, int]] = set()
        for mention in mentions:
            clause = clause_span(index.text, mention.cue)
            if clause in read:
                continue  # two makers of one clause ("written and directed by")
            read.add(clause)
            seen += 1
            if seen > _MAX_CLAUSES:
                return True
            start, end = clause
            for token in tokenize(index.text[start:end]):
                if token.norm in words and not _inside(makers, starts, start + token.start):
                    return True
    return False


def _inside(spans: list[tuple[int, int]], starts: list[int], pos: int) -> bool:
    """True when ``pos`` lies in one of the sorted, non-overlapping ``spans``."""
    i = bisect_right(starts, pos) - 1
    return i >= 0 and spans[i][0] <= pos < spans[i][1]
