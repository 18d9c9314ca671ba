"""Statements checker: a sentence whose new content has (almost) no support in any one document.

Catches fabrications that are neither names nor values ("were professional golfers", "mainly
sells agricultural machinery"). Words the query already contains are not new; fillers and bare
numbers are ignored; words match by Snowball stem. A sentence is flagged when fewer than
``min_support`` (default 0.26: one supported word of four is too few) of its new content words
appear in the best single document. Paraphrase keeps most content words (names, key nouns), so
faithful sentences rarely fall below (the lowest measured: 0.30, see CHANGELOG.md).

A sentence that states nothing another checker found supported (a number, date or quotation
the documents give and the query does not, or a checked comparison, choice or sameness) rests on
its words alone and needs more than half of them: ``min_support_unanchored``, default 0.51. So
"The Warriors Gate is a romantic comedy film" (1 of 3 new words in the documents) is flagged,
while "The storm came ashore on August 25, 2005" (1 of 3, the date supported) is not: the date is
the claim, the dates checker's, and the words around it are free to paraphrase. A denial keeps
the lower threshold too: its words name what is ruled out (the negations checker reads it).

A heading ("## Key points", "**Summary**", "Findings:") is skipped: it claims nothing, and its
values and names are the other checkers'. So is a sentence that opens by counting things a
document names ("Two deductions account for the gap.", "The two reviews are mixed.") when
``_MIN_AFTER_COUNT`` sentences or more follow it: it announces what they take one by one.
Words about the text and the talk ("The article discusses ...", "Mike asks ...": see
:mod:`raguard.normalize.framing`) are not new words: they count where the best document has them
and are no lack where it does not, and a sentence made only of them is skipped. In a sentence of
``_MIN_WORDS_FOR_SYNONYMS`` new words or more, a word whose WordNet synonym the document has
(:mod:`raguard.normalize.synonyms`: "occupation" for "job") is supported.

A sentence about a talk itself ("The conversation is light-hearted in tone", "The speakers are
playing a guessing game": its subject the talk or its speakers, its verb saying what it is or
holds, see
:func:`raguard.normalize.framing.describes_talk`) is raised as ``unsupported_description``, medium:
a talk seldom describes itself in words a summary's description could match, so lexical support
cannot tell a faithful description from a wrong one; it is shown, not gating. Values, names and
denials in it are still the other checkers'. Of a written text ("The document contains a
clause ...") such a sentence states its content and stays a statement.

The reply that opens an answer to a question ("Yes, but only at one fixed point.", "Not
entirely — ...", "You're getting money back.": the first sentence, of ``_REPLY_WORDS`` words or
fewer, with ``_MIN_AFTER_REPLY`` sentences or more after it) is raised as ``unsupported_verdict``,
medium, when its words find little support: a verdict or headline in the question's terms is
seldom in the documents' words, and the sentences after it give its grounds and are checked (its
values, names and denials are still the other checkers'). One that opens with a reply word
(``_REPLY_OPENERS``, a verdict word) is a verdict even over a document in another language; any
other is a cross-language statement there. Measured: an opening that names a thing was first kept
a claim, but over all the held-out sets it flagged eight faithful answers for two edits it alone
caught.
A conclusion the answer draws from the sentences before it (not its first sentence, opening with a
connective of ``_CONCLUSION_RE``: "So each summer month is higher.", "In short, ...") is an
``unsupported_verdict`` too when its words find little support: its grounds are the sentences
before it, checked on their own.
Where a document is written in another language (:mod:`raguard.normalize.language`), an
unsupported sentence is ``cross_language_statement``, medium: an English restatement of a German
letter shares no words with it, so its support tells nothing.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections import Counter
from itertools import chain
from typing import Iterator, Optional, Sequence

from pydantic import Field

from raguard.checkers.base import CheckContext, Finding, quote_for_message
from raguard.checkers.settings import CheckerConfig
from raguard.models import CROSS_LANGUAGE_STATEMENT, UNSUPPORTED_DESCRIPTION, UNSUPPORTED_STATEMENT, UNSUPPORTED_VERDICT
from raguard.normalize.counts import COUNTING_WORDS
from raguard.normalize.cues import asks, denies, is_refusal
from raguard.normalize.framing import Framing, about_talk, counted_opening, describes_talk, is_heading
from raguard.normalize.polarity import DENIAL_WORDS
from raguard.normalize.stems import content_stem, prefixed_stems, stem, unprefixed_stem
from raguard.normalize.synonyms import has_synonym_in

DEFAULT_MIN_SUPPORT = 0.26
DEFAULT_MIN_SUPPORT_UNANCHORED = 0.51
DEFAULT_MIN_UNSUPPORTED = 1

#: Claim kinds whose supported span anchors a sentence (see the module docstring): a value, or a
#: relation a checker confirmed.
_ANCHOR_KINDS = frozenset({"number", "date", "quote", "comparison", "choice", "sameness"})
#: "take place" says only that something happened: "took place" restates "was held".
_TAKE_FORMS = frozenset({"take", "takes", "took", "taken", "taking"})

_SUPPORTED = ""  # marks a word inside a span another checker found supported
#: Words about the text and the talk ("the article discusses", "Mike asks"): not claims.
_FRAMING = Framing(stem)
_CONVERSATION_FRAMING = Framing(stem, conversation=True)
_CONVERSATION_ONLY = _CONVERSATION_FRAMING.stems - _FRAMING.stems
#: Synonyms count in a sentence of this many new words or more: WordNet's are blind to sense
#: ("severe" lists "bad"), so one must not decide a short claim alone; in a longer sentence the
#: exact words carry it and synonyms only close the gap a paraphrase leaves.
_MIN_WORDS_FOR_SYNONYMS = 4
#: How many opening words tell a sentence about a talk ("Overall, the podcast episode is ...").
_OPENING_WORDS = 8
#: Words of a verdict on the question ("Probably not.", "Partly.", "Very likely, yes.", "Generally
#: not.", "Not today, unfortunately."): how sure, how far or how often, when (the moment of asking),
#: or how the answerer feels about it. A sentence of these alone states no fact a document could
#: hold; the sentences after it carry the claims and are checked.
_VERDICT_STEMS = frozenset(stem(w) for w in """
probably likely unlikely possibly perhaps maybe partly partially mostly largely certainly
definitely absolutely unfortunately fortunately sadly luckily happily
generally usually normally typically often sometimes rarely always ordinarily
today now currently yet still anymore
""".split())
#: The nouns an announcement counts without naming what it counts ("Two things don't match the
#: ad.", "Three points stand out."): a closed class of English, the words of enumeration.
_ENUMERATION_STEMS = frozenset(stem(w) for w in """
thing point issue problem difference change step option reason catch snag caveat detail matter
""".split())
#: How many sentences must follow one that opens by counting things ("Three deductions explain
#: the gap.") for it to announce them: they take the things one by one.
_MIN_AFTER_COUNT = 2
#: The longest such verdict, in words.
_VERDICT_WORDS = 5
#: The opening reply to a question (see the module docstring): at most this many words, with at
#: least ``_MIN_AFTER_REPLY`` sentences after it to give its grounds.
_REPLY_WORDS = 12
_MIN_AFTER_REPLY = 2
#: A reply word: an answer particle, a denial, a verdict word ("Probably", "Mostly"), or how it
#: appears ("Looks like", "It seems"). A closed class; a reply opening with one is a verdict even
#: where a document is in another language.
_REPLY_OPENERS = frozenset({"yes", "yeah", "yep", "no", "nope", "not", "sure", "indeed", "looks", "seems", "appears"})
_APPEARANCE = frozenset({"looks", "seems", "appears", "sounds"})
#: Connectives that open a conclusion drawn from what comes before ("So each month is higher.",
#: "In short, the herd stays under restriction."): a closed class of English. A conclusion is the
#: answer's own inference, seldom in the documents' words; its grounds are the sentences before it.
_CONCLUSION_RE = re.compile(
    r"(?:so|thus|therefore|hence|consequently|overall|in (?:summary|short|sum|other words)|all in all|"
    r"to (?:sum up|summari[sz]e)|(?:that|this) means)\b(?![ \t]+(?:far|much|many|long|that|as|to)\b)(?!-)",
    re.IGNORECASE)
#: The longest question of the answer read as a turn of speech, not a claim ("Guess what?").
_QUESTION_WORDS = 5

def _common_count(finding: Finding) -> bool:
    """Is this a counting word ("three") the documents count the same thing with? It is too
    common to stand for the sentence's claim: its words are judged as if it were not there."""
    return finding.kind == "number" and finding.supported and finding.text.casefold() in COUNTING_WORDS


