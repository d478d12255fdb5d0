"""The events resumes reads, each through a typed view (jobkit.contracts; the publishers' schemas
are checked against these views by ``scripts/event_contracts.py``). The group names are those of
``resumes.messaging.consumers``; identity's ended sessions are applied by the revocation
consumer jobkit.app runs for it (ADR 0023)."""

from __future__ import annotations

from jobkit import contracts
from jobkit.contracts import EventView, Reads
from jobkit.erasure import erasure_reads
from jobkit.export import export_reads
from jobkit.memberships import MemberAddedView, MemberRemovedView
from jobkit.revocations import revocation_reads
from jobkit.site_settings import SiteConfigChangedView
from jobkit.vocabulary import VOCABULARY_TOPIC, TermDeleted, TermUpserted

from resumes.domain.events import (
    BILLING_CONTACT_TOPIC,
    CONTACT_DENIED,
    CONTACT_GRANTED,
    ContactStatusChanged,
)

ORGANIZATIONS_GROUP = "resumes-organizations"
VOCABULARY_GROUP = "resumes-vocabulary"
CONTACTS_GROUP = "resumes-contacts"
CONTACT_MAILER_GROUP = "resumes-contact-mailer"
IDENTITY_GROUP = "resumes-identity"
SITE_CONFIG_GROUP = "resumes-site-config"


class OrganizationNamed(EventView):
    """organizations.organization.created / updated: the number billing keys slots by, the name
    the applicant sees on a request."""

    organization_id: str
    number: int
    name: str


class ContactGranted(EventView):
    """billing.contact.granted: one resume contact slot was taken for the request."""

    request_id: str


class ContactDenied(EventView):
    """billing.contact.denied: none was left."""

    request_id: str
    reason: str


READS = (
    Reads(
        ORGANIZATIONS_GROUP,
        contracts.ORGANIZATION_TOPIC,
        (contracts.ORGANIZATION_CREATED, contracts.ORGANIZATION_UPDATED),
        OrganizationNamed,
    ),
    Reads(
        ORGANIZATIONS_GROUP,
        contracts.ORGANIZATION_TOPIC,
        (contracts.MEMBER_ADDED,),
        MemberAddedView,
    ),
    Reads(
        ORGANIZATIONS_GROUP,
        contracts.ORGANIZATION_TOPIC,
        (contracts.MEMBER_REMOVED,),
        MemberRemovedView,
    ),
    Reads(VOCABULARY_GROUP, VOCABULARY_TOPIC, (TermUpserted.event_type,), TermUpserted),
    Reads(VOCABULARY_GROUP, VOCABULARY_TOPIC, (TermDeleted.event_type,), TermDeleted),
    Reads(CONTACTS_GROUP, BILLING_CONTACT_TOPIC, (CONTACT_GRANTED,), ContactGranted),
    Reads(CONTACTS_GROUP, BILLING_CONTACT_TOPIC, (CONTACT_DENIED,), ContactDenied),
    Reads(
        CONTACT_MAILER_GROUP,
        contracts.RESUME_CONTACT_TOPIC,
        (ContactStatusChanged.event_type,),
        ContactStatusChanged,
    ),
    # the account is gone: its resume and files erased, and confirmed (ADR 0036)
    erasure_reads(IDENTITY_GROUP),
    # a person's resume, contact requests and files in their export (ADR 0038)
    export_reads(IDENTITY_GROUP),
    # the site's settings: whether recruiters may ask for contact (features.resume_contact) and
    # whether import and export are on (features.resume, features.resume_import; ADR 0028)
    Reads(
        SITE_CONFIG_GROUP,
        contracts.SITE_TOPIC,
        (contracts.SITE_CONFIG_CHANGED,),
        SiteConfigChangedView,
    ),
    # ended sessions: the tokens this service refuses (ADR 0023)
    *revocation_reads("resumes"),
)
