"""The answer denies what the document states: the first reading of the negations checker.

"Warren Bryant was not a CEO." against "Warren Bryant was the CEO of Longs Drugs": every word is
in the document, so no other checker objects, yet the answer says the opposite. For each answer
sentence with a clear negation (not, never, no, none, n't...), the document sentence sharing the
most content words is found; when it shares at least half of them (and two or more) and has no
negation of its own, not even a weak one (without, failed, former, unable, only, waived,
contraindicated, insufficient, un-/non- forms of the answer's words...: see
:mod:`raguard.checkers.negations.document_denies`), the sentence is flagged as contradicted. A
summary's sentence often fuses several of the document's, so when its whole clause finds no such
sentence, the denied word is read with the words next to it (:func:`_states_denied`, in
``fused``). A denial in one coordinate part of the clause ("contains haze and is not suitable for
children") is not judged by a sentence that shares only the other part's words when a document
denies that part's word too ("Not suitable for toddlers"). "can't X without Y" restates a need
("New clients need a patch test"). A denial of a verb of saying ("does not say one is needed for
France") is matched on what is said (:func:`_reported_stems`), and not compared when too little
is said ("doesn't say whether that's within the payline"); a denial of a clause's link ("It isn't
because they think the check will bounce") is not compared either.

What else supports a denial, or sets the first sentence aside, is read in the modules beside this
one: ``about`` (is the sentence about what the denial is about), ``tied`` (a tied sentence that
denies), ``elsewhere`` (another sentence denies the word or says its opposite), ``status`` (a word
of state the answer gives as its ground), ``forms`` and ``tables`` (a form's, a list's, a
statement's and a table's layout), ``wishes`` (a request against a fact).

Left alone: text inside quotation marks (the quotes checker owns it), a leading "No," that
answers a yes/no question, a refusal's clause ("the documents do not say"), a request against a
document sentence that states a fact ("Main requests: use periods that do not overlap" / "The
periods overlap": :func:`_wished_against_fact`), and a denial of a word the query's own denial
reaches ("Which rooms are not step-free?": the answer's "Room 4 is not step-free" then comes from
the question; a denial of anything else is read, "I've never belayed: what does the induction
cost?" / "it doesn't include your first session", and a question that only holds a word of
failure or loss, "what failed?", denies nothing).
"""

from __future__ import annotations

import re
from typing import Iterator, Optional

from raguard.checkers.base import CheckContext, Checker, Finding, quote_for_message
from raguard.checkers.negations._common import (
    MIN_COVERED, MIN_SHARED, MIN_SHARED_SHARE, _BEFORE_DENIED, _WITHOUT_RE, _WORD_RE, _asks,
    _denial_part, _denied_stem, _lacks_denied_word, _list_end, _opens_contrast, _relative_clause,
    _sentences_sharing,
)
from raguard.checkers.negations.about import _about_same, _same_thing_sentence
from raguard.checkers.negations.document_denies import (
    _changed_from, _denial_apart, _has_opposite, _misread_zeros, _negates, _prefixed, _reached_stems,
    _shared_denials, _still_to_come,
)
from raguard.checkers.negations.elsewhere import (
    _denied_elsewhere, _denies_head, _neighbour_denial, _only_denied, _opposite_elsewhere,
)
from raguard.checkers.negations.forms import _listed_under_denial, _unticked, _zero_charged, _zero_given
from raguard.checkers.negations.fused import _states_denied
from raguard.checkers.negations.status import _REASON_OPENS_RE, _status_restated
from raguard.checkers.negations.tables import _column_contrast, _header_row, _row_named
from raguard.checkers.negations.tied import _tied_denial
from raguard.checkers.negations.wishes import _wished_against_fact
from raguard.checkers.quotes import blank_quotations
from raguard.normalize.cues import _ANSWER_NEGATION_RE, _ANSWER_PARTICLE_RE, is_refusal
from raguard.normalize.polarity import denied_head, denies_amount, denies_a_link, denies_anything, scoped_in_time
from raguard.normalize.stems import content_stem, content_stems, is_content_word, stem
from raguard.normalize.text import Token, clause_around, clause_span, tokenize


