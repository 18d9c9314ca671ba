"""Who made what: "directed by Peter Chelsom", "Lucy Gordon directed", "the composer Joseph Haydn".

Each mention pairs a relation (``"direct"``, ``"write"``, ``"found"``...) with the name of its
agent, read from the words right around a verb or an agent noun:

- passive: "Serendipity is a film directed by Peter Chelsom", "founded in 1379 by William of
  Wykeham", "written by Adam Herz and directed by brothers Paul and Chris Weitz" (a list names
  several agents);
- active: "Lucy Gordon directed Serendipity", "Ottokar Kernstock, who wrote it";
- agent nouns: "Joseph Haydn was an Austrian composer", "the director of Perfume was Peter
  Chelsom", "composer Joseph Haydn".

An agent that is not a name ("written by his brother", "the band wrote", "He directed") is kept
as ``agent=None``: someone the text does not name, who may be anyone. Reading is local and
bounded (a few words on each side), so it is linear in the text.
"""

from __future__ import annotations

import re
from itertools import islice
from typing import NamedTuple, Optional

from raguard.normalize.text import fold_word

#: relation -> (verb forms, agent nouns). Verbs of making a work, a company or a show, whose
#: agent is a name a reader checks ("who directed it?").
RELATIONS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "write": (("wrote", "written", "writes", "penned", "authored", "co-wrote", "co-written"),
              ("author", "writer", "co-writer", "screenwriter", "lyricist", "novelist")),
    "direct": (("directed", "directs", "co-directed"), ("director", "co-director")),
    "found": (("founded", "co-founded", "cofounded"), ("founder", "co-founder", "cofounder")),
    "compose": (("composed", "composes"), ("composer",)),
    "create": (("created", "creates", "co-created"), ("creator", "co-creator")),
    "design": (("designed", "designs"), ("designer", "architect")),
    "invent": (("invented", "invents"), ("inventor",)),
    "paint": (("painted", "paints"), ("painter",)),
    "illustrate": (("illustrated", "illustrates"), ("illustrator",)),
    "host": (("hosted", "hosts", "co-hosted"), ("host", "co-host", "presenter")),
    "narrate": (("narrated", "narrates"), ("narrator",)),
    "produce": (("produced", "co-produced"), ("producer", "co-producer")),
    "develop": (("developed",), ("developer",)),
    "publish": (("published",), ("publisher",)),
    "distribute": (("distributed",), ("distributor",)),
}
#: Verbs read in the passive only: "developed a reputation", "distributed leaflets" and the present
#: tense ("He writes") say nothing of a work's maker.
PASSIVE_ONLY = frozenset({"developed", "distributed", "hosts", "writes", "directs", "creates", "designs",
                          "invents", "paints", "illustrates", "narrates", "composes"})
#: Verbs whose active form is output when a quantity follows ("produced 12 million barrels").
_OUTPUT_VERBS = frozenset({"produced", "co-produced", "published"})

_VERBS = {form: rel for rel, (forms, _) in RELATIONS.items() for form in forms}
_NOUNS = {noun: rel for rel, (_, nouns) in RELATIONS.items() for noun in nouns}
_alt = lambda words: "|".join(sorted((re.escape(w) for w in words), key=len, reverse=True))  # noqa: E731
_CUE_RE = re.compile(rf"\b(?:{_alt(_VERBS)}|{_alt(_NOUNS)})s?\b", re.IGNORECASE)

#: What every cue word contains (its stem), for a quick test before the pattern runs.
_CUE_PARTS = ("wro", "writ", "penned", "author", "direct", "found", "compos", "creat", "design", "architect",
              "invent", "paint", "illustrat", "host", "presenter", "narrat", "produc", "develop", "publish",
              "distribut", "lyricist", "novelist")

#: The cue parts the verbs and nouns of each relation hold (a word of the relation holds one of
#: its verbs or nouns, maybe with an "s": so one of these).
_RELATION_PARTS: dict[str, tuple[str, ...]] = {
    rel: tuple(p for p in _CUE_PARTS if any(p in word.lower() for word in forms + nouns))
    for rel, (forms, nouns) in RELATIONS.items()}

