"""A request, a duty or a permission: what someone wants or must do, not what is so.

A request against a document sentence that states a fact ("Main requests: use periods that do not
overlap" / "The periods overlap") is no denial that it is so (:func:`_wished_against_fact`); read
by both the denials and the affirmations, whose duties and modals are here too.
"""

from __future__ import annotations

import re



# a clause that says what must be done, not what is so
_DUTY_RE = re.compile(r"\b(?:must|should|ought|needs?[ \t]+to|ha(?:s|ve|d)[ \t]+to|required[ \t]+to)\b",
                      re.IGNORECASE)
# a denial of what must, may or can be done ("need not rebook", "may not park", "cannot pay")
_MODAL_RE = re.compile(r"\b(?:must|should|ought|need\w*|ha(?:s|ve|d)[ \t]+to|requir\w*|may|might|can|cannot|"
                       r"could|allow\w*|permit\w*)\b", re.IGNORECASE)

# a request or recommendation: what follows it says what someone wants to be so, not what is
# ("The reviewers ask for periods that do not overlap", "Main requests: use periods that do not
# overlap"); not a verb of a conversation's summary alone ("Ann wants...", "Bo suggested ...")
_WISH_RE = re.compile(
    r"\b(?:(?:request|recommendation|suggestion|proposal|demand)s?(?:[ \t]+(?:is|are|was|were))?[ \t]*:"
    r"|(?:ask|call)(?:s|ed|ing)?[ \t]+for\b|(?:ask|request|recommend|urg|insist)(?:e|s|es|ed|ing)?[ \t]+that\b)",
    re.IGNORECASE)

# a document sentence that wishes, prefers or asks in any words ("I'd rather we don't ...",
# "please", "we hope"): a request in the answer may restate it, so it is compared as usual
_WISHES_RE = re.compile(r"\b(?:rather|prefer\w*|would|wants?|wish\w*|hope\w*|suggest\w*|propos\w*|"
                        r"recommend\w*|ask\w*|request\w*|please|let[’']s)\b|[’']d\b", re.IGNORECASE)
# what ends a request's own clause: another clause joined to it, or a new sentence part
_CLAUSE_JOIN_RE = re.compile(r"[;.]|\b(?:and|but|or|while|whereas)\b", re.IGNORECASE)


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
