"""Retrieved documents, indexed once for claim lookup (no NER on documents).

Each document is folded into word tokens and scanned for numbers and dates lazily, on first
need. Indexes are cached by content in a bounded LRU, so verifying several answers against the
same documents (as a relapse retry does) builds them once.
"""

from __future__ import annotations

import math
import re
import threading
from bisect import bisect_left, bisect_right
from itertools import accumulate, chain
from collections import Counter, OrderedDict
from collections.abc import Container, Mapping
from typing import Any, Callable, Hashable, Iterable, Iterator, Optional, Sequence, TypeVar

from raguard.lazy import lazy
from raguard.normalize.counts import CountedNoun, counted_nouns, labelled_ranges
from raguard.normalize.creators import CreatorMention, creator_mentions, cue_relation, cue_spans
from raguard.normalize.dates import (
    DOTTED, DateMention, day_months, dotted_day_months, extract_dates, other_readings, relative_days, relative_years,
)
from raguard.normalize.doc_dates import document_dates
from raguard.normalize.measures import compound_measures
from raguard.normalize.numbers import CLOCK_MEASURES, NumberLadder, NumberMention, extract_numbers, glued_digits
from raguard.normalize.bindings import (KNOWN_ROLES, capitalized_runs, key_base, keying_test, role_bindings,
                                        table_bindings, text_parts)
from raguard.normalize.roles import Roles
from raguard.normalize.text import (SPACES, TokenText, decode_entities, fold_diameter_signs, fold_full_width,
                                   fold_ocr_ones, fold_ocr_zeros, join_broken_words, opens_sentences_lower, sentence_spans)
from raguard.normalize.turns import Conversation, parse_turns
from raguard.query import QueryIndex

_RAW_WORD_RE = re.compile(r"[^\W_]+")


class _StemWeights(dict[str, float]):
    """Memo of a document's stem weights: ``log(1 + (n + 1) / (k + 0.5))`` for a stem in k of
    its n sentences, k = 0 for a stem it lacks (see :mod:`raguard.align`)."""

    def __init__(self, sentence_index: tuple[list[tuple[int, int]], dict[str, list[int]]]) -> None:
        super().__init__()
        spans, self._by_stem = sentence_index
        self._n = len(spans)

    def __missing__(self, stem: str) -> float:
        ids = self._by_stem.get(stem)
        value = self[stem] = math.log(1.0 + (self._n + 1) / ((len(ids) if ids else 0) + 0.5))
        return value


