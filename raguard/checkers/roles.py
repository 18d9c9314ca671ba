"""Roles checker: two names the documents give, in each other's place.

"Marcus Ibe interviewed Dana Whitlock" against "Dana Whitlock interviewed Marcus Ibe": both names
are in the document and every word is too, so no other checker objects, yet the answer says the
opposite of who did what to whom. For each pair of names the entities checker found in the
documents, in one answer sentence with words between them (the relation: "interviewed"), a
document sentence holding both names the other way round, with the relation's words between them
too (and at most one more), flags the first name (``misattributed_claim``). A passive on one side
only ("was interviewed by") turns the order round and is read so, and so does a form's label that
names a deed ("Tested by: K. Ito  Approved: Dr R. Vale": Vale is who approved, as "approved by"),
and minutes' fields written without colons ("Proposed Cllr A. Brown, seconded P. Lowe": Lowe
seconded).

A role or a workplace written beside a person's name ("CFO Greg Hollins", "Kobbel founder Lars
Otterstad", "Anil Deshmukh of Castlegate Securities") must be one a document gives that person in
the same clause; when none does and one gives it to someone else, or gives that person another
role ("CFO" for the documents' chief executive), the name is flagged too. Someone else is no
holder when the answer writes that holder's words in lower case (the role's own title: "Site
General Manager" under a signature, for "site general manager Marcus Feltwell"), nor, for a
workplace, when the document writes it beside the workplace with one mark of a list or an
address between ("Organize Sanayi Bölgesi, Eskişehir", "Birch St @ Fulton Ave": one address).

A title of address that says a gender ("Ms. Adeyemi", "Mrs", "Sir", "Dame") before a surname
the documents give only titles of the other gender ("Mr. Adeyemi") is flagged too: the title is
no name, so the entities checker finds the person (a couple, "Mr and Mrs Adeyemi", gives both).

A role the answer binds to a person by the way it is written ("moderated by Priit Kask", "host
Alasdair Crewe", "the technical approver, Ines Carvalho") that the documents bind the same way to
another person of that answer sentence ("Moderator: Henrik Aalto", "HOST (Bridget Nwosu)") and
never to this one is flagged too (see :func:`_bound_elsewhere`).

A person the answer says did something ("Bronwen Price proposed the motion") that the documents
say another person of the same answer sentence did ("Yusuf proposed ...; seconded by Bronwen")
and never say of this one is flagged too: who does a verb is read from the words right around it
(see :func:`_agents_swapped`). In a passive ("Best Painted is now judged by our guest painter Lou
Marsh") the doer is the name after "by", past the words that describe it; the subject is done
to, on the documents' side and the answer's.

Two names of one answer sentence, of any kind, are also read with the words around each, in
the answer and wherever a document gives the name, which finds them where no document sentence
holds both ("The plovers breed in Senegal and winter in Iceland" against "... breeding grounds in
Iceland ... the winter on the coast of Senegal"): each given words the documents give the other
and never it, the first is flagged (:func:`~raguard.checkers.value_swaps.swapped_names`, the
value swaps' labels reading).

Left alone: a document sentence that says it in the answer's order (anywhere in the documents),
names joined by nothing but "and", "with", commas or other names ("Room 2 in Flat 4, Block C":
an address, which "Block C / Flat 4 / Room 2" writes the other way round), and relations that hold both ways ("met",
"married", "played against": :data:`SYMMETRIC`).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from functools import lru_cache
from typing import Iterator, Optional, Sequence

from raguard.checkers.base import CheckContext, Finding, quote_for_message
from raguard.checkers.quotes import blank_quotations
from raguard.checkers.value_swaps import swapped_names
from raguard.documents import DocumentIndex
from raguard.models import MISATTRIBUTED_CLAIM
from raguard.normalize.bindings import HONORIFICS, all_roles, key_base, role_bindings
from raguard.normalize.entities import LEGAL_FORMS
from raguard.normalize.roles import ROLE_ACRONYMS, ROLE_NOUNS
from raguard.normalize.spans import SpanIndex
from raguard.normalize.framing import reporting_stems
from raguard.normalize.stems import content_stem, past_form, stem
from raguard.normalize.text import Token, tokenize
from raguard.normalize.turns import speaker_at

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
_QUOTES = frozenset('"“”«»„')


class RolesChecker:
    name = "roles"
    warning_type = MISATTRIBUTED_CLAIM
    default_severity = "high"
    provides = ("role",)
    requires = ("entity",)

    def review(self, ctx: CheckContext, findings: Sequence[Finding]) -> Iterator[Finding]:
        names = sorted((f for f in findings if f.kind == "entity" and f.supported and f.source == "document"),
                       key=lambda f: f.start)
        if len(ctx.documents) == 0:
            return
        flagged: set[int] = set()
        yield from self._names(ctx, names, flagged)
        yield from _parties_swapped(ctx, names, flagged)
        yield from swapped_names(ctx, names, self.name, self.warning_type, frozenset(flagged))

    def _names(self, ctx: CheckContext, names: list[Finding], flagged: set[int]) -> Iterator[Finding]:
        """The findings on the answer's names: a role given elsewhere, a deed or a role another
        person of the sentence has, two names in each other's place."""
        if not names:
            return
        for name in names:
            found = _role_given_elsewhere(ctx, name) or _title_of_other_gender(ctx, name)
            if found is not None:
                flagged.add(name.start)
                yield found
        if len(names) >= 2:
            for found in _agents_swapped(ctx, names, flagged):
                flagged.add(found.start)
                yield found
        # (one name is enough where a document is a form or a table, whose labels give the holder
        # of its role, one the answer leaves out, and the person's own: a one-name answer is
        # otherwise not read, a cost of ~16 µs on most short answers for no role a prose
        # document binds only so)
        if len(names) >= 2 or any(":" in text or "|" in text for text in ctx.documents.texts):
            for found in _bound_elsewhere(ctx, names, flagged):
                flagged.add(found.start)
                yield found
        if len(names) < 2:
            return
        starts = [s for s, _ in ctx.sentences]
        # each name's stems, from the answer's tokens (read once)
        token_stems = ctx.token_stems
        stems_of = [[st for k in ctx.token_range(f.start, f.end) if (st := token_stems[k]) is not None]
                    for f in names]
        keys = [st[-1] if st else None for st in stems_of]
        for i, first in enumerate(names):
            for j in range(i + 1, len(names)):
                second = names[j]
                if first.start in flagged:
                    break
                if second.start - first.end > _MAX_BETWEEN:
                    break
                if bisect_right(starts, first.start) != bisect_right(starts, second.start):
                    break  # another sentence
                a, b = keys[i], keys[j]
                if a is None or b is None or a == b:
                    continue
                found = _swapped(ctx, first, second, a, b, frozenset(stems_of[i]) | frozenset(stems_of[j]))
                if found is not None:
                    flagged.add(first.start)
                    yield found


