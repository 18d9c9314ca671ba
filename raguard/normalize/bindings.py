"""Roles a text binds to the names in it: the same reading for a document and an answer.

A role is bound to a name by the way it is written next to it, whatever the role:

- a form's label: "Moderator: Henrik Aalto", "Technical approver ..... Bruno Leitão", "HOST (Bridget
  Nwosu)", "[Agent – Saoirse]", "(owner: Kenji Watanabe"; a table's column header, or a two-cell
  row's first cell ("| Incident lead | Aiyana Redcloud |": :func:`table_bindings`);
- a passive "by": "Maintained by Ruth Mwangi", "Requested by: Ines Carvalho", "moderated by Priit Kask";
- a role in brackets after the name: "Jade Foster (head coach)", "Josiah Brearley (Vendor)";
- a role noun beside the name: "partner Owen Matsuda", "the head referee, Kim Sato", "Owen Matsuda,
  associate", "Halvorsen Therapeutics as the CRO", "her promotor is Dr Sabine Ekwueme".

The role is read by its head word's stem, so a label and a verb of one deed meet ("Moderator" /
"moderated by", "Proposed:" / "proposed by", "Approver" / "approved by"), while the one a deed is
done to stays apart ("Assignee" / "assigned"). A role noun written bare beside a name (the last
group above) counts only when it is a role: a known role noun (:data:`ROLE_NOUNS`), or a word the
text's own labels and brackets use as one (``vocabulary``); a verb before a name ("told Daniela")
is no role.
"""

from __future__ import annotations

import re
from typing import Callable, Container, Iterable, NamedTuple, Optional

from raguard.normalize.pipe_tables import tables as pipe_tables
from raguard.normalize.roles import ROLE_ACRONYMS, ROLE_NOUNS
from raguard.normalize.stems import content_stem, past_form


class Binding(NamedTuple):
    """A role (its head word's stem, a verb's with its preposition: "assign/to") bound to the name
    at ``start:end``, and whether a label or bracket bound it (``labelled``)."""

    key: str
    start: int
    end: int
    labelled: bool


# A title and initials between a role and a name ("Consultant: Dr T. Okonkwo", "Promotor: Prof.
# dr. ir. Hendrik Vos"): honorifics are a closed class; initials are one capital and a dot.
_TITLE = r"(?:(?:Dr|Prof|Mr|Mrs|Ms|Mx|Miss|Cllr|Sir|Dame|Rev|Hon|dr|ir|prof)\.?[ \t]+|[A-Z]\.[ \t]*)"
_WORD = r"[^\W\d_][\w'’/-]*"
# a label closing right before the name: up to four words at a line's or a field's start, then a
# colon or a run of dots ("Assigned to: ", "Technical approver .... ")
_LABEL_RE = re.compile(
    rf"(?:^|(?<=[|·•;\t\n(])|(?<=[ \t][ \t])|(?<=[.)\]\"”][ \t]))[ \t]*({_WORD}(?:[ \t]+{_WORD}){{0,3}})[ \t]*"
    rf"(?::|\.{{3,}}[ \t.]*)[ \t]*{_TITLE}{{0,4}}$")
# a role opening a bracket that the name fills: "HOST (", "[Agent – "
# (at a line's or field's start, or after a time stamp's bracket: "[14:02] Agent (Daniela):")
_BRACKET_OPEN_RE = re.compile(
    rf"(?:^|(?<=[|·•;\t\n\[])|(?<=[ \t][ \t])|(?<=\][ \t]))({_WORD}(?:[ \t]+{_WORD}){{0,3}})[ \t]*(?:\(|[ \t]*[–—][ \t]*){_TITLE}{{0,4}}$")
_BRACKET_CLOSE_RE = re.compile(r"[ \t]*[)\]]")
# a passive's doer: "maintained by ", "Requested by: "
# (past a role between: "deployed by the on-call, "; the past form is read among the words before)
_BY_RE = re.compile(
    rf"(?<![\w'’-])((?:[A-Za-z][\w'’-]*[ \t]+){{1,4}})by:?[ \t]+(?:(?:the|our|its|their|his|her)[ \t]+(?:{_WORD}[ \t]+){{0,2}}{_WORD},[ \t]+)?"
    rf"{_TITLE}{{0,4}}$", re.IGNORECASE)
