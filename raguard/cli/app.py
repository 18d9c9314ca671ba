"""Argument parsing for the ``raguard`` command (click); each command's work is in its own module."""

from __future__ import annotations

from typing import Optional

import click

from raguard import __version__
from raguard.verifier import Verifier, default_verifier

_CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


def _verifier() -> Verifier:
    return default_verifier()


@click.group(context_settings=_CONTEXT)
@click.version_option(__version__, "-V", "--version", prog_name="raguard")
def app() -> None:
    """Check RAG answers against their retrieved documents.

    Exit codes: 0 proceed, 1 review, 2 usage or input error.
    """


@app.command(context_settings=_CONTEXT)
@click.option("--query", "-q", default="", metavar="TEXT",
              help="The user's question (claims that restate it are not flagged).")
@click.option("--doc", "-d", "docs", multiple=True, required=True, metavar="FILE",
              help="A retrieved document (UTF-8 text). Repeat for several; '-' reads standard input.")
@click.option("--response", "-r", required=True, metavar="FILE|-",
              help="The LLM answer to check; '-' reads standard input.")
@click.option("--json", "as_json", is_flag=True, help="Print the VerifyResult as JSON instead.")
@click.option("--plain", is_flag=True,
              help="No colour: mark unsupported spans with [[ ]] (automatic when piped or NO_COLOR is set).")
def check(query: str, docs: tuple[str, ...], response: str, as_json: bool, plain: bool) -> int:
    """Check one answer: highlight its unsupported spans, list the warnings, give the action."""
    from raguard.cli.check import run_check

    return run_check(query=query, doc_paths=docs, response_path=response, as_json=as_json, plain=plain,
                     make_verifier=_verifier)


@app.command(context_settings=_CONTEXT)
@click.argument("log", metavar="LOG.jsonl")
@click.option("--out", "-o", default="-", show_default=True, metavar="FILE",
              help="Where to write one JSON line per input line ('-' is standard output).")
@click.option("--html", "html_path", default=None, metavar="REPORT.html",
              help="Also write a self-contained HTML report with the answers highlighted.")
@click.option("--resume", is_flag=True,
              help="Skip the lines already in --out (same line number and id), and append; the exit code "
                   "covers the whole log.")
@click.option("--n-process", type=click.IntRange(min=1), default=1, show_default=True,
              help="Worker processes for the batch path.")
@click.option("--plain", is_flag=True, help="No colour in the summary.")
def audit(log: str, out: str, html_path: Optional[str], resume: bool, n_process: int, plain: bool) -> int:
    """Audit a JSONL log of {"id"?, "query", "retrieved_docs", "llm_response"} lines ('-' for stdin).

    Exit code: 2 if any line is an input error, else 1 if any answer needs review, else 0.
    """
    from raguard.cli.audit import run_audit

    return run_audit(log_path=log, out_path=out, html_path=html_path, resume=resume, n_process=n_process,
                     plain=plain, make_verifier=_verifier)


@app.command(context_settings=_CONTEXT)
def demo() -> int:
    """Run the built-in examples (what `make demo` shows)."""
    from raguard.demo import main as demo_main

    return demo_main()
