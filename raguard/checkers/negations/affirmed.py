"""The document denies what the answer affirms: the second reading of the negations checker.

"The drug is not recommended during pregnancy" / "The drug is recommended during pregnancy": the
aligned document sentence, or another sentence of its document that denies something and shares
words with the answer sentence (a summary's sentence fuses several), denies a word the answer
sentence affirms plainly (:func:`_affirms_denied`, :func:`_affirms_denied_in` for the rules). A
denial or a condition the document sentence says too is no hedge of the answer's own
(:func:`_without_shared_denials`, :func:`_condition_restated`), and a clause holding the whole
denying clause restates it whatever it adds (:func:`_holds_denial`).
"""

from __future__ import annotations

import re
from typing import AbstractSet, Container, Iterator, Optional

from raguard.align import SentenceAlignment
from raguard.checkers.base import CheckContext, Finding, quote_for_message
from raguard.checkers.negations._common import (
    MIN_COVERED, MIN_COVERED_SHARE, MIN_SHARED_CLAUSE, NO_LONGER_RE, NO_MORE_RE, _BEFORE_DENIED, _CODE_RE,
    _DOCUMENT_DENIAL_WORDS_RE, _WINDOW, _WITHOUT_RE, _aligned_first, _asks, _contradiction, _holds_code,
    _said_elsewhere, _sentences_sharing,
)
from raguard.checkers.negations.elsewhere import _denies_head
from raguard.checkers.negations.wishes import _DUTY_RE, _MODAL_RE, _wished_against_fact
from raguard.checkers.quotes import blank_quotations
from raguard.documents import DocumentIndex
from raguard.normalize.bindings import AUXILIARIES
from raguard.normalize.cues import is_refusal
from raguard.normalize.fields import field_label
from raguard.normalize.framing import reporting_stems
from raguard.normalize.polarity import (
    COORDINATORS, EXCEPT_RE, bound_right_after, denial_reach, denial_scope, denial_spans, denied_head, denies_amount,
    denies_anything, hedge_cues, hedges_or_denies, may_deny, prohibits, up_to_coordinator,
)
from raguard.normalize.stems import content_stem, content_stems, stem
from raguard.normalize.synonyms import has_synonym_in, synonym_table
from raguard.normalize.text import Token, ascii_words, clause_span, tokenize


# an instruction not to ("Do NOT induce vomiting", "Never leave it unattended"): a duty too
_DO_NOT_RE = re.compile(r"\W*(?:do[ \t]+not|don[’']?t|never)\b", re.IGNORECASE)

# an instruction to see that something is so ("Check that the hose is not kinked")
_CHECK_RE = re.compile(r"\b(?:check|ensure|verify|make[ \t]+sure|confirm)\b", re.IGNORECASE)

# what joins another thing to the one a clause says something of
_ADDED_RE = re.compile(r"\b(?:and|or|plus|as[ \t]+well[ \t]+as|along[ \t]+with|together[ \t]+with)\b",
                       re.IGNORECASE)


def _codes(text: str) -> list[str]:
    """The codes of ``text`` (letters and digits joined: "P-116", "web-03", "CYP3A4"), folded."""
    return [m.group(0).lower() for m in _CODE_RE.finditer(text)
            if any(ch.isdigit() for ch in m.group(0)) and any(ch.isalpha() for ch in m.group(0))]


def _denied_in_words(tokens: list[Token], at: int) -> bool:
    """Does a word that denies in its own right ("left out", "lacked", "failed", "excluded": the
    document's words of :data:`_DOCUMENT_DENIAL_WORDS_RE`; the "non" of "non-refundable") stand
    right before the word at ``at`` among ``tokens``, only articles, auxiliaries and "out" between?"""
    before = [t for t in tokens if t.start < at]
    for tok in reversed(before):
        if tok.norm in _BEFORE_DENIED or tok.norm in ("out", "of", "to"):
            continue
        # (a prefix the tokenizer split off: "non-refundable" denies "refundable")
        return tok.norm == "non" or _DOCUMENT_DENIAL_WORDS_RE.fullmatch(tok.norm) is not None
    return False


# what may stand between "before" and the word it governs
_DETERMINERS = frozenset({"the", "a", "an", "your", "its", "their", "his", "her", "our", "my", "any", "this", "that"})


def _marks_time(tokens: list[Token], at: int) -> bool:
    """Is the word at ``at`` among ``tokens`` governed by "before", "until" or "till" (only
    determiners between)?"""
    for tok in reversed([t for t in tokens if t.start < at]):
        if tok.norm in _DETERMINERS:
            continue
        return tok.norm in ("before", "until", "till")
    return False


# a copula, and the adverbs that may stand between it and its state ("is *still* open")
_COPULAS = frozenset({"is", "are", "was", "were", "be", "been", "being", "remains", "remain", "remained", "stays",
                      "stay", "stayed"})
_STATE_ADVERBS = frozenset({"still", "now", "already", "currently", "also", "again", "then", "fully"})


