"""Roles checker: two names the documents give, in each other's place.

"Marcus Ibe interviewed Dana Whitlock" against "Dana Whitlock interviewed Marcus Ibe": both names
are in the document and every word is too, so no other checker objects, yet the answer says the
opposite of who did what to whom. For each pair of names the entities checker found in the
documents, in one answer sentence with words between them (the relation: "interviewed"), a
document sentence holding both names the other way round, with the relation's first word between
them too (its words and at most one more), flags the first name (``misattributed_claim``). A passive on one side only ("was
interviewed by") turns the order round and is read so.

Left alone: a document sentence that says it in the answer's order (anywhere in the documents),
names joined by nothing but "and", "with", commas, and relations that hold both ways ("met",
"married", "played against": :data:`SYMMETRIC`).
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Iterator, Optional, Sequence

from raguard.checkers.base import CheckContext, Finding, quote_for_message
from raguard.checkers.quotes import blank_quotations
from raguard.models import MISATTRIBUTED_CLAIM
from raguard.normalize.stems import content_stem, content_stems
from raguard.normalize.text import tokenize

#: Relations that hold both ways: "A met B" says "B met A". Their stems, by raguard's stemmer.
SYMMETRIC = frozenset(content_stem(w) or w for w in """
meet met marry married wed divorce date dated fight fought play played face faced battle battled
debate debated compete competed tie tied draw drew partner partnered collaborate collaborated
join joined merge merged talk talked speak spoke chat chatted share shared split agree agreed
vs versus against alongside
""".split())

#: The most characters between two names of one relation ("A, the club's coach, signed B").
_MAX_BETWEEN = 80
#: The most content words of one relation between two names ("interviewed", "was coached by").
_MAX_RELATION = 3


class RolesChecker:
    name = "roles"
    warning_type = MISATTRIBUTED_CLAIM
    default_severity = "high"
    provides = ("role",)
    requires = ("entity",)

    def review(self, ctx: CheckContext, findings: Sequence[Finding]) -> Iterator[Finding]:
        names = sorted((f for f in findings if f.kind == "entity" and f.supported and f.source == "document"),
                       key=lambda f: f.start)
        if len(names) < 2 or len(ctx.documents) == 0:
            return
        starts = [s for s, _ in ctx.sentences]
        flagged: set[int] = set()
        for i, first in enumerate(names):
            for second in names[i + 1:]:
                if first.start in flagged:
                    break
                if second.start - first.end > _MAX_BETWEEN:
                    break
                if bisect_right(starts, first.start) != bisect_right(starts, second.start):
                    break  # another sentence
                found = _swapped(ctx, first, second)
                if found is not None:
                    flagged.add(first.start)
                    yield found


def _key(name: str) -> Optional[str]:
    """The stem a name is found by in a document: its last content word ("Ibe" for "Marcus Ibe")."""
    stems = [s for t in tokenize(name) if (s := content_stem(t.norm)) is not None]
    return stems[-1] if stems else None


def _relation(text: str, names: set[str]) -> tuple[list[str], bool]:
    """The content stems between two names (the names' own and quoted titles left out), and
    whether a passive "by" is among the words."""
    words = [t.norm for t in tokenize(blank_quotations(text))]
    stems = [s for w in words if (s := content_stem(w)) is not None and s not in names]
    return stems, "by" in words


def _swapped(ctx: CheckContext, first: Finding, second: Finding) -> Optional[Finding]:
    between = ctx.response[first.end:second.start]
    if ";" in between:
        return None
    a, b = _key(first.text), _key(second.text)
    if a is None or b is None or a == b:
        return None
    name_stems = content_stems(first.text) | content_stems(second.text)
    relation, passive = _relation(between, name_stems)
    if not relation or relation[0] in SYMMETRIC or len(relation) > _MAX_RELATION:
        return None  # "A and B", "A met B"; a long stretch between them is no one relation
    verb = relation[0]
    swap: Optional[tuple[int, str]] = None
    for doc_index, index in ctx.documents:
        spans, by_stem = index.sentence_index
        for k in sorted(set(by_stem.get(a, ())) & set(by_stem.get(b, ()))):
            lo, hi = spans[k]
            text = index.text[lo:hi]
            toks = tokenize(text)
            pos_a = next((t for t in toks if content_stem(t.norm) == a), None)
            pos_b = next((t for t in toks if content_stem(t.norm) == b), None)
            if pos_a is None or pos_b is None:
                continue
            head, tail = (pos_a, pos_b) if pos_a.start < pos_b.start else (pos_b, pos_a)
            if tail.start - head.end > _MAX_BETWEEN:
                continue
            d_relation, d_passive = _relation(text[head.end:tail.start], name_stems)
            # the same relation: its words and at most one more ("interviewed" / "interviewed
            # at length"), not a stretch that merely holds the verb ("my name is Sarah and I am
            # calling from")
            if not set(relation) <= set(d_relation) or len(d_relation) > len(relation) + 1:
                continue
            same_order = (pos_a.start < pos_b.start) == (passive == d_passive)
            if same_order:
                return None  # a document says it the answer's way
            if swap is None:
                swap = (doc_index, text)
    if swap is None:
        return None
    doc_index, text = swap
    return Finding(
        kind="role", warning_type=MISATTRIBUTED_CLAIM, start=first.start, end=first.end, text=first.text,
        supported=False, value=f"roles: {first.text} / {second.text}", checker=RolesChecker.name,
        suggestion=(f'Document {doc_index} says it the other way round, of {second.text} and {first.text}: '
                    f'"{quote_for_message(text, 100)}"'),
    )