def _denials(checker: Checker, ctx: CheckContext) -> Iterator[Finding]:
    """The answer denies what the document states (this module's reading, for ``checker``): each
    denial of a sentence is read (a long answer's sentence often denies twice: "you are not
    tied in, and EU roaming is not included"); the first the documents contradict is
    reported, else the first they confirm."""
    if not ctx.response_denies:
        return
    # a question that denies ("Which rooms are not accessible?") is answered with denials of
    # what it denies; one that only holds a word of failure or loss ("what failed?", "if I lose
    # it?") is not, nor a denial of something else ("I've never belayed: does the induction
    # include a session?" / "it doesn't include your first session")
    asked = _asked_denied(ctx.query) if denies_anything(ctx.query) else None
    for start, end in ctx.sentences:
        sentence = ctx.response[start:end]
        claim = blank_quotations(sentence)
        claim = _ANSWER_PARTICLE_RE.sub(" ", claim, count=1)
        first: Optional[Finding] = None
        for cue in _ANSWER_NEGATION_RE.finditer(claim):
            # a refusal is read in its clause: "..., though the call does not say how many"
            # leaves the sentence's other denials to check
            if is_refusal(clause_around(claim, cue.start())):
                continue
            if asked is not None and _restates_asked(claim, cue, asked):
                continue
            found = _denial(checker, ctx, start, end, claim, cue)
            if found is None:
                continue
            if not found.supported:
                first = found
                break
            first = first or found
        if first is not None:
            yield first


def _asked_denied(query: str) -> frozenset[str]:
    """The content stems a question's denials reach, to the ends of their clauses ("Which rooms
    are *not step-free*?"): an answer's denial of one of them restates the question's. Empty
    when a denial reaches none (then every denial of the answer is taken to restate it)."""
    out: set[str] = set()
    for cue in _ANSWER_NEGATION_RE.finditer(query):
        out |= content_stems(query[cue.end():clause_span(query, cue.start())[1]])
    return frozenset(out)


def _restates_asked(claim: str, cue: re.Match[str], asked: frozenset[str]) -> bool:
    """Does the denial ``cue`` of ``claim`` restate the question's (``asked``: see
    :func:`_asked_denied`), reaching one of its words to its clause's end?"""
    return not asked or not asked.isdisjoint(content_stems(claim[cue.end():clause_span(claim, cue.start())[1]]))


