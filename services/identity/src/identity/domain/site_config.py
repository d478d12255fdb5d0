"""Sites (frontends) and their configuration: every setting the web and the services read.

Each setting has a group (``key``), a ``name``, a type and a platform default (spec 4's feature
flags, spec 9's display and geo constants). A site stores only what differs from the default;
``getAppConfig`` answers every setting of the asking site with its effective value (spec 7:
entries ``{name, key, value}``, found by name; an empty list for a site the platform does not
serve). Administrators change values through the graph; each change is an event
(``identity.site.config_changed``) so other services can cache the configuration.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from jobkit.db import unit_of_work
from jobkit.outbox import enqueue
from jobkit.site_settings import DEFAULT_SITE_NAME, SITE_NAME_KEY, SITE_NAME_NAME
from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from identity.db import outbox
from identity.domain.errors import AccountError, AccountErrorCode, AccountErrors
from identity.domain.events import SiteConfigChanged, SiteSettingValue
from identity.domain.models import Site, SiteSetting
from identity.settings import IdentitySettings

PROFILE_NETWORKS = (
    "facebook", "twitter", "linkedin", "youtube", "xing", "instagram", "tiktok", "blue_sky",
)  # fmt: skip
SHARING_NETWORKS = ("facebook", "linkedin", "email", "twitter", "whatsapp", "xing", "bluesky")
WORKFLOW_STATES = ("needs_review", "published", "archived", "scheduled", "draft", "expired")
ANALYTICS_EVENTS = (
    "job_search", "job_visit", "job_apply_start", "job_apply_complete", "job_edit", "job_share",
    "job_bookmark", "resume_search", "resume_visit", "login", "sign_up_start", "sign_up",
    "job_alert_signup", "job_alert_prompt", "orgprofile_visit", "view_original_ad_btn_click",
)  # fmt: skip


@dataclass(frozen=True)
class Setting:
    key: str
    name: str
    default: Any
    description: str
    kind: type = bool
    choices: tuple[str, ...] = ()
    minimum: float | None = None


def _flag(name: str, default: bool, description: str) -> Setting:
    return Setting("features", name, default, description)


SETTINGS: tuple[Setting, ...] = (
    # Spec 4: feature flags, all configurable; these are the platform defaults.
    _flag("recruiter", True, "Recruiters can sign up and manage organizations."),
    _flag("applicant", True, "Applicants can sign up and apply."),
    _flag("resume", True, "Applicants keep resumes."),
    _flag("resume_import", True, "Applicants can import a resume from a file."),
    _flag("resume_contact", False, "Recruiters can ask applicants for contact."),
    _flag("resume_searches", False, "Recruiters can save resume searches."),
    _flag("resume_site_import", False, "Resumes can be imported from another site."),
    _flag("fields_of_study", False, "Fields of study are used in forms and filters."),
    _flag("ai_job_description", False, "Recruiters can draft job descriptions with AI."),
    _flag("incomplete_resume_redirect", False, "Incomplete resumes redirect to the wizard."),
    _flag("scheduled_jobs", True, "Jobs can be scheduled for later publication."),
    Setting(
        "workflow",
        "publish_hidden_states",
        ["needs_review", "published", "archived", "scheduled"],
        "Job states in which the publish option is hidden.",
        kind=list,
        choices=WORKFLOW_STATES,
    ),
    Setting(
        "jobs",
        "moderation",
        False,
        "Jobs wait for an administrator's review (needs_review) before they go public.",
    ),
    Setting(
        "jobs",
        "review_unverified",
        False,
        "Jobs of organizations no administrator has verified wait for review before they go "
        "public.",
    ),
    Setting(
        "jobs",
        "report_hide_threshold",
        3,
        "A job reported by this many different people is hidden until an administrator reviews it.",
        kind=int,
        minimum=1,
    ),
    Setting(
        SITE_NAME_KEY,
        SITE_NAME_NAME,
        DEFAULT_SITE_NAME,
        "The site's name, after each page title the services give (\u201cNursing jobs | "
        "Jobboard\u201d).",
        kind=str,
    ),
    Setting("navigation", "logo_link", "/", "Where the site logo links to.", kind=str),
    Setting("geo", "default_radius", 100, "Default search radius.", kind=int, minimum=1),
    Setting("geo", "default_unit", "km", "Unit of distances.", kind=str, choices=("km", "mi")),
    Setting(
        "geo",
        "radius_multiplier",
        1.0,
        "Kilometres per unit of the site's radius (1.6 for miles).",
        kind=float,
        minimum=0.1,
    ),
    Setting(
        "sharing",
        "buttons",
        ["facebook", "linkedin", "email"],
        "Sharing buttons on job pages, in order.",
        kind=list,
        choices=SHARING_NETWORKS,
    ),
    Setting(
        "organizations",
        "social_profiles",
        list(PROFILE_NETWORKS),
        "Social networks an organization profile offers (the US variant leaves xing out).",
        kind=list,
        choices=PROFILE_NETWORKS,
    ),
    Setting(
        "contact",
        "form_url",
        "https://www.jobboard.example/contact-form",
        "The external contact form /contact goes to (spec 2).",
        kind=str,
    ),
    Setting(
        "redirects",
        "job_categories",
        {},
        "Legacy job category slugs and the category path each goes to now (the platform's "
        "table of spec 2 comes first; an empty target means /jobs).",
        kind=dict,
    ),
    Setting(
        "redirects",
        "local_chapters",
        [],
        "Named local chapters whose old /jobs/{slug} pages become a keyword search.",
        kind=list,
    ),
    Setting(
        "redirects",
        "product_prefixes",
        [],
        "Products whose old /jobs/{product}-* pages become a keyword search.",
        kind=list,
    ),
    Setting(
        "retention",
        "unconfirmed_alert_days",
        7,
        "Job alerts whose address was never confirmed are dropped after this many days.",
        kind=int,
        minimum=1,
    ),
    Setting(
        "retention",
        "closed_job_application_days",
        365,
        "Applications to a job closed (expired or archived) this many days ago are anonymized "
        "and their files deleted.",
        kind=int,
        minimum=1,
    ),
    Setting(
        "retention",
        "inactive_account_days",
        2190,
        "Accounts nobody signed in to for this many days are erased (after a warning by mail).",
        kind=int,
        minimum=30,
    ),
    Setting(
        "retention",
        "inactive_account_warning_days",
        14,
        "How many days before erasing an inactive account its owner is warned by mail.",
        kind=int,
        minimum=1,
    ),
    Setting("captcha", "registration", False, "A captcha protects sign-up."),
    Setting("captcha", "job_application", False, "A captcha protects job applications."),
    Setting(
        "captcha", "contact_form", False, "A captcha protects the organizations' contact form."
    ),
    Setting("subscriptions", "enabled", False, "Organizations see their subscriptions."),
    Setting(
        "subscriptions",
        "show_all_frontends",
        False,
        "Subscription lists include other sites' subscriptions.",
    ),
    Setting("consent", "terms_reconsent", False, "Users re-consent when the terms change."),
    Setting("analytics", "measurement_api", False, "Client events are mirrored server-side."),
    Setting("analytics", "conversion_api", False, "Conversion events are sent server-side."),
    Setting(
        "analytics",
        "conversion_events",
        [],
        "Events sent to the conversion API.",
        kind=list,
        choices=ANALYTICS_EVENTS,
    ),
)
BY_KEY = {(setting.key, setting.name): setting for setting in SETTINGS}


@dataclass(frozen=True)
class ConfigEntry:
    key: str
    name: str
    value: Any


_SLUG = re.compile(r"[a-z0-9][a-z0-9_-]{0,99}")
_PATH = re.compile(r"[a-z0-9][a-z0-9_-]{0,99}(/[a-z0-9][a-z0-9_-]{0,99})?")


def _invalid(message: str, field: str, code: AccountErrorCode = AccountErrorCode.INVALID) -> Any:
    return AccountError(code, message, field)


def coerce(setting: Setting, value: Any, field: str) -> tuple[Any, AccountError | None]:
    """The value in the setting's type, or why it cannot be."""
    label = f"{setting.key}.{setting.name}"
    if setting.kind is bool:
        if isinstance(value, bool):
            return value, None
        return None, _invalid(f"{label} must be true or false.", field)
    if setting.kind in (int, float):
        if isinstance(value, bool) or not isinstance(value, int | float):
            return None, _invalid(f"{label} must be a number.", field)
        if setting.kind is int and not float(value).is_integer():
            return None, _invalid(f"{label} must be a whole number.", field)
        if setting.minimum is not None and value < setting.minimum:
            return None, _invalid(
                f"{label} must be at least {setting.minimum:g}.",
                field,
                AccountErrorCode.OUT_OF_RANGE,
            )
        return setting.kind(value), None
    if setting.kind is str:
        if not isinstance(value, str) or not value.strip() or len(value) > 500:
            return None, _invalid(f"{label} must be a text of 1 to 500 characters.", field)
        if setting.choices and value not in setting.choices:
            return None, _invalid(
                f"{label} must be one of {', '.join(setting.choices)}.",
                field,
                AccountErrorCode.INVALID_CHOICE,
            )
        return value.strip(), None
    if setting.kind is dict:
        if (
            not isinstance(value, dict)
            or len(value) > 1000
            or not all(
                isinstance(k, str)
                and isinstance(v, str)
                and _SLUG.fullmatch(k)
                and (v == "" or _PATH.fullmatch(v))
                for k, v in value.items()
            )
        ):
            return None, _invalid(
                f"{label} must map lowercase slugs to category paths (at most 1000).", field
            )
        return dict(value), None
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        return None, _invalid(f"{label} must be a list of texts.", field)
    unknown = [item for item in value if setting.choices and item not in setting.choices]
    if unknown:
        return None, _invalid(
            f"{label} accepts {', '.join(setting.choices)}; not {', '.join(unknown)}.",
            field,
            AccountErrorCode.INVALID_CHOICE,
        )
    return list(dict.fromkeys(value)), None


