"""The documentation: the site builds strictly, its checker pages follow the code, the examples run."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _mkdocs(config: Path, site: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}  # mkdocs-material's banner, not a build warning
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config), "-d", str(site)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)


def _builtin_checkers() -> list[str]:
    """Registered checkers defined in raguard itself (other tests register their own in this process)."""
    from raguard.checkers import available_checkers, create_checker

    return [name for name in available_checkers()
            if type(create_checker(name)).__module__.startswith("raguard.checkers.")]


def _hook() -> ModuleType:
    spec = importlib.util.spec_from_file_location("checker_pages", ROOT / "docs" / "hooks" / "checker_pages.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_the_site_builds_strictly_with_a_page_per_checker(tmp_path: Path) -> None:
    built = _mkdocs(ROOT / "mkdocs.yml", tmp_path / "site")
    assert built.returncode == 0, built.stdout + built.stderr
    for name in _builtin_checkers():
        page = tmp_path / "site" / "checkers" / name / "index.html"
        assert page.is_file(), f"no documentation page for the {name!r} checker"
        summary = _hook().checker_modules()[name][1].partition(":")[0]  # "Dates checker", "Vague-reference checker"
        text = re.sub(r"<[^>]+>", "", page.read_text(encoding="utf-8"))
        assert summary in text


@pytest.mark.slow
def test_a_broken_link_fails_the_build(tmp_path: Path) -> None:
    # the same configuration over a copy of the pages, one of which links to a page that does not exist
    docs = tmp_path / "docs"
    shutil.copytree(ROOT / "docs", docs)
    with (docs / "limits.md").open("a", encoding="utf-8") as page:
        page.write("\nSee [the missing page](no-such-page.md).\n")
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    config = config.replace("docs_dir: docs", f"docs_dir: {docs}").replace(
        "  - docs/hooks/checker_pages.py", f"  - {ROOT / 'docs' / 'hooks' / 'checker_pages.py'}")
    (tmp_path / "mkdocs.yml").write_text(config, encoding="utf-8")
    built = _mkdocs(tmp_path / "mkdocs.yml", tmp_path / "site")
    assert built.returncode != 0
    assert "no-such-page.md" in built.stdout + built.stderr


def test_every_registered_checker_has_a_module_docstring_page() -> None:
    assert sorted(_hook().checker_modules()) == _builtin_checkers()


def test_docstring_markup_becomes_markdown() -> None:
    to_markdown = _hook().to_markdown
    assert to_markdown("see :mod:`raguard.normalize.counts` and ``min_support``") == (
        "see `raguard.normalize.counts` and `min_support`")
    assert to_markdown("a :class:`~raguard.Verifier` moves it") == "a `raguard.Verifier` moves it"


def test_the_readme_is_short() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 150, f"README.md has {len(lines)} lines; the manual belongs in docs/"


@pytest.mark.parametrize("page", ["README.md", "docs/index.md"])
def test_the_first_example_runs_and_shows_what_it_prints(page: str) -> None:
    text = (ROOT / page).read_text(encoding="utf-8")
    start = text.index("```python\n") + len("```python\n")
    code = text[start:text.index("\n```", start)]
    namespace: dict = {}
    exec(compile(code, f"{page}#example", "exec"), namespace)
    # lines "expression  # repr(value)[: free text]" state what the expression gives
    shown = [line.split("  # ", 1) for line in code.splitlines() if line.startswith("result.") and "  # " in line]
    checked = [(expr, comment.strip()) for expr, comment in shown if comment.strip()[:1] in "'\"(["]
    assert len(checked) >= 4
    for expression, comment in checked:
        value = repr(eval(expression.strip(), namespace))
        assert comment.startswith(value), f"{page}: {expression.strip()} gives {value}, the page says {comment}"


def test_the_configuration_examples_run() -> None:
    """The Python blocks of docs/configuration.md run in order (one namespace): the config
    arguments, the plug-in checker with its options and the reviewer do what the page says."""
    from raguard import checkers

    text = (ROOT / "docs" / "configuration.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)\n```", text, re.S)
    assert len(blocks) >= 3
    namespace: dict = {"query": "When is the review?", "docs": ["The review is on May 5."],
                       "answer": "The review is on May 5."}
    try:
        for block in blocks:
            exec(compile(block, "docs/configuration.md#example", "exec"), namespace)
        assert [c.name for c in namespace["guard"].checkers] == ["numbers", "cited_figures"]
        emails = namespace["Verifier"](checkers=["no_email"], checker_options={"no_email": {"allowed_domain": "example.com"}})
        result = emails.verify("", ["x"], "Write to help@example.com or to bob@mail.test.")
        assert [w.text for w in result.warnings] == ["bob@mail.test"]
    finally:
        checkers._REGISTRY.pop("no_email", None)  # registered by the page's example