class DocumentIndex:
    """One document's lookup structures. Built lazily, read-only afterwards."""

    #: What :meth:`raguard.Verifier.prepare` computes ahead of an answer: the readings a verify
    #: reads on a quarter of answers or more (measured on the seed, HaluEval and long workloads).
    PREPARED = ("tokens", "_sentence_words", "sentence_index", "sentence_stems", "stem_weights", "stems",
                "denies_nothing", "denying_sentences", "_unbroken", "_dates_unbroken", "dates", "numbers",
                "loose_numbers", "named_numbers", "row_differences", "_named_spans", "_capitalized_runs",
                "role_key_bases", "creators", "lowercased", "raw_words")

    def __init__(self, text: str) -> None:
        self.text = text

    @lazy
    def tokens(self) -> TokenText:
        return TokenText.of(self.text)

    @lazy
    def uncontracted(self) -> TokenText:
        """The tokens with contractions in one spelling ("didn't" as "did not"), for quotations
        restated with or without them; built only when one is not found as written."""
        from raguard.normalize.contractions import uncontracted

        return TokenText(self.text, uncontracted(self.tokens.tokens))

    @lazy
    def _unbroken(self) -> tuple[str, Optional[list[int]]]:
        """The text with its full-width forms in ASCII ("１４：３３"), a diameter's "Ø" before its
        figure as the sign "⌀" ("Ø0.20"), an OCR pass's O for a figure's zero as 0 ("£4.OO") and
        its l for a one as 1 ("l2/06/25"), its HTML character references decoded ("&ndash;") and
        the words a line-end hyphen broke joined ("Feb-\nruary"), for the value patterns, and where
        each of its characters is in the text (None: none moved)."""
        decoded, first = decode_entities(fold_ocr_ones(fold_ocr_zeros(fold_diameter_signs(fold_full_width(self.text)))))
        joined, second = join_broken_words(decoded)
        if first is None or second is None:
            return joined, first if second is None else second
        return joined, [first[p] for p in second]

    @lazy
    def ratio_shares(self) -> list[NumberMention]:
        """Shares the document writes as ratios ("one in five"), as percentages (read when an
        answer's percentage is not among :attr:`numbers`)."""
        from raguard.normalize.numbers import ratio_shares

        return ratio_shares(self.text) if (" in " in self.text or " of " in self.text) else []

    @lazy
    def numbers(self) -> list[NumberMention]:
        """Values, without the digits of dates ("12 March") and names ("Apollo 11"), and the
        values written in two units ("1 minute 8 seconds") once more, whole; without hedges
        (``hedge`` None: a document's value is compared as it stands)."""
        text, positions = self._unbroken
        taken = [(d.start, d.end) for d in self._dates_unbroken if d.form not in ("year", "weekday", DOTTED)]
        tokens = self.tokens  # (its words say where a spelled number may start, when they are the text's)
        words = (tokens.norms, tokens.token_starts) if positions is None and tokens.single_runs else None
        mentions = extract_numbers(text, hedges=False, words=words)  # (see values_match)
        # a time of day is no name's number ("Issued 1015 GMT", "Flight 7:55")
        clocks = [n for n in mentions if n.measure in CLOCK_MEASURES]
        found = _without_overlaps(mentions if not clocks else [n for n in mentions if n.measure not in CLOCK_MEASURES],
                                  taken + self._named_spans)
        if clocks:
            found = sorted(found + _without_overlaps(clocks, taken), key=lambda n: (n.start, -n.end))
        found += compound_measures(text, found)  # "1 minute 8 seconds" is 68 seconds too
        return found if positions is None else [_moved(n, positions) for n in found]

    @lazy
    def csv_rows(self) -> list[Any]:
        """The document's comma-separated rows that hold a time of day in a cell
        (:func:`raguard.normalize.numbers.csv_rows`), read when an answer's time finds no other
        support."""
        from raguard.normalize.numbers import csv_rows

        return csv_rows(self.text) if "," in self.text and ":" in self.text else []

    @lazy
    def loose_numbers(self) -> list[NumberMention]:
        """Readings too uncertain for :attr:`numbers` ("7,34", "120 000", a "1530" among times
        written "0530"), outside dates but for years: read only when an answer's value finds no other support
        (see the numbers checker and :func:`raguard.normalize.numbers.loose_numbers`)."""
        from raguard.normalize.column_units import column_units
        from raguard.normalize.names import named_number_spans
        from raguard.normalize.numbers import loose_numbers

        # (the names' spans of the text the values were read in, when it is this text: nearly always)
        skip = self._named_spans if self._unbroken[1] is None else named_number_spans(self.text)
        found = loose_numbers(self.text, self.numbers, skip)
        # a cell's value with the unit its column's header names ("discount_pct" over "10")
        found += column_units(self.text, [*self.numbers, *found])
        # (a year stays, as in numbers: the dates reader takes "1415 Pilot aboard" for one)
        taken = [(d.start, d.end) for d in self.dates if d.form not in ("year", "weekday")]
        return _without_overlaps(found, taken) if found and taken else found

    @lazy
    def row_differences(self) -> list[NumberMention]:
        """The differences between two values of a line ("arrived 07:30, left 07:50": 20
        minutes): read only when an answer's value finds no other support (see
        :func:`raguard.normalize.numbers.row_differences`)."""
        from raguard.normalize.numbers import row_differences

        return row_differences(self.text, self.numbers)

    @lazy
    def row_sums(self) -> list[NumberMention]:
        """The sums of the values of one line in one measure or unit ("Prep 15 min | Cook 40
        min": 55 minutes): read only for an answer's value named a total (see
        :func:`raguard.normalize.numbers.row_sums`)."""
        from raguard.normalize.numbers import row_sums

        return row_sums(self.text, self.numbers)

    @lazy
    def _named_spans(self) -> list[tuple[int, int]]:
        """(start, end) of the names with a number in the text the values are read in ("Apollo
        11": :func:`raguard.normalize.names.named_number_spans`), read once for :attr:`numbers`,
        :attr:`loose_numbers` and :attr:`named_numbers` (each read them on its own, up to three
        scans of a document). Not to be changed: a reader that sorts them sorts a copy."""
        from raguard.normalize.names import named_number_spans

        return named_number_spans(self._unbroken[0])

    @lazy
    def named_numbers(self) -> list[tuple[NumberMention, str]]:
        """The values inside names ("Seat 34", "HTTP 503", "Energy 812 kJ"), each with the name's
        text, by size: left out of :attr:`numbers` ("Apollo 11" is no eleven of anything), read
        only when an answer's value finds no other support (see the numbers checker)."""
        text, positions = self._unbroken
        if not self._named_spans:
            return []
        spans = sorted(self._named_spans)
        starts = [a for a, _ in spans]
        out = []
        for n in extract_numbers(text, hedges=False):
            k = bisect_right(starts, n.start) - 1
            if k >= 0 and n.end <= spans[k][1]:
                out.append((n if positions is None else _moved(n, positions), text[spans[k][0]:spans[k][1]]))
        out.sort(key=_named_size)  # (by size: the checker reads only those near a value's)
        return out

    @lazy
    def roles(self) -> Roles:
        """Who the document gives each role to ("Jon Petrakis, CFO"), read per role when asked."""
        return Roles(self.text)

    @lazy
    def role_key_bases(self) -> frozenset[str]:
        """The stems a role the document binds can be keyed by (see
        :func:`raguard.normalize.bindings.key_bases`): a document none of whose bases is the
        base of an answer's role is not read for bindings."""
        from raguard.normalize.bindings import key_bases
        from raguard.normalize.stems import content_stem

        if "stems" not in self.__dict__ and "sentence_index" not in self.__dict__:
            return key_bases(self.tokens.vocab)
        # (key_bases(self.tokens.vocab): each word's content stem, which are :attr:`stems` (read
        # from the sentence index, which the alignment reads), and an agent noun's as its verb's,
        # which only a word ending in "er" has: not every word stemmed again)
        verbs = {content_stem(w[:-2]) for w in self.tokens.vocab if w.endswith("er") and len(w) >= 5}
        verbs.discard(None)
        return self.stems.union(verbs) if verbs else self.stems  # type: ignore[arg-type]

    @lazy
    def role_bindings(self) -> list[tuple[str, str, bool]]:
        """The roles the document binds to names: (role key, name, labelled), as "Moderator: Henrik
        Aalto" or "the head referee, Kim Sato" (see :mod:`raguard.normalize.bindings`)."""
        return self._bindings(None)

    def role_bindings_of(self, wanted: frozenset[str]) -> list[tuple[str, str, bool]]:
        """The :attr:`role_bindings` whose key's base (:func:`raguard.normalize.bindings.key_base`)
        is in ``wanted``, in their order: an answer can bind only those, and the document is
        then read only around the words such a key can be made of (a 300-word document binds
        its names to roles in ~0.25 ms; an answer's few roles are read in a few of them).
        Memoized by ``wanted``."""
        memo = self.__dict__.setdefault("_bindings_of", {})
        found = memo.get(wanted)
        if found is None:
            if "role_bindings" in self.__dict__:
                found = [b for b in self.role_bindings if key_base(b[0]) in wanted]
            else:
                found = self._bindings(wanted)
            if len(memo) >= _MAX_WANTED:  # (a document asked by many answers)
                memo.clear()
            memo[wanted] = found
        return found

    def _bindings(self, wanted: Optional[frozenset[str]]) -> list[tuple[str, str, bool]]:
        """:attr:`role_bindings`, or with ``wanted`` :meth:`role_bindings_of`."""
        text = self.text
        spans = self._capitalized_runs
        tokens = self.tokens
        # (the parts, for a document whose words merged, are read for the call and not kept: a
        # set of every run of the text would grow a cached index by about its text's size)
        near = None if wanted is None else keying_test(text, wanted, lambda: text_parts(text),
                                                       tokens.vocab if tokens.single_runs else None)
        asked: set[str] = set()
        heads: set[str] = set()
        found = role_bindings(text, spans, frozenset(), asked, near, wanted or frozenset(), heads)
        vocabulary = frozenset(b.key for b in found if b.labelled and (wanted is None or key_base(b.key) in wanted))
        if not vocabulary.isdisjoint(asked):
            # (a key the labels make a role was asked of a bare word: read again with it; else the
            # second reading would give the same bindings. With ``wanted``, only its keys' being
            # a role can change a binding of its keys, the first words' aside: the others are left
            # out of the vocabulary)
            found = role_bindings(text, spans, vocabulary, None, near, wanted or frozenset(), heads)
        if wanted is not None and any(k not in KNOWN_ROLES and key_base(k) not in wanted for k in heads):
            # a name's first word that the whole document's labels may make a role (and so move
            # the reach before it): read whole
            return [b for b in self.role_bindings if key_base(b[0]) in wanted]
        out = ([(b.key, text[b.start:b.end], b.labelled) for b in found]
               + [(key, text[start:end], True) for key, start, end in table_bindings(text)])
        return out if wanted is None else [b for b in out if key_base(b[0]) in wanted]

    @lazy
    def _capitalized_runs(self) -> list[tuple[int, int]]:
        return capitalized_runs(self.text)

    @lazy
    def dates(self) -> list[DateMention]:
        """Dates, the years stated relative to them ("in 2024, up from the previous year"), and
        the day-first reading of a slashed date the document does not order ("01/03/2026")."""
        positions = self._unbroken[1]
        found = self._dates_unbroken
        return found if positions is None else [_moved(d, positions) for d in found]

    @lazy
    def _dates_unbroken(self) -> list[DateMention]:
        text = self._unbroken[0]
        if not text.isascii() and _holds_space(text):
            text = text.translate(SPACES)  # "31\u00a0March": one character for one
        if "_" in text:
            text = text.replace("_", " ")  # a column or a file named "q3_2025_revenue", "report_2024-03-31"
        found = extract_dates(text)
        # (a numeric date's other reading after all the rest: the first reading stays the
        # evidence and the nearest date named wherever it was)
        slashed = day_months(text) if "/" in text else []  # "on 27/11": a chat's date without a year
        # (a cheap test before the regex)
        if "esterday" in text or "oday" in text or "omorrow" in text or "night" in text:
            slashed += relative_days(text, found)  # "Published 26 November ... confirmed yesterday"
        # "3 februari 2025", "Sa 11.10.", "14-01-2026", "Jun-Sep 1932", a calendar's "23  Sat"
        others = other_readings(found)
        written = document_dates(text, found, slashed, self.tokens.vocab, others)
        # "starts 08.05" beside "07.05.2026" (no reading in the document's year: "15.11" may be
        # a version, and stays a value, see :attr:`numbers`)
        dotted = dotted_day_months(text) if "." in text else []
        return found + relative_years(text, found) + others + slashed + dotted + written

    @lazy
    def counts(self) -> dict[tuple[str, ...], list[CountedNoun]]:
        """Counted nouns ("eight gold albums") by the stems of what is counted."""
        out: dict[tuple[str, ...], list[CountedNoun]] = {}
        for counted in counted_nouns(self.text):
            out.setdefault(counted.key, []).append(counted)
            if counted.whole_key:  # ("3 months' gross rent" counts months, and months' gross rent)
                out.setdefault(counted.whole_key, []).append(counted)
        for counted in labelled_ranges(self.text):  # ("weeks 1-2" counts two weeks)
            out.setdefault(counted.key, []).append(counted)
        return out

    @lazy
    def creators(self) -> Mapping[str, list[CreatorMention]]:
        """Who made what ("directed by Peter Chelsom"), by relation, each relation read when
        first asked for (see :class:`_Makers`)."""
        return _Makers(self.text)

    @lazy
    def stems(self) -> frozenset[str]:
        """Stems of the document's content words, for sentence-level support: those of
        :attr:`sentence_index` when its sentences hold exactly the document's words (nearly
        always; the alignment reads every document's sentence index anyway)."""
        from raguard.normalize.stems import content_stem

        if list(chain.from_iterable(self._sentence_words[1])) == self.tokens.norms:
            return self.sentence_stems
        # (content_stem is stem() of a content word, None for any other, memoized in a dict)
        found = set(map(content_stem, self.tokens.vocab))
        found.discard(None)
        return frozenset(found)  # type: ignore[arg-type]

    @lazy
    def _sentence_words(self) -> tuple[list[tuple[int, int]], list[list[str]]]:
        """(sentence spans, the folded words of each)."""
        # (a chat's turn stays whole: its short lower-case replies, "no", "not really, she said",
        # are read with what they answer, by the turn's speaker)
        lower = opens_sentences_lower(self.text) and self.conversation is None
        spans = sentence_spans(self.text, lower)
        return spans, self.tokens.span_words(spans)

    @lazy
    def sentence_index(self) -> tuple[list[tuple[int, int]], dict[str, list[int]]]:
        """(sentence spans, content-word stem -> numbers of the sentences holding it, ascending)."""
        from raguard.normalize.stems import content_stem

        spans, sentences = self._sentence_words
        by_stem: dict[str, list[int]] = {}
        for i, words in enumerate(sentences):
            # each stem once per sentence, in the order of its first word (dict.fromkeys: in C)
            for s in dict.fromkeys(map(content_stem, words)):
                if s is not None:
                    by_stem.setdefault(s, []).append(i)
        return spans, by_stem

    @lazy
    def denying_sentences(self) -> frozenset[int]:
        """Numbers of the :attr:`sentence_index` sentences holding a denial cue ("not", "never",
        "no"...; "not only" too: the checker reads each closely), found by one scan of the text:
        the negations checker looks among them for one an answer affirms."""
        from raguard.normalize.polarity import DENIAL_BARE_RE, DENIAL_RE, has_bare_not

        spans = self.sentence_index[0]
        if self.denies_nothing:
            return frozenset()
        starts = [a for a, _ in spans]
        found = set()
        for m in (DENIAL_BARE_RE if has_bare_not(self.text) else DENIAL_RE).finditer(self.text):
            i = bisect_right(starts, m.start()) - 1
            if i >= 0 and m.start() < spans[i][1]:
                found.add(i)
        return frozenset(found)

    @lazy
    def denies_nothing(self) -> bool:
        """True when no denial cue can match anywhere in the text (neither
        :data:`~raguard.normalize.polarity.DENIAL_BARE_RE` nor so ``DENIAL_RE``), told from its
        words (:func:`~raguard.normalize.polarity.may_deny`, on the tokens read for the sentence
        index when each is one run of the text): then no sentence of it denies either (a
        sentence starts and ends beside a character that is no letter or digit, so a match in
        it would be one in the text), and its sentences are not scanned one by one."""
        from raguard.normalize.polarity import may_deny

        tokens = self.tokens
        return tokens.single_runs and not may_deny(self.text, tokens.norms)

    @property
    def denials_read(self) -> bool:
        """Has :attr:`denying_sentences` been computed? (Once it has, reading it costs nothing:
        the negations checker then asks it first; before, it first counts whether any sentence
        shares enough with the answer to need it.)"""
        return "denying_sentences" in self.__dict__

    def sentences_holding(self, word: str) -> list[int]:
        """Numbers of the :attr:`sentence_index` sentences holding a folded ``word`` as it is,
        memoized by word: the stem index leaves function words out, and the negations checker
        looks for "before" where an answer says "after"."""
        memo = self.__dict__.setdefault("_holding", {})
        found = memo.get(word)
        if found is None:
            # (list membership runs in C: one or two words are asked for, not every sentence's set)
            found = memo[word] = [i for i, words in enumerate(self._sentence_words[1]) if word in words]
        return found

    @lazy
    def sentence_stems(self) -> frozenset[str]:
        """The stems of :attr:`sentence_index` as a set (an intersection with a set is about
        twice as fast as with the dict's keys: the alignment takes one per document and sentence)."""
        return frozenset(self.sentence_index[1])

    @lazy
    def stem_weights(self) -> dict[str, float]:
        """Stem -> its inverse sentence frequency in this document (a stem it lacks weighs the
        most), filled as stems are asked for: the alignment weighs the same stems against the
        same cached document on every retry."""
        return _StemWeights(self.sentence_index)

    def best_sentence(self, stems: list[str]) -> Optional[tuple[int, int]]:
        """Span of the sentence that contains the most of ``stems`` (first on ties)."""
        spans, by_stem = self.sentence_index
        counts: dict[int, int] = {}
        for s in set(stems):
            for i in by_stem.get(s, ()):
                counts[i] = counts.get(i, 0) + 1
        if not counts:
            return None
        best = min(counts, key=lambda i: (-counts[i], i))
        return spans[best]

    @lazy
    def conversation(self) -> Optional[Conversation]:
        """The speaker turns when the document is a chat or a transcript (else None)."""
        return parse_turns(self.text)

    @lazy
    def language(self) -> Optional[str]:
        """The language the document is written in when it is not English ("de", "es"...: by
        its script or its function words, :mod:`raguard.normalize.language`), else None. The
        words are lower-cased, not folded: "für" is a German function word, "fur" an English noun."""
        from raguard.normalize.language import foreign_language, script_language

        return script_language(self.text) or foreign_language(_RAW_WORD_RE.findall(self.text.lower()))

    @lazy
    def lowercased(self) -> bool:
        """True for a document with letters but no capitals (capitals cannot mark names)."""
        return any(c.isalpha() for c in self.text) and not any(c.isupper() for c in self.text)

    @lazy
    def raw_words(self) -> Container[str]:
        """Case-kept words, for acronym lookups ("WHO" must not match "who"): a set for ``in``
        (see :class:`_RawWords`)."""
        return _RawWords(self.text)


