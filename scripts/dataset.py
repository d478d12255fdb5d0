"""A large data set for search benchmarks and the search journey: organizations, jobs and
resumes made through the services' own use cases (the same validation, outbox and events as the
browser's writes), so they reach Elasticsearch the way every job and resume does: outbox ->
Kafka -> search's indexer.

    .venv/bin/python scripts/dataset.py                      # 500 organizations, 10,000 jobs,
                                                             # 2,000 resumes
    .venv/bin/python scripts/dataset.py --jobs 100000 --organizations 5000 --resumes 20000
    .venv/bin/python scripts/dataset.py --jobs 0 --resumes 5000   # resumes alone
    .venv/bin/python scripts/dataset.py --wait               # and wait until they are findable

Deterministic and idempotent: an organization is found again by its name and a job by its
organization and title and a resume by its applicant's generated id, so a second run only adds
what is missing (and a larger run extends a smaller one). Every generated organization is owned
by one recruiter account, dataset@jobboard.example; the resumes' applicants have no account (as
the demo's generated resumes), their addresses end in @resumes.dataset.example. Needs the
stack's databases (`make up`); the events flow once the services run.

    .venv/bin/python scripts/dataset.py --remove             # take the data set out again

PostgreSQL outlives a checkout: a data set left behind makes every fresh clone's `make test`
index it first. `--remove` deletes the data set's rows from every service's database (the demo
data stays) and its documents from search's indices, and announces the removals on the owners'
topics (jobs deleted, profiles unpublished: scripts/retire_orphans.py); its resumes are deleted
through the resumes service's own use case, whose events empty their documents (an id and a
version stay, as of every deleted resume, so that no late event brings one back).
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import random
import time
import uuid
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any, TypeVar

import httpx
from billing.domain import ledger
from billing.settings import get_settings as billing_settings
from demo.artwork import initials, logo
from demo.dataset_resumes import make_resumes, remove_resumes
from demo.jobs_data import ADDRESSES, CITIES, DemoJob, demo_jobs
from demo.organizations_data import ORGANIZATIONS, DemoOrganization
from demo.search_sync import wait_for_search
from demo.seed_jobs import job_groups, remember_organization
from demo.seed_organizations import _address, _ok, _presentation, _update, copy_vocabulary
from identity.domain.models import User
from identity.domain.service import register_user
from identity.settings import get_settings as identity_settings
from jobkit.auth import Principal
from jobkit.db import make_engine, make_sessionmaker, unit_of_work
from jobkit.uploads.http import file_url
from jobkit.uploads.processing import ProcessedUpload, process_upload, store_upload
from jobkit.uploads.storage import storage_from_settings
from jobs.db import terms as jobs_terms
from jobs.domain.ats import AtsJob, put_jobs
from jobs.domain.errors import JobErrors
from jobs.domain.models import Job
from jobs.settings import get_settings as jobs_settings
from organizations.db import uploads
from organizations.domain.bulk import CompleteOrganization, create_organizations
from organizations.domain.errors import OrganizationErrors
from organizations.domain.models import Organization, OrganizationProfile
from organizations.domain.profile import set_published
from organizations.domain.slugs import slugify
from organizations.domain.snapshots import LOGO_STYLE
from organizations.settings import OrganizationsSettings
from organizations.settings import get_settings as organizations_settings
from retire_orphans import retire_orphans
from search.settings import get_settings as search_settings
from sqlalchemy import select, text

OWNER_EMAIL = "dataset@jobboard.example"
PASSWORD = "search-bench-password-2026"  # noqa: S105 - a local, generated account
SEED = 11_000
OWNER_ACTOR = "system:dataset"

PLACES = (
    "Lakeside", "Northfield", "Silver Birch", "Harborlight", "Red Cedar", "Stonebridge",
    "Bright Path", "Willow Creek", "Clearwater", "Highland", "Meadowbrook", "Oak Valley",
    "Sunrise", "Blue Ridge", "Evergreen", "Cornerstone", "Fairhaven", "Kindred", "Wayfinder",
    "Common Ground", "Open Door", "Riverstone", "Pinecrest", "Hilltop", "Seabright",
)  # fmt: skip
CAUSES = (
    "Literacy", "Health", "Housing", "Climate", "Youth", "Refugee", "Food", "Water", "Arts",
    "Wildlife", "Education", "Legal Aid", "Elder Care", "Mental Health", "Digital Inclusion",
    "Justice", "Employment", "Family", "Ocean", "Forest",
)  # fmt: skip
KINDS = (
    "Network", "Foundation", "Alliance", "Trust", "Project", "Collective", "Initiative",
    "Society", "Fund", "Partnership",
)  # fmt: skip
COLOURS = ("#1b7f6b", "#2d6cdf", "#b5432b", "#6b3fa0", "#c27c0e", "#0f6e8c", "#8a2b5c", "#3d7a2a")
SHAPES = ("wave", "circle", "leaf", "diamond", "arc")

T = TypeVar("T")


def dataset_organizations(count: int) -> list[DemoOrganization]:
    """`count` organizations, the same ones on every call: names from word lists, the rest
    borrowed from a demo organization (its industry, occupations, benefits and mission) placed in
    another city of a country the demo data knows."""
    rng = random.Random(SEED)  # noqa: S311 - demo data, repeatable on purpose
    names = [f"{p} {c} {k}" for p in PLACES for c in CAUSES for k in KINDS]
    rng.shuffle(names)
    if count > len(names):  # beyond 5,000: numbered branches
        names += [f"{name} {n}" for n in range(2, count // len(names) + 2) for name in names]
    countries = sorted(CITIES)
    made = []
    for index, name in enumerate(names[:count]):
        template = ORGANIZATIONS[index % len(ORGANIZATIONS)]
        country = countries[rng.randrange(len(countries))]
        city, area = rng.choice(CITIES[country])
        made.append(
            replace(
                template,
                name=name,
                recruiter=OWNER_EMAIL,
                colour=rng.choice(COLOURS),
                shape=rng.choice(SHAPES),
                country=country,
                locality=city,
                area=area,
                zip=ADDRESSES[city][1] if city in ADDRESSES else "1000",
                alternative_name=None,
                locations=(),
                video=None,
                faq=(),
            )
        )
    return made


async def bounded(limit: int, items: Sequence[T], work: Callable[[T], Awaitable[Any]]) -> None:
    """Run `work` over `items`, at most `limit` at once, printing progress."""
    semaphore = asyncio.Semaphore(limit)
    done = 0
    started = time.monotonic()

    async def one(item: T) -> None:
        nonlocal done
        async with semaphore:
            await work(item)
        done += 1
        if done % 500 == 0 or done == len(items):
            rate = done / max(time.monotonic() - started, 1e-9)
            print(f"  {done}/{len(items)} ({rate:.0f}/s)", flush=True)  # noqa: T201

    await asyncio.gather(*(one(item) for item in items))


async def owner_account() -> uuid.UUID:
    settings = identity_settings()
    sessions = make_sessionmaker(make_engine(settings.database_url))
    async with sessions() as session:
        existing: uuid.UUID | None = await session.scalar(
            select(User.id).where(User.email == OWNER_EMAIL)
        )
    if existing is not None:
        return existing
    user = await register_user(
        sessions=sessions,
        settings=settings,
        email=OWNER_EMAIL,
        password=PASSWORD,
        first_name="Data",
        last_name="Set",
        role="recruiter",
    )
    assert isinstance(user, User), user
    async with unit_of_work(sessions) as session:
        row = await session.get(User, user.id)
        assert row is not None
        row.email_verified = True
    made: uuid.UUID = user.id
    return made


BATCH = 100  # organizations a transaction (ADR 0075)


def organization_groups(
    demo: DemoOrganization, tids: dict[tuple[str, str], int], logo_id: str, slug: str
) -> dict[str, dict[str, Any]]:
    """The profile groups a data set organization is given, in the order they are written."""
    return {
        "organization_info": {
            "name": demo.name,
            "logo_upload_id": logo_id,
            "organization_location": _address(demo),
            "website": f"https://www.{slug.replace('-', '')[:24]}.example.org",
        },
        "company_info": {"name": demo.name, "address": _address(demo)},
        "about": {
            "presentation": _presentation(demo),
            "industry_tid": tids[("industries", demo.industry)],
            "size_tid": tids[("organization_sizes", demo.size)],
            "occupation_tids": [tids[("occupational_fields", a)] for a in demo.occupations],
            "fields_of_study_tids": [tids[("fields_of_study", a)] for a in demo.studies],
        },
        "benefits": {"benefit_tids": [tids[("benefits", a)] for a in demo.benefits]},
    }


def rendered_logo(name: str, colour: str, shape: str) -> ProcessedUpload:
    """A data set logo drawn and rendered as an uploaded one is (``process_upload``: the
    checks and the styles), in a worker of :class:`Logos`' pool."""
    return process_upload(logo(name, colour, shape, size=256))


