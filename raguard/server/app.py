"""The ASGI application of ``raguard serve`` (FastAPI): verify over HTTP, health, readiness, metrics.

Every verification runs in a small thread pool, never on the event loop, so ``/healthz`` answers
while one runs. The body is read and parsed here, not by FastAPI, so each way a body can be
wrong (too large, not UTF-8, not JSON, nested too deeply, wrong fields) gets its own status and
a message saying what to fix; a catch-all handler makes sure no body ever gets a 500.
"""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import os
import threading
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from time import perf_counter
from typing import Any, AsyncIterator, Callable, Optional, Union

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.utils import get_openapi
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import ClientDisconnect

from raguard import __version__
from raguard.metrics import Metrics
from raguard.models import VerifyResult
from raguard.server.settings import ServeSettings
from raguard.verifier import Verifier

log = logging.getLogger("raguard.server")

#: Threads per worker process that run verifications: the model is used by one at a time, the
#: other cleans the next input or builds a result meanwhile (more threads only hop between cores).
VERIFY_THREADS = 2

#: Request ids longer than this are not echoed back.
MAX_REQUEST_ID = 200

_JSON = "application/json"


class VerifyRequest(BaseModel):
    """The body of ``POST /v1/verify``: the three arguments of :func:`raguard.verify`."""

    model_config = ConfigDict(extra="forbid")

    query: str = Field("", description="The user's question (claims that restate it are not flagged).")
    retrieved_docs: list[Union[str, dict[str, Any]]] = Field(
        description='The retrieved documents: strings, or objects with a "text" (or "page_content") string.'
    )
    llm_response: str = Field(description="The answer to check.")


class BatchRequest(BaseModel):
    """The body of ``POST /v1/verify/batch``: items verified in order, one result each."""

    model_config = ConfigDict(extra="forbid")

    items: list[VerifyRequest]


class BatchResponse(BaseModel):
    results: list[VerifyResult]


class ErrorBody(BaseModel):
    """Every error response: a short code and a message that says what to fix."""

    error: str
    message: str


class ApiError(Exception):
    """An error answered with ``status`` and an :class:`ErrorBody`."""

    def __init__(self, status: int, error: str, message: str) -> None:
        super().__init__(message)
        self.status, self.error, self.message = status, error, message


class _State:
    """What one worker process holds: the verifier, its thread pool and its readiness."""

    def __init__(self, verifier: Verifier, settings: ServeSettings) -> None:
        self.verifier = verifier
        self.settings = settings
        self.ready = threading.Event()
        self.load_error: Optional[str] = None
        self.executor: Optional[ThreadPoolExecutor] = None


