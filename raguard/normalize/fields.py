"""A form's field: a label, a colon (or a dash, or a table's bar) and its value at the start of a
line ("Pets allowed: No", "Severity: High (CVSS 8.1)", "Towpath - open", "| Pets allowed | No |").
Pure functions.

Forms, spec sheets, notices and tickets state a thing's property as a field; an answer restates it
in a sentence ("pets are not allowed", "rated high severity"). What the value is said of is the
label, on neither side of it in the answer's word order.
"""

from __future__ import annotations

import re
from typing import Optional

# a label's separator and the blanks around it, up to the value: ": ", " | ", " - "
_SEPARATOR = r"[ \t]*(?::|\||[ \t][-–—])[ \t]*"
_SEPARATOR_RE = re.compile(_SEPARATOR)
# a line's label and its separator, up to a value: "Pets allowed: ", "Waterproof - "
_LABEL_RE = re.compile(r"[ \t]*(?:\|[ \t]*)?(?P<label>[^\W\d_][^\n:;|.?!]{0,60}?)" + _SEPARATOR)
#: Words a label holds at most: a longer run before a colon is a sentence ("Please note the
#: following: no refunds").
MAX_LABEL_WORDS = 5
# a label names a thing and has no verb: one of these makes the run a sentence ("Growth forecasts
# were trimmed: ...", "Our view is: ...")
_VERB_WORDS = frozenset({"is", "are", "was", "were", "be", "been", "being", "has", "have", "had", "will",
                         "would", "can", "could", "should", "shall", "may", "might", "must", "do", "does", "did"})


def field_label(text: str, value_start: int) -> Optional[tuple[int, int]]:
    """(start, end) of the label of the field whose value starts at ``value_start`` of ``text``:
    the label opens its line (or ``text``), holds a letter first, at most
    :data:`MAX_LABEL_WORDS` words and no auxiliary verb, and only its separator stands between it
    and the value; None when the value is no field's."""
    line_start = text.rfind("\n", 0, value_start) + 1
    m = _LABEL_RE.fullmatch(text, line_start, value_start)
    if m is None:
        return None
    words = m.group("label").lower().split()
    if len(words) > MAX_LABEL_WORDS or not _VERB_WORDS.isdisjoint(words):
        return None
    return m.span("label")


def value_after(text: str, label_end: int) -> Optional[int]:
    """Where the value starts of the field whose label ends at ``label_end`` of ``text`` (its
    separator right there, and the label one :func:`field_label` accepts), else None."""
    sep = _SEPARATOR_RE.match(text, label_end)
    if sep is None or field_label(text, sep.end()) is None:
        return None
    return sep.end()
