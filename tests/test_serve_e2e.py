"""``raguard serve`` as a real process: readiness, the seed example over HTTP, a hostile-input
round with no 500, SIGTERM draining an in-flight request, and a clean exit. Loopback only."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

httpx = pytest.importorskip("httpx")
pytest.importorskip("uvicorn")

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
SEED = {
    "query": "What is the Q3 2024 deadline?",
    "retrieved_docs": ["Q2 project was delivered on June 15. Next milestone is Q4 planning."],
    "llm_response": "The Q3 2024 deadline is September 30, 2024.",
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(tmp_path: Path, *args: str) -> tuple[subprocess.Popen, str]:
    """Start ``raguard serve`` on a free loopback port; wait (bounded) until /readyz says ready."""
    port = free_port()
    log = open(tmp_path / "server.log", "wb")
    proc = subprocess.Popen(
        [sys.executable, "-m", "raguard", "serve", "--host", "127.0.0.1", "--port", str(port), *args],
        stdout=log, stderr=subprocess.STDOUT, cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"server exited with {proc.returncode}: {(tmp_path / 'server.log').read_text()}")
        try:
            if httpx.get(f"{base}/readyz", timeout=2).status_code == 200:
                return proc, base
        except httpx.TransportError:
            pass
        time.sleep(0.1)
    proc.kill()
    raise AssertionError("server not ready within 120 s")


def test_serve_end_to_end(tmp_path):
    proc, base = start_server(tmp_path, "--max-body-bytes", str(10 * 1024 * 1024), "--timeout", "120")
    try:
        with httpx.Client(base_url=base, timeout=60) as client:
            assert client.get("/healthz").json() == {"status": "ok"}
            r = client.post("/v1/verify", json=SEED)
            assert r.status_code == 200
            result = r.json()
            assert result["action"] == "review"
            assert [w["text"] for w in result["warnings"]] == ["September 30, 2024"]

            hostile = [
                ({"query": ["not", "a", "string"], "retrieved_docs": {"a": 1}, "llm_response": 7}, 422),
                ({"retrieved_docs": SEED["retrieved_docs"]}, 422),  # a missing field
                (b'{"query": "x", "retrieved_docs": ["a"], "llm_response": "' + b"z" * (10 * 1024 * 1024) + b'"}',
                 413),  # a 10 MB body
                (b'{"query": "\xff\xfe", "retrieved_docs": [], "llm_response": "x"}', 400),  # invalid UTF-8
                (b'{"query": "x", "retrieved_docs": [}', 400),  # invalid JSON
                (b"[" * 200_000 + b"]" * 200_000, 400),  # huge nesting
            ]
            for body, status in hostile:
                if isinstance(body, dict):
                    r = client.post("/v1/verify", json=body)
                else:
                    r = client.post("/v1/verify", content=body, headers={"content-type": "application/json"})
                assert r.status_code == status, (status, r.text[:300])
                assert r.json()["message"]
            assert client.post("/v1/verify", json=SEED).json() == result  # still serving, same answer

            # SIGTERM while a batch is in flight: it finishes; then new connections are refused
            items = [{**SEED, "llm_response": SEED["llm_response"] + f" Item {i} of the plan." * 20}
                     for i in range(40)]
            answers: list = []
            t = threading.Thread(target=lambda: answers.append(
                (client.post("/v1/verify/batch", json={"items": items}), time.monotonic())))
            t.start()
            time.sleep(0.3)
            signalled = time.monotonic()
            proc.send_signal(signal.SIGTERM)
            t.join(120)
        response, finished = answers[0]
        assert response.status_code == 200 and len(response.json()["results"]) == len(items)
        assert finished > signalled, "the batch finished before SIGTERM: the drain was not exercised"
        # uvicorn re-raises the signal once it has shut down: death by SIGTERM after a clean shutdown
        assert proc.wait(timeout=60) in (0, -signal.SIGTERM)
        log = (tmp_path / "server.log").read_text()
        assert "Application shutdown complete" in log and "Traceback" not in log, log[-3000:]
        with pytest.raises(httpx.TransportError):
            httpx.get(f"{base}/healthz", timeout=2)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
