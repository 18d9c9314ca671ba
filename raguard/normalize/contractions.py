"""Contractions folded to one spelling, so "didn't" and "did not" are the same words. Pure functions.

Word tokens split a contraction at its apostrophe ("didn't" -> ``didn t``, "we're" -> ``we re``),
so a quotation restated with or without contractions differs from its source by words. The
canonical form used here writes a negation out ("did not", "will not", "can not") and a pronoun's
auxiliary short ("we re", "it s", "they ve"): "it isn't", "it's not" and "it is not" all become
``it s not``. A short "'s" or "'d" stands for either of two words ("it's" is "it is" or "it has";
"he'd" is "he had" or "he would"), so both fold onto it: the contraction says no more than that.
A possessive "'s" after a noun is left as it is (only pronouns take the auxiliary). A contraction
written without its apostrophe ("dont", "its", "youre") is the same words.
"""

from __future__ import annotations

from typing import Sequence

from raguard.normalize.text import Token

# the first half of a negative contraction whose verb is not that half without its "n"
_NEGATIVE_BASES = {"won": "will", "can": "can", "shan": "shall", "ca": "can", "wo": "will"}
# what the other halves stand for: "didn" -> "did", "isn" -> "is", "couldn" -> "could"
_NEGATIVE_VERBS = frozenset({
    "do", "does", "did", "is", "are", "was", "were", "has", "have", "had", "could", "would",
    "should", "must", "need", "might", "dare",
})
# pronouns that take a short auxiliary ("we're", "it's", "that's", "let's")
_PRONOUNS = frozenset({"i", "you", "we", "they", "he", "she", "it", "that", "there", "here",
                       "who", "what", "where", "how", "let"})
# an auxiliary after a pronoun, written out, and its short form
_SHORT = {"am": "m", "are": "re", "is": "s", "has": "s", "have": "ve", "will": "ll",
          "would": "d", "had": "d", "us": "s"}
_SHORT_FORMS = frozenset(_SHORT.values())

# contractions written without their apostrophe, as chats and quick typing do ("dont", "its",
# "im"): the same two words. Left out: those that are words of their own ("were", "well", "ill",
# "shell", "wed", "id", "lets"); a possessive "its" folds with "it's", which a quotation's words
# cannot tell apart anyway.
_APOSTROPHE_LESS: dict[str, tuple[str, str]] = {
    # (as the apostrophe splits them: "don't" is "don" and "t")
    **{f"{verb}nt": (f"{verb}n", "t") for verb in ("do", "does", "did", "is", "are", "was", "were", "has", "have",
                                                   "had", "could", "would", "should", "must", "need")},
    "cant": ("can", "t"), "wont": ("won", "t"), "im": ("i", "m"), "ive": ("i", "ve"),
    **{f"{pronoun}{short}": (pronoun, short) for pronoun, shorts in (
        ("you", ("re", "ve", "ll")), ("they", ("re", "ve", "ll")), ("we", ("ve",)), ("it", ("s", "ll")),
        ("that", ("s", "ll")), ("what", ("s",)), ("there", ("s",)), ("she", ("s",)))
       for short in shorts},
}

#: Tokens that can change under :func:`uncontracted` (a quick test before folding).
CUES = frozenset({"t", "cannot", "not"}) | frozenset(_SHORT) | _SHORT_FORMS | frozenset(_APOSTROPHE_LESS)


def uncontracted(tokens: Sequence[Token]) -> list[Token]:
    """``tokens`` with contractions in one spelling (see the module docstring). Each new token
    keeps the span of the token it comes from, so a match maps back to the text."""
    if any(tok.norm in _APOSTROPHE_LESS for tok in tokens):
        tokens = [part for tok in tokens for part in _with_apostrophe(tok)]
    out: list[Token] = []
    n = len(tokens)
    i = 0
    while i < n:
        tok = tokens[i]
        norm = tok.norm
        nxt = tokens[i + 1].norm if i + 1 < n else ""
        base = None
        if nxt == "t":
            base = _NEGATIVE_BASES.get(norm)
            if base is None and norm.endswith("n") and norm[:-1] in _NEGATIVE_VERBS:
                base = norm[:-1]
        elif norm == "cannot":
            base = "can"
        if base is not None:  # "didn't", "cannot": the verb, then "not"
            not_token = tokens[i + 1] if nxt == "t" else tok
            _add(out, Token(base, tok.start, tok.end))
            out.append(Token("not", not_token.start, not_token.end))
            i += 2 if nxt == "t" else 1
            continue
        _add(out, tok)
        i += 1
    return out


def _with_apostrophe(tok: Token) -> tuple[Token, ...]:
    """``tok`` as the two tokens its apostrophe would split it into ("dont" -> "don", "t"), each
    with its span; any other token as it is."""
    halves = _APOSTROPHE_LESS.get(tok.norm)
    if halves is None:
        return (tok,)
    return Token(halves[0], tok.start, tok.end), Token(halves[1], tok.start, tok.end)


def _add(out: list[Token], tok: Token) -> None:
    """Append ``tok``, an auxiliary after a pronoun in its short form ("we are" -> "we re")."""
    norm = tok.norm
    if out and out[-1].norm in _PRONOUNS and (norm in _SHORT or norm in _SHORT_FORMS):
        if norm != "us" or out[-1].norm == "let":  # "us" is short only in "let us"
            tok = Token(_SHORT.get(norm, norm), tok.start, tok.end)
    out.append(tok)


def uncontracted_words(words: Sequence[str]) -> list[str]:
    """:func:`uncontracted` for bare words."""
    return [t.norm for t in uncontracted([Token(w, 0, 0) for w in words])]


_MADE = CUES | _NEGATIVE_VERBS | frozenset(_NEGATIVE_BASES) | frozenset(_NEGATIVE_BASES.values())


def kept_as_written(word: str) -> bool:
    """Is ``word`` one that :func:`uncontracted` neither makes nor changes (nor a half of a
    negative contraction)? A text whose folded form holds it holds it as written."""
    return word not in _MADE and not (word.endswith("n") and word[:-1] in _NEGATIVE_VERBS)
