"""Does the document sentence deny too? Its own negations, read against the answer's denial.

A negation in words (:data:`_DOCUMENT_NEGATION_RE`: not even a weak one counts, "without",
"failed", "former", "waived"...; one that only describes where the answer says the same word,
"the alarm did not fire" / "the alarm fired", does not, nor one the answer says too inside what
it denies, "for use without signal": :func:`_negates`), a negative prefix on
the answer's word ("unsafe" / "not safe": :func:`_prefixed`) or the opposite of one of its words
(:func:`_has_opposite`). A negation that stands in another part of the sentence than the word the
answer denies, which a part of it says plainly, is none ("Figures are in today's money and are not
guaranteed" for "The figures are not in today's money": :func:`_denial_apart`). A text an OCR pass
misread ("shall n0t be used") is read with its zeros as the o's they stand for
(:func:`_misread_zeros`). A denial of what has not happened yet is what a sentence stating it
as planned or pending says ("Payload resume planned orbit 18846, pending go/no-go" for "have not
yet resumed": :func:`_still_to_come`), and a denial that a state goes on, what a sentence of the
change away from it says ("moved you from the main hall" for "no longer in the main hall":
:func:`_changed_from`).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from typing import AbstractSet, Iterator, Optional

from raguard.checkers.negations._common import (
    MIN_SHARED, NO_LONGER_RE, NO_MORE_RE, _DOCUMENT_NEGATION_BARE_RE, _DOCUMENT_NEGATION_RE, _WORD_RE,
)
from raguard.normalize.polarity import (
    denial_reach, denial_scope, has_bare_not, not_determiner, opposite_key, opposites_of, up_to_coordinator,
)
from raguard.normalize.stems import content_stems, is_content_word, stem
from raguard.normalize.text import Token, clause_span, tokenize


_NEGATIVE_PREFIXES = ("un", "non", "dis", "in", "im", "ir", "il")


def _misread_zeros(text: str) -> str:
    """``text`` with each zero of a word of letters read as the "o" an OCR pass misread ("n0t",
    "N0 windows", "0ffice"), when a word of it holds a zero between two letters ("purp0ses",
    "n0rth"): the sign that the text was misread so; else ``text`` itself. Same length, so
    positions hold."""
    if "0" not in text:
        return text
    words = [m for m in _WORD_RE.finditer(text) if "0" in m.group(0)]
    if not any(any(w[i - 1].isalpha() and w[i + 1].isalpha() for i in range(1, len(w) - 1) if w[i] == "0")
               for w in (m.group(0) for m in words)):
        return text
    chars = list(text)
    for m in words:
        word = m.group(0)
        if not word.replace("0", "").isalpha():
            continue  # (a code or a figure: "A0", "100ml")
        for i, ch in enumerate(word):
            if ch == "0":
                near = word[i - 1] if i else word[i + 1:i + 2]
                chars[m.start() + i] = "O" if near.isupper() else "o"
    return "".join(chars)


def _document_negation(text: str) -> re.Pattern[str]:
    """The pattern of a document's negations for ``text`` (with "dont" only where it may be)."""
    return _DOCUMENT_NEGATION_BARE_RE if has_bare_not(text) else _DOCUMENT_NEGATION_RE


def _negates(doc_sentence: str, answer_words: list[str], said: frozenset[str] = frozenset(),
             common: AbstractSet[tuple[str, str]] = frozenset()) -> bool:
    """True when the document sentence has a negation of its own, in words or in a prefix
    ("unsafe" against the answer's "not safe"). A word that denies only in some uses ("former",
    "closed", "free", "fired") is none where the answer sentence says it too, in any form
    (``said``, folded words): there it describes what both say ("not Dario Kowal, a former
    midfielder", "the alarm did not fire" / "the alarm fired"), unless it denies the verb after
    "to" ("Failed to create VM snapshot" for "failed: the snapshot couldn't be created"). Nor is
    a denial the answer says too inside what its denial denies (``common``: see
    :func:`_shared_denials`): "for use without signal" in both is common ground, not the
    document's denial of what the answer's "does not let users download maps for use without
    signal" denies."""
    return next(_negations(doc_sentence, said, common), None) is not None or _prefixed(doc_sentence, answer_words)


