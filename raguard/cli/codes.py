"""Exit codes of the ``raguard`` command, so it can gate a shell script."""

from __future__ import annotations

from raguard.models import INPUT_ERROR, VerifyResult

PROCEED = 0  #: every answer may be used as it is
REVIEW = 1  #: at least one answer needs review
INPUT_ERROR_EXIT = 2  #: bad usage, an unreadable file, or input that cannot be verified


def has_input_error(result: VerifyResult) -> bool:
    """True when the result says the input itself could not be verified."""
    return any(w.type == INPUT_ERROR for w in result.warnings)


def exit_code(result: VerifyResult) -> int:
    """2 for an input_error result, 1 for review, 0 for proceed."""
    if has_input_error(result):
        return INPUT_ERROR_EXIT
    return REVIEW if result.action == "review" else PROCEED
