"""A value a comparison sets on the wrong side of another, of a range or of a bound.

As a change "from A to B" (:mod:`raguard.checkers.direction.changes`), a value set beside another
by a comparison is flagged: "A, above the B limit", "level A, one below the target of B", "A is
higher than B" (``above``/``over``/``higher than``/``more than``... or ``below``/``under``/
``lower than``/``less than``...), when A and B are of one kind and unit and A does not stand where
the comparison says. A must be set apart from the comparison by a comma or a verb of being: "£20
more than the £131 bill" compares a difference, not £20; a short aside may stand before the comma
("0.6 MΩ from negative to earth, above the 1 MΩ minimum"). B may be a range ("well below its
typical range of 0.31 to 1.90 m": A must lie past all of it to be flagged) or a bound ("outside
the target of under 4%"), and ``within``/``inside``/``outside`` put A in or out of it ("£5,310,
within the £5,000 budget": a single value is a limit A may not pass).
"""

from __future__ import annotations

import re
from typing import Iterator

from raguard.checkers.base import CheckContext, Checker, Finding, quote_for_message
from raguard.checkers.direction._common import RANGE_GAP_RE, finding, same_kind, sentence_start, word_matches
from raguard.normalize.numbers import NumberMention
from raguard.normalize.polarity import hedges_or_denies
from raguard.normalize.spans import SpanIndex
from raguard.normalize.text import clause_span

#: The words of a comparison and the side they put A on (+1: above B, -1: below B; 0: within
#: B, a range or a bound, 2: outside it). A closed class.
_COMPARISONS = {"above": 1, "over": 1, "higher than": 1, "more than": 1, "greater than": 1, "larger than": 1,
                "below": -1, "under": -1, "lower than": -1, "less than": -1, "fewer than": -1, "smaller than": -1,
                "within": 0, "inside": 0, "outside": 2}
#: The words that make a value a bound ("the target of under 4%"), and the side they allow. A closed class.
_BOUNDS = {"under": -1, "below": -1, "less than": -1, "up to": -1, "at most": -1, "no more than": -1,
           "over": 1, "above": 1, "more than": 1, "at least": 1, "no less than": 1}
# a comparison and what B as a determiner gives it ("the 0.20% limit", "his target of 7", "the
# trust's target of 6", "its typical range of 0.31 to 1.90"), perhaps as a bound ("the target of
# under 4%"): without a determiner, "under 10" or "over 65" names a band ("29 are under 10"), no
# value A is set against. B starts where the match ends.
_CMP_RE = re.compile(
    r"\b(?P<cmp>above|over|below|under|within|inside|outside|"
    r"(?:higher|more|greater|larger|lower|less|fewer|smaller)[ \t]+than)"
    r"[ \t]+(?:the|a|an|his|her|its|their|our|your|this|that|[^\W\d_]+['’]s)"
    r"(?:(?:[ \t]+[^\W\d_]+(?:['’]s)?){1,2}[ \t]+of)?"
    r"(?:[ \t]+(?P<bound>under|below|over|above|up[ \t]+to|at[ \t]+(?:least|most)|no[ \t]+(?:more|less)[ \t]+than|"
    r"(?:less|more)[ \t]+than))?[ \t]+(?=\S)",
    re.IGNORECASE)
#: The words a match of _CMP_RE opens with, for word_matches.
_CMP_OPENERS = ("above", "over", "below", "under", "within", "inside", "outside", "higher", "more", "greater",
                "larger", "lower", "less", "fewer", "smaller")
# between A and the comparison (or the difference before it): a unit word and a comma or a verb of
# being ("0.31%, below", "3 is above"), or a short aside ending in a comma ("0.6 MΩ from negative
# to earth, above"; no figure, no sentence end, no new clause); then a degree word
_DEGREE = r"(?:well|just|slightly|far|comfortably|still|now|much|way)"
_A_GAP_RE = re.compile(  # (fullmatch between A and what follows it)
    r"(?:(?<![ \t])(?:[ \t]+[^\W\d_]+)?(?:,|[ \t]+(?:is|was|are|were|sits|stands|stood|came|comes))"
    r"|(?![^,]{0,60}?\b(?:but|while|whereas|although|though|and[ \t]+(?:the|its|their|his|her))\b)[^\d\n.;!?]{0,60}?,"
    r"(?:[ \t]+(?:(?:which|that)[ \t]+)?(?:is|was|are|were|sits|stands|stood|came|comes))?)"
    rf"[ \t]+(?:{_DEGREE}[ \t]+)?",
    re.IGNORECASE)
