"""Entities checker: every name the answer uses (spaCy NER on the response) must be in one document.

Matching ignores case, diacritics, a possessive 's, a leading "the", hyphen/space variants and
dotted abbreviations, and "&" for "and" ("Food & Drug" is "Food and Drug"). A person may be named
by surname or given name, or in full when the document names them in parts. Acronyms match their
expansion and back; demonyms their country. A country named before a noun ("UK officials") says
what its demonym says and is supported by it ("British officials"); a country as a place ("in the
UK") needs the country, or a demonym that locates ("in Latvian waters").

Names checked: spaCy's PERSON, ORG, GPE, LOC, FAC, NORP, PRODUCT, EVENT, WORK_OF_ART, LAW and
LANGUAGE entities, names that contain a number ("Apollo 11", checked whole), and runs of
capitalized words NER missed (option ``proper_noun_runs``). A degree after a place is two claims
("a Cambridge PhD"), and so is a run that NER reads as names side by side, one of them a place or a
nationality ("the Oslo Chilean consulate": Oslo, and Chilean). An entity without any capital letter is ignored as noise.
Common nouns NER takes in after a name are dropped where a document uses them ("the Hohfluh
valley station"), and a name counted by a number may be a plural even when NER calls it a person
("30 Texel Crosses").

Forms, registers, catalogues and signs write names their own way: a country by its ISO or
Olympic code in a list of codes, after a country's label, alone in brackets ("a Dutch tourist" /
"tourist (NL)"), or in a text that names countries by code ("entry to IE, FI, MT", "Rotich KEN
2:03:41"), an airport by its code ("LHR T5"), a place
by its airport's IATA or ICAO code ("LSZH-EGPH" for Zurich and Edinburgh), a country by its name
in the document's language ("Marruecos"), the language a document is written in ("German" of a
letter in German), a currency's code by its country's sign ("zł" for PLN), a name with umlauts
spelled with two letters ("MUELLER" for Müller), a company and its town apart ("Quillby Foods
Ltd, ... Tadcaster" for "Quillby Foods Ltd of Tadcaster"), initials with their
function words in capitals ("BOS" for "Best of Show"), a qualifier's initial folded into an
acronym ("JPOY" for "the junior POY"), a word in capitals with an OCR's misread letter
("HOLLYBlRCH"), a numeronym ("l10n"), a class word cut short before its code ("Cat B") or between two of the
name's words ("Fetal Med Unit"). An amount
NER takes into a name ("pay Orvane GBP 1,250,000") is the numbers checker's, and a yes or no of
another language opening the answer ("Ja, ...") is no name.
"""

from __future__ import annotations

import os
import re
from bisect import bisect_left
from itertools import chain
from typing import Iterator, Optional

from pydantic import Field

from raguard.normalize.bindings import HONORIFICS
from raguard.normalize.dates import MONTHS, WEEKDAYS
from raguard.normalize.numbers import extract_numbers, spoken_code
from raguard.normalize.names import at_sentence_start, is_unit_after_number, opens_with_common_word, proper_noun_runs
from raguard.normalize.spans import DisjointSpans, SpanIndex
from raguard.checkers.base import CheckContext, Finding, quote_for_message
from raguard.checkers.settings import CheckerConfig
from raguard.documents import DocumentIndex, SetIndex
from raguard.models import MISSING_ENTITY
from raguard.normalize.entities import (
    CURRENCY_SIGNS,
    LEGAL_FORMS,
    VAT_NAMES,
    acronym_letters,
    airport_codes,
    airport_of_code,
    airport_spellings,
    ampersand_variant,
    capitals_misread,
    coded_country_rows,
    country_codes,
    country_demonyms,
    currency_sign_in,
    demonym_countries,
    expansion_pattern,
    find_expansion,
    foreign_country_names,
    initials,
    language_pair_span,
    listed_country_codes,
    located_demonym,
    looks_like_acronym,
    transliterations,
)
from raguard.normalize.language import LANGUAGE_NAMES
from raguard.normalize.roles import ROLE_ACRONYMS
from raguard.normalize.shorthand import name_spellings
from raguard.normalize.stems import FILLER_WORDS
from raguard.normalize.turns import handles, spells_name
from raguard.normalize.zones import document_offsets, zone_offsets
from raguard.normalize.text import LEADING_ARTICLES, TokenText, clause_span, fold_word, phrase_tokens

ENTITY_LABELS = frozenset(
    {"PERSON", "ORG", "GPE", "LOC", "FAC", "NORP", "PRODUCT", "EVENT", "WORK_OF_ART", "LAW", "LANGUAGE"}
)
# capitalized words that often stand before a surname without being a given name
_NOT_GIVEN_NAMES = frozenset({"the", "a", "an", "and", "of", "by", "with", "to", "for", "said", "says",
                              "when", "while", "but", "as", "in", "on", "at", "from", "after", "before"})
_TITLES = frozenset({"mr", "mrs", "ms", "miss", "dr", "doctor", "prof", "professor", "sir", "dame", "lord",
                     "lady", "st", "jr", "sr", "president", "king", "queen", "prince", "princess", "saint"})


class EntitiesConfig(CheckerConfig):
    """Options of the entities checker."""

    #: also check capitalized runs that NER missed or cut short
    proper_noun_runs: bool = Field(default=True, description="a bool")


