"""`raguard audit`: one output row per input line, bad lines isolated, streaming, resume."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from raguard import Verifier, VerifyResult
from raguard.cli import main
from raguard.cli.audit import parse_line, run_audit

GOOD = [
    {"id": "late", "query": "What is the Q3 2024 deadline?",
     "retrieved_docs": ["Q2 project was delivered on June 15. Next milestone is Q4 planning."],
     "llm_response": "The Q3 2024 deadline is September 30, 2024."},
    {"id": 2, "query": "Who approved the budget?",
     "retrieved_docs": ["The budget was reviewed in Q1.", "Alice Johnson approved the final budget on March 10."],
     "llm_response": "Alice Johnson approved the budget."},
    {"query": "How much did they raise?",
     "retrieved_docs": [{"text": "The startup raised $ 160 million , led by Sequoia Capital ."}],
     "llm_response": "They raised $160 million in a round led by Sequoia Capital."},
]

# Each malformed line, and a word its input_error message must contain.
MALFORMED: list[tuple[bytes, str]] = [
    (b'{"query": "q", "retrieved_docs": ["a"], "llm_response": ', b"not valid JSON".decode()),
    (b"", "blank"),
    (b"   \t", "blank"),
    (b'["a", "b"]', "array"),
    (b'"just a string"', "string"),
    (b'{"query": "q", "retrieved_docs": ["a doc"]}', "llm_response"),
    (b'{"llm_response": "x"}', "query, retrieved_docs"),
    (b'{"query": "q", "retrieved_docs": ["a doc"], "llm_response": 42}', "llm_response must be a string"),
    (b'{"query": "q", "retrieved_docs": "one doc", "llm_response": "An answer."}', "wrap it in a list"),
    (b'{"id": {"x": 1}, "query": "q", "retrieved_docs": ["d"], "llm_response": "r"}', "id must be"),
    (b'{"query": "caf\xe9", "retrieved_docs": ["d"], "llm_response": "r"}', "not UTF-8"),
]


def _jsonl(rows: list[Any]) -> bytes:
    """Rows as JSONL bytes: dicts are dumped, bytes are written as they are."""
    return b"".join((r if isinstance(r, bytes) else json.dumps(r).encode()) + b"\n" for r in rows)


def _rows(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.fixture(autouse=True)
def _neutral_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("NO_COLOR", "FORCE_COLOR", "COLUMNS"):
        monkeypatch.delenv(name, raising=False)


class CountingVerifier(Verifier):
    """A Verifier that records the responses it was asked to verify."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[Any] = []

    def verify(self, query: Any, retrieved_docs: Any, llm_response: Any) -> VerifyResult:
        self.seen.append(llm_response)
        return super().verify(query, retrieved_docs, llm_response)


def test_good_and_malformed_lines_one_row_each_in_order(tmp_path, capsys, verifier):
    lines: list[Any] = [GOOD[0], *[m for m, _ in MALFORMED[:6]], GOOD[1], *[m for m, _ in MALFORMED[6:]], GOOD[2]]
    log = tmp_path / "log.jsonl"
    log.write_bytes(_jsonl(lines).replace(b"\n", b"\r\n", 1))  # a CRLF line too
    out = tmp_path / "out.jsonl"
    code = main(["audit", str(log), "--out", str(out)])
    _, err = capsys.readouterr()
    assert code == 2  # some lines are input errors
    rows = _rows(out)
    assert len(rows) == len(lines) == len(log.read_bytes().splitlines())
    assert [r["line"] for r in rows] == list(range(1, len(lines) + 1))
    messages = iter(word for _, word in MALFORMED)
    for number, (line, row) in enumerate(zip(lines, rows), 1):
        result = VerifyResult.model_validate(row["result"])
        if isinstance(line, dict):
            assert row["id"] == line.get("id")
            assert result == verifier.verify(line["query"], line["retrieved_docs"], line["llm_response"])
        else:
            assert result.action == "review"
            assert [w.type for w in result.warnings] == ["input_error"]
            suggestion = result.warnings[0].suggestion
            assert f"line {number}" in suggestion
            assert next(messages) in suggestion, suggestion
    assert "audited 14 line(s): 2 proceed, 12 review (11 input errors)" in err
    assert "unsupported_date" in err


