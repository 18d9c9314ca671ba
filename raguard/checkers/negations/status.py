"""A word of state the answer gives as the ground of its denial ("closed", "withdrawn", "pending").

Where the sentence lacks the denied word, the answer may ground its denial in a word of state the
documents say ("did not succeed; it was withdrawn": :func:`_status_restated`; and where the denial
is the reason the answer gives for that state, "as pending, because the fee hasn't been paid",
whatever the sentence).
"""

from __future__ import annotations

import re
from typing import Optional

from raguard.checkers.base import CheckContext
from raguard.checkers.negations._common import MIN_COVERED, _asks, _said_stems
from raguard.normalize.cues import _ANSWER_NEGATION_RE
from raguard.normalize.stems import content_stem, stem
from raguard.normalize.text import clause_spans, tokenize


# A word that says a thing's state is that it is not so, no longer, or not yet ("pending",
# "awaiting"): what an answer's denial may restate in its own words ("closed until 2044" -> "you
# won't be able to see them", "PENDING - awaiting payment" -> "the fee hasn't been paid")
_STATUS_RE = re.compile(
    r"\b(?:clos(?:ed|ure)|shut|withdr[ae]wn?|declined|refus(?:ed|al)|reject(?:ed|ion)|cancell?ed|cancellation|"
    r"failed|denied|lost|missed|banned|prohibited|excluded|stopped|ceased|ended|halted|abandoned|"
    r"discontinued|scrapped|abolished|suspended|revoked|postponed|waived|exempt(?:ed)?|offline|"
    r"expired|lapsed|void(?:ed)?|pending|awaiting|un\w+able)\b",
    re.IGNORECASE,
)


# what gives the reason for a denial in the denial's own clause
_REASON_RE = re.compile(r"\b(?:because|since)\b", re.IGNORECASE)
# the same opening a clause: a denial there is the reason for what the clause before it says
_REASON_OPENS_RE = re.compile(r"[ \t]*(?:because|since)\b", re.IGNORECASE)
# a clause that opens by pointing back to what the clause before it is about
_POINTS_BACK_RE = re.compile(r"\W*(?:(?:and|but|so|as)[ \t]+)?(?:which|that|who|it|they|these|those|this)\b",
                             re.IGNORECASE)


def _status_restated(ctx: CheckContext, claim: str, denial: tuple[int, int], denial_stems: set[str]
                     ) -> Optional[tuple[int, tuple[int, int]]]:
    """(doc index, sentence span) of a document sentence that gives the ground of a denial in a
    word of state the answer says too, in another clause of the answer sentence or in a reason its
    denying clause gives ("because its list is closed") (``claim``;
    ``denial``: the denying clause's span, ``denial_stems`` its content stems): "An opposition
    by X did not succeed; it was withdrawn" / "Opposition by X withdrawn", "you won't be able to
    see the files, which are closed until 2044" / "Access: CLOSED until 2044". The sentence
    must hold that word and two or more of the two clauses' other words (content words and
    figures); None if none does. (Read only when the sentence the denial shares most with lacks
    the denied word: what it states is then not what the answer denies.)"""
    denied = None
    # the other clauses, and a reason the denying clause gives after its denial ("isn't taking
    # new patients because its list is closed"), which is about the denial whatever its words
    regions = [(begin, end, False) for begin, end in clause_spans(claim)
               if not (begin < denial[1] and denial[0] < end)]
    cue = _ANSWER_NEGATION_RE.search(claim, denial[0], denial[1])
    reason = None if cue is None else _REASON_RE.search(claim, cue.end(), denial[1])
    if reason is not None:
        regions.append((reason.start(), denial[1], True))
        denial = (denial[0], reason.start())
    if _REASON_OPENS_RE.match(claim, denial[0]):
        # the denial is the reason for what the sentence says before it ("shows the transfer as
        # pending, because the fee hasn't been paid"), which is about the denial whatever its words
        regions.append((0, denial[0], True))
    for begin, end, given in regions:
        for m in _STATUS_RE.finditer(claim, begin, end):
            if denied is None:
                denied = _said_stems(claim[denial[0]:denial[1]])
            word = stem(m.group(0).lower())
            said = _said_stems(claim[begin:end]) - {word}
            # the clause must be about what the denial is about: it says one of its words, or
            # opens with a word pointing back to it ("which are closed", "it was withdrawn")
            if not given and said.isdisjoint(denial_stems) and not _POINTS_BACK_RE.match(claim, begin):
                continue
            about = (said | denied) - {word}
            for doc_index, index in ctx.documents:
                spans, by_stem = index.sentence_index
                for i in by_stem.get(word, ()):
                    text = index.text[spans[i][0]:spans[i][1]]
                    if len(about & _said_stems(text)) >= MIN_COVERED and not _asks(text):
                        return doc_index, spans[i]
    return None
