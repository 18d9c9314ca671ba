"""Errors raised while a configuration is built (never while verifying)."""

from __future__ import annotations


class ConfigError(ValueError):
    """A :class:`~raguard.Verifier` was configured wrongly (raised when it is built, not at verify time)."""
