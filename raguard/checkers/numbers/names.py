"""Values inside a document's names: "Seat 34", "HTTP 503".

A document's number that belongs to a name supports the answer's value, unless the answer writes
that name apart from this value ("The Apollo 11 crew spent 11 hours": the 11 hours are no
name's).
"""

from __future__ import annotations

from raguard.normalize.numbers import NumberMention


def named_size(named: tuple[NumberMention, str]) -> float:
    """The size of a document's named number (the key its sorted list is bisected by)."""
    return abs(named[0].value)


class AnswerNames:
    """Where the answer writes each document name with a number ("apollo 11"), found once per
    name in a review."""

    #: A name written more often than this is written apart from any one value.
    _MAX = 2

    def __init__(self, response: str) -> None:
        self._folded = response.casefold()
        self._at: dict[str, list[int]] = {}

    def written_apart(self, name: str, mention: NumberMention) -> bool:
        """Does the answer write ``name`` somewhere that does not hold ``mention``? Then the name
        is the answer's too, and its number no value of this one."""
        folded = name.casefold()
        found = self._at.get(folded)
        if found is None:
            found = []
            at = self._folded.find(folded)
            while at >= 0 and len(found) <= self._MAX:
                found.append(at)
                at = self._folded.find(folded, at + 1)
            self._at[folded] = found
        return len(found) > self._MAX or any(not at <= mention.start < at + len(folded) for at in found)