class StatementsConfig(CheckerConfig):
    """Options of the statements checker (see the module docstring)."""

    min_support: float = Field(default=DEFAULT_MIN_SUPPORT, ge=0, le=1, description="a number from 0 to 1")
    min_support_unanchored: float = Field(default=DEFAULT_MIN_SUPPORT_UNANCHORED, ge=0, le=1,
                                          description="a number from 0 to 1")
    min_unsupported: int = Field(default=DEFAULT_MIN_UNSUPPORTED, ge=1, description="a positive integer")


class StatementsChecker:
    name = "statements"
    warning_type = UNSUPPORTED_STATEMENT
    default_severity = "high"
    provides = ("statement",)
    requires = ("date", "entity", "number", "quote", "vague_reference")
    reads = ("comparison", "choice", "sameness")

    Config = StatementsConfig

    def __init__(self, min_support: float = DEFAULT_MIN_SUPPORT,
                 min_unsupported: int = DEFAULT_MIN_UNSUPPORTED,
                 min_support_unanchored: float = DEFAULT_MIN_SUPPORT_UNANCHORED,
                 *, config: Optional[StatementsConfig] = None) -> None:
        # (the keywords are the config's fields, kept for code that passes them directly)
        self.config = config or StatementsConfig.build(self.name, {
            "min_support": min_support, "min_unsupported": min_unsupported,
            "min_support_unanchored": min_support_unanchored})

    def review(self, ctx: CheckContext, findings: Sequence[Finding]) -> Iterator[Finding]:
        min_support = self.config.min_support
        min_unsupported = self.config.min_unsupported
        # never below min_support: a stricter min_support is stricter everywhere
        unanchored = max(min_support, self.config.min_support_unanchored)
        query_stems = ctx.query_stems
        # spans other checkers judged (names, values, quotes, vague phrases) are theirs: a
        # supported one counts as one supported unit, an unsupported one is already flagged
        query = ctx.query_index.folded
        judged = [(f.start, f.end, f.supported and f.kind != "vague_reference",
                   f.kind in _ANCHOR_KINDS and f.text.casefold() not in query)  # (the query's own value anchors nothing)
                  for f in findings if f.end > f.start and not _common_count(f)]
        toks = ctx.token_list
        stems = ctx.token_stems
        in_judged = [False] * len(toks)
        for js, je, _, _ in judged:
            for i in ctx.token_range(js, je):
                in_judged[i] = True
        # supported spans by start: each sentence looks only at those starting inside it (a scan
        # of all of them per sentence was quadratic in the claims)
        supported_spans = sorted((s, e, anchor) for s, e, ok, anchor in judged if ok)
        supported_starts = [s for s, _, _ in supported_spans]
        # a recap of a chat or a call frames more ("the friends decide"): see normalize/framing.py;
        # the documents are read for turns only when the answer has such a word
        framing = _FRAMING
        if any(s in _CONVERSATION_ONLY for s in stems) and any(
                index.conversation is not None for _, index in ctx.documents):
            framing = _CONVERSATION_FRAMING
        about_talk_before = False  # was the sentence before about the talk itself?
        sentences = list(ctx.sentences)
        # the answer's first sentence (a heading aside) replies to a question: see _REPLY_WORDS
        reply_at = -1 if len(sentences) <= _MIN_AFTER_REPLY or not ctx.query_index.derive(asks) else None
        for number, (start, end) in enumerate(sentences):
            sentence = ctx.response[start:end]
            # (a subject and its verb open the sentence: its first words are enough)
            sentence_range = ctx.token_range(start, end)
            opening = [toks[i].norm for i in sentence_range[:_OPENING_WORDS]]
            previous_about_talk, about_talk_before = about_talk_before, about_talk(opening)
            if reply_at is None and not is_heading(sentence):
                reply_at = number
            if (is_refusal(sentence) or is_heading(sentence) or _is_verdict(stems, sentence_range)
                    or _is_short_question(sentence, sentence_range)
                    or (len(sentences) - number > _MIN_AFTER_COUNT and _counts_documents_things(ctx, sentence))):
                continue
            words: list[tuple[str, int, int]] = []
            anchored = False
            j = bisect_left(supported_starts, start)
            while j < len(supported_spans) and supported_spans[j][0] < end:
                s, e, anchor = supported_spans[j]
                if e <= end and not _restates(stems, ctx.token_range(s, e), query_stems):
                    words.append((_SUPPORTED, s, e))
                    anchored = anchored or anchor
                j += 1
            split = framing.claim_tokens(sentence, start, toks, stems, ctx.token_range(start, end))
            if split is None:
                continue  # a framing sentence ("Here's a summary of the article:") claims nothing
            claim, framed = split
            label_end = _opening_label_end(sentence)
            if label_end:
                # "Short answer: Saturday works": the label says what follows, which is the claim
                cut = start + label_end
                framed = framed + [i for i in claim if toks[i].start < cut]
                claim = [i for i in claim if toks[i].start >= cut]
                sentence_range = ctx.token_range(cut, end)
                if not claim or not sentence_range:
                    continue
            sentence_stems: set[str] = set()
            for i in claim:
                word_stem = stems[i]
                if word_stem is None or (word_stem == "place" and i > 0 and toks[i - 1].norm in _TAKE_FORMS):
                    continue
                sentence_stems.add(word_stem)
                if not in_judged[i] and word_stem not in query_stems:
                    tok = toks[i]
                    words.append((word_stem, tok.start, tok.end))
            if not words:
                continue
            # framing words ("Mike asks", "the article discusses") support where a document has
            # them and are no lack where it does not
            optional = [(word_stem, toks[i].start, toks[i].end) for i in framed
                        if (word_stem := stems[i]) is not None and not in_judged[i]
                        and word_stem not in query_stems]
            # the best single document: most new words supported, then most words shared
            maps = ctx.documents.maps
            if maps is None:
                best_doc, best_hits, best_shared = _best_by_scan(ctx, words + optional, sentence_stems)
            else:
                best_doc, best_hits, best_shared = _best_by_maps(maps.stem_docs, words + optional, sentence_stems)
            doc_stems = ctx.documents.indexes[best_doc].stems if best_doc >= 0 else frozenset()
            # a quantity's hedge ("Roughly £9.62") says how close a value is: it supports where
            # the document has it (or "about") and is no lack where it does not
            words = [w for w in words if w[0] not in _HEDGES or w[0] in doc_stems or has_synonym_in(w[0], doc_stems)]
            if not words:
                continue
            counted = len(words) + sum(1 for w, _, _ in optional if w in doc_stems)
            denied: dict[int, bool] = {}  # (each word's answer below, asked up to three times)
            if best_hits < counted:
                # "undamaged" for the document's "not damaged", and "not damaged" for "undamaged"
                best_hits += sum(1 for w, a, b in words
                                 if w != _SUPPORTED and w not in doc_stems
                                 and _denied_once(denied, ctx, a, b, best_doc, doc_stems))
            if len(words) >= _MIN_WORDS_FOR_SYNONYMS and best_hits < counted:
                # a word the document restates in other words ("inquires" for "asks")
                best_hits += sum(1 for w, a, b in words
                                 if w != _SUPPORTED and w not in doc_stems
                                 and not _denied_once(denied, ctx, a, b, best_doc, doc_stems)
                                 and has_synonym_in(w, doc_stems))
            ratio = best_hits / counted
            # a denial's words name what is ruled out: judged as anchored (and by the negations checker)
            anchored = anchored or (ctx.response_denies and denies(sentence, after_particle=True))
            supported = (ratio >= (min_support if anchored else unanchored)
                         or counted - best_hits < min_unsupported)
            finding = Finding(
                kind="statement",
                warning_type=self.warning_type,
                start=start,
                end=end,
                text=sentence,
                supported=supported,
                value=f"{best_hits}/{counted} new content words supported",
                checker=self.name,
            )
            # the short first sentence of a reply to a question, with the grounds after it
            replies = (number == reply_at and len(sentence_range) <= _REPLY_WORDS
                       and len(sentences) - number > _MIN_AFTER_REPLY)
            if supported:
                finding.source = "document"
                finding.evidence = _evidence(ctx, best_doc, sentence_stems)
            else:
                if describes_talk(opening, after_talk=previous_about_talk):
                    finding.warning_type = UNSUPPORTED_DESCRIPTION  # "The chat is light-hearted"
                elif replies and _opens_reply(ctx, sentence_range):
                    finding.warning_type = UNSUPPORTED_VERDICT  # "Yes, but only at one fixed point."
                elif any(index.language is not None for _, index in ctx.documents):
                    finding.warning_type = CROSS_LANGUAGE_STATEMENT  # an English answer of a German letter
                elif replies:
                    finding.warning_type = UNSUPPORTED_VERDICT  # "You're getting money back." (then the grounds)
                elif number > 0 and _CONCLUSION_RE.match(sentence):
                    finding.warning_type = UNSUPPORTED_VERDICT  # "So each summer month is higher." (after its grounds)
                # (as counted above: a synonym supports only in a sentence of enough new words)
                synonyms = len(words) >= _MIN_WORDS_FOR_SYNONYMS
                missing = [ctx.response[a:b] for s, a, b in words
                           if s != _SUPPORTED and s not in doc_stems
                           and not _denied_once(denied, ctx, a, b, best_doc, doc_stems)
                           and not (synonyms and has_synonym_in(s, doc_stems))]
                finding.suggestion = (
                    f'No retrieved document supports this statement ("{quote_for_message(sentence, 60)}"): '
                    f"{', '.join(dict.fromkeys(missing))} not found."
                )
            yield finding


