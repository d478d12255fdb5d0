"""``organizations.domain.bulk.create_organizations`` (ADR 0075): a batch of complete
organizations writes what the single use cases write (founding, four groups, publishing), with
one profile snapshot each; a refused one is answered and leaves no trace, the others written."""

from __future__ import annotations

import io
import uuid
from typing import Any

import pytest
from jobkit.auth import Principal
from jobkit.events import EventEnvelope
from jobkit.settings import ServiceSettings
from jobkit.uploads import process_upload, storage_from_settings
from jobkit.uploads.processing import store_upload
from organizations.db import members, outbox, uploads
from organizations.domain.bulk import CompleteOrganization, create_organizations
from organizations.domain.errors import OrganizationErrorCode, OrganizationErrors
from organizations.domain.lifecycle import create_organization
from organizations.domain.models import Organization, OrganizationProfile
from organizations.domain.profile import set_published, update_group
from organizations.settings import OrganizationsSettings
from PIL import Image
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

pytestmark = pytest.mark.integration

# columns that are the row's own (its id and number, when it was written) or follow from being
# the second organization of the same name (its slug)
OWN = {"id", "slug", "created_at", "updated_at", "published_at"}
OWN_IN_EVENT = {"profile_id", "organization_id", "organization_number", "slug"}


async def logo(
    sessions: async_sessionmaker[AsyncSession], settings: OrganizationsSettings, owner: str
) -> str:
    image = io.BytesIO()
    Image.new("RGB", (64, 64), (27, 127, 107)).save(image, format="PNG")
    values = await store_upload(
        processed=process_upload(image.getvalue()),
        storage=storage_from_settings(settings),
        sessions=sessions,
        table=uploads,
        owner_id=owner,
        filename="logo.png",
        purpose="organization_logo",
        private=False,
    )
    return str(values["id"])


def complete_groups(name: str, logo_id: str) -> dict[str, dict[str, Any]]:
    address = {
        "country_code": "us",
        "locality": "Boston",
        "administrative_area": "MA",
        "zip": "02110",
        "address_line1": " 1 Harbor Way ",
    }
    return {
        "organization_info": {
            "name": name,
            "logo_upload_id": logo_id,
            "organization_location": address,
            "website": "https://www.harbor.example.org",
        },
        "company_info": {"name": name, "address": address},
        "about": {
            # sanitized as for an administrator: the script goes, the markup stays
            "presentation": "<p><strong>We</strong> teach.</p><script>alert(1)</script>",
            "occupation_tids": [],
        },
        "benefits": {"benefit_tids": []},
    }


def columns(profile: OrganizationProfile) -> dict[str, Any]:
    return {
        column.key: getattr(profile, column.key)
        for column in OrganizationProfile.__table__.columns
        if column.key not in OWN
    }


async def events_of(
    sessions: async_sessionmaker[AsyncSession], organization_id: uuid.UUID
) -> list[EventEnvelope]:
    async with sessions() as session:
        bodies = await session.scalars(
            select(outbox.c.body).where(outbox.c.key == str(organization_id)).order_by(outbox.c.id)
        )
        return [EventEnvelope.from_bytes(body) for body in bodies]


def principals() -> tuple[Principal, Principal]:
    owner = str(uuid.uuid4())
    recruiter = Principal(user_id=owner, roles=frozenset({"recruiter"}))
    return recruiter, Principal(user_id=owner, roles=frozenset({"recruiter", "administrator"}))


async def test_a_batch_writes_what_the_single_use_cases_write(
    sessions: async_sessionmaker[AsyncSession], service_settings: ServiceSettings
) -> None:
    assert isinstance(service_settings, OrganizationsSettings)
    settings = service_settings
    recruiter, actor = principals()
    logo_id = await logo(sessions, settings, actor.user_id)
    name = "Harbor Literacy Trust"
    single = await create_organization(
        sessions=sessions, settings=settings, principal=recruiter, name=name
    )
    assert isinstance(single, OrganizationProfile)
    for group, data in complete_groups(name, logo_id).items():
        updated = await update_group(
            sessions=sessions,
            settings=settings,
            principal=actor,
            profile_id=single.id,
            group=group,
            data=data,
        )
        assert isinstance(updated, OrganizationProfile), updated
    single = await set_published(
        sessions=sessions, settings=settings, principal=actor, profile_id=single.id, published=True
    )
    assert isinstance(single, OrganizationProfile)

    [batch] = await create_organizations(
        sessions=sessions,
        settings=settings,
        principal=actor,
        organizations=[
            CompleteOrganization(name=f" {name} ", groups=complete_groups(name, logo_id))
        ],
    )

    assert isinstance(batch, OrganizationProfile), batch
    assert columns(batch) == columns(single)
    assert batch.status == "published"
    assert batch.version == 6
    assert batch.presentation == "<p><strong>We</strong> teach.</p>"
    assert batch.slug == "harbor-literacy-trust-2"
    async with sessions() as session:
        organizations = {
            o.id: o
            for o in await session.scalars(select(Organization).where(Organization.name == name))
        }
        roles = set(
            (
                await session.execute(
                    select(members.c.organization_id, members.c.user_id, members.c.role)
                )
            ).tuples()
        )
    assert organizations[batch.id].owner_id == organizations[single.id].owner_id
    assert organizations[batch.id].version == organizations[single.id].version
    assert (str(batch.id), actor.user_id, "owner") in roles
    # the batch's last profile snapshot is the single path's last one
    last_single, last_batch = (
        (await events_of(sessions, single.id))[-1],
        (await events_of(sessions, batch.id))[-1],
    )
    assert last_batch.type == last_single.type == "organizations.profile.published"
    assert last_batch.aggregate_version == last_single.aggregate_version == 6
    drop = lambda payload: {k: v for k, v in payload.items() if k not in OWN_IN_EVENT}  # noqa: E731
    assert drop(last_batch.payload) == drop(last_single.payload)


