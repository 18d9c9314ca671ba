"""Attributions checker: a name put into a statement the documents make about someone else.

"Holly Willoughby was in Doctor Who." against "The series was hosted by Holly Willoughby and
Reggie Yates. Reggie Yates ... best known from his roles as ... Leo Jones in Doctor Who": each
name is in the documents, so no other checker objects, but the sentence that says "was in Doctor
Who" is about someone else. For each name the entities checker found in the documents, the rest
of its clause ("A did X, and B did Y" is two claims; quotations left out) is matched against the
document sentences; when one states it (at least ``MIN_SHARED`` words and ``MIN_SHARE`` of them)
but does not name the entity, and no sentence that names it states it as well, the name is
flagged. A clause that shares less (``MIN_SLOTTED`` words and ``MIN_SLOTTED_SHARE`` of them: "The
petition was started by Noor Haddad" has two words besides the name) is read only when the
sentence names someone else where the answer's name stands, right after the content word before
it or right before the one after it, with the same small words between ("started by Ilse
Brandt"): a bracket or a colon between, a pronoun ("I'm") or a word the answer writes in lower
case ("payable by Buyer") is no one in that place. The words it shares must hold more than the clause's other names: a form's line that
shares only them ("Venue: Corrigan Arts Centre, Darkroom West" for "Wirth leads it at Corrigan
Arts Centre") names that place or company and states no deed of anyone.

The name is flagged only when that sentence names a different specific agent, one the answer's
clause does not name, and none of its words can refer to the answer's name: a description ("the
actor", "the company") or a surname names no one else; a pronoun refers to the nearest name
before it in the sentence, or, with none there, may refer to the answer's. A place the document
puts in the answer's country ("Chile's southern city of Osorno", "Temuco, Chile", "Arica is a
port in northern Chile") is that country, not someone else. In a conversation
document (:mod:`raguard.normalize.turns`) "I" is the turn's speaker, "you" and "we" may be any
other speaker, and "he"/"she"/"they" someone who is not speaking: "Maria will bring Tom" restates
"Maria: I'll bring him", and "Tom" is not misattributed.

A capitalized word names no one when its capitals come from the layout: a field's label
("Policyholder:", "Route advice:"), a sentence's or a field's first word that the document or
the answer writes in lower case ("Early repayment is allowed ...", the answer's "valves" for
"Description: Valve, brass") or that has a verb's or an
adverb's ending ("Following your interview"), a heading's or a shouted line's capitals ("SAFETY
NOTICE FROM ...") and the title words on the line a heading's capitals open ("TREE CARE PLAN –
Winter Crown Work") unless the answer writes that word as a name, a code with digits ("CH-2231"),
a date's month ("by 6 Mar") or a weekday. A letter's "you" is the one it greets ("Dear Ms
Petrov, ... offer you the post"). A name is compared with its accents folded, as the clause's
words are (the document's "Cerâmica" is the clause's "ceramica"), and a place the document puts in a country
the clause names ("Braga, Portugal" for "in Portugal") is that country.

A document sentence's capitalized words name no one else when they name the clause's own person
in full ("GERAINT PAUL ELLERBY" for the clause's "Geraint", in an answer that writes "Geraint Paul
Ellerby"), when they go on from a name of two or more words of the clause ("Varda Tekstil San.
ve Tic." for "Varda Tekstil": its legal name), when they say who a name of the clause is with or for, in a bracket or after "of",
"at", "from" right behind it ("Harriet Soames of Beckwith Soames LLP", "Bramblefox Trading Co.
(Kirsty Alcock t/a)"), and when they are a Roman numeral ("movement II").

A capitalized word names no doer where the document's sentence puts it outside the doer's place
(issue 18: the sentence must name a different agent where the answer's name stands): after a
preposition ("on behalf of Mrs Pardoe we have booked", "review of Tessaline's listing", "per the
AIAG-VDA rule") unless the answer's name stands after the same one ("at Huaxin's plant" for "at
Tarrant's plant"), numbered ("Table 1", "Item 5": a part of a document or a list), or spelling out
an acronym the clause names ("Partial Discharge (PD)"). A sentence names no doer at all when it is
a table's header row (its cells name columns), a form's field whose label names nothing of the
clause ("From: Customer Relations <...>"), or one whose "we" or "I" does the clause's deed in a
document that names the answer's name, or a word of it (the writer: "we have booked" for "Kestrel
Lettings has booked"; "I'd recommend" in an e-mail signed "Jake" for "Jake Whitlam recommends");
a weekday with a possessive ("Friday's run") is a date, and a message's opening name with a dash
after it ("Priya - Brightwave sent the quote") is whom it is to.

A description the answer gives its name as a title ("referee P. Lindqvist's report") is that name
where the document's sentence speaks of someone by it alone ("the referee's report", not "the
referee, R. Sato"); a company's legal form ("Ltd", "GmbH") names no one apart from the name before
it; and a bracketed aside does not end the answer's clause ("passed his picker (D2) conversion
with LiftSafe" is one clause). A name found only in another form that shares none of its words
("Z4" for "Zone 4") is left alone: the sentences of that form hold none of its words.

A name that only reports what a third person did ("Mr Oduya says she has grown in confidence")
is the source, not the doer: the pronoun may be anyone the answer or the query names. A given
name the document writes beside the answer's surname ("Dr Ines Carvalho": "Ines's book" for
"Carvalho's book") is the same person.

A name the document's opening heading in capitals holds ("HARLOW VALE PARISH COUNCIL – PLANNING
COMMITTEE") is the body whose record the document is: what its sentences say its people did
("Motion by Pettifer ... to object") is said inside it, not of someone instead of it.

Left alone: a best sentence that opens with a pronoun ("He played ...": it may mean the
entity), acronyms, lower-case names and demonyms, a name the query already holds, and negated
sentences (the negations checker's). A lower-cased document ("the film , from paragon pictures")
names someone else only with a word the answer writes as a name elsewhere or one standing where
the answer's name stands ("chaired by isabelle mergault"); a title the answer quotes is named by
it.
"""

from __future__ import annotations

import math
import re
from bisect import bisect_left, bisect_right
from functools import cached_property, lru_cache
from typing import Iterable, Iterator, NamedTuple, Optional, Sequence

from raguard.normalize.cues import denies
from raguard.normalize.dates import MONTHS, WEEKDAYS
from raguard.checkers.base import CheckContext, Finding, quote_for_message
from raguard.checkers.quotes import blank_quotations
from raguard.documents import DocumentIndex
from raguard.models import MISATTRIBUTED_CLAIM
from raguard.normalize.bindings import HONORIFICS
from raguard.normalize.entities import LEGAL_FORMS, country_demonyms, demonym_countries, initials
from raguard.normalize.names import inner_name_stems
from raguard.normalize.framing import reporting_stems
from raguard.normalize.pipe_tables import table_at
from raguard.normalize.stems import content_stem, content_stems, stem
from raguard.normalize.text import clause_spans, fold_word
from raguard.normalize.turns import FIRST_PERSON, GROUP_PERSON, OPENERS, SECOND_PERSON, THIRD_PERSON, speaker_at

MIN_SHARED = 3
MIN_SHARE = 0.7
#: A clause that shares fewer words with a document sentence (at least ``MIN_SLOTTED`` and
#: ``MIN_SLOTTED_SHARE`` of them) is read only when that sentence names another in the name's
#: place (:func:`_name_in_slot`: "started by *X*" / "started by *Y*").
MIN_SLOTTED = 2
MIN_SLOTTED_SHARE = 0.5
MAX_CLAUSE_WORDS = 40
_COMMON = 64  # a stem in more sentences of one document than this does not pick candidates