def _denial(checker: Checker, ctx: CheckContext, start: int, end: int, claim: str, cue: re.Match[str]
            ) -> Optional[Finding]:
    """The finding of one denial (``cue``) of the answer sentence at ``start``..``end``
    (``claim``: its text, quotations blanked): supported when a document denies it too,
    unsupported when one states it plainly; None when no document sentence compares."""
    sentence = ctx.response[start:end]
    # only the clause that denies: "X is a plant, but Y is not" denies in the second
    c_begin, c_end = clause_span(claim, cue.start())
    if denies_amount(claim, cue.end(), c_end):
        return None  # "no more than four times a day", "do not take more than 8": an amount's bound
    c_end = _list_end(claim, c_end)  # "never covers flights, hotels, and car hire": the whole list
    clause = claim[c_begin:c_end]
    if _opens_contrast(ctx, claim, c_begin, c_end) or scoped_in_time(claim, cue.start()):
        return None  # "X, not Y"; "not considered a risk until 1997" says when it became one
    if denies_a_link(claim, cue.end()):
        return None  # "it isn't because they think X": the reason is denied, not X
    words = [t.norm for t in tokenize(clause)]
    stems = {stem(w) for w in words if is_content_word(w)}
    if len(stems) < MIN_SHARED:
        return None
    # "the passport does not say one is needed for France" denies a saying: a sentence states
    # what it denies only if it states what is said, whoever says it
    reported = _reported_stems(clause, cue.end() - c_begin, at_least=0)
    if reported is not None and len(reported) < MIN_SHARED:
        # ("the statement doesn't say whether it's within the payline": too little is said to
        # compare, and the words of what says it are no part of the claim)
        return None
    match = reported or stems
    best = _best_sentence(ctx, match)
    if best is not None and _header_row(ctx.documents.indexes[best[0]].text, best[1]):
        # a table's header names its columns: it states nothing of any row
        best = _best_besides_headers(ctx, match)
    whole = best is not None and _shares_enough(ctx, best, match) and not _other_part_only(ctx, best, clause)
    if not whole:
        # "Ann suggests a pub where they can't sample beer": the denial is the relative
        # clause's, which one document sentence may say on its own
        inner = _relative_clause(clause)
        if inner is not None:
            inner_match = _reported_stems(inner[0]) or inner[2]
            inner_best = _best_sentence(ctx, inner_match)
            if inner_best is not None and _shares_enough(ctx, inner_best, inner_match):
                (clause, words, stems), best, whole = inner, inner_best, True
    if best is None:
        return None
    doc_index, span, shared = best
    doc_sentence = ctx.documents.indexes[doc_index].text[span[0]:span[1]]
    if whole and _wished_against_fact(claim[:cue.start()], doc_sentence):
        return None
    if whole:
        # a table's row about another thing than the clause names ("Weir | FLOOD WARNING" for
        # "Mill is not in flood"): the row the clause names is what it is read against
        row = _row_named(ctx.documents.indexes[doc_index].text, span, stems)
        if row is not None:
            span = row
            doc_sentence = ctx.documents.indexes[doc_index].text[span[0]:span[1]]
    specific = condition = False
    if whole:
        # "Prices did not rise" against "Prices fell": the opposite word denies it too
        said = frozenset(w.lower() for w in _WORD_RE.findall(sentence))
        # (the opposite of a word the denial covers: "a mandatory label that does not compare"
        # is no restatement of "a voluntary label that compares")
        covered = [t.norm for t in tokenize(claim[cue.end():c_end])]
        # (not by a negation of another part of the sentence, where the part that holds the
        # denied word says it plainly: "Figures are in today's money and are not guaranteed")
        # (a text an OCR pass misread writes "n0t" and "N0" as it writes "purp0ses")
        read = _misread_zeros(doc_sentence)
        # (a denial inside what the answer's denies, said by both, is no denial of it)
        common = _shared_denials(tokenize(claim), cue.start(), c_end)
        # "moved you from the main hall" says what "no longer in the main hall" does, whatever
        # another sentence says of the hall: no plain clause outweighs it
        # and so does "new date to be fixed" what "no new date has been fixed yet" does: the
        # words the denial shares are not said plainly there
        specific = (_changed_from(doc_sentence, claim[cue.start():c_end])
                    or _still_to_come(doc_sentence, claim[cue.start():c_end + 4],
                                      denied_head(claim, cue.end(), c_end, predicates=True)))
        supported = (specific
                     or (_negates(read, words, said, common)
                         and not _denial_apart(read, denied_head(claim, cue.end(), c_end, predicates=True),
                                               _reached_stems(claim, cue, c_begin, c_end), words, said, common))
                     or _has_opposite(doc_sentence, covered, said) or _unticked(doc_sentence, covered)
                     or _listed_under_denial(ctx.documents.indexes[doc_index].text, span, covered))
        # "you can't have colour without one" denies the converse of what "New colour clients
        # need a patch test" says: a denial of doing X without Y says Y is needed for X
        condition = _WITHOUT_RE.search(claim, cue.end(), c_end) is not None
        if condition and not supported and _NEED_RE.search(doc_sentence):
            supported = True
        if not supported:
            # the sentence sharing most may not hold what is denied, and another one
            # denies it too ("contacted the desk ..." / "my meter showed no reading")
            plain = content_stems(doc_sentence)
            denied = _denied_elsewhere(ctx, clause, stems, words, plain)
            if denied is None:
                # several sentences may share as many words ("Creates a refund." and
                # "Refunds cannot be reversed."): the first is no better than one that denies
                denied = _tied_denial(ctx, clause, stems, best)
            if denied is None:
                # another sentence may say the denied word's opposite of the same thing ("The
                # pool will remain closed until 2 November" for "the pool won't be open then",
                # where an earlier sentence says it opens): the denial restates that one
                denied = _opposite_elsewhere(ctx, clause, stems, said)
            zero = None
            if denied is None:
                # a statement's line may give the denied thing a zero ("no overtime" /
                # "Overtime 1.5x (0 hrs)  0.00")
                head, charged = _denied_stem(clause), _charged_nothing(claim, cue)
                denied = zero = (_zero_given(ctx, head, claim) or _zero_charged(ctx, head, stems - {head})
                                 or _zero_charged(ctx, charged, stems - {charged}))
            if denied is not None:
                supported = True
                doc_index, span = denied
                # it denies what the clause says and the plain sentence does not ("not valid
                # in the Irish stores" / "valid in UK stores"): no plain clause outweighs it;
                # nor the words of the line that gives the zero ("Entry charge 0.00%")
                text = ctx.documents.indexes[doc_index].text[span[0]:span[1]]
                specific = zero is not None or len((stems - plain) & content_stems(text)) >= MIN_COVERED
            elif (_REASON_OPENS_RE.match(claim, c_begin)
                  and (status := _status_restated(ctx, claim, (c_begin, c_end), stems)) is not None):
                # the denial is the ground the answer gives for a state the documents say of
                # the same thing ("shows the transfer as pending, because the fee hasn't been
                # paid" / "Status: PENDING - awaiting payment of transfer fee"): it restates
                # that state, whatever a sentence of the general rule says ("The new keeper
                # pays the fee unless ...")
                supported = True
                doc_index, span = status
            elif _lacks_denied_word(clause, doc_sentence):
                # it shares what the clause is said of, not the word denied; the answer may
                # give the ground of its denial in a word of the document's ("did not succeed;
                # it was withdrawn" / "Opposition by X withdrawn")
                status = _status_restated(ctx, claim, (c_begin, c_end), stems)
                index = ctx.documents.indexes[doc_index]
                if status is not None:
                    supported = True
                    doc_index, span = status
                elif _column_contrast(index.text, span, _denied_stem(clause)):
                    # a table's row that gives another value where other rows give the
                    # denied one ("Mill | steady | normal" below "Weir | rising | FLOOD
                    # WARNING" for "Mill is not in flood")
                    supported = True
                elif (only := _only_denied(ctx, _denied_stem(clause))) is not None:
                    # a sentence that lacks the denied word states nothing of it; where the
                    # documents say that word only in denials of it ("This rate cannot be
                    # cancelled" below "BOOKING CONFIRMATION - Hotel X"), the answer's denial
                    # restates theirs
                    supported = True
                    doc_index, span = only
                elif (near := _neighbour_denial(ctx, doc_index, span, stems - plain)) is not None:
                    # the sentence next to it denies what the clause names that this one
                    # lacks: a summary's sentence fuses the two
                    supported = True
                    doc_index, span = near
    if whole and not supported and condition and not _WITHOUT_RE.search(doc_sentence):
        # (a sentence that neither needs it nor does without it says nothing of the condition)
        whole = False
    cue_at = (cue.start() - c_begin, cue.end() - c_begin)
    if whole and not supported and not _about_same(claim[c_begin:c_end], cue_at, doc_sentence):
        # the sentence shares words with the clause but is about another thing, or restates
        # another part of it: the clause is read against the one about the same thing, if any
        other = _same_thing_sentence(ctx, claim[c_begin:c_end], cue_at, match)
        if other is None:
            whole = False
        else:
            doc_index, span = other
            doc_sentence = ctx.documents.indexes[doc_index].text[span[0]:span[1]]
            # (it holds the denied word: it denies that word, or states it plainly, whatever
            # else it denies: "shown a reading but no bill" for "shown no reading")
            supported = (_denies_word(doc_sentence, denied_head(claim, cue.end(), c_end, predicates=True))
                         or _prefixed(doc_sentence, words) or _has_opposite(doc_sentence, covered, said))
    if not whole or (supported and not specific):
        # a long clause of a summary holds several facts: the words next to the denial
        # may still be stated plainly in a sentence of their own
        stated = _states_denied(ctx, claim)
        if stated is None and not whole:
            return None
        if stated is not None:
            supported = False
            doc_index, span = stated
            doc_sentence = ctx.documents.indexes[doc_index].text[span[0]:span[1]]
    finding = Finding(
        kind="negation",
        warning_type=checker.warning_type,
        start=start,
        end=end,
        text=sentence,
        supported=supported,
        value=f"negated: {cue.group(0).lower()}",
        checker=checker.name,
    )
    if supported:
        finding.source = "document"
        finding.evidence = (doc_index, span[0], span[1])
    else:
        finding.suggestion = _suggestion(sentence, clause, doc_index, doc_sentence)
    return finding


