"""The annotations hold: the packages type-check, and a user's code sees them (``py.typed``).

mypy runs as a program (about 10 s for both packages), configured in ``pyproject.toml``.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.slow


def mypy(*args: str, cwd: Path, cache: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(cache), *args],
        cwd=cwd, capture_output=True, text=True, timeout=600,
    )


def test_the_packages_type_check(tmp_path: Path):
    done = mypy(cwd=ROOT, cache=tmp_path / "cache")  # files and flags: [tool.mypy] in pyproject.toml
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Success" in done.stdout


def test_a_users_code_sees_the_public_types(tmp_path: Path):
    """Outside the source tree, mypy finds raguard and relapse as installed packages: without a
    ``py.typed`` marker it would refuse them, and with ``Any`` types it would miss the errors."""
    user = tmp_path / "app.py"
    user.write_text(textwrap.dedent("""
        import relapse
        from raguard import Verifier, VerifyResult, verify

        result: VerifyResult = verify("q", ["doc"], "answer")
        action: str = result.action
        offsets: list[int] = [w.start for w in result.warnings if w.start is not None]
        run = relapse.run("q", ["doc"], call_llm=lambda prompt: "answer")
        grounded: bool = run.grounded
        wrong_action: int = result.action
        wrong_answer: int = run.answer
        Verifier(checkers=["dates"]).verify("q", ["doc"], "answer").summary.not_a_field
    """))
    done = mypy("--no-incremental", str(user), cwd=tmp_path, cache=tmp_path / "cache")
    out = done.stdout
    assert "py.typed" not in out and "import-untyped" not in out and "import-not-found" not in out, out
    errors = [line for line in out.splitlines() if ": error:" in line]
    lines = sorted(int(line.split(":")[1]) for line in errors)
    # exactly the three wrong lines (10-12 of the file), nothing on the correct ones
    assert lines == [10, 11, 12], out
    assert done.returncode == 1
