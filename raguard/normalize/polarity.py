"""Polarity of a clause: where a clear denial is, what it denies, and words of opposite direction.

Pure functions over text, read by the negations checker to compare an answer sentence with the
document sentence it is aligned to (:mod:`raguard.align`): a document that denies what the answer
affirms ("is not recommended" / "is recommended"), and an answer that swaps a word for its opposite
("rose" / "fell").

Opposites come from two tables. WordNet's direct antonyms (data/antonyms.txt, compiled by
scripts/build_synonyms.py): pairs the lexicographers linked word to word ("increase" / "decrease",
"hire" / "fire", "explicit" / "implicit"), not whole synsets nor "similar" words, so a loose
sense does not make two words opposites. And a small curated table of the direction, outcome and
degree words WordNet does not pair word to word ("soar" / "plunge", "gain" / "loss") and of
everyday terms it lacks ("include" / "exclude", "fixed" / "variable"), each side a group the
stemmer already treats as one. A pair belongs in either only when the two words, said of
the same thing in the same place, cannot both be true. Converses, which a faithful restatement
swaps together with their arguments ("A bought it from B" / "B sold it to A", "A beat B" / "B lost
to A"), are told apart by the checker, which compares the order of the words around the pair.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Callable, Optional

from raguard.normalize.bindings import AUXILIARIES
from raguard.normalize.data_files import data_file
from raguard.normalize.stems import content_stem, content_stems, stem
from raguard.normalize.text import Token, clause_span, tokenize

#: A contraction of "not" written without its apostrophe, as chats and transcripts do ("dont",
#: "didnt", "cant", "wont"): a denial in a document all the same.
BARE_NOT = r"\b(?:do|does|did|is|are|was|were|has|have|had|could|would|should|must|need|ca|wo|ai)nt\b"

_BARE_PREFIXES = frozenset("do does did is are was were has have had could would should must need ca wo ai".split())
_NT_END_RE = re.compile(r"nt\b|NT\b|Nt\b|nT\b")


def has_bare_not(text: str) -> bool:
    """Does ``text`` hold a contraction of "not" without its apostrophe ("dont", "cant")? A scan
    for "nt" at a word's end, then its word: the patterns below run with :data:`BARE_NOT` only
    where it may match (as one more alternative everywhere it doubled their cost)."""
    for m in _NT_END_RE.finditer(text):
        start = m.start()
        k = start
        while k > 0 and text[k - 1].isalpha():
            k -= 1
        if text[k:start].lower() in _BARE_PREFIXES:
            return True
    return False


def with_bare_not(pattern: re.Pattern[str]) -> re.Pattern[str]:
    """``pattern`` with :data:`BARE_NOT` as one more alternative."""
    return re.compile(pattern.pattern + "|" + BARE_NOT, pattern.flags)


#: A clear denial: the words whose scope is the rest of their clause.
DENIAL_RE = re.compile(
    # (every branch starts with "n" or "c": re then skips every other position, 2.4x faster on a
    # document, which the negations checker scans once for its denying sentences)
    r"(?=[nc])(?:\b(?:not|never|no|none|nobody|nothing|neither|nor|cannot)\b|n[’']t\b)",
    re.IGNORECASE,
)
DENIAL_BARE_RE = with_bare_not(DENIAL_RE)

#: What turns a denial into a condition: "not ... without", "no ... unless", "none ... except"
#: (read by the negations checker and by the number reader's denied bounds).
EXCEPT_RE = re.compile(r"\b(?:without|unless|except)\b", re.IGNORECASE)

#: The words :data:`DENIAL_BARE_RE` matches whole, lower-cased (its other branch, "n't", holds an
#: apostrophe): "not", "never"... and the contractions without theirs ("dont", "cant").
DENIAL_WORDS = frozenset({"not", "never", "no", "none", "nobody", "nothing", "neither", "nor", "cannot"}
                         | {prefix + "nt" for prefix in _BARE_PREFIXES})


def denies_anything(text: str) -> bool:
    """Does ``text`` hold a denial word ("not", "never", "no", "n't", a chat's "dont")?"""
    pattern = DENIAL_BARE_RE if has_bare_not(text) else DENIAL_RE
    return pattern.search(text) is not None


def may_deny(text: str, runs: list[str]) -> bool:
    r"""False only when :data:`DENIAL_BARE_RE` (so :data:`DENIAL_RE` too) finds nothing in
    ``text``; ``runs`` are its runs of letters and digits (``[^\W_]+``) folded, as a document's
    tokens are when no two merge (``TokenText.single_runs``). A match of a whole word stands
    between two non-word characters, so it is one of the runs, and each character ``re`` reads
    as a letter of these words (any case, "İ", "ſ") folds to it, but for the dotless "ı"; the
    "n't" branch needs an apostrophe and a t. Without those, a set test on the words the
    document has read anyway replaces a scan of its text (most documents deny nothing: ~80 µs
    on a 300-word one right after the parse)."""
    return ("'t" in text or "'T" in text or "’t" in text or "’T" in text or "ı" in text
            or not DENIAL_WORDS.isdisjoint(runs))


# A denial that affirms, or that denies an amount rather than the claim ("not only X but Y", "no
# less than", "nothing but"), and a denial inside a condition or an alternative ("whether or not",
# "if not", "unless"): the clause then does not deny what follows.
# (the gap is bounded: read with .match right after the negation, and a run of punctuation there
# must not be scanned back and forth: "not, only" is the widest real gap)
_NOT_A_DENIAL_AFTER_RE = re.compile(
    r"\W{0,8}(?:only|just|merely|simply|solely|least|necessarily|always|all|every|exactly|quite|entirely|"
    r"fully|completely|until|till|far|long|less|more|fewer|later|earlier|sooner|doubt|matter|question|"
    r"wonder|surprise|surprisingly|coincidence|one|other|but|else|to[ \t]+mention|yet|including|counting)\b|\W{0,8}[.]?[ \t]{0,8}\d",
    re.IGNORECASE,
)
_NOT_A_DENIAL_BEFORE_RE = re.compile(
    r"\b(?:whether|if|or|unless|why|how|what|perhaps|maybe|almost|nearly)\W*$", re.IGNORECASE,
)
# The same words in the answer's clause: it hedges or denies in its own way; left alone.
_WEAK_DENIAL_RE = re.compile(
    r"\b(?:not|never|no|none|nobody|nothing|neither|nor|cannot|without|lack\w*|fail\w*|refus\w*|"
    r"den(?:y|ies|ied|ial)|unable|instead|rather|except|if|unless|whether|only|no[ \t-]longer|"
    r"avoid\w*|prevent\w*|refrain\w*|stop(?:s|ped|ping)?[ \t]+(?:\w+[ \t]+){0,3}?from|"
    # what one holds off, puts off, abstains from or forgoes one does not do yet ("hold off
    # buying it until then" restates "don't buy it before then")
    r"h(?:old(?:s|ing)?|eld)[ \t]+off|put(?:s|ting)?[ \t]+off|abstain\w*|forgo(?:es|ne|ing)?|forwent|"
    # what is free of a thing, exempt from it or waived has none of it ("free of anchorage dues"
    # restates "no anchorage dues")
    r"free[ \t]+(?:of|from)|exempt\w*|waiv\w*)\b|n[’']t\b",
    re.IGNORECASE,
)
_WEAK_DENIAL_BARE_RE = with_bare_not(_WEAK_DENIAL_RE)
# A prohibition denies in a word of its own ("hosepipes are banned" restates "no hosepipes"); not
# a hedge: "allowed" / "banned" is still a swap of opposite words (see hedge_cues)
_PROHIBITION_RE = re.compile(r"\b(?:ban(?:s|ned)?|prohibit\w*|forbid\w*|forbade|disallow\w*)\b", re.IGNORECASE)


def prohibits(text: str) -> bool:
    """Does ``text`` forbid something ("banned", "prohibited", "forbidden", "disallowed")?"""
    return _PROHIBITION_RE.search(text) is not None


_BOUND_AFTER_RE = re.compile(r"[ \t]{1,4}(?:more|less|fewer|later|earlier|longer|sooner|higher|lower|greater|"
                             r"larger|smaller|bigger|older|younger|shorter|cheaper|further|farther)[ \t]+than\b",
                             re.IGNORECASE)


#: The words that deny a verb a bound follows (:func:`bound_denial_end`): not "no" ("no child
#: under 12" is a condition), which :func:`denies_amount` reads right before its bound only.
_VERB_DENIALS = frozenset({"not", "never", "cannot", "nothing", "nobody"})  # ("nothing went above -60")
#: Where a clause ends, for a condition after a denied bound.
_CLAUSE_ENDS = ".;:!?\n"
#: The most words between a denial and a bound after "for" ("do not stay in the sauna for more
#: than 15 minutes"); without "for", two ("do not take more than 4 tablets").
_BOUND_REACH = 6
#: Words that start another verb or clause between a denial and a bound: "who are not pregnant
#: *may* take more than 2" bounds nothing the denial denies.
_BOUND_BREAKS = AUXILIARIES | frozenset({"that", "which", "who", "whom", "if", "when", "while", "and", "or", "but",
                                         "because", "unless"})
_WORD_RUN_RE = re.compile(r"\S+")
#: A bound a denial may turn round through its verb, and the figure it bounds ("more than 8",
#: "over two hours"): a figure is what makes it an amount ("do not lean over the rail", "do not
#: stay longer than needed" bound nothing the answer can restate as "up to").
_BOUND_WORDS = r"(?:more|less|fewer|longer|higher|lower|greater)[ \t]+than|over|above|under|below|exceeding"
_BOUND_FIGURE = (r"(?:[$€£¥₹]?\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|"
                 r"forty|fifty|hundred)\b)")
_BOUND_RE = re.compile(rf"\b(?:{_BOUND_WORDS})[ \t]+{_BOUND_FIGURE}", re.IGNORECASE)
# the same bound right after a word, perhaps a word between ("no bows over 30 lb", "no vans
# weighing more than 3.5 t")
_BOUND_NEXT_RE = re.compile(rf"[ \t]+(?:[^\W\d_]+[ \t]+)?(?P<bound>{_BOUND_WORDS})[ \t]+{_BOUND_FIGURE}", re.IGNORECASE)


def bound_right_after(text: str, pos: int) -> Optional[str]:
    """The first word, lower-cased, of a bound on a figure right after ``pos`` of ``text`` (a
    word may stand between: "No bows *over 30 lb*": "over"), else None."""
    m = _BOUND_NEXT_RE.match(text, pos)
    return m.group("bound").split()[0].lower() if m is not None else None


def bound_denial_end(text: str, at: int) -> Optional[int]:
    """Where the "not", "never", "cannot", "nothing", "nobody" or "-n't" ends whose verb the
    bound at ``at`` is said of ("Do not take more than 4 tablets", "don't stay in the sauna for
    more than 15 minutes", "nothing went above -60": at most), or None: the verb one or two
    words on, or up to :data:`_BOUND_REACH` before a "for" (not "do not give to children under
    12"), no other verb or clause between; not where the clause goes on to a condition ("do not
    use for more than 5 days without asking": past 5 days, ask)."""
    words = list(_WORD_RUN_RE.finditer(text, max(0, at - 60), at))
    for k in range(1, min(len(words) - 1, _BOUND_REACH) + 1):
        if not words[-k].group(0).isalpha():
            return None
        denial = words[-k - 1].group(0).lower()
        if denial in _VERB_DENIALS or denial.endswith(("n't", "n\u2019t")):
            if k > 2 and words[-1].group(0).lower() != "for":
                return None
            end = next((i for i in range(at, min(len(text), at + 80)) if text[i] in _CLAUSE_ENDS), at + 80)
            return words[-k - 1].end() if EXCEPT_RE.search(text, at, end) is None else None
        if denial in _BOUND_BREAKS:
            return None
    return None


def denies_amount(text: str, cue_end: int, clause_end: int) -> bool:
    """Does the denial cue ending at ``cue_end`` bound an amount rather than deny a deed or a
    state? Right before its bound ("no more than four times a day" = "up to four", "no later
    than Friday"), or through the verb it denies ("Do not take more than 8 tablets": taking is
    allowed, up to 8; :func:`bound_denial_end`), the bound before ``clause_end``."""
    if _BOUND_AFTER_RE.match(text, cue_end) is not None:
        return True
    return any(bound_denial_end(text, m.start()) == cue_end for m in _BOUND_RE.finditer(text, cue_end, clause_end))


def denial_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each clear denial cue of ``text`` that denies what follows it (not "not
    only", "no less than", "whether or not", "if not")."""
    out = []
    for m in (DENIAL_BARE_RE if has_bare_not(text) else DENIAL_RE).finditer(text):
        if _NOT_A_DENIAL_AFTER_RE.match(text, m.end()):
            continue
        if _NOT_A_DENIAL_BEFORE_RE.search(text, max(0, m.start() - 20), m.start()):
            continue
        if m.group(0).lower() == "no" and text[m.end():m.end() + 1] == ".":
            continue  # "No. 5"
        if m.group(0).lower() == "no" and not_determiner(text, m.end()):
            continue  # "w/ reg no + label photo", "added reg no to the listings": a noun ("number")
        if text[m.end():m.end() + 1] in _HYPHENS:
            continue  # a compound: "a no-fee plan", "a not-for-profit group"
        if scoped_in_time(text, m.start()):
            continue  # "not approved until 2019" says when it was approved
        word = m.group(0)
        if (word == "NOT" and _CODE_CELL_RE.match(text, m.end())
                and not text[text.rfind("\n", 0, m.start()) + 1:m.start()].strip()):
            continue  # a code first in a layout's line: "NOT  Notify prior to delivery ... $25.00"
        if (word[0].isupper() and not word.isupper() and text[:m.start()].strip()
                and text[:m.start()].rstrip()[-1] not in ".!?:;\"“(|"):
            continue  # capitalized inside a sentence: part of a name ("Never Shout Never"); "NOT" stresses
            # (a table's cell opens like a sentence: "| Pets allowed | No |")
        out.append((m.start(), m.end()))
    return out


_HYPHENS = frozenset("-‐")
# a gap of a layout's columns, then a label: what follows a code ("NOT  Notify prior to delivery")
_CODE_CELL_RE = re.compile(r"(?:\t|[ ][ \t])[ \t]{0,20}[A-Z][a-z]")
# What the determiner "no" is never followed by: what it denies comes right after it ("no
# payload", "no more"), not a sign that joins two items, a preposition, an article or a
# conjunction (closed classes). "no" before them is a noun: an abbreviation of "number"
# ("reg no + label photo", "added reg no to the listings") or a vote ("said no to the plan").
_JOINS = frozenset("+&")
_NOT_AFTER_DETERMINER = frozenset({"to", "of", "for", "from", "with", "by", "at", "in", "on", "the", "a", "an",
                                   "and", "or"})


def not_determiner(text: str, end: int) -> bool:
    """Is "no" ending at ``end`` of ``text`` followed by a join or a word it never governs?"""
    rest = text[end:end + 8].lstrip(" \t")
    if rest[:1] in _JOINS:
        return True
    word = rest.split(None, 1)[0].lower() if rest[:1].isalpha() and end < len(text) and text[end] in " \t" else ""
    return word in _NOT_AFTER_DETERMINER

# A form's tick box, empty or marked: "☐", "☒", "[ ]", "[X]" (the glyphs and brackets forms use,
# a closed set)
_BOX_RE = re.compile(r"[☐□☑☒✅]|\[[ \t]?[xX✓✔]?[ \t]?\]")
_EMPTY_BOXES = frozenset("☐□")


def unticked_items(text: str) -> list[tuple[int, int]]:
    """(start, end) of each item of ``text`` that follows an empty tick box ("[ ] life
    threatening", "☐ Claim(s) ___ is/are allowed"), up to the next box or the line's end: a
    form's option left unticked is not so (or not chosen), as a denial says."""
    out = []
    boxes = list(_BOX_RE.finditer(text))
    for n, box in enumerate(boxes):
        mark = box.group(0)
        if mark not in _EMPTY_BOXES and not (mark.startswith("[") and not mark.strip("[] \t")):
            continue
        end = boxes[n + 1].start() if n + 1 < len(boxes) else len(text)
        line_end = text.find("\n", box.end(), end)
        out.append((box.end(), end if line_end < 0 else line_end))
    return out
_UNTIL_RE = re.compile(r"\b(?:until|till)\b", re.IGNORECASE)


def scoped_in_time(text: str, pos: int) -> bool:
    """True when the clause around ``pos`` holds "until" or "till": a denial there says when
    something began ("was not approved until 2019"), not that it never was."""
    begin, end = clause_span(text, pos)
    return _UNTIL_RE.search(text, begin, end) is not None


def hedges_or_denies(text: str) -> bool:
    """True when ``text`` has any denial, weak or clear, or a condition (the answer's clause is
    then not a plain affirmation)."""
    return (_WEAK_DENIAL_BARE_RE if has_bare_not(text) else _WEAK_DENIAL_RE).search(text) is not None


def hedge_cues(text: str, word_at: int = -1) -> frozenset[str]:
    """The denial and condition words of ``text``, folded ("without", "not", "if"): two clauses
    with the same ones deny or hedge alike, so a word swapped for its opposite between them is
    still a swap ("without explicit supervision" / "without implicit supervision"). The words of
    a plain denial count as one ("no refund if ..." / "we cannot refund if ...").

    A cue starting at ``word_at`` is left out: there the word swapped is itself a denial word
    ("unable" / "able", "denied" / "approved"), which makes the pair, not a hedge around it."""
    pattern = _WEAK_DENIAL_BARE_RE if has_bare_not(text) else _WEAK_DENIAL_RE
    return frozenset(_cue_class(m.group(0).lower().replace("’", "'")) for m in pattern.finditer(text)
                     if m.start() != word_at)


def _cue_class(cue: str) -> str:
    """A folded cue, or "not" for any word of a plain denial ("never", "cannot", "n't", "dont")."""
    return "not" if cue in DENIAL_WORDS or cue.endswith("n't") else cue


#: Verbs of the stop list (fillers for support: :data:`~raguard.normalize.stems.FILLER_WORDS`)
#: that carry a clause's predicate: after a denial they are what it denies ("lunch is not
#: *included*", "do not *take* with alcohol", "has not *shown* that ..."). Left out: auxiliaries,
#: modals and reporting verbs, which deny nothing of their own, and the verbs that mostly lead
#: another predicate ("don't *get* us thrown out", "*make* sure", "*keep* trying", "*see* if").
PREDICATE_FILLERS = frozenset({
    "include", "includes", "included", "take", "takes", "took", "taken", "give", "gives", "gave",
    "given", "show", "shows", "shown",
})


def denied_head(text: str, cue_end: int, clause_end: int, predicates: bool = False) -> Optional[Token]:
    """The first content word after a denial cue, within its clause: what is denied ("not
    *recommended* during pregnancy", "no *survivors* were found"); with ``predicates``, a verb of
    :data:`PREDICATE_FILLERS` too ("is not *included*")."""
    for tok in tokenize(text[cue_end:clause_end]):
        if tok.norm in _SCOPE_ENDS:
            return None  # "not around that I miss": the denial ends before a clause of its own
        if content_stem(tok.norm) is not None or (predicates and tok.norm in PREDICATE_FILLERS):
            return Token(tok.norm, cue_end + tok.start, cue_end + tok.end)
    return None


# words that open a clause of their own: a denial does not reach past them
_SCOPE_ENDS = frozenset({"that", "which", "who", "whom", "whose", "where", "when", "while", "because",
                         "since", "although", "though", "if", "unless", "whereas"})


#: The coordinators that join two clauses or two items: where a clause's parts meet.
COORDINATORS = frozenset({"and", "or", "but"})


def denies_a_link(text: str, cue_end: int) -> bool:
    """Does the denial cue ending at ``cue_end`` of ``text`` stand right before a word that opens
    a clause of its own ("It isn't *because* they think the check will bounce", "not *that* it
    matters")? It denies that clause's link to what is said (a reason, a claim), not what the
    clause says: a document stating that plainly does not contradict it."""
    for tok in tokenize(text[cue_end:cue_end + 40]):
        return tok.norm in _SCOPE_ENDS
    return False


def up_to_coordinator(text: str, pos: int, relatives: bool = False) -> str:
    """The clause ``text`` up to the first coordinator ("and", "or", "but") after position
    ``pos``: "paid a dividend *and* has no current plans" -> "paid a dividend" for a position in
    "paid". What comes before stays: a denial there reaches the word too ("can't be refunded or
    transferred"). With ``relatives``, up to a relative clause's opener after it too: "inflexible
    plans *that* cannot be tailored" denies in the relative clause, not the word."""
    ends = _CLAUSE_OPENERS if relatives else COORDINATORS
    for tok in tokenize(text):
        if tok.start > pos and tok.norm in ends:
            return text[:tok.start]
    return text


#: Words that open a relative clause after a noun ("options *that* cannot be tailored"), and
#: with them the coordinators: where :func:`up_to_coordinator` stops with ``relatives``.
_CLAUSE_OPENERS = COORDINATORS | frozenset({"that", "which", "who", "whom", "whose"})


def denial_scope(text: str, cue_start: int, cue_end: int) -> tuple[int, int]:
    """(start, end) of the clause of its own that a denial at [``cue_start``, ``cue_end``) sits
    in ("a pub *where they can't sample beer*", "check-in is at three *and breakfast is not
    included*"): from the last word before it that opens one or joins two to the first
    "and"/"or"/"but" after it; (0, len(text)) when no such word precedes it. A condition ("if",
    "unless") is kept with what it conditions."""
    begin = 0
    for tok in tokenize(text[:cue_start]):
        if (tok.norm in _SCOPE_ENDS and tok.norm not in ("if", "unless")) or tok.norm in COORDINATORS:
            begin = tok.start
    if not begin:
        return 0, len(text)
    for tok in tokenize(text[cue_end:]):
        if tok.norm in COORDINATORS:
            return begin, cue_end + tok.start
    return begin, len(text)


def denial_reach(text: str, cue_end: int, clause_end: int) -> int:
    """Where what a denial says ends, for a denial cue ending at ``cue_end`` whose clause ends at
    ``clause_end``: past a list its clause opens with a colon, up to the line's end ("What is not
    covered: the first £250; damage caused by pets; wear and tear", "Never allowed: glass, gas
    canisters, drones"); else the clause's end. A colon after a clause that denies introduces what
    it denies when the clause names little more than the denied word (two content words at
    most): punctuation splits the clause there, not the denial's reach. A clause that says its
    whole denial ("Do not pay if you wish to contest: payment counts as admitting it") gives
    its reason after the colon, which it does not deny. (Not a parenthesis after it: "digital
    use NOT included (website, e-paper, social media)" then read as denied what "digital use,
    including the website and e-paper, needs a separate licence" restates, a faithful answer
    flagged.)"""
    at = clause_end
    while at < len(text) and text[at] in " \t":
        at += 1
    if text.startswith(":", at) and len(content_stems(text[cue_end:clause_end])) <= 2:
        line_end = text.find("\n", at)
        return len(text) if line_end < 0 else line_end
    return clause_end


# Opposites: each line is one pair of sides (or a closed set of values, every side opposite to
# every other: a thing said to be yellow is not said to be pink); a word of one side contradicts
# any word of another when both are said of the same thing. Left out on purpose: converse pairs
# (buy/sell, lend/borrow, landlord/tenant, sender/recipient), since "A sold it to B" restates "B bought it from A"; and the
# phases of one event (start/end, add/remove), since a rollback that "starts" at 22:41 also
# "finishes" at 23:05 (measured: each flagged a faithful answer). Words match by stem (so "rose" = "rise", "lowered" =
# "reduce" through the stemmer's irregular forms and synonym groups) or, for function words, as
# they are ("before"/"after").
# Words of a change up and of a change down: one line of the opposites below, and read alone
# by :func:`change_direction`.
_CHANGE_SIDES = ("rise increase grow climb soar surge jump higher expand"
                 " | fall reduce decline drop plunge shrink slump sink lower shrank")
_OPPOSITE_SIDES = _CHANGE_SIDES + """
approve accept pass | reject refuse veto
accept | decline
open opened reopen | close closed shut
win won victory | lose lost defeat
succeed success successful | fail failure failed unsuccessful
allow permit legal | ban prohibit forbid illegal
support supported | oppose opposed
gain profit | loss
arrive arrived | depart departed
before | after
above | below
more | less fewer
most | least fewest
maximum | minimum
largest | smallest
greatest | least smallest
nearest closest | farthest furthest
cheapest | dearest
highest | lowest
strong stronger | weak weaker
positive | negative
true | false
early earlier | late later
import | export
acquit acquitted | convict convicted
guilty | innocent
alive | dead
majority | minority
small smaller smallest | large larger big bigger
easy easier | difficult harder
cheap cheaper | expensive dearer
love loved | hate hated
inside within | outside
pre | post
include included including | exclude excluded excluding
first | last
front | rear
fixed | variable
optional voluntary | mandatory compulsory obligatory
temporary temporarily | permanent permanently
weekday weekdays | weekend weekends
online | offline
inbound incoming | outbound outgoing
uphold upheld | dismiss dismissed overturn overturned
advance | arrears
better | worse
best | worst
high | low
long longer longest | short shorter shortest
upper | lower
sooner | later
gain gained | lose lost
pass passed | fail failed
improve improved | worsen worsened deteriorate deteriorated
old older oldest | new newer newest
heavier heaviest | lighter lightest
faster fastest quicker | slower slowest
hot | cold
wet | dry
north northern | south southern
east eastern | west western
top | bottom
inner | outer
internal | external
public | private
male | female
senior | junior
red | orange | yellow | green | blue | purple violet | pink | brown | grey gray | black | white
spring | summer | autumn | winter
morning | afternoon | evening
manual | automatic
onsite | offsite
limited | unlimited
input | output
upload | download
credit | debit
enable enabled | disable disabled
agree agreed | disagree disagreed
arrival | departure
entry entrance | exit
winner | loser
full fully | partial partially partly
"""

#: The words of the opposites table the stemmer skips as function words: looked up as themselves,
#: and found in a document's sentences by :meth:`~raguard.documents.DocumentIndex.sentences_holding`.
FUNCTION_OPPOSITES = frozenset({"before", "after", "above", "below", "more", "less", "fewer", "most", "least",
                                "within", "inside", "outside", "pre", "post", "top", "bottom"})


class _Keys(dict[str, str]):
    """Memo of :func:`opposite_key` by folded word (one dict lookup in C on a hit)."""

    def __missing__(self, word: str) -> str:
        if len(self) >= 8192:
            self.clear()
        value = self[word] = word if word in FUNCTION_OPPOSITES else stem(word)
        return value


#: How a folded word is looked up in the opposites table: its stem, or itself when it is a
#: function word the stemmer skips.
opposite_key: Callable[[str], str] = _Keys().__getitem__


def _build_opposites() -> dict[str, frozenset[str]]:
    table: dict[str, set[str]] = {}
    for line in _OPPOSITE_SIDES.strip().splitlines():
        # (a line of more than two sides is a closed set of values, each side opposite to all
        # the others: one colour, one season)
        sides = [frozenset(opposite_key(w) for w in side.split()) for side in line.split("|")]
        for side in sides:
            others = set().union(*(other for other in sides if other is not side))
            for key in side:
                table.setdefault(key, set()).update(others)
    return {k: frozenset(v - {k}) for k, v in table.items()}


#: key -> keys of its opposites in the curated table (see :func:`opposite_key`).
OPPOSITES: dict[str, frozenset[str]] = _build_opposites()
#: The keys of the table's closed sets of values (its lines of more than two sides: colours,
#: seasons, parts of the day), whose words an answer may give several of, each of its own thing.
SET_VALUES: frozenset[str] = frozenset(
    opposite_key(w) for line in _OPPOSITE_SIDES.strip().splitlines() if line.count("|") > 1
    for w in line.replace("|", " ").split())


@lru_cache(maxsize=1)
def opposite_table() -> dict[str, frozenset[str]]:
    """key -> keys of its opposites, from both tables (see the module docstring); WordNet's is
    read on first use (about 4k lines, a few milliseconds)."""
    table: dict[str, set[str]] = {k: set(v) for k, v in OPPOSITES.items()}
    with open(data_file("antonyms.txt"), encoding="utf-8") as lines:
        for line in lines:
            if not line.startswith("#"):
                key, *opposites = line.split()
                # (not two stems one of which opens the other: "employer"/"employee" stem as
                # "employ"/"employe", and "employs" is no opposite of "employees")
                table.setdefault(key, set()).update(o for o in opposites if not (o.startswith(key) or key.startswith(o)))
    return {k: frozenset(v - {k}) for k, v in table.items()}


class _Opposites(dict[str, frozenset[str]]):
    """Memo of :func:`opposites_of` by folded word (one dict lookup in C on a hit)."""

    def __missing__(self, word: str) -> frozenset[str]:
        if len(self) >= 8192:
            self.clear()
        value = self[word] = opposite_table().get(opposite_key(word), frozenset())
        return value


#: Keys of the words opposite to a folded word (empty for most words).
opposites_of: Callable[[str], frozenset[str]] = _Opposites().__getitem__


_CHANGE_KEYS = tuple(frozenset(opposite_key(w) for w in side.split()) for side in _CHANGE_SIDES.split("|"))


def change_direction(word: str) -> int:
    """+1 for a folded word of a change up ("rose", "increased"), -1 for one of a change down
    ("fell", "reduced"), 0 otherwise."""
    key = opposite_key(word)
    return 1 if key in _CHANGE_KEYS[0] else -1 if key in _CHANGE_KEYS[1] else 0


# "go up" / "went down": a change said with a verb of motion and its particle, read as the one word
# of change it stands for. Only "go": "come up" arises, "set up" and "put down" are other verbs.
_GO_FORMS = frozenset({"go", "goes", "went", "gone", "going"})
_PARTICLE_CHANGES = {"up": "rise", "down": "fall"}


def phrasal_changes(tokens: list[Token]) -> list[Token]:
    """``tokens`` with each "go up" / "went down" (a form of "go" right before "up" or "down") one
    token read as "rise" / "fall", spanning both words, so the opposites tables see the change
    ("school lunches go up to £2.80" / "school lunches fall to £2.80"); the list itself when none."""
    if not any(t.norm in _PARTICLE_CHANGES for t in tokens):
        return tokens
    out: list[Token] = []
    for tok in tokens:
        change = _PARTICLE_CHANGES.get(tok.norm)
        if change is not None and out and out[-1].norm in _GO_FORMS:
            out[-1] = Token(change, out[-1].start, tok.end)
        else:
            out.append(tok)
    return out


# Prefixes that negate the word they are put before ("crewed" / "uncrewed"); only these two: "in-",
# "dis-", "im-" begin many words that are no negation ("inform", "discover", "impress").
_NEGATING_PREFIXES = ("un", "non")


def prefix_opposite(word: str, other: str) -> bool:
    """True when one folded word is the other with a negating prefix ("uncrewed" / "crewed"),
    the shorter a content word of four letters or more."""
    if len(word) > len(other):
        word, other = other, word
    if len(word) < 4 or content_stem(word) is None:
        return False
    return any(other == prefix + word for prefix in _NEGATING_PREFIXES)
