"""The events resumes reads, each through a typed view (jobkit.contracts; the publishers' schemas
are checked against these views by ``scripts/event_contracts.py``): identity's ended sessions,
applied by the revocation consumer jobkit.app runs for it (ADR 0023)."""

from __future__ import annotations

from jobkit.revocations import revocation_reads

READS = (*revocation_reads("resumes"),)
