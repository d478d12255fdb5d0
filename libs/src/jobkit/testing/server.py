"""Serve an ASGI app on a real loopback port inside the test's event loop."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import uvicorn


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@asynccontextmanager
async def serve(app: Any, *, port: int | None = None) -> AsyncIterator[str]:
    """Run ``app`` with uvicorn (lifespan included); yield its base URL."""
    port = port or free_port()
    # proxy_headers off, as deployed: jobkit reads X-Forwarded-For itself (ADR 0024)
    config = uvicorn.Config(
        app,
        host="127.0.0.1",
        port=port,
        log_level="warning",
        lifespan="on",
        proxy_headers=False,
    )
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve())
    try:
        while not server.started:
            if task.done():
                task.result()
            await asyncio.sleep(0.05)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        await task
