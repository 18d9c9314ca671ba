"""Per-checker configuration: each checker owns a small typed config (its options, their
defaults and their validation), built from a plain dict (a keyword dict, or a TOML table).

    Verifier(checker_options={"statements": {"min_support": 0.3}, "dates": {"check_weekdays": False}})

A checker class names its config in ``Config`` and takes it as ``config=`` in its constructor;
:func:`raguard.checkers.create_checker` builds it from the dict. A checker without a ``Config``
takes no options.
"""

from __future__ import annotations

from typing import Any, Mapping, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from raguard.errors import ConfigError

_C = TypeVar("_C", bound="CheckerConfig")


class CheckerConfig(BaseModel):
    """Base of every checker's options: frozen (shared by threads, sent to worker processes),
    strict (``True`` is not a number, ``"yes"`` not a bool) and closed (an unknown name is an
    error). Each field's ``description`` says what its value must be."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    @classmethod
    def build(cls: type[_C], checker: str, options: Mapping[str, Any]) -> _C:
        """The config of ``checker`` from ``options``; :class:`~raguard.ConfigError` names the
        checker, the option and what it must be."""
        if not isinstance(options, Mapping):
            raise ConfigError(
                f"the options of checker {checker!r} must be a dict of option names to values, "
                f"got {type(options).__name__}"
            )
        for key in options:
            if key not in cls.model_fields:
                known = ", ".join(sorted(cls.model_fields)) or "none"
                raise ConfigError(f"unknown option {key!r} for checker {checker!r}; known: {known}")
        try:
            return cls(**options)
        except ValidationError as exc:
            error = exc.errors()[0]
            key = str(error["loc"][0]) if error["loc"] else "?"
            field = cls.model_fields.get(key)
            what = field.description if field is not None and field.description else error["msg"]
            raise ConfigError(
                f"option {key!r} of checker {checker!r} must be {what}, got {error['input']!r}"
            ) from None


def option_owners(configs: Mapping[str, type[CheckerConfig]]) -> dict[str, list[str]]:
    """Option name -> the checkers (of ``configs``: name -> config class) that have it."""
    owners: dict[str, list[str]] = {}
    for name, config in configs.items():
        for key in config.model_fields:
            owners.setdefault(key, []).append(name)
    return owners
