"""The events organizations reads, each through a typed view (jobkit.contracts; the publishers'
schemas are checked against these views by ``scripts/event_contracts.py``), for the groups of
``organizations.messaging.consumers``."""

from __future__ import annotations

from jobkit import contracts
from jobkit.contracts import Reads
from jobkit.erasure import erasure_reads
from jobkit.export import export_reads
from jobkit.revocations import revocation_reads
from jobkit.site_settings import SiteConfigChangedView
from jobkit.vocabulary import VOCABULARY_TOPIC, TermDeleted, TermUpserted

from organizations.domain.events import ContactMessageSent, MemberInvited

READS = (
    # a deleted account's data erased or anonymized, and confirmed (ADR 0036)
    erasure_reads("organizations-erasure"),
    # a person's data in their export, with the files (ADR 0038)
    export_reads("organizations-erasure"),
    Reads(
        "organizations-site-config",
        contracts.SITE_TOPIC,
        (contracts.SITE_CONFIG_CHANGED,),
        SiteConfigChangedView,
    ),
    Reads(
        "organizations-contact-mailer",
        contracts.ORGANIZATION_CONTACT_TOPIC,
        (contracts.CONTACT_MESSAGE_SENT,),
        ContactMessageSent,
    ),
    Reads(
        "organizations-contact-copy-mailer",
        contracts.ORGANIZATION_CONTACT_TOPIC,
        (contracts.CONTACT_MESSAGE_SENT,),
        ContactMessageSent,
    ),
    Reads("organizations-vocabulary", VOCABULARY_TOPIC, (TermUpserted.event_type,), TermUpserted),
    Reads("organizations-vocabulary", VOCABULARY_TOPIC, (TermDeleted.event_type,), TermDeleted),
    Reads(
        "organizations-mailer",
        contracts.ORGANIZATION_TOPIC,
        (contracts.MEMBER_INVITED,),
        MemberInvited,
    ),
    # ended sessions: the tokens this service refuses (ADR 0023)
    *revocation_reads("organizations"),
)