class EntitiesChecker:
    name = "entities"
    warning_type = MISSING_ENTITY
    default_severity = "high"
    provides = ("entity",)

    Config = EntitiesConfig

    def __init__(self, labels: Optional[frozenset[str]] = None, *, config: Optional[EntitiesConfig] = None) -> None:
        self.labels = labels or ENTITY_LABELS
        self.config = config or EntitiesConfig()

    def check(self, ctx: CheckContext) -> Iterator[Finding]:
        # names with a number come first: NER often keeps only "Apollo" of "Apollo 12"
        # span lookups are indexed (a scan per name was quadratic in the claims); the names
        # checked so far never overlap one another, so they stay a sorted disjoint set
        seen = DisjointSpans(ctx.named_number_spans)
        for start, end in ctx.named_number_spans:
            finding = self._check_one(ctx, start, end, "NAME_NUMBER")
            if not finding.supported and _glued_letters_value(ctx, ctx.response[start:end]):
                # "Ksh 200" where the documents write "Ksh2,500.00" and "penalty of 200": a
                # currency's letters and a value, found where a document gives the value
                finding = self._value_with_letters(ctx, start, end)
            yield finding
        # values with a unit ("USD 42.5 million") belong to the numbers checker
        value_spans = sorted((n.start, n.end) for n in ctx.numbers if n.unit)
        values = SpanIndex(value_spans)
        response = ctx.response
        dated = SpanIndex(sorted((d.start, d.end) for d in ctx.dates if d.form not in ("year", "weekday")))
        checked: list[tuple[int, int, str]] = []  # the NER names checked
        for start, end, label in ctx.entity_spans:
            if label not in self.labels:
                continue
            text = response[start:end]
            if not any(ch.isupper() for ch in text):
                continue  # NER on lower-case words is mostly noise
            if text[:1].isdigit() or is_unit_after_number(response, start, text):
                continue  # "0.3C", "14.7 MW": values with units belong to the numbers checker
            if _opening_particle(response, start, end):
                continue  # "Ja, teilweise: ...": a yes or a no in another language opening a sentence
            if (lead := _PARTICLE_LEAD_RE.match(text)) is not None:
                # "No - Lumen & Lace doesn't ...": NER took in a reply before the name (its
                # mark after it: "No Limits Ltd" is a name); the name is what comes after it
                start += lead.end()
                text = response[start:end]
            if (m := _WORD_NUMBER_RE.fullmatch(text)) is not None and \
                    opens_with_common_word(response, start, m.group(1).lower()):
                continue  # "Resolution 12 failed" beside "resolution 2": a numbered item, the number's to check
            if seen.holds(start, end) or values.holds(start, end):
                continue
            if values.overlaps(start, end):
                # "pay Vantor EUR 3,480,000": NER took in the amount after the name; the amount is
                # the numbers checker's, the name is what comes before it
                end = _before_value(response, start, end, value_spans)
            if label == "PERSON" and (tail := _LOWER_TAIL_RE.search(text)) is not None \
                    and tail.group(1) not in _NAME_PARTICLES:
                # "Nurse Amara Eze rang": NER took in the verb after the name; the name is what
                # comes before it (a particle ends no name: "Tomás de" is cut earlier)
                end = start + tail.start()
                text = response[start:end]
            if response[end - 1] == "-" and " " in text:
                # "Windows end-to-" of "Windows end-to-end check": NER cut a hyphened word; the
                # name is what stands before that word
                end = start + len(text.rstrip("-").rsplit(" ", 1)[0].rstrip())
            if text[:1].islower() and (lead := _LOWER_LEAD_RE.match(text)) is not None \
                    and lead.group(1) not in _NAME_PARTICLES \
                    and (lead.group(1) not in LEADING_ARTICLES or _words_after_article(lead.group(0))) \
                    and start + lead.end() < end:
                # "all Euro VI": a quantifier NER took in opens no name (an article is read
                # with the name: "the University of Lagos" beside a person "of" it; not with
                # lower-case words after it, "the council a PS4" of "sends the council a PS4")
                start += lead.end()
                text = response[start:end]
            if " " in text and (cut := dated.first_start_in(start + 1, end)) is not None:
                # "paid by BACS Fri 17 Oct" read as one name: the date is the dates checker's,
                # the name is what comes before it (none when that is a weekday or a month)
                named = response[start:cut].rstrip(" \t,(-–")
                if not any(ch.isupper() for ch in named) or named.lower().rstrip(".") in _CALENDAR_WORDS:
                    continue
                end = start + len(named)
            if seen.overlaps(start, end):
                continue
            seen.add(start, end)
            checked.append((start, end, label))
            yield self._check_one(ctx, start, end, label)
        if self.config.proper_noun_runs:
            # capitalized runs NER missed or cut short ("Jimmy Cricket's Big Laugh Show")
            dates_and_values = SpanIndex([(d.start, d.end) for d in ctx.dates] + value_spans)
            for start, end in proper_noun_runs(response):
                if seen.holds(start, end):  # (a span held is held whole)
                    continue
                if dates_and_values.overlaps(start, end):
                    continue
                if _stacked_names(response, start, end, checked):
                    continue
                # "Rachel Imbert of Castlegate Securities" with only the person found by NER:
                # the person was checked, the place she works is checked on its own
                start = _affiliation_start(response, start, end, checked)
                yield self._check_one(ctx, start, end, "PROPER")

    def _value_with_letters(self, ctx: CheckContext, start: int, end: int) -> Finding:
        """The finding of a currency's letters and a value ("Ksh 200"): supported where a
        document gives that value (the letters are found glued to its amounts)."""
        text = ctx.response[start:end]
        finding = Finding(kind="entity", warning_type=self.warning_type, start=start, end=end, text=text,
                          supported=False, value=text, checker=self.name,
                          suggestion=f'"{quote_for_message(text)}" not found in retrieved documents.')
        values = [n.value for n in extract_numbers(text)]
        for doc_index, index in ctx.documents:
            found = next((n for n in index.numbers if values and n.value == values[-1]), None)
            if found is not None:
                finding.supported, finding.source, finding.suggestion = True, "document", None
                finding.evidence = (doc_index, found.start, found.end)
                break
        return finding

    def _check_one(self, ctx: CheckContext, start: int, end: int, label: str) -> Finding:
        text = ctx.response[start:end]
        words = _name_words(ctx.words_in(start, end))
        finding = Finding(
            kind="entity",
            warning_type=self.warning_type,
            start=start,
            end=end,
            text=text,
            supported=False,
            value=" ".join(words),
            checker=self.name,
        )
        parts = _parts(text)
        named = text
        if len(parts) == 1 and label != "NAME_NUMBER" and (trimmed := _trim_values(parts[0])) != parts[0]:
            parts = [named := trimmed]  # "Haven 13–4": the map; its score is the numbers checker's
        if len(parts) <= 1 and (label in _MERGED_LABELS or label == "PROPER"):
            parts = _merged_names(named)
        whole = len(parts) <= 1 and (not parts or parts[0] == text)
        if whole:
            parts = [text]
        located = []
        for part in parts:
            offset = start + max(0, text.find(part))
            hit = _locate(ctx, offset, part, label, words if whole else None)
            if hit is None and not whole and ("'s " in text or "’s " in text):
                # "King's Cross" for the documents' "Kings Cross": one name, its apostrophe dropped
                joined = text.replace("'s ", "s ").replace("’s ", "s ")
                hit = _locate(ctx, start, joined, label, phrase_tokens(joined, drop_article=True, drop_possessive=True))
                if hit is not None:
                    located = [hit]
                    break
            placed = _MEMBER_OF_RE if label == "PERSON" else _PLACED_IN_RE
            if hit is None and placed.search(part):
                # "Hotel Alpenrose in Innsbruck" for "Hotel Alpenrose, Innsbruck": a name and where
                # it is (or who is with it: "the Main Hall with Ana Reis"; a person's party: "Ines
                # Varga of the Greens"), each found on its own
                places = [_locate(ctx, offset + max(0, part.find(p)), p, label) for p in placed.split(part)]
                if len(places) > 1 and all(p is not None for p in places):
                    located.extend(places)
                    continue
            if hit is None and label == "PROPER" and " of " in part:
                # "Elif Yıldız of Ege Forwarding" for a signature's "Elif Yıldız | Ege Forwarding":
                # a person and the firm she writes for, a run no NER name holds; the two found
                # close together on one line ("Bank of York" is no bank beside "York" elsewhere)
                hit = _close_on_a_line(ctx, part.split(" of ", 1))
            if hit is None and (day := _FIXED_HOLIDAYS.get(_holiday_key(part)) or _FIXED_HOLIDAYS.get(_holiday_key(text))):
                hit = _date_of(ctx, *day)  # "Christmas Eve" for the documents' "24 Dec"
            if hit is None and label in ("PERSON", "PROPER") and part.isalpha() and part[:1].isupper():
                hit = _handle_of(ctx, part)  # "Tobias" for the chat log's "<tobiasm>"
            if hit is None:
                hit = _letter_coded(ctx, part)  # "Zone 4" for a log's "Z4", "B12" for "Bay 12"
            if hit is None:
                hit = _listed_under_label(ctx, part)  # "Room 102" for "Rooms: 101, 102 and 104"
            if hit is None and (zone := zone_offsets(part)) is not None:
                hit = _offset_given(ctx, zone)  # "23:47 (CEST)" for the documents' "23:47:12 +0200"
            if hit is None:
                hit = _mixed_acronym(ctx, offset, offset + len(part))  # "Anywhere on Earth" for "AoE"
            if hit is None and len(words) >= 2 and (whole or (len(parts) == 1 and _without_article(text) == part)):
                # "Station Officer R" for "Stn Off. R. Mbeki"; "Category C" for "Cat C"
                hit = _abbreviated(ctx, words, truncated=label != "PERSON" and _has_code(words),
                                   anchored=label != "PERSON")
            if hit is None and whole and " " in text:
                # "Harbrook OH" for "Harbrook Occupational Health": a part of a name by its initials
                hit = _initialed(ctx, text.split())
            if hit is None and whole and label in _PERSON_LIKE:
                # "Lola Chukwu" for a report's "Operator: L. Chukwu" signed "— lola", "Leila
                # Haddad" for a review's "Leila H." and a log's "Mrs Haddad" (whatever NER's label)
                hit = _initial_and_name(ctx, words)
            if hit is None and ", " in part and _LIST_END_RE.search(part):
                # "Plant, Harvest, Trade and Rest" for the documents' "Plant, Harvest, Trade or
                # Rest": a list NER read as one name names each of its items, found on its own
                items = [p for p in _LIST_SPLIT_RE.split(part) if p.strip()]
                found = [_locate(ctx, offset + max(0, part.find(p)), p, label) for p in items]
                if len(found) > 2 and all(f is not None for f in found):
                    located.extend(found)
                    continue
            if hit is None and whole and _read_over_a_stop(part):
                # "Acton B. Gresford Legion" of "awarded to Acton B. Gresford Legion A won't ...":
                # NER read over a sentence's end (a capital and a full stop read as an initial);
                # each sentence's name is found on its own
                items = [p for p in _SENTENCE_JOIN_RE.split(part) if p.strip()]
                found = [_locate(ctx, offset + max(0, part.find(p)), p, label) for p in items]
                if len(found) > 1 and all(f is not None for f in found):
                    located.extend(found)
                    continue
            if hit is None and "/" in part:
                # "MSH2/MSH6" for the documents' "MSH2 – retained; MSH6 – retained": names a
                # slash pairs, each found on its own
                items = [p.strip() for p in part.split("/")]
                if len(items) > 1 and all(any(c.isalpha() for c in p) for p in items):
                    found = [_locate(ctx, offset + max(0, part.find(p)), p, label) for p in items]
                    if all(f is not None for f in found):
                        located.extend(found)
                        continue
            if hit is None and (lead := _ACRONYM_LEAD_RE.match(part)) is not None:
                # "TA Rafael Quintero" for "Teaching assistant: Rafael Quintero": a role by its
                # initials, spelled out right before the name in a document
                rest = part[lead.end():]
                hit = _locate(ctx, offset + lead.end(), rest, label)
                if hit is not None and not _spelled_before(ctx, lead.group(1), rest.split()[0]):
                    hit = None
            if hit is None:
                finding.suggestion = f'"{quote_for_message(part)}" not found in retrieved documents.'
                if zone_offsets(part) is not None and (given := _offsets_written(ctx)):
                    finding.suggestion += f" Their times are at {given}."
                return finding
            located.append(hit)
        finding.supported = True
        first = located[0]
        if first == "query":
            finding.source = "query"
        else:
            finding.source = "document"
            finding.evidence = first
        return finding


# a full stop (or a mark) and a capital inside a name: where one sentence ends and the next opens
_SENTENCE_JOIN_RE = re.compile(r"(?<=\w)[.!?][ \t]+(?=[A-Z])")


#: How far apart on one line a person and her firm may stand (a signature's "Name, Role, Firm").
_AFFILIATION_GAP = 60


def _close_on_a_line(ctx: CheckContext, pieces: list[str]) -> Optional[tuple[int, int, int]]:
    """(doc, start, end) where a document writes the two ``pieces`` in that order on one line, at
    most :data:`_AFFILIATION_GAP` characters apart; None if none does."""
    first, second = (p.strip().casefold() for p in pieces)
    if len(first) < 3 or len(second) < 3:
        return None
    for doc_index, index in ctx.documents:
        text = index.text.casefold()
        if len(text) != len(index.text):
            continue  # (a fold that changes lengths, "ß": its offsets would not be the text's)
        at = text.find(first)
        while at >= 0:
            end = at + len(first)
            after = text.find(second, end, end + _AFFILIATION_GAP + len(second))
            if after >= 0 and "\n" not in text[end:after]:
                return doc_index, at, after + len(second)
            at = text.find(first, at + 1)
    return None


def _read_over_a_stop(name: str) -> bool:
    """Did NER read ``name`` over a sentence's end: a stop after a single capital, taken for an
    initial ("Acton B. Gresford Legion"), with a name of two words or more after it? One word
    after it is a surname ("Operator K. Zając", "John F. Kennedy"): one name."""
    for m in _SENTENCE_JOIN_RE.finditer(name):
        before = name[:m.start()].split()
        if not before or len(before[-1]) != 1 or len(name[m.end():].split()) < 2:
            return False
    return _SENTENCE_JOIN_RE.search(name) is not None


# a word and a number, as NER may read a numbered item ("Resolution 12")
_WORD_NUMBER_RE = re.compile(r"([A-Z][a-z]+)[ \t]+\d{1,4}[A-Za-z]?")
# yes and no in the languages documents often come in, which NER reads as names when an answer
# opens with one ("Ja, teilweise", "Oui, ...", "Nein.")
_YES_NO = frozenset({"ja", "nein", "jawohl", "oui", "non", "si", "sí", "nee", "nej", "nei", "tak", "nie",
                     "sim", "não", "da", "niet", "kyllä", "ei", "igen", "nem", "ano", "ne", "evet", "hayır"})


# a reply's yes or no and its mark, which NER may take into the name after it ("No - Acme", "Yes, Dr Ito")
_PARTICLE_LEAD_RE = re.compile(r"(?:yes|no|yep|nope|yeah)[ \t]*(?:[,:;–—]|[ \t]-)[ \t]*(?=[^\W\d_])", re.IGNORECASE)


def _opening_particle(text: str, start: int, end: int) -> bool:
    """Is ``text[start:end]`` a yes or a no of another language (:data:`_YES_NO`) opening a
    sentence, a comma, full stop, colon, dash or "!" after it?"""
    return (text[start:end].casefold() in _YES_NO and text[end:end + 1] in (",", ".", "!", ":", " ", "")
            and (text[end:end + 1] != " " or text[end + 1:end + 2] in ("-", "–", "—"))
            and at_sentence_start(text, start))


# places and nationalities: the names that stack before a noun as modifiers
_MODIFIER_LABELS = frozenset({"GPE", "LOC", "NORP"})
# the words between a person's name and where she works or comes from
_AFFILIATION_WORDS = frozenset({"of", "from", "at", "with"})
# (a role acronym between or before names, "Fjordvik CEO Lars Otterstad", names no one: the roles
# checker reads whose role it is)


def _affiliation_gap(gap: str) -> bool:
    """Is ``gap`` what stands between a person and where she belongs: "of", "from", "at" or
    "with", perhaps with "the" ("Declan Ruane of the SDP")?"""
    word, _, rest = gap.partition(" ")
    return word in _AFFILIATION_WORDS and rest.strip(" \t") in ("", "the")


#: Weekdays and months (full and short): a name cut before a date is none when it is one of them.
_CALENDAR_WORDS = frozenset(WEEKDAYS) | frozenset(MONTHS)

# a lower-case word closing a NER person after a capitalized one ("Samuel Obi rang")
_LOWER_TAIL_RE = re.compile(r"(?<=[A-Za-z.])[ \t]+([a-z]+)$")
# lower-case words opening a NER span before a capitalized word ("all Euro VI", "both Anna Berg")
# ((?<![a-z]): a run of letters is tried from its first only)
_LOWER_LEAD_RE = re.compile(r"(?<![a-z])([a-z]+)[ \t]+(?:[a-z]+[ \t]+){0,2}(?=[A-Z0-9])")


