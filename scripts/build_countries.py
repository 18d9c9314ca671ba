"""Compile the names of countries in the languages of documents an English answer restates into
data/country_names.txt, the table raguard ships in its wheel ("Spain" for a Spanish bill's
"España", "Morocco" for "Marruecos", "Germany" for "Deutschland").

Run once, with the iso-codes translations that pycountry ships (a build-time tool only: raguard
does not import it):

    apt-get install wordnet-base   # (WordNet, to leave out names that are English words)
    .venv/bin/pip install pycountry && .venv/bin/python scripts/build_countries.py [/usr/share/wordnet]

One line per country, ``CODE<TAB>name|name|...``: its ISO 3166-1 alpha-2 code, then its names in
LANGUAGES (languages written in the Latin alphabet) that differ from the English one, each as
raguard's word tokens joined by spaces (accents folded, as documents are read). A name is left out
when it is an English word too (the Danish "Island" for Iceland) or another country's English
name, or shorter than four letters: such a word in a document says nothing of the country. The
iso-codes licence (LGPL-2.1) is shipped beside it (data/ISO_CODES_LICENSE).
"""

from __future__ import annotations

import gettext
import sys
from pathlib import Path

from raguard.normalize.stems import stem
from raguard.normalize.text import phrase_tokens

LANGUAGES = ("af ca cs cy da de es et eu fi fr ga gl hr hu id is it lt lv ms nb_NO nl pl pt ro sk sl "
             "sv tr").split()
OUT = Path(__file__).resolve().parents[1] / "data" / "country_names.txt"
LICENSE_OUT = OUT.with_name("ISO_CODES_LICENSE")


def _english_words(wordnet: Path) -> frozenset[str]:
    """The stems of WordNet's one-word lemmas: a name that is one of them is an English word."""
    out = set()
    for part in ("noun", "verb", "adj", "adv"):
        for line in (wordnet / f"index.{part}").read_text(encoding="latin-1").splitlines():
            if line and not line.startswith(" ") and "_" not in line.split(" ", 1)[0]:
                out.add(stem(line.split(" ", 1)[0]))
    return frozenset(out)


def _synonyms() -> dict[str, frozenset[str]]:
    """data/synonyms.txt as a table: WordNet lists "Espana" with "Spain", so it stays a name of Spain."""
    out = {}
    for line in OUT.with_name("synonyms.txt").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            head, *rest = line.split()
            out[head] = frozenset(rest)
    return out


def main(wordnet: Path = Path("/usr/share/wordnet")) -> None:
    import pycountry  # (build-time only)

    locales = Path(pycountry.__file__).parent / "locales"
    translations = [gettext.translation("iso3166-1", localedir=str(locales), languages=[lang])
                    for lang in LANGUAGES]
    english = _english_words(wordnet)
    synonyms = _synonyms()
    dropped = []
    countries = sorted(pycountry.countries, key=lambda c: c.alpha_2)
    own_names = {" ".join(phrase_tokens(n)) for c in countries
                 for n in {c.name, getattr(c, "common_name", c.name), getattr(c, "official_name", c.name)}}
    lines = []
    for country in countries:
        names = {country.name, getattr(country, "common_name", country.name)}
        mine = {" ".join(phrase_tokens(n)) for n in names}
        own = {stem(n) for n in mine if " " not in n}
        found: set[str] = set()
        for translation in translations:
            for name in names:
                words = phrase_tokens(translation.gettext(name))
                joined = " ".join(words)
                if not words or joined in mine or joined in own_names or sum(map(len, words)) < 4:
                    continue
                if (len(words) == 1 and stem(words[0]) in english and stem(words[0]) not in own
                        and own.isdisjoint(synonyms.get(stem(words[0]), ()))):
                    dropped.append(joined)  # an English word that is not this country's name
                    continue
                found.add(joined)
        if found:
            lines.append(f"{country.alpha_2}\t" + "|".join(sorted(found)))
    OUT.write_text("# Country names in other languages (iso-codes via pycountry): see "
                   "scripts/build_countries.py and data/ISO_CODES_LICENSE\n" + "\n".join(lines) + "\n",
                   encoding="utf-8")
    license_file = next(Path(pycountry.__file__).parent.parent.glob("pycountry-*.dist-info/licenses/LICENSE.txt"))
    LICENSE_OUT.write_text("The country names of country_names.txt are from the iso-codes project "
                           "(https://salsa.debian.org/iso-codes-team/iso-codes),\nas packaged by pycountry, "
                           "under the GNU Lesser General Public License 2.1:\n\n"
                           + license_file.read_text(encoding="utf-8"), encoding="utf-8")
    print("dropped as English words:", " ".join(sorted(set(dropped))))
    print(f"{len(lines)} countries, {sum(line.count('|') + 1 for line in lines)} names -> {OUT}")


if __name__ == "__main__":
    main(*(Path(arg) for arg in sys.argv[1:2]))
