"""foreign_language counts languages' function words in C: the same answer as a loop of
Counter.update calls, ties included (most_common follows the order codes were first counted)."""

from __future__ import annotations

from collections import Counter
from typing import Iterable, Optional

from hypothesis import given, settings
from hypothesis import strategies as st

from raguard.normalize import language


def _loop_counted(words: Iterable[str]) -> Optional[str]:
    """foreign_language as it was written: one Counter.update per word."""
    from spacy.lang.en.stop_words import STOP_WORDS as english

    words = [w for w in words if w.isalpha()]
    if len(words) < language.MIN_WORDS:
        return None
    english_share = sum(w in english for w in words) / len(words)
    languages_of = language.function_word_languages()
    counts: Counter[str] = Counter()
    for w in words:
        counts.update(languages_of.get(w, ()))
    if not counts:
        return None
    best, n = counts.most_common(1)[0]
    share = n / len(words)
    if share >= language.MIN_SHARE and share > english_share:
        return best
    distinct = {w for w in words if best in languages_of.get(w, ())}
    return best if n >= 2 * english_share * len(words) and len(distinct) >= language.MIN_DISTINCT else None


# function words shared by several languages ("de", "la", "die", "het", "och"), one language's
# own, English ones, and words of no list
_WORDS = ["de", "la", "el", "und", "die", "het", "och", "nie", "ve", "bir", "est", "och", "jest", "det", "og",
          "the", "of", "and", "harbour", "ledger", "quartz", "2031", "x"]


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(_WORDS), min_size=25, max_size=60))
def test_counted_in_c_as_the_loop_counted(words: list[str]) -> None:
    assert language.foreign_language(words) == _loop_counted(words)


def test_examples() -> None:
    # (my own sentences, folded)
    dutch = ("het rapport van de commissie is op de website van het ministerie gepubliceerd en "
             "de minister heeft het in de kamer verdedigd maar niet alle leden waren het met hem eens over de kosten").split()
    assert language.foreign_language(dutch) == _loop_counted(dutch) == "nl"
    english = ("the harbour ledger was closed at noon and the clerks went home before the storm "
               "reached the coast where the boats were tied up for the night by their owners").split()
    assert language.foreign_language(english) is None
