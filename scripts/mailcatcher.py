"""The development mail catcher: a real SMTP server that keeps what it receives, with a web view.

    .venv/bin/python scripts/mailcatcher.py [--smtp-port 1025] [--http-port 8025]

Services send mail to 127.0.0.1:1025 exactly as they would to a relay (aiosmtplib, plain SMTP);
nothing leaves the machine. http://127.0.0.1:8025/ lists the mails (newest first) and shows each
one; tests read them as JSON:

    GET    /api/messages            [{id, from, to, subject, date, text, html, headers}, ...]
                                    newest first
    GET    /api/messages?to=ADDRESS only those sent to ADDRESS
    GET    /api/messages/{id}       one mail
    DELETE /api/messages            forget every mail

The last 500 mails are kept in memory (a restart forgets them).
"""

from __future__ import annotations

import argparse
import asyncio
import email
import email.policy
import html
import itertools
from collections import deque
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from email.message import EmailMessage
from typing import Any

import uvicorn
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, Envelope, Session
from fastapi import FastAPI, HTTPException
from fastapi.responses import HTMLResponse

KEEP = 500


@dataclass(frozen=True)
class Mail:
    id: int
    sender: str
    to: list[str]
    subject: str
    date: str
    text: str
    html: str
    # every header as sent, in order ([name, value]): what a mail client acts on (List-Unsubscribe)
    headers: list[tuple[str, str]]

    def summary(self) -> dict[str, Any]:
        body = asdict(self)
        body["from"] = body.pop("sender")
        return body


class Mailbox:
    def __init__(self) -> None:
        self.mails: deque[Mail] = deque(maxlen=KEEP)
        self._ids = itertools.count(1)

    # aiosmtpd calls the hook by this name
    async def handle_DATA(  # noqa: N802
        self, server: SMTP, session: Session, envelope: Envelope
    ) -> str:
        raw = envelope.original_content or b""
        message = email.message_from_bytes(raw, policy=email.policy.default)
        assert isinstance(message, EmailMessage)
        text_part = message.get_body(preferencelist=("plain",))
        html_part = message.get_body(preferencelist=("html",))
        self.mails.appendleft(
            Mail(
                id=next(self._ids),
                sender=str(envelope.mail_from or ""),
                to=[str(address) for address in envelope.rcpt_tos],
                subject=str(message.get("Subject", "")),
                date=datetime.now(UTC).isoformat(),
                text=text_part.get_content() if text_part is not None else "",
                html=html_part.get_content() if html_part is not None else "",
                headers=[(name, str(value)) for name, value in message.items()],
            )
        )
        return "250 Message accepted for delivery"


def web_app(mailbox: Mailbox) -> FastAPI:
    app = FastAPI(title="mail catcher", docs_url=None, redoc_url=None)

    @app.get("/api/messages")
    async def messages(to: str | None = None) -> list[dict[str, Any]]:
        wanted = to.lower() if to else None
        return [
            mail.summary()
            for mail in mailbox.mails
            if wanted is None or wanted in (address.lower() for address in mail.to)
        ]

    @app.get("/api/messages/{mail_id}")
    async def message(mail_id: int) -> dict[str, Any]:
        for mail in mailbox.mails:
            if mail.id == mail_id:
                return mail.summary()
        raise HTTPException(404, "no such mail")

    @app.delete("/api/messages")
    async def clear() -> dict[str, int]:
        count = len(mailbox.mails)
        mailbox.mails.clear()
        return {"deleted": count}

    @app.get("/", response_class=HTMLResponse)
    async def index() -> str:
        rows = "".join(
            f"<tr><td>{html.escape(mail.date[:19].replace('T', ' '))}</td>"
            f"<td>{html.escape(', '.join(mail.to))}</td>"
            f'<td><a href="/messages/{mail.id}">{html.escape(mail.subject or "(no subject)")}</a>'
            "</td></tr>"
            for mail in mailbox.mails
        )
        body = (
            f"<table><tr><th>received (UTC)</th><th>to</th><th>subject</th></tr>{rows}</table>"
            if rows
            else "<p>No mail yet. Everything the services send to 127.0.0.1:1025 shows here.</p>"
        )
        return _page("Mail catcher", body)

    @app.get("/messages/{mail_id}", response_class=HTMLResponse)
    async def show(mail_id: int) -> str:
        mail = await message(mail_id)
        content = (
            # the mail's HTML in a sandbox: no scripts, no same-origin access
            f'<iframe sandbox srcdoc="{html.escape(mail["html"])}"></iframe>'
            if mail["html"]
            else f"<pre>{html.escape(mail['text'])}</pre>"
        )
        meta = (
            f"<p><b>From</b> {html.escape(mail['from'])}<br><b>To</b> "
            f"{html.escape(', '.join(mail['to']))}<br><b>Received</b> {mail['date']}</p>"
        )
        text = (
            f"<details><summary>Text part</summary><pre>{html.escape(mail['text'])}</pre></details>"
        )
        return _page(mail["subject"] or "(no subject)", meta + content + text)

    return app


def _page(title: str, body: str) -> str:
    return (
        "<!doctype html><html lang=en><meta charset=utf-8>"
        f"<title>{html.escape(title)} · mail catcher</title>"
        "<style>body{font:15px system-ui;margin:2rem;max-width:60rem}"
        "table{border-collapse:collapse;width:100%}"
        "td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left}"
        "iframe{width:100%;height:60vh;border:1px solid #ccc}</style>"
        f'<p><a href="/">All mail</a></p><h1>{html.escape(title)}</h1>{body}</html>'
    )


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--smtp-port", type=int, default=1025)
    parser.add_argument("--http-port", type=int, default=8025)
    args = parser.parse_args()
    mailbox = Mailbox()
    smtp = Controller(mailbox, hostname=args.host, port=args.smtp_port)
    smtp.start()
    try:
        config = uvicorn.Config(
            web_app(mailbox), host=args.host, port=args.http_port, log_level="warning"
        )
        await uvicorn.Server(config).serve()
    finally:
        smtp.stop()


if __name__ == "__main__":
    asyncio.run(main())
