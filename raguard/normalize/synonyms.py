"""Synonyms from WordNet, as stems: "inquires" restates "asks", "occupation" restates "job".

The table (data/synonyms.txt, shipped in the wheel as raguard/_data/synonyms.txt with WordNet's
licence) is compiled by scripts/build_synonyms.py from the first senses of each word, so a rare
sense does not make two words synonyms. It is read once, on first use (about 30k lines).
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import Path

_SOURCE_TREE = Path(__file__).resolve().parents[2] / "data" / "synonyms.txt"


def _path() -> Path:
    packaged = resources.files("raguard").joinpath("_data/synonyms.txt")
    if packaged.is_file():
        return Path(str(packaged))
    if _SOURCE_TREE.is_file():
        return _SOURCE_TREE
    raise FileNotFoundError("synonyms.txt not found in the installed package or the source tree's data/ folder")


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