# a role noun before the name: "the head referee, ", "partner ", "her promotor is "
_APPOSITIVE_BEFORE_RE = re.compile(
    rf"(?<![\w'’-])(?:the|our|its|their|his|her|your|my)[ \t]+((?:{_WORD}[ \t]+){{0,2}}{_WORD}),[ \t]+{_TITLE}{{0,4}}$",
    re.IGNORECASE)
_BARE_BEFORE_RE = re.compile(rf"(?<![\w'’-])({_WORD})[ \t]+(?:(?:is|was|will[ \t]+be)[ \t]+)?{_TITLE}{{0,4}}$")
# a role after the name: " (head coach)", ", associate", " as the CRO"
_BRACKET_AFTER_RE = re.compile(r"[ \t]*\(((?:[^\W\d_][\w'’-]*[ \t]+){0,2}[^\W\d_][\w'’-]*)\)")
# (a determiner or an "of" says the words are a role: "Sipho, the Head of Analytics", "Ann
# Lee, Director of Grants")
_APPOSITIVE_AFTER_RE = re.compile(
    rf",[ \t]+((?:the|our|its|their|his|her|your|my)[ \t]+)?((?:{_WORD}[ \t]+){{0,2}}{_WORD})(?=[ \t]*(?:[,.;:<(\n]|$))")
# a relative clause's deed: ", who proposed the motion", ", who had chaired it", ", which holds the"
_WHO_AFTER_RE = re.compile(r",[ \t]+(?:who|which)[ \t]+(?:(?:had|has|have)[ \t]+)?([a-z][\w-]*)")
_AS_AFTER_RE = re.compile(rf"[ \t]+as[ \t]+(?:(?:the|its|their|a|an)[ \t]+)?(?:{_WORD}[ \t]+)?({_WORD})")

#: How far before a name a role is read.
_REACH = 60
_PREPOSITIONS = frozenset({"to", "for", "with", "from", "on", "at", "of", "by"})


def _key(words: str) -> Optional[str]:
    """The stem of a role's head word (its last; for "Assigned to" the verb's, with "/to")."""
    parts = words.lower().split()
    if not parts:
        return None
    if parts[-1] in _PREPOSITIONS and len(parts) > 1:
        verb = content_stem(parts[-2])
        if verb is None:
            return None
        return verb if parts[-1] == "by" else f"{verb}/{parts[-1]}"
    for k, part in enumerate(parts[1:], 1):
        if part in _OF:
            return _head_stem(parts[k - 1])  # "Director of Grants", "Minister for Transport"
    return _head_stem(parts[-1])


_OF = frozenset({"of", "for"})


def _with_compound(words: str, key: str) -> list[str]:
    """``key``, and for a role of two words or more its last two's ("head coach" beside "coach"):
    a "head coach" is one coach of several."""
    parts = words.lower().split()
    if len(parts) < 2 or any(p in _OF for p in parts):
        return [key]
    modifier = content_stem(parts[-2])
    return [key] if modifier is None else [key, f"{modifier} {key}"]


def _head_stem(word: str) -> Optional[str]:
    """A role word's stem, an agent noun's as its verb's ("leader" / "led", "payer" / "paid",
    "owner" / "owned"; most "-or" and "-er" ones the stemmer folds itself)."""
    if len(word) >= 5 and word.endswith("er"):
        return content_stem(word[:-2]) or content_stem(word)
    return content_stem(word)


def _known_roles() -> frozenset[str]:
    return frozenset(k for w in (*ROLE_NOUNS, *(r.lower() for r in ROLE_ACRONYMS)) if (k := content_stem(w)) is not None)


_KNOWN = _known_roles()
#: The keys of the known role nouns (a role whatever the text's labels).
KNOWN_ROLES = _KNOWN


class _AnyRole:
    """Every key is a role: the widest reading (see :func:`role_bindings`)."""

    def __contains__(self, key: object) -> bool:
        return True