# the verbs a denial of a deed follows ("do not", "can not"), and those of a denied state ("is not")
_DEED_AUXILIARIES = frozenset("do does did can could will would shall should must may might".split())


def _denies_a_verb(text: str, cue_start: int, cue_end: int) -> bool:
    """Is the denial at ``cue_start``..``cue_end`` of ``text`` one of a deed, the word after it a
    verb ("can't clear", "cannot", "never signs", "did not open"), not of a state ("is not
    bookable", "no parking")?"""
    cue = text[cue_start:cue_end].lower().replace("’", "'")
    if cue in ("cannot", "never"):
        return True
    if cue not in ("not", "n't"):
        return False
    # (the auxiliary before it: "can" of "can't", "do" of "do not"; "wo" of "won't")
    before = tokenize(text[max(0, cue_start - 12):cue_start])
    return bool(before) and (before[-1].norm in _DEED_AUXILIARIES
                             or (cue == "n't" and before[-1].norm.rstrip("n") in _DEED_AUXILIARIES | {"ca", "wo"}))


def _after_copula(tokens: list[Token], at: int) -> bool:
    """Is the word at ``at`` among ``tokens`` a state a copula gives ("is still open"), only
    adverbs of time between?"""
    for tok in reversed([t for t in tokens if t.start < at]):
        if tok.norm in _STATE_ADVERBS:
            continue
        return tok.norm in _COPULAS
    return False


# the second part of a hyphenated compound, right after its first ("damp*-proofing*")
_COMPOUND_PART_RE = re.compile(r"-([^\W\d_]{2,})")


def _same_compound(doc_sentence: str, head: Token, clause: str, clause_tokens: list[Token], at: int) -> bool:
    """Does the answer's word at ``at`` of ``clause`` name what the document's denied ``head``
    names: the same word, or, where ``head`` opens a hyphenated compound ("damp-proofing",
    "follow-up"), the same compound ("damp-proofing was carried out")?"""
    part = _COMPOUND_PART_RE.match(doc_sentence, head.end)
    if part is None:
        return True
    word = next((t for t in clause_tokens if t.start == at), None)
    if word is None:
        return True
    said = _COMPOUND_PART_RE.match(clause, word.end)
    return said is not None and stem(said.group(1).lower()) == stem(part.group(1).lower())


def _past_a_bound(doc_sentence: str, head: Token, clause: str) -> bool:
    """Does the document deny ``head`` only past a bound it gives right after it ("No bows over
    30 lb draw"), a bound the answer clause does not give (its "bows up to 30 lb" are not denied)?
    A clause with the same bound ("bows over 30 lb are allowed") is still read."""
    word = bound_right_after(doc_sentence, head.end)
    return word is not None and re.search(rf"\b{word}\b", clause, re.IGNORECASE) is None


def _answer_clauses(ctx: CheckContext, alignment: SentenceAlignment, key: str, any_word: bool = False
                    ) -> Iterator[tuple[str, list[Token], int, list[Token], str]]:
    """(answer clause text, its tokens, position of the word, the last content words before the
    clause, the sentence before the clause) for each word of the answer sentence stemmed ``key``
    (a content word, unless ``any_word``), quotations blanked. The words before are what a clause
    may be said of ("the keynote, *which* will be recorded"), with offsets from the clause's start."""
    sentence = blank_quotations(ctx.response[alignment.start:alignment.end])
    tokens = tokenize(sentence)
    for tok in tokens:
        if (any_word or content_stem(tok.norm) is not None) and stem(tok.norm) == key:
            begin, end = clause_span(sentence, tok.start)
            clause = sentence[begin:end]
            said_of = [Token(t.norm, t.start - begin, t.end - begin) for t in tokens
                       if t.end <= begin and content_stem(t.norm) is not None]
            clause_tokens = tokenize(clause)
            # a clause without a subject of its own ("..., came out in May, *and is sponsored*")
            # is said of the sentence's subject: its first words
            before = said_of[:_WINDOW] if _subjectless(clause_tokens) else said_of[-_WINDOW:]
            yield clause, clause_tokens, tok.start - begin, before, sentence[:begin]


def _subjectless(tokens: list[Token]) -> bool:
    """Does the clause open with a coordinator and an auxiliary ("and *is* sponsored", "but *can*
    be booked")? It has no subject of its own."""
    return len(tokens) > 1 and tokens[0].norm in COORDINATORS and tokens[1].norm in AUXILIARIES


def _denied_later(ctx: CheckContext, alignment: SentenceAlignment, key: str, first: str,
                  any_word: bool = False, about: AbstractSet[str] = frozenset()) -> bool:
    """Does another clause of the answer sentence that holds the word ``key`` (a content word,
    unless ``any_word``) deny or hedge it ("The day ends with a reception, which the day ticket
    does not include")? With ``about`` (the other content stems of the document's denying
    sentence), only a clause that holds one of them: one that holds none denies the word of
    another thing ("no garden waste will be collected during that time, but artificial trees
    will also be collected" for "artificial trees are not collected")."""
    sentence = blank_quotations(ctx.response[alignment.start:alignment.end])
    for tok in tokenize(sentence):
        if (any_word or content_stem(tok.norm) is not None) and stem(tok.norm) == key:
            begin, end = clause_span(sentence, tok.start)
            clause = sentence[begin:end]
            if clause != first and hedges_or_denies(clause) and (
                    not about or not about.isdisjoint(content_stems(clause))):
                return True
    return False


