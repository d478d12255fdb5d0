from __future__ import annotations

from typing import Annotated

import strawberry
from strawberry.scalars import JSON
from strawberry.types import Info

from identity.domain.errors import AccountErrors as DomainAccountErrors
from identity.domain.site_config import ConfigChange, update_site_config
from identity.graphql.context import IdentityContext
from identity.graphql.types import AccountErrors, AppConfigEntry
from identity.settings import IdentitySettings


@strawberry.input(description="A new value for one setting, named by its group (key) and name.")
class SiteSettingInput:
    key: str
    name: str
    value: JSON


@strawberry.input
class UpdateSiteConfigInput:
    site: str | None = strawberry.field(
        default=None, description="The site to change; the X-Frontend header's by default."
    )
    entries: list[SiteSettingInput]


@strawberry.type
class SiteConfigUpdated:
    site: str
    config: list[AppConfigEntry]


UpdateSiteConfigResult = Annotated[
    SiteConfigUpdated | AccountErrors, strawberry.union("UpdateSiteConfigResult")
]


async def update_site_config_mutation(
    info: Info[IdentityContext, None], input: UpdateSiteConfigInput
) -> UpdateSiteConfigResult:
    principal = info.context.require_principal()
    settings = info.context.settings
    assert isinstance(settings, IdentitySettings)
    site = input.site or info.context.frontend.site
    result = await update_site_config(
        sessions=info.context.sessions,
        settings=settings,
        site=site,
        changes=[ConfigChange(e.key, e.name, e.value) for e in input.entries],
        actor=principal.actor_id or principal.user_id,
    )
    if isinstance(result, DomainAccountErrors):
        return AccountErrors.from_domain(result)
    return SiteConfigUpdated(
        site=site, config=[AppConfigEntry(name=e.name, key=e.key, value=e.value) for e in result]
    )
