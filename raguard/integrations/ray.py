"""Audit logged RAG answers on Ray Data: ``raguard audit`` at cluster scale, nothing lost.

A log (JSONL, or Parquet; the fields of ``raguard audit``: ``id``, ``query``, ``retrieved_docs``,
``llm_response``, and any other column, which is carried through) becomes a Ray Dataset.
``map_batches`` hands its rows to a pool of actors; each actor loads the spaCy model once and keeps
its :class:`~raguard.verifier.Verifier` and document cache for the whole run. Rows are parsed and
their results built by the functions of ``raguard audit`` (:func:`raguard.cli.audit.parse_line`,
:func:`~raguard.cli.audit.line_result`, :func:`~raguard.cli.audit.result_row`), so a row gets the
result ``raguard audit`` gives it, and every input row exactly one output row: a malformed line or a
value of the wrong type is a row with an ``input_error``, never a failed job. A worker that dies is
restarted by Ray and its block verified again (the actors' ``max_restarts`` / ``max_task_retries``).

Rows keep the line numbers ``raguard audit`` gives them, without a global ordering step: the driver
cuts a JSONL file into byte ranges at line ends (one pass counting newlines) and a Parquet file by
row groups (from its footer), and each range knows the number of its first line.

Output (a directory, as Ray writes): JSONL rows ``{"id", "line", "result", <extra fields>}`` (the
rows of ``raguard audit``), or Parquet with flat columns (``action``, ``input_error``, ``high``,
``medium``, ``low``, ``warning_types``) beside ``result`` (the full result as JSON text). The
summary (rates by action and by warning type, optionally per value of a column) is computed by Ray
from the written results.
"""

from __future__ import annotations

import json
import logging
import os
from collections import Counter
from typing import Any, Callable, Iterator, Optional, Union

# No usage report: Ray would otherwise send one (the network beyond loopback) when a cluster starts.
os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")

try:
    import pyarrow as pa
    import pyarrow.fs as pafs
    import pyarrow.parquet as pq
    import ray
    import ray.data
    from ray.data import SaveMode
    from ray.data.aggregate import Sum
    from ray.data.datasource import BlockBasedFileDatasink
except ImportError as exc:  # pragma: no cover - depends on the installation
    raise ImportError("raguard.integrations.ray needs Ray Data: pip install 'raguard-verify[ray]'") from exc

from raguard.cli.audit import AuditSummary, LogLine, dump_row, line_result, parse_line, read_log, result_row
from raguard.cli.codes import INPUT_ERROR_EXIT, PROCEED, REVIEW, has_input_error
from raguard.models import VerifyResult
from raguard.verifier import Verifier

#: Rows per actor call (one Ray block): the unit a restarted worker verifies again.
DEFAULT_BATCH_SIZE = 256
#: A JSONL read task reads about this many bytes (cut at the next line end).
DEFAULT_PART_BYTES = 4 << 20
_SCAN_CHUNK = 8 << 20
_READ_CHUNK = 1 << 20

_INPUT_FIELDS = ("id", "query", "retrieved_docs", "llm_response")
#: Columns of the output (an input column of the same name is not carried through).
_RESULT_COLUMNS = ("action", "input_error", "high", "medium", "low", "warning_types", "result")
_OUTPUT_NAMES = frozenset(("id", "line", "extra", *_RESULT_COLUMNS))
#: The column a JSONL-read dataset holds its raw lines in (its mark: the actors parse them).
_RAW = "_raguard_raw"
_ERROR = "_raguard_error"

Paths = Union[str, list[str]]


# -- reading ---------------------------------------------------------------------------------------

def _filesystem(path: str) -> tuple[Any, str]:
    """The pyarrow filesystem of ``path`` (a local path or a URI such as ``s3://``) and the path in it."""
    if "://" in path:
        return pafs.FileSystem.from_uri(path)
    return pafs.LocalFileSystem(), os.path.abspath(path)


