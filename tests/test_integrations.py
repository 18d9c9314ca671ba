"""The LangChain and LlamaIndex adapters, with the real packages: their shapes map to strings and
the result is verify()'s. The LlamaIndex test forbids network use (NLTK/tiktoken downloads)."""

from __future__ import annotations

import asyncio
import socket

import pytest

from raguard import verify

QUERY = "Who designed the Ferrand pavilion?"
DOC = "The Ferrand pavilion was designed by Ilse Marrow and opened in 1987."
OTHER = "The pavilion's garden was added in 1994."
GOOD = "The Ferrand pavilion was designed by Ilse Marrow."
BAD = "The Ferrand pavilion was designed by Oskar Brandt in 1991."


@pytest.fixture
def no_network(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError(f"network use: {args!r}")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)


def test_langchain_guard_reads_documents_score_tuples_and_messages():
    pytest.importorskip("langchain_core")
    from langchain_core.documents import Document
    from langchain_core.messages import AIMessage
    from langchain_core.runnables import RunnableLambda

    from raguard.integrations.langchain import RaguardGuard

    docs = [(Document(page_content=DOC), 0.91), Document(page_content=OTHER)]
    guard = RaguardGuard()
    for answer in (GOOD, BAD):
        result = guard.invoke({"question": QUERY, "documents": docs, "answer": AIMessage(content=answer)})
        assert result == verify(QUERY, [DOC, OTHER], answer)
    assert result.action == "review"
    assert {w.text for w in result.warnings} >= {"Oskar Brandt"}

    chain = RunnableLambda(lambda q: {"question": q, "documents": docs, "answer": GOOD}) | RaguardGuard(return_answer=True)
    out = chain.invoke(QUERY)
    assert out["answer"] == GOOD and out["result"].action == "proceed"
    batch = guard.batch([{"question": QUERY, "documents": docs, "answer": a} for a in (GOOD, BAD)])
    assert [r.action for r in batch] == ["proceed", "review"]
    async_result = asyncio.run(guard.ainvoke({"question": QUERY, "documents": docs, "answer": BAD}))
    assert async_result == result
    bad_shape = guard.invoke({"question": QUERY, "documents": [(object(), 0.5)], "answer": GOOD})
    assert bad_shape.action == "review" and bad_shape.warnings[0].type == "input_error"


def test_llamaindex_evaluator_reads_nodes_and_responses(no_network):
    pytest.importorskip("llama_index.core")
    from llama_index.core import Document
    from llama_index.core.base.response.schema import Response
    from llama_index.core.evaluation import EvaluationResult
    from llama_index.core.schema import NodeWithScore, TextNode

    from raguard.integrations.llamaindex import RaguardEvaluator

    evaluator = RaguardEvaluator()
    nodes = [NodeWithScore(node=TextNode(text=DOC), score=0.8), Document(text=OTHER)]
    good = evaluator.evaluate(query=QUERY, response=GOOD, contexts=nodes)
    bad = evaluator.evaluate(query=QUERY, response=BAD, contexts=nodes)
    assert isinstance(good, EvaluationResult)
    assert good.passing is True and good.score == 1.0 and good.contexts == [DOC, OTHER]
    assert bad.passing is False and 0 <= bad.score < 1 and "Oskar Brandt" in bad.feedback
    assert bad.passing == (verify(QUERY, [DOC, OTHER], BAD).action == "proceed")

    response = Response(response=BAD, source_nodes=[NodeWithScore(node=TextNode(text=DOC), score=0.7)])
    via_response = evaluator.evaluate_response(query=QUERY, response=response)
    assert via_response.passing is False and "Oskar Brandt" in via_response.feedback
    broken = evaluator.evaluate(query=QUERY, response=GOOD, contexts=[42])
    assert broken.passing is False and broken.score == 0.0 and "input_error" in broken.feedback
