"""The events billing reads, each through its own typed view (jobkit.contracts; the publishers'
schemas are checked against these views by ``scripts/event_contracts.py``)."""

from __future__ import annotations

from jobkit import contracts
from jobkit.contracts import EventView, Reads
from jobkit.erasure import erasure_reads
from jobkit.export import export_reads
from jobkit.memberships import MemberAddedByNumberView, MemberRemovedByNumberView
from jobkit.revocations import revocation_reads

from billing.domain.jobs_events import JobPublishRequested, JobPublishWithdrawn
from billing.domain.resumes_events import ContactRequested

MEMBERSHIPS_GROUP = "billing-memberships"
ORGANIZATIONS_GROUP = "billing-organizations"
SLOTS_GROUP = "billing-slots"
ERASURE_GROUP = "billing-erasure"


class OrganizationNamed(EventView):
    """organizations.organization.created / updated: the number's current name."""

    organization_id: str
    number: int
    name: str


READS = (
    # a deleted account's data anonymized, and confirmed (ADR 0036)
    erasure_reads(ERASURE_GROUP),
    # a person's ledger entries and invoicing contacts in their export (ADR 0038)
    export_reads(ERASURE_GROUP),
    Reads(
        MEMBERSHIPS_GROUP,
        contracts.ORGANIZATION_TOPIC,
        (contracts.MEMBER_ADDED,),
        MemberAddedByNumberView,
    ),
    Reads(
        MEMBERSHIPS_GROUP,
        contracts.ORGANIZATION_TOPIC,
        (contracts.MEMBER_REMOVED,),
        MemberRemovedByNumberView,
    ),
    Reads(
        ORGANIZATIONS_GROUP,
        contracts.ORGANIZATION_TOPIC,
        (contracts.ORGANIZATION_CREATED, contracts.ORGANIZATION_UPDATED),
        OrganizationNamed,
    ),
    Reads(
        SLOTS_GROUP, contracts.JOB_TOPIC, (contracts.JOB_PUBLISH_REQUESTED,), JobPublishRequested
    ),
    Reads(
        SLOTS_GROUP, contracts.JOB_TOPIC, (contracts.JOB_PUBLISH_WITHDRAWN,), JobPublishWithdrawn
    ),
    Reads(
        SLOTS_GROUP,
        contracts.RESUME_CONTACT_TOPIC,
        (contracts.RESUME_CONTACT_REQUESTED,),
        ContactRequested,
    ),
    # ended sessions: the tokens this service refuses (ADR 0023)
    *revocation_reads("billing"),
)