# a word keeps inner dots ("U.S", "St.Louis") and an initial's ("C."), not a full stop ("Chelsom.")
_WORD_RE = re.compile(r"[^\W\d_][\w'’&-]*(?:\.[^\W\d_][\w'’&-]*)*(?:(?<![^\W\d_]{2})\.)?|\d[\w.-]*|[^\w\s]")
#: Lower-case words that may stand inside a name ("William of Wykeham", "Theo van Gogh").
_CONNECTORS = frozenset({"of", "the", "de", "du", "la", "le", "von", "van", "der", "den", "da", "di", "y", "bin", "al"})
#: Words between a verb and "by", or before an active verb, that do not change who acted.
_ADVERBS = frozenset({"also", "later", "originally", "first", "famously", "jointly", "once", "then",
                      "subsequently", "has", "had", "have", "was", "were", "is", "are", "been", "being",
                      "co", "both", "each", "all", "mostly", "largely", "partly", "primarily", "mainly",
                      "solely", "personally", "reportedly", "allegedly", "actually", "himself", "herself"})
_PRONOUNS = frozenset({"he", "she", "they", "it", "we", "i", "you", "him", "her", "them", "his", "its",
                       "their", "this", "that", "these", "those", "which", "who", "whom", "whose",
                       "me", "us", "my", "our", "your"})
_COPULAS = frozenset({"is", "was", "are", "were", "became", "becomes", "remains", "remained"})
#: Words that end the adjectives between a copula and an agent noun ("was designed by architect").
_NOT_BETWEEN = frozenset({"by", "of", "and", "or", "who", "which", "that", "for", "with", "to", "in", "at",
                          "on", "from", "as", "not", "never"})
#: Lower-case words that may follow a name after "by" ("by Adam Herz and ...", "by X in 1999").
_AFTER_NAME = frozenset({"and", "in", "on", "at", "for", "from", "with", "as", "during", "after", "before",
                         "who", "which", "whose", "that", "to", "under", "while", "until", "between",
                         "about", "through", "when", "where", "was", "is", "were", "are", "has", "had"})
#: Words before a name that make it an object, not the one who acted ("wrote Mississippi Masala
#: also wrote").
_BEFORE_OBJECT = frozenset({"by", "of", "in", "at", "for", "with", "to", "from", "about", "on", "into"})
_QUANTITY_WORDS = frozenset({"more", "less", "fewer", "about", "around", "nearly", "almost", "over", "some",
                             "record", "roughly", "approximately", "up", "only", "just"})
_MAX_NAME_WORDS = 7
_WINDOW = 12  # words read after a verb or noun (and 24 more before it, for parentheticals)
_BEFORE_CHARS = 200
_COPULA_NEAR_RE = re.compile(rf"\b(?:{'|'.join(sorted(_COPULAS))})\b", re.IGNORECASE)
_AFTER_CHARS = 120
_NOT_NAMES = frozenset({"the", "a", "an", "it", "he", "she", "they", "this", "that", "these", "those",
                        "in", "on", "at", "by", "for", "and", "but", "or", "as", "after", "before",
                        "when", "while", "during", "since", "its", "his", "her", "their", "one",
                        # (the other pronouns and possessives: "Your written report" is no one's name)
                        "i", "we", "you", "me", "us", "my", "our", "your"})


class CreatorMention(NamedTuple):
    relation: str  # "direct", "write", ...
    agent: Optional[str]  # None: someone the text does not name ("his brother", "He")
    start: int  # the agent's span, or the verb's when the agent is unnamed
    end: int
    cue: int  # where the verb or noun that states the relation starts


class _Word(NamedTuple):
    text: str
    start: int
    end: int


def has_cue(text: str) -> bool:
    """True when ``text`` holds a verb or noun of making that :func:`creator_mentions` reads."""
    return bool(_cue_spans(text))


def cue_spans(text: str, relation: Optional[str] = None) -> list[tuple[int, int]]:
    """Spans of the verbs and nouns of making in ``text``, in order: where :func:`creator_mentions`
    reads. With a ``relation``, only the parts its words hold are looked for: every cue word
    of that relation is found (and maybe a few of another that shares a part)."""
    return _cue_spans(text, _CUE_PARTS if relation is None else _RELATION_PARTS.get(relation, ()))