class Logos:
    """Each organization's own logo upload (its own row and files, as the logo form makes).
    Drawing and rendering a logo's styles is most of the CPU of making an organization: it is
    done in a pool of worker processes (the generator's own bytes, so not one checked child a
    file as an upload from outside), and once for all the organizations it is the same for (a
    logo is its initials, colour and shape: the same bytes, the same renditions)."""

    def __init__(self, settings: OrganizationsSettings, owner: uuid.UUID) -> None:
        self.settings = settings
        self.owner = str(owner)
        self.sessions = make_sessionmaker(make_engine(settings.database_url))
        self.storage = storage_from_settings(settings)
        self.rendered: dict[tuple[str, str, str], asyncio.Future[ProcessedUpload]] = {}
        context = multiprocessing.get_context("forkserver")
        self.pool = ProcessPoolExecutor(max_workers=os.cpu_count() or 2, mp_context=context)

    def close(self) -> None:
        self.pool.shutdown(cancel_futures=True)

    async def upload(self, demo: DemoOrganization) -> str:
        key = (initials(demo.name), demo.colour, demo.shape)
        if key not in self.rendered:
            self.rendered[key] = asyncio.get_running_loop().run_in_executor(
                self.pool, rendered_logo, demo.name, demo.colour, demo.shape
            )
        values = await store_upload(
            processed=await self.rendered[key],
            storage=self.storage,
            sessions=self.sessions,
            table=uploads,
            owner_id=self.owner,
            filename="logo.png",
            purpose="organization_logo",
            private=False,
        )
        return str(values["id"])


