"""Direction checker: a change said to go one way between values that go the other.

"The balance rose from £214,380 to £207,327": both figures may be the documents', and the
numbers checker finds them; the verb says the opposite of what they do. A model restating a
change swaps its direction word more easily than its figures, and a document often gives the
figures without the verb (a statement, a table), so the answer is read against itself.

In each answer sentence, two values of the same kind written "from A to B" (a hedge may stand
before either: "from about 380 to about 450"), with a word of a change up ("rose", "increased",
"grew") or down ("fell", "dropped", "declined") among the few words before "from" in the same
clause, are flagged (``contradicted_claim``) when A and B go the other way. Left alone: values of
different units ("from 380 MiB to 1.4 GiB": a unit word after each, not the same), dates (a
change of date is no direction), ranks, and a clause that denies or hedges the change ("did not
rise from 4 to 6").

The same holds of a value set beside another by a comparison: "A, above the B limit", "level A,
one below the target of B", "A is higher than B" (``above``/``over``/``higher than``/``more
than``... or ``below``/``under``/``lower than``/``less than``...), when A and B are of one kind
and unit and A does not stand where the comparison says. A must be set apart from the comparison
by a comma or a verb of being: "£20 more than the £131 bill" compares a difference, not £20; a short
aside may stand before the comma ("0.6 MΩ from negative to earth, above the 1 MΩ minimum"). B may
be a range ("well below its typical range of 0.31 to 1.90 m": A must lie past all of it to be
flagged) or a bound ("outside the target of under 4%"), and ``within``/``inside``/``outside`` put A
in or out of it ("£5,310, within the £5,000 budget": a single value is a limit A may not pass).

A difference said with a side ("9% more electricity than in 2023", "£18 less than the Lite
tariff") is read against the documents: flagged when a document states the same difference of
the same thing (a sentence sharing the clause's words) with the other side ("9% less"), or when
the two values it lies between (the answer's own, else those of the document sentences the
words of each side align to) differ by it the other way round.

Events set in an order ("X before Y", "X, after Y", "earlier/later than", "prior to",
"following", "followed/preceded by") are read against their times: the one date or clock time
(or range) each side states in the answer, else the one stated by the document sentences that
hold more than half of that side's content words, narrowed to the clause holding most of them
when a sentence states two (a sentence holding as many of the other side's words places
neither: "service at 11am, followed by burial" gives the burial no time). Flagged when the two
times, which must not overlap, set the events the other way round. Left alone: a side with no
time or two; clock times more than 12 hours apart (across midnight); "after 23 minutes" (a
duration), "before Amara Obi" (a name, no event) and a clause that denies or hedges. A time
bound ("put it out before 8 pm") is read against the document sentences the answer's sentence
is aligned to (:mod:`raguard.align`): flagged when they set the same time (or date) with the
other order word ("please put it out after 20:00") and never with the answer's.
"""

from __future__ import annotations

import re
from typing import Any, Iterator

from raguard.align import sentence_of
from raguard.checkers.base import CheckContext, Finding, quote_for_message
from raguard.models import CONTRADICTED_CLAIM
from raguard.normalize.dates import DateMention
from raguard.normalize.numbers import CLOCK_MEASURES, NumberMention
from raguard.normalize.polarity import change_direction, hedges_or_denies
from raguard.normalize.spans import SpanIndex
from raguard.normalize.stems import content_stems
from raguard.normalize.text import clause_span, clause_spans

