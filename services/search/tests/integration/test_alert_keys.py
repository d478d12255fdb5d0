"""The instant matcher's key cut (ADR 0034) against the real PostgreSQL and Elasticsearch: the
alerts it drops could not have matched (their real query finds nothing), every alert whose
query finds the job is kept, and every matching person gets the mail; a round's jobs are
matched together with the same outcome, in requests and statements that do not grow with
their number (ADR 0067)."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from contextlib import AbstractContextManager
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from jobkit.db import unit_of_work
from jobkit.testing.elasticsearch import count_requests
from jobkit.testing.smtp import smtp_inbox
from jobkit.testing.statements import StatementLog
from search.alerts import keys, mailer, matching
from search.alerts.models import AlertDelivery, AlertMail, AlertNewJob, SavedSearch
from search.alerts.planning import NEW_JOB_RETRY, NEW_JOBS_PER_ROUND
from search.alerts.searches import stored_query
from search.engine.indexing.documents import document_sites
from search.engine.indexing.indexer import index_job
from search.engine.indexing.payloads import JobPayload
from search.engine.indexing.store import SearchStore
from search.engine.request import Condition, ConditionGroup, GeoLocation, SearchRequest
from search.settings import SearchSettings
from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.search.tests.factories import job_payload

pytestmark = pytest.mark.integration

Statements = Callable[[], AbstractContextManager[StatementLog]]

FULL_TIME, PART_TIME, REMOTE = 9101, 9102, 9201
CAMBRIDGE = GeoLocation(label="Cambridge", lat=42.3736, lon=-71.1097, radius=5, unit="km")
SEATTLE = GeoLocation(label="Seattle", lat=47.6062, lon=-122.3321, radius=50, unit="km")
# 30 km from Boston: outside a 25 km circle, though in a cell the circle's box touches
WORCESTER_25 = GeoLocation(label="Near", lat=42.3601, lon=-70.70, radius=25, unit="km")


def _word() -> str:
    return "zq" + "".join(chr(97 + int(c, 16)) for c in uuid.uuid4().hex[:10])


def _facet(field: str, *values: int) -> ConditionGroup:
    return ConditionGroup(
        conditions=[Condition(field=field, value=str(v)) for v in values], tags=[f"facet:{field}"]
    )


async def _alert(
    sessions: async_sessionmaker[AsyncSession], request: SearchRequest, **overrides: Any
) -> SavedSearch:
    now = datetime.now(UTC)
    fields: dict[str, Any] = {
        "id": uuid.uuid4(),
        "site": "jobboard",
        "email": f"keys-{uuid.uuid4().hex[:10]}@example.org",
        "name": "An alert",
        "language": "en",
        "query": stored_query(request),
        "frequency": "instant",
        "paused": False,
        "confirmed_at": now,
        "created_at": now - timedelta(days=3),
        "checked_until": now - timedelta(days=1),
        "version": 1,
    }
    alert = SavedSearch(**(fields | overrides))
    async with unit_of_work(sessions) as session:
        session.add(alert)
    return alert


async def _job(
    store: SearchStore, sessions: async_sessionmaker[AsyncSession], **overrides: Any
) -> JobPayload:
    published = (datetime.now(UTC) - timedelta(minutes=5)).isoformat()
    payload = job_payload(**({"published_at": published} | overrides))
    async with unit_of_work(sessions) as session:
        await index_job(store, session, payload, "jobs.job.published")
    await store.refresh("jobs")
    return payload


async def _really_matches(store: SearchStore, alert: SavedSearch, job_id: str) -> bool:
    """The alert's own query (what the search page sends), restricted to the job."""
    body = matching._restricted(alert, size=1, only=[job_id])
    if body is None:
        return False
    answer = await store.client.search(index=store.alias("jobs"), body=body)
    return bool(answer["hits"]["hits"])


async def _new_jobs(store: SearchStore, job_ids: list[str]) -> list[keys.NewJob]:
    """The jobs as planning hands them to the cut: their sites, publication and keys."""
    documents = await matching.job_documents(store, job_ids)
    carried = await keys.job_keys(store, documents)
    return [
        keys.NewJob(
            job_id,
            document_sites(documents[job_id]),
            datetime.fromisoformat(str(documents[job_id]["published_at"])),
            carried[job_id],
        )
        for job_id in job_ids
    ]