#: The characters :data:`raguard.normalize.text.SPACES` maps to a space.
_SPACE_CHARS = tuple(map(chr, SPACES))


def _holds_space(text: str) -> bool:
    """Does ``text`` hold one of :data:`_SPACE_CHARS`? (A translate of a text beyond ASCII looks
    every character up: ~16 µs on a 400-character passage with an en dash, where a search for
    each of them costs under 1.)"""
    for char in _SPACE_CHARS:
        if char in text:
            return True
    return False


class _RawWords(Container[str]):
    """``word in frozenset(_RAW_WORD_RE.findall(text))``, answered by substring search: checkers
    ask about a few words of a document (an acronym, a sentence's first word), and the set of all
    its words cost ~50 µs on a 300-word document. A word is in it when it is one run of letters
    and digits and stands in the text with no letter or digit on either side. Each lookup and
    each occurrence looked at spends one of :data:`_RAW_FIND_BUDGET`; then the set is built, so
    a cached document asked again and again (a retry, a long answer) and a word hidden inside
    many others cost no more than the set did. (Two threads asking at once change only when the
    set is built, not an answer.)"""

    __slots__ = ("_text", "_budget", "_words")

    def __init__(self, text: str) -> None:
        self._text = text
        self._budget = _RAW_FIND_BUDGET
        self._words: Optional[frozenset[str]] = None

    def __contains__(self, word: object) -> bool:
        if self._words is not None:
            return word in self._words
        if not isinstance(word, str) or _RAW_WORD_RE.fullmatch(word) is None:
            return False  # (not one run: no element of the set)
        self._budget -= 1
        if self._budget < 0:
            self._words = frozenset(_RAW_WORD_RE.findall(self._text))
            return word in self._words
        text, size = self._text, len(word)
        at = text.find(word)
        while at >= 0:
            self._budget -= 1
            if self._budget < 0:
                self._words = frozenset(_RAW_WORD_RE.findall(text))
                return word in self._words
            # ([^\W_] is what str.isalnum() accepts: the run ends on both sides)
            if (at == 0 or not text[at - 1].isalnum()) and not text[at + size:at + size + 1].isalnum():
                return True
            at = text.find(word, at + 1)
        return False