def _words_after_article(lead: str) -> bool:
    """Does the lower-case ``lead`` of a name (an article first) hold a word after its article
    that is no particle of a name ("the council a", not "the von")?"""
    return any(w not in _NAME_PARTICLES for w in lead.split()[1:])


def _before_value(text: str, start: int, end: int, values: list[tuple[int, int]]) -> int:
    """Where the name ``text[start:end]`` ends when a value with a unit starts inside it and runs
    to its end or past it ("Vantor EUR 3,480,000" -> "Vantor"); ``end`` when none does, or when
    no capitalized word stands before the value."""
    # (values: sorted and disjoint, so those starting inside the name are found by bisection)
    k = bisect_left(values, (start + 1, -1))
    cut = None
    while k < len(values) and values[k][0] < end:
        if values[k][1] >= end:
            cut = values[k][0]
            break
        k += 1
    if cut is None:
        return end
    name = text[start:cut].rstrip(" \t,;:–—-")
    return start + len(name) if any(ch.isupper() for ch in name) else end


def _stacked_names(text: str, start: int, end: int, checked: list[tuple[int, int, str]]) -> bool:
    """Is the capitalized run ``text[start:end]`` two or more names NER read apart, side by side,
    one of them a place or a nationality ("the Oslo Chilean consulate": Oslo, and Chilean), or
    a person "of", "from", "at" or "with" another name ("Hana Sato of Kelvin University"), or
    names on either side of a role ("Fjordvik CEO Lars Otterstad")? Each was
    checked on its own; the run names nothing more. A run NER cut short (a word of it in no
    entity) is still checked whole, and so is a run of names of other kinds (two people's names
    side by side may be one person's). ``checked``: the NER names checked, in order (disjoint)."""
    k = bisect_left(checked, (start, -1, ""))
    pos, pieces, modifier, previous = start, 0, False, ""
    while k < len(checked) and checked[k][0] < end:
        s, e, label = checked[k]
        gap = text[pos:s].strip(" \t")
        if e > end or (gap and not (previous == "PERSON" and _affiliation_gap(gap))
                       and not (pieces and gap in ROLE_ACRONYMS)):
            return False  # past the run, or a word no entity holds
        pieces += 1
        # a place beside a name, or a person "of" / "at" where she works ("Hana Sato of Kelvin University")
        modifier = modifier or label in _MODIFIER_LABELS or bool(gap)
        pos, previous = e, label
        k += 1
    return pieces >= 2 and modifier and not text[pos:end].strip(" \t")


def _affiliation_start(text: str, start: int, end: int, checked: list[tuple[int, int, str]]) -> int:
    """Where the name after "of"/"from"/"at"/"with" starts in the run ``text[start:end]`` when
    the run opens with a person NER found ("Rachel Imbert of Castlegate Securities"); else
    ``start``."""
    k = bisect_left(checked, (start, -1, ""))
    if k == len(checked) or checked[k][0] != start or checked[k][2] != "PERSON" or checked[k][1] >= end:
        return start
    word, _, rest = text[checked[k][1]:end].strip(" \t").partition(" ")
    rest = rest.lstrip(" \t")
    if rest.startswith("the "):  # ("Rachel Imbert of the Harbour Trust")
        rest = rest[4:].lstrip(" \t")
    if word in _AFFILIATION_WORDS and rest[:1].isupper():
        return end - len(rest)
    return start


def _name_words(words: list[str]) -> list[str]:
    """Folded name words without a leading article or a trailing possessive 's."""
    if len(words) > 1 and words[0] in LEADING_ARTICLES:
        words = words[1:]
    if len(words) > 1 and words[-1] == "s":
        words = words[:-1]
    return words


def _without_lower_tail(text: str) -> Optional[str]:
    """The name without the lower-case words a tagger took into it after its last capitalized one
    ("Hohfluh valley": a common noun of the sentence, no part of the name); None when it ends in
    none, or is made of nothing else."""
    words = text.split(" ")
    k = len(words)
    while k > 0 and words[k - 1].isalpha() and words[k - 1].islower():
        k -= 1
    return " ".join(words[:k]) if 0 < k < len(words) else None


def _tail_is_common(ctx: CheckContext, tail: str, head: str) -> bool:
    """Are the lower-case words after a name (``tail``) common nouns the documents use, and is the
    name before them (``head``) no word they write in lower case? "Sydney beach" where no document
    says "beach" is one claim, and "National air traffic department" no name "National"."""
    words = tail.split()
    if not any(all(w in index.tokens.vocab for w in words) for _, index in ctx.documents):
        return False
    head_words = head.split()
    return len(head_words) > 1 or not any(head_words[0].lower() in index.raw_words for _, index in ctx.documents)


def _variants(ctx: CheckContext, start: int, text: str, label: str
              ) -> tuple[Optional[str], Optional[tuple[str, str]], Optional[str], Optional[list[str]]]:
    """(head, year cut, joined, joined's words) of a name: the name without a sentence-initial
    common noun, a title, a year (and that year) or the lower-case words after it, and its "&" /
    "and" spelling with its words."""
    head = _sentence_initial_head(ctx.response, start, text, label)
    if head is None and (label in ("PERSON", "PROPER") or text.partition(" ")[0].rstrip(".").lower() in HONORIFICS):
        # "Doctor Reyes" for the documents' "Dr. Tom Reyes" (a name an honorific opens is a
        # person's, whatever the tagger calls it: "Ms Brandstätter" may come back an ORG)
        head = _after_title(text)
    year_cut = _without_year(text) if head is None else None
    if year_cut is not None:
        head = year_cut[0]  # "the 2026 Valencia Marathon" for "VALENCIA MARATHON 2026"
    if head is None and (cut := _without_lower_tail(text)) is not None and _tail_is_common(ctx, text[len(cut):], cut):
        head = cut  # "the Hohfluh valley station": the name is "Hohfluh"
    # "Food & Drug" and "Food and Drug" are one name (tokens drop the "&")
    joined = ampersand_variant(text)
    joined_words = None if joined is None else phrase_tokens(joined, drop_article=True, drop_possessive=True)
    return head, year_cut, joined, joined_words


#: A language's folded English name -> its code (:data:`raguard.normalize.language.LANGUAGE_NAMES`).
_LANGUAGE_OF_NAME = {name: code for code, names in LANGUAGE_NAMES.items() for name in names}


def _first_line_end(text: str) -> int:
    """Where the first line of ``text`` with a letter ends (the end of ``text`` when it is one line)."""
    at = 0
    while True:
        end = text.find("\n", at)
        if end < 0:
            return len(text)
        if any(ch.isalpha() for ch in text[at:end]):
            return end
        at = end + 1


# a count right before a name ("73 Meadow Browns", "2,400 Herdwicks")
_COUNT_BEFORE_RE = re.compile(r"(?<![\w.,])\d[\d,]*[ \t]+\Z")


def _locate(ctx: CheckContext, start: int, text: str, label: str, words: Optional[list[str]] = None):
    """(doc_index, start, end) of support for one name, "query" if only the query has it, or None.
    ``words``: the name's words, when the caller has them."""
    if words is None:
        words = _name_words(ctx.words_in(start, start + len(text)))
    if not words:
        return "query"
    if label == "PERSON" and _COUNT_BEFORE_RE.search(ctx.response, max(0, start - 16), start):
        label = "PROPER"  # "73 Meadow Browns": what is counted is no person (and may be a plural)
    # the name as written, then its variants (see _variants); those are found only where the name
    # is not (most names are found as written), so without lookup maps they are read only then
    head: Optional[str] = None
    year_cut: Optional[tuple[str, str]] = None
    joined: Optional[str] = None
    joined_words: Optional[list[str]] = None
    head_words = None
    candidates: Optional[set[int]] = None
    maps = ctx.documents.maps
    read = False
    if maps is not None:
        read = True
        head, year_cut, joined, joined_words = _variants(ctx, start, text, label)
        variants = [(text, words)]
        if joined is not None and joined_words:
            variants.append((joined, joined_words))
        if head is not None:
            head_words = phrase_tokens(head, drop_article=True, drop_possessive=True)
            variants.append((head, head_words))
        union: set[int] = set()
        for variant_text, variant_words in variants:
            found = entity_candidates(maps, variant_text, variant_words, label)
            if found is None:
                break  # None: any document may hold it (an acronym, see entity_candidates)
            union |= found
        else:
            candidates = union
    modifier: Optional[bool] = None
    row: frozenset[str] = frozenset()
    for doc_index, index in ctx.documents.among(candidates):
        # (find_entity's first try, the name as written, needs neither the modifier nor the row:
        # most names are found so, and those two are read only for a name that is not)
        span = index.tokens.find_span(words)
        if span is None:
            if modifier is None:
                modifier = label in ("GPE", "LOC", "PROPER") and _country_as_modifier(ctx.response, start, start + len(text))
                row = _row_names(ctx, start, start + len(text)) if country_codes(" ".join(words)) else frozenset()
            span = find_entity(index, text, words, label, modifier=modifier, row=row)
        if span is None and not read:
            head, year_cut, joined, joined_words = _variants(ctx, start, text, label)
            read = True
        if span is None and joined is not None and joined_words:
            span = find_entity(index, joined, joined_words, label)
        if span is None and head is not None:
            if head_words is None:
                head_words = phrase_tokens(head, drop_article=True, drop_possessive=True)
            span = find_entity(index, head, head_words, label, modifier=bool(modifier))  # (read above: not found as written)
            if span is not None and year_cut is not None and not _year_beside(index.text, span, year_cut[1]):
                span = None  # the edition must be the document's, beside the name
        if span is not None:
            return (doc_index, span[0], span[1])
    foreign = foreign_country_names(" ".join(words))
    language = _LANGUAGE_OF_NAME.get(words[0]) if len(words) == 1 else None
    airport = _airport_forms(text, words)
    codes = [w.upper() for w in words if w.upper() in CURRENCY_SIGNS and w.upper() in text]
    spelled_apart = [(variant, variant_words) for source in dict.fromkeys(filter(None, (text, head)))
                     for variant in transliterations(source)
                     if (variant_words := _name_words(phrase_tokens(variant, drop_article=True, drop_possessive=True)))]
    for doc_index, index in ctx.documents:  # (reached only when the name is not found)
        # "Spain" for a Spanish bill's "España", "Moroccan" for "Marruecos": a country named in
        # the document's language
        for name in foreign:
            if name[0] in index.tokens.vocab and (span := index.tokens.find_span(list(name))) is not None:
                return (doc_index, span[0], span[1])
        if language is not None and index.language == language:
            # "a German court order" of a document written in German: the document gives its
            # language by being written in it (its first line as the evidence)
            return (doc_index, 0, _first_line_end(index.text))
        if airport is not None and (span := _airport_in(index, *airport)) is not None:
            return (doc_index, span[0], span[1])
        # "PLN 1,250" for an invoice's "1 250,00 zł": a currency by its country's sign (the amount
        # is the numbers checker's)
        for code in codes:
            if (span := currency_sign_in(code, index.text)) is not None:
                return (doc_index, span[0], span[1])
        # "Jürgen Müller" for a passenger list's "MUELLER/JUERGEN", and the other way round
        for variant, variant_words in spelled_apart:
            if (span := find_entity(index, variant, variant_words, label)) is not None:
                return (doc_index, span[0], span[1])
        # "Briarwood Farm" for an OCR'd sign's "BRlARWOOD FARM": a misread letter of a word in capitals
        # (kept on the document's index: the pattern is tried at every position of the document,
        # and a workload cycling through more documents than capitals_misread's cache keeps read
        # it again for every name not found)
        misread = index.__dict__.get("_capitals_misread")
        if misread is None:
            misread = index.__dict__["_capitals_misread"] = capitals_misread(index.text)
        if misread and any(w in misread for w in words):
            span = index.tokens.find_span([misread.get(w, w) for w in words])
            if span is not None:
                return (doc_index, span[0], span[1])
        if words == ["vat"] and not VAT_NAMES.isdisjoint(index.tokens.vocab):
            # "VAT" for the document's "MwSt", "BTW", "IVA": the tax in the document's language
            span = next(filter(None, (index.tokens.find_span([name]) for name in sorted(VAT_NAMES & index.tokens.vocab))), None)
            if span is not None:
                return (doc_index, span[0], span[1])
        if len(words) == 1 and len(words[0]) >= 6 and words[0].isalpha():
            # "Kubernetes" for "k8s", "internationalization" for "i18n": a numeronym, the first and
            # last letters with the count of those between
            numeronym = f"{words[0][0]}{len(words[0]) - 2}{words[0][-1]}"
            if numeronym in index.tokens.vocab:
                span = index.tokens.find_span([numeronym])
                if span is not None:
                    return (doc_index, span[0], span[1])
    if label in ("PERSON", "PROPER") and len(words) >= 3 and words[1] not in _STOP_WORDS:
        # "Conservative James Whitlow" for "James Whitlow (Conservative)": a word before a full
        # name that the same document gives too describes the person
        for doc_index, index in ctx.documents:  # (reached only when the name is not found)
            span = index.tokens.find_span(words[1:])
            if span is not None and words[0] in index.tokens.vocab:
                return (doc_index, span[0], span[1])
    if looks_like_acronym(text) and (hit := _qualified_acronym(ctx, start, text)) is not None:
        return hit
    if ctx.trust_query and ctx.query and (ctx.query_tokens.find(words) is not None or (
            len(words) == 1 and looks_like_acronym(text) and ctx.query_tokens.find([words[0] + "s"]) is not None)):
        return "query"  # (an acronym also as the query's plural: "CC" for "who got the CCs?")
    return None