def create_app(verifier: Optional[Verifier] = None, settings: Optional[ServeSettings] = None) -> FastAPI:
    """The application for one worker; ``verifier`` defaults to one counting into a new Metrics."""
    settings = settings or ServeSettings()
    if verifier is None:
        verifier = Verifier(metrics=Metrics())
    state = _State(verifier, settings)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        state.executor = ThreadPoolExecutor(VERIFY_THREADS, thread_name_prefix="raguard-verify")
        # the model loads in the pool while the server already answers /healthz; /readyz waits for it
        state.executor.submit(_warm_up, state)
        try:
            yield
        finally:
            state.executor.shutdown(wait=False, cancel_futures=True)

    app = FastAPI(
        title="raguard", version=__version__, lifespan=lifespan,
        description="Check RAG answers against their retrieved documents (see docs/serve.md).",
    )
    app.state.raguard = state

    async def run(fn: Callable[..., Any], *args: Any) -> Any:
        """Run ``fn`` in the pool, with the per-request timeout (504)."""
        assert state.executor is not None, "the application was not started (lifespan)"
        loop = asyncio.get_running_loop()
        try:
            return await asyncio.wait_for(loop.run_in_executor(state.executor, fn, *args), settings.timeout)
        except asyncio.TimeoutError:
            raise ApiError(504, "timeout", f"verification took longer than {settings.timeout:g} s: send a "
                           "shorter answer or fewer/shorter documents, or raise the server's timeout") from None

    @app.post("/v1/verify", response_model=VerifyResult, summary="Verify one answer",
              responses=_ERRORS, openapi_extra=_body_schema("VerifyRequest"))
    async def verify(request: Request) -> Response:
        started = perf_counter()
        body = _validate(VerifyRequest, await _read_json(request, settings.max_body_bytes))
        result: tuple[VerifyResult, float] = await run(_timed(state.verifier.verify), body.query, body.retrieved_docs,
                                         body.llm_response)
        payload = result[0].model_dump_json()
        headers = _echo(request)
        # how long the verification and the whole handler took, for clients and benchmarks
        headers["server-timing"] = f"verify;dur={result[1] * 1000:.3f}, app;dur={(perf_counter() - started) * 1000:.3f}"
        return Response(payload, media_type=_JSON, headers=headers)

    @app.post("/v1/verify/batch", response_model=BatchResponse, summary="Verify many answers, in order",
              responses=_ERRORS, openapi_extra=_body_schema("BatchRequest"))
    async def verify_batch(request: Request) -> Response:
        body = _validate(BatchRequest, await _read_json(request, settings.max_body_bytes))
        if len(body.items) > settings.max_batch:
            raise ApiError(422, "batch_too_large", f"{len(body.items)} items; send at most "
                           f"{settings.max_batch} per request (split the batch)")
        items = [(i.query, i.retrieved_docs, i.llm_response) for i in body.items]
        results: list[VerifyResult] = await run(lambda: list(state.verifier.verify_many(items)))
        payload = '{"results":[' + ",".join(r.model_dump_json() for r in results) + "]}"
        return Response(payload, media_type=_JSON, headers=_echo(request))

    @app.get("/healthz", summary="The process answers")
    async def healthz() -> dict[str, str]:
        return {"status": "ok"}

    @app.get("/readyz", summary="The model is loaded: this worker can verify",
             responses={503: {"model": ErrorBody}})
    async def readyz() -> Response:
        if state.ready.is_set():
            return JSONResponse({"status": "ready", "model": state.verifier.model().name})
        if state.load_error is not None:
            return JSONResponse({"error": "model_unavailable", "message": state.load_error}, status_code=503)
        return JSONResponse({"error": "loading", "message": "the model is loading; retry shortly"},
                            status_code=503)

    @app.get("/metrics", summary="Prometheus metrics of this worker", response_class=PlainTextResponse)
    async def metrics() -> Response:
        m = state.verifier.metrics
        if m is None:
            return PlainTextResponse("", media_type="text/plain; version=0.0.4")
        try:
            text = m.prometheus_text()
        except ImportError as exc:
            raise ApiError(501, "prometheus_client_missing", str(exc)) from None
        return PlainTextResponse(text, media_type="text/plain; version=0.0.4; charset=utf-8")

    _install_error_handlers(app)
    _install_openapi(app)
    return app


def _timed(fn: Callable[..., Any]) -> Callable[..., tuple[Any, float]]:
    """``fn`` returning ``(its result, seconds it took)`` (timed in the thread that runs it)."""
    def timed(*args: Any) -> tuple[Any, float]:
        started = perf_counter()
        return fn(*args), perf_counter() - started
    return timed


def _warm_up(state: _State) -> None:
    """Pay the first-use costs before traffic (:meth:`~raguard.Verifier.warm_up`: the model, the
    tables, one short answer, not counted in the metrics), then set what is loaded aside from the
    garbage collector: a full collection would otherwise walk its ~100k objects, a pause of a
    tenth of a second or more in some request."""
    try:
        state.verifier.warm_up()
    except Exception as exc:  # (ModelNotFoundError above all) /readyz reports it
        log.exception("model load failed")
        state.load_error = f"{exc.__class__.__name__}: {exc}"
        return
    gc.collect()
    gc.freeze()
    state.ready.set()