# The words that may stand between a doer and its verb ("Luis will send", "for Oona to update",
# "Ana had already paid"): auxiliaries, "to", and a few adverbs of time.
_AUX = ("will|would|shall|should|must|may|might|can|could|had|has|have|was|were|is|are|be|been|to|"
        "also|then|later|did|does|do|already|still|just|first|now")
# a verb right after a name: the next word, past auxiliaries ("Yusuf Demir proposed", "Oona to send")
_VERB_AFTER_RE = re.compile(rf"[ \t]+(?:(?:{_AUX})[ \t]+){{0,3}}([a-z][a-z'’-]+)\b")
# a doer right before a verb, past auxiliaries: a name of up to three words ("@Luis Echeverría
# send") or one word ("Yusuf proposed", "I'll send", "the council paid")
_DOER_BEFORE_RE = re.compile(
    rf"(?<![\w'’.-])((?:[A-Z][\w'’.-]*[ \t]+){{0,2}}[A-Z][\w'’.-]*|[^\W\d_]+)[ \t]+(?:(?:{_AUX})[ \t]+){{0,3}}$")
# a doer right after a passive verb: "seconded by Bronwen", "handed over by the DHL courier",
# "inspected by Highways Inspector K. Dunmore" (a run of capitalized words and initials: a title
# and the name it stands before are one doer)
# (lower-case words between "by" and a name describe it: "judged by our guest painter Lou Marsh")
_DOER_AFTER_RE = re.compile(r"[ \t]+(?:[a-z]+[ \t]+)?by[ \t]+(?:the[ \t]+)?(?:(?:[a-z]+[ \t]+){1,3}(?=[A-Z]))?"
                            r"((?:[A-Z][\w'’-]*\.?[ \t]+){0,4}[A-Z][\w'’-]*|[^\W\d_]+)")
# a form of "be" among the auxiliaries before a verb: with a "by" after it, a passive, whose
# subject is done to ("Best Painted is now judged by Lou Marsh")
_BE_BEFORE_RE = re.compile(r"\b(?:is|are|was|were|be|been|being)\b", re.IGNORECASE)
# the pronouns that stand as a verb's subject
_SUBJECT_PRONOUNS = frozenset({"i", "you", "he", "she", "it", "we", "they"})
# what joins doers into a list: "Ana and Ben sent", "Ana, Ben sent"
_LIST_BEFORE_RE = re.compile(r"(?:\band|\bor|&|,|\bwith)[ \t]*$", re.IGNORECASE)
#: How far back a list of doers is read before its last name.
_LIST_REACH = 60