# a sentence that opens with a pronoun may be about the entity ("He is best known for ...")
_OPENING_PRONOUN_RE = re.compile(
    r"^\W*(?:\w+[ \t]+){0,2}?(?:he|she|it|they|his|her|its|their|this|these)\b", re.IGNORECASE
)

# "..., she said": a pronoun speaker may be the entity
_SPEAKER_PRONOUN_RE = re.compile(
    r"\b(?:he|she|they)[ \t]+(?:said|says|told|added|wrote|explained|noted|argued|stated|recalled)\b",
    re.IGNORECASE,
)

# the endings of a sentence's first word that make it a verb's or an adverb's form, not a name
_VERB_ENDINGS = ("ing", "ed", "ly")

# a capitalised word (a name's word, or a sentence's first word), and any word
_CAPITALISED_RE = re.compile(r"[A-Z][\w'’-]*")
_WORD_RE = re.compile(r"[\w'’]+")
# the rest of a field's label after its first word: up to two lower-case words and a colon
# ((?<![ \t]): a run of spaces is tried from its start only)
_LABEL_REST_RE = re.compile(r"(?<![ \t])(?:[ \t]+[a-z][\w-]*){0,2}:(?:[ \t\n]|\Z)")
_HYPHENED_WORD_RE = re.compile(r"[\w'’-]+")  # as _CAPITALISED_RE reads a word: "single-storey"

# a document sentence: (doc index, sentence number in that document)
_Sentence = tuple[int, int]


class AttributionsChecker:
    name = "attributions"
    warning_type = MISATTRIBUTED_CLAIM
    default_severity = "high"
    provides = ("attribution",)
    requires = ("entity",)

    def review(self, ctx: CheckContext, findings: Sequence[Finding]) -> Iterator[Finding]:
        names = [f for f in findings
                 if f.kind == "entity" and f.supported and f.source == "document" and f.evidence is not None]
        if not names or len(ctx.documents) == 0:
            return
        index = _SentenceIndex(ctx)
        answer = _AnswerWords(ctx.response)
        names.sort(key=lambda f: f.start)
        starts = [f.start for f in names]
        for start, end in ctx.sentences:
            first, last = bisect_left(starts, start), bisect_left(starts, end)
            if first == last:
                continue
            sentence = ctx.response[start:end]
            if ctx.response_denies and denies(sentence):
                continue
            # only the clause that holds a name is compared with the documents ("A did X, and B
            # did Y" is two claims), without quotations (the quotes checker's)
            claims = blank_quotations(sentence)
            # what the answer names inside its quotations (a title: '"Starfall" earned ...') is
            # named by it, though not matched; it and the clauses are read for the first name that
            # gets that far (most names of most sentences stop before: pure functions, read later)
            quoted: Optional[frozenset[str]] = None
            clauses: list[tuple[int, int]] = []
            clause_starts: list[int] = []
            clause_stems: dict[int, set[str]] = {}
            clause_names: dict[int, tuple[frozenset[str], ...]] = {}
            for name in names[first:last]:
                text = name.text
                if text.isupper() or not text[:1].isupper() or demonym_countries(text):
                    continue  # acronyms, lower-case names and "French" describe rather than name
                if _found_in_a_value(ctx, name):
                    continue  # "Ksh" found in "Ksh15,000.00": a currency's letters, no one's name
                if _SET_AGAINST_BEFORE_RE.search(ctx.response, max(0, name.start - _SET_AGAINST_REACH), name.start):
                    continue  # "to your wallet rather than your Visa card": what the claim is not of
                name_stems = _stems_at(ctx, name.start, name.end) if ctx.response[name.start:name.end] == text \
                    else content_stems(text)
                if not name_stems or name_stems <= ctx.query_stems:
                    continue
                if not clauses:
                    clauses = _across_brackets(claims, clause_spans(claims))
                    clause_starts = [c[0] for c in clauses]
                k = max(0, bisect_right(clause_starts, name.start - start) - 1)
                if k not in clause_stems:
                    c_start, c_end = clauses[k]
                    clause_stems[k] = (_stems_at(ctx, start + c_start, start + c_end) if claims is sentence
                                       else content_stems(claims[c_start:c_end]))
                rest = clause_stems[k] - name_stems
                if not MIN_SLOTTED <= len(rest) <= MAX_CLAUSE_WORDS:
                    continue  # too little to match, or a run-on no single sentence can state
                c_end = start + clauses[k][1]
                reported = _reports_pronoun(ctx.response[name.end:c_end]) if name.end < c_end else False
                # (the clause's names, read once per clause and only when a document sentence is asked)
                named = _NamedRuns(claims, clauses[k], clause_names, k)
                if quoted is None:
                    quoted = (frozenset(_stems_at(ctx, start, end) - content_stems(claims)) if claims != sentence
                              else frozenset())
                finding = self._check_one(ctx, index, name, rest, name_stems, quoted, answer, reported, named)
                if finding is not None:
                    yield finding

    def _check_one(self, ctx: CheckContext, index: "_SentenceIndex", name: Finding,
                   rest: set[str], name_stems: set[str], quoted: frozenset[str],
                   answer: "_AnswerWords", reported: bool = False,
                   named: "tuple[frozenset[str], ...] | _NamedRuns" = ()) -> Optional[Finding]:
        need = max(MIN_SHARED, MIN_SHARE * len(rest))
        loose = max(MIN_SLOTTED, MIN_SLOTTED_SHARE * len(rest))
        best = index.best(rest, loose)
        if best is None or best[1] < loose:
            return None
        sentence, shared = best
        slotted = shared < need  # shares less: another name must stand where this one does
        own = index.containing(name_stems)
        evidence_sentence = index.of(name.evidence)
        if evidence_sentence is not None:
            own.add(evidence_sentence)
        if sentence in own:
            return None
        if any(index.shared(s, rest) >= min(need, shared) for s in own):
            return None
        if not index.shared_stems(sentence, rest).difference(*named):
            return None  # it shares only the clause's other names ("Venue: Corrigan Arts Centre, ..."): no deed of anyone
        doc_index = sentence[0]
        s_start, s_end = index.span(sentence)
        text = ctx.documents.indexes[doc_index].text
        if _in_title(text, name_stems):
            return None  # the body whose document this is ("HARLOW VALE PARISH COUNCIL"): its people act inside it
        doc_text = text[s_start:s_end]
        if _by_initials(doc_text, _capitalized_run(ctx.response, name.start, name.end)):
            return None  # "DB accepted" for "Daniel Brooks accepted": notes write people by their initials
        if slotted and not _name_in_slot(doc_text, _slot_words(ctx, name), rest | name_stems | quoted, answer):
            return None
        if _OPENING_PRONOUN_RE.match(doc_text) or _SPEAKER_PRONOUN_RE.search(doc_text):
            return None  # "He played Leo Jones", "..., she said": the sentence may be about this very name
        if _described_as(doc_text, _title_before(ctx.response, name.start)):
            return None  # "the referee's report" for "referee P. Lindqvist's report": the answer's own title for the name
        if _found_in_another_form(ctx, name):
            return None  # "Zone 4" found as a log's "Z4": the sentences of that form are not its words
        # the name only reports what a "she" or "they" did, who may be anyone the answer or the
        # query names ("How did Amara do?" ... "Mr Oduya says she has grown in confidence": Amara)
        referents = (answer.names | ctx.query_stems) if reported else frozenset()
        if not _names_another_agent(ctx.documents.indexes[doc_index], s_start, s_end, name.text,
                                    rest | name_stems | quoted, answer, _slot(ctx, name), referents,
                                    named if isinstance(named, tuple) else named.get(),
                                    frozenset(name_stems), _preposition_before(ctx.response, name.start, name.text),
                                    _word_before(ctx.response, name.start)):
            return None  # "the actor", "Maria: I'll bring him": it may be said of this very name
        return Finding(
            kind="attribution",
            warning_type=self.warning_type,
            start=name.start,
            end=name.end,
            text=name.text,
            supported=False,
            value=f"attributed to {name.text}",
            checker=self.name,
            suggestion=(
                f'Document {doc_index} says this of someone else, not of {name.text}: '
                f'"{quote_for_message(doc_text, 100)}"'
            ),
        )