def _negations(doc_sentence: str, said: frozenset[str],
               common: AbstractSet[tuple[str, str]] = frozenset(),
               pattern: Optional[re.Pattern[str]] = None) -> Iterator[re.Match[str]]:
    """The negations of the document sentence that :func:`_negates` counts (see there);
    ``pattern``: the words read as negations (by default :func:`_document_negation`'s)."""
    said_stems: Optional[set[str]] = None
    for m in (pattern or _document_negation(doc_sentence)).finditer(doc_sentence):
        word = m.group(0).lower()
        if word == "no" and not_determiner(doc_sentence, m.end()):
            continue  # "added reg no to the listings": a number's abbreviation
        if common and (word, next(iter(tokenize(doc_sentence[m.end():m.end() + 40])), _NO_TOKEN).norm) in common:
            continue
        if word in _CLEAR_DENIALS or word.endswith(("n't", "n’t")):
            yield m
        elif word.startswith(_DENYING_THE_NEXT_VERB) and _TO_VERB_RE.match(doc_sentence, m.end()):
            yield m  # "Failed to create VM snapshot" denies creating, whatever the answer says of failing
        elif word not in said:
            # in another form of a word the answer says ("Alert fired" / "did not fire") it is
            # the answer's word, not a denial
            if said_stems is None:
                said_stems = {stem(w) for w in said}
            if stem(word) not in said_stems:
                yield m


# words that deny the verb after "to" ("failed to create", "refused to sign", "unable to attend")
_DENYING_THE_NEXT_VERB = ("fail", "refus", "declin", "unabl")
_TO_VERB_RE = re.compile(r"[ \t]to[ \t][a-z]", re.IGNORECASE)


def _reached_stems(claim: str, cue: re.Match[str], c_begin: int, c_end: int) -> tuple[set[str], set[str]]:
    """The content stems of the part of the answer's clause (``c_begin``..``c_end`` of
    ``claim``) that its denial ``cue`` sits in, up to the next coordinator after it (:func:`denial_scope`,
    :func:`up_to_coordinator`): "They don't have to wear uniform" of "They don't have to wear
    uniform and can come in their own clothes"), and those of it after the cue (what it denies)."""
    clause = claim[c_begin:c_end]
    begin, _ = denial_scope(clause, cue.start() - c_begin, cue.end() - c_begin)
    end = len(up_to_coordinator(clause, cue.end() - c_begin))
    return content_stems(clause[begin:end]), content_stems(clause[cue.end() - c_begin:end])


# Where a sentence's parts meet, for :func:`_denial_apart`: a semicolon, a comma (not inside a
# figure), a line's end and the conjunctions that join two claims. Not a colon, a parenthesis or
# a dash: what they add belongs with the words before them ("Antibody test: -- not done --").
_PART_BREAK_RE = re.compile(r"[;\n]|,(?!(?<=\d,)\d)|\b(?:and|or|but|while|whereas|although|though)\b", re.IGNORECASE)


# a part set against the one before it: its conjunction (a closed class: the contrastive ones)
_CONTRAST_BEFORE_RE = re.compile(r"\b(?:but|although|though|whereas|while)$", re.IGNORECASE)
_CONTRAST_OPENS_RE = re.compile(r"\W*(?:however|yet|nevertheless)\b", re.IGNORECASE)


def _parts(text: str) -> list[tuple[int, int]]:
    """(start, end) of each part of ``text`` between the breaks of :data:`_PART_BREAK_RE`."""
    spans, begin = [], 0
    for m in _PART_BREAK_RE.finditer(text):
        spans.append((begin, m.start()))
        begin = m.end()
    spans.append((begin, len(text)))
    return spans


