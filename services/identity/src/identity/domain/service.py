"""Identity use cases. Each opens one unit of work and writes state and events together."""

import uuid

from jobkit.db import unit_of_work
from jobkit.outbox import enqueue
from jobkit.settings import ServiceSettings
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from identity.db import outbox
from identity.domain.errors import EMAIL_TAKEN, FieldProblem
from identity.domain.events import UserRegistered
from identity.domain.models import User
from identity.domain.passwords import hash_password

SIGNUP_ROLES = frozenset({"applicant", "recruiter"})


async def register_user(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: ServiceSettings,
    email: str,
    password: str,
    first_name: str,
    last_name: str,
    role: str = "applicant",
    signup_method: str = "email",
) -> User | FieldProblem:
    email = email.strip().lower()
    async with unit_of_work(sessions) as session:
        taken = await session.scalar(select(User.id).where(func.lower(User.email) == email))
        if taken is not None:
            return FieldProblem(
                field="email", message=EMAIL_TAKEN.format(email=email), code="EMAIL_TAKEN"
            )
        user = User(
            id=uuid.uuid4(),
            email=email,
            password_hash=hash_password(password),
            first_name=first_name.strip(),
            last_name=last_name.strip(),
            roles=[role],
            signup_method=signup_method,
            site=settings.site,
        )
        session.add(user)
        await session.flush()
        event = UserRegistered(
            user_id=str(user.id), roles=user.roles, signup_method=signup_method
        ).envelope(aggregate_id=str(user.id), site=settings.site, actor=str(user.id))
        await enqueue(session, outbox, topic=settings.topic(UserRegistered.topic), event=event)
        return user
