"""Many complete organizations written at once (the data set generator, ADR 0075): each one as
a recruiter founds it, fills its profile's groups and publishes it, with the same checks, the
same sanitizing and the same slugs as those use cases (their own functions), in ONE transaction
per batch, each organization in a savepoint, so a refused one leaves no trace and does not stop
the others.

Its events: ``organizations.organization.created`` and ``organizations.member.added``
as when it is founded (and ``organizations.organization.updated`` when a group renames it), and
ONE profile snapshot at the profile's last version (``profile.published`` when it is published,
else ``profile.updated``) instead of one for each group and one for the publication: every
consumer of the profile topic keeps the latest version's snapshot, which is the one the single
path sends last."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from jobkit.auth import Principal
from jobkit.db import unit_of_work
from jobkit.errors import errors_from_validation
from pydantic import ValidationError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from organizations.domain.access import actor_of
from organizations.domain.errors import (
    OrganizationError,
    OrganizationErrorCode,
    OrganizationErrors,
    one_error,
)
from organizations.domain.events import ProfilePublished, ProfileUpdated
from organizations.domain.lifecycle import NewOrganization, found_organization
from organizations.domain.models import OrganizationProfile
from organizations.domain.profile import (
    GROUP_MODELS,
    apply_group,
    checked_group,
    mark_published,
    missing_for_publication,
)
from organizations.domain.slugs import lock_slugs
from organizations.domain.snapshots import emit, snapshot
from organizations.settings import OrganizationsSettings

Code = OrganizationErrorCode


@dataclass(frozen=True)
class CompleteOrganization:
    """An organization as the batch writes it: its name, its profile's groups (group -> the
    data ``update_group`` takes, applied in order) and whether it is published."""

    name: str
    groups: Mapping[str, dict[str, Any]] = field(default_factory=dict)
    published: bool = True


async def create_organizations(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: OrganizationsSettings,
    principal: Principal,
    organizations: Sequence[CompleteOrganization],
    site: str | None = None,
) -> list[OrganizationProfile | OrganizationErrors]:
    """``organizations`` founded by ``principal`` (their owner and first member), their groups
    written and published as asked, in one transaction; the results in the same order: the
    profile, or the errors of the refused one (``field`` prefixed with its group)."""
    if not principal.is_recruiter:
        refused = one_error(Code.FORBIDDEN, "Only recruiters can create organizations.")
        return [refused for _ in organizations]
    site = site or settings.site
    results: list[OrganizationProfile | OrganizationErrors] = []
    async with unit_of_work(sessions) as session:
        await lock_slugs(
            session,
            site=site,
            names=[
                name
                for item in organizations
                for name in (item.name, item.groups.get("organization_info", {}).get("name"))
                if isinstance(name, str)
            ],
        )
        for item in organizations:
            savepoint = await session.begin_nested()
            result = await _create(session, settings, principal, item, site)
            if isinstance(result, OrganizationErrors):
                await savepoint.rollback()
            else:
                await savepoint.commit()
            results.append(result)
        await session.flush()
        for result in results:
            if isinstance(result, OrganizationProfile):
                await session.refresh(result)  # server-set columns, for the answer
    return results


async def _create(
    session: AsyncSession,
    settings: OrganizationsSettings,
    principal: Principal,
    item: CompleteOrganization,
    site: str,
) -> OrganizationProfile | OrganizationErrors:
    try:
        valid = NewOrganization(name=item.name)
    except ValidationError as error:
        return OrganizationErrors(errors_from_validation(error, Code))
    unknown = [group for group in item.groups if group not in GROUP_MODELS]
    if unknown:
        return one_error(Code.INVALID_CHOICE, "No such profile group.", unknown[0])
    profile = await found_organization(session, settings, principal, valid.name, site)
    for group, data in item.groups.items():
        model = await checked_group(session, principal, profile, group, data)
        if isinstance(model, OrganizationErrors):
            return OrganizationErrors(
                [
                    OrganizationError(e.code, e.message, f"{group}.{e.field}" if e.field else group)
                    for e in model.errors
                ]
            )
        await apply_group(session, settings, principal, profile, model)
    if item.published:
        missing = missing_for_publication(profile)
        if missing:
            return OrganizationErrors(missing)
        mark_published(profile, True)
    if not (item.groups or item.published):
        return profile  # a bare organization: its founding's two events, as the single path
    await session.flush()
    kind = ProfilePublished if item.published else ProfileUpdated
    event = await snapshot(session, settings, profile, kind)
    await emit(session, settings, event, profile.id, actor_of(principal), profile.version)
    return profile
