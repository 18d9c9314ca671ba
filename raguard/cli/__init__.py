"""The ``raguard`` command line (also ``python -m raguard``): ``check``, ``audit`` and ``demo``.

:func:`main` returns the exit code instead of exiting, so tests and ``__main__`` can use it:
0 proceed, 1 review, 2 usage or input error.
"""

from __future__ import annotations

import os
import sys
from typing import Optional, Sequence

import click

from raguard.cli.codes import INPUT_ERROR_EXIT
from raguard.nlp import ModelNotFoundError
from raguard.verifier import ConfigError


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``) and return the exit code."""
    from raguard.cli.app import app

    try:
        rv = app.main(args=list(sys.argv[1:] if argv is None else argv), prog_name="raguard",
                      standalone_mode=False)
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except click.ClickException as exc:
        exc.show()
        return exc.exit_code
    except (click.Abort, KeyboardInterrupt):
        print("interrupted", file=sys.stderr)
        return 130
    except (ModelNotFoundError, ConfigError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return INPUT_ERROR_EXIT
    except BrokenPipeError:
        # the reader went away (e.g. `raguard audit log.jsonl | head`): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    return rv if isinstance(rv, int) else 0


__all__ = ["main"]