async def make_organizations(
    organizations: Sequence[DemoOrganization], owner: uuid.UUID, concurrency: int
) -> dict[str, tuple[uuid.UUID, int, str, str | None]]:
    """name -> (id, number, slug, logo URL), publishing what is missing: the new ones through
    organizations' batch use case (``BATCH`` a transaction, ADR 0075), a draft an interrupted
    earlier run left through the single use cases."""
    settings = organizations_settings()
    sessions = make_sessionmaker(make_engine(settings.database_url))
    search_sessions = make_sessionmaker(make_engine(search_settings().database_url))
    tids = await copy_vocabulary(search_sessions, sessions)
    actor = Principal(user_id=str(owner), roles=frozenset({"recruiter", "administrator"}))
    logos = Logos(settings, owner)
    async with sessions() as session:
        found = {
            name: (profile, status)
            for name, profile, status in await session.execute(
                select(Organization.name, OrganizationProfile, OrganizationProfile.status)
                .join(OrganizationProfile, OrganizationProfile.id == Organization.id)
                .where(Organization.name.in_([o.name for o in organizations]))
            )
        }

    async def finish(demo: DemoOrganization) -> None:
        profile = found[demo.name][0]
        logo_id = await logos.upload(demo)
        for group, data in organization_groups(demo, tids, logo_id, profile.slug).items():
            await _update(sessions, settings, actor, profile, group, data, demo.name)
        _ok(
            await set_published(
                sessions=sessions,
                settings=settings,
                principal=actor,
                profile_id=profile.id,
                published=True,
            ),
            demo.name,
        )

    async def make(batch: Sequence[DemoOrganization]) -> None:
        logo_ids = await asyncio.gather(*(logos.upload(demo) for demo in batch))
        results = await create_organizations(
            sessions=sessions,
            settings=settings,
            principal=actor,
            organizations=[
                # the slug a new name takes (the data set's names are its own)
                CompleteOrganization(
                    name=demo.name,
                    groups=organization_groups(demo, tids, logo_id, slugify(demo.name)),
                )
                for demo, logo_id in zip(batch, logo_ids, strict=True)
            ],
        )
        refused = [
            (demo.name, r.errors)
            for demo, r in zip(batch, results, strict=True)
            if isinstance(r, OrganizationErrors)
        ]
        if refused:
            raise SystemExit(f"{len(refused)} organizations refused: {refused[0]}")

    drafts = [o for o in organizations if found.get(o.name, (None, "published"))[1] != "published"]
    drafts = [o for o in drafts if o.name in found]
    new = [o for o in organizations if o.name not in found]
    print(  # noqa: T201
        f"organizations: {len(organizations) - len(drafts) - len(new)} there, "
        f"{len(new)} to make, {len(drafts)} drafts to finish"
    )
    try:
        await bounded(concurrency, drafts, finish)
        await bounded(concurrency, [new[i : i + BATCH] for i in range(0, len(new), BATCH)], make)
    finally:
        logos.close()
    async with sessions() as session:
        rows = await session.execute(
            select(Organization.name, Organization.id, Organization.number, OrganizationProfile)
            .join(OrganizationProfile, OrganizationProfile.id == Organization.id)
            .where(Organization.name.in_([o.name for o in organizations]))
        )
        return {
            name: (
                organization_id,
                number,
                profile.slug,
                file_url(settings, profile.logo_upload_id, LOGO_STYLE)
                if profile.logo_upload_id
                else None,
            )
            for name, organization_id, number, profile in rows
        }


