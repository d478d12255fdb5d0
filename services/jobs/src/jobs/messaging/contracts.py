"""The events jobs reads, each through a typed view (jobkit.contracts; the publishers' schemas
are checked against these views by ``scripts/event_contracts.py``). The group names are those of
``jobs.messaging.consumers``."""

from __future__ import annotations

import uuid

from jobkit import contracts
from jobkit.contracts import EventView, Reads
from jobkit.erasure import erasure_reads
from jobkit.export import export_reads
from jobkit.memberships import MemberAddedView, MemberRemovedView
from jobkit.revocations import revocation_reads
from jobkit.site_settings import SiteConfigChangedView
from jobkit.vocabulary import VOCABULARY_TOPIC, TermDeleted, TermUpserted

from jobs.domain.events import (
    ApplicationStatusChanged,
    ApplicationSubmitted,
    JobRejected,
    JobTakenDown,
    SlotDenied,
    SlotGranted,
)


class OrganizationNamed(EventView):
    """organizations.organization.created / updated: the number, the current name and whether
    an administrator verified it (ADR 0030; absent from events before it: not verified)."""

    organization_id: uuid.UUID
    number: int
    name: str
    verified: bool = False


class OrganizationDeleted(EventView):
    """organizations.organization.deleted: whose open jobs are archived."""

    organization_id: uuid.UUID


class ProfileShown(EventView):
    """organizations.profile.*: the public profile's slug, logo and state."""

    organization_id: uuid.UUID
    organization_number: int
    name: str
    slug: str | None = None
    published: bool = False
    logo_url: str | None = None


READS = (
    # a deleted account's data erased or anonymized, and confirmed (ADR 0036)
    erasure_reads("jobs-erasure"),
    # a person's applications, files, bookmarks, reports, jobs and uploads in their export
    # (ADR 0038), in the same group
    export_reads("jobs-erasure"),
    Reads(
        "jobs-organizations",
        contracts.ORGANIZATION_TOPIC,
        (contracts.ORGANIZATION_CREATED, contracts.ORGANIZATION_UPDATED),
        OrganizationNamed,
    ),
    Reads(
        "jobs-organizations",
        contracts.ORGANIZATION_TOPIC,
        (contracts.ORGANIZATION_DELETED,),
        OrganizationDeleted,
    ),
    Reads(
        "jobs-organizations",
        contracts.ORGANIZATION_TOPIC,
        (contracts.MEMBER_ADDED,),
        MemberAddedView,
    ),
    Reads(
        "jobs-organizations",
        contracts.ORGANIZATION_TOPIC,
        (contracts.MEMBER_REMOVED,),
        MemberRemovedView,
    ),
    Reads("jobs-organizations", contracts.PROFILE_TOPIC, contracts.PROFILE_EVENTS, ProfileShown),
    Reads("jobs-vocabulary", VOCABULARY_TOPIC, (TermUpserted.event_type,), TermUpserted),
    Reads("jobs-vocabulary", VOCABULARY_TOPIC, (TermDeleted.event_type,), TermDeleted),
    Reads(
        "jobs-site-config",
        contracts.SITE_TOPIC,
        (contracts.SITE_CONFIG_CHANGED,),
        SiteConfigChangedView,
    ),
    Reads("jobs-slots", contracts.SLOT_TOPIC, (contracts.SLOT_GRANTED,), SlotGranted),
    Reads("jobs-slots", contracts.SLOT_TOPIC, (contracts.SLOT_DENIED,), SlotDenied),
    Reads("jobs-mailer", contracts.JOB_TOPIC, (JobRejected.event_type,), JobRejected),
    Reads("jobs-mailer", contracts.JOB_TOPIC, (JobTakenDown.event_type,), JobTakenDown),
    Reads(
        "jobs-application-mailer",
        contracts.APPLICATION_TOPIC,
        (contracts.APPLICATION_SUBMITTED,),
        ApplicationSubmitted,
    ),
    Reads(
        "jobs-applicant-mailer",
        contracts.APPLICATION_TOPIC,
        (contracts.APPLICATION_SUBMITTED,),
        ApplicationSubmitted,
    ),
    Reads(
        "jobs-applicant-mailer",
        contracts.APPLICATION_TOPIC,
        (contracts.APPLICATION_STATUS_CHANGED,),
        ApplicationStatusChanged,
    ),
    # ended sessions: the tokens this service refuses (ADR 0023)
    *revocation_reads("jobs"),
)
