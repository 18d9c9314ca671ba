"""OpenTelemetry: a span per verify call (``pip install 'raguard-verify[otel]'``).

>>> from raguard.integrations.otel import instrument
>>> verifier = instrument(Verifier())     # or instrument() for the default verifier behind raguard.verify

Each ``verify`` (and ``averify``, which runs it in a thread with the caller's context) then runs
inside a ``raguard.verify`` span, a child of the caller's current span, with attributes:
``raguard.action``, ``raguard.duration_ms``, ``raguard.warnings`` (total),
``raguard.warnings.<type>`` (count per warning type), ``raguard.severity.<high|medium|low>``,
``raguard.claims`` and ``raguard.documents``. ``verify_many`` is not traced per item.

Nothing in raguard imports this module: without the extra, tracing costs nothing.
"""

from __future__ import annotations

from collections import Counter
from time import perf_counter
from typing import Any, Optional

from opentelemetry import trace

from raguard import __version__
from raguard.models import VerifyResult
from raguard.verifier import Verifier, default_verifier

SPAN_NAME = "raguard.verify"


def span_attributes(result: VerifyResult, seconds: float, documents: Any = None) -> dict[str, Any]:
    """The attributes recorded on a verify span."""
    attributes: dict[str, Any] = {
        "raguard.action": result.action,
        "raguard.duration_ms": round(seconds * 1000, 3),
        "raguard.warnings": len(result.warnings),
        "raguard.claims": len(result.claims),
    }
    for severity, n in result.summary.model_dump().items():
        attributes[f"raguard.severity.{severity}"] = n
    for wtype, n in Counter(w.type for w in result.warnings).items():
        attributes[f"raguard.warnings.{wtype}"] = n
    if isinstance(documents, (list, tuple)):
        attributes["raguard.documents"] = len(documents)
    return attributes


def instrument(verifier: Optional[Verifier] = None, *, tracer_provider: Any = None) -> Verifier:
    """Make ``verifier`` (default: the one behind :func:`raguard.verify`) record a span per call.

    ``tracer_provider`` defaults to the global one (``opentelemetry.trace.set_tracer_provider``).
    Instrumenting twice does nothing more. Returns the verifier.
    """
    verifier = verifier if verifier is not None else default_verifier()
    if getattr(verifier.verify, "_raguard_traced", False):
        return verifier
    tracer = trace.get_tracer("raguard", __version__, tracer_provider=tracer_provider)
    untraced = verifier.verify

    def verify(query: Any, retrieved_docs: Any, llm_response: Any) -> VerifyResult:
        with tracer.start_as_current_span(SPAN_NAME) as span:
            started = perf_counter()
            result = untraced(query, retrieved_docs, llm_response)  # never raises on input
            if span.is_recording():
                span.set_attributes(span_attributes(result, perf_counter() - started, retrieved_docs))
            return result

    verify._raguard_traced = True  # type: ignore[attr-defined]
    verifier.verify = verify  # type: ignore[method-assign]
    return verifier