# the lower-case word right before a name, as a title ("referee P. Lindqvist", "engineer Ana Reis")
_TITLE_BEFORE_RE = re.compile(r"(?<![\w'’-])([a-z]{3,})[ \t]+\Z")
# what sets a name against the claim right before it ("rather than your Visa card", "instead of
# Dr Hale", "not Ledbury"): the answer says the claim is not of that name
_SET_AGAINST_BEFORE_RE = re.compile(
    r"\b(?:rather[ \t]+than|instead[ \t]+of|not|never)[ \t]+(?:(?:the|a|an|your|his|her|their|its|our|my)[ \t]+)?\Z",
    re.IGNORECASE)
_SET_AGAINST_REACH = 24


def _title_before(response: str, start: int) -> Optional[str]:
    """The lower-case content word right before the name at ``start`` ("referee" of "referee P.
    Lindqvist's report"), which the answer gives the name as its title; else None."""
    m = _TITLE_BEFORE_RE.search(response, max(0, start - 24), start)
    if m is None or content_stem(m.group(1)) is None:
        return None
    return m.group(1)


def _described_as(doc_sentence: str, title: Optional[str]) -> bool:
    """Does ``doc_sentence`` speak of someone by ``title`` alone ("the referee's report", not
    "the referee, J. Okoye"): a description the answer's title resolves to its name?"""
    if title is None:
        return False
    for m in _THE_WORD_RE.finditer(doc_sentence):
        if m.group(1).casefold() != title.casefold():
            continue
        after = doc_sentence[m.end():m.end() + 40].lstrip(" \t,:(-–")
        if not after[:1].isupper():
            return True
    return False


# "the" and the word after it, perhaps a possessive ("the referee's report")
_THE_WORD_RE = re.compile(r"\bthe[ \t]+([^\W\d_]+)(?:['’]s)?\b", re.IGNORECASE)


def _across_brackets(text: str, clauses: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``clauses`` of ``text`` with a clause that a bracketed aside interrupts made whole again
    ("passed his order picker (D2) conversion with LiftSafe": one clause, the aside inside it),
    where the text after the closing bracket goes on with a content word in lower case (not
    after a comma, nor with "and" or "which", which open a clause of their own)."""
    out: list[tuple[int, int]] = []
    k = 0
    while k < len(clauses):
        start, end = clauses[k]
        while (k + 2 < len(clauses) and text[end:end + 1] == "(" and text[clauses[k + 1][1]:clauses[k + 1][1] + 1] == ")"
               and (on := _GOES_ON_RE.match(text, clauses[k + 2][0])) is not None
               and content_stem(on.group(1)) is not None):
            end = clauses[k + 2][1]
            k += 2
        out.append((start, end))
        k += 1
    return out


#: A company's legal form ("Ltd", "GmbH"), which names no one apart from the name before it.
_LEGAL_FORMS = frozenset(LEGAL_FORMS)
# what goes on after a bracketed aside inside a clause: a space and a lower-case word
_GOES_ON_RE = re.compile(r"[ \t]+([a-z][\w'’-]*)")


def _found_in_another_form(ctx: CheckContext, name: Finding) -> bool:
    """Was the name found only as a document writes it otherwise, sharing none of its words
    ("Z4" for "Zone 4", "AoE" for "Anywhere on Earth")? The sentences that speak of it then
    hold none of its words, so none can be told to be about someone else."""
    if name.evidence is None:
        return False
    doc_index, start, end = name.evidence
    found = [_bare(w) for w in _WORD_RE.findall(ctx.documents.indexes[doc_index].text[start:end])]
    words = [_bare(w) for w in _WORD_RE.findall(name.text)]
    # (a handle or an address that writes the words together, "khatrijewellers", is the name)
    return bool(found) and set(found).isdisjoint(words) and "".join(words) not in "".join(found)


def _bare(word: str) -> str:
    """``word`` folded, without a possessive ("Brennan's" -> "brennan")."""
    return word.casefold().removesuffix("'s").removesuffix("’s")


def _found_in_a_value(ctx: CheckContext, name: Finding) -> bool:
    """Was the name, which has no digit, found in a document's span that has one (its letters
    glued to a number: a currency or a unit, see ``_glued_to_digits`` of the entities checker)?"""
    if name.evidence is None or any(c.isdigit() for c in name.text):
        return False
    doc_index, start, end = name.evidence
    return any(c.isdigit() for c in ctx.documents.indexes[doc_index].text[start:end])


def _capitalized_run(text: str, start: int, end: int) -> str:
    """The name at ``start``..``end`` with the capitalized words right before it ("Rhiannon Veale"
    where NER found "Veale")."""
    m = _CAPITALIZED_BEFORE_RE.search(text, max(0, start - 60), start)
    return text[m.start() if m is not None else start:end]


# capitalized words ending right where a name starts ("Rhiannon " before "Veale")
_CAPITALIZED_BEFORE_RE = re.compile(r"(?<![\w'’])(?:[A-Z][\w'’-]{0,30}[ \t]){1,2}\Z")


def _by_initials(doc_sentence: str, name: str) -> bool:
    """Does the document sentence write the answer's name of two or three words by its initials
    in capitals ("DB" for "Daniel Brooks", a title aside), as minutes and logs write people?"""
    words = [w for w in _WORD_RE.findall(name) if w[:1].isupper() and w.casefold().rstrip(".") not in HONORIFICS]
    letters = initials(words) if 2 <= len(words) <= 3 else None
    if letters is None:
        return False
    at = doc_sentence.find(letters)
    while at >= 0:
        end = at + len(letters)
        if not (at and doc_sentence[at - 1].isalnum()) and not (end < len(doc_sentence) and doc_sentence[end].isalnum()):
            return True
        at = doc_sentence.find(letters, at + 1)
    return False


# a name's verb of speech, then who the reported words are about ("Ms Oduya says [that] she ...")
_SUBJECT_PRONOUNS = frozenset({"he", "she", "they"})


def _reports_pronoun(after: str) -> bool:
    """Does the text right after a name (to its clause's end) report what a third person did:
    a verb of speech or writing (at most two words after the name: "also says", "has noted"),
    an optional "that", then "he", "she" or "they"? The name is the source, not the doer."""
    words = [w.casefold() for w in _WORD_RE.findall(after[:80])][:5]
    reporting = _reporting()
    for i, w in enumerate(words[:3]):
        if stem(w) in reporting:
            rest = words[i + 1:i + 3]
            if rest[:1] == ["that"]:
                rest = rest[1:]
            return bool(rest) and rest[0] in _SUBJECT_PRONOUNS
    return False


@lru_cache(maxsize=1)
def _reporting() -> frozenset[str]:
    return reporting_stems(stem)


def _stems_at(ctx: CheckContext, start: int, end: int) -> set[str]:
    """``content_stems(ctx.response[start:end])``, read from the answer's tokens (see
    :meth:`~raguard.normalize.text.TokenText.span_words`): each name and clause of a long answer
    is not tokenized again."""
    stems = set(map(content_stem, ctx.tokens.span_words([(start, end)])[0]))
    stems.discard(None)
    return stems  # type: ignore[return-value]


class _SentenceIndex:
    """The documents' sentences, looked up through each document's cached stem index (nothing
    here walks a whole document, and with many documents only those holding a stem are asked,
    so a repeated call over large documents stays cheap). A sentence is (doc index, number)."""

    def __init__(self, ctx: CheckContext) -> None:
        self._documents = ctx.documents
        self._docs: dict[int, tuple[list[tuple[int, int]], dict[str, list[int]]]] = {}

    def _doc(self, doc_index: int) -> tuple[list[tuple[int, int]], dict[str, list[int]]]:
        found = self._docs.get(doc_index)
        if found is None:
            found = self._docs[doc_index] = self._documents.indexes[doc_index].sentence_index
        return found

    def _candidates(self, stems: set[str]) -> list[int]:
        """The documents that may hold ``stems``: all, or those the set's lookup maps name."""
        maps = self._documents.maps
        if maps is None:
            return list(range(len(self._documents)))
        return maps.docs_with_stems(stems, 1)

    def span(self, sentence: _Sentence) -> tuple[int, int]:
        doc_index, i = sentence
        return self._doc(doc_index)[0][i]

    def best(self, stems: set[str], need: float) -> Optional[tuple[_Sentence, int]]:
        """The sentence sharing the most ``stems``, when one shares ``need`` or more (else None or
        a lesser one). Candidates come from the rarer stems; a stem found in more than ``_COMMON``
        sentences of a document is only counted for them, so a long document full of "said" costs
        a lookup per candidate, not a pass over its sentences. With lookup maps, only documents
        holding ``need`` of the stems are asked: no sentence of another can reach it."""
        maps = self._documents.maps
        if maps is None:
            docs: Iterable[int] = range(len(self._documents))
        else:
            docs = maps.docs_with_stems(stems, math.ceil(need))
        best: Optional[tuple[_Sentence, int]] = None
        for doc_index in docs:
            by_stem = self._doc(doc_index)[1]
            counts: dict[int, int] = {}
            common = []
            for s in stems:
                ids = by_stem.get(s, ())
                if len(ids) > _COMMON:
                    common.append(ids)
                    continue
                for i in ids:
                    counts[i] = counts.get(i, 0) + 1
            for ids in common:
                for i in counts:
                    j = bisect_left(ids, i)
                    if j < len(ids) and ids[j] == i:
                        counts[i] += 1
            if counts:
                i = min(counts, key=lambda k: (-counts[k], k))
                if best is None or counts[i] > best[1]:
                    best = ((doc_index, i), counts[i])
        return best

    def containing(self, stems: set[str]) -> set[_Sentence]:
        return {(doc_index, i) for doc_index in self._candidates(stems)
                for s in stems for i in self._doc(doc_index)[1].get(s, ())}

    def of(self, evidence: Optional[tuple[int, int, int]]) -> Optional[_Sentence]:
        """The document sentence that holds ``evidence`` (doc index, start, end), if any."""
        if evidence is None:
            return None
        doc_index, start, _ = evidence
        if not 0 <= doc_index < len(self._documents):
            return None
        spans = self._doc(doc_index)[0]
        i = bisect_right(spans, (start, float("inf"))) - 1
        if i >= 0 and spans[i][0] <= start < spans[i][1]:
            return (doc_index, i)
        return None

    def shared(self, sentence: _Sentence, stems: set[str]) -> int:
        doc_index, i = sentence
        by_stem = self._doc(doc_index)[1]
        count = 0
        for s in stems:
            ids = by_stem.get(s, ())
            j = bisect_left(ids, i)
            count += j < len(ids) and ids[j] == i
        return count

    def shared_stems(self, sentence: _Sentence, stems: set[str]) -> set[str]:
        """The ``stems`` the sentence holds."""
        doc_index, i = sentence
        by_stem = self._doc(doc_index)[1]
        out = set()
        for s in stems:
            ids = by_stem.get(s, ())
            j = bisect_left(ids, i)
            if j < len(ids) and ids[j] == i:
                out.add(s)
        return out


