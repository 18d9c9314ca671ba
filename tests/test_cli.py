"""`raguard check` and the command as a whole: exit codes, JSON mode, colour and plain output."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

from raguard import VerifyResult, verify
from raguard.cli import main

QUERY = "What is the Q3 2024 deadline?"
DOC = "Q2 project was delivered on June 15. Next milestone is Q4 planning."
BAD_ANSWER = "The Q3 2024 deadline is September 30, 2024."
GOOD_DOCS = ["The budget was reviewed in Q1.", "Alice Johnson approved the final budget on March 10."]
GOOD_ANSWER = "Alice Johnson approved the budget."

_SGR = re.compile(r"\x1b\[([0-9;]*)m")


def _colour_params(text: str) -> list[int]:
    """SGR parameters that set a colour (30-49, 90-107), found in ``text``."""
    found = []
    for params in _SGR.findall(text):
        for p in params.split(";"):
            if p and (30 <= int(p) <= 49 or 90 <= int(p) <= 107):
                found.append(int(p))
    return found


@pytest.fixture()
def files(tmp_path: Path) -> dict[str, str]:
    paths = {
        "doc": tmp_path / "doc.txt",
        "bad": tmp_path / "bad_answer.txt",
        "good": tmp_path / "good_answer.txt",
        "doc_a": tmp_path / "a.txt",
        "doc_b": tmp_path / "b.txt",
        "empty": tmp_path / "empty.txt",
        "latin1": tmp_path / "latin1.txt",
    }
    paths["doc"].write_text(DOC, encoding="utf-8")
    paths["bad"].write_text(BAD_ANSWER, encoding="utf-8")
    paths["good"].write_text(GOOD_ANSWER, encoding="utf-8")
    paths["doc_a"].write_text(GOOD_DOCS[0], encoding="utf-8")
    paths["doc_b"].write_text(GOOD_DOCS[1], encoding="utf-8")
    paths["empty"].write_text("   \n", encoding="utf-8")
    paths["latin1"].write_bytes("Caf\xe9 on June 15.".encode("latin-1"))
    return {k: str(v) for k, v in paths.items()}


@pytest.fixture(autouse=True)
def _no_colour_env(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests start from a neutral environment: no colour forced or forbidden, default width."""
    for name in ("NO_COLOR", "FORCE_COLOR", "COLUMNS", "TERM"):
        monkeypatch.delenv(name, raising=False)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


# -- exit codes ---------------------------------------------------------------------------------

def test_proceed_exits_0(capsys, files):
    code, out, _ = run(capsys, "check", "-q", "Who approved the budget?", "--doc", files["doc_a"],
                       "--doc", files["doc_b"], "--response", files["good"])
    assert code == 0
    assert "PROCEED" in out
    assert "no warnings" in out


def test_review_exits_1_and_shows_span_table_and_action(capsys, files):
    code, out, _ = run(capsys, "check", "--query", QUERY, "--doc", files["doc"], "--response", files["bad"])
    assert code == 1
    assert "[[September 30, 2024]][1]" in out          # plain look: not a terminal
    assert "unsupported_date" in out and "high" in out  # the table
    assert "documents give June 15." in " ".join(re.sub(r"[|+]", " ", out).split())  # the suggestion
    assert "action: REVIEW" in out


def test_missing_doc_file_exits_2_with_message(capsys, files, tmp_path):
    missing = str(tmp_path / "nope.txt")
    code, out, err = run(capsys, "check", "--doc", missing, "--response", files["bad"])
    assert code == 2
    assert "no such file" in err and "nope.txt" in err
    assert out == ""


def test_unreadable_response_exits_2(capsys, files, tmp_path):
    code, _, err = run(capsys, "check", "--doc", files["doc"], "--response", files["latin1"])
    assert code == 2
    assert "not UTF-8" in err
    code, _, err = run(capsys, "check", "--doc", files["doc"], "--response", str(tmp_path))
    assert code == 2
    assert "directory" in err


def test_input_error_result_exits_2(capsys, files):
    code, out, _ = run(capsys, "check", "--doc", files["doc"], "--response", files["empty"])
    assert code == 2
    assert "input_error" in out


@pytest.mark.parametrize("args", [
    ["check", "--doc", "x.txt"],                     # --response missing
    ["check", "--response", "x.txt"],                # --doc missing
    ["check", "--doc", "-", "--response", "-"],      # two readers of stdin
    ["check", "--bogus"],
    ["audit", "log.jsonl", "--n-process", "0"],
    ["frobnicate"],
])
def test_usage_errors_exit_2(capsys, args):
    code, out, err = run(capsys, *args)
    assert code == 2
    assert err.strip(), "a usage error must say what is wrong"


