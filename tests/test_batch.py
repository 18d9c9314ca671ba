"""verify_many: the same results as verify(), in input order, bad items isolated, input read lazily."""

from __future__ import annotations

import threading
from typing import Any, Iterator

import pytest

import raguard
from raguard import Verifier, VerifyResult
from raguard.batch import prepare_item, shutdown_workers
from raguard.inputs import InputProblem

BUDGET_DOCS = ["The budget was reviewed in Q1.", "Alice Johnson approved the final budget on March 10."]
ROUND_DOC = ("The startup raised $ 160 million in its Series C , led by Sequoia Capital on October 3 , 2013 . "
             "Revenue grew 45% to $2.3 billion in fiscal 2014, according to the annual report.")


class _PageContent:
    """A LangChain-like document object."""

    def __init__(self, text: str) -> None:
        self.page_content = text


GOOD: list[Any] = [
    ("What is the Q3 2024 deadline?", ["Q2 project was delivered on June 15. Next milestone is Q4 planning."],
     "The Q3 2024 deadline is September 30, 2024."),
    ("Who approved the budget?", BUDGET_DOCS, "Alice Johnson approved the budget."),
    ("Who approved the budget?", BUDGET_DOCS, "Bob Smith approved the budget on March 12."),
    {"query": "How much did the company raise?", "retrieved_docs": [ROUND_DOC],
     "llm_response": 'The company raised $160 million on October 3, 2013, in a round led by Andreessen '
                     'Horowitz, which called it "the largest deal of the decade".'},
    {"retrieved_docs": [{"text": ROUND_DOC}], "llm_response": "Revenue grew 45% to $2.3 billion in 2014."},
    [None, [_PageContent(ROUND_DOC)], "Revenue grew 54% to $3.2 billion, as mentioned in the recent report."],
    ("", ["The Eiffel Tower, in Paris, is 330 metres tall and opened in 1889."],
     "The Eiffel Tower is 330 metres tall. It opened in 1889 in Paris, France."),
    ("", ["The Eiffel Tower, in Paris, is 330 metres tall and opened in 1889."],
     "The Eiffel Tower is 324 metres tall and opened in 1887; Gustave Eiffel's company built it."),
    ("When was it founded?", ["Acme Corp was founded in 1998 by Jane Doe in Berlin."],
     "Acme Corp was founded in the 1990s by Jane Doe."),
    ("Who wrote it?", ["Herman Melville wrote Moby-Dick, published in 1851."],
     "Moby-Dick was written by Nathaniel Hawthorne and published on Tuesday, 14 November 1851."),
]

BAD: list[Any] = [
    ("q", None, "An answer."),
    ("q", "a bare string", "An answer."),
    ("q", ["doc"], ""),
    ("q", ["doc"], b"bytes answer"),
    ("q", [], "An answer."),
    ("q", ["doc", 42], "An answer."),
    (None, ["doc"], None),
]