def ats_job(job: DemoJob, tids: dict[tuple[str, str], int], *, publish: bool) -> AtsJob:
    """A demo job as an ATS sends it (the wizard's groups in one object). A job that is a
    file in the demo becomes a written job here: the data set uploads no files."""
    fields: dict[str, Any] = {}
    for data in job_groups(job, tids, None).values():
        fields |= data
    fields.pop("file_upload_id", None)
    kind = "job_per_link" if job.kind == "JOB_PER_LINK" else "job_per_template"
    return AtsJob.model_validate(
        {**fields, "title": job.title, "type": kind, "link_url": job.link_url, "publish": publish}
    )


async def grant_slots(wanted: dict[tuple[int, str], int]) -> None:
    """Job credits in billing for the jobs the data set publishes, as an administrator grants
    them: (organization number, name) -> how many."""
    settings = billing_settings()
    sessions = make_sessionmaker(make_engine(settings.database_url))
    now = datetime.now(UTC)
    items = sorted(wanted.items())
    for start in range(0, len(items), 500):
        async with unit_of_work(sessions) as session:
            for (number, name), amount in items[start : start + 500]:
                await ledger.lock_organization(session, number)
                await ledger.add_grant(
                    session,
                    settings,
                    organization_number=number,
                    organization_name=name,
                    frontend="jobboard",
                    kind="job",
                    amount=amount,
                    valid_days=365,
                    label="Data set",
                    actor=OWNER_ACTOR,
                    now=now,
                )


