"""Declared checker dependencies: the run order comes from what checkers provide and read."""

from __future__ import annotations

from itertools import permutations

import pytest

from raguard import ConfigError, Finding, Verifier

# a name that the documents give, put into what they say of someone else
DOCS = [
    "The spring exhibition was curated by Mara Lindqvist and Tobias Hale at the Nordhavn gallery.",
    "Tobias Hale restored the Vermeer copy, which was first shown in 1987 at the same gallery.",
]
QUERY = "Which curator restored the Vermeer copy?"
WRONG = "Mara Lindqvist restored the Vermeer copy in 1987."


def _outcome(checkers: list[str], answer: str = WRONG) -> str:
    return Verifier(checkers=checkers).verify(QUERY, DOCS, answer).model_dump_json()


@pytest.mark.parametrize("names", [
    ["entities", "attributions", "dates", "negations", "numbers"],
    ["citations", "entities", "attributions", "dates", "numbers"],
])
def test_every_order_of_a_checker_list_gives_the_same_result(names: list[str]) -> None:
    answer = WRONG + " [2]"  # a citation for the citations checker to review
    results = {_outcome(list(order), answer) for order in permutations(names)}
    assert len(results) == 1
    [result] = results
    assert '"misattributed_claim"' in result  # the case is one the reviewer flags


def test_the_statements_checker_gets_the_same_findings_in_any_order() -> None:
    names = ["statements", "dates", "entities", "numbers", "quotes", "vague", "attributions"]
    orders = [names[i:] + names[:i] for i in range(len(names))]  # (every rotation, and reversed)
    orders += [list(reversed(o)) for o in orders]
    answer = "Tobias Hale restored the Vermeer copy in 1987. The copy later sold for a record price."
    results = {_outcome(order, answer) for order in orders}
    assert len(results) == 1
    assert '"unsupported_statement"' in next(iter(results))


def test_reviewers_run_after_what_they_read_and_the_given_order_is_kept_where_free() -> None:
    v = Verifier(checkers=["attributions", "negations", "entities", "dates"])
    assert [c.name for c in v.checkers] == ["negations", "entities", "attributions", "dates"]
    v = Verifier(checkers=["citations", "numbers", "statements", "entities", "dates", "quotes", "vague"])
    assert [c.name for c in v.checkers][-2:] == ["statements", "citations"]


@pytest.mark.parametrize(("checkers", "needle"), [
    (["attributions"], r"checker 'attributions' requires findings of kind 'entity'.*provided by 'entities'"),
    (["statements", "dates", "entities"], r"checker 'statements' requires findings of kinds 'number', 'quote', 'vague_reference'"),
])
def test_a_missing_requirement_fails_when_the_verifier_is_built(checkers: list[str], needle: str) -> None:
    with pytest.raises(ConfigError, match=needle):
        Verifier(checkers=checkers)


class _Reviewer:
    warning_type = "loop"
    default_severity = "low"

    def __init__(self, name: str, provides: str, reads: str) -> None:
        self.name, self.provides, self.requires = name, (provides,), (reads,)

    def review(self, ctx, findings):
        return ()


def test_reviewers_waiting_on_each_other_are_a_circle() -> None:
    with pytest.raises(ConfigError, match=r"circle: 'a' waits for 'b'; 'b' waits for 'a'"):
        Verifier(checkers=[_Reviewer("a", "x", "y"), _Reviewer("b", "y", "x")])


def test_a_declared_reviewer_needs_a_review_method() -> None:
    class NoReview:
        name, warning_type, default_severity, requires = "nr", "nr", "low", ("entity",)

        def check(self, ctx):
            return ()

    with pytest.raises(ConfigError, match="review"):
        Verifier(checkers=["entities", NoReview()])


class _Seen:
    """A reviewer that reports which earlier kinds it was given (read-only: a tuple)."""

    name, warning_type, default_severity = "seen", "seen", "low"
    reads = ("date", "entity")

    def review(self, ctx, findings):
        assert isinstance(findings, tuple)
        kinds = ",".join(sorted({f.kind for f in findings}))
        yield Finding(kind="other", warning_type="seen", start=0, end=1, text=kinds, supported=False)


def test_a_reviewer_gets_only_the_kinds_it_reads_and_reads_are_optional() -> None:
    answer = "Mara Lindqvist restored 40 paintings in 1987."
    result = Verifier(checkers=[_Seen(), "numbers", "dates", "entities"]).verify(QUERY, DOCS, answer)
    assert [w.text for w in result.warnings if w.type == "seen"] == ["date,entity"]
    result = Verifier(checkers=[_Seen(), "numbers"]).verify(QUERY, DOCS, answer)
    assert [w.text for w in result.warnings if w.type == "seen"] == [""]


def test_a_plug_in_without_declarations_is_independent() -> None:
    class Plain:
        name, warning_type, default_severity = "plain", "plain", "low"

        def check(self, ctx):
            return ()

    v = Verifier(checkers=[Plain(), "dates"])
    assert [c.name for c in v.checkers] == ["plain", "dates"]


def test_profiles_name_checker_lists() -> None:
    from raguard.checkers import DEFAULT_CHECKERS, PROFILES, QA_CHECKERS

    assert [c.name for c in Verifier(profile="qa").checkers] == list(DEFAULT_CHECKERS)  # the default
    general = [c.name for c in Verifier(profile="general").checkers]
    assert general == [c for c in DEFAULT_CHECKERS if c not in QA_CHECKERS] and "statements" in general
    assert set(PROFILES) >= {"qa", "general"}
    with pytest.raises(ConfigError, match="unknown profile 'long'; known: general, qa"):
        Verifier(profile="long")
    with pytest.raises(ConfigError, match="not both"):
        Verifier(["dates"], profile="qa")
