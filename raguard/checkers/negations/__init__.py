"""Negations checker: an answer whose polarity is the opposite of the document sentence it restates.

Six ways round, each against the document sentence the answer sentence is aligned to (the
fourth against every document's contrasts, the sixth against a speaker's turns):

- the answer denies what the document states ("Warren Bryant was not a CEO." against "Warren
  Bryant was the CEO of Longs Drugs"): :mod:`raguard.checkers.negations.denials`;
- the document denies what the answer affirms ("The drug is not recommended during pregnancy" /
  "The drug is recommended during pregnancy"), in the aligned sentence or another of any
  document: :mod:`raguard.checkers.negations.affirmed`;
- the answer swaps a word for its opposite ("Sales rose" / "Sales fell", "crewed" / "uncrewed",
  WordNet's antonyms such as "hired" / "fired": :mod:`raguard.normalize.polarity`), against
  the aligned sentence or, for a sentence that fuses several, any sentence of the aligned
  document, then of the others, with the opposite word: :mod:`raguard.checkers.negations.swaps`;
- the answer turns a contrast round ("due on Thursday rather than Friday" / "due Friday, not
  Thursday"): :mod:`raguard.checkers.negations.contrasts`;
- the answer restricts to one item what the document lists with others ("discusses only health
  insurance" / "we offer health, life and auto insurance"):
  :mod:`raguard.checkers.negations.restricted`;
- the answer denies that a speaker said or asked what that speaker's turns say ("the agent
  does not mention the discount" / "Agent: ... new members get a 10% discount"):
  :mod:`raguard.checkers.negations.unsaid`.

An answer sentence whose denial the documents contradict is not read the other ways.

The first reads more than the sentence that shares most with the denial, each in a module of
its own: whether that sentence denies too (``document_denies``: words of negation, a negative
prefix, an opposite word, a text an OCR pass misread) and is about what the denial is about
(``about``); another sentence that ties with it (``tied``), or that denies the word, says its
opposite or is the only kind of sentence that holds it (``elsewhere``); a word of state the
answer gives as the ground of its denial (``status``); a form's unticked item, a list under a
denying lead line, a statement's zero (``forms``); a table's rows (``tables``, read by the swaps
too); the words next to the denied one, where a summary's sentence fuses several (``fused``); a
request set against a fact (``wishes``, read by the second reading too). What several readings
share (thresholds, the document's words of negation, counting shared words) is in ``_common``.

Left alone: text inside quotation marks (the quotes checker owns it), a leading "No," that
answers a yes/no question, a refusal's clause ("the documents do not say"), a request against a
document sentence that states a fact, and a denial of what the query itself denies ("Which
rooms are not step-free?"): see :mod:`raguard.checkers.negations.denials`.
"""

from __future__ import annotations

from typing import Iterator

from raguard.checkers.base import CheckContext, Finding
from raguard.checkers.negations.affirmed import _affirms_denied
from raguard.checkers.negations.contrasts import _reverses_contrast
from raguard.checkers.negations.denials import _denials
from raguard.checkers.negations.restricted import _restricts_listed
from raguard.checkers.negations.swaps import _swaps_opposite
from raguard.checkers.negations.unsaid import _unsaid
from raguard.models import CONTRADICTED_CLAIM

__all__ = ["NegationsChecker"]


class NegationsChecker:
    name = "negations"
    warning_type = CONTRADICTED_CLAIM
    default_severity = "high"
    provides = ("negation",)

    def check(self, ctx: CheckContext) -> Iterator[Finding]:
        if len(ctx.documents) == 0:
            return
        flagged: set[int] = set()
        for finding in _denials(self, ctx):
            if not finding.supported:
                flagged.add(finding.start)
            yield finding
        for alignment in ctx.alignment:
            if alignment.start in flagged or alignment.doc_index < 0:
                continue
            found = (_affirms_denied(ctx, alignment) or _swaps_opposite(ctx, alignment)
                     or _reverses_contrast(ctx, alignment) or _restricts_listed(ctx, alignment)
                     or _unsaid(ctx, alignment))
            if found is not None:
                found.checker = self.name
                yield found
