"""The demo board that ``scripts/seed.py`` seeds: accounts, organizations, jobs, resumes, consent,
credits, and the vocabularies (search's taxonomy terms) and landing pages.

Idempotent: run it as often as you like. Each service's data goes into that service's own
database through its own models; identity goes through its sign-up use case so the events flow.
Prints the demo logins.
"""

from __future__ import annotations

import asyncio
import json
import os
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from analytics.settings import SERVICE_DIR as ANALYTICS_DIR
from analytics.settings import get_settings as analytics_settings
from billing.settings import SERVICE_DIR as BILLING_DIR
from billing.settings import get_settings as billing_settings
from consent.settings import SERVICE_DIR as CONSENT_DIR
from consent.settings import get_settings as consent_settings
from identity.domain.export import request_export
from identity.domain.models import DataExport, SiteSetting, User
from identity.domain.service import change_roles, register_user
from identity.domain.site_config import ConfigChange, ensure_site, update_site_config
from identity.settings import SERVICE_DIR as IDENTITY_DIR
from identity.settings import get_settings as identity_settings
from jobkit.db import make_engine, make_sessionmaker, unit_of_work
from jobkit.kafka import ensure_topics
from jobkit.migrations import upgrade_to_head
from jobkit.topics import TOPICS
from jobs.db import terms as jobs_terms
from jobs.domain.api_keys import SCOPES as API_SCOPES
from jobs.domain.api_keys import SHOWN_PREFIX, secret_digest
from jobs.domain.models import ApiKey, FeedSource, Job
from jobs.settings import SERVICE_DIR as JOBS_DIR
from jobs.settings import get_settings as jobs_settings
from organizations.domain.models import Organization
from organizations.settings import SERVICE_DIR as ORGANIZATIONS_DIR
from organizations.settings import get_settings as organizations_settings
from resumes.db import terms as resumes_terms
from resumes.settings import SERVICE_DIR as RESUMES_DIR
from resumes.settings import get_settings as resumes_settings
from search.settings import SERVICE_DIR as SEARCH_DIR
from search.settings import get_settings as search_settings
from search.site.landing_page_seed import seed_landing_pages
from search.taxonomy.loader import load_vocabularies
from sqlalchemy import select, update

from demo.organizations_data import ORGANIZATIONS as DEMO_ORGANIZATIONS
from demo.search_sync import resync_search
from demo.seed_alerts import seed_demo_alerts, seed_demo_resume_alerts
from demo.seed_applications import seed_demo_applications
from demo.seed_billing import seed_billing
from demo.seed_bookmarks import seed_demo_bookmarks
from demo.seed_consent import (
    RECONSENT_APPLICANT,
    seed_consent_infos,
    seed_identity_read_model,
    seed_user_consents,
)
from demo.seed_jobs import seed_demo_jobs, seed_site_jobs, share_site_jobs
from demo.seed_organizations import (
    copy_vocabulary,
    demo_members,
    demo_profiles,
    seed_demo_organizations,
)
from demo.seed_resumes import seed_demo_resumes
from demo.seed_visits import seed_demo_visits

ROOT = Path(__file__).resolve().parents[2]
DEMO_PASSWORD = os.environ.get("JOBBOARD_DEMO_PASSWORD", "demo-password-2026")
NAMESPACE = uuid.UUID("6f1c2a52-3a43-4d35-9c1f-4b6f0b7f2a10")

ACCOUNTS = [
    ("admin@jobboard.example", "Alex", "Admin", "administrator"),
    ("recruiter@greenharbor.example", "Rita", "Recruiter", "recruiter"),
    ("recruiter@openmeadow.example", "Omar", "Haddad", "recruiter"),
    ("recruiter@riverbend.example", "Rosa", "Rivera", "recruiter"),
    ("recruiter@europa-aid.example", "Lena", "Fischer", "recruiter"),
    ("applicant@jobboard.example", "Ada", "Applicant", "applicant"),
    ("jamie.lee@jobboard.example", "Jamie", "Lee", "applicant"),
]