#: Stems of the words that hedge a quantity (the numbers checker reads them with their value).
_HEDGES = frozenset(stem(w) for w in ("roughly", "approximately", "approx", "nearly", "circa"))


# how many tokens may stand between a denial and the word it denies ("is not yet damaged")
_DENIAL_REACH = 3


def _denied_at(norms: Sequence[str], k: int) -> bool:
    """Is token ``k`` denied by one of the few tokens before it ("not damaged", "isn't damaged",
    "never opened")?"""
    for j in range(max(0, k - _DENIAL_REACH), k):
        if norms[j] in DENIAL_WORDS or (norms[j] == "t" and j > 0 and norms[j - 1].endswith("n")):
            return True
    return False


def _denied_the_other_way(ctx: CheckContext, start: int, end: int, doc_index: int, doc_stems: frozenset[str]) -> bool:
    """Is the answer's word at [start, end) a denial the document words the other way: "undamaged"
    where it says "not damaged", "not damaged" where it says "undamaged"? The same word, the
    same polarity (a bare "plug it in" is no restatement of "unplug": only a denial on both
    sides is)."""
    word = ctx.response[start:end]
    own = unprefixed_stem(word)
    if own is not None:
        if own not in doc_stems:
            return False
        index = ctx.documents.indexes[doc_index]
        memo = index.__dict__.setdefault("_denied_stems", {})  # (by stem: every answer asks the same document)
        found = memo.get(own)
        if found is None:
            norms = index.tokens.norms
            found = memo[own] = any(content_stem(n) == own and _denied_at(norms, k) for k, n in enumerate(norms))
        return found
    tokens = ctx.token_range(start, end)
    if not tokens or not any(s in doc_stems for s in prefixed_stems(word)):
        return False
    return _denied_at([t.norm for t in ctx.token_list[max(0, tokens[0] - _DENIAL_REACH):tokens[0] + 1]],
                      min(tokens[0], _DENIAL_REACH))


