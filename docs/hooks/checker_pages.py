"""MkDocs hook: one page per checker, generated from the module docstrings of raguard/checkers/.

The docstring is the checker's documentation, so the site cannot drift from the code. Modules are
read with :mod:`ast` (nothing is imported: the build needs no spaCy model). A module is a checker
when it is public (no leading underscore), is not ``base.py`` and defines a class with a ``check``
(or, for a reviewer, ``review``) method; subpackages (a ``qa/`` group, say) are searched too. A
package whose ``__init__.py`` defines the checker (``direction/``: one module per reading) is one
checker named after the package; its page is that docstring followed by each public module's. The
pages go under ``checkers/`` with an index, and a "Checkers" section is appended to the nav.
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
_SKIP = {"base.py", "__init__.py"}
_SECTION = "Checkers"

#: Sphinx roles (:class:`~raguard.Verifier`, :mod:`raguard.normalize.counts`) become code spans.
_ROLE = re.compile(r":(?:mod|class|func|meth|attr|data|obj):`~?([^`]+)`")
#: reST literals (``x``) become Markdown code spans (`x`).
_LITERAL = re.compile(r"``(.+?)``")


def checker_modules(root: Path = _CHECKERS) -> dict[str, tuple[Path, str]]:
    """Checker name (the module's stem, or a checker package's name) -> (path, docstring), sorted by name."""
    found: dict[str, tuple[Path, str]] = {}
    for path in sorted(root.rglob("*.py")):
        relative = path.relative_to(root)
        package = path.name == "__init__.py" and len(relative.parts) > 1  # (a subpackage's)
        if (path.name in _SKIP and not package) or any(part.startswith("_") for part in relative.parts[:-1]) \
                or (path.name.startswith("_") and not package):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        if not _defines_checker(tree):
            continue
        doc = ast.get_docstring(tree)
        if not doc:
            raise ValueError(f"{path}: a checker module needs a docstring (its documentation page)")
        name = path.parent.name if package else path.stem
        if name in found:
            raise ValueError(f"two checker modules named {name!r}: {found[name][0]} and {path}")
        found[name] = (path, "\n\n".join([doc, *_reading_sections(path.parent)]) if package else doc)
    return dict(sorted(found.items()))


def _reading_sections(package: Path) -> list[str]:
    """A checker package's public modules (its readings), each as a section: its name, its docstring."""
    sections = []
    for path in sorted(package.glob("*.py")):
        if path.name.startswith("_"):
            continue
        doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"), filename=str(path)))
        if not doc:
            raise ValueError(f"{path}: a reading of a checker package needs a docstring (its section of the page)")
        sections.append(f"## `{path.stem}`\n\n{doc}")
    return sections


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
    package = path.name == "__init__.py"
    source = path.parent.relative_to(_ROOT).as_posix() + "/" if package else path.relative_to(_ROOT).as_posix()
    return (f"# `{name}`\n\n**{to_markdown(title.strip())}**\n\n{to_markdown(body.strip())}\n\n"
            f"---\n\nGenerated from the {'docstrings of the modules' if package else 'docstring'} of `{source}`. "
            f"The warning type and default severity "
            f"of every checker are in [Concepts](../concepts.md#warning-types).\n")


def _index(modules: dict[str, tuple[Path, str]]) -> str:
    rows = "\n".join(f"| [`{name}`]({name}.md) | {to_markdown(summary(doc))} |"
                     for name, (_, doc) in modules.items())
    return ("# Checkers\n\nOne module per checker under `raguard/checkers/` (a checker of several readings "
            "is a package, one module per reading); each page below is its docstring. Which checkers a `Verifier` runs, and how to add your own: "
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