def _agents_swapped(ctx: CheckContext, names: list[Finding], flagged: set[int]) -> Iterator[Finding]:
    """Findings for names the answer says did something ("Bronwen Price proposed the motion") that
    the documents say another person of the same answer sentence did ("Yusuf proposed ...;
    seconded by Bronwen") and never say of this one, in any form: "N V", "N will V", "V by N", a list of
    doers holding N, or N's own "I"/"we" in a conversation. Verbs of speech are left alone over a
    conversation (a recap restates who said what in many ways)."""
    # (a name is a doer only with a verb right after it: with none such, nothing below is read)
    if not any(_VERB_AFTER_RE.match(ctx.response, n.end) for n in names):
        return
    reporting = _reporting()
    starts = [s for s, _ in ctx.sentences]
    # people: the names NER calls persons and the capitalised runs it missed ("Bronwen Price"),
    # not the places, works and organisations it labels otherwise
    things = SpanIndex((a, b) for a, b, label in ctx.entity_spans if label != "PERSON")
    names = [n for n in names if not things.overlaps(n.start, n.end) and not any(map(str.isdigit, n.text))]
    for name in names:
        if name.start in flagged:
            continue
        m = _VERB_AFTER_RE.match(ctx.response, name.end)
        if m is None or (verb := content_stem(word := m.group(1).lower())) is None:
            continue
        if _LIST_BEFORE_RE.search(ctx.response, max(0, name.start - 6), name.start):
            continue  # "Ana and Ben sent": one of several doers
        if m.start(1) - name.end <= 1 and not past_form(word):
            continue  # a verb, not a noun after the name: "Yusuf proposed", "Oona will send"
        if _BE_BEFORE_RE.search(ctx.response, name.end, m.start(1)) and \
                _DOER_AFTER_RE.match(ctx.response, m.end(1)) is not None:
            continue  # a passive: "The Corran Library was designed by ..." is done to
        if verb in reporting and any(index.conversation is not None for _, index in ctx.documents):
            continue
        sentence = bisect_right(starts, name.start)
        others = [o for o in names if o is not name and bisect_right(starts, o.start) == sentence
                  and _name_words(o.text).isdisjoint(_name_words(name.text))]
        if not others:
            continue
        own = _name_words(name.text)
        other: Optional[tuple[int, Finding, str]] = None
        said_of_name = False
        for doc_index, index in ctx.documents:
            for doers, text in _doers(index, verb):
                if doers is None:
                    continue
                if not own.isdisjoint(doers):
                    said_of_name = True
                    break
                if other is None:
                    o = next((o for o in others if not _name_words(o.text).isdisjoint(doers)), None)
                    if o is not None:
                        other = (doc_index, o, text)
            if said_of_name:
                break
        if said_of_name or other is None:
            continue
        doc_index, o, text = other
        yield _misattributed(name, f"doer: {name.text} / {o.text}",
                             f'Document {doc_index} says {o.text} did it ("{m.group(1)}"), not '
                             f'{name.text}: "{quote_for_message(text, 100)}"')


def _bound_elsewhere(ctx: CheckContext, names: list[Finding], flagged: set[int]) -> Iterator[Finding]:
    """Findings for names the answer binds a role to ("moderated by Priit Kask", "host Alasdair
    Crewe", "the technical approver, Ines Carvalho") that the documents bind to another person
    of the same answer sentence ("Moderator: Henrik Aalto", "HOST (Bridget Nwosu)") and never
    to this one: the two people's roles swapped; or to another person the answer leaves out,
    where the document gives this one another role (:func:`_holder_of_another_role`). The same
    reading binds roles in the documents and in the answer (see
    :mod:`raguard.normalize.bindings`); a deed said in other words ("Aalto moderated") binds no
    role, and a role no document binds is left alone."""
    spans = [(n.start, n.end) for n in names]
    # the roles the answer may bind at all (its widest reading): a document that can key none of
    # them is not read for its bindings (the costly part), which changes nothing found
    asked: set[str] = set()
    heads: set[str] = set()
    widest = role_bindings(ctx.response, spans, None, asked, heads=heads)
    wanted = {key_base(b.key) for b in widest}
    if not wanted:
        return
    # the roles the answer can bind with any vocabulary, the documents' bindings of which are read:
    # the widest reading's, and when a name's first word was read as a title there (the reach
    # before the name then ends after it), those of the reading that takes none as one
    read = frozenset(wanted | {key_base(b.key) for b in role_bindings(ctx.response, spans, None, titles=False)}
                     if heads else wanted)
    by_start = {n.start: n for n in names}
    # each role's holders (their words, their name) and the document
    held: dict[str, list[tuple[frozenset[str], str, int]]] = {}
    labelled_keys: set[str] = set()
    for doc_index, index in ctx.documents:
        if wanted.isdisjoint(index.role_key_bases):
            continue
        for key, name, labelled in index.role_bindings_of(read):  # (no other key meets the answer's)
            words = _person_words(name)
            if words:
                held.setdefault(key, []).append((words, name, doc_index))
            if labelled:
                labelled_keys.add(key)
    if not held:
        return
    starts = [s for s, _ in ctx.sentences]
    vocabulary = frozenset(labelled_keys)
    # (the answer read again with the documents' labels as roles, unless each word the widest
    # reading asked about is a role with them: the same bindings)
    bindings = widest if all_roles(asked, vocabulary) else role_bindings(ctx.response, spans, vocabulary)
    for binding in bindings:
        name = by_start[binding.start]
        if name.start in flagged:
            continue
        holders = held.get(binding.key)
        own = _person_words(name.text)
        if not holders or not own or any(not own.isdisjoint(h) for h, _, _ in holders):
            continue
        sentence = bisect_right(starts, name.start)
        if any(_owns(ctx.response, o, name) and not _person_words(o.text).isdisjoint(h)
               for o in names for h, _, _ in holders):
            continue  # "Javier Ruiz's Visa, which paid": the holder's own card, account or firm does it
        other = next(((o.text, doc_index) for o in names if o is not name and bisect_right(starts, o.start) == sentence
                      and (words := _person_words(o.text)) and words.isdisjoint(own)
                      for h, _, doc_index in holders if not words.isdisjoint(h)), None)
        if other is None:
            other = _holder_of_another_role(ctx, binding.key, own, [(n, d) for _, n, d in holders])
        if other is None:
            continue
        holder, doc_index = other
        if any(doers is not None and not own.isdisjoint(doers)
               for _, index in ctx.documents for doers, _ in _doers(index, binding.key, prose=True)):
            continue  # a document says this person does it, in words of its own ("Ana proposed")
        flagged.add(name.start)
        yield _misattributed(name, f"role: {binding.key}",
                             f"Document {doc_index} gives that role to {holder}, not to {name.text}.")