def _files(paths: Paths, suffix: str) -> list[str]:
    """The files to read: each path, or the files ending in ``suffix`` of a directory (sorted)."""
    out: list[str] = []
    for path in [paths] if isinstance(paths, str) else paths:
        fs, local = _filesystem(path)
        info = fs.get_file_info(local)
        if info.type == pafs.FileType.NotFound:
            raise FileNotFoundError(f"{path!r}: no such file or directory")
        if info.type == pafs.FileType.Directory:
            found = fs.get_file_info(pafs.FileSelector(local, recursive=False))
            names = sorted(f.path for f in found if f.type == pafs.FileType.File and f.path.endswith(suffix))
            out.extend(_as_uri(path, name) for name in names)
        else:
            out.append(_as_uri(path, local))
    return out


def _as_uri(original: str, path: str) -> str:
    """A path every worker can open: the absolute path, or the URI with its scheme."""
    if "://" not in original:
        return path
    return f"{original.split('://', 1)[0]}://{path}"


def plan_jsonl(path: str, part_bytes: int = DEFAULT_PART_BYTES) -> list[dict[str, Any]]:
    """Byte ranges of a JSONL file that end at line ends, each with the number of its first line.

    One pass over the file (counting newlines, at disk speed); a range is ``part_bytes`` or a
    little more, up to the next line end.
    """
    fs, local = _filesystem(path)
    parts: list[dict[str, Any]] = []
    start, first_line, lines, pos = 0, 1, 0, 0
    with fs.open_input_stream(local) as stream:
        while True:
            chunk = stream.read(_SCAN_CHUNK)
            if not chunk:
                break
            i = 0
            while True:
                cut = max(start + part_bytes - 1 - pos, i)
                nl = chunk.find(b"\n", cut) if cut < len(chunk) else -1
                if nl < 0:
                    break
                lines += chunk.count(b"\n", i, nl + 1)
                parts.append({"path": path, "start": start, "end": pos + nl + 1, "first_line": first_line})
                first_line, lines = first_line + lines, 0
                i = nl + 1
                start = pos + i
            lines += chunk.count(b"\n", i)
            pos += len(chunk)
    if pos > start:
        parts.append({"path": path, "start": start, "end": pos, "first_line": first_line})
    return parts


def plan_parquet(path: str) -> list[dict[str, Any]]:
    """The row groups of a Parquet file, each with the number (from 1) of its first row."""
    fs, local = _filesystem(path)
    with fs.open_input_file(local) as fh:
        meta = pq.ParquetFile(fh).metadata
    parts, first = [], 1
    for group in range(meta.num_row_groups):
        parts.append({"path": path, "row_group": group, "first_line": first})
        first += meta.row_group(group).num_rows
    return parts


class _RangeReader:
    """``readline(limit)`` over bytes ``[start, end)`` of a file (what ``read_log`` reads), keeping
    the last line it returned so that the raw line can travel with its number."""

    def __init__(self, fh: Any, start: int, end: int) -> None:
        fh.seek(start)
        self._fh, self._left = fh, end - start
        self._buf, self._pos = b"", 0
        self.last = b""

    def readline(self, limit: int = -1) -> bytes:
        pieces: list[bytes] = []
        taken = 0
        while limit < 0 or taken < limit:
            if self._pos >= len(self._buf):
                if self._left <= 0:
                    break
                self._buf, self._pos = self._fh.read(min(_READ_CHUNK, self._left)), 0
                self._left = self._left - len(self._buf) if self._buf else 0
                if not self._buf:
                    break
            stop = len(self._buf) if limit < 0 else min(len(self._buf), self._pos + limit - taken)
            nl = self._buf.find(b"\n", self._pos, stop)
            end = nl + 1 if nl >= 0 else stop
            pieces.append(self._buf[self._pos:end])
            taken += end - self._pos
            self._pos = end
            if nl >= 0:
                break
        self.last = b"".join(pieces)
        return self.last