async def test_the_index_analyzer_gives_each_text_its_own_tokens(store: SearchStore) -> None:
    texts = ["the nurs", "", "of and", "senior 2026 zqabc", "a" * 300]
    batched = await keys.analyzed(store, texts)
    for text, tokens in zip(texts, batched, strict=True):
        alone = await store.client.indices.analyze(
            index=store.alias("jobs"), analyzer="stemmed", text=text or " "
        )
        assert tokens == [token["token"] for token in alone["tokens"]], text
    assert batched[0] == ["nurs"]  # "the" is a stop word of the index's analyzer
    assert batched[2] == []


async def test_the_cut_drops_only_alerts_that_cannot_match_and_every_match_is_mailed(
    committed_sessions: async_sessionmaker[AsyncSession],
    store: SearchStore,
    service_settings: SearchSettings,
) -> None:
    word, other = _word(), _word()
    job = await _job(
        store,
        committed_sessions,
        title=f"Senior {word} nurse",
        description_text="Caring for patients in a community clinic.",
        employment_type_tids=[FULL_TIME],
        remote_option_tids=[REMOTE],
    )
    s = committed_sessions
    matching_alerts = {
        "word": await _alert(s, SearchRequest(fulltext=word)),
        "stemmed": await _alert(s, SearchRequest(fulltext=f"{word} nursing")),
        "stop words": await _alert(s, SearchRequest(fulltext=f"the {word} of")),
        "body word": await _alert(s, SearchRequest(fulltext=f"{word} patients clinic")),
        "facet": await _alert(
            s,
            SearchRequest(
                fulltext=word, condition_groups=[_facet("employmentType", PART_TIME, FULL_TIME)]
            ),
        ),
        "two facets": await _alert(
            s,
            SearchRequest(
                fulltext=word,
                condition_groups=[
                    _facet("employmentType", FULL_TIME),
                    _facet("remoteOptions", REMOTE),
                ],
            ),
        ),
        "radius": await _alert(s, SearchRequest(fulltext=word, geo_location=CAMBRIDGE)),
        "country": await _alert(
            s,
            SearchRequest(
                fulltext=word, geo_location=GeoLocation(country="us", location_type="country")
            ),
        ),
        "state": await _alert(
            s,
            SearchRequest(
                fulltext=word,
                geo_location=GeoLocation(
                    country="US",
                    administrative_area="Massachusetts",
                    location_type="administrative_area_level_1",
                ),
            ),
        ),
        "no criteria": await _alert(s, SearchRequest()),
    }
    not_matching = {
        "extra word": await _alert(s, SearchRequest(fulltext=f"{word} plumber")),
        "other word": await _alert(s, SearchRequest(fulltext=other)),
        "other facet": await _alert(
            s,
            SearchRequest(fulltext=word, condition_groups=[_facet("employmentType", PART_TIME)]),
        ),
        "one of two facets": await _alert(
            s,
            SearchRequest(
                fulltext=word,
                condition_groups=[
                    _facet("employmentType", FULL_TIME),
                    _facet("remoteOptions", REMOTE + 1),
                ],
            ),
        ),
        "far away": await _alert(s, SearchRequest(fulltext=word, geo_location=SEATTLE)),
        "other country": await _alert(
            s,
            SearchRequest(
                fulltext=word, geo_location=GeoLocation(country="DE", location_type="country")
            ),
        ),
        "other state": await _alert(
            s,
            SearchRequest(
                fulltext=word,
                geo_location=GeoLocation(
                    country="US",
                    administrative_area="WA",
                    location_type="administrative_area_level_1",
                ),
            ),
        ),
        "near but outside": await _alert(
            s, SearchRequest(fulltext=word, geo_location=WORCESTER_25)
        ),
        "paused": await _alert(s, SearchRequest(fulltext=word), paused=True),
        "daily": await _alert(s, SearchRequest(fulltext=word), frequency="daily"),
        "started later": await _alert(
            s, SearchRequest(fulltext=word), checked_until=datetime.now(UTC) + timedelta(hours=1)
        ),
    }
    mine = {alert.id: name for name, alert in (matching_alerts | not_matching).items()}

    async with unit_of_work(committed_sessions) as session:
        while await keys.key_stale_alerts(session, store):
            pass
        [new_job] = await _new_jobs(store, [job.job_id])
        found = (await keys.candidates(session, [new_job]))[job.job_id]
    kept = {mine[alert.id] for alert in found if alert.id in mine}

    # every alert whose real query finds the job is kept; the cut dropped what it can
    assert set(matching_alerts) <= kept
    assert kept - set(matching_alerts) == {"near but outside"}  # the cell is no circle
    for name, alert in (matching_alerts | not_matching).items():
        if name not in {"paused", "daily", "started later"}:  # left out by state, not search
            assert await _really_matches(store, alert, job.job_id) == (name in matching_alerts), (
                name
            )
    # verification keeps exactly the matching ones
    verified = (await matching.instant_matches(store, {job.job_id: found}))[job.job_id]
    assert {mine[a.id] for a in verified if a.id in mine} == set(matching_alerts)

    # and each of their people gets the job by mail
    with smtp_inbox() as inbox:
        relay = service_settings.model_copy(update={"smtp_port": inbox.port})
        async with unit_of_work(committed_sessions) as session:
            await mailer.record_new_job(session, job_id=job.job_id, site="jobboard")
        await mailer.plan_instant(committed_sessions, store, relay)
        await mailer.send_pending(committed_sessions, store, relay)
        for name, alert in matching_alerts.items():
            [mail] = await inbox.wait_for(alert.email, 1)
            assert job.title in mail.get_body(("plain",)).get_content(), name  # type: ignore[union-attr]
        for name, alert in not_matching.items():
            assert inbox.to(alert.email) == [], name