def _owns(response: str, owner: Finding, name: Finding) -> bool:
    """Does ``owner`` stand in the possessive right before ``name`` ("Javier Ruiz's Visa")?"""
    return (owner.end <= name.start and not response[owner.end:name.start].strip()
            and response[max(owner.start, owner.end - 2):owner.end] in ("'s", "’s"))


def _holder_of_another_role(ctx: CheckContext, key: str, own: frozenset[str],
                            holders: list[tuple[str, int]]) -> Optional[tuple[str, int]]:
    """The holder of the role ``key`` whose document gives the answer's person (``own``, its
    words) another role ("Incident lead | Aiyana Redcloud" and "owner: Kenji Watanabe" against
    "led by Kenji Watanabe"): the two people's roles swapped, though the answer leaves the holder
    out. The holder must be a full name (two capitalized words or more, no possessive): a label
    binds values that are no one ("Breed: Cockapoo")."""
    for holder, doc_index in holders:
        words = holder.split()
        if len(words) < 2 or any(not w[:1].isupper() or w.endswith(("'s", "’s")) for w in words):
            continue
        index = ctx.documents.indexes[doc_index]
        if any(k != key and not own.isdisjoint(_person_words(name)) for k, name, _ in index.role_bindings):
            return holder, doc_index
    return None


def _person_words(name: str) -> frozenset[str]:
    """A name's words (see :func:`_name_words`) without its honorific ("cllr", "prof")."""
    return _name_words(name) - HONORIFICS


@lru_cache(maxsize=4096)
def _name_words(name: str) -> frozenset[str]:
    """The folded words of a name that can stand for it alone ("yusuf", "demir"; not "the", "of")."""
    return frozenset(t.norm for t in tokenize(name) if len(t.norm) > 2 and content_stem(t.norm) is not None)


def _doers(index: DocumentIndex, verb: str, prose: bool = False) -> Iterator[tuple[Optional[frozenset[str]], str]]:
    """For each word of stem ``verb`` in the document's sentences: who does it (the folded words
    of the doer before it, of the list of doers it ends, of its passive "by", or of the speaker
    of an "I"/"we"; None when none is found) and the sentence."""
    spans, by_stem = index.sentence_index
    conversation = index.conversation
    for k in by_stem.get(verb, ()):
        lo, hi = spans[k]
        text = index.text[lo:hi]
        for tok in tokenize(text):
            if content_stem(tok.norm) != verb or (prose and not text[tok.start].islower()):
                continue  # (prose: a verb in a clause, not a form's label, "Approved: Dr S. Vale")
            doers: set[str] = set()
            before = _DOER_BEFORE_RE.search(text, max(0, tok.start - 48), tok.start)
            after = _DOER_AFTER_RE.match(text, tok.end)
            if before is not None and after is not None and _BE_BEFORE_RE.search(text, before.end(1), tok.start):
                before = None  # a passive: its doer is the one after "by"
            if before is not None:
                word = before.group(1).lower()
                if word in ("i", "i'll", "we", "we'll") and conversation is not None:
                    turn = speaker_at(conversation, lo + before.start(1))
                    if turn is not None:
                        doers |= frozenset().union(*map(_name_words, turn.who))
                elif word not in _SUBJECT_PRONOUNS and _LIST_BEFORE_RE.search(text, max(0, before.start(1) - 6),
                                                                             before.start(1)):
                    # (a pronoun ends no list of doers: "DRUMMOND: done, you buy 7mm" is bought by "you")
                    doers |= {t.norm for t in tokenize(text[max(0, before.start(1) - _LIST_REACH):before.end(1)])}
                else:
                    doers |= {t.norm for t in tokenize(word)}
            if after is not None:
                doers.update(t.norm for t in tokenize(after.group(1)))
            yield (frozenset(doers) if doers else None), text


@lru_cache(maxsize=1)
def _reporting() -> frozenset[str]:
    return reporting_stems(stem)


