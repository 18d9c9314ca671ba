"""Compile WordNet's synonym sets and antonym pairs into data/synonyms.txt and data/antonyms.txt,
the tables raguard ships in its wheel.

Run once, after ``apt-get install wordnet-base`` (WordNet 3.0 from Debian):

    .venv/bin/python scripts/build_synonyms.py [/usr/share/wordnet]

For every one-word lemma, the one-word lemmas of its first ``SENSES`` senses (WordNet lists a
word's senses most frequent first, so a rare sense cannot make "bank" a synonym of "depository"),
and the forms derived from it in those senses ("jealousy" / "jealous"), are written as stems, the way raguard matches words: one line per stem, ``stem syn syn ...``.
Antonyms are WordNet's direct (lexical) antonym pointers only ("increase" / "decrease", "accept"
/ "reject"): a pair the lexicographers linked word to word, not every word of the two synsets nor
the "similar to" satellites, so "quick" is not made the opposite of "difficult". One line per stem,
``stem opposite ...``, both ways; an adjective pair gives its comparatives and superlatives too
("faster" / "slower", "better" / "worse"), which WordNet does not list and the stemmer keeps.
The tables are keyed by raguard's own :func:`~raguard.normalize.stems.stem`, so rebuild it when
the stemmer changes (tests/test_long_answers.py checks a sample). WordNet's licence is
shipped beside it (data/WORDNET_LICENSE).
"""

from __future__ import annotations

import sys
from pathlib import Path

from raguard.normalize.stems import is_content_word, stem

SENSES = {"noun": 2, "verb": 2, "adj": 2, "adv": 1}
OUT = Path(__file__).resolve().parents[1] / "data" / "synonyms.txt"
ANTONYMS_OUT = OUT.with_name("antonyms.txt")


_POS_FILE = {"n": "noun", "v": "verb", "a": "adj", "s": "adj", "r": "adv"}


_Pointer = tuple[int, str, str, int]


def _read(root: Path, pos: str) -> dict[str, tuple[list[str], list[_Pointer], list[_Pointer]]]:
    """synset offset -> (its lemmas, lower case; its derivation pointers and its antonym
    pointers: (source word number, target offset, target part of speech, target word number))."""
    out: dict[str, tuple[list[str], list[_Pointer], list[_Pointer]]] = {}
    for line in (root / f"data.{pos}").read_text(encoding="latin-1").splitlines():
        if line.startswith(" "):
            continue  # the licence header
        fields = line.split()
        count = int(fields[3], 16)
        words = [fields[4 + 2 * k].lower().split("(")[0] for k in range(count)]
        k = 4 + 2 * count
        pointers, antonyms = [], []
        for _ in range(int(fields[k])):
            symbol, offset, tpos, st = fields[k + 1:k + 5]
            if symbol == "+":  # derivationally related form: "jealousy" / "jealous"
                pointers.append((int(st[:2], 16), offset, _POS_FILE[tpos], int(st[2:], 16)))
            elif symbol == "!":  # direct antonym, word to word: "increase" / "decrease"
                antonyms.append((int(st[:2], 16), offset, _POS_FILE[tpos], int(st[2:], 16)))
            k += 4
        out[fields[0]] = (words, pointers, antonyms)
    return out


