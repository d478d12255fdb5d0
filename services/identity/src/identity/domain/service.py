"""Identity use cases. Each opens one unit of work and writes state and events together.

The rules live here, not in the API: who may sign up with which role, the password policy, what
a valid name and email are. The GraphQL layer only parses input and maps the answer.
"""

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from functools import partial
from typing import Annotated

from jobkit.db import unit_of_work
from jobkit.errors import DomainError, errors_from_validation
from jobkit.outbox import enqueue
from jobkit.settings import ServiceSettings
from pydantic import BaseModel, EmailStr, Field, StringConstraints, ValidationError
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from identity.db import outbox
from identity.domain.captcha import check_captcha
from identity.domain.consent import (
    missing_consent,
    record_registration_consent,
    registration_infos,
)
from identity.domain.errors import (
    CAPTCHA_REQUIRED,
    EMAIL_TAKEN,
    INVALID_CREDENTIALS,
    PASSWORD_TOO_SIMILAR,
    ROLE_NOT_ALLOWED,
    THROTTLED,
    AccountError,
    AccountErrorCode,
    AccountErrors,
)
from identity.domain.events import UserLoggedIn, UserRegistered, UserRolesChanged
from identity.domain.models import KnownConsentInfo, User
from identity.domain.passwords import (
    hash_password,
    hash_password_off_loop,
    verify_password_off_loop,
)
from identity.domain.sessions import outdate_tokens
from identity.domain.site_config import setting_value
from identity.domain.taken_email import MailBudget, notify_owner, owner_of
from identity.domain.throttle import (
    ThrottleRule,
    account_key,
    address_key,
    clear,
    locked_until,
    record_failure,
)
from identity.settings import IdentitySettings


class SignupRole(StrEnum):
    """The roles a visitor may give themself; every other role is granted by an administrator."""

    APPLICANT = "applicant"
    RECRUITER = "recruiter"


PASSWORD_MIN_LENGTH = 8
PASSWORD_MAX_LENGTH = 128  # argon2 hashes whatever it gets; bound the work an attacker can ask for
Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=100)]


class Registration(BaseModel):
    email: EmailStr = Field(max_length=254)
    password: str = Field(min_length=PASSWORD_MIN_LENGTH, max_length=PASSWORD_MAX_LENGTH)
    first_name: Name
    last_name: Name
    signup_method: str = "email"


def _role(role: str) -> SignupRole | AccountErrors:
    try:
        return SignupRole(role)
    except ValueError:
        return AccountErrors(
            [AccountError(AccountErrorCode.ROLE_NOT_ALLOWED, ROLE_NOT_ALLOWED, "role")]
        )


def _validate(
    *, email: str, password: str, first_name: str, last_name: str, signup_method: str
) -> Registration | AccountErrors:
    try:
        registration = Registration(
            email=email.strip(),
            password=password,
            first_name=first_name,
            last_name=last_name,
            signup_method=signup_method,
        )
    except ValidationError as error:
        return AccountErrors(errors_from_validation(error, AccountErrorCode))
    local_part = str(registration.email).split("@", 1)[0].lower()
    if len(local_part) >= 4 and local_part in password.lower():
        return AccountErrors(
            [AccountError(AccountErrorCode.PASSWORD_TOO_SIMILAR, PASSWORD_TOO_SIMILAR, "password")]
        )
    return registration


async def _create_account(
    session: AsyncSession,
    *,
    settings: ServiceSettings,
    registration: Registration,
    role: SignupRole,
    password_hash: str,
    site: str,
    infos: Sequence[KnownConsentInfo],
) -> User:
    """The new account, its registered event and its registration consents (one unit of work)."""
    user = User(
        id=uuid.uuid4(),
        email=str(registration.email).lower(),
        password_hash=password_hash,
        first_name=registration.first_name,
        last_name=registration.last_name,
        roles=[role.value],
        signup_method=registration.signup_method,
        site=site,
    )
    session.add(user)
    await session.flush()
    event = UserRegistered(
        user_id=str(user.id), roles=user.roles, signup_method=registration.signup_method
    ).envelope(aggregate_id=str(user.id), site=site, actor=str(user.id))
    await enqueue(session, outbox, topic=settings.topic(UserRegistered.topic), event=event)
    await record_registration_consent(session, settings=settings, user=user, infos=infos, site=site)
    return user


