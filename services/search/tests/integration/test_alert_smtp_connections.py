"""The mailer hands a batch to a real SMTP server over several connections at once: every mail
once, a permanent refusal stays that mail's alone, and a relay found down leaves the mails no
connection tried pending (search.alerts.sending._hand_over)."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import aiosmtplib
import pytest
from aiosmtpd.smtp import SMTP, Envelope, Session
from jobkit.testing.server import free_port
from jobkit.testing.smtp import smtp_server
from search.alerts.models import AlertMail
from search.alerts.sending import NOT_TRIED, _hand_over
from search.settings import SearchSettings

REFUSED = "refused@mailer.example"


class Relay:
    """Takes every mail but REFUSED's (550), noting from which connection each came."""

    def __init__(self) -> None:
        self.port = free_port()
        self.received: list[tuple[Any, str]] = []  # (peer, recipient)

    async def handle_RCPT(  # noqa: N802
        self, server: SMTP, session: Session, envelope: Envelope, address: str, options: Any
    ) -> str:
        if address == REFUSED:
            return "550 5.1.1 No such mailbox"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:  # noqa: N802
        for recipient in envelope.rcpt_tos:
            self.received.append((session.peer, recipient))
        return "250 OK"


def _batch(recipients: list[str]) -> list[tuple[AlertMail, bytes]]:
    return [
        (
            AlertMail(id=uuid.uuid4(), email=recipient),
            f"To: {recipient}\r\nSubject: New jobs\r\n\r\nHello.\r\n".encode(),
        )
        for recipient in recipients
    ]


def _settings(settings: SearchSettings, port: int, connections: int) -> SearchSettings:
    return settings.model_copy(
        update={
            "smtp_host": "127.0.0.1",
            "smtp_port": port,
            "alert_smtp_connections": connections,
            "alert_bounce_domain": None,
        }
    )


async def test_every_mail_of_a_batch_goes_once_over_several_connections(
    service_settings: SearchSettings,
) -> None:
    recipients = [f"person{n}@mailer.example" for n in range(9)]
    with smtp_server(Relay()) as server:
        outcomes = await _hand_over(
            _settings(service_settings, server.port, 3), _batch(recipients), None
        )
    assert outcomes == [None] * 9
    assert sorted(recipient for _, recipient in server.received) == sorted(recipients)
    assert len({peer for peer, _ in server.received}) == 3


async def test_a_permanent_refusal_is_that_mails_alone(service_settings: SearchSettings) -> None:
    recipients = ["a@mailer.example", REFUSED, "b@mailer.example", "c@mailer.example"]
    with smtp_server(Relay()) as server:
        outcomes = await _hand_over(
            _settings(service_settings, server.port, 2), _batch(recipients), None
        )
    refused = outcomes[1]
    assert isinstance(refused, aiosmtplib.SMTPRecipientsRefused)
    assert [outcomes[0], *outcomes[2:]] == [None, None, None]
    assert sorted(r for _, r in server.received) == sorted(set(recipients) - {REFUSED})


async def test_a_relay_found_down_leaves_the_untried_mails_pending(
    service_settings: SearchSettings,
) -> None:
    recipients = [f"person{n}@mailer.example" for n in range(8)]
    outcomes = await _hand_over(
        _settings(service_settings, free_port(), 2), _batch(recipients), None
    )
    failed = [o for o in outcomes if isinstance(o, OSError | aiosmtplib.SMTPException)]
    assert 1 <= len(failed) <= 2  # each connection stops at its first failure
    assert outcomes.count(NOT_TRIED) == 8 - len(failed)
    assert None not in outcomes


async def test_the_test_hook_receives_each_message(service_settings: SearchSettings) -> None:
    seen: list[str] = []

    async def send(message: Any) -> None:
        seen.append(str(message["To"]))

    recipients = [f"person{n}@mailer.example" for n in range(5)]
    outcomes = await _hand_over(
        _settings(service_settings, free_port(), 4), _batch(recipients), send
    )
    assert outcomes == [None] * 5
    assert sorted(seen) == sorted(recipients)


async def test_an_unexpected_failure_stops_every_connection(
    service_settings: SearchSettings,
) -> None:
    cancelled: list[str] = []

    async def send(message: Any) -> None:
        recipient = str(message["To"])
        if recipient.startswith("person0@"):
            raise RuntimeError("the mailer is going down")
        try:
            await asyncio.Event().wait()  # a relay that is slow to answer
        except asyncio.CancelledError:
            cancelled.append(recipient)
            raise

    recipients = [f"person{n}@mailer.example" for n in range(4)]
    with pytest.raises(RuntimeError, match="going down"):
        await _hand_over(_settings(service_settings, free_port(), 2), _batch(recipients), send)
    assert cancelled == ["person1@mailer.example"]  # the other connection did not go on alone