def _in_title(text: str, name_stems: set[str]) -> bool:
    """Does the document's first line open with a heading in capitals that holds the name
    ("HARLOW VALE PARISH COUNCIL – PLANNING COMMITTEE" for "Harlow Vale")? The document is that
    body's own record (its minutes, its letter): the people its sentences name act inside it
    ("Motion by Pettifer ... to object" for "the Harlow Vale committee objected"), not instead of it."""
    first = text.lstrip().split("\n", 1)[0]
    m = _HEADING_OPENING_RE.match(first)
    if m is None:
        return False
    return name_stems <= content_stems(m.group().casefold())


def _placed_in(text: str, word: str, name: str) -> bool:
    """Does ``text`` place ``word`` in the country ``name`` ("Iran's holy city of Qom", "Qom,
    Iran", "Qom in northern Iran")? Then the sentence that says it of Qom says it of a place in
    Iran, not of another agent. Only for a country (a name with a demonym): a city or a person
    named beside another is not inside it."""
    if not country_demonyms(name):
        return False
    n, w = re.escape(name), re.escape(word)
    pattern = (rf"\b{n}['’]s(?:[ \t]+[\w-]+){{0,4}}?[ \t]+(?:of[ \t]+)?{w}\b"
               rf"|\b{w},[ \t]+{n}\b"
               rf"|\b{w}[ \t]+(?:is[ \t]+)?(?:a[ \t]+[\w-]+[ \t]+)?in[ \t]+(?:the[ \t]+)?(?:[a-z-]+[ \t]+)?{n}\b")
    return re.search(pattern, text) is not None


def _one_name(text: str, word: str, name: str) -> bool:
    """Does ``text`` write ``word`` right before or after a word of ``name`` as one name ("Dr
    Ines Carvalho": "Ines" and "Carvalho", a middle initial between them allowed)? Then the
    sentence that calls her "Ines" speaks of the answer's "Carvalho", no one else."""
    parts = [p for p in re.split(r"[ \t]+", name.replace("'s", "").replace("’s", "")) if len(p) > 1 and p[:1].isupper()]
    word = word.removesuffix("'s").removesuffix("’s")
    if not parts or word in parts:
        return False
    w = re.escape(word)
    middle = r"[ \t]+(?:[A-Z]\.?[ \t]+)?"
    return any(re.search(rf"(?<![\w'’-]){w}{middle}{re.escape(p)}(?![\w-])|(?<![\w'’-]){re.escape(p)}{middle}{w}(?![\w-])",
                         text) is not None for p in parts)


def _countries_named(sentence: str, clause_stems: set[str]) -> list[str]:
    """The countries ``sentence`` names that the answer's clause names too ("Ploiești, Romania"
    for "made in Romania": a place in a country the answer names is no one else)."""
    return [w for w in _CAPITALISED_RE.findall(sentence)
            if country_demonyms(w) and content_stem(w.casefold()) in clause_stems]


def _slot(ctx: CheckContext, name: Finding) -> tuple[Optional[str], Optional[str]]:
    """The stems of the content words right before and right after ``name`` in the answer
    (None at an end): where the name stands ("chaired by *X*")."""
    toks, stems = ctx.token_list, ctx.token_stems
    inside = ctx.token_range(name.start, name.end)
    before = next((stems[i] for i in range(inside.start - 1, -1, -1) if stems[i] is not None), None)
    after = next((stems[i] for i in range(inside.stop, len(toks)) if stems[i] is not None), None)
    return before, after


def _name_in_slot(sentence: str, slot: "_Slot", clause_stems: set[str], answer: "_AnswerWords") -> bool:
    """Does a capitalized word that the answer's clause lacks and the answer never writes stand
    in the document sentence where the answer's name stands: after the content word before the
    name, or before the one after it, with the same small words between ("started by *X*" /
    "started by *Y*"), not opening the sentence and no pronoun?"""
    words = [(m.start(), m.group(), s) for m in _WORD_RE.finditer(sentence)
             if (s := content_stem(m.group().casefold())) is not None]

    def named(i: int, j: int, gap: Optional[tuple[str, ...]]) -> bool:
        at, word, s = words[i]
        lo, hi = (words[j][0] + len(words[j][1]), at) if j < i else (at + len(word), words[j][0])
        return (word[:1].isupper() and s not in clause_stems and s not in answer.names
                and s not in answer.lower_stems and word.casefold() not in _PERSONS
                and bool(sentence[:at].strip()) and gap is not None and _gap_words(sentence[lo:hi]) == gap)

    for i, (_, _, s) in enumerate(words):
        if slot.before is not None and s == slot.before and i + 1 < len(words) and named(i + 1, i, slot.gap_before):
            return True
        if slot.after is not None and s == slot.after and i > 0 and named(i - 1, i, slot.gap_after):
            return True
    return False


