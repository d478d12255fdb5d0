"""job(id) and the Job entity: published jobs are public, others only for owner and admins."""

import uuid

import pytest
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.service import persist
from jobkit.testing.tokens import TokenIssuer
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.jobs.tests.factories import job

pytestmark = pytest.mark.integration

JOB = "query($id: ID!) { job(id: $id) { id title } }"
ENTITY = "query($r: [_Any!]!) { _entities(representations: $r) { ... on Job { id title } } }"


async def _job(
    committed_sessions: async_sessionmaker[AsyncSession], owner: uuid.UUID, status: str
) -> str:
    row = job(title=f"A {status} job", owner_id=owner, status=status)
    await persist(committed_sessions, row)
    return str(row.id)


async def test_a_job_under_review_is_hidden_from_visitors_and_other_recruiters(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    owner = uuid.uuid4()
    hidden = await _job(committed_sessions, owner, "needs_review")
    public = await _job(committed_sessions, owner, "published")

    # The leak this closes: anonymous callers got needs_review jobs.
    assert (await graphql.data(JOB, id=hidden))["job"] is None
    entities = await graphql.data(ENTITY, r=[{"__typename": "Job", "id": hidden}])
    assert entities["_entities"] == [None]
    stranger = graphql.as_user(tokens.token(roles=["recruiter"]))
    assert (await stranger.data(JOB, id=hidden))["job"] is None

    mine = await graphql.as_user(tokens.token(owner, ["recruiter"])).data(JOB, id=hidden)
    assert mine["job"] == {"id": hidden, "title": "A needs_review job"}
    admin = await graphql.as_user(tokens.token(roles=["job_editor"])).data(JOB, id=hidden)
    assert admin["job"]["id"] == hidden

    assert (await graphql.data(JOB, id=public))["job"]["title"] == "A published job"


async def test_an_id_that_is_not_a_uuid_answers_null(graphql: GraphQLClient) -> None:
    assert (await graphql.data(JOB, id="not-a-uuid"))["job"] is None
