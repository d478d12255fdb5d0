"""A real SMTP server for mail tests (aiosmtpd on a free port): what services' mailers send,
as parsed messages."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from contextlib import contextmanager
from email import message_from_bytes, policy
from email.message import EmailMessage

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


@contextmanager
def smtp_inbox() -> Iterator[Inbox]:
    """An SMTP server on 127.0.0.1 (``inbox.port``) for the block."""
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=inbox.port)
    controller.start()
    try:
        yield inbox
    finally:
        controller.stop()


class Sink:
    """An SMTP server that keeps no mail, for benchmarks that send many: it counts the mails and
    their recipients, and notes when a mail containing a watched marker arrived."""

    def __init__(self) -> None:
        self.port = free_port()
        self.count = 0
        self.recipients = 0
        self.last_arrival = 0.0
        self._watched: dict[bytes, list[float]] = {}

    def watch(self, marker: str) -> list[float]:
        """The arrival times (``time.monotonic``) of the mails containing ``marker`` from now."""
        return self._watched.setdefault(marker.encode(), [])

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:  # noqa: N802
        content = envelope.content if isinstance(envelope.content, bytes) else b""
        now = time.monotonic()
        self.count += 1
        self.recipients += len(envelope.rcpt_tos)
        self.last_arrival = now
        for marker, arrivals in list(self._watched.items()):
            if marker in content:
                arrivals.append(now)
        return "250 OK"


@contextmanager
def smtp_sink() -> Iterator[Sink]:
    """A counting SMTP server on 127.0.0.1 (``sink.port``) for the block."""
    sink = Sink()
    controller = Controller(sink, hostname="127.0.0.1", port=sink.port)
    controller.start()
    try:
        yield sink
    finally:
        controller.stop()