_PERSONS = FIRST_PERSON | SECOND_PERSON | GROUP_PERSON | THIRD_PERSON


def _gap_words(text: str) -> Optional[tuple[str, ...]]:
    """The folded words of ``text`` without honorifics, or None when anything but words and
    spaces is in it (a bracket or a colon parts two words)."""
    out = []
    for w in text.split():
        folded = w.casefold()
        if folded.rstrip(".") in HONORIFICS or folded in ("'s", "’s"):
            continue  # "to Mrs Adebayo" is "to" Adebayo; "Tobi's flat" is Tobi's
        if not w.isalpha():
            return None
        out.append(folded)
    return tuple(out)


class _Slot(NamedTuple):
    """Where a name stands in the answer: the stems of the content words before and after it
    and the small words between them and the name."""

    before: Optional[str]
    gap_before: Optional[tuple[str, ...]]
    after: Optional[str]
    gap_after: Optional[tuple[str, ...]]


def _slot_words(ctx: CheckContext, name: Finding) -> _Slot:
    """The :class:`_Slot` of ``name`` in the answer (see :func:`_slot`)."""
    toks, stems = ctx.token_list, ctx.token_stems
    inside = ctx.token_range(name.start, name.end)
    b = next((i for i in range(inside.start - 1, -1, -1)
              if stems[i] is not None and toks[i].norm.rstrip(".") not in HONORIFICS), None)
    a = next((i for i in range(inside.stop, len(toks)) if stems[i] is not None), None)
    response = ctx.response
    return _Slot(
        None if b is None else stems[b], None if b is None else _gap_words(response[toks[b].end:name.start]),
        None if a is None else stems[a], None if a is None else _gap_words(response[name.end:toks[a].start]))


def _stands_in_slot(sentence: str, slot: tuple[Optional[str], Optional[str]], clause_stems: set[str]) -> bool:
    """Does a word the answer's clause lacks stand in the document sentence where the answer's
    name stands (right after the content word before it, or right before the one after it)?"""
    stems = [s for w in _WORD_RE.findall(sentence) if (s := content_stem(w.casefold())) is not None]
    before, after = slot
    for i, s in enumerate(stems):
        if before is not None and s == before and i + 1 < len(stems) and stems[i + 1] not in clause_stems:
            return True
        if after is not None and s == after and i > 0 and stems[i - 1] not in clause_stems:
            return True
    return False


# words that greet or thank the one spoken to (fewer than OPENERS: "Great Britain" names a place)
_GREETINGS = frozenset({"hi", "hello", "hey", "hiya", "thanks", "dear", "bye", "goodbye", "morning", "afternoon",
                        "evening", "cheers", "congrats", "congratulations", "sorry", "ok", "okay", "yes", "yeah"})


# a message's opening name and the dash after it ("> Priya - Brightwave sent ..."): whom it is to
# (a capital after the dash: the message's own first word; "Basic – £8 – 5 GB" is a list's row)
_ADDRESSED_RE = re.compile(r"[^\w]{0,4}([A-Z][\w'’-]*)[ \t]+[-–—][ \t]+[A-Z]")


def _addressed(sentence: str, m: "re.Match[str]") -> bool:
    """Is the capitalized word ``m`` a message's opening word, a name a dash follows ("Priya -
    Brightwave sent the quote")? It names the one the message is to."""
    if m.start() > 4:
        return False
    found = _ADDRESSED_RE.match(sentence)
    return found is not None and found.start(1) == m.start()


def _after_greeting(sentence: str, pos: int) -> bool:
    """Does the word at ``pos`` follow a greeting ("Hi Dev", "Thanks, Ana")? It names the one
    spoken to."""
    before = sentence[max(0, pos - 12):pos].rstrip(" \t,").rsplit(None, 1)
    return bool(before) and before[-1].casefold().strip(",.!") in _GREETINGS


class _AnswerWords:
    """What the answer's own casing tells about a word, read only when a sentence needs it: the
    stems of the words it writes as names (capitalized inside a sentence), and the words it
    writes in lower case (common words, whatever case a document gives them)."""

    def __init__(self, response: str) -> None:
        self._response = response

    @cached_property
    def names(self) -> frozenset[str]:
        return frozenset(inner_name_stems(self._response))

    @cached_property
    def lower(self) -> frozenset[str]:
        return frozenset(w for w in _HYPHENED_WORD_RE.findall(self._response) if w.islower())

    @cached_property
    def lower_stems(self) -> frozenset[str]:
        """The stems of the words it writes in lower case ("brackets": "bracket"), in any of their forms."""
        return frozenset(s for w in _WORD_RE.findall(self._response) if w.islower() and (s := content_stem(w)) is not None)


def _beside_digit(sentence: str, start: int, end: int) -> bool:
    """Is there a digit within a space and a comma of [start, end) ("12 Dec", "Dec 12,")?"""
    return any(c.isdigit() for c in sentence[max(0, start - 3):start] + sentence[end:end + 3])


def _is_label(sentence: str, end: int) -> bool:
    """Does the word ending at ``end`` start a field's label ("Policyholder: ...", "Travel advice: ...")?"""
    return _LABEL_REST_RE.match(sentence, end) is not None


def _in_capitals_run(sentence: str, m: "re.Match[str]") -> bool:
    """Is the all-capitals word ``m`` beside another ("PORTABLE POWER STATION", "RWY 12/30 CLSD"),
    a dash or other marks between them aside ("POWER STATION — SPECIFICATIONS")? In a heading
    or a shouted line capitals mark no name."""
    # (the three words on each side at most: a split of the whole sentence per word was quadratic)
    before = [w for w in sentence[:m.start()].rsplit(None, 3)[-3:] if _has_letter(w)][-1:]
    after = [w for w in sentence[m.end():].split(None, 3)[:3] if _has_letter(w)][:1]
    return any(len(w) > 1 and w.strip(".,:;—-()").isupper() for w in before + after)


# a line's opening run of two or more words in capitals ("HOME EXERCISE PROGRAMME", "BRACKENFIELD
# BOROUGH COUNCIL"), marks before it allowed
_HEADING_OPENING_RE = re.compile(r"[^\w\n]{0,3}[A-Z][A-Z'’&-]+(?:[ \t]+[A-Z][A-Z'’&-]*)+(?![\w'’])")


def _in_heading(sentence: str, pos: int) -> bool:
    """Is the word at ``pos`` on a heading's line: one that opens with two or more words in
    capitals, with no sentence's end between them and the word ("HOME EXERCISE PROGRAMME – Post
    knee surgery", "BRACKENFIELD BOROUGH COUNCIL   Revenues & Benefits Service")? A heading's
    title capitals mark no one who does a deed."""
    start = sentence.rfind("\n", 0, pos) + 1
    m = _HEADING_OPENING_RE.match(sentence, start)
    if m is None or m.end() > pos:
        return False
    between = sentence[m.end():pos]
    return not any(between.find(mark) >= 0 for mark in (". ", "! ", "? "))


def _has_letter(word: str) -> bool:
    """Does ``word`` hold a letter (not a dash, a bullet or a number alone)?"""
    return any(c.isalpha() for c in word)