async def test_an_alert_changed_after_it_was_keyed_is_still_verified(
    committed_sessions: async_sessionmaker[AsyncSession], store: SearchStore
) -> None:
    word, other = _word(), _word()
    job = await _job(store, committed_sessions, title=f"Grants {word} manager")
    alert = await _alert(committed_sessions, SearchRequest(fulltext=other))
    async with unit_of_work(committed_sessions) as session:
        while await keys.key_stale_alerts(session, store):
            pass
    [new_job] = await _new_jobs(store, [job.job_id])

    async def kept() -> bool:
        async with committed_sessions() as session:
            found = (await keys.candidates(session, [new_job]))[job.job_id]
        return alert.id in {a.id for a in found}

    assert not await kept()
    # the search changes to the job's word (a new version, not keyed yet): kept, not missed
    async with unit_of_work(committed_sessions) as session:
        await session.execute(
            update(SavedSearch)
            .where(SavedSearch.id == alert.id)
            .values(query=stored_query(SearchRequest(fulltext=word)), version=2)
        )
    assert await kept()
    async with unit_of_work(committed_sessions) as session:
        while await keys.key_stale_alerts(session, store):
            pass
    assert await kept()


async def test_digest_searches_asked_together_find_what_each_finds_alone(
    committed_sessions: async_sessionmaker[AsyncSession], store: SearchStore
) -> None:
    word = _word()
    now = datetime.now(UTC)
    jobs = [
        await _job(
            store,
            committed_sessions,
            title=f"{title} {word}",
            employment_type_tids=[tid],
            published_at=(now - timedelta(hours=hours)).isoformat(),
        )
        for title, tid, hours in (
            ("Nurse", FULL_TIME, 1),
            ("Nurse manager", PART_TIME, 2),
            ("Teacher", FULL_TIME, 3),
            ("Youth teacher", PART_TIME, 30),
            ("Program nurse", FULL_TIME, 50),
        )
    ]
    s = committed_sessions
    searches = [
        SearchRequest(fulltext=word),
        SearchRequest(fulltext=f"{word} nurse"),
        SearchRequest(fulltext=f"{word} teacher", geo_location=CAMBRIDGE),
        SearchRequest(fulltext=word, condition_groups=[_facet("employmentType", PART_TIME)]),
        SearchRequest(fulltext=f"{word} plumber"),
        SearchRequest(fulltext=word, geo_location=SEATTLE),
    ]
    alerts = [await _alert(s, search, frequency="daily") for search in searches]
    alerts.append(await _alert(s, SearchRequest(fulltext=word), frequency="daily"))
    since = {str(a.id): now - timedelta(hours=40) for a in alerts}
    since[str(alerts[-1].id)] = now - timedelta(hours=2.5)  # a later start: two jobs only
    mailed = {alerts[1].email: {jobs[0].job_id}}  # one person had the newest nurse job already

    together = await matching.digest_sections(
        store, alerts, since=since, mailed=mailed, size=2, batch_size=200
    )
    alone = await matching._one_by_one(
        store,
        [
            (
                a,
                body,
            )
            for a in alerts
            if (
                body := matching._restricted(
                    a, size=2, since=since[str(a.id)], exclude=mailed.get(a.email, ())
                )
            )
            is not None
        ],
    )
    assert together == alone
    by_alert = {section.alert_id: section for section in together}
    assert by_alert[str(alerts[0].id)] == matching.Section(
        str(alerts[0].id), [jobs[0].job_id, jobs[1].job_id], 4
    )
    assert by_alert[str(alerts[1].id)].job_ids == [jobs[1].job_id]
    assert str(alerts[4].id) not in by_alert
    assert str(alerts[5].id) not in by_alert
    assert by_alert[str(alerts[6].id)].total == 2


