"""Values a document writes after the initial of the word the answer writes before them: "turn
6" for a steward's "T6", "level 2" for "L2", "bay 14" for "B14".

Logs, sheets and plans shorten a class word to its capital and glue the number on; the answer
spells the word out. The document's letter must be the answer word's initial and its digits the
answer's, so only a code the documents give with that very number supports the value.
"""

from __future__ import annotations

import re
from typing import Optional

from raguard.checkers.base import CheckContext
from raguard.normalize.numbers import NumberMention
from raguard.normalize.stems import is_content_word

# the word right before a value (searched in the few characters before it, anchored at their end)
_WORD_BEFORE_RE = re.compile(r"(?<![\w'’-])([A-Za-z]{3,})[ \t]+\Z")
_REACH = 24


def initial_code(ctx: CheckContext, mention: NumberMention) -> Optional[tuple[int, int, int]]:
    """(document, start, end) of a code that is the initial of the word before ``mention`` with
    its digits glued on ("T6" for "turn 6"), or None."""
    digits = mention.text
    if (mention.unit is not None or mention.measure is not None or mention.spelled or mention.ordinal
            or not digits.isdigit() or len(digits) > 3):
        return None
    word = _WORD_BEFORE_RE.search(ctx.response, max(0, mention.start - _REACH), mention.start)
    if word is None or not is_content_word(word.group(1).lower()):
        return None  # ("and 4" names nothing a document's "A4" shortens)
    initial = word.group(1)[0]
    pattern = re.compile(rf"(?<![\w.,/-]){initial}{digits}(?![\w]|[.,/-]\d)", re.IGNORECASE)
    for doc_index, index in ctx.documents:
        if digits not in index.text:
            continue
        m = pattern.search(index.text)
        if m is not None and (m.group()[0].isupper() or index.text.islower()):
            return doc_index, m.start(), m.end()
    return None
