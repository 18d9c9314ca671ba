"""Which language a text is written in, told by its function words. Pure functions.

Function words (articles, prepositions, pronouns, auxiliaries) are a closed class in every
language and make up a large share of any prose, so the share of a text's words that are one
language's function words tells its language: about half for English prose, a third or more for
German or Spanish prose, near none for a table of codes. The lists are spaCy's stop words
(shipped with spaCy, no model needed), less the words English uses too ("in", "an", "so").

A form or a table in another language ("Emitido em", "Kunden-Nr.", "Fyllingsgrad i prosent")
has few function words of any language, so their share tells nothing there; that it has several
different ones of one language and few English ones does. A text in another script (Japanese,
Korean, Hindi, Russian...) shares no words with an English answer at all: its letters tell it
(:func:`script_language`).
"""

from __future__ import annotations

import importlib
import importlib.util
import re
import unicodedata
from collections import Counter
from functools import lru_cache
from itertools import chain
from pathlib import Path
from typing import Iterable, Optional

#: Languages whose documents an English answer is often written from (spaCy's codes).
LANGUAGES = ("de", "es", "fr", "nl", "it", "pt", "sv", "da", "nb", "fi", "pl", "cs", "sk", "sl", "hr",
             "hu", "ro", "tr")
#: The English names of the languages a document may be told to be written in (by its function
#: words or its script), folded: an answer says "a German court order" of a document in German.
LANGUAGE_NAMES: dict[str, tuple[str, ...]] = {
    "de": ("german",), "es": ("spanish", "castilian"), "fr": ("french",), "nl": ("dutch", "flemish"),
    "it": ("italian",), "pt": ("portuguese",), "sv": ("swedish",), "da": ("danish",),
    "nb": ("norwegian",), "fi": ("finnish",), "pl": ("polish",), "cs": ("czech",), "sk": ("slovak",),
    "sl": ("slovenian", "slovene"), "hr": ("croatian",), "hu": ("hungarian",), "ro": ("romanian",),
    "tr": ("turkish",), "ja": ("japanese",), "zh": ("chinese",), "ko": ("korean",), "hi": ("hindi",),
    "bn": ("bengali", "bangla"), "ta": ("tamil",), "ru": ("russian",), "el": ("greek",),
    "ar": ("arabic",), "he": ("hebrew",), "th": ("thai",),
}
#: The least share of words a language's function words must make of a text to call it written
#: in that language (English prose: about 0.45; a table or a log: under 0.1).
MIN_SHARE = 0.2
#: Or, in a form or a table: the fewest different function words of the language, with no more
#: than half as many English ones (one word repeated is a code: "ci" in a JSON log).
MIN_DISTINCT = 5
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
    ``MIN_SHARE`` of ``words`` and more than English's do, or None. ``words`` are lower-cased
    with their diacritics kept, as spaCy's lists write them (folded, "für" would be "fur")."""
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
    if share >= MIN_SHARE and share > english_share:
        return best
    if n >= 2 * english_share * len(words) and \
            len({w for w in words if best in languages_of.get(w, ())}) >= MIN_DISTINCT:
        return best  # a form or a table
    return None


#: Scripts an English answer's source may be written in, by the first word of their letters'
#: Unicode names, and the language each is most often written for (CJK ideographs with kana: Japanese).
_SCRIPTS = {"HIRAGANA": "ja", "KATAKANA": "ja", "CJK": "zh", "HANGUL": "ko", "DEVANAGARI": "hi", "BENGALI": "bn",
            "TAMIL": "ta", "CYRILLIC": "ru", "GREEK": "el", "ARABIC": "ar", "HEBREW": "he", "THAI": "th"}
#: The least share of a text's letters another script must have (a Latin text quoting a name in
#: kanji is still Latin).
MIN_SCRIPT_SHARE = 0.3


# a letter (or digit) past Latin Extended-B: a word character that is neither a digit, "_" nor Latin
_BEYOND_LATIN_RE = re.compile("[^\\W\\d_\x00-\u024f]")


def script_language(text: str) -> Optional[str]:
    """The language of ``text`` when most of its letters are of another script than Latin
    (:data:`_SCRIPTS`), else None."""
    if text.isascii() or _BEYOND_LATIN_RE.search(text) is None:
        return None  # (most texts: a Latin-only one is told without a loop over its letters)
    letters = [ch for ch in text if ch.isalpha()]
    other = [ch for ch in letters if ch > "\u024f"]  # (past Latin Extended-B)
    if len(other) < MIN_SCRIPT_SHARE * len(letters) or not other:
        return None
    scripts = Counter(unicodedata.name(ch, "").split(" ", 1)[0] for ch in other)
    if scripts["CJK"] and (scripts["HIRAGANA"] or scripts["KATAKANA"]):
        return "ja"
    for name, _ in scripts.most_common():
        if name in _SCRIPTS:
            return _SCRIPTS[name]
    return None