async def test_the_digest_cut_skips_only_alerts_whose_search_finds_no_job_of_the_window(
    committed_sessions: async_sessionmaker[AsyncSession], store: SearchStore
) -> None:
    word, other = _word(), _word()
    now = datetime.now(UTC)
    nurse, teacher, old = [
        await _job(
            store,
            committed_sessions,
            title=f"{title} {word}",
            description_text="Caring for patients in a community clinic.",
            employment_type_tids=[tid],
            remote_option_tids=[REMOTE],
            published_at=(now - timedelta(hours=hours)).isoformat(),
        )
        for title, tid, hours in (
            ("Senior nurse", FULL_TIME, 1),
            ("Youth teacher", PART_TIME, 3),
            ("Program planner", FULL_TIME, 80),  # older than every alert's window
        )
    ]
    s = committed_sessions

    async def daily(request: SearchRequest, **overrides: Any) -> SavedSearch:
        return await _alert(s, request, frequency="daily", **overrides)

    alerts = {
        "word": await daily(SearchRequest(fulltext=word)),
        "stemmed": await daily(SearchRequest(fulltext=f"{word} nursing")),
        "body words": await daily(SearchRequest(fulltext=f"the {word} patients")),
        "facet": await daily(
            SearchRequest(fulltext=word, condition_groups=[_facet("employmentType", PART_TIME)])
        ),
        "two facets": await daily(
            SearchRequest(
                fulltext=word,
                condition_groups=[
                    _facet("employmentType", FULL_TIME),
                    _facet("remoteOptions", REMOTE),
                ],
            )
        ),
        "radius": await daily(SearchRequest(fulltext=word, geo_location=CAMBRIDGE)),
        "state": await daily(
            SearchRequest(
                fulltext=word,
                geo_location=GeoLocation(
                    country="US",
                    administrative_area="Massachusetts",
                    location_type="administrative_area_level_1",
                ),
            )
        ),
        "no criteria": await daily(SearchRequest()),
        "near but outside": await daily(SearchRequest(fulltext=word, geo_location=WORCESTER_25)),
        # none of these can find a job of the window
        "extra word": await daily(SearchRequest(fulltext=f"{word} plumber")),
        "other word": await daily(SearchRequest(fulltext=other)),
        "words of two jobs": await daily(SearchRequest(fulltext=f"{word} nurse teacher")),
        "facets of two jobs": await daily(
            SearchRequest(
                fulltext=word,
                condition_groups=[
                    _facet("employmentType", PART_TIME),
                    _facet("remoteOptions", REMOTE + 1),
                ],
            )
        ),
        "far away": await daily(SearchRequest(fulltext=word, geo_location=SEATTLE)),
        "other country": await daily(
            SearchRequest(
                fulltext=word, geo_location=GeoLocation(country="DE", location_type="country")
            )
        ),
        "only an old job": await daily(SearchRequest(fulltext=f"{word} planner")),
        "mailed already": await daily(SearchRequest(fulltext=f"{word} teacher")),
    }
    cannot_match = {
        "extra word",
        "other word",
        "words of two jobs",
        "facets of two jobs",
        "far away",
        "other country",
        "only an old job",
        "mailed already",
    }
    name_of = {str(alert.id): name for name, alert in alerts.items()}
    since = {str(a.id): now - timedelta(hours=40) for a in alerts.values()}
    mailed = {alerts["mailed already"].email: {teacher.job_id}}

    window = await keys.digest_window(store, now - timedelta(hours=40))
    assert window is not None
    kept = await keys.digest_candidates(
        store, list(alerts.values()), since=since, mailed=mailed, window=window
    )

    def sections(of: list[SavedSearch]) -> Any:
        return matching.digest_sections(store, of, since=since, mailed=mailed, size=5)

    everyone = await sections(list(alerts.values()))
    # exact: asking only the kept alerts finds what asking every alert finds
    assert await sections(kept) == everyone
    found = {name_of[section.alert_id] for section in everyone}
    assert found == set(alerts) - cannot_match - {"near but outside"}
    # and the cut skipped every alert that cannot match but the one a grid cell keeps
    assert {name_of[str(a.id)] for a in kept} == set(alerts) - cannot_match
    assert nurse.job_id in window.bits
    assert old.job_id not in window.bits

    # the next round's window has the jobs indexed and rewritten since, and no longer the gone
    late = await daily(SearchRequest(fulltext=other))
    renamed = await daily(SearchRequest(fulltext=f"{word} gardener"))
    since[str(late.id)] = since[str(renamed.id)] = now - timedelta(hours=40)

    async def kept_now() -> set[uuid.UUID]:
        window = await keys.digest_window(store, now - timedelta(hours=40))
        assert window is not None
        kept = await keys.digest_candidates(
            store, [late, renamed], since=since, mailed={}, window=window
        )
        return {alert.id for alert in kept}

    assert await kept_now() == set()
    await _job(store, committed_sessions, title=f"Planner {other}")
    async with unit_of_work(committed_sessions) as session:
        await index_job(
            store,
            session,
            nurse.model_copy(update={"title": f"Gardener {word}", "version": nurse.version + 1}),
            "jobs.job.updated",
        )
    await store.refresh("jobs")
    assert await kept_now() == {late.id, renamed.id}


