"""Public result types of :func:`raguard.verify` (pydantic v2, JSON round-trip safe)."""

from __future__ import annotations

from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict, Field

Severity = Literal["high", "medium", "low"]
Action = Literal["proceed", "review"]
ClaimKind = Literal["date", "number", "entity", "quote", "vague_reference", "citation", "other"]

SEVERITIES: tuple[str, ...] = ("high", "medium", "low")

# Warning types: their facts live in one registry (raguard.warning_types); the names are
# re-exported here, where they have always been imported from.
from raguard.warning_types import (  # noqa: E402
    BAD_CITATION,
    CHECKER_ERROR,
    COMPUTED_VALUE,
    CONTRADICTED_CLAIM,
    CROSS_LANGUAGE_STATEMENT,
    INPUT_ERROR,
    LOW_SCORE,
    MISATTRIBUTED_CLAIM,
    MISSING_ENTITY,
    REGISTRY,
    UNANSWERED_QUESTION,
    UNSUPPORTED_DATE,
    UNSUPPORTED_NUMBER,
    UNSUPPORTED_QUOTE,
    UNSUPPORTED_DESCRIPTION,
    UNSUPPORTED_STATEMENT,
    UNSUPPORTED_VERDICT,
    VAGUE_REFERENCE,
)

#: The warning types a result may hold (checker_error aside: a failure of raguard, not of the answer).
WARNING_TYPES: tuple[str, ...] = tuple(t.name for t in REGISTRY if t.name != CHECKER_ERROR)


class Evidence(BaseModel):
    """Where a supported claim was found: document index and character span in that document."""

    model_config = ConfigDict(frozen=True)

    doc_index: int
    start: int
    end: int
    text: str


class Claim(BaseModel):
    """One checked statement of the response, supported or not."""

    model_config = ConfigDict(frozen=True)

    kind: str
    text: str
    start: int
    end: int
    value: Optional[str] = None
    supported: bool
    evidence: Optional[Evidence] = None
    source: Optional[Literal["document", "query", "derived"]] = None
    checker: str = ""
    support: Optional[float] = Field(
        default=None, ge=0.0, le=1.0,
        description="How well the documents support the claim, 0 to 1 (see raguard.score).",
    )


class Warning(BaseModel):  # noqa: A001 - the public name the API promises
    """A problem found in the response; ``start``/``end`` index ``llm_response``."""

    model_config = ConfigDict(frozen=True)

    severity: Severity
    type: str
    text: str
    suggestion: str
    start: Optional[int] = None
    end: Optional[int] = None
    nearest_value: Optional[str] = Field(
        default=None, description="The closest value of the same kind that the documents do give."
    )


RaguardWarning = Warning


class Summary(BaseModel):
    """Warning counts by severity."""

    model_config = ConfigDict(frozen=True)

    high: int = 0
    medium: int = 0
    low: int = 0


class VerifyResult(BaseModel):
    """What :func:`raguard.verify` returns: the action, the warnings, and every checked claim."""

    model_config = ConfigDict(frozen=True)

    action: Action
    warnings: list[Warning] = Field(default_factory=list)
    summary: Summary = Field(default_factory=Summary)
    claims: list[Claim] = Field(default_factory=list)
    score: float = Field(
        default=1.0, ge=0.0, le=1.0,
        description="Groundedness of the whole answer, 0 to 1 (1: every claim grounded; see raguard.score).",
    )

    @property
    def ok(self) -> bool:
        """True when the action is ``"proceed"``."""
        return self.action == "proceed"