def _denial_apart(doc_sentence: str, head: Optional[Token], reached: tuple[set[str], set[str]],
                  answer_words: list[str], said: frozenset[str],
                  common: AbstractSet[tuple[str, str]] = frozenset()) -> bool:
    """Do the negations of the document sentence all stand in other parts of it than the word
    the answer denies (``head``), which a part of it says plainly? ("Figures are in today's
    money and are not guaranteed" for "The figures are not in today's money": the denial is of
    the guarantee.) ``reached``: the content stems of the part of the answer clause its denial
    sits in, and of those after the cue. The plain part holds no word that denies, all the
    stems after the cue, and more of the part's stems than any part that negates. A negation's
    part reaches the list its colon opens (:func:`denial_reach`); one set against the part
    before it ("..., but ...") may deny what that says; a negative prefix on the answer's words
    (:func:`_prefixed`) denies in place."""
    if head is None or _prefixed(doc_sentence, answer_words):
        return False
    h = stem(head.norm)
    stems, denied = reached
    parts = _parts(doc_sentence)
    starts = [begin for begin, _ in parts]

    def part_of(pos: int) -> tuple[int, int]:
        return parts[max(0, bisect_right(starts, pos) - 1)]

    negated = []
    for m in _negations(doc_sentence, said, common):
        begin, end = part_of(m.start())
        if _CONTRAST_BEFORE_RE.search(doc_sentence, max(0, begin - 12), begin) or _CONTRAST_OPENS_RE.match(
                doc_sentence, begin):
            # "These attacks claim to preserve the semantics, but they are not enforced": a part
            # set against the one before it may deny what that one says
            return False
        negated.append((begin, max(end, denial_reach(doc_sentence, m.end(), clause_span(doc_sentence, m.start())[1]))))
    if not negated:
        return False
    plain = None
    for tok in tokenize(doc_sentence):
        if stem(tok.norm) != h:
            continue
        if any(begin <= tok.start < end for begin, end in negated):
            return False  # a negation reaches the word itself
        begin, end = part_of(tok.start)
        if _document_negation(doc_sentence).search(doc_sentence, begin, end):
            return False  # (a word that denies, even one the answer says too: not plainly)
        held = content_stems(doc_sentence[begin:end])
        if not denied <= held:
            return False  # (it must say all the answer denies: "diverge in meaning" / "not meaning-retaining")
        shared = len(stems & held)
        plain = shared if plain is None else max(plain, shared)
    if plain is None or plain < MIN_SHARED:
        return False
    return all(len(stems & content_stems(doc_sentence[begin:end])) < plain for begin, end in negated)


#: What :func:`_negations` reads after a denial at a sentence's end.
_NO_TOKEN = Token("", 0, 0)


def _shared_denials(tokens: list[Token], judged: int, end: int) -> frozenset[tuple[str, str]]:
    """The clear denial words of an answer clause's ``tokens`` after the denial judged (at
    ``judged``) and before ``end``, each with the word after it: what that denial denies holds
    them ("does not let users download maps *without signal*"). One before it is a denial of its
    own that the judged one may go on ("not validated for these (nor are ...)")."""
    return frozenset((t.norm, tokens[i + 1].norm) for i, t in enumerate(tokens[:-1])
                     if t.norm in _CLEAR_DENIALS and judged < t.start < end)


#: Words that deny in every use (the others of _DOCUMENT_NEGATION_RE may describe instead).
_CLEAR_DENIALS = frozenset({"not", "no", "never", "neither", "nor", "none", "nobody", "nothing", "nowhere",
                            "cannot", "without"})


def _prefixed(doc_sentence: str, answer_words: list[str]) -> bool:
    """True when the document sentence holds one of the answer's words with a negative prefix."""
    answer = {w for w in answer_words if is_content_word(w)}
    for tok in tokenize(doc_sentence):
        word = tok.norm
        for prefix in _NEGATIVE_PREFIXES:
            if word.startswith(prefix) and word[len(prefix):] in answer:
                return True
    return False