#: Lookups and occurrences a document's :class:`_RawWords` answers by search before it builds the set.
_RAW_FIND_BUDGET = 64


class _Makers(Mapping[str, list[CreatorMention]]):
    """A document's creator mentions by relation, as ``creator_mentions`` gives them grouped in
    a dict (relations without a mention left out, in the order of their first mention), each
    relation read when first asked for: a claim looks up its own ("founded by"), and neither the
    cue words of the others (~40 µs on a 300-word document, for all) nor the words around them
    (about 20 µs a cue) are read unless they are asked for too."""

    def __init__(self, text: str) -> None:
        self._text = text
        self._read: dict[str, list[CreatorMention]] = {}

    def __getitem__(self, relation: str) -> list[CreatorMention]:
        found = self._read.get(relation)
        if found is None:
            cues = cue_spans(self._text, relation)
            found = self._read[relation] = creator_mentions(self._text, relation, cues)
        if not found:
            raise KeyError(relation)
        return found

    @lazy
    def _relations(self) -> list[str]:
        """The relations with a mention, in the order of their first mention."""
        stated = dict.fromkeys(cue_relation(self._text[start:end].lower()) for start, end in cue_spans(self._text))
        held = [relation for relation in stated if relation is not None and relation in self]
        return sorted(held, key=lambda relation: self[relation][0].cue)

    def __iter__(self) -> Iterator[str]:
        return iter(self._relations)

    def __len__(self) -> int:
        return len(self._relations)


