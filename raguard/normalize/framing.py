"""Framing: the words of an answer that speak about the text or the talk, not about the world.

A summary frames what it restates: "Here's a summary of the article:", "The text then discusses
...", "Based on the context provided, ...", "The speaker suggests ...", "Mike asks whether ...".
Those words have no counterpart in the document because they describe it (a chat is a run of
askings and agreements; an article does not call itself "the article"), so counting them as
unsupported content flags faithful summaries. They are two closed classes, listed here because
they are closed: words that name the text or its speakers, and verbs that report speech (not
those that are as often nouns of a claim: "state", "claim", "share", "report", "question"). A
sentence made only of them is framing and carries no claim; in any other sentence they are left
out and the rest ("The passage says that the dam opened in 1936" -> "dam opened 1936") is the
claim that is still checked.

Verbs that report a stance rather than speech ("promises", "refuses", "denies", "accuses",
"apologizes") are not framing: they say something the document may not.
"""

from __future__ import annotations

import re
from typing import Callable, Iterable, Optional, Sequence

from raguard.normalize.text import Token, clause_spans

# Words that name the text, the answer or the talk and the people in it.
_TEXT_WORDS = """
article articles passage passages text texts document documents summary summaries summarize
context excerpt transcript transcripts conversation conversations dialogue dialog discussion
discussions chat chats paper episode podcast speaker speakers narrator participant participants
interlocutor information details topic topics paragraph overview recap thread threads email emails memo
letter letters
"""
# Verbs that report speech or writing (and their nouns where a summary uses them: "a mention").
_REPORTING_WORDS = """
say tell ask inquire enquire wonder reply respond suggest propose recommend advise agree confirm
acknowledge admit remind mention add explain describe discuss talk speak express argue assert
insist announce reveal highlight emphasize outline define clarify elaborate illustrate introduce
conclude remark observe inform reassure assure
"""
# Adverbs that order a restatement without adding to it ("different", "main" are claims: not here).
_DISCOURSE_WORDS = """
then briefly further finally overall additionally subsequently afterwards
"""
# In a conversation (a chat, a call: see turns.py) a recap names the people by their part in it
# and the outcome by the act that reached it ("the friends decide to meet" for "let's make it
# 7"): words the turns never say. Framing only when a document is a conversation.
_CONVERSATION_WORDS = """
friend friends people person persons group everyone both couple pair colleague colleagues guy
guys plan plans decide arrange intend settle organize
"""
# A predicate that only turns the answer to another point ("Selling it is another matter.", "The
# refund is a different story."): its noun names no thing of the world; the subject is the claim.
_TURN_RE = re.compile(r"\b(?:is|are|'s|’s|was|were)[ \t]+(?:another|a[ \t]+(?:different|separate))[ \t]+"
                      r"(?:matter|story|question|issue)\b", re.IGNORECASE)
# Words that only point at the text inside a framing clause ("Based on the context provided,"
# "as given above"): framing there, content anywhere else ("provided funding").
_POINTING_WORDS = "based according provided given above below following"
# A clause opening with one of these names its source ("Based on the certificate,", "According
# to the 2024 log,"): what it names is the answer's source, the claim is the rest of the sentence.
_SOURCE_OPENERS = frozenset({"based", "according"})
#: The most content words such a clause holds (a longer one states something itself).
_MAX_SOURCE_WORDS = 4


#: Nouns by which an answer names the text it was given ("the article", "this passage").
TEXT_NOUNS = frozenset(_TEXT_WORDS.split()) - {"summary", "summaries", "summarize", "information",
                                                "details", "topic", "topics", "overview", "recap",
                                                "speaker", "speakers", "narrator", "participant",
                                                "participants", "interlocutor"}


#: Nouns naming a talk or its people as the subject of a description of it. Only a talk's: of a
#: written text, "The document contains a non-compete clause" states its content, a claim to check
#: (a conversation recap's "The chat is light-hearted" describes the talk).
_SUBJECT_NOUNS = frozenset("""
conversation conversations dialogue dialog discussion discussions chat exchange episode podcast
interview call show speakers hosts participants
""".split())
_SUBJECT_OPENERS = frozenset("the this that these both its overall then finally additionally also whole entire".split())
# What a description of a talk says of it: that it is, has or holds something ("The chat is
# light-hearted", "The episode covers ..."), not what it reports ("The podcast says ...").
_DESCRIBING_VERBS = frozenset("""
is are was were has have had includes included contains contained covers covered features featured
focuses focused centres centers centred centered revolves revolved involves involved consists
comprises comprised incorporates incorporated encompasses encompassed
touches touched seems seemed appears appeared feels felt remains remained becomes became
""".split())


