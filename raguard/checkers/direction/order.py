"""Events set in an order ("X before Y") that their times set the other way, and time bounds.

Events set in an order ("X before Y", "X, after Y", "earlier/later than", "prior to",
"following", "followed/preceded by") are read against their times: the one date or clock time
(or range) each side states in the answer, else the one stated by the document sentences that
hold more than half of that side's content words, narrowed to the clause holding most of them
when a sentence states two (a sentence holding as many of the other side's words places
neither: "service at 11am, followed by burial" gives the burial no time). Flagged when the two
times, which must not overlap, set the events the other way round. Left alone: a side with no
time or two; clock times more than 12 hours apart (across midnight); "after 23 minutes" (a
duration), "before Amara Obi" (a name, no event) and a clause that denies or hedges. A time
bound ("put it out before 8 pm"; also "since", "until", "by", "no later than" before a time or
date, which set no order of events) is read against the document sentences the answer's
sentence is aligned to (:mod:`raguard.align`) and the documents' clauses that share two of its
clause's words: flagged when they set the same time (or date) with a word of the other side
("please put it out after 20:00") and never with one of the answer's. Beyond the before/after of
the aligned sentence, a bound the other way counts only where its clause holds the last content
word the answer's bound is said of ("valid until 31 August" and "expires after 31 August" are
one fact), or says that word's opposite, which makes it the answer's side ("closed until 2
January" / "reopens after 2 January").
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Iterator, Union

from raguard.align import sentence_of
from raguard.checkers.base import CheckContext, Checker, Finding, quote_for_message
from raguard.checkers.direction._common import RANGE_GAP_RE, finding, from_documents, in_date, word_matches
from raguard.normalize.dates import DateMention
from raguard.normalize.numbers import CLOCK_MEASURES, NumberMention
from raguard.normalize.polarity import FUNCTION_OPPOSITES, hedges_or_denies, opposite_key, opposites_of
from raguard.normalize.stems import content_stem, content_stems
from raguard.normalize.text import clause_span, tokenize

if TYPE_CHECKING:  # pragma: no cover
    from raguard.documents import DocumentIndex

#: Words that set one event before (-1) or after (+1) another, the first said of the clause before
#: the word and the second after it ("the alert fired before the errors began"). A closed class.
_ORDER_WORDS = {"before": -1, "earlier than": -1, "prior to": -1, "followed by": -1,
                "after": 1, "later than": 1, "following": 1, "preceded by": 1}
_ORDER_RE = re.compile(
    r"(?<![\w-])(?P<w>before|after|(?:earlier|later)[ \t]+than|prior[ \t]+to|following|(?:followed|preceded)[ \t]+by)"
    r"[ \t]+(?=[^\W_])", re.IGNORECASE)
#: The words a match of _ORDER_RE opens with (or a prefix of them: "follow"), for word_matches.
_ORDER_OPENERS = ("before", "after", "earlier", "later", "prior", "follow", "preceded")
#: Words that bound a time or date on one side only ("since 1 May", "until 5 pm", "by Friday
#: 2 May", "no later than 30 June"): read as time bounds, never as an order of events. A closed class.
_BOUND_WORDS = {"until": -1, "till": -1, "by": -1, "no later than": -1, "since": 1}
_BOUND_RE = re.compile(r"(?<![\w-])(?P<w>until|till|by|no[ \t]+later[ \t]+than|since)[ \t]+(?=[^\W_])", re.IGNORECASE)
_BOUND_OPENERS = ("until", "till", "by", "no", "since")
#: Any word of either class right before a time ("... after ", "... since "), for a document's times.
_SIDE_BEFORE_RE = re.compile(
    r"(?<![\w-])(?P<w>before|after|(?:earlier|later)[ \t]+than|prior[ \t]+to|following|until|till|by|"
    r"no[ \t]+later[ \t]+than|since)[ \t]+\Z", re.IGNORECASE)
_SIDES = {**_ORDER_WORDS, **_BOUND_WORDS}
#: A denial right before a bound word: "not before Dec 2" is after it.
_DENIED_BOUND_RE = re.compile(r"(?:\b(?:not|never)|n't)[ \t]+\Z", re.IGNORECASE)
#: How many words before a bound are read for the state it bounds ("is closed until").
_STATE_WORDS = 3
#: The content words a document clause must share with the answer's to bound the same thing,
#: outside the sentence the answer's is aligned to.
_MIN_SHARED_BOUND = 2
#: "the following day": a determiner before "following" makes it an adjective (a closed class)
_DETERMINER_BEFORE_RE = re.compile(r"(?<![\w])(?:the|a|an|this|that|each|every)[ \t]+\Z", re.IGNORECASE)
#: Hours two clock times of one day may lie apart and still be ordered as written (11 pm and
#: 00:30 are an hour apart across midnight, not 22.5 hours the other way)
_CLOCK_SPAN = 12 * 60
#: NER labels of a name that is no event: "before HHJ Patel" (in front of), "after Ocampo" (in a ranking).
_NAME_LABELS = frozenset({"PERSON", "ORG", "GPE", "NORP", "FAC", "LOC", "PRODUCT", "WORK_OF_ART"})

#: A time: ("clock", minutes since midnight, to minutes) or ("date", (year, month, day), to it).
_Time = tuple


def ordered(checker: Checker, ctx: CheckContext) -> Iterator[Finding]:
    """Two events set in an order ("X before Y", "X, after Y") that their times, the answer's
    own or those of the document sentences their words align to, set the other way."""
    response = ctx.response
    starts = _TimesAt(ctx.numbers, ctx.dates)
    for m in word_matches(_BOUND_RE, response, _BOUND_OPENERS):
        if starts.time(m.end()) is not None:
            yield from _bound(checker, ctx, m, " ".join(m.group("w").lower().split()), starts)
    matches = list(word_matches(_ORDER_RE, response, _ORDER_OPENERS))
    if not matches:
        return
    times = _Times(ctx)
    for m in matches:
        word = " ".join(m.group("w").lower().split())
        if response[m.end()].isdigit():
            yield from _bound(checker, ctx, m, word, starts)
            continue
        if word == "following" and _DETERMINER_BEFORE_RE.search(response, max(0, m.start() - 12), m.start()):
            continue
        sentence = next(((a, b) for a, b in ctx.sentences if a <= m.start() < b), None)
        if sentence is None:
            continue
        # Y: what follows the word, to its clause's end; X: the rest of the word's clause
        # before it, or the clause before (", before lunch,"), or after (a fronted "After Y, X")
        y_end = min(clause_span(response, m.end())[1], sentence[1])
        begin, _ = clause_span(response, m.start())
        begin = max(begin, sentence[0])
        if response[begin:m.start()].strip(" \t,"):
            x_span = (begin, m.start())
        elif begin > sentence[0]:
            x_span = (max(clause_span(response, begin - 1)[0], sentence[0]), begin)
        elif y_end < sentence[1]:
            x_span = (y_end, min(clause_span(response, y_end + 1)[1], sentence[1]))
        else:
            continue
        lo, hi = min(x_span[0], m.start()), max(x_span[1], y_end)
        if hedges_or_denies(response[lo:hi]) or _only_a_name(ctx, m.end(), y_end):
            continue
        x_stems, y_stems = content_stems(response[slice(*x_span)]), content_stems(response[m.end():y_end])
        y = times.of(m.end(), y_end, y_stems, x_stems, counted_ok=False)
        if y is None:
            continue
        x = times.of(*x_span, x_stems, y_stems, counted_ok=True)
        if x is None:
            continue
        order, kind = _order(x, y)
        if order and order != _ORDER_WORDS[word]:
            text = response[lo:hi].strip(" \t,")
            yield finding(checker, lo, hi, text, f"{word}: {response[m.end():y_end].strip()}",
                          f'The answer says "{quote_for_message(text, 80)}", but the first '
                          f'({_say(x[kind])}) comes {"after" if order > 0 else "before"} the second '
                          f'({_say(y[kind])}).')


def _bound(checker: Checker, ctx: CheckContext, m: "re.Match[str]", word: str, starts: "_TimesAt",
           ) -> Iterator[Finding]:
    """A time bound ("put it out before 8 pm", "since 1 May", "until 5 pm") that the documents
    set the other way for the same time ("put it out after 20:00"), and nowhere the same way:
    in the sentence the answer's sentence is aligned to, or in a clause of any document that
    shares :data:`_MIN_SHARED_BOUND` content words with the answer's clause (a long answer's
    sentence is aligned to one of the several it restates)."""
    response = ctx.response
    t = starts.time(m.end())
    if t is None:
        return
    found = sentence_of(ctx.alignment, m.start())
    if found is None or found.doc_index < 0:
        return
    begin, end = clause_span(response, m.start())
    begin, end = max(begin, found.start), min(end, found.end)
    if hedges_or_denies(response[begin:end]):
        return
    sides: dict[int, tuple[int, str]] = {}  # side -> (document, what it says)
    # the opposites of the words right before the bound ("reopens": close, shut): a bound of the
    # opposite state is the other bound ("closed until 2 January" / "reopens after 2 January")
    states = frozenset().union(*map(opposites_of, _words_before(response, begin, m.start()))) - FUNCTION_OPPOSITES

    # what the bound is said of ends before an aside: "will look at #1402 (path handling) before
    # 2 December" bounds the looking
    said_end = m.start()
    if response[found.start:m.start()].rstrip().endswith(")"):
        aside = response.rfind("(", found.start, m.start())
        said_end = aside if aside > found.start else said_end
    # the last content word it is said of ("valid" until, "expires" after): a bound read beyond
    # the before/after of the aligned sentence must be said of that word too, for "valid until 31
    # December" and "expires after 31 December" state one fact from its two sides
    predicate = next((s for t in reversed(tokenize(response[max(found.start, said_end - 60):said_end]))
                      if (s := content_stem(t.norm)) is not None), None)

    def read(doc_index: int, at: int, d_word: str, a: int = 0, b: int = -1, aligned: bool = False) -> None:
        # (a clause that hedges or denies sets no side against the answer, but one that says the
        # answer's side says it however it is worded: "cut into pieces under 1.2 m and leave it
        # out after 2 feb"; a bound denied is the other: "not before Dec 2")
        text, side = ctx.documents.indexes[doc_index].text, _SIDES[d_word]
        c0, c1 = _line_clause(text, at)
        denied = _DENIED_BOUND_RE.search(text, max(0, at - 8), at) is not None
        if denied:
            side = -side
        opposite_state = bool(states) and not states.isdisjoint(map(opposite_key, _words_before(text, c0, at)))
        if opposite_state:
            side, denied = -side, True
        old_reading = aligned and word in _ORDER_WORDS and d_word in _ORDER_WORDS  # (before/after, aligned)
        if side != _SIDES[word] and not opposite_state and not old_reading \
                and (predicate is None or predicate not in content_stems(text[c0:c1])):
            return
        if denied or side == _SIDES[word] or not hedges_or_denies(text[c0:c1]):
            sides.setdefault(side, (doc_index, text[max(c0, a):min(c1, b if b >= 0 else c1)]))

    index = ctx.documents.indexes[found.doc_index]
    doc_times = _TimesAt.of(index)
    for a, b in found.spans:
        for pattern, openers in ((_ORDER_RE, _ORDER_OPENERS), (_BOUND_RE, _BOUND_OPENERS)):
            for dm in word_matches(pattern, index.text, openers, a, b):
                if doc_times.time(dm.end()) == t:
                    read(found.doc_index, dm.start(), " ".join(dm.group("w").lower().split()), a, b, aligned=True)
    stems = content_stems(response[begin:m.start()] + " " + response[starts.end(m.end()):end])
    if len(stems) < _MIN_SHARED_BOUND and said_end < begin:
        stems |= content_stems(response[max(found.start, clause_span(response, said_end - 1)[0]):said_end])
    if len(stems) >= _MIN_SHARED_BOUND:
        for doc_index, other in ctx.documents:
            for start in _TimesAt.of(other).starts_of(t):
                bw = _SIDE_BEFORE_RE.search(other.text, max(0, start - 20), start)
                if bw is None:
                    continue
                c0, c1 = _line_clause(other.text, bw.start())
                if len(stems & content_stems(other.text[c0:c1])) >= _MIN_SHARED_BOUND:
                    read(doc_index, bw.start(), " ".join(bw.group("w").lower().split()))
    if set(sides) == {-_SIDES[word]}:
        text = response[begin:end].strip()
        doc_index, said = sides[-_SIDES[word]]
        yield finding(checker, begin, end, text, f"{word} {response[m.end():end].strip()}",
                      f'The answer says "{quote_for_message(text, 80)}", but document {doc_index} '
                      f'sets it the other way: "{quote_for_message(" ".join(said.split()), 80)}".')


def _words_before(text: str, begin: int, at: int) -> list[str]:
    """The :data:`_STATE_WORDS` words of ``text[begin:at]`` right before ``at`` (folded): what a
    bound there is said of ("the pool *is closed* until")."""
    return [t.norm for t in tokenize(text[max(begin, at - 40):at])][-_STATE_WORDS:]


def _line_clause(text: str, at: int) -> tuple[int, int]:
    """The clause of a document around ``at``, within its line (a chat's turn, a form's field)."""
    c0, c1 = clause_span(text, at)
    line_end = text.find("\n", at, c1)
    return max(c0, text.rfind("\n", c0, at) + 1), c1 if line_end < 0 else line_end


class _TimesAt:
    """The clock times and dates of a text by where they start (the answer's, read once per
    review; a document's, once per document: every "by" of a long answer asks whether a time
    follows it)."""

    def __init__(self, numbers: "list[NumberMention]", dates: "list[DateMention]") -> None:
        self._clocks = {n.start: n for n in reversed(numbers) if n.measure in CLOCK_MEASURES}
        self._dates = {d.start: d for d in reversed(dates) if d.value.month is not None or d.value.year is not None}

    @classmethod
    def of(cls, index: "DocumentIndex") -> "_TimesAt":
        """A document's, kept on its index (asked again by each answer)."""
        found = index.__dict__.get("_times_at")
        if found is None:
            found = index.__dict__["_times_at"] = cls(index.numbers, index.dates)
        return found

    def time(self, pos: int) -> "_Time | None":
        """The clock time or the date (its year, month and day as stated) that starts at ``pos``."""
        n = self._clocks.get(pos)
        if n is not None:
            return ("clock", n.value, n.value)
        d = self._dates.get(pos)
        if d is not None:
            key = (d.value.year, d.value.month, d.value.day)
            return ("date", key, key)
        return None

    def end(self, pos: int) -> int:
        """Where the clock time or date starting at ``pos`` ends (``pos`` when none does)."""
        n = self._clocks.get(pos)
        if n is not None:
            return n.end
        d = self._dates.get(pos)
        return d.end if d is not None else pos

    def starts_of(self, t: _Time) -> Iterator[int]:
        """Where the time ``t`` (as :meth:`time` reads it) starts."""
        if t[0] == "clock":
            yield from (start for start, n in self._clocks.items() if n.value == t[1])
        else:
            yield from (start for start, d in self._dates.items() if (d.value.year, d.value.month, d.value.day) == t[1])