ORGANIZATIONS = [
    ("Green Harbor Foundation", "recruiter@greenharbor.example"),
    ("Open Meadow Health Alliance", "recruiter@openmeadow.example"),
    ("Riverbend Literacy Project", "recruiter@greenharbor.example"),
    ("Northlight Climate Action", "recruiter@openmeadow.example"),
]


# This site's configuration where it differs from the platform defaults (spec 4, 5 and 9).
THIS_SITE = [
    ("navigation", "logo_link", "/jobs"),
    ("geo", "default_radius", 50),
    ("geo", "default_unit", "mi"),
    ("geo", "radius_multiplier", 1.6),
    ("sharing", "buttons", ["facebook", "linkedin", "email", "twitter", "whatsapp"]),
    ("captcha", "registration", True),
    ("captcha", "job_application", True),
    # jobs of organizations no administrator verified wait for review (the demo's are verified)
    ("jobs", "review_unverified", True),
    # spec 4 gives two readings of the resume flags; the demo turns the whole resume flow on
    # (the applicant's resume and import, recruiters' contact requests and saved searches)
    ("features", "resume", True),
    ("features", "resume_import", True),
    ("features", "resume_contact", True),
    ("features", "resume_searches", True),
    ("subscriptions", "enabled", True),
    ("consent", "terms_reconsent", True),
    # old pages of the previous site that search engines still know (spec 2)
    ("redirects", "local_chapters", ["chicago-chapter", "boston-chapter", "berlin-chapter"]),
    ("redirects", "product_prefixes", ["premium", "spotlight"]),
    ("redirects", "job_categories", {"green-jobs": "environmental-protection-and-conservation"}),
    # the US variant of the organization directory: no xing profile
    (
        "organizations",
        "social_profiles",
        ["facebook", "twitter", "linkedin", "youtube", "instagram", "tiktok", "blue_sky"],
    ),
]


# The second demo site, served beside the first on its own port (ADR 0049): spec 9's US variant.
# Its web server sends this name in X-Frontend (deploy/local/supervisord.conf, program web-us).
SECOND_SITE = "jobboard-us"
SECOND_SITE_LABEL = "Job board US"
SECOND_SITE_VALUES = [
    ("site", "name", "Jobboard US"),
    ("navigation", "logo_link", "/"),
    # spec 9: 50 mi by default, with a multiplier of 1.6
    ("geo", "default_radius", 50),
    ("geo", "default_unit", "mi"),
    ("geo", "radius_multiplier", 1.6),
    ("sharing", "buttons", ["facebook", "linkedin", "twitter", "email"]),
    # its own flags: a job board without the resume flow, with fields of study in its forms and
    # filters (spec 3: the US directory's facets are occupational fields and fields of study)
    ("features", "resume", False),
    ("features", "resume_import", False),
    ("features", "fields_of_study", True),
    ("captcha", "registration", True),
    ("captcha", "job_application", True),
    ("jobs", "review_unverified", True),
    # spec 3: the US variant of the organization directory has no xing profile
    (
        "organizations",
        "social_profiles",
        ["facebook", "twitter", "linkedin", "youtube", "instagram", "tiktok", "blue_sky"],
    ),
]


def stable_id(*parts: str) -> uuid.UUID:
    return uuid.uuid5(NAMESPACE, "/".join(parts))


async def migrate(service_dir: Any, settings: Any) -> Any:
    await asyncio.to_thread(upgrade_to_head, service_dir, settings.database_url)
    return make_sessionmaker(make_engine(settings.database_url))


