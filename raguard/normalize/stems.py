"""Content words and their stems, for sentence-level support ("golfers" ~ "golf")."""

from __future__ import annotations

from functools import lru_cache
from typing import Callable, Optional

import snowballstemmer  # type: ignore[import-untyped]
from spacy.lang.en.stop_words import STOP_WORDS

from raguard.normalize.entities import DEMONYMS
from raguard.normalize.shorthand import SHORTHAND
from raguard.normalize.spelling import american
from raguard.normalize.text import tokenize

# Function words and answer fillers carry no claim of their own.
FILLER_WORDS = frozenset(STOP_WORDS) | frozenset({
    "yes", "no", "also", "however", "overall", "additionally", "furthermore", "moreover",
    "according", "including", "include", "includes", "included", "known", "called", "named",
    "dubbed", "branded", "termed", "labeled", "labelled", "nicknamed",
    "s", "t", "d", "ll", "ve", "re", "m", "etc", "eg", "ie", "vs",
})

# snowballstemmer hands this to PyStemmer (a dependency), the C build of the same Snowball
# algorithm: identical stems, ~0.3 us a word instead of ~30 (new documents bring new words)
_stemmer = snowballstemmer.stemmer("english")


# Irregular verb forms the stemmer leaves apart from their base ("held" / "holds"): an answer
# that says "holds" for a document's "held" restates it. Forms that are also common nouns or
# names are left out ("found", "left", "saw", "ground", "bound", "fed", "shot", "lit").
_IRREGULAR_GROUPS = """
hold held | win won | write wrote written | begin began begun | sing sang sung | build built |
buy bought | bring brought | catch caught | choose chose chosen | come came | draw drew drawn |
drive drove driven | eat ate eaten | fall fell fallen | feel felt | fight fought | fly flew flown |
forget forgot forgotten | give gave given | go went gone | grow grew grown | hear heard |
hide hid hidden | keep kept | know knew known | lead led | lend lent | lose lost | make made |
mean meant | meet met | pay paid | run ran | rise rose risen | say said | see seen | sell sold |
send sent | show shown | sleep slept | speak spoke spoken | spend spent | stand stood |
steal stole stolen | strike struck | swim swam swum | take took taken | teach taught | tell told |
think thought | throw threw thrown | understand understood | wear wore worn | become became |
blow blew blown | break broke broken | deal dealt | dig dug | freeze froze frozen |
get got gotten | ride rode ridden | sink sank sunk | shake shook shaken | stick stuck |
sweep swept | swear swore sworn | tear tore torn | weep wept | withdraw withdrew withdrawn |
oversee oversaw overseen | withhold withheld | uphold upheld | overtake overtook overtaken |
undertake undertook undertaken | forbid forbade forbidden | seek sought | sting stung |
swing swung | spin spun | slide slid | shine shone
"""
_IRREGULAR = {form: group.split()[0] for group in _IRREGULAR_GROUPS.split("|") for form in group.split()[1:]}


def past_form(word: str) -> bool:
    """Is a folded word a verb's past form: a regular "-ed" one, or an irregular one of the
    table above ("paid", "sent", "led")?"""
    return word.endswith("ed") or word in _IRREGULAR


# ... and the forms of those bases that are fillers ("take", "keep"), except "said": the
# attributions checker reads reported speech by it
_FILLER_FORMS = frozenset(f for f, base in _IRREGULAR.items() if base in FILLER_WORDS and base != "say")

# Words a restatement swaps for each other in any of their common senses ("reduces" for
# "lowers"): each stems as the first of its group. Kept small and tight; a looser thesaurus
# would let a changed fact ("a town" for "a city") pass.
_SYNONYM_GROUPS = """
reduce lower cut decrease lessen | increase raise boost | begin start commence |
finish conclude | buy purchase acquire | need require | help assist aid | build construct erect |
large big | larger bigger | largest biggest | rapid quick fast | unchanged steady stable
"""
_SYNONYM_STEMS = {
    _stemmer.stemWord(word): _stemmer.stemWord(group.split()[0])
    for group in _SYNONYM_GROUPS.split("|") for word in group.split()[1:]
}


