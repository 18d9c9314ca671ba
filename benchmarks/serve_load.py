"""Benchmark ``raguard serve`` under a bounded load on loopback.

Starts the service on 127.0.0.1 (2 workers, and 1 worker for comparison) and drives
``POST /v1/verify`` with an async HTTP client (httpx) at concurrency 1, 8 and 32. Every level is
capped by a request count and a time limit. Each request carries an ``X-Request-ID``; the echo
and the result are checked against an in-process ``verify()`` of the same input, so a lost,
duplicated or misrouted response is counted as an error. Then:

- throughput at concurrency 8, 2 workers vs 1 worker;
- p50 at concurrency 1 vs in-process ``verify()`` on the same inputs: once as separate runs, and
  once paired (one in-process call, then one HTTP request, alternately), which the machine's
  changing load disturbs less. The paired run is done with two clients, each on one kept-alive
  connection: ``http.client`` from the standard library (a lean client, as a service in another
  language would use; the target is read on it) and ``httpx.Client`` (which costs about 0.4-1 ms
  per request by itself); the Server-Timing header splits each into the handler around the
  verification and the round trip outside it;
- SIGTERM during load (a fresh 2-worker service, concurrency 8, one connection per request):
  every request sent before the signal must get its full, right answer; those sent after it
  are answered, refused, or reset (queued by the kernel when the service closed its socket).

    .venv/bin/python benchmarks/serve_load.py            # writes results/serve_load.json
    .venv/bin/python benchmarks/serve_load.py --quick    # fewer requests
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import importlib.util
import json
import os
import platform
import signal
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Optional

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import raguard  # noqa: E402

OUT = ROOT / "benchmarks" / "results" / "serve_load.json"

PLACES = ["Korvik harbour", "the Ellery library", "Dunmore station", "the Sable Point lighthouse",
          "the Varga mill", "Quillon bridge", "the Ardent theatre", "Maple Row school"]
MONTHS = ["March", "April", "May", "June", "July", "August"]


def make_items(n: int) -> list[dict[str, Any]]:
    """``n`` distinct answers (half grounded, half with a wrong date or number) of a few sentences."""
    items = []
    for i in range(n):
        place = PLACES[i % len(PLACES)]
        day, month, year, cost = 3 + i % 25, MONTHS[i % len(MONTHS)], 2018 + i % 7, 12 + i % 80
        doc = (f"{place} reopened on {day} {month} {year} after repairs that cost {cost} million euros. "
               f"The works were led by the regional council and took {4 + i % 9} months.")
        if i % 2:
            answer = f"{place} reopened on {day} {month} {year}. The repairs cost {cost} million euros."
        else:
            answer = f"{place} reopened on {day + 1} {month} {year}. The repairs cost {cost + 5} million euros."
        items.append({"query": f"When did {place} reopen?", "retrieved_docs": [doc], "llm_response": answer})
    return items


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(workers: int) -> tuple[subprocess.Popen, str]:
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "raguard", "serve", "--host", "127.0.0.1", "--port", str(port),
         "--workers", str(workers), "--timeout", "60"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 180
    ready_in_a_row = 0
    while time.monotonic() < deadline and proc.poll() is None:
        try:  # every worker answers /readyz on its own: ask until many answers in a row are "ready"
            ok = httpx.get(f"{base}/readyz", timeout=5).status_code == 200
        except httpx.TransportError:
            ok = False
        ready_in_a_row = ready_in_a_row + 1 if ok else 0
        if ready_in_a_row >= 10 * workers:
            return proc, base
        time.sleep(0.05)
    proc.kill()
    raise SystemExit(f"service with {workers} worker(s) not ready")


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(60)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


async def load(base: str, items: list[dict[str, Any]], expected: list[str], concurrency: int,
               count: int, time_cap: float) -> dict[str, Any]:
    """``count`` requests (at most ``time_cap`` s) with ``concurrency`` in flight; each checked."""
    latencies: list[float] = []
    server_verify: list[float] = []  # Server-Timing: the verification itself, and the whole handler
    server_app: list[float] = []
    errors: list[str] = []
    seen: dict[str, int] = {}
    next_i = 0
    deadline = time.monotonic() + time_cap
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)

    async def worker(client: httpx.AsyncClient) -> None:
        nonlocal next_i
        while next_i < count and time.monotonic() < deadline:
            i = next_i
            next_i += 1
            rid = f"r{i}"
            k = i % len(items)
            t0 = time.perf_counter()
            try:
                r = await client.post("/v1/verify", json=items[k], headers={"x-request-id": rid})
            except httpx.HTTPError as exc:
                errors.append(f"{rid}: {exc.__class__.__name__}")
                continue
            latencies.append(time.perf_counter() - t0)
            timing = _server_timing(r.headers)
            if timing:
                server_verify.append(timing["verify"])
                server_app.append(timing["app"])
            echo = r.headers.get("x-request-id")
            seen[echo] = seen.get(echo, 0) + 1
            if r.status_code != 200:
                errors.append(f"{rid}: HTTP {r.status_code}")
            elif echo != rid or r.content.decode() != expected[k]:
                errors.append(f"{rid}: wrong response (echo {echo!r})")

    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as client:
        started = time.perf_counter()
        await asyncio.gather(*(worker(client) for _ in range(concurrency)))
        wall = time.perf_counter() - started
    sent = next_i
    duplicated = sum(n - 1 for n in seen.values() if n > 1)
    lost = sent - len(latencies)  # sent but no response at all
    return {
        "concurrency": concurrency, "requests": sent, "responses": len(latencies), "errors": len(errors),
        "error_samples": errors[:5], "lost": lost, "duplicated": duplicated,
        "p50_ms": _ms(_quantile(latencies, 0.5)), "p99_ms": _ms(_quantile(latencies, 0.99)),
        "server_verify_p50_ms": _ms(_quantile(server_verify, 0.5)), "server_handler_p50_ms": _ms(_quantile(server_app, 0.5)),
        "throughput_rps": round(len(latencies) / wall, 1) if wall else None, "wall_s": round(wall, 2),
        "time_capped": sent < count,
    }


async def sigterm_during_load(items: list[dict[str, Any]], expected: list[str], concurrency: int,
                              count: int, after: float) -> dict[str, Any]:
    """Load a fresh 2-worker service, SIGTERM it after ``after`` s; classify every request by
    whether it was sent before the signal (in flight: must be answered) or after (may be refused,
    or reset if the kernel had queued its connection when the service closed its socket)."""
    proc, base = start(2)
    before = {"ok": 0, "wrong": 0, "failed": 0}
    after_signal = {"ok": 0, "wrong": 0, "refused": 0, "reset": 0}
    failed_samples: list[str] = []
    next_i = 0
    signalled_at: Optional[float] = None

    async def worker(client: httpx.AsyncClient) -> None:
        nonlocal next_i
        while next_i < count:
            i = next_i
            next_i += 1
            k = i % len(items)
            sent_before = signalled_at is None
            tally = before if sent_before else after_signal
            try:
                r = await client.post("/v1/verify", json=items[k], headers={"x-request-id": f"r{i}"})
            except httpx.HTTPError as exc:
                if not sent_before:
                    after_signal["refused" if isinstance(exc, httpx.ConnectError) else "reset"] += 1
                else:
                    before["failed"] += 1
                    failed_samples.append(f"r{i}: {exc.__class__.__name__}: {exc}")
                if proc.poll() is not None:
                    return  # the service is gone: the rest would only be refused
                await asyncio.sleep(0.01)
                continue
            good = r.status_code == 200 and r.headers.get("x-request-id") == f"r{i}" and r.content.decode() == expected[k]
            tally["ok" if good else "wrong"] += 1

    async def terminate() -> None:
        nonlocal signalled_at
        await asyncio.sleep(after)
        signalled_at = time.monotonic()
        proc.send_signal(signal.SIGTERM)

    # one connection per request: each request is accepted on its own connection or not at all
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=0)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as client:
        await asyncio.gather(terminate(), *(worker(client) for _ in range(concurrency)))
    code = proc.wait(60)
    return {"concurrency": concurrency, "sigterm_after_s": after, "sent_before_sigterm": before,
            "sent_after_sigterm": after_signal, "failed_samples": failed_samples[:5], "exit_code": code}


def in_process_p50(items: list[dict[str, Any]], rounds: int) -> float:
    verifier = raguard.Verifier()
    for item in items[:20]:
        verifier.verify(**item)
    times = []
    for r in range(rounds):
        item = items[r % len(items)]
        t0 = time.perf_counter()
        verifier.verify(**item)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


class LeanClient:
    """One kept-alive connection through the standard library's ``http.client``: what a client
    in another language does per request, without an async client library's own cost (httpx
    takes about 0.4-1 ms per request by itself here). Used for the paired measurement."""

    def __init__(self, base: str) -> None:
        host, port = base.removeprefix("http://").split(":")
        self.conn = http.client.HTTPConnection(host, int(port), timeout=60)

    def post(self, path: str, item: dict[str, Any]) -> tuple[int, dict[str, str], bytes]:
        self.conn.request("POST", path, body=json.dumps(item).encode(), headers={"content-type": "application/json"})
        r = self.conn.getresponse()
        return r.status, {k.lower(): v for k, v in r.getheaders()}, r.read()

    def close(self) -> None:
        self.conn.close()


class HttpxClient:
    """The same through ``httpx.Client`` (kept-alive too)."""

    def __init__(self, base: str) -> None:
        self.client = httpx.Client(base_url=base, timeout=60)

    def post(self, path: str, item: dict[str, Any]) -> tuple[int, dict[str, str], bytes]:
        r = self.client.post(path, json=item)
        return r.status_code, dict(r.headers), r.content

    def close(self) -> None:
        self.client.close()


CLIENTS = {"http.client": LeanClient, "httpx": HttpxClient}


def paired_c1(base: str, items: list[dict[str, Any]], expected: list[str], rounds: int,
              client_name: str) -> dict[str, Any]:
    """In-process verify() and one HTTP request on the same input, alternately (same moment, same
    machine load): p50 of each and p50 of the per-pair difference; and, from the response's
    Server-Timing, where the difference goes: the handler around the verification, and the rest
    (client library, the loopback round trip, uvicorn's HTTP parsing, routing)."""
    verifier = raguard.Verifier()
    for item in items[:20]:
        verifier.verify(**item)
    client = CLIENTS[client_name](base)
    local, remote, diff, handler, transport, slower = [], [], [], [], [], []
    errors = 0
    try:
        for item in items[:10]:
            client.post("/v1/verify", item)
        for r in range(rounds):
            k = r % len(items)
            t0 = time.perf_counter()
            verifier.verify(**items[k])
            t1 = time.perf_counter()
            status, headers, body = client.post("/v1/verify", items[k])
            t2 = time.perf_counter()
            if status != 200 or body.decode() != expected[k]:
                errors += 1
                continue
            local.append(t1 - t0)
            remote.append(t2 - t1)
            diff.append((t2 - t1) - (t1 - t0))
            timing = _server_timing(headers)
            if timing:
                handler.append(timing["app"] - timing["verify"])
                slower.append(timing["verify"] - (t1 - t0))
                transport.append((t2 - t1) - timing["app"])
    finally:
        client.close()
    return {"client": client_name, "rounds": rounds, "errors": errors,
            "in_process_p50_ms": _ms(statistics.median(local)), "http_p50_ms": _ms(statistics.median(remote)),
            "difference_p50_ms": _ms(statistics.median(diff)),
            # the difference, split: the same verification in the server than here (another process,
            # other caches, its own wait for a core), the handler around it, the rest of the round trip
            "server_verify_minus_in_process_p50_ms": _ms(_quantile(slower, 0.5)),
            "handler_minus_verify_p50_ms": _ms(_quantile(handler, 0.5)),
            "round_trip_minus_handler_p50_ms": _ms(_quantile(transport, 0.5))}


def _server_timing(headers: Any) -> dict[str, float]:
    """The Server-Timing durations, in seconds."""
    parts = (part.strip().split(";dur=") for part in headers.get("server-timing", "").split(",") if ";dur=" in part)
    return {name: float(ms) / 1000 for name, ms in parts}


def _quantile(xs: list[float], q: float) -> Optional[float]:
    if not xs:
        return None
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def _ms(x: Optional[float]) -> Optional[float]:
    return None if x is None else round(x * 1000, 2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a quarter of the requests")
    parser.add_argument("--time-cap", type=float, default=60.0, help="seconds per load level at most")
    parser.add_argument("--out", type=Path, default=OUT, help=f"where to write the results (default {OUT.relative_to(ROOT)})")
    args = parser.parse_args()
    scale = 4 if args.quick else 1
    items = make_items(96)
    verifier = raguard.Verifier()
    expected = [verifier.verify(**item).model_dump_json() for item in items]
    counts = {1: 300 // scale, 8: 800 // scale, 32: 800 // scale}

    report: dict[str, Any] = {
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count(),
                    "load_avg_start": [round(x, 2) for x in os.getloadavg()]},
        # what uvicorn runs on (it takes each when installed, else asyncio and h11)
        "server_stack": {"event_loop": "uvloop" if importlib.util.find_spec("uvloop") else "asyncio",
                         "http_parser": "httptools" if importlib.util.find_spec("httptools") else "h11"},
        "clients": "levels: httpx.AsyncClient; paired c1: http.client (one kept-alive connection, the "
                   "standard library) and httpx.Client, each paired with an in-process verify()",
        "inputs": f"{len(items)} generated answers of 2 sentences against 1 document (half with a wrong date and number)",
    }
    report["in_process_p50_ms"] = _ms(in_process_p50(items, counts[1]))
    print(f"in-process verify(): p50 {report['in_process_p50_ms']} ms")

    levels = []
    proc, base = start(2)
    try:
        asyncio.run(load(base, items, expected, 8, 64, args.time_cap))  # warm both workers
        for c in (1, 8, 32):
            level = asyncio.run(load(base, items, expected, c, counts[c], args.time_cap))
            levels.append(level)
            print(f"2 workers, concurrency {c:2d}: p50 {level['p50_ms']} ms, p99 {level['p99_ms']} ms, "
                  f"{level['throughput_rps']} req/s, errors {level['errors']}, lost {level['lost']}, "
                  f"duplicated {level['duplicated']} ({level['responses']}/{level['requests']})")
        paired = {}
        for name in CLIENTS:
            paired[name] = pr = paired_c1(base, items, expected, 2 * counts[1], name)
            print(f"paired, concurrency 1, {name:11s}: in-process p50 {pr['in_process_p50_ms']} ms, HTTP p50 "
                  f"{pr['http_p50_ms']} ms, difference p50 {pr['difference_p50_ms']} ms (target <= 1.5): verify "
                  f"slower in the server {pr['server_verify_minus_in_process_p50_ms']} ms, handler "
                  f"around the verify {pr['handler_minus_verify_p50_ms']} ms, round trip outside the handler "
                  f"{pr['round_trip_minus_handler_p50_ms']} ms, errors {pr['errors']}")
    finally:
        stop(proc)
    report["two_workers"] = levels
    report["paired_c1"] = paired

    proc, base = start(1)
    try:
        asyncio.run(load(base, items, expected, 8, 32, args.time_cap))
        one = asyncio.run(load(base, items, expected, 8, counts[8], args.time_cap))
    finally:
        stop(proc)
    report["one_worker_c8"] = one
    print(f"1 worker,  concurrency  8: p50 {one['p50_ms']} ms, {one['throughput_rps']} req/s, errors {one['errors']}")

    c8 = next(level for level in levels if level["concurrency"] == 8)
    c1 = next(level for level in levels if level["concurrency"] == 1)
    report["throughput_ratio_c8_2w_vs_1w"] = round(c8["throughput_rps"] / one["throughput_rps"], 2)
    report["p50_c1_minus_in_process_ms"] = round(c1["p50_ms"] - report["in_process_p50_ms"], 2)
    print(f"throughput c8, 2 workers / 1 worker: {report['throughput_ratio_c8_2w_vs_1w']}x (target >= 1.6)")
    print(f"p50 c1 over HTTP minus in-process: {report['p50_c1_minus_in_process_ms']} ms (target <= 1.5); "
          f"in the server: verify {c1['server_verify_p50_ms']} ms, handler {c1['server_handler_p50_ms']} ms")

    drain = asyncio.run(sigterm_during_load(items, expected, 8, 2000 // scale, 3.0))
    report["sigterm_during_load"] = drain
    print(f"SIGTERM during load: sent before it {drain['sent_before_sigterm']}, "
          f"after it {drain['sent_after_sigterm']}, exit {drain['exit_code']}")
    report["machine"]["load_avg_end"] = [round(x, 2) for x in os.getloadavg()]
    report["zero_errors"] = (all(level["errors"] == 0 and level["lost"] == 0 and level["duplicated"] == 0
                                 for level in [*levels, one])
                             and all(pr["errors"] == 0 for pr in paired.values()))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