def test_help_exits_0(capsys):
    code, out, _ = run(capsys, "--help")
    assert code == 0
    assert "check" in out and "audit" in out and "demo" in out


# -- JSON mode ----------------------------------------------------------------------------------

def test_json_round_trips_and_matches_verify(capsys, files):
    code, out, _ = run(capsys, "check", "--query", QUERY, "--doc", files["doc"], "--response", files["bad"], "--json")
    assert code == 1
    result = VerifyResult.model_validate_json(out)
    assert result == verify(QUERY, [DOC], BAD_ANSWER)
    assert BAD_ANSWER[result.warnings[0].start:result.warnings[0].end] == "September 30, 2024"


def test_json_on_unreadable_input_is_an_input_error_result(capsys, files, tmp_path):
    code, out, err = run(capsys, "check", "--doc", str(tmp_path / "gone.txt"), "--response", files["bad"], "--json")
    assert code == 2
    result = VerifyResult.model_validate_json(out)
    assert result.action == "review"
    assert result.warnings[0].type == "input_error"
    assert "gone.txt" in result.warnings[0].suggestion
    assert "gone.txt" in err


def test_response_from_stdin(capsys, files, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(BAD_ANSWER.encode("utf-8"))))
    code, out, _ = run(capsys, "check", "-q", QUERY, "-d", files["doc"], "-r", "-", "--json")
    assert code == 1
    assert VerifyResult.model_validate_json(out).warnings[0].text == "September 30, 2024"


# -- colour, NO_COLOR and plain ---------------------------------------------------------------

def test_terminal_output_highlights_in_colour(capsys, files, monkeypatch):
    monkeypatch.setenv("FORCE_COLOR", "1")   # rich treats the output as a terminal
    code, out, _ = run(capsys, "check", "-q", QUERY, "-d", files["doc"], "-r", files["bad"])
    assert code == 1
    assert 41 in _colour_params(out)          # red background on the high-severity span
    assert "[[" not in out                    # colour replaces the plain markers
    plain = _SGR.sub("", out)
    assert "September 30, 2024[1]" in plain


def test_no_color_env_gives_plain_markers_without_colour(capsys, files, monkeypatch):
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("NO_COLOR", "1")
    code, out, _ = run(capsys, "check", "-q", QUERY, "-d", files["doc"], "-r", files["bad"])
    assert code == 1
    assert _colour_params(out) == []
    assert "[[September 30, 2024]][1]" in _SGR.sub("", out)


def test_plain_flag_on_a_terminal(capsys, files, monkeypatch):
    monkeypatch.setenv("FORCE_COLOR", "1")
    code, out, _ = run(capsys, "check", "-q", QUERY, "-d", files["doc"], "-r", files["bad"], "--plain")
    assert code == 1
    assert _colour_params(out) == []
    assert "[[September 30, 2024]][1]" in _SGR.sub("", out)


def test_answer_text_is_not_read_as_markup(capsys, files, tmp_path):
    answer = tmp_path / "markup.txt"
    answer.write_text("[bold red]Alice Johnson[/bold red] approved the budget [link=x]now[/link].", encoding="utf-8")
    code, out, _ = run(capsys, "check", "-d", files["doc_a"], "-d", files["doc_b"], "-r", str(answer))
    assert code in (0, 1)
    assert "[bold red]Alice Johnson[/bold red]" in out
    assert "[link=x]now[/link]" in out


# -- the installed command and `make demo` ----------------------------------------------------

def test_module_entry_point_and_demo_run_in_a_fresh_process(files):
    check = subprocess.run(
        [sys.executable, "-m", "raguard", "check", "-q", QUERY, "-d", files["doc"], "-r", files["bad"], "--json"],
        capture_output=True, text=True, timeout=120,
    )
    assert check.returncode == 1, check.stderr
    assert VerifyResult.model_validate_json(check.stdout).action == "review"
    demo = subprocess.run([sys.executable, "-m", "raguard", "demo"], capture_output=True, text=True, timeout=120)
    assert demo.returncode == 0, demo.stderr
    assert demo.stdout.count("action: ") == 3
    assert "[[September 30, 2024]][1]" in demo.stdout
    assert "\x1b[" not in demo.stdout  # piped: no escape codes


def test_console_script_is_declared():
    text = (Path(__file__).resolve().parents[1] / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(r'^\[project\.scripts\]\s*\nraguard = "raguard\.cli:main"', text, re.M)
