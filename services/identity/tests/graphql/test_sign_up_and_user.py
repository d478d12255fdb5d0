"""Sign-up through GraphQL (the same answer for a free and a taken address), and who may read a
user's private fields."""

from typing import Any

import pytest
from identity.db import outbox
from identity.domain.models import User
from jobkit.events import EventEnvelope
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.tokens import TokenIssuer
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.identity.tests.factories import sign_up_input as _input

pytestmark = pytest.mark.integration

SIGN_UP = """
mutation($input: SignUpInput!) {
  signUp(input: $input) {
    __typename
    ... on SignUpSuccess { email }
    ... on AccountErrors { message errors { field code message } }
  }
}
"""
ENTITY = """
query($r: [_Any!]!) {
  _entities(representations: $r) { ... on User { id name email roles { targetId } } }
}
"""


async def _signed_up(
    graphql: GraphQLClient, sessions: async_sessionmaker[AsyncSession], **overrides: Any
) -> User:
    """Sign up through GraphQL; the new account as stored (the answer never names it)."""
    data = _input(**overrides)
    answer = (await graphql.data(SIGN_UP, input=data))["signUp"]
    assert answer == {"__typename": "SignUpSuccess", "email": data["email"].lower()}
    async with sessions() as session:
        user = await session.scalar(select(User).where(User.email == data["email"].lower()))
    assert user is not None
    return user


