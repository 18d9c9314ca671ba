"""LlamaIndex: an evaluator (``BaseEvaluator``) backed by raguard.

>>> evaluator = RaguardEvaluator()
>>> evaluator.evaluate_response(query=q, response=query_engine.query(q))   # uses its source nodes
>>> evaluator.evaluate(query=q, response=answer, contexts=nodes)           # strings or nodes

``passing`` is raguard's action ("proceed"); ``score`` is the share of checked claims the
documents support (1.0 when there is nothing to check, 0.0 for an input error); ``feedback``
lists the warnings. Contexts may be strings, ``TextNode``/``Document`` objects or
``NodeWithScore``.
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

from llama_index.core.evaluation import BaseEvaluator, EvaluationResult
from llama_index.core.prompts.mixin import PromptDictType

from raguard.models import VerifyResult
from raguard.verifier import Verifier, default_verifier


def node_texts(contexts: Any) -> Any:
    """LlamaIndex node shapes as strings: ``NodeWithScore`` -> its node, a node -> its content.
    Anything else is passed on unchanged, so verify() reports it as an input error."""
    if not isinstance(contexts, (list, tuple)):
        return contexts
    return [_text(c) for c in contexts]


def _text(item: Any) -> Any:
    node = getattr(item, "node", None)  # NodeWithScore
    if node is not None:
        item = node
    get_content = getattr(item, "get_content", None)
    if callable(get_content) and not isinstance(item, str):
        content = get_content()
        if isinstance(content, str):
            return content
    return item


def feedback(result: VerifyResult) -> str:
    """The warnings, one line each, or a line saying there were none."""
    if not result.warnings:
        return "raguard: every checked claim is supported by the contexts."
    return "\n".join(f"[{w.severity}] {w.type}: {w.suggestion}" for w in result.warnings)


def score(result: VerifyResult) -> float:
    if any(w.type == "input_error" for w in result.warnings):
        return 0.0
    if not result.claims:
        return 1.0
    return sum(c.supported for c in result.claims) / len(result.claims)


class RaguardEvaluator(BaseEvaluator):
    """raguard as a LlamaIndex evaluator (no LLM call: deterministic and local)."""

    def __init__(self, verifier: Optional[Verifier] = None) -> None:
        self._verifier = verifier

    def _get_prompts(self) -> PromptDictType:
        return {}  # raguard uses no prompt

    def _update_prompts(self, prompts_dict: PromptDictType) -> None:
        pass

    async def aevaluate(self, query: Optional[str] = None, response: Optional[str] = None,
                        contexts: Optional[Sequence[Any]] = None, sleep_time_in_seconds: int = 0,
                        **kwargs: Any) -> EvaluationResult:
        texts = node_texts(list(contexts) if contexts is not None else [])
        verifier = self._verifier or default_verifier()
        result = await verifier.averify(query or "", texts, response)
        plain = [t for t in texts if isinstance(t, str)] if isinstance(texts, list) else None
        return EvaluationResult(
            query=query, contexts=plain, response=response if isinstance(response, str) else None,
            passing=result.action == "proceed", score=score(result), feedback=feedback(result),
        )
