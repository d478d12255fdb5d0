"""The stack suite leaves nothing on the demo board: the accounts its sign-ups made are erased
when it ends, as an administrator erases a person on request (eraseUser, ADR 0036)."""

import asyncio
import uuid
from collections.abc import Iterator

import pytest
from jobkit.testing.graphql import GraphQLClient

from tests.stack.test_gateway_reaches_every_subgraph import GATEWAY_URL, SIGNED_UP, token_for

ERASE = "mutation($userId: ID!) { eraseUser(userId: $userId) { __typename } }"


async def erase(user_ids: list[str]) -> dict[str, str]:
    admin = GraphQLClient(GATEWAY_URL, token=token_for(str(uuid.uuid4()), ["administrator"]))
    answers = {}
    for user_id in user_ids:
        answers[user_id] = (await admin.data(ERASE, userId=user_id))["eraseUser"]["__typename"]
    return answers


@pytest.fixture(scope="session", autouse=True)
def erase_signed_up_accounts() -> Iterator[None]:
    yield
    if SIGNED_UP:
        answers = asyncio.run(erase(list(dict.fromkeys(SIGNED_UP))))
        assert set(answers.values()) == {"AccountDeleted"}, answers