def _affirms_denied(ctx: CheckContext, alignment: SentenceAlignment) -> Optional[Finding]:
    """The aligned document sentence, or another sentence of its document or of another that
    denies something and shares words with the answer sentence (a summary's sentence fuses
    several: "had fewer infections, although the effect was significant in those over 65"),
    denies what the answer sentence affirms (see :func:`_affirms_denied_in`)."""
    found = _affirms_denied_in(ctx, alignment, alignment.doc_index, alignment.best_span)
    if found is not None:
        return found
    for doc_index in _aligned_first(ctx, alignment.doc_index):
        index = ctx.documents.indexes[doc_index]
        if index.denials_read and not index.denying_sentences:
            continue  # (a document already scanned and found to deny nothing: no counting)
        spans, by_stem = index.sentence_index
        shared = _sentences_sharing(by_stem, alignment.stems)
        # (a fragment shares one word at most: "Not waterproof." is read for its one, see
        # _bare_pair; told to deny by its words, before the document's denial scan is asked for)
        candidates = [i for i in sorted(shared) if (shared[i] >= MIN_COVERED or _denying_fragment(index.text, spans[i]))
                      and (doc_index != alignment.doc_index or spans[i] != alignment.best_span)]
        if not candidates:
            continue  # (asked before the document's denial scan: see _sentences_sharing)
        denying = index.denying_sentences
        for i in candidates:
            if i in denying:
                found = _affirms_denied_in(ctx, alignment, doc_index, spans[i])
                if found is not None:
                    return found
    return None


#: An empty memo (of :func:`_denial_cues`' look at the alignment's).
_NO_MEMO: dict[tuple[int, int], bool] = {}


def _denial_cues(index: DocumentIndex, span: tuple[int, int], doc_sentence: str) -> tuple[tuple[int, int], ...]:
    """The denial cues of the document sentence ``doc_sentence`` at ``span``, in order (none for a
    question), kept on the document's index: every answer aligned to the sentence asks again."""
    memo = index.__dict__.setdefault("_denial_cues", {})
    found = memo.get(span)
    if found is None:
        # (the alignment has asked whether the sentence denies anything: each aligned sentence,
        # kept on the index, raguard.align._denial_differs. Where it does not, neither pattern
        # of denial_spans matches in it: no scan of a new document's sentence for each; nor in
        # a document that denies nothing anywhere, nor in an ASCII sentence none of whose words
        # is a denial word)
        said = index.__dict__.get("_sentence_denies", _NO_MEMO).get(span)
        ascii_text = doc_sentence.isascii()
        if said is False or index.denies_nothing or (
                said is None and ascii_text and not may_deny(doc_sentence, ascii_words(doc_sentence))):
            cues = []
        else:
            cues = denial_spans(doc_sentence)
        # "an older type without RCD protection" denies what "has RCD protection" affirms; in a
        # clause that denies already it states a condition ("No dogs without written consent")
        # (in ASCII the pattern matches only where the lower-cased text holds the word)
        withouts = _WITHOUT_RE.finditer(doc_sentence) if not ascii_text or "without" in doc_sentence.lower() else ()
        for m in withouts:
            begin, end = clause_span(doc_sentence, m.start())
            if not denies_anything(doc_sentence[begin:end]):
                cues.append(m.span())
        cues.sort()
        found = memo[span] = () if not cues or _asks(doc_sentence) else tuple(cues)
    return found


def _initials_of_named(ctx: CheckContext, cue: str) -> bool:
    """Is the cue "NO" in capitals the initials of a person a document names in full ("NO
    confirmed no formal action" in notes beside a plan that names "HRBP: Nkechi Obi")? Minutes
    and logs write people by their initials; a capital "NO" that is someone's is no denial."""
    return cue == "NO" and any(_NO_NAME_RE.search(index.text) is not None for _, index in ctx.documents)


# a given name and a surname whose initials are N and O ("Nkechi Obi", "Niamh O'Dowd")
_NO_NAME_RE = re.compile(r"\bN[a-z]{1,20}[ \t]{1,3}O(?:['’]?[A-Z])?[a-z]{1,20}\b")


