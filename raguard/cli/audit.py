"""``raguard audit LOG.jsonl``: verify a log of RAG answers, streaming, one output line per input line.

Input: one JSON object per line, ``{"id"?, "query", "retrieved_docs", "llm_response"}`` (other
keys are ignored). Output (``--out``, default stdout): one JSON line per input line, in order,
``{"id": ..., "line": N, "result": VerifyResult}``. A line that cannot be verified (blank, bad
JSON or UTF-8, not an object, a missing field, a value of the wrong type) gets a row whose result
is an ``input_error`` naming the problem: the count of output lines always equals the count of
input lines. The file is read a line at a time and each row is written (and flushed) as soon as
it is known, so memory does not grow with the length of the log and an interrupted run can be
continued with ``--resume``.

Resume key: a row's line number and its ``id`` (ids may repeat in a log, so an id alone would skip
lines never verified). After a resume the exit code and the summary cover the whole log: the
rows already in ``--out`` count as they were written.

Every line becomes a row whatever its bytes: a JSON error, an integer too long to read, nesting
too deep for the parser or any other exception is an ``input_error`` row, and a row is written
even when its content cannot be encoded as UTF-8 (lone surrogates from ``\\ud800`` escapes
are written back as escapes). Lines end at ``\\n`` (or ``\\r\\n``); a line holding old
Mac ``\\r`` line breaks is reported as such. No output (``--out``, ``--html``) may be the log
or each other: checked on the resolved paths before anything is written. The pieces
(:func:`read_rows`, :func:`result_row`, :func:`write_row`) are reusable by other engines.
"""

from __future__ import annotations

import json
import os
import re
import signal
import stat
import sys
import threading
from collections import Counter, deque
from dataclasses import dataclass, field
from typing import IO, Any, BinaryIO, Callable, Iterable, Iterator, NamedTuple, Optional, Union

