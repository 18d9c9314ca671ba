"""Which language a text is written in, told by its function words. Pure functions.

Function words (articles, prepositions, pronouns, auxiliaries) are a closed class in every
language and make up a large share of any prose, so the share of a text's words that are one
language's function words tells its language: about half for English prose, a third or more for
German or Spanish prose, near none for a table of codes. The lists are spaCy's stop words
(shipped with spaCy, no model needed), less the words English uses too ("in", "an", "so").
"""

from __future__ import annotations

import importlib
import importlib.util
from collections import Counter
from functools import lru_cache
from itertools import chain
from pathlib import Path
from typing import Iterable, Optional

#: Languages whose documents an English answer is often written from (spaCy's codes).
LANGUAGES = ("de", "es", "fr", "nl", "it", "pt", "sv", "da", "pl", "tr")
#: The least share of words a language's function words must make of a text to call it written
#: in that language (English prose: about 0.45; a table or a log: under 0.1).
MIN_SHARE = 0.2
#: The fewest words a text must have to be told.
MIN_WORDS = 30


@lru_cache(maxsize=1)
def function_word_languages() -> dict[str, tuple[str, ...]]:
    """Function word -> the languages it is one of (English's own left out)."""
    from spacy.lang.en.stop_words import STOP_WORDS as english

    out: dict[str, tuple[str, ...]] = {}
    for code in LANGUAGES:
        for w in _stop_words(code):
            if w not in english and len(w) > 1:
                out[w] = out.get(w, ()) + (code,)
    return out


def _stop_words(code: str) -> "set[str]":
    """spaCy's stop words of one language, read from its ``stop_words`` module alone: importing
    ``spacy.lang.<code>.stop_words`` runs the language package first, whose tokenizer exceptions
    compile regexes for seconds (ten languages: 10.7 s measured under load) and stay in memory."""
    import spacy

    path = Path(spacy.__file__).parent / "lang" / code / "stop_words.py"
    spec = importlib.util.spec_from_file_location(f"_raguard_stop_words_{code}", path)
    if spec is None or spec.loader is None or not path.is_file():  # another layout: import it
        return set(importlib.import_module(f"spacy.lang.{code}.stop_words").STOP_WORDS)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return set(module.STOP_WORDS)


def foreign_language(words: Iterable[str]) -> Optional[str]:
    """The code of the language other than English whose function words make up at least
    ``MIN_SHARE`` of ``words`` (folded) and more than English's do, or None."""
    from spacy.lang.en.stop_words import STOP_WORDS as english

    words = [w for w in words if w.isalpha()]
    if len(words) < MIN_WORDS:
        return None
    english_share = sum(map(english.__contains__, words)) / len(words)
    languages_of = function_word_languages()
    # (counted in C, in the order a loop of Counter.update calls per word counted them, which
    # most_common's ties follow: a call per word cost ~0.5 µs, ~150 µs on a 300-word document)
    counts: Counter[str] = Counter(chain.from_iterable([languages_of[w] for w in words if w in languages_of]))
    if not counts:
        return None
    best, n = counts.most_common(1)[0]
    share = n / len(words)
    return best if share >= MIN_SHARE and share > english_share else None
