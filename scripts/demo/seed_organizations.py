"""Demo organizations through organizations' own use cases (the same validation, slugs, events
and upload path as a recruiter's browser): logo, cover, contact photo and every profile group,
then published. Idempotent: a published organization whose logo file is still in storage is left
as it is (the database outlives a checkout's upload folder: a fresh clone on the same machine
finds the profiles but not their files, and draws them again), except its About group when its
size is not the data's (the sizes became spec 2's segments after the first seeds)."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

from jobkit.auth import Principal
from jobkit.uploads import process, storage_from_settings
from jobkit.uploads.http import file_url
from jobkit.uploads.processing import store_upload
from jobkit.vocabulary import TermUpserted, apply_term_upserted
from organizations.db import members, terms, uploads
from organizations.domain.errors import OrganizationErrors
from organizations.domain.lifecycle import create_organization, set_verified
from organizations.domain.models import Organization, OrganizationProfile
from organizations.domain.profile import set_published, update_group
from organizations.domain.snapshots import LOGO_STYLE
from organizations.settings import OrganizationsSettings
from search.taxonomy.models import Term
from sqlalchemy import Table, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from .artwork import SCENE_ALT, SCENES, cover, logo, portrait, scene
from .organizations_data import ORGANIZATIONS, DemoOrganization, web_name


async def copy_vocabulary(
    search_sessions: async_sessionmaker[AsyncSession],
    organization_sessions: async_sessionmaker[AsyncSession],
    table: Table = terms,
) -> dict[tuple[str, str], int]:
    """Search's terms into a service's read model (organizations' by default: what its consumer
    does from the events, done here so the seed does not wait for the broker);
    (vocabulary, alias) -> tid."""
    async with search_sessions() as session:
        rows = list(await session.scalars(select(Term)))
    async with organization_sessions() as session, session.begin():
        for row in rows:
            await apply_term_upserted(
                session,
                table,
                TermUpserted(
                    tid=row.tid,
                    vocabulary=row.vocabulary,
                    label=row.label,
                    labels=row.labels,
                    aliases=row.aliases,
                    parent_tid=row.parent_tid,
                    weight=row.weight,
                ),
            )
    return {(row.vocabulary, row.aliases.get("en", "")): row.tid for row in rows}


def _ok(result: object, what: str) -> Any:
    if isinstance(result, OrganizationErrors):
        raise RuntimeError(f"demo data refused ({what}): {result.errors}")
    return result


async def _upload(
    sessions: async_sessionmaker[AsyncSession],
    settings: OrganizationsSettings,
    owner: str,
    purpose: str,
    data: bytes,
    filename: str,
) -> str:
    processed = await process(data)
    values = await store_upload(
        processed=processed,
        storage=storage_from_settings(settings),
        sessions=sessions,
        table=uploads,
        owner_id=owner,
        filename=filename,
        purpose=purpose,
        private=False,
    )
    return str(values["id"])


async def _stored(
    sessions: async_sessionmaker[AsyncSession],
    settings: OrganizationsSettings,
    upload_id: uuid.UUID | None,
) -> bool:
    """Whether every rendition of the upload is in storage."""
    if upload_id is None:
        return False
    async with sessions() as session:
        row = (await session.execute(select(uploads).where(uploads.c.id == upload_id))).first()
    if row is None:
        return False
    storage = storage_from_settings(settings)
    try:
        for style in row.styles.values():
            await storage.get(style["key"])
    except FileNotFoundError:
        return False
    return True


def _address(demo: DemoOrganization) -> dict[str, Any]:
    return {
        "country_code": demo.country,
        "locality": demo.locality,
        "administrative_area": demo.area,
        "zip": demo.zip,
        "address_line1": demo.street,
    }


def _presentation(demo: DemoOrganization) -> str:
    return (
        f"<p><strong>{demo.name}</strong> {demo.mission}. We are a non-profit team based in "
        f"{demo.locality} and we measure our work by the lives and places it changes.</p>"
        "<h3>How we work</h3><ul><li>Close to the communities we serve</li>"
        "<li>Open books: our annual reports are public</li>"
        "<li>Growth for everyone on the team, with time and budget to learn</li></ul>"
        "<p>Join us if you want your work to matter every single day.</p>"
    )


def _about(demo: DemoOrganization, tids: dict[tuple[str, str], int]) -> dict[str, Any]:
    def tid(vocabulary: str, alias: str) -> int:
        return tids[(vocabulary, alias)]

    return {
        "presentation": _presentation(demo),
        "industry_tid": tid("industries", demo.industry),
        "size_tid": tid("organization_sizes", demo.size),
        "occupation_tids": [tid("occupational_fields", a) for a in demo.occupations],
        "fields_of_study_tids": [tid("fields_of_study", a) for a in demo.studies],
    }


def _gallery(index: int) -> tuple[str, str]:
    """The two scenes of the index-th organization's gallery (each kind in turn)."""
    return SCENES[index % len(SCENES)], SCENES[(index + 1) % len(SCENES)]