# the word right before a name ("founder Signe Holm"), and a workplace right after one ("Anil
# Deshmukh of Northway Partners")
# ((?<!...): a word is tried from its first letter only, so a long text is scanned once)
_WORD_BEFORE_RE = re.compile(r"(?<![A-Za-z-])([A-Za-z-]+)[ \t]+$")
# (lower-case particles may join its words, "Château de la Roche", "Bank of Estonia": cut
# at it, the workplace would be its first word, a common noun any clause may hold)
_WORKPLACE_AFTER_RE = re.compile(
    r"(?<![ \t])[ \t]+(?:of|with|from|at)[ \t]+((?:[A-Z][\w&'’-]*)"
    r"(?:[ \t]+(?:(?:de|des|du|del|della|der|di|da|van|von|la|le|les|of|the)[ \t]+){0,2}[A-Z][\w&'’-]*){0,3})")


def _role_given_elsewhere(ctx: CheckContext, name: Finding) -> Optional[Finding]:
    """The finding for a person the answer gives a role ("CFO Greg Hollins", "Kobbel founder
    Signe Holm") or a workplace ("Anil Deshmukh of Castlegate Securities") that no document gives
    that person and a document gives someone else, in the same clause (see
    :mod:`raguard.normalize.roles`). A role the documents write in other words, or give no one,
    is left alone."""
    words = name.text.split()
    role: Optional[str] = None
    workplace = False  # a workplace after the name ("of Castlegate Securities"), not a role
    if len(words) > 2 and words[0] in ROLE_ACRONYMS:
        role, words = words[0], words[1:]
    else:
        before = _WORD_BEFORE_RE.search(ctx.response, max(0, name.start - 24), name.start)
        after = _WORKPLACE_AFTER_RE.match(ctx.response, name.end)
        if before is not None and (before.group(1) in ROLE_ACRONYMS or before.group(1) in ROLE_NOUNS):
            role = before.group(1)
        elif after is not None:
            role, workplace = after.group(1), True
    if role is None or len(words) < 2 or not all(w[:1].isupper() for w in words):
        return None  # a full name only: a surname alone may be anyone's
    if words[-1].rstrip(",.") in LEGAL_FORMS:
        return None  # "Fernmoss Outdoor Ltd of Hebden Bridge": a company, and the town it is in
    surname = words[-1].rstrip(",.").removesuffix("'s").removesuffix("’s")
    if not surname:
        return None
    holder: Optional[tuple[int, str]] = None
    lower = {w for w in _ANSWER_WORD_RE.findall(ctx.response) if w.islower()}
    for doc_index, index in ctx.documents:
        if index.roles.gives(role, surname):
            return None
        if holder is None:
            # (not a holder: the role's own title words the answer writes in lower case, "Site
            # General Manager" for "site general manager"; a place written beside a workplace with
            # nothing but a mark between, "Organize Sanayi Bölgesi, Eskişehir", "Birch St @
            # Fulton Ave": one address, no one who works there)
            others = [h for h in index.roles.holders(role) if surname not in h and h not in role
                      and not all(w.casefold() in lower for w in h.split())
                      and not (workplace and _beside(index.text, h, role))]
            if others:
                holder = (doc_index, others[0])
    if holder is None and role in ROLE_ACRONYMS:
        # "CFO Dorothea Vance" where a document calls her its chief executive: another role is hers
        for doc_index, index in ctx.documents:
            given = next((r for r in ROLE_ACRONYMS if r != role and index.roles.gives(r, surname)), None)
            if given is not None:
                return _misattributed(name, f"role: {role}",
                                      f'Document {doc_index} gives {" ".join(words)} the role "{given}", not "{role}".')
    if holder is None:
        return None
    doc_index, other = holder
    return _misattributed(name, f"role: {role}",
                          f'Document {doc_index} gives "{role}" to {other}, not to {" ".join(words)}.')


_ANSWER_WORD_RE = re.compile(r"[^\W\d_][\w'’-]*")

#: Titles of address that say a person's gender ("Ms. Okafor" is a woman, "Mr. Okafor" a man).
_GENDER_OF_TITLE = {"mr": "m", "sir": "m", "lord": "m", "mrs": "f", "ms": "f", "miss": "f", "dame": "f", "lady": "f"}
_TITLES = "|".join(_GENDER_OF_TITLE)
# a gendered title right before a name, or opening it ("Ms. ", "MRS ")
_TITLE_BEFORE_RE = re.compile(rf"(?<![\w'’-])({_TITLES})\.?[ \t]+\Z", re.IGNORECASE)
_TITLE_OPENS_RE = re.compile(rf"({_TITLES})\.?[ \t]+(?=[^\W\d_])", re.IGNORECASE)
# a document's title and the one or two words after it ("Mr. Okafor", "MR J. OKAFOR"); a couple
# shares the surname: "Mr and Mrs Okafor", "Mr & Mrs Okafor" give both titles
_TITLED_RE = re.compile(rf"(?<![\w'’-])({_TITLES})\.?(?:[ \t]+(?:and|&)[ \t]+({_TITLES})\.?)?[ \t]+"
                        rf"([^\W\d_][\w'’.-]*)(?:[ \t]+([^\W\d_][\w'’-]*))?", re.IGNORECASE)


