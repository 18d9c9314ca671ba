"""Checker registry: built-in checkers by name, and :func:`register_checker` for your own."""

from __future__ import annotations

from typing import Any, Callable, Mapping, Optional, TypeVar

from raguard.checkers.base import AnyChecker, CheckContext, Checker, Finding, Reviewer
from raguard.checkers.plan import Step, plan
from raguard.checkers.attributions import AttributionsChecker
from raguard.checkers.citations import CitationsChecker
from raguard.checkers.creators import CreatorsChecker
from raguard.checkers.dates import DatesChecker
from raguard.checkers.direction import DirectionChecker
from raguard.checkers.entities import EntitiesChecker
from raguard.checkers.negations import NegationsChecker
from raguard.checkers.numbers import NumbersChecker
from raguard.checkers.opposites import OppositesChecker
from raguard.checkers.placement import PlacementChecker
from raguard.checkers.qa import QA_CHECKERS, ChoicesChecker, ComparisonsChecker, SamenessChecker, UnansweredChecker
from raguard.checkers.quotes import QuotesChecker
from raguard.checkers.roles import RolesChecker
from raguard.checkers.statements import StatementsChecker
from raguard.checkers.vague import VagueChecker
from raguard.checkers.settings import CheckerConfig, option_owners
from raguard.errors import ConfigError

__all__ = [
    "CheckContext",
    "Checker",
    "Finding",
    "Reviewer",
    "DEFAULT_CHECKERS",
    "PROFILES",
    "QA_CHECKERS",
    "available_checkers",
    "create_checker",
    "register_checker",
    "plan_checkers",
    "CheckerConfig",
    "checker_config",
    "known_options",
]

_REGISTRY: dict[str, Callable[..., AnyChecker]] = {
    "attributions": AttributionsChecker,
    "choices": ChoicesChecker,
    "citations": CitationsChecker,  # optional, not in DEFAULT_CHECKERS; reviews all the others
    "comparisons": ComparisonsChecker,
    "creators": CreatorsChecker,
    "dates": DatesChecker,
    "direction": DirectionChecker,
    "entities": EntitiesChecker,
    "negations": NegationsChecker,
    "numbers": NumbersChecker,
    "opposites": OppositesChecker,
    "placement": PlacementChecker,
    "quotes": QuotesChecker,
    "roles": RolesChecker,
    "sameness": SamenessChecker,
    "statements": StatementsChecker,
    "unanswered": UnansweredChecker,
    "vague": VagueChecker,
}

#: Checkers a default :class:`~raguard.Verifier` runs, in order: the ``qa`` profile.
DEFAULT_CHECKERS: tuple[str, ...] = (
    "dates", "entities", "numbers", "quotes", "vague", "comparisons", "choices", "sameness",
    "statements", "negations", "opposites", "placement", "direction", "attributions", "roles", "creators", "unanswered",
)

#: Named checker lists, for ``Verifier(profile=...)``:
#:
#: - ``qa`` (the default): every general checker plus the question-shape ones
#:   (:mod:`raguard.checkers.qa`), built for short factoid answers to a question;
#: - ``general``: the general checkers alone, for long-form answers (summaries, reports) where
#:   the question-shape checkers, which skip answers over ~300 characters, add nothing.
PROFILES: dict[str, tuple[str, ...]] = {
    "qa": DEFAULT_CHECKERS,
    "general": tuple(c for c in DEFAULT_CHECKERS if c not in QA_CHECKERS),
}
DEFAULT_PROFILE = "qa"

F = TypeVar("F", bound=Callable[..., AnyChecker])


def register_checker(name: str) -> Callable[[F], F]:
    """Decorator: make a checker factory (usually a class) available by ``name``.

    A factory with a ``Config`` attribute (a :class:`~raguard.checkers.settings.CheckerConfig`
    subclass) takes options: ``Verifier(checker_options={name: {...}})`` calls it with
    ``config=Config(...)``; one without takes none and is called with no argument.
    """
    if not name or not isinstance(name, str):
        raise ValueError("checker name must be a non-empty string")

    def decorate(factory: F) -> F:
        _REGISTRY[name] = factory
        return factory

    return decorate


def available_checkers() -> list[str]:
    return sorted(_REGISTRY)


def checker_config(name: str) -> Optional[type[CheckerConfig]]:
    """The config class of the registered checker ``name`` (None: it takes no options)."""
    return getattr(_factory(name), "Config", None)


def known_options() -> dict[str, list[str]]:
    """Option name -> the registered checkers that have an option of that name."""
    return option_owners({n: getattr(f, "Config") for n, f in _REGISTRY.items() if getattr(f, "Config", None) is not None})


def create_checker(name: str, options: Optional[Mapping[str, Any]] = None) -> AnyChecker:
    """A new checker ``name``, its config built from ``options`` (a plain dict) when given.

    Raises :class:`~raguard.ConfigError` for an unknown name, option or value."""
    factory = _factory(name)
    if not options:
        return factory()
    config = getattr(factory, "Config", None)
    if config is None:
        raise ConfigError(f"checker {name!r} takes no options, got {', '.join(map(repr, options))}")
    return factory(config=config.build(name, options))


def _factory(name: str) -> Callable[..., AnyChecker]:
    try:
        return _REGISTRY[name]
    except KeyError:
        raise ConfigError(
            f"unknown checker {name!r}; available: {', '.join(available_checkers())}"
        ) from None


def plan_checkers(checkers: list[AnyChecker]) -> list[Step]:
    """``checkers`` in run order with what each reviews (see :mod:`raguard.checkers.plan`);
    raises :class:`~raguard.ConfigError` for a missing requirement or a circle."""
    return plan(checkers, known=_REGISTRY)