def cue_relation(word: str) -> Optional[str]:
    """The relation a lower-cased cue word states (a verb's, else its noun's), None for another
    word: every mention read around it is of that relation."""
    return _VERBS.get(word) or _NOUNS.get(word) or _NOUNS.get(word[:-1])


def creator_mentions(text: str, relation: Optional[str] = None,
                     cues: Optional[list[tuple[int, int]]] = None) -> list[CreatorMention]:
    """Every (relation, agent) the text states, in order of the cue words; of one ``relation``
    alone when given (the words around the other cues are not read). ``cues``: the text's
    :func:`cue_spans`, when the caller has them."""
    out: list[CreatorMention] = []
    for start, end in _cue_spans(text) if cues is None else cues:
        word = text[start:end].lower()
        if relation is not None and cue_relation(word) != relation:
            continue
        after = _words(text, end, min(len(text), end + _AFTER_CHARS), limit=_WINDOW)
        before = _Before(text, start)
        if word in _VERBS:
            out.extend(_verb_mentions(word, start, end, before, after))
        else:
            rel = _NOUNS.get(word) or _NOUNS.get(word[:-1])
            if rel is not None:
                # the copula form needs the words before, only when a copula stands close by
                near = _COPULA_NEAR_RE.search(text, max(0, start - 60), start) is not None
                out.extend(_noun_mentions(rel, start, before.words() if near else [], after))
    return out


class _Before:
    """The words before a cue, read only when asked (a passive "by" after the cue needs none)."""

    def __init__(self, text: str, start: int) -> None:
        self._text, self._start = text, start
        self._words: Optional[list[_Word]] = None

    def words(self) -> list[_Word]:
        if self._words is None:
            self._words = _words(self._text, max(0, self._start - _BEFORE_CHARS), self._start)[-_WINDOW - 24:]
        return self._words


def _cue_spans(text: str, parts: tuple[str, ...] = ()) -> list[tuple[int, int]]:
    """Spans of the cue words holding one of ``parts`` (of :data:`_CUE_PARTS`: all cue words), in
    order: each word holding a part is looked up whole (the alternation of all forms, run over
    the text, costs about ten times more)."""
    folded = text.lower()
    found: set[tuple[int, int]] = set()
    for part in parts or _CUE_PARTS:
        i = folded.find(part)
        while i >= 0:
            start = i
            while start > 0 and (folded[start - 1].isalpha() or folded[start - 1] == "-"):
                start -= 1
            end = i + len(part)
            while end < len(folded) and (folded[end].isalpha() or folded[end] == "-"):
                end += 1
            if _is_cue(text, start, end):
                found.add((start, end))
            i = folded.find(part, end)
    return sorted(found)


#: Every word :data:`_CUE_RE` matches, lower-cased: a verb's or noun's form, maybe with an "s".
_CUE_WORDS = frozenset(form + s for form in (*_VERBS, *_NOUNS) for s in ("", "s"))


def _is_cue(text: str, start: int, end: int) -> bool:
    """``_CUE_RE.fullmatch(text, start, end)``, by a set lookup when the word and the character
    before it are ASCII (a cue word ends in a letter, so the boundary after it holds; the one
    before it holds unless that character is a letter, a digit or "_"): the pattern's
    alternation of every form, tried one by one, cost most of a cue scan."""
    word = text[start:end]
    if not word:
        return False
    if word.isascii() and (start == 0 or text[start - 1].isascii()):
        return word.lower() in _CUE_WORDS and (start == 0 or not (text[start - 1].isalnum() or text[start - 1] == "_"))
    return _CUE_RE.fullmatch(text, start, end) is not None


_NAME_WORD_RE = re.compile(r"[^\W_]+")
_NOT_NAME_WORDS = _CONNECTORS | {"a", "an", "and", "jr", "sr"}


def name_words(name: str) -> frozenset[str]:
    """Folded words of a name, without articles and connectors: what two spellings share."""
    return frozenset(map(fold_word, _NAME_WORD_RE.findall(name))) - _NOT_NAME_WORDS