def _past_openers(words: Sequence[str], k: int, limit: int = 1 << 30) -> int:
    """Where the words from ``k`` on stop being openers ("the", "also", "overall"...), reading
    at most to position ``limit``."""
    while k < len(words) and k < limit and words[k] in _SUBJECT_OPENERS:
        k += 1
    return k


def _talk_subject_end(words: Sequence[str]) -> Optional[int]:
    """Where the words after a subject naming a talk or its speakers start ("The podcast
    episode | covers ..."), or None when the sentence does not open with such a subject."""
    k = _past_openers(words, 0, limit=3)
    if k == 0:
        return None  # "Speakers ..." without a determiner: a name, or a fragment
    # the subject may be a compound ("the podcast episode"): its last noun is the head
    end = k
    while end < len(words) and words[end] in _SUBJECT_NOUNS and end - k < 2:
        end += 1
    return end if end > k else None


def about_talk(words: Sequence[str]) -> bool:
    """True when a sentence (its words, lower case) has a talk or its speakers as its subject."""
    return _talk_subject_end(words) is not None


def describes_talk(words: Sequence[str], *, after_talk: bool = False) -> bool:
    """True when a sentence (its words, lower case) has a talk (a conversation, a chat, a podcast,
    a call) or its speakers as its subject and says what it is, has or holds: it describes the
    talk ("The conversation is light-hearted in tone", "The speakers are playing a guessing game",
    "The episode covers ..."), which a talk seldom says of itself, rather than restating a claim
    about the world ("The podcast says the dam opened in 1936"). ``after_talk``: the sentence
    before had a talk as its subject, so an opening "It" is that talk ("It also includes ...")."""
    end = _talk_subject_end(words)
    if end is None and after_talk and words and words[0] == "it":
        end = 1
    if end is None:
        return _text_as_talk(words)
    end = _past_openers(words, end)  # "It also includes"
    return end < len(words) and words[end] in _DESCRIBING_VERBS


#: Talks a text may be said to be or to hold ("The document is a conversation between ...").
_TALK_NOUNS = frozenset("conversation conversations dialogue dialog discussion discussions chat exchange "
                        "interview episode podcast".split())
_WRITTEN_NOUNS = frozenset("document text transcript article passage excerpt".split())
# what a text does with the talk it holds ("The document outlines a conversation ...")
_PRESENTING_VERBS = frozenset("outlines describes presents shows captures records depicts summarizes details "
                              "documents portrays relates reports".split())


def _text_as_talk(words: Sequence[str]) -> bool:
    """True when a sentence says its text is or holds a talk: "The document is a conversation
    between two persons ...", "It also includes a discussion between two women ...": the subject
    a text (or "it"), its verb one that says what it is, holds or presents, followed within
    three words by a talk."""
    k = _past_openers(words, 0, limit=3)
    if k >= len(words) or not (words[k] in _WRITTEN_NOUNS and k > 0 or words[k] == "it" and k == 0):
        return False
    k = _past_openers(words, k + 1)  # "It also includes"
    return (k < len(words) and (words[k] in _DESCRIBING_VERBS or words[k] in _PRESENTING_VERBS)
            and any(w in _TALK_NOUNS for w in words[k + 1:k + 4]))


def _stems(words: str, stem: Callable[[str], str]) -> frozenset[str]:
    return frozenset(stem(w) for w in words.split())


def reporting_stems(stem: Callable[[str], str]) -> frozenset[str]:
    """The verbs that report speech or writing ("said", "confirmed"), as stems of ``stem``."""
    return _stems(_REPORTING_WORDS, stem)


