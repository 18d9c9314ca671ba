"""Two things a question sets side by side ("A or B?", "A and B"): their names, and which
document sentences are about each. Shared by the choices and sameness checkers."""

from __future__ import annotations

import re
from typing import Optional

from raguard.checkers.base import CheckContext
from raguard.normalize.stems import content_stems

CAPITALIZED_RE = re.compile(r"[A-Z0-9][\w'’.&-]*")
#: Lower-case words that may stand inside a name ("Bank of America", "Theo van Gogh").
CONNECTORS = frozenset({"of", "the", "and", "de", "du", "la", "le", "von", "van", "for", "&"})
# a document sentence that continues the one before it ("It examines ...", "He played ...")
_PRONOUN_OPENING_RE = re.compile(r"^\W*(?:he|she|it|they|his|her|its|their)\b", re.IGNORECASE)

#: Which sentence of a document is about which option: 0, 1, or None (neither, or both).
Owners = list[Optional[int]]


def capitalized_run(words: list[str], trailing: bool, stop: frozenset[str] = frozenset()) -> Optional[str]:
    """The run of capitalized words (connectors inside) at the end (``trailing``) or the start of
    ``words``; a word in ``stop`` (lower-cased) ends it."""
    order = list(reversed(words)) if trailing else words
    run: list[str] = []
    for word in order:
        if word.lower() in stop:
            break
        if CAPITALIZED_RE.fullmatch(word) or (run and word.lower() in CONNECTORS):
            run.append(word)
        else:
            break
    while run and run[-1].lower() in CONNECTORS:
        run.pop()
    if not run:
        return None
    return " ".join(reversed(run) if trailing else run)


def own_stems(a: str, b: str) -> tuple[set[str], set[str]]:
    """The content-word stems of each option that the other lacks ("Gin and tonic" / "Paloma")."""
    sa, sb = content_stems(a), content_stems(b)
    return sa - sb, sb - sa


def needed(own: set[str]) -> int:
    """Words of an option a document sentence must hold to name it: all, or all but one of
    three or more ("Chinese crested" names "Chinese Crested Dog"; "university" alone does
    not name "Stanford University")."""
    return len(own) - 1 if len(own) >= 3 else len(own)


def mentioned_in_documents(ctx: CheckContext, own: set[str]) -> bool:
    """Any of the option's own words in any document ("Kenneth Loach" mentions "Ken Loach")."""
    return any(own & index.stems for _, index in ctx.documents.among(None))


def sentence_owners(text: str, spans: list[tuple[int, int]], by_stem: dict[str, list[int]],
                    own: tuple[set[str], set[str]], heads: Optional[tuple[str, str]] = None) -> Owners:
    """For each sentence: 0 or 1 when it names that option alone, or opens with a pronoun right
    after one that does; else None. With ``heads``, a sentence holding an option's head stem (a
    surname) names it too."""
    counts = ([0] * len(spans), [0] * len(spans))
    need = [needed(o) for o in own]
    for k in (0, 1):
        for s in own[k]:
            for i in by_stem.get(s, ()):
                counts[k][i] += 1
        if heads is not None and heads[k] in own[k]:
            for i in by_stem.get(heads[k], ()):
                counts[k][i] = max(counts[k][i], need[k])
    owners: Owners = []
    previous: Optional[int] = None
    for i, (start, end) in enumerate(spans):
        names = [counts[k][i] >= need[k] for k in (0, 1)]
        if names[0] != names[1]:
            owner: Optional[int] = 0 if names[0] else 1
        elif not any(names) and _PRONOUN_OPENING_RE.match(text[start:end]):
            owner = previous
        else:
            owner = None
        owners.append(owner)
        previous = owner
    return owners