#: The most sets of wanted roles a document keeps the bindings of (see :meth:`DocumentIndex.role_bindings_of`).
_MAX_WANTED = 16

#: Characters of document text the cache keeps by default. A fully indexed document takes about
#: 76 bytes per character (tokens, phrase tables, values: measured in the first performance round, CHANGELOG.md), so
#: this bounds the cache near 40 MB however large the documents are, while it still holds the
#: documents of several calls at the 128k-character input limit (what a retry needs).
DEFAULT_CACHE_CHARS = 500_000


_Mention = TypeVar("_Mention", NumberMention, DateMention)
_K = TypeVar("_K", str, tuple[str, ...])


def _named_size(named: tuple[NumberMention, str]) -> float:
    return abs(named[0].value)


def _moved(mention: _Mention, positions: list[int]) -> _Mention:
    """A mention found in :func:`join_broken_words`' text, with its offsets in the original."""
    return mention._replace(start=positions[mention.start], end=positions[mention.end - 1] + 1)


def _without_overlaps(mentions: list[NumberMention], spans: list[tuple[int, int]]) -> list[NumberMention]:
    """The mentions that overlap none of ``spans``, in O((m + s) log s)."""
    ordered = sorted(spans)
    starts = [start for start, _ in ordered]
    max_end = list(accumulate((end for _, end in ordered), max))
    kept = []
    for n in mentions:
        i = bisect_left(starts, n.end) - 1  # spans that start before the mention ends
        if i >= 0 and max_end[i] > n.start:
            continue
        kept.append(n)
    return kept