def _title_of_other_gender(ctx: CheckContext, name: Finding) -> Optional[Finding]:
    """The finding for a person the answer addresses by a title of one gender ("Ms. Okafor")
    whose surname the documents give only titles of the other ("Mr. Okafor", "MR OKAFOR"): the
    title is no name, so the entities checker finds the person, yet the answer says who it is
    wrong. Documents that give the surname both ("Mr and Mrs Okafor") or none are left alone."""
    opens = _TITLE_OPENS_RE.match(name.text)
    before = None if opens else _TITLE_BEFORE_RE.search(ctx.response, max(0, name.start - 8), name.start)
    title = opens or before
    if title is None:
        return None
    words = name.text.removesuffix("'s").removesuffix("’s").split()
    surname = words[-1].strip(".,") if words else ""
    if len(surname) < 2 or not surname[:1].isalpha():
        return None
    wanted = _GENDER_OF_TITLE[title.group(1).lower()]
    folded = surname.casefold()
    given: dict[str, str] = {}
    for doc_index, index in ctx.documents:
        for m in _TITLED_RE.finditer(index.text):
            first, second = m.group(3).casefold(), (m.group(4) or "").casefold()
            if folded not in (first, second):
                continue
            said = m.group(0) if folded == second else m.group(0)[:m.end(3) - m.start()]
            for title_word in filter(None, m.group(1, 2)):
                given.setdefault(_GENDER_OF_TITLE[title_word.lower()], f'document {doc_index}: "{said}"')
    if not given or wanted in given:
        return None
    said = next(iter(given.values()))
    return _misattributed(name, f"title: {title.group(1)}",
                          f'The answer calls them "{title.group(0).strip()} {name.text[title.end():] if opens else name.text}"; '
                          f'the documents give this person another title ({said}).')


def _beside(text: str, a: str, b: str) -> bool:
    """Does ``text`` write the names ``a`` and ``b`` side by side, either first, with one mark of a
    list or an address between them (a comma, "@", "/", a dash) once the first name's own
    capitalized words end ("Organize Sanayi Bölgesi, Eskişehir", "Birch St @ Fulton Ave")? (A
    bracket says whose the name is: "Mateus Bezerra (Verdant Cloud)".)"""
    tail = r"(?:[ \t]+[A-Z][\w'’.-]*)*[ \t]*[,@/&|·–—-][ \t]*"
    return any(re.search(rf"(?<![\w'’-]){re.escape(x)}{tail}{re.escape(y)}(?![\w'’-])", text) is not None
               for x, y in ((a, b), (b, a)))


def _misattributed(name: Finding, value: str, suggestion: str) -> Finding:
    """The roles checker's finding on the answer's ``name``."""
    return Finding(kind="role", warning_type=MISATTRIBUTED_CLAIM, start=name.start, end=name.end, text=name.text,
                   supported=False, value=value, checker=RolesChecker.name, suggestion=suggestion)


@lru_cache(maxsize=4096)
def _last_word(name: str) -> str:
    """The name's last word, folded ("ibe" for "Marcus Ibe's")."""
    words = [t.norm for t in tokenize(name)]
    return words[-1] if words else ""


# a party the answer names by a common noun: "the provider", "the vet", "the council"
# (its "he" first, a literal re finds by a fast search, then the "T" or "t" and the character
# before it behind: the same noun groups as "(?<![\w'’-])[Tt]he[ \t]+...", which re tried at
# every position of the answer)
_THE_NOUN_RE = re.compile(r"he(?<=[Tt]he)(?<![\w'’-][Tt]he)[ \t]+([a-z][a-z-]{2,})(?![\w'’-])")


def _parties_swapped(ctx: CheckContext, names: list[Finding], flagged: set[int]) -> Iterator[Finding]:
    """Findings for two parties the answer names by a common noun or a name ("the provider paid
    the plan", "the council has paid the contractor, Fellside Civils") that a document sentence
    holds the other way round with the same relation between them ("Plan paid to provider",
    "The contractor, Fellside Civils, has paid the council"), and none the answer's way: the
    names' pairs read by :func:`_swapped`, with a party named by its noun."""
    parties = [Finding(kind="party", warning_type=MISATTRIBUTED_CLAIM, start=m.start(1), end=m.end(1),
                       text=m.group(1), supported=True) for m in _THE_NOUN_RE.finditer(ctx.response)
               if content_stem(m.group(1)) is not None]
    if not parties:
        return
    names = [n for n in names if not any(map(str.isdigit, n.text))]
    everyone = sorted([*parties, *names], key=lambda f: f.start)
    starts = [s for s, _ in ctx.sentences]
    texts = {f.start: f.text for f in everyone}  # (the last at a start, as each pair reads it)
    stems: dict[int, Optional[str]] = {}  # (each party's stem, read when a pair first asks)
    for i, first in enumerate(everyone):
        for second in everyone[i + 1:]:
            if first.start in flagged:
                break
            if second.start - first.end > _MAX_BETWEEN:
                break
            if bisect_right(starts, first.start) != bisect_right(starts, second.start):
                break
            if first.kind != "party" and second.kind != "party":
                continue  # two names: the pair loop's
            a = stems[first.start] if first.start in stems else stems.setdefault(first.start, _party_stem(texts[first.start]))
            b = stems[second.start] if second.start in stems else stems.setdefault(second.start, _party_stem(texts[second.start]))
            if a is None or b is None or a == b or second.start < first.end:
                continue
            between = ctx.response[first.end:second.start]
            # (the pattern tries every position of the stretch; most hold no "by" at all)
            if "by" in between and _BY_WORD_RE.search(between) and not _BY_END_RE.search(between):
                continue  # a "by" of time or means ("by Friday at the latest"), not the doer's
            # (no deed between them, "the exclusive lock on the offsite repository", is asked by
            # _swapped once a document sentence holds both and the relation: most pairs stop before)
            found = _swapped(ctx, first, second, a, b, frozenset((a, b)), needs_verb=True)
            if found is not None:
                flagged.add(first.start)
                yield found


