"""Time zones an answer names by abbreviation ("23:47 (CEST)") and the UTC offsets documents
write instead ("2024-06-18 23:47:12 +0200", "09:30 UTC+2"). Pure.

A zone's abbreviation is no name to find in the documents: it says the offset of the times
beside it, which a log or a timestamp writes as a number. An answer's "CEST" is supported by a
document time at +02:00; "EST" there is not.
"""

from __future__ import annotations

import re
from typing import Optional

#: Abbreviation -> its UTC offsets in minutes (several where it is used for several zones: "IST"
#: is India's, Ireland's and Israel's). Standard and daylight-saving abbreviations in common use.
ZONE_OFFSETS: dict[str, tuple[int, ...]] = {
    "UTC": (0,), "GMT": (0,), "WET": (0,), "WEST": (60,), "BST": (60,), "IST": (330, 60, 120),
    "CET": (60,), "CEST": (120,), "MEZ": (60,), "MESZ": (120,), "EET": (120,), "EEST": (180,), "MSK": (180,),
    "GST": (240,), "PKT": (300,), "SGT": (480,), "HKT": (480,), "AWST": (480,), "JST": (540,), "KST": (540,),
    "ACST": (570,), "ACDT": (630,), "AEST": (600,), "AEDT": (660,), "NZST": (720,), "NZDT": (780,),
    "EST": (-300,), "EDT": (-240,), "CST": (-360, 480), "CDT": (-300,), "MST": (-420,), "MDT": (-360,),
    "PST": (-480,), "PDT": (-420,), "AKST": (-540,), "AKDT": (-480,), "HST": (-600,), "AST": (-240, 180),
    "ADT": (-180,), "NST": (-210,), "NDT": (-150,), "BRT": (-180,), "ART": (-180,),
}

# an offset after a time with seconds ("23:47:12 +0200", "23:47:12.250-05:00"), a "+" one after
# any time ("09:30+01:00"), or one after UTC/GMT ("UTC+2", "GMT -05:00"); a "Z" after a time is
# UTC. (Not "-" after a time without seconds: "10:30-11:45" is a range.)
_OFFSET_RE = re.compile(
    r"(?:(?<=:\d\d:\d\d)|(?<=:\d\d\.\d\d\d)|(?<=\d:\d\d)(?=[ \t]?\+)|\b(?:UTC|GMT))[ \t]?"
    r"(?:(?P<sign>[+\-−])(?P<h>[01]?\d)(?::?(?P<m>[0-5]\d))?\b|(?<=\d)(?P<z>Z)\b)")


def document_offsets(text: str) -> list[tuple[int, int, int]]:
    """(start, end, minutes) of each UTC offset ``text`` writes beside its times."""
    if ":" not in text and "UTC" not in text and "GMT" not in text:
        return []
    out = []
    for m in _OFFSET_RE.finditer(text):
        if m.group("z"):
            out.append((m.start("z"), m.end("z"), 0))
            continue
        minutes = int(m.group("h")) * 60 + int(m.group("m") or 0)
        out.append((m.start("sign"), m.end(), -minutes if m.group("sign") in "-−" else minutes))
    return out


def zone_offsets(name: str) -> Optional[tuple[int, ...]]:
    """The UTC offsets of a time zone abbreviation ("CEST": (120,)), or None for any other word."""
    return ZONE_OFFSETS.get(name.strip("() ").upper()) if name.strip("() ").isupper() else None
