"""route(slug) through GraphQL: its three answers, the slug index the indexer fills from job and
profile events (renames redirect, late older events change nothing), and bad strings refused
before the database."""

import uuid
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import httpx
import pytest
from jobkit.events import EventEnvelope
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.service import persist
from jobkit.testing.statements import StatementLog
from search.engine.indexing.store import SearchStore
from search.messaging.consumers import bulk_scope, indexer_handlers, organization_handlers
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.search.tests.factories import job_payload, landing_page, profile_payload, route

pytestmark = pytest.mark.integration

ROUTE = """query($slug: String!) { route(slug: $slug) {
  __typename
  ... on ErrorResponse { code reason }
  ... on RedirectResponse { code target }
  ... on ContentResponse { content {
    __typename
    ... on LandingPage { id title }
    ... on Job { id }
    ... on OrganizationProfile { id }
  } }
} }"""
NOT_FOUND = {"__typename": "ErrorResponse", "code": 404, "reason": "Not found"}
GONE = {"__typename": "ErrorResponse", "code": 410, "reason": "Gone"}


async def _deliver(
    store: SearchStore,
    sessions: async_sessionmaker[AsyncSession],
    event_type: str,
    payload: Any,
) -> None:
    """One event through the indexer's handler, committed as the consumer commits it."""
    on_jobs, on_profiles = indexer_handlers(store)
    handlers = on_jobs | on_profiles
    envelope = EventEnvelope(
        type=event_type,
        aggregate_id=payload.job_id if event_type.startswith("jobs.") else payload.profile_id,
        aggregate_version=payload.version,
        site=payload.site,
        payload=payload.model_dump(),
    )
    async with sessions() as session, session.begin():
        await handlers[event_type](session, envelope)


def _job(job_id: str) -> dict[str, Any]:
    return {"__typename": "ContentResponse", "content": {"__typename": "Job", "id": job_id}}


def _redirect(target: str) -> dict[str, Any]:
    return {"__typename": "RedirectResponse", "code": 301, "target": target}


async def test_health(service_url: str) -> None:
    async with httpx.AsyncClient() as client:
        assert (await client.get(f"{service_url}/healthz")).json()["service"] == "search"