def _groups(
    demo: DemoOrganization,
    tids: dict[tuple[str, str], int],
    logo_id: str,
    cover_id: str,
    photo_id: str,
) -> dict[str, dict[str, Any]]:
    def tid(vocabulary: str, alias: str) -> int:
        return tids[(vocabulary, alias)]

    domain = f"{web_name(demo.name)}.example.org"
    website = f"https://www.{domain}"
    handle = web_name(demo.name, 20)
    first, last, position = demo.contact
    return {
        "organization_info": {
            "name": demo.name,
            "alternative_name": demo.alternative_name,
            "logo_upload_id": logo_id,
            "cover_upload_id": cover_id,
            "organization_location": _address(demo),
            "website": website,
            "social_profiles": {
                "linkedin": f"https://www.linkedin.com/company/{handle}",
                "instagram": f"https://www.instagram.com/{handle}",
                "blue_sky": f"https://bsky.app/profile/{handle}.bsky.social",
            },
        },
        "company_info": {
            "name": f"{demo.name} Inc." if demo.country == "US" else demo.name,
            "address": _address(demo),
        },
        "personal_info": {
            "salutation": "ms",
            "first_name": first,
            "last_name": last,
            "phone": "+1 555 0100",
            "position": "Finance & invoicing",
        },
        "about": _about(demo, tids),
        "benefits": {"benefit_tids": [tid("benefits", a) for a in demo.benefits]},
        "contact_persons": {
            "items": [
                {
                    "first_name": first,
                    "last_name": last,
                    "position": position,
                    "photo_upload_id": photo_id,
                    "email": f"{first.lower()}.{last.lower()}@{domain}",
                    "linkedin_profile": f"https://www.linkedin.com/in/{first.lower()}-{last.lower()}",
                }
            ]
        },
        "locations": {
            "items": [
                {"name": name, "address": {"country_code": country, "locality": locality}}
                for name, locality, country in demo.locations
            ]
        },
        "videos": {
            "items": [
                {
                    "source": demo.video,
                    "cover_upload_id": cover_id,
                    "cover_title": f"{demo.name} in two minutes",
                }
            ]
            if demo.video
            else []
        },
        "faq": {
            "items": [
                {
                    "question": "Can I work remotely?",
                    "answer": "Many of our roles are hybrid; each job ad says what applies.",
                },
                {
                    "question": "How does your hiring process work?",
                    "answer": "A short call, a conversation with the team and a practical task, "
                    "usually within three weeks.",
                },
                *({"question": q, "answer": a} for q, a in demo.faq),
            ]
        },
    }


async def _update(
    sessions: async_sessionmaker[AsyncSession],
    settings: OrganizationsSettings,
    actor: Principal,
    profile: OrganizationProfile,
    group: str,
    data: dict[str, Any],
    name: str,
) -> None:
    """One profile group through the use case; a refusal stops the seed."""
    _ok(
        await update_group(
            sessions=sessions,
            settings=settings,
            principal=actor,
            profile_id=profile.id,
            group=group,
            data=data,
        ),
        f"{name}: {group}",
    )


