"""The profile groups of spec 3 as validated input: one model per group, one mutation each.

Strings are stripped; empty optional strings become None. URLs must be http(s); social profiles
must point at their network's host; video sources must be YouTube or Vimeo pages. The models
only check shape: term ids are checked against the vocabulary read model and upload ids against
the caller's uploads by the use case.
"""

from __future__ import annotations

from typing import Annotated, Literal
from urllib.parse import urlparse

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    EmailStr,
    Field,
    StringConstraints,
    model_validator,
)

MAX_ITEMS = 50


def _blank_to_none(value: object) -> object:
    if isinstance(value, str) and not value.strip():
        return None
    return value


def _http_url(value: str) -> str:
    parsed = urlparse(value)
    if parsed.scheme not in {"http", "https"} or not parsed.hostname or "." not in parsed.hostname:
        raise ValueError("Enter a full web address starting with https://")
    return value


Text = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=255)]
ShortText = Annotated[str, StringConstraints(strip_whitespace=True, max_length=255)]
OptionalText = Annotated[ShortText | None, BeforeValidator(_blank_to_none)]
Phone = Annotated[str, StringConstraints(max_length=40, pattern=r"^[0-9+()./\- ]{5,40}$")]
OptionalPhone = Annotated[Phone | None, BeforeValidator(_blank_to_none)]
Url = Annotated[
    str,
    StringConstraints(strip_whitespace=True, max_length=500),
    AfterValidator(_http_url),
]
OptionalUrl = Annotated[Url | None, BeforeValidator(_blank_to_none)]
Salutation = Literal["mr", "ms", "mx", "dr", "none"]