# "from A to B": what stands between the two values (a unit word after A may, and a hedge before
# B), and right before the first (a hedge may stand between "from" and A)
_HEDGE = r"(?:about|around|roughly|approximately|nearly|almost|just[ \t]+over|just[ \t]+under|some|c\.|ca\.|~)"
_TO_RE = re.compile(rf"(?<![ \t])(?:[ \t]+(?P<unit>[^\W\d_]+))?[ \t]+to[ \t]+(?:{_HEDGE}[ \t]+)?", re.IGNORECASE)
_FROM_RE = re.compile(rf"(?<![\w])from[ \t]+(?:{_HEDGE}[ \t]+)?$", re.IGNORECASE)
_UNIT_AFTER_RE = re.compile(r"(?<![ \t])[ \t]+([^\W\d_]+)")
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
# a range B to B2 ("0.31 to 1.90", "470–630")
_RANGE_GAP_RE = re.compile(r"(?<![ \t])[ \t]*(?:to|and|[–—-])[ \t]*", re.IGNORECASE)
_WORD_AFTER_RE = re.compile(r"(?<![ \t])[ \t]*([^\s,;:()\[\]]+)")
# a value judged against another: "low at 402 against an upper limit of 400" ("high"/"low" before
# "at A", B as a determiner gives it after "against"/"versus"/"compared with")
_JUDGED_RE = re.compile(r"(?<![\w])(?P<judge>high|low)[ \t]+at[ \t]+\Z", re.IGNORECASE)
_AGAINST_RE = re.compile(  # (match right after A)
    r"(?<![ \t])(?:[ \t]+[^\s\d,;()]+)?,?[ \t]+(?:against|versus|vs\.?|compared[ \t]+(?:with|to))"
    r"[ \t]+(?:the|a|an|his|her|its|their|our|your|this|that|[^\W\d_]+['’]s)(?:(?:[ \t]+[^\W\d_]+){1,2}[ \t]+of)?[ \t]+",
    re.IGNORECASE)
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
#: Words that set one event before (-1) or after (+1) another, the first said of the clause before
#: the word and the second after it ("the alert fired before the errors began"). A closed class.
_ORDER_WORDS = {"before": -1, "earlier than": -1, "prior to": -1, "followed by": -1,
                "after": 1, "later than": 1, "following": 1, "preceded by": 1}
_ORDER_RE = re.compile(
    r"(?<![\w-])(?P<w>before|after|(?:earlier|later)[ \t]+than|prior[ \t]+to|following|(?:followed|preceded)[ \t]+by)"
    r"[ \t]+(?=[^\W_])", re.IGNORECASE)
#: "the following day": a determiner before "following" makes it an adjective (a closed class)
_DETERMINER_BEFORE_RE = re.compile(r"(?<![\w])(?:the|a|an|this|that|each|every)[ \t]+\Z", re.IGNORECASE)
#: Hours two clock times of one day may lie apart and still be ordered as written (11 pm and
#: 00:30 are an hour apart across midnight, not 22.5 hours the other way)
_CLOCK_SPAN = 12 * 60
_WORD_RE = re.compile(r"[^\W\d_]+")
#: How many words before "from" the change word may stand ("rose by 4% from", "went up sharply from").
_REACH = 5