def _airport_forms(text: str, words: list[str]) -> Optional[tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]]:
    """(codes in capitals, places as word tokens) that write the airport a name names, or None:
    "Edinburgh" or "Edinburgh Airport" is written "EDI" or "EGPH" on a flight plan, and its code
    "EDI" is written "EGPH" or "Edinburgh"."""
    place = words[:-1] if len(words) > 1 and words[-1] in ("airport", "airfield") else words
    codes = airport_codes(place)
    if codes:
        return codes, ()
    if len(words) == 1 and text.isupper() and text.isalpha() and 3 <= len(text) <= 4:
        codes, places = airport_of_code(text)
        if codes:
            return tuple(code for code in codes if code != text), places
    return None


def _airport_in(index: DocumentIndex, codes: tuple[str, ...], places: tuple[tuple[str, ...], ...]
                ) -> Optional[tuple[int, int]]:
    """Span of one of an airport's ``codes`` that ``index``'s document writes in capitals (a
    lower-case "man" is no Manchester), else of one of its ``places``; None when it has neither."""
    for code in codes:
        if code in index.raw_words and (span := index.tokens.find_span([code.lower()])) is not None:
            return span  # (raw_words keeps case, as for "LHR T5" in find_entity)
    for place in places:
        if place[0] in index.tokens.vocab and (span := index.tokens.find_span(list(place))) is not None:
            return span
    return None


# the word right before an acronym ("the dog CC")
_QUALIFIER_RE = re.compile(r"(?<![\w'’-])([A-Za-z][a-z]+)[ \t]+$")


def _qualified_acronym(ctx: CheckContext, start: int, text: str) -> Optional[tuple[int, int, int]]:
    """(doc index, start, end) of an acronym a document writes with the initial of the word before
    the answer's acronym in front ("DCC" for "the dog CC", "RBCC" for "the reserve BCC"): the
    qualifier folded into the acronym, as catalogues, results sheets and forms write it; or None."""
    from spacy.lang.en.stop_words import STOP_WORDS

    m = _QUALIFIER_RE.search(ctx.response, max(0, start - 24), start)
    if m is None or m.group(1).lower() in STOP_WORDS:
        return None  # ("the CC" is no "TCC")
    qualified = m.group(1)[0].upper() + acronym_letters(text)
    for doc_index, index in ctx.documents:
        if qualified in index.raw_words:
            span = index.tokens.find_span([qualified.lower()])
            if span is not None:
                return doc_index, span[0], span[1]
    return None


# the word after a country named as a modifier ("UK officials"), and the words that make the
# country a place before it ("in the UK, officials ..."; a hyphen, "UK-based", places too)
# (?<![ \t]): a run of spaces is tried from its start only (from inside it each try rescanned
# the rest of the run: quadratic in its length)
_NEXT_WORD_RE = re.compile(r"(?<![ \t])[ \t]+([a-z]+)\b")
_PLACE_BEFORE_RE = re.compile(r"\b(?:in|at|to|from|into|across|throughout|within|inside|outside|near|"
                              r"around|through|toward|towards)[ \t]+(?:the[ \t]+)?$",
                              re.IGNORECASE)


def _country_as_modifier(text: str, start: int, end: int) -> bool:
    """Does the place name ``text[start:end]`` stand before a noun as a modifier ("U.K. activists",
    "US troops") or possessive ("Poland's ministry")? There it says what a demonym says ("British
    activists"), not where anything happened; after a preposition ("in the UK"), it is a place."""
    from spacy.lang.en.stop_words import STOP_WORDS

    if text.endswith(("'s", "’s"), start, end) or text.startswith(("'s", "’s"), end):
        return True  # "Poland's ministry" is the Polish ministry
    m = _NEXT_WORD_RE.match(text, end)
    if m is None or m.group(1) in STOP_WORDS:
        return False
    return _PLACE_BEFORE_RE.search(text, max(0, start - 16), start) is None


_OF_RE = re.compile(r"^[A-Z][a-z]+[ \t]+(?:of|in|at|for|from)[ \t]+(?:the[ \t]+)?(?=[A-Z])")
_FIRST_WORD_RE = re.compile(r"^[A-Z][a-z]+[ \t]+(?:the[ \t]+)?(?=[A-Z])")
# a year or a season at a name's start or end ("the 2025/26 Premier League", "Marathon 2026")
_YEAR_START_RE = re.compile(r"^(?:[Tt]he[ \t]+)?(?:1[89]|20)\d\d(?:[/–-]\d\d(?:\d\d)?)?[ \t]+(?=[A-Z])")
_YEAR_END_RE = re.compile(r"(?<=[A-Za-z])[ \t]+(?:1[89]|20)\d\d(?:[/–-]\d\d(?:\d\d)?)?$")
_VERB_FIRST_RE = re.compile(r"^[A-Z][a-z]+(?:ing|ed|ly)\b")


def _without_year(text: str) -> Optional[tuple[str, str]]:
    """The name without a year or season NER took in at its start or end, and that year ("the
    2026 Valencia Marathon" -> ("Valencia Marathon", "2026")), or None: a document may write the
    edition on the name's other side ("VALENCIA MARATHON 2026")."""
    m = _YEAR_START_RE.match(text)
    if m is not None:
        return text[m.end():], m.group().split()[-1]
    m = _YEAR_END_RE.search(text)
    return (text[:m.start()], m.group().strip()) if m is not None else None


def _year_beside(text: str, span: tuple[int, int], year: str) -> bool:
    """Does ``year`` stand right before or right after the name at ``span`` in a document ("2026
    Valencia Marathon", "VALENCIA MARATHON 2026", "Valencia Marathon (2026)")? Only then is it
    that name's edition: "the 2017 Deaflympics" is not "the 2017 Summer Deaflympics"."""
    before = text[max(0, span[0] - len(year) - 6):span[0]].rstrip(" \t")
    if before.endswith(("the", "The", "THE")):
        before = before[:-3].rstrip(" \t")
    after = text[span[1]:span[1] + len(year) + 4].lstrip(" \t–—-,(")
    return before.endswith(year) or after.startswith(year)


def _after_title(text: str) -> Optional[str]:
    """The name after a title that opens it ("Doctor Reyes" -> "Reyes"), or None."""
    first, _, rest = text.partition(" ")
    if rest.strip() and first.rstrip(".").lower() in _TITLES:
        return rest.strip()
    return None


def _sentence_initial_head(response: str, start: int, text: str, label: str) -> Optional[str]:
    """The name without a sentence-initial common noun: "Shares of Societe Generale" ->
    "Societe Generale", "Economist Kevin Osei" -> "Kevin Osei".

    A capital at the start of a sentence does not make a common noun part of a name. Only a
    capitalized run (not a NER person) may lose its first word: "Paul Kowalski" stays whole.
    """
    if not at_sentence_start(response, start):
        return None
    m = _OF_RE.match(text) or _FIRST_WORD_RE.match(text)
    if m and label == "PERSON" and not _VERB_FIRST_RE.match(text):
        return None
    return text[m.end():] if m else None


_DEGREES = ("PhD", "DPhil", "MBA", "MSc", "BSc", "LLM", "MPhil")
# (?<![ \t]): a degree's spaces are tried from the start of their run only; from inside a long
# run each try scanned to its end (quadratic), and a match can only start where the run does
_PARTS_RE = re.compile(r"[“”\"«»:;]|(?<=['’]s)[ \t]+|(?<=s['’])[ \t]+|(?<![ \t])[ \t]+(?=(?:%s)$)" % "|".join(_DEGREES))


# what every cut of _PARTS_RE needs: a quote, colon or apostrophe, or a degree at the end ($ also
# matches before a final newline)
_PART_CUE_RE = re.compile(r"[“”\"«»:;'’]")
_DEGREE_ENDINGS = _DEGREES + tuple(degree + "\n" for degree in _DEGREES)


def _parts(text: str) -> list[str]:
    """A NER span cut at quotes, colons and inner possessives: "Alnora Pharmaceuticals' Cardexa"
    names two things, each of which must be supported; so does a degree after a place ("a
    Cambridge PhD": the documents say "her PhD at the University of Cambridge"). ``[text]``
    when nothing cuts it (most names: a cheap test spares the split). A bracket NER cut short
    ("Derek (G4UVW" of "Derek (G4UVW) and Aisha") parts a name from the one it brackets."""
    if "(" in text and ")" not in text:
        head, _, inner = text.partition("(")
        return [p for piece in (head, inner) if piece.strip() for p in _parts(piece.strip())]
    if _PART_CUE_RE.search(text) is None and not text.endswith(_DEGREE_ENDINGS):
        return [text]
    pieces = _PARTS_RE.split(text)
    return [p.strip(" \t'’") for p in pieces if p.strip(" \t'’")]


