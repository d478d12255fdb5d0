"""Bounce notices received on the bounce address (ADR 0034).

Alert mails go out with a VERP envelope sender, ``bounces+<mail id><mac>@<bounce domain>``: the
mail's id (32 hex digits) and the first 16 hex digits of an HMAC-SHA256 over it with the alerts'
signing key (lower-case hex, so a relay that folds case does not break it; 56 characters, under
RFC 5321's 64 for a local part). A mail server that cannot deliver the mail later sends its
delivery status notification (RFC 3464) there.

The receiver is a small SMTP server (aiosmtpd) in the mailer process on
``alert_bounce_port``: it takes only bounce addresses whose mac is ours (others are refused at
``RCPT``, so forged ones change nothing), reads each notice with Python's email package, and
counts a permanent failure (``Action: failed``, ``Status: 5.x.x``) against the mail's address
exactly like a permanent SMTP refusal: after ``alert_bounce_limit`` of them the address's
alerts pause with the reason shown on the manage page. A transient notice (``4.x.x``,
``delayed``) counts nothing; a mail counts once however often its notice arrives.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import re
import uuid
from email import message_from_bytes, policy
from email.message import Message

from aiosmtpd.smtp import SMTP, Envelope, Session
from jobkit.db import unit_of_work
from sqlalchemy import func, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from search.alerts import tokens
from search.alerts.models import AlertBounce, AlertMail, ResumeAlert, SavedSearch
from search.alerts.settings import AlertSettings

log = logging.getLogger(__name__)

SENT, BOUNCED = "sent", "bounced"
_LOCAL = re.compile(r"^(?P<prefix>[a-z0-9.-]+)\+(?P<mail>[0-9a-f]{32})(?P<mac>[0-9a-f]{16})$")


def _mac(settings: AlertSettings, mail_id: uuid.UUID) -> str:
    key = tokens._key(settings)
    return hmac.new(key, b"bounce:" + mail_id.hex.encode(), hashlib.sha256).hexdigest()[:16]


def bounce_address(settings: AlertSettings, mail_id: uuid.UUID) -> str | None:
    """The envelope sender of the mail ``mail_id``, or None without a bounce domain."""
    if not settings.alert_bounce_domain:
        return None
    local = f"{settings.alert_bounce_prefix}+{mail_id.hex}{_mac(settings, mail_id)}"
    return f"{local}@{settings.alert_bounce_domain}"


def mail_of(settings: AlertSettings, address: str) -> uuid.UUID | None:
    """The mail a bounce address was made for, or None when it is not one of ours."""
    local, _, domain = address.strip().strip("<>").lower().rpartition("@")
    if not settings.alert_bounce_domain or domain != settings.alert_bounce_domain.lower():
        return None
    found = _LOCAL.match(local)
    if found is None or found["prefix"] != settings.alert_bounce_prefix.lower():
        return None
    mail_id = uuid.UUID(found["mail"])
    if not hmac.compare_digest(found["mac"], _mac(settings, mail_id)):
        return None
    return mail_id


def permanent_failure(content: bytes) -> str | None:
    """The reason when ``content`` is a delivery status notification (RFC 3464) reporting a
    permanent failure (``Action: failed`` with a ``5.x.x`` status) for a recipient; None for a
    transient one, a success, or anything else."""
    message = message_from_bytes(content, policy=policy.compat32)
    for part in message.walk():
        if part.get_content_type() != "message/delivery-status":
            continue
        # the per-message fields, then one block per recipient
        blocks = part.get_payload()
        if not isinstance(blocks, list):
            continue
        for block in blocks[1:]:
            if not isinstance(block, Message):
                continue
            action = str(block.get("Action", "")).strip().lower()
            status = str(block.get("Status", "")).strip()
            if action == "failed" and re.fullmatch(r"5\.\d{1,3}\.\d{1,3}", status):
                diagnostic = " ".join(str(block.get("Diagnostic-Code", "")).split())
                return f"{status} {diagnostic}".strip()[:300]
    return None


async def count_failure(
    session: AsyncSession, settings: AlertSettings, email: str, reason: str
) -> None:
    """One more permanent failure of mail to ``email`` (an SMTP refusal or a bounce notice);
    at ``alert_bounce_limit`` its alerts, job and resume alerts, pause with the reason."""
    statement = insert(AlertBounce).values(email=email, failures=1, last_reason=reason)
    failures = await session.scalar(
        statement.on_conflict_do_update(
            index_elements=[AlertBounce.email],
            set_={
                "failures": AlertBounce.failures + 1,
                "last_reason": reason,
                "updated_at": func.now(),
            },
        ).returning(AlertBounce.failures)
    )
    if int(failures or 0) >= settings.alert_bounce_limit:
        paused_reason = f"Mail to this address failed {failures} times: {reason}"[:300]
        await session.execute(
            update(SavedSearch)
            .where(SavedSearch.email == email, SavedSearch.unsubscribed_at.is_(None))
            .values(paused=True, paused_reason=paused_reason, version=SavedSearch.version + 1)
        )
        # a recruiter's resume alerts to the same address stop too
        await session.execute(
            update(ResumeAlert)
            .where(ResumeAlert.email == email, ResumeAlert.paused_reason.is_(None))
            .values(paused_reason=paused_reason, version=ResumeAlert.version + 1)
        )


async def record_bounce(
    sessions: async_sessionmaker[AsyncSession],
    settings: AlertSettings,
    mail_id: uuid.UUID,
    reason: str,
) -> bool:
    """Count a permanent bounce of a sent mail against its address (once per mail); answers
    whether it counted."""
    async with unit_of_work(sessions) as session:
        email = await session.scalar(
            update(AlertMail)
            .where(AlertMail.id == mail_id, AlertMail.state == SENT)
            .values(state=BOUNCED, last_error=f"bounce notice: {reason}"[:1000])
            .returning(AlertMail.email)
        )
        if email is None:
            return False
        await count_failure(session, settings, email, reason)
    return True


class BounceHandler:
    """aiosmtpd's handler: bounce addresses only, notices read and counted."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession], settings: AlertSettings) -> None:
        self.sessions = sessions
        self.settings = settings

    async def handle_RCPT(  # noqa: N802
        self, server: SMTP, session: Session, envelope: Envelope, address: str, options: list[str]
    ) -> str:
        if mail_of(self.settings, address) is None:
            return "550 5.1.1 No such bounce address"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(  # noqa: N802
        self, server: SMTP, session: Session, envelope: Envelope
    ) -> str:
        content = envelope.original_content or (
            envelope.content if isinstance(envelope.content, bytes) else b""
        )
        reason = permanent_failure(content)
        if reason is not None:
            for address in envelope.rcpt_tos:
                mail_id = mail_of(self.settings, address)
                if mail_id is not None:
                    await record_bounce(self.sessions, self.settings, mail_id, reason)
        return "250 OK"


async def serve_bounces(
    sessions: async_sessionmaker[AsyncSession], settings: AlertSettings, *, port: int
) -> asyncio.Server:
    """The bounce receiver on ``alert_bounce_host``:``port`` in the running loop."""
    handler = BounceHandler(sessions, settings)
    loop = asyncio.get_running_loop()
    return await loop.create_server(
        lambda: SMTP(handler, hostname=settings.alert_bounce_domain or "localhost"),
        host=settings.alert_bounce_host,
        port=port,
    )