async def seed_accounts() -> dict[str, uuid.UUID]:
    settings = identity_settings()
    sessions = await migrate(IDENTITY_DIR, settings)
    ids: dict[str, uuid.UUID] = {}
    for email, first, last, role in ACCOUNTS:
        async with sessions() as session:
            existing = await session.scalar(select(User.id).where(User.email == email))
        if existing is None:
            signup_role = role if role in {"applicant", "recruiter"} else "applicant"
            result = await register_user(
                sessions=sessions,
                settings=settings,
                email=email,
                password=DEMO_PASSWORD,
                first_name=first,
                last_name=last,
                role=signup_role,
            )
            assert isinstance(result, User), result
            if role != signup_role:  # administrators are made by an administrator's act
                changed = await change_roles(
                    sessions=sessions,
                    settings=settings,
                    user_id=result.id,
                    roles=[role],
                    actor=None,
                )
                assert isinstance(changed, User), changed
            existing = result.id
        # demo accounts are ready to use: their addresses count as confirmed
        async with unit_of_work(sessions) as session:
            user = await session.get(User, existing)
            assert user is not None
            user.email_verified = True
        ids[email] = existing
    return ids


def _history(
    owners: dict[str, uuid.UUID], organizations: dict[str, tuple[uuid.UUID, int]]
) -> dict[uuid.UUID, int]:
    """How many days ago each demo account and organization was made: the organizations in the
    order they were founded (their numbers), one every two days up to two months back, each
    recruiter signed up the day before their first one, everyone else within the last 4 weeks
    (fixed per account). Who founded what first stays as the seed made it."""
    recruiter_of = {demo.name: demo.recruiter for demo in DEMO_ORGANIZATIONS}
    founded = sorted(organizations.items(), key=lambda item: item[1][1])
    days: dict[uuid.UUID, int] = {}
    first_founding: dict[str, int] = {}
    for rank, (name, (organization_id, _)) in enumerate(founded):
        days[organization_id] = max(1, 60 - 2 * rank)
        first_founding.setdefault(recruiter_of.get(name, ""), days[organization_id])
    for email, user_id in owners.items():
        days[user_id] = first_founding[email] + 1 if email in first_founding else user_id.int % 28
    return days


async def backdate_demo_history(
    owners: dict[str, uuid.UUID],
    organizations: dict[str, tuple[uuid.UUID, int]],
    *,
    made_since: timedelta | None = timedelta(hours=12),
) -> None:
    """The demo accounts and organizations made by this run (in the last ``made_since``) get a
    past of their own (``_history``), so the administrators' sign-up and new-organization charts
    show the board growing; rows made before, or by anyone else, keep their dates."""
    today = datetime.now(UTC)
    days = _history(owners, organizations)
    for sessions, table, ids in (
        (make_sessionmaker(make_engine(identity_settings().database_url)), User, owners.values()),
        (
            make_sessionmaker(make_engine(organizations_settings().database_url)),
            Organization,
            [organization_id for organization_id, _ in organizations.values()],
        ),
    ):
        async with unit_of_work(sessions) as session:
            for row_id in ids:
                recent = True if made_since is None else table.created_at >= today - made_since
                await session.execute(
                    update(table)
                    .where(table.id == row_id, recent)
                    .values(created_at=today - timedelta(days=days[row_id]))
                )


async def seed_site() -> None:
    """Both demo sites, each with its values, through identity's use cases (so their
    configuration reaches the other services as events, as an administrator's change would)."""
    settings = identity_settings()
    sessions = await migrate(IDENTITY_DIR, settings)
    await configure_site(sessions, name=settings.site, label="Job board", values=THIS_SITE)
    await configure_site(
        sessions, name=SECOND_SITE, label=SECOND_SITE_LABEL, values=SECOND_SITE_VALUES
    )


async def configure_site(
    sessions: Any, *, name: str, label: str, values: list[tuple[str, str, Any]]
) -> None:
    settings = identity_settings()
    await ensure_site(sessions=sessions, name=name, label=label, default_locale="en")
    # the site's values for settings it has not stored yet (an admin's later changes stay)
    async with sessions() as session:
        stored = set(
            await session.execute(
                select(SiteSetting.key, SiteSetting.name).where(SiteSetting.site == name)
            )
        )
    missing = [ConfigChange(k, n, v) for k, n, v in values if (k, n) not in stored]
    if missing:
        config = await update_site_config(
            sessions=sessions, settings=settings, site=name, changes=missing, actor=None
        )
        assert isinstance(config, list), config