def _read_jsonl_parts(parts: pa.Table) -> pa.Table:
    """The lines of some byte ranges: number, raw bytes (or, for a line too long to read, the error)."""
    lines: list[int] = []
    raws: list[Optional[bytes]] = []
    errors: list[Optional[str]] = []
    for part in parts.to_pylist():
        fs, local = _filesystem(part["path"])
        with fs.open_input_file(local) as fh:
            reader = _RangeReader(fh, part["start"], part["end"])
            for entry in read_log(reader, first_line=part["first_line"]):  # type: ignore[arg-type]
                whole = len(reader.last) == entry.nbytes  # else it was skipped: too long to hold
                lines.append(entry.line)
                raws.append(reader.last if whole else None)
                errors.append(None if whole else entry.error)
    return pa.table({"line": pa.array(lines, pa.int64()), _RAW: pa.array(raws, pa.binary()),
                     _ERROR: pa.array(errors, pa.string())})


def _read_parquet_parts(parts: pa.Table) -> pa.Table:
    """The rows of some row groups, with their row numbers as ``line``."""
    tables = []
    for part in parts.to_pylist():
        fs, local = _filesystem(part["path"])
        with fs.open_input_file(local) as fh:
            table = pq.ParquetFile(fh).read_row_group(part["row_group"])
        table = table.drop_columns([c for c in table.column_names if c in _OUTPUT_NAMES - {"id"}])
        first = part["first_line"]
        tables.append(table.append_column("line", pa.array(range(first, first + table.num_rows), pa.int64())))
    return pa.concat_tables(tables, promote_options="permissive")


def read_log_dataset(paths: Paths, *, part_bytes: int = DEFAULT_PART_BYTES, readers: int = 2) -> "ray.data.Dataset":
    """A log as a Ray Dataset for :func:`audit_dataset`: ``*.parquet`` files (or a directory of
    them) as their rows, anything else as JSONL lines (parsed by the actors). Each row has ``line``.

    At most ``readers`` read tasks run at once: they take no CPU from the actors (reading is
    light next to verifying), so their number is bounded here instead.
    """
    first = paths if isinstance(paths, str) else (paths[0] if paths else "")
    if _is_parquet(first):
        parts = [p for f in _files(paths, ".parquet") for p in plan_parquet(f)]
        reader: Callable[[pa.Table], pa.Table] = _read_parquet_parts
    else:
        parts = [p for f in _files(paths, ".jsonl") for p in plan_jsonl(f, part_bytes)]
        reader = _read_jsonl_parts
    if not parts:
        return ray.data.from_items([])
    # one read task per part (reading is light: zero CPUs, so that it never waits for the actors)
    return ray.data.from_items(parts, override_num_blocks=len(parts)).map_batches(
        reader, batch_size=1, batch_format="pyarrow", num_cpus=0,
        compute=ray.data.TaskPoolStrategy(size=max(1, min(len(parts), readers))))


def _is_parquet(path: str) -> bool:
    path = path.rstrip("/")
    if path.endswith(".parquet"):
        return True
    if "://" in path or not os.path.isdir(path):
        return False
    return any(name.endswith(".parquet") for name in os.listdir(path))


# -- verifying ------------------------------------------------------------------------------------

def _group_key(value: Any) -> str:
    """A grouping value as text: strings as they are, anything else as JSON (``null`` when absent)."""
    return value if isinstance(value, str) else json.dumps(value, default=str, ensure_ascii=False)


def _jsonl_extras(raw: bytes) -> dict[str, Any]:
    """The fields of a JSONL line besides the row fields (empty when it is not a JSON object)."""
    try:
        obj = json.loads(raw)
    except ValueError:  # UnicodeDecodeError is one
        return {}
    if not isinstance(obj, dict):
        return {}
    return {k: v for k, v in obj.items() if k not in _INPUT_FIELDS and k not in _OUTPUT_NAMES}