async def register_user(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: ServiceSettings,
    email: str,
    password: str,
    first_name: str,
    last_name: str,
    role: str = SignupRole.APPLICANT,
    signup_method: str = "email",
    site: str | None = None,
    accepted_consent_info_ids: Sequence[str] | None = None,
) -> User | AccountErrors:
    """Create an applicant or recruiter account; never an administrator, whoever calls.

    For tools (the seed, data sets, tests): a taken address is refused with EMAIL_TAKEN. A
    visitor signs up through :func:`sign_up`, whose answer never tells (ADR 0017).
    ``accepted_consent_info_ids`` requires every opt-in REGISTRATION info and records the agreed
    revisions in the account's transaction (an event consent applies); None (the seed, tools)
    neither checks nor records consent."""
    site = site or settings.site
    signup_role = _role(role)
    if isinstance(signup_role, AccountErrors):
        return signup_role
    registration = _validate(
        email=email,
        password=password,
        first_name=first_name,
        last_name=last_name,
        signup_method=signup_method,
    )
    if isinstance(registration, AccountErrors):
        return registration
    normalized_email = str(registration.email).lower()
    password_hash = await hash_password_off_loop(registration.password)
    async with unit_of_work(sessions) as session:
        if await owner_of(session, normalized_email) is not None:
            return AccountErrors(
                [
                    AccountError(
                        AccountErrorCode.EMAIL_TAKEN,
                        EMAIL_TAKEN.format(email=normalized_email),
                        "email",
                    )
                ]
            )
        infos = await registration_infos(session) if accepted_consent_info_ids is not None else []
        if accepted_consent_info_ids is not None:
            refused = missing_consent(infos, accepted_consent_info_ids)
            if refused is not None:
                return refused
        return await _create_account(
            session,
            settings=settings,
            registration=registration,
            role=signup_role,
            password_hash=password_hash,
            site=site,
            infos=infos,
        )


@dataclass(frozen=True)
class SignUpReceived:
    """A visitor's sign-up was taken: the same answer whether the address was free (the account
    exists now, a verification mail follows) or taken (the owner is told by mail)."""

    email: str


async def sign_up(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: IdentitySettings,
    site: str,
    email: str,
    password: str,
    first_name: str,
    last_name: str,
    role: str,
    captcha_token: str | None,
    remote_ip: str | None = None,
    accepted_consent_info_ids: Sequence[str] = (),
    mail_budget: MailBudget | None = None,
) -> SignUpReceived | AccountErrors:
    """A visitor's own sign-up on ``site``, behind the site's captcha when it asks for one.

    The input is checked first (cheap, and every field error is answered together with a
    missing captcha); the captcha token is spent only on valid input, before any hashing. Valid
    input gets :class:`SignUpReceived` whether or not the address has an account, after the same
    work (the password is hashed either way, ADR 0017). A taken address's notice is within the
    address's ``mail_budget``; over it no notice goes and the answer is the same (ADR 0024). A
    free address's verification mail is not counted: it goes once per address, to the new
    account itself."""
    async with sessions() as session:
        captcha_on = bool(await setting_value(session, site, "captcha", "registration"))
        consent_refused = missing_consent(
            await registration_infos(session), accepted_consent_info_ids
        )
    errors: list[DomainError[AccountErrorCode]] = []
    signup_role = _role(role)
    registration = _validate(
        email=email,
        password=password,
        first_name=first_name,
        last_name=last_name,
        signup_method="email",
    )
    if isinstance(signup_role, AccountErrors):
        errors.extend(signup_role.errors)
    if isinstance(registration, AccountErrors):
        errors.extend(registration.errors)
    if consent_refused is not None:
        errors.extend(consent_refused.errors)
    if captcha_on and not (captcha_token and captcha_token.strip()):
        errors.append(
            AccountError(AccountErrorCode.CAPTCHA_REQUIRED, CAPTCHA_REQUIRED, "captcha_token")
        )
    if errors or isinstance(signup_role, AccountErrors) or isinstance(registration, AccountErrors):
        return AccountErrors(errors)
    if captcha_on:
        refused = await check_captcha(captcha_token, settings=settings, remote_ip=remote_ip)
        if refused is not None:
            return refused
    normalized_email = str(registration.email).lower()
    password_hash = await hash_password_off_loop(registration.password)
    notify = partial(notify_owner, settings=settings, attempt="sign_up", site=site, actor=None)
    may_notify = await _within_budget(sessions, mail_budget, normalized_email)
    try:
        async with unit_of_work(sessions) as session:
            infos = await registration_infos(session)
            refused_now = missing_consent(infos, accepted_consent_info_ids)
            if refused_now is not None:  # a consent info became required since the check above
                return refused_now
            owner = await owner_of(session, normalized_email)
            if owner is None:
                await _create_account(
                    session,
                    settings=settings,
                    registration=registration,
                    role=signup_role,
                    password_hash=password_hash,
                    site=site,
                    infos=infos,
                )
            elif may_notify:
                await notify(session, owner_id=owner)
    except IntegrityError:
        # A concurrent sign-up took the address between the look-up and the insert: now it is
        # a taken address like any other.
        may_notify = await _within_budget(sessions, mail_budget, normalized_email)
        async with unit_of_work(sessions) as session:
            owner = await owner_of(session, normalized_email)
            if owner is None:
                raise
            if may_notify:
                await notify(session, owner_id=owner)
    return SignUpReceived(email=normalized_email)


