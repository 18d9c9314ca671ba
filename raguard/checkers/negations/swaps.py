"""The answer swaps a word for its opposite: the third reading of the negations checker.

"Sales rose" / "Sales fell", "crewed" / "uncrewed", WordNet's antonyms such as "hired" / "fired"
(:mod:`raguard.normalize.polarity`), against the aligned sentence or, for a sentence that fuses
several, any sentence of the aligned document with the opposite word (:func:`_swaps_opposite`;
the clause test: :func:`_swap_against`). Two states said across one time from its two sides
("reopens on 14 March" / "closed until 14 March") are no swap.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from typing import AbstractSet, Iterable, Optional

from raguard.align import SentenceAlignment
from raguard.checkers.base import CheckContext, Finding, quote_for_message
from raguard.checkers.negations._common import (
    MIN_COVERED, MIN_COVERED_SHARE, _WINDOW, _WORD_RE, _aligned_first, _around, _content_positions,
    _contradiction, _said_elsewhere,
)
from raguard.checkers.negations.tables import _names_its_row
from raguard.checkers.quotes import blank_quotations
from raguard.documents import DocumentIndex
from raguard.normalize.polarity import (
    FUNCTION_OPPOSITES, hedge_cues, opposite_key, opposites_of, phrasal_changes, prefix_opposite, up_to_coordinator,
)
from raguard.normalize.stems import content_stem
from raguard.normalize.text import Token, ascii_words, clause_span, tokenize
from raguard.normalize.time_bounds import restates_across_time


def _swaps_opposite(ctx: CheckContext, alignment: SentenceAlignment) -> Optional[Finding]:
    """The answer sentence says a word whose opposite a document sentence says of the same thing
    ("rose" / "fell", "crewed" / "uncrewed"): the aligned sentence first, then, since an answer
    sentence often fuses several, any other sentence of the aligned document, then of the others,
    holding the opposite of one of its words (the clause test of :func:`_swap_against` decides
    alike)."""
    toks = ctx.token_list
    numbers = ctx.token_range(alignment.start, alignment.end)
    words = [toks[i].norm for i in numbers]
    if "up" in words or "down" in words:
        words = [t.norm for t in phrasal_changes([toks[i] for i in numbers])]  # "went up" is "rise"
    # the keys of the opposites of the sentence's words, read once for every candidate sentence
    wanted = frozenset().union(*map(opposites_of, words))
    twins = _prefixed_twins(words)
    found = _swap_against(ctx, alignment, alignment.doc_index, alignment.best_span, words, wanted, twins)
    if found is not None or not wanted:
        return found
    stems = {s for i in numbers if (s := ctx.token_stems[i]) is not None}
    function_words = FUNCTION_OPPOSITES.intersection(wanted)
    # the sentences it fuses: the aligned document's first, then the others' (an answer restates
    # several sources; each document's stem index finds its candidates without a scan, and the
    # stems it lacks are left out in one set operation: a call may bring a hundred documents)
    for doc_index in _aligned_first(ctx, alignment.doc_index, wanted - function_words, function_words):
        index = ctx.documents.indexes[doc_index]
        spans, by_stem = index.sentence_index
        held = index.sentence_stems
        holding = {i for key in wanted.intersection(held) for i in by_stem[key]}
        if function_words:
            # ("before" / "after" are no content words: the stem index leaves them out)
            holding.update(i for key in function_words for i in index.sentences_holding(key))
        for particle, change in _PARTICLE_KEYS:
            if change in wanted:
                # ("go up" says "rise" in words the stem index leaves out)
                holding.update(index.sentences_holding(particle))
        if not holding:
            continue
        # the clause test needs two shared words beside the pair: count them from the index
        shared: dict[int, int] = {}
        for s in stems.intersection(held):
            for i in by_stem[s]:
                if i in holding:
                    shared[i] = shared.get(i, 0) + 1
        for i in sorted(i for i, n in shared.items() if n >= MIN_COVERED):
            if doc_index == alignment.doc_index and spans[i] == alignment.best_span:
                continue
            found = _swap_against(ctx, alignment, doc_index, spans[i], words, wanted, twins)
            if found is not None:
                return found
    return None


def _swap_against(ctx: CheckContext, alignment: SentenceAlignment, doc_index: int,
                  span: Optional[tuple[int, int]], words: list[str], wanted: frozenset[str],
                  twins: Optional[frozenset[str]] = None) -> Optional[Finding]:
    """The answer sentence (its folded ``words``, ``wanted``: the keys of their opposites, and
    ``twins``: their :func:`_prefixed_twins`, from ``words`` when not given) says a word whose
    opposite the document sentence at ``span`` says of the same thing.

    The two clauses must share two or more other content words, hold most of the answer clause's
    within ``_WINDOW`` words of the pair (or all of them on one side: :func:`_one_side_whole`),
    keep each shared word on the same side of the pair (a converse restatement swaps them: "A beat
    B" / "B lost to A") with a neighbour of the pair the same in both, and deny or hedge alike
    ("without explicit" / "without implicit" is a swap, "not explicit" / "implicit" is not; a
    relative clause after the pair hedges only itself: "variable plans *that only start in
    spring*"), and
    give the same figure when both give figures (:func:`_other_figures`); the document must not
    say the answer's word too.
    """
    if span is None:
        return None
    index = ctx.documents.indexes[doc_index]
    doc_sentence = index.text[span[0]:span[1]]
    # most sentences hold no word whose opposite (or prefixed twin) the document sentence holds:
    # told from the words alone, before any clause is read
    toks = ctx.token_list
    said_words, said_keys = _sentence_words(index, span, doc_sentence)
    if twins is None:
        twins = _prefixed_twins(words)
    if not ((wanted and not wanted.isdisjoint(said_keys)) or not twins.isdisjoint(said_words)):
        return None
    sentence = blank_quotations(ctx.response[alignment.start:alignment.end])
    answer_tokens = phrasal_changes(_tokens_in(toks, ctx.token_range(alignment.start, alignment.end),
                                               alignment.start, sentence, ctx.response))
    doc_tokens = phrasal_changes(_tokens_in(index.tokens.tokens, _token_range(index, span), span[0], doc_sentence,
                                            index.text))
    doc_words = {t.norm for t in doc_tokens}
    doc_keys = {opposite_key(w) for w in doc_words}
    answer_keys: Optional[set[str]] = None
    for a_tok in answer_tokens:
        word = a_tok.norm
        opposite = opposites_of(word)
        # (most words have no opposite and no prefixed twin: two set lookups tell)
        if not (opposite & doc_keys or _prefixed_twin(word, doc_words)):
            continue
        a_key = opposite_key(word)
        if a_key in doc_keys:
            continue
        d_tok = next((t for t in doc_tokens if opposite_key(t.norm) in opposite or prefix_opposite(word, t.norm)), None)
        if answer_keys is None:
            answer_keys = {opposite_key(t.norm) for t in answer_tokens}
        if d_tok is None or opposite_key(d_tok.norm) in answer_keys:
            continue
        a_begin, a_end = clause_span(sentence, a_tok.start)
        d_begin, d_end = clause_span(doc_sentence, d_tok.start)
        a_clause, d_clause = sentence[a_begin:a_end], doc_sentence[d_begin:d_end]
        # a clause that denies or hedges where the other does not may say the same in other
        # words ("not explicit" / "implicit"); the same cues in both leave the swap a swap.
        # (Up to the next "and"/"or"/"but" or relative "that"/"which"/"who" after the pair: "is
        # rising and is only on a Flood Alert" hedges the alert, not the rise; a denial before
        # the pair reaches it still.)
        # The pair's own words are no hedge: "unable" / "able", "failed" / "succeeded" are a swap.
        a_at_char, d_at_char = a_tok.start - a_begin, d_tok.start - d_begin
        if (hedge_cues(up_to_coordinator(a_clause, a_at_char, relatives=True), a_at_char)
                != hedge_cues(up_to_coordinator(d_clause, d_at_char, relatives=True), d_at_char)):
            continue
        if _other_figures(a_clause, d_clause):
            continue  # "climbed 14.1% to $96.3 million" / "decreased 0.8% to $88.4 million": another thing's change
        a_words = _content_positions(tokenize(a_clause))
        d_words = _content_positions(tokenize(d_clause))
        a_at = next((i for i, t in enumerate(tokenize(a_clause)) if t.start == a_tok.start - a_begin), None)
        d_at = next((i for i, t in enumerate(tokenize(d_clause)) if t.start == d_tok.start - d_begin), None)
        if a_at is None or d_at is None:
            continue
        a_side = {s: i < a_at for i, s in _around(a_words, a_at, _WINDOW)}
        d_side = {s: i < d_at for i, s in d_words if i != d_at}
        shared = set(a_side) & set(d_side)
        if len(shared) < MIN_COVERED or (len(shared) < MIN_COVERED_SHARE * len(a_side)
                                         and not _one_side_whole(a_side, shared)):
            continue
        if any(a_side[s] != d_side[s] for s in shared):
            continue
        if not (_same_neighbour(a_words, a_at, d_words, d_at, a_tok.norm)
                or _same_figure_after(answer_tokens, a_tok, doc_tokens, d_tok)
                or _names_its_row(index.text, span, {s for _, s in a_words})):
            continue
        if _said_elsewhere(ctx, a_key, set(shared), len(shared), (doc_index, span), opposite_key):
            continue
        if word not in FUNCTION_OPPOSITES and restates_across_time(a_clause, d_clause):
            continue  # "reopens on 2 January" / "closed until 2 January": each side of one time
        return _contradiction(alignment, ctx.response[alignment.start:alignment.end],
                              f"opposite: {_written(sentence, a_tok)} / {_written(doc_sentence, d_tok)}",
                              f'The answer says "{_written(sentence, a_tok)}" where document {doc_index} says '
                              f'"{_written(doc_sentence, d_tok)}": "{quote_for_message(doc_sentence, 100)}"')
    return None


def _written(text: str, tok: Token) -> str:
    """The word ``tok`` of ``text`` as the message names it: its folded form, or for a change said
    in two words ("went up", read as "rise") the two words."""
    written = text[tok.start:tok.end].split()
    return " ".join(written).lower() if len(written) > 1 else tok.norm


#: The particles of :func:`~raguard.normalize.polarity.phrasal_changes` and the change each says.
_PARTICLE_KEYS = (("up", opposite_key("rise")), ("down", opposite_key("fall")))


def _other_figures(a_clause: str, d_clause: str) -> bool:
    """Do both clauses give figures, none of them the same? Then they report two things (a
    swap keeps the figure: "rose 3%" / "fell 3%")."""
    a_figures = {m.group(0).replace(",", "") for m in _FIGURE_RE.finditer(a_clause)}
    if not a_figures:
        return False
    d_figures = {m.group(0).replace(",", "") for m in _FIGURE_RE.finditer(d_clause)}
    return bool(d_figures) and a_figures.isdisjoint(d_figures)


# a figure as written, its thousands' commas and decimal point kept ("1,204.5")
_FIGURE_RE = re.compile(r"\d+(?:[.,]\d+)*")


def _one_side_whole(a_side: dict[str, bool], shared: set[str]) -> bool:
    """True when every window word on one side of the pair (two or more) is shared: what the
    pair is said of ("*inflexible* payment plans" / "*flexible* payment plans") is the same, though
    the other side restates ("suggests" / "we offer")."""
    for before in (True, False):
        side = {s for s, b in a_side.items() if b is before}
        if len(side) >= MIN_COVERED and side <= shared:
            return True
    return False


def _tokens_in(tokens: list[Token], numbers: range, offset: int, text: str, whole: str) -> list[Token]:
    """The tokens of ``text`` (``whole[offset:...]``, maybe with quotations blanked), taken from
    the whole text's tokens when nothing was blanked (they are the same; tokenizing again is
    the cost of a long answer), with offsets into ``text``."""
    if text != whole[offset:offset + len(text)]:
        return tokenize(text)
    return [Token(tokens[i].norm, tokens[i].start - offset, tokens[i].end - offset) for i in numbers]


def _sentence_words(index: DocumentIndex, span: tuple[int, int], text: str) -> tuple[frozenset[str], frozenset[str]]:
    """The lower-cased words of the document sentence ``text`` at ``span`` and their
    :func:`opposite_key`, kept on the document's index (asked again by each answer sentence
    aligned to it)."""
    memo = index.__dict__.setdefault("_swap_words", {})
    found = memo.get(span)
    if found is None:
        # (ASCII: its runs of letters and digits lower-cased by one translate and a split, not
        # a match object each)
        words = frozenset(ascii_words(text) if text.isascii() else _WORD_RE.findall(text.lower()))
        if "up" in words or "down" in words:
            words |= {t.norm for t in phrasal_changes(tokenize(text))}  # "went up" says "rise"
        found = memo[span] = (words, frozenset(map(opposite_key, words)))
    return found


def _token_range(index: DocumentIndex, span: tuple[int, int]) -> range:
    """Numbers of the document's tokens inside a sentence span (tokens are in order and disjoint)."""
    tokens = index.tokens.tokens
    lo = bisect_left(tokens, span[0], key=lambda t: t.start)
    hi = bisect_right(tokens, span[1], key=lambda t: t.end)
    return range(lo, max(lo, hi))


