"""Public result types of :func:`raguard.verify` (pydantic v2, JSON round-trip safe)."""

from __future__ import annotations

from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict, Field

Severity = Literal["high", "medium", "low"]
Action = Literal["proceed", "review"]
ClaimKind = Literal["date", "number", "entity", "quote", "vague_reference", "citation", "other"]

SEVERITIES: tuple[str, ...] = ("high", "medium", "low")

# Warning types raised by the built-in checkers.
UNSUPPORTED_DATE = "unsupported_date"
MISSING_ENTITY = "missing_entity"
UNSUPPORTED_NUMBER = "unsupported_number"
UNSUPPORTED_QUOTE = "unsupported_quote"
VAGUE_REFERENCE = "vague_reference"
UNSUPPORTED_STATEMENT = "unsupported_statement"
CONTRADICTED_CLAIM = "contradicted_claim"  # the documents say the opposite (negations, comparisons)
MISATTRIBUTED_CLAIM = "misattributed_claim"  # the documents say it of someone else (attributions, creators)
UNANSWERED_QUESTION = "unanswered_question"  # "who?" answered with the question's own names
BAD_CITATION = "bad_citation"  # the optional citations checker
INPUT_ERROR = "input_error"
LOW_SCORE = "low_score"  # the score fell below Verifier(review_below=...)

WARNING_TYPES: tuple[str, ...] = (
    UNSUPPORTED_DATE,
    MISSING_ENTITY,
    UNSUPPORTED_NUMBER,
    UNSUPPORTED_QUOTE,
    VAGUE_REFERENCE,
    UNSUPPORTED_STATEMENT,
    CONTRADICTED_CLAIM,
    MISATTRIBUTED_CLAIM,
    UNANSWERED_QUESTION,
    BAD_CITATION,
    INPUT_ERROR,
    LOW_SCORE,
)


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
    source: Optional[Literal["document", "query"]] = None
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
