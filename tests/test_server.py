"""The HTTP service in process (FastAPI's TestClient runs the app and its start-up): endpoints,
errors that say what to fix, and no 500 for any body. tests/test_serve_e2e.py runs the real
``raguard serve`` command."""

from __future__ import annotations

import json
import threading
import time

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from raguard import Metrics, Verifier, VerifyResult, verify  # noqa: E402
from raguard.server.app import create_app  # noqa: E402
from raguard.server.settings import ServeSettings  # noqa: E402

QUERY = "When does the Halvorsen bridge reopen?"
DOCS = ["The Halvorsen bridge closed on 4 February 2025 for repairs and reopens on 12 May 2025."]
GOOD = "The Halvorsen bridge reopens on 12 May 2025."
BAD = "The Halvorsen bridge reopens on 19 June 2025."


def _client(verifier: Verifier | None = None, **settings) -> TestClient:
    return TestClient(create_app(verifier, ServeSettings(**settings)), raise_server_exceptions=False)


@pytest.fixture(scope="module")
def client():
    with _client(Verifier(metrics=Metrics()), max_body_bytes=64 * 1024, max_batch=8) as c:
        deadline = time.monotonic() + 60
        while c.get("/readyz").status_code != 200 and time.monotonic() < deadline:
            time.sleep(0.05)
        yield c


def test_verify_returns_what_verify_returns(client):
    for answer in (GOOD, BAD):
        r = client.post("/v1/verify", json={"query": QUERY, "retrieved_docs": DOCS, "llm_response": answer},
                        headers={"x-request-id": "req-7"})
        assert r.status_code == 200
        assert r.headers["x-request-id"] == "req-7"
        assert r.headers["server-timing"].startswith("verify;dur=")
        assert VerifyResult.model_validate_json(r.content) == verify(QUERY, DOCS, answer)
    assert r.json()["action"] == "review" and r.json()["warnings"][0]["text"] == "19 June 2025"


def test_batch_gives_one_result_per_item_in_order(client):
    items = [{"query": QUERY, "retrieved_docs": DOCS, "llm_response": a} for a in (BAD, GOOD, GOOD, BAD)]
    items.append({"query": QUERY, "retrieved_docs": [{"nope": 1}], "llm_response": GOOD})
    r = client.post("/v1/verify/batch", json={"items": items})
    assert r.status_code == 200
    actions = [res["action"] for res in r.json()["results"]]
    assert actions == ["review", "proceed", "proceed", "review", "review"]
    assert r.json()["results"][4]["warnings"][0]["type"] == "input_error"
    too_many = client.post("/v1/verify/batch", json={"items": items * 2})
    assert too_many.status_code == 422 and "at most 8" in too_many.json()["message"]


def test_health_readiness_metrics_and_schema(client):
    assert client.get("/healthz").json() == {"status": "ok"}
    ready = client.get("/readyz")
    assert ready.status_code == 200 and ready.json()["status"] == "ready"
    client.post("/v1/verify", json={"query": QUERY, "retrieved_docs": DOCS, "llm_response": BAD})
    text = client.get("/metrics").text
    assert 'raguard_warnings_total{severity="high",type="unsupported_date"}' in text
    schema = client.get("/openapi.json").json()
    assert {"/v1/verify", "/v1/verify/batch", "/healthz", "/readyz", "/metrics"} <= set(schema["paths"])
    assert schema["components"]["schemas"]["VerifyRequest"]["required"] == ["retrieved_docs", "llm_response"]
    assert "VerifyResult" in schema["components"]["schemas"]


HOSTILE: list[tuple[bytes, int, str]] = [
    (b"", 400, "empty"),
    (b"\xff\xfe{}", 400, "UTF-8"),
    (b"{'query': 1}", 400, "not valid JSON"),
    (b"[" * 50_000, 400, "nested too deeply"),
    (b"[1, 2]", 422, "JSON object"),
    (b'"just a string"', 422, "JSON object"),
    (b"{}", 422, "retrieved_docs: Field required"),
    (b'{"query": 3, "retrieved_docs": [], "llm_response": "x"}', 422, "query: Input should be a valid string"),
    (b'{"retrieved_docs": "one doc", "llm_response": "x"}', 422, "retrieved_docs: Input should be a valid list"),
    (b'{"retrieved_docs": [], "llm_response": null}', 422, "llm_response"),
    (b'{"retrieved_docs": [], "llm_response": "x", "llm_reponse": "y"}', 422, "llm_reponse: Extra inputs"),
    (b'{"retrieved_docs": [' + b'{"a":' * 900 + b"1" + b"}" * 900 + b'], "llm_response": "x"}', 200, ""),
    (b'{"retrieved_docs": ["\\ud800"], "llm_response": "x"}', 200, ""),
    (b'{"retrieved_docs": [], "llm_response": "' + b"a" * 70_000 + b'"}', 413, "larger than"),
]


