"""A person's data in search, for their export (the export saga, ADR 0038).

It mirrors what the erasure deletes (:mod:`search.alerts.erasure`):

- **Job alerts** of the account and those a visitor made with the account's address (the
  request's ``email``), and the account's **resume alerts**: each search as saved (query and
  filters), how often it mails, whether it was confirmed, when it was made.
- What the **mailer** kept about the person's addresses (the account's, and those their alerts
  mail to that no one else's alert uses: ``forget_user``'s rule): the mails (kind, state, when
  written and sent, which alerts they were for and how many jobs or resumes they listed) and
  the bounce record. A mail's subject is not stored (it is rendered when sent), and its items
  stay out: a resume digest lists other people's resumes. The send ledgers only repeat what
  the mails hold, item by item.
"""

from __future__ import annotations

from typing import Any

from jobkit.export import ExportPart
from sqlalchemy import func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from search.alerts.models import AlertBounce, AlertMail, ResumeAlert, SavedSearch


def _job_alert(alert: SavedSearch) -> dict[str, Any]:
    return {
        "id": alert.id,
        "site": alert.site,
        "name": alert.name,
        "language": alert.language,
        "email": alert.email,
        "query": alert.query,
        "frequency": alert.frequency,
        "confirmed": alert.confirmed_at is not None,
        "confirmed_at": alert.confirmed_at,
        "paused": alert.paused,
        "paused_reason": alert.paused_reason,
        "unsubscribed_at": alert.unsubscribed_at,
        "created_at": alert.created_at,
        "last_mailed_at": alert.last_mailed_at,
    }


def _resume_alert(alert: ResumeAlert) -> dict[str, Any]:
    return {
        "id": alert.id,
        "site": alert.site,
        "name": alert.name,
        "language": alert.language,
        "email": alert.email,
        "query": alert.query,
        "interval_seconds": alert.interval_seconds,
        "paused_reason": alert.paused_reason,
        "created_at": alert.created_at,
        "last_mailed_at": alert.last_mailed_at,
    }


def _mail(mail: AlertMail) -> dict[str, Any]:
    content = mail.content or {}
    sections = content.get("sections") or []
    alert_ids = [section["alert_id"] for section in sections if "alert_id" in section]
    if "alert_id" in content:  # a confirmation: the alert it confirms
        alert_ids.append(content["alert_id"])
    return {
        "email": mail.email,
        "kind": mail.kind,
        "state": mail.state,
        "created_at": mail.created_at,
        "sent_at": mail.sent_at,
        "alert_ids": alert_ids,
        "items": sum(
            len(section.get("job_ids") or section.get("resume_ids") or []) for section in sections
        ),
    }


async def _own_addresses(
    session: AsyncSession, alerts: list[SavedSearch], resume_alerts: list[ResumeAlert]
) -> set[str]:
    """The addresses the person's alerts mail to that are theirs alone: an address another
    alert still uses (a visitor's, another account's) is shared, and what the mailer kept about
    it is not only the person's (``forget_user`` keeps it too)."""
    addresses = {alert.email.lower() for alert in alerts}
    addresses |= {alert.email.lower() for alert in resume_alerts}
    if not addresses:
        return addresses
    shared = set(
        await session.scalars(
            select(func.lower(SavedSearch.email)).where(
                func.lower(SavedSearch.email).in_(addresses),
                SavedSearch.id.not_in([alert.id for alert in alerts]),
            )
        )
    )
    shared |= set(
        await session.scalars(
            select(func.lower(ResumeAlert.email)).where(
                func.lower(ResumeAlert.email).in_(addresses),
                ResumeAlert.id.not_in([alert.id for alert in resume_alerts]),
            )
        )
    )
    return addresses - shared


async def export_person(session: AsyncSession, *, user_id: str, email: str | None) -> ExportPart:
    part = ExportPart("search")
    address = email.lower() if email else None
    mine = SavedSearch.user_id == user_id
    alerts = list(
        await session.scalars(
            select(SavedSearch)
            .where(or_(mine, func.lower(SavedSearch.email) == address) if address else mine)
            .order_by(SavedSearch.created_at, SavedSearch.id)
        )
    )
    resume_alerts = list(
        await session.scalars(
            select(ResumeAlert)
            .where(ResumeAlert.user_id == user_id)
            .order_by(ResumeAlert.created_at, ResumeAlert.id)
        )
    )
    part.add("alerts", [_job_alert(alert) for alert in alerts])
    part.add("resume_alerts", [_resume_alert(alert) for alert in resume_alerts])

    addresses = await _own_addresses(session, alerts, resume_alerts)
    if address:
        addresses.add(address)
    mails: list[AlertMail] = []
    bounces: list[AlertBounce] = []
    if addresses:
        mails = list(
            await session.scalars(
                select(AlertMail)
                .where(func.lower(AlertMail.email).in_(addresses))
                .order_by(AlertMail.created_at, AlertMail.id)
            )
        )
        bounces = list(
            await session.scalars(
                select(AlertBounce)
                .where(func.lower(AlertBounce.email).in_(addresses))
                .order_by(AlertBounce.email)
            )
        )
    part.add("alert_mails", [_mail(mail) for mail in mails])
    part.add(
        "alert_bounces",
        [
            {
                "email": bounce.email,
                "failures": bounce.failures,
                "last_reason": bounce.last_reason,
                "updated_at": bounce.updated_at,
            }
            for bounce in bounces
        ],
    )
    return part