# A demonym stems as its country ("Latvian waters" restates "Latvia"): the first one-word
# country name of four letters or more each demonym points to ("british" -> "britain",
# "american" -> "america": "us" would be a filler).
_DEMONYM_STEMS = {
    word: _stemmer.stemWord(one_word[0])
    for word, countries in DEMONYMS.items() if " " not in word
    for one_word in [[c for c in countries if " " not in c and len(c) > 3]] if one_word
}


@lru_cache(maxsize=8192)
def stem(word: str) -> str:
    """Snowball stem of a folded word: "founded" -> "found", "golfers" -> "golfer"; an irregular
    verb form stems as its base ("held" -> "hold", "won" -> "win"), a synonym as the first word of
    its group ("lowers" -> "reduc"), a British spelling as the American one ("colour" -> "color"),
    a demonym as its country ("latvian" -> "latvia"), chat shorthand as its word ("tmrw")."""
    word = SHORTHAND.get(word, word)
    country = _DEMONYM_STEMS.get(word)
    if country is not None:
        return country
    stemmed = _stemmer.stemWord(_IRREGULAR.get(word) or american(word))
    return _SYNONYM_STEMS.get(stemmed, stemmed)


def is_content_word(word: str) -> bool:
    """A folded token that can carry a claim: not a filler, not a bare number, 2+ characters.
    An irregular form of a filler verb is a filler too ("took" as "take", "kept" as "keep")."""
    return len(word) > 1 and word not in FILLER_WORDS and not word.isdigit() and word not in _FILLER_FORMS


#: Words whose content stem is remembered; the memo is emptied when it holds this many.
CONTENT_STEM_CACHE = 8192


class _ContentStems(dict[str, Optional[str]]):
    """The memo behind :func:`content_stem`: a dict that computes what it misses.

    Its bound ``__getitem__`` is the function, so a hit is one dict lookup in C. An
    ``lru_cache`` hit also relinks its recency list, and right after a spaCy pass those links
    miss the CPU cache: about 0.75 µs a word against 0.37 (~35 µs on an 86-word answer).
    """

    def __missing__(self, word: str) -> Optional[str]:
        if len(self) >= CONTENT_STEM_CACHE:
            self.clear()
        value = self[word] = stem(word) if is_content_word(word) else None
        return value


#: The stem of a content word, None for any other: both tests made for every word of the
#: query and of each sentence, in one cached call.
content_stem: Callable[[str], Optional[str]] = _ContentStems().__getitem__


def content_stems(text: str) -> set[str]:
    """Stems of the content words of ``text``."""
    stems = set(map(content_stem, [t.norm for t in tokenize(text)]))
    stems.discard(None)
    return stems  # type: ignore[return-value]


# prefixes that make a word its own denial ("undamaged", "non-smoking"), and the least a word
# keeps after one ("unit", "union", "under" are no denials of "it", "ion", "der")
_NEGATING_PREFIXES = ("non-", "non", "un")
_MIN_AFTER_PREFIX = 4


def unprefixed_stem(word: str) -> Optional[str]:
    """The content stem of ``word`` without a negating prefix ("undamaged" -> the stem of
    "damaged"), or None when it has none."""
    folded = word.casefold()
    for prefix in _NEGATING_PREFIXES:
        if folded.startswith(prefix) and len(folded) - len(prefix) >= _MIN_AFTER_PREFIX:
            return content_stem(folded[len(prefix):])
    return None


def prefixed_stems(word: str) -> tuple[str, ...]:
    """The stems of ``word`` with a negating prefix ("damaged" -> "undamag", "nondamag")."""
    own = content_stem(word.casefold())
    return () if own is None else tuple(prefix + own for prefix in ("un", "non"))