@pytest.mark.parametrize("body,status,message", HOSTILE, ids=[str(i) for i in range(len(HOSTILE))])
def test_hostile_bodies_get_a_clear_json_error_never_a_500(client, body, status, message):
    for path in ("/v1/verify", "/v1/verify/batch"):
        r = client.post(path, content=body, headers={"content-type": "application/json"})
        assert r.status_code < 500, (path, r.status_code, r.text[:300])
        payload = r.json()
        if path == "/v1/verify":
            assert r.status_code == status, payload
            if status == 200:  # accepted shapes verify() itself rejects: an input_error result
                assert payload["action"] == "review" and payload["warnings"][0]["type"] == "input_error"
            else:
                assert message in payload["message"], payload
        if r.status_code >= 400:
            assert set(payload) == {"error", "message"} and payload["message"]


def test_an_unexpected_error_is_a_json_answer_not_a_500():
    class Broken(Verifier):
        def verify(self, query, retrieved_docs, llm_response):  # type: ignore[override]
            raise MemoryError("simulated")

    with _client(Broken()) as c:
        r = c.post("/v1/verify", json={"query": QUERY, "retrieved_docs": DOCS, "llm_response": GOOD})
    assert r.status_code == 400 and "MemoryError" in r.json()["message"]


class _Slow(Verifier):
    """verify() waits for a signal: a verification in progress, as long as the test wants."""

    def __init__(self) -> None:
        super().__init__()
        self.started, self.release = threading.Event(), threading.Event()

    def verify(self, query, retrieved_docs, llm_response):  # type: ignore[override]
        if llm_response == BAD:
            self.started.set()
            self.release.wait(10)
        return super().verify(query, retrieved_docs, llm_response)


def test_healthz_answers_while_a_verification_runs_and_a_slow_one_times_out():
    slow = _Slow()
    with _client(slow, timeout=0.5) as c:
        holder: list = []
        t = threading.Thread(target=lambda: holder.append(
            c.post("/v1/verify", json={"query": QUERY, "retrieved_docs": DOCS, "llm_response": BAD})))
        t.start()
        assert slow.started.wait(30)
        assert c.get("/healthz").status_code == 200  # the event loop is free while verify runs
        t.join(30)
        slow.release.set()
    assert holder[0].status_code == 504
    assert holder[0].json()["error"] == "timeout" and "0.5 s" in holder[0].json()["message"]


def test_readyz_waits_for_the_model():
    slow_load = threading.Event()

    class SlowLoad(Verifier):
        def warm_up(self) -> None:
            slow_load.wait(10)
            super().warm_up()

    with _client(SlowLoad()) as c:
        before = c.get("/readyz")
        slow_load.set()
        deadline = time.monotonic() + 30
        while (after := c.get("/readyz")).status_code != 200 and time.monotonic() < deadline:
            time.sleep(0.02)
    assert before.status_code == 503 and before.json()["error"] == "loading"
    assert after.status_code == 200


def test_the_multi_worker_listening_socket_gives_connections_tcp_nodelay():
    # uvicorn's own pre-bound socket (--workers N) has proto 0, so asyncio leaves Nagle on and each
    # kept-alive response waits ~40 ms for a delayed ACK; raguard's config re-wraps it as TCP
    import asyncio
    import socket

    from raguard.server._uvicorn import NoDelayConfig

    listener = NoDelayConfig("raguard.server.app:app_from_env", host="127.0.0.1", port=0).bind_socket()
    seen: list[int] = []

    class Probe(asyncio.Protocol):
        def connection_made(self, transport):  # type: ignore[override]
            seen.append(transport.get_extra_info("socket").getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
            transport.close()

    async def main():
        server = await asyncio.get_running_loop().create_server(Probe, sock=listener)
        async with server:
            _, writer = await asyncio.open_connection(*listener.getsockname()[:2])
            for _ in range(200):
                if seen:
                    break
                await asyncio.sleep(0.01)
            writer.close()

    asyncio.run(main())
    assert seen and seen[0] != 0


def test_a_client_that_leaves_mid_body_is_not_logged_as_a_server_error(caplog):
    """The ASGI app driven directly: the body's first part, then the disconnect uvicorn sends when
    the connection closes (or a chunk is malformed). The handler answers 400 like any incomplete
    body, and nothing is logged as a failure (it used to log ClientDisconnect's traceback)."""
    import asyncio

    app = create_app(Verifier(), ServeSettings())
    messages = [{"type": "http.request", "body": b'{"query": "When', "more_body": True}, {"type": "http.disconnect"}]
    sent: list[dict] = []

    async def receive():
        return messages.pop(0) if messages else {"type": "http.disconnect"}

    async def send(message):
        sent.append(message)

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
             "scheme": "http", "path": "/v1/verify", "raw_path": b"/v1/verify", "query_string": b"",
             "root_path": "", "headers": [(b"host", b"test"), (b"content-type", b"application/json")],
             "client": ("127.0.0.1", 5000), "server": ("127.0.0.1", 8000), "state": {}}

    async def main():
        async with app.router.lifespan_context(app):
            await app(scope, receive, send)

    with caplog.at_level("ERROR"):
        asyncio.run(main())
    start = next(m for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    assert start["status"] == 400 and json.loads(body)["error"] == "incomplete_body"
    assert not [r for r in caplog.records if r.levelname == "ERROR"], caplog.text