class Framing:
    """The framing vocabulary as stems of the stemmer the caller matches with (with the words of
    a conversation recap when ``conversation``)."""

    def __init__(self, stem: Callable[[str], str], *, conversation: bool = False) -> None:
        words = _TEXT_WORDS + _REPORTING_WORDS + _DISCOURSE_WORDS
        self.stems = _stems(words + _CONVERSATION_WORDS if conversation else words, stem)
        self.pointing = _stems(_POINTING_WORDS, stem) | self.stems

    def claim_tokens(self, sentence: str, offset: int, tokens: Sequence[Token],
                     stems: Sequence[Optional[str]], indexes: Iterable[int]
                     ) -> Optional[tuple[list[int], list[int]]]:
        """(claim, framing): the token indexes of a sentence's content words that carry its
        claim, and those of its framing words outside a framing clause (support where a document
        has them, no lack where it does not); None when the whole sentence is framing (it names
        the text or reports speech and says nothing else).

        ``sentence`` starts at ``offset`` of the text that ``tokens`` (with their content
        ``stems``, None for a filler) were read from; ``indexes`` are the sentence's tokens.
        """
        indexes = list(indexes)
        content = [i for i in indexes if stems[i] is not None]
        sourced = tokens[indexes[0]].norm in _SOURCE_OPENERS if indexes else False
        # "Selling it is another matter.": a turn of the answer's, setting what follows apart
        turned = _TURN_RE.search(sentence) if "nother" in sentence or "ifferent" in sentence else None
        if not content or not (sourced or turned or any(stems[i] in self.stems for i in content)):
            return content, []  # (most sentences: nothing framed)
        kept: list[int] = []
        framed: list[int] = []
        if turned is not None:
            lo, hi = offset + turned.start(), offset + turned.end()
            framed.extend(i for i in content if lo <= tokens[i].start < hi)
            content = [i for i in content if not lo <= tokens[i].start < hi]
            if not content:
                return None
        k = 0
        if sourced:
            # "Based on the certificate, ...": up to the first comma, a source, no claim
            cut = sentence.find(",")
            source = [i for i in content if tokens[i].start < offset + cut] if cut > 0 else []
            if 0 < len(source) <= _MAX_SOURCE_WORDS and len(source) < len(content):
                framed.extend(source)
                k = len(source)
        for c_start, c_end in clause_spans(sentence):
            lo, hi = offset + c_start, offset + c_end
            clause = []
            while k < len(content) and tokens[content[k]].start < hi:
                if tokens[content[k]].start >= lo:
                    clause.append(content[k])
                k += 1
            if clause and all(stems[i] in self.pointing for i in clause):
                continue  # a framing clause: "Based on the context provided,"
            for i in clause:
                (framed if stems[i] in self.stems else kept).append(i)
        return (kept, framed) if kept else None


_HEADING_MARKS = " \t*_#>"


def is_heading(sentence: str) -> bool:
    """A heading claims nothing: a Markdown heading line ("## Key points"), a line in bold
    alone ("**Summary**"), or a label of a few words ending in a colon ("Findings:", "In
    summary:"). The values and names in it are still the other checkers'."""
    text = sentence.strip()
    if text.startswith("#"):
        return True
    if text.startswith("**") and text.endswith("**") and text.count("**") == 2:
        return True
    label = text.strip(_HEADING_MARKS)
    return label.endswith(":") and len(label.split()) <= 5



# a sentence that opens by counting ("Three deductions ...", "The two reviews ...", "Four of
# Ana's results ...", "There are two things ...", "A few other things ..."): the counting word
# and the words up to the counted noun
_COUNT_OPENING_RE = re.compile(
    r"\W*(?:there[ \t]+(?:are|were)[ \t]+)?(?:(?:the|all|these|those)[ \t]+)?"
    r"(?P<n>two|three|four|five|six|seven|eight|nine|ten|a[ \t]+few|a[ \t]+couple[ \t]+of|several)"
    r"(?:[ \t]+of[ \t]+(?:the|these|those|her|his|their|your|its|our|[^\W\d_][\w-]*(?:[ \t]+[^\W\d_][\w-]*)?['’]s?))?"
    # ("two more points", "a few other things": what sets them beside those said before)
    r"(?:[ \t]+(?:other|more|further|additional))?"
    r"[ \t]+(?P<noun>[^\W\d_][\w-]*)\b",
    re.IGNORECASE,
)


def counted_opening(sentence: str) -> Optional[tuple[int, int]]:
    """(start, end) of the word after the counting word (the counted noun or its first
    modifier) when ``sentence`` opens by counting things ("Three
    deductions explain the gap.", "The two reviews are mixed.", "Four of Ana's results were
    high.", "There are two things to chase."), else None. Such a sentence, followed by the
    sentences that take the things one by one, announces them: its count is the claim (the numbers checker's, where the documents
    count them), and its other words sum up what follows in the answer's own words."""
    m = _COUNT_OPENING_RE.match(sentence)
    return None if m is None else m.span("noun")
