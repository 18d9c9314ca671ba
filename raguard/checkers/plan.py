"""The order checkers run in, from what each declares (as spaCy components declare what they
assign and require).

A checker declares, as class attributes:

- ``provides``: the finding kinds it gives (``Finding.kind``: "date", "entity", ...);
- ``requires``: kinds it cannot work without: a :class:`~raguard.Verifier` whose list has no
  checker that provides one raises :class:`~raguard.ConfigError` when it is built;
- ``reads``: kinds it reviews when they are there (``"*"``: every finding of every checker that
  does not itself read ``"*"``).

A checker that requires or reads nothing is *independent* (phase one): it implements
``check(ctx)``. One that does is a *reviewer* (phase two, as presidio-analyzer's context
enhancement receives the recognizers' results): it implements ``review(ctx, findings)`` and
gets, read-only, the earlier findings of the kinds it declared. A checker without declarations
(a plug-in written before them) is independent and provides nothing.

:func:`plan` orders the checkers topologically, keeping the given order wherever it is free, so
the order a user lists checkers in never changes a result.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Optional, Sequence

from raguard.errors import ConfigError

ALL_KINDS = "*"


def provides(checker: Any) -> frozenset[str]:
    return frozenset(getattr(checker, "provides", ()))


def requires(checker: Any) -> frozenset[str]:
    return frozenset(getattr(checker, "requires", ()))


def reads(checker: Any) -> frozenset[str]:
    """Every kind the checker reviews: what it requires and what it reads when present."""
    return requires(checker) | frozenset(getattr(checker, "reads", ()))


def is_reviewer(checker: Any) -> bool:
    return bool(reads(checker))


@dataclass(frozen=True)
class Step:
    """One checker in run order; ``wants`` is None for an independent checker, else the kinds
    of earlier findings it reviews (None inside: all of them)."""

    checker: Any
    wants: Optional[frozenset[str]]
    all_kinds: bool = False

    def prior(self, findings: Sequence[Any]) -> tuple[Any, ...]:
        """The earlier findings this step reviews, in the order they were found."""
        if self.all_kinds:
            return tuple(findings)
        wants = self.wants or frozenset()
        return tuple(f for f in findings if f.kind in wants)


def plan(checkers: Sequence[Any], known: Optional[Mapping[str, Callable[[], Any]]] = None) -> list[Step]:
    """The checkers in run order, each with what it reviews.

    Raises :class:`ConfigError` when a required kind has no provider in the list (``known``, the
    registry, names the built-in checker that would provide it) or when reviewers wait on each
    other in a circle.
    """
    for c in checkers:
        if is_reviewer(c) and not callable(getattr(c, "review", None)):
            raise ConfigError(
                f"checker {c.name!r} declares what it reads, so it needs a review(ctx, findings) method"
            )
    offered: dict[str, list[str]] = {}
    for c in checkers:
        for kind in provides(c):
            offered.setdefault(kind, []).append(c.name)
    for c in checkers:
        missing = [k for k in sorted(requires(c) - {ALL_KINDS}) if not [n for n in offered.get(k, []) if n != c.name]]
        if missing:
            kinds = ", ".join(repr(k) for k in missing)
            raise ConfigError(
                f"checker {c.name!r} requires findings of kind{'s' if len(missing) > 1 else ''} {kinds}, which no checker in the list "
                f"provides{_providers_hint(missing, known)}; add them, or remove {c.name!r}"
            )
    after: list[set[int]] = []  # indexes each checker waits for
    for i, c in enumerate(checkers):
        wanted = reads(c)
        waits = set()
        for j, d in enumerate(checkers):
            if j == i:
                continue
            if provides(d) & wanted or (ALL_KINDS in wanted and ALL_KINDS not in reads(d)):
                waits.add(j)
        after.append(waits)
    order: list[int] = []
    placed: set[int] = set()
    while len(order) < len(checkers):
        ready = next((i for i in range(len(checkers)) if i not in placed and after[i] <= placed), None)
        if ready is None:
            stuck = [i for i in range(len(checkers)) if i not in placed]
            detail = "; ".join(
                f"{checkers[i].name!r} waits for {', '.join(repr(checkers[j].name) for j in sorted(after[i] - placed))}"
                for i in stuck
            )
            raise ConfigError(f"checkers wait on each other's findings in a circle: {detail}")
        order.append(ready)
        placed.add(ready)
    steps = []
    for i in order:
        c = checkers[i]
        wanted = reads(c)
        if not wanted:
            steps.append(Step(c, None))
        else:
            steps.append(Step(c, frozenset(wanted - {ALL_KINDS}), all_kinds=ALL_KINDS in wanted))
    return steps


def _providers_hint(kinds: list[str], known: Optional[Mapping[str, Callable[[], Any]]]) -> str:
    """Which registered checkers provide ``kinds`` ("(provided by 'dates', 'entities')")."""
    if not known:
        return ""
    names = [name for name, factory in known.items() if set(kinds) & set(getattr(factory, "provides", ()))]
    return f" (provided by {', '.join(repr(n) for n in sorted(names))})" if names else ""
