"""Negations checker: an answer whose polarity is the opposite of the document sentence it restates.

Three ways round, each against the document sentence the answer sentence is aligned to:

- the answer denies what the document states (below);
- the document denies what the answer affirms ("The drug is not recommended during pregnancy" /
  "The drug is recommended during pregnancy"): see :func:`_affirms_denied`;
- the answer swaps a word for its opposite ("Sales rose" / "Sales fell", "crewed" / "uncrewed",
  WordNet's antonyms such as "hired" / "fired": :mod:`raguard.normalize.polarity`), against
  the aligned sentence or, for a sentence that fuses several, any sentence of the aligned
  document with the opposite word: see :func:`_swaps_opposite`.

The first:

"Warren Bryant was not a CEO." against "Warren Bryant was the CEO of Longs Drugs": every word is
in the document, so no other checker objects, yet the answer says the opposite. For each answer
sentence with a clear negation (not, never, no, none, n't...), the document sentence sharing the
most content words is found; when it shares at least half of them (and two or more) and has no
negation of its own, not even a weak one (without, failed, former, unable, only, waived,
contraindicated, insufficient, un-/non- forms of the answer's words...), the sentence is flagged
as contradicted. A summary's sentence often
fuses several of the document's, so when its whole clause finds no such sentence, the denied word
is read with the words next to it (:func:`_states_denied`). A denial in one coordinate part of the
clause ("contains haze and is not suitable for children") is not judged by a sentence that shares
only the other part's words when a document denies that part's word too ("Not suitable for
toddlers"). Where several sentences share as many words as the first one found (a table's header
before the row that denies), a tied one that denies the same word supports the denial, and so
does one that denies a word the first says plainly: two cases set against each other ("FLEX FARES
INCLUDE ONE CABIN BAG" / "BASIC FARES DO NOT INCLUDE A CABIN BAG", :func:`_tied_denial`). Another
sentence saying the denied word's opposite of the same thing supports it too ("the pool will
remain closed until November" for "won't be open then": :func:`_opposite_elsewhere`). A table's row is read as the row the clause names by its first cell
(:func:`_row_named`); a row lacking the denied word supports the denial where other rows give it
in the same column (:func:`_column_contrast`), and a header row states nothing. A sentence is
read only when it is about what the denial is about (:func:`_about_same`): it names the code the
clause says the denial of ("web-03 was never patched"), and a word of the part of the clause the
denial sits in besides the denied one ("a client who is not insured, and offers insurance
products" is not judged by "We offer insurance products"); else the sentence that is, if any. An
item left unticked on a form ("[ ] life threatening") denies it, and "can't X without Y" restates
a need ("New clients need a patch test"); an item of a list under a lead line that denies ("We
will not pay:") is denied (:func:`_listed_under_denial`), and so is a form's "N/A". Where the
sentence lacks the denied word, the answer may ground its denial in a word of state the documents
say ("did not succeed; it was withdrawn": :func:`_status_restated`; and where the denial is the
reason the answer gives for that state, "as pending, because the fee hasn't been paid", whatever
the sentence); and where the documents say that word only in denials of it, the denial restates
theirs (:func:`_only_denied`). A text an OCR pass misread ("shall n0t be used") is read with its
zeros as the o's they stand for (:func:`_misread_zeros`). A denial of a verb of saying ("does not
say one is needed for France") is matched on what is said (:func:`_reported_stems`), and not
compared when too little is said ("doesn't say whether that's within the payline"); a denial of
a clause's link ("It isn't because they think the check will bounce") is not compared either.

Left alone: text inside quotation marks (the quotes checker owns it), a leading "No," that
answers a yes/no question, a refusal's clause ("the documents do not say"), a request against a
document sentence that states a fact ("Main requests: use periods that do not overlap" / "The
periods overlap": :func:`_wished_against_fact`), and every sentence
when the query itself denies ("Which rooms are not step-free?": the answer's denials then come from the
question; a question that only holds a word of failure or loss, "what failed?", does not).
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from typing import AbstractSet, Container, Iterator, Optional

from raguard.align import SentenceAlignment
from raguard.checkers.base import CheckContext, Finding, quote_for_message
from raguard.checkers.quotes import blank_quotations
from raguard.normalize.cues import _ANSWER_NEGATION_RE, _ANSWER_PARTICLE_RE, is_refusal
from raguard.documents import DocumentIndex
from raguard.models import CONTRADICTED_CLAIM
from raguard.normalize.polarity import (
    amount_after, denies_a_link, up_to_coordinator, denial_reach, denial_scope, unticked_items, denial_spans, denied_head, denies_anything, has_bare_not, hedge_cues, hedges_or_denies, opposite_key,
    FUNCTION_OPPOSITES, not_determiner, opposites_of, prefix_opposite, prohibits, with_bare_not,
    scoped_in_time,
)
from raguard.normalize.framing import reporting_stems
from raguard.normalize.stems import content_stem, content_stems, is_content_word, stem
from raguard.normalize.synonyms import has_synonym_in, synonym_table
from raguard.normalize.text import Token, clause_around, clause_span, clause_spans, tokenize


# Anything in a document sentence that may carry the same denial in other words.
_DOCUMENT_NEGATION_RE = re.compile(
    r"\b(?:not|no|never|neither|nor|none|nobody|nothing|nowhere|without|cannot|instead|rather|"
    r"only|except|excluding|unlike|absent|free|zero|barely|hardly|rarely|seldom|former(?:ly)?|"
    r"previously|until|prior|no[ \t-]longer|"
    r"lack\w*|fail\w*|refus\w*|declin\w*|den(?:y|ies|ied|ial)|reject\w*|unabl\w*|los[ets]\w*|lost|"
    r"miss\w*|avoid\w*|ban(?:s|ned)?|prohibit\w*|exclu\w*|stop\w*|ceas\w*|end(?:s|ed)?|quit\w*|"
    r"halt\w*|clos\w*|shut\w*|abandon\w*|cancel\w*|withdr[ae]w\w*|resign\w*|retir\w*|dismiss\w*|fired|left|"
    r"remov\w*|discontinu\w*|scrap(?:s|ped|ping)?|abolish\w*|deprecat\w*|"
    # what is waived is not charged, what is contraindicated is not to be used, what is
    # insufficient is not enough ("not charged" / "waived", "not documented well enough" /
    # "insufficiently documented")
    r"waiv\w*|exempt\w*|contra-?indicat\w*|insufficien\w*|inadequa\w*|"
    r"non\w*|un(?!der|it|ion|iv|iq|if|less|til)\w{3,})\b"
    r"|n[’']t\b"
    # a form's "N/A": not applicable, not available ("Check belt tension ... N/A (direct drive)")
    r"|\bn/a\b",
    re.IGNORECASE,
)

# The same without its un-/non- branches ("uncertainties" denies nothing): for a clause read next
# to the denied word, where a prefix counts only on the answer's own word (:func:`_prefixed`).
_DOCUMENT_DENIAL_WORDS_RE = re.compile(
    _DOCUMENT_NEGATION_RE.pattern.replace(r"|non\w*|un(?!der|it|ion|iv|iq|if|less|til)\w{3,})\b", r")\b"),
    re.IGNORECASE,
)
# the two with a contraction without its apostrophe ("dont"), for the texts that hold one
_DOCUMENT_NEGATION_BARE_RE = with_bare_not(_DOCUMENT_NEGATION_RE)
_DOCUMENT_DENIAL_WORDS_BARE_RE = with_bare_not(_DOCUMENT_DENIAL_WORDS_RE)


# ", not Y" / "but not Y": sets the answer against another option the question offered; the
# documents rarely deny Y in words.
_CONTRAST_RE = re.compile(r"\W*(?:not|never)\b", re.IGNORECASE)

_NEGATIVE_PREFIXES = ("un", "non", "dis", "in", "im", "ir", "il")
_WORD_RE = re.compile(r"[^\W_]+")

MIN_SHARED = 2
MIN_SHARED_SHARE = 0.5
MIN_SHARED_CLAUSE = 3  # content words a relative clause needs to be compared on its own
_QUESTION_END_RE = re.compile(r"\?\W*$")
# a clause that says what must be done, not what is so
_DUTY_RE = re.compile(r"\b(?:must|should|ought|needs?[ \t]+to|ha(?:s|ve|d)[ \t]+to|required[ \t]+to)\b",
                      re.IGNORECASE)
# a denial of what must, may or can be done ("need not rebook", "may not park", "cannot pay")
_MODAL_RE = re.compile(r"\b(?:must|should|ought|need\w*|ha(?:s|ve|d)[ \t]+to|requir\w*|may|might|can|cannot|"
                       r"could|allow\w*|permit\w*)\b", re.IGNORECASE)
# an instruction not to ("Do NOT induce vomiting", "Never leave it unattended"): a duty too
_DO_NOT_RE = re.compile(r"\W*(?:do[ \t]+not|don[’']?t|never)\b", re.IGNORECASE)
# a request or recommendation: what follows it says what someone wants to be so, not what is
# ("The reviewers ask for periods that do not overlap", "Main requests: use periods that do not
# overlap"); not a verb of a conversation's summary alone ("Ann wants...", "Bo suggested ...")
_WISH_RE = re.compile(
    r"\b(?:(?:request|recommendation|suggestion|proposal|demand)s?(?:[ \t]+(?:is|are|was|were))?[ \t]*:"
    r"|(?:ask|call)(?:s|ed|ing)?[ \t]+for\b|(?:ask|request|recommend|urg|insist)(?:e|s|es|ed|ing)?[ \t]+that\b)",
    re.IGNORECASE)
# an instruction to see that something is so ("Check that the hose is not kinked")
_CHECK_RE = re.compile(r"\b(?:check|ensure|verify|make[ \t]+sure|confirm)\b", re.IGNORECASE)
# a document sentence that wishes, prefers or asks in any words ("I'd rather we don't ...",
# "please", "we hope"): a request in the answer may restate it, so it is compared as usual
_WISHES_RE = re.compile(r"\b(?:rather|prefer\w*|would|wants?|wish\w*|hope\w*|suggest\w*|propos\w*|"
                        r"recommend\w*|ask\w*|request\w*|please|let[’']s)\b|[’']d\b", re.IGNORECASE)
# what ends a request's own clause: another clause joined to it, or a new sentence part
_CLAUSE_JOIN_RE = re.compile(r"[;.]|\b(?:and|but|or|while|whereas)\b", re.IGNORECASE)
# what joins another thing to the one a clause says something of
_ADDED_RE = re.compile(r"\b(?:and|or|plus|as[ \t]+well[ \t]+as|along[ \t]+with|together[ \t]+with)\b",
                       re.IGNORECASE)


class NegationsChecker:
    name = "negations"
    warning_type = CONTRADICTED_CLAIM
    default_severity = "high"
    provides = ("negation",)

    def check(self, ctx: CheckContext) -> Iterator[Finding]:
        if len(ctx.documents) == 0:
            return
        flagged: set[int] = set()
        for finding in self._denials(ctx):
            if not finding.supported:
                flagged.add(finding.start)
            yield finding
        for alignment in ctx.alignment:
            if alignment.start in flagged or alignment.doc_index < 0:
                continue
            found = _affirms_denied(ctx, alignment) or _swaps_opposite(ctx, alignment)
            if found is not None:
                found.checker = self.name
                yield found

    def _denials(self, ctx: CheckContext) -> Iterator[Finding]:
        """The answer denies what the document states (the module docstring's first case): each
        denial of a sentence is read (a long answer's sentence often denies twice: "you are not
        tied in, and EU roaming is not included"); the first the documents contradict is
        reported, else the first they confirm."""
        # a question that denies ("Which rooms are not accessible?") is answered with denials;
        # one that only holds a word of failure or loss ("what failed?", "if I lose it?") is not
        if not ctx.response_denies or denies_anything(ctx.query):
            return
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
                found = self._denial(ctx, start, end, claim, cue)
                if found is None:
                    continue
                if not found.supported:
                    first = found
                    break
                first = first or found
            if first is not None:
                yield first

    def _denial(self, ctx: CheckContext, start: int, end: int, claim: str, cue: re.Match[str]) -> Optional[Finding]:
        """The finding of one denial (``cue``) of the answer sentence at ``start``..``end``
        (``claim``: its text, quotations blanked): supported when a document denies it too,
        unsupported when one states it plainly; None when no document sentence compares."""
        sentence = ctx.response[start:end]
        if amount_after(claim, cue.end()):
            return None  # "no more than four times a day" bounds an amount, it denies nothing
        # only the clause that denies: "X is a plant, but Y is not" denies in the second
        c_begin, c_end = clause_span(claim, cue.start())
        clause = claim[c_begin:c_end]
        if _CONTRAST_RE.match(clause) or scoped_in_time(claim, cue.start()):
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
            supported = ((_negates(read, words, said)
                          and not _denial_apart(read, denied_head(claim, cue.end(), c_end, predicates=True),
                                                _reached_stems(claim, cue, c_begin, c_end), words, said))
                         or _has_opposite(doc_sentence, covered, said) or _unticked(doc_sentence, covered)
                         or _listed_under_denial(ctx.documents.indexes[doc_index].text, span))
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
                    denied = zero = _zero_given(ctx, _denied_stem(clause))
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
            warning_type=self.warning_type,
            start=start,
            end=end,
            text=sentence,
            supported=supported,
            value=f"negated: {cue.group(0).lower()}",
            checker=self.name,
        )
        if supported:
            finding.source = "document"
            finding.evidence = (doc_index, span[0], span[1])
        else:
            finding.suggestion = (
                f'The answer denies it ("{quote_for_message(sentence, 60)}"), but document '
                f'{doc_index} states it without negation: "{quote_for_message(doc_sentence, 100)}"'
            )
        return finding


def _about_same(clause: str, cue: tuple[int, int], doc_sentence: str) -> bool:
    """Is ``doc_sentence`` about what the denial at ``cue`` (start, end) of the answer ``clause``
    is about, so that stating it plainly contradicts the clause? A sentence chosen for the words
    it shares with the clause may share them with another thing than the one the denial is said
    of, or with another part of the clause than the one the denial sits in. So:

    - a code the clause names right before its denial ("*web-03* was never patched") must be in
      the sentence: a code names one thing ("/workspace/patch-web-tier" is another);
    - where the denial sits in a part of the clause of its own (a relative, subordinate or
      coordinate clause: :func:`denial_scope`), the sentence must say a word of that part besides
      the one denied ("a client *who is currently not insured*, and offers a range of insurance
      products" against "We offer a range of insurance products": the sentence restates the
      other part; "Below 15 ml/min *or on dialysis it is not recommended*" against a table's
      header "CrCl (ml/min) Recommended dose", which names no dialysis).
    """
    start, end = cue
    code = _subject_code(clause, start, end)
    if code is not None and not _holds_code(doc_sentence.lower(), code):
        return False
    begin, stop = denial_scope(clause, start, end)
    if (begin, stop) == (0, len(clause)):
        return True
    # the part's words but its adverbs and the word denied ("who is not *currently* insured")
    words = tokenize(clause[begin:stop])
    named = [t for t in words if content_stem(t.norm) is not None and _names_thing(clause[begin:stop], t)]
    after = [t for t in named if t.start >= end - begin]
    part = {stem(t.norm) for t in named} - ({stem(after[0].norm)} if after else set())
    if not part:
        # a relative clause naming nothing but what it denies ("a client who is not insured")
        # is said of a word outside it: no sentence is known to be about that; any other part
        # that says nothing besides its denied word tells nothing, and is read as before
        return not (words and words[0].norm in _RELATIVES)
    held = frozenset(content_stems(doc_sentence))
    return any(w in held or has_synonym_in(w, held) for w in part)


# a word that opens a relative clause
_RELATIVES = frozenset({"who", "which", "whose", "whom"})  # (not "that": "confirms that there is none")


def _same_thing_sentence(ctx: CheckContext, clause: str, cue: tuple[int, int], stems: set[str]
                         ) -> Optional[tuple[int, tuple[int, int]]]:
    """(doc index, sentence span) of the document sentence sharing most of ``stems`` (enough of
    them to be compared whole) that is about what the denial at ``cue`` of ``clause`` is about
    (:func:`_about_same`) and holds the word it denies, no question and no table's header; the
    first in document order on a tie, None if none is."""
    need = max(MIN_SHARED, MIN_SHARED_SHARE * len(stems))
    best: Optional[tuple[int, tuple[int, int]]] = None
    most = 0
    for doc_index, index in ctx.documents:
        spans, by_stem = index.sentence_index
        for i, n in sorted(_sentences_sharing(by_stem, stems).items()):
            if n < need or n <= most:
                continue
            text = index.text[spans[i][0]:spans[i][1]]
            if (_QUESTION_END_RE.search(text) or _header_row(index.text, spans[i])
                    or _lacks_denied_word(clause[cue[0]:], text) or not _about_same(clause, cue, text)):
                continue
            best, most = (doc_index, spans[i]), n
    return best


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


# a run of letters and digits joined by hyphens, slashes or points: a code ("web-03", "P-116")
_CODE_RE = re.compile(r"[^\W_]+(?:[-/.][^\W_]+)*")


def _subject_code(clause: str, start: int, end: int) -> Optional[str]:
    """The code (folded: letters and digits, "web-03", "cwp-3") that is the last word naming
    anything before the denial at ``start``..``end`` of ``clause``, within the part of the
    clause the denial sits in (:func:`denial_scope`); None when that word is no code. A code
    names one thing: what the clause denies is said of it. (Any other word may be the subject's
    head, or a verb or a relative clause's word after it: "Raj said he can not", "travel that
    was booked before the memo cannot". A figure alone is an amount: "35 g", "5.6".)"""
    begin, _ = denial_scope(clause, start, end)
    # (the clause may run over a sentence's end the answer's sentences missed: "... 35 g. Don't")
    stop = max(clause.rfind(". ", 0, start), clause.rfind("! ", 0, start), clause.rfind("? ", 0, start))
    begin = max(begin, stop + 1)
    picked = next((t for t in reversed(tokenize(clause[:start])) if t.start >= begin and _names_thing(clause, t)),
                  None)
    if picked is None or not any(ch.isdigit() for ch in picked.norm):
        return None
    for m in _CODE_RE.finditer(clause):
        if m.start() <= picked.start < m.end():
            code = m.group(0)
            return code.lower() if any(ch.isalpha() for ch in code) else None
    return None


def _codes(text: str) -> list[str]:
    """The codes of ``text`` (letters and digits joined: "P-116", "web-03", "CYP3A4"), folded."""
    return [m.group(0).lower() for m in _CODE_RE.finditer(text)
            if any(ch.isdigit() for ch in m.group(0)) and any(ch.isalpha() for ch in m.group(0))]


def _denied_in_words(tokens: list[Token], at: int) -> bool:
    """Does a word that denies in its own right ("left out", "lacked", "failed", "excluded": the
    document's words of :data:`_DOCUMENT_DENIAL_WORDS_RE`) stand right before the word at ``at``
    among ``tokens``, only articles, auxiliaries and "out" between?"""
    before = [t for t in tokens if t.start < at]
    for tok in reversed(before):
        if tok.norm in _BEFORE_DENIED or tok.norm in ("out", "of", "to"):
            continue
        return _DOCUMENT_DENIAL_WORDS_RE.fullmatch(tok.norm) is not None
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


def _holds_code(text: str, code: str) -> bool:
    """Does ``text`` hold ``code`` as a whole word ("web-03" in "web-03 failed", not in
    "web-031" nor "xweb-03")?"""
    at = text.find(code)
    while at >= 0:
        end = at + len(code)
        if not (at and (text[at - 1].isalnum())) and not (end < len(text) and text[end].isalnum()):
            return True
        at = text.find(code, at + 1)
    return False


def _names_thing(clause: str, tok: Token) -> bool:
    """Is ``tok`` of ``clause`` a word that may name what a clause is about: a figure, or a
    content word but an adverb made of an adjective by "-ly" and written in lower case ("is
    currently not": the stem of "currently" is "current"; "family" stays a noun)?"""
    if any(ch.isdigit() for ch in tok.norm):
        return True
    found = content_stem(tok.norm)
    if found is None:
        return False
    return not (tok.norm.endswith("ly") and found == tok.norm[:-2] and clause[tok.start:tok.end].islower())


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


def _wished_against_fact(before: str, doc_sentence: str) -> bool:
    """Does the answer ask for what the denial denies (``before``: the answer sentence up to the
    denial: "Their main request: use periods that do not overlap") where the document sentence
    states a fact ("The periods overlap"), no request, duty or permission of its own? A wish that
    it were otherwise is no denial that it is so; a document that asks or requires too is read
    as usual ("They recommend that it is not reused" / "They recommend reusing it")."""
    wish = None
    for wish in _WISH_RE.finditer(before):
        pass
    if (wish is None or _WISH_RE.search(doc_sentence) or _WISHES_RE.search(doc_sentence)
            or _MODAL_RE.search(doc_sentence) or _DUTY_RE.search(doc_sentence)):
        return False
    # a list of requests ("requests are: use ...; and report ...") reaches the sentence's end; a
    # request "that ..." its own clause ("staff recommend that X, and a decision is requested")
    return wish.group(0).endswith(":") or _CLAUSE_JOIN_RE.search(before, wish.end()) is None


# A word that says a thing's state is that it is not so, no longer, or not yet ("pending",
# "awaiting"): what an answer's denial may restate in its own words ("closed until 2044" -> "you
# won't be able to see them", "PENDING - awaiting payment" -> "the fee hasn't been paid")
_STATUS_RE = re.compile(
    r"\b(?:clos(?:ed|ure)|shut|withdr[ae]wn?|declined|refus(?:ed|al)|reject(?:ed|ion)|cancell?ed|cancellation|"
    r"failed|denied|lost|missed|banned|prohibited|excluded|stopped|ceased|ended|halted|abandoned|"
    r"discontinued|scrapped|abolished|suspended|revoked|postponed|waived|exempt(?:ed)?|offline|"
    r"expired|lapsed|void(?:ed)?|pending|awaiting|un\w+able)\b",
    re.IGNORECASE,
)


# what gives the reason for a denial in the denial's own clause
_REASON_RE = re.compile(r"\b(?:because|since)\b", re.IGNORECASE)
# the same opening a clause: a denial there is the reason for what the clause before it says
_REASON_OPENS_RE = re.compile(r"[ \t]*(?:because|since)\b", re.IGNORECASE)
# a clause that opens by pointing back to what the clause before it is about
_POINTS_BACK_RE = re.compile(r"\W*(?:(?:and|but|so|as)[ \t]+)?(?:which|that|who|it|they|these|those|this)\b",
                             re.IGNORECASE)


def _status_restated(ctx: CheckContext, claim: str, denial: tuple[int, int], denial_stems: set[str]
                     ) -> Optional[tuple[int, tuple[int, int]]]:
    """(doc index, sentence span) of a document sentence that gives the ground of a denial in a
    word of state the answer says too, in another clause of the answer sentence or in a reason its
    denying clause gives ("because its list is closed") (``claim``;
    ``denial``: the denying clause's span, ``denial_stems`` its content stems): "An opposition
    by X did not succeed; it was withdrawn" / "Opposition by X withdrawn", "you won't be able to
    see the files, which are closed until 2044" / "Access: CLOSED until 2044". The sentence
    must hold that word and two or more of the two clauses' other words (content words and
    figures); None if none does. (Read only when the sentence the denial shares most with lacks
    the denied word: what it states is then not what the answer denies.)"""
    denied = None
    # the other clauses, and a reason the denying clause gives after its denial ("isn't taking
    # new patients because its list is closed"), which is about the denial whatever its words
    regions = [(begin, end, False) for begin, end in clause_spans(claim)
               if not (begin < denial[1] and denial[0] < end)]
    cue = _ANSWER_NEGATION_RE.search(claim, denial[0], denial[1])
    reason = None if cue is None else _REASON_RE.search(claim, cue.end(), denial[1])
    if reason is not None:
        regions.append((reason.start(), denial[1], True))
        denial = (denial[0], reason.start())
    if _REASON_OPENS_RE.match(claim, denial[0]):
        # the denial is the reason for what the sentence says before it ("shows the transfer as
        # pending, because the fee hasn't been paid"), which is about the denial whatever its words
        regions.append((0, denial[0], True))
    for begin, end, given in regions:
        for m in _STATUS_RE.finditer(claim, begin, end):
            if denied is None:
                denied = _said_stems(claim[denial[0]:denial[1]])
            word = stem(m.group(0).lower())
            said = _said_stems(claim[begin:end]) - {word}
            # the clause must be about what the denial is about: it says one of its words, or
            # opens with a word pointing back to it ("which are closed", "it was withdrawn")
            if not given and said.isdisjoint(denial_stems) and not _POINTS_BACK_RE.match(claim, begin):
                continue
            about = (said | denied) - {word}
            for doc_index, index in ctx.documents:
                spans, by_stem = index.sentence_index
                for i in by_stem.get(word, ()):
                    text = index.text[spans[i][0]:spans[i][1]]
                    if len(about & _said_stems(text)) >= MIN_COVERED and not _QUESTION_END_RE.search(text):
                        return doc_index, spans[i]
    return None


def _said_stems(text: str) -> set[str]:
    """The content stems of ``text`` and its figures ("£69", "2044"): what a clause is said of."""
    return {s for t in tokenize(text) if (s := content_stem(t.norm)) is not None} | {
        t.norm for t in tokenize(text) if any(ch.isdigit() for ch in t.norm)}


def _states_denied(ctx: CheckContext, claim: str) -> Optional[tuple[int, tuple[int, int]]]:
    """(doc index, sentence span) of a document clause that states plainly what a denial of the
    answer sentence ``claim`` denies, read within ``_WINDOW`` content words of the denied word
    (a summary's sentence fuses several of the document's, so the whole clause is not what one
    document sentence says); None when no document does.

    The document clause must hold the denied word ("not *arrested*") and most of the words around
    it in the answer, each on the same side of it ("the founder was not arrested on Thursday" /
    "the founder was arrested on Thursday"), with no denial, hedge or condition of its own; and
    no document sentence may deny it in as many words. A question states nothing either way.
    """
    for cue in _ANSWER_NEGATION_RE.finditer(claim):
        c_begin, c_end = clause_span(claim, cue.start())
        if _CONTRAST_RE.match(claim, c_begin) or scoped_in_time(claim, cue.start()):
            continue
        if _WITHOUT_RE.search(claim, cue.end(), c_end):
            continue  # "can't X without Y" says Y is needed, no sentence stating X denies it
        head = denied_head(claim, cue.end(), c_end, predicates=True)
        if head is None:
            continue
        h = stem(head.norm)
        a_tokens = tokenize(claim[c_begin:c_end])
        a_words = _content_positions(a_tokens)
        a_at = next((i for i, t in enumerate(a_tokens) if t.start == head.start - c_begin), None)
        if a_at is None:
            continue
        a_side = {s: i < a_at for i, s in _around(a_words, a_at, _WINDOW) if s != h}
        if len(a_side) < MIN_COVERED:
            continue
        found = _plain_statement(ctx, h, a_side, [t.norm for t in a_tokens], content_stem(head.norm) is None)
        if found is not None:
            return found
    return None


def _plain_statement(ctx: CheckContext, h: str, a_side: dict[str, bool], words: list[str],
                     predicate: bool = False) -> Optional[tuple[int, tuple[int, int]]]:
    """The document sentence whose clause around the stem ``h`` holds most of ``a_side`` (stem:
    before ``h``?) on the same sides, plainly; None if none does or any sentence as close denies
    it (in words, by a prefix or by the opposite of one of the answer clause's ``words``)."""
    need = max(MIN_COVERED, MIN_COVERED_SHARE * len(a_side))
    plain: Optional[tuple[int, tuple[int, int]]] = None
    # a verb of the stop list ("included") is in no sentence index: the sentences holding
    # enough of the words around it are read for it instead
    for doc_index, index in ctx.documents:
        spans, by_stem = index.sentence_index
        candidates = by_stem.get(h, ()) if not predicate else sorted(
            i for i, n in _sentences_sharing(by_stem, frozenset(a_side)).items() if n >= need)
        for i in candidates:
            text = index.text[spans[i][0]:spans[i][1]]
            for tok in tokenize(text):
                if (stem(tok.norm) if predicate else content_stem(tok.norm)) != h:
                    continue
                d_begin, d_end = clause_span(text, tok.start)
                d_tokens = tokenize(text[d_begin:d_end])
                d_at = next((k for k, t in enumerate(d_tokens) if t.start == tok.start - d_begin), None)
                if d_at is None:
                    continue
                d_side = {s: k < d_at for k, s in _content_positions(d_tokens) if k != d_at}
                shared = [s for s in a_side if s in d_side and d_side[s] == a_side[s]]
                if len(shared) < need:
                    continue
                if _QUESTION_END_RE.search(text):
                    break  # a question neither states nor denies
                d_clause = _misread_zeros(text[d_begin:d_end])
                denial_words = _DOCUMENT_DENIAL_WORDS_BARE_RE if has_bare_not(d_clause) else _DOCUMENT_DENIAL_WORDS_RE
                if (denial_words.search(d_clause) or _prefixed(d_clause, words)
                        or _has_opposite(d_clause, words) or hedges_or_denies(d_clause)):
                    return None  # the document denies or hedges it in as many words
                if plain is None:
                    plain = (doc_index, spans[i])
    return plain


def _denied_elsewhere(ctx: CheckContext, clause: str, stems: set[str], words: list[str],
                      plain: AbstractSet[str] = frozenset()) -> Optional[tuple[int, tuple[int, int]]]:
    """(doc index, sentence span) of a document sentence that denies the word the answer's
    denying ``clause`` denies (the first content word after the cue) and shares as many of the
    clause's ``stems`` as a sentence must to be compared whole; None if none does."""
    cue = _ANSWER_NEGATION_RE.search(clause)
    if cue is None:
        return None
    head = denied_head(clause, cue.end(), len(clause))
    if head is None:
        return None
    h = stem(head.norm)
    need = max(MIN_SHARED, MIN_SHARED_SHARE * len(stems))
    # the clause the denial sits in ("found that X had not protected the deposit") is enough too,
    # and so is the coordinate part it sits in ("is in band B and it has no parking permit")
    inner = _relative_clause(clause)
    inner_stems = inner[2] if inner is not None else None
    begin, end = denial_scope(clause, cue.start(), cue.end())
    part_stems = content_stems(clause[begin:end]) if begin or end < len(clause) else None
    # the words of the clause the sentence sharing most (``plain``'s stems) lacks: a sentence
    # that denies the word and holds them says what the clause is about ("not valid in the
    # Irish stores" where the plain one says "valid in UK stores")
    unmatched = stems - plain if plain else set()
    for doc_index, index in ctx.documents:
        spans, by_stem = index.sentence_index
        for i in by_stem.get(h, ()):
            text = index.text[spans[i][0]:spans[i][1]]
            shared = content_stems(text)
            if (len(stems & shared) >= need
                    or (inner_stems is not None and len(inner_stems & shared) >= max(
                        MIN_SHARED_CLAUSE, MIN_SHARED_SHARE * len(inner_stems)))
                    or (part_stems is not None and len(part_stems & shared) >= max(
                        MIN_SHARED, MIN_COVERED_SHARE * len(part_stems)))
                    or (len(stems & shared) >= MIN_SHARED and len(unmatched & shared) >= MIN_COVERED)
                    ) and _denies_head(text, h):
                return doc_index, spans[i]
    return None


def _opposite_elsewhere(ctx: CheckContext, clause: str, stems: set[str], said: frozenset[str]
                        ) -> Optional[tuple[int, tuple[int, int]]]:
    """(doc index, sentence span) of the first document sentence that says the opposite of the
    word right after a denial of ``clause`` (:func:`opposites_of`: "closed" for "not open"), no denial
    reaching it, and shares as many of the clause's ``stems`` as a sentence must to be compared
    whole; no question, and not a word the answer sentence says itself (``said``). None if none
    does."""
    cue = _ANSWER_NEGATION_RE.search(clause)
    # (the word right after the denial, auxiliaries and articles aside: "not kept for 35 days"
    # denies "kept", whatever the opposite of "days")
    head = None if cue is None else next((t for t in tokenize(clause[cue.end():]) if t.norm not in _BEFORE_DENIED), None)
    wanted = frozenset() if head is None else opposites_of(head.norm)
    if not wanted:
        return None
    need = max(MIN_SHARED, MIN_SHARED_SHARE * len(stems))
    for doc_index, index in ctx.documents:
        spans, by_stem = index.sentence_index
        for i, n in sorted(_sentences_sharing(by_stem, stems).items()):
            if n < need:
                continue
            text = index.text[spans[i][0]:spans[i][1]]
            if _QUESTION_END_RE.search(text):
                continue
            if any(opposite_key(t.norm) in wanted and t.norm not in said and not _in_denial(text, t.start)
                   for t in tokenize(text)):
                return doc_index, spans[i]
    return None


# a figure as a document writes one ("0", "0.00", "1,842.50")
# (not a part of a time or a date: "14:00", "12/03", nor of a word: "C0NDITIONS", "A4")
_FIGURE_RE = re.compile(r"(?<![\w.,:/])\d[\d,]*(?:\.\d+)?(?![\d:/])")
#: How many figures after the word a line may give before the zero (a rate, a count, an amount).
ZERO_WITHIN = 3


def _zero_given(ctx: CheckContext, h: Optional[str]) -> Optional[tuple[int, tuple[int, int]]]:
    """(doc index, sentence span) of a document sentence with a line that gives the word stemmed
    ``h`` a zero among its first ``ZERO_WITHIN`` figures after it ("Overtime 1.5x (0 hrs) 0.00"
    denies "she worked overtime"), the word being the line's first; None if none does."""
    if h is None:
        return None
    for doc_index, index in ctx.documents:
        spans, by_stem = index.sentence_index
        for i in by_stem.get(h, ()):
            begin, end = spans[i]
            text = index.text
            for tok in tokenize(text[begin:end]):
                if stem(tok.norm) != h:
                    continue
                at = begin + tok.start
                line_start = text.rfind("\n", 0, at) + 1
                # (or a cell of it: a layout's columns are parted by a run of spaces or a tab,
                # "... you invest   Entry charge 0.00%   Exit charge 0.00%")
                cell_start = max(line_start, text.rfind("  ", line_start, at) + 2, text.rfind("\t", line_start, at) + 1)
                if tokenize(text[cell_start:at]):
                    continue  # (the line is about another thing first)
                line_end = text.find("\n", at)
                line_end = len(text) if line_end < 0 else line_end
                figures = _FIGURE_RE.findall(text, at, _cell_end(text, at, line_end))[:ZERO_WITHIN]
                if any(not f.replace("0", "").replace(",", "").replace(".", "") for f in figures):
                    return doc_index, spans[i]
    return None


def _cell_end(text: str, at: int, line_end: int) -> int:
    """Where the cell of a layout's line that holds position ``at`` ends: at the next gap (a
    run of two spaces or more, or a tab) followed by a word, which labels the next cell ("Setup
    fee 25.00   Closing fee 0.00"); the line's end if none. (A gap before a figure parts a label
    from its value: "Overtime      0.00".)"""
    k = at
    while True:
        gaps = [g for g in (text.find("  ", k, line_end), text.find("\t", k, line_end)) if g >= 0]
        if not gaps:
            return line_end
        g = min(gaps)
        k = g
        while k < line_end and text[k] in " \t":
            k += 1
        if k < line_end and text[k].isalpha():
            return g


def _denied_stem(clause: str) -> Optional[str]:
    """The stem of the word a denial of ``clause`` denies (the first content word after the
    cue), or None when the clause names none."""
    cue = _ANSWER_NEGATION_RE.search(clause)
    head = None if cue is None else denied_head(clause, cue.end(), len(clause))
    return None if head is None else stem(head.norm)


def _lacks_denied_word(clause: str, doc_sentence: str) -> bool:
    """Does ``doc_sentence`` lack the word a denial of ``clause`` denies (the first content word
    after the cue), in every form and by synonym? False when the clause names no such word."""
    h = _denied_stem(clause)
    if h is None:
        return False
    held = {stem(t.norm) for t in tokenize(doc_sentence)}
    return h not in held and not has_synonym_in(h, frozenset(held))


def _table_rows(text: str, span: tuple[int, int]) -> Optional[tuple[list[tuple[int, int]], int]]:
    """(line spans of the rows, number of the row holding ``span``) of the table of cells parted
    by "|" that the sentence at ``span`` of ``text`` is a row of: the run of lines around it with as
    many "|" (two or more; a rule of dashes between them is skipped); None when the sentence is no
    such row or its table has no other."""
    begin = text.rfind("\n", 0, span[0]) + 1
    end = text.find("\n", span[0])
    end = len(text) if end < 0 else end
    if span[1] > end + 1:
        return None  # (more than one line)
    bars = text.count("|", begin, end)
    if bars < 2:
        return None
    rows = [(begin, end)]
    at = 0
    lo = begin
    while lo > 0:  # the rows above
        start = text.rfind("\n", 0, lo - 1) + 1
        line = text[start:lo - 1]
        if _RULE_RE.fullmatch(line):
            lo = start
            continue
        if line.count("|") != bars:
            break
        rows.insert(0, (start, lo - 1))
        at += 1
        lo = start
    hi = end
    while hi < len(text):  # the rows below
        stop = text.find("\n", hi + 1)
        stop = len(text) if stop < 0 else stop
        line = text[hi + 1:stop]
        if _RULE_RE.fullmatch(line):
            hi = stop
            continue
        if line.count("|") != bars:
            break
        rows.append((hi + 1, stop))
        hi = stop
    return (rows, at) if len(rows) > 1 else None


# a line that only rules a table ("|---|:--:|", "-----+-----")
_RULE_RE = re.compile(r"[ \t|:+]*[=-][ \t|:+=-]*")


def _cells(line: str) -> list[str]:
    """The cells of a table's row, an outer "|" at either end left out."""
    cells = line.split("|")
    if cells and not cells[0].strip():
        cells = cells[1:]
    if cells and not cells[-1].strip():
        cells = cells[:-1]
    return cells


def _column_contrast(text: str, span: tuple[int, int], h: Optional[str]) -> bool:
    """Is the sentence at ``span`` a table's row that gives another value in a column where
    another row (not the first: a header names the column) says the word stemmed ``h``? Then
    the table says it of that row, not of this one: "Haskett Mill | steady | normal" against
    "Crollick | rising | FLOOD WARNING" for "Haskett Mill is not in flood"."""
    if h is None:
        return False
    found = _table_rows(text, span)
    if found is None:
        return False
    rows, at = found
    own = _cells(text[rows[at][0]:rows[at][1]])
    for n, (begin, end) in enumerate(rows):
        if n in (0, at):
            continue
        for k, cell in enumerate(_cells(text[begin:end])):
            if (k < len(own) and any(stem(t.norm) == h for t in tokenize(cell)) and own[k].strip()
                    and not any(stem(t.norm) == h for t in tokenize(own[k]))):
                return True
    return False


def _row_named(text: str, span: tuple[int, int], stems: AbstractSet[str]) -> Optional[tuple[int, int]]:
    """The span of another row of the table the sentence at ``span`` is a row of, when a denying
    clause (its content ``stems``) names that row by every word of its first cell and none of
    this row's first cell (the row key: "Ashby reservoir is not ..." against the row "Brackley |
    64 | DROUGHT ORDER" is about the row "Ashby | 91 | normal"); None otherwise."""
    found = _table_rows(text, span)
    if found is None or found[1] == 0:
        return None
    rows, at = found

    def key(row: tuple[int, int]) -> set[str]:
        cells = _cells(text[row[0]:row[1]])
        return content_stems(cells[0]) if cells else set()

    if key(rows[at]) & stems:
        return None
    named = [row for n, row in enumerate(rows) if n not in (0, at) and (k := key(row)) and k <= stems]
    if len(named) != 1:
        return None
    begin, end = named[0]
    line = text[begin:end]
    return begin + len(line) - len(line.lstrip()), end - (len(line) - len(line.rstrip()))


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


def _names_its_row(text: str, span: tuple[int, int], stems: AbstractSet[str]) -> bool:
    """Is the sentence at ``span`` a table's row (not its header) whose first cell's content words
    are all among ``stems``? What a cell of it says is said of what the answer clause names
    ("The Ashbrook at Penbury Weir is rising" / "Penbury Weir | Ashbrook | 3.07 | falling"), though
    its words stand in another order than the clause's."""
    found = _table_rows(text, span)
    if found is None or found[1] == 0:
        return False
    rows, at = found
    cells = _cells(text[rows[at][0]:rows[at][1]])
    key = content_stems(cells[0]) if cells else set()
    return bool(key) and key <= stems


def _header_row(text: str, span: tuple[int, int]) -> bool:
    """Is the sentence at ``span`` the first row of a table (its header: the columns' names)?"""
    found = _table_rows(text, span)
    return found is not None and found[1] == 0


def _tied_denial(ctx: CheckContext, clause: str, stems: set[str], best: tuple[int, tuple[int, int], int]
                 ) -> Optional[tuple[int, tuple[int, int]]]:
    """(doc index, sentence span) of a document sentence other than ``best`` that shares as many
    of a denying ``clause``'s ``stems`` as ``best`` does and denies what the clause denies; None
    if none does. A table's header ("Age | Vaccine | Notes"), a heading or an operation's summary
    ("Creates a refund.") ties with the sentence the answer restates and comes first: a tie does
    not tell which one the answer restates. The tied sentence must deny the very word the clause
    denies ("is not given after that age" / "is not given after 24 weeks of age"); or, where
    neither it nor ``best`` holds that word in any form, it may deny in words of its own ("cannot
    be undone" / "cannot be cancelled") where the shared words stand around its denial as they
    stand around the clause's (one that holds the word and denies another says the word plainly:
    "shown a reading but no bill")."""
    cue = _ANSWER_NEGATION_RE.search(clause)
    if cue is None:
        return None
    denied = _word_after(clause, cue.end())
    # a denial that ends its clause ("costs nothing", "found none") denies the word before it
    before = _word_before(clause, cue.start()) if denied is None and _ends_clause(clause, cue) else None
    best_doc, (begin, end), need = best
    best_text = ctx.documents.indexes[best_doc].text[begin:end]
    loose = _lacks_denied_word(clause, best_text)
    for doc_index, index in ctx.documents:
        spans, by_stem = index.sentence_index
        counts = _sentences_sharing(by_stem, stems)
        for i in sorted(i for i, n in counts.items() if n >= need):
            if (doc_index, spans[i]) == best[:2]:
                continue
            text = index.text[spans[i][0]:spans[i][1]]
            if (len(stems & content_stems(text)) >= need and not _QUESTION_END_RE.search(text)
                    and any((denied is not None and _word_after(text, c_end) == denied)
                            or (before is not None and _word_after(text, c_end) is None
                                and text[c_start:c_end].lower() == cue.group(0).lower()
                                and _word_before(text, c_start) == before)
                            or (loose and _lacks_denied_word(clause, text)
                                and _same_sides(clause, cue, text, c_start, c_end, need))
                            or _contrasts_best(text, c_start, c_end, best_text, stems, need)
                            for c_start, c_end in denial_spans(text))):
                return doc_index, spans[i]
    return None


def _contrasts_best(text: str, c_start: int, c_end: int, best_text: str, stems: set[str], need: int) -> bool:
    """Does the denial at [``c_start``, ``c_end``) of the tied sentence ``text`` deny a word the
    sentence sharing most (``best_text``) says plainly, in a part of ``text`` that holds ``need``
    of the answer clause's ``stems``? The two then set two cases against each other ("FLEX FARES
    INCLUDE ONE CABIN BAG" / "BASIC FARES DO NOT INCLUDE A CABIN BAG"), and the tie does not
    tell which one the answer restates ("A cabin bag isn't part of the fare")."""
    begin, end = denial_scope(text, c_start, c_end)
    if len(stems & content_stems(text[begin:end])) < need:
        return False
    head = denied_head(text, c_end, clause_span(text, c_start)[1], predicates=True)
    if head is None:
        return False
    h = stem(head.norm)
    return any(stem(t.norm) == h and not _in_denial(best_text, t.start) for t in tokenize(best_text))


def _same_sides(clause: str, cue: re.Match[str], text: str, c_start: int, c_end: int, need: int) -> bool:
    """Does the document ``text``'s denial at [``c_start``, ``c_end``) stand among ``need`` or
    more of the answer ``clause``'s content words, each on the side of it where the clause's
    ``cue`` has it ("A refund cannot be undone once created" / "Refunds cannot be cancelled once
    created"; not "I cannot say how glad I am to start the podcast" for "The podcast will not
    feature ...")?"""
    def sides(words: str, at: int, after: int) -> dict[str, bool]:
        return {s: tok.start < at for tok in tokenize(words)
                if (s := content_stem(tok.norm)) is not None and not at <= tok.start < after}
    begin, end = denial_scope(text, c_start, c_end)
    answer = sides(clause, cue.start(), cue.end())
    document = sides(text[begin:end], c_start - begin, c_end - begin)
    return sum(1 for s, before in answer.items() if document.get(s) == before) >= need


# what may stand between a denial and the word it denies ("cannot *be* undone", "not *a* member")
_BEFORE_DENIED = frozenset({"be", "been", "being", "a", "an", "the", "any", "at", "all", "ever", "even", "yet"})


def _word_after(text: str, at: int) -> Optional[str]:
    """The stem of the first word after position ``at`` that is no auxiliary or article: the
    word a denial ending there denies, content word or not ("not *given*", "no *more*")."""
    for tok in tokenize(text[at:]):
        if tok.norm not in _BEFORE_DENIED:
            return stem(tok.norm)
    return None


def _word_before(text: str, at: int) -> Optional[str]:
    """The stem of the content word right before position ``at`` (None when another word is):
    the verb a denial after it denies ("*costs* nothing")."""
    tokens = tokenize(text[max(0, at - 40):at])
    return content_stem(tokens[-1].norm) if tokens else None


def _ends_clause(clause: str, cue: re.Match[str]) -> bool:
    """Does the denial ``cue`` end its clause, no word after it ("turning down a trade costs
    nothing")?"""
    return not tokenize(clause[cue.end():])


def _denies_head(text: str, h: str) -> bool:
    """Does a denial of the document sentence ``text`` deny the word stemmed ``h``?"""
    for cue_start, cue_end in denial_spans(text):
        head = denied_head(text, cue_end, clause_span(text, cue_start)[1])
        if head is not None and stem(head.norm) == h:
            return True
    return False


def _shares_enough(ctx: CheckContext, best: tuple[int, tuple[int, int], int], stems: set[str]) -> bool:
    """Is the sentence sharing most with a denying clause's ``stems`` close enough to compare the
    clause with it whole? Not when it shares too little, or is a question ("Did you restart it?
    ." states nothing)."""
    doc_index, span, shared = best
    return (shared >= max(MIN_SHARED, MIN_SHARED_SHARE * len(stems))
            and not _QUESTION_END_RE.search(ctx.documents.indexes[doc_index].text[span[0]:span[1]]))


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


def _denial_part(clause: str) -> Optional[tuple[re.Match[str], int, int]]:
    """The first denial cue of ``clause`` and the part it reaches (a relative, subordinate or
    coordinate clause: :func:`denial_scope`), when that part is narrower than ``clause``."""
    cue = _ANSWER_NEGATION_RE.search(clause)
    if cue is None:
        return None
    begin, end = denial_scope(clause, cue.start(), cue.end())
    return None if (begin, end) == (0, len(clause)) else (cue, begin, end)


def _relative_clause(clause: str) -> Optional[tuple[str, list[str], set[str]]]:
    """The relative or subordinate clause a denial of ``clause`` sits in, with its words and
    content stems, when it is narrower than ``clause`` and has ``MIN_SHARED_CLAUSE`` content words."""
    found = _denial_part(clause)
    if found is None:
        return None
    _, begin, end = found
    words = [t.norm for t in tokenize(clause[begin:end])]
    stems = {stem(w) for w in words if is_content_word(w)}
    return (clause[begin:end], words, stems) if len(stems) >= MIN_SHARED_CLAUSE else None


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


def _misread_zeros(text: str) -> str:
    """``text`` with each zero of a word of letters read as the "o" an OCR pass misread ("n0t",
    "N0 windows", "0ffice"), when a word of it holds a zero between two letters ("purp0ses",
    "n0rth"): the sign that the text was misread so; else ``text`` itself. Same length, so
    positions hold."""
    if "0" not in text:
        return text
    words = [m for m in _WORD_RE.finditer(text) if "0" in m.group(0)]
    if not any(any(w[i - 1].isalpha() and w[i + 1].isalpha() for i in range(1, len(w) - 1) if w[i] == "0")
               for w in (m.group(0) for m in words)):
        return text
    chars = list(text)
    for m in words:
        word = m.group(0)
        if not word.replace("0", "").isalpha():
            continue  # (a code or a figure: "A0", "100ml")
        for i, ch in enumerate(word):
            if ch == "0":
                near = word[i - 1] if i else word[i + 1:i + 2]
                chars[m.start() + i] = "O" if near.isupper() else "o"
    return "".join(chars)


def _document_negation(text: str) -> re.Pattern[str]:
    """The pattern of a document's negations for ``text`` (with "dont" only where it may be)."""
    return _DOCUMENT_NEGATION_BARE_RE if has_bare_not(text) else _DOCUMENT_NEGATION_RE


def _negates(doc_sentence: str, answer_words: list[str], said: frozenset[str] = frozenset()) -> bool:
    """True when the document sentence has a negation of its own, in words or in a prefix
    ("unsafe" against the answer's "not safe"). A word that denies only in some uses ("former",
    "closed", "free", "fired") is none where the answer sentence says it too, in any form
    (``said``, folded words): there it describes what both say ("not Dario Kowal, a former
    midfielder", "the alarm did not fire" / "the alarm fired")."""
    return next(_negations(doc_sentence, said), None) is not None or _prefixed(doc_sentence, answer_words)


def _negations(doc_sentence: str, said: frozenset[str]) -> Iterator[re.Match[str]]:
    """The negations of the document sentence that :func:`_negates` counts (see there)."""
    said_stems: Optional[set[str]] = None
    for m in _document_negation(doc_sentence).finditer(doc_sentence):
        word = m.group(0).lower()
        if word == "no" and not_determiner(doc_sentence, m.end()):
            continue  # "added reg no to the listings": a number's abbreviation
        if word in _CLEAR_DENIALS or word.endswith(("n't", "n’t")):
            yield m
        elif word not in said:
            # in another form of a word the answer says ("Alert fired" / "did not fire") it is
            # the answer's word, not a denial
            if said_stems is None:
                said_stems = {stem(w) for w in said}
            if stem(word) not in said_stems:
                yield m


def _reached_stems(claim: str, cue: re.Match[str], c_begin: int, c_end: int) -> tuple[set[str], set[str]]:
    """The content stems of the part of the answer's clause (``c_begin``..``c_end`` of
    ``claim``) that its denial ``cue`` sits in, up to the next coordinator after it (:func:`denial_scope`,
    :func:`up_to_coordinator`): "They don't have to wear uniform" of "They don't have to wear
    uniform and can come in their own clothes"), and those of it after the cue (what it denies)."""
    clause = claim[c_begin:c_end]
    begin, _ = denial_scope(clause, cue.start() - c_begin, cue.end() - c_begin)
    end = len(up_to_coordinator(clause, cue.end() - c_begin))
    return content_stems(clause[begin:end]), content_stems(clause[cue.end() - c_begin:end])


# Where a sentence's parts meet, for :func:`_denial_apart`: a semicolon, a comma (not inside a
# figure), a line's end and the conjunctions that join two claims. Not a colon, a parenthesis or
# a dash: what they add belongs with the words before them ("Antibody test: -- not done --").
_PART_BREAK_RE = re.compile(r"[;\n]|,(?!(?<=\d,)\d)|\b(?:and|or|but|while|whereas|although|though)\b", re.IGNORECASE)


# a part set against the one before it: its conjunction (a closed class: the contrastive ones)
_CONTRAST_BEFORE_RE = re.compile(r"\b(?:but|although|though|whereas|while)$", re.IGNORECASE)
_CONTRAST_OPENS_RE = re.compile(r"\W*(?:however|yet|nevertheless)\b", re.IGNORECASE)


def _parts(text: str) -> list[tuple[int, int]]:
    """(start, end) of each part of ``text`` between the breaks of :data:`_PART_BREAK_RE`."""
    spans, begin = [], 0
    for m in _PART_BREAK_RE.finditer(text):
        spans.append((begin, m.start()))
        begin = m.end()
    spans.append((begin, len(text)))
    return spans


def _denial_apart(doc_sentence: str, head: Optional[Token], reached: tuple[set[str], set[str]],
                  answer_words: list[str], said: frozenset[str]) -> bool:
    """Do the negations of the document sentence all stand in other parts of it than the word
    the answer denies (``head``), which a part of it says plainly? ("Figures are in today's
    money and are not guaranteed" for "The figures are not in today's money": the denial is of
    the guarantee.) ``reached``: the content stems of the part of the answer clause its denial
    sits in, and of those after the cue. The plain part holds no word that denies, all the
    stems after the cue, and more of the part's stems than any part that negates. A negation's
    part reaches the list its colon opens (:func:`denial_reach`); one set against the part
    before it ("..., but ...") may deny what that says; a negative prefix on the answer's words
    (:func:`_prefixed`) denies in place."""
    if head is None or _prefixed(doc_sentence, answer_words):
        return False
    h = stem(head.norm)
    stems, denied = reached
    parts = _parts(doc_sentence)
    starts = [begin for begin, _ in parts]

    def part_of(pos: int) -> tuple[int, int]:
        return parts[max(0, bisect_right(starts, pos) - 1)]

    negated = []
    for m in _negations(doc_sentence, said):
        begin, end = part_of(m.start())
        if _CONTRAST_BEFORE_RE.search(doc_sentence, max(0, begin - 12), begin) or _CONTRAST_OPENS_RE.match(
                doc_sentence, begin):
            # "These attacks claim to preserve the semantics, but they are not enforced": a part
            # set against the one before it may deny what that one says
            return False
        negated.append((begin, max(end, denial_reach(doc_sentence, clause_span(doc_sentence, m.start())[1]))))
    if not negated:
        return False
    plain = None
    for tok in tokenize(doc_sentence):
        if stem(tok.norm) != h:
            continue
        if any(begin <= tok.start < end for begin, end in negated):
            return False  # a negation reaches the word itself
        begin, end = part_of(tok.start)
        if _document_negation(doc_sentence).search(doc_sentence, begin, end):
            return False  # (a word that denies, even one the answer says too: not plainly)
        held = content_stems(doc_sentence[begin:end])
        if not denied <= held:
            return False  # (it must say all the answer denies: "diverge in meaning" / "not meaning-retaining")
        shared = len(stems & held)
        plain = shared if plain is None else max(plain, shared)
    if plain is None or plain < MIN_SHARED:
        return False
    return all(len(stems & content_stems(doc_sentence[begin:end])) < plain for begin, end in negated)


#: Words that deny in every use (the others of _DOCUMENT_NEGATION_RE may describe instead).
_CLEAR_DENIALS = frozenset({"not", "no", "never", "neither", "nor", "none", "nobody", "nothing", "nowhere",
                            "cannot", "without"})


# the mark that opens a list's item at a line's start: "(b) ", "2. ", "iv) ", "- ", "• " (a closed
# set of marks: a number, one letter or a roman numeral, with a point or parenthesis; a bullet)
_ITEM_RE = re.compile(r"[ \t]*(?:\(?(?:\d{1,3}|[a-zA-Z]|[ivxIVX]{1,4})[.)]|[-*•·–])[ \t]")


def _listed_under_denial(text: str, span: tuple[int, int]) -> bool:
    """Is the sentence at ``span`` of ``text`` an item of a list whose lead line, right above its
    items, ends with a colon that closes a denial's clause ("4.3 We will not pay:" over "(b) for
    damage caused while the home is unoccupied")? The denial reaches each item, as it reaches a
    list on its own line (:func:`denial_reach`)."""
    line_start = text.rfind("\n", 0, span[0]) + 1
    if _ITEM_RE.match(text, line_start) is None:
        return False
    at = line_start
    while at > 0:
        start = text.rfind("\n", 0, at - 1) + 1
        line = text[start:at - 1].rstrip()
        if line.endswith(":"):
            return any(clause_span(line, cue)[1] == len(line) - 1 for cue, _ in denial_spans(line))
        if _ITEM_RE.match(line) is None:
            return False  # (a line that is no item ends the list)
        at = start
    return False


def _unticked(doc_sentence: str, answer_words: list[str]) -> bool:
    """Does an item of the document sentence left unticked on a form ("[ ] life threatening",
    "☐ Claim(s) ___ is/are allowed") hold a content word of ``answer_words`` (what an answer's
    denial reaches: "was not reported as *life*-threatening", "No *claims* are allowed")? The
    form says it is not so, as the answer does."""
    wanted = {s for w in answer_words if (s := content_stem(w)) is not None}
    return bool(wanted) and any(not wanted.isdisjoint(content_stems(doc_sentence[begin:end]))
                                for begin, end in unticked_items(doc_sentence))


def _prefixed(doc_sentence: str, answer_words: list[str]) -> bool:
    """True when the document sentence holds one of the answer's words with a negative prefix."""
    answer = {w for w in answer_words if is_content_word(w)}
    for tok in tokenize(doc_sentence):
        word = tok.norm
        for prefix in _NEGATIVE_PREFIXES:
            if word.startswith(prefix) and word[len(prefix):] in answer:
                return True
    return False


def _has_opposite(doc_sentence: str, answer_words: list[str], said: frozenset[str] = frozenset()) -> bool:
    """True when the document sentence holds the opposite of one of the answer's words that it
    does not hold itself (and not a word the answer sentence says too, ``said``: "which closed
    in 1966, is not due to reopen" / "closed in 1966, will reopen")."""
    wanted: set[str] = set()
    for w in answer_words:
        wanted |= opposites_of(w)
    if not wanted:
        return False
    tokens = tokenize(doc_sentence)
    keys = {opposite_key(t.norm) for t in tokens}
    # (only for a word the document sentence does not say itself: "nightly at 02:30, kept for 35
    # days" holds "days" as the answer does, and "nightly" opposes nothing the answer denies)
    wanted = {o for w in answer_words if opposite_key(w) not in keys for o in opposites_of(w)}
    return any(opposite_key(t.norm) in wanted and t.norm not in said for t in tokens)


#: The answer clause's content words the document's denying clause must hold: most of them,
#: and at least two (the denied word and what it is said of).
MIN_COVERED = 2
MIN_COVERED_SHARE = 0.6


def _sentence_text(ctx: CheckContext, alignment: SentenceAlignment) -> tuple[str, DocumentIndex, tuple[int, int]]:
    index = ctx.documents.indexes[alignment.doc_index]
    span = alignment.best_span
    assert span is not None
    return index.text[span[0]:span[1]], index, span


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
            before = [Token(t.norm, t.start - begin, t.end - begin) for t in tokens
                      if t.end <= begin and content_stem(t.norm) is not None][-_WINDOW:]
            yield clause, tokenize(clause), tok.start - begin, before, sentence[:begin]


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
    """The aligned document sentence, or another sentence of its document that denies something
    and shares words with the answer sentence (a summary's sentence fuses several: "had fewer
    infections, although the effect was significant in those over 65"), denies what the answer
    sentence affirms (see :func:`_affirms_denied_in`)."""
    found = _affirms_denied_in(ctx, alignment, alignment.doc_index, alignment.best_span)
    if found is not None:
        return found
    index = ctx.documents.indexes[alignment.doc_index]
    if index.denials_read and not index.denying_sentences:
        return None  # (a document already scanned and found to deny nothing: no counting)
    spans, by_stem = index.sentence_index
    shared = _sentences_sharing(by_stem, alignment.stems)
    candidates = [i for i in sorted(shared) if shared[i] >= MIN_COVERED and spans[i] != alignment.best_span]
    if not candidates:
        return None  # (asked before the document's denial scan: see _sentences_sharing)
    denying = index.denying_sentences
    for i in candidates:
        if i in denying:
            found = _affirms_denied_in(ctx, alignment, alignment.doc_index, spans[i])
            if found is not None:
                return found
    return None


def _sentences_sharing(by_stem: dict[str, list[int]], stems: AbstractSet[str]) -> dict[int, int]:
    """Sentence number -> how many of ``stems`` it holds (``by_stem``: a sentence index's map),
    for the sentences holding any. Counted before a new document's denying sentences are asked
    for (a scan of its whole text, ~20 µs on a 60-word HaluEval passage right after the parse):
    only a sentence holding :data:`MIN_COVERED` of the answer sentence's stems is read, and a
    short answer's few stems rarely meet twice outside the sentence it is aligned to (on
    HaluEval, the scan went from 84% of the calls to 27%)."""
    shared: dict[int, int] = {}
    for s in stems:
        for i in by_stem.get(s, ()):
            shared[i] = shared.get(i, 0) + 1
    return shared


def _denial_cues(index: DocumentIndex, span: tuple[int, int], doc_sentence: str) -> tuple[tuple[int, int], ...]:
    """The denial cues of the document sentence ``doc_sentence`` at ``span``, in order (none for a
    question), kept on the document's index: every answer aligned to the sentence asks again."""
    memo = index.__dict__.setdefault("_denial_cues", {})
    found = memo.get(span)
    if found is None:
        # "an older type without RCD protection" denies what "has RCD protection" affirms; in a
        # clause that denies already it states a condition ("No dogs without written consent")
        cues = denial_spans(doc_sentence)
        for m in _WITHOUT_RE.finditer(doc_sentence):
            begin, end = clause_span(doc_sentence, m.start())
            if not denies_anything(doc_sentence[begin:end]):
                cues.append(m.span())
        cues.sort()
        found = memo[span] = () if not cues or _QUESTION_END_RE.search(doc_sentence) else tuple(cues)
    return found


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
        c_begin, c_end = clause_span(doc_sentence, cue_start)
        if _EXCEPT_RE.search(doc_sentence, cue_end, c_end):
            continue  # "No pets without written consent" allows them with it: a condition
        # "we don't eat them anymore", "sync no longer follows links": it was so once, as the
        # answer may say; only an answer that says it is so now ("still", "now") is contradicted
        longer = _NO_LONGER_RE.match(doc_sentence, cue_end)
        if longer is not None:
            cue_end = longer.end()
        now_only = longer is not None or _NO_MORE_RE.search(doc_sentence, cue_end, c_end) is not None
        head = denied_head(doc_sentence, cue_end, c_end, predicates=True)
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
    # and it affirms the word: a denial in words right before it ("left out the worst-case
    # intervention" / "did not include the worst-case intervention") says what the document says
    if _denied_in_words(clause_tokens, at):
        return None
    # nor is a word that only marks a time affirmed ("wait an hour *before cutting* it", "freeze
    # it *before the spinach* is added"): it says when, not that it is so
    if _marks_time(clause_tokens, at):
        return None
    # (up to the next coordinator: "paid a dividend and has no current plans to pay one"
    # affirms the dividend plainly)
    # (a prohibition too: "hosepipes are banned in June" restates "no hosepipes in june")
    scope = up_to_coordinator(clause, at)
    # (what the denying sentence is about: its other words, read in the whole sentence, for a
    # clause of it may be cut short: "City tax -- payable at the hotel, not included in total")
    denial_about = content_stems(doc_sentence) - {h, key}
    if (hedges_or_denies(scope) or prohibits(scope)
            or _denied_later(ctx, alignment, key, clause, any_word=predicate or modal, about=denial_about)):
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
    reach = denial_reach(doc_sentence, c_end)
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
        return None
    clause_stems, covered = covering
    if key != h and not (clause_stems & (content_stems(doc_sentence[cue_end:c_end]) - {h})):
        return None  # a synonym is a sense guessed: what the denial is about must be said too
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
    if len(covered) < max(MIN_COVERED, MIN_COVERED_SHARE * len(stems)) or (claim & after_end) - covered:
        return None
    return stems, covered


_WITHOUT_RE = re.compile(r"\bwithout\b", re.IGNORECASE)
# a word saying a thing is needed (a closed class: the words of necessity)
_NEED_RE = re.compile(r"\b(?:must|need(?:s|ed)?|requir(?:e|es|ed|ing|ement|ements)|mandatory|compulsory|obligatory|"
                      r"essential|necessary)\b", re.IGNORECASE)
# what turns a denial into a condition: "not ... without", "no ... unless", "none ... except"
_EXCEPT_RE = re.compile(r"\b(?:without|unless|except)\b", re.IGNORECASE)
# a denial of the present that says the past was otherwise
_NO_MORE_RE = re.compile(r"\b(?:anymore|any[ \t]+more|any[ \t]+longer)\b", re.IGNORECASE)
# the same right after "no": the word it denies follows ("no longer follows")
_NO_LONGER_RE = re.compile(r"(?<![ \t])[ \t]+longer\b", re.IGNORECASE)
# an answer clause that says it is so now
_NOW_RE = re.compile(r"\b(?:now|still|currently|today|continues?|remains?)\b", re.IGNORECASE)


def _said_elsewhere(ctx: CheckContext, key: str, clause_stems: set[str], at_least: int,
                    skip: tuple[int, tuple[int, int]], key_of=stem) -> bool:
    """True when a document sentence other than ``skip`` holds a word whose ``key_of`` is
    ``key`` outside every denial's clause, and at least ``at_least`` of ``clause_stems`` (a
    denial of another clause leaves the word said plainly: "you may be allowed to sit the exam,
    but you will not be given extra time" allows sitting it)."""
    for doc_index, index in ctx.documents:
        spans, by_stem = index.sentence_index
        for i, n in _sentences_sharing(by_stem, clause_stems).items():
            if n < at_least or (doc_index, spans[i]) == skip:
                continue
            text = index.text[spans[i][0]:spans[i][1]]
            if any(key_of(t.norm) == key and not _in_denial(text, t.start) for t in tokenize(text)):
                return True
    return False


def _only_denied(ctx: CheckContext, h: Optional[str]) -> Optional[tuple[int, tuple[int, int]]]:
    """(doc index, sentence span) of the first document sentence that denies the word stemmed
    ``h`` ("This date is NOT *guaranteed*": :func:`_denies_head`), when every sentence of the
    documents that holds it denies it; None when one says it plainly, or none holds it."""
    if h is None:
        return None
    found = None
    for doc_index, index in ctx.documents:
        spans, by_stem = index.sentence_index
        for i in by_stem.get(h, ()):
            text = index.text[spans[i][0]:spans[i][1]]
            if _denies_head(text, h):
                found = found or (doc_index, spans[i])
            else:
                return None
    return found


def _in_denial(text: str, at: int) -> bool:
    """Is position ``at`` of ``text`` after a denial cue, within that cue's clause?"""
    return any(cue_start < at < clause_span(text, cue_start)[1] for cue_start, _ in denial_spans(text))


def _content_positions(tokens: list[Token]) -> list[tuple[int, str]]:
    """(token number, stem) of each content word of a token list."""
    return [(i, s) for i, t in enumerate(tokens) if (s := content_stem(t.norm)) is not None]


def _swaps_opposite(ctx: CheckContext, alignment: SentenceAlignment) -> Optional[Finding]:
    """The answer sentence says a word whose opposite a document sentence says of the same thing
    ("rose" / "fell", "crewed" / "uncrewed"): the aligned sentence first, then, since an answer
    sentence often fuses several of the document's, any other sentence of the aligned document
    holding the opposite of one of its words (the clause test of :func:`_swap_against` decides
    alike)."""
    toks = ctx.token_list
    numbers = ctx.token_range(alignment.start, alignment.end)
    words = [toks[i].norm for i in numbers]
    # the keys of the opposites of the sentence's words, read once for every candidate sentence
    wanted = frozenset().union(*map(opposites_of, words))
    found = _swap_against(ctx, alignment, alignment.doc_index, alignment.best_span, words, wanted)
    if found is not None or not wanted:
        return found
    stems = {s for i in numbers if (s := ctx.token_stems[i]) is not None}
    # the sentences it fuses are the aligned document's (a summary restates one source; reading
    # every document's sentences would cost a scan of all of them per answer sentence)
    doc_index = alignment.doc_index
    index = ctx.documents.indexes[doc_index]
    spans, by_stem = index.sentence_index
    holding = {i for key in wanted for i in by_stem.get(key, ())}
    if not FUNCTION_OPPOSITES.isdisjoint(wanted):
        # ("before" / "after" are no content words: the stem index leaves them out)
        holding.update(i for key in FUNCTION_OPPOSITES.intersection(wanted) for i in index.sentences_holding(key))
    if not holding:
        return None
    # the clause test needs two shared words beside the pair: count them from the index
    shared: dict[int, int] = {}
    for s in stems:
        for i in by_stem.get(s, ()):
            if i in holding:
                shared[i] = shared.get(i, 0) + 1
    for i in sorted(i for i, n in shared.items() if n >= MIN_COVERED):
        if spans[i] == alignment.best_span:
            continue
        found = _swap_against(ctx, alignment, doc_index, spans[i], words, wanted)
        if found is not None:
            return found
    return None


#: How many content words on each side of the pair the answer clause is read with: a long
#: clause of a summary ("a complex, slow and inefficient method that lowers ...") holds more than
#: the one document sentence it restates there, the words next to the pair are what it is said of.
#: (Five let a summary's other facts into the window and missed "offers inflexible payment plans
#: and various add-ons" / "we have flexible payment plans"; two added no false alarm on the
#: faithful sets measured: CHANGELOG.md, 2026-12-01 ("SummEdits now").)
_WINDOW = 2


def _around(words: list[tuple[int, str]], at: int, k: int) -> list[tuple[int, str]]:
    """The content words of a clause within ``k`` content words of position ``at`` (not it)."""
    before = [w for w in words if w[0] < at][-k:]
    after = [w for w in words if w[0] > at][:k]
    return before + after


def _swap_against(ctx: CheckContext, alignment: SentenceAlignment, doc_index: int,
                  span: Optional[tuple[int, int]], words: list[str], wanted: frozenset[str]
                  ) -> Optional[Finding]:
    """The answer sentence (its folded ``words``, and ``wanted``: the keys of their opposites)
    says a word whose opposite the document sentence at ``span`` says of the same thing.

    The two clauses must share two or more other content words, hold most of the answer clause's
    within ``_WINDOW`` words of the pair (or all of them on one side: :func:`_one_side_whole`),
    keep each shared word on the same side of the pair (a converse restatement swaps them: "A beat
    B" / "B lost to A") with a neighbour of the pair the same in both, and deny or hedge alike
    ("without explicit" / "without implicit" is a swap, "not explicit" / "implicit" is not); the
    document must not say the answer's word too.
    """
    if span is None:
        return None
    index = ctx.documents.indexes[doc_index]
    doc_sentence = index.text[span[0]:span[1]]
    # most sentences hold no word whose opposite (or prefixed twin) the document sentence holds:
    # told from the words alone, before any clause is read
    toks = ctx.token_list
    said_words, said_keys = _sentence_words(index, span, doc_sentence)
    if not ((wanted and not wanted.isdisjoint(said_keys))
            or any(_prefixed_twin(w, said_words) for w in words)):
        return None
    sentence = blank_quotations(ctx.response[alignment.start:alignment.end])
    answer_tokens = _tokens_in(toks, ctx.token_range(alignment.start, alignment.end), alignment.start,
                               sentence, ctx.response)
    doc_tokens = _tokens_in(index.tokens.tokens, _token_range(index, span), span[0], doc_sentence, index.text)
    doc_words = {t.norm for t in doc_tokens}
    doc_keys = {opposite_key(w) for w in doc_words}
    answer_keys: Optional[set[str]] = None
    for a_tok in answer_tokens:
        word = a_tok.norm
        opposite = opposites_of(word)
        # (most words have no opposite and no prefixed twin: two set lookups tell)
        if not (opposite & doc_keys or _prefixed_twin(word, doc_words)):
            continue
        a_key = opposite_key(word)
        if a_key in doc_keys:
            continue
        d_tok = next((t for t in doc_tokens if opposite_key(t.norm) in opposite or prefix_opposite(word, t.norm)), None)
        if answer_keys is None:
            answer_keys = {opposite_key(t.norm) for t in answer_tokens}
        if d_tok is None or opposite_key(d_tok.norm) in answer_keys:
            continue
        a_begin, a_end = clause_span(sentence, a_tok.start)
        d_begin, d_end = clause_span(doc_sentence, d_tok.start)
        a_clause, d_clause = sentence[a_begin:a_end], doc_sentence[d_begin:d_end]
        # a clause that denies or hedges where the other does not may say the same in other
        # words ("not explicit" / "implicit"); the same cues in both leave the swap a swap.
        # (Up to the next "and"/"or"/"but" after the pair: "is rising and is only on a Flood
        # Alert" hedges the alert, not the rise; a denial before the pair reaches it still.)
        if (hedge_cues(up_to_coordinator(a_clause, a_tok.start - a_begin))
                != hedge_cues(up_to_coordinator(d_clause, d_tok.start - d_begin))):
            continue
        a_words = _content_positions(tokenize(a_clause))
        d_words = _content_positions(tokenize(d_clause))
        a_at = next((i for i, t in enumerate(tokenize(a_clause)) if t.start == a_tok.start - a_begin), None)
        d_at = next((i for i, t in enumerate(tokenize(d_clause)) if t.start == d_tok.start - d_begin), None)
        if a_at is None or d_at is None:
            continue
        a_side = {s: i < a_at for i, s in _around(a_words, a_at, _WINDOW)}
        d_side = {s: i < d_at for i, s in d_words if i != d_at}
        shared = set(a_side) & set(d_side)
        if len(shared) < MIN_COVERED or (len(shared) < MIN_COVERED_SHARE * len(a_side)
                                         and not _one_side_whole(a_side, shared)):
            continue
        if any(a_side[s] != d_side[s] for s in shared):
            continue
        if not (_same_neighbour(a_words, a_at, d_words, d_at, a_tok.norm)
                or _same_figure_after(answer_tokens, a_tok, doc_tokens, d_tok)
                or _names_its_row(index.text, span, {s for _, s in a_words})):
            continue
        if _said_elsewhere(ctx, a_key, set(shared), len(shared), (doc_index, span), opposite_key):
            continue
        return _contradiction(alignment, ctx.response[alignment.start:alignment.end],
                              f"opposite: {a_tok.norm} / {d_tok.norm}",
                              f'The answer says "{a_tok.norm}" where document {doc_index} says '
                              f'"{d_tok.norm}": "{quote_for_message(doc_sentence, 100)}"')
    return None


def _one_side_whole(a_side: dict[str, bool], shared: set[str]) -> bool:
    """True when every window word on one side of the pair (two or more) is shared: what the
    pair is said of ("*inflexible* payment plans" / "*flexible* payment plans") is the same, though
    the other side restates ("suggests" / "we offer")."""
    for before in (True, False):
        side = {s for s, b in a_side.items() if b is before}
        if len(side) >= MIN_COVERED and side <= shared:
            return True
    return False


def _contradiction(alignment: SentenceAlignment, sentence: str, value: str, suggestion: str) -> Finding:
    """The finding of an answer sentence its document contradicts (both ways round)."""
    return Finding(kind="negation", warning_type=CONTRADICTED_CLAIM, start=alignment.start, end=alignment.end,
                   text=sentence, supported=False, value=value, suggestion=suggestion)


def _tokens_in(tokens: list[Token], numbers: range, offset: int, text: str, whole: str) -> list[Token]:
    """The tokens of ``text`` (``whole[offset:...]``, maybe with quotations blanked), taken from
    the whole text's tokens when nothing was blanked (they are the same; tokenizing again is
    the cost of a long answer), with offsets into ``text``."""
    if text != whole[offset:offset + len(text)]:
        return tokenize(text)
    return [Token(tokens[i].norm, tokens[i].start - offset, tokens[i].end - offset) for i in numbers]


def _sentence_words(index: DocumentIndex, span: tuple[int, int], text: str) -> tuple[frozenset[str], frozenset[str]]:
    """The lower-cased words of the document sentence ``text`` at ``span`` and their
    :func:`opposite_key`, kept on the document's index (asked again by each answer sentence
    aligned to it)."""
    memo = index.__dict__.setdefault("_swap_words", {})
    found = memo.get(span)
    if found is None:
        words = frozenset(_WORD_RE.findall(text.lower()))
        found = memo[span] = (words, frozenset(map(opposite_key, words)))
    return found


def _token_range(index: DocumentIndex, span: tuple[int, int]) -> range:
    """Numbers of the document's tokens inside a sentence span (tokens are in order and disjoint)."""
    tokens = index.tokens.tokens
    lo = bisect_left(tokens, span[0], key=lambda t: t.start)
    hi = bisect_right(tokens, span[1], key=lambda t: t.end)
    return range(lo, max(lo, hi))


def _prefixed_twin(word: str, words: AbstractSet[str]) -> bool:
    """True when ``words`` hold ``word`` with a negating prefix added or taken off."""
    if len(word) < 4:
        return False
    return ("un" + word in words or "non" + word in words or (word[:2] == "un" and word[2:] in words)
            or (word[:3] == "non" and word[3:] in words))


def _same_figure_after(a_tokens: list[Token], a_tok: Token, d_tokens: list[Token], d_tok: Token) -> bool:
    """True when the same figure follows the pair in both ("withdraws *before* 1 May" / "withdraws
    *after* 1 May", "*under* 16s" / "*over* 16s"): a date or an amount is what it is said of,
    though no content word."""
    def after(tokens: list[Token], tok: Token) -> Optional[str]:
        k = next((i for i, t in enumerate(tokens) if t.start == tok.start), None)
        return tokens[k + 1].norm if k is not None and k + 1 < len(tokens) else None

    figure = after(a_tokens, a_tok)
    return figure is not None and any(ch.isdigit() for ch in figure) and figure == after(d_tokens, d_tok)


def _same_neighbour(a_words: list[tuple[int, str]], a_at: int, d_words: list[tuple[int, str]], d_at: int,
                    word: str) -> bool:
    """True when the content word right after the pair (or, for a content word, right before it)
    is the same in both clauses: the pair is said of the same thing."""
    def neighbours(words: list[tuple[int, str]], at: int) -> tuple[Optional[str], Optional[str]]:
        before = [s for i, s in words if i < at]
        after = [s for i, s in words if i > at]
        return (before[-1] if before else None), (after[0] if after else None)

    a_before, a_after = neighbours(a_words, a_at)
    d_before, d_after = neighbours(d_words, d_at)
    if a_after is not None and a_after == d_after:
        return True
    # a function word ("before", "more") is read with what follows it alone
    return content_stem(word) is not None and a_before is not None and a_before == d_before
