"""OpenTelemetry: one span per verify/averify with the action, warning counts and duration,
recorded with the SDK's in-memory exporter; the span is a child of the caller's span."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("opentelemetry.sdk")
from opentelemetry.sdk.trace import TracerProvider  # noqa: E402
from opentelemetry.sdk.trace.export import SimpleSpanProcessor  # noqa: E402
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter  # noqa: E402

from raguard import Verifier  # noqa: E402
from raguard.integrations.otel import SPAN_NAME, instrument  # noqa: E402

QUERY = "How many beds does the Tollund clinic have?"
DOCS = ["The Tollund clinic opened in 2016 with 48 beds."]
BAD = "The Tollund clinic has 64 beds, as the recent report says."


@pytest.fixture
def traced():
    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    return instrument(Verifier(), tracer_provider=provider), provider, exporter


def test_a_span_per_verify_with_action_counts_and_duration(traced):
    verifier, provider, exporter = traced
    result = verifier.verify(QUERY, DOCS, BAD)
    verifier.verify(QUERY, DOCS, "The Tollund clinic has 48 beds.")
    first, second = exporter.get_finished_spans()
    assert first.name == SPAN_NAME
    attrs = dict(first.attributes)
    assert attrs["raguard.action"] == "review" == result.action
    assert attrs["raguard.warnings"] == len(result.warnings) >= 2
    types = {w.type for w in result.warnings}
    assert {k for k in attrs if k.startswith("raguard.warnings.")} == {f"raguard.warnings.{t}" for t in types}
    assert attrs["raguard.warnings.unsupported_number"] == 1
    assert attrs["raguard.severity.high"] == result.summary.high
    assert attrs["raguard.duration_ms"] > 0 and attrs["raguard.documents"] == 1
    assert dict(second.attributes)["raguard.action"] == "proceed"
    assert dict(second.attributes)["raguard.warnings"] == 0


def test_averify_spans_are_children_of_the_callers_span(traced):
    verifier, provider, exporter = traced
    assert instrument(verifier, tracer_provider=provider) is verifier  # twice: still one span per call
    tracer = provider.get_tracer("app")

    async def handler():
        with tracer.start_as_current_span("handle-request"):
            return await verifier.averify(QUERY, DOCS, BAD)

    asyncio.run(handler())
    spans = {s.name: s for s in exporter.get_finished_spans()}
    assert len(exporter.get_finished_spans()) == 2
    assert spans[SPAN_NAME].parent.span_id == spans["handle-request"].context.span_id