def test_stdout_by_default_and_exit_code_by_action(tmp_path, capsys):
    log = tmp_path / "log.jsonl"
    log.write_bytes(_jsonl([GOOD[1], GOOD[2]]))
    assert main(["audit", str(log)]) == 0
    out, err = capsys.readouterr()
    assert [json.loads(x)["result"]["action"] for x in out.splitlines()] == ["proceed", "proceed"]
    assert "2 proceed, 0 review" in err
    log.write_bytes(_jsonl(GOOD))
    assert main(["audit", str(log)]) == 1
    assert len(capsys.readouterr().out.splitlines()) == 3


def test_log_from_stdin(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(_jsonl([GOOD[1], b"oops"]))))
    assert main(["audit", "-"]) == 2
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 2 and json.loads(out[1])["result"]["warnings"][0]["type"] == "input_error"


def test_missing_log_and_bad_option_combinations_exit_2(tmp_path, capsys):
    assert main(["audit", str(tmp_path / "none.jsonl")]) == 2
    assert "no such file" in capsys.readouterr().err
    log = tmp_path / "log.jsonl"
    log.write_bytes(_jsonl([GOOD[1]]))
    assert main(["audit", str(log), "--resume"]) == 2
    assert "--resume needs --out" in capsys.readouterr().err
    assert main(["audit", str(log), "--out", str(log)]) == 2
    assert log.read_bytes() == _jsonl([GOOD[1]])  # the log is untouched


def test_resume_skips_ids_already_written_and_appends(tmp_path, capsys):
    lines: list[Any] = [GOOD[0], b"{broken", GOOD[1], GOOD[2]]
    log = tmp_path / "log.jsonl"
    out = tmp_path / "out.jsonl"
    log.write_bytes(_jsonl(lines[:2]))
    first = CountingVerifier()
    run_audit(log_path=str(log), out_path=str(out), html_path=None, resume=False, n_process=1, plain=True,
              make_verifier=lambda: first)
    assert len(_rows(out)) == 2
    # the full log now, resumed: only the two new lines are verified
    log.write_bytes(_jsonl(lines))
    second = CountingVerifier()
    code = run_audit(log_path=str(log), out_path=str(out), html_path=None, resume=True, n_process=1, plain=True,
                     make_verifier=lambda: second)
    assert code == 2  # the two new answers are supported, but the exit code covers the whole log
    assert second.seen == [GOOD[1]["llm_response"], GOOD[2]["llm_response"]]
    rows = _rows(out)
    assert [r["line"] for r in rows] == [1, 2, 3, 4]
    assert [r["id"] for r in rows] == ["late", None, 2, None]
    assert "skipped 2 already in --out" in capsys.readouterr().err
    # a third run has nothing left to do
    third = CountingVerifier()
    assert run_audit(log_path=str(log), out_path=str(out), html_path=None, resume=True, n_process=1, plain=True,
                     make_verifier=lambda: third) == 2
    assert third.seen == [] and len(_rows(out)) == 4


def test_resume_redoes_a_row_cut_short_by_a_crash(tmp_path, capsys):
    log = tmp_path / "log.jsonl"
    log.write_bytes(_jsonl(GOOD))
    out = tmp_path / "out.jsonl"
    assert main(["audit", str(log), "--out", str(out)]) == 1
    complete = out.read_bytes()
    out.write_bytes(complete[: complete.rindex(b"\n", 0, -1) + 1] + b'{"id": null, "line": 3, "res')
    assert main(["audit", str(log), "--out", str(out), "--resume"]) == 1  # line 1 needs review
    assert "incomplete last line" in capsys.readouterr().err
    assert out.read_bytes() == complete


class _CrashingLog(io.BytesIO):
    """A log whose reading fails at a given line, like a disk error or a killed producer."""

    def __init__(self, data: bytes, fail_at: int) -> None:
        super().__init__(data)
        self.calls = 0
        self.fail_at = fail_at

    def readline(self, size: int | None = -1) -> bytes:  # type: ignore[override]
        self.calls += 1
        if self.calls == self.fail_at:
            raise OSError("read error")
        return super().readline(size)


