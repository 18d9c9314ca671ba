"""Units of measure, so that a value restated in another unit still matches.

"a 4.8-tonne spacecraft" restates "4,800 kg"; "beat her by 68 seconds" restates "1 minute 8
seconds". A number followed by a unit word carries that unit; two values of one dimension
compare in its base unit. Only units with one meaning are listed: "m" (million or metres),
"pounds" (money or mass), "t", "h" and "s" are left out, as are months and years (their length
varies). A value can also take its unit from the key it is written under in a configuration
file, JSON or a log ("timeout_ms: 2500": :func:`unit_key_before`). Pure functions.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Optional, Protocol, TypeVar

if TYPE_CHECKING:  # pragma: no cover
    from typing_extensions import Self  # (typing.Self from Python 3.11)

_M = TypeVar("_M", bound="_Measured")


class _Measured(Protocol):
    """What :func:`compound_measures` reads of a number mention (``numbers.NumberMention``,
    which imports this module: named by its shape, not imported)."""

    @property
    def start(self) -> int: ...
    @property
    def end(self) -> int: ...
    @property
    def value(self) -> float: ...
    @property
    def measure(self) -> Optional[str]: ...
    @property
    def hedge(self) -> Optional[str]: ...

    def _replace(self, *, start: int = ..., text: str = ..., value: float = ..., hedge: Optional[str] = ...) -> Self: ...


def _units(dimension: str, factor: float, *words: str) -> dict[str, tuple[str, float]]:
    return {w: (dimension, factor) for w in words}


#: Unit word (folded) -> (dimension, factor to the dimension's base unit: kg, metre, second).
MEASURES: dict[str, tuple[str, float]] = {
    **_units("mass", 1e-6, "mg", "milligram", "milligrams"),
    **_units("mass", 1e-3, "gram", "grams"),
    **_units("mass", 1.0, "kg", "kgs", "kilogram", "kilograms", "kilo", "kilos"),
    **_units("mass", 1e3, "tonne", "tonnes", "metric ton", "metric tons"),
    **_units("mass", 0.45359237, "lb", "lbs"),
    **_units("length", 1e-3, "mm", "millimetre", "millimetres", "millimeter", "millimeters"),
    **_units("length", 1e-2, "cm", "centimetre", "centimetres", "centimeter", "centimeters"),
    **_units("length", 1.0, "metre", "metres", "meter", "meters"),
    **_units("length", 1e3, "km", "kilometre", "kilometres", "kilometer", "kilometers"),
    **_units("length", 1609.344, "mi", "mile", "miles"),
    **_units("length", 0.3048, "ft", "foot", "feet"),
    **_units("length", 0.0254, "inch", "inches"),
    **_units("time", 1e-3, "ms", "msec", "millisecond", "milliseconds"),
    **_units("time", 1.0, "sec", "secs", "second", "seconds"),
    **_units("time", 60.0, "min", "mins", "minute", "minutes"),
    **_units("time", 3600.0, "hr", "hrs", "hour", "hours"),
    **_units("time", 86400.0, "day", "days"),
    **_units("time", 604800.0, "wk", "wks", "week", "weeks"),
}
#: Units as documents in other languages write them ("Widerspruch binnen 14 Tagen", "30 jours",
#: "48 horas"), where a word is no English one (not "ore", "timer", "tag", "dia", "std"); part of
#: :data:`MEASURES`, but never the name a unit is counted by (:mod:`raguard.normalize.counts`).
OTHER_LANGUAGE_UNITS: dict[str, tuple[str, float]] = {
    **_units("time", 60.0, "minuten", "minuti", "minutos", "minuter"),
    **_units("time", 3600.0, "stunde", "stunden", "heure", "heures", "hora", "horas", "uur", "timmar",
             "godzin", "godziny"),
    **_units("time", 86400.0, "tage", "tagen", "jour", "jours", "dias", "dagen", "dagar", "dager", "giorno",
             "giorni", "dni"),
    **_units("time", 604800.0, "woche", "wochen", "semaine", "semaines", "semana", "semanas", "weken",
             "veckor", "uker", "settimana", "settimane", "tygodni"),
}
MEASURES.update(OTHER_LANGUAGE_UNITS)

# the unit word right after a number: "4,800 kg", "4.8-tonne", "375 mi", "2 metric tons"
_UNIT_AFTER_RE = re.compile(r"[ \t]?-?[ \t]?(?P<unit>(?:metric[ \t]+)?[a-z]+)\b", re.IGNORECASE)
# what may join the parts of a compound value: "1 minute 8 seconds", "2 hours and 41 minutes"
_JOINER_RE = re.compile(r"(?:[ \t]*,)?[ \t]+(?:and[ \t]+)?")


def unit_after(text: str, end: int) -> Optional[str]:
    """The unit word that follows a number ending at ``end``, folded; None if there is none."""
    after = text[end:end + 1]
    if not after or (after not in " \t-" and not after.isalpha()):
        return None  # (the pattern needs a space, a hyphen or a letter next: "30," "2024.")
    m = _UNIT_AFTER_RE.match(text, end)
    if m is None or (m.group("unit").isupper() and len(m.group("unit")) > 2):
        return None  # "10 SEC filings": an acronym, not seconds
    unit = " ".join(m.group("unit").lower().split())
    if unit == "ms" and m.group("unit") != "ms":
        return None  # "25 Ms Patel": a title, not milliseconds
    return unit if unit in MEASURES else None


# a unit named by the key a value is given under, as configuration files, JSON and logs write one
# ("timeout_ms: 2500", "retry-delay-seconds = 30", "\"waitMs\": 250"): the unit closes the key
_UNIT_KEY_RE = re.compile(r"(?:[A-Za-z0-9][_-]|[a-z0-9](?=[A-Z]))(?P<unit>[A-Z]?[a-z]+|[A-Z]{2,})[\"']?[ \t]*[:=][ \t]*[\"']?\Z")
_KEY_WINDOW = 40


def unit_key_before(text: str, start: int) -> Optional[str]:
    """The unit that closes the key a number at ``start`` is given under ("timeout_ms: 2500":
    "ms"), folded; None if there is none."""
    j = start
    while j > 0 and text[j - 1] in " \t\"'":
        j -= 1
    if j == 0 or text[j - 1] not in ":=":
        return None  # (most numbers: no key before them, and no pattern tried)
    m = _UNIT_KEY_RE.search(text, max(0, start - _KEY_WINDOW), start)
    if m is None:
        return None
    unit = m.group("unit").lower()
    return unit if unit in MEASURES else None


def same_dimension(a: str, b: str) -> bool:
    """Do two units measure the same thing? (False for a measure not in the table: a time of day.)"""
    return a in MEASURES and b in MEASURES and MEASURES[a][0] == MEASURES[b][0]


def in_base_unit(value: float, unit: str) -> float:
    return value * MEASURES[unit][1]


def compound_measures(text: str, mentions: list[_M]) -> list[_M]:
    """One more mention for each value written in two units of one dimension ("1 minute 8
    seconds" = 68 seconds), in the smaller unit, spanning both parts."""
    out = []
    for first, second in zip(mentions, mentions[1:]):
        if first.measure is None or second.measure is None or first.measure == second.measure:
            continue
        if not same_dimension(first.measure, second.measure):
            continue
        if MEASURES[first.measure][1] <= MEASURES[second.measure][1]:
            continue
        unit = _UNIT_AFTER_RE.match(text, first.end)
        if unit is None or not _JOINER_RE.fullmatch(text, unit.end(), second.start):
            continue
        value = in_base_unit(first.value, first.measure) / MEASURES[second.measure][1] + second.value
        out.append(second._replace(start=first.start, text=text[first.start:second.end], value=value,
                                   hedge=first.hedge))
    return out