def _denied_once(memo: dict[int, bool], ctx: CheckContext, start: int, end: int, doc_index: int,
                 doc_stems: frozenset[str]) -> bool:
    """:func:`_denied_the_other_way`, kept in ``memo`` by the word's start (one sentence's words,
    against one document: the support, the synonyms and the message each ask it)."""
    found = memo.get(start)
    if found is None:
        found = memo[start] = _denied_the_other_way(ctx, start, end, doc_index, doc_stems)
    return found


def _counts_documents_things(ctx: CheckContext, sentence: str) -> bool:
    """Does ``sentence`` open by counting things a document names ("Three deductions explain the
    gap.", "The two reviews are mixed."), or things of any kind ("Two things don't match")?
    Before the sentences that take them one by one it announces them
    (:func:`~raguard.normalize.framing.counted_opening`)."""
    found = counted_opening(sentence)
    if found is None:
        return False
    word = sentence[found[0]:found[1]]
    # (an acronym's plural is the acronym: "SKUs" counts the documents' "SKU")
    singular = word[:-1] if word[:-1].isupper() and word.endswith("s") else word
    nouns = {content_stem(w.casefold()) for w in (word, singular)}
    nouns.discard(None)
    if nouns & _ENUMERATION_STEMS:
        return True  # ("Two things don't match the ad": what follows names them)
    if _VAGUE_COUNT_RE.match(sentence):
        return False  # ("A few days later it rained": no count announces days; "a few things" would)
    return any(noun in index.stems for noun in nouns for _, index in ctx.documents)