def _mixed() -> list[Any]:
    """Good and bad items interleaved, documents repeated (as a retry loop repeats them)."""
    items: list[Any] = []
    for i, good in enumerate(GOOD * 2):
        items.append(good)
        if i % 2 == 1:
            items.append(BAD[(i // 2) % len(BAD)])
    return items


def _args(item: Any) -> tuple[Any, Any, Any]:
    if isinstance(item, dict):
        return item.get("query"), item["retrieved_docs"], item["llm_response"]
    return tuple(item)  # type: ignore[return-value]


def _dumps(results: list[VerifyResult]) -> list[dict]:
    return [r.model_dump() for r in results]


@pytest.fixture(scope="module")
def expected(verifier: Verifier) -> list[dict]:
    return _dumps([verifier.verify(*_args(item)) for item in _mixed()])


def test_the_mixed_set_really_is_mixed(expected: list[dict]) -> None:
    actions = {r["action"] for r in expected}
    types = {w["type"] for r in expected for w in r["warnings"]}
    assert actions == {"proceed", "review"}
    assert {"input_error", "unsupported_date", "unsupported_number", "missing_entity"} <= types


@pytest.mark.parametrize("batch_size", [1, 3, 64])
def test_results_equal_verify_in_input_order(verifier: Verifier, expected: list[dict], batch_size: int) -> None:
    got = _dumps(list(verifier.verify_many(_mixed(), batch_size=batch_size)))
    assert len(got) == len(expected)
    for i, (g, e) in enumerate(zip(got, expected)):
        assert g == e, f"item {i} differs"


def test_bad_items_get_their_own_input_error(verifier: Verifier) -> None:
    items = [GOOD[1], ("q", None, "An answer."), GOOD[2], ("q", ["doc"], ""), GOOD[1]]
    results = list(verifier.verify_many(items, batch_size=8))
    assert [r.action for r in results] == ["proceed", "review", "review", "review", "proceed"]
    assert [r.warnings[0].type for r in results[1:4:2]] == ["input_error", "input_error"]
    assert "missing_entity" in {w.type for w in results[2].warnings}
    assert "retrieved_docs is None" in results[1].warnings[0].suggestion
    assert "llm_response is empty" in results[3].warnings[0].suggestion
    assert results[0] == results[4] == verifier.verify(*GOOD[1])


@pytest.mark.parametrize("item, message", [
    (None, "got NoneType"),
    (("q", ["doc"]), "tuple of length 2"),
    ("What is it?", "got str"),
    ({"llm_response": "x"}, "without 'retrieved_docs'"),
    ({"query": "q", "docs": ["d"], "answer": "x"}, "without 'retrieved_docs' and 'llm_response'"),
])
def test_malformed_items_say_what_shape_is_expected(verifier: Verifier, item: Any, message: str) -> None:
    (result,) = verifier.verify_many([item])
    assert result.action == "review"
    assert result.warnings[0].type == "input_error"
    assert message in result.warnings[0].suggestion


def test_dict_query_is_optional() -> None:
    prepared = prepare_item({"retrieved_docs": ["doc"], "llm_response": "answer"}, 1000)
    assert not isinstance(prepared, InputProblem)
    assert prepared.query == ""


def test_input_is_consumed_lazily(verifier: Verifier) -> None:
    pulled = 0

    def stream() -> Iterator[Any]:
        nonlocal pulled
        for i in range(1000):
            pulled += 1
            yield ("", BUDGET_DOCS, f"Alice Johnson approved budget number {i}.")

    results = verifier.verify_many(stream(), batch_size=5)
    assert pulled == 0
    first = next(results)
    assert first.action == "review"  # "number 0" is in no document
    assert pulled == 5
    numbers = [[c.text for c in next(results).claims if c.kind == "number"] for _ in range(6)]
    assert numbers == [["1"], ["2"], ["3"], ["4"], ["5"], ["6"]]
    assert pulled == 10


@pytest.mark.parametrize("kwargs", [{"batch_size": 0}, {"batch_size": 2.5}, {"n_process": 0}, {"n_process": True}])
def test_bad_arguments_raise_before_any_work(verifier: Verifier, kwargs: dict) -> None:
    with pytest.raises(ValueError):
        verifier.verify_many([GOOD[0]], **kwargs)


def test_items_must_be_iterable(verifier: Verifier) -> None:
    with pytest.raises(ValueError, match="iterable"):
        verifier.verify_many(42)  # type: ignore[arg-type]


def test_module_level_verify_many_uses_the_default_configuration() -> None:
    results = list(raguard.verify_many([GOOD[0], BAD[0], GOOD[1]]))
    assert [r.action for r in results] == ["review", "review", "proceed"]
    assert results[0] == raguard.verify(*GOOD[0])


def test_empty_input_gives_no_results(verifier: Verifier) -> None:
    assert list(verifier.verify_many([])) == []


def test_threads_sharing_a_verifier_get_their_own_results(verifier: Verifier, expected: list[dict]) -> None:
    got: dict[int, list[dict]] = {}

    def run(k: int) -> None:
        got[k] = _dumps(list(verifier.verify_many(_mixed(), batch_size=4)))

    threads = [threading.Thread(target=run, args=(k,)) for k in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(got[k] == expected for k in range(3))


class _LocalChecker:
    name, warning_type, default_severity = "local", "local_thing", "low"

    def __init__(self) -> None:
        self.callback = lambda ctx: []  # a lambda cannot be pickled

    def check(self, ctx: Any) -> list:
        return self.callback(ctx)


def test_unpicklable_configuration_is_refused_for_workers() -> None:
    guard = Verifier(checkers=["dates", _LocalChecker()])
    with pytest.raises(ValueError, match="cannot be pickled"):
        list(guard.verify_many([GOOD[0]], n_process=2))


@pytest.mark.slow
def test_two_worker_processes_give_the_same_results_in_order(expected: list[dict]) -> None:
    metrics = raguard.Metrics()
    guard = Verifier(metrics=metrics)
    try:
        got = _dumps(list(guard.verify_many(_mixed() * 2, batch_size=3, n_process=2)))
    finally:
        shutdown_workers(guard)
    assert got == expected * 2
    assert metrics.as_dict()["calls"] == len(expected) * 2  # counted once, in this process


def test_worker_chunks_end_at_a_character_budget() -> None:
    from raguard.batch import _chunks

    items = [("q", ["d" * 50], "a" * 50), ("q", ["d" * 10], "a" * 10), 7, ("q", ["d" * 300], "a"),
             ("q", ["d"], "a"), ("q", ["d"], "a")]
    chunks = list(_chunks(iter(items), 4, 10_000, chunk_chars=120))
    # 100 + 20 chars end the first chunk; the bad item counts nothing; one oversized item is a chunk
    assert [len(c) for c in chunks] == [2, 2, 2]
    assert [type(p).__name__ for c in chunks for p in c] == ["CleanInput"] * 2 + ["InputProblem"] + ["CleanInput"] * 3
    assert [len(c) for c in _chunks(iter(items), 4, 10_000)] == [4, 2]  # by count alone without a budget


@pytest.mark.slow
def test_worker_chunks_by_characters_keep_results_and_order(expected: list[dict], monkeypatch) -> None:
    import raguard.batch as batch

    monkeypatch.setattr(batch, "WORKER_CHUNK_CHARS", 200)  # chunks of one to three items
    guard = Verifier()
    try:
        got = _dumps(list(guard.verify_many(_mixed() * 2, batch_size=64, n_process=2)))
    finally:
        shutdown_workers(guard)
    assert got == expected * 2