def key_base(key: str) -> str:
    """The one word's stem a role key is made from ("head coach" -> "coach", "assign/to" -> "assign")."""
    return key.split("/", 1)[0].rsplit(" ", 1)[-1]


def key_bases(words: Iterable[str]) -> frozenset[str]:
    """The stems a role key of a text with these (lower-case) words can be made from: each word's
    stem, an agent noun's as its verb's (see :func:`_head_stem`). A text none of whose bases is a
    role's binds no role of that key."""
    out = set()
    for word in words:
        for base in (content_stem(word), _head_stem(word)):
            if base is not None:
                out.add(base)
    return frozenset(out)


class _Asked:
    """A set of roles that notes every key asked of it (see ``asked`` of :func:`role_bindings`)."""

    def __init__(self, roles: Container[str], asked: set[str]) -> None:
        self._roles, self._asked = roles, asked

    def __contains__(self, key: object) -> bool:
        self._asked.add(key)  # type: ignore[arg-type]
        return key in self._roles


def all_roles(asked: Iterable[str], vocabulary: frozenset[str]) -> bool:
    """Is every key of ``asked`` a role with ``vocabulary`` (a known role or in it)? Then
    :func:`role_bindings` with that vocabulary answers each question the widest reading asked
    (``vocabulary`` None, collecting ``asked``) as it did, and gives the same bindings."""
    for key in asked:
        if key not in _KNOWN and key not in vocabulary:
            return False
    return True


def role_bindings(text: str, spans: Iterable[tuple[int, int]],
                  vocabulary: Optional[frozenset[str]], asked: Optional[set[str]] = None,
                  near: Optional[Callable[[int, int], bool]] = None, wanted: Container[str] = frozenset(),
                  heads: Optional[set[str]] = None, titles: bool = True) -> list[Binding]:
    """The roles ``text`` binds to the names at ``spans`` (see the module's docstring); a role noun
    written bare beside a name counts when its key is a known role or in ``vocabulary``, or when
    the words say it is one ("the head referee, Kim Sato", "Owen Matsuda, associate ("). With
    ``vocabulary`` None any word counts there: a superset of every vocabulary's bindings, whose
    keys say which roles the text may bind at all. ``asked`` collects every key whose being a
    role was asked: another vocabulary holding none of them gives the same bindings.

    ``near``: when only the bindings whose key's base (:func:`key_base`) is in ``wanted`` are of
    use, a test of whether ``text[lo:end]`` may hold a word such a key is read from (see
    :func:`keying_test`). The reach before a name (and the name) that cannot is then not searched (the costly part: five patterns
    tried at each of its positions), unless the list the name may continue binds a wanted role:
    what is found there keys no wanted role, and a label found there only decides whether the
    name continues a list that binds none. The bindings of wanted keys are those of the whole
    reading, in its order; the rest are some of its others. One thing read there can change a
    wanted binding: whether a name's first word is a role (it moves the end of the reach, see
    :func:`_read_before`), which another ``vocabulary`` may answer otherwise: ``heads`` collects
    the keys of the first words whose being a role was asked. ``titles`` False: no first word
    is a role (a reading with every reach to the name's start, which a narrower ``vocabulary``
    may read where the widest does not)."""
    out: list[Binding] = []
    roles: Container[str] = _AnyRole() if vocabulary is None else _KNOWN | vocabulary
    if asked is not None:
        roles = _Asked(roles, asked)  # (the keys whose being a role decided anything: see DocumentIndex.role_bindings)
    listed: list[str] = []  # the labels of the list the last name was in ("Panellists: A, B, C")
    last_end = -1
    for start, end in spans:
        if end < len(text) and (text[end] == "-" or text[end].isalnum()):
            continue  # a word's part: "Oslo-based"
        lo = max(0, start - _REACH)
        lo = text.rfind("\n", lo, start) + 1 or lo  # (the line's start, within reach)
        found: list[tuple[str, bool]] = []
        if near is None or near(lo, end) or (listed and any(key_base(k) in wanted for k in listed)):
            _read_before(text, lo, start, end, roles, found, heads, titles)
        labels = [k for k, labelled in found if labelled]  # (the labels before the name)
        # (each pattern after the name opens with a character of its own: the one after the name
        # says which can match, a test cheaper than a failed match)
        follows = text[end:end + 1]
        m = _BRACKET_AFTER_RE.match(text, end) if follows in _BEFORE_BRACKET else None
        after = m.end() if m is not None else end
        if m is not None and (key := _key(m.group(1))) is not None:
            found.extend((k, True) for k in _with_compound(m.group(1), key))
        m = _APPOSITIVE_AFTER_RE.match(text, end) if follows == "," else None
        if (m is not None and (key := _key(m.group(2))) is not None
                and (key in roles or m.group(2).islower() or m.group(1) or " of " in m.group(2))):
            found.extend((k, False) for k in _with_compound(m.group(2), key))
        m = _WHO_AFTER_RE.match(text, end) if follows == "," else None
        if (m is not None and (past_form(verb := m.group(1)) or (verb.endswith("s") and not verb.endswith("ss")))
                and (key := content_stem(verb)) is not None):
            found.append((key, False))  # (a deed, as "proposed by" says it)
        m = _AS_AFTER_RE.match(text, end) if follows in _SPACES else None
        if m is not None and (key := _key(m.group(1))) is not None and key in roles:
            found.append((key, False))
        if (listed and not any(labelled for _, labelled in found) and last_end <= start
                and _LIST_GAP_RE.fullmatch(text, last_end, start) and not _opens_clause(text, after)):
            # a name listed after a labelled one, with no role of its own: the label's
            found.extend((k, True) for k in listed)
            labels = listed
        listed, last_end = labels, after
        seen: set[str] = set()
        for key, labelled in found:
            if key not in seen:
                seen.add(key)
                out.append(Binding(key, start, end, labelled))
    return out