# a count without a number ("A few other things ...", "Several deductions ..."): it announces
# only the things of enumeration (:data:`_ENUMERATION_STEMS`)
_VAGUE_COUNT_RE = re.compile(
    r"\W*(?:there[ \t]+(?:are|were)[ \t]+)?(?:(?:the|all|these|those)[ \t]+)?(?:a[ \t]+few|a[ \t]+couple|several)\b",
    re.IGNORECASE)


def _is_short_question(sentence: str, tokens: range) -> bool:
    """Is the sentence a question of ``_QUESTION_WORDS`` words or fewer ("Guess what?", "The
    catch?", "Why does it matter?")? It asks rather than states, a turn that leads into the
    sentences after it, too short to carry a claim of its own (its values and names are still
    the other checkers')."""
    return len(tokens) <= _QUESTION_WORDS and sentence.rstrip().rstrip("\"'”’)").endswith("?")


def _opens_reply(ctx: CheckContext, tokens: range) -> bool:
    """Does the sentence of these ``tokens`` open as a reply ("Yes, ...", "Not entirely ...",
    "Unfortunately ...", "It looks ...")? See ``_REPLY_OPENERS``."""
    toks = ctx.token_list
    first = toks[tokens[0]].norm
    if first in _REPLY_OPENERS or stem(first) in _VERDICT_STEMS:
        return True
    return first in ("it", "that", "this") and len(tokens) > 1 and toks[tokens[1]].norm in _APPEARANCE


