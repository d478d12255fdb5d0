"""The events consent reads, each through a typed view (jobkit.contracts; identity's schemas are
checked against these views by ``scripts/event_contracts.py``)."""

from __future__ import annotations

from jobkit import contracts
from jobkit.contracts import Reads
from jobkit.revocations import revocation_reads

from consent.domain.identity_events import RegistrationConsented, UserDeleted

IDENTITY_GROUP = "consent-identity"

READS = (
    Reads(
        IDENTITY_GROUP,
        contracts.USER_TOPIC,
        (contracts.USER_REGISTRATION_CONSENTED,),
        RegistrationConsented,
    ),
    Reads(IDENTITY_GROUP, contracts.USER_TOPIC, (contracts.USER_DELETED,), UserDeleted),
    # ended sessions: the tokens this service refuses (ADR 0023)
    *revocation_reads("consent"),
)