def _words(text: str, start: int, end: int, limit: Optional[int] = None) -> list[_Word]:
    """The words of ``text[start:end]`` (the first ``limit`` of them), with their offsets in ``text``."""
    # (tuple.__new__ builds each without the named tuple's Python-level __new__)
    return [_new_tuple(_Word, (m.group(), m.start(), m.end()))
            for m in islice(_WORD_RE.finditer(text, start, end), limit)]


_new_tuple = tuple.__new__


def _is_capitalized(word: str) -> bool:
    return word[:1].isupper() and word.lower() not in _NOT_NAMES


def _name_after(words: list[_Word]) -> tuple[Optional[_Word], int]:
    """The name run at the start of ``words`` (connectors inside): (span as a word, words used)."""
    run: list[_Word] = []
    i = 0
    while i < len(words) and len(run) < _MAX_NAME_WORDS:
        w = words[i]
        if _is_capitalized(w.text) or (run and (w.text.lower() in _CONNECTORS or w.text == "&") and i + 1 < len(words)
                                         and _is_capitalized(words[i + 1].text)):
            run.append(w)
            i += 1
        elif run and w.text in ('"', "“", "”") and i + 1 < len(words) and _is_capitalized(words[i + 1].text):
            run.append(w)  # a nickname: Paul "Bear" Bryant
            i += 1
        else:
            break
    while run and not _is_capitalized(run[-1].text):
        run.pop()
    if not run:
        return None, 0
    return _Word(" ".join(w.text for w in run), run[0].start, run[-1].end), i


def _name_before(words: list[_Word]) -> Optional[_Word]:
    """The name run at the end of ``words``."""
    run: list[_Word] = []
    for w in reversed(words):
        if len(run) >= _MAX_NAME_WORDS:
            break
        if _is_capitalized(w.text) or (run and w.text.lower() in _CONNECTORS) or (run and w.text == "&"):
            run.append(w)
        else:
            break
    while run and not _is_capitalized(run[-1].text):
        run.pop()
    if not run:
        return None
    run.reverse()
    if len(run) == 1 and run[0].text in ("The", "A", "An"):
        return None
    return _Word(" ".join(w.text for w in run), run[0].start, run[-1].end)


def _without_parenthetical(words: list[_Word]) -> list[_Word]:
    """``words`` without a closing parenthetical: "Nicholas Ray (born 1911) was" -> "Nicholas Ray"."""
    if not words or words[-1].text != ")":
        return words
    for k in range(len(words) - 2, -1, -1):
        if words[k].text == "(":
            return words[:k]
    return []


def _appositive_names(words: list[_Word]) -> list[_Word]:
    """The subject before a copula with its appositives: "Conrad Moffat Black, Lord Black of
    Crossharbour, KSG (born 1944) is" names one person three ways."""
    names: list[_Word] = []
    words = _without_parenthetical(words)
    while words:
        name = _name_before(words)
        if name is None:
            break
        names.append(name)
        k = len(words) - 1
        while k >= 0 and words[k].start >= name.start:
            k -= 1
        if k < 0 or words[k].text != ",":
            break
        words = words[:k]
    return names


def _agents_after_by(words: list[_Word]) -> Optional[list[_Word]]:
    """Names after "by": "by Adam Herz", "by brothers Paul and Chris Weitz", "by A, B and C".
    None when the agent is not a name ("by his brother", "by the band")."""
    i = 0
    while i < len(words) and i < 4 and words[i].text[:1].islower() and words[i].text.lower() not in _PRONOUNS:
        i += 1  # "by actor Elyes Gabel", "by the British band X"
    if i < len(words) and words[i].text.lower() in _PRONOUNS:
        return None
    agents: list[_Word] = []
    while i < len(words):
        name, used = _name_after(words[i:])
        if name is None:
            break
        i += used
        if i < len(words) and words[i].text[:1].islower() and words[i].text.lower() not in _AFTER_NAME:
            return None  # "by Olympic wrestler ...": the capitals were a description, not the name
        agents.append(name)
        if i < len(words) and words[i].text in (",", "&") or (i < len(words) and words[i].text.lower() == "and"):
            i += 1
            if i < len(words) and words[i].text.lower() == "and":
                i += 1
            continue
        break
    if not agents:
        return None
    # "by brothers Paul and Chris Weitz": a lone given name before a full one shares its surname
    if len(agents) >= 2 and " " not in agents[0].text and " " in agents[-1].text:
        surname = agents[-1].text.split()[-1]
        first = agents[0]
        agents[0] = _Word(f"{first.text} {surname}", first.start, agents[-1].end)  # "Paul and Chris Weitz"
    return agents