def _parquet_entry(row: dict[str, Any], line: int) -> LogLine:
    """A Parquet row as the JSONL line ``raguard audit`` would read: the same checks and messages."""
    fields = {k: row[k] for k in _INPUT_FIELDS if k in row}
    if fields.get("id") is None:
        fields.pop("id", None)  # a null id is no id, as a JSON line without one
    try:
        raw = json.dumps(fields, ensure_ascii=False).encode()
    except (TypeError, ValueError) as exc:
        return LogLine(line, None, 0, error=f"line {line}: a field holds a value JSON cannot hold ({exc})")
    return parse_line(raw, line)


class _Auditor:
    """One actor of the pool: its own verifier (model loaded once, document cache kept)."""

    def __init__(self, make_verifier: Callable[[], Verifier], output: str, group_by: Optional[str],
                 verify_batch_size: int) -> None:
        self._verifier = make_verifier()
        self._verifier.model()
        self._output = output
        self._group_by = group_by
        self._verify_batch_size = verify_batch_size

    def __call__(self, batch: pa.Table) -> pa.Table:
        jsonl = _RAW in batch.column_names
        entries, extras = self._jsonl_entries(batch) if jsonl else self._parquet_entries(batch)
        results = self._verify(entries)
        if self._output == "jsonl":
            rows = [dump_row({**result_row(e, r), **x}, default=str)
                    for e, r, x in zip(entries, results, extras)]
            return pa.table({"line": pa.array([e.line for e in entries], pa.int64()),
                             "row": pa.array(rows, pa.string())})
        columns = _result_columns(results)
        if jsonl:
            table = pa.table({"id": pa.array([None if e.id is None else str(e.id) for e in entries], pa.string()),
                              "line": batch["line"]})
            if self._group_by and self._group_by not in _OUTPUT_NAMES:
                keys = [_group_key(x.get(self._group_by)) for x in extras]
                table = table.append_column(self._group_by, pa.array(keys, pa.string()))
            extra = [json.dumps(x, ensure_ascii=False, default=str) if x else None for x in extras]
            table = table.append_column("extra", pa.array(extra, pa.string()))
        else:
            table = batch.drop_columns([c for c in _INPUT_FIELDS[1:] if c in batch.column_names])
        for name, column in columns.items():
            table = table.append_column(name, column)
        return table

    def _jsonl_entries(self, batch: pa.Table) -> tuple[list[LogLine], list[dict[str, Any]]]:
        entries: list[LogLine] = []
        extras: list[dict[str, Any]] = []
        for line, raw, error in zip(batch["line"].to_pylist(), batch[_RAW].to_pylist(), batch[_ERROR].to_pylist()):
            if raw is None:
                entries.append(LogLine(line, None, 0, error=error))
                extras.append({})
            else:
                entries.append(parse_line(raw, line))
                extras.append(_jsonl_extras(raw))
        return entries, extras

    def _parquet_entries(self, batch: pa.Table) -> tuple[list[LogLine], list[dict[str, Any]]]:
        fields = batch.select([c for c in _INPUT_FIELDS if c in batch.column_names]).to_pylist()
        lines = batch["line"].to_pylist()
        entries = [_parquet_entry(row, line) for row, line in zip(fields, lines)]
        if self._output != "jsonl":
            return entries, [{} for _ in entries]  # Parquet carries the extra columns as they are
        rest = batch.drop_columns([c for c in batch.column_names if c in _INPUT_FIELDS or c in _OUTPUT_NAMES])
        return entries, rest.to_pylist()

    def _verify(self, entries: list[LogLine]) -> list[VerifyResult]:
        items = [e.item for e in entries if e.item is not None]
        verified = iter(self._verifier.verify_many(items, batch_size=self._verify_batch_size))
        return [line_result(e, next(verified) if e.item is not None else None) for e in entries]