async def seed_organizations(
    owners: dict[str, uuid.UUID], search_sessions: Any
) -> dict[str, tuple[uuid.UUID, int]]:
    settings = organizations_settings()
    sessions = await migrate(ORGANIZATIONS_DIR, settings)
    tids = await copy_vocabulary(search_sessions, sessions)
    return await seed_demo_organizations(
        sessions=sessions, settings=settings, tids=tids, owners=owners
    )


async def seed_jobs(
    organizations: dict[str, tuple[uuid.UUID, int]],
    owners: dict[str, uuid.UUID],
    search_sessions: Any,
) -> dict[str, int]:
    """The 330 demo jobs through the jobs use cases (scripts/demo/seed_jobs.py)."""
    settings = jobs_settings()
    sessions = await migrate(JOBS_DIR, settings)
    tids = await copy_vocabulary(search_sessions, sessions, table=jobs_terms)
    organizations_config = organizations_settings()
    organization_sessions = make_sessionmaker(make_engine(organizations_config.database_url))
    profiles = await demo_profiles(organization_sessions, organizations_config)
    return await seed_demo_jobs(
        sessions=sessions,
        settings=settings,
        tids=tids,
        owners=owners,
        organizations=organizations,
        profiles=profiles,
        members=await demo_members(organization_sessions),
    )


async def seed_second_site_jobs(
    organizations: dict[str, tuple[uuid.UUID, int]],
    owners: dict[str, uuid.UUID],
    search_sessions: Any,
) -> int:
    """The second site's jobs, one in each of its six sample cities, posted by the first site's
    US organizations for that site only (scripts/demo/seed_jobs.py::seed_site_jobs), and three
    of the first site's jobs shared with it (``share_site_jobs``)."""
    settings = jobs_settings()
    sessions = make_sessionmaker(make_engine(settings.database_url))
    tids = await copy_vocabulary(search_sessions, sessions, table=jobs_terms)
    made = await seed_site_jobs(
        sessions=sessions,
        settings=settings,
        tids=tids,
        owners=owners,
        organizations=organizations,
        site=SECOND_SITE,
    )
    # and a few of the first site's jobs shared with it (ADR 0057)
    shared = await share_site_jobs(
        sessions=sessions,
        settings=settings,
        owners=owners,
        organizations=organizations,
        site=SECOND_SITE,
    )
    print(f"{SECOND_SITE}: {shared} of the first site's jobs newly shared with it")  # noqa: T201
    return made


async def seed_applications(owners: dict[str, uuid.UUID]) -> dict[str, int]:
    """Applications in every status for some demo jobs (scripts/demo/seed_applications.py)."""
    settings = jobs_settings()
    sessions = make_sessionmaker(make_engine(settings.database_url))
    applicants = {email: owners[email] for email, _, _, role in ACCOUNTS if role == "applicant"}
    return await seed_demo_applications(sessions=sessions, settings=settings, applicants=applicants)


async def seed_visits() -> dict[str, int]:
    """The last 60 days' visits of the demo jobs and profiles (scripts/demo/seed_visits.py)."""
    jobs_sessions = make_sessionmaker(make_engine(jobs_settings().database_url))
    analytics_sessions = await migrate(ANALYTICS_DIR, analytics_settings())
    return await seed_demo_visits(
        jobs_sessions=jobs_sessions,
        analytics_sessions=analytics_sessions,
        site=jobs_settings().site,
    )


async def seed_bookmarks(owners: dict[str, uuid.UUID]) -> dict[str, int]:
    """A few bookmarked jobs for each demo applicant (scripts/demo/seed_bookmarks.py)."""
    settings = jobs_settings()
    sessions = make_sessionmaker(make_engine(settings.database_url))
    applicants = {email: owners[email] for email, _, _, role in ACCOUNTS if role == "applicant"}
    return await seed_demo_bookmarks(sessions=sessions, settings=settings, applicants=applicants)