async def _within_budget(
    sessions: async_sessionmaker[AsyncSession], mail_budget: MailBudget | None, email: str
) -> bool:
    """Whether a taken address's notice may go: counted on its budget only when the address is
    taken (a free one's verification mail goes once, to the new account itself). Asked before
    the unit of work, which then needs no second connection."""
    if mail_budget is None:
        return True
    async with sessions() as session:
        taken = await owner_of(session, email) is not None
    return not taken or await mail_budget(email)


KNOWN_ROLES = frozenset({"applicant", "recruiter", "administrator", "site_admin", "job_editor"})


async def change_roles(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: IdentitySettings,
    user_id: uuid.UUID,
    roles: list[str],
    actor: str | None,
) -> User | AccountErrors:
    """Set a user's roles (an administrator's act; the API checks the caller is admin-like)."""
    unknown = sorted(set(roles) - KNOWN_ROLES)
    if unknown or not roles:
        return AccountErrors(
            [
                AccountError(
                    AccountErrorCode.INVALID_CHOICE,
                    f"Unknown roles: {', '.join(unknown)}" if unknown else "A user needs a role.",
                    "roles",
                )
            ]
        )
    async with unit_of_work(sessions) as session:
        user = await session.get(User, user_id, with_for_update=True)
        if user is None:
            return AccountErrors(
                [AccountError(AccountErrorCode.NOT_FOUND, "No such user.", "userId")]
            )
        new_roles = sorted(set(roles))
        if new_roles != sorted(user.roles):
            # Roles travel in tokens: the older ones stop working, open sessions renew theirs.
            await outdate_tokens(session, settings, user, reason="roles_changed", actor=actor)
        user.roles = new_roles
        event = UserRolesChanged(user_id=str(user.id), roles=user.roles, granted_by=actor).envelope(
            aggregate_id=str(user.id), site=settings.site, actor=actor
        )
        await enqueue(session, outbox, topic=settings.topic(UserRolesChanged.topic), event=event)
        return user


# Verified when the email is unknown, so both refusals take as long (no email enumeration).
_UNKNOWN_USER_HASH = hash_password("not the password of anyone")


async def authenticate(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: IdentitySettings,
    email: str,
    password: str,
    client_address: str | None,
) -> User | AccountErrors:
    """Check an email and password; the same answer whether the email exists or not."""
    now = datetime.now(UTC)
    window = timedelta(seconds=settings.login_throttle_window_seconds)
    normalized = email.strip().lower()
    rules = [ThrottleRule(account_key(normalized), settings.login_account_failure_limit, window)]
    if client_address:
        rules.append(
            ThrottleRule(address_key(client_address), settings.login_address_failure_limit, window)
        )
    async with sessions() as session:
        locked = await locked_until(session, rules, now=now)
        user = await session.scalar(select(User).where(func.lower(User.email) == normalized))
    if locked is not None:
        return _throttled(locked, now)
    valid = await verify_password_off_loop(
        password[:PASSWORD_MAX_LENGTH], user.password_hash if user else _UNKNOWN_USER_HASH
    )
    async with unit_of_work(sessions) as session:
        # A blocked account is refused like a wrong password (nothing tells the cases apart).
        if user is None or not valid or user.blocked_at is not None:
            await record_failure(session, rules, now=now)
            return AccountErrors(
                [AccountError(AccountErrorCode.INVALID_CREDENTIALS, INVALID_CREDENTIALS, None)]
            )
        await clear(session, rules[0].key)
        event = UserLoggedIn(user_id=str(user.id), method="password").envelope(
            aggregate_id=str(user.id), site=settings.site, actor=str(user.id)
        )
        await enqueue(session, outbox, topic=settings.topic(UserLoggedIn.topic), event=event)
    return user


def _throttled(until: datetime, now: datetime) -> AccountErrors:
    minutes = max(1, int((until - now).total_seconds() // 60) + 1)
    return AccountErrors(
        [AccountError(AccountErrorCode.THROTTLED, THROTTLED.format(minutes=minutes), None)]
    )
