"""British and American spellings folded to one form, so "colour" matches "color". Pure functions.

The rules are the regular correspondences (-our/-or, -ise/-ize, -yse/-yze, -tre/-ter,
-fence/-fense, a doubled final l before a suffix), not a list of words. A rule is applied to the
answer and to the documents alike, so it only has to be *consistent*: folding a word that has no
other spelling ("promise" -> "promize") changes nothing, since both sides fold it the same way.
What a rule must not do is merge two different words; each pattern below is limited for that
(length, the letters before it), and the exceptions it keeps name the words it would merge.
"""

from __future__ import annotations

import re

# colour, neighbouring, favourite, behaviours (a consonant or an i before -our; "four", "tour",
# "your", "hour" are too short, "flour"/"floor" is kept apart by that length too)
_OUR_RE = re.compile(r"(?<=[^aeou\W])our(?=(?:s|ed|ing|ite|ites|able|ably|ful|less|er|ers|ism|ist|ists|y)?$)")
# criticise(d/s), organising, realisation, analyse (-ise after two or more letters of a stem)
_ISE_RE = re.compile(r"(?<=\w{3}[^aeiouw\W])(is|ys)(e|ed|es|ing|ation|ations|er|ers)$")
# centre, metres, theatre, fibre: t or b, then -re(s) ("acre", "genre", "ogre" end otherwise)
_TRE_RE = re.compile(r"(?<=\w[tb])re(s?)$")
# defence, offence, licence
_ENCE_RE = re.compile(r"(?<=\w[fc])ence(s?)$")
# travelling, cancelled, modeller: -ll- after an unstressed a/e of a word of two syllables or
# more ("filled", "rolled", "fuelled" have one vowel group before the ll and are left alone)
_LL_SUFFIXES = ("lling", "lled", "ller", "llers")
_VOWELS = frozenset("aeiouy")
#: Words a rule would merge with another word: "prise" is not "prize", "timbre" not "timber".
_KEEP = frozenset({"prise", "prised", "prises", "prising", "timbre", "timbres"})


def american(word: str) -> str:
    """The American spelling of a folded (lower-case) word: "colour" -> "color", "criticised" ->
    "criticized", "travelling" -> "traveling", "centre" -> "center"; other words unchanged."""
    if len(word) < 5 or word in _KEEP:
        return word
    if "our" in word and len(word) >= 6:
        word = _OUR_RE.sub("or", word)
    if word.endswith(("ise", "ised", "ises", "ising", "isation", "isations", "iser", "isers",
                      "yse", "ysed", "yses", "ysing")):
        word = _ISE_RE.sub(lambda m: m.group(1)[0] + "z" + m.group(2), word)
    elif word.endswith(("tre", "tres", "bre", "bres")):
        word = _TRE_RE.sub(r"er\1", word)
    elif word.endswith(("ence", "ences")):
        word = _ENCE_RE.sub(r"ense\1", word)
    elif word.endswith(_LL_SUFFIXES):
        word = _single_l(word)
    return word


def _single_l(word: str) -> str:
    """"travelling" -> "traveling": the doubled l after an a/e that ends a second vowel group."""
    head, _, suffix = word.rpartition("ll")
    if len(head) < 3 or head[-1] not in "ae" or head[-2] in _VOWELS:
        return word
    groups = sum(1 for i, c in enumerate(head) if c in _VOWELS and (i == 0 or head[i - 1] not in _VOWELS))
    return head + "l" + suffix if groups >= 2 else word