def _has_opposite(doc_sentence: str, answer_words: list[str], said: frozenset[str] = frozenset()) -> bool:
    """True when the document sentence holds the opposite of one of the answer's words that it
    does not hold itself (and not a word the answer sentence says too, ``said``: "which closed
    in 1966, is not due to reopen" / "closed in 1966, will reopen")."""
    wanted: set[str] = set()
    for w in answer_words:
        wanted |= opposites_of(w)
    if not wanted:
        return False
    tokens = tokenize(doc_sentence)
    keys = {opposite_key(t.norm) for t in tokens}
    # (only for a word the document sentence does not say itself: "nightly at 02:30, kept for 35
    # days" holds "days" as the answer does, and "nightly" opposes nothing the answer denies)
    wanted = {o for w in answer_words if opposite_key(w) not in keys for o in opposites_of(w)}
    return any(opposite_key(t.norm) in wanted and t.norm not in said for t in tokens)


# ("will" and "due" are left out: a policy's "We will pay" is a promise, no event to come)
#: Words that state a thing as still to come (a plan, a schedule, a wait).
_TO_COME = frozenset({"planned", "plan", "plans", "scheduled", "pending", "expected", "awaiting", "awaits",
                      "upcoming", "proposed", "intended", "tbc", "tba"})
# what a denial of something not done *yet* says: "have not yet resumed", "can't be signed yet"
_YET_RE = re.compile(r"\byet\b", re.IGNORECASE)
#: How many words from the denied one a word of :data:`_TO_COME` may stand.
_TO_COME_REACH = 3


def _still_to_come(doc_sentence: str, denial: str, head: Optional[Token]) -> bool:
    """Does ``doc_sentence`` state the thing a *not yet* ``denial`` denies (its word ``head``) as
    still to come, a word of :data:`_TO_COME` or "to be" within a few words of it ("resume planned"
    for "have not yet resumed", "new date to be fixed" for "no new date has been fixed yet")? What
    is planned has not happened yet. (``denial``: from its cue to
    a little past its clause, which ends before "yet". A denial without "yet" may deny the plan
    itself: "is not due to reopen" / "will reopen".)"""
    if head is None or _YET_RE.search(denial) is None:
        return False
    h = stem(head.norm)
    tokens = tokenize(doc_sentence)
    for i, tok in enumerate(tokens):
        if stem(tok.norm) == h:
            near = tokens[max(0, i - _TO_COME_REACH):i + _TO_COME_REACH + 1]
            if any(t.norm in _TO_COME for t in near):
                return True
            if any(a.norm == "to" and b.norm == "be" for a, b in zip(near, near[1:])):
                return True  # "New date to be fixed", "venue to be confirmed": still to be done
    return False


# where the denied phrase ends: a stop, a dash, a comma
_PHRASE_END_RE = re.compile(r"[.,;:!?()\u2013\u2014]|[ \t]-[ \t]")
# where a "from" phrase ends: the "to" of the change, or a stop
_FROM_RE = re.compile(r"\bfrom\b(?P<phrase>[^.,;:!?()\n]*?)(?=\bto\b|\binto\b|[.,;:!?()\n]|$)", re.IGNORECASE)


def _changed_from(doc_sentence: str, denial: str) -> bool:
    """Does ``doc_sentence`` say the change away from what a *no longer* ``denial`` denies
    (every content word of the denied phrase after "from": "moved you from the main hall to
    Studio 2" for "you're no longer in the main hall")? What a thing changed from, it no longer
    is. (``denial``: from its cue to its clause's end.)"""
    if denial[:2].lower() == "no" and (longer := NO_LONGER_RE.match(denial, 2)) is not None:
        phrase = denial[longer.end():]  # "no longer in the main hall"
    elif (more := NO_MORE_RE.search(denial)) is not None:
        phrase = denial[:more.start()]  # "not in the main hall anymore"
    else:
        return False
    phrase = phrase[:m.start()] if (m := _PHRASE_END_RE.search(phrase)) is not None else phrase
    wanted = content_stems(phrase)
    if not wanted:
        return False
    return any(wanted <= content_stems(m.group("phrase")) for m in _FROM_RE.finditer(doc_sentence))
