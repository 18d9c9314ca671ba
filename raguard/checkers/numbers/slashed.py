"""Two values a document joins by a slash: "151 for 6" for a scorecard's "151/6".

A score ("151/6"), a bowler's figures ("2/24"), a mark out of a maximum ("40/100", "4.5/5", or a
table header's lone "(/100)"), said by the answer with a word or two between the values ("151
for 6", "40 out of 100").
"""

from __future__ import annotations

import re
from bisect import bisect_left
from typing import Optional

from raguard.checkers.base import CheckContext
from raguard.normalize.numbers import NumberMention

# two numbers a document joins by a slash: a score ("151/6"), a bowler's figures ("2/24"), a
# mark out of a maximum ("40/100", "4.5/5"); and the words an answer says them with ("151 for 6",
# "40 out of 100", "2 for 24": one or two lower-case words, nothing else, between the two)
_SLASH_PAIR_RE = re.compile(r"(?<![\w.,/])(\d{1,6}(?:\.\d{1,3})?)/(\d{1,6})(?![\w/]|[.,]\d)")
# a maximum a document writes alone, as a table's header does: "TOTAL (/100)", "Quality /60"
_LONE_DENOMINATOR_RE = re.compile(r"(?<=[(\s])/(\d{1,6})(?=[)\s]|$)")
_PAIR_GAP_RE = re.compile(r"[ \t]+[a-z]+(?:[ \t]+[a-z]+)?[ \t]+")


class SlashedPairs:
    """Evidence for an answer's value said beside another as a document writes the two joined
    by a slash ("151 for 6" for "151/6", "40 out of 100" for "40/100"). The reader of values
    skips digits beside a slash (a date, a fraction), so neither of the two is found on its
    own; both must be the answer's, in the document's order, for either to be supported. The
    documents' pairs are read once per review, when first asked."""

    def __init__(self, ctx: CheckContext) -> None:
        self._ctx = ctx
        self._starts = [n.start for n in ctx.numbers]
        self._pairs: Optional[dict[tuple[float, float], tuple[int, int, int]]] = None

    def _read(self) -> dict[tuple[float, float], tuple[int, int, int]]:
        """The documents' pairs, and their lone maxima keyed with a first value of -1."""
        pairs: dict[tuple[float, float], tuple[int, int, int]] = {}
        for doc_index, index in self._ctx.documents:
            if "/" in index.text:
                for m in _SLASH_PAIR_RE.finditer(index.text):
                    pairs.setdefault((float(m.group(1)), float(m.group(2))), (doc_index, m.start(), m.end()))
                for m in _LONE_DENOMINATOR_RE.finditer(index.text):
                    pairs.setdefault((-1.0, float(m.group(1))), (doc_index, m.start(), m.end()))
        return pairs

    def evidence(self, mention: NumberMention) -> Optional[tuple[int, int, int]]:
        """``(doc_index, start, end)`` of the pair ``mention`` is said in, or None."""
        numbers, response = self._ctx.numbers, self._ctx.response
        k = bisect_left(self._starts, mention.start)
        if k >= len(numbers) or numbers[k].start != mention.start:
            return None
        for first, second in ((numbers[k - 1] if k else None, mention),
                              (mention, numbers[k + 1] if k + 1 < len(numbers) else None)):
            if (first is None or second is None or first.unit or second.unit
                    or not _PAIR_GAP_RE.fullmatch(response, first.end, second.start)):
                continue
            if first.value < 0 or second.value < 0 or not float(second.value).is_integer():
                continue
            if self._pairs is None:
                self._pairs = self._read()
            found = self._pairs.get((first.value, second.value))
            if found is None and second is mention:  # "38.4 out of 60" under a "(/60)" header
                found = self._pairs.get((-1.0, second.value))
            if found is not None:
                return found
        return None
