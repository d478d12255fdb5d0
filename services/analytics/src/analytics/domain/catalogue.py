"""The analytics event keys of the product (spec section 7) and where each is produced.

``client`` events come from the browser only, ``server`` events are derived here from domain
events, ``hybrid`` ones are sent by the browser and mirrored by the server relays.
"""

from dataclasses import dataclass
from enum import StrEnum


class EventKind(StrEnum):
    CLIENT = "client"
    SERVER = "server"
    HYBRID = "hybrid"


@dataclass(frozen=True)
class EventDescriptor:
    key: str
    kind: EventKind


QUICK_APPLY_PAGES = ("basic_info", "questions", "file_upload", "review_info", "success")

SPEC_EVENTS: tuple[EventDescriptor, ...] = (
    EventDescriptor("job_search", EventKind.CLIENT),
    EventDescriptor("job_visit", EventKind.HYBRID),
    EventDescriptor("job_apply_start", EventKind.CLIENT),
    EventDescriptor("job_apply_complete", EventKind.SERVER),
    EventDescriptor("job_edit", EventKind.SERVER),
    EventDescriptor("job_share", EventKind.CLIENT),
    EventDescriptor("job_bookmark", EventKind.SERVER),
    EventDescriptor("resume_search", EventKind.CLIENT),
    EventDescriptor("resume_visit", EventKind.HYBRID),
    EventDescriptor("login", EventKind.HYBRID),
    EventDescriptor("sign_up_start", EventKind.CLIENT),
    EventDescriptor("sign_up", EventKind.SERVER),
    EventDescriptor("job_alert_signup", EventKind.SERVER),
    EventDescriptor("job_alert_prompt", EventKind.CLIENT),
    EventDescriptor("orgprofile_visit", EventKind.HYBRID),
    EventDescriptor("view_original_ad_btn_click", EventKind.CLIENT),
    *(EventDescriptor(f"qa_{page}", EventKind.CLIENT) for page in QUICK_APPLY_PAGES),
)
# server-side keys of ours beyond the spec's list: recorded for recruiter dashboards, never
# relayed upstream
OURS: tuple[EventDescriptor, ...] = (
    EventDescriptor("job_application_status", EventKind.SERVER),
    EventDescriptor("job_unbookmark", EventKind.SERVER),
    EventDescriptor("orgprofile_contact", EventKind.SERVER),
)
SPEC_KEYS = frozenset(item.key for item in SPEC_EVENTS)
CATALOGUE: tuple[EventDescriptor, ...] = SPEC_EVENTS + OURS