async def make_jobs(
    organizations: Sequence[DemoOrganization],
    made: dict[str, tuple[uuid.UUID, int, str, str | None]],
    owner: uuid.UUID,
    per_organization: int,
    concurrency: int,
) -> int:
    """The organizations' jobs that are missing, through the bulk write path the ATS API's
    batches and the feeds take (jobs.domain.ats.put_jobs: one transaction per organization's
    batch, one event per job): every job not a draft in the demo asks for its publication, so
    billing's slot saga answers it from credits granted first; returns how many were asked."""
    settings = jobs_settings()
    sessions = make_sessionmaker(make_engine(settings.database_url))
    search_sessions = make_sessionmaker(make_engine(search_settings().database_url))
    tids = await copy_vocabulary(search_sessions, sessions, table=jobs_terms)
    for name, (organization_id, number, slug, logo_url) in made.items():
        await remember_organization(
            sessions=sessions,
            organization_id=organization_id,
            number=number,
            name=name,
            profile_slug=slug,
            logo_url=logo_url,
        )
    ids = [made[o.name][0] for o in organizations]
    async with sessions() as session:
        existing = set(
            await session.execute(
                select(Job.organization_id, Job.title).where(Job.organization_id.in_(ids))
            )
        )
    by_organization: dict[str, list[tuple[str, AtsJob]]] = {}
    for number, job in enumerate(
        demo_jobs(organizations, per_organization=per_organization, seed=SEED)
    ):
        if (made[job.organization.name][0], job.title) in existing:
            continue
        body = ats_job(job, tids, publish=job.state != "draft")
        by_organization.setdefault(job.organization.name, []).append((f"DS-{number}", body))
    wanted = {
        (made[name][1], name): sum(1 for _, body in jobs if body.publish)
        for name, jobs in by_organization.items()
    }
    await grant_slots({key: amount for key, amount in wanted.items() if amount})
    count = sum(len(jobs) for jobs in by_organization.values())
    print(f"jobs: {count} to make, {sum(wanted.values())} to publish", flush=True)  # noqa: T201
    actor = Principal(user_id=str(owner), roles=frozenset({"recruiter", "administrator"}))

    async def make(name: str) -> None:
        results = await put_jobs(
            sessions=sessions,
            settings=settings,
            principal=actor,
            organization_id=made[name][0],
            jobs=by_organization[name],
        )
        refused = [r for r in results if isinstance(r, JobErrors)]
        if refused:
            raise SystemExit(f"{name}: {len(refused)} jobs refused: {refused[0].errors}")

    await bounded(concurrency, list(by_organization), make)
    return sum(wanted.values())


async def wait_findable(
    organization_ids: Sequence[uuid.UUID], expected: int, timeout: float
) -> None:
    """Poll Elasticsearch until the data set's published jobs are findable."""
    settings = search_settings()
    index = f"{settings.index_prefix}-jobs"
    query = {
        "query": {
            "bool": {
                "filter": [
                    {"term": {"findable": True}},
                    {"terms": {"organization_id": [str(i) for i in organization_ids]}},
                ]
            }
        }
    }
    deadline = time.monotonic() + timeout
    async with httpx.AsyncClient(base_url=settings.elasticsearch_url, timeout=30) as client:
        while True:
            answer = await client.post(f"/{index}/_count", json=query)
            count = answer.json().get("count", 0) if answer.status_code == 200 else 0
            print(f"findable: {count}/{expected}", flush=True)  # noqa: T201
            if count >= expected:
                return
            if time.monotonic() > deadline:
                raise SystemExit(f"only {count} of {expected} jobs findable after {timeout:.0f}s")
            await asyncio.sleep(5)


