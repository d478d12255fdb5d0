"""The events identity reads, each through a typed view (jobkit.contracts; the publishers'
schemas are checked against these views by ``scripts/event_contracts.py``), for the groups of
``identity.messaging.consumers``: consent's infos and consents, every service's masquerade audit
events, and its own user events (the mailer)."""

from __future__ import annotations

from jobkit import contracts
from jobkit.audit import AUDIT_TOPIC, MasqueradedWriteAttempted, MasqueradedWriteFinished
from jobkit.contracts import (
    ERASERS,
    EXPORTERS,
    Reads,
    erasure_completed,
    erasure_topic,
    export_completed,
    export_topic,
)
from jobkit.erasure import ErasureCompleted
from jobkit.export import ExportCompleted
from jobkit.revocations import revocation_reads

from identity.domain.consent import ConsentGiven, InfoRevised
from identity.domain.events import (
    USER_TOPIC,
    EmailChangeRequested,
    PasswordResetRequested,
    TakenEmailUsed,
    UserRegistered,
)

READS = (
    Reads(
        "identity-consent",
        contracts.CONSENT_INFO_TOPIC,
        (contracts.CONSENT_INFO_REVISED,),
        InfoRevised,
    ),
    Reads("identity-consent", contracts.CONSENT_TOPIC, (contracts.CONSENT_GIVEN,), ConsentGiven),
    Reads(
        "identity-audit",
        AUDIT_TOPIC,
        (MasqueradedWriteAttempted.event_type,),
        MasqueradedWriteAttempted,
    ),
    Reads(
        "identity-audit",
        AUDIT_TOPIC,
        (MasqueradedWriteFinished.event_type,),
        MasqueradedWriteFinished,
    ),
    *(
        Reads("identity-mailer", USER_TOPIC, (payload.event_type,), payload)
        for payload in (
            UserRegistered,
            PasswordResetRequested,
            EmailChangeRequested,
            TakenEmailUsed,
        )
    ),
    # every eraser's confirmation of a deleted account's erasure (ADR 0036)
    *(
        Reads(
            "identity-erasure",
            erasure_topic(service),
            (erasure_completed(service),),
            ErasureCompleted,
        )
        for service in ERASERS
    ),
    # every exporter's part of an export (ADR 0038), read by the same group
    *(
        Reads(
            "identity-erasure",
            export_topic(service),
            (export_completed(service),),
            ExportCompleted,
        )
        for service in EXPORTERS
    ),
    # ended sessions: the tokens this service refuses (ADR 0023)
    *revocation_reads("identity"),
)