def _charged_nothing(claim: str, cue: re.Match[str]) -> Optional[str]:
    """The stem of the word right before a "nothing" ("the test cost nothing", "they charged
    nothing": an amount of zero, which a bill's "0.00" line gives, when it is a word of
    charging), else None."""
    if cue.group(0).lower() not in ("nothing", "zero"):
        return None
    before = claim[max(0, cue.start() - 40):cue.start()]
    if not before[-1:].isspace():
        return None
    word = before.rstrip().rsplit(None, 1)[-1] if before.strip() else ""
    return stem(word.lower()) if word.isalpha() else None


def _suggestion(sentence: str, clause: str, doc_index: int, doc_sentence: str) -> str:
    """What to tell the reader of an unsupported denial: the document sentence states the denied
    word plainly, or (an invented denial) it is the nearest sentence and does not say that word."""
    said = f'The answer denies it ("{quote_for_message(sentence, 60)}"), '
    quoted = f'"{quote_for_message(doc_sentence, 100)}"'
    head = _denied_word(clause)
    if head is not None and _lacks_denied_word(clause, doc_sentence):
        return (f'{said}but no document denies "{head}": the nearest sentence, in document '
                f'{doc_index}, does not say it: {quoted}')
    return f"{said}but document {doc_index} states it without negation: {quoted}"


