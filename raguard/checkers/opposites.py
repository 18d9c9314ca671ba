"""Opposites checker: a word no document says of this, whose opposite the document the sentence restates says of the same thing.

"You must be at least 18; the maximum group is 12" against "minimum group size 12": an answer
that swaps a word for its opposite ("after" for "before", "upper" for "lower", "excluding" for
"including") often does it in a sentence whose other words are the document's own, so the
sentence keeps its support and no value or name is new. The negations checker reads such a swap
clause by clause against one aligned sentence and wants the same neighbours on both sides;
documents written as tables, forms and notes seldom give it those. This checker reads the swap
from the words alone:

- the answer's word has an opposite in the curated table of :mod:`raguard.normalize.polarity`
  (before/after, above/below, more/less, minimum/maximum, first/last, rise/fall, include/exclude,
  open/closed...) or is a word the documents hold with "un-" put before it ("unsuitable" /
  "suitable"), and **no document says the word itself of the same thing** (with the same
  neighbours, as below): a document that says both sides ("minimum 3, maximum 10") is left to
  the negations checker, while one that uses the word of something else ("the maximum stay") does not
  make the swap right. WordNet's antonyms are not read
  here: without a clause to align they pair words of different senses ("presents" / "past");
  measured, they flagged three faithful answers for three more edits caught;
- a sentence of the aligned document holds one of its opposites with ``MIN_SHARED`` or more of the
  content words next to the answer's word on the same side of it (what the word is said of), or
  is a terse note of one thing and its state ("Towpath open"), whose one word the answer says on
  the same side, where no document sentence holds the answer's word with that thing;
- or, for a word no document holds at all, the two clauses share ``MIN_CLAUSE_SHARED`` content
  words wherever they stand ("assigning unsuitable contracts" / "contracts to assign suitable
  tasks"), unless the answer's clause holds the opposite too ("the new planes burn less than the
  older jets" contrasts two things); a word made with "un-" is read against its base's own
  forms only ("uninsured" / "insured", not "insurance");
- the two clauses deny and hedge alike ("not before 10" says "after" in other words): the same
  denial and condition words on both sides, as the negations checker asks;
- a word of comparison (before, after, more, less...) compares the same thing: the same next word
  ("after 3 pm" / "before 3 pm", not "before dawn" / "after 2:40") or the same value a few words
  on ("before 24 weeks of age" / "after the baby is 24 weeks old"), which then counts as one of the
  shared words; and not as a bound ("7,000 or more" says "at least 7,000");
- the two clauses do not bound one time from its two sides ("closes after 10 pm" / "stays open
  until 10 pm", "reopens on 14 March" / "closed until 14 March": each says the other's state on
  the other side of it, :func:`raguard.normalize.time_bounds.restates_across_time`).

It is raised as ``contradicted_claim`` on the answer sentence, with the document sentence.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterator, Mapping, Optional, Sequence

from raguard.checkers.base import CheckContext, Finding, quote_for_message
from raguard.models import CONTRADICTED_CLAIM
from raguard.normalize.fields import field_label
from raguard.normalize.polarity import (
    FUNCTION_OPPOSITES, OPPOSITES, SET_VALUES, hedge_cues, opposite_key, prefix_opposite,
)
from raguard.normalize.stems import content_stem, content_stems
from raguard.normalize.text import Token, clause_span, tokenize
from raguard.normalize.time_bounds import restates_across_time

#: Content words the answer's clause and the document sentence must share besides the pair,
#: each on the same side of it (a converse restatement swaps them: "after studying, she moved" /
#: "she studied before moving"), among the ``_WINDOW`` nearest on each side.
MIN_SHARED = 2
_WINDOW = 3
#: Content words the two clauses must share, anywhere in them, for a word no document holds at
#: all: it cannot be the document's word said of something else, so the clause's words tell
#: what it is said of even where a paraphrase moves them ("assigning unsuitable contracts" /
#: "contracts to assign suitable tasks"); one more than beside the word, as they may stand farther.
MIN_CLAUSE_SHARED = 3


class OppositesChecker:
    name = "opposites"
    warning_type = CONTRADICTED_CLAIM
    default_severity = "high"
    provides = ("opposite",)

    def check(self, ctx: CheckContext) -> Iterator[Finding]:
        if len(ctx.documents) == 0:
            return
        toks = ctx.token_list
        sides: dict[int, Optional[dict[str, bool]]] = {}  # (the answer word's window, by its start: read by both tests)
        for alignment in ctx.alignment:
            if alignment.doc_index < 0:
                continue
            for i in ctx.token_range(alignment.start, alignment.end):
                word = toks[i].norm
                if _contracted(ctx.response, toks, i):
                    continue  # the verb half of "won't" ("will not"), not "won"
                key = opposite_key(word)
                opposite = OPPOSITES.get(key)
                base = None
                if not opposite and word.startswith("un"):
                    opposite = _prefixed_opposite(ctx, word)  # ("unsuitable" / "suitable")
                    base = word[2:]
                if not opposite:
                    continue
                held = _held(ctx, key)
                if held and _said_alike(ctx, alignment.start, alignment.end, toks[i].start, key, sides):
                    continue  # a document says the word itself of the same thing (it may say both)
                found = _against(ctx, alignment.doc_index, alignment.start, alignment.end, toks[i].start, word, opposite,
                                 sides, base=base, unheld=not held)
                if (found is not None and key in SET_VALUES
                        and _says_both(ctx.response[alignment.start:alignment.end], toks[i].start - alignment.start,
                                       frozenset({opposite_key(found[1])}))):
                    found = None  # "red with a brown discharge": two colours, of two things
                if found is not None:
                    span, doc_word = found
                    sentence = ctx.response[alignment.start:alignment.end]
                    doc_text = ctx.documents.indexes[alignment.doc_index].text[span[0]:span[1]]
                    yield Finding(
                        kind="opposite", warning_type=self.warning_type, start=alignment.start, end=alignment.end,
                        text=sentence, supported=False, value=f"opposite: {word} / {doc_word}",
                        suggestion=(f'The answer says "{word}", which no document says of this; document '
                                    f'{alignment.doc_index} says "{doc_word}" of the same thing: '
                                    f'"{quote_for_message(doc_text, 100)}"'),
                        checker=self.name,
                    )
                    break


def _contracted(text: str, toks: Sequence[Token], i: int) -> bool:
    """Is the token at ``i`` of ``toks`` (of ``text``) the first half of a negative contraction,
    an apostrophe and "t" right after it ("won't", "can’t")?"""
    if i + 1 >= len(toks) or toks[i + 1].norm != "t":
        return False
    gap = text[toks[i].end:toks[i + 1].start]
    return gap in ("'", "’")


def _prefixed_opposite(ctx: CheckContext, word: str) -> frozenset[str]:
    """The key of the word that ``word`` negates with "un-" ("unsuitable": "suitable"), where the
    documents hold that word and not ``word``; else empty. (Only this way round: the other,
    "suitable" where a document says "unsuitable", would look every answer word up with the
    prefix, and the negations checker reads that swap clause by clause.)"""
    other = word[2:]
    if not prefix_opposite(word, other):
        return frozenset()
    key, other_key = opposite_key(word), opposite_key(other)
    if _held(ctx, other_key) and not _held(ctx, key):
        return frozenset({other_key})
    return frozenset()


def _held(ctx: CheckContext, key: str) -> bool:
    """Does a document hold the word of this opposite key (a function word as it is, else its stem)?"""
    if key in FUNCTION_OPPOSITES:
        return any(key in index.tokens.vocab for _, index in ctx.documents)
    return any(key in index.stems for _, index in ctx.documents)


def _answer_side(ctx: CheckContext, start: int, end: int, at: int,
                 sides: Optional[dict[int, Optional[dict[str, bool]]]]) -> Optional[dict[str, bool]]:
    """:func:`_window` of the answer's word at ``at`` in its sentence [start, end), kept in ``sides``."""
    if sides is not None and at in sides:
        return sides[at]
    side = _window(ctx.response[start:end], at - start)
    if sides is not None:
        sides[at] = side
    return side


