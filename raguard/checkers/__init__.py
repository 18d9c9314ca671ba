"""Checker registry: built-in checkers by name, and :func:`register_checker` for your own."""

from __future__ import annotations

from typing import Callable, TypeVar

from raguard.checkers.base import CheckContext, Checker, Finding, Reviewer
from raguard.checkers.plan import Step, plan
from raguard.checkers.attributions import AttributionsChecker
from raguard.checkers.choices import ChoicesChecker
from raguard.checkers.citations import CitationsChecker
from raguard.checkers.comparisons import ComparisonsChecker
from raguard.checkers.creators import CreatorsChecker
from raguard.checkers.dates import DatesChecker
from raguard.checkers.entities import EntitiesChecker
from raguard.checkers.negations import NegationsChecker
from raguard.checkers.numbers import NumbersChecker
from raguard.checkers.quotes import QuotesChecker
from raguard.checkers.sameness import SamenessChecker
from raguard.checkers.statements import StatementsChecker
from raguard.checkers.unanswered import UnansweredChecker
from raguard.checkers.vague import VagueChecker

__all__ = [
    "CheckContext",
    "Checker",
    "Finding",
    "Reviewer",
    "DEFAULT_CHECKERS",
    "available_checkers",
    "create_checker",
    "register_checker",
    "plan_checkers",
]

_REGISTRY: dict[str, Callable[[], Checker]] = {
    "attributions": AttributionsChecker,
    "choices": ChoicesChecker,
    "citations": CitationsChecker,  # optional, not in DEFAULT_CHECKERS; reviews all the others
    "comparisons": ComparisonsChecker,
    "creators": CreatorsChecker,
    "dates": DatesChecker,
    "entities": EntitiesChecker,
    "negations": NegationsChecker,
    "numbers": NumbersChecker,
    "quotes": QuotesChecker,
    "sameness": SamenessChecker,
    "statements": StatementsChecker,
    "unanswered": UnansweredChecker,
    "vague": VagueChecker,
}

#: Checkers a default :class:`~raguard.Verifier` runs, in order.
DEFAULT_CHECKERS: tuple[str, ...] = (
    "dates", "entities", "numbers", "quotes", "vague", "comparisons", "choices", "sameness",
    "statements", "negations", "attributions", "creators", "unanswered",
)

F = TypeVar("F", bound=Callable[[], Checker])


def register_checker(name: str) -> Callable[[F], F]:
    """Decorator: make a checker factory (usually a class) available by ``name``."""
    if not name or not isinstance(name, str):
        raise ValueError("checker name must be a non-empty string")

    def decorate(factory: F) -> F:
        _REGISTRY[name] = factory
        return factory

    return decorate


def available_checkers() -> list[str]:
    return sorted(_REGISTRY)


def create_checker(name: str) -> Checker:
    try:
        factory = _REGISTRY[name]
    except KeyError:
        raise ValueError(
            f"unknown checker {name!r}; available: {', '.join(available_checkers())}"
        ) from None
    return factory()


def plan_checkers(checkers: list[Checker]) -> list[Step]:
    """``checkers`` in run order with what each reviews (see :mod:`raguard.checkers.plan`);
    raises :class:`~raguard.ConfigError` for a missing requirement or a circle."""
    return plan(checkers, known=_REGISTRY)
