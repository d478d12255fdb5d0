"""A deleted account's data in search (the erasure saga, ADR 0036).

- **Alerts** (job alerts and resume alerts) of the account are deleted, and the job alerts a
  visitor made with the account's address: they are the person's alone.
- What the mailer keeps about their addresses (pending and sent mails, the send ledgers, the
  bounce record) goes with them, unless a visitor's alert still uses an address other than the
  account's (``forget_user``'s rule).
- The **rate limit counters** naming the person (the mail budget per account and address) are
  deleted now rather than when later hits prune them.
- Documents: the resume's goes from the index when resumes publishes ``resumes.resume.deleted``
  (the indexer); job and organization documents name no person.
"""

from __future__ import annotations

from jobkit.erasure import ErasureReport, rowcount
from jobkit.ratelimit import forget_person
from sqlalchemy import delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from search.alerts import resume_alerts
from search.alerts.models import (
    AlertBounce,
    AlertDelivery,
    AlertMail,
    ResumeAlertDelivery,
    SavedSearch,
    rate_limit_hits,
)
from search.alerts.service import forget_user


async def erase_person(session: AsyncSession, *, user_id: str, email: str | None) -> ErasureReport:
    report = ErasureReport()
    report.deleted("alerts", await forget_user(session, user_id))
    report.deleted("resume_alerts", await resume_alerts.forget_user(session, user_id))
    report.deleted(
        "rate_limits",
        await forget_person(session, rate_limit_hits, user_id=user_id, email=email),
    )
    if not email:
        return report
    address = email.lower()
    alerts = list(
        await session.scalars(select(SavedSearch).where(func.lower(SavedSearch.email) == address))
    )
    for alert in alerts:
        await session.delete(alert)
    await session.flush()
    report.deleted("alerts", len(alerts))
    for table, kind in (
        (AlertDelivery, "alert_deliveries"),
        (ResumeAlertDelivery, "resume_alert_deliveries"),
        (AlertMail, "alert_mails"),
        (AlertBounce, "alert_bounces"),
    ):
        result = await session.execute(delete(table).where(func.lower(table.email) == address))
        report.deleted(kind, rowcount(result))
    return report
