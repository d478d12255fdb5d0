"""The alert mailer's work (ADR 0029), in two phases that commit apart:

1. **Plan** (``plan_instant``, ``plan_digests``): under a transaction-scoped advisory lock on
   the person (the address), match the person's due alerts, leave out every job already in the
   send ledger for that address, and write one ``alert_mails`` row with its ledger rows
   (unique per address and job) and the alerts' new ``checked_until``. Two mailers never plan
   for the same person at once (the second skips the locked address), and the ledger's key
   refuses a job twice whatever happens.
2. **Send** (``send_pending``): claim one pending mail with ``FOR UPDATE SKIP LOCKED``, re-check
   at send time (alerts still confirmed and running, jobs still findable: expired, archived and
   unpublished ones are dropped, with their ledger rows), render, hand to SMTP with a
   Message-ID made from the mail's id, mark it sent, commit.

A mailer that dies after planning leaves a pending mail (and its ledger rows): the next run
sends it, so nothing is lost and nothing is matched twice. One that dies after the SMTP
server accepted a mail but before its commit sends that mail again with the same Message-ID
(the one window of at-least-once; ADR 0029).
"""

from __future__ import annotations

from datetime import datetime

from search.alerts.planning import (
    PENDING,
    Sessions,
    forget_new_job,
    next_work,
    plan_digests,
    plan_instant,
    plan_resume_digests,
    record_new_job,
)
from search.alerts.sending import send_pending
from search.alerts.settings import AlertSettings
from search.engine.indexing.store import SearchStore

__all__ = [
    "PENDING",
    "forget_new_job",
    "next_work",
    "plan_digests",
    "plan_instant",
    "plan_resume_digests",
    "record_new_job",
    "run_once",
    "send_pending",
]


async def run_once(
    sessions: Sessions,
    store: SearchStore,
    settings: AlertSettings,
    *,
    site_name: str = "Job board",
    now: datetime | None = None,
) -> int:
    """One round of the mailer: instant matches, due digests (job and resume alerts), then the
    sends."""
    await plan_instant(sessions, store, settings, now=now)
    await plan_digests(sessions, store, settings, now=now)
    await plan_resume_digests(sessions, store, settings, now=now)
    return await send_pending(sessions, store, settings, site_name=site_name)
