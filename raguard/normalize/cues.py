"""Answer-level cues several checkers read: a refusal makes no claim, a denial rules one out."""

from __future__ import annotations

import re

# A refusal ("The context does not contain the answer.") makes no claim and is never flagged.
_REFUSAL_RE = re.compile(
    r"(?=[cdinpstu])"  # (how a match can start: re then skips every other position)
    r"\b(?:(?:context|documents?|sources?|information|passages?|text)[ \t]+(?:provided[ \t]+)?"
    r"(?:does|do|did)[ \t]*(?:not|n[o'’]t)[ \t]+(?:contain|include|mention|say|state|provide|specify|give)"
    r"|(?:not|insufficient|no)[ \t]+(?:enough[ \t]+)?information|i[ \t]+(?:do[ \t]*(?:not|n[o'’]t)|cannot|can[o'’]?t)[ \t]+(?:know|find|answer|tell)"
    r"|(?:cannot|can[o'’]?t|unable[ \t]+to)[ \t]+(?:be[ \t]+)?(?:answer|determine|find|determined|answered)"
    r"|not[ \t]+(?:mentioned|stated|specified|provided|given)[ \t]+in[ \t]+the"
    r"|there[ \t]+is[ \t]+no[ \t]+mention[ \t]+of"
    # the text or its speakers (or "it", "they" for them) not saying something: a verb of saying
    # only ("It does not include VAT" says something of a price)
    r"|(?:it|they|(?:the|this|that)[ \t]+(?:article|report|document|transcript|conversation|chat|call|email|letter|"
    r"leaflet|study|paper|speakers?|author|interview|podcast|episode|excerpt|page|post|thread|meeting|notes?|"
    # (and the papers a retrieval holds: a receipt or a confirmation not saying something)
    r"receipt|invoice|confirmation|quote|statement|notice|form|slip|ticket|log|record|reply|message|texts?))"
    r"[ \t]+(?:(?:does|do|did)[ \t]*(?:not|n[o'’]t)|cannot|can[o'’]t)[ \t]+(?:mention|say|specify|state|discuss|"
    r"address|explain|clarify|indicate|reveal|disclose|describe|detail|name|settle|tell))",
    re.IGNORECASE,
)

def is_refusal(sentence: str) -> bool:
    """True for a sentence that declines to answer ("The context does not say."): no claim."""
    if sentence.isascii():
        # every branch of the pattern holds one of these words: most sentences hold none, which
        # substring tests tell faster than the pattern (lower() folds ASCII as IGNORECASE does)
        folded = sentence.lower()
        if not ("not" in folded or "n't" in folded or "can" in folded or "unable" in folded
                or "information" in folded or "mention" in folded):
            return False
    return _REFUSAL_RE.search(sentence) is not None


# A clear denial in the answer. "No." before a number is an abbreviation ("No. 1"); "with no
# login" describes, it does not deny.
_ANSWER_NEGATION_RE = re.compile(
    r"(?=[cn])(?:"  # (how a match can start, in every branch: re then skips every other position;
    # guarding the first branch alone left the others tried everywhere, 29 us on an 86-word answer)
    # ("not only X but Y" affirms X: no denial)
    r"\b(?:not(?![ \t]+(?:only|just|merely|simply|solely)\b)|never|neither|nor|none|nobody|nothing|cannot)\b(?![-‐])|n[’']t\b"
    # ("no matter" concedes, it denies nothing)
    r"|(?<!with )\bno\b(?![-‐]|\.?[ \t]*\d|[ \t]+matter\b))",
    re.IGNORECASE,
)

# "No, ..." / "No." opening an answer to a yes/no question.
_ANSWER_PARTICLE_RE = re.compile(r"^\W*no\b[ \t]*[,.!;:—–-]", re.IGNORECASE)


def denies(text: str, *, after_particle: bool = False) -> bool:
    """True when ``text`` has a clear denial (not, never, no, n't...) outside "No. 1" and "with no";
    with ``after_particle``, an opening "No," answering a yes/no question does not count."""
    start = 0
    if after_particle:
        particle = _ANSWER_PARTICLE_RE.match(text)
        start = particle.end() if particle else 0
    return _ANSWER_NEGATION_RE.search(text, start) is not None


# A question opens with one of these (a closed class: interrogatives, auxiliaries and modals), or
# holds a question mark ("the cache doable this saturday? any problems").
_QUESTION_OPENING_RE = re.compile(
    # (a user types "whats", "hows", "isnt", "didnt" without the apostrophe)
    r"^\W*(?:who|whom|whose|(?:what|when|where|why|how)(?:[’']?s)?|which|is|are|was|were|am|do|does|did|has|have|"
    r"had|can|could|will|would|shall|should|may|might|must|isn[’']?t|aren[’']?t|wasn[’']?t|don[’']?t|"
    r"doesn[’']?t|didn[’']?t|can[’']t|won[’']t)\b",
    re.IGNORECASE,
)


def asks(query: str) -> bool:
    """Is ``query`` a question (a question mark, or an opening interrogative or auxiliary: "how
    much is the fee", "can I park here")? An answer to one opens with its reply."""
    return "?" in query or _QUESTION_OPENING_RE.match(query) is not None