async def site_config(session: AsyncSession, site: str) -> list[ConfigEntry]:
    """Every setting of ``site`` with its effective value; [] when the site is not served."""
    if await session.get(Site, site) is None:
        return []
    stored = {
        (row.key, row.name): row.value
        for row in await session.scalars(select(SiteSetting).where(SiteSetting.site == site))
    }
    return [
        ConfigEntry(
            setting.key, setting.name, stored.get((setting.key, setting.name), setting.default)
        )
        for setting in SETTINGS
    ]


async def setting_value(session: AsyncSession, site: str, key: str, name: str) -> Any:
    """One setting's effective value for ``site`` (the default when the site stores none)."""
    stored = await session.get(SiteSetting, (site, key, name))
    return stored.value if stored is not None else BY_KEY[(key, name)].default


@dataclass(frozen=True)
class ConfigChange:
    key: str
    name: str
    value: Any


async def update_site_config(
    *,
    sessions: async_sessionmaker[AsyncSession],
    settings: IdentitySettings,
    site: str,
    changes: Sequence[ConfigChange],
    actor: str | None,
) -> list[ConfigEntry] | AccountErrors:
    """Set some of a site's settings (an administrator's act; the API checks the caller).

    All or nothing: one invalid value refuses the whole change. A value equal to the default is
    stored like any other, so a later change of the default does not move this site."""
    errors: list[AccountError] = []
    valid: list[ConfigChange] = []
    for index, change in enumerate(changes):
        field = f"entries.{index}"
        setting = BY_KEY.get((change.key, change.name))
        if setting is None:
            errors.append(
                _invalid(
                    f"There is no setting {change.key}.{change.name}.",
                    f"{field}.name",
                    AccountErrorCode.NOT_FOUND,
                )
            )
            continue
        value, error = coerce(setting, change.value, f"{field}.value")
        if error is not None:
            errors.append(error)
        else:
            valid.append(ConfigChange(change.key, change.name, value))
    if not changes:
        errors.append(
            _invalid("Name at least one setting to change.", "entries", AccountErrorCode.REQUIRED)
        )
    if errors:
        return AccountErrors(errors)
    async with unit_of_work(sessions) as session:
        if await session.get(Site, site) is None:
            return AccountErrors(
                [_invalid(f"There is no site {site}.", "site", AccountErrorCode.NOT_FOUND)]
            )
        for change in valid:
            statement = insert(SiteSetting).values(
                site=site, key=change.key, name=change.name, value=change.value, updated_by=actor
            )
            await session.execute(
                statement.on_conflict_do_update(
                    index_elements=["site", "key", "name"],
                    set_={"value": statement.excluded.value, "updated_by": actor},
                )
            )
        event = SiteConfigChanged(
            site=site,
            changes=[SiteSettingValue(key=c.key, name=c.name, value=c.value) for c in valid],
        ).envelope(aggregate_id=site, site=site, actor=actor)
        await enqueue(session, outbox, topic=settings.topic(SiteConfigChanged.topic), event=event)
        return await site_config(session, site)


async def ensure_site(
    *, sessions: async_sessionmaker[AsyncSession], name: str, label: str, default_locale: str
) -> bool:
    """Create a site if it does not exist (the seed and tests use it); True when created."""
    async with unit_of_work(sessions) as session:
        created = await session.scalar(
            insert(Site)
            .values(name=name, label=label, default_locale=default_locale)
            .on_conflict_do_nothing(index_elements=["name"])
            .returning(Site.name)
        )
        return created is not None