def _read_before(text: str, lo: int, start: int, end: int, roles: Container[str],
                 found: list[tuple[str, bool]], heads: Optional[set[str]] = None, titles: bool = True) -> None:
    """The roles read in the name at ``start:end`` and in the reach before it (from ``lo``) added
    to ``found``: a title opening it, a label, a passive's "by", a bracket it fills, a role noun
    (``heads``: see :func:`role_bindings`)."""
    at = start
    head = _HEAD_WORD_RE.match(text, start, end)
    if head is not None and (key := _key(head.group(1))) is not None and heads is not None:
        heads.add(key)
    if head is not None and key is not None and titles and key in roles:
        # a role written as a title opens the name: "Pilot Tobias Renn", "Chair Ana Ruiz"
        found.append((key, False))
        at = head.end()
    # (each of the next three patterns needs a character or word of its own in the reach: the
    # search, which tries every position there, is skipped when it is missing)
    window = text[lo:at]
    m = _LABEL_RE.search(text, lo, at) if (":" in window or "..." in window) else None
    if m is not None and (key := _key(m.group(1))) is not None:
        found.append((key, True))
    m = _BY_RE.search(text, lo, at) if "by" in window.lower() else None
    if m is not None:
        # the past form nearest the "by" ("led by", "paid by", "translated from the
        # Vietnamese by")
        verb = next((w for w in reversed(m.group(1).lower().split()) if past_form(w)), None)
        if verb is not None and (key := content_stem(verb)) is not None:
            found.append((key, True))
    if text[end:end + 1] in _BEFORE_CLOSE and _BRACKET_CLOSE_RE.match(text, end) is not None:
        m = _BRACKET_OPEN_RE.search(text, lo, at)
        if m is not None and (key := _key(m.group(1))) is not None:
            found.append((key, True))
    m = _APPOSITIVE_BEFORE_RE.search(text, lo, at) if "," in window else None
    if m is not None and (key := _key(m.group(1))) is not None:
        found.extend((k, False) for k in _with_compound(m.group(1), key))
    m = _BARE_BEFORE_RE.search(text, lo, at)
    if (m is not None and (key := _key(m.group(1))) is not None and key in roles
            and not past_form(m.group(1).lower())):  # a verb: "CAB approved CHG-1", not "approver Ines"
        found.append((key, False))


