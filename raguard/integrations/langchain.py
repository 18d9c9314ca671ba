"""LangChain: a ``Runnable`` that checks ``{question, documents, answer}`` with raguard.

>>> guard = RaguardGuard()
>>> result = guard.invoke({"question": q, "documents": docs, "answer": answer})   # a VerifyResult
>>> chain = retrieve_and_answer | RaguardGuard(return_answer=True)               # {"answer", "result"}

``documents`` may hold LangChain ``Document`` objects, ``(Document, score)`` tuples (what
``similarity_search_with_score`` returns), strings or ``{"text": ...}`` dicts; ``answer`` may be
a string or a message (``AIMessage``) whose content is a string.
"""

from __future__ import annotations

from typing import Any, Optional

from langchain_core.runnables import Runnable, RunnableConfig

from raguard.models import VerifyResult
from raguard.verifier import Verifier, default_verifier


def document_texts(documents: Any) -> Any:
    """LangChain document shapes as raguard reads them: a ``Document`` (or any object with a
    ``page_content``) becomes its text, a ``(document, score)`` pair its document's text.
    Anything else is passed on unchanged, so verify() reports it as an input error."""
    if not isinstance(documents, (list, tuple)):
        return documents
    return [_text(d) for d in documents]


def _text(item: Any) -> Any:
    if isinstance(item, tuple) and len(item) == 2 and isinstance(item[1], (int, float)):
        item = item[0]  # (Document, score)
    content = getattr(item, "page_content", None)
    return content if isinstance(content, str) else item


def answer_text(answer: Any) -> Any:
    """A message's string content (``AIMessage("...")``), or the answer unchanged."""
    content = getattr(answer, "content", None)
    return content if isinstance(content, str) else answer


class RaguardGuard(Runnable[dict, Any]):
    """Verify ``input[question_key]``, ``input[documents_key]``, ``input[answer_key]``.

    Returns the :class:`~raguard.VerifyResult`, or with ``return_answer=True`` a dict
    ``{"answer": answer, "result": VerifyResult}`` to pass on down a chain. Never raises on bad
    input (a missing key is an input_error result, like any other bad input).
    """

    def __init__(self, verifier: Optional[Verifier] = None, *, return_answer: bool = False,
                 question_key: str = "question", documents_key: str = "documents",
                 answer_key: str = "answer") -> None:
        self.verifier = verifier
        self.return_answer = return_answer
        self.keys = (question_key, documents_key, answer_key)

    def _arguments(self, input: Any) -> tuple[Any, Any, Any]:
        if not isinstance(input, dict):
            return "", None, input  # verify() says what is wrong
        q, d, a = self.keys
        return input.get(q, ""), document_texts(input.get(d)), answer_text(input.get(a))

    def _output(self, answer: Any, result: VerifyResult) -> Any:
        return {"answer": answer, "result": result} if self.return_answer else result

    def invoke(self, input: dict, config: Optional[RunnableConfig] = None, **kwargs: Any) -> Any:
        query, docs, answer = self._arguments(input)
        result = (self.verifier or default_verifier()).verify(query, docs, answer)
        return self._output(answer, result)

    async def ainvoke(self, input: dict, config: Optional[RunnableConfig] = None, **kwargs: Any) -> Any:
        """As :meth:`invoke`, in a worker thread (see :func:`raguard.averify`): the loop is not blocked."""
        from raguard.verifier import averify

        query, docs, answer = self._arguments(input)
        if self.verifier is None:
            result = await averify(query, docs, answer)
        else:
            result = await self.verifier.averify(query, docs, answer)
        return self._output(answer, result)
