"""Where the data files raguard ships are: in an installed wheel, ``raguard/_data/``; in the
source tree, ``data/`` (pyproject.toml maps the one onto the other)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

_SOURCE_TREE = Path(__file__).resolve().parents[2] / "data"


def data_file(name: str) -> Path:
    """The path of the shipped data file ``name``: the packaged copy, else the source tree's."""
    packaged = resources.files("raguard").joinpath(f"_data/{name}")
    if packaged.is_file():
        return Path(str(packaged))
    if (_SOURCE_TREE / name).is_file():
        return _SOURCE_TREE / name
    raise FileNotFoundError(f"{name} not found in the installed package or the source tree's data/ folder")
