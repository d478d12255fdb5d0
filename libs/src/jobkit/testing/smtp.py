"""A real SMTP server for mail tests (aiosmtpd on a free port): what services' mailers send,
as parsed messages."""

from __future__ import annotations

import asyncio
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