async def seed_resumes(
    owners: dict[str, uuid.UUID],
    organizations: dict[str, tuple[uuid.UUID, int]],
    search_sessions: Any,
) -> dict[str, int]:
    """Resumes for the demo applicants and 60 more, and contact requests in every state
    (scripts/demo/seed_resumes.py)."""
    settings = resumes_settings()
    sessions = await migrate(RESUMES_DIR, settings)
    tids = await copy_vocabulary(search_sessions, sessions, table=resumes_terms)
    organizations_config = organizations_settings()
    organization_sessions = make_sessionmaker(make_engine(organizations_config.database_url))
    applicants = {
        email: (owners[email], first, last)
        for email, first, last, role in ACCOUNTS
        if role == "applicant"
    }
    return await seed_demo_resumes(
        sessions=sessions,
        settings=settings,
        tids=tids,
        applicants=applicants,
        organizations=organizations,
        memberships=await demo_members(organization_sessions),
        stable_id=stable_id,
    )


async def seed_alerts(owners: dict[str, uuid.UUID]) -> int:
    """Job alerts for the demo applicants (scripts/demo/seed_alerts.py); the alert mailer sends
    a sample digest and instant alert after `make up`."""
    settings = search_settings()
    sessions = make_sessionmaker(make_engine(settings.database_url))
    applicants = {email: owners[email] for email, _, _, role in ACCOUNTS if role == "applicant"}
    return await seed_demo_alerts(
        sessions=sessions, applicants=applicants, stable_id=stable_id, site=settings.site
    )


async def seed_resume_alerts(owners: dict[str, uuid.UUID]) -> int:
    """The demo recruiter's resume alert (scripts/demo/seed_alerts.py); the alert mailer sends a
    sample resume digest once the demo resumes are indexed."""
    settings = search_settings()
    sessions = make_sessionmaker(make_engine(settings.database_url))
    recruiters = {email: owners[email] for email, _, _, role in ACCOUNTS if role == "recruiter"}
    return await seed_demo_resume_alerts(
        sessions=sessions, recruiters=recruiters, stable_id=stable_id, site=settings.site
    )


async def seed_consent(owners: dict[str, uuid.UUID]) -> None:
    """A privacy policy and terms with two revisions each (scripts/demo/seed_consent.py); one
    applicant agreed only to the old privacy policy, so the re-consent modal shows for them."""
    sessions = await migrate(CONSENT_DIR, consent_settings())
    async with unit_of_work(sessions) as session:
        revisions = await seed_consent_infos(session, stable_id)
        await seed_user_consents(session, revisions, sorted(owners.items()), stable_id)
    identity = make_sessionmaker(make_engine(identity_settings().database_url))
    async with unit_of_work(identity) as session:
        await seed_identity_read_model(session, revisions)
    print(  # noqa: T201
        f"consent: {RECONSENT_APPLICANT} agreed only to the old privacy policy and sees the "
        "re-consent modal after logging in"
    )


EXPORT_APPLICANT = "applicant@jobboard.example"
ATS_ORGANIZATION = "Green Harbor Foundation"
# The demo key of the ATS API (ADR 0039): known, so that the printed curl works; only its digest
# is stored, as for any key. A real board's keys are made in the organization dashboard.
DEMO_API_KEY = os.environ.get("JOBBOARD_DEMO_API_KEY", "jbk_demo-ats-key-of-the-local-board-2026")


