"""A person's data in search in their export (ADR 0038): their job alerts (the account's, and
a visitor's made with the account's address) and resume alerts with their searches, frequency,
confirmation and dates, and what the alert mailer kept about their address (the mails' kind,
state, dates and how many items, never the items; the bounce record); nobody else's alerts,
mails or addresses, nor an address they share with someone else's alert. The part is stored
under the export and announced through the outbox with its size, digest and counts; a request
for other services is not ours."""

from __future__ import annotations

import hashlib
import uuid
from datetime import UTC, datetime, timedelta

import pytest
from jobkit import contracts
from jobkit.export import export_storage
from jobkit.testing.erasure import deliver
from jobkit.testing.export import announcements, export_event, opened_part
from jobkit.testing.service import persist
from search.alerts.models import AlertBounce, AlertMail, ResumeAlert, SavedSearch
from search.db import outbox
from search.messaging.alert_mailer import export_handlers
from search.settings import SearchSettings
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

pytestmark = pytest.mark.integration


def _address(name: str) -> str:
    return f"{name}-{uuid.uuid4().hex[:10]}@example.org"


def _alert(
    email: str,
    words: str,
    *,
    user_id: str | None = None,
    confirmed: bool = True,
    days_ago: int = 3,
) -> SavedSearch:
    now = datetime.now(UTC)
    return SavedSearch(
        id=uuid.uuid4(),
        site="jobboard",
        user_id=user_id,
        email=email,
        name=f"Jobs: {words}",
        language="en",
        query={"fulltext": words, "conditions": [{"field": "contract", "values": ["full"]}]},
        frequency="daily",
        confirmed_at=now if confirmed else None,
        created_at=now - timedelta(days=days_ago),
        version=1,
    )


def _resume_alert(user_id: str, email: str, words: str) -> ResumeAlert:
    return ResumeAlert(
        id=uuid.uuid4(),
        site="jobboard",
        user_id=user_id,
        email=email,
        name=f"Resumes: {words}",
        language="en",
        query={"fulltext": words},
        interval_seconds=604800,
        version=1,
    )


def _digest(email: str, alert: SavedSearch, items: str, ids: list[str]) -> AlertMail:
    sections = [{"alert_id": str(alert.id), items: ids, "total": len(ids)}]
    return AlertMail(
        id=uuid.uuid4(),
        email=email,
        kind="resume_digest" if items == "resume_ids" else "digest",
        content={"sections": sections},
        state="sent",
        sent_at=datetime.now(UTC),
    )


async def test_a_persons_alerts_and_mail_records_are_exported(
    service_settings: SearchSettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    person, other = str(uuid.uuid4()), str(uuid.uuid4())
    account, elsewhere, shared = _address("ada"), _address("ada-home"), _address("team")
    bobs = _address("bob")
    mine = _alert(elsewhere, "python", user_id=person, days_ago=5)
    as_visitor = _alert(account, "rust", confirmed=False, days_ago=4)
    to_shared = _alert(shared, "golang", user_id=person, days_ago=2)
    theirs = _alert(bobs, "cobol", user_id=other)
    on_shared = _alert(shared, "fortran")  # someone else's alert to the same address
    resumes = _resume_alert(person, account, "nurse")
    their_resumes = _resume_alert(other, bobs, "welder")
    await persist(committed_sessions, mine, as_visitor, to_shared, theirs, on_shared)
    await persist(committed_sessions, resumes, their_resumes)
    other_resume = str(uuid.uuid4())  # someone's resume in the recruiter's digest
    await persist(
        committed_sessions,
        AlertMail(
            id=uuid.uuid4(),
            email=account,
            kind="confirmation",
            content={"alert_id": str(as_visitor.id)},
        ),
        _digest(elsewhere, mine, "job_ids", ["job-1", "job-2"]),
        _digest(account, resumes, "resume_ids", [other_resume]),
        _digest(shared, on_shared, "job_ids", ["job-3"]),
        _digest(bobs, theirs, "job_ids", ["job-4"]),
        AlertBounce(email=elsewhere, failures=2, last_reason="550 mailbox full"),
        AlertBounce(email=bobs, failures=1, last_reason="550 no such user bob"),
    )

    event = export_event(person, email=account.upper())
    handler = export_handlers(service_settings)[contracts.EXPORT_REQUESTED]
    await deliver(committed_sessions, handler, event)

    [announced] = await announcements(committed_sessions, outbox, service="search", user_id=person)
    assert announced.payload["export_id"] == event.payload["export_id"]
    assert announced.payload["counts"] == {
        "alerts": 3,
        "resume_alerts": 1,
        "alert_mails": 3,
        "alert_bounces": 1,
    }
    storage = export_storage(service_settings)
    stored = await storage.get(announced.payload["key"])
    assert announced.payload["size"] == len(stored)
    assert announced.payload["sha256"] == hashlib.sha256(stored).hexdigest()

    document, files = await opened_part(storage, announced.payload["key"])
    assert files == {}
    assert document["service"] == "search"
    alerts = document["alerts"]
    assert [alert["id"] for alert in alerts] == [
        str(mine.id),
        str(as_visitor.id),
        str(to_shared.id),
    ]
    assert [alert["query"]["fulltext"] for alert in alerts] == ["python", "rust", "golang"]
    assert alerts[0]["query"]["conditions"] == [{"field": "contract", "values": ["full"]}]
    assert [alert["confirmed"] for alert in alerts] == [True, False, True]
    assert {alert["frequency"] for alert in alerts} == {"daily"}
    assert all(alert["created_at"] for alert in alerts)
    [resume_alert] = document["resume_alerts"]
    assert resume_alert["name"] == "Resumes: nurse"
    assert resume_alert["query"] == {"fulltext": "nurse"}
    assert resume_alert["interval_seconds"] == 604800
    mails = sorted(document["alert_mails"], key=lambda mail: mail["kind"])
    assert [(mail["kind"], mail["items"]) for mail in mails] == [
        ("confirmation", 0),
        ("digest", 2),
        ("resume_digest", 1),
    ]
    assert mails[0]["alert_ids"] == [str(as_visitor.id)]
    assert mails[1]["alert_ids"] == [str(mine.id)]
    assert mails[1]["state"] == "sent"
    assert mails[1]["sent_at"]
    assert mails[1]["created_at"]
    [bounce] = document["alert_bounces"]
    assert (bounce["email"], bounce["failures"]) == (elsewhere, 2)
    text = str(document)
    assert other_resume not in text  # the digest's resumes are other people's
    for foreign in (other, bobs, "cobol", "welder", "no such user", str(on_shared.id), "fortran"):
        assert foreign not in text
    assert "job-3" not in text  # the shared address's mail
    assert "job-4" not in text


async def test_a_request_for_other_services_is_not_ours(
    service_settings: SearchSettings, committed_sessions: async_sessionmaker[AsyncSession]
) -> None:
    person = str(uuid.uuid4())
    await persist(committed_sessions, _alert(_address("ada"), "python", user_id=person))
    handler = export_handlers(service_settings)[contracts.EXPORT_REQUESTED]
    await deliver(committed_sessions, handler, export_event(person, services=["jobs"]))
    assert await announcements(committed_sessions, outbox, service="search", user_id=person) == []
