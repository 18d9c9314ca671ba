"""Synonyms from WordNet, as stems: "inquires" restates "asks", "occupation" restates "job".

The table (data/synonyms.txt, shipped in the wheel as raguard/_data/synonyms.txt with WordNet's
licence) is compiled by scripts/build_synonyms.py from the first senses of each word, so a rare
sense does not make two words synonyms. It is read once, on first use (about 33k lines, 0.1-0.3 s).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from raguard.normalize.data_files import data_file


def _path() -> Path:
    return data_file("synonyms.txt")


@lru_cache(maxsize=1)
def synonym_table() -> dict[str, tuple[str, ...]]:
    """stem -> stems of its synonyms (see the module docstring)."""
    table: dict[str, tuple[str, ...]] = {}
    with open(_path(), encoding="utf-8") as lines:
        for line in lines:
            if not line.startswith("#"):
                key, *syns = line.split()
                table[key] = tuple(syns)
    return table


def has_synonym_in(word_stem: str, stems: frozenset[str]) -> bool:
    """Is a synonym of ``word_stem`` among ``stems`` (a document's)?"""
    return any(s in stems for s in synonym_table().get(word_stem, ()))