async def _record(sessions: async_sessionmaker[AsyncSession], *job_ids: str) -> None:
    """Recorded one transaction each, as events arrive (a round takes the oldest first)."""
    for job_id in job_ids:
        async with unit_of_work(sessions) as session:
            await mailer.record_new_job(session, job_id=job_id, site="jobboard")


async def _key_alerts(sessions: async_sessionmaker[AsyncSession], store: SearchStore) -> None:
    async with unit_of_work(sessions) as session:
        while await keys.key_stale_alerts(session, store):
            pass


async def _stop_earlier_alerts(sessions: async_sessionmaker[AsyncSession]) -> None:
    """The alerts of this module's other tests are stopped (the one without criteria finds
    every job)."""
    async with unit_of_work(sessions) as session:
        await session.execute(
            update(SavedSearch)
            .where(SavedSearch.unsubscribed_at.is_(None))
            .values(unsubscribed_at=datetime.now(UTC))
        )


async def _forget_recorded(sessions: async_sessionmaker[AsyncSession]) -> None:
    async with unit_of_work(sessions) as session:
        await session.execute(delete(AlertNewJob))


async def test_a_round_of_several_jobs_plans_each_persons_one_mail_by_the_rules(
    committed_sessions: async_sessionmaker[AsyncSession],
    store: SearchStore,
    service_settings: SearchSettings,
) -> None:
    """Jobs of one round: matched together, mailed as matching each alone would decide (the
    not yet findable one waits, the expired and the long-gone ones are forgotten, a job goes to
    the alerts of the sites it is shared with, an alert gets only jobs published since it
    started, a job already mailed to a person is left out, a person gets one mail)."""
    s, word = committed_sessions, _word()
    other = f"plan-{uuid.uuid4().hex[:8]}"
    await _stop_earlier_alerts(s)
    now = datetime.now(UTC)
    first = await _job(store, s, title=f"Alpha {word} nurse")
    shared = await _job(store, s, title=f"Beta {word} teacher", shared_sites=[other])
    older = await _job(
        store, s, title=f"Gamma {word} nurse", published_at=(now - timedelta(days=3)).isoformat()
    )
    # findable when indexed, expired when the round runs (five minutes on)
    expired = await _job(
        store, s, title=f"Delta {word} nurse", expires_at=(now + timedelta(minutes=2)).isoformat()
    )
    draft = await _job(store, s, title=f"Epsilon {word} nurse", state="draft")
    gone = f"plan-gone-{uuid.uuid4()}"
    five_days, one_day = now - timedelta(days=5), now - timedelta(days=1)
    alerts = {
        "word": await _alert(s, SearchRequest(fulltext=word), checked_until=five_days),
        # the same person's second alert: its jobs are in the first one's section already
        "word nurse": await _alert(
            s,
            SearchRequest(fulltext=f"{word} nurse"),
            checked_until=five_days,
            created_at=now - timedelta(days=2),
        ),
        "started later": await _alert(s, SearchRequest(fulltext=word), checked_until=one_day),
        "other site": await _alert(
            s, SearchRequest(fulltext=word), site=other, checked_until=five_days
        ),
        "other site, no criteria": await _alert(
            s, SearchRequest(), site=other, checked_until=five_days
        ),
        "daily": await _alert(s, SearchRequest(fulltext=word), frequency="daily"),
        "extra word": await _alert(s, SearchRequest(fulltext=f"{word} plumber")),
    }
    async with unit_of_work(s) as session:
        await session.execute(
            update(SavedSearch)
            .where(SavedSearch.id == alerts["word nurse"].id)
            .values(email=alerts["word"].email)
        )
        # the job was mailed to this person before (by another alert, in another round)
        mail = AlertMail(
            id=uuid.uuid4(),
            email=alerts["started later"].email,
            kind="instant",
            content={"sections": []},
            state="sent",
        )
        session.add(mail)
        await session.flush()
        session.add(
            AlertDelivery(email=mail.email, job_id=first.job_id, mail_id=mail.id, alert_id=None)
        )
    await _key_alerts(s, store)
    await _record(s, first.job_id, shared.job_id, older.job_id, expired.job_id)
    await _record(s, draft.job_id, gone)
    async with unit_of_work(s) as session:
        await session.execute(
            update(AlertNewJob)
            .where(AlertNewJob.job_id == gone)
            .values(created_at=now - timedelta(minutes=15))
        )
    round_at = now + timedelta(minutes=5)
    try:
        # the searches restricted to all of a round's jobs find what each finds alone
        round_jobs = [first.job_id, shared.job_id, older.job_id]
        async with committed_sessions() as session:
            found = await keys.candidates(session, await _new_jobs(store, round_jobs))
        verified = await matching.instant_matches(store, found, batch_size=2)
        for job_id in round_jobs:
            alone = {a.id for a in found[job_id] if await _really_matches(store, a, job_id)}
            assert {a.id for a in verified[job_id]} == alone, job_id

        assert await mailer.plan_instant(s, store, service_settings, now=round_at) == 4
        async with committed_sessions() as session:
            mails = {
                mail.email: mail.content["sections"]
                for mail in await session.scalars(
                    select(AlertMail).where(
                        AlertMail.email.in_([a.email for a in alerts.values()]),
                        AlertMail.state == "pending",
                    )
                )
            }
            left = {
                row.job_id: row.retry_at
                for row in await session.scalars(
                    select(AlertNewJob).where(
                        AlertNewJob.job_id.in_([draft.job_id, gone, expired.job_id, *round_jobs])
                    )
                )
            }
        section = {
            name: [{"alert_id": str(alert.id), "job_ids": jobs, "total": len(jobs)}]
            for name, alert, jobs in (
                # newest recorded first; the second alert's jobs all in the first's section
                ("word", alerts["word"], [older.job_id, shared.job_id, first.job_id]),
                ("started later", alerts["started later"], [shared.job_id]),
                ("other site", alerts["other site"], [shared.job_id]),
                ("other site, no criteria", alerts["other site, no criteria"], [shared.job_id]),
            )
        }
        assert mails == {alerts[name].email: sections for name, sections in section.items()}
        # the job the index holds as a draft waits for the indexer; the others are done
        assert left == {draft.job_id: round_at + NEW_JOB_RETRY}
    finally:
        await _forget_recorded(s)