def _result_columns(results: list[VerifyResult]) -> dict[str, pa.Array]:
    return {
        "action": pa.array([r.action for r in results], pa.string()),
        "input_error": pa.array([has_input_error(r) for r in results], pa.bool_()),
        "high": pa.array([r.summary.high for r in results], pa.int64()),
        "medium": pa.array([r.summary.medium for r in results], pa.int64()),
        "low": pa.array([r.summary.low for r in results], pa.int64()),
        "warning_types": pa.array([[w.type for w in r.warnings] for r in results], pa.list_(pa.string())),
        "result": pa.array([json.dumps(r.model_dump(mode="json"), ensure_ascii=False) for r in results],
                           pa.string()),
    }


def audit_dataset(
    ds: "ray.data.Dataset",
    *,
    output: str = "parquet",
    batch_size: int = DEFAULT_BATCH_SIZE,
    concurrency: Optional[int] = None,
    make_verifier: Callable[[], Verifier] = Verifier,
    group_by: Optional[str] = None,
    verify_batch_size: int = 64,
    num_cpus: Optional[float] = None,
    **ray_remote_args: Any,
) -> "ray.data.Dataset":
    """The audit results of a dataset from :func:`read_log_dataset` (or any dataset with the row
    fields and a ``line`` column): one output row per input row, in the ``output`` format's columns.

    ``batch_size`` rows go to an actor at a time (the unit verified again when a worker dies);
    ``concurrency`` actors (default: one per CPU of the cluster; together they reserve all CPUs but
    one unless ``num_cpus`` says how many each) each hold their own verifier, built by ``make_verifier`` (a picklable callable: custom checkers, settings).
    ``ray_remote_args`` reach the actors; Ray Data restarts a dead actor and retries its block
    without limit by default (``max_restarts=-1``, ``max_task_retries=-1``).
    """
    if output not in ("parquet", "jsonl"):
        raise ValueError(f"output must be 'parquet' or 'jsonl', got {output!r}")
    cpus = float(ray.cluster_resources().get("CPU", 1))
    if concurrency is None:
        concurrency = max(1, int(cpus))
    if num_cpus is None:
        # The actors together reserve all CPUs but one: the light stages (the re-blocking, the
        # writes) need a CPU of their own, or they wait for the actors, which wait for them.
        num_cpus = max(cpus - 1.0, 0.0) / concurrency
    # blocks of batch_size rows (streaming, no shuffle), so that every actor gets work
    return ds.repartition(target_num_rows_per_block=batch_size).map_batches(
        _Auditor,
        fn_constructor_args=(make_verifier, output, group_by, verify_batch_size),
        batch_size=batch_size,
        batch_format="pyarrow",
        compute=ray.data.ActorPoolStrategy(size=concurrency),
        num_cpus=num_cpus,
        **ray_remote_args,
    )


# -- writing --------------------------------------------------------------------------------------

class _JsonlRowsDatasink(BlockBasedFileDatasink):
    """Writes the ``row`` column (JSON text) one line each: the rows of ``raguard audit``."""

    def __init__(self, path: str, **kwargs: Any) -> None:
        super().__init__(path, file_format="jsonl", **kwargs)

    def write_block_to_file(self, block: Any, file: Any) -> None:
        rows = block.to_arrow().column("row").to_pylist()
        if rows:
            file.write(("\n".join(rows) + "\n").encode("utf-8"))


def write_results(results: "ray.data.Dataset", out: str, output: str) -> None:
    """Write the results under the directory ``out`` (replacing what it held)."""
    if output == "jsonl":
        results.write_datasink(_JsonlRowsDatasink(out, mode=SaveMode.OVERWRITE), ray_remote_args={"num_cpus": 0})
    else:
        results.write_parquet(out, mode=SaveMode.OVERWRITE, ray_remote_args={"num_cpus": 0})


# -- summary --------------------------------------------------------------------------------------