def test_rows_are_written_as_they_are_verified(tmp_path, monkeypatch):
    """Streaming: rows before a failure are already on disk, and --resume finishes the job."""
    log = tmp_path / "log.jsonl"
    log.write_bytes(_jsonl(GOOD))
    out = tmp_path / "out.jsonl"
    crashing = _CrashingLog(log.read_bytes(), fail_at=3)
    monkeypatch.setattr("raguard.cli.audit._open_log", lambda path: (crashing, None))
    with pytest.raises(OSError):
        run_audit(log_path=str(log), out_path=str(out), html_path=None, resume=False, n_process=1, plain=True,
                  make_verifier=Verifier)
    assert [r["line"] for r in _rows(out)] == [1, 2]
    monkeypatch.undo()
    assert main(["audit", str(log), "--out", str(out), "--resume"]) == 1  # line 3 proceeds; line 1 was a review
    assert [r["line"] for r in _rows(out)] == [1, 2, 3]


def test_parse_line_never_raises_on_odd_bytes():
    for raw in [b"\xff\xfe", b"\x00", b"{}" * 1000, b'{"query": NaN}', b"\xef\xbb\xbf{}", b"null", b"1e999"]:
        entry = parse_line(raw, 5)
        assert entry.item is None and entry.error and "line 5" in entry.error


def test_utf8_bom_on_first_line_is_accepted():
    entry = parse_line(b"\xef\xbb\xbf" + json.dumps(GOOD[1]).encode(), 1)
    assert entry.error is None and entry.id == 2


def test_n_process_gives_the_same_rows(tmp_path, capsys):
    log = tmp_path / "log.jsonl"
    log.write_bytes(_jsonl([GOOD[0], b"{bad", GOOD[1], GOOD[2]]))
    outputs = []
    for n in ("1", "2"):
        out = tmp_path / f"out{n}.jsonl"
        assert main(["audit", str(log), "--out", str(out), "--n-process", n]) == 2
        outputs.append(out.read_text(encoding="utf-8"))
    assert outputs[0] == outputs[1] and len(outputs[0].splitlines()) == 4


class _CountingReads(io.BytesIO):
    """A stream that records the largest read the reader asked for."""

    def __init__(self, data: bytes) -> None:
        super().__init__(data)
        self.largest = 0

    def readline(self, size: int | None = -1) -> bytes:  # type: ignore[override]
        line = super().readline(size)
        self.largest = max(self.largest, len(line))
        return line


def test_a_line_over_the_limit_is_skipped_in_chunks_and_reported():
    from raguard.cli.audit import read_log

    long_line = json.dumps({"id": "big", "query": "q", "retrieved_docs": ["d" * 5000], "llm_response": "r"}).encode()
    stream = _CountingReads(_jsonl([GOOD[1], long_line, GOOD[2]]))
    entries = list(read_log(stream, max_line_bytes=1000))
    assert [e.line for e in entries] == [1, 2, 3]
    assert entries[0].error is None and entries[2].error is None  # the lines around it are read as usual
    big = entries[1]
    assert big.item is None and "line 2" in big.error and "over the 1,000-byte limit" in big.error
    assert big.nbytes == len(long_line) + 1 and big.snippet.startswith('{"id": "big"')
    assert stream.largest <= 1001  # never more than the limit (plus one) held at once
    # a line of exactly the limit is read whole
    exact = json.dumps(GOOD[1]).encode()
    [entry] = read_log(io.BytesIO(exact + b"\n"), max_line_bytes=len(exact))
    assert entry.error is None and entry.id == 2


def test_audit_writes_a_row_for_a_line_over_the_limit(tmp_path, capsys, monkeypatch):
    from raguard.cli import audit

    monkeypatch.setattr(audit, "MAX_LINE_BYTES", 2000)
    monkeypatch.setattr(audit.read_log, "__defaults__", (2000,))
    log = tmp_path / "log.jsonl"
    log.write_bytes(_jsonl([GOOD[1], {"query": "q", "retrieved_docs": ["x" * 4000], "llm_response": "r"}]))
    out = tmp_path / "out.jsonl"
    assert main(["audit", str(log), "--out", str(out)]) == 2
    rows = _rows(out)
    assert [r["line"] for r in rows] == [1, 2]
    assert rows[1]["result"]["action"] == "review"
    assert "over the 2,000-byte limit" in rows[1]["result"]["warnings"][0]["suggestion"]
