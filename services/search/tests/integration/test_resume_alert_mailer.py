"""Resume alerts through the alert mailer against the real PostgreSQL, Elasticsearch and the
local mail catcher (ADR 0032): a due alert mails its recruiter the newly findable or updated
matching resumes once, with public fields only and links to /resume/{id}; a second run mails
nothing; an alert with no alerts (-1) never mails; a hidden or deleted resume is left out, even
when it goes between planning and sending; a site without saved resume searches mails nothing."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from jobkit.contracts import USER_DELETED
from jobkit.db import unit_of_work
from jobkit.events import EventEnvelope
from search.alerts import mailer
from search.alerts.bounces import count_failure
from search.alerts.models import AlertMail, ResumeAlert, ResumeAlertDelivery
from search.alerts.searches import stored_query
from search.engine.indexing.payloads import (
    ResumeDeletedPayload,
    ResumePayload,
    ResumeVisibilityPayload,
)
from search.engine.indexing.resumes import delete_resume, hide_resume, index_resume
from search.engine.indexing.store import SearchStore
from search.engine.request import SearchRequest
from search.messaging.alert_mailer import user_handlers
from search.settings import SearchSettings
from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.search.tests.graphql.test_resume_alerts import set_features
from services.search.tests.integration.test_alert_mailer import (
    Recorder,
    _mails,
    _wait_for_mails,
    _word,
)
from services.search.tests.integration.test_resume_index import PRIVATE, resume_event

pytestmark = pytest.mark.integration

Sessions = async_sessionmaker[AsyncSession]


@pytest.fixture
def settings(service_settings: SearchSettings) -> SearchSettings:
    return service_settings.model_copy(update={"alert_jobs_per_section": 5})


def _recruiter() -> str:
    return f"resume-alerts-{uuid.uuid4().hex[:10]}@example.org"


async def _site(sessions: Sessions, *, offered: bool = True) -> str:
    site = f"ra-{uuid.uuid4().hex[:8]}"
    await set_features(sessions, site, resume=True, resume_searches=offered)
    return site


async def _alert(
    sessions: Sessions, site: str, email: str, keys: str, *, interval: int = 86400
) -> ResumeAlert:
    now = datetime.now(UTC)
    alert = ResumeAlert(
        id=uuid.uuid4(),
        site=site,
        user_id=str(uuid.uuid4()),
        email=email,
        name=f"Resumes: {keys[:20]}",
        language="en",
        query=stored_query(SearchRequest(fulltext=keys)),
        interval_seconds=interval,
        created_at=now - timedelta(days=30),
        checked_until=now - timedelta(days=2),
        version=1,
    )
    async with unit_of_work(sessions) as session:
        session.add(alert)
    return alert


async def _resume(
    store: SearchStore, sessions: Sessions, site: str, title: str, *, hours_ago: float = 1
) -> dict[str, Any]:
    updated = (datetime.now(UTC) - timedelta(hours=hours_ago)).isoformat()
    payload = resume_event(1, site=site, title=title, updated_at=updated) | PRIVATE
    async with sessions() as session:
        assert await index_resume(store, session, ResumePayload.model_validate(payload))
    return payload


async def _hide(store: SearchStore, resume: dict[str, Any]) -> None:
    payload = {"resume_id": resume["resume_id"], "version": 2, "searchable": False}
    assert await hide_resume(store, ResumeVisibilityPayload.model_validate(payload))


async def _delete(store: SearchStore, resume: dict[str, Any]) -> None:
    payload = {"resume_id": resume["resume_id"]}
    assert await delete_resume(store, ResumeDeletedPayload.model_validate(payload))


async def _run(
    sessions: Sessions, store: SearchStore, settings: SearchSettings, send: Any = None
) -> int:
    await store.refresh("resumes")
    await mailer.plan_resume_digests(sessions, store, settings)
    return await mailer.send_pending(sessions, store, settings, send=send)


async def _due_again(sessions: Sessions, email: str) -> None:
    async with unit_of_work(sessions) as session:
        await session.execute(
            update(ResumeAlert)
            .where(ResumeAlert.email == email)
            .values(checked_until=datetime.now(UTC) - timedelta(days=2))
        )


async def _ledger(sessions: Sessions, email: str) -> set[str]:
    async with sessions() as session:
        return set(
            await session.scalars(
                select(ResumeAlertDelivery.resume_id).where(ResumeAlertDelivery.email == email)
            )
        )


async def test_a_daily_resume_alert_mails_the_new_matching_resumes_once(
    committed_sessions: Sessions, store: SearchStore, settings: SearchSettings
) -> None:
    word, other = _word(), _word()
    site = await _site(committed_sessions)
    person, quiet = _recruiter(), _recruiter()
    alert = await _alert(committed_sessions, site, person, word)
    await _alert(committed_sessions, site, quiet, word, interval=-1)
    new = await _resume(store, committed_sessions, site, f"{word} case manager")
    unrelated = await _resume(store, committed_sessions, site, f"{other} gardener")
    old = await _resume(store, committed_sessions, site, f"{word} old hand", hours_ago=24 * 10)
    hidden = await _resume(store, committed_sessions, site, f"{word} hidden one")
    deleted = await _resume(store, committed_sessions, site, f"{word} deleted one")
    elsewhere = await _resume(store, committed_sessions, "jobboard", f"{word} elsewhere")
    await _hide(store, hidden)
    await _delete(store, deleted)

    recorder = Recorder(settings)
    await _run(committed_sessions, store, settings, recorder)
    [mail] = await _wait_for_mails(person, 1)
    text, html = mail["text"], mail["html"]
    assert mail["subject"] == f"1 new resume for \u201c{alert.name}\u201d"
    assert text.count(new["title"]) == 1
    assert f"{settings.alert_site_url}/resume/{new['resume_id']}" in text
    assert f"/resume/{new['resume_id']}" in html
    assert f"/resume-alert/edit/{alert.id}" in text
    # RFC 8058: the mail program's Unsubscribe stops the alert's mails (the link is in the text)
    message = recorder.messages[0]
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    one_click = str(message["List-Unsubscribe"]).strip("<>")
    assert one_click.startswith(f"{settings.alert_api_url}/alerts/resume-unsubscribe?token=")
    assert one_click in text
    assert f"/resumes?search={word}" in text
    assert "Berlin" in text  # the desired place of work, a public field
    assert "Python" in text  # a skill's label
    for absent in (unrelated, old, hidden, deleted, elsewhere):
        assert absent["title"] not in text
    # nothing private, although the event that fed the index carried it
    for message in (text, html, str(recorder.messages[0])):
        for secret in ("Privata", "Secretson", "1234567", "1990-01-01", "privata@", "Hidden"):
            assert secret not in message
    assert await _ledger(committed_sessions, person) == {new["resume_id"]}

    # due again: the resume mailed already is not mailed again, even after an update
    await _due_again(committed_sessions, person)
    async with committed_sessions() as session:
        refreshed = new | {
            "version": 2,
            "updated_at": datetime.now(UTC).isoformat(),
            "title": f"{word} senior case manager",
        }
        assert await index_resume(store, session, ResumePayload.model_validate(refreshed))
    await _run(committed_sessions, store, settings)
    assert len(await _mails(person)) == 1
    # -1: saved without mails, however long it waits
    assert await _mails(quiet) == []
    assert await _ledger(committed_sessions, quiet) == set()


async def test_a_resume_hidden_between_planning_and_sending_is_left_out(
    committed_sessions: Sessions, store: SearchStore, settings: SearchSettings
) -> None:
    word = _word()
    site = await _site(committed_sessions)
    person = _recruiter()
    await _alert(committed_sessions, site, person, word)
    staying = await _resume(store, committed_sessions, site, f"{word} analyst")
    going = await _resume(store, committed_sessions, site, f"{word} clerk")
    await store.refresh("resumes")
    assert await mailer.plan_resume_digests(committed_sessions, store, settings) == 1
    assert await _ledger(committed_sessions, person) == {
        staying["resume_id"],
        going["resume_id"],
    }
    await _hide(store, going)
    await store.refresh("resumes")
    await mailer.send_pending(committed_sessions, store, settings)
    [mail] = await _wait_for_mails(person, 1)
    assert staying["title"] in mail["text"]
    assert going["title"] not in mail["text"]
    assert await _ledger(committed_sessions, person) == {staying["resume_id"]}


async def test_a_site_without_saved_resume_searches_mails_nothing(
    committed_sessions: Sessions, store: SearchStore, settings: SearchSettings
) -> None:
    word = _word()
    site = await _site(committed_sessions, offered=False)
    person = _recruiter()
    await _alert(committed_sessions, site, person, word)
    await _resume(store, committed_sessions, site, f"{word} teacher")
    await _run(committed_sessions, store, settings)
    assert await _mails(person) == []
    # turned on later: the next due run mails
    await set_features(committed_sessions, site, resume_searches=True)
    await _due_again(committed_sessions, person)
    fresh = await _resume(store, committed_sessions, site, f"{word} headteacher", hours_ago=0)
    await _run(committed_sessions, store, settings)
    [mail] = await _wait_for_mails(person, 1)
    assert fresh["title"] in mail["text"]


async def test_a_deleted_account_loses_its_resume_alerts_and_their_ledger(
    committed_sessions: Sessions, store: SearchStore, settings: SearchSettings
) -> None:
    word = _word()
    site = await _site(committed_sessions)
    person, other = _recruiter(), _recruiter()
    gone = await _alert(committed_sessions, site, person, word)
    kept = await _alert(committed_sessions, site, other, word)
    await _resume(store, committed_sessions, site, f"{word} coordinator")
    await store.refresh("resumes")
    assert await mailer.plan_resume_digests(committed_sessions, store, settings) == 2
    assert len(await _ledger(committed_sessions, person)) == 1

    event = EventEnvelope(
        type=USER_DELETED,
        aggregate_id=gone.user_id,
        aggregate_version=2,
        site=site,
        payload={"user_id": gone.user_id},
    )
    async with unit_of_work(committed_sessions) as session:
        await user_handlers(settings)[USER_DELETED](session, event)
    async with committed_sessions() as session:
        assert await session.get(ResumeAlert, gone.id) is None
        assert await session.get(ResumeAlert, kept.id) is not None
        pending = (await session.scalars(select(AlertMail).where(AlertMail.email == person))).all()
        assert pending == []
    assert await _ledger(committed_sessions, person) == set()
    assert len(await _ledger(committed_sessions, other)) == 1


async def test_an_address_that_refuses_mail_pauses_its_resume_alerts(
    committed_sessions: Sessions, store: SearchStore, settings: SearchSettings
) -> None:
    word = _word()
    site = await _site(committed_sessions)
    person = _recruiter()
    alert = await _alert(committed_sessions, site, person, word)
    await _resume(store, committed_sessions, site, f"{word} youth worker")
    for _ in range(settings.alert_bounce_limit):
        async with unit_of_work(committed_sessions) as session:
            await count_failure(session, settings, person, "550 5.1.1 No such user")
    async with committed_sessions() as session:
        row = await session.get(ResumeAlert, alert.id)
        assert row is not None
        assert row.paused_reason is not None
    await _run(committed_sessions, store, settings)
    assert await _mails(person) == []
    assert await _ledger(committed_sessions, person) == set()
    # the pause, nothing else, held the mail back
    async with unit_of_work(committed_sessions) as session:
        await session.execute(
            update(ResumeAlert).where(ResumeAlert.id == alert.id).values(paused_reason=None)
        )
    await _run(committed_sessions, store, settings)
    assert len(await _wait_for_mails(person, 1)) == 1