def _summary_counts(batch: pa.Table, output: str, group_by: Optional[str]) -> pa.Table:
    """The counts of a batch of results, per group: ``(group, key, n)`` rows, where key is ``rows``,
    ``review``, ``input_error``, ``count:<type>`` (warnings of a type) or ``rows:<type>`` (results
    with one at least). Counting per batch first leaves one small groupby for Ray."""
    counts: Counter = Counter()
    if output == "jsonl":
        for text in batch["text"].to_pylist():
            row = json.loads(text)
            _count(counts, _group_key(row.get(group_by)) if group_by else "", row["result"]["action"],
                   [w["type"] for w in row["result"]["warnings"]])
    else:
        groups = [_group_key(v) for v in batch[group_by].to_pylist()] if group_by else [""] * batch.num_rows
        for group, action, types in zip(groups, batch["action"].to_pylist(), batch["warning_types"].to_pylist()):
            _count(counts, group, action, types)
    return pa.table({"group": pa.array([g for g, _ in counts], pa.string()),
                     "key": pa.array([k for _, k in counts], pa.string()),
                     "n": pa.array(list(counts.values()), pa.int64())})


def _count(counts: Counter, group: str, action: str, types: list[str]) -> None:
    counts[group, "rows"] += 1
    counts[group, "review"] += action == "review"
    counts[group, "input_error"] += "input_error" in types
    for wtype, n in Counter(types).items():
        counts[group, f"count:{wtype}"] += n
        counts[group, f"rows:{wtype}"] += 1


def _rates(counts: dict[str, int]) -> dict[str, Any]:
    """One group's counts as rates: by action, input errors, and by warning type."""
    rows, review, errors = counts.get("rows", 0), counts.get("review", 0), counts.get("input_error", 0)
    share = (lambda n: round(n / rows, 6)) if rows else (lambda n: 0.0)
    types = {k.split(":", 1)[1]: n for k, n in counts.items() if k.startswith("count:")}
    return {
        "rows": rows, "proceed": rows - review, "review": review, "input_errors": errors,
        "rates": {"proceed": share(rows - review), "review": share(review), "input_error": share(errors)},
        # count: warnings of the type; rows: results with one at least; rate: those rows / all rows
        "warning_types": {t: {"count": n, "rows": counts[f"rows:{t}"], "rate": share(counts[f"rows:{t}"])}
                          for t, n in sorted(types.items(), key=lambda kv: (-kv[1], kv[0]))},
    }


def summarize(out: str, output: str, group_by: Optional[str] = None) -> dict[str, Any]:
    """Rates by action and by warning type over the results under ``out`` (per ``group_by`` value
    too), computed by Ray: counts per batch, then a groupby/sum over the groups."""
    fs, local = _filesystem(out)
    written = fs.get_file_info(pafs.FileSelector(local, allow_not_found=True))
    if not any(f.type == pafs.FileType.File and f.size for f in written):  # an empty log: no result files
        return {"results": out, "format": output, "group_by": group_by, "total": _rates({}),
                **({"groups": {}} if group_by else {})}
    if output == "jsonl":
        ds = ray.data.read_text(out)
    else:
        columns = ["action", "warning_types"] + ([group_by] if group_by else [])
        ds = ray.data.read_parquet(out).select_columns(columns)
    counts = ds.map_batches(_summary_counts, fn_kwargs={"output": output, "group_by": group_by},
                            batch_format="pyarrow", batch_size=4096)
    per_group: dict[str, dict[str, int]] = {}
    total: Counter = Counter()
    for row in counts.groupby(["group", "key"], num_partitions=1).aggregate(Sum("n", alias_name="n")).take_all():
        per_group.setdefault(row["group"], {})[row["key"]] = int(row["n"])
        total[row["key"]] += int(row["n"])
    summary: dict[str, Any] = {"results": out, "format": output, "group_by": group_by, "total": _rates(dict(total))}
    if group_by:
        summary["groups"] = {g: _rates(c) for g, c in sorted(per_group.items())}
    return summary


