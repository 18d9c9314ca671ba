"""Speaker turns of a conversation document: chats, calls, meetings, podcast transcripts. Pure.

A turn opens with a speaker label at the start of a line or right after a sentence end: "Maria:",
"Sales Agent:", "Speaker 2:", "[00:01:02] Dr. Chen:", "(12:04) Ana:". Text is a conversation when
it has labelled turns of two speakers or more and one of them speaks twice, so a lone "Note:" or
"Update:" in prose is not read as a speaker. A role with a name in brackets ("Agent (Priya):") is
that person: the name is the speaker (a summary says "Priya", and "I" is hers).

Who "I", "you" and "we" are follows from the turns: the speaker, the others, both. A summary says
"Maria will bring Tom" for "Maria: I'll bring him"; the checkers resolve the persons with
:func:`speaker_at` and :attr:`Conversation.speakers`.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from typing import NamedTuple, Optional

from raguard.normalize.dates import MONTHS, WEEKDAYS

# an optional timestamp, then 1-3 capitalised words (or "Speaker 2"), then a colon and a space;
# at the start of the text, of a line, or after a sentence end (chats joined with " . ")
_TURN_RE = re.compile(
    r"(?:^|(?<=\n)|(?<=[.!?…] )|(?<=[.!?…]  ))[ \t]*"
    r"(?:[\[(]?\d{1,2}:\d{2}(?::\d{2})?(?:\.\d+)?[\])]?[ \t]*[-–]?[ \t]*)?"
    r"(?P<speaker>[A-Z][\w'’.-]{0,30}(?:[ \t][A-Z0-9][\w'’.-]{0,30}){0,2})"
    r"[ \t]*(?:\((?P<alias>[^()\n]{1,30})\)[ \t]*)?:[ \t]+(?=\S)",
    re.MULTILINE,
)
#: Labels that open prose lines, not turns ("Note: ...", "Update: ...").
_NOT_SPEAKERS = frozenset({"note", "update", "source", "summary", "question", "answer", "q", "a",
                           "title", "subject", "re", "fw", "warning", "tip", "example", "edit",
                           "ps", "nb", "date", "time", "location", "tags", "photo", "image"})

FIRST_PERSON = frozenset({"i", "me", "my", "mine", "myself", "i'm", "i'll", "i've", "i'd", "im"})
SECOND_PERSON = frozenset({"you", "your", "yours", "yourself", "yourselves", "u", "ya", "you're",
                           "you'll", "you've", "you'd"})
GROUP_PERSON = frozenset({"we", "us", "our", "ours", "ourselves", "let's", "lets"})
THIRD_PERSON = frozenset({"he", "him", "his", "himself", "she", "her", "hers", "herself",
                          "they", "them", "their", "theirs", "themselves"})


#: Words that open a turn or a sentence without naming anyone ("Hi, I want to ...", "Thanks, that
#: works"): interjections and greetings, capitalized only because they come first.
OPENERS = frozenset({"hi", "hello", "hey", "hiya", "thanks", "thank", "ok", "okay", "yes", "yeah", "yep",
                     "no", "nope", "sure", "well", "oh", "ah", "wow", "great", "perfect", "sorry", "please",
                     "bye", "goodbye", "morning", "afternoon", "evening", "congratulations", "congrats",
                     "right", "alright", "cool", "fine", "hmm", "um", "uh", "absolutely", "exactly",
                     "indeed", "welcome", "cheers", "lol", "haha"})


class Turn(NamedTuple):
    """One labelled turn: the label's start, where its words start, its end, who speaks, and the
    name a speaker labelled by a role gives themself in one of their turns ("Agent: ... this is
    Dana from Brightwater": "Dana"), else ""."""

    start: int
    text_start: int
    end: int
    speaker: str
    named: str = ""

    @property
    def who(self) -> tuple[str, ...]:
        """The speaker's label and, where they give one, their own name."""
        return (self.speaker, self.named) if self.named else (self.speaker,)


class Conversation(NamedTuple):
    """The turns of a conversation document, in order, their starts, and its speakers (case-folded)."""

    turns: list[Turn]
    starts: list[int]
    speakers: frozenset[str]


def parse_turns(text: str) -> Optional[Conversation]:
    """The turns of ``text`` when it is a conversation (see the module docstring), else None."""
    if ":" not in text:
        return None
    found = [m for m in _TURN_RE.finditer(text)
             if m.group("speaker").casefold().rstrip(".") not in _NOT_SPEAKERS]
    if len(found) < 3:
        return None
    names = [m.group("speaker").casefold() for m in found]
    if len(set(names)) < 2 or len(set(names)) == len(names):
        return None
    turns = [Turn(m.start("speaker"), m.end(), found[k + 1].start() if k + 1 < len(found) else len(text),
                  _speaker(m))
             for k, m in enumerate(found)]
    named = _self_named(text, turns)
    if named:
        turns = [t._replace(named=named[t.speaker]) if t.speaker in named else t for t in turns]
    return Conversation(turns, [t.start for t in turns],
                        frozenset(w.casefold() for t in turns for w in t.who))


# a speaker giving their own name: "this is Dana (from ...)", "I'm Dana", "my name is Dana Ruiz";
# one or two capitalised words, then no more of a name ("Dana here" is left out: "Sign here")
_SELF_NAMED_RE = re.compile(
    r"(?:\b(?:[Tt]his|[Ii]t)[ \t]+is|\bI[ \t]+am|\bI['’]m|\b[Mm]y[ \t]+name[ \t]+is)[ \t]+"
    r"(?P<name>[A-Z][a-z'’-]+(?:[ \t][A-Z][a-z'’-]+)?)(?![\w'’-]|[ \t][A-Z])"
)
#: How far into a turn a speaker introduces themself (a greeting first: "Good morning, this is ...").
_SELF_NAMED_REACH = 80


def _self_named(text: str, turns: list[Turn]) -> dict[str, str]:
    """Speaker label -> the one name that speaker gives themself near the start of a turn of
    theirs, other than the label's own first word ("Sales Agent: ... this is Dana"; "Agent Holm:
    this is Ferro Mobile", the company he speaks for). A call transcript labels its speakers by
    role and a summary calls them by the name they said."""
    found: dict[str, set[str]] = {}
    for turn in turns:
        head = text[turn.text_start:min(turn.end, turn.text_start + _SELF_NAMED_REACH)]
        for m in _SELF_NAMED_RE.finditer(head):
            name = m.group("name")
            first = name.split()[0].casefold()
            if first not in OPENERS and first not in WEEKDAYS and first not in MONTHS \
                    and first != turn.speaker.split()[0].casefold():  # ("it is Monday", "this is May's")
                found.setdefault(turn.speaker, set()).add(name)
    return {speaker: next(iter(names)) for speaker, names in found.items() if len(names) == 1}


#: A name in a label's brackets: one to three capitalised words ("Priya", "Dr. Tomas Berg").
_NAME_RE = re.compile(r"[A-Z][\w'’.-]*(?: [A-Z][\w'’.-]*){0,2}")


def _speaker(label: re.Match[str]) -> str:
    """Who speaks a turn: the name in the label's brackets ("Agent (Priya)"), else the label."""
    alias = (label.group("alias") or "").strip()
    return alias if _NAME_RE.fullmatch(alias) else label.group("speaker")


def speaker_at(conversation: Conversation, pos: int) -> Optional[Turn]:
    """The turn that holds position ``pos`` of the text, if any."""
    i = bisect_right(conversation.starts, pos) - 1
    if i >= 0 and pos < conversation.turns[i].end:
        return conversation.turns[i]
    return None


# a chat handle: in angle brackets ("<tobiasm>"), after "@" ("@j.smith"), or labelling a line's
# turn in lower case ("amara_o: I can take it", "[16:03] hwang_j: ...")
_HANDLE_RE = re.compile(
    r"(?:(?<=<)|(?<![\w.@])@)(?P<a>[a-z][a-z0-9._-]{1,30})(?=>|\b)"
    r"|^[ \t]*(?:[\[(]?\d{1,2}:\d{2}(?::\d{2})?[\])]?[ \t]*)?(?P<b>[a-z][a-z0-9._-]{1,30}):[ \t]",
    re.MULTILINE,
)
#: How many letters a handle may add to a name it spells ("tobiasm": Tobias and an initial).
_HANDLE_EXTRA = 2


def handles(text: str) -> frozenset[str]:
    """The chat handles of ``text`` ("tobiasm", "amara_o", "j.smith"), as written."""
    if "<" not in text and "@" not in text and ":" not in text:
        return frozenset()
    return frozenset(m.group("a") or m.group("b") for m in _HANDLE_RE.finditer(text))


def spells_name(handle: str, name: str) -> bool:
    """Does a chat handle spell the one-word name ``name`` (folded): a part of it ("amara" of
    "amara_o"), or the name with an initial or two before or after it ("tobiasm", "jsmith")?"""
    parts = re.split(r"[._-]+", handle)
    if name in parts:
        return True
    joined = "".join(parts)
    return len(name) >= 3 and len(joined) - len(name) <= _HANDLE_EXTRA and (
        joined.startswith(name) or joined.endswith(name)) and joined != name