# labels whose names hold no lower-case content word: one inside ("Osei called Lumen Energy") is
# NER joining two names over a verb (a title, a law or an event may hold any word)
_MERGED_LABELS = frozenset({"PERSON", "ORG", "GPE", "LOC", "FAC", "NORP"})
# lower-case words inside names that are not English stop words ("Ludwig van Beethoven")
_NAME_PARTICLES = frozenset({"de", "del", "della", "der", "den", "di", "da", "dos", "das", "du", "van",
                             "von", "ten", "ter", "la", "le", "les", "el", "al", "bin", "bint", "ibn",
                             "y", "e", "und", "sur", "sous", "sans", "upon", "on", "am", "im", "zu"})
# stop words may sit inside a name ("Bank of America"); a verb such as "called" may not
_STOP_WORDS = FILLER_WORDS - {"called", "named", "known", "dubbed", "termed", "nicknamed", "branded",
                              "labeled", "labelled", "said", "says", "according", "including"}
_LOWER_WORD_RE = re.compile(r"(?<=[ \t])[a-z][a-z'’-]*(?=[ \t])")


def _merged_names(text: str) -> list[str]:
    """The names a NER span joins over a lower-case content word ("Osei called Lumen Energy":
    "Osei", "Lumen Energy"), each to be supported on its own, or the name without lower-case
    words NER took in before it ("league MVP": "MVP"); ``[text]`` when there is nothing to cut."""
    if " " not in text and "\t" not in text:
        return [text]
    words = text.split()
    roles = [i for i, w in enumerate(words) if w in ROLE_ACRONYMS]
    if roles and all(w[:1].isupper() for w in words):
        # "CFO Jon Petrakis", "Fjordvik CEO Lars Otterstad": a role names no one
        names, at = [], 0
        for i in roles + [len(words)]:
            if i > at:
                names.append(" ".join(words[at:i]))
            at = i + 1
        return names or [text]
    cuts = [m for m in _LOWER_WORD_RE.finditer(text)
            if m.group() not in _NAME_PARTICLES and m.group() not in _STOP_WORDS]
    if not cuts:
        # "league MVP": a lower-case word NER took in before a name names nothing (after one it
        # may say what the place is: "a Sydney beach" is no "Sydney clifftop"; a function word
        # after it, "Felixstowe North to", says nothing)
        words = _trim_lower(text, trailing=False).split()
        while len(words) > 1 and words[-1] in _STOP_WORDS:
            words.pop()
        trimmed = " ".join(words)
        return [trimmed] if trimmed and trimmed != text and trimmed[:1].isupper() else [text]
    pieces, at = [], 0
    for m in cuts:
        pieces.append(text[at:m.start()])
        at = m.end()
    pieces.append(text[at:])
    # each piece without the lower-case words at its ends ("Osei has | called | Lumen"), and
    # without a value NER took in after it ("Nightjar won Ascent 13–11": the score is the
    # numbers checker's)
    names = [n for p in pieces if (n := _trim_values(_trim_lower(p)))]
    if len(names) < 2 or not all(n[:1].isupper() for n in names):
        return [text]
    return names


# a score or a range of values after a name ("Haven 13–4"): no part of it, unlike a model's number
_SCORE_RE = re.compile(r"(?<!\d)\d+[–—-]\d+")  # (?<!\d): a run of digits is tried from its start only


def _trim_values(piece: str) -> str:
    """``piece`` without the scores or ranges NER took in at its end ("Ascent 13–11")."""
    if not piece.rstrip(".,;:")[-1:].isdigit():
        return piece  # (most names: no split)
    words = piece.split()
    while len(words) > 1 and _SCORE_RE.fullmatch(words[-1].rstrip(".,;:")):
        words.pop()
    return " ".join(words)


def _trim_lower(piece: str, trailing: bool = True) -> str:
    """``piece`` without the lower-case words at its start (and at its end, when ``trailing``)."""
    words = piece.split()
    while words and words[0][:1].islower():
        words.pop(0)
    while trailing and words and words[-1][:1].islower():
        words.pop()
    return " ".join(words)


def _with_middle_names(tokens: TokenText, text: str, given: str, surname: str) -> Optional[tuple[int, int]]:
    """Span of the document's "David James Thorne" (or "DAVID JAMES THORNE") for the answer's
    "David Thorne": a given name and a surname with one or two capitalized middle names between,
    nothing but spaces and dots around them ("David, James Thorne" is two people)."""
    if given not in tokens.vocab or surname not in tokens.vocab:
        return None
    norms, starts, ends = tokens.norms, tokens.token_starts, tokens.token_ends
    for i, word in enumerate(norms):
        if word != given:
            continue
        for j in (i + 2, i + 3):
            if j < len(norms) and norms[j] == surname and all(
                    text[starts[k]].isupper() and not text[ends[k - 1]:starts[k]].strip(" \t.")
                    for k in range(i + 1, j + 1)):
                return starts[i], ends[j]
    return None


def _other_given_name(index: DocumentIndex, text: str, parts: list[str]) -> bool:
    """Does the document give this surname to someone with another given name?

    "Sheerin" here and "Paul" there may be one person; "Paul Smith" and "Anna Kowalski" are not
    a "Paul Kowalski".
    """
    if len(parts) < 2:
        return False
    given, surname = parts[0], parts[-1]
    # Tried once per token (a run of [\w'’-]), with the surname checked ahead first: starting
    # again after every "-" or "'" of a long token ("A-A-A-...") was quadratic in its length.
    after = rf"[ \t]+(?:[A-Z]\.[ \t]*)?(?i:{re.escape(surname)})\b"
    pattern = rf"(?<![\w'’\-])(?=[\w'’\-]*{after})[\w'’\-]*?\b([A-Z][\w'’\-]*){after}"
    # and surname first, as records and rolls write it ("BRENNAN, Clodagh"): looked for only
    # where the surname stands before a comma (a pattern per surname costs its compiling)
    searches = [re.finditer(pattern, index.text)]
    if surname + "," in index.text.lower():
        # (not a surname a given name or an initial stands before: "Daniel J. Verhoeven,
        # Microbiologist" puts a role after the comma, no given name)
        inverted = (rf"(?<![\w'’\-])(?<![A-Za-z][ \t])(?<![A-Za-z]\.[ \t])"
                    rf"(?i:{re.escape(surname)}),[ \t]*([A-Z][\w'’\-]*)")
        searches.append(re.finditer(inverted, index.text))
    for found in searches:
        for m in found:
            first = fold_word(m.group(1))
            if first != given and first not in _TITLES and first not in _NOT_GIVEN_NAMES:
                return True
    return False


def entity_candidates(maps: SetIndex, text: str, words: list[str], label: str) -> Optional[set[int]]:
    """Documents in which :func:`find_entity` can succeed: a superset, one necessary condition per
    branch of it (keep the two in step); None (every document) for an acronym, whose expansion is
    searched in the text."""
    word_docs = maps.word_docs
    docs = maps.docs_with_words(words)
    if len(words) >= 2:
        for spelled in name_spellings(words):
            docs |= maps.docs_with_words(spelled)
    if len(words) == 1:
        for said in spoken_code(words[0]):
            docs |= maps.docs_with_words(said)
    for spelled, _ in airport_spellings(words):
        docs |= maps.docs_with_words(spelled)
    if len(words) == 1 and len(words[0]) > 3 and words[0].endswith("s"):
        docs.update(word_docs.get(words[0][:-1], ()))
    if _plural_name(words, label):
        docs |= maps.docs_with_words(words[:-1] + [words[-1][:-1]])
    compact = "".join(words)
    if len(compact) >= 4 and len(words) <= 3:
        for k in range(1, len(compact) + 1):  # the first of the joined tokens starts the compact form
            docs.update(word_docs.get(compact[:k], ()))
    if label == "NAME_NUMBER":
        if words[:-1] and words[-1].isdigit():
            docs |= maps.docs_with_words(words[:-1])
        return docs
    if label == "PERSON":
        parts = [w for w in words if w not in _TITLES and len(w) > 1]
        if parts:
            docs |= maps.docs_with_words(parts)
    stripped = text.strip()
    if stripped.lower().startswith("the "):
        stripped = stripped[4:]
    if looks_like_acronym(stripped):
        if len(acronym_letters(stripped)) >= 2:
            return None
    else:
        raw_words = stripped.replace("’s", "").replace("'s", "").split()
        acro = initials(raw_words) if len(raw_words) >= 2 and all(w[:1].isupper() or w.lower() in ("of", "the", "and", "for") for w in raw_words) else None
        if acro:
            docs.update(word_docs.get(acro.lower(), ()))
    if label == "NORP" or len(words) <= 2:
        joined = " ".join(words)
        for country in demonym_countries(joined) + country_demonyms(joined):
            docs |= maps.docs_with_words(country.split())
        for code in country_codes(joined):
            docs.update(word_docs.get(code.lower(), ()))
    return docs


# an acronym opening a name ("TA Rafael Quintero"), and what may stand between a role and the
# name it belongs to in a document ("Teaching assistant: Rafael Quintero")
_ACRONYM_LEAD_RE = re.compile(r"([A-Z]{2,4}) (?=[A-Z][a-z])")
_ROLE_GAP_RE = re.compile(r"(?<![ \t])[ \t]*[:,–—-]?[ \t]*")


def _spelled_before(ctx: CheckContext, acronym: str, first_word: str) -> bool:
    """Does a document spell ``acronym`` out, in any case, right before ``first_word``?"""
    pattern = expansion_pattern(acronym_letters(acronym), ignore_case=True)
    for _, index in ctx.documents:
        for m in pattern.finditer(index.text):
            gap = _ROLE_GAP_RE.match(index.text, m.end())
            if gap is not None and index.text.startswith(first_word, gap.end()):
                return True
    return False


# between a name and where it is or who is with it, in one NER span ("Hotel Alpenrose in
# Innsbruck", "the Main Hall with Ana Reis"); for a person, also the party or body she belongs to
# ("Ines Varga of the Greens"; only a person's: "Player of the Year" is one name)
# ("on" a road, "of" a town after a company's legal form: "Hollins Farm on Weir Lane", "Fernmoss
# Outdoor Ltd of Hebden Bridge" for "Hollins Farm, Weir Lane", "Fernmoss Outdoor Ltd, ... Hebden
# Bridge"; an "of" inside a name, "Bank of England", is no company's legal form)
_PLACED_IN_RE = re.compile(r" (?:in|at|with|on|to|from) (?=[A-Z])|(?:%s)\.? of (?=[A-Z])"
                           % "|".join(f"(?<={form})" for form in LEGAL_FORMS))
# capitalized words joined by at most one lower-case function word each ("Bill of Materials",
# "Anywhere on Earth"): a phrase whose initials a mixed-case acronym keeps ("BoM", "AoE")
_JOINED_CAPITALS_RE = re.compile(r"[A-Z][a-z]+(?:[ \t]+(?:(?:of|on|the|for|and|in|to|at|by)[ \t]+)?[A-Z][a-z]+)+")