# a label of at most three words opening a sentence or a bullet, its colon and the text after it
# on its line ("Short answer: ...", "Bottom line: ...", "- Packaging: ..."); no digit in it ("Q3:
# ..." names a period)
_OPENING_LABEL_RE = re.compile(
    r"[ \t*_]*(?:[-–•·][ \t]+[*_]*)?[^\W\d_]+(?:[ \t][^\W\d_]+){0,2}[*_]*:[ \t]+(?=[^\W_])")


def _opening_label_end(sentence: str) -> int:
    """Where the text after a short opening label ends its label ("Short answer: Saturday
    works" -> 14), or 0 when the sentence opens with none."""
    m = _OPENING_LABEL_RE.match(sentence)
    return m.end() if m is not None else 0


def _is_verdict(stems: list[Optional[str]], tokens: range) -> bool:
    """Is the sentence of these ``tokens`` a short verdict on the question ("Unfortunately,
    probably not.")? Its content words must all be verdict words (see ``_VERDICT_STEMS``)."""
    if len(tokens) > _VERDICT_WORDS:
        return False
    content = [stems[i] for i in tokens if stems[i] is not None]
    return bool(content) and all(s in _VERDICT_STEMS for s in content)


def _best_by_scan(ctx: CheckContext, words: list[tuple[str, int, int]],
                  sentence_stems: set[str]) -> tuple[int, int, int]:
    """(document, supported words, shared stems) of the best document, first on ties."""
    best_doc, best_hits, best_shared = -1, -1, -1
    for doc_index, index in ctx.documents:
        doc_stems = index.stems
        hits = sum(1 for s, _, _ in words if s == _SUPPORTED or s in doc_stems)
        shared = len(sentence_stems & doc_stems)
        if (hits, shared) > (best_hits, best_shared):
            best_doc, best_hits, best_shared = doc_index, hits, shared
    return best_doc, best_hits, best_shared


def _best_by_maps(stem_docs: dict[str, list[int]], words: list[tuple[str, int, int]],
                  sentence_stems: set[str]) -> tuple[int, int, int]:
    """What :func:`_best_by_scan` gives, counted from the stem -> documents map: only pairs that
    exist are visited. A document sharing no stem scores (supported units, 0), so the first
    document stands in when none shares any, as in the scan."""
    supported_units = sum(1 for s, _, _ in words if s == _SUPPORTED)
    # (Counter counts an iterable in C: a common stem is in every one of 100 documents)
    hits = Counter(chain.from_iterable(stem_docs.get(s, ()) for s, _, _ in words if s != _SUPPORTED))
    shared = Counter(chain.from_iterable(stem_docs.get(s, ()) for s in sentence_stems))
    if not shared:
        return 0, supported_units, 0
    best = min(shared, key=lambda d: (-hits.get(d, 0), -shared[d], d))
    return best, supported_units + hits.get(best, 0), shared[best]


def _restates(stems: list[Optional[str]], tokens: range, query_stems: frozenset[str]) -> bool:
    """True when every content word of a claim (its ``tokens``, whose ``stems`` are the
    response's) is already in the query (nothing new)."""
    found = False
    for i in tokens:
        s = stems[i]
        if s is not None:
            if s not in query_stems:
                return False
            found = True
    return found


def _evidence(ctx: CheckContext, doc_index: int, sentence_stems: set[str]):
    """The sentence of the best document that shares the most content words with the claim."""
    span = ctx.documents.indexes[doc_index].best_sentence(sorted(sentence_stems))
    return None if span is None else (doc_index, span[0], span[1])
