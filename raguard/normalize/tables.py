"""The tables raguard builds once per process, on first use, from files it ships (WordNet's
synonyms and opposites, countries' names in other languages, airports' codes) or spaCy ships (the
function words of ten languages, English stop words).

The first verify() that needs one pays for building it (the synonyms alone take about a tenth of a
second); :func:`load_all` builds them all now, so that a server's or a batch worker's first answer
costs what the next ones do (:meth:`raguard.Verifier.warm_up`).
"""

from __future__ import annotations

from typing import Callable

from raguard.normalize.entities import airport_table, country_name_table
from raguard.normalize.language import function_word_languages
from raguard.normalize.names import english_stop_words
from raguard.normalize.polarity import opposite_table
from raguard.normalize.synonyms import synonym_table

#: Every table of this package that is built on first use (a test keeps the list whole).
LOADERS: tuple[Callable[[], object], ...] = (
    synonym_table, opposite_table, function_word_languages, english_stop_words, country_name_table,
    airport_table,
)


def load_all() -> None:
    """Build every table of :data:`LOADERS` that is not built yet."""
    for load in LOADERS:
        load()
