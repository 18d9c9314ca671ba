"""Content words and their stems, for sentence-level support ("golfers" ~ "golf")."""

from __future__ import annotations

from functools import lru_cache
from typing import Optional

import snowballstemmer
from spacy.lang.en.stop_words import STOP_WORDS

from raguard.normalize.text import tokenize

# Function words and answer fillers carry no claim of their own.
FILLER_WORDS = frozenset(STOP_WORDS) | frozenset({
    "yes", "no", "also", "however", "overall", "additionally", "furthermore", "moreover",
    "according", "including", "include", "includes", "included", "known", "called", "named",
    "s", "t", "d", "ll", "ve", "re", "m", "etc", "eg", "ie", "vs",
})

# snowballstemmer hands this to PyStemmer (a dependency), the C build of the same Snowball
# algorithm: identical stems, ~0.3 us a word instead of ~30 (new documents bring new words)
_stemmer = snowballstemmer.stemmer("english")


@lru_cache(maxsize=8192)
def stem(word: str) -> str:
    """Snowball stem of a folded word: "founded" -> "found", "golfers" -> "golfer"."""
    return _stemmer.stemWord(word)


def is_content_word(word: str) -> bool:
    """A folded token that can carry a claim: not a filler, not a bare number, 2+ characters."""
    return len(word) > 1 and word not in FILLER_WORDS and not word.isdigit()


@lru_cache(maxsize=8192)
def content_stem(word: str) -> Optional[str]:
    """The stem of a content word, None for any other: both tests made for every word of the
    query and of each sentence, in one cached call."""
    return stem(word) if is_content_word(word) else None


def content_stems(text: str) -> set[str]:
    """Stems of the content words of ``text``."""
    stems = set(map(content_stem, [t.norm for t in tokenize(text)]))
    stems.discard(None)
    return stems  # type: ignore[return-value]
