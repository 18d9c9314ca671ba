"""Compile the world's airports with an IATA code into data/airports.txt, the table raguard ships
in its wheel: a flight plan, a boarding pass or an itinerary names an airport by its code
("LSZH-EGPH", "LIS - BHX") where an answer names the place ("from Zurich to Edinburgh").

Run once, with the airport list that airportsdata ships (a build-time tool only: raguard does
not import it):

    .venv/bin/pip install airportsdata && .venv/bin/python scripts/build_airports.py

One line per airport, ``IATA ICAO<TAB>place|place``: its two codes, then its city and the words of
its own name that are not its city's nor a word every airport has, alone and after the city's
("Glasgow Prestwick Airport" in Glasgow: ``prestwick``, ``glasgow prestwick``), each as raguard's word tokens
joined by spaces (accents folded). airportsdata's licence (MIT) is shipped beside it
(data/AIRPORTSDATA_LICENSE).
"""

from __future__ import annotations

import csv
from pathlib import Path

from raguard.normalize.text import phrase_tokens

OUT = Path(__file__).resolve().parents[1] / "data" / "airports.txt"
LICENSE_OUT = OUT.with_name("AIRPORTSDATA_LICENSE")
#: Words of airports' names that name no place (dropped anywhere in the name) ...
AIRPORT_WORDS = frozenset("""airport airports international intl regional municipal county airfield airstrip
airpark aerodrome aeroporto aeropuerto aeroport aeroporti flughafen heliport jetport seaplane airbase
metropolitan domestic""".split())
#: ... and words that do only at its edges ("Aeropuerto de Madrid-Barajas": barajas; "Charles de
#: Gaulle" keeps its "de")
EDGE_WORDS = frozenset("""the of de del da do la le el and y e di field air base station naval force army
memorial national city terminal water lake strip aero airways""".split())


def places(city: str, name: str) -> list[str]:
    """The place names an airport is written by: its city, and its own name's other words."""
    out = []
    city_words = phrase_tokens(city)
    if city_words:
        out.append(" ".join(city_words))
    own = [w for w in phrase_tokens(name) if w not in AIRPORT_WORDS and w not in city_words]
    while own and own[0] in EDGE_WORDS:
        own.pop(0)
    while own and own[-1] in EDGE_WORDS:
        own.pop()
    if own and sum(map(len, own)) >= 4:
        out.append(" ".join(own))
        if city_words:
            out.append(" ".join(city_words + own))  # "Glasgow Prestwick"
    return list(dict.fromkeys(out))


def main() -> None:
    import airportsdata  # (build-time only)

    folder = Path(airportsdata.__file__).parent
    lines = []
    with open(folder / "airports.csv", encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(fh):
            iata, icao = row["iata"].strip(), row["icao"].strip()
            if len(iata) != 3 or len(icao) != 4 or not (iata + icao).isalpha():
                continue
            named = places(row["city"], row["name"])
            if named:
                lines.append(f"{iata} {icao}\t" + "|".join(named))
    lines.sort()
    OUT.write_text("# Airports with an IATA code (airportsdata): see scripts/build_airports.py and "
                   "data/AIRPORTSDATA_LICENSE\n" + "\n".join(lines) + "\n", encoding="utf-8")
    license_file = next(folder.parent.glob("airportsdata-*.dist-info/licenses/LICENSE"))
    LICENSE_OUT.write_text("The airports of airports.txt are from airportsdata "
                           "(https://github.com/mborsetti/airportsdata):\n\n"
                           + license_file.read_text(encoding="utf-8"), encoding="utf-8")
    print(f"{len(lines)} airports -> {OUT}")


if __name__ == "__main__":
    main()