# The characters every word a role is read from is made of (each pattern above reads its words
# from runs of them: a whole run, the rest of one after a "/", its start up to a "'" or a "/").
_PART_RE = re.compile(r"[\w'’/-]+")
_PREFIX_RE = re.compile(r"[\w-]*")  # (a run's start as _WHO_AFTER_RE reads its verb)
_KEY_PIECES_RE = re.compile(r"[/ ]")


def text_parts(text: str) -> frozenset[str]:
    """The strings of ``text`` a role's key can be read from, as written: each run of the
    characters of :data:`_PART_RE`, and for a run holding a "/" or a quote what follows each "/"
    and what precedes its first quote or "/" (the patterns' words start after a "/" and a
    relative clause's verb ends at a quote). Every word :func:`role_bindings` reads a key from
    is one of them."""
    runs = set(_PART_RE.findall(text))
    out = set(runs)
    for run in runs:
        if not run.isalnum():  # (a quote, a hyphen, a "/" or an underscore in it)
            out.add(_PREFIX_RE.match(run).group())  # type: ignore[union-attr]
            at = run.find("/")
            while at >= 0:
                out.add(run[at + 1:])
                at = run.find("/", at + 1)
    return frozenset(out)


class _PartBases(dict[str, frozenset[str]]):
    """Memo of :func:`part_bases`, emptied when it holds :data:`_PART_BASES_CACHE` parts."""

    def __missing__(self, part: str) -> frozenset[str]:
        if len(self) >= _PART_BASES_CACHE:
            self.clear()
        out: set[str] = set()
        for word in {part, part.lower()}:
            for stemmed in (content_stem(word), content_stem(word[:-2]) if len(word) >= 5 and word.endswith("er") else None):
                if stemmed is not None:
                    out.update(_KEY_PIECES_RE.split(stemmed))
        value = self[part] = frozenset(out)
        return value


_PART_BASES_CACHE = 8192
#: The bases (:func:`key_base`) a key read from a part of a text (see :func:`text_parts`) can
#: have: the pieces of the stems :func:`_key`, :func:`_head_stem` and the verbs' keys make of it,
#: written or lower-cased (a key's base is one piece of the key between "/" and " ", and a
#: compound's key is two words' keys joined).
part_bases = _PartBases().__getitem__


def keying_test(text: str, wanted: frozenset[str], parts: Callable[[], Iterable[str]],
                words: Optional[Iterable[str]]) -> Callable[[int, int], bool]:
    """A test of whether ``text[lo:end]`` may hold a word that a role key whose base is in
    ``wanted`` is read from (false only when it holds none), for :func:`role_bindings`.

    ``words``: the folded words of ``text`` when each is one run of letters and digits in it
    (:attr:`raguard.normalize.text.TokenText.single_runs`). Every part of an ASCII stretch
    without a quote, a hyphen, a "/" or an underscore is then one of them, lower-cased: the
    stretch lower-cased is searched for those that can key a wanted role (a stretch of other
    text may). Else ``parts()`` (:func:`text_parts`) gives the parts, as written."""
    if words is None:
        near = [part for part in parts() if not wanted.isdisjoint(part_bases(part))]
        return lambda lo, end: any(part in text[lo:end] for part in near)
    keying = [word for word in words if not wanted.isdisjoint(part_bases(word))]

    def test(lo: int, end: int) -> bool:
        window = text[lo:end]
        if not window.isascii() or "'" in window or "-" in window or "/" in window or "_" in window:
            return True
        if keying:
            lowered = window.lower()
            for word in keying:
                if word in lowered:
                    return True
        return False

    return test


# the characters the patterns matched right after a name open with (see role_bindings)
_SPACES = (" ", "\t")
_BEFORE_BRACKET = (" ", "\t", "(")
_BEFORE_CLOSE = (" ", "\t", ")", "]")

# a name's first word and the space after it, when two more words follow
_HEAD_WORD_RE = re.compile(rf"({_WORD})[ \t]+(?=[^\W\d_][\w'’-]*[ \t]+[^\W\d_])")
# what joins the names of one label's list: "Panellists: Ana Ruiz, Ben Ola & Dr C. Kim"
_LIST_GAP_RE = re.compile(rf"[ \t]*(?:,|;|&|and|,[ \t]*and)[ \t]*{_TITLE}{{0,4}}")


