"""Roles written beside a person's name ("CFO Jon Petrakis", "Kobbel founder Signe Holm",
"Jon Petrakis, CFO:"), and who a text gives a role to (read once per text and role, by
:class:`Roles`).

A role is read within the clause around a name (no sentence end, colon or line break between;
the stop of an initial is none: "(coach T. Mensah)"):
a transcript's "Greg Hollins: And buybacks?\\nJon Petrakis, CFO:" gives the CFO's role to
Petrakis only. An acronym also matches the words it stands for ("CEO" / "chief executive").
"""

from __future__ import annotations

import re
from typing import Callable, Optional

#: Role acronyms and the words a document may write for them instead.
ROLE_ACRONYMS: dict[str, tuple[str, ...]] = {
    "CEO": ("chief executive",), "CFO": ("chief financial", "finance chief", "finance director"),
    "COO": ("chief operating",), "CTO": ("chief technology", "chief technical"), "CIO": ("chief information",),
    "CMO": ("chief marketing",), "CISO": ("chief information security",), "CPO": ("chief product",),
    "CRO": ("chief revenue", "chief risk"), "CCO": ("chief commercial", "chief compliance"),
    "VP": ("vice president", "vice-president"), "SVP": ("senior vice president",),
    "EVP": ("executive vice president",),
}
#: Role nouns an answer writes right before a person's name ("Kobbel founder Signe Holm").
ROLE_NOUNS = frozenset("""
founder co-founder cofounder chairman chairwoman chairperson president director coach manager captain
owner editor spokesman spokeswoman spokesperson minister secretary governor mayor senator
ambassador principal dean treasurer
""".split())

#: How far (in characters) from a name a role may stand to be that person's.
ROLE_REACH = 40
# (the stop of an initial ends nothing: "(coach T. Mensah)")
_BREAK_RE = re.compile(r"[:;?!\n]|(?<!\b[A-Z])\.")
_COMMA_RE = re.compile(r"[,()\[\]]")
# a person's name: two capitalized words ("Signe Holm", "O'Neill-Hart")
_PERSON_RE = re.compile(r"\b[A-Z][a-z'’-]+[ \t]+[A-Z][A-Za-z'’-]+")


def role_words(role: str) -> tuple[str, ...]:
    """How a text may write ``role``: itself, and for an acronym the words it stands for (lower case)."""
    return (role,) + ROLE_ACRONYMS.get(role, ())


def _clauses_around(text: str, role: str, lowered: Callable[[], str]) -> list[tuple[str, str]]:
    """(before, after) the clause text on either side of each place ``text`` writes ``role``
    (``lowered``: ``text`` in lower case, asked for only when needed)."""
    out = []
    for word in role_words(role):
        if word == role and word.isupper():
            haystack = text
        else:
            haystack = lowered()
            word = word.lower()
        at = haystack.find(word)
        while at >= 0:
            end = at + len(word)
            if (at == 0 or not haystack[at - 1].isalnum()) and (end == len(haystack) or not haystack[end].isalnum()):
                # the clause, and in it the appositive next to the role: "Paul Ross, CFO, and
                # Dina Vale, COO" gives the COO's role to Vale only
                before = _BREAK_RE.split(text[max(0, at - ROLE_REACH):at])[-1]
                after = _BREAK_RE.split(text[end:end + ROLE_REACH], 1)[0]
                # ("the founder, Signe Holm, will stay": a name after a comma is the role's too,
                # unless one stands before it, "Dina Vale, CFO, and Paul Ross, COO")
                before = _COMMA_RE.split(before.rstrip(" \t,(["))[-1]
                after = after.lstrip(" \t")
                if after[:1] == "," and not _PERSON_RE.search(before):
                    after = after[1:]
                out.append((before, _COMMA_RE.split(after, 1)[0]))
            at = haystack.find(word, at + 1)
    return out


_WORD_RE = re.compile(r"[^\W_][\w'’-]*")


class Roles:
    """Who one text gives each role to, read once per role (a document's is kept with it, so an
    answer naming many people costs a lookup each): the words in a clause with the role, folded,
    and the people named there."""

    def __init__(self, text: str) -> None:
        self._text = text
        self._lowered: Optional[str] = None
        self._read: dict[str, tuple[frozenset[str], tuple[str, ...]]] = {}

    def _lower(self) -> str:
        if self._lowered is None:
            self._lowered = self._text.lower()
        return self._lowered

    def _of(self, role: str) -> tuple[frozenset[str], tuple[str, ...]]:
        found = self._read.get(role)
        if found is None:
            clauses = _clauses_around(self._text, role, self._lower)
            words = frozenset(w.casefold().removesuffix("'s").removesuffix("’s")
                              for before, after in clauses for w in _WORD_RE.findall(before + " " + after))
            people = tuple(m.group() for before, after in clauses
                           for m in (*_PERSON_RE.finditer(before), *_PERSON_RE.finditer(after)))
            found = self._read[role] = (words, people)
        return found

    def gives(self, role: str, surname: str) -> bool:
        """Does the text give ``role`` to the person called ``surname`` ("Jon Petrakis, CFO:",
        "(Tobias Wren, CFO)", "chief executive Lars Otterstad"; a lower-cased text's "o'reilly")?"""
        return surname.casefold() in self._of(role)[0]

    def holders(self, role: str) -> tuple[str, ...]:
        """The people (two capitalized words) the text writes in a clause with ``role``."""
        return self._of(role)[1]
