"""Sign-up and change of address never reveal whether an address has an account (ADR 0017).

A visitor who signs up with a taken address, and a user who asks to move their account to one,
get the same answer as for a free address after the same work (the password is hashed or checked
either way). Nothing is created or moved; instead the owner of the address is told by mail
(``identity.user.taken_email_used`` -> the mailer), with links to log in and to choose a new
password, since the likeliest sender is the owner who forgot they have an account.
"""

from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable
from email.message import EmailMessage
from typing import Literal

from jobkit.mail import compose
from jobkit.outbox import enqueue
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from identity.db import outbox
from identity.domain.events import TakenEmailUsed
from identity.domain.models import User
from identity.settings import IdentitySettings

Attempt = Literal["sign_up", "change_email"]
# Whether a mail to this address may go now (jobkit.ratelimit.may_mail, counted by the caller's
# request); when not, the use case answers the same and mails nothing (ADR 0024).
MailBudget = Callable[[str], Awaitable[bool]]


async def owner_of(session: AsyncSession, email: str) -> uuid.UUID | None:
    """The account whose address is ``email`` (compared without case), if any."""
    owner: uuid.UUID | None = await session.scalar(
        select(User.id).where(func.lower(User.email) == email.strip().lower())
    )
    return owner


async def notify_owner(
    session: AsyncSession,
    *,
    settings: IdentitySettings,
    owner_id: uuid.UUID,
    attempt: Attempt,
    site: str,
    actor: str | None,
) -> None:
    """Queue the notice mail to the owner, in the caller's unit of work."""
    event = TakenEmailUsed(user_id=str(owner_id), attempt=attempt).envelope(
        aggregate_id=str(owner_id), site=site, actor=actor
    )
    await enqueue(session, outbox, topic=settings.topic(TakenEmailUsed.topic), event=event)


_SUBJECTS: dict[Attempt, str] = {
    "sign_up": "Someone tried to sign up with your email address",
    "change_email": "Someone asked to use your email address for another account",
}
_WHAT_HAPPENED: dict[Attempt, str] = {
    "sign_up": "someone (perhaps you) tried to create a new job board account with this email\n"
    "address. It already belongs to your account, so no new account was created.",
    "change_email": "someone signed in to another job board account asked to make this email\n"
    "address theirs. It belongs to your account, so nothing was changed.",
}


def taken_email_mail(
    user: User, attempt: Attempt, *, settings: IdentitySettings, message_key: str
) -> EmailMessage:
    site = settings.site_url.rstrip("/")
    return compose(
        settings,
        to=user.email,
        message_key=message_key,
        subject=_SUBJECTS[attempt],
        text=f"Hello {user.first_name},\n\n"
        f"{_WHAT_HAPPENED[attempt]}\n\n"
        "Your account is unchanged. To use it, log in here:\n\n"
        f"{site}/user/login\n\n"
        "Forgot your password? Choose a new one here:\n\n"
        f"{site}/user/password\n\n"
        "If this was not you, you can ignore this mail.\n",
    )