# (database, statement) in order; :organizations are the data set's organization ids, :numbers
# their organization numbers, :owner the owner's user id. Dependants before what they depend on.
REMOVALS: tuple[tuple[str, str], ...] = (
    ("jobs", "DELETE FROM application_attachments WHERE application_id IN (SELECT a.id FROM"
     " applications a JOIN jobs j ON j.id = a.job_id"
     " WHERE j.organization_id::text = ANY(:organizations))"),
    ("jobs", "DELETE FROM applications WHERE job_id IN"
     " (SELECT id FROM jobs WHERE organization_id::text = ANY(:organizations))"),
    ("jobs", "DELETE FROM bookmarks WHERE job_id IN"
     " (SELECT id FROM jobs WHERE organization_id::text = ANY(:organizations))"),
    ("jobs", "DELETE FROM job_slugs WHERE job_id IN"
     " (SELECT id FROM jobs WHERE organization_id::text = ANY(:organizations))"),
    ("jobs", "DELETE FROM jobs WHERE organization_id::text = ANY(:organizations)"),
    ("jobs", "DELETE FROM organization_memberships"
     " WHERE organization_id::text = ANY(:organizations)"),
    ("jobs", "DELETE FROM known_organizations WHERE id::text = ANY(:organizations)"),
    ("jobs", "DELETE FROM uploads WHERE owner_id::text = :owner"),
    ("organizations", "DELETE FROM profile_slugs"
     " WHERE profile_id::text = ANY(:organizations)"),
    ("organizations", "DELETE FROM active_organizations"
     " WHERE organization_id::text = ANY(:organizations)"),
    ("organizations", "DELETE FROM organization_memberships"
     " WHERE organization_id::text = ANY(:organizations)"),
    ("organizations", "DELETE FROM organization_profiles"
     " WHERE id::text = ANY(:organizations)"),
    ("organizations", "DELETE FROM organizations WHERE id::text = ANY(:organizations)"),
    ("organizations", "DELETE FROM uploads WHERE owner_id::text = :owner"),
    ("billing", "DELETE FROM subscription_usages WHERE subscription_id IN"
     " (SELECT id FROM subscriptions WHERE organization_number = ANY(:numbers))"),
    ("billing", "DELETE FROM subscriptions WHERE organization_number = ANY(:numbers)"),
    ("billing", "DELETE FROM ledger_entries WHERE organization_number = ANY(:numbers)"),
    ("billing", "DELETE FROM customer_profiles WHERE organization_number = ANY(:numbers)"),
    ("billing", "DELETE FROM organization_memberships"
     " WHERE organization_id::text = ANY(:organizations)"),
    ("billing", "DELETE FROM organizations WHERE organization_id::text = ANY(:organizations)"),
    ("analytics", "DELETE FROM known_jobs"
     " WHERE organization_id::text = ANY(:organizations)"),
    ("analytics", "DELETE FROM organization_memberships"
     " WHERE organization_id::text = ANY(:organizations)"),
    ("analytics", "DELETE FROM known_organizations"
     " WHERE organization_id::text = ANY(:organizations)"),
    ("identity", "DELETE FROM users WHERE id::text = :owner"),
)  # fmt: skip


async def remove() -> None:
    """Delete the data set from every service's database and its documents from the index."""
    resumes = await remove_resumes()
    print(f"data set: {resumes} resumes deleted (their events empty their documents)")  # noqa: T201
    identity = make_sessionmaker(make_engine(identity_settings().database_url))
    async with identity() as session:
        owner = await session.scalar(select(User.id).where(User.email == OWNER_EMAIL))
    if owner is None:
        print("data set: none here")  # noqa: T201
        return
    organizations_db = make_sessionmaker(make_engine(organizations_settings().database_url))
    async with organizations_db() as session:
        rows = (
            await session.execute(
                select(Organization.id, Organization.number).where(Organization.owner_id == owner)
            )
        ).all()
    parameters = {
        # as text: the services keep these ids as uuid or as strings
        "organizations": [str(row.id) for row in rows],
        "numbers": [row.number for row in rows],
        "owner": str(owner),
    }
    base = identity_settings()
    for database in dict.fromkeys(name for name, _ in REMOVALS):
        sessions = make_sessionmaker(make_engine(base.database_url_for(database)))
        async with unit_of_work(sessions) as session:
            for _, statement in (r for r in REMOVALS if r[0] == database):
                await session.execute(text(statement), parameters)
    print(f"data set: {len(rows)} organizations and their jobs removed")  # noqa: T201
    # their last events still show them published: announce the removals the product would, so
    # that a reindex from the topics does not bring them back (scripts/retire_orphans.py)
    print(f"data set: {await retire_orphans(apply=True)} retired on the event bus")  # noqa: T201
    await remove_documents([str(row.id) for row in rows])


