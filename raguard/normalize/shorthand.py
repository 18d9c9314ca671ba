"""Chat and note shorthand read as the word it stands for ("tmrw" is "tomorrow"). Pure functions.

Chats, tickets and meeting notes abbreviate; a fluent answer restates them in full ("Dana will
call back tomorrow" for "Dana: will call u tmrw"). A shorthand word is folded to its word before
stemming, on both sides alike, so it supports the word and nothing else. Only abbreviations with
one common reading are listed: "bf" (boyfriend, best friend), "hr" (hour, human resources),
"sec" (second, the SEC), "doc" (doctor, document), "min" (minute, minimum) and "bro" are left out.
"""

from __future__ import annotations

from typing import Optional

# word: its shorthand forms, folded (lower-case); one line per word
_FORMS = """
tomorrow: tmrw tmr tmw tmrow tmrrw 2moro 2morrow 2mrw 2mrow
tonight: tonite 2nite 2night
today: 2day
yesterday: yday ystrdy
weekend: wknd wkend
birthday: bday bdy
friday: tgif
message: msg
messages: msgs
people: ppl
picture: pic
pictures: pics pix
great: gr8
later: l8r l8er
thanks: thx thnx thanx tnx thnks
congratulations: congrats
conversation: convo
appointment: appt
meeting: mtg
information: info
approximately: approx
government: govt
department: dept
management: mgmt
university: uni
video: vid
videos: vids
favourite: fav fave
favourites: favs faves
hours: hrs
minutes: mins
tickets: tix
christmas: xmas
husband: hubby
sister: sis
professor: prof
"""

#: shorthand form -> the word it stands for
SHORTHAND: dict[str, str] = {
    form: word
    for line in _FORMS.strip().splitlines()
    for word, _, forms in [line.partition(":")]
    for form in forms.split()
}


def expand(word: str) -> Optional[str]:
    """The word a folded shorthand form stands for ("tmrw" -> "tomorrow"), None for any other word."""
    return SHORTHAND.get(word)


# Words of place, person and organization names and their written abbreviations ("Lakeshore Rd",
# "Harbour St.", "Mt Kenya", "St Brigid's", "Univ. of Lagos", "Dept of Health"): word: forms. Not folded into stems (an "st" or "dr" alone is
# ambiguous); a name's word is tried in the other spelling only when the name is not found as
# written, in the same place, so "St" may stand for "Street" or "Saint" there.
_NAME_FORMS = """
road: rd
street: st str
avenue: ave av
boulevard: blvd
lane: ln
drive: dr
highway: hwy
square: sq
crescent: cres
terrace: terr tce
place: pl
mount: mt
fort: ft
saint: st
doctor: dr
university: univ uni
college: coll
institute: inst
department: dept
association: assoc assn
international: intl
national: natl
government: govt
corporation: corp
company: co
brothers: bros
hospital: hosp
laboratory: lab
laboratories: labs
"""


def _name_abbreviations() -> dict[str, tuple[str, ...]]:
    table: dict[str, list[str]] = {}
    for line in _NAME_FORMS.strip().splitlines():
        word, _, forms = line.partition(":")
        for form in forms.split():
            table.setdefault(word, []).append(form)
            table.setdefault(form, []).append(word)
    return {k: tuple(v) for k, v in table.items()}


#: word -> its abbreviations, and abbreviation -> the words it may stand for (folded)
NAME_ABBREVIATIONS: dict[str, tuple[str, ...]] = _name_abbreviations()


def name_spellings(words: list[str]) -> list[list[str]]:
    """The other spellings of a name's folded words with one word abbreviated or spelled out
    ("lakeshore road" -> "lakeshore rd"); empty when no word has one (most names)."""
    out = []
    for i, word in enumerate(words):
        for other in NAME_ABBREVIATIONS.get(word, ()):
            out.append(words[:i] + [other] + words[i + 1:])
    return out

