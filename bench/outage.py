"""Sign-ups through a broker outage: nothing lost, nothing doubled, the service stays ready.

    .venv/bin/python -m bench.outage [--signups 1500] [--concurrency 8] [--outage 40]

Runs N sign-ups against identity's /graphql (BENCH_IDENTITY_URL, default the running stack's
identity), stops Kafka for ``--outage`` seconds once a third of them are done (the project's own
stack script), starts it again, then reads the ``identity.user`` topic and checks that every
sign-up's ``identity.user.registered`` event arrived exactly once. Prints the figures: sign-ups
per second before, during and after the outage, /readyz answers during it, the time until the
backlog was relayed, and the event counts. It stops the shared broker: run it alone.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import time
import uuid
from collections import Counter

import httpx
from identity.settings import get_settings as identity_settings
from jobkit.db import make_engine
from jobkit.events import EventEnvelope
from jobkit.testing.kafka import read_topic, stack
from sqlalchemy import text

from bench.harness import captcha_token

SIGN_UP = """mutation($input: SignUpInput!) {
  signUp(input: $input) { __typename ... on SignUpSuccess { email } }
}"""


async def _user_ids(emails: list[str]) -> list[str]:
    """The accounts of these addresses, read from identity's database (signUp's answer never
    names the account: it reads the same for a taken address, ADR 0017)."""
    engine = make_engine(identity_settings().database_url)
    try:
        async with engine.connect() as connection:
            rows = await connection.execute(
                text("SELECT id FROM users WHERE email = ANY(:emails)"), {"emails": emails}
            )
            return [str(row.id) for row in rows]
    finally:
        await engine.dispose()


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--signups", type=int, default=1500)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--outage", type=float, default=40.0)
    args = parser.parse_args()
    base_url = os.environ.get("BENCH_IDENTITY_URL", "http://127.0.0.1:8101")
    bootstrap = os.environ.get("KAFKA_BOOTSTRAP_SERVERS", "127.0.0.1:9092")
    run = uuid.uuid4().hex[:8]
    signed_up: list[str] = []
    finished: list[float] = []
    failures: Counter[str] = Counter()
    readiness: Counter[int] = Counter()
    queue: asyncio.Queue[int] = asyncio.Queue()
    for number in range(args.signups):
        queue.put_nowait(number)
    outage = {"start": 0.0, "end": 0.0}
    third_done = asyncio.Event()

    async with httpx.AsyncClient(base_url=base_url, timeout=60) as client:

        async def worker() -> None:
            while not queue.empty():
                number = queue.get_nowait()
                variables = {
                    "input": {
                        "email": f"outage-{run}-{number}@bench.example",
                        "password": "bench password 2026",
                        "firstName": "Out",
                        "lastName": "Age",
                    }
                }
                try:
                    variables["input"]["captchaToken"] = await captcha_token(client)
                    response = await client.post(
                        "/graphql", json={"query": SIGN_UP, "variables": variables}
                    )
                    answer = response.json()["data"]["signUp"]
                    if answer["__typename"] != "SignUpSuccess":
                        raise RuntimeError(f"sign-up refused: {answer}")
                    signed_up.append(answer["email"])
                    finished.append(time.monotonic())
                    if len(finished) >= args.signups // 3:
                        third_done.set()
                except Exception as error:
                    failures[type(error).__name__] += 1

        async def outage_driver() -> None:
            await third_done.wait()
            outage["start"] = time.monotonic()
            await asyncio.to_thread(stack, "stop", "kafka")
            while time.monotonic() - outage["start"] < args.outage:
                readiness[(await client.get("/readyz")).status_code] += 1
                await asyncio.sleep(1.0)
            await asyncio.to_thread(stack, "start", "kafka")
            outage["end"] = time.monotonic()

        started = time.monotonic()
        await asyncio.gather(outage_driver(), *(worker() for _ in range(args.concurrency)))
        ended = time.monotonic()

    user_ids = await _user_ids(signed_up)
    # read until every sign-up's event is there (or 120 s)
    deadline = time.monotonic() + 120
    wanted = set(user_ids)
    seen: Counter[str] = Counter()
    event_ids: Counter[str] = Counter()
    while time.monotonic() < deadline:
        records = await read_topic(bootstrap, "identity.user", expect=10**9, timeout=5)
        seen.clear()
        event_ids.clear()
        for record in records:
            event = EventEnvelope.from_bytes(record.value)
            if event.type == "identity.user.registered" and event.aggregate_id in wanted:
                seen[event.aggregate_id] += 1
                event_ids[str(event.id)] += 1
        if wanted <= set(seen):
            break
    confirmed_after = time.monotonic() - ended

    def rate(start: float, end: float) -> float:
        done = sum(1 for t in finished if start <= t < end)
        return done / (end - start) if end > start else 0.0

    duplicates = sum(count - 1 for count in event_ids.values() if count > 1)
    missing = len(wanted - set(seen))
    print(
        f"sign-ups: {len(signed_up)} ok ({len(user_ids)} accounts), "
        f"failures {dict(failures) or 0}, {ended - started:.0f} s"
    )
    print(
        f"rate (sign-ups/s): before {rate(started, outage['start']):.1f}, "
        f"during the {args.outage:.0f} s outage {rate(outage['start'], outage['end']):.1f}, "
        f"after {rate(outage['end'], ended):.1f}"
    )
    print(f"/readyz during the outage: {dict(readiness)}")
    print(
        f"events: {sum(seen.values())} registered events for {len(seen)} of {len(wanted)} users; "
        f"missing {missing}, distinct event ids {len(event_ids)}, redelivered copies {duplicates}; "
        f"all on the topic {confirmed_after:.1f} s after the last sign-up"
    )
    return 0 if missing == 0 and not failures and len(user_ids) == len(signed_up) else 1


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main()))
