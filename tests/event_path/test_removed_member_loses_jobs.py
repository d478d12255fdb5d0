"""A removed member loses write access at once where membership is decided (organizations) and
within one event round trip in jobs, whose membership read model follows organizations'
``member.removed`` event over the real broker (ADR 0025 gives the bound)."""

from __future__ import annotations

import asyncio
import logging
import uuid

import pytest
from jobkit.auth import Principal
from jobkit.db import make_engine, make_sessionmaker
from jobkit.settings import database_name
from jobkit.testing.database import temporary_database
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.server import serve
from jobkit.testing.tokens import token_issuer
from jobs.main import create_app as create_jobs
from jobs.settings import SERVICE_DIR as JOBS_DIR
from jobs.settings import JobsSettings
from organizations.domain.invitations import IssuedInvitation, invite_member
from organizations.main import create_app as create_organizations
from organizations.settings import SERVICE_DIR as ORGANIZATIONS_DIR
from organizations.settings import OrganizationsSettings

pytestmark = pytest.mark.integration
log = logging.getLogger(__name__)

FOUND = """mutation($i: CreateOrganizationInput!) { createOrganization(input: $i) {
  ... on OrganizationProfileSaved { profile { id organization { id } } } } }"""
ACCEPT = """mutation($t: String!) { acceptOrganizationInvitation(token: $t) { __typename } }"""
REMOVE = """mutation($o: ID!, $u: ID!) { removeOrganizationMember(organizationId: $o, userId: $u) {
  __typename } }"""
FAQ = """mutation($id: ID!) { updateOrganizationFaq(id: $id, input: {items: []}) {
  __typename ... on OrganizationErrors { errors { code } } } }"""
CREATE_JOB = """mutation($o: ID!) { createJob(input: {organizationId: $o, title: "Field nurse"}) {
  __typename ... on JobSaved { job { id } } ... on JobErrors { errors { code } } } }"""
ARCHIVE_JOB = """mutation($id: ID!) { archiveJob(id: $id) {
  __typename ... on JobErrors { errors { code } } } }"""
# Far above the measured bound (ADR 0025): only a lost or never-applied event fails the test.
DEADLINE_SECONDS = 60


async def test_a_removed_member_is_refused_by_organizations_at_once_and_by_jobs_soon(
    run_prefix: str,
) -> None:
    common = {
        "kafka_topic_prefix": f"{run_prefix}removal.",
        "run_migrations_on_startup": False,
        "outbox_poll_interval_seconds": 0.05,
    }
    organizations = OrganizationsSettings(**common)
    jobs = JobsSettings(**common)
    loop = asyncio.get_running_loop()
    async with (
        token_issuer(issuer=jobs.jwt_issuer, audience=jobs.jwt_audience) as tokens,
        temporary_database(organizations, service_dir=ORGANIZATIONS_DIR) as organizations_db,
        temporary_database(jobs, service_dir=JOBS_DIR) as jobs_db,
    ):
        organizations = organizations.model_copy(
            update={"db_name": database_name(organizations_db), "jwks_url": tokens.jwks_url}
        )
        jobs = jobs.model_copy(
            update={"db_name": database_name(jobs_db), "jwks_url": tokens.jwks_url}
        )
        owner_id, member_id = str(uuid.uuid4()), str(uuid.uuid4())
        member_email = f"{member_id}@example.org"
        owner_token = tokens.token(owner_id, ["recruiter"])
        member_token = tokens.token(
            member_id, ["recruiter"], email=member_email, email_verified=True
        )
        engine = make_engine(organizations_db)
        try:
            async with (
                serve(create_organizations(organizations)) as organizations_url,
                serve(create_jobs(jobs)) as jobs_url,
            ):
                owner = GraphQLClient(f"{organizations_url}/graphql", token=owner_token)
                member = GraphQLClient(f"{organizations_url}/graphql", token=member_token)
                member_in_jobs = GraphQLClient(f"{jobs_url}/graphql", token=member_token)
                founded = (await owner.data(FOUND, i={"name": "Removal Trust"}))[
                    "createOrganization"
                ]["profile"]
                profile_id, organization_id = founded["id"], founded["organization"]["id"]
                issued = await invite_member(
                    sessions=make_sessionmaker(engine),
                    settings=organizations,
                    principal=Principal(user_id=owner_id, roles=frozenset({"recruiter"})),
                    organization_id=uuid.UUID(organization_id),
                    email=member_email,
                )
                assert isinstance(issued, IssuedInvitation), issued
                joined = await member.data(ACCEPT, t=issued.token)
                assert joined["acceptOrganizationInvitation"]["__typename"] == "MembershipChanged"

                # the member's membership reaches jobs: they post a draft there
                deadline = loop.time() + DEADLINE_SECONDS
                while True:
                    created = (await member_in_jobs.data(CREATE_JOB, o=organization_id))[
                        "createJob"
                    ]
                    if created["__typename"] == "JobSaved":
                        break
                    assert loop.time() < deadline, f"membership never reached jobs: {created}"
                    await asyncio.sleep(0.2)
                job_id = created["job"]["id"]

                removed = await owner.data(REMOVE, o=organization_id, u=member_id)
                assert removed["removeOrganizationMember"]["__typename"] == "MembershipChanged"
                removed_at = loop.time()
                # where it was decided: refused at once, no event needed
                refused = (await member.data(FAQ, id=profile_id))["updateOrganizationFaq"]
                assert refused["errors"] == [{"code": "FORBIDDEN"}]

                # jobs: refused as soon as its read model applied the member.removed event (until
                # then the member may still write there: the bound is one event round trip, so
                # the probe is a write that can be repeated, a new draft, not the archiving)
                while True:
                    created = (await member_in_jobs.data(CREATE_JOB, o=organization_id))[
                        "createJob"
                    ]
                    if created["__typename"] == "JobErrors":
                        break
                    assert loop.time() < removed_at + DEADLINE_SECONDS, "removal never reached jobs"
                    await asyncio.sleep(0.1)
                lag = loop.time() - removed_at
                assert created["errors"] == [{"code": "FORBIDDEN"}]
                log.warning("jobs refused the removed member %.2f s after the removal", lag)
                # and from then on nothing of the organization's is theirs to change
                archived = (await member_in_jobs.data(ARCHIVE_JOB, id=job_id))["archiveJob"]
                assert archived["__typename"] == "JobErrors", "the removed member archived it"
                assert archived["errors"][0]["code"] in {"FORBIDDEN", "NOT_FOUND"}
        finally:
            await engine.dispose()
