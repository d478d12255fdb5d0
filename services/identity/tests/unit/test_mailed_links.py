"""A mailed link (verification, password reset, change of address) is made from the event that
asked for it, not from the moment the mail is made: the mailer that sends it again after dying
between the relay's acceptance and its commit sends the same link, under the same Message-ID
(no I/O)."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

import jwt
import pytest
from cryptography.hazmat.primitives.asymmetric import rsa
from identity.domain.account import email_change_token
from identity.domain.models import User
from identity.domain.password_reset import reset_mail, reset_mail_due, reset_token
from identity.domain.tokens import LinkRequest, SigningKey, link_claims
from identity.domain.verification import verification_link, verification_mail, verification_token
from identity.settings import IdentitySettings


@pytest.fixture(scope="module")
def key() -> SigningKey:
    return SigningKey(
        "mailed-links", rsa.generate_private_key(public_exponent=65537, key_size=2048)
    )


@pytest.fixture(scope="module")
def settings() -> IdentitySettings:
    return IdentitySettings(mail_from="Job board <no-reply@jobboard.example>")


def _user() -> User:
    return User(
        id=uuid.uuid4(),
        email=f"person-{uuid.uuid4().hex[:8]}@example.org",
        password_hash="$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA",
        first_name="Grace",
        last_name="Hopper",
    )


def _claims(token: str, key: SigningKey) -> dict[str, Any]:
    claims: dict[str, Any] = jwt.decode(
        token,
        key.private_key.public_key(),
        algorithms=["RS256"],
        options={"verify_exp": False, "verify_iss": False},
    )
    return claims


def _asked(minutes_ago: float) -> LinkRequest:
    at = datetime.now(UTC) - timedelta(minutes=minutes_ago)
    return LinkRequest(id=str(uuid.uuid4()), at=at.replace(microsecond=0))


def test_a_link_made_again_for_the_same_request_is_the_same_token(
    key: SigningKey, settings: IdentitySettings
) -> None:
    user, asked = _user(), _asked(minutes_ago=10)
    for make in (
        lambda request: verification_token(user, key=key, settings=settings, request=request),
        lambda request: reset_token(user, key=key, settings=settings, request=request),
        lambda request: email_change_token(
            user, "new@example.org", key=key, settings=settings, request=request
        ),
    ):
        first, again = make(asked), make(LinkRequest(id=asked.id, at=asked.at))
        assert first == again
        # it counts from the request, and another request has a link of its own
        claims = _claims(first, key)
        assert (claims["jti"], claims["iat"]) == (asked.id, int(asked.at.timestamp()))
        assert make(_asked(minutes_ago=10)) != first


def test_a_reset_link_expires_an_hour_after_the_request_and_is_spent_by_a_new_password(
    key: SigningKey, settings: IdentitySettings
) -> None:
    user, asked = _user(), _asked(minutes_ago=10)
    token = reset_token(user, key=key, settings=settings, request=asked)
    assert _claims(token, key)["exp"] == int((asked.at + timedelta(hours=1)).timestamp())
    user.password_hash = "$argon2id$another"
    assert reset_token(user, key=key, settings=settings, request=asked) != token


def test_a_reset_is_not_mailed_once_the_password_changed_after_it_was_asked_for() -> None:
    """A reset delivered again after its link was used (or the password changed otherwise)
    would carry a link made for the new password, which would work: it is not mailed."""
    user, asked = _user(), _asked(minutes_ago=10)
    assert reset_mail_due(user, asked.at)  # never changed (or not since this was recorded)
    user.password_changed_at = asked.at + timedelta(minutes=5)
    assert not reset_mail_due(user, asked.at)
    # a reset asked for after the change is mailed
    assert reset_mail_due(user, asked.at + timedelta(minutes=6))


def test_a_late_mail_still_carries_a_link_that_works_for_half_its_lifetime() -> None:
    hour = timedelta(hours=1)
    asked = _asked(minutes_ago=0)
    on_time = link_claims(asked, hour, now=asked.at + timedelta(minutes=29))
    assert (on_time["iat"], on_time["exp"]) == (asked.at, asked.at + hour)
    # the mailer was down 50 minutes: counted from the half-hour step, 40 minutes left
    late = link_claims(asked, hour, now=asked.at + timedelta(minutes=50))
    assert late["iat"] == asked.at + timedelta(minutes=30)
    assert late == link_claims(asked, hour, now=asked.at + timedelta(minutes=59))
    # three hours: never longer than a link made now
    very_late = link_claims(asked, hour, now=asked.at + timedelta(hours=3, minutes=10))
    assert very_late["exp"] == asked.at + timedelta(hours=4)


def test_the_mails_carry_a_message_id_made_from_the_event(
    key: SigningKey, settings: IdentitySettings
) -> None:
    user, asked = _user(), _asked(minutes_ago=1)
    token = verification_token(user, key=key, settings=settings, request=asked)
    link = verification_link(token, settings=settings)
    key_of = f"{asked.id}.verify-email"
    mails = [
        verification_mail(user, link=link, settings=settings, message_key=key_of) for _ in range(2)
    ]
    assert {mail["Message-ID"] for mail in mails} == {f"<{key_of}@jobboard.example>"}
    assert all(link in mail.get_content() for mail in mails)
    reset = reset_mail(user, token=token, settings=settings, message_key=f"{asked.id}.reset")
    assert reset["Message-ID"] == f"<{asked.id}.reset@jobboard.example>"