async def test_sign_up_creates_an_account_with_the_chosen_role(
    graphql: GraphQLClient, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    user = await _signed_up(graphql, committed_sessions, email="Grace.H@Example.org")
    assert user.email == "grace.h@example.org"
    assert user.roles == ["recruiter"]
    assert (user.first_name, user.last_name, user.email_verified) == ("Grace", "Hopper", False)


async def test_a_taken_email_gets_the_same_answer_and_no_second_account(
    graphql: GraphQLClient, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    first = _input()
    owner = await _signed_up(graphql, committed_sessions, **first)
    again = first | {
        "email": f"  {first['email'].upper()} ",
        "password": "another good password",
        "firstName": "Eve",
        "role": "APPLICANT",
    }
    taken = await graphql.data(SIGN_UP, input=again)
    assert taken == {"signUp": {"__typename": "SignUpSuccess", "email": first["email"]}}

    async with committed_sessions() as session:
        same_address = await session.scalar(
            select(func.count()).select_from(User).where(func.lower(User.email) == first["email"])
        )
        stored = await session.get(User, owner.id)
        rows = (
            await session.execute(
                select(outbox.c.body).where(outbox.c.key == str(owner.id)).order_by(outbox.c.id)
            )
        ).all()
    assert same_address == 1
    assert stored is not None
    assert (stored.first_name, stored.roles, stored.password_hash) == (
        "Grace",
        ["recruiter"],
        owner.password_hash,
    )
    events = [EventEnvelope.from_bytes(row.body) for row in rows]
    assert [event.type for event in events] == [
        "identity.user.registered",
        "identity.user.taken_email_used",
    ]
    assert events[1].payload == {"user_id": str(owner.id), "attempt": "sign_up"}


@pytest.mark.parametrize(
    ("overrides", "field", "code"),
    [
        ({"email": "not-an-email"}, "email", "INVALID"),
        ({"password": "short"}, "password", "TOO_SHORT"),
        ({"password": "x" * 129}, "password", "TOO_LONG"),
        ({"firstName": "   "}, "firstName", "TOO_SHORT"),
        ({"lastName": "L" * 101}, "lastName", "TOO_LONG"),
    ],
)
async def test_each_rule_answers_its_field_and_code(
    graphql: GraphQLClient, overrides: dict[str, Any], field: str, code: str
) -> None:
    answer = (await graphql.data(SIGN_UP, input=_input(**overrides)))["signUp"]
    assert answer["__typename"] == "AccountErrors"
    assert [(e["field"], e["code"]) for e in answer["errors"]] == [(field, code)]
    assert answer["message"] == "The input has 1 invalid field."


async def test_signing_up_as_an_administrator_is_refused_at_the_edge(
    graphql: GraphQLClient,
) -> None:
    answer = await graphql.execute(SIGN_UP, input=_input(role="ADMINISTRATOR"))
    assert answer.get("data") is None
    assert "SignUpRole" in answer["errors"][0]["message"]


async def test_email_and_roles_are_only_for_the_user_and_admins(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    user = await _signed_up(graphql, committed_sessions)
    created = {"id": str(user.id), "email": user.email}
    reference = [{"__typename": "User", "id": created["id"]}]

    # The leak this closes: any caller holding a User reference got email and roles.
    for caller in (graphql, graphql.as_user(tokens.token(roles=["recruiter"]))):
        [seen] = (await caller.data(ENTITY, r=reference))["_entities"]
        assert seen == {"id": created["id"], "name": "Grace Hopper", "email": None, "roles": []}

    for caller in (
        graphql.as_user(tokens.token(created["id"], ["recruiter"])),
        graphql.as_user(tokens.token(roles=["administrator"])),
    ):
        [seen] = (await caller.data(ENTITY, r=reference))["_entities"]
        assert seen["email"] == created["email"]
        assert seen["roles"] == [{"targetId": "recruiter"}]


async def test_current_user_answers_the_callers_own_account(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    user = await _signed_up(graphql, committed_sessions)
    created = {"id": str(user.id), "email": user.email}
    me = graphql.as_user(tokens.token(created["id"], ["recruiter"]))
    answer = await me.data("{ currentUser { id email emailVerified } }")
    assert answer["currentUser"] == {
        "id": created["id"],
        "email": created["email"],
        "emailVerified": False,
    }
    assert (await graphql.data("{ currentUser { id } }"))["currentUser"] is None


async def test_only_admins_change_roles(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    user = await _signed_up(graphql, committed_sessions, role="APPLICANT")
    created = {"id": str(user.id)}
    change = """mutation($input: ChangeUserRolesInput!) { changeUserRoles(input: $input) {
        __typename ... on ChangeUserRolesSuccess { user { roles { targetId } } }
        ... on AccountErrors { errors { field code } } } }"""
    wanted = {"userId": created["id"], "roles": ["recruiter", "job_editor"]}
    refused = await graphql.as_user(tokens.token(created["id"], ["applicant"])).execute(
        change, input=wanted
    )
    assert refused["errors"][0]["extensions"]["code"] == "FORBIDDEN"
    admin = graphql.as_user(tokens.token(roles=["administrator"]))
    done = (await admin.data(change, input=wanted))["changeUserRoles"]
    assert done["user"]["roles"] == [{"targetId": "job_editor"}, {"targetId": "recruiter"}]
    bad = (await admin.data(change, input=wanted | {"roles": ["emperor"]}))["changeUserRoles"]
    assert bad["errors"] == [{"field": "roles", "code": "INVALID_CHOICE"}]


FLAGS = """query($r: [_Any!]!) {
  currentUser { isUserApprovedAndVerified isEligibleForJobApply }
  _entities(representations: $r) {
    ... on User { isUserApprovedAndVerified isEligibleForJobApply }
  }
}"""


@pytest.mark.parametrize(
    ("roles", "verified", "approved", "eligible"),
    [
        (["applicant"], False, False, True),
        (["applicant"], True, True, True),
        (["recruiter"], False, False, False),
        (["recruiter"], True, True, False),
        (["administrator"], True, True, False),
    ],
)
async def test_the_session_flags_follow_the_role_and_the_confirmed_address(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
    roles: list[str],
    verified: bool,
    approved: bool,
    eligible: bool,
) -> None:
    user = await _signed_up(graphql, committed_sessions)
    async with committed_sessions() as session, session.begin():
        stored = await session.get(User, user.id)
        assert stored is not None
        stored.roles = roles
        stored.email_verified = verified
    reference = [{"__typename": "User", "id": str(user.id)}]
    flags = {"isUserApprovedAndVerified": approved, "isEligibleForJobApply": eligible}

    me = await graphql.as_user(tokens.token(user.id, roles)).data(FLAGS, r=reference)
    assert me == {"currentUser": flags, "_entities": [flags]}
    admin = await graphql.as_user(tokens.token(roles=["site_admin"])).data(FLAGS, r=reference)
    assert admin["_entities"] == [flags]
    # someone else: the flags are the user's own business
    hidden = {"isUserApprovedAndVerified": None, "isEligibleForJobApply": None}
    stranger = await graphql.as_user(tokens.token(roles=["recruiter"])).data(FLAGS, r=reference)
    assert stranger["_entities"] == [hidden]
