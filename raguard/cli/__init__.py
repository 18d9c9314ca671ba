"""The ``raguard`` command line (``python -m raguard``)."""

from __future__ import annotations

import sys
from typing import Optional, Sequence


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["demo"]:
        from raguard.demo import main as demo_main

        return demo_main()
    print("usage: raguard demo", file=sys.stderr)
    return 2