def _prefixed_twins(words: Iterable[str]) -> frozenset[str]:
    """The words whose presence makes :func:`_prefixed_twin` true for one of ``words``: each with
    a negating prefix added or taken off (one set, tested against a document sentence's words at
    once, where a test per word was a Python call each)."""
    out: set[str] = set()
    for word in words:
        if len(word) < 4:
            continue
        out.add("un" + word)
        out.add("non" + word)
        if word[:2] == "un":
            out.add(word[2:])
        if word[:3] == "non":
            out.add(word[3:])
    return frozenset(out)


def _prefixed_twin(word: str, words: AbstractSet[str]) -> bool:
    """True when ``words`` hold ``word`` with a negating prefix added or taken off."""
    if len(word) < 4:
        return False
    return ("un" + word in words or "non" + word in words or (word[:2] == "un" and word[2:] in words)
            or (word[:3] == "non" and word[3:] in words))


def _same_figure_after(a_tokens: list[Token], a_tok: Token, d_tokens: list[Token], d_tok: Token) -> bool:
    """True when the same figure follows the pair in both ("withdraws *before* 1 May" / "withdraws
    *after* 1 May", "*under* 16s" / "*over* 16s"): a date or an amount is what it is said of,
    though no content word."""
    def after(tokens: list[Token], tok: Token) -> Optional[str]:
        k = next((i for i, t in enumerate(tokens) if t.start == tok.start), None)
        return tokens[k + 1].norm if k is not None and k + 1 < len(tokens) else None

    figure = after(a_tokens, a_tok)
    return figure is not None and any(ch.isdigit() for ch in figure) and figure == after(d_tokens, d_tok)


def _same_neighbour(a_words: list[tuple[int, str]], a_at: int, d_words: list[tuple[int, str]], d_at: int,
                    word: str) -> bool:
    """True when the content word right after the pair (or, for a content word or a pair ending
    both clauses, right before it) is the same in both clauses: the pair is said of the same thing."""
    def neighbours(words: list[tuple[int, str]], at: int) -> tuple[Optional[str], Optional[str]]:
        before = [s for i, s in words if i < at]
        after = [s for i, s in words if i > at]
        return (before[-1] if before else None), (after[0] if after else None)

    a_before, a_after = neighbours(a_words, a_at)
    d_before, d_after = neighbours(d_words, d_at)
    if a_after is not None and a_after == d_after:
        return True
    # a function word ("before", "more") is read with what follows it alone, unless both clauses
    # end with it: then with what it follows ("in Diamond and below" / "in Diamond and above")
    ends = a_after is None and d_after is None
    return (content_stem(word) is not None or ends) and a_before is not None and a_before == d_before
