"""MkDocs hook: one page per checker, generated from the module docstrings of raguard/checkers/.

The docstring is the checker's documentation, so the site cannot drift from the code. Modules are
read with :mod:`ast` (nothing is imported: the build needs no spaCy model). A module is a checker
when it is public (no leading underscore), is not ``base.py`` and defines a class with a ``check``
(or, for a reviewer, ``review``) method; subpackages (a ``qa/`` group, say) are searched too, and a
package whose ``__init__.py`` defines the checker (``numbers/``, one module per reading) is that
checker, named for its folder. The pages go under ``checkers/`` with
an index, and a "Checkers" section is appended to the nav.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

_ROOT = Path(__file__).resolve().parents[2]
_CHECKERS = _ROOT / "raguard" / "checkers"
_SKIP = {"base.py"}
_SECTION = "Checkers"

#: Sphinx roles (:class:`~raguard.Verifier`, :mod:`raguard.normalize.counts`) become code spans.
_ROLE = re.compile(r":(?:mod|class|func|meth|attr|data|obj):`~?([^`]+)`")
#: reST literals (``x``) become Markdown code spans (`x`).
_LITERAL = re.compile(r"``(.+?)``")


def checker_modules(root: Path = _CHECKERS) -> dict[str, tuple[Path, str]]:
    """Checker name (the module's stem) -> (path, docstring), sorted by name."""
    found: dict[str, tuple[Path, str]] = {}
    for path in sorted(root.rglob("*.py")):
        relative = path.relative_to(root)
        if path.name == "__init__.py":  # a package ("numbers/"): the checker its __init__ defines, if any
            relative = relative.parent
        if not relative.parts or path.name in _SKIP or any(part.startswith("_") for part in relative.parts):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        if not _defines_checker(tree):
            continue
        doc = ast.get_docstring(tree)
        if not doc:
            raise ValueError(f"{path}: a checker module needs a docstring (its documentation page)")
        if relative.stem in found:
            raise ValueError(f"two checker modules named {relative.stem!r}: {found[relative.stem][0]} and {path}")
        found[relative.stem] = (path, doc)
    return dict(sorted(found.items()))


def _defines_checker(tree: ast.Module) -> bool:
    return any(isinstance(node, ast.ClassDef)
               and any(isinstance(item, ast.FunctionDef) and item.name in ("check", "review") for item in node.body)
               for node in tree.body)


def to_markdown(doc: str) -> str:
    """The docstring as Markdown: reST literals and roles as code spans, the rest as written."""
    return _LITERAL.sub(r"`\1`", _ROLE.sub(r"`\1`", doc))


def summary(doc: str) -> str:
    """The docstring's first paragraph, on one line."""
    return " ".join(doc.partition("\n\n")[0].split())


def _page(name: str, path: Path, doc: str) -> str:
    title, body = summary(doc), doc.partition("\n\n")[2]
    source = path.relative_to(_ROOT).as_posix()
    return (f"# `{name}`\n\n**{to_markdown(title.strip())}**\n\n{to_markdown(body.strip())}\n\n"
            f"---\n\nGenerated from the docstring of `{source}`. The warning type and default severity "
            f"of every checker are in [Concepts](../concepts.md#warning-types).\n")


def _index(modules: dict[str, tuple[Path, str]]) -> str:
    rows = "\n".join(f"| [`{name}`]({name}.md) | {to_markdown(summary(doc))} |"
                     for name, (_, doc) in modules.items())
    return ("# Checkers\n\nOne module per checker under `raguard/checkers/`; each page below is its "
            "module docstring. Which checkers a `Verifier` runs, and how to add your own: "
            "[Configuration](../configuration.md).\n\n| checker | what it checks |\n|---|---|\n"
            f"{rows}\n")


def on_config(config: MkDocsConfig, **kwargs: Any) -> MkDocsConfig:
    names = list(checker_modules())
    section = ["checkers/index.md", *(f"checkers/{name}.md" for name in names)]
    nav = config.nav if config.nav is not None else []
    config.nav = [item for item in nav if not (isinstance(item, dict) and _SECTION in item)]
    config.nav.append({_SECTION: section})
    return config


def on_files(files: Files, *, config: MkDocsConfig) -> Files:
    modules = checker_modules()
    files.append(File.generated(config, "checkers/index.md", content=_index(modules)))
    for name, (path, doc) in modules.items():
        files.append(File.generated(config, f"checkers/{name}.md", content=_page(name, path, doc)))
    return files