class DirectionChecker:
    name = "direction"
    warning_type = CONTRADICTED_CLAIM
    default_severity = "high"
    provides = ("direction",)

    def check(self, ctx: CheckContext) -> Iterator[Finding]:
        yield from self._ordered(ctx)
        numbers = [n for n in ctx.numbers if not n.ordinal]
        yield from self._differences(ctx, numbers)
        if len(numbers) < 2:
            return
        yield from self._compared(ctx, numbers)
        yield from self._judged(ctx, numbers)
        if " to " not in ctx.response:
            return
        for a, b in zip(numbers, numbers[1:]):
            to = _TO_RE.fullmatch(ctx.response, a.end, b.start)
            if to is None or not _comparable(a, b) or not _same_unit_word(ctx.response, to.group("unit"), b):
                continue
            if _FROM_RE.search(ctx.response, max(0, a.start - 32), a.start) is None:
                continue
            begin, _ = clause_span(ctx.response, a.start)
            before = ctx.response[begin:a.start]
            words = _WORD_RE.findall(before)[-_REACH - 1:-1]  # (the last word is "from")
            direction = next((d for w in reversed(words) if (d := change_direction(w.lower()))), 0)
            if not direction or hedges_or_denies(before) or a.value == b.value:
                continue
            if (b.value > a.value) == (direction > 0):
                continue
            text = ctx.response[begin:b.end]
            yield self._finding(begin, b.end, text, f"{'up' if direction > 0 else 'down'}: {a.text} to {b.text}",
                                f'The answer says it went {"up" if direction > 0 else "down"} '
                                f'("{quote_for_message(text, 80)}"), but {b.text} is '
                                f'{"lower" if direction > 0 else "higher"} than {a.text}.')

    def _finding(self, start: int, end: int, text: str, value: str, suggestion: str) -> Finding:
        """An unsupported direction finding over ``text`` (the answer's clause from ``start``)."""
        return Finding(kind="direction", warning_type=self.warning_type, start=start, end=end, text=text,
                       supported=False, value=value, suggestion=suggestion, checker=self.name)

    def _compared(self, ctx: CheckContext, numbers: list[NumberMention]) -> Iterator[Finding]:
        """Values set beside one another (or a range, or a bound) by a comparison word that says
        the other way round."""
        response = ctx.response
        matches = [m for m in _CMP_RE.finditer(response)]
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
            if b2 is None or _RANGE_GAP_RE.fullmatch(response, b.end, b2.start) is None or m.group("bound"):
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
            if not _same_kind(response, a, b, last):
                continue
            begin = max(clause_span(response, a.start)[0], _sentence_start(ctx, a.start))
            begin += len(response[begin:a.start]) - len(response[begin:a.start].lstrip())
            if hedges_or_denies(response[begin:last.end]):
                continue
            cmp = " ".join(m.group("cmp").lower().split())
            wrong = _wrong_side(a.value, _COMPARISONS[cmp], b.value, b2.value if b2 else None,
                                _BOUNDS[" ".join(m.group("bound").lower().split())] if m.group("bound") else 0)
            if wrong:
                text = response[begin:last.end]
                said = response[m.start():last.end]
                yield self._finding(begin, last.end, text, f"{a.text} {said}",
                                    f'The answer puts {a.text} {cmp} {response[m.end():last.end]} '
                                    f'("{quote_for_message(text, 80)}"), but {a.text} is {wrong}.')

    def _judged(self, ctx: CheckContext, numbers: list[NumberMention]) -> Iterator[Finding]:
        """A value called high or low against another that says the other way round: "slightly
        low at 402 against an upper limit of 400"."""
        response = ctx.response
        if " against " not in response and " versus " not in response and " vs" not in response \
                and " compared " not in response:
            return
        for a, b in zip(numbers, numbers[1:]):
            m = _AGAINST_RE.match(response, a.end)
            if m is None or m.end() != b.start:
                continue
            j = _JUDGED_RE.search(response, max(0, a.start - 16), a.start)
            if j is None or a.spelled or b.spelled or a.value == b.value or not _same_kind(response, a, b, b):
                continue
            begin = max(clause_span(response, j.start())[0], _sentence_start(ctx, j.start()))
            if hedges_or_denies(response[begin:b.end]):
                continue
            side = 1 if j.group("judge").lower() == "high" else -1
            if (a.value > b.value) != (side > 0):
                text = response[j.start():b.end]
                yield self._finding(j.start(), b.end, text, f"{j.group('judge').lower()}: {a.text} against {b.text}",
                                    f'The answer calls {a.text} {j.group("judge").lower()} against {b.text} '
                                    f'("{quote_for_message(text, 80)}"), but it is {"lower" if side > 0 else "higher"}.')

    def _differences(self, ctx: CheckContext, numbers: list[NumberMention]) -> Iterator[Finding]:
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
                yield self._finding(begin, end, text, f"{d.text} {m.group('cmp').lower()}",
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
                    found = _from_documents(ctx.documents, own, pick, other)
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
                yield self._finding(begin, end, text, f"{d.text} {m.group('cmp').lower()}",
                                    f'The answer says {d.text} {m.group("cmp").lower()} ("{quote_for_message(text, 80)}"), '
                                    f'but the first is {_number(vx)} and the second {_number(vy)}: '
                                    f'{d.text} {"less" if side > 0 else "more"}.')

    def _bound(self, ctx: CheckContext, m: "re.Match[str]", word: str) -> Iterator[Finding]:
        """A time bound ("put it out before 8 pm") that the document sentence the answer's
        sentence is aligned to sets the other way for the same time ("put it out after 20:00"),
        and nowhere the same way."""
        response = ctx.response
        t = _time_at(ctx.numbers, ctx.dates, m.end())
        if t is None:
            return
        found = sentence_of(ctx.alignment, m.start())
        if found is None or found.doc_index < 0:
            return
        begin, end = clause_span(response, m.start())
        begin, end = max(begin, found.start), min(end, found.end)
        if hedges_or_denies(response[begin:end]):
            return
        index = ctx.documents.indexes[found.doc_index]
        sides, said = set(), ""
        for a, b in found.spans:
            for dm in _ORDER_RE.finditer(index.text, a, b):
                d_word = " ".join(dm.group("w").lower().split())
                if _time_at(index.numbers, index.dates, dm.end()) != t:
                    continue
                c0, c1 = clause_span(index.text, dm.start())
                if hedges_or_denies(index.text[c0:c1]):
                    continue
                sides.add(_ORDER_WORDS[d_word])
                said = index.text[max(c0, a):min(c1, b)]
        if sides == {-_ORDER_WORDS[word]}:
            text = response[begin:end].strip()
            yield self._finding(begin, end, text, f"{word} {response[m.end():end].strip()}",
                                f'The answer says "{quote_for_message(text, 80)}", but document {found.doc_index} '
                                f'sets it the other way: "{quote_for_message(" ".join(said.split()), 80)}".')

    def _ordered(self, ctx: CheckContext) -> Iterator[Finding]:
        """Two events set in an order ("X before Y", "X, after Y") that their times, the answer's
        own or those of the document sentences their words align to, set the other way."""
        response = ctx.response
        matches = list(_ORDER_RE.finditer(response))
        if not matches:
            return
        times = _Times(ctx)
        for m in matches:
            word = " ".join(m.group("w").lower().split())
            if response[m.end()].isdigit():
                yield from self._bound(ctx, m, word)
                continue
            if word == "following" and _DETERMINER_BEFORE_RE.search(response, max(0, m.start() - 12), m.start()):
                continue
            sentence = next(((a, b) for a, b in ctx.sentences if a <= m.start() < b), None)
            if sentence is None:
                continue
            # Y: what follows the word, to its clause's end; X: the rest of the word's clause
            # before it, or the clause before (", before lunch,"), or after (a fronted "After Y, X")
            y_end = min(clause_span(response, m.end())[1], sentence[1])
            begin, _ = clause_span(response, m.start())
            begin = max(begin, sentence[0])
            if response[begin:m.start()].strip(" \t,"):
                x_span = (begin, m.start())
            elif begin > sentence[0]:
                x_span = (max(clause_span(response, begin - 1)[0], sentence[0]), begin)
            elif y_end < sentence[1]:
                x_span = (y_end, min(clause_span(response, y_end + 1)[1], sentence[1]))
            else:
                continue
            lo, hi = min(x_span[0], m.start()), max(x_span[1], y_end)
            if hedges_or_denies(response[lo:hi]) or _only_a_name(ctx, m.end(), y_end):
                continue
            x_stems, y_stems = content_stems(response[slice(*x_span)]), content_stems(response[m.end():y_end])
            y = times.of(m.end(), y_end, y_stems, x_stems, counted_ok=False)
            if y is None:
                continue
            x = times.of(*x_span, x_stems, y_stems, counted_ok=True)
            if x is None:
                continue
            order, kind = _order(x, y)
            if order and order != _ORDER_WORDS[word]:
                text = response[lo:hi].strip(" \t,")
                yield self._finding(lo, hi, text, f"{word}: {response[m.end():y_end].strip()}",
                                    f'The answer says "{quote_for_message(text, 80)}", but the first '
                                    f'({_say(x[kind])}) comes {"after" if order > 0 else "before"} the second '
                                    f'({_say(y[kind])}).')


#: A time: ("clock", minutes since midnight, to minutes) or ("date", (year, month, day), to it).
_Time = tuple


class _Times:
    """The time of an event said in a span of the answer: the one time (a date, a clock time or
    a range of them) the span states, else the one time stated by the document sentences that
    hold the most of the span's content words (more than half of them). None when there is none
    or more than one."""

    def __init__(self, ctx: CheckContext) -> None:
        self.ctx = ctx
        self.numbers = ctx.numbers
        self.dates = ctx.dates

    def of(self, start: int, end: int, stems: set[str], other: set[str], counted_ok: bool,
           ) -> "dict[str, _Time] | None":
        """The time of the event said in ``response[start:end]`` (its content ``stems``; those of
        the ``other`` event it is ordered against do not place it)."""
        response = self.ctx.response
        found = _times_in(response, self.numbers, self.dates, start, end)
        if found is None:
            return None
        if not counted_ok:  # "after 23 minutes", "after the baby is 24 weeks old": no event of its own
            if any(n.measure not in CLOCK_MEASURES and not _in_date(n, self.dates)
                   for n in self.numbers if start <= n.start < end):
                return None
        if found:
            return found
        return _from_documents(self.ctx.documents, stems, _times_in, other) if stems else None


#: Document sentences that may tie for an event's words: more place it nowhere in particular (and
#: reading each would cost a long document's every sentence holding a common word).
_MAX_TIED = 6


def _from_documents(documents, stems: set[str], pick,
                    other: "frozenset[str] | set[str]" = frozenset()) -> "dict[str, Any] | None":
    """What ``pick`` reads in the document sentences holding the most of ``stems`` (more than half
    of them: "the errors began" is not placed by "error rates were back to baseline by 14:19"),
    when they all agree: a sentence that states two of a kind is narrowed to its clause, among
    those stating one, that holds the most of the words. None when none is found or they
    differ. A span that holds as many of the ``other`` words (another event's, ordered against
    this one: "the service at 11am, followed by burial") says nothing of this one's time alone."""
    need = len(stems) // 2 + 1
    best, where = 0, []
    for _, index in documents:
        spans, by_stem = index.sentence_index
        counts: dict[int, int] = {}
        for s in stems:
            for i in by_stem.get(s, ()):
                counts[i] = counts.get(i, 0) + 1
        for i, c in counts.items():
            if c > best:
                best, where = c, [(index, spans[i])]
            elif c == best:
                where.append((index, spans[i]))
    if best < need or len(where) > _MAX_TIED:
        return None
    out: "dict[str, Any]" = {}
    for index, (a, b) in where:
        found = pick(index.text, index.numbers, index.dates, a, b)
        if found is None or (found and other and _held(other, index.text[a:b]) >= _held(stems, index.text[a:b])):
            found = _clause_pick(index, a, b, stems, pick, other)
        if found is None:
            return None
        for kind, t in found.items():
            if out.setdefault(kind, t) != t:
                return None
    return out or None


def _clause_pick(index, start: int, end: int, stems: set[str], pick,
                 other: "frozenset[str] | set[str]" = frozenset()) -> "dict[str, Any] | None":
    """What ``pick`` reads in the one clause of a document sentence, among those where it finds
    one thing of each kind, that holds the most of ``stems`` (None when two such clauses tie)."""
    best, found = 0, []
    for a, b in clause_spans(index.text[start:end]):
        got = pick(index.text, index.numbers, index.dates, start + a, start + b)
        if not got:
            continue
        count = _held(stems, index.text[start + a:start + b])
        if count <= _held(other, index.text[start + a:start + b]):
            continue
        if count > best:
            best, found = count, [got]
        elif count == best:
            found.append(got)
    return found[0] if best > 0 and len(found) == 1 else None


def _held(stems: "frozenset[str] | set[str]", text: str) -> int:
    """How many of ``stems`` the content words of ``text`` hold."""
    return len(stems & content_stems(text)) if stems else 0


#: NER labels of a name that is no event: "before HHJ Patel" (in front of), "after Ocampo" (in a ranking).
_NAME_LABELS = frozenset({"PERSON", "ORG", "GPE", "NORP", "FAC", "LOC", "PRODUCT", "WORK_OF_ART"})


def _only_a_name(ctx: CheckContext, start: int, end: int) -> bool:
    """Is ``response[start:end]`` a name and nothing more (a determiner before it aside)?"""
    text = ctx.response[start:end]
    words = text.split()
    if words and words[0].lower() == "the":
        start += text.index(words[0]) + 3
    lead = len(ctx.response[start:end]) - len(ctx.response[start:end].lstrip())
    tail = ctx.response[start:end].rstrip(" \t.,;:!?")
    first, last = start + lead, start + len(tail)
    return any(s <= first and e >= last and label in _NAME_LABELS for s, e, label in ctx.entity_spans)


def _values_of(d: NumberMention):
    """A reader of the one value of ``d``'s kind (currency or share, unit of measure) in a span:
    ``{"value": v}``, ``{}`` when the span states none, None when it states two."""
    def pick(text: str, numbers: "list[NumberMention]", dates: "list[DateMention]", start: int, end: int,
             ) -> "dict[str, float] | None":
        found = {n.value for n in numbers if start <= n.start < end and n.start != d.start
                 and n.unit == d.unit and n.measure == d.measure and not n.ordinal and not _in_date(n, dates)}
        if len(found) > 1:
            return None
        return {"value": found.pop()} if found else {}
    return pick


def _number(v: float) -> str:
    return f"{v:,.6f}".rstrip("0").rstrip(".")


def _first_stem(text: str, start: int) -> "str | None":
    """The first content stem of the few words of ``text`` from ``start``."""
    for word in text[start:start + 60].split()[:4]:
        stems = content_stems(word)
        if stems:
            return next(iter(stems))
    return None


def _time_at(numbers: "list[NumberMention]", dates: "list[DateMention]", pos: int) -> "_Time | None":
    """The clock time or the date (with its year, month and day as stated) that starts at ``pos``."""
    for n in numbers:
        if n.start == pos and n.measure in CLOCK_MEASURES:
            return ("clock", n.value, n.value)
    for d in dates:
        if d.start == pos and (d.value.month is not None or d.value.year is not None):
            key = (d.value.year, d.value.month, d.value.day)
            return ("date", key, key)
    return None


def _in_date(n: NumberMention, dates: "list[DateMention]") -> bool:
    return any(d.start <= n.start < d.end for d in dates)


def _times_in(text: str, numbers: "list[NumberMention]", dates: "list[DateMention]", start: int,
              end: int) -> "dict[str, _Time] | None":
    """The one date and the one clock time (or range of two) of ``text[start:end]``, by kind;
    None when it states two of a kind."""
    clocks = [n for n in numbers if start <= n.start < end and n.measure in CLOCK_MEASURES]
    days = [d.value for d in dates if start <= d.start < end and d.value.year is not None]
    out: "dict[str, _Time]" = {}
    if len(clocks) == 1:
        out["clock"] = ("clock", clocks[0].value, clocks[0].value)
    elif len(clocks) == 2 and _RANGE_GAP_RE.fullmatch(text, clocks[0].end, clocks[1].start):
        out["clock"] = ("clock", clocks[0].value, clocks[1].value)
    elif clocks:
        return None
    keys = {(v.year, v.month, v.day) for v in days}
    if len(keys) == 1:
        key = keys.pop()
        out["date"] = ("date", key, key)
    elif keys:
        return None
    return out


def _order(x: "dict[str, _Time]", y: "dict[str, _Time]") -> "tuple[int, str]":
    """(-1 when X lies wholly before Y, +1 wholly after, 0 when their times do not tell; the kind
    of time that tells)."""
    if "date" in x and "date" in y:
        order = _date_order(x["date"][1], y["date"][1])
        if order:
            return order, "date"
        if _date_order(x["date"][1], y["date"][1], equal=True) is False:
            return 0, ""  # dates that differ at a precision one of them lacks
    if "clock" in x and "clock" in y:
        (_, x0, x1), (_, y0, y1) = x["clock"], y["clock"]
        if max(x1, y1) - min(x0, y0) > _CLOCK_SPAN or x1 < x0 or y1 < y0:
            return 0, ""  # across midnight, or too far apart to tell
        return (-1 if x1 < y0 else 1 if x0 > y1 else 0), "clock"
    return 0, ""


def _date_order(a: tuple, b: tuple, equal: bool = False):
    """-1/+1/0 for two (year, month, day) keys compared on the parts both state, in order; with
    ``equal``, whether they are the same day."""
    for p, q in zip(a, b):
        if p is None or q is None:
            return False if equal else 0
        if p != q:
            return False if equal else (-1 if p < q else 1)
    return True if equal else 0


def _say(t: _Time) -> str:
    if t[0] == "date":
        return "-".join(f"{v:02d}" for v in t[1] if v is not None)
    _, a, b = t
    hm = lambda v: f"{int(v) // 60:02d}:{int(v) % 60:02d}"
    return hm(a) if a == b else f"{hm(a)}-{hm(b)}"


def _sentence_start(ctx: CheckContext, pos: int) -> int:
    """Where the answer's sentence holding ``pos`` starts (a clause found from the text around a
    position may reach back past it)."""
    return next((a for a, b in ctx.sentences if a <= pos < b), 0)


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


def _same_kind(text: str, a: NumberMention, b: NumberMention, last: NumberMention) -> bool:
    """Are A and B values of one kind: the same currency or share (that settles it), the same
    unit of measure when both have one, or A's alone (a limit is often written bare: "0.38 mg/l,
    above the 0.50 limit"; B's alone is another kind), else the same word after both, or none
    after A or B ("level 3, above her target of 4")."""
    if a.unit != b.unit:
        return False
    if a.unit is not None:
        return True
    if a.measure and b.measure:
        return a.measure == b.measure
    if a.measure:
        return True  # the limit written bare
    if b.measure or last.measure:
        return False  # "case 1190442, within the 90-day window": a figure set against a span of time
    wa, wb = _WORD_AFTER_RE.match(text, a.end), _WORD_AFTER_RE.match(text, last.end)
    if wa is None or wb is None:
        return True
    return wa.group(1).lower().rstrip(".") == wb.group(1).lower().rstrip(".")


def _same_unit_word(text: str, unit: "str | None", b: NumberMention) -> bool:
    """Is the word written after the first value (``unit``) the one after the second, if any?
    "from 380 MiB to 1.4 GiB" holds two units the reader does not convert: no direction is read."""
    if unit is None:
        return True
    after = _UNIT_AFTER_RE.match(text, b.end)
    return after is None or after.group(1).lower() == unit.lower()


def _comparable(a: NumberMention, b: NumberMention) -> bool:
    """Values of one kind: the same currency or share and unit of measure, or one written once for
    both ("from 10 to 30 seconds")."""
    return ((a.unit == b.unit or a.unit is None or b.unit is None)
            and (a.measure == b.measure or a.measure is None or b.measure is None))
