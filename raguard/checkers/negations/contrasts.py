"""A contrast turned round: the negations checker's fourth reading.

"Problem set 6 is due on Thursday rather than Friday" against "problem set 6 is due Friday, not
Thursday": a contrast sets one thing against another ("X rather than Y", "X instead of Y", "X,
not Y", "X but not Y", "not Y but X"); an answer that keeps both words and turns the contrast
round says what the document denies and denies what it says. Each word may be another sentence's
too, so no one word is unsupported, and the sentence may share most of its words with the
document's: only the order of the two around the contrast differs.

The two words are single words (a preposition or article before each is passed over) and are
compared by stem; a document that sets them the answer's way anywhere leaves the answer alone.
Only the document sentences holding both words are read (the sentence index finds them).
"""

from __future__ import annotations

import re
from typing import Iterator, Optional

from raguard.align import SentenceAlignment
from raguard.checkers.base import CheckContext, Finding, quote_for_message
from raguard.checkers.negations._common import _contradiction
from raguard.documents import DocumentIndex
from raguard.normalize.stems import content_stem

_WORD = r"(?<![\w'’%.])[^\W_][\w'’%.]*(?<![.])"
_SKIP = r"(?:(?:on|in|at|by|to|for|from|the|a|an|its|their|his|her)[ \t]+){0,2}"
# "X rather than Y", "X instead of Y", "X, not Y", "X but not Y", "X and not Y": X set against Y
_KEPT_FIRST_RE = re.compile(
    rf"(?P<kept>{_WORD})(?:[ \t]*,[ \t]*(?:and[ \t]+|but[ \t]+)?not|[ \t]+(?:rather[ \t]+than|instead[ \t]+of"
    rf"|but[ \t]+not|and[ \t]+not))[ \t]+{_SKIP}(?P<set_aside>{_WORD})",
    re.IGNORECASE,
)
# "not Y but X", "not Y, but X", "not due Y but X" (a word between "not" and Y)
_SET_ASIDE_FIRST_RE = re.compile(
    rf"\bnot[ \t]+(?:{_WORD}[ \t]+)?{_SKIP}(?P<set_aside>{_WORD})[ \t]*,?[ \t]+but[ \t]+{_SKIP}(?P<kept>{_WORD})",
    re.IGNORECASE,
)


def _key(word: str) -> Optional[str]:
    """A contrast's word as compared: its stem, for a content word or a figure (None otherwise)."""
    folded = word.casefold().rstrip("'’")
    return folded if folded[:1].isdigit() else content_stem(folded)


def contrasts(text: str) -> Iterator[tuple[str, str, int, int]]:
    """(kept, set aside, start, end) for each contrast of ``text``, both words keyed by
    :func:`_key` (a contrast of a function word is left out)."""
    for pattern in (_KEPT_FIRST_RE, _SET_ASIDE_FIRST_RE):
        for m in pattern.finditer(text):
            kept, aside = _key(m.group("kept")), _key(m.group("set_aside"))
            if kept is not None and aside is not None and kept != aside:
                yield kept, aside, m.start(), m.end()


def _reverses_contrast(ctx: CheckContext, alignment: SentenceAlignment) -> Optional[Finding]:
    """The answer sentence sets two words against each other the other way round from a
    document's contrast of the same two, and no document sets them its way."""
    sentence = ctx.response[alignment.start:alignment.end]
    lowered = sentence.lower()
    if "not" not in lowered and "rather" not in lowered and "instead" not in lowered:
        return None  # (most sentences hold no contrast: one look before the patterns)
    answer = {(kept, aside) for kept, aside, _, _ in contrasts(sentence)}
    if not answer:
        return None
    found: Optional[tuple[int, str]] = None
    for doc_index, index in ctx.documents:
        spans = index.sentence_index[0]
        # (only the sentences holding both words of a pair are read: a document is not scanned)
        numbers = sorted(set().union(*(_holding(index, kept) & _holding(index, aside) for kept, aside in answer)))
        for n in numbers:
            doc_sentence = index.text[spans[n][0]:spans[n][1]]
            for kept, aside, _, _ in contrasts(doc_sentence):
                if (kept, aside) in answer:
                    return None  # a document sets them the answer's way
                if found is None and (aside, kept) in answer:
                    found = (doc_index, doc_sentence.strip())
    if found is None:
        return None
    return _contradiction(alignment, sentence, "contrast turned round",
                          f'The answer turns round what document {found[0]} sets against each other: '
                          f'"{quote_for_message(found[1], 100)}"')


def _holding(index: DocumentIndex, key: str) -> set[int]:
    """Numbers of the document's sentences holding a contrast's word keyed ``key`` (a figure as
    written, else a content word's stem)."""
    spans, by_stem = index.sentence_index
    if not key[:1].isdigit():
        return set(by_stem.get(key, ()))
    text = index.text
    return {n for n, (s, e) in enumerate(spans) if key in text[s:e]} if key in text else set()