async def seed_api_key(
    owners: dict[str, uuid.UUID], organizations: dict[str, tuple[uuid.UUID, int]]
) -> str:
    """Green Harbor's applicant tracking system: an API key of its recruiter, and its jobs
    carrying the ATS's references (GH-1001 on), so GET /api/ats/v1/jobs lists them by those."""
    sessions = make_sessionmaker(make_engine(jobs_settings().database_url))
    organization_id = organizations[ATS_ORGANIZATION][0]
    recruiter = dict(ORGANIZATIONS)[ATS_ORGANIZATION]
    async with unit_of_work(sessions) as session:
        digest = secret_digest(DEMO_API_KEY)
        if await session.scalar(select(ApiKey.id).where(ApiKey.secret_sha256 == digest)) is None:
            session.add(
                ApiKey(
                    id=stable_id(f"api-key:{ATS_ORGANIZATION}"),
                    organization_id=organization_id,
                    name="Greenhouse sync (demo)",
                    prefix=DEMO_API_KEY[:SHOWN_PREFIX],
                    secret_sha256=digest,
                    scopes=list(API_SCOPES),
                    created_by=owners[recruiter],
                    created_by_email=recruiter,
                )
            )
        jobs = list(
            await session.scalars(
                select(Job)
                .where(Job.organization_id == organization_id)
                .order_by(Job.created_at, Job.id)
            )
        )
        for number, job in enumerate(jobs, start=1001):
            job.external_reference = job.external_reference or f"GH-{number}"
    return (
        f"ATS API: {ATS_ORGANIZATION}'s key {DEMO_API_KEY} (its {len(jobs)} jobs as GH-1001 on);"
        " try curl -H 'Authorization: Bearer <key>' http://127.0.0.1:3002/api/ats/v1/jobs,"
        " docs at http://127.0.0.1:3002/api/ats/v1/docs"
    )


# Two organizations import their jobs from feeds (ADR 0041): files in scripts/demo/feeds, which
# the local jobs service serves at /feeds/demo/ (JOBS_DEMO_FEEDS_DIR in .local/env); its
# importer runs each source as soon as the service runs, then every hour. Each feed has one job
# the import refuses, so the first report shows a reason.
FEED_SOURCES = [
    ("Open Meadow Health Alliance", "Careers site (JobPosting JSON)", "json", "open-meadow.json"),
    ("Riverbend Literacy Project", "Aggregator export (XML)", "xml", "riverbend.xml"),
]


def _service_port(name: str) -> int:
    registry = json.loads((ROOT / "deploy" / "services.json").read_text())
    return int(next(s["port"] for s in registry["services"] if s["name"] == name))


async def seed_feed_sources(
    owners: dict[str, uuid.UUID], organizations: dict[str, tuple[uuid.UUID, int]]
) -> str:
    """The demo organizations' feed sources, due at once (the jobs service imports them)."""
    sessions = make_sessionmaker(make_engine(jobs_settings().database_url))
    base = f"http://127.0.0.1:{_service_port('jobs')}/feeds/demo"
    made = 0
    async with unit_of_work(sessions) as session:
        for organization, name, format, file in FEED_SOURCES:
            source_id = stable_id(f"feed-source:{organization}")
            if await session.get(FeedSource, source_id) is not None:
                continue
            recruiter = dict(ORGANIZATIONS)[organization]
            session.add(
                FeedSource(
                    id=source_id,
                    organization_id=organizations[organization][0],
                    name=name,
                    url=f"{base}/{file}",
                    format=format,
                    enabled=True,
                    interval_minutes=60,
                    created_by=owners[recruiter],
                    created_by_email=recruiter,
                    next_run_at=datetime.now(UTC),
                )
            )
            made += 1
    names = ", ".join(organization for organization, *_ in FEED_SOURCES)
    return (
        f"feed sources: {made} new ({names}); the jobs service imports them from {base}/ once "
        "it runs (organization dashboard, Job feeds)"
    )


async def seed_export(owners: dict[str, uuid.UUID]) -> str:
    """A copy of the demo applicant's data (ADR 0038), asked for once: the services send their
    parts once they run, identity assembles the archive and mails the link, and the account page
    offers the download."""
    settings = identity_settings()
    sessions = make_sessionmaker(make_engine(settings.database_url))
    user_id = owners[EXPORT_APPLICANT]
    async with sessions() as session:
        asked = await session.scalar(select(DataExport.id).where(DataExport.user_id == user_id))
    if asked is not None:
        return f"data export: {EXPORT_APPLICANT} has one (account page, 'Your data')"
    export = await request_export(sessions, settings, user_id=user_id, actor=str(user_id))
    assert isinstance(export, DataExport), export
    return f"data export: asked for {EXPORT_APPLICANT}; ready on the account page within a minute"