def _affirms_denied_in(ctx: CheckContext, alignment: SentenceAlignment, doc_index: int,
                       span: Optional[tuple[int, int]]) -> Optional[Finding]:
    """The document sentence at ``span`` denies what the answer sentence affirms.

    The denial's clause must hold the denied word (the first content word after "not", "no",
    "never"..., or a verb of the stop list such as "included" where the answer says it) and most
    of the words of an answer clause that says it (any clause that does; a relative clause read
    with the words it is said of), the answer clause must affirm plainly (no denial, hedge or
    condition of its own, no obligation against a denial of a state), and no other clause or
    sentence of the document may state the same thing without the denial. The denying sentence
    must name a code the answer clause names ("P-116 isolated as required" is not judged by
    "Positive isolation: NOT required"), and the answer's word must be affirmed: not denied in
    words right before it ("left out the X" / "did not include the X") nor a mark of time
    ("wait an hour before cutting" / "do not cut for an hour").
    """
    if span is None:
        return None
    index = ctx.documents.indexes[doc_index]
    doc_sentence = index.text[span[0]:span[1]]
    cues = _denial_cues(index, span, doc_sentence)
    if not cues:
        return None
    for cue_start, cue_end in cues:
        if _initials_of_named(ctx, doc_sentence[cue_start:cue_end]):
            continue
        c_begin, c_end = clause_span(doc_sentence, cue_start)
        if EXCEPT_RE.search(doc_sentence, cue_end, c_end):
            continue  # "No pets without written consent" allows them with it: a condition
        if denies_amount(doc_sentence, cue_end, c_end):
            continue  # "Do not take more than 8 tablets" allows taking them, up to 8: a bound
        # "we don't eat them anymore", "sync no longer follows links": it was so once, as the
        # answer may say; only an answer that says it is so now ("still", "now") is contradicted
        longer = NO_LONGER_RE.match(doc_sentence, cue_end)
        if longer is not None:
            cue_end = longer.end()
        now_only = longer is not None or NO_MORE_RE.search(doc_sentence, cue_end, c_end) is not None
        head = denied_head(doc_sentence, cue_end, c_end, predicates=True)
        if head is None and (field := _field_label(doc_sentence, c_begin, cue_start, c_end)) is not None:
            # "Pets allowed: No": the field's value denies its label, which the denial now spans
            head, cue_start, c_begin = field[1], field[0], field[0]
        # a verb of the stop list ("does not include a rotisserie") is the head if the answer
        # says it; else the first content word after it, as for any denial ("has a rotisserie")
        heads = [head] if head is None or content_stem(head.norm) is not None else [
            head, denied_head(doc_sentence, cue_end, c_end)]
        for one in heads:
            if one is not None:
                found = _affirms_head(ctx, alignment, doc_index, span, one, (cue_start, cue_end, c_begin, c_end),
                                      now_only)
                if found is not None:
                    return found
    return None


def _field_label(text: str, c_begin: int, cue_start: int, c_end: int) -> Optional[tuple[int, Token]]:
    """(start of the label, its last content word) when the denial at ``cue_start`` is a field's
    whole value ("Pets allowed: No", "Waterproof: no", "Wi-Fi: none"): it opens its clause, nothing
    after it in the clause is a content word, and a label of a few words and a colon (or a dash)
    stands right before it at the start of its line. The value denies the label, as "pets are
    not allowed" would; None otherwise."""
    # (a table's row is read cell by cell: "| Pets allowed | No |")
    c_begin = max(c_begin, text.rfind("|", c_begin, cue_start) + 1)
    bar = text.find("|", cue_start, c_end)
    if text[c_begin:cue_start].strip() or content_stems(text[cue_start:c_end if bar < 0 else bar]):
        return None
    label = field_label(text, cue_start)
    if label is None:
        return None
    offset = label[0]
    last = next((t for t in reversed(tokenize(text[offset:label[1]])) if content_stem(t.norm) is not None), None)
    if last is None:
        return None
    return offset, Token(last.norm, offset + last.start, offset + last.end)


def _affirms_head(ctx: CheckContext, alignment: SentenceAlignment, doc_index: int, span: tuple[int, int],
                  head: Token, cue: tuple[int, int, int, int], now_only: bool = False) -> Optional[Finding]:
    """The answer sentence affirms ``head``, the word a denial of the document sentence at
    ``span`` denies (``cue``: the denial's start and end, its clause's start and end; with
    ``now_only``, a denial of the present only, which an answer contradicts by saying it is so
    now): see :func:`_affirms_denied_in`."""
    h = stem(head.norm)
    # a verb of the stop list ("not included") is matched as it is: the alignment's stems
    # are content words only, and such a verb has no synonyms in the table
    predicate = content_stem(head.norm) is None
    # the answer may restate the denied word by a synonym ("not at fault" / "to blame",
    # "not bookable" / "can be booked")
    key = h if predicate or h in alignment.stems else _synonym_in(h, alignment.stems)
    keys = [key] if key is not None else _modal_keys(ctx, alignment, head.norm)
    for key in keys:
        for clause, clause_tokens, at, before, prefix in _answer_clauses(
                ctx, alignment, key, any_word=predicate or key in _MODAL_KEYS):
            if now_only and not _NOW_RE.search(clause):
                continue
            found = _affirms_clause(ctx, alignment, doc_index, span, head, key, cue,
                                    (clause, clause_tokens, at, before, prefix))
            if found is not None:
                return found
    return None


