"""The server loop of ``python -m jobkit.serve`` (ADR 0054): once a second at rest, not ten
times as uvicorn's own, with the Date header still refreshed every second and a signal to stop
heard at once."""

from __future__ import annotations

import asyncio
import importlib
import signal
import subprocess
import sys
from typing import Any

import pytest
import uvicorn
from jobkit import serve
from jobkit.serve import TICK_SECONDS, QuietServer


async def _app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    return None


class _Counted(QuietServer):
    ticks: list[int]

    async def on_tick(self, counter: int) -> bool:
        self.ticks.append(counter)
        return await super().on_tick(counter)


def _server() -> _Counted:
    config = uvicorn.Config(app=_app, lifespan="off", log_level="warning")
    config.load()
    server = _Counted(config)
    server.ticks = []
    return server


async def test_the_loop_wakes_once_a_second_and_refreshes_the_date_each_time() -> None:
    server = _server()
    loop = asyncio.create_task(server.main_loop())
    await asyncio.sleep(2.5 * TICK_SECONDS)
    try:
        # uvicorn's own loop: 25 ticks in 2.5 s
        assert 2 <= len(server.ticks) <= 4
        # its on_tick refreshes the Date header on multiples of ten: every tick here
        assert all(counter % 10 == 0 for counter in server.ticks)
        assert any(name == b"date" for name, _ in server.server_state.default_headers)
    finally:
        server.should_exit = True
        await asyncio.wait_for(loop, timeout=3 * TICK_SECONDS)


async def test_a_signal_to_stop_ends_the_loop_at_once() -> None:
    server = _server()
    loop = asyncio.create_task(server.main_loop())
    await asyncio.sleep(0.1)
    began = asyncio.get_running_loop().time()
    server.handle_exit(signal.SIGTERM, None)
    await asyncio.wait_for(loop, timeout=3 * TICK_SECONDS)
    assert asyncio.get_running_loop().time() - began < 0.2 * TICK_SECONDS


def test_the_command_is_uvicorns() -> None:
    shown = subprocess.run(
        [sys.executable, "-m", "jobkit.serve", "--help"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout
    assert "--factory" in shown
    assert "--timeout-keep-alive" in shown


def test_the_command_serves_with_the_quiet_server(monkeypatch: pytest.MonkeyPatch) -> None:
    cli = importlib.import_module("uvicorn.main")
    monkeypatch.setattr(cli, "Server", cli.Server)  # put back afterwards
    served_by: list[type] = []
    monkeypatch.setattr(cli, "main", lambda: served_by.append(cli.Server))
    serve.main()
    assert served_by == [QuietServer]
