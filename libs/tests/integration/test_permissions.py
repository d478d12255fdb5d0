"""The named permissions, tested once here; services apply them declaratively.

Runs the rules against a real PostgreSQL (the membership read model) through a small schema.
"""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest
import strawberry
from jobkit.auth import Principal
from jobkit.db import make_engine, make_sessionmaker, new_metadata, unit_of_work
from jobkit.graphql import ServiceContext
from jobkit.memberships import apply_member_added, apply_member_removed, memberships_table
from jobkit.permissions import (
    AdminLike,
    AdminLikeOrHidden,
    Anyone,
    IsAuthenticated,
    MemberOfOrganization,
    OwnerOrAdminLike,
    RecruiterScope,
    SelfOrAdminLike,
)
from jobkit.schema import build_schema
from jobkit.settings import ServiceSettings
from jobkit.testing.database import temporary_database
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from strawberry.permission import PermissionExtension
from strawberry.types import Info

pytestmark = pytest.mark.integration

metadata = new_metadata()
memberships = memberships_table(metadata)
OWNER = str(uuid.uuid4())


@strawberry.type
class Thing:
    id: strawberry.ID
    owner_id: strawberry.Private[str]

    @strawberry.field(permission_classes=[OwnerOrAdminLike])
    def secret(self) -> str:
        return "owner's secret"

    @strawberry.field(extensions=[PermissionExtension([SelfOrAdminLike()], fail_silently=True)])
    def own_email(self) -> str | None:
        return "me@example.org"

    @strawberry.field(extensions=[PermissionExtension([AdminLikeOrHidden()], fail_silently=True)])
    def review_notes(self) -> str | None:
        return "for administrators"


@strawberry.type
class Query:
    @strawberry.field(permission_classes=[IsAuthenticated])
    def me(self, info: Info[ServiceContext, None]) -> str:
        return info.context.require_principal().user_id

    @strawberry.field(permission_classes=[Anyone])
    def open_door(self) -> str:
        return "open"

    @strawberry.field(permission_classes=[AdminLike])
    def admin_area(self) -> str:
        return "admin"

    @strawberry.field(permission_classes=[RecruiterScope])
    def recruiter_area(self) -> str:
        return "recruiter"

    @strawberry.field(permission_classes=[MemberOfOrganization])
    async def credits(self, organization_id: int | None = None) -> int:
        return 0 if organization_id is None else 5

    @strawberry.field
    def thing(self) -> Thing:
        return Thing(id=strawberry.ID(OWNER), owner_id=OWNER)


schema = build_schema(query=Query)


@pytest.fixture(scope="module")
async def sessions() -> AsyncIterator[async_sessionmaker[AsyncSession]]:
    settings = ServiceSettings(service_name="permissions", db_name="permissions")
    async with temporary_database(settings, metadata=metadata) as url:
        engine = make_engine(url)
        yield make_sessionmaker(engine)
        await engine.dispose()


def _context(
    sessions: async_sessionmaker[AsyncSession], principal: Principal | None
) -> ServiceContext:
    return ServiceContext(
        sessions=sessions,
        settings=ServiceSettings(),
        principal=principal,
        auth_error=None,
        memberships=memberships,
    )


async def _ask(
    sessions: async_sessionmaker[AsyncSession], principal: Principal | None, query: str
) -> tuple[Any, list[str]]:
    result = await schema.execute(query, context_value=_context(sessions, principal))
    codes = [str((error.extensions or {}).get("code")) for error in result.errors or []]
    return result.data, codes


def person(*roles: str, user_id: str | None = None) -> Principal:
    return Principal(user_id=user_id or str(uuid.uuid4()), roles=frozenset(roles))


ANONYMOUS = None


@pytest.mark.parametrize(
    ("query", "principal", "allowed", "code"),
    [
        ("{ openDoor }", ANONYMOUS, True, None),
        ("{ openDoor }", person("applicant"), True, None),
        ("{ me }", ANONYMOUS, False, "UNAUTHENTICATED"),
        ("{ me }", person("applicant"), True, None),
        ("{ adminArea }", ANONYMOUS, False, "UNAUTHENTICATED"),
        ("{ adminArea }", person("recruiter"), False, "FORBIDDEN"),
        ("{ adminArea }", person("administrator"), True, None),
        ("{ adminArea }", person("site_admin"), True, None),
        ("{ adminArea }", person("job_editor"), True, None),
        ("{ recruiterArea }", person("applicant"), False, "FORBIDDEN"),
        ("{ recruiterArea }", person("recruiter"), True, None),
        ("{ recruiterArea }", person("site_admin"), True, None),
        ("{ thing { secret } }", person("applicant"), False, "FORBIDDEN"),
        ("{ thing { secret } }", person("applicant", user_id=OWNER), True, None),
        ("{ thing { secret } }", person("administrator"), True, None),
    ],
)
async def test_each_rule_allows_and_refuses_with_the_right_code(
    sessions: async_sessionmaker[AsyncSession],
    query: str,
    principal: Principal | None,
    allowed: bool,
    code: str | None,
) -> None:
    _data, codes = await _ask(sessions, principal, query)
    if allowed:
        assert codes == []
    else:
        assert codes == [code]


async def test_self_only_fields_are_null_for_others_and_visitors(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    for principal in (ANONYMOUS, person("recruiter")):
        data, codes = await _ask(sessions, principal, "{ thing { ownEmail } }")
        assert codes == []
        assert data == {"thing": {"ownEmail": None}}
    for principal in (person("applicant", user_id=OWNER), person("job_editor")):
        data, _ = await _ask(sessions, principal, "{ thing { ownEmail } }")
        assert data == {"thing": {"ownEmail": "me@example.org"}}


async def test_admin_only_fields_that_fail_silently_are_null_for_everyone_else(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    for principal in (ANONYMOUS, person("recruiter"), person("applicant", user_id=OWNER)):
        data, codes = await _ask(sessions, principal, "{ thing { reviewNotes } }")
        assert codes == []
        assert data == {"thing": {"reviewNotes": None}}
    data, _ = await _ask(sessions, person("site_admin"), "{ thing { reviewNotes } }")
    assert data == {"thing": {"reviewNotes": "for administrators"}}


async def test_membership_comes_from_the_local_read_model(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    recruiter = person("recruiter")
    query = "{ credits(organizationId: 42) }"
    _, codes = await _ask(sessions, recruiter, query)
    assert codes == ["FORBIDDEN"]

    async with unit_of_work(sessions) as session:
        await apply_member_added(
            session, memberships, organization_id="42", user_id=recruiter.user_id
        )
    data, codes = await _ask(sessions, recruiter, query)
    assert (data, codes) == ({"credits": 5}, [])

    # another organization stays closed; an applicant member is not a recruiter
    _, codes = await _ask(sessions, recruiter, "{ credits(organizationId: 43) }")
    assert codes == ["FORBIDDEN"]
    async with unit_of_work(sessions) as session:
        await apply_member_removed(
            session, memberships, organization_id="42", user_id=recruiter.user_id
        )
    _, codes = await _ask(sessions, recruiter, query)
    assert codes == ["FORBIDDEN"]
    _, codes = await _ask(sessions, person("administrator"), query)
    assert codes == []
    _, codes = await _ask(sessions, ANONYMOUS, query)
    assert codes == ["UNAUTHENTICATED"]