# The words of a modal force, a closed class: the modal verbs and the words of permission or
# possibility ("can", "may", "allowed", "available", "eligible"), and those of need ("must",
# "required", "necessary"). A denial of one says a thing cannot be had or done, or need not be;
# an answer that gives the same force in another of them affirms what it denies ("Hotspot use
# is not available on Basic" / "Basic allows hotspot use", "not eligible for the scheme" /
# "entitled to the scheme"). The two forces are kept apart: what is not required may be allowed.
# Left out: "may", "could" and "might", as often said of what is likely ("that could still change").
# The denied word is one of the states (an adjective or participle said of the subject: "X is not
# available"), not a verb with an object of its own ("the gap does not permit the passage of a
# sphere" says what the gap lets through).
_MAY_STATES = frozenset({"allowed", "permitted", "available", "eligible", "entitled", "possible", "able"})
_MUST_STATES = frozenset({"needed", "required", "necessary", "mandatory", "compulsory", "obligatory"})
_MAY_WORDS = _MAY_STATES | {"can", "allow", "allows", "permit", "permits"}
_MUST_WORDS = _MUST_STATES | {"must", "need", "needs", "require", "requires"}
_MODAL_KEYS = frozenset(stem(w) for w in _MAY_WORDS | _MUST_WORDS)


def _modal_keys(ctx: CheckContext, alignment: SentenceAlignment, denied: str) -> list[str]:
    """The stems of the answer sentence's words of the modal force of the folded word ``denied``
    (a document's denied word: "available"), when it is one of its states (:data:`_MAY_STATES`,
    :data:`_MUST_STATES`); in order, each once."""
    force = _MAY_WORDS if denied in _MAY_STATES else _MUST_WORDS if denied in _MUST_STATES else None
    if force is None:
        return []
    sentence = ctx.response[alignment.start:alignment.end]
    return list(dict.fromkeys(stem(t.norm) for t in tokenize(sentence) if t.norm in force))


