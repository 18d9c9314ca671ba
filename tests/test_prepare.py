"""Verifier.prepare: the documents indexed and the query read before the answer exists, so that
the verify() after finds them ready (as a retry does), with the same result."""

from __future__ import annotations

import asyncio
import logging
import threading

import pytest

from raguard import Verifier
from raguard.documents import DocumentIndex
from raguard.query import QueryIndex

QUERY = "When does the Harwick ferry resume, and what does a return ticket cost?"
DOCS = [
    "Harwick Ferries notice, 3 March 2027: the crossing resumes on Monday 15 March 2027 after the "
    "refit. A return ticket costs £18.40, up 6% on last season; bikes travel free.",
    "Timetable: departures at 07:15, 11:40 and 16:05 | Sat-Sun 09:30 only.",
    "Harwick Ferries was founded by Ilse Marrow in 1998.",
]
ANSWER = ("The Harwick ferry resumes on Monday 15 March 2027. A return costs £18.40, 6% more than last "
          "season, and the first boat leaves at 07:15.")


def _dumped(verifier: Verifier, answer: str = ANSWER) -> str:
    return verifier.verify(QUERY, DOCS, answer).model_dump_json()


def test_prepared_documents_are_found_indexed_with_the_same_result() -> None:
    fresh = _dumped(Verifier())
    verifier = Verifier()
    assert verifier.prepare(QUERY, DOCS) is True
    cache = verifier.documents_cache
    misses = cache.misses
    for text in DOCS:
        index = cache.get(text)
        assert all(name in index.__dict__ for name in DocumentIndex.PREPARED)
    assert all(name in cache.query(QUERY).__dict__ for name in QueryIndex.PREPARED)
    assert cache.misses == misses  # (the lookups above found every document)
    assert _dumped(verifier) == fresh
    assert cache.misses == misses  # verify indexed nothing again


def test_a_changed_answer_over_prepared_documents_is_still_flagged() -> None:
    verifier = Verifier()
    verifier.prepare(QUERY, DOCS)
    result = verifier.verify(QUERY, DOCS, ANSWER.replace("£18.40", "£21.40"))
    assert result.action == "review"
    assert [w.text for w in result.warnings if w.type == "unsupported_number"] == ["£21.40"]


def test_prepare_in_a_thread_while_the_answer_is_written() -> None:
    verifier = Verifier()
    fresh = _dumped(Verifier())
    worker = threading.Thread(target=verifier.prepare, args=(QUERY, DOCS))
    worker.start()
    worker.join()
    assert _dumped(verifier) == fresh


def test_aprepare_then_averify() -> None:
    verifier = Verifier()

    async def main() -> tuple[bool, str]:
        task = asyncio.create_task(verifier.aprepare(QUERY, DOCS))
        kept = await task
        return kept, (await verifier.averify(QUERY, DOCS, ANSWER)).model_dump_json()

    kept, dumped = asyncio.run(main())
    assert kept is True
    assert dumped == _dumped(Verifier())


@pytest.mark.parametrize("docs", [None, "one string", b"bytes", [], [""], [3]])
def test_bad_input_is_left_for_verify(docs: object) -> None:
    verifier = Verifier()
    assert verifier.prepare(QUERY, docs) is False
    assert verifier.verify(QUERY, docs, ANSWER).action == "review"  # the input_error result


def test_nothing_is_kept_without_a_cache() -> None:
    assert Verifier(cache_size=0).prepare(QUERY, DOCS) is False


def test_a_failing_reading_is_logged_and_verify_still_answers(monkeypatch: pytest.MonkeyPatch,
                                                              caplog: pytest.LogCaptureFixture) -> None:
    def broken(self: DocumentIndex) -> list:
        raise RuntimeError("boom")

    verifier = Verifier()
    monkeypatch.setattr(DocumentIndex, "PREPARED", ("tokens", "broken"))
    monkeypatch.setattr(DocumentIndex, "broken", property(broken), raising=False)
    with caplog.at_level(logging.ERROR, logger="raguard"):
        assert verifier.prepare(QUERY, DOCS) is False
    assert "prepare failed" in caplog.text
    monkeypatch.undo()
    assert _dumped(verifier) == _dumped(Verifier())