# the word after a name, when a letter opens it
_NEXT_WORD_RE = re.compile(r"[ \t]+([a-z][a-z'’]*)")
#: The auxiliary and modal verbs (a closed class).
AUXILIARIES = frozenset("will would shall should must may might can could had has have was were is are did does do".split())


def _opens_clause(text: str, end: int) -> bool:
    """Is the name ending at ``end`` a clause's subject, a verb right after it ("Ana Ruiz and Ben
    Ola will send it", "..., and Ben Ola signed")? Then it ends a list, which it does not continue."""
    m = _NEXT_WORD_RE.match(text, end)
    return m is not None and (m.group(1) in AUXILIARIES or past_form(m.group(1)))


# capitalized runs, the names a document's labels may fill ("Henrik Aalto", "Lindahl"; a title
# left out); a sentence's first word is kept: after a label it is a name as any other
# (the capital is tried first, then what precedes it: a fast scan for capitals)
_CAPS = "A-ZÀ-ÖØ-ÞĀĂĄĆČĎĐĒĖĘĚĞĢĪĮİĶĹĻĽŁŃŅŇŌŐŒŔŘŚŞŠŢŤŪŮŰŲŹŻŽ"
# the particles inside a name ("Pieter de Graaf", "Aoife Ní Bhriain" is capitalized): a closed class
_PARTICLES = "de|da|di|do|du|del|della|der|den|van|von|la|le|bin|al|el|dos|das"
_RUN_RE = re.compile(
    rf"[{_CAPS}](?<![\w'’-].)[\w'’-]*(?:[ \t](?:(?:{_PARTICLES})[ \t]){{0,2}}[{_CAPS}][\w'’-]*){{0,5}}")
#: Honorifics (a closed class), left out of a run's start.
HONORIFICS = frozenset({"dr", "prof", "mr", "mrs", "ms", "mx", "miss", "cllr", "sir", "dame", "rev", "hon"})
_MAX_HONORIFIC = max(map(len, HONORIFICS))


def capitalized_runs(text: str) -> list[tuple[int, int]]:
    """(start, end) of the runs of capitalized words in ``text``, leading honorifics left out."""
    spans = []
    for m in _RUN_RE.finditer(text):
        start, end = m.span()
        if end - start > _MAX_HONORIFIC:
            head = text[start:start + _MAX_HONORIFIC + 1]
            if " " not in head and "\t" not in head and "." not in head:
                # (its first word is longer than any honorific: kept whole, most runs, unsplit;
                # lower() lengthens a word or keeps its length)
                spans.append((start, end))
                continue
        words = m.group().split()
        for w in words:
            if w.rstrip(".").lower() not in HONORIFICS:
                break
            start = text.index(w, start) + len(w)
            start = end if start >= end else start + len(text[start:end]) - len(text[start:end].lstrip(" \t"))
        if end - start > 1:
            spans.append((start, end))
    return spans


def table_bindings(text: str) -> list[tuple[str, int, int]]:
    """(role key, start, end) for each name filling a whole cell of a table written with pipes,
    the role its column's header names ("GROUP | LEADER | BACKMARKER" over "C | Hamid Rostami |
    Ffion Pugh": Rostami leads, Pugh is backmarker); in a row of two cells, also the role its
    first cell names, a label and its value whatever the header ("| Incident lead | Aiyana
    Redcloud |" under "| Field | Value |")."""
    out: list[tuple[str, int, int]] = []
    for table in pipe_tables(text):
        for row in table.body():
            cells = row.inner_cells()
            if len(cells) == 2 and cells[0].text and cells[1].text and _RUN_RE.fullmatch(cells[1].text):
                key = _key(cells[0].text)
                if key is not None:
                    a, b, cell = cells[1]
                    first = text.index(cell, a, b)
                    out.append((key, first, first + len(cell)))
        if table.header is None:
            continue
        header = [_key(cell.text) if cell.text else None for cell in table.header.cells]
        for row in table.body():
            for (a, b, cell), key in zip(row.cells, header):
                if key is not None and cell and _RUN_RE.fullmatch(cell) is not None:
                    first = text.index(cell, a, b)
                    out.append((key, first, first + len(cell)))
    return out