class _Times:
    """The time of an event said in a span of the answer: the one time (a date, a clock time or
    a range of them) the span states, else the one time stated by the document sentences that
    hold the most of the span's content words (more than half of them). None when there is none
    or more than one."""

    def __init__(self, ctx: CheckContext) -> None:
        self.ctx = ctx
        self.numbers = ctx.numbers
        self.dates = ctx.dates

    def of(self, start: int, end: int, stems: set[str], other: set[str], counted_ok: bool,
           ) -> "dict[str, _Time] | None":
        """The time of the event said in ``response[start:end]`` (its content ``stems``; those of
        the ``other`` event it is ordered against do not place it)."""
        response = self.ctx.response
        found = _times_in(response, self.numbers, self.dates, start, end)
        if found is None:
            return None
        if not counted_ok:  # "after 23 minutes", "after the baby is 24 weeks old": no event of its own
            if any(n.measure not in CLOCK_MEASURES and not in_date(n, self.dates)
                   for n in self.numbers if start <= n.start < end):
                return None
        if found:
            return found
        return from_documents(self.ctx.documents, stems, _times_in, other) if stems else None


def _only_a_name(ctx: CheckContext, start: int, end: int) -> bool:
    """Is ``response[start:end]`` a name and nothing more (a determiner before it aside)?"""
    text = ctx.response[start:end]
    words = text.split()
    if words and words[0].lower() == "the":
        start += text.index(words[0]) + 3
    lead = len(ctx.response[start:end]) - len(ctx.response[start:end].lstrip())
    tail = ctx.response[start:end].rstrip(" \t.,;:!?")
    first, last = start + lead, start + len(tail)
    return any(s <= first and e >= last and label in _NAME_LABELS for s, e, label in ctx.entity_spans)


