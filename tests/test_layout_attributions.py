"""Capitals from a document's layout name no one: a heading's all-capitals words stay a heading
across a dash or other marks between them ("POWER STATION — SPECIFICATIONS"), so a name the
answer puts in a sentence the heading matches is not said of someone else.
"""

from __future__ import annotations

import re

from raguard import verify
from raguard.checkers.attributions import _in_capitals_run
from raguard.models import MISATTRIBUTED_CLAIM


def test_a_capitals_run_goes_on_across_a_dash() -> None:
    line = "BRENTWOOD BX-40 CORDLESS LEAF BLOWER — SPECIFICATIONS"
    m = re.search("SPECIFICATIONS", line)
    assert m is not None and _in_capitals_run(line, m)
    # a word in capitals alone, after a dash, is not in a run
    alone = "Brentwood leaf blower — SPECIFICATIONS"
    m = re.search("SPECIFICATIONS", alone)
    assert m is not None and not _in_capitals_run(alone, m)


def test_a_heading_after_a_dash_names_no_one() -> None:
    doc = ["BRENTWOOD BX-40 CORDLESS LEAF BLOWER — SPECIFICATIONS\nBattery .......... 40 V (LithiumMax)\n"
           "Airflow ........... 520 m3/h"]
    types = [w.type for w in verify("What is the BX-40?", doc,
                                    "The Brentwood BX-40 is a cordless leaf blower with a LithiumMax battery.").warnings]
    assert MISATTRIBUTED_CLAIM not in types