async def seed_demo_organizations(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: OrganizationsSettings,
    tids: dict[tuple[str, str], int],
    owners: dict[str, uuid.UUID],
) -> dict[str, tuple[uuid.UUID, int]]:
    """The demo organizations, published; name -> (id, number)."""
    made: dict[str, tuple[uuid.UUID, int]] = {}
    for index, demo in enumerate(ORGANIZATIONS):
        owner = str(owners[demo.recruiter])
        principal = Principal(user_id=owner, roles=frozenset({"recruiter"}))
        async with sessions() as session:
            organization = await session.scalar(
                select(Organization).where(Organization.name == demo.name)
            )
            profile = (
                await session.get(OrganizationProfile, organization.id) if organization else None
            )
        if profile is None:
            profile = _ok(
                await create_organization(
                    sessions=sessions, settings=settings, principal=principal, name=demo.name
                ),
                demo.name,
            )
        if profile.status != "published" or not await _stored(
            sessions, settings, profile.logo_upload_id
        ):
            # seeded before organizations had members: the owner acts as an admin would
            actor = Principal(user_id=owner, roles=frozenset({"recruiter", "administrator"}))
            first, last, _ = demo.contact
            # the five pictures are rendered side by side (uploads run two at a time)
            logo_id, cover_id, *gallery_ids, photo_id = await asyncio.gather(
                _upload(
                    sessions,
                    settings,
                    owner,
                    "organization_logo",
                    logo(demo.name, demo.colour, demo.shape),
                    "logo.png",
                ),
                _upload(
                    sessions,
                    settings,
                    owner,
                    "organization_image",
                    cover(demo.name, demo.colour, index),
                    "cover.jpg",
                ),
                *(
                    _upload(
                        sessions,
                        settings,
                        owner,
                        "organization_image",
                        scene(kind, demo.colour, 100 + index * 7 + n),
                        f"gallery-{n}.jpg",
                    )
                    for n, kind in enumerate(_gallery(index))
                ),
                _upload(
                    sessions,
                    settings,
                    owner,
                    "organization_image",
                    portrait(first, last, demo.colour),
                    "contact.png",
                ),
            )
            groups = _groups(demo, tids, logo_id, cover_id, photo_id)
            groups["gallery"] = {
                "items": [
                    {"upload_id": upload, "alt": f"{demo.name}: {SCENE_ALT[kind]}"}
                    for upload, kind in zip(gallery_ids, _gallery(index), strict=True)
                ]
            }
            for group, data in groups.items():
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
        elif profile.size_tid != tids[("organization_sizes", demo.size)]:
            # seeded before the sizes followed spec 2's segments: About again, through the use
            # case (search reindexes the profile from its event)
            actor = Principal(user_id=owner, roles=frozenset({"recruiter", "administrator"}))
            await _update(
                sessions, settings, actor, profile, "about", _about(demo, tids), demo.name
            )
        async with sessions() as session:
            organization = await session.get(Organization, profile.id)
            assert organization is not None
            made[demo.name] = (organization.id, organization.number)
        if not organization.verified:
            # the demo's organizations are real ones an administrator checked (ADR 0030)
            admin = Principal(user_id=owner, roles=frozenset({"administrator"}))
            _ok(
                await set_verified(
                    sessions=sessions,
                    settings=settings,
                    principal=admin,
                    organization_id=organization.id,
                    verified=True,
                ),
                demo.name,
            )
    return made


async def demo_profiles(
    sessions: async_sessionmaker[AsyncSession], settings: OrganizationsSettings
) -> dict[str, tuple[str, str | None]]:
    """name -> (profile slug, logo URL) of the demo organizations, for the other services' read
    models (what organizations' profile events carry)."""
    names = [demo.name for demo in ORGANIZATIONS]
    async with sessions() as session:
        profiles = (
            await session.scalars(
                select(OrganizationProfile).where(OrganizationProfile.name.in_(names))
            )
        ).all()
    return {
        profile.name: (
            profile.slug,
            file_url(settings, profile.logo_upload_id, LOGO_STYLE)
            if profile.logo_upload_id
            else None,
        )
        for profile in profiles
    }


async def demo_members(sessions: async_sessionmaker[AsyncSession]) -> list[tuple[str, str, str]]:
    """Every membership organizations holds: (organization id, user id, role)."""
    async with sessions() as session:
        rows = await session.execute(
            select(members.c.organization_id, members.c.user_id, members.c.role)
        )
    return [(str(o), str(u), str(r)) for o, u, r in rows]