def _affirms_clause(ctx: CheckContext, alignment: SentenceAlignment, doc_index: int, span: tuple[int, int],
                    head: Token, key: str, cue: tuple[int, int, int, int],
                    answer: tuple[str, list[Token], int, list[Token], str]) -> Optional[Finding]:
    """The answer clause (text, tokens, where the word stemmed ``key`` stands, content words
    before the clause, the sentence before it) affirms ``head``, which the document sentence at ``span`` denies."""
    doc_sentence = ctx.documents.indexes[doc_index].text[span[0]:span[1]]
    cue_start, cue_end, c_begin, c_end = cue
    clause, clause_tokens, at, before, prefix = answer
    if is_refusal(clause):
        return None  # "the call does not say how many are accepted": no claim that they are
    h = stem(head.norm)
    predicate = content_stem(head.norm) is None
    # (a word of the denied word's modal force: "can" for "not available", see _modal_keys)
    modal = key != h and key in _MODAL_KEYS
    # the answer clause is about the same thing as the denial: a code it names ("P-116 appears
    # isolated as required") is named by the denying sentence too, else that sentence says its
    # denial of another thing ("Positive isolation (spades/blinds): NOT required")
    codes = _codes(clause)
    if codes and not any(_holds_code(doc_sentence.lower(), c) for c in codes):
        return None
    # so is a denial of the thing's complement ("scans at non-recognised centres will not be
    # paid" for "a recognised facility, so the scan will be paid") or of another of its order
    # ("no third flush" for "the second flush")
    if _other_kind(doc_sentence[c_begin:c_end], prefix + clause):
        return None
    # and it affirms the word: a denial in words right before it ("left out the worst-case
    # intervention" / "did not include the worst-case intervention") says what the document says
    if _denied_in_words(clause_tokens, at):
        return None
    # nor is a word that only marks a time affirmed ("wait an hour *before cutting* it", "freeze
    # it *before the spinach* is added"): it says when, not that it is so
    if _marks_time(clause_tokens, at):
        return None
    # a synonym is one sense of a word: a verb the document denies right after its cue ("A pilot
    # can't *clear* a defect") is not the state an answer's copula gives ("the defect is still
    # *open*"), whatever sense the two words share elsewhere
    if (key != h and not modal and _after_copula(clause_tokens, at) and not doc_sentence[cue_end:head.start].strip()
            and _denies_a_verb(doc_sentence, cue_start, cue_end)):
        return None
    # nor the first part of a compound the document denies ("no damp-proofing required") where
    # the answer says that word alone ("the damp comes from a leaking pipe"): another thing
    if not _same_compound(doc_sentence, head, clause, clause_tokens, at):
        return None
    # nor is a thing denied only past a bound ("No bows over 30 lb draw") affirmed by a clause
    # within it ("bows up to 30 lb draw were allowed")
    if _past_a_bound(doc_sentence, head, clause):
        return None
    # (up to the next coordinator: "paid a dividend and has no current plans to pay one"
    # affirms the dividend plainly)
    # (a prohibition too: "hosepipes are banned in June" restates "no hosepipes in june")
    scope = up_to_coordinator(clause, at)
    # (what the denial is about: its clause's other words, or the whole sentence's where the
    # clause is cut short: "City tax -- payable at the hotel, not included in total")
    denial_about = content_stems(doc_sentence[c_begin:c_end]) - {h, key}
    if len(denial_about) < MIN_COVERED:
        denial_about = content_stems(doc_sentence) - {h, key}
    # (a denial the document sentence says too, or a condition it sets too, is no hedge of the
    # answer's own: _without_shared_denials, _condition_restated)
    if hedges_or_denies(scope) and hedges_or_denies(scope := _without_shared_denials(scope, at, doc_sentence, h)):
        condition = _condition_restated(scope, doc_sentence)
        if condition is None:
            return None
        # the condition is the document's: what the clause says before it is judged
        clause_tokens = [t for t in clause_tokens if t.start < condition]
    if prohibits(scope) or _denied_later(ctx, alignment, key, clause, any_word=predicate or modal,
                                         about=denial_about):
        return None
    # "it must calibrate the probe" asks for what "probe not calibrated" says is not so yet: an
    # obligation contradicts only a denial of what must, may or can be done ("must not be
    # used", "need not rebook") or an instruction not to ("Do not induce vomiting")
    if _DUTY_RE.search(clause, 0, at) and not (_MODAL_RE.search(doc_sentence, c_begin, c_end)
                                               or _DO_NOT_RE.match(doc_sentence, c_begin)):
        return None
    # so does a request ("Their main requests: report the uncertainty" / "The uncertainty is not
    # reported"): it asks for what the document says is not so
    if _wished_against_fact(prefix + clause[:at], doc_sentence[c_begin:c_end]):
        return None
    # and a document's instruction to check that it is not so ("Check drain hose is not kinked")
    # says what to look at, not that it is not so: it contradicts an instruction only
    if (_CHECK_RE.search(doc_sentence, c_begin, cue_start) and not _CHECK_RE.search(prefix + clause)
            and not _DUTY_RE.search(prefix + clause)):
        return None
    # (what the denial reaches: its clause, and a list its colon opens: "What is not covered:
    # the excess; wear and tear")
    reach = denial_reach(doc_sentence, cue_end, c_end)
    before_end = frozenset(content_stems(doc_sentence[:reach]))
    after_end = content_stems(doc_sentence[reach:])
    verb = h if predicate else key if modal else None
    covering = _covering(clause_tokens, at, before_end, after_end, verb)
    if covering is None:
        # a coordinate part of the clause may restate the denial on its own ("it is in band D
        # and it comes with an onward chain" for "no onward chain")
        begin, end = denial_scope(clause, at, at + 1)
        if begin or end < len(clause):
            part = [t for t in clause_tokens if begin <= t.start < end]
            covering = _covering(part, at, before_end, after_end, verb)
    if covering is None:
        # and what the clause adds after the word ("X was affected *as well as* Y", "includes
        # X *and* Y") is another thing said alike: the part up to it restates the denial
        added = _ADDED_RE.search(clause, at)
        if added is not None:
            covering = _covering([t for t in clause_tokens if t.start < added.start()], at, before_end,
                                 after_end, verb)
    if covering is None and before:
        # a clause about a thing named before it: a relative clause ("the keynote, which will be
        # recorded") or one after an apposition ("The title track, Salt Lines, was played")
        covering = _covering(before + clause_tokens, at, before_end, after_end, verb)
    if covering is None:
        covering = _holds_denial(clause_tokens, tokenize(doc_sentence[c_begin:c_end]), after_end)
    if covering is None and not predicate and not modal:
        covering = _bare_pair(clause_tokens, doc_sentence[c_begin:c_end], h)
    if covering is None:
        return None
    clause_stems, covered = covering
    # a synonym is a sense guessed: what the denial is about must be said too (for a word of
    # modal force, the state's subject too: "Hotspot use is not available" / "it allows hotspot use")
    if key != h and not (clause_stems & (content_stems(doc_sentence[c_begin if modal else cue_end:c_end]) - {h})):
        return None
    # the denied word stated plainly elsewhere in this sentence, or in another sentence that
    # holds as much of the answer: the document affirms it after all
    about = (content_stems(doc_sentence[c_begin:c_end]) - {h}) & clause_stems
    if _affirmed_outside(doc_sentence, {h, key}, about, (cue_start, c_end), predicate or modal):
        return None
    # (a verb of the stop list, "included", is counted among the covered words but is in no
    # sentence index: the other sentence need hold only the others, "grip socks INCLUDED")
    at_least = len(covered - {h}) if predicate else len(covered - {key}) if modal else len(covered)
    if any(_said_elsewhere(ctx, k, clause_stems, at_least, (doc_index, span)) for k in {h, key}):
        return None
    response_sentence = ctx.response[alignment.start:alignment.end]
    return _contradiction(alignment, response_sentence, f"affirmed: {head.norm}",
                          f'The answer affirms it ("{quote_for_message(response_sentence, 60)}"), but '
                          f'document {doc_index} denies it: "{quote_for_message(doc_sentence, 100)}"')


