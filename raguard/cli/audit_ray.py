"""``raguard audit --engine ray``: the audit on Ray Data (:mod:`raguard.integrations.ray`).

Starts a local Ray instance, or joins the cluster at ``--address``; writes the results under
``--out`` (a directory) and the summary beside it; prints the summary ``raguard audit`` prints and
returns its exit code.
"""

from __future__ import annotations

from typing import Callable, Optional

from raguard.cli.audit import print_summary
from raguard.cli.codes import INPUT_ERROR_EXIT
from raguard.cli.render import is_plain, make_console
from raguard.verifier import Verifier


def _usage_problem(log_path: str, out_path: str, html_path: Optional[str], resume: bool, n_process: int) -> Optional[str]:
    if log_path == "-":
        return "--engine ray reads a file or a directory (Ray's workers read it), not standard input"
    if out_path == "-":
        return "--engine ray writes a directory of result files: give --out DIR (DIR.parquet for Parquet)"
    if resume or html_path:
        return "--resume and --html work with the local engine only"
    if n_process != 1:
        return "--n-process is for the local engine; with --engine ray use --concurrency"
    return None


def run_ray_audit(
    *,
    log_path: str,
    out_path: str,
    html_path: Optional[str],
    resume: bool,
    n_process: int,
    plain: bool,
    address: Optional[str],
    group_by: Optional[str],
    concurrency: Optional[int],
    make_verifier: Optional[Callable[[], Verifier]] = None,
) -> int:
    """Audit the log on Ray; return the exit code of ``raguard audit``."""
    err = make_console(stderr=True, plain=plain)
    problem = _usage_problem(log_path, out_path, html_path, resume, n_process)
    if problem:
        err.print(f"error: {problem}", markup=False)
        return INPUT_ERROR_EXIT
    try:
        import ray

        from raguard.integrations import ray as engine
    except ImportError as exc:
        err.print(f"error: {exc}", markup=False)
        return INPUT_ERROR_EXIT

    started = engine.connect(address)
    try:
        ray.data.DataContext.get_current().enable_progress_bars = err.is_terminal
        summary = engine.audit_files(log_path, out_path, group_by=group_by, concurrency=concurrency,
                                     make_verifier=make_verifier or Verifier)  # --config, or the default
    except (OSError, ValueError) as exc:  # an unreadable log, a --group-by column it lacks
        err.print(f"error: {exc}", markup=False)
        return INPUT_ERROR_EXIT
    finally:
        if started:
            ray.shutdown()
    print_summary(err, engine.audit_summary(summary), plain=plain or is_plain(err))
    err.print(f"results in {out_path}, summary in {engine.summary_path(out_path)}", markup=False)
    return engine.exit_code(summary)