def _mixed_acronym(ctx: CheckContext, start: int, end: int) -> Optional[tuple[int, int, int]]:
    """(doc index, start, end) of a mixed-case acronym a document writes ("AoE", "MoU", "QoS")
    whose letters are the initials of the phrase of capitalized words around [start, end) of the
    answer, each function word's in lower case ("Anywhere on Earth", "Memorandum of
    Understanding"); None if none does. NER often names only a part of such a phrase ("Earth"),
    and the upper-case initials ("AE") are no word of the document."""
    lo = max(0, start - 60)
    for m in _JOINED_CAPITALS_RE.finditer(ctx.response, lo, min(len(ctx.response), end + 60)):
        if m.start() > start or m.end() < end:
            continue
        words = m.group().split()
        if all(w[0].isupper() for w in words):
            return None  # no function word: no mixed case (plain initials are read elsewhere)
        acronym = "".join(w[0] for w in words)
        # (or all in capitals, as a results sheet or a form writes it: "BOB" for "Best of Breed")
        forms = (acronym, acronym.upper()) if len(acronym) >= 3 else (acronym,)
        for doc_index, index in ctx.documents:
            if any(form in index.raw_words for form in forms):
                span = index.tokens.find_span([acronym.lower()])
                if span is not None:
                    return doc_index, span[0], span[1]
        return None
    return None


_VOWELS = frozenset("aeiouy")


def _without_article(name: str) -> str:
    """``name`` without a leading "the", "a" or "an" ("the Fetal Medicine Unit")."""
    first, _, rest = name.partition(" ")
    return rest if rest and first.lower() in LEADING_ARTICLES else name


def _abbreviates(short: str, full: str, dotted: bool, truncated: bool = False) -> bool:
    """Is the document's word ``short`` an abbreviation of the answer's ``full``: shorter, with
    the same first letter, its letters in ``full`` in order, and written as one (with a full stop
    after it, "Off.", or no vowel after its first letter, "Stn", "Dept")? A short word with a
    vowel and no stop ("Sam" for "Samantha") is a word of its own, unless ``truncated`` allows
    a word cut short (three letters or more, three or more cut: "Cat" for "Category")."""
    if not (1 < len(short) < len(full)) or short[0] != full[0] or not short.isalpha():
        return False
    if truncated and len(short) >= 3 and len(full) - len(short) >= 3 and full.startswith(short):
        return True
    if not dotted and any(c in _VOWELS for c in short[1:]):
        return False
    letters = iter(full)
    return all(c in letters for c in short)


def _has_code(words: list[str]) -> bool:
    """Does a name hold a code: a letter, a number or a Roman numeral ("Category C", "Terminal 5",
    "Grade II")? Such a name is a class or a place in a series, whose word a document may cut
    short ("Cat C", "Term 5"); a person's names are not cut so ("Sam" is no "Samantha")."""
    return any(len(w) == 1 or w.isdigit() or (len(w) <= 4 and set(w) <= set("ivx")) for w in words)


def _abbreviated(ctx: CheckContext, words: list[str], truncated: bool = False, anchored: bool = False
                 ) -> Optional[tuple[int, int, int]]:
    """(doc index, start, end) of the name ``words`` written with some of its words abbreviated
    in a document ("Stn Off. R." for "Station Officer R"), the others as they are (one at least);
    None if no document writes it so. ``truncated``: a word may be cut short (see :func:`_abbreviates`);
    ``anchored``: so may it where two other words of the name are the document's as they are
    ("Fetal Med Unit" for "Fetal Medicine Unit", "Leeds Gen Infirmary"): a name of three words or
    more that differs in one word cut to half its length or less is that name in a note's shorthand."""
    for doc_index, index in ctx.documents:
        tokens = index.tokens
        norms, text = tokens.norms, tokens.text
        tried: set[int] = set()
        for k, word in enumerate(words):
            if word not in tokens.vocab:
                continue
            at = tokens.joined.find(f" {word} ")
            while at >= 0:
                i = bisect_left(tokens._starts, at + 1) - k
                if 0 <= i and i + len(words) <= len(norms) and i not in tried:
                    tried.add(i)
                    ends = tokens.token_ends
                    shortened = cut = 0
                    for j, w in enumerate(words):
                        d = norms[i + j]
                        if d == w:
                            continue
                        dotted = text[ends[i + j]:ends[i + j] + 1] == "."
                        if not _abbreviates(d, w, dotted, truncated):
                            # (half the word at most: "Concept" is no shorthand of "Conceptual")
                            if not (anchored and 2 * len(d) <= len(w) and _abbreviates(d, w, dotted, True)):
                                break
                            cut += 1
                        shortened += 1
                    else:
                        if shortened and (not cut or len(words) - shortened >= 2):
                            return doc_index, tokens.token_starts[i], ends[i + len(words) - 1]
                at = tokens.joined.find(f" {word} ", at + 1)
    return None


#: Labels under which NER may put a person's given name and surname ("Lola Chukwu's note" as ORG).
_PERSON_LIKE = frozenset({"PERSON", "ORG", "PROPER"})


def _initial_and_name(ctx: CheckContext, words: list[str]) -> Optional[tuple[int, int, int]]:
    """(doc index, start, end) of a person's given name and surname (``words``, folded, a title
    aside) where a document writes one of them as its initial beside the other ("L. Chukwu",
    "Leila H.") and a document, or the user's question, holds the initialed word in full ("can
    Erik fly" beside a log's "E. Lindqvist"); None otherwise. The initial ties the two words to
    one person, so a given name and a surname that two documents give to two people are not
    joined."""
    parts = [w for w in words if w not in _TITLES]
    if len(parts) != 2 or not all(w.isalpha() and len(w) > 1 for w in parts):
        return None
    given, surname = parts
    # (an initial with its dot: "a Chukwu" is no "Amara Chukwu")
    for pattern, full in ((rf"\b{re.escape(given[0])}\.[ \t]{{0,3}}{re.escape(surname)}\b", given),
                          (rf"\b{re.escape(given)}[ \t]{{1,3}}{re.escape(surname[0])}\.", surname)):
        if not (any(full in index.tokens.vocab for _, index in ctx.documents)
                or (ctx.trust_query and re.search(rf"(?<!\w){re.escape(full)}(?!\w)", ctx.query, re.IGNORECASE))):
            continue
        for doc_index, index in ctx.documents:
            m = re.search(pattern, index.text, re.IGNORECASE)
            if m is not None:
                return (doc_index, m.start(), m.end())
    return None


def _initialed(ctx: CheckContext, parts: list[str]) -> Optional[tuple[int, int, int]]:
    """(doc index, start, end) of the name ``parts`` (its words as the answer writes them) in a
    document that spells out its words in capitals ("OH") as capitalized words with those
    initials ("Occupational Health"), its other words as they are (one at least); None if no
    document writes it so. An organisation's short name keeps its own word and initials the
    rest ("Harbrook OH", "Ardley FC")."""
    acronyms = [len(p) if p.isalpha() and p.isupper() and 2 <= len(p) <= 5 else 0 for p in parts]
    anchor = next((k for k, n in enumerate(acronyms) if not n), None)
    if anchor is None or not any(acronyms):
        return None
    plain = [p.casefold() for p in parts]
    for doc_index, index in ctx.documents:
        tokens = index.tokens
        norms, text, starts, ends = tokens.norms, tokens.text, tokens.token_starts, tokens.token_ends
        if plain[anchor] not in tokens.vocab:
            continue
        found = tokens.joined.find(f" {plain[anchor]} ")
        while found >= 0:
            # (the words before the anchor are plain ones: the anchor is the first of those)
            j = bisect_left(tokens._starts, found + 1) - anchor
            found = tokens.joined.find(f" {plain[anchor]} ", found + 1)
            if j < 0:
                continue
            at = j
            for part, letters in zip(parts, acronyms):
                if not letters:
                    if at >= len(norms) or norms[at] != part.casefold():
                        break
                    at += 1
                    continue
                spelled = [text[starts[t]:ends[t]] for t in range(at, min(at + letters, len(norms)))]
                if (len(spelled) != letters
                        or "".join(w[:1] for w in spelled) != part
                        or not all(w[1:2].islower() for w in spelled)):
                    break
                at += letters
            else:
                return doc_index, starts[j], ends[at - 1]
    return None


# holidays on a fixed day of the calendar, by their folded names: a date by another name, supported
# where a document gives that day and month (those on a moving day, "Easter", need a year's table)
_FIXED_HOLIDAYS: dict[str, tuple[int, int]] = {
    "new year's day": (1, 1), "new years day": (1, 1), "valentine's day": (2, 14), "valentines day": (2, 14),
    "st patrick's day": (3, 17), "saint patrick's day": (3, 17), "st. patrick's day": (3, 17),
    "halloween": (10, 31), "christmas eve": (12, 24), "christmas day": (12, 25), "boxing day": (12, 26),
    "new year's eve": (12, 31), "new years eve": (12, 31),
}


def _handle_of(ctx: CheckContext, name: str) -> Optional[tuple[int, int, int]]:
    """(doc_index, start, end) of a chat handle a document writes that spells the one-word name
    ``name`` (:func:`~raguard.normalize.turns.spells_name`), or None."""
    folded = name.casefold()
    for doc_index, index in ctx.documents:
        for handle in handles(index.text):
            if spells_name(handle, folded):
                at = index.text.find(handle)
                return doc_index, at, at + len(handle)
    return None


# a numbered place or part named by its word ("Zone 4", "Bay 12") and by the word's letter ("Z4", "B-12")
_WORD_NUMBERED_RE = re.compile(r"([A-Za-z]{3,12})[ \t]+(\d{1,4})")
_LETTER_NUMBERED_RE = re.compile(r"([A-Za-z])-?(\d{1,4})")
# the same in a document's text, to find the word a letter stands for
_WORD_NUMBERED_IN_TEXT_RE = re.compile(r"\b([A-Za-z]{3,12})[ \t]+(\d{1,4})\b")


def _letter_coded(ctx: CheckContext, name: str) -> Optional[tuple[int, int, int]]:
    """(doc_index, start, end) of the other way a document writes a numbered place or part:
    "Z4" for the answer's "Zone 4", where that document has the word "zone" too (a column's
    header, a label), and "Zone 4" (any word of that letter) for the answer's "Z4"; else None."""
    m = _WORD_NUMBERED_RE.fullmatch(name)
    if m is not None:
        word, code = m.group(1).casefold(), (m.group(1)[0] + m.group(2)).casefold()
        for doc_index, index in ctx.documents:
            vocab = index.tokens.vocab
            if word in vocab and code in vocab and (span := index.tokens.find_span([code])) is not None:
                return doc_index, span[0], span[1]
        return None
    m = _LETTER_NUMBERED_RE.fullmatch(name)
    if m is not None:
        letter, number = m.group(1).casefold(), m.group(2)
        for doc_index, index in ctx.documents:
            for found in _WORD_NUMBERED_IN_TEXT_RE.finditer(index.text):
                if found.group(1)[0].casefold() == letter and found.group(2) == number:
                    return doc_index, found.start(), found.end()
    return None


# a word and a code ("Room 102", "Gate B6", "Piece C3")
_WORD_CODE_RE = re.compile(r"([A-Za-z]{3,})[ \t]+([A-Za-z]?\d{1,4}[A-Za-z]?)")
#: How far after a list's label (on its line) an item it names may stand.
_LABEL_REACH = 80


