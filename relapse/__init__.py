"""relapse: the self-correcting retry loop fed by raguard findings.

>>> import relapse
>>> result = relapse.run(query, retrieved_chunks, call_llm=my_llm, max_iterations=3)
>>> result.answer, result.grounded, result.iterations, result.transcript
>>> relapse.run(query, scored_chunks, call_llm=my_llm, template="ecommerce", min_score=0.75)
"""

from relapse.check import CODES, GroundingCheck, RaguardCheck, raguard_check
from relapse.context import ScoreError, ScoreFilter
from relapse.loop import arun, run
from relapse.templates import (
    PromptTemplate,
    TemplateError,
    available_templates,
    get_template,
    register_template,
)
from relapse.types import (
    CompressionReport,
    ContextReport,
    DroppedChunk,
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
    "ContextReport",
    "DroppedChunk",
    "ScoreFilter",
    "ScoreError",
    "PromptTemplate",
    "TemplateError",
    "register_template",
    "get_template",
    "available_templates",
    "RelapseError",
    "CODES",
]
