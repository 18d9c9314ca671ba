"""``raguard serve``: raguard as an HTTP JSON service (FastAPI on uvicorn; ``pip install 'raguard-verify[serve]'``).

Endpoints: ``POST /v1/verify``, ``POST /v1/verify/batch``, ``GET /healthz``, ``GET /readyz``,
``GET /metrics``, and the OpenAPI schema at ``/openapi.json`` (``/docs`` to browse it). See
docs/serve.md.
"""

from __future__ import annotations

import json
import math
import os
from typing import Any, Mapping, Optional

from raguard.server.settings import CONFIG_ENV, SETTINGS_ENV, ServeSettings, resolve_settings

INSTALL_HINT = "raguard serve needs FastAPI and uvicorn: pip install 'raguard-verify[serve]'"

__all__ = ["ServeSettings", "resolve_settings", "serve", "create_app"]


def create_app(*args: Any, **kwargs: Any) -> Any:
    """:func:`raguard.server.app.create_app` (imported lazily: FastAPI is an optional extra)."""
    from raguard.server.app import create_app as _create_app

    return _create_app(*args, **kwargs)


def serve(settings: ServeSettings, config: Optional[Mapping[str, Any]] = None) -> None:
    """Run the service until SIGTERM/SIGINT; uvicorn then stops accepting connections and lets
    in-flight requests finish. ``config`` (from :func:`raguard.config.load_config`) is checked
    here, before any worker starts, so a bad file fails fast."""
    try:
        import fastapi  # noqa: F401
        import uvicorn
    except ImportError:
        raise SystemExit(f"error: {INSTALL_HINT}") from None
    from raguard.config import verifier_from_config

    from raguard.server._uvicorn import NoDelayConfig

    verifier_from_config(config or {})  # ConfigError now rather than in each worker
    # the workers are separate processes: they read the settings back from the environment
    os.environ[SETTINGS_ENV] = json.dumps(settings.as_dict())
    if settings.config:
        os.environ[CONFIG_ENV] = settings.config
    uv_config = NoDelayConfig(
        "raguard.server.app:app_from_env", factory=True,
        host=settings.host, port=settings.port, workers=settings.workers,
        log_level=settings.log_level, access_log=False,
        # idle keep-alive connections live longer than a load balancer's (60 s is common), so the
        # server never closes one just as a proxy reuses it (a lost request for the client)
        timeout_keep_alive=65,
        timeout_graceful_shutdown=max(30, math.ceil(settings.timeout * 2)),
    )
    if settings.workers > 1:  # (what uvicorn.run does, with the socket bound by the class above)
        from uvicorn.supervisors import Multiprocess

        Multiprocess(uv_config, sockets=[uv_config.bind_socket()]).run()
    else:
        uvicorn.Server(uv_config).run()