def _verb_mentions(verb: str, start: int, end: int, before_cue: "_Before", after: list[_Word]) -> list[CreatorMention]:
    rel = _VERBS[verb]
    # passive: "<verb> [and produced] [in 1379] by NAME"
    i = 0
    if len(after) >= 3 and after[0].text.lower() in ("and", "&") and after[1].text.lower() in _VERBS:
        i = 2
    if i + 1 < len(after) and after[i].text.lower() in ("in", "on") and after[i + 1].text[:1].isdigit():
        i += 2
    if i < len(after) and after[i].text.lower() == "by":
        agents = _agents_after_by(after[i + 1:])
        if agents is None:
            return [CreatorMention(rel, None, start, end, start)]
        return [CreatorMention(rel, a.text, a.start, a.end, start) for a in agents]
    if verb in PASSIVE_ONLY:
        return []
    if verb in _OUTPUT_VERBS and after and (after[0].text[:1].isdigit() or after[0].text.lower() in _QUANTITY_WORDS):
        return []
    # "was directed" without "by": the agent is not stated
    before = before_cue.words()
    j = len(before)
    while j > 0 and before[j - 1].text.lower() in _ADVERBS:
        j -= 1
    if j < len(before) and any(w.text.lower() in ("was", "were", "is", "are", "been", "being") for w in before[j:]):
        return []
    head = before[:j]
    if not head:
        return []
    last = head[-1].text.lower()
    if last in ("who", "which", "that") and len(head) >= 2 and head[-2].text == ",":
        name = _name_before(head[:-2])  # "Ottokar Kernstock, who wrote it"
        return [CreatorMention(rel, name.text, name.start, name.end, start)] if name else [CreatorMention(rel, None, start, end, start)]
    if last in _PRONOUNS:
        return [CreatorMention(rel, None, start, end, start)]
    name = _name_before(head)
    if name is None:
        return [CreatorMention(rel, None, start, end, start)] if last.isalpha() and last.islower() else []
    k = len(head) - 1
    while k >= 0 and head[k].start >= name.start:
        k -= 1
    if k >= 0 and (head[k].text.lower() in _BEFORE_OBJECT or head[k].text.lower() in _VERBS):
        return []  # the name is what was made or where: "wrote Mississippi Masala also wrote"
    return [CreatorMention(rel, name.text, name.start, name.end, start)]


def _noun_mentions(rel: str, start: int, before: list[_Word], after: list[_Word]) -> list[CreatorMention]:
    # "NAME is/was [a|the] [<= 4 words] director": the words between hold no comma or verb cue
    for k in range(len(before) - 1, max(len(before) - 7, -1), -1):
        w = before[k].text.lower()
        if w in _COPULAS:
            names = _appositive_names(before[:k])
            return [CreatorMention(rel, n.text, n.start, n.end, start) for n in names]
        if not (w.isalpha() or "-" in w) or w in _NOT_BETWEEN or w in _VERBS or k < len(before) - 5:
            break
    # "the director of Perfume was Peter Chelsom", "the architect who designed it was Henry Bacon"
    if after and after[0].text.lower() in ("of", "who", "that"):
        for k in range(1, min(len(after), 8)):
            if after[k].text.lower() in _COPULAS:
                name, _ = _name_after(after[k + 1:])
                if name is not None and after[0].start < name.start:
                    return [CreatorMention(rel, name.text, name.start, name.end, start)]
                break
            if after[k].text in (",", ";", ":", "."):
                break
    # "composer Joseph Haydn", "director Peter Chelsom"
    name, _ = _name_after(after)
    if name is not None:
        return [CreatorMention(rel, name.text, name.start, name.end, start)]
    return []
