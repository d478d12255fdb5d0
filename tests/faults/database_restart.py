"""Fault scenario: PostgreSQL restarted under a stream of writes, and nothing is half done.

Starts its own consent service (this checkout, a spare port, a scratch database, its own Kafka
topic prefix, tokens from a JWKS of its own) talking to the stack's PostgreSQL through a
fault-injecting proxy (tests/faults/proxy.py). Writers give consents (``createGdprUserConsent``,
a new user each time: one row and one outbox event in one transaction) while identity's
registration events reach consent's consumer; meanwhile the proxy cuts every database
connection and refuses new ones for a few seconds (a PostgreSQL restart as the service sees it),
then accepts again. Counted:

- writes acknowledged, failed cleanly (a GraphQL error with a code and no address or stack
  trace, answered 200 or 503), failed otherwise (a 500, an unreadable answer, a leak): must be 0;
- never half: every consent row has exactly one event in the outbox and every event its row;
  every acknowledged write has its row; every consent reached Kafka (the relay resumed);
- the consumer resumed: every registration event applied exactly once, none dead-lettered;
- the service reconnected without a restart of its own: seconds from the database's return to
  the next acknowledged write.

    .venv/bin/python -m tests.faults.database_restart [--writers 4] [--outage 5]

Needs the local stack's PostgreSQL and Kafka (``make up``). Runbook:
docs/runbooks/database-restart.md.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field

import httpx
from jobkit.contracts import USER_REGISTRATION_CONSENTED, USER_TOPIC
from jobkit.events import EventEnvelope
from jobkit.settings import ServiceSettings
from jobkit.testing.kafka import read_topic
from jobkit.testing.tokens import TokenIssuer, token_issuer

from tests.faults.harness import (
    ROOT,
    Counts,
    OwnService,
    connect,
    leaks,
    own_topics,
    produce,
    scratch_database,
    wait_for,
)
from tests.faults.proxy import FaultProxy
from tests.faults.search_down import topic_size

POSTGRESQL = ("127.0.0.1", 5432)
CONSENT_TOPIC = "consent.consent"
IDENTITY_GROUP = "consent-identity"
CREATE_INFO = """mutation { createGdprConsentInfo(input: {type: "PRIVACY_POLICY",
  placement: "REGISTRATION", texts: [{language: "en", text: "<p>We keep your data safe.</p>"}]}) {
  __typename ... on GdprConsentInfoSaved { info { id } revision { id } } } }"""
GIVE = """mutation($mail: String!, $info: ID!) { createGdprUserConsent(mail: $mail, infoId: $info) {
  errors { code } consent { id } } }"""


@dataclass
class Writes:
    acknowledged: list[str] = field(default_factory=list)  # user ids
    failed_cleanly: list[str] = field(default_factory=list)
    failed_otherwise: list[str] = field(default_factory=list)
    codes: Counter[str] = field(default_factory=Counter)
    first_after_restore: float | None = None


async def _writer(
    consent: OwnService,
    tokens: TokenIssuer,
    info_id: str,
    writes: Writes,
    stop: asyncio.Event,
    restored: list[float],
) -> None:
    while not stop.is_set():
        user = str(uuid.uuid4())
        mail = f"faults-{user[:8]}@example.org"
        token = tokens.token(user, ["applicant"], email=mail)
        try:
            status, text, body = await consent.graphql(
                GIVE, {"mail": mail, "info": info_id}, token=token
            )
        except Exception as error:  # counted, never raised
            writes.failed_otherwise.append(f"{user}: {type(error).__name__}")
            continue
        answer = (body.get("data") or {}).get("createGdprUserConsent") or {}
        errors = body.get("errors") or []
        if status == 200 and answer.get("consent") and not errors:
            writes.acknowledged.append(user)
            if restored and writes.first_after_restore is None:
                writes.first_after_restore = time.monotonic() - restored[0]
        elif status in {200, 503} and errors and not leaks(text):
            codes = {str((e.get("extensions") or {}).get("code")) for e in errors}
            writes.codes.update(codes)
            if "None" in codes:
                writes.failed_otherwise.append(f"{user}: {status} {text[:200]}")
            else:
                writes.failed_cleanly.append(user)
        else:
            writes.failed_otherwise.append(f"{user}: {status} {text[:200]}")
        await asyncio.sleep(0.05)


def registration(user: str, info_id: str, revision_id: str) -> EventEnvelope:
    return EventEnvelope(
        type=USER_REGISTRATION_CONSENTED,
        aggregate_id=user,
        site="jobboard",
        actor=user,
        payload={
            "user_id": user,
            "mail": f"faults-{user[:8]}@example.org",
            "consents": [{"info_id": info_id, "revision_id": revision_id}],
        },
    )


async def run(*, writers: int = 4, outage: float = 5.0, before: float = 3.0) -> Counts:
    counts = Counts()
    settings = ServiceSettings()
    async with (
        own_topics() as prefix,
        scratch_database("consent") as database,
        FaultProxy(upstream=POSTGRESQL) as proxy,
        token_issuer(issuer=settings.jwt_issuer, audience=settings.jwt_audience) as tokens,
    ):
        consent = OwnService(
            "consent",
            env={
                "CONSENT_DB_NAME": database,
                "JOBBOARD_PG_PORT": str(proxy.port),
                "KAFKA_TOPIC_PREFIX": prefix,
                "JOBBOARD_JWKS_URL": tokens.jwks_url,
            },
            log=ROOT / ".local" / "logs" / "faults-database-restart.log",
        )
        consent.start()
        try:
            await consent.ready()
            counts.note(f"consent up on {consent.url}, its database through {proxy.address}")
            await _scenario(
                counts, consent, proxy, tokens, prefix, database, writers, outage, before
            )
        finally:
            consent.stop()
    return counts


async def _scenario(
    counts: Counts,
    consent: OwnService,
    proxy: FaultProxy,
    tokens: TokenIssuer,
    prefix: str,
    database: str,
    writers: int,
    outage: float,
    before: float,
) -> None:
    admin = tokens.token(str(uuid.uuid4()), ["administrator"])
    _, _, body = await consent.graphql(CREATE_INFO, token=admin)
    saved = (body.get("data") or {}).get("createGdprConsentInfo") or {}
    info_id, revision_id = saved["info"]["id"], saved["revision"]["id"]

    writes = Writes()
    stop, restored = asyncio.Event(), list[float]()
    tasks = [
        asyncio.create_task(_writer(consent, tokens, info_id, writes, stop, restored))
        for _ in range(writers)
    ]
    identity_topic = f"{prefix}{USER_TOPIC}"
    registered = [str(uuid.uuid4()) for _ in range(30)]
    await produce(identity_topic, [registration(u, info_id, revision_id) for u in registered[:10]])
    await asyncio.sleep(before)
    cut = await proxy.outage()
    down_at = time.monotonic()
    # registrations arriving while the database is away, and a /readyz meanwhile
    await produce(
        identity_topic, [registration(u, info_id, revision_id) for u in registered[10:20]]
    )
    ready_status, _, _ = await _readyz(consent)
    await asyncio.sleep(max(0.0, outage - (time.monotonic() - down_at)))
    await proxy.restore()
    restored.append(time.monotonic())
    counts.note(
        f"database cut for {restored[0] - down_at:.1f} s ({cut} connections reset, new ones "
        f"refused) under {writers} writers; /readyz during it: {ready_status}"
    )
    await produce(identity_topic, [registration(u, info_id, revision_id) for u in registered[20:]])
    acknowledged_at_restore = len(writes.acknowledged)

    async def writes_resumed() -> bool:
        return len(writes.acknowledged) >= acknowledged_at_restore + 10

    resumed = await wait_for(writes_resumed, timeout=300)
    stop.set()
    await asyncio.gather(*tasks)
    total = len(writes.acknowledged) + len(writes.failed_cleanly) + len(writes.failed_otherwise)
    recovered = writes.first_after_restore
    counts.check(
        resumed and recovered is not None,
        f"reconnected without a restart ({consent.starts} start): first write acknowledged "
        f"{recovered if recovered is None else round(recovered, 1)} s after the database "
        "was back",
    )
    counts.check(
        not writes.failed_otherwise,
        f"{total} writes: {len(writes.acknowledged)} acknowledged, {len(writes.failed_cleanly)} "
        f"failed cleanly (codes {dict(writes.codes)}), {len(writes.failed_otherwise)} failed "
        f"otherwise {writes.failed_otherwise[:2]}",
    )
    status, _, _ = await _readyz(consent)
    counts.check(status == 200, f"/readyz after: {status}")
    await _check_state(counts, prefix, database, writes, registered)


async def _readyz(consent: OwnService) -> tuple[int, str, dict[str, object]]:
    async with httpx.AsyncClient(timeout=30) as client:
        answer = await client.get(f"{consent.url}/readyz")
    return answer.status_code, answer.text, {}


async def _check_state(
    counts: Counts, prefix: str, database: str, writes: Writes, registered: list[str]
) -> None:
    connection = await connect(database)
    try:

        async def registrations_applied() -> bool:
            applied = await connection.fetchval(
                "SELECT count(*) FROM user_consents WHERE user_id = ANY($1::text[])", registered
            )
            return bool(applied == len(registered))

        applied_all = await wait_for(registrations_applied, timeout=300)

        async def outbox_sent() -> bool:
            return bool(
                await connection.fetchval("SELECT count(*) FROM outbox WHERE sent_at IS NULL") == 0
            )

        relayed = await wait_for(outbox_sent, timeout=300)
        rows = {
            str(r["id"]): r["user_id"]
            for r in await connection.fetch("SELECT id, user_id FROM user_consents")
        }
        events = [
            json.loads(r["body"])["payload"]["consent_id"]
            for r in await connection.fetch(
                "SELECT body FROM outbox WHERE event_type = 'consent.consent.given'"
            )
        ]
        per_user = Counter(rows.values())
        ledger = await connection.fetchval(
            "SELECT count(*) FROM processed_events WHERE consumer_group = $1",
            f"{prefix}{IDENTITY_GROUP}",
        )
    finally:
        await connection.close()
    event_counts = Counter(events)
    half = [c for c in rows if event_counts[c] != 1] + [c for c in event_counts if c not in rows]
    lost = [u for u in writes.acknowledged if per_user[u] != 1]
    counts.check(
        not half and not lost,
        f"never half: {len(rows)} consents, {len(events)} outbox events, rows without exactly "
        f"one event or events without a row {len(half)}; acknowledged writes without their "
        f"row {len(lost)}",
    )
    doubled = [u for u in registered if per_user[u] != 1]
    dead = await topic_size(f"{prefix}{USER_TOPIC}.dlt")
    counts.check(
        applied_all and not doubled and ledger == len(registered) and dead == 0,
        f"consumer resumed: {len(registered)} registration events (10 during the outage), "
        f"applied once {len(registered) - len(doubled)}, ledger {ledger}, dead-lettered {dead}",
    )
    records = await read_topic(
        ServiceSettings().kafka_bootstrap_servers,
        f"{prefix}{CONSENT_TOPIC}",
        timeout=300,
        until=lambda got: (
            len({json.loads(r.value)["payload"]["consent_id"] for r in got}) >= len(rows)
        ),
    )
    on_kafka = {json.loads(r.value)["payload"]["consent_id"] for r in records}
    counts.check(
        relayed and on_kafka == set(rows),
        f"relay resumed: outbox drained {relayed}, {len(on_kafka)} of {len(rows)} consents on "
        f"Kafka ({len(records)} records: delivery is at least once)",
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--writers", type=int, default=4, help="concurrent writers")
    parser.add_argument("--outage", type=float, default=5.0, help="seconds the database is away")
    args = parser.parse_args(argv)
    counts = asyncio.run(run(writers=args.writers, outage=args.outage))
    sys.stdout.write(counts.report("PostgreSQL restarted"))
    return 1 if counts.failed else 0


if __name__ == "__main__":
    sys.exit(main())
