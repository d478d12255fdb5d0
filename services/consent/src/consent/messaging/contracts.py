"""The events consent reads, each through a typed view (jobkit.contracts; identity's schemas are
checked against these views by ``scripts/event_contracts.py``)."""

from __future__ import annotations

from jobkit import contracts
from jobkit.contracts import Reads
from jobkit.erasure import erasure_reads
from jobkit.export import export_reads
from jobkit.revocations import revocation_reads

from consent.domain.identity_events import RegistrationConsented

IDENTITY_GROUP = "consent-identity"

READS = (
    Reads(
        IDENTITY_GROUP,
        contracts.USER_TOPIC,
        (contracts.USER_REGISTRATION_CONSENTED,),
        RegistrationConsented,
    ),
    # a deleted account's consents anonymized, and confirmed (ADR 0036)
    erasure_reads(IDENTITY_GROUP),
    # a person's consents in their export (ADR 0038)
    export_reads(IDENTITY_GROUP),
    # ended sessions: the tokens this service refuses (ADR 0023)
    *revocation_reads("consent"),
)
