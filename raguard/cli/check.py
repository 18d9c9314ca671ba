"""``raguard check``: verify one answer read from files and show it highlighted (or as JSON)."""

from __future__ import annotations

import sys
from typing import Callable, Sequence

from raguard.cli.codes import INPUT_ERROR_EXIT, exit_code
from raguard.cli.render import is_plain, make_console, render_result
from raguard.inputs import DEFAULT_MAX_CHARS
from raguard.models import VerifyResult
from raguard.verifier import Verifier, input_error_result


class InputFileError(Exception):
    """A file named on the command line cannot be read as UTF-8 text."""


def read_text(path: str, what: str, max_chars: int = DEFAULT_MAX_CHARS) -> str:
    """The UTF-8 text of ``path`` (``-`` is standard input); a clear :class:`InputFileError` else.

    At most ``4 * max_chars`` bytes are read (a character is at most 4 bytes of UTF-8): a file
    over the verifier's size limit is refused after that much, not read whole (a 200 MB
    document took 519 MB before the verifier refused it)."""
    limit = 4 * max_chars + 4  # (+ a BOM)
    try:
        if path == "-":
            data = sys.stdin.buffer.read(limit + 1)
        else:
            with open(path, "rb") as fh:
                data = fh.read(limit + 1)
    except FileNotFoundError:
        raise InputFileError(f"{what} {path!r}: no such file") from None
    except IsADirectoryError:
        raise InputFileError(f"{what} {path!r} is a directory, not a file") from None
    except OSError as exc:
        raise InputFileError(f"{what} {path!r} cannot be read: {exc.strerror or exc}") from None
    if len(data) > limit:
        raise InputFileError(f"{what} {path!r} is over the limit of {max_chars:,} characters: "
                             "pass a shorter file, or split it")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputFileError(
            f"{what} {path!r} is not UTF-8 text (invalid byte at offset {exc.start}): convert it to UTF-8"
        ) from None
    return text  # (a text over the limit by characters gets the verifier's own input_error)


def run_check(
    *,
    query: str,
    doc_paths: Sequence[str],
    response_path: str,
    as_json: bool,
    plain: bool,
    make_verifier: Callable[[], Verifier],
) -> int:
    """Read the inputs, verify, print; return the exit code (0 proceed, 1 review, 2 input error)."""
    err = make_console(stderr=True, plain=plain)
    if sum(1 for p in [*doc_paths, response_path] if p == "-") > 1:
        err.print("error: only one of --doc/--response can be '-' (standard input)", markup=False)
        return INPUT_ERROR_EXIT
    verifier = make_verifier()
    try:
        documents = [read_text(p, "--doc", verifier.max_chars) for p in doc_paths]
        response = read_text(response_path, "--response", verifier.max_chars)
    except InputFileError as exc:
        err.print(f"error: {exc}", markup=False)
        if as_json:
            _print_json(input_error_result(str(exc)))
        return INPUT_ERROR_EXIT
    result = verifier.verify(query, documents, response)
    if as_json:
        _print_json(result)
    else:
        out = make_console(plain=plain)
        render_result(out, response, result, plain=plain or is_plain(out))
    return exit_code(result)


def _print_json(result: VerifyResult) -> None:
    """The result as indented JSON on stdout (``VerifyResult.model_validate_json`` reads it back)."""
    sys.stdout.write(result.model_dump_json(indent=2) + "\n")
    sys.stdout.flush()
