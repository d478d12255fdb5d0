"""What search engines read on a job's page besides its JSON-LD (which, with the rule set that
checks it, is :mod:`jobs.domain.structured_data`): the metatags, and the site's URLs of the job
and of its organization.

Pure functions of the job, its organization (the read model) and the labels of its terms: no
I/O here, so the GraphQL layer loads what they need in batches and tests call them directly.
"""

from __future__ import annotations

from dataclasses import dataclass

from jobkit.html import plain_text
from jobkit.site_settings import DEFAULT_SITE_NAME, page_title
from jobkit.uploads.files import file_url

from jobs.domain.models import Job, KnownOrganization
from jobs.domain.snapshots import LOGO_STYLE
from jobs.settings import JobsSettings


def absolute(settings: JobsSettings, url: str | None) -> str | None:
    if not url:
        return None
    if url.startswith(("http://", "https://")):
        return url
    return settings.site_url.rstrip("/") + "/" + url.lstrip("/")


def profile_url(settings: JobsSettings, organization: KnownOrganization | None) -> str | None:
    if organization is None or not organization.profile_slug:
        return None
    return absolute(settings, f"/organization/{organization.profile_slug}")


def job_url(settings: JobsSettings, job: Job) -> str:
    """The job's page on its own site."""
    return f"{settings.site_url_for(job.site)}/job/{job.slug}"


@dataclass(frozen=True)
class Tag:
    meta: str
    value: str


def metatags(
    job: Job,
    *,
    settings: JobsSettings,
    organization: KnownOrganization | None,
    site_name: str = DEFAULT_SITE_NAME,
    asking_site: str | None = None,
) -> list[Tag]:
    """Title (then the site's name), description, canonical, og:* and robots (noindex unless
    PUBLISHED). Shown on a site it is shared with (``asking_site``), its canonical is its page on
    its own site (ADR 0057)."""
    description = (
        plain_text(job.description or "")[:300] or f"{job.title} at {job.organization_name}."
    )
    title = f"{job.title} | {job.organization_assignment or job.organization_name}"
    tags = [
        Tag("title", page_title(title, site_name)),
        Tag("description", description),
        Tag(
            "canonical",
            f"/job/{job.slug}"
            if asking_site is None or asking_site == job.site
            else job_url(settings, job),
        ),
        Tag("og:title", title),
        Tag("og:description", description),
        Tag("og:type", "website"),
        Tag("og:url", job_url(settings, job)),
        Tag("robots", "index, follow" if job.state == "published" else "noindex, nofollow"),
    ]
    image = (
        file_url(settings, job.logo_upload_id, LOGO_STYLE)
        if job.logo_upload_id
        else (organization.logo_url if organization else None)
    )
    if image:
        tags.append(Tag("og:image", absolute(settings, image) or image))
    return tags