def _listed_under_label(ctx: CheckContext, name: str) -> Optional[tuple[int, int, int]]:
    """(doc_index, start, end) of the code of "Room 102" in a list a document labels with that
    word, in the plural or not, on one line ("Rooms: 101, 102 and 104", "Pieces: A1 24/30 | C3
    21/30"): a list's label names each of its items. None if no document does."""
    m = _WORD_CODE_RE.fullmatch(name)
    if m is None:
        return None
    word, code = m.group(1).casefold(), m.group(2).casefold()
    item_re = re.compile(rf"(?<![\w/.-]){re.escape(m.group(2))}(?![\w/-])", re.IGNORECASE)
    for doc_index, index in ctx.documents:
        vocab = index.tokens.vocab
        if code not in vocab or (word not in vocab and word + "s" not in vocab and word + "es" not in vocab):
            continue
        text = index.text
        for label in re.finditer(rf"\b{re.escape(m.group(1))}(?:e?s)?[ \t]*:", text, re.IGNORECASE):
            line_end = text.find("\n", label.end())
            stop = min(label.end() + _LABEL_REACH, len(text) if line_end < 0 else line_end)
            item = item_re.search(text, label.end(), stop)
            if item is not None:
                return doc_index, item.start(), item.end()
    return None


def _offset_given(ctx: CheckContext, offsets: tuple[int, ...]) -> Optional[tuple[int, int, int]]:
    """(doc_index, start, end) of a UTC offset a document writes beside a time that is one of
    ``offsets`` (a time zone's), or None."""
    for doc_index, index in ctx.documents:
        for start, end, minutes in document_offsets(index.text):
            if minutes in offsets:
                return doc_index, start, end
    return None


def _offsets_written(ctx: CheckContext) -> str:
    """The UTC offsets the documents write beside their times, as written ("+0100, +0200")."""
    seen = {index.text[start:end] for _, index in ctx.documents for start, end, _ in document_offsets(index.text)}
    return ", ".join(sorted(seen))


def _holiday_key(name: str) -> str:
    """``name`` folded as :data:`_FIXED_HOLIDAYS` holds it (no leading article, curly apostrophes straight)."""
    folded = " ".join(name.casefold().replace("’", "'").split())
    return folded[4:] if folded.startswith("the ") else folded


def _date_of(ctx: CheckContext, month: int, day: int) -> Optional[tuple[int, int, int]]:
    """(doc index, start, end) of the first date of the documents on ``day`` of ``month``."""
    for doc_index, index in ctx.documents:
        for mention in index.dates:
            if mention.value.month == month and mention.value.day == day:
                return doc_index, mention.start, mention.end
    return None


# a list's last item after its coordinator ("..., Trade and Rest"), and the cuts between its items
_LIST_END_RE = re.compile(r"(?<![ \t]),?[ \t]+(?:and|or|&)[ \t]+[A-Z][\w'’-]*(?:[ \t]+[A-Z][\w'’-]*)*$")
# ((?<![ \t]): a run of spaces is tried from its start only)
_LIST_SPLIT_RE = re.compile(r",[ \t]+(?:(?:and|or|&)[ \t]+)?|(?<![ \t])[ \t]+(?:and|or|&)[ \t]+")
_MEMBER_OF_RE = re.compile(r" (?:in|at|with|to|from|of the|of) (?=[A-Z])")
# an acronym's plural ending a name ("Smart TVs")
_ACRONYM_PLURAL_RE = re.compile(r"(?<![A-Za-z])[A-Z]{2,}s$")


# the most words a name found in another order may have, and the numbers it may have between
# them ("Customer Care, Lumenhaus", "KILLINEY NOVICE HURDLE (Grade 2)", a spec sheet's "USB-C
# ........ 2 × 100 W PD")
_MAX_REORDERED = 8
_REORDER_SPREAD = 3


def _words_together(tokens: TokenText, words: list[str]) -> Optional[tuple[int, int]]:
    """Character span of the first stretch of one line of ``tokens`` that holds every one of
    ``words`` in any order, and between them only punctuation and at most
    :data:`_REORDER_SPREAD` numbers (or their units), with two of the name's words side by side
    as the name has them; or None. A layout moves a phrase of a name (a department, a qualifier) behind a comma
    or into brackets, not each of its words: "BRENNAN, Clodagh; OYELARAN, Tunde" names no "Tunde
    Brennan", and prose joins words with words ("the peninsula that juts into Lake Erie" is no
    "Lake Erie Peninsula")."""
    need: dict[str, int] = {}
    for w in words:
        need[w] = need.get(w, 0) + 1
    if not all(w in tokens.vocab for w in need):
        return None  # (most names not found as written: no scan)
    norms, width = tokens.norms, len(words) + _REORDER_SPREAD
    for i, first in enumerate(norms):
        if first not in need:
            continue
        got: dict[str, int] = {}
        count = 0
        for j in range(i, min(len(norms), i + width)):
            norm = norms[j]
            if got.get(norm, 0) < need.get(norm, 0):
                got[norm] = got.get(norm, 0) + 1
                count += 1
                if count == len(words):
                    start, end = tokens.char_span(i, j + 1)
                    if "\n" not in tokens.text[start:end] and _keeps_a_pair(norms[i:j + 1], words):
                        return start, end
                    break
            elif not (norm.isdigit() or _unit_after_digits(norms, j)):
                break  # a word of prose between ("the Municipality of La Plata") makes another phrase
    return None


# a stretch of one name: words, spaces, hyphens, apostrophes and "&", no stop nor comma
# (a stop only after a single capital, an initial's: "Staff Nurse B. Kowalski")
_ONE_NAME_RE = re.compile(r"(?:[\w'’&\- \t]|(?<=\b[A-Z])\.)+")


def _one_word_left_out(tokens: TokenText, words: list[str], initial_only: bool = False) -> Optional[tuple[int, int]]:
    """Character span of the name ``words`` (three or more) as one line of ``tokens`` writes it
    with one more capitalized word inside ("Border Counties Show" for "BORDER COUNTIES
    AGRICULTURAL SHOW", "Harbour Sailing Club" for "Harbour Dinghy Sailing Club"), or None: an
    answer shortens a long name by a qualifier. Its words are words (no year: "the 2024
    Wintermere Games" is not "the 2024 Northern Wintermere Games"), its first and last stay the
    name's, the word left out is a name's word (a capital opens it: an initial too, "Staff Nurse
    Kowalski" for "Staff Nurse B. Kowalski"), not one of prose, and no stop but an initial's or
    comma parts the stretch ("Manchester City.Liverpool Football Club" is two names). With
    ``initial_only`` (a person's name), only an initial is left out."""
    if not all(w.isalpha() and w in tokens.vocab for w in words):
        return None  # (a year or a code is an edition or an item, no word of the name to keep)
    norms, starts, text, n = tokens.norms, tokens.token_starts, tokens.text, len(words)
    for i in range(len(norms) - n):
        if norms[i] != words[0]:
            continue
        for k in range(1, n):
            if norms[i:i + k] == words[:k] and norms[i + k + 1:i + n + 1] == words[k:]:
                left_out = norms[i + k]
                start, end = tokens.char_span(i, i + n + 1)
                # (a capital alone is an initial, whatever word it spells: "T.", "A.")
                if (left_out.isalpha() and text[starts[i + k]].isupper()
                        and (len(left_out) == 1 or (left_out not in _STOP_WORDS and not initial_only))
                        and _ONE_NAME_RE.fullmatch(text, start, end) is not None):
                    return start, end
    return None


def _unit_after_digits(norms: list[str], j: int) -> bool:
    """Is token ``j`` a unit's symbol after a number ("100 W", "12 V"), a value's part?"""
    return j > 0 and norms[j - 1].isdigit() and len(norms[j]) <= 3 and norms[j].isalpha()


#: The longest word :func:`_glued_to_digits` finds glued to a number (a currency's or a unit's letters).
_MAX_GLUED_LETTERS = 4


def _glued_to_digits(tokens: TokenText, word: str) -> Optional[tuple[int, int]]:
    """Character span of the first token of ``tokens`` that is ``word`` glued to the digits of a
    value, before them or after ("Ksh2", "100mb"), or None: messages and logs write a currency or
    a unit without its space, which an answer puts back ("Ksh 2,500", "100 Mb/s")."""
    for i, norm in enumerate(tokens.norms):
        if len(norm) > len(word) and ((norm.startswith(word) and norm[len(word):].isdigit())
                                      or (norm.endswith(word) and norm[:-len(word)].isdigit())):
            return tokens.char_span(i, i + 1)
    return None


# a word of a few letters and a value after it ("Ksh 200", "Rs 450")
_LETTERS_VALUE_RE = re.compile(r"([A-Za-z]{2,%d})[ \t]?\d[\d,.]*" % _MAX_GLUED_LETTERS)


def _glued_letters_value(ctx: CheckContext, text: str) -> bool:
    """Is ``text`` a word of a few letters and a value ("Ksh 200") where a document glues that
    word to its amounts ("Ksh2,500.00")? Then the word is a currency's or a unit's, no name."""
    m = _LETTERS_VALUE_RE.fullmatch(text)
    return m is not None and any(_glued_to_digits(index.tokens, m.group(1).casefold()) is not None
                                 for _, index in ctx.documents)


def _keeps_a_pair(stretch: list[str], words: list[str]) -> bool:
    """Do two words that follow each other in ``words`` follow each other in ``stretch`` too?"""
    pairs = set(zip(words, words[1:]))
    return any(pair in pairs for pair in zip(stretch, stretch[1:]))


_NAME_WORD_RE = re.compile(r"[^\W\d_][\w'’-]*")


def _folded_words(text: str) -> set[str]:
    """The words of ``text``, folded (case, accents, a possessive 's)."""
    return {fold_word(w.casefold()).removesuffix("'s").removesuffix("’s") for w in _NAME_WORD_RE.findall(text)}


def _row_names(ctx: CheckContext, start: int, end: int) -> frozenset[str]:
    """The folded capitalized words of the answer's clause around [start, end) but those of the
    name there: who a country named there belongs to ("Morocco's Hicham El Amrani"); the
    sentence's when the clause has none ("Halden Supply Co, based in Norway, placed ...")."""
    sentences = ctx.sentences
    k = bisect_left(sentences, (start + 1, -1)) - 1
    s_start, s_end = sentences[k] if k >= 0 and sentences[k][0] <= start < sentences[k][1] else (0, len(ctx.response))
    lo, hi = clause_span(ctx.response, start)
    own = _folded_words(ctx.response[start:end])

    def names_in(a: int, b: int) -> set[str]:
        return {w for m in _NAME_WORD_RE.finditer(ctx.response, a, b) if m.group()[:1].isupper()
                for w in _folded_words(m.group())} - own

    names = names_in(max(lo, s_start), min(hi, s_end)) or names_in(s_start, s_end)
    return frozenset(w for w in names if len(w) > 1)


def _plural_name(words: list[str], label: str) -> bool:
    """Does the name end in a plural "s" a document may write without ("Direct Debits", "C2s")?
    Not a person's ("Peters" is no plural of "Peter")."""
    last = words[-1] if words else ""
    return label != "PERSON" and len(last) > 2 and last.endswith("s") and not last.endswith("ss")


#: How far apart a document may give the two names an answer joins with "of" ("Section K of
#: Hollins Lane Cemetery" for "Cemetery: Hollins Lane Cemetery   Section: K"), in characters, on
#: one line: one record.
_OF_REACH = 200


