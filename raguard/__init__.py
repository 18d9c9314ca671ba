"""raguard: a deterministic run-time guard that checks RAG answers against their documents.

>>> from raguard import verify
>>> result = verify(query, retrieved_docs, llm_response)
>>> result.action          # "proceed" or "review"
>>> result = await averify(query, retrieved_docs, llm_response)   # in async code
"""

from raguard.checkers import available_checkers, register_checker
from raguard.checkers.base import CheckContext, Checker, Finding
from raguard.models import (
    WARNING_TYPES,
    Claim,
    Evidence,
    RaguardWarning,
    Summary,
    VerifyResult,
    Warning,
)
from raguard.metrics import Metrics
from raguard.nlp import ModelNotFoundError
from raguard.verifier import ConfigError, Verifier, averify, verify, verify_many

__version__ = "0.1.0"

__all__ = [
    "verify",
    "averify",
    "verify_many",
    "Verifier",
    "Metrics",
    "VerifyResult",
    "Warning",
    "RaguardWarning",
    "Summary",
    "Claim",
    "Evidence",
    "Checker",
    "CheckContext",
    "Finding",
    "register_checker",
    "available_checkers",
    "ConfigError",
    "ModelNotFoundError",
    "WARNING_TYPES",
    "__version__",
]