class DocumentCache:
    """Thread-safe LRU of :class:`DocumentIndex` keyed by document text (and of the queries'
    :class:`~raguard.query.QueryIndex`, see :meth:`query`).

    Bounded twice: at most ``maxsize`` documents and ``max_chars`` characters in all, since an
    index costs memory in proportion to its text. A document longer than ``max_chars`` is indexed
    for its call but not kept.
    """

    def __init__(self, maxsize: int = 512, max_chars: int = DEFAULT_CACHE_CHARS, max_sets: int = 16) -> None:
        self.maxsize = maxsize
        self.max_chars = max_chars
        self.chars = 0
        self._items: "OrderedDict[str, DocumentIndex]" = OrderedDict()
        #: lookup maps per set of documents (see set_index), bounded like the documents
        self.max_sets = max_sets
        self.set_chars = 0
        self._sets: "OrderedDict[tuple[str, ...], SetIndex]" = OrderedDict()
        #: the queries' indexes (see query), bounded like the documents
        self.query_chars = 0
        self._queries: "OrderedDict[str, QueryIndex]" = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, text: str) -> DocumentIndex:
        with self._lock:
            index = self._items.get(text)
            if index is not None:
                self._items.move_to_end(text)
                self.hits += 1
                return index
            self.misses += 1
            index = DocumentIndex(text)
            if len(text) <= self.max_chars and self.maxsize >= 1:
                self.chars = _keep(self._items, text, index, len(text), self.chars, self.maxsize, self.max_chars)
            return index

    def holds(self, text: str) -> bool:
        """Is the index of ``text`` kept (a later call finds it without indexing again)?"""
        with self._lock:
            return text in self._items

    def set_index(self, texts: Sequence[str], indexes: Sequence[DocumentIndex]) -> SetIndex:
        """The lookup maps of one set of documents, kept for the next call with the same set
        (a retry). At most ``max_sets`` sets and ``max_chars`` characters of them are kept."""
        key = tuple(texts)
        with self._lock:
            found = self._sets.get(key)
            if found is not None:
                self._sets.move_to_end(key)
                return found
            found = SetIndex(indexes)
            size = sum(len(t) for t in key)
            if self.max_sets >= 1 and self.maxsize >= 1 and size <= self.max_chars:
                self.set_chars = _keep(self._sets, key, found, size, self.set_chars, self.max_sets, self.max_chars)
            return found

    def query(self, text: str) -> QueryIndex:
        """The query's index, kept for the next call with the same query (a retry): at most
        ``maxsize`` queries and ``max_chars`` characters of them."""
        with self._lock:
            found = self._queries.get(text)
            if found is not None:
                self._queries.move_to_end(text)
                return found
            found = QueryIndex(text)
            if len(text) <= self.max_chars and self.maxsize >= 1:
                self.query_chars = _keep(self._queries, text, found, len(text), self.query_chars,
                                         self.maxsize, self.max_chars)
            return found

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.chars = 0
            self._sets.clear()
            self.set_chars = 0
            self._queries.clear()
            self.query_chars = 0

    def __len__(self) -> int:
        return len(self._items)