def main(root: Path) -> None:
    table: dict[str, set[str]] = {}
    data = {pos: _read(root, pos) for pos in SENSES}
    for pos, senses in SENSES.items():
        synsets = data[pos]
        for line in (root / f"index.{pos}").read_text(encoding="latin-1").splitlines():
            if line.startswith(" "):
                continue
            fields = line.split()
            lemma = fields[0]
            if not lemma.isalpha() or not is_content_word(lemma):
                continue
            ptr_count = int(fields[3])
            offsets = fields[6 + ptr_count:]
            key = stem(lemma)
            for offset in offsets[:senses]:
                words, pointers, _ = synsets.get(offset, ([], [], []))
                related = list(words)
                if lemma in words:  # the forms derived from this very word of the synset
                    number = words.index(lemma) + 1
                    related += [data[tpos][target][0][tword - 1] for source, target, tpos, tword in pointers
                                if source == number and target in data[tpos]]
                for word in related:
                    if word.isalpha() and is_content_word(word):
                        s = stem(word)
                        if s != key:
                            table.setdefault(key, set()).add(s)
    lines = [" ".join([key, *sorted(syns)]) for key, syns in sorted(table.items())]
    OUT.write_text("# WordNet 3.0 synonyms as raguard stems: see scripts/build_synonyms.py and data/WORDNET_LICENSE\n"
                   + "\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(lines)} stems written to {OUT}")
    _write_antonyms(data, root)


# Adjectives whose comparative is made with "more" (the suffixes of long adjectives): no "-er" form.
_NO_ER = ("ful", "ous", "ive", "al", "ic", "ent", "ant", "ible", "able", "ed", "ing", "less", "ish", "ary")


def _graded(adjective: str, degree: int, irregular: dict[str, list[str]]) -> str | None:
    """The comparative (``degree`` 0) or superlative (1) of a short adjective by English spelling
    rules ("hot" -> "hotter", "easy" -> "easiest", "large" -> "larger"), or WordNet's irregular
    form ("good" -> "better", from adj.exc); None for an adjective compared with "more"."""
    forms = irregular.get(adjective)
    if forms:
        return next((f for f in forms if f.endswith(("er", "est")[degree])), None)
    if len(adjective) > 7 or len(adjective) < 3 or adjective.endswith(_NO_ER):
        return None
    suffix = ("er", "est")[degree]
    vowels = "aeiou"
    if adjective.endswith("e"):
        return adjective + suffix[1:]
    if adjective.endswith("y") and adjective[-2] not in vowels:
        return adjective[:-1] + "i" + suffix
    if (adjective[-1] not in vowels + "wxy" and adjective[-2] in vowels and adjective[-3] not in vowels
            and sum(c in vowels for c in adjective) == 1):
        return adjective + adjective[-1] + suffix  # one syllable ending consonant-vowel-consonant
    return adjective + suffix


def _write_antonyms(data: dict[str, dict[str, tuple[list[str], list[_Pointer], list[_Pointer]]]],
                    root: Path) -> None:
    # adj.exc: an irregular form and its base ("better good"), read base -> its forms
    irregular: dict[str, list[str]] = {}
    for line in (root / "adj.exc").read_text(encoding="latin-1").splitlines():
        form, *bases = line.split()
        for base in bases:
            if form.endswith(("er", "est")):
                irregular.setdefault(base, []).append(form)
    table: dict[str, set[str]] = {}
    for synsets in data.values():
        for words, _, antonyms in synsets.values():
            for source, target, tpos, tword in antonyms:
                if target not in data[tpos]:
                    continue
                a, b = words[source - 1], data[tpos][target][0][tword - 1]
                if not (a.isalpha() and b.isalpha() and is_content_word(a) and is_content_word(b)):
                    continue
                pairs = [(a, b)]
                if synsets is data["adj"]:  # "faster" / "slower": WordNet lists only "fast" / "slow"
                    pairs += [(fa, fb) for degree in (0, 1)
                              if (fa := _graded(a, degree, irregular)) and (fb := _graded(b, degree, irregular))]
                for a, b in pairs:
                    sa, sb = stem(a), stem(b)
                    if sa != sb:
                        table.setdefault(sa, set()).add(sb)
                        table.setdefault(sb, set()).add(sa)
    lines = [" ".join([key, *sorted(opp)]) for key, opp in sorted(table.items())]
    ANTONYMS_OUT.write_text("# WordNet 3.0 direct antonyms as raguard stems: see scripts/build_synonyms.py and "
                            "data/WORDNET_LICENSE\n" + "\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(lines)} stems written to {ANTONYMS_OUT}")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "/usr/share/wordnet"))