class Group(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


class Address(Group):
    country_code: Annotated[str, StringConstraints(pattern=r"^[A-Za-z]{2}$")] = Field(
        description="ISO 3166-1 alpha-2"
    )
    address_line1: OptionalText = None
    address_line2: OptionalText = None
    administrative_area: OptionalText = None
    locality: Text
    zip: Annotated[
        Annotated[str, StringConstraints(max_length=20)] | None, BeforeValidator(_blank_to_none)
    ] = None


class PersonalInfo(Group):
    """Private: the person who invoices for the organization."""

    salutation: Salutation | None = None
    first_name: Text
    last_name: Text
    phone: OptionalPhone = None
    position: OptionalText = None


class CompanyInfo(Group):
    name: Text
    address: Address


SOCIAL_HOSTS: dict[str, tuple[str, ...]] = {
    "facebook": ("facebook.com",),
    "twitter": ("twitter.com", "x.com"),
    "linkedin": ("linkedin.com",),
    "youtube": ("youtube.com",),
    "xing": ("xing.com",),
    "instagram": ("instagram.com",),
    "tiktok": ("tiktok.com",),
    "blue_sky": ("bsky.app",),
}


# The site setting that names the networks a profile offers (identity's
# ``organizations.social_profiles``; the US variant leaves xing out).
SOCIAL_SETTING = ("organizations", "social_profiles")


def offered_networks(setting: object) -> frozenset[str]:
    """The networks a site's profiles offer, from its ``organizations.social_profiles`` value
    (None: the site never changed it, so every network)."""
    if not isinstance(setting, list):
        return frozenset(SOCIAL_HOSTS)
    return frozenset(network for network in setting if network in SOCIAL_HOSTS)


def _on_host(network: str, url: str | None) -> str | None:
    if url is None:
        return None
    host = (urlparse(url).hostname or "").lower()
    if not any(
        host == allowed or host.endswith("." + allowed) for allowed in SOCIAL_HOSTS[network]
    ):
        raise ValueError(f"Enter a link to your {network.replace('_', ' ')} page.")
    return url


class SocialProfiles(Group):
    facebook: OptionalUrl = None
    twitter: OptionalUrl = None
    linkedin: OptionalUrl = None
    youtube: OptionalUrl = None
    xing: OptionalUrl = None
    instagram: OptionalUrl = None
    tiktok: OptionalUrl = None
    blue_sky: OptionalUrl = None

    @model_validator(mode="after")
    def _each_on_its_network(self) -> SocialProfiles:
        for network in SOCIAL_HOSTS:
            _on_host(network, getattr(self, network))
        return self


class OrganizationInfo(Group):
    name: Text
    alternative_name: OptionalText = None
    logo_upload_id: str | None = None
    cover_upload_id: str | None = None
    organization_location: Address | None = None
    website: OptionalUrl = None
    social_profiles: SocialProfiles | None = None


class About(Group):
    presentation: Annotated[str, StringConstraints(max_length=20_000)] = ""
    industry_tid: int | None = None
    size_tid: int | None = None
    occupation_tids: list[int] = Field(default_factory=list, max_length=20)
    fields_of_study_tids: list[int] = Field(default_factory=list, max_length=20)


class Benefits(Group):
    benefit_tids: list[int] = Field(default_factory=list, max_length=40)


class ContactPerson(Group):
    salutation: Salutation | None = None
    first_name: Text
    last_name: Text
    photo_upload_id: str | None = None
    email: EmailStr | None = None
    position: OptionalText = None
    phone: OptionalPhone = None
    linkedin_profile: OptionalUrl = None
    contact_info: Annotated[
        Annotated[str, StringConstraints(max_length=1000)] | None, BeforeValidator(_blank_to_none)
    ] = None


class ContactPersons(Group):
    items: list[ContactPerson] = Field(default_factory=list, max_length=MAX_ITEMS)


class GalleryImage(Group):
    upload_id: str
    alt: Annotated[str, StringConstraints(max_length=255)] = ""
    title: OptionalText = None


class Gallery(Group):
    items: list[GalleryImage] = Field(default_factory=list, max_length=MAX_ITEMS)


VIDEO_HOSTS = ("youtube.com", "youtu.be", "vimeo.com")


def _video(url: str) -> str:
    host = (urlparse(url).hostname or "").lower()
    if not any(host == h or host.endswith("." + h) for h in VIDEO_HOSTS):
        raise ValueError("Enter a YouTube or Vimeo address.")
    return url


class Video(Group):
    source: Annotated[Url, AfterValidator(_video)]
    cover_upload_id: str | None = None
    cover_title: OptionalText = None


class Videos(Group):
    items: list[Video] = Field(default_factory=list, max_length=20)


class Location(Group):
    name: Text
    address: Address


class Locations(Group):
    items: list[Location] = Field(default_factory=list, max_length=MAX_ITEMS)


class Question(Group):
    question: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=500)]
    answer: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=5000)]


class Faq(Group):
    items: list[Question] = Field(default_factory=list, max_length=MAX_ITEMS)


class Attachment(Group):
    upload_id: str
    title: Text


class Attachments(Group):
    items: list[Attachment] = Field(default_factory=list, max_length=20)


def video_embed_url(source: str) -> str | None:
    """The privacy-friendly player address of a YouTube or Vimeo page (no cookies until play)."""
    parsed = urlparse(source)
    host = (parsed.hostname or "").lower()
    video_id: str | None = None
    if host.endswith("youtu.be"):
        video_id = parsed.path.strip("/").split("/")[0] or None
        return f"https://www.youtube-nocookie.com/embed/{video_id}" if video_id else None
    if host.endswith("youtube.com"):
        if parsed.path.startswith(("/embed/", "/shorts/", "/live/")):
            video_id = parsed.path.split("/")[2]
        else:
            query = dict(part.split("=", 1) for part in parsed.query.split("&") if "=" in part)
            video_id = query.get("v")
        return f"https://www.youtube-nocookie.com/embed/{video_id}" if video_id else None
    if host.endswith("vimeo.com"):
        digits = [part for part in parsed.path.split("/") if part.isdigit()]
        return f"https://player.vimeo.com/video/{digits[-1]}?dnt=1" if digits else None
    return None
