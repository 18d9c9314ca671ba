"""raguard: a deterministic run-time guard that checks RAG answers against their documents.

>>> from raguard import verify
>>> result = verify(query, retrieved_docs, llm_response)
>>> result.action          # "proceed" or "review"
>>> result = await averify(query, retrieved_docs, llm_response)   # in async code

The public names load on first use (PEP 562), so that a light module such as
:mod:`raguard.shapes` (which relapse reads chunks with) can be imported without spaCy.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

#: Public name -> the module that defines it.
_EXPORTS: dict[str, str] = {
    "verify": "raguard.verifier",
    "verify_many": "raguard.verifier",
    "averify": "raguard.verifier",
    "Verifier": "raguard.verifier",
    "ConfigError": "raguard.errors",
    "Metrics": "raguard.metrics",
    "ModelNotFoundError": "raguard.nlp",
    "VerifyResult": "raguard.models",
    "Warning": "raguard.models",
    "RaguardWarning": "raguard.models",
    "Summary": "raguard.models",
    "Claim": "raguard.models",
    "Evidence": "raguard.models",
    "WARNING_TYPES": "raguard.models",
    "Checker": "raguard.checkers.base",
    "CheckContext": "raguard.checkers.base",
    "Finding": "raguard.checkers.base",
    "register_checker": "raguard.checkers",
    "available_checkers": "raguard.checkers",
}

__all__ = [*_EXPORTS, "__version__"]

if TYPE_CHECKING:  # pragma: no cover - what type checkers and IDEs see
    from raguard.checkers import available_checkers, register_checker
    from raguard.checkers.base import CheckContext, Checker, Finding
    from raguard.errors import ConfigError
    from raguard.metrics import Metrics
    from raguard.models import WARNING_TYPES, Claim, Evidence, RaguardWarning, Summary, VerifyResult, Warning
    from raguard.nlp import ModelNotFoundError
    from raguard.verifier import Verifier, averify, verify, verify_many


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is not None:
        value = getattr(importlib.import_module(module), name)
    else:  # a submodule not imported yet: raguard.checkers, raguard.cli, ...
        try:
            value = importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.{name}":
                raise
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_EXPORTS})