async def seed_credits(
    owners: dict[str, uuid.UUID], organizations: dict[str, tuple[uuid.UUID, int]]
) -> None:
    """Billing: products, credit grants with history, two subscriptions, one organization with
    no slots left (scripts/demo/seed_billing.py). The membership read model is filled here too
    (organizations' member events fill it once organizations publishes them)."""
    sessions = await migrate(BILLING_DIR, billing_settings())
    async with unit_of_work(sessions) as session:
        await seed_billing(
            session,
            [
                (name, organizations[name][1], str(owners[owner]), str(organizations[name][0]))
                for name, owner in ORGANIZATIONS
            ],
            now=datetime.now(UTC),
            stable_id=stable_id,
            settings=billing_settings(),
        )


async def seed_vocabularies() -> Any:
    settings = search_settings()
    sessions = await migrate(SEARCH_DIR, settings)
    report = await load_vocabularies(sessions, settings)
    print(f"vocabularies: {report}")  # noqa: T201
    inserted = await seed_landing_pages(sessions)
    print(f"landing pages: {inserted} new")  # noqa: T201
    return sessions


async def prepare_topics() -> None:
    """Every declared topic with its settings (jobkit.topics), before anything publishes."""
    settings = identity_settings()
    await ensure_topics(settings.kafka_bootstrap_servers, [settings.topic(t) for t in TOPICS])
    print(f"topics: {len(TOPICS)} declared, created or brought to their settings")  # noqa: T201


async def main() -> None:
    await prepare_topics()
    await seed_site()
    search_sessions = await seed_vocabularies()
    owners = await seed_accounts()
    organizations = await seed_organizations(owners, search_sessions)
    print(f"organizations: {len(organizations)} published profiles")  # noqa: T201
    await backdate_demo_history(owners, organizations)
    jobs = await seed_jobs(organizations, owners, search_sessions)
    print(f"jobs: {', '.join(f'{n} {state}' for state, n in sorted(jobs.items()))}")  # noqa: T201
    applications = await seed_applications(owners)
    print(  # noqa: T201
        f"applications: {', '.join(f'{n} {status}' for status, n in sorted(applications.items()))}"
    )
    visits = await seed_visits()
    print(  # noqa: T201
        f"visits, last 60 days: {visits.get('visits', 0)} of jobs, "
        f"{visits.get('profile_visits', 0)} of organization profiles"
    )
    bookmarks = await seed_bookmarks(owners)
    print(f"bookmarks: {', '.join(f'{n} for {a}' for a, n in sorted(bookmarks.items()))}")  # noqa: T201
    print(f"job alerts: {await seed_alerts(owners)} new")  # noqa: T201
    await seed_consent(owners)
    await seed_credits(owners, organizations)
    resumes = await seed_resumes(owners, organizations, search_sessions)
    print(f"resumes: {', '.join(f'{n} {kind}' for kind, n in resumes.items())}")  # noqa: T201
    print(f"resume alerts: {await seed_resume_alerts(owners)} new")  # noqa: T201
    print(await seed_export(owners))  # noqa: T201
    print(await seed_api_key(owners, organizations))  # noqa: T201
    print(await seed_feed_sources(owners, organizations))  # noqa: T201
    # last: the first site's applications, visits and bookmarks never pick the second's jobs
    second = await seed_second_site_jobs(organizations, owners, search_sessions)
    print(f"{SECOND_SITE} jobs: {second} new")  # noqa: T201
    await resync_search()
    sites = search_settings()
    print("\nDemo sites")  # noqa: T201
    for site in (sites.site, SECOND_SITE):
        print(f"  {site:<14} {sites.site_url_for(site)}/")  # noqa: T201
    print(f"\nDemo logins (password for all: {DEMO_PASSWORD})")  # noqa: T201
    for email, first, last, role in ACCOUNTS:
        print(f"  {role:<14} {email:<34} {first} {last}")  # noqa: T201