async def remove_documents(organization_ids: list[str]) -> None:
    """Delete the organizations' job and profile documents (the local Elasticsearch has no
    delete-by-query, ADR 0002: search, then delete in bulk)."""
    settings = search_settings()
    async with httpx.AsyncClient(base_url=settings.elasticsearch_url, timeout=60) as client:
        for kind in ("jobs", "organizations"):
            index, removed = f"{settings.index_prefix}-{kind}", 0
            for start in range(0, len(organization_ids), 500):
                query = {"terms": {"organization_id": organization_ids[start : start + 500]}}
                while True:
                    answer = await client.post(
                        f"/{index}/_search", json={"query": query, "size": 1000, "_source": False}
                    )
                    found = answer.json().get("hits", {}) if answer.is_success else {}
                    hits = found.get("hits", [])
                    if not hits:
                        break
                    lines = "".join(
                        f'{{"delete":{{"_index":"{hit["_index"]}","_id":"{hit["_id"]}"}}}}\n'
                        for hit in hits
                    )
                    await client.post(
                        "/_bulk?refresh=true",
                        content=lines,
                        headers={"content-type": "application/x-ndjson"},
                    )
                    removed += len(hits)
            print(f"search: {removed} {kind} documents removed")  # noqa: T201


async def main(args: argparse.Namespace) -> None:
    if args.remove:
        await remove()
        return
    started = time.monotonic()
    if args.jobs:
        organizations = dataset_organizations(args.organizations)
        per_organization = max(1, -(-args.jobs // max(len(organizations), 1)))
        owner = await owner_account()
        made = await make_organizations(organizations, owner, args.concurrency)
        published = await make_jobs(organizations, made, owner, per_organization, args.concurrency)
        print(  # noqa: T201
            f"data set: {len(made)} organizations, {published} published jobs "
            f"({time.monotonic() - started:.0f}s)"
        )
        if args.wait:
            await wait_findable([made[o.name][0] for o in organizations], published, args.timeout)
    if args.resumes:
        held = await make_resumes(args.resumes, args.concurrency, bounded)
        print(f"data set: {held} resumes ({time.monotonic() - started:.0f}s)")  # noqa: T201
        if args.wait and not await wait_for_search(timeout=args.timeout):
            raise SystemExit(f"resumes not all indexed after {args.timeout:.0f}s")


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, default=10_000, help="jobs in all (default 10000)")
    parser.add_argument("--organizations", type=int, default=500, help="default 500")
    parser.add_argument("--resumes", type=int, default=2_000, help="resumes in all (2000)")
    parser.add_argument("--concurrency", type=int, default=6, help="writes in flight (6)")
    parser.add_argument("--wait", action="store_true", help="wait until the jobs are findable")
    parser.add_argument("--timeout", type=float, default=1800, help="for --wait, seconds")
    parser.add_argument("--remove", action="store_true", help="delete the data set again")
    args = parser.parse_args(argv)
    if not 1 <= args.organizations <= 20_000 or not 0 <= args.jobs <= 100_000:
        parser.error("between 1 and 20,000 organizations and 0 and 100,000 jobs")
    if not 0 <= args.resumes <= 100_000:
        parser.error("between 0 and 100,000 resumes")
    return args


if __name__ == "__main__":
    asyncio.run(main(parse()))