def _keep(items: "OrderedDict[_K, Any]", key: _K, value: Any, size: int, total: int, max_items: int,
          max_chars: int) -> int:
    """Store ``value`` (of ``size`` characters) as the newest entry of an LRU, dropping the oldest
    beyond ``max_items`` entries or ``max_chars`` characters in all; the new total."""
    items[key] = value
    total += size
    while len(items) > max_items or total > max_chars:
        old, _ = items.popitem(last=False)
        total -= sum(map(len, old)) if isinstance(old, tuple) else len(old)
    return total


#: Sets of at least this many documents get lookup maps (:class:`SetIndex`); below it a claim
#: scans the documents, which is as fast and builds nothing.
MAP_MIN_DOCS = 8


class SetIndex:
    """Lookup maps over the documents of one retrieval: which documents may support a claim.

    Checkers ask for candidate documents (a superset of those that can support the claim, in
    order) and run their usual per-document test on those alone, so the answer and its evidence
    are exactly those of a scan of every document; a claim no longer loops over 100 documents.
    Built lazily, one map at a time, and cached with the set (see :meth:`DocumentCache.set_index`).
    """

    def __init__(self, indexes: Sequence[DocumentIndex]) -> None:
        self.indexes = list(indexes)

    def _docs_by(self, keys_of: Callable[[DocumentIndex], Iterable[Hashable]]) -> dict[Any, list[int]]:
        """Each key -> indexes of the documents whose ``keys_of`` holds it, ascending."""
        out: dict[Any, list[int]] = {}
        for i, index in enumerate(self.indexes):
            for key in keys_of(index):
                out.setdefault(key, []).append(i)
        return out

    @lazy
    def word_docs(self) -> dict[str, list[int]]:
        """Folded word -> indexes of the documents that contain it, ascending."""
        return self._docs_by(lambda index: index.tokens.vocab)

    @lazy
    def stem_docs(self) -> dict[str, list[int]]:
        """Content-word stem -> indexes of the documents that contain it, ascending."""
        return self._docs_by(lambda index: index.stems)

    def docs_with_stems(self, stems: Iterable[str], at_least: int) -> list[int]:
        """Documents that contain at least ``at_least`` of ``stems`` (1: any of them), ascending."""
        stem_docs = self.stem_docs  # (Counter counts an iterable in C: a common stem is 100 documents)
        counts = Counter(chain.from_iterable(stem_docs.get(s, ()) for s in stems))
        return sorted(i for i, n in counts.items() if n >= at_least)

    @lazy
    def date_year_docs(self) -> dict[Optional[int], list[int]]:
        """Year of a document date (None for dates without one) -> documents, ascending."""
        return self._docs_by(lambda index: {d.value.year for d in index.dates})

    @lazy
    def number_value_docs(self) -> dict[float, list[int]]:
        """Exact value of a document number -> documents, ascending."""
        return self._docs_by(lambda index: {n.value for n in index.numbers})

    @lazy
    def _magnitudes(self) -> tuple[list[float], list[int]]:
        pairs = {(abs(n.value), i) for i, index in enumerate(self.indexes) for n in index.numbers}
        # (a glued "10.8m" is 10.8 million and, for an answer's bare 10.8, its digits)
        pairs.update((abs(bare.value), i) for i, index in enumerate(self.indexes) for n in index.numbers
                     if n.text.endswith("m") and (bare := glued_digits(n)) is not None)
        ordered = sorted(pairs)
        return [m for m, _ in ordered], [i for _, i in ordered]

    @lazy
    def number_ladder(self) -> NumberLadder:
        """Every document value, sorted: the nearest value to an unsupported claim without a scan."""
        return NumberLadder([n for index in self.indexes for n in index.numbers])

    def docs_with_magnitude(self, low: float, high: float) -> set[int]:
        """Documents holding a number whose absolute value lies in [low, high], and those holding
        an infinite one (an overflowing digit run: "about" any value matches it)."""
        magnitudes, docs = self._magnitudes
        found = set(docs[bisect_left(magnitudes, low):bisect_right(magnitudes, high)])
        found.update(docs[bisect_left(magnitudes, math.inf):])
        return found

    def docs_with_words(self, words: Sequence[str]) -> set[int]:
        """Documents that contain every one of ``words``."""
        found: Optional[set[int]] = None
        for word in words:
            docs = self.word_docs.get(word)
            if not docs:
                return set()
            found = set(docs) if found is None else found.intersection(docs)
            if not found:
                return found
        return found if found is not None else set(range(len(self.indexes)))


class DocumentSet:
    """The retrieved documents of one call; each document is checked on its own."""

    def __init__(self, texts: Sequence[str], cache: Optional[DocumentCache] = None) -> None:
        self.texts = list(texts)
        self.indexes = [cache.get(t) if cache is not None else DocumentIndex(t) for t in self.texts]
        self._cache = cache
        self._set_index: Optional[SetIndex] = None

    def __len__(self) -> int:
        return len(self.indexes)

    def __iter__(self):
        return iter(enumerate(self.indexes))

    @property
    def maps(self) -> Optional[SetIndex]:
        """Lookup maps for a set of :data:`MAP_MIN_DOCS` documents or more, else None (scan)."""
        if len(self.indexes) < MAP_MIN_DOCS:
            return None
        if self._set_index is None:
            if self._cache is not None:
                self._set_index = self._cache.set_index(self.texts, self.indexes)
            else:
                self._set_index = SetIndex(self.indexes)
        return self._set_index

    def among(self, candidates: Optional[Iterable[int]]):
        """``(doc_index, index)`` of the candidate documents in order; of all when None."""
        if candidates is None:
            return iter(enumerate(self.indexes))
        indexes = self.indexes
        return ((i, indexes[i]) for i in sorted(candidates))
