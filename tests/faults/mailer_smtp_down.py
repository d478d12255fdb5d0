"""Fault scenario: a consumer that mails (identity's ``identity-mailer``: the address
verification mail of each sign-up) with its SMTP relay refusing (421) and then killed; the
events wait, nothing is dead-lettered, and every address gets its mail once the relay is back.

Starts its own identity service (this checkout, a spare port, a scratch database, its own Kafka
topic prefix) with an SMTP relay of the scenario's own (aiosmtpd on a spare port, as the tests
use). People sign up through ``signUp`` (the account and its ``identity.user.registered`` event
in one transaction; the relay sends it; the mailer group mails the verification link):

1. the relay takes mail: the first sign-ups are mailed;
2. the relay answers ``421 Service shutting down`` to every mail, then is killed (connections
   refused), while more people sign up: nothing is mailed, nothing dead-lettered (the group
   holds its partition at the first event it could not mail);
3. the relay is back: every address has had exactly one verification mail; the group's ledger
   has every sign-up once. Seconds to finish are printed.

    .venv/bin/python -m tests.faults.mailer_smtp_down [--people 8] [--outage 8]

Needs the local stack's PostgreSQL and Kafka (``make up``). Runbook:
docs/runbooks/smtp-relay-down.md.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
import uuid
from collections import Counter

from aiosmtpd.controller import Controller
from jobkit.contracts import USER_TOPIC

from tests.faults.harness import (
    ROOT,
    Counts,
    OwnService,
    SmtpRelay,
    applied_count,
    own_topics,
    scratch_database,
    wait_for,
)
from tests.faults.search_down import topic_size

MAILER_GROUP = "identity-mailer"
SIGN_UP = """mutation($input: SignUpInput!) { signUp(input: $input) { __typename
  ... on AccountErrors { message errors { field code } } } }"""


async def _sign_up(identity: OwnService, email: str) -> str:
    _, _, body = await identity.graphql(
        SIGN_UP,
        {
            "input": {
                "email": email,
                "password": "correct horse battery",
                "firstName": "Ada",
                "lastName": "Lovelace",
            }
        },
    )
    answer = (body.get("data") or {}).get("signUp") or {}
    return str(answer.get("__typename") or body.get("errors"))


async def run(*, people: int = 8, outage: float = 8.0) -> Counts:
    counts = Counts()
    relay = SmtpRelay()
    controller: Controller | None = relay.start()
    async with own_topics() as prefix, scratch_database("identity") as database:
        identity = OwnService(
            "identity",
            env={
                "IDENTITY_DB_NAME": database,
                "KAFKA_TOPIC_PREFIX": prefix,
                "IDENTITY_SMTP_HOST": "127.0.0.1",
                "IDENTITY_SMTP_PORT": str(relay.port),
                "IDENTITY_SMTP_TIMEOUT_SECONDS": "5",
            },
            log=ROOT / ".local" / "logs" / "faults-mailer-smtp-down.log",
        )
        identity.start()
        try:
            await identity.ready()
            counts.note(f"identity on {identity.url}, SMTP relay on 127.0.0.1:{relay.port}")
            addresses = [f"faults-{n}-{uuid.uuid4().hex[:6]}@example.org" for n in range(people)]
            answers: Counter[str] = Counter()
            before, refused, dead_relay = (
                addresses[: people // 4],
                addresses[people // 4 : people // 2],
                addresses[people // 2 :],
            )

            # 1. the relay takes mail
            for address in before:
                answers[await _sign_up(identity, address)] += 1

            async def first_mailed() -> bool:
                return {a for a, _ in relay.mails} >= set(before)

            counts.check(
                await wait_for(first_mailed, timeout=120),
                f"{len(before)} signed up with the relay taking mail: {len(relay.mails)} mailed",
            )

            # 2. the relay refuses (421), then is killed, while people sign up
            relay.refuse()
            mailed = len(relay.mails)
            for address in refused:
                answers[await _sign_up(identity, address)] += 1
            await asyncio.sleep(outage / 2)
            assert controller is not None
            controller.stop()
            controller = None
            for address in dead_relay:
                answers[await _sign_up(identity, address)] += 1
            await asyncio.sleep(outage / 2)
            dead = await topic_size(f"{prefix}{USER_TOPIC}.dlt")
            counts.check(
                len(relay.mails) == mailed and dead == 0 and relay.refused > 0,
                f"{len(refused)} signed up while the relay answered 421 ({relay.refused} "
                f"refusals), {len(dead_relay)} more after it was killed: "
                f"{len(relay.mails) - mailed} more mailed in {outage:.0f} s, dead-lettered {dead}",
            )

            # 3. the relay is back
            relay.accept()
            controller = relay.start()
            back = time.monotonic()

            async def all_mailed() -> bool:
                return {a for a, _ in relay.mails} >= set(addresses)

            finished = await wait_for(all_mailed, timeout=180)
            await asyncio.sleep(3)  # anything more that would go, goes
            seconds = time.monotonic() - back
            by_address = Counter(address for address, _ in relay.mails)
            missing = [a for a in addresses if a not in by_address]
            twice = [a for a, n in by_address.items() if n > 1]
            dead = await topic_size(f"{prefix}{USER_TOPIC}.dlt")
            ledger = await applied_count(database, f"{prefix}{MAILER_GROUP}")
            counts.check(
                finished
                and answers == Counter({"SignUpSuccess": people})
                and not missing
                and not twice
                and dead == 0
                and ledger >= people,
                f"relay back, all mailed {seconds:.1f} s later: {people} sign-ups "
                f"({dict(answers)}), {len(relay.mails)} mails, missing {len(missing)}, twice "
                f"{len(twice)}, dead-lettered {dead}, the group's ledger {ledger}",
            )
        finally:
            identity.stop()
            if controller is not None:
                controller.stop()
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--people", type=int, default=8, help="people who sign up")
    parser.add_argument("--outage", type=float, default=8.0, help="seconds the relay is down")
    args = parser.parse_args(argv)
    counts = asyncio.run(run(people=args.people, outage=args.outage))
    sys.stdout.write(counts.report("A mailing consumer with its SMTP relay down"))
    return 1 if counts.failed else 0


if __name__ == "__main__":
    sys.exit(main())