def _part_of_named(tokens: TokenText, words: list[str]) -> Optional[tuple[int, int]]:
    """The span of a part of a named whole, the part named in two words or more ("Section K of
    Hollins Lane Cemetery"), where the document gives both on one line near each other: a
    record's two fields, a clause's two names. (A title's one word before "of" is no part:
    "The Day of Remembrance" is one name.)"""
    if "of" not in words[1:-1]:
        return None
    at = words.index("of", 1)
    part, whole = words[:at], words[at + 1:]
    if whole and whole[0] == "the":
        whole = whole[1:]
    if not part or not whole or "of" in whole:
        return None
    if len(part) < 2:
        return None  # a title's one word before "of" is no part's name ("The Day of Remembrance")
    a, b = tokens.find_span(part), tokens.find_span(whole)
    if a is None or b is None:
        return None
    lo, hi = min(a[0], b[0]), max(a[0], b[0])
    return a if hi - lo <= _OF_REACH and "\n" not in tokens.text[lo:hi] else None


_DIGIT_RUN_RE = re.compile(r"(?<![\w.,/-])\d+(?![\w.,/-]\d|\w)")
_LABEL_REACH = 30  # characters before a number searched for its class word
_WORD_BEFORE_RE = re.compile(r"([^\W\d_]+)[ \t]*:?[ \t]*\Z")  # (searched in the _LABEL_REACH before a number)


def _cognate_label(text: str, label: str, number: str) -> Optional[tuple[int, int]]:
    """The span of ``number`` after a word of another language that is the answer's ``label``
    with another ending ("Zona 3" for "Zone 3", "catégorie 1" for "Category 1"): the two folded
    words share all but their last letter or two of each, three letters at least. A class word
    before its number is often a cognate in the documents' language."""
    for m in _DIGIT_RUN_RE.finditer(text):
        if m.group() != number:
            continue
        word = _WORD_BEFORE_RE.search(text, max(0, m.start() - _LABEL_REACH), m.start())
        if word is None:
            continue
        other = fold_word(word.group(1))
        shared = len(os.path.commonprefix([other, label]))
        if other != label and shared >= 3 and len(other) - shared <= 2 and len(label) - shared <= 2:
            return m.start(), m.end()
    return None


def _camel_part(text: str, acronym: str) -> Optional[tuple[int, int]]:
    """Span of ``acronym`` (capitals, perhaps a plural "s") written as a part of a word in
    camel case, as code, logs and terms of art join them: a capitalized word after it
    ("OOMKilled"), lower-case letters before it ("sourceIPAddress", "eDNA"); not inside a longer
    run of capitals ("ZIPFile" holds no "IP")."""
    core = acronym[:-1] if acronym.endswith("s") else acronym
    if not (2 <= len(core) <= 6 and core.isupper() and core.isalpha()) or core not in text:
        return None
    m = re.search(rf"(?<![A-Z]){core}(?=[A-Z][a-z]|[^A-Za-z]|\Z)", text)
    return m.span() if m is not None else None


def find_entity(index: DocumentIndex, text: str, words: list[str], label: str, *,
                modifier: bool = False, row: frozenset[str] = frozenset()) -> Optional[tuple[int, int]]:
    """Character span in the document that supports the entity, or None. ``modifier``: a country
    named before a noun ("UK officials"), which its demonym supports ("British officials");
    ``row``: the names the answer puts beside it, whose row of a document may give a country by code."""
    tokens = index.tokens
    span = tokens.find_span(words)
    if span is not None:
        return span
    if len(words) == 1 and len(words[0]) > 3 and words[0].endswith("s"):
        span = tokens.find_span([words[0][:-1]])  # "Ardents" for the Ardent
        if span is not None:
            return span
    if _plural_name(words, label):
        span = tokens.find_span(words[:-1] + [words[-1][:-1]])  # "Direct Debits", "two C2s": one's plural
        if span is None and words[-1].endswith(("ses", "xes", "ches", "shes")):
            span = tokens.find_span(words[:-1] + [words[-1][:-2]])  # "Texel Crosses", "Free Lunches"
        if span is not None:
            return span
    if len(words) == 1 and looks_like_acronym(text.strip()):
        span = tokens.find_span([words[0] + "s"])  # "CNN" for the documents' "CNNs"
        if span is not None:
            return span
    if words and _ACRONYM_PLURAL_RE.search(text):
        span = tokens.find_span(words[:-1] + [words[-1][:-1]])  # "smart TVs" for the documents' "smart TV"
        if span is not None:
            return span
    compact = "".join(words)
    if len(compact) >= 4 and len(words) <= 3:
        span = tokens.find_compact(compact)
        if span is not None:
            return span
    if len(words) == 1 and len(words[0]) <= _MAX_GLUED_LETTERS and words[0].isalpha():
        span = _glued_to_digits(tokens, words[0])  # "Ksh" for a text message's "Ksh2,500.00"
        if span is not None:
            return span
    if len(words) == 2 and words[1].isdigit() and len(words[0]) >= 4 and words[0].isalpha():
        span = _cognate_label(index.text, words[0], words[1])  # "Zone 3" for a Spanish bill's "Zona 3"
        if span is not None:
            return span
    if label == "NAME_NUMBER":
        # "Europa 35" may be a name and a count side by side: both must be in the document
        name, number = words[:-1], words[-1]
        if name and number.isdigit() and tokens.find(name) is not None and any(
                n.text == number for n in chain(index.numbers, index.loose_numbers)):
            return tokens.find_span(name)
        return None
    if len(words) >= 2:
        for spelled in name_spellings(words):  # "Lakeshore Road" for the documents' "Lakeshore Rd"
            span = tokens.find_span(spelled)
            if span is not None:
                return span
    if len(words) == 1:
        for said in spoken_code(words[0]):  # "K2O" for a voice note's transcript "k two o"
            span = tokens.find_span(said)
            if span is not None:
                return span
    if label != "PERSON" and 2 <= len(words) <= 3 and "of" not in words:
        # "County Clare" for a form's "the County of Clare": a name said with or without its "of"
        for k in range(1, len(words)):
            span = tokens.find_span(words[:k] + ["of"] + words[k:])
            if span is not None:
                return span
    for spelled, code in airport_spellings(words):
        # "Heathrow T5" for a hire form's "LHR T5": an airport by its code, in capitals
        if code in index.raw_words:
            span = tokens.find_span(spelled)
            if span is not None:
                return span
    if label in ("PERSON", "PROPER") and 2 <= len(words) <= 4:
        # "Eszter Szabó" for "SZABÓ, Eszter": records, rolls, lists and catalogues put the
        # surname first (and some languages always do); the words in that order
        for k in range(1, len(words)):
            span = tokens.find_span(words[k:] + words[:k])
            if span is not None:
                return span
    if label != "PERSON" and 2 <= len(words) <= _MAX_REORDERED and _without_year(text) is None:
        # "Lumenhaus Customer Care" for a signature's "Customer Care, Lumenhaus", "the Grade 2
        # Killiney Novice Hurdle" for a card's "KILLINEY NOVICE HURDLE (Grade 2)": layouts put a
        # name's parts in another order, qualifiers after it, fillers between (not a person's
        # names: two people side by side are no third; nor a name's year, which is its edition
        # only beside it: see _year_beside)
        span = _words_together(tokens, words)
        if span is not None:
            return span
    if len(words) >= 3:
        # "Border Counties Show" for "BORDER COUNTIES AGRICULTURAL SHOW"; a person's initial only
        # ("Staff Nurse Kowalski" for "Staff Nurse B. Kowalski": not a given name, another person's)
        span = _one_word_left_out(tokens, words, initial_only=label == "PERSON")
        if span is not None:
            return span
    if label != "PERSON" and len(words) >= 3:
        span = _part_of_named(tokens, words)  # "Section K of Hollins Lane Cemetery" for a form's two fields
        if span is not None:
            return span
    if label in ("PERSON", "PROPER") and len(words) == 2:
        span = _with_middle_names(tokens, index.text, words[0], words[1])
        if span is not None:
            return span
    if label == "PERSON":
        parts = [w for w in words if w not in _TITLES and len(w) > 1]
        if parts and all(p in tokens.vocab for p in parts) and not _other_given_name(index, text, parts):
            return tokens.find_span([parts[-1]])
    stripped = text.strip()
    if stripped.lower().startswith("the "):
        stripped = stripped[4:]
    lowercased_doc = index.lowercased
    if looks_like_acronym(stripped):
        letters = acronym_letters(stripped)
        if len(letters) >= 2:
            if lowercased_doc:
                m = expansion_pattern(letters, ignore_case=True).search(index.text)
                if m is not None:
                    return m.span("x")
            span = find_expansion(letters, index.text)
            if span is not None:
                return span
            span = _camel_part(index.text, stripped)
            if span is not None:  # "OOM" in a log's "OOMKilled", "IP" in "sourceIPAddress"
                return span
    else:
        raw_words = stripped.replace("’s", "").replace("'s", "").split()
        acro = initials(raw_words) if len(raw_words) >= 2 and all(w[:1].isupper() or w.lower() in ("of", "the", "and", "for") for w in raw_words) else None
        if acro and (acro in index.raw_words or (lowercased_doc and acro.lower() in tokens.vocab)):
            span = tokens.find_span([acro.lower()])
            if span is not None:
                return span
        if 3 <= len(raw_words) <= _MAX_REORDERED:
            # "EU-US Data Privacy Framework" for a table's "EU-US DPF": the name's last words
            # by their initials, after its first words as written
            for k in range(1, len(raw_words) - 1):
                tail = raw_words[k:]
                short = initials(tail) if all(w[:1].isupper() for w in tail) else None
                if short is not None and short in index.raw_words:
                    head = phrase_tokens(" ".join(raw_words[:k]), drop_article=True, drop_possessive=True)
                    span = tokens.find_span(head + [short.lower()]) if head else None
                    if span is not None:
                        return span
    if label in ("LANGUAGE", "NORP") and len(words) == 1:
        # "from English into Polish" for a purchase order's "EN > PL"
        span = language_pair_span(index.text, words[0])
        if span is not None:
            return span
    if label == "NORP" or len(words) <= 2:
        countries = demonym_countries(" ".join(words))
        for country in countries:
            span = tokens.find_span(country.split())
            if span is not None:
                return span
        if modifier:  # "UK officials" are "British officials"
            for demonym in country_demonyms(" ".join(words)):
                span = tokens.find_span(demonym.split())
                if span is not None:
                    return span
        # (a demonym's country's codes too: "a Dutch tourist" for a form's "tourist (NL)")
        codes = dict.fromkeys([*country_codes(" ".join(words)),
                               *(c for country in countries for c in country_codes(country))])
        for code in codes:
            if code in index.raw_words:
                # "Ireland, Finland and Malta" for a form's "IE, FI, MT": a country by its code
                span = listed_country_codes(index.text).get(code)
                if span is not None:
                    return span
                # "Morocco's Hicham El Amrani" for a results row's "Hicham El Amrani MAR": the
                # code of a row names the country of that row's name, no other's
                for c_start, c_end, l_start, l_end in coded_country_rows(index.text).get(code, ()) if row else ():
                    if not row.isdisjoint(_folded_words(index.text[l_start:l_end])):
                        return c_start, c_end
        if label in ("GPE", "LOC"):
            return located_demonym(index.text, " ".join(words))  # "Latvia" in "Latvian waters"
    return None