def _names_another_agent(document: DocumentIndex, start: int, end: int, name: str,
                         clause_stems: set[str], answer: Optional[_AnswerWords] = None,
                         slot: tuple[Optional[str], Optional[str]] = (None, None),
                         referents: frozenset[str] = frozenset(),
                         named: tuple[frozenset[str], ...] = (),
                         name_stems: frozenset[str] = frozenset(),
                         name_before: Optional[str] = None, word_before: Optional[str] = None) -> bool:
    """Does the document sentence [start, end) name someone the answer's clause does not (and
    that no word of it can stand for ``name``)? See the module docstring. A capitalized word
    names no one when its capitals come from its place: a field's label ("Policyholder:"), a
    sentence's or field's first word that the document or the answer writes in lower case
    ("Early settlement ..."), a heading's or shouted line's capitals ("PORTABLE POWER
    STATION") unless the answer writes it as a name. In a lower-cased document, whose capitals
    cannot mark names, a name is a word the answer capitalizes or a word standing where the
    answer's name stands (``slot``: "chaired by isabelle mergault" / "chaired by François
    Cluzet")."""
    text = document.text
    if answer is None:
        answer = _AnswerWords("")
    if document.lowercased:
        sentence = text[start:end]
        return (any(s not in clause_stems for s in content_stems(sentence) & answer.names)
                or _stands_in_slot(sentence, slot, clause_stems))
    conversation = document.conversation
    turn = None if conversation is None else speaker_at(conversation, start)
    if turn is not None:
        start = max(start, turn.text_start)  # the label is not a word of the claim
    sentence = text[start:end]
    words = [w.casefold() for w in _WORD_RE.findall(sentence)]
    if turn is None:
        if _header_row(text, start, end) or _unrelated_field(sentence, clause_stems):
            return False  # a table's column names, a form's field of another deed: no one does the claim
        if name_stems and not name_stems.isdisjoint(document.stems) and (
                _writer_does(words, clause_stems) or _writer_after(sentence, word_before)):
            # "we have booked ...", "has referred you to us": the writer, who may be the answer's
            # name (its document names it, in part: an e-mail signed "Jake" by Jake Whitlam)
            return False
    elif ((GROUP_PERSON.intersection(words) or _WE_CONTRACTED.intersection(words)) and name_stems
          and not name_stems.isdisjoint(document.stems)
          and conversation is not None and _not_a_speaker(name, conversation.speakers)):
        # a speaker's "we" is the body the speaker talks for ("Skyward Balloons, Priya speaking.
        # ... We'll text you"), which the call names: the answer may name it
        return False
    others = False  # does the sentence name an agent the clause does not?
    if turn is not None and FIRST_PERSON.intersection(words) | GROUP_PERSON.intersection(words):
        others = all(content_stem(w.split()[0].casefold()) not in clause_stems for w in turn.who)  # "I": the speaker
    first_name = len(sentence)  # where the sentence's first name is
    runs: list[tuple[int, int, frozenset[str]]] = []  # the sentence's runs of capitalized words, read when needed
    for m in _CAPITALISED_RE.finditer(sentence):
        word = m.group()
        folded = word.casefold()
        word_stem = content_stem(folded if folded.isascii() else fold_word(folded))  # as the clause's stems
        if word_stem is None or demonym_countries(folded) or folded in FIRST_PERSON:
            continue
        if (m.start() == 0 or sentence[:m.start()].rstrip().endswith((".", "!", "?", ":", '"', "“"))) \
                and (folded in document.raw_words or folded in OPENERS or folded in answer.lower
                     or word_stem in answer.lower_stems or folded.endswith(_VERB_ENDINGS)):
            continue  # a sentence's first word that the document or the answer writes in lower case,
            # a verb's or an adverb's form ("Following your interview", "Early repayment"), or "Hi"
        if _after_greeting(sentence, m.start()) or _addressed(sentence, m):
            continue  # "Hi Dev, my internet ...", "Priya - the quote came": the one spoken to, not an agent of the claim
        if any(c.isdigit() for c in word) or _ROMAN_RE.fullmatch(word):
            continue  # "HH-2026-118834", "TV-200", "movement II": a code, a model or a part's number, no one's name
        if word in _LEGAL_FORMS:
            continue  # "Ltd" of "LiftSafe Ltd": the name before it is who it is (the answer may drop the form)
        bare = folded.removesuffix("'s").removesuffix("’s")
        if bare in WEEKDAYS or bare in MONTHS and _beside_digit(sentence, m.start(), m.end()):
            continue  # "Tue", "Friday's run", "12 Dec": a date (a bare "May" or "June" may be someone)
        if (_is_label(sentence, m.end()) or word.isupper() and _in_capitals_run(sentence, m)
                or _in_heading(sentence, m.start())) and word_stem not in answer.names:
            continue  # "Incident: ...", "PORTABLE POWER STATION", "HOME EXERCISE PLAN – Post ...": capitals that name no one
        first_name = min(first_name, m.start())  # (the first one met)
        if word_stem in referents or _one_name(text, word, name):
            continue  # the one the answer's pronoun stands for; "Ines" of "Dr Ines Carvalho" for "Carvalho"
        if not others and word_stem not in clause_stems and not _placed_in(text, word, name) \
                and not any(_placed_in(text, word, country) for country in _countries_named(sentence, clause_stems)) \
                and not _describes_named(sentence, m, runs, clause_stems, named, answer.names) \
                and not _outside_agent_slot(sentence, m, runs, clause_stems, name_before, answer.names):
            others = True
    if not others:
        return False  # "the actor", a surname, a pronoun: nothing names anyone else
    # a word that may stand for ``name``: resolved, so no one else is named for sure
    folded_name = name.casefold()
    if conversation is not None and turn is not None:
        is_speaker = folded_name in conversation.speakers or folded_name.split()[0] in {
            s.split()[0] for s in conversation.speakers}
        if is_speaker and all(folded_name.split()[0] != w.casefold().split()[0] for w in turn.who):
            if SECOND_PERSON.intersection(words) or GROUP_PERSON.intersection(words):
                return False  # "you" / "we": another speaker
            if any(content_stem(w.split()[0].casefold()) in clause_stems for w in turn.who):
                return False  # "Alex and Jacob plan ..." for "Alex: wanna ...?": the speaker and the one spoken to
        if not is_speaker and THIRD_PERSON.intersection(words):
            return False  # "him": someone the speakers talk about
        return True
    for m in _WORD_RE.finditer(sentence, 0, first_name):
        word = m.group().casefold()
        if word in THIRD_PERSON:
            return False  # a pronoun before any name: it may refer to this one
        if word in SECOND_PERSON and _greets(text, name):
            return False  # a letter's "you" is the one it greets ("Dear Ms Okafor, ... your claim")
    return True


#: The prepositions after which a name is where a deed is done, for whom, of what or by whose
#: rule ("on behalf of Mrs Pardoe", "at Huaxin's plant", "per the AIAG-VDA manual"), not who
#: does it. English prepositions are a closed class; left out are "by" (a passive's doer), "to",
#: "from" and "with" (whom a deed goes to, comes from or is shared with: "awarded to", "a
#: statement from", "co-written with" may be the answer's own deed).
_NON_AGENT_PREPOSITIONS = frozenset("""
of for per on in at into onto under over via after before during since until within without
between among amongst across through throughout behind beside besides near toward towards upon
about against around regarding concerning including except despite like unlike beyond
""".split())
# the word right before a position ("... at "), read back from it
_WORD_BEFORE_RE = re.compile(r"(?<![\w'’-])([^\W\d_]+)[ \t]+$")
# a bracketed acronym right after a run of capitalized words ("Action Priority (AP)")
_ACRONYM_AFTER_RE = re.compile(r"[ \t]*\(([A-Z]{2,6})\)")
# the number right after a run of capitalized words ("Table 1", "Item 5:", "Duval Triangle 1")
_NUMBER_AFTER_RE = re.compile(r"[ \t]+(?:No\.?[ \t]*)?\d")
# what may stand between "we" or "I" and the verb it does ("we have booked", "I will also send")
_WRITER_AUX = frozenset("""
have has had will would shall should can could may might must am are is was were be been do did
also already just then now still 've 'll 'd ’ve ’ll ’d
""".split())
_WRITERS = frozenset({"i", "we", "i've", "we've", "i'll", "we'll", "i'd", "we'd", "i’ve", "we’ve", "i’ll",
                      "we’ll", "i’d", "we’d"})