async def test_route_answers_content_redirects_and_not_found(
    graphql: GraphQLClient, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    page = landing_page(title="Nursing jobs")
    slug = f"/jobs/nursing-{uuid.uuid4().hex[:6]}"
    await persist(committed_sessions, page)
    await persist(
        committed_sessions,
        route(slug=slug, content_type="LandingPage", content_id=page.id),
        route(slug=f"{slug}-old", redirect_target=slug, redirect_code=301),
    )
    content = (await graphql.data(ROUTE, slug=slug))["route"]
    assert content["content"] == {
        "__typename": "LandingPage",
        "id": str(page.id),
        "title": "Nursing jobs",
    }
    redirect = (await graphql.data(ROUTE, slug=f"{slug}-old/"))["route"]
    assert redirect == {"__typename": "RedirectResponse", "code": 301, "target": slug}
    missing = (await graphql.data(ROUTE, slug="/no-such-page"))["route"]
    assert missing == {"__typename": "ErrorResponse", "code": 404, "reason": "Not found"}


async def test_a_nul_byte_in_a_slug_gets_a_clear_error_and_no_sql(graphql: GraphQLClient) -> None:
    # On main this answered the raw database error, SQL statement included.
    for answer in (
        await graphql.execute(ROUTE, slug="a\x00b"),
        await graphql.execute('{ route(slug: "a\\u0000b") { __typename } }'),
    ):
        assert answer["data"] is None
        assert answer["errors"][0]["extensions"]["code"] == "BAD_USER_INPUT"
        assert "SELECT" not in str(answer)
        assert "routes" not in str(answer)


async def test_a_job_answers_at_its_path_and_a_renamed_jobs_old_slug_redirects(
    graphql: GraphQLClient,
    committed_sessions: async_sessionmaker[AsyncSession],
    store: SearchStore,
) -> None:
    first = job_payload(version=1)
    old, new = first.slug, f"{first.slug}-renamed"
    await _deliver(store, committed_sessions, "jobs.job.published", first)
    assert (await graphql.data(ROUTE, slug=f"/job/{old}"))["route"] == _job(first.job_id)

    renamed = first.model_copy(update={"slug": new, "former_slugs": [old], "version": 2})
    await _deliver(store, committed_sessions, "jobs.job.updated", renamed)
    assert (await graphql.data(ROUTE, slug=f"/job/{new}"))["route"] == _job(first.job_id)
    assert (await graphql.data(ROUTE, slug=f"/job/{old}"))["route"] == _redirect(f"/job/{new}")

    # the version-1 event delivered again, late: the current slug stays content
    await _deliver(store, committed_sessions, "jobs.job.published", first)
    assert (await graphql.data(ROUTE, slug=f"/job/{new}"))["route"] == _job(first.job_id)
    assert (await graphql.data(ROUTE, slug=f"/job/{old}"))["route"] == _redirect(f"/job/{new}")

    # a second rename: both former slugs go straight to the newest (no chain), even when the
    # event names only the last one; an archived job keeps answering (its page says 410)
    newest = f"{first.slug}-third"
    third = renamed.model_copy(
        update={"slug": newest, "former_slugs": [new], "version": 3, "state": "archived"}
    )
    await _deliver(store, committed_sessions, "jobs.job.archived", third)
    assert (await graphql.data(ROUTE, slug=f"/job/{newest}/"))["route"] == _job(first.job_id)
    for former in (old, new):
        answer = (await graphql.data(ROUTE, slug=f"/job/{former}"))["route"]
        assert answer == _redirect(f"/job/{newest}")
    assert (await graphql.data(ROUTE, slug=f"/job/{first.slug}-nope"))["route"] == NOT_FOUND


async def test_a_published_profile_answers_until_it_is_unpublished(
    graphql: GraphQLClient,
    committed_sessions: async_sessionmaker[AsyncSession],
    store: SearchStore,
) -> None:
    profile = profile_payload(version=1)
    path = f"/organization/{profile.slug}"
    await _deliver(store, committed_sessions, "organizations.profile.published", profile)
    assert (await graphql.data(ROUTE, slug=path))["route"] == {
        "__typename": "ContentResponse",
        "content": {"__typename": "OrganizationProfile", "id": profile.profile_id},
    }
    renamed = profile.model_copy(
        update={"slug": f"{profile.slug}-new", "former_slugs": [profile.slug], "version": 2}
    )
    await _deliver(store, committed_sessions, "organizations.profile.updated", renamed)
    assert (await graphql.data(ROUTE, slug=path))["route"] == _redirect(f"{path}-new")

    hidden = renamed.model_copy(update={"published": False, "version": 3})
    await _deliver(store, committed_sessions, "organizations.profile.unpublished", hidden)
    assert (await graphql.data(ROUTE, slug=f"{path}-new"))["route"] == NOT_FOUND
    assert (await graphql.data(ROUTE, slug=path))["route"] == NOT_FOUND
    # the published version-2 event, late: it stays hidden
    await _deliver(store, committed_sessions, "organizations.profile.updated", renamed)
    assert (await graphql.data(ROUTE, slug=f"{path}-new"))["route"] == NOT_FOUND


async def test_a_slug_another_job_gave_up_goes_to_the_job_that_took_it(
    graphql: GraphQLClient,
    committed_sessions: async_sessionmaker[AsyncSession],
    store: SearchStore,
) -> None:
    first = job_payload(version=1)
    slug = first.slug
    moved = first.model_copy(update={"slug": f"{slug}-moved", "former_slugs": [slug], "version": 2})
    await _deliver(store, committed_sessions, "jobs.job.published", first)
    await _deliver(store, committed_sessions, "jobs.job.updated", moved)
    other = job_payload(slug=slug, version=1)
    await _deliver(store, committed_sessions, "jobs.job.published", other)
    assert (await graphql.data(ROUTE, slug=f"/job/{slug}"))["route"] == _job(other.job_id)
    # the first job's next event names the slug among its former ones: it stays the other's
    again = moved.model_copy(update={"title": "Changed", "version": 3})
    await _deliver(store, committed_sessions, "jobs.job.updated", again)
    assert (await graphql.data(ROUTE, slug=f"/job/{slug}"))["route"] == _job(other.job_id)


async def test_a_batch_writes_its_paths_together_and_answers_as_one_event_at_a_time(
    graphql: GraphQLClient,
    committed_sessions: async_sessionmaker[AsyncSession],
    store: SearchStore,
    statements: Callable[[], AbstractContextManager[StatementLog]],
) -> None:
    on_jobs, _ = indexer_handlers(store)
    first = job_payload(version=1)
    slug = first.slug
    moved = first.model_copy(update={"slug": f"{slug}-moved", "former_slugs": [slug], "version": 2})
    other = job_payload(slug=slug, version=1)
    many = [job_payload(version=1) for _ in range(20)]
    batch = [
        ("jobs.job.published", first),
        ("jobs.job.updated", moved),  # the same job again: what was gathered is written first
        ("jobs.job.published", other),  # takes the slug the first job gave up
        *(("jobs.job.published", job) for job in many),
        ("jobs.job.published", first),  # late and older: changes nothing
    ]
    with statements() as log:
        async with committed_sessions() as session, session.begin(), bulk_scope(store):
            for event_type, payload in batch:
                envelope = EventEnvelope(
                    type=event_type,
                    aggregate_id=payload.job_id,
                    aggregate_version=payload.version,
                    site=payload.site,
                    payload=payload.model_dump(),
                )
                await on_jobs[event_type](session, envelope)
    # three writes of five statements (the repeated job splits the batch twice), not four or
    # five statements per event
    assert sum("routes" in statement for statement in log.statements) <= 15
    assert (await graphql.data(ROUTE, slug=f"/job/{slug}"))["route"] == _job(other.job_id)
    assert (await graphql.data(ROUTE, slug=f"/job/{slug}-moved"))["route"] == _job(first.job_id)
    for job in many:
        assert (await graphql.data(ROUTE, slug=f"/job/{job.slug}"))["route"] == _job(job.job_id)


async def _delete_organization(
    sessions: async_sessionmaker[AsyncSession], organization_id: str
) -> None:
    envelope = EventEnvelope(
        type="organizations.organization.deleted",
        aggregate_id=organization_id,
        site="jobboard",
        payload={"organization_id": organization_id, "number": 1},
    )
    async with sessions() as session, session.begin():
        await organization_handlers()[envelope.type](session, envelope)


async def test_a_deleted_organizations_profile_answers_410_at_every_path_it_had(
    graphql: GraphQLClient,
    committed_sessions: async_sessionmaker[AsyncSession],
    store: SearchStore,
) -> None:
    profile = profile_payload(version=1)
    path = f"/organization/{profile.slug}"
    renamed = profile.model_copy(
        update={"slug": f"{profile.slug}-new", "former_slugs": [profile.slug], "version": 2}
    )
    await _deliver(store, committed_sessions, "organizations.profile.published", profile)
    await _deliver(store, committed_sessions, "organizations.profile.updated", renamed)

    # the deletion may overtake the profile's unpublished event (another topic)
    await _delete_organization(committed_sessions, profile.organization_id)
    assert (await graphql.data(ROUTE, slug=f"{path}-new"))["route"] == GONE
    assert (await graphql.data(ROUTE, slug=path))["route"] == GONE  # a former slug too
    hidden = renamed.model_copy(update={"published": False, "version": 3})
    await _deliver(store, committed_sessions, "organizations.profile.unpublished", hidden)
    await _delete_organization(committed_sessions, profile.organization_id)  # redelivered
    assert (await graphql.data(ROUTE, slug=f"{path}-new"))["route"] == GONE
    assert (await graphql.data(ROUTE, slug=path))["route"] == GONE

    # another organization founded later under the freed slug takes the path over
    other = profile_payload(slug=f"{profile.slug}-new", version=1)
    await _deliver(store, committed_sessions, "organizations.profile.published", other)
    assert (await graphql.data(ROUTE, slug=f"{path}-new"))["route"] == {
        "__typename": "ContentResponse",
        "content": {"__typename": "OrganizationProfile", "id": other.profile_id},
    }
    assert (await graphql.data(ROUTE, slug=path))["route"] == GONE


async def test_a_deleted_job_answers_410_at_every_path_and_leaves_the_index_for_good(
    graphql: GraphQLClient,
    committed_sessions: async_sessionmaker[AsyncSession],
    store: SearchStore,
) -> None:
    first = job_payload(version=1)
    renamed = first.model_copy(
        update={"slug": f"{first.slug}-new", "former_slugs": [first.slug], "version": 2}
    )
    await _deliver(store, committed_sessions, "jobs.job.published", first)
    await _deliver(store, committed_sessions, "jobs.job.archived", renamed)

    on_jobs, _ = indexer_handlers(store)
    deleted = EventEnvelope(
        type="jobs.job.deleted",
        aggregate_id=first.job_id,
        aggregate_version=3,
        site="jobboard",
        payload={
            "job_id": first.job_id,
            "site": "jobboard",
            "organization_id": first.organization_id,
            "organization_number": 1,
        },
    )
    for _ in range(2):  # a redelivery changes nothing
        async with committed_sessions() as session, session.begin():
            await on_jobs[deleted.type](session, deleted)
    assert (await graphql.data(ROUTE, slug=f"/job/{first.slug}-new"))["route"] == GONE
    assert (await graphql.data(ROUTE, slug=f"/job/{first.slug}"))["route"] == GONE
    document = await store.get("jobs", first.job_id)
    assert document == {"id": first.job_id, "version": 2**62, "findable": False}

    # a snapshot arriving late (another partition's replay, a resync) brings nothing back
    await _deliver(store, committed_sessions, "jobs.job.published", first)
    assert (await graphql.data(ROUTE, slug=f"/job/{first.slug}"))["route"] == GONE
    assert (await store.get("jobs", first.job_id)) == document