# a word made with a negating prefix ("non-recognised", "unapproved"): its base names the complement
_PREFIXED_RE = re.compile(r"\b(?:non|un)-?(?P<base>[a-z]{4,})", re.IGNORECASE)
_ORDINAL_RE = re.compile(r"\b(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|"
                         r"\d{1,2}(?:st|nd|rd|th))\b", re.IGNORECASE)


def _other_kind(denial: str, clause: str) -> bool:
    """Does the document's denying clause deny it of another kind of the thing than the answer's
    clause says: of the complement of a word the answer says plainly ("non-recognised centres" /
    "a recognised facility"), or of another of its order ("no third flush" / "the second flush")?"""
    plain = {t.norm for t in tokenize(clause)}
    prefixed = {m.group("base").lower() for m in _PREFIXED_RE.finditer(clause)}
    for m in _PREFIXED_RE.finditer(denial):
        base = m.group("base").lower()
        if base in plain and base not in prefixed:
            return True
    denied_orders = {m.group(0).lower() for m in _ORDINAL_RE.finditer(denial)}
    if denied_orders:
        said_orders = {m.group(0).lower() for m in _ORDINAL_RE.finditer(clause)}
        if said_orders and said_orders.isdisjoint(denied_orders):
            return True
    return False


def _holds_denial(tokens: list[Token], denial: list[Token], after_end: AbstractSet[str]
                  ) -> Optional[tuple[set[str], set[str]]]:
    """(the denial's content stems, twice) when the answer clause's ``tokens`` hold every content
    word (two or more; by a form or a synonym) and every figure of the document's denying clause
    (``denial``: "Do not take more than 3 tablets" is not said by "take one tablet") and none of
    the sentence's words after it (``after_end``) that it does not hold: the clause says the same
    thing with more of its own ("Lumo gift cards are valid in our Irish stores" / "Cards are not
    valid in Irish stores"), which the share of :func:`_covering` leaves out. What the clause adds
    is not what is judged: the denial's words are its words for the tests after."""
    said = {s for t in denial if (s := content_stem(t.norm)) is not None}
    stems = {s for t in tokens if (s := content_stem(t.norm)) is not None}
    if len(said) < MIN_COVERED or (stems & after_end) - said:
        return None
    if not {t.norm for t in denial if t.norm[0].isdigit()} <= {t.norm for t in tokens}:
        return None
    if not all(s in stems or has_synonym_in(s, frozenset(stems)) for s in said):
        return None
    return said, set(said)


def _without_shared_denials(scope: str, at: int, doc_sentence: str, h: str) -> str:
    """The answer's ``scope`` with the cues of its denials blanked that the denying
    ``doc_sentence`` says too, of the same word (not the word stemmed ``h`` at ``at``, the one
    judged): "the parts never arrived and the hire company can supply them" for "the parts
    haven't arrived and the hire company can't supply them" hedges nothing of its own. A
    denial before the word that may reach it is kept ("can't be refunded or transferred"):
    only one after it, or one a coordinator and a new subject part from it, is blanked."""
    blanked = scope
    for cue_start, cue_end in denial_spans(scope):
        head = denied_head(scope, cue_end, clause_span(scope, cue_start)[1], predicates=True)
        if (head is not None and (word := stem(head.norm)) != h
                and (cue_start > at or _new_subject(scope, cue_end, at)) and _denies_head(doc_sentence, word)):
            blanked = blanked[:cue_start] + " " * (cue_end - cue_start) + blanked[cue_end:]
    return blanked


#: Words that open a clause's subject after a coordinator ("... never arrived *and the* hire
#: company can supply them"): the determiners and the personal pronouns.
_SUBJECT_OPENERS = _DETERMINERS | frozenset({"i", "you", "he", "she", "it", "we", "they", "there"})


def _new_subject(text: str, start: int, end: int) -> bool:
    """Does a coordinator followed by a subject's first word stand in ``text[start:end]``?"""
    tokens = tokenize(text[start:end])
    return any(t.norm in COORDINATORS and n.norm in _SUBJECT_OPENERS for t, n in zip(tokens, tokens[1:]))


#: The conditions among a clause's hedges (:func:`~raguard.normalize.polarity.hedge_cues`).
_CONDITIONS = frozenset({"if", "unless", "whether"})
_CONDITION_RE = re.compile(r"\b(?:%s)\b" % "|".join(sorted(_CONDITIONS)), re.IGNORECASE)