def _preposition_before(response: str, start: int, text: str) -> Optional[str]:
    """The preposition the answer's name stands after ("at Tarrant's plant": "at"; "Per Rebecca's
    review", the preposition written into the name: "per"), else None."""
    first = text.split(None, 1)[0].casefold() if text.strip() else ""
    if first in _NON_AGENT_PREPOSITIONS:
        return first
    m = _WORD_BEFORE_RE.search(response, max(0, start - 24), start)
    if m is not None and m.group(1).casefold() in _NON_AGENT_PREPOSITIONS:
        return m.group(1).casefold()
    return None


def _outside_agent_slot(sentence: str, m: "re.Match[str]", runs: list[tuple[int, int, frozenset[str]]],
                        clause_stems: set[str], name_before: Optional[str],
                        answer_names: frozenset[str] = frozenset()) -> bool:
    """Does the capitalized word ``m`` of a document sentence stand where no doer of the claim
    stands? Its run of capitalized words ("Mrs Pardoe", "Duval Triangle") stands after a
    preposition that the answer's name does not stand after ("on behalf of Mrs Pardoe we have
    booked" for "Kestrel Lettings has booked", "for Friday's run", "review of Tessaline's
    listing": where, for whom, of what; not who), or is numbered ("Table 1", "Item 5", "Duval
    Triangle 1": a part of a document or a list, no one), or spells out an acronym the clause
    names ("Action Priority (AP)" for a clause naming "AP"). ``runs``: the sentence's runs,
    filled on first use."""
    if not runs:
        runs.extend(_runs(sentence))
    k = bisect_right(runs, (m.start(), len(sentence) + 1)) - 1
    if k < 0 or not runs[k][0] <= m.start() < runs[k][1]:
        run_start, run_end = m.start(), m.end()
    else:
        run_start, run_end = runs[k][0], runs[k][1]
    # a preposition written with a capital inside the run ("For Friday's run"), else the word before it
    inside = [w.casefold() for w in _WORD_RE.findall(sentence, run_start, m.start())]
    preposition = next((w for w in reversed(inside) if w in _NON_AGENT_PREPOSITIONS), None)
    if preposition is None:
        before = _WORD_BEFORE_RE.search(sentence, max(0, run_start - 24), run_start)
        if before is not None and before.group(1).casefold() in _NON_AGENT_PREPOSITIONS:
            preposition = before.group(1).casefold()
    if preposition is not None and preposition != name_before:
        return True
    if _NUMBER_AFTER_RE.match(sentence, run_end) is not None and not any(c.isdigit() for c in sentence[run_start:run_end]):
        return True
    stems = clause_stems | answer_names
    return _spells_acronym(sentence, run_start, run_end, stems) or _acronym_spelt(sentence, m.group(), stems)


def _acronym_spelt(sentence: str, word: str, stems: set[str]) -> bool:
    """Is ``word`` an acronym the sentence spells out, in a bracket after words that ``stems``
    name ("Partial Discharge (PD) ... zone PD" for a clause saying "partial discharge")?"""
    if not (2 <= len(word) <= 6 and word.isalpha() and word.isupper()):
        return False
    at = sentence.find(f"({word})")
    if at < 0:
        return False
    spelt = _WORD_RE.findall(sentence, max(0, at - 80), at)[-len(word):]
    return (len(spelt) == len(word) and "".join(w[0] for w in spelt).upper() == word
            and all(content_stem(w.casefold()) in stems for w in spelt if content_stem(w.casefold()) is not None))


def _spells_acronym(sentence: str, start: int, end: int, stems: set[str]) -> bool:
    """Is the run [start, end) of a sentence followed by a bracketed acronym that ``stems`` name
    and whose letters are the run's initials ("Action Priority (AP)")?"""
    m = _ACRONYM_AFTER_RE.match(sentence, end)
    if m is None or content_stem(m.group(1).casefold()) not in stems:
        return False
    letters = "".join(w[0] for w in _WORD_RE.findall(sentence, start, end))
    return letters.upper().endswith(m.group(1))


# "we" with its auxiliary, as one word ("We'll text you")
_WE_CONTRACTED = frozenset({"we've", "we'll", "we'd", "we're", "we’ve", "we’ll", "we’d", "we’re"})


def _word_before(response: str, start: int) -> Optional[str]:
    """The word right before the answer's name at ``start``, folded ("to" of "to Breathe Easy")."""
    m = _WORD_BEFORE_RE.search(response, max(0, start - 40), start)
    return m.group(1).casefold() if m is not None else None


def _writer_after(sentence: str, preposition: Optional[str]) -> bool:
    """Does the writer stand in ``sentence`` after the word (a preposition) the answer's name
    stands after ("has referred you *to us*" for "referred you to Breathe Easy Homecare")?"""
    if preposition is None:
        return False
    return re.search(rf"\b{re.escape(preposition)}[ \t]+(?:us|me)\b", sentence, re.IGNORECASE) is not None


def _not_a_speaker(name: str, speakers: Iterable[str]) -> bool:
    """Is ``name`` none of a conversation's ``speakers`` (by its first word)?"""
    first = name.casefold().split()[0] if name.split() else ""
    return all(first != s.casefold().split()[0] for s in speakers if s.split())


def _writer_does(words: list[str], clause_stems: set[str]) -> bool:
    """Does a "we" or an "I" do a deed of the clause ("we have booked a sweep")? In a letter or a
    notice that is the writer, who may be the answer's name."""
    for i, w in enumerate(words):
        if w not in _WRITERS:
            continue
        for nxt in words[i + 1:i + 5]:
            if nxt in _WRITER_AUX:
                continue
            if content_stem(nxt) in clause_stems:
                return True
            break
    return False


def _header_row(text: str, start: int, end: int) -> bool:
    """Is [start, end) a table's header row, one line? Of cells split by "|" (as
    :mod:`raguard.normalize.pipe_tables` reads a header, above another row), or of three or more
    split by tabs, with no digit, above a line split the same. Its words name columns, not
    anyone."""
    line = text[start:end].strip()
    if not line or "\n" in line:
        return False
    if line.count("|") >= 2:
        found = table_at(text, start)
        return found is not None and len(found[0].rows) > 1 and found[0].rows[found[1]] is found[0].header
    if any(c.isdigit() for c in line) or len([c for c in line.split("\t") if c.strip()]) < 3:
        return False
    nxt = text[end:end + 2000].lstrip("\r\n").split("\n", 1)[0]
    return nxt.count("\t") >= 2


# a form's field alone on its line: a label of up to three words, a colon, then its value
_FIELD_RE = re.compile(r"[^\w]{0,3}([A-Za-z][\w'’-]*(?:[ \t]+[\w'’-]+){0,2}):[ \t]+(\S.*)")
# an address or a bracket inside a field's value ("<claims@...>", "(publ)")
_VALUE_ASIDE_RE = re.compile(r"<[^<>\n]{0,200}>|\([^()\n]{0,200}\)|(?<!\S)[^\s@]+@\S+")
# the particles a name may hold in lower case ("Banco de la Plaza", "van der Berg")
_NAME_PARTICLES = frozenset("de del della der di da du des la le les van von of the and y e ve & -".split())


