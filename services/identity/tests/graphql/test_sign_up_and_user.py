"""Sign-up through GraphQL, and who may read a user's private fields."""

from typing import Any

import pytest
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.tokens import TokenIssuer

from services.identity.tests.factories import sign_up_input as _input

pytestmark = pytest.mark.integration

SIGN_UP = """
mutation($input: SignUpInput!) {
  signUp(input: $input) {
    __typename
    ... on SignUpSuccess { user { id email firstName roles { targetId } } }
    ... on AccountErrors { message errors { field code message } }
  }
}
"""
ENTITY = """
query($r: [_Any!]!) {
  _entities(representations: $r) { ... on User { id name email roles { targetId } } }
}
"""


async def test_sign_up_creates_an_account_with_the_chosen_role(graphql: GraphQLClient) -> None:
    answer = (await graphql.data(SIGN_UP, input=_input()))["signUp"]
    assert answer["__typename"] == "SignUpSuccess"
    assert answer["user"]["roles"] == [{"targetId": "recruiter"}]
    assert answer["user"]["firstName"] == "Grace"


async def test_a_taken_email_is_refused_with_its_code(graphql: GraphQLClient) -> None:
    first = _input()
    await graphql.data(SIGN_UP, input=first)
    again = (await graphql.data(SIGN_UP, input=first | {"email": first["email"].upper()}))["signUp"]
    assert again["__typename"] == "AccountErrors"
    assert [(e["field"], e["code"]) for e in again["errors"]] == [("email", "EMAIL_TAKEN")]


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
    graphql: GraphQLClient, tokens: TokenIssuer
) -> None:
    created = (await graphql.data(SIGN_UP, input=_input()))["signUp"]["user"]
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
    graphql: GraphQLClient, tokens: TokenIssuer
) -> None:
    created = (await graphql.data(SIGN_UP, input=_input()))["signUp"]["user"]
    me = graphql.as_user(tokens.token(created["id"], ["recruiter"]))
    answer = await me.data("{ currentUser { id email emailVerified } }")
    assert answer["currentUser"] == {
        "id": created["id"],
        "email": created["email"],
        "emailVerified": False,
    }
    assert (await graphql.data("{ currentUser { id } }"))["currentUser"] is None


async def test_only_admins_change_roles(graphql: GraphQLClient, tokens: TokenIssuer) -> None:
    created = (await graphql.data(SIGN_UP, input=_input(role="APPLICANT")))["signUp"]["user"]
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