def _times_in(text: str, numbers: "list[NumberMention]", dates: "list[DateMention]", start: int,
              end: int) -> "dict[str, _Time] | None":
    """The one date and the one clock time (or range of two) of ``text[start:end]``, by kind;
    None when it states two of a kind."""
    clocks = [n for n in numbers if start <= n.start < end and n.measure in CLOCK_MEASURES]
    days = [d.value for d in dates if start <= d.start < end and d.value.year is not None]
    out: "dict[str, _Time]" = {}
    if len(clocks) == 1:
        out["clock"] = ("clock", clocks[0].value, clocks[0].value)
    elif len(clocks) == 2 and RANGE_GAP_RE.fullmatch(text, clocks[0].end, clocks[1].start):
        out["clock"] = ("clock", clocks[0].value, clocks[1].value)
    elif clocks:
        return None
    keys = {(v.year, v.month, v.day) for v in days}
    if len(keys) == 1:
        key = keys.pop()
        out["date"] = ("date", key, key)
    elif keys:
        return None
    return out


def _order(x: "dict[str, _Time]", y: "dict[str, _Time]") -> "tuple[int, str]":
    """(-1 when X lies wholly before Y, +1 wholly after, 0 when their times do not tell; the kind
    of time that tells)."""
    if "date" in x and "date" in y:
        order = _date_order(x["date"][1], y["date"][1])
        if order:
            return order, "date"
        if _date_order(x["date"][1], y["date"][1], equal=True) is False:
            return 0, ""  # dates that differ at a precision one of them lacks
    if "clock" in x and "clock" in y:
        (_, x0, x1), (_, y0, y1) = x["clock"], y["clock"]
        if max(x1, y1) - min(x0, y0) > _CLOCK_SPAN or x1 < x0 or y1 < y0:
            return 0, ""  # across midnight, or too far apart to tell
        return (-1 if x1 < y0 else 1 if x0 > y1 else 0), "clock"
    return 0, ""


def _date_order(a: tuple, b: tuple, equal: bool = False) -> Union[int, bool]:
    """-1/+1/0 for two (year, month, day) keys compared on the parts both state, in order; with
    ``equal``, whether they are the same day."""
    for p, q in zip(a, b):
        if p is None or q is None:
            return False if equal else 0
        if p != q:
            return False if equal else (-1 if p < q else 1)
    return True if equal else 0


def _say(t: _Time) -> str:
    """A time as a message writes it: a date's parts joined by "-", a clock time (or range) "HH:MM"."""
    if t[0] == "date":
        return "-".join(f"{v:02d}" for v in t[1] if v is not None)
    _, a, b = t
    hm = lambda v: f"{int(v) // 60:02d}:{int(v) % 60:02d}"
    return hm(a) if a == b else f"{hm(a)}-{hm(b)}"