def _denied_word(clause: str) -> Optional[str]:
    """The word a denial of ``clause`` reaches, as the answer writes it (None when none): the
    word :func:`_lacks_denied_word` looks for."""
    cue = _ANSWER_NEGATION_RE.search(clause)
    if cue is None:
        return None
    head = denied_head(clause, cue.end(), len(clause))
    return None if head is None else clause[head.start:head.end]


def _denies_word(text: str, head: Optional[Token]) -> bool:
    """Does a clear denial of ``text`` ("not", "no", "n't", in any case: a table's cell says
    "Not recommended") reach the word ``head`` (an answer's denied word), in any form?"""
    if head is None:
        return False
    h = stem(head.norm)
    for cue in _ANSWER_NEGATION_RE.finditer(text):
        found = denied_head(text, cue.end(), clause_span(text, cue.start())[1], predicates=True)
        if found is not None and stem(found.norm) == h:
            return True
    return False


# verbs that say what a text or a speaker says: "does not *say* that ...", "doesn't *mention* ..."
_SAYING = frozenset({"say", "says", "said", "mention", "mentions", "mentioned", "state", "states", "stated",
                     "specify", "specifies", "specified", "indicate", "indicates", "indicated"})
# what may stand between such a verb and what it reports
_REPORT_OPENERS = frozenset({"that", "whether", "if", "explicitly", "clearly", "directly", "anywhere"})


