"""CheckContext's token lookups: the same tokens as a walk over the response's tokens."""

from __future__ import annotations

import random

from raguard.checkers.base import CheckContext
from raguard.documents import DocumentSet


def _walk(ctx: CheckContext, start: int, end: int) -> range:
    """Tokens from the first that starts at or after ``start`` while they end by ``end``."""
    toks = ctx.token_list
    i = j = next((k for k, t in enumerate(toks) if t.start >= start), len(toks))
    while j < len(toks) and toks[j].end <= end:
        j += 1
    return range(i, j)


def test_token_range_is_the_walk() -> None:
    rng = random.Random(11)
    atoms = ["Alice", "U.S.", "U. S.", "are n't", "inter-\nnational", "1,490", "$82.0", " ", "  ", ", ", ". ",
             "Élysée", "x", "—", "'s", "\n"]
    for _ in range(2000):
        text = "".join(rng.choice(atoms) for _ in range(rng.randint(0, 30)))
        ctx = CheckContext(query="", response=text, doc=None, documents=DocumentSet(["d"]))
        for _ in range(20):
            a = rng.randint(0, len(text) + 2)
            b = rng.randint(0, len(text) + 2)
            assert ctx.token_range(a, b) == _walk(ctx, a, b), (text, a, b)
        assert ctx.words_in(0, len(text)) == [t.norm for t in ctx.token_list]


def test_attributions_reads_a_spans_stems_from_the_answers_tokens_as_tokenizing_it_would() -> None:
    from raguard.checkers.attributions import _stems_at
    from raguard.normalize.stems import content_stems

    rng = random.Random(12)
    atoms = ["Marta Lindgren", "founded", "U.S.", "U. S.", "are n't", "did", "n't", "inter-\nnational", "Élysée",
             "1,490", " ", ", ", ". ", "ships", "—", "'s", "\n", "J. K.", "Rowling"]
    for _ in range(1000):
        text = "".join(rng.choice(atoms) for _ in range(rng.randint(0, 24)))
        ctx = CheckContext(query="", response=text, doc=None, documents=DocumentSet(["d"]))
        for _ in range(10):
            a = rng.randint(0, len(text))
            b = rng.randint(a, len(text))
            assert _stems_at(ctx, a, b) == content_stems(text[a:b]), (text, a, b)
