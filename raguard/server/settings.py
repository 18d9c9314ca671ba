"""Settings of ``raguard serve``: flags over environment variables over the config file over defaults."""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass, fields
from typing import Any, Mapping, Optional

from raguard.verifier import ConfigError

#: Environment variable that carries the config file path to worker processes (and users).
CONFIG_ENV = "RAGUARD_CONFIG"
#: Environment variable that carries the resolved settings (JSON) to uvicorn's worker processes.
SETTINGS_ENV = "RAGUARD_SERVE_SETTINGS"


@dataclass(frozen=True)
class ServeSettings:
    """How the service listens and limits requests (see docs/serve.md)."""

    host: str = "127.0.0.1"
    port: int = 8000
    workers: int = 1
    #: Seconds a verify may take before the request gets a 504 (the thread finishes in the background).
    timeout: float = 10.0
    #: Larger request bodies get a 413 before they are read.
    max_body_bytes: int = 10 * 1024 * 1024
    #: Most items in one /v1/verify/batch request.
    max_batch: int = 256
    log_level: str = "info"
    #: The TOML file the settings and the Verifier's configuration came from.
    config: Optional[str] = None

    def __post_init__(self) -> None:
        if not self.host:
            raise ConfigError("host must not be empty")
        if not 0 <= self.port <= 65535:
            raise ConfigError(f"port must be 0-65535, got {self.port}")
        if self.workers < 1:
            raise ConfigError(f"workers must be at least 1, got {self.workers}")
        if not self.timeout > 0:
            raise ConfigError(f"timeout must be a positive number of seconds, got {self.timeout}")
        if self.max_body_bytes < 1 or self.max_batch < 1:
            raise ConfigError("max_body_bytes and max_batch must be positive")

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def _env_name(field: str) -> str:
    return f"RAGUARD_{field.upper()}"


def resolve_settings(flags: Mapping[str, Any], env: Optional[Mapping[str, str]] = None,
                     file_settings: Optional[Mapping[str, Any]] = None) -> ServeSettings:
    """Merge the sources, highest first: ``flags`` (None = not given), ``RAGUARD_<NAME>``
    environment variables, the config file's ``[serve]`` table, then the defaults."""
    env = os.environ if env is None else env
    values: dict[str, Any] = {}
    for f in fields(ServeSettings):
        if flags.get(f.name) is not None:
            values[f.name] = flags[f.name]
        elif f.name != "config" and env.get(_env_name(f.name), "").strip():
            values[f.name] = _from_env(f.name, env[_env_name(f.name)].strip(), f.default)
        elif file_settings and f.name in file_settings:
            values[f.name] = file_settings[f.name]
    return ServeSettings(**values)


def _from_env(name: str, raw: str, default: Any) -> Any:
    kind = type(default)
    try:
        return kind(raw) if kind in (int, float) else raw
    except ValueError:
        raise ConfigError(f"environment variable {_env_name(name)}={raw!r} must be {kind.__name__}") from None