def _said_alike(ctx: CheckContext, start: int, end: int, at: int, key: str,
                sides: Optional[dict[int, Optional[dict[str, bool]]]] = None) -> bool:
    """Does a document sentence say the answer's word of the same thing: a sentence holding it with
    ``MIN_SHARED`` or more of the content words next to the answer's word on the same side of it,
    anywhere in the sentence? (A word the documents
    use only of something else, "maximum" of a stay where the answer says it of an age, does not
    make its swap right; one they say beside the same words, "opens on Thursday ... and closes on
    Monday", may say both sides and is left alone.)"""
    a_side = _answer_side(ctx, start, end, at, sides)
    a_value = _compared_value(ctx.response[start:end], at - start) if key in FUNCTION_OPPOSITES else None
    if a_side is None or len(a_side) + (a_value is not None) < MIN_SHARED:
        return True  # too little to tell what the word is said of: as before, the word counts as said
    for _, index in ctx.documents:
        spans, by_stem = index.sentence_index
        numbers = index.sentences_holding(key) if key in FUNCTION_OPPOSITES else by_stem.get(key, ())
        memo = index.__dict__.setdefault("_opposite_words", {})  # (per document sentence: asked per answer)
        for n in numbers:
            words = memo.get(n)
            if words is None:
                s, e = spans[n]
                words = memo[n] = [(t.start, opposite_key(t.norm), content_stem(t.norm))
                                   for t in tokenize(index.text[s:e])]
            for at_word, word_key, _ in words:
                if word_key != key:
                    continue
                before = {w for p, _, w in words if p < at_word}
                after = {w for p, _, w in words if p > at_word}
                shared = sum(1 for w, side in a_side.items() if w in (before if side else after))
                if a_value is not None:
                    s, e = spans[n]
                    shared += _compared_value(index.text[s:e], at_word) == a_value
                if shared >= MIN_SHARED:
                    return True
    return False