async def test_a_round_sends_the_same_requests_and_statements_whatever_its_number_of_jobs(
    committed_sessions: async_sessionmaker[AsyncSession],
    store: SearchStore,
    service_settings: SearchSettings,
    statements: Statements,
) -> None:
    """A round's jobs are read, keyed, cut and verified together: before, each job cost a GET,
    a term vectors request, a candidates query, an ``_msearch`` and a person's statements."""
    s = committed_sessions
    await _stop_earlier_alerts(s)
    sent: list[list[tuple[str, str]]] = []
    counted: list[int] = []
    searches: list[list[int]] = []
    for size, batch_size in ((2, 200), (8, 200), (8, 4)):
        word = _word()
        jobs = [await _job(store, s, title=f"{word} {_word()} coordinator") for _ in range(size)]
        for job in jobs:  # one person a job, and one who gets them all
            await _alert(s, SearchRequest(fulltext=f"{word} {job.title.split()[1]}"))
        everything = await _alert(s, SearchRequest(fulltext=word))
        await _key_alerts(s, store)
        await _record(s, *[job.job_id for job in jobs], f"plan-gone-{uuid.uuid4()}")
        settings = service_settings.model_copy(update={"alert_batch_size": batch_size})
        try:
            with statements() as log, count_requests(store.client) as requests:
                planned = await mailer.plan_instant(s, store, settings)
        finally:
            await _forget_recorded(s)
        assert planned == size + 1
        async with committed_sessions() as session:
            [mail] = await session.scalars(
                select(AlertMail).where(AlertMail.email == everything.email)
            )
        assert mail.content["sections"][0]["job_ids"] == [j.job_id for j in reversed(jobs)]
        sent.append(requests.requests)
        counted.append(log.count)
        searches.append([len(body) // 2 for body in requests.bodies("/_msearch")])
    # a refresh, one _mget, one _mtermvectors, one _msearch; the same statements
    assert sent[0] == sent[1], sent
    assert [path.rsplit("/", 1)[-1] for _, path in sent[0]] == [
        "_refresh",
        "_mget",
        "_mtermvectors",
        "_msearch",
    ]
    assert counted[0] == counted[1], counted
    # each search once for every job it may find (one person's per job, one for all of them),
    # in _msearch requests of at most alert_batch_size searches
    assert searches == [[3], [9], [4, 4, 1]]


async def test_jobs_waiting_for_the_index_do_not_keep_a_newer_job_out_of_the_rounds(
    committed_sessions: async_sessionmaker[AsyncSession],
    store: SearchStore,
    service_settings: SearchSettings,
) -> None:
    """A round's worth of recorded jobs the index does not hold as findable (a lagging indexer,
    a replay) wait for it for ten minutes; a job recorded after them and already findable is
    matched and mailed in the next round instead of queueing behind them all that while."""
    s, word = committed_sessions, _word()
    await _stop_earlier_alerts(s)
    alert = await _alert(s, SearchRequest(fulltext=word))
    await _key_alerts(s, store)
    lagging = [f"wait-{uuid.uuid4()}" for _ in range(NEW_JOBS_PER_ROUND)]
    await _record(s, *lagging)
    now = datetime.now(UTC)
    try:
        # the first round looks at them all: none findable yet, each retried later
        assert await mailer.plan_instant(s, store, service_settings, now=now) == 0
        job = await _job(store, s, title=f"Harbor {word} pilot")
        await _record(s, job.job_id)
        # a round once their retries are due: the newer job is taken, before the lagging ones
        round_at = now + NEW_JOB_RETRY + timedelta(seconds=1)
        assert await mailer.plan_instant(s, store, service_settings, now=round_at) == 1
        async with committed_sessions() as session:
            mail = await session.scalar(select(AlertMail).where(AlertMail.email == alert.email))
            waiting = set(await session.scalars(select(AlertNewJob.job_id)))
        assert mail is not None
        assert mail.content["sections"] == [
            {"alert_id": str(alert.id), "job_ids": [job.job_id], "total": 1}
        ]
        assert job.job_id not in waiting
        assert waiting >= set(lagging)  # still waiting for the index, still within patience
    finally:
        await _forget_recorded(s)
