"""The load test's own people and jobs, made at its start through the product's paths and taken
away at its end, so nothing it made stays on the demo board (also when the run fails).

Made: a recruiter and ``applicants`` applicants (``signUp``, with the site's registration
consents and a captcha answer, addresses ``loadtest-<run>-...@bench.example``, which only the
local mail catcher ever sees), the recruiter's organization ``Load test <run>``
(``createOrganization``), job credits for it (an administrator's ``grantCredits``) and ``jobs``
published jobs (``createJob``, its groups, ``publishJob``; an administrator approves them when
the site reviews them).

Taken away, in order: the applicants erased (``eraseUser``, every service's part, ADR 0036), the
jobs archived, then deleted (``deleteJob``) where the product deletes them; the organization
deleted (``deleteOrganization``); the recruiter erased. The product keeps, by design, a job that
had applications (archived) with its applications (anonymized by the erasure): those rows are
the run's alone and are forgotten the way ``bench.probes`` forgets the search-lag benchmark's
probe jobs. ``leftovers`` then counts, in every service database, the rows that still name one
of the run's users, its organization or its jobs, and the run's documents in Elasticsearch.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from jobkit.db import make_engine, make_sessionmaker
from jobs.settings import get_settings as jobs_settings
from search.settings import get_settings as search_settings
from sqlalchemy import text

from bench.harness import RequestFailed, captcha_token, check_graphql, http_client
from bench.probes import archived_in_search, forget_jobs
from bench.scenarios._search import GATEWAY_URL, HEADERS
from bench.scenarios._signup import (
    ADMIN_EMAIL,
    DEMO_PASSWORD,
    registration_consents,
    sign_in,
)
from scripts.registry import load

ROOT = Path(__file__).resolve().parents[1]
PASSWORD = "load test password 2026"
EMAIL_DOMAIN = "bench.example"
WAIT_SECONDS = 120.0  # for the sagas (membership, slot, review) on a busy machine
# one database per service, named as the service (the registry, deploy/services.json)
DATABASES = tuple(service.name for service in load(ROOT))
# columns that name a user, an organization or a job (leftovers are counted through them)
NAMING_COLUMNS = (
    "user_id",
    "applicant_id",
    "owner_id",
    "created_by",
    "requested_by",
    "recipient_id",
    "organization_id",
    "organization_number",
    "job_id",
    "content_id",
    "email",
)

SAVED = (
    "__typename ... on JobSaved { job { id state slug } } "
    "... on JobErrors { errors { code message } }"
)
SIGN_UP = """mutation LoadSignUp($input: SignUpInput!) { signUp(input: $input) {
  __typename ... on AccountErrors { message } } }"""
CREATE_ORGANIZATION = """mutation LoadOrganization($input: CreateOrganizationInput!) {
  createOrganization(input: $input) { __typename
  ... on OrganizationProfileSaved { profile { id slug organization { id number } } }
  ... on OrganizationErrors { message } } }"""
GRANT = """mutation LoadGrant($n: Int!, $amount: Int!) { grantCredits(organizationId: $n,
  kind: JOB, amount: $amount, label: "load test") { __typename
  ... on BillingErrors { message } } }"""
CREATE_JOB = (
    f"mutation LoadJob($input: CreateJobInput!) {{ createJob(input: $input) {{ {SAVED} }} }}"
)
GROUPS = (
    (
        "updateJobInfo",
        "JobInfoInput",
        {"description": "<p>A job of the load test; it is removed at the end of the run.</p>"},
    ),
    (
        "updateJobLocation",
        "JobLocationGroupInput",
        {"locations": [{"address": {"countryCode": "US", "locality": "Boston"}}]},
    ),
)
JOB_STATES = """query LoadJobStates($o: ID!) { organizationJobs(organizationId: $o, limit: 100) {
  jobs { id state slug refusal { reason message } } } }"""
ERASE = "mutation LoadErase($id: ID!) { eraseUser(userId: $id) { __typename } }"


@dataclass
class Account:
    email: str
    address: str
    id: str = ""
    token: str = ""

    def plan(self) -> dict[str, str]:
        return {"email": self.email, "password": PASSWORD, "address": self.address}


@dataclass
class Fixture:
    run: str = field(default_factory=lambda: secrets.token_hex(4))
    recruiter: Account | None = None
    applicants: list[Account] = field(default_factory=list)
    organization_id: str = ""
    organization_number: int = 0
    jobs: dict[str, str] = field(default_factory=dict)  # id -> slug

    @property
    def name(self) -> str:
        return f"Load test {self.run}"

    def email(self, who: str) -> str:
        return f"loadtest-{self.run}-{who}@{EMAIL_DOMAIN}"


class Gateway:
    def __init__(self, client: httpx.AsyncClient) -> None:
        self.client = client

    async def data(self, query: str, token: str | None = None, **variables: Any) -> dict[str, Any]:
        headers = HEADERS | ({"Authorization": f"Bearer {token}"} if token else {})
        response = await self.client.post(
            f"{GATEWAY_URL}/graphql",
            json={"query": query, "variables": variables},
            headers=headers,
        )
        return check_graphql(response)


async def create(fixture: Fixture, *, applicants: int, jobs: int, log: Any) -> None:
    """Make the run's people, organization and published jobs (fills ``fixture`` as it goes,
    so that ``remove`` takes away whatever was made before a failure)."""
    async with http_client(GATEWAY_URL, timeout=60.0) as client:
        gateway = Gateway(client)
        consents = await registration_consents(client)
        admin = await sign_in(client, ADMIN_EMAIL, DEMO_PASSWORD)
        if admin is None:
            raise RequestFailed(f"cannot sign in as {ADMIN_EMAIL}: run make up (demo data)")
        people = [("recruiter", "RECRUITER")] + [(f"a{n}", "APPLICANT") for n in range(applicants)]
        log(f"signing up {len(people)} accounts ...")
        for n, (who, role) in enumerate(people):
            # addresses of RFC 2544's benchmarking range, one per person (bench.locust_mix)
            account = Account(fixture.email(who), f"198.19.{n >> 8}.{n & 0xFF}")
            if role == "RECRUITER":
                fixture.recruiter = account
            else:
                fixture.applicants.append(account)
            answer = (
                await gateway.data(
                    SIGN_UP,
                    input={
                        "email": account.email,
                        "password": PASSWORD,
                        "firstName": "Load",
                        "lastName": "Test",
                        "role": role,
                        "captchaToken": await captcha_token(client),
                        "acceptedConsentInfoIds": consents,
                    },
                )
            )["signUp"]
            if answer["__typename"] != "SignUpSuccess":
                raise RequestFailed(f"sign-up of {account.email} refused: {answer}")
            signed = await sign_in(client, account.email, PASSWORD)
            if signed is None:
                raise RequestFailed(f"{account.email} cannot sign in after signing up")
            account.id, account.token = signed["id"], signed["token"]
        recruiter = fixture.recruiter
        assert recruiter is not None
        made = (
            await gateway.data(CREATE_ORGANIZATION, recruiter.token, input={"name": fixture.name})
        )["createOrganization"]
        if made["__typename"] != "OrganizationProfileSaved":
            raise RequestFailed(f"createOrganization answered {made}")
        organization = made["profile"]["organization"]
        fixture.organization_id = organization["id"]
        fixture.organization_number = organization["number"]
        await _grant(gateway, admin["token"], fixture.organization_number, jobs)
        log(f"organization {fixture.name}: {jobs} jobs ...")
        for n in range(jobs):
            job = await _draft(gateway, recruiter.token, fixture, n)
            fixture.jobs[job["id"]] = job["slug"]
            for mutation, input_type, payload in GROUPS:
                answer = await gateway.data(
                    f"mutation($id: ID!, $input: {input_type}!) "
                    f"{{ {mutation}(id: $id, input: $input) {{ {SAVED} }} }}",
                    recruiter.token,
                    id=job["id"],
                    input=payload,
                )
                if answer[mutation]["__typename"] != "JobSaved":
                    raise RequestFailed(f"{mutation} answered {answer[mutation]}")
            answer = await gateway.data(
                f"mutation($id: ID!) {{ publishJob(id: $id) {{ {SAVED} }} }}",
                recruiter.token,
                id=job["id"],
            )
            if answer["publishJob"]["__typename"] != "JobSaved":
                raise RequestFailed(f"publishJob answered {answer['publishJob']}")
        await _published(gateway, fixture, admin["token"])


async def _grant(gateway: Gateway, token: str, number: int, amount: int) -> None:
    """Job credits for the run's organization; billing learns of a new organization from an
    event, so the first grants may be refused for a moment."""
    deadline = time.monotonic() + WAIT_SECONDS
    while True:
        answer = (await gateway.data(GRANT, token, n=number, amount=amount))["grantCredits"]
        if answer["__typename"] == "CreditsGranted":
            return
        if time.monotonic() > deadline:
            raise RequestFailed(f"grantCredits answered {answer}")
        await asyncio.sleep(0.5)


async def _draft(gateway: Gateway, token: str, fixture: Fixture, n: int) -> dict[str, Any]:
    """A draft; the jobs service learns of the new membership from an event, so the first
    drafts may be refused for a moment."""
    deadline = time.monotonic() + WAIT_SECONDS
    while True:
        answer = (
            await gateway.data(
                CREATE_JOB,
                token,
                input={
                    "organizationId": fixture.organization_id,
                    "title": f"Load Test Coordinator {fixture.run} {n + 1}",
                },
            )
        )["createJob"]
        if answer["__typename"] == "JobSaved":
            job: dict[str, Any] = answer["job"]
            return job
        if time.monotonic() > deadline:
            raise RequestFailed(f"createJob answered {answer}")
        await asyncio.sleep(0.5)


async def _published(gateway: Gateway, fixture: Fixture, admin_token: str) -> None:
    """Wait for billing's slots; approve what the site's review holds back; ask again (three
    times at most) for a job sent back to draft (billing may not have known the new
    organization's credits yet)."""
    assert fixture.recruiter is not None
    deadline = time.monotonic() + WAIT_SECONDS
    approved: set[str] = set()
    asked = dict.fromkeys(fixture.jobs, 1)
    while True:
        jobs = (await gateway.data(JOB_STATES, fixture.recruiter.token, o=fixture.organization_id))[
            "organizationJobs"
        ]["jobs"]
        ours = [job for job in jobs if job["id"] in fixture.jobs]
        for job in ours:
            fixture.jobs[job["id"]] = job["slug"]
            if job["state"] == "NEEDS_REVIEW" and job["id"] not in approved:
                await gateway.data(
                    f"mutation($id: ID!) {{ approveJob(id: $id) {{ {SAVED} }} }}",
                    admin_token,
                    id=job["id"],
                )
                approved.add(job["id"])
            elif job["state"] == "DRAFT" and job["refusal"] is not None:
                if asked[job["id"]] >= 3:
                    raise RequestFailed(f"job {job['id']} not published: {job['refusal']}")
                asked[job["id"]] += 1
                await asyncio.sleep(1.0)
                await gateway.data(
                    f"mutation($id: ID!) {{ publishJob(id: $id) {{ {SAVED} }} }}",
                    fixture.recruiter.token,
                    id=job["id"],
                )
        states = {job["id"]: job["state"] for job in ours}
        if len(states) == len(fixture.jobs) and set(states.values()) == {"PUBLISHED"}:
            return
        if time.monotonic() > deadline:
            raise RequestFailed(f"the run's jobs are not published: {states}")
        await asyncio.sleep(0.5)


async def remove(fixture: Fixture, *, log: Any) -> list[str]:
    """Take away everything ``create`` made; never raises: answers what it could not do."""
    problems: list[str] = []

    async def step(what: str, coroutine: Any) -> None:
        try:
            await coroutine
        except Exception as exc:  # each step is tried whatever the last one did
            problems.append(f"{what}: {type(exc).__name__}: {exc}")

    async with http_client(GATEWAY_URL, timeout=60.0) as client:
        gateway = Gateway(client)
        admin = await sign_in(client, ADMIN_EMAIL, DEMO_PASSWORD)
        if admin is None:
            return [f"cannot sign in as {ADMIN_EMAIL}: nothing removed"]
        log("removing the run's accounts, jobs and organization ...")

        async def erase(account: Account) -> None:
            if not account.id:  # a sign-up cut short: find the account, if any
                signed = await sign_in(client, account.email, PASSWORD)
                if signed is None:
                    return
                account.id = signed["id"]
            answer = (await gateway.data(ERASE, admin["token"], id=account.id))["eraseUser"]
            if answer["__typename"] != "AccountDeleted":
                raise RequestFailed(f"eraseUser answered {answer} for {account.email}")

        for account in fixture.applicants:
            await step(f"erase {account.email}", erase(account))
        recruiter = fixture.recruiter
        if recruiter is not None and recruiter.token:
            for job_id in fixture.jobs:
                await step(f"archive {job_id}", _archive(gateway, recruiter.token, job_id))
            await step("jobs archived in search", archived_in_search(list(fixture.jobs)))
            kept = []
            for job_id in fixture.jobs:
                answer = (
                    await gateway.data(
                        "mutation($id: ID!) { deleteJob(id: $id) { __typename } }",
                        recruiter.token,
                        id=job_id,
                    )
                )["deleteJob"]
                if answer["__typename"] != "JobDeleted":
                    kept.append(job_id)  # had applications: the product keeps it archived
            await step("forget the jobs with applications", forget_jobs(kept))
            if fixture.organization_id:
                await step(
                    "delete the organization",
                    _delete_organization(gateway, recruiter.token, fixture.organization_id),
                )
        if recruiter is not None:
            await step(f"erase {recruiter.email}", erase(recruiter))
    return problems


async def _archive(gateway: Gateway, token: str, job_id: str) -> None:
    answer = (
        await gateway.data(
            f"mutation($id: ID!) {{ archiveJob(id: $id) {{ {SAVED} }} }}", token, id=job_id
        )
    )["archiveJob"]
    if answer["__typename"] != "JobSaved":
        raise RequestFailed(f"archiveJob answered {answer}")


async def _delete_organization(gateway: Gateway, token: str, organization_id: str) -> None:
    answer = (
        await gateway.data(
            "mutation($o: ID!) { deleteOrganization(organizationId: $o) { __typename } }",
            token,
            o=organization_id,
        )
    )["deleteOrganization"]
    if answer["__typename"] != "OrganizationDeleted":
        raise RequestFailed(f"deleteOrganization answered {answer}")


def _names(fixture: Fixture) -> list[str]:
    people = [a for a in (fixture.recruiter, *fixture.applicants) if a is not None]
    return [
        *(a.id for a in people if a.id),
        *(a.email for a in people),
        *fixture.jobs,
        *(
            [fixture.organization_id, str(fixture.organization_number)]
            if fixture.organization_id
            else []
        ),
    ]


# What the product keeps on purpose once an account is erased, a job deleted or an organization
# deleted: none of it is shown on the board. Every other row naming the run is a leftover.
KEPT = {
    "erasure_requests": "the erasure's own record (ADR 0036)",
    "erasure_confirmations": "the erasure's own record (ADR 0036)",
    "revoked_sessions": "ended sessions, so that their tokens stay refused",
    "account_session_versions": "ended sessions, so that their tokens stay refused",
    "ledger_entries": "billing's ledger of the credits granted and used",
    "organizations": "billing's read model of the organization (by its number)",
    "known_organizations": "read models of a deleted organization (not dropped on deletion)",
    "alert_deliveries": "job alerts mailed about the run's jobs while they were published",
    "announced_jobs": "search engine announcements of the run's jobs",
    "announcements": "search engine announcements of the run's jobs",
}
# rows that are only leftovers in some states (a deleted job's route answers 410 Gone)
SHOWN = {"routes": "NOT gone"}


@dataclass
class Leftovers:
    """``board``: rows and documents the run left that the board could show (must be empty);
    ``kept``: the records the product keeps on purpose (``KEPT``), by table."""

    board: dict[str, int] = field(default_factory=dict)
    kept: dict[str, int] = field(default_factory=dict)


async def leftovers(fixture: Fixture, *, settle_seconds: float = 60.0) -> Leftovers:
    """Count, in every service database, the rows that still name one of the run's users, its
    organization or its jobs, and the run's documents in Elasticsearch (retired markers, which
    keep a late event from bringing a deleted job back, aside); waits up to ``settle_seconds``
    for the erasure and deletion events to be applied everywhere."""
    names = _names(fixture)
    if not names:
        return Leftovers()
    deadline = time.monotonic() + settle_seconds
    while True:
        found = await _count(names, fixture)
        if not found.board or time.monotonic() > deadline:
            return found
        await asyncio.sleep(2.0)


async def _count(names: list[str], fixture: Fixture) -> Leftovers:
    found = Leftovers()
    settings = jobs_settings()
    for database in DATABASES:
        engine = make_engine(settings.database_url_for(database))
        try:
            async with make_sessionmaker(engine)() as session:
                columns = (
                    await session.execute(
                        text(
                            "SELECT table_name, column_name FROM information_schema.columns "
                            "WHERE table_schema = 'public' AND column_name = ANY(:columns)"
                        ),
                        {"columns": list(NAMING_COLUMNS)},
                    )
                ).all()
                if database == "organizations":
                    columns.append(("organizations", "name"))
                for table, column in columns:
                    shown = f" AND {SHOWN[table]}" if table in SHOWN else ""
                    values = [fixture.name] if column == "name" else names
                    count = await session.scalar(
                        text(
                            f'SELECT count(*) FROM "{table}" '
                            f'WHERE "{column}"::text = ANY(:names){shown}'
                        ),
                        {"names": values},
                    )
                    if count:
                        kept = table in KEPT and (database, table) != (
                            "organizations",
                            "organizations",
                        )
                        where = found.kept if kept else found.board
                        where[f"{database}.{table}.{column}"] = int(count)
        finally:
            await engine.dispose()
    search = search_settings()
    content = {"bool": {"should": [{"exists": {"field": f}} for f in ("title", "name")]}}
    async with httpx.AsyncClient(base_url=search.elasticsearch_url, timeout=30) as client:
        for index in ("jobs", "organizations", "resumes"):
            answer = await client.post(
                f"/{search.index_prefix}-{index}/_count",
                json={"query": {"bool": {"filter": [{"ids": {"values": names}}, content]}}},
            )
            if answer.is_success and answer.json().get("count"):
                found.board[f"elasticsearch.{index}"] = int(answer.json()["count"])
    return found


def plan_accounts(fixture: Fixture) -> dict[str, Any]:
    assert fixture.recruiter is not None
    return {
        "recruiter": fixture.recruiter.plan(),
        "applicants": [a.plan() for a in fixture.applicants],
        "run_jobs": list(fixture.jobs),
    }