#: The most words of a name a field's value may be (a shouted headline after a colon is no name).
_MAX_NAME_WORDS = 6


def _unrelated_field(sentence: str, clause_stems: set[str]) -> bool:
    """Is the sentence a form's field ("From: Customer Relations <claims@...>") whose value is a
    name (at most ``_MAX_NAME_WORDS`` words, each capitalized or a particle) and whose label names
    nothing of the clause? The field says who holds that label ("From", "Shipper"), not who did
    what the answer says."""
    m = _FIELD_RE.fullmatch(sentence.strip())
    if m is None:
        return False
    if not content_stems(m.group(1)).isdisjoint(clause_stems):
        return False
    value = _VALUE_ASIDE_RE.sub(" ", m.group(2))
    words = _HYPHENED_WORD_RE.findall(value)
    return (0 < len(words) <= _MAX_NAME_WORDS
            and all(w[:1].isupper() or w.casefold() in _NAME_PARTICLES or w.isdigit() for w in words))


# a Roman numeral of two letters or more ("movement II", "Part IV", "Henry VIII"): a number
_ROMAN_RE = re.compile(r"(?=[IVX]{2})X{0,3}(?:IX|IV|V?I{0,3})")
# what stands between two words of one name: spaces, after an initial its full stop ("Dr S. Lindqvist")
_IN_NAME_GAP_RE = re.compile(r"[ \t]+|\.[ \t]+")
# what stands between a name and a description of it: an opening bracket ("Bramblefox Trading Co.
# (Kirsty Alcock t/a)"), or a workplace's "of", "at", "from" ("Harriet Soames of Beckwith LLP")
_ASIDE_OPENING_RE = re.compile(r"\.?[ \t]*\(|[ \t]+(?:of|at|from)[ \t]+(?:the[ \t]+)?")


class _NamedRuns:
    """:func:`_name_runs` of one clause of the answer (``clause``: its span in ``claims``), kept in
    ``memo`` by the clause's number ``k`` when first asked."""

    __slots__ = ("_claims", "_clause", "_memo", "_k")

    def __init__(self, claims: str, clause: tuple[int, int], memo: dict[int, tuple[frozenset[str], ...]],
                 k: int) -> None:
        self._claims, self._clause, self._memo, self._k = claims, clause, memo, k

    def get(self) -> tuple[frozenset[str], ...]:
        found = self._memo.get(self._k)
        if found is None:
            found = self._memo[self._k] = _name_runs(self._claims[self._clause[0]:self._clause[1]])
        return found

    def __iter__(self) -> Iterator[frozenset[str]]:
        return iter(self.get())


def _name_runs(text: str) -> tuple[frozenset[str], ...]:
    """The content stems of each run of capitalized words in ``text`` (a clause of the answer):
    the names it writes, each as a set ("Sunita Kaur Bains" -> {"sunita", "kaur", "bain"})."""
    out = []
    for start, end, stems in _runs(text):
        if stems:
            out.append(stems)
    return tuple(out)


def _runs(text: str) -> list[tuple[int, int, frozenset[str]]]:
    """(start, end, content stems) of each run of capitalized words of ``text``, the words joined by
    spaces or an initial's full stop ("GERAINT PAUL ELLERBY", "Dr S. Lindqvist")."""
    out: list[tuple[int, int, frozenset[str]]] = []
    run_start = run_end = -1
    stems: set[str] = set()
    for m in _CAPITALISED_RE.finditer(text):
        gap = _IN_NAME_GAP_RE.fullmatch(text, run_end, m.start()) if run_end >= 0 else None
        if gap is None or (gap.group().startswith(".") and run_end - run_start != 1 and
                           not text[run_end - 1].isupper()):
            if run_end >= 0:
                out.append((run_start, run_end, frozenset(stems)))
            run_start, stems = m.start(), set()
        run_end = m.end()
        folded = m.group().casefold()
        stem_ = content_stem(folded if folded.isascii() else fold_word(folded))
        if stem_ is not None:
            stems.add(stem_)
    if run_end >= 0:
        out.append((run_start, run_end, frozenset(stems)))
    return out


def _describes_named(sentence: str, m: "re.Match[str]", runs: list[tuple[int, int, frozenset[str]]],
                     clause_stems: set[str], named: tuple[frozenset[str], ...],
                     answer_names: frozenset[str] = frozenset()) -> bool:
    """Does the capitalized word ``m`` of a document sentence name someone the answer's clause
    names, or describe them? It does when its run of capitalized words holds a whole name of the
    clause and its other words are names the answer writes too ("GERAINT PAUL ELLERBY" for the
    clause's "Geraint" in an answer that names "Geraint Paul Ellerby": the one person, named in
    full; "Light Green" is no "Green" of an answer that has no "Light"), or
    when its run stands in a bracket or after "of", "at", "from" right behind a run that holds a
    word of the clause ("Bramblefox Trading Co. (Kirsty Alcock t/a)", "Harriet Soames of Beckwith
    Soames LLP" for a clause naming Bramblefox, or Harriet Soames: who runs it, where she works).
    ``runs``: the sentence's runs, filled on first use."""
    if not runs:
        runs.extend(_runs(sentence))
    k = bisect_right(runs, (m.start(), len(sentence) + 1)) - 1
    if k < 0 or not runs[k][0] <= m.start() < runs[k][1]:
        return False
    run_stems = runs[k][2]
    if any(name <= run_stems for name in named) and run_stems <= clause_stems | answer_names:
        return True
    if _opens_with_name(sentence, runs[k], named):
        return True  # "Anatolia Ceramik San.": a name of the clause written in full (a legal name)
    if k == 0:
        return False
    before = runs[k - 1]
    if _opens_with_name(sentence, before, named) and _PARTICLE_GAP_RE.fullmatch(sentence, before[1], runs[k][0]):
        return True  # "Anatolia Ceramik San. ve Tic.": the full name goes on past a particle
    if not before[2] & clause_stems:
        return False
    gap = sentence[before[1]:runs[k][0]]
    return _ASIDE_OPENING_RE.fullmatch(gap) is not None or (
        "(" in gap and ")" not in gap and len(gap) < 40 and gap.index("(") < 3)


# what joins the words of one long name past a particle ("San. ve Tic.", "Smith, Hale & Co"): the
# word "and" of the languages firms are named in (a closed class, as _NAME_PARTICLES)
_PARTICLE_GAP_RE = re.compile(r"[.,]?[ \t]+(?:ve|und|y|e|et|and|&)[ \t]+")


def _opens_with_name(sentence: str, run: tuple[int, int, frozenset[str]], named: tuple[frozenset[str], ...]) -> bool:
    """Does the run of capitalized words open with a whole name of two or more words that the
    clause names, and go on past it ("Anatolia Ceramik San." for the clause's "Anatolia
    Ceramik")? It is that name written in full, not someone else. (A one-word name is left out:
    "Light Green" is no "Green".)"""
    run_start, run_end, run_stems = run
    stems = [content_stem(fold_word(m.group().casefold())) for m in _CAPITALISED_RE.finditer(sentence, run_start, run_end)]
    return any(2 <= len(name) < len(stems) and set(stems[:len(name)]) == name for name in named)


# a letter's or a message's greeting and the name after it ("Dear Ms Okafor,", "Hi Sipho")
_GREETING_RE = re.compile(r"\b(?:Dear|Hi|Hello|Hey)[ \t]+((?:[A-Z][\w'’.-]*[ \t]*){1,4})")


def _greets(text: str, name: str) -> bool:
    """Does the document greet ``name`` (any of its words) as a letter or a message does?"""
    words = {w.casefold() for w in name.replace("'s", "").replace("’s", "").split() if len(w) > 1}
    return any(words.intersection(w.casefold().rstrip(".,") for w in m.group(1).split())
               for m in _GREETING_RE.finditer(text))