from rich import box
from rich.console import Console
from rich.progress import (
    BarColumn,
    Progress,
    ProgressColumn,
    Task,
    TaskProgressColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from raguard.cli.codes import INPUT_ERROR_EXIT, PROCEED, REVIEW, has_input_error
from raguard.cli.render import is_plain, make_console
from raguard.cli.report_html import HtmlReport
from raguard.inputs import DEFAULT_MAX_CHARS
from raguard.models import VerifyResult
from raguard.verifier import Verifier, input_error_result

REQUIRED_FIELDS: tuple[str, ...] = ("query", "retrieved_docs", "llm_response")
_SNIPPET = 300  # characters of a malformed line kept for the HTML report
#: A log line longer than this is not read whole: it could not pass the verifier's size limit
#: (128,000 characters of response and documents; at most 6 bytes each as JSON escapes), and
#: reading it would hold all of it in memory.
MAX_LINE_BYTES = 6 * DEFAULT_MAX_CHARS + 65_536
_SKIP_CHUNK = 1 << 20

RowId = Union[str, int, None]
Item = tuple[Any, Any, Any]


class AuditUsageError(Exception):
    """The audit cannot start (unreadable log, bad --out/--resume combination)."""


@dataclass(frozen=True)
class LogLine:
    """One input line: its number and id, and either the item to verify or why it cannot be."""

    line: int
    id: RowId
    nbytes: int
    item: Optional[Item] = None
    error: Optional[str] = None
    snippet: str = ""

    @property
    def key(self) -> str:
        """The resume key: the line number and the id."""
        return row_key(self.id, self.line)


def row_key(row_id: Any, line: Any) -> str:
    """``<line>:<id as JSON>``: a row is the same row only at the same line with the same id (an
    id alone would skip the later lines that repeat it)."""
    return f"{line}:{json.dumps(row_id, sort_keys=True)}"


def _type_name(value: Any) -> str:
    return {dict: "object", list: "array", str: "string", bool: "boolean", type(None): "null"}.get(
        type(value), "number" if isinstance(value, (int, float)) else type(value).__name__
    )


def parse_line(raw: bytes, line_no: int) -> LogLine:
    """Turn the bytes of one line into a :class:`LogLine`; never raises."""
    nbytes = len(raw)
    body = raw.rstrip(b"\r\n")
    try:
        text = body.decode("utf-8-sig" if line_no == 1 else "utf-8")
    except UnicodeDecodeError as exc:
        return LogLine(line_no, None, nbytes, error=f"line {line_no} is not UTF-8 (invalid byte at column {exc.start + 1})",
                       snippet=body[:_SNIPPET].decode("utf-8", "replace"))
    if not text.strip():
        return LogLine(line_no, None, nbytes,
                       error=f"line {line_no} is blank: expected a JSON object with {', '.join(REQUIRED_FIELDS)}")
    snippet = text[:_SNIPPET]
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        return LogLine(line_no, None, nbytes, snippet=snippet,
                       error=f"line {line_no} is not valid JSON: {exc.msg} at column {exc.colno}{_cr_note(text)}")
    except RecursionError:
        return LogLine(line_no, None, nbytes, snippet=snippet,
                       error=f"line {line_no} is nested too deeply to be read as JSON")
    except Exception as exc:  # ValueError for an integer over Python's digit limit, MemoryError, ...
        return LogLine(line_no, None, nbytes, snippet=snippet,
                       error=f"line {line_no} cannot be read as JSON ({type(exc).__name__}: {str(exc)[:200]})")
    if not isinstance(obj, dict):
        return LogLine(line_no, None, nbytes,
                       error=f"line {line_no} is a JSON {_type_name(obj)}, expected an object with {', '.join(REQUIRED_FIELDS)}",
                       snippet=snippet)
    row_id = obj.get("id")
    if row_id is not None and (isinstance(row_id, bool) or not isinstance(row_id, (str, int))):
        return LogLine(line_no, None, nbytes,
                       error=f"line {line_no}: id must be a string or an integer, got {_type_name(row_id)}",
                       snippet=snippet)
    missing = [f for f in REQUIRED_FIELDS if f not in obj]
    if missing:
        return LogLine(line_no, row_id, nbytes,
                       error=f"line {line_no}: missing field{'s' if len(missing) > 1 else ''} {', '.join(missing)}",
                       snippet=snippet)
    # Value types (a number for llm_response, a string for retrieved_docs ...) are checked by
    # Verifier.verify itself, which answers them with an input_error result naming the field.
    return LogLine(line_no, row_id, nbytes, item=(obj["query"], obj["retrieved_docs"], obj["llm_response"]))


def _cr_note(text: str) -> str:
    """A hint when a line holds bare carriage returns: a file with old Mac line endings reads as
    one line (only ``\\n`` ends a line, so one JSON object per ``\\r`` cannot be told apart from
    a ``\\r`` inside one)."""
    if "\r" in text.rstrip("\r"):
        return " (it holds \\r line breaks: lines must end with \\n or \\r\\n; convert the file with tr '\\r' '\\n')"
    return ""


def read_rows(path: str, max_line_bytes: int = MAX_LINE_BYTES) -> Iterator[LogLine]:
    """The lines of the JSONL file at ``path`` ('-' for standard input), parsed; never raises on
    content (an unreadable file raises :class:`AuditUsageError` when iteration starts)."""
    stream, _ = _open_log(path)
    try:
        yield from read_log(stream, max_line_bytes)
    finally:
        if stream is not sys.stdin.buffer:
            stream.close()


def read_log(stream: BinaryIO, max_line_bytes: int = MAX_LINE_BYTES, *, first_line: int = 1) -> Iterator[LogLine]:
    """The lines of a JSONL stream, one at a time. Only the current line is held in memory, and
    at most ``max_line_bytes`` of it: a longer line is skipped in chunks and reported.
    ``first_line`` numbers the first line (a part of a log read on its own, as Ray's readers do)."""
    line_no = first_line - 1
    while True:
        raw = stream.readline(max_line_bytes + 1)
        if not raw:
            return
        line_no += 1
        if len(raw) <= max_line_bytes or raw.endswith(b"\n"):
            yield parse_line(raw, line_no)
            continue
        snippet = raw[:_SNIPPET].decode("utf-8", "replace")
        nbytes = len(raw)
        while not raw.endswith(b"\n"):
            raw = stream.readline(min(_SKIP_CHUNK, max_line_bytes + 1))
            if not raw:
                break
            nbytes += len(raw)
        yield LogLine(line_no, None, nbytes, snippet=snippet,
                      error=f"line {line_no} is {nbytes:,} bytes, over the {max_line_bytes:,}-byte limit "
                            f"for one log line; it was not read{_cr_note(snippet)}")


_LONE_SURROGATE_RE = re.compile("[\ud800-\udfff]")


def dump_row(row: dict[str, Any], default: Optional[Callable[[Any], Any]] = None) -> str:
    """One JSON line (without its newline) that always encodes as UTF-8: a lone surrogate (an id
    read from a ``\\udc80`` escape) is written back as its escape, so it reads back the same.
    ``default`` as in :func:`json.dumps` (the Ray engine's extra columns: timestamps...)."""
    text = json.dumps(row, ensure_ascii=False, default=default)
    if not text.isascii():
        # outside strings json.dumps writes ASCII only, so every surrogate is inside a string
        text = _LONE_SURROGATE_RE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
    return text


def write_row(out: IO[str], row: dict[str, Any]) -> None:
    """Write and flush one row."""
    out.write(dump_row(row) + "\n")
    out.flush()


def verify_items(verifier: Verifier, items: Iterable[Item], n_process: int = 1) -> Iterator[VerifyResult]:
    """One result per item, in input order, pulling items lazily.

    With ``--n-process`` above 1 the batch path (``Verifier.verify_many``: ``nlp.pipe`` in worker
    processes) verifies them; with one process each row is verified and written as it is read,
    so an interrupted audit keeps every row before the interruption.
    """
    if n_process > 1:
        return verifier.verify_many(items, n_process=n_process)
    return (verifier.verify(query, docs, response) for query, docs, response in items)


def line_result(entry: LogLine, result: Optional[VerifyResult]) -> VerifyResult:
    """The result written for ``entry``: its own input_error when it could not be parsed (``result``
    is then unused), else the verifier's result, with the line number added to an input_error."""
    if entry.item is None or result is None:
        return input_error_result(entry.error or "invalid line")
    if has_input_error(result):
        # the verifier names the bad field; add the line number, as for the lines parsed here
        return input_error_result(f"line {entry.line}: " + "; ".join(
            w.suggestion for w in result.warnings if w.type == "input_error"))
    return result


def result_row(entry: LogLine, result: VerifyResult) -> dict[str, Any]:
    """One output row of the audit: ``{"id", "line", "result"}`` (the Ray engine writes the same)."""
    return {"id": entry.id, "line": entry.line, "result": result.model_dump(mode="json")}


@dataclass
class AuditSummary:
    """Counts over the rows written in this run, and what the rows skipped on resume said."""

    lines: int = 0
    skipped: int = 0
    actions: Counter = field(default_factory=Counter)
    warning_types: Counter = field(default_factory=Counter)
    input_errors: int = 0
    #: of the skipped rows: how many need review, how many are input errors
    skipped_review: int = 0
    skipped_input_errors: int = 0

    def add_skipped(self, done: "DoneRow") -> None:
        self.skipped += 1
        self.skipped_review += done.review
        self.skipped_input_errors += done.input_error

    def add(self, result: VerifyResult) -> None:
        self.lines += 1
        self.actions[result.action] += 1
        self.warning_types.update(w.type for w in result.warnings)
        if has_input_error(result):
            self.input_errors += 1

    def exit_code(self) -> int:
        """2 if any line of the log was an input error, else 1 if any answer needs review, else 0
        (rows skipped on resume included)."""
        if self.input_errors or self.skipped_input_errors:
            return INPUT_ERROR_EXIT
        return REVIEW if self.actions["review"] or self.skipped_review else PROCEED


class DoneRow(NamedTuple):
    """What a row already in ``--out`` said: for the exit code after a resume."""

    review: bool
    input_error: bool


def _done_row(row: Any) -> DoneRow:
    result = row.get("result") if isinstance(row, dict) else None
    if not isinstance(result, dict):
        return DoneRow(True, True)  # not a result: count it as the worst
    warnings = result.get("warnings")
    input_error = isinstance(warnings, list) and any(isinstance(w, dict) and w.get("type") == "input_error"
                                                       for w in warnings)
    return DoneRow(result.get("action") != "proceed", input_error)


def resume_keys(path: str, err: Console) -> dict[str, DoneRow]:
    """The keys of the rows already in ``path``, with what each said. A last line cut short by a
    crash is removed (its input line is verified again); other unreadable rows are reported and
    kept."""
    keys: dict[str, DoneRow] = {}
    if not os.path.exists(path):
        return keys
    bad = 0
    with open(path, "r+b") as fh:
        good_end = 0
        for raw in iter(fh.readline, b""):
            if not raw.endswith(b"\n"):
                break
            good_end += len(raw)
            try:
                row = json.loads(raw)
                keys[row_key(row.get("id"), row["line"])] = _done_row(row)
            except Exception:  # (any row: bad JSON, deep nesting, a huge integer, not an object)
                bad += 1
        size = fh.seek(0, os.SEEK_END)
        if good_end < size:
            fh.truncate(good_end)
            err.print(f"note: removed an incomplete last line from {path} (it will be verified again)", markup=False)
    if bad:
        err.print(f"warning: {bad} line(s) of {path} are not audit rows; they were left as they are", markup=False)
    return keys


class _AnswerRate(ProgressColumn):
    """Answers per second so far."""

    def render(self, task: Task) -> Text:
        elapsed = task.elapsed or 0.0
        done = task.fields.get("answers", 0)
        rate = done / elapsed if elapsed > 0 else 0.0
        return Text(f"{rate:,.1f} answers/s", style="progress.data.speed")


def _make_progress(err: Console) -> Progress:
    return Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        TaskProgressColumn(),
        TextColumn("{task.fields[answers]:,} answers"),
        _AnswerRate(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        TimeElapsedColumn(),
        console=err,
        disable=not err.is_terminal,
        transient=False,
    )


def _open_log(path: str) -> tuple[BinaryIO, Optional[int]]:
    """The log as a binary stream, and its size when it is a regular file (for the ETA)."""
    if path == "-":
        return sys.stdin.buffer, None
    try:
        fh = open(path, "rb")
    except FileNotFoundError:
        raise AuditUsageError(f"log {path!r}: no such file") from None
    except IsADirectoryError:
        raise AuditUsageError(f"log {path!r} is a directory, not a file") from None
    except OSError as exc:
        raise AuditUsageError(f"log {path!r} cannot be read: {exc.strerror or exc}") from None
    st = os.fstat(fh.fileno())
    return fh, (st.st_size if stat.S_ISREG(st.st_mode) else None)


def check_paths(log_path: str, out_path: str, html_path: Optional[str]) -> None:
    """No output may be the log or the other output: compared by resolved path (symbolic links,
    ``..``) and, for files that exist, by identity (hard links). Called before anything is written."""
    named = [("the log", log_path), ("--out", out_path), ("--html", html_path)]
    files = [(what, path) for what, path in named if path and path != "-"]
    for i, (what, path) in enumerate(files):
        for other_what, other in files[:i]:
            if _same_file(path, other):
                raise AuditUsageError(f"{what} and {other_what} are the same file ({path}): "
                                      f"write {'the results' if what == '--out' else 'the report'} to another file")


def _same_file(a: str, b: str) -> bool:
    if os.path.realpath(a) == os.path.realpath(b):
        return True
    try:
        return os.path.samefile(a, b)
    except OSError:  # (one does not exist yet: the resolved paths differ, so they are different files)
        return False


def _open_out(out_path: str, log_path: str, resume: bool) -> IO[str]:
    if out_path == "-":
        return sys.stdout
    try:
        return open(out_path, "a" if resume else "w", encoding="utf-8")
    except OSError as exc:
        raise AuditUsageError(f"--out {out_path!r} cannot be written: {exc.strerror or exc}") from None


def _open_report(html_path: str, log_path: str) -> HtmlReport:
    try:
        return HtmlReport(html_path, source=log_path)
    except OSError as exc:
        raise AuditUsageError(f"--html {html_path!r} cannot be written: {exc.strerror or exc}") from None


def run_audit(
    *,
    log_path: str,
    out_path: str,
    html_path: Optional[str],
    resume: bool,
    n_process: int,
    plain: bool,
    make_verifier: Callable[[], Verifier],
) -> int:
    """Audit the log; return the exit code (see :meth:`AuditSummary.exit_code`)."""
    err = make_console(stderr=True, plain=plain)
    verifier = make_verifier()  # (before any file is opened: nothing to clean up if it fails)
    try:
        if resume and out_path == "-":
            raise AuditUsageError("--resume needs --out FILE: it skips the lines already in that file")
        check_paths(log_path, out_path, html_path)
        log, size = _open_log(log_path)
        done = resume_keys(out_path, err) if resume else {}
        report = _open_report(html_path, log_path) if html_path else None
        try:
            out = _open_out(out_path, log_path, resume)
        except AuditUsageError:
            if report is not None:
                report.discard()
            raise
    except AuditUsageError as exc:
        err.print(f"error: {exc}", markup=False)
        return INPUT_ERROR_EXIT

    summary = AuditSummary()
    pending: deque[LogLine] = deque()
    progress = _make_progress(err)
    task = progress.add_task("audit", total=size, answers=0)

    def feed() -> Iterator[Item]:
        """Items for the verifier; every line (good or bad) is queued in order in ``pending``."""
        for entry in read_log(log):
            previous = done.get(entry.key)
            if previous is not None:
                summary.add_skipped(previous)
                progress.advance(task, entry.nbytes)
                continue
            pending.append(entry)
            if entry.item is not None:
                yield entry.item

    def emit(entry: LogLine, result: Optional[VerifyResult]) -> None:
        result = line_result(entry, result)
        write_row(out, result_row(entry, result))
        summary.add(result)
        if report is not None:
            report.add(line=entry.line, row_id=entry.id, result=result, item=entry.item, snippet=entry.snippet)
        progress.update(task, advance=entry.nbytes, answers=summary.lines)

    def emit_errors_before_next() -> None:
        while pending and pending[0].item is None:
            emit(pending.popleft(), None)

    try:
        with progress, _terminate_as_exit():
            for result in verify_items(verifier, feed(), n_process):
                emit_errors_before_next()
                emit(pending.popleft(), result)
            emit_errors_before_next()
    finally:
        if log is not sys.stdin.buffer:
            log.close()
        if out is not sys.stdout:
            out.close()
        if report is not None:
            report.finish(summary_counts(summary))
    print_summary(err, summary, plain=plain or is_plain(err))
    return summary.exit_code()


class _Terminated(SystemExit):
    """SIGTERM during an audit: unwinds like an exception, so the report's temporary file is
    removed and the rows written so far stay complete."""


class _terminate_as_exit:
    """Turn SIGTERM into :class:`_Terminated` while the audit runs (main thread only: signal
    handlers cannot be set elsewhere). SIGKILL cannot be caught: ``--resume`` covers it."""

    def __enter__(self) -> None:
        self._previous: Any = None
        if threading.current_thread() is threading.main_thread():
            self._previous = signal.signal(signal.SIGTERM, self._raise)

    @staticmethod
    def _raise(signum: int, frame: Any) -> None:
        raise _Terminated(128 + signum)

    def __exit__(self, *exc: Any) -> None:
        if self._previous is not None:
            signal.signal(signal.SIGTERM, self._previous)


def summary_counts(summary: AuditSummary) -> dict[str, Any]:
    """The summary as plain data (for the HTML report)."""
    return {
        "answers": summary.lines,
        "proceed": summary.actions["proceed"],
        "review": summary.actions["review"],
        "input_errors": summary.input_errors,
        "skipped": summary.skipped,
        "warning_types": dict(summary.warning_types.most_common()),
    }


def print_summary(err: Console, summary: AuditSummary, *, plain: bool) -> None:
    """Counts by action and by warning type, on stderr (stdout may carry the JSON rows)."""
    head = Text(f"audited {summary.lines:,} line(s)")
    if summary.skipped:
        head.append(f", skipped {summary.skipped:,} already in --out ({summary.skipped_review:,} review, "
                    f"{summary.skipped_input_errors:,} input error{'s' if summary.skipped_input_errors != 1 else ''})")
    head.append(": ")
    head.append(f"{summary.actions['proceed']:,} proceed", style="" if plain else "green")
    head.append(", ")
    head.append(f"{summary.actions['review']:,} review", style="" if plain else "red")
    head.append(f" ({summary.input_errors:,} input error{'s' if summary.input_errors != 1 else ''})")
    err.print(head)
    if summary.warning_types:
        table = Table(box=box.ASCII2 if plain else box.SIMPLE, title=None)
        table.add_column("warning type")
        table.add_column("count", justify="right")
        for wtype, count in summary.warning_types.most_common():
            table.add_row(Text(wtype), f"{count:,}")
        err.print(table)