def _reported_stems(clause: str, cue_end: Optional[int] = None, at_least: int = MIN_SHARED) -> Optional[set[str]]:
    """The content stems of what a denial of a verb of saying reports ("does not say *one is
    needed for France*"), when the denial ending at ``cue_end`` of ``clause`` (its first denial
    when None) denies such a verb and what it reports has ``at_least`` content words or more;
    else None."""
    if cue_end is None:
        cue = _ANSWER_NEGATION_RE.search(clause)
        if cue is None:
            return None
        cue_end = cue.end()
    tokens = tokenize(clause[cue_end:])
    k = 0
    while k < len(tokens) and tokens[k].norm in _BEFORE_DENIED | _REPORT_OPENERS:
        k += 1
    if k >= len(tokens) or tokens[k].norm not in _SAYING:
        return None
    reported = {s for t in tokens[k + 1:] if (s := content_stem(t.norm)) is not None}
    return reported if len(reported) >= at_least else None


def _best_besides_headers(ctx: CheckContext, stems: set[str]) -> Optional[tuple[int, tuple[int, int], int]]:
    """(doc index, sentence span, shared stems) of the sentence sharing most of ``stems`` that is
    no table's header row (the first such in document order on a tie); None if none shares any."""
    best: Optional[tuple[int, tuple[int, int], int]] = None
    for doc_index, index in ctx.documents:
        spans, by_stem = index.sentence_index
        for i, n in sorted(_sentences_sharing(by_stem, stems).items()):
            if (best is None or n > best[2]) and not _header_row(index.text, spans[i]):
                best = (doc_index, spans[i], n)
    return best


def _shares_enough(ctx: CheckContext, best: tuple[int, tuple[int, int], int], stems: set[str]) -> bool:
    """Is the sentence sharing most with a denying clause's ``stems`` close enough to compare the
    clause with it whole? Not when it shares too little, or is a question ("Did you restart it?
    ." states nothing)."""
    doc_index, span, shared = best
    return (shared >= max(MIN_SHARED, MIN_SHARED_SHARE * len(stems))
            and not _asks(ctx.documents.indexes[doc_index].text[span[0]:span[1]]))


def _other_part_only(ctx: CheckContext, best: tuple[int, tuple[int, int], int], clause: str) -> bool:
    """Does the best sentence share words only with another coordinate part of the denying
    ``clause`` than the one the denial sits in ("contains haze *and* is not suitable for children"
    against "Contains haze."), while a document denies the part's word ("Not suitable for
    under-12s")? Then that sentence states nothing the denial denies."""
    found = _denial_part(clause)
    if found is None:
        return False
    cue, begin, end = found
    part = content_stems(clause[begin:end])
    doc_index, span, _ = best
    if not part or part & content_stems(ctx.documents.indexes[doc_index].text[span[0]:span[1]]):
        return False
    # and a document denies what the part denies ("Not suitable for under-12s"): else the
    # denial is the answer's own, and the sentence of the other part states it plainly
    head = denied_head(clause, cue.end(), end)
    if head is None:
        return False
    h = stem(head.norm)
    for _, index in ctx.documents:
        spans, by_stem = index.sentence_index
        if any(_denies_head(index.text[spans[i][0]:spans[i][1]], h) for i in by_stem.get(h, ())):
            return True
    return False


def _best_sentence(ctx: CheckContext, stems: set[str]) -> Optional[tuple[int, tuple[int, int], int]]:
    """(doc index, sentence span, shared stems) of the document sentence sharing the most stems."""
    ordered = sorted(stems)
    maps = ctx.documents.maps
    candidates = None if maps is None else maps.docs_with_stems(stems, 1)  # others share none
    best: Optional[tuple[int, tuple[int, int], int]] = None
    for doc_index, index in ctx.documents.among(candidates):
        span = index.best_sentence(ordered)
        if span is None:
            continue
        shared = len(stems & content_stems(index.text[span[0]:span[1]]))
        if best is None or shared > best[2]:
            best = (doc_index, span, shared)
    return best


# a word saying a thing is needed (a closed class: the words of necessity)
_NEED_RE = re.compile(r"\b(?:must|need(?:s|ed)?|requir(?:e|es|ed|ing|ement|ements)|mandatory|compulsory|obligatory|"
                      r"essential|necessary)\b", re.IGNORECASE)