_BY_WORD_RE = re.compile(r"\bby\b")
# a passive's "by" right before the second party: "was paid by the "
_BY_END_RE = re.compile(r"\bby[ \t]+(?:the[ \t]+)?$")


_AUX_WORDS = frozenset(_AUX.split("|")) - {"also", "then", "later", "already", "still", "just", "first", "now"}


def _has_verb(text: str) -> bool:
    """Does ``text`` hold a verb: a past form ("paid", "returned") or a word after an auxiliary
    ("must return", "will pay", "to send")?"""
    words = [t.norm for t in tokenize(text)]
    return any(past_form(w) or (k > 0 and words[k - 1] in _AUX_WORDS and content_stem(w) is not None)
               for k, w in enumerate(words))


@lru_cache(maxsize=4096)
def _party_stem(text: str) -> Optional[str]:
    """A party's stem: a noun's own, a name's last word's."""
    words = [t.norm for t in tokenize(text)]
    return content_stem(words[-1]) if words else None


@lru_cache(maxsize=1024)
def _word_pattern(word: str) -> re.Pattern[str]:
    """A name's word as a whole word, any case (compiled once per word)."""
    return re.compile(rf"(?<!\w){re.escape(word)}(?!\w)", re.IGNORECASE)


def _find(text: str, word: str, key: str) -> Optional[Token]:
    """The first word of ``text`` that is ``word`` (found as written: no tokenizing of the
    sentence) or, failing that, whose stem is ``key``."""
    m = _word_pattern(word).search(text) if word else None
    if m is not None:
        return Token(word, m.start(), m.end())
    return next((t for t in tokenize(text) if content_stem(t.norm) == key), None)


# a bracketed aside between two names ("Sven Kuipers (Team Altamar), who outsprinted ..."): a
# description of the first, not the relation
_ASIDE_RE = re.compile(r"\([^()]{0,60}\)")
# an appositive right after the first party: "The contractor, Fellside Civils, has paid"
_APPOSITIVE_RE = re.compile(r"^[ \t]*,[^,;]{1,40},")


# a field's label before the name that fills it: up to three words and a colon, then at most a
# title and initials ("Approved: Dr S. ", "Signed off by: ")
_LABEL_BEFORE_RE = re.compile(r"(?<![\w'’-])([A-Za-z][\w'’-]*(?:[ \t]+[a-z]+){0,2}):[ \t]+(?:[A-Z][a-z]{0,3}\.?[ \t]+){0,3}$")


def _labelled_doer(text: str, start: int, end: int, relation: list[str]) -> bool:
    """Does ``text[start:end]`` (between two names of a document sentence) end in a form's label
    that names a deed, a verb's past form, its "-ing" noun or a "by" ("Approved:", "Signed off
    by:", "Tech editing:"), holding the relation's first word? The name after it is the one who
    did it, as after "approved by" ("Design: H. Penrose · Tech editing: M. Odell" says Odell
    edited, as the answer's "tech-edited by Odell" does). A label naming a person's standing
    ("Tenant:") is no deed, nor one whose "-ing" word only qualifies the noun it ends in
    ("Weathering grade: W2" names a grade)."""
    m = _LABEL_BEFORE_RE.search(text, start, end)
    if m is None:
        return False
    words = m.group(1).lower().split()
    last = words[-1]
    return ((any(past_form(w) or w == "by" for w in words) or (last.endswith("ing") and len(last) > 5))
            and any(content_stem(w) == relation[0] for w in words))


# minutes' fields written without colons, each a deed's past form before the one who did it:
# "Proposed Revd N. Osei, seconded M. Trent" (at most three words of the name before its last)
_FIELD_OPENS_RE = re.compile(r"(?:^|(?<=\n))[ \t]*([A-Za-z]+)[ \t]+(?:[A-Z][\w'’.-]*[ \t]+){0,3}$")
_FIELD_BETWEEN_RE = re.compile(r"^[ \t]*[,;][ \t]*([a-z]+)[ \t]+(?:[A-Z][\w'’.-]*[ \t]+){0,3}$")


