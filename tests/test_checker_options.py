"""Per-checker configuration: each checker's typed options, from a plain dict."""

from __future__ import annotations

import pickle

import pytest

from raguard import ConfigError, Verifier
from raguard.checkers import create_checker, known_options
from raguard.checkers.statements import StatementsConfig


def _checker(v: Verifier, name: str):
    return next(c for c in v.checkers if c.name == name)


def test_options_reach_their_checker_as_a_typed_config() -> None:
    v = Verifier(checker_options={"statements": {"min_support": 0.3, "min_unsupported": 2},
                                  "dates": {"check_weekdays": False}})
    assert _checker(v, "statements").config == StatementsConfig(min_support=0.3, min_unsupported=2)
    assert _checker(v, "dates").config.check_weekdays is False
    assert _checker(v, "entities").config.proper_noun_runs is True  # a default
    assert pickle.loads(pickle.dumps(_checker(v, "statements").config)).min_support == 0.3


@pytest.mark.parametrize(("checker_options", "needle"), [
    ({"statements": {"min_suport": 0.5}}, "unknown option 'min_suport' for checker 'statements'; known: min_support"),
    ({"statements": {"min_support": True}}, "option 'min_support' of checker 'statements' must be a number from 0 to 1, got True"),
    ({"statements": {"min_unsupported": 0}}, "must be a positive integer"),
    ({"entities": {"proper_noun_runs": "yes"}}, "option 'proper_noun_runs' of checker 'entities' must be a bool"),
    ({"numbers": {"anything": 1}}, "checker 'numbers' takes no options"),
    ({"citations": {"min_support": 0.3}}, "checker_options for 'citations', but it is not in the checker list"),
    ({"statements": 0.3}, "the options of checker 'statements' must be a dict"),
])
def test_bad_checker_options_fail_when_the_verifier_is_built(checker_options, needle) -> None:
    with pytest.raises(ConfigError, match=needle.replace("(", r"\(")):
        Verifier(checker_options=checker_options)


def test_the_flat_options_are_a_deprecated_alias_for_each_owner() -> None:
    names = ["dates", "entities", "numbers", "quotes", "vague", "statements", "citations"]
    with pytest.deprecated_call():
        v = Verifier(names, options={"min_support": 0.4, "trust_query": False},
                     checker_options={"citations": {"min_support": 0.5}})
    assert _checker(v, "statements").config.min_support == 0.4
    assert _checker(v, "citations").config.min_support == 0.5  # the explicit one wins
    assert v.trust_query is False
    assert set(known_options()["min_support"]) == {"statements", "citations"}


def test_an_option_changes_the_verdict_only_of_its_checker() -> None:
    docs = ["The ferry to Lindholm leaves at dawn on weekdays."]
    answer = "The ferry to Lindholm departs on Sunday."
    default = Verifier().verify("When does the ferry leave?", docs, answer)
    lenient = Verifier(checker_options={"dates": {"check_weekdays": False}}).verify("When does the ferry leave?", docs, answer)
    assert any(w.type == "unsupported_date" for w in default.warnings)
    assert not any(w.type == "unsupported_date" for w in lenient.warnings)


def test_create_checker_builds_a_config_from_a_plain_dict() -> None:
    assert create_checker("statements", {"min_support_unanchored": 0.6}).config.min_support_unanchored == 0.6
    with pytest.raises(ConfigError, match="unknown checker 'statementz'"):
        create_checker("statementz")
