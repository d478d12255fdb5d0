"""A real SMTP server for mail tests (aiosmtpd on a free port): what services' mailers send,
as parsed messages."""

from __future__ import annotations

import asyncio
import multiprocessing
import time
from collections.abc import Iterator
from contextlib import contextmanager
from email import message_from_bytes, policy
from email.message import EmailMessage
from typing import Any, Protocol, TypeVar

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, Envelope, Session

from jobkit.testing.server import free_port


class Inbox:
    def __init__(self) -> None:
        self.mails: list[EmailMessage] = []
        self.port = free_port()

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:  # noqa: N802
        content = envelope.content if isinstance(envelope.content, bytes) else b""
        self.mails.append(message_from_bytes(content, policy=policy.default))
        return "250 OK"

    def to(self, address: str) -> list[EmailMessage]:
        return [m for m in self.mails if address in str(m["To"])]

    async def wait_for(self, address: str, count: int, timeout: float = 30) -> list[EmailMessage]:
        """The mails to ``address`` once there are ``count`` of them (fails after ``timeout``)."""
        deadline = asyncio.get_running_loop().time() + timeout
        while len(self.to(address)) < count:
            assert asyncio.get_running_loop().time() < deadline, f"no mail to {address}"
            await asyncio.sleep(0.1)
        return self.to(address)


class _Handler(Protocol):
    port: int


H = TypeVar("H", bound=_Handler)


@contextmanager
def smtp_server(handler: H) -> Iterator[H]:
    """An SMTP server on 127.0.0.1 (``handler.port``) answering with ``handler`` (aiosmtpd's
    ``handle_*`` hooks) for the block."""
    controller = Controller(handler, hostname="127.0.0.1", port=handler.port)
    controller.start()
    try:
        yield handler
    finally:
        controller.stop()


@contextmanager
def smtp_inbox() -> Iterator[Inbox]:
    """An SMTP server on 127.0.0.1 (``inbox.port``) for the block."""
    with smtp_server(Inbox()) as inbox:
        yield inbox


class _Counting:
    def __init__(self, count: Any) -> None:
        self.count = count

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:  # noqa: N802
        with self.count.get_lock():
            self.count.value += 1
        return "250 OK"


def _serve_sink(port: int, count: Any, ready: Any) -> None:
    controller = Controller(_Counting(count), hostname="127.0.0.1", port=port)
    controller.start()
    ready.set()
    while True:
        time.sleep(3600)


class Sink:
    """An SMTP server in a process of its own that keeps no mail, for benchmarks that send many
    (its work does not share the sender's interpreter, as a real relay's would not)."""

    def __init__(self, port: int, count: Any) -> None:
        self.port = port
        self._count = count

    @property
    def count(self) -> int:
        """How many mails it accepted."""
        return int(self._count.value)


@contextmanager
def smtp_sink() -> Iterator[Sink]:
    """A counting SMTP server on 127.0.0.1 (``sink.port``) for the block."""
    context = multiprocessing.get_context("spawn")
    count = context.Value("q", 0)
    ready = context.Event()
    port = free_port()
    process = context.Process(target=_serve_sink, args=(port, count, ready), daemon=True)
    process.start()
    try:
        if not ready.wait(60):
            raise RuntimeError("the SMTP sink did not start")
        yield Sink(port, count)
    finally:
        process.terminate()
        process.join(10)
