"""relapse: the self-correcting retry loop fed by raguard findings.

>>> import relapse
>>> result = relapse.run(query, retrieved_chunks, call_llm=my_llm, max_iterations=3)
>>> result.answer, result.grounded, result.iterations, result.transcript
"""

from relapse.check import CODES, GroundingCheck, RaguardCheck, raguard_check
from relapse.loop import arun, run
from relapse.types import (
    CompressionReport,
    GroundingFinding,
    GroundingResult,
    IterationRecord,
    RelapseError,
    RelapseResult,
    Span,
)

__all__ = [
    "run",
    "arun",
    "raguard_check",
    "RaguardCheck",
    "GroundingCheck",
    "GroundingResult",
    "GroundingFinding",
    "Span",
    "RelapseResult",
    "IterationRecord",
    "CompressionReport",
    "RelapseError",
    "CODES",
]
