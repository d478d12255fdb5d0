"""The development mail catcher speaks real SMTP and shows what it received (as the tests of the
verification and application mails will read it)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from email.message import EmailMessage

import aiosmtplib
import httpx
import pytest
from aiosmtpd.controller import Controller
from jobkit.testing.server import free_port, serve

from scripts.mailcatcher import Mailbox, web_app


@pytest.fixture
async def catcher() -> AsyncIterator[tuple[int, str]]:
    mailbox = Mailbox()
    smtp_port = free_port()
    controller = Controller(mailbox, hostname="127.0.0.1", port=smtp_port)
    controller.start()
    try:
        async with serve(web_app(mailbox)) as base_url:
            yield smtp_port, base_url
    finally:
        controller.stop()


async def test_a_mail_sent_over_smtp_is_listed_and_shown(catcher: tuple[int, str]) -> None:
    smtp_port, base_url = catcher
    message = EmailMessage()
    message["From"] = "Job board <no-reply@jobboard.example>"
    message["To"] = "ada@example.org"
    message["Subject"] = "Confirm your email address"
    message["List-Unsubscribe"] = "<https://jobs.example/alerts/unsubscribe?token=xyz>"
    message.set_content("Open https://jobs.example/user/verify?token=abc to confirm.")
    message.add_alternative('<p>Open <a href="https://jobs.example/x">this link</a>.</p>', "html")
    await aiosmtplib.send(message, hostname="127.0.0.1", port=smtp_port)

    async with httpx.AsyncClient(base_url=base_url) as client:
        [mail] = (await client.get("/api/messages", params={"to": "ADA@example.org"})).json()
        assert mail["subject"] == "Confirm your email address"
        assert mail["to"] == ["ada@example.org"]
        assert "token=abc" in mail["text"]
        assert "this link" in mail["html"]
        # the headers a mail client acts on, as sent
        assert ["List-Unsubscribe", "<https://jobs.example/alerts/unsubscribe?token=xyz>"] in (
            mail["headers"]
        )
        assert (await client.get("/api/messages", params={"to": "bob@example.org"})).json() == []
        page = await client.get(f"/messages/{mail['id']}")
        assert "Confirm your email address" in page.text
        assert "<iframe sandbox" in page.text  # the mail's HTML never runs with our origin
        assert (await client.get("/")).status_code == 200
        assert (await client.delete("/api/messages")).json() == {"deleted": 1}
        assert (await client.get(f"/api/messages/{mail['id']}")).status_code == 404