def summary_path(out: str) -> str:
    """Where the summary of the results under ``out`` goes: beside them, ``<out>.summary.json``
    (``.parquet`` / ``.jsonl`` left out of the name)."""
    base = out.rstrip("/")
    for suffix in (".parquet", ".jsonl"):
        if base.endswith(suffix):
            base = base[: -len(suffix)]
    return base + ".summary.json"


# -- running --------------------------------------------------------------------------------------

def connect(address: Optional[str] = None, *, num_cpus: Optional[int] = None) -> bool:
    """Join the Ray cluster at ``address`` (``"auto"``: the one running on this machine), or, with
    none, start a local Ray instance (no dashboard, no usage report). True when this call started Ray.

    A local instance's servers listen on this machine's own address (Ray maps a loopback
    ``_node_ip_address`` to it), and send nothing elsewhere: the usage report is off."""
    if ray.is_initialized():
        return False
    logging.getLogger("ray.data").setLevel(logging.WARNING)
    if address is None:
        ray.init(num_cpus=num_cpus, include_dashboard=False, logging_level=logging.WARNING)
    else:
        ray.init(address=address, logging_level=logging.WARNING)
    return True


def audit_files(
    log: Paths,
    out: str,
    *,
    output: Optional[str] = None,
    group_by: Optional[str] = None,
    batch_size: int = DEFAULT_BATCH_SIZE,
    concurrency: Optional[int] = None,
    make_verifier: Callable[[], Verifier] = Verifier,
    part_bytes: int = DEFAULT_PART_BYTES,
    **ray_remote_args: Any,
) -> dict[str, Any]:
    """Audit a log (JSONL or Parquet) into ``out`` (a directory; Parquet when it ends in
    ``.parquet`` or ``output="parquet"``, else JSONL), write the summary beside it
    (:func:`summary_path`) and return it. Ray must be running (:func:`connect`)."""
    output = output or ("parquet" if out.rstrip("/").endswith(".parquet") else "jsonl")
    first = log if isinstance(log, str) else log[0]
    if group_by and output == "parquet" and _is_parquet(first):
        files = _files(log, ".parquet")
        fs, local = _filesystem(files[0])
        with fs.open_input_file(local) as fh:
            names = pq.ParquetFile(fh).schema_arrow.names
        if group_by not in names:
            raise ValueError(f"--group-by {group_by!r}: {first} has no such column (it has {', '.join(names)})")
    ds = read_log_dataset(log, part_bytes=part_bytes)
    results = audit_dataset(ds, output=output, batch_size=batch_size, concurrency=concurrency,
                            make_verifier=make_verifier, group_by=group_by, **ray_remote_args)
    write_results(results, out, output)
    summary = summarize(out, output, group_by)
    summary["source"] = log
    fs, local = _filesystem(summary_path(out))
    with fs.open_output_stream(local) as fh:
        fh.write((json.dumps(summary, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))
    return summary


def exit_code(summary: dict[str, Any]) -> int:
    """As ``raguard audit``: 2 if any row is an input error, else 1 if any needs review, else 0."""
    total = summary["total"]
    if total["input_errors"]:
        return INPUT_ERROR_EXIT
    return REVIEW if total["review"] else PROCEED


def _counts(summary: dict[str, Any]) -> Iterator[tuple[str, int]]:
    for wtype, info in summary["total"]["warning_types"].items():
        yield wtype, info["count"]


def audit_summary(summary: dict[str, Any]) -> AuditSummary:
    """The summary as :class:`raguard.cli.audit.AuditSummary` (what ``raguard audit`` prints)."""
    total = summary["total"]
    counts = AuditSummary(lines=total["rows"], input_errors=total["input_errors"])
    counts.actions.update({"proceed": total["proceed"], "review": total["review"]})
    counts.warning_types.update(dict(_counts(summary)))
    return counts