# a difference right before the comparison ("one above", "3 points below", "0.8 °C below")
_DIFF_GAP_RE = re.compile(r"(?<![ \t])(?:[ \t]+(?:points?|percentage[ \t]+points?|pp|[^\s\w,;]{1,3}))?[ \t]+")


def compared(checker: Checker, ctx: CheckContext, numbers: list[NumberMention]) -> Iterator[Finding]:
    """Values set beside one another (or a range, or a bound) by a comparison word that says
    the other way round."""
    response = ctx.response
    matches = list(word_matches(_CMP_RE, response, _CMP_OPENERS))
    if not matches:
        return
    by_start = {n.start: k for k, n in enumerate(numbers)}
    # (a name's number, "Layer 2", and a date's, "2025", are compared with nothing)
    taken = SpanIndex(list(ctx.named_number_spans) + [(d.start, d.end) for d in ctx.dates])
    for m in matches:
        j = by_start.get(m.end())
        if j is None or j == 0:
            continue
        b = numbers[j]
        b2 = numbers[j + 1] if j + 1 < len(numbers) else None
        if b2 is None or RANGE_GAP_RE.fullmatch(response, b.end, b2.start) is None or m.group("bound"):
            b2 = None
        a = numbers[j - 1]
        if _DIFF_GAP_RE.fullmatch(response, a.end, m.start()) is not None:
            if j < 2:
                continue
            a, diff = numbers[j - 2], a
            gap = _A_GAP_RE.fullmatch(response, a.end, diff.start)
        else:
            gap = _A_GAP_RE.fullmatch(response, a.end, m.start())
        if gap is None:
            continue
        last = b2 or b
        if any(n.spelled or taken.overlaps(n.start, n.end) for n in (a, b, last)):
            continue
        if not same_kind(response, a, b, last):
            continue
        begin = max(clause_span(response, a.start)[0], sentence_start(ctx, a.start))
        begin += len(response[begin:a.start]) - len(response[begin:a.start].lstrip())
        if hedges_or_denies(response[begin:last.end]):
            continue
        cmp = " ".join(m.group("cmp").lower().split())
        wrong = _wrong_side(a.value, _COMPARISONS[cmp], b.value, b2.value if b2 else None,
                            _BOUNDS[" ".join(m.group("bound").lower().split())] if m.group("bound") else 0)
        if wrong:
            text = response[begin:last.end]
            said = response[m.start():last.end]
            yield finding(checker, begin, last.end, text, f"{a.text} {said}",
                          f'The answer puts {a.text} {cmp} {response[m.end():last.end]} '
                          f'("{quote_for_message(text, 80)}"), but {a.text} is {wrong}.')


def _wrong_side(a: float, side: int, b: float, b2: "float | None", bound: int) -> str:
    """Where ``a`` stands when a comparison ``side`` of B (or of the range B to ``b2``, or of a
    bound that allows the ``bound`` side of B) does not hold it ("" when it does, or says too little)."""
    low, high = (b, b) if b2 is None else (min(b, b2), max(b, b2))
    if bound:
        if side not in (0, 2):
            return ""  # "above the target of under 4%": no clear reading
        inside = a <= b if bound < 0 else a >= b
        if inside == (side == 0):
            return ""
        return "outside it" if side == 0 else "inside it"
    if side == 1:
        return "lower" if a < low else ""
    if side == -1:
        return "higher" if a > high else ""
    if b2 is None:
        return "higher" if side == 0 and a > b else ""  # within a single value: a limit it may not pass
    inside = low <= a <= high
    if inside == (side == 0):
        return ""
    return "outside it" if side == 0 else "inside it"