async def test_a_batch_writes_one_snapshot_an_organization_after_its_founding_events(
    sessions: async_sessionmaker[AsyncSession], service_settings: ServiceSettings
) -> None:
    assert isinstance(service_settings, OrganizationsSettings)
    _, actor = principals()
    logo_id = await logo(sessions, service_settings, actor.user_id)
    made = await create_organizations(
        sessions=sessions,
        settings=service_settings,
        principal=actor,
        organizations=[
            CompleteOrganization(name=name, groups=complete_groups(name, logo_id))
            for name in ("Outbox Harbor One", "Outbox Harbor Two")
        ]
        + [CompleteOrganization(name="Outbox Harbor Draft", published=False)],
    )

    assert all(isinstance(profile, OrganizationProfile) for profile in made)
    one, two, draft = [await events_of(sessions, profile.id) for profile in made]
    for events, profile in ((one, made[0]), (two, made[1])):
        assert [(e.type, e.aggregate_version) for e in events] == [
            ("organizations.organization.created", 1),
            ("organizations.member.added", 1),
            ("organizations.profile.published", 6),
        ]
        assert events[-1].payload["slug"] == profile.slug
        assert events[-1].payload["published"] is True
    # founded only: its founding's two events, as create_organization sends
    assert [e.type for e in draft] == [
        "organizations.organization.created",
        "organizations.member.added",
    ]


async def test_a_refused_organization_is_answered_and_the_others_written(
    sessions: async_sessionmaker[AsyncSession], service_settings: ServiceSettings
) -> None:
    assert isinstance(service_settings, OrganizationsSettings)
    _, actor = principals()
    logo_id = await logo(sessions, service_settings, actor.user_id)
    bad_website = complete_groups("Refused Harbor", logo_id)
    bad_website["organization_info"]["website"] = "not a web address"
    unknown_term = complete_groups("Unknown Harbor", logo_id)
    unknown_term["about"]["industry_tid"] = 999_999
    no_presentation = complete_groups("Silent Harbor", logo_id)
    no_presentation["about"]["presentation"] = ""

    results = await create_organizations(
        sessions=sessions,
        settings=service_settings,
        principal=actor,
        organizations=[
            CompleteOrganization(
                name="Kept Harbor", groups=complete_groups("Kept Harbor", logo_id)
            ),
            CompleteOrganization(name="Refused Harbor", groups=bad_website),
            CompleteOrganization(name="Unknown Harbor", groups=unknown_term),
            CompleteOrganization(name="Silent Harbor", groups=no_presentation),
            CompleteOrganization(name="   "),
            CompleteOrganization(name="Odd Harbor", groups={"no_such_group": {}}),
            CompleteOrganization(name="Also Kept", groups=complete_groups("Also Kept", logo_id)),
        ],
    )

    kept, website, term, silent, blank, odd, also = results
    assert isinstance(kept, OrganizationProfile)
    assert isinstance(also, OrganizationProfile)
    assert isinstance(website, OrganizationErrors)
    assert [(e.field, e.code) for e in website.errors] == [
        ("organization_info.website", OrganizationErrorCode.INVALID)
    ]
    assert isinstance(term, OrganizationErrors)
    assert [(e.field, e.code) for e in term.errors] == [
        ("about.industry_tid", OrganizationErrorCode.UNKNOWN_TERM)
    ]
    assert isinstance(silent, OrganizationErrors)
    assert [e.code for e in silent.errors] == [OrganizationErrorCode.INCOMPLETE_PROFILE]
    assert isinstance(blank, OrganizationErrors)
    assert isinstance(odd, OrganizationErrors)
    assert [(e.field, e.code) for e in odd.errors] == [
        ("no_such_group", OrganizationErrorCode.INVALID_CHOICE)
    ]
    async with sessions() as session:
        names = set(
            await session.scalars(
                select(Organization.name).where(Organization.owner_id == uuid.UUID(actor.user_id))
            )
        )
        keys = set(await session.scalars(select(outbox.c.key)))
    assert names == {"Kept Harbor", "Also Kept"}
    assert str(kept.id) in keys
    assert str(also.id) in keys
    assert also.slug == "also-kept"


async def test_only_recruiters_found_organizations_in_a_batch(
    sessions: async_sessionmaker[AsyncSession], service_settings: ServiceSettings
) -> None:
    assert isinstance(service_settings, OrganizationsSettings)
    applicant = Principal(user_id=str(uuid.uuid4()), roles=frozenset({"applicant"}))

    results = await create_organizations(
        sessions=sessions,
        settings=service_settings,
        principal=applicant,
        organizations=[CompleteOrganization(name="Nobody's Harbor")] * 2,
    )

    assert [type(r) for r in results] == [OrganizationErrors, OrganizationErrors]
    assert all(r.errors[0].code == OrganizationErrorCode.FORBIDDEN for r in results)  # type: ignore[union-attr]