def _participle_fields(text: str, head_start: int, head_end: int, tail_start: int, relation: list[str]) -> bool:
    """Does the document sentence ``text`` write two fields of minutes without colons, a deed's past
    form before each name ("Proposed Revd Nadia Osei, seconded M. Trent"), the second deed the
    relation's first word? Each name is then the one who did its deed, as after "by"."""
    between = _FIELD_BETWEEN_RE.match(text[head_end:tail_start])
    if between is None or not past_form(between.group(1).lower()) or content_stem(between.group(1).lower()) != relation[0]:
        return False
    opens = _FIELD_OPENS_RE.search(text[:head_start])
    return opens is not None and past_form(opens.group(1).lower())


def _relation(text: str, names: frozenset[str]) -> tuple[list[str], bool]:
    """The content stems between two names (the names' own, quoted titles and bracketed asides
    left out), and whether a passive "by" is among the words."""
    stems, by = _relation_words(text)
    return [s for s in stems if s not in names], by


@lru_cache(maxsize=2048)
def _relation_words(text: str) -> tuple[tuple[str, ...], bool]:
    """:func:`_relation` before the names' stems are left out (read once per text: a document's
    stretch between two names is asked again by every answer that names them)."""
    text = _ASIDE_RE.sub(" ", blank_quotations(text))
    text = _APPOSITIVE_RE.sub(" ", text, count=1)
    words = [t.norm for t in tokenize(text)]
    return tuple(s for w in words if (s := content_stem(w)) is not None), "by" in words


def _swapped(ctx: CheckContext, first: Finding, second: Finding, a: str, b: str,
             name_stems: frozenset[str], needs_verb: bool = False) -> Optional[Finding]:
    """The finding for ``first`` when a document says the relation between it and ``second`` (found
    by the stems ``a`` and ``b``; ``name_stems``: both names' stems) the other way round, and none
    says it the answer's way. ``needs_verb``: none unless the words between them hold a verb
    (:func:`_has_verb`, read only once a document sentence may hold the swap: both tests are
    pure, so their order changes nothing found)."""
    between = ctx.response[first.end:second.start]
    if ";" in between:
        return None
    if _QUOTES.isdisjoint(between):  # (most: the answer's own tokens and stems serve)
        numbers = ctx.token_range(first.end, second.start)
        relation = [st for k in numbers if (st := ctx.token_stems[k]) is not None and st not in name_stems]
        passive = any(ctx.token_list[k].norm == "by" for k in numbers)
        if all(ctx.response[ctx.token_list[k].start].isupper() for k in numbers
               if (st := ctx.token_stems[k]) is not None and st not in name_stems):
            return None  # only names between them ("Room 2 in Flat 4, Block C"): a list or an address, no deed
    else:
        relation, passive = _relation(between, name_stems)
    if not relation or relation[0] in SYMMETRIC or len(relation) > _MAX_RELATION:
        return None  # "A and B", "A met B"; a long stretch between them is no one relation
    # the documents' sentences that hold both names and the relation's first word, from the
    # sentence indexes (only those are read word by word)
    holding: list[tuple[int, DocumentIndex, int]] = []
    for doc_index, index in ctx.documents:
        by_stem = index.sentence_index[1]
        with_a, with_b, with_verb = by_stem.get(a), by_stem.get(b), by_stem.get(relation[0])
        if with_a and with_b and with_verb:
            holding.extend((doc_index, index, k) for k in sorted(set(with_a).intersection(with_b, with_verb)))
    if not holding or (needs_verb and not _has_verb(between)):
        return None
    swap: Optional[tuple[int, str]] = None
    word_a, word_b = _last_word(first.text), _last_word(second.text)
    for doc_index, index, k in holding:
        lo, hi = index.sentence_index[0][k]
        text = index.text[lo:hi]
        pos_a, pos_b = _find(text, word_a, a), _find(text, word_b, b)
        if pos_a is None or pos_b is None:
            continue
        head, tail = (pos_a, pos_b) if pos_a.start < pos_b.start else (pos_b, pos_a)
        if tail.start - head.end > _MAX_BETWEEN:
            continue
        d_relation, d_passive = _relation(text[head.end:tail.start], name_stems)
        # a form's field ("Tested by: K. Adeyemi  Approved: Dr S. Lindqvist"): the name after a
        # label names who did what the label says, as "approved by" would
        d_passive = (d_passive or _labelled_doer(text, head.end, tail.start, relation)
                     or _participle_fields(text, head.start, head.end, tail.start, relation))
        # the same relation: its words and at most one more ("interviewed" / "interviewed at
        # length"), not a stretch that merely holds the verb ("my name is Sarah and I am calling
        # from")
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
    return _misattributed(first, f"roles: {first.text} / {second.text}",
                          f'Document {doc_index} says it the other way round, of {second.text} and {first.text}: '
                          f'"{quote_for_message(text, 100)}"')