#: "or" right before a function word of comparison: "7,000 or more", "June or later" bound a value.
_BOUND_RE = re.compile(r"\bor[ \t]+\Z", re.IGNORECASE)
#: Words after which the next word says what a comparison is of ("more than 10", "before the 5th").
_LINKS = frozenset({"than", "the", "of", "a", "an", "that"})


def _same_next(a_text: str, a_at: int, d_text: str, d_at: int) -> bool:
    """Do the two words of comparison ("before" / "after") compare the same thing: the same next
    word (past "than", "the", "of"), "after 5 pm" / "before 5 pm", not "before dawn" / "after 2:40";
    or the same value (:func:`_compared_value`), "before 24 weeks of age" / "after the baby is 24
    weeks old"?"""
    a_next = [t.norm for t in tokenize(a_text[a_at:a_at + 60])][1:4]
    d_next = [t.norm for t in tokenize(d_text[d_at:d_at + 60])][1:4]
    while a_next and a_next[0] in _LINKS and d_next and d_next[0] == a_next[0]:
        a_next, d_next = a_next[1:], d_next[1:]
    if bool(a_next) and bool(d_next) and a_next[0] == d_next[0]:
        return True
    value = _compared_value(a_text, a_at)
    return value is not None and value == _compared_value(d_text, d_at)


#: How many words after a word of comparison the value it compares with may come.
_VALUE_REACH = 5


def _compared_value(text: str, at: int) -> Optional[str]:
    """The number the word of comparison at ``at`` compares with: the first among the next
    :data:`_VALUE_REACH` words of its clause ("before 10 am": "10"; "after the baby is 24 weeks
    old": "24"). A number is no content word, so the windows do not hold it; two comparisons of
    the same value count it as a word they share."""
    end = clause_span(text, at)[1]
    for t in tokenize(text[at:end])[1:1 + _VALUE_REACH]:
        if t.norm[0].isdigit():
            return t.norm
    return None


def _terse(d_side: Mapping[str, Optional[bool]], shared: int) -> bool:
    """Is the document's clause a terse note of one thing and its state ("Towpath open", "Pool:
    closed"), whose one content word the answer says on the same side? It has no second word to
    share, and what it is said of is that one."""
    return shared == 1 and len(d_side) == 1


@lru_cache(maxsize=2048)
def _label_of(text: str, at: int) -> frozenset[str]:
    """The content stems of the label of the field whose value's first clause holds the word at
    ``at`` ("Severity: *High* (CVSS 8.1)": {"sever"}); empty when it is no field's value."""
    begin = clause_span(text, at)[0]
    while begin < at and text[begin].isspace():
        begin += 1
    label = field_label(text, begin)
    return frozenset() if label is None else frozenset(content_stems(text[label[0]:label[1]]))


def _said_with(ctx: CheckContext, word: str, thing: str) -> bool:
    """Does a document sentence hold the answer's ``word`` and the stem ``thing`` together
    ("towpath shut from 6 pm" beside "Towpath open")? Then it may say both of that thing."""
    key = opposite_key(word)
    for _, index in ctx.documents:
        by_stem = index.sentence_index[1]
        holding = index.sentences_holding(key) if key in FUNCTION_OPPOSITES else by_stem.get(key, ())
        if holding and not set(holding).isdisjoint(by_stem.get(thing, ())):
            return True
    return False


@lru_cache(maxsize=2048)
def _clause_words(text: str, at: int) -> frozenset[str]:
    """The content stems of the clause holding the word at character ``at``, that word left out,
    whichever side of it they stand (kept per text and position, as :func:`_window`)."""
    begin, end = clause_span(text, at)
    return frozenset(w for t in tokenize(text[begin:end])
                     if t.start + begin != at and (w := content_stem(t.norm)) is not None)


def _says_both(text: str, at: int, opposite: frozenset[str]) -> bool:
    """Does the clause holding the word at ``at`` also hold one of its opposites ("the new planes
    burn less than the older jets")? It then contrasts two things, and says neither of the other."""
    begin, end = clause_span(text, at)
    return any(opposite_key(t.norm) in opposite for t in tokenize(text[begin:end]))


