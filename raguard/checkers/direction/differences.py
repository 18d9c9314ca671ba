"""A difference said with a side ("9% more") that the documents or its two values say the other way.

A difference said with a side ("9% more electricity than in 2023", "£18 less than the Lite
tariff") is read against the documents: flagged when a document states the same difference of
the same thing (a sentence sharing the clause's words) with the other side ("9% less"), or when
the two values it lies between (the answer's own, else those of the document sentences the
words of each side align to) differ by it the other way round.
"""

from __future__ import annotations

import re
from typing import Iterator

from raguard.checkers.base import CheckContext, Checker, Finding, quote_for_message
from raguard.checkers.direction._common import Pick, finding, from_documents, in_date
from raguard.normalize.dates import DateMention
from raguard.normalize.numbers import CLOCK_MEASURES, NumberMention
from raguard.normalize.polarity import hedges_or_denies
from raguard.normalize.stems import content_stems
from raguard.normalize.text import clause_span

#: Comparative words and the side they give a difference written before them ("9% more", "£20
#: lower"). A closed class.
_SIGNED = {"more": 1, "higher": 1, "greater": 1, "larger": 1, "bigger": 1,
           "less": -1, "fewer": -1, "lower": -1, "smaller": -1}
_SIGNED_AFTER_RE = re.compile(  # (match right after a value: "9% more", "14% lower", "9% less electricity",
    # "0.3 g/l, which is higher", "0.3 g/l (lower": a unit or noun, then a comma, a verb of being or a bracket)
    r"(?<![ \t])(?:[ \t]+(?!(?:or|and|to|per|a|an|the|is|was|are|were)\b)[^\s\d,;()]+)?"
    r"(?:[ \t]*,[ \t]*(?:(?:which|that)[ \t]+(?:is|was|are|were)[ \t]+)?|[ \t]+\(|[ \t]+(?:is|was|are|were)[ \t]+|[ \t]+)"
    r"(?P<cmp>more|higher|greater|larger|bigger|less|fewer|lower|smaller)\b(?P<than>[ \t]+than[ \t]+)?",
    re.IGNORECASE)


def differences(checker: Checker, ctx: CheckContext, numbers: list[NumberMention]) -> Iterator[Finding]:
    """A difference said one way ("you used 9% more electricity than in 2023") that the
    documents state of the same thing the other way ("9% less"): the same value, with a word
    of the other side after it, in a document sentence that shares the most of the clause's
    content words (one or more)."""
    response = ctx.response
    for d in numbers:
        m = _SIGNED_AFTER_RE.match(response, d.end)
        if m is None or d.spelled or d.measure in CLOCK_MEASURES:
            continue
        side = _SIGNED[m.group("cmp").lower()]
        # (what it is compared with: the first content word after "than", if it says)
        against = _first_stem(response, m.end()) if m.group("than") else None
        begin, end = clause_span(response, d.start)
        sentence = next(((a, b) for a, b in ctx.sentences if a <= d.start < b), (begin, end))
        begin, end = max(begin, sentence[0]), min(end, sentence[1])
        clause = response[begin:end]
        if hedges_or_denies(clause):
            continue
        stems = content_stems(clause)
        best, sides, said = 0, set(), ""
        for _, index in ctx.documents:
            for n in index.numbers:
                if n.value != d.value or n.unit != d.unit:
                    continue
                dm = _SIGNED_AFTER_RE.match(index.text, n.end)
                if dm is None:
                    continue
                if against and dm.group("than") and _first_stem(index.text, dm.end()) != against:
                    continue  # compared with something else
                a, b = clause_span(index.text, n.start)
                if hedges_or_denies(index.text[a:b]):
                    continue
                shared = len(stems & content_stems(index.text[a:b]))
                if shared > best:
                    best, sides, said = shared, {_SIGNED[dm.group("cmp").lower()]}, index.text[n.start:dm.end()]
                elif shared == best and sides:
                    sides.add(_SIGNED[dm.group("cmp").lower()])
        if sides == {-side}:
            end = max(end, min(clause_span(response, m.end())[1], sentence[1]))
            text = response[begin:end].strip()
            yield finding(checker, begin, end, text, f"{d.text} {m.group('cmp').lower()}",
                          f'The answer says "{quote_for_message(response[d.start:m.end()].strip(), 60)}" '
                          f'("{quote_for_message(text, 80)}"), but the documents say '
                          f'"{quote_for_message(" ".join(said.split()), 60)}" of the same thing.')
            continue
        than = m if m.group("than") else None
        if sides or than is None or d.hedge or d.decline or response[d.end:m.start("cmp")].strip():
            continue
        # "X costs $36 more than Y": the values of X and of Y (the answer's, else those of the
        # document sentences their words align to) must differ by $36, and the way it says
        pick = _values_of(d)
        # (X: from the comma before the difference, or the sentence's start when that only
        # points back: "costs $104, which is $36 more than ..."; Y: to the next comma)
        x_begin = max(response.rfind(",", sentence[0], d.start), response.rfind(";", sentence[0], d.start)) + 1
        y_end = min((i for i in (response.find(",", than.end(), sentence[1]),
                                 response.find(";", than.end(), sentence[1])) if i >= 0), default=sentence[1])
        x_span, y_span = (max(x_begin, sentence[0]), d.start), (than.end(), y_end)
        x_stems, y_stems = content_stems(response[slice(*x_span)]), content_stems(response[slice(*y_span)])
        values = []
        for (a, b), own, other in ((x_span, x_stems, y_stems), (y_span, y_stems, x_stems)):
            found = pick(response, numbers, ctx.dates, a, b)
            if found == {} and not own and b == d.start:
                found = pick(response, numbers, ctx.dates, sentence[0], b)
            if found == {} and own:
                found = from_documents(ctx.documents, own, pick, other)
            if not found:
                break
            values.append(found["value"])
        if len(values) < 2 or values[0] == values[1]:
            continue
        vx, vy = values
        if abs(abs(vx - vy) - d.value) > max(d.precision, 1e-6 * d.value):
            continue  # not the two values the difference is of
        if (vx > vy) != (side > 0):
            text = clause.strip()
            yield finding(checker, begin, end, text, f"{d.text} {m.group('cmp').lower()}",
                          f'The answer says {d.text} {m.group("cmp").lower()} ("{quote_for_message(text, 80)}"), '
                          f'but the first is {_number(vx)} and the second {_number(vy)}: '
                          f'{d.text} {"less" if side > 0 else "more"}.')


def _values_of(d: NumberMention) -> Pick:
    """A reader of the one value of ``d``'s kind (currency or share, unit of measure) in a span:
    ``{"value": v}``, ``{}`` when the span states none, None when it states two."""
    def pick(text: str, numbers: "list[NumberMention]", dates: "list[DateMention]", start: int, end: int,
             ) -> "dict[str, float] | None":
        found = {n.value for n in numbers if start <= n.start < end and n.start != d.start
                 and n.unit == d.unit and n.measure == d.measure and not n.ordinal and not in_date(n, dates)}
        if len(found) > 1:
            return None
        return {"value": found.pop()} if found else {}
    return pick


def _number(v: float) -> str:
    """``v`` as a message writes it: thousands separated, no trailing zeros."""
    return f"{v:,.6f}".rstrip("0").rstrip(".")


def _first_stem(text: str, start: int) -> "str | None":
    """The first content stem of the few words of ``text`` from ``start``."""
    for word in text[start:start + 60].split()[:4]:
        stems = content_stems(word)
        if stems:
            return next(iter(stems))
    return None
