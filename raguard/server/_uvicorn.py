"""uvicorn's configuration with one fix (a module of its own: worker processes unpickle it)."""

from __future__ import annotations

import socket

import uvicorn


class NoDelayConfig(uvicorn.Config):
    """``uvicorn.Config`` whose pre-bound listening socket says it is TCP.

    With several workers uvicorn binds the socket itself and leaves its ``proto`` at 0; accepted
    connections inherit it and asyncio then skips TCP_NODELAY, so on Linux every response on a
    kept-alive connection waits for the client's delayed ACK: about 40 ms more per request
    (uvicorn issue 3149). Re-wrapping the socket with ``IPPROTO_TCP`` restores it.
    """

    def bind_socket(self) -> socket.socket:
        sock = super().bind_socket()
        if sock.family in (socket.AF_INET, socket.AF_INET6) and sock.proto == 0:
            sock = socket.socket(sock.family, sock.type, socket.IPPROTO_TCP, fileno=sock.detach())
            sock.set_inheritable(True)
        return sock
