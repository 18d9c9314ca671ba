"""The TOML configuration file read by ``raguard check/audit/serve --config FILE``.

::

    [verifier]
    checkers = ["dates", "entities"]     # which checkers run (default: the built-in list)
    review_on = ["high"]
    max_chars = 200000
    trust_query = true
    cache_size = 512
    spacy_model = "en_core_web_sm"
    [verifier.severities]
    vague_reference = "low"
    [verifier.options.statements]        # options of one checker
    min_support = 0.3
    [serve]
    host = "127.0.0.1"
    port = 8000
    workers = 2
    timeout = 10.0
    max_body_bytes = 10485760

TOML cannot give ``verifier.checkers`` both a list and sub-tables, so per-checker options live
under ``[verifier.options.NAME]``; ``[verifier.checkers.NAME]`` tables are read the same way
when ``checkers`` is a table (then ``checkers.enabled`` is the list of checkers to run).
Unknown keys and wrong types are a :class:`ConfigError` naming the key and the file.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Any, Mapping, Union

from raguard.verifier import ConfigError, Verifier

# the standard library's TOML reader from 3.11, its original (tomli, a dependency there) before
tomllib: Any = importlib.import_module("tomllib" if sys.version_info >= (3, 11) else "tomli")

#: Keys of ``[verifier]`` and the type each value must have (checked here so the message names the file).
VERIFIER_KEYS: dict[str, tuple[str, type | tuple[type, ...]]] = {
    "checkers": ("a list of checker names", (list, dict)),
    "profile": ("a profile name (qa, general)", str),
    "review_on": ("a list of severities", list),
    "max_chars": ("a positive integer", int),
    "trust_query": ("true or false", bool),
    "cache_size": ("a non-negative integer", int),
    "spacy_model": ("a model name", str),
    "severities": ("a table of warning type = severity", dict),
    "options": ("a table of [verifier.options.CHECKER] tables", dict),
}

#: Keys of ``[serve]``, their types and defaults (see :mod:`raguard.server.settings`).
SERVE_KEYS: dict[str, tuple[str, type | tuple[type, ...]]] = {
    "host": ("a host name or address", str),
    "port": ("a port number", int),
    "workers": ("a positive integer", int),
    "timeout": ("a number of seconds", (int, float)),
    "max_body_bytes": ("a positive integer", int),
    "max_batch": ("a positive integer", int),
    "log_level": ("a uvicorn log level", str),
}


def load_config(path: Union[str, Path]) -> dict[str, Any]:
    """Read a TOML config file: ``{"verifier": Verifier keyword arguments, "serve": settings}``.

    Raises :class:`ConfigError` for a missing or unreadable file, bad TOML, unknown keys or
    wrong types, with the file name and the key in the message.
    """
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"config file {str(path)!r}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"config file {str(path)!r} cannot be read: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"config file {str(path)!r} is not valid TOML: {exc}") from None
    return parse_config(data, source=str(path))


def parse_config(data: Mapping[str, Any], source: str = "config") -> dict[str, Any]:
    """:func:`load_config` for an already parsed mapping (``source`` names it in messages)."""
    unknown = set(data) - {"verifier", "serve"}
    if unknown:
        raise ConfigError(f"{source}: unknown section(s) {sorted(unknown)}; use [verifier] and [serve]")
    verifier = _table(data, "verifier", source)
    serve = _table(data, "serve", source)
    _check_keys(verifier, VERIFIER_KEYS, "verifier", source)
    _check_keys(serve, SERVE_KEYS, "serve", source)
    kwargs = {k: v for k, v in verifier.items() if k not in ("checkers", "options")}
    per_checker: dict[str, Any] = dict(verifier.get("options", {}))
    checkers = verifier.get("checkers")
    if isinstance(checkers, dict):  # [verifier.checkers.NAME] tables (+ optional enabled = [...])
        checkers = dict(checkers)
        enabled = checkers.pop("enabled", None)
        if enabled is not None and not isinstance(enabled, list):
            raise ConfigError(f"{source}: verifier.checkers.enabled must be a list of checker names")
        for name, table in checkers.items():
            if name in per_checker:
                raise ConfigError(f"{source}: options of checker {name!r} are given twice")
            per_checker[name] = table
        checkers = enabled
    if checkers is not None:
        if not all(isinstance(c, str) for c in checkers):
            raise ConfigError(f"{source}: verifier.checkers must be a list of checker names, got {checkers!r}")
        kwargs["checkers"] = checkers
    if per_checker:
        kwargs["checker_options"] = checker_options(per_checker, source)
    return {"verifier": kwargs, "serve": dict(serve)}


def checker_options(tables: Mapping[str, Any], source: str = "config") -> dict[str, dict[str, Any]]:
    """Per-checker option tables for ``Verifier(checker_options=...)``: a table per known checker
    (the Verifier then checks each option's name and value against that checker's config)."""
    from raguard.checkers import available_checkers

    known = set(available_checkers())
    out: dict[str, dict[str, Any]] = {}
    for name, table in tables.items():
        if name not in known:
            raise ConfigError(f"{source}: options for unknown checker {name!r}; known: {', '.join(sorted(known))}")
        if not isinstance(table, dict):
            raise ConfigError(f"{source}: options of checker {name!r} must be a table of option = value")
        out[name] = dict(table)
    return out


def verifier_from_config(config: Mapping[str, Any], **overrides: Any) -> Verifier:
    """A :class:`Verifier` built from :func:`load_config`'s result (``overrides`` win)."""
    return Verifier(**{**config.get("verifier", {}), **overrides})


def _table(data: Mapping[str, Any], name: str, source: str) -> dict[str, Any]:
    table = data.get(name, {})
    if not isinstance(table, dict):
        raise ConfigError(f"{source}: {name} must be a table ([{name}])")
    return dict(table)


def _check_keys(table: Mapping[str, Any], known: Mapping[str, tuple[str, Any]], section: str, source: str) -> None:
    for key, value in table.items():
        if key not in known:
            raise ConfigError(
                f"{source}: unknown key {key!r} in [{section}]; known: {', '.join(sorted(known))}"
            )
        what, types = known[key]
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in _as_tuple(types)):
            raise ConfigError(f"{source}: {section}.{key} must be {what}, got {value!r}")


def _as_tuple(types: Any) -> tuple[type, ...]:
    return types if isinstance(types, tuple) else (types,)
