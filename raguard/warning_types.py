"""The one registry of warning types: name, default severity, dedupe priority, description and
the stable code relapse reports it by.

Read by :mod:`raguard.models` (the names), the engine (severities of the engine's own types, the
dedupe order), the built-in checkers (their default severity), ``relapse.CODES``, the CLI
(``raguard types``) and the docs (:func:`markdown_table`). A custom checker's type is not listed:
it gets its checker's ``default_severity``, ranks after every listed type when warnings overlap,
and its code is its name upper-cased (:func:`code_for`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional

UNSUPPORTED_DATE = "unsupported_date"
MISSING_ENTITY = "missing_entity"
UNSUPPORTED_NUMBER = "unsupported_number"
COMPUTED_VALUE = "computed_value"  # a number or date in no document, but arithmetic on values beside it
UNSUPPORTED_QUOTE = "unsupported_quote"
VAGUE_REFERENCE = "vague_reference"
UNSUPPORTED_STATEMENT = "unsupported_statement"
UNSUPPORTED_DESCRIPTION = "unsupported_description"  # what the answer says of a talk itself ("the chat is light-hearted")
UNSUPPORTED_VERDICT = "unsupported_verdict"  # the opening reply to a question ("Yes, with one catch.")
CROSS_LANGUAGE_STATEMENT = "cross_language_statement"  # unsupported, but a document is in another language
CONTRADICTED_CLAIM = "contradicted_claim"  # the documents say the opposite (negations, comparisons)
MISATTRIBUTED_CLAIM = "misattributed_claim"  # the documents say it of someone else (attributions, creators)
UNANSWERED_QUESTION = "unanswered_question"  # "who?" answered with the question's own names
BAD_CITATION = "bad_citation"  # the optional citations checker
LOW_SCORE = "low_score"  # the score fell below Verifier(review_below=...)
INPUT_ERROR = "input_error"
CHECKER_ERROR = "checker_error"


@dataclass(frozen=True)
class WarningType:
    """One warning type. ``priority``: when warnings overlap, the lowest number is kept (None:
    after every ranked type); ``checkers``: the built-in checkers that raise it."""

    name: str
    default_severity: str
    priority: Optional[int]
    checkers: tuple[str, ...]
    description: str

    @property
    def code(self) -> str:
        """The stable code relapse reports it by (``GroundingFinding.code``)."""
        return code_for(self.name)


_NON_CODE = re.compile(r"[^A-Za-z0-9]+")


def code_for(name: str) -> str:
    """A warning type's code: its name upper-cased, other characters as ``_`` ("email-address"
    -> "EMAIL_ADDRESS"); the same rule for custom types as for the listed ones."""
    return _NON_CODE.sub("_", name).strip("_").upper() or "UNKNOWN"


#: Every built-in warning type, in the order of the documentation's table.
REGISTRY: tuple[WarningType, ...] = (
    WarningType(UNSUPPORTED_DATE, "high", 1, ("dates",),
                "a date no document supports"),
    WarningType(MISSING_ENTITY, "high", 0, ("entities",),
                "a name (NER, a capitalized run, or a name with a number) that is in no document"),
    WarningType(UNSUPPORTED_NUMBER, "high", 2, ("numbers",),
                "a value (number, percentage, amount, count) that matches no document value"),
    WarningType(COMPUTED_VALUE, "medium", None, ("numbers", "dates"),
                "a number or date no document gives, but arithmetic on values the answer writes beside it or the "
                "question gives (a total, difference, per-unit price, share, percentage of an amount, a time or date "
                "some hours or days from another): shown with what it can be derived from, not gating"),
    WarningType(UNSUPPORTED_QUOTE, "high", 3, ("quotes",),
                "text in double quotes that is in no document (kept beside the warnings inside it)"),
    WarningType(VAGUE_REFERENCE, "medium", 4, ("vague",),
                "a phrase such as \"the recent report\" that the documents give no referent"),
    WarningType(UNSUPPORTED_STATEMENT, "high", 8, ("statements", "sameness"),
                "a sentence whose new content words find almost no support in any one document"),
    WarningType(UNSUPPORTED_DESCRIPTION, "medium", 9, ("statements",),
                "a sentence about a talk itself (\"The conversation is light-hearted in tone\") whose words find "
                "little support: shown, not gating, since a description of a talk is seldom in its words"),
    WarningType(UNSUPPORTED_VERDICT, "medium", 10, ("statements",),
                "the same, in the short sentence opening a longer answer to a question (\"Yes, with one catch.\", "
                "\"You're getting money back.\") or in a conclusion drawn from the sentences before it (\"So the venue "
                "made a profit.\"): shown, not gating, since a reply or a conclusion in the answer's own terms is "
                "seldom in the documents' words; the sentences that give its grounds are checked"),
    WarningType(CROSS_LANGUAGE_STATEMENT, "medium", 11, ("statements",),
                "the same, where a document is written in another language (German, Spanish...): a restatement in "
                "English shares no words with it, so lexical support cannot tell; shown, not gating"),
    WarningType(CONTRADICTED_CLAIM, "high", 5, ("negations", "opposites", "comparisons", "choices", "sameness",
                                                "placement", "direction"),
                "the documents say the opposite (a denial, a wrong order, the other option, another value in that place, "
                "a change going the other way)"),
    WarningType(MISATTRIBUTED_CLAIM, "high", 6, ("attributions", "roles", "creators"),
                "the documents say it of someone else, or of the two names the other way round"),
    WarningType(UNANSWERED_QUESTION, "high", 7, ("unanswered",),
                "the question is answered only with its own names, or a number or date question with none"),
    WarningType(BAD_CITATION, "high", None, ("citations",),
                "a citation marker names a chunk that does not exist or does not support the sentence"),
    WarningType(LOW_SCORE, "medium", None, (),
                "the answer's groundedness score fell below Verifier(review_below=...): on its weakest sentence"),
    WarningType(INPUT_ERROR, "high", None, (),
                "the input cannot be verified (empty, wrong type, too large); the suggestion says what to fix"),
    WarningType(CHECKER_ERROR, "high", None, (),
                "a checker failed on this input; the answer could not be fully verified"),
)

BY_NAME: dict[str, WarningType] = {t.name: t for t in REGISTRY}

#: Warning types by dedupe priority, most specific first (those without a priority left out).
PRIORITY_ORDER: tuple[str, ...] = tuple(
    t.name for t in sorted((t for t in REGISTRY if t.priority is not None), key=lambda t: t.priority)  # type: ignore[arg-type, return-value]
)


def default_severity(name: str) -> str:
    """The default severity of a listed warning type."""
    return BY_NAME[name].default_severity


def markdown_table() -> str:
    """The registry as a Markdown table (for the docs)."""
    rows = ["| type | checkers | default severity | code | raised when |", "|---|---|---|---|---|"]
    for t in REGISTRY:
        checkers = ", ".join(f"`{c}`" for c in t.checkers) or "—"
        rows.append(f"| `{t.name}` | {checkers} | {t.default_severity} | `{t.code}` | {t.description} |")
    return "\n".join(rows)
