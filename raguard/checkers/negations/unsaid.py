"""A denial that a speaker said something, read against that speaker's turns.

A summary of a call or a chat says who raised what: "the agent does not mention the discount" /
"Agent: ... and new members get a 10% discount." What the denial reports (the words after
"mention", "discuss", "explain", "ask about", "tell"...) is said, in a sentence of that speaker's
turns, so the denial is contradicted; the other readings compare it with what the documents say
of the discount itself and see nothing denied or stated.

The speaker is the one the answer sentence names before the denial (its clause first, then the
sentence: "The agent greets her and explains the plans, but does not mention the discount"),
matched on the words of a turn's label or the name the speaker gives ("Sales Agent", "this is
Dana"). A denial of asking needs a question in the turn. Left alone: a report opened by
"whether", "how", "when"... ("didn't say when she would arrive": what is denied is the answer, not
the topic), a turn sentence that denies or hedges itself ("we don't have discounts"), a speaker
named by no word, or by words that fit two speakers.
"""

from __future__ import annotations

import math
import re
from bisect import bisect_right
from typing import Optional

from raguard.align import SentenceAlignment
from raguard.checkers.base import CheckContext, Finding, quote_for_message
from raguard.checkers.negations._common import MIN_COVERED_SHARE, _contradiction, _list_end
from raguard.normalize.polarity import hedges_or_denies
from raguard.normalize.stems import content_stem, content_stems
from raguard.normalize.text import clause_span, tokenize
from raguard.normalize.turns import Turn

# a denial of a verb of saying or asking: "does not mention", "never asked", "fails to explain",
# "without discussing", "didn't bring up"
_UNSAID_RE = re.compile(
    r"\b(?:(?:do|does|did|would|could|will|can)(?:n['’]t|[ \t]+not)|never|cannot|"
    r"fail(?:s|ed)?[ \t]+to|neglect(?:s|ed)?[ \t]+to|without)"
    r"[ \t]+(?:(?:even|ever|once|actually|really|specifically|explicitly|directly)[ \t]+)?"
    r"(?P<verb>(?P<ask>ask|inquire|enquire)(?:s|ed|ing)?|"
    r"(?:mention|discuss|explain|talk|raise|describe|specify|address)(?:s|es|ed|d|ing)?|"
    r"say(?:s|ing)?|said|tell(?:s|ing)?|told|bring(?:s|ing)?[ \t]+up|brought[ \t]+up)\b",
    re.IGNORECASE,
)
#: Words between the verb and what it reports, which report nothing themselves.
_LEADING = frozenset({"about", "of", "on", "to", "the", "a", "an", "any", "anything", "that", "his", "her",
                      "their", "its", "them", "him", "up"})
#: Words that open a report of an open question: the denial is of its answer, not of its topic.
_OPEN_QUESTION = frozenset({"whether", "if", "how", "when", "where", "why", "what", "which", "who", "whom",
                            "whose"})


def _unsaid(ctx: CheckContext, alignment: SentenceAlignment) -> Optional[Finding]:
    """The answer sentence denies that a speaker said or asked something that a sentence of
    that speaker's turns says (see the module docstring); None otherwise."""
    sentence = ctx.response[alignment.start:alignment.end]
    cue = _UNSAID_RE.search(sentence)
    if cue is None:
        return None
    talks = [(doc_index, index) for doc_index, index in ctx.documents if index.conversation is not None]
    if not talks:
        return None
    c_begin, c_end = clause_span(sentence, cue.start())
    c_end = _list_end(sentence, max(c_end, cue.end()))
    reported = _reported(sentence[cue.end():c_end])
    if not reported:
        return None
    asking = cue.group("ask") is not None
    for doc_index, index in talks:
        conversation = index.conversation
        assert conversation is not None
        by_stem = _speakers_by_stem(conversation.turns)
        who = _named_speaker(sentence, c_begin, cue.start(), by_stem)
        if who is None:
            continue
        reported_here = reported - by_stem.keys()  # ("tell the client about X" reports X)
        if not reported_here:
            continue
        need = len(reported_here) if len(reported_here) <= 2 else max(2, math.ceil(MIN_COVERED_SHARE * len(reported_here)))
        spans, _ = index.sentence_index
        ends = [end for _, end in spans]
        for turn in conversation.turns:
            if turn.speaker != who:
                continue
            # (the turn's sentences, found by bisection: a long transcript has thousands)
            k = bisect_right(ends, turn.text_start)
            while k < len(spans) and spans[k][0] < turn.end:
                span = spans[k]
                k += 1
                text = index.text[max(span[0], turn.text_start):min(span[1], turn.end)]
                if asking and "?" not in text:
                    continue
                if len(reported_here & content_stems(text)) < need or hedges_or_denies(text):
                    continue
                return _contradiction(
                    alignment, sentence, f"negated: {cue.group(0).lower()}",
                    f'The answer says it was not said ("{quote_for_message(sentence, 60)}"), but in document '
                    f'{doc_index} {turn.speaker} says it: "{quote_for_message(text.strip(), 100)}"')
    return None


def _reported(after: str) -> frozenset[str]:
    """The content stems of what a denied verb of saying reports (``after``: the clause's text
    after the verb); empty for a report of an open question ("whether ...", "how ...")."""
    tokens = tokenize(after)
    k = 0
    while k < len(tokens) and tokens[k].norm in _LEADING:
        k += 1
    if k < len(tokens) and tokens[k].norm in _OPEN_QUESTION:
        return frozenset()
    return frozenset(s for t in tokens[k:] if (s := content_stem(t.norm)) is not None)


def _speakers_by_stem(turns: list[Turn]) -> dict[str, set[str]]:
    """Content stem of a word of a speaker's label or name -> the speakers it names."""
    by_stem: dict[str, set[str]] = {}
    for turn in turns:
        for s in content_stems(" ".join(turn.who)):
            by_stem.setdefault(s, set()).add(turn.speaker)
    return by_stem


def _named_speaker(sentence: str, c_begin: int, cue_start: int, by_stem: dict[str, set[str]]) -> Optional[str]:
    """The speaker the answer sentence names before the denial at ``cue_start``: the last named in
    its clause (from ``c_begin``), else the first named in the sentence; None when no word names
    one, or the naming word fits two speakers (``by_stem``: :func:`_speakers_by_stem`)."""
    named = [(t.start, by_stem[found]) for t in tokenize(sentence[:cue_start])
             if (found := content_stem(t.norm)) is not None and found in by_stem]
    if not named:
        return None
    in_clause = [who for start, who in named if start >= c_begin]
    who = in_clause[-1] if in_clause else named[0][1]
    return next(iter(who)) if len(who) == 1 else None
