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
