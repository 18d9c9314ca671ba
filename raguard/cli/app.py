"""Argument parsing for the ``raguard`` command (click); each command's work is in its own module."""

from __future__ import annotations

from typing import Callable, Optional

import click

from raguard import __version__
from raguard.verifier import Verifier, default_verifier

_CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


def _verifier() -> Verifier:
    return default_verifier()


def _make_verifier(config_path: Optional[str]) -> Callable[[], Verifier]:
    """The Verifier factory a command uses: the default one, or one built from ``--config``."""
    if config_path is None:
        return _verifier
    from raguard.config import load_config, verifier_from_config

    config = load_config(config_path)  # a ConfigError (exit 2) before any input is read
    return lambda: verifier_from_config(config)


#: ``--config FILE`` for every command that verifies (see docs/configuration.md for the format).
_config_option = click.option(
    "--config", "config_path", default=None, metavar="FILE.toml",
    help="TOML configuration: [verifier] checkers, severities, review_on, options... (see docs/configuration.md).",
)


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
@_config_option
def check(query: str, docs: tuple[str, ...], response: str, as_json: bool, plain: bool,
          config_path: Optional[str]) -> int:
    """Check one answer: highlight its unsupported spans, list the warnings, give the action."""
    from raguard.cli.check import run_check

    return run_check(query=query, doc_paths=docs, response_path=response, as_json=as_json, plain=plain,
                     make_verifier=_make_verifier(config_path))


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
@click.option("--engine", type=click.Choice(["local", "ray"]), default="local", show_default=True,
              help="ray: verify on Ray Data (pip install 'raguard-verify[ray]'); LOG may be Parquet, --out is a "
                   "directory (Parquet when it ends in .parquet, else JSONL), the summary goes beside it.")
@click.option("--address", default=None, metavar="ADDRESS",
              help="With --engine ray: the cluster to join ('auto': the one on this machine); "
                   "default: start a local Ray instance.")
@click.option("--group-by", "group_by", default=None, metavar="COL",
              help="With --engine ray: rates per value of this field (e.g. model, route) in the summary.")
@click.option("--concurrency", type=click.IntRange(min=1), default=None,
              help="With --engine ray: verifying actors (default: one per CPU of the cluster).")
@_config_option
def audit(log: str, out: str, html_path: Optional[str], resume: bool, n_process: int, plain: bool,
          engine: str, address: Optional[str], group_by: Optional[str], concurrency: Optional[int],
          config_path: Optional[str]) -> int:
    """Audit a JSONL log of {"id"?, "query", "retrieved_docs", "llm_response"} lines ('-' for stdin).

    Exit code: 2 if any line is an input error, else 1 if any answer needs review, else 0.
    """
    from raguard.cli.audit import run_audit

    if engine == "ray":
        from raguard.cli.audit_ray import run_ray_audit

        return run_ray_audit(log_path=log, out_path=out, html_path=html_path, resume=resume, n_process=n_process,
                             plain=plain, address=address, group_by=group_by, concurrency=concurrency,
                             make_verifier=_make_verifier(config_path))
    if address or group_by or concurrency:
        raise click.UsageError("--address, --group-by and --concurrency need --engine ray")

    return run_audit(log_path=log, out_path=out, html_path=html_path, resume=resume, n_process=n_process,
                     plain=plain, make_verifier=_make_verifier(config_path))


@app.command(context_settings=_CONTEXT)
@click.option("--host", default=None, help="Address to listen on [env RAGUARD_HOST; default 127.0.0.1].")
@click.option("--port", type=click.IntRange(0, 65535), default=None,
              help="Port [env RAGUARD_PORT; default 8000].")
@click.option("--workers", type=click.IntRange(min=1), default=None,
              help="Worker processes, each with its own model [env RAGUARD_WORKERS; default 1].")
@click.option("--timeout", type=click.FloatRange(min=0, min_open=True), default=None,
              help="Seconds per verification before a 504 [env RAGUARD_TIMEOUT; default 10].")
@click.option("--max-body-bytes", type=click.IntRange(min=1), default=None,
              help="Larger request bodies get a 413 [env RAGUARD_MAX_BODY_BYTES; default 10 MiB].")
@_config_option
def serve(host: Optional[str], port: Optional[int], workers: Optional[int], timeout: Optional[float],
          max_body_bytes: Optional[int], config_path: Optional[str]) -> int:
    """Serve verification over HTTP: POST /v1/verify, /v1/verify/batch; GET /healthz, /readyz, /metrics.

    Settings: flags, then RAGUARD_* environment variables, then the config file's [serve] table
    (--config or RAGUARD_CONFIG). SIGTERM drains: in-flight requests finish, new ones are refused.
    """
    import os

    from raguard.config import load_config
    from raguard.server import serve as run_server
    from raguard.server.settings import CONFIG_ENV, resolve_settings

    path = config_path or os.environ.get(CONFIG_ENV, "").strip() or None
    config = load_config(path) if path else {}
    settings = resolve_settings(
        {"host": host, "port": port, "workers": workers, "timeout": timeout,
         "max_body_bytes": max_body_bytes, "config": path},
        file_settings=config.get("serve"),
    )
    run_server(settings, config)
    return 0


@app.command(context_settings=_CONTEXT)
def types() -> int:
    """List the warning types: default severity, checkers, relapse code, what raises them."""
    from raguard.cli.render import render_warning_types

    render_warning_types()
    return 0


@app.command(context_settings=_CONTEXT)
def demo() -> int:
    """Run the built-in examples (what `make demo` shows)."""
    from raguard.cli.demo import main as demo_main

    return demo_main()
