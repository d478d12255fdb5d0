"""The events search reads, each through a typed view (jobkit.contracts; the publishers' schemas
are checked against these views by ``scripts/event_contracts.py``): the indexer's, the
announcer's and the site configuration's groups."""

from __future__ import annotations

from jobkit import contracts
from jobkit.contracts import Reads
from jobkit.erasure import erasure_reads
from jobkit.export import export_reads
from jobkit.revocations import revocation_reads
from jobkit.site_settings import SiteConfigChangedView
from jobkit.vocabulary import VOCABULARY_TOPIC, TermDeleted, TermUpserted

from search.engine.indexing.payloads import (
    JobDeletedPayload,
    JobPayload,
    OrganizationDeletedPayload,
    ProfilePayload,
    ResumeDeletedPayload,
    ResumePayload,
    ResumeVisibilityPayload,
    SubscriptionPayload,
    TermPayload,
)
from search.site.announce.planner import AnnouncedJobPayload

READS = (
    Reads("search-indexer", contracts.JOB_TOPIC, contracts.JOB_SNAPSHOT_EVENTS, JobPayload),
    Reads("search-indexer", contracts.JOB_TOPIC, (contracts.JOB_DELETED,), JobDeletedPayload),
    Reads("search-indexer", contracts.PROFILE_TOPIC, contracts.PROFILE_EVENTS, ProfilePayload),
    Reads(
        "search-indexer",
        contracts.SUBSCRIPTION_TOPIC,
        (contracts.SUBSCRIPTION_CHANGED,),
        SubscriptionPayload,
    ),
    Reads(
        "search-indexer",
        contracts.ORGANIZATION_TOPIC,
        (contracts.ORGANIZATION_DELETED,),
        OrganizationDeletedPayload,
    ),
    Reads(
        "search-indexer",
        VOCABULARY_TOPIC,
        (TermUpserted.event_type, TermDeleted.event_type),
        TermPayload,
    ),
    Reads("search-indexer", contracts.RESUME_TOPIC, (contracts.RESUME_UPDATED,), ResumePayload),
    Reads(
        "search-indexer",
        contracts.RESUME_TOPIC,
        (contracts.RESUME_VISIBILITY_CHANGED,),
        ResumeVisibilityPayload,
    ),
    Reads(
        "search-indexer", contracts.RESUME_TOPIC, (contracts.RESUME_DELETED,), ResumeDeletedPayload
    ),
    Reads(
        "search-announcer", contracts.JOB_TOPIC, contracts.JOB_SNAPSHOT_EVENTS, AnnouncedJobPayload
    ),
    # the alert mailer's: a job that became searchable is matched against the instant alerts
    Reads("search-alert-mailer", contracts.JOB_TOPIC, contracts.JOB_SNAPSHOT_EVENTS, JobPayload),
    Reads("search-alert-mailer", contracts.JOB_TOPIC, (contracts.JOB_DELETED,), JobDeletedPayload),
    # a deleted account's alerts erased, and confirmed (ADR 0036)
    erasure_reads("search-alert-mailer"),
    # a person's alerts and the mailer's records of their address in their export (ADR 0038)
    export_reads("search-alert-mailer"),
    Reads(
        "search-site-config",
        contracts.SITE_TOPIC,
        (contracts.SITE_CONFIG_CHANGED,),
        SiteConfigChangedView,
    ),
    # ended sessions: the tokens this service refuses (ADR 0023)
    *revocation_reads("search"),
)