@lru_cache(maxsize=2048)
def _window(text: str, at: int) -> Optional[dict[str, bool]]:
    """The content stems within ``_WINDOW`` content words of the word at character ``at`` in its
    clause, each with its side (True: before the word); None when ``at`` starts no word. (Kept
    per text and position, a document sentence's asked again by every answer aligned to it: the
    dict is read, never changed.)"""
    begin, end = clause_span(text, at)
    words = [(t.start + begin, content_stem(t.norm)) for t in tokenize(text[begin:end])]
    k = next((i for i, (s, _) in enumerate(words) if s == at), None)
    if k is None:
        return None
    before = [w for _, w in words[:k] if w is not None][-_WINDOW:]
    after = [w for _, w in words[k + 1:] if w is not None][:_WINDOW]
    side = {w: False for w in after}
    side.update((w, True) for w in before)
    return side


def _against(ctx: CheckContext, doc_index: int, start: int, end: int, at: int, word: str,
             opposite: frozenset[str], sides: Optional[dict[int, Optional[dict[str, bool]]]] = None,
             base: Optional[str] = None, unheld: bool = False) -> Optional[tuple[tuple[int, int], str]]:
    """The aligned document's sentence that says an opposite of ``word`` of the same thing, and
    that word; None when there is none. ``base``: the word ``word`` negates with "un-", whose
    own forms alone count ("uninsured" / "insured", not "insurance"); ``unheld``: no document
    holds ``word``, so the clauses may share their words anywhere (``MIN_CLAUSE_SHARED``)."""
    index = ctx.documents.indexes[doc_index]
    spans, by_stem = index.sentence_index
    numbers: set[int] = set()
    for key in opposite:
        numbers.update(index.sentences_holding(key) if key in FUNCTION_OPPOSITES else by_stem.get(key, ()))
    if not numbers:
        return None
    sentence = ctx.response[start:end]
    if _BOUND_RE.search(sentence, 0, at - start) and word in FUNCTION_OPPOSITES:
        return None  # "7,000 or more" is a bound, no comparison
    a_side = _answer_side(ctx, start, end, at, sides)
    a_value = _compared_value(sentence, at - start) if word in FUNCTION_OPPOSITES else None
    if a_side is None or len(a_side) + (a_value is not None) < MIN_SHARED:
        return None
    # (the answer clause's cues are read at the first document word that gets that far: most
    # calls find none, and hedge_cues is a pattern's pass over the clause)
    a_cues: Optional[frozenset[str]] = None
    memo = index.__dict__.setdefault("_opposite_tokens", {})  # (per document sentence: asked per answer)
    for n in sorted(numbers):
        s, e = spans[n]
        doc_sentence = index.text[s:e]
        doc_tokens = memo.get(n)
        if doc_tokens is None:
            doc_tokens = memo[n] = tokenize(doc_sentence)
        for t in doc_tokens:
            if opposite_key(t.norm) not in opposite:
                continue
            if base is not None and not t.norm.startswith(base[:-1]):
                continue
            if t.norm in FUNCTION_OPPOSITES and not _same_next(sentence, at - start, doc_sentence, t.start):
                continue
            d_side = _window(doc_sentence, t.start)
            if d_side is None:
                continue
            # a field's terse value ("Severity: High") is said of its label, on either side in the
            # answer's words ("rated low severity"): its label's words count on both (None)
            label = _label_of(doc_sentence, t.start) if len(d_side) < 2 else frozenset()
            said_of: Mapping[str, Optional[bool]] = {**dict.fromkeys(label, None), **d_side} if label else d_side
            shared = sum(1 for w in a_side if w in said_of and said_of[w] in (a_side[w], None))
            if (shared < MIN_SHARED and unheld and not _says_both(sentence, at - start, opposite)
                    and len(_clause_words(sentence, at - start) & _clause_words(doc_sentence, t.start))
                    >= MIN_CLAUSE_SHARED):
                shared = MIN_SHARED  # a word no document holds, in a clause of the same words
            if a_value is not None and _compared_value(doc_sentence, t.start) == a_value:
                shared += 1
            if shared < MIN_SHARED and not (_terse(said_of, shared) and not _said_with(ctx, word, next(iter(said_of)))):
                continue
            if a_cues is None:
                a_begin, a_end = clause_span(sentence, at - start)
                a_cues = hedge_cues(sentence[a_begin:a_end], at - start - a_begin)  # (the word itself is no hedge)
            d_begin, d_end = clause_span(doc_sentence, t.start)
            if hedge_cues(doc_sentence[d_begin:d_end], t.start - d_begin) != a_cues:
                continue
            a_begin, a_end = clause_span(sentence, at - start)
            if word not in FUNCTION_OPPOSITES and restates_across_time(sentence[a_begin:a_end],
                                                                       doc_sentence[d_begin:d_end]):
                continue  # "closes after 9 pm" / "stays open until 9 pm": each side of one time
            return (s, e), t.norm
    return None
