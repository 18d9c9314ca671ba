"""Times a clause bounds ("closed until 2 January", "open from 9 am"), and two opposite states
said across one time.

"The pool is closed until 2 January" and "the pool reopens on 2 January" say opposite words of the
same thing and are both true: each bounds the same time from its own side. An opposite word is
no contradiction there (:func:`restates_across_time`).
"""

from __future__ import annotations

import re
from typing import Optional

from raguard.normalize.dates import extract_dates
from raguard.normalize.numbers import CLOCK12, CLOCK_MEASURES, extract_numbers

# the words that bound a time, and their side: before it (-1), after it (+1), at it (0). A closed class.
_SIDES = {"until": -1, "till": -1, "before": -1, "by": -1, "through": -1, "after": 1, "from": 1, "since": 1,
          "starting": 1, "as of": 1, "on": 0, "at": 0}
_SIDE_BEFORE_RE = re.compile(r"(?<![\w-])(until|till|before|by|through|after|from|since|starting|as[ \t]+of|on|at)"
                             r"[ \t]+(?:the[ \t]+)?\Z", re.IGNORECASE)


def time_bounds(text: str) -> list[tuple[int, tuple]]:
    """(side, time) of each date or clock time of ``text`` that a bound word stands right before
    ("until 2 January": (-1, ("date", 1, 2)); "from 9 am": (1, ("clock", 540.0, False)), the last
    True for a time that may be either half of the day, "7:55")."""
    found: list[tuple[int, tuple]] = []
    for d in extract_dates(text):
        if d.value.month is not None and d.value.day is not None:
            side = _side_before(text, d.start)
            if side is not None:
                found.append((side, ("date", d.value.month, d.value.day)))
    for n in extract_numbers(text):
        if n.measure in CLOCK_MEASURES:
            side = _side_before(text, n.start)
            if side is not None:
                found.append((side, ("clock", n.value, n.measure == CLOCK12)))
    return found


def restates_across_time(answer_clause: str, document_clause: str) -> bool:
    """Do two clauses that say opposite words ("reopens" / "closed") bound one time from its two
    sides ("on 2 January" / "until 2 January"), so that each says the other's state on the other
    side of it? One side must be "before" (until, before, by); the other after it or at it."""
    if not any(c.isdigit() for c in answer_clause) or not any(c.isdigit() for c in document_clause):
        return False  # (most clauses hold no time: no reading)
    theirs = time_bounds(document_clause)
    if not theirs:
        return False
    for a_side, a_time in time_bounds(answer_clause):
        for d_side, d_time in theirs:
            if _same_time(a_time, d_time) and a_side != d_side and -1 in (a_side, d_side):
                return True
    return False


def _same_time(a: tuple, b: tuple) -> bool:
    if a[0] != b[0]:
        return False
    if a[0] == "date":
        return a == b
    return a[1] == b[1] or ((a[2] or b[2]) and a[1] % 720 == b[1] % 720)


def _side_before(text: str, start: int) -> Optional[int]:
    m = _SIDE_BEFORE_RE.search(text, max(0, start - 16), start)
    return _SIDES[" ".join(m.group(1).lower().split())] if m is not None else None