async def _read_json(request: Request, limit: int) -> Any:
    """The request body as JSON; 413 past ``limit`` bytes (checked before and while reading)."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise _too_large(limit)
    chunks, size = [], 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise _too_large(limit)
            chunks.append(chunk)
    except ClientDisconnect:
        # the connection closed before the body ended (uvicorn also ends it on a malformed chunk):
        # nobody is left to read an answer, but it is the client's doing, not an error to log
        raise ApiError(400, "incomplete_body", "the connection closed before the whole body arrived: "
                       "send the request again with a complete body") from None
    data = b"".join(chunks)
    if not data.strip():
        raise ApiError(400, "empty_body", "the request body is empty: send a JSON object (see /docs)")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ApiError(400, "invalid_utf8", f"the body is not UTF-8 (invalid byte at offset {exc.start}): "
                       "encode the JSON as UTF-8") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ApiError(400, "invalid_json", f"the body is not valid JSON: {exc.msg} at line {exc.lineno} "
                       f"column {exc.colno}") from None
    except RecursionError:
        raise ApiError(400, "invalid_json", "the JSON is nested too deeply: send a flat object") from None


def _too_large(limit: int) -> ApiError:
    return ApiError(413, "body_too_large", f"the body is larger than {limit:,} bytes: send fewer or "
                    "shorter documents, or split a batch")


def _validate(model: type[BaseModel], data: Any) -> Any:
    """Validate with ``model``; 422 listing each wrong field and what it should be."""
    if not isinstance(data, dict):
        raise ApiError(422, "invalid_request", f"the body must be a JSON object, got {type(data).__name__}: "
                       "send {\"query\": ..., \"retrieved_docs\": [...], \"llm_response\": ...}")
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise ApiError(422, "invalid_request", _describe_errors(exc.errors(include_url=False))) from None
    except RecursionError:
        raise ApiError(422, "invalid_request", "the JSON is nested too deeply") from None


def _describe_errors(errors: Any) -> str:
    parts = []
    for e in list(errors)[:10]:
        where = ".".join(str(p) for p in e.get("loc", ())) or "body"
        parts.append(f"{where}: {e.get('msg', 'invalid')}")
    more = len(errors) - 10
    return "; ".join(parts) + (f"; and {more} more" if more > 0 else "")


def _echo(request: Request) -> dict[str, str]:
    """Echo ``X-Request-ID`` so clients can match responses to requests."""
    rid = request.headers.get("x-request-id")
    return {"x-request-id": rid} if rid and len(rid) <= MAX_REQUEST_ID else {}


def _error(request: Request, status: int, error: str, message: str) -> JSONResponse:
    return JSONResponse({"error": error, "message": message}, status_code=status, headers=_echo(request))


def _install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> JSONResponse:
        return _error(request, exc.status, exc.error, exc.message)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        return _error(request, 422, "invalid_request", _describe_errors(exc.errors()))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        message = exc.detail if isinstance(exc.detail, str) else str(exc.detail)
        if exc.status_code == 404:
            message = f"no such endpoint {request.url.path!r}: see /docs for the API"
        elif exc.status_code == 405:
            message = f"{request.method} is not allowed on {request.url.path!r}: see /docs for the API"
        return _error(request, exc.status_code, "http_error", message)

    @app.exception_handler(Exception)
    async def anything_else(request: Request, exc: Exception) -> JSONResponse:
        # verify() never raises on input, so this is a bug or a resource problem: log it, and still
        # answer the client in JSON with something it can act on, never a bare 500
        log.exception("request %s %s failed", request.method, request.url.path)
        return _error(request, 400, "input_error",
                      f"the request could not be processed ({exc.__class__.__name__}); check it against "
                      "the schema at /openapi.json")


_ERRORS: dict[Union[int, str], dict[str, Any]] = {
    status: {"model": ErrorBody, "description": what}
    for status, what in {400: "Not UTF-8 or not JSON", 413: "Body too large",
                         422: "Wrong or missing fields", 504: "Verification timed out"}.items()
}


def _body_schema(name: str) -> dict[str, Any]:
    """The OpenAPI request body of an endpoint that reads its body itself."""
    return {"requestBody": {"required": True, "content": {
        _JSON: {"schema": {"$ref": f"#/components/schemas/{name}"}}}}}


def _install_openapi(app: FastAPI) -> None:
    """Add the request models (read by the endpoints themselves) to the generated schema."""
    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            schema = get_openapi(title=app.title, version=app.version, description=app.description,
                                 routes=app.routes)
            components = schema.setdefault("components", {}).setdefault("schemas", {})
            for model in (VerifyRequest, BatchRequest):
                model_schema = model.model_json_schema(ref_template="#/components/schemas/{model}")
                components.update(model_schema.pop("$defs", {}))
                components[model.__name__] = model_schema
            app.openapi_schema = schema
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]


def app_from_env() -> FastAPI:
    """The factory uvicorn's worker processes call: settings and config from the environment
    (``raguard serve`` puts them there; see :func:`raguard.server.serve`)."""
    from raguard.config import load_config, verifier_from_config
    from raguard.server.settings import CONFIG_ENV, SETTINGS_ENV

    raw = os.environ.get(SETTINGS_ENV)
    settings = ServeSettings(**json.loads(raw)) if raw else ServeSettings()
    path = settings.config or os.environ.get(CONFIG_ENV) or None
    config = load_config(path) if path else {}
    return create_app(verifier_from_config(config, metrics=Metrics()), settings)