def _condition_restated(scope: str, doc_sentence: str) -> Optional[int]:
    """Where the first hedge of the answer's ``scope`` starts when its only hedges are conditions
    that the denying ``doc_sentence`` sets too, in its words; else None. "Phones are allowed even
    if switched off" restates the condition of "Phones are not allowed, even if switched off" and
    still affirms what it denies."""
    cues = hedge_cues(scope)
    if not cues <= _CONDITIONS or not cues <= hedge_cues(doc_sentence):
        return None
    doc_stems = content_stems(doc_sentence)
    starts = []
    for cue in _CONDITION_RE.finditer(scope):
        said = content_stems(scope[cue.end():])
        if not said or not said <= doc_stems:
            return None
        starts.append(cue.start())
    return min(starts, default=None)


#: Characters of a document sentence short enough to be a fragment that denies one word ("Not
#: dimmable.", "No lift access."), read though it shares one word with the answer sentence.
_FRAGMENT = 24


def _denying_fragment(text: str, span: tuple[int, int]) -> bool:
    """Is the document sentence at ``span`` a fragment (``_FRAGMENT`` characters or fewer) that may deny?"""
    if span[1] - span[0] > _FRAGMENT:
        return False
    fragment = text[span[0]:span[1]]
    return may_deny(fragment, ascii_words(fragment)) if fragment.isascii() else denies_anything(fragment)


def _bare_pair(clause_tokens: list[Token], denial_clause: str, h: str) -> Optional[tuple[set[str], set[str]]]:
    """({h}, {h}) when the answer clause and the document's denying clause each hold one content
    word, the denied one: "It is waterproof" against a spec sheet's "Not waterproof." Neither names
    what it is said of (a pronoun, a fragment under its product's heading), so there are no other
    words to cover; the denied word said plainly elsewhere still clears it (the caller's tests)."""
    stems = {s for t in clause_tokens if (s := content_stem(t.norm)) is not None}
    if stems != {h} or content_stems(denial_clause) != {h}:
        return None
    return {h}, {h}


def _affirmed_outside(doc_sentence: str, keys: set[str], about: set[str], denial: tuple[int, int],
                      any_word: bool) -> bool:
    """Does the document sentence say a word stemmed as one of ``keys`` (a content word, unless
    ``any_word``) plainly outside the ``denial`` (its cue's start, its clause's end)? Only in a
    clause that denies nothing, and that holds a word of ``about`` (what the denial is said of,
    as the answer restates it) when there are any: "Cost: €38 (includes bus and tour; lunch not
    included)" affirms the bus, not the lunch."""
    for tok in tokenize(doc_sentence):
        if denial[0] <= tok.start < denial[1] or not (any_word or content_stem(tok.norm) is not None):
            continue
        if stem(tok.norm) not in keys:
            continue
        begin, end = clause_span(doc_sentence, tok.start)
        clause = doc_sentence[begin:end]
        if denial_spans(clause) or (about and about.isdisjoint(content_stems(clause))):
            continue
        return True
    return False


def _synonym_in(word_stem: str, stems: Container[str]) -> Optional[str]:
    """The first (in sorted order, so the choice is stable) synonym of ``word_stem`` among
    ``stems``, or None."""
    return next((s for s in sorted(synonym_table().get(word_stem, ())) if s in stems), None)


_REPORTING = reporting_stems(stem)


def _covering(tokens: list[Token], at: int, before_end: frozenset[str], after_end: AbstractSet[str],
              head: Optional[str] = None) -> Optional[tuple[set[str], set[str]]]:
    """(content stems of an answer clause's ``tokens``, those a document's denial covers) when
    the denial covers enough of them, else None. ``before_end``: the content stems of the
    denying sentence up to the end of the denial's clause, ``after_end`` the rest; ``at``: where
    the denied word stands in the answer clause; ``head``: its stem when it is a verb of the stop
    list ("included"), counted as a covered word as a content word would be. Words of the clause
    also found after the denial's clause mean the answer restates another clause of the sentence
    ("not X, but Y does")."""
    stems = {s for t in tokens if (s := content_stem(t.norm)) is not None}
    # a reporting frame before the claim ("The manager said the keeper was to blame") may
    # stand after the denial in the document's sentence ("..., said the manager")
    frame = [i for i, t in enumerate(tokens) if t.start < at and stem(t.norm) in _REPORTING]
    claim = stems if not frame else {
        s for t in tokens[frame[-1] + 1:] if (s := content_stem(t.norm)) is not None}
    if head is not None:
        stems.add(head)
        claim.add(head)
        before_end = before_end | {head}
    # a word the denial's clause restates by a form or a synonym ("pregnancy" / "pregnant")
    covered = {s for s in stems if s in before_end or has_synonym_in(s, before_end)
               or (s not in claim and s in after_end)}
    # (the frame's own words, "The notice says", count only where the document says them too,
    # when what it reports is a clause of its own: "agreed on a staged launch" reports a thing)
    said = claim | covered if len(claim) >= MIN_SHARED_CLAUSE else stems
    if len(covered) < max(MIN_COVERED, MIN_COVERED_SHARE * len(said)) or (claim & after_end) - covered:
        return None
    return stems, covered


# an answer clause that says it is so now
_NOW_RE = re.compile(r"\b(?:now|still|currently|today|continues?|remains?)\b", re.IGNORECASE)
