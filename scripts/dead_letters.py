"""The dead letters of the consumer groups (``<topic>.dlt``, docs/runbooks/poison-events.md):
list them, and once the cause is fixed, send them again to the topic they came from.

    .venv/bin/python scripts/dead_letters.py list [--group G] [--topic T]
    .venv/bin/python scripts/dead_letters.py replay --group G [--id EVENT_ID | --at AT] [--dry-run]

``list`` prints one line per dead letter: where it sits (``<dlt topic>:<partition>:<offset>``), the
group that set it aside, the event's id and type (or ``unreadable``), and the first line of the
error. ``replay`` publishes the group's dead letters (or the one named) to their original topic,
with their key, value and headers (the ``dlt-*`` ones replaced by ``dlt-replayed-from``). It is
safe to run twice: an event keeps its id, and every group records the ids it applied in its
ledger (``processed_events``), so a replayed event is applied once by each group that had not
applied it, and skipped by the others. An unreadable record (not an event) is replayed only
when named with ``--at``: it would only be set aside again.

The broker comes from KAFKA_BOOTSTRAP_SERVERS (as for the services; default 127.0.0.1:9092).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import uuid
from collections.abc import Sequence
from dataclasses import dataclass

from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition
from aiokafka.admin import AIOKafkaAdminClient
from jobkit.consumer import DEAD_LETTER_SUFFIX
from jobkit.events import EventEnvelope
from jobkit.settings import ServiceSettings
from pydantic import ValidationError

REPLAYED_FROM = "dlt-replayed-from"


@dataclass(frozen=True)
class DeadLetter:
    topic: str  # the dead-letter topic
    partition: int
    offset: int
    group: str
    original_topic: str
    error: str
    key: bytes | None
    value: bytes | None
    headers: tuple[tuple[str, bytes], ...]
    event_id: str | None
    event_type: str | None

    @property
    def at(self) -> str:
        return f"{self.topic}:{self.partition}:{self.offset}"

    def line(self) -> str:
        what = f"{self.event_id} {self.event_type}" if self.event_id else "unreadable"
        first = self.error.splitlines()[0] if self.error else ""
        return f"{self.at}\t{self.group}\t{self.original_topic}\t{what}\t{first}"


async def dead_letter_partitions(
    bootstrap_servers: str, topic: str | None = None
) -> dict[str, list[int]]:
    """The dead-letter topics (every ``*.dlt``, or ``topic``'s) with their partitions."""
    admin = AIOKafkaAdminClient(bootstrap_servers=bootstrap_servers)
    await admin.start()
    try:
        if topic is not None:
            names = [topic if topic.endswith(DEAD_LETTER_SUFFIX) else topic + DEAD_LETTER_SUFFIX]
        else:
            names = sorted(n for n in await admin.list_topics() if n.endswith(DEAD_LETTER_SUFFIX))
        described = await admin.describe_topics(names) if names else []
    finally:
        await admin.close()
    return {
        entry["topic"]: sorted(p["partition"] for p in entry.get("partitions") or ())
        for entry in described
        if not entry.get("error_code")
    }


async def read_dead_letters(
    bootstrap_servers: str, *, group: str | None = None, topic: str | None = None
) -> list[DeadLetter]:
    """Every dead letter (of ``group``, of ``topic``), oldest first in each partition."""
    found: list[DeadLetter] = []
    for name, numbers in (await dead_letter_partitions(bootstrap_servers, topic)).items():
        partitions = [TopicPartition(name, number) for number in numbers]
        if not partitions:
            continue
        consumer = AIOKafkaConsumer(
            bootstrap_servers=bootstrap_servers, enable_auto_commit=False, group_id=None
        )
        await consumer.start()
        try:
            consumer.assign(partitions)
            await consumer.seek_to_beginning(*partitions)
            ends = await consumer.end_offsets(partitions)
            remaining = {tp for tp in partitions if ends[tp] > 0}
            while remaining:
                batches = await consumer.getmany(timeout_ms=1000)
                for tp, records in batches.items():
                    for record in records:
                        letter = _dead_letter(record)
                        if group is None or letter.group == group:
                            found.append(letter)
                    if records and records[-1].offset + 1 >= ends[tp]:
                        remaining.discard(tp)
                if not batches:
                    for tp in list(remaining):
                        if await consumer.position(tp) >= ends[tp]:
                            remaining.discard(tp)
        finally:
            await consumer.stop()
    return found


def _dead_letter(record: object) -> DeadLetter:
    headers = tuple((name, value) for name, value in getattr(record, "headers", None) or ())
    named = {name: value.decode(errors="replace") for name, value in headers}
    value: bytes | None = getattr(record, "value", None)
    event_id = event_type = None
    if value is not None:
        try:
            envelope = EventEnvelope.from_bytes(value)
            event_id, event_type = str(envelope.id), envelope.type
        except ValidationError:
            pass
    return DeadLetter(
        topic=getattr(record, "topic", ""),
        partition=getattr(record, "partition", 0),
        offset=getattr(record, "offset", 0),
        group=named.get("dlt-consumer-group", ""),
        original_topic=named.get("dlt-original-topic", ""),
        error=named.get("dlt-error", ""),
        key=getattr(record, "key", None),
        value=value,
        headers=headers,
        event_id=event_id,
        event_type=event_type,
    )


async def replay(
    bootstrap_servers: str,
    *,
    group: str,
    event_id: str | None = None,
    at: str | None = None,
    topic: str | None = None,
    dry_run: bool = False,
) -> list[DeadLetter]:
    """Publish the group's dead letters (or the one named) to their original topic again;
    return those sent. Readable events only, unless one is named by ``at``."""
    letters = await read_dead_letters(bootstrap_servers, group=group, topic=topic)
    if event_id is not None:
        wanted = str(uuid.UUID(event_id))
        letters = [letter for letter in letters if letter.event_id == wanted]
    elif at is not None:
        letters = [letter for letter in letters if letter.at == at]
    else:
        letters = [letter for letter in letters if letter.event_id is not None]
    # an event set aside several times (replayed before the fix) goes once
    chosen: dict[str, DeadLetter] = {}
    for letter in letters:
        chosen.setdefault(letter.event_id or letter.at, letter)
    if dry_run or not chosen:
        return list(chosen.values())
    producer = AIOKafkaProducer(bootstrap_servers=bootstrap_servers, enable_idempotence=True)
    await producer.start()
    try:
        for letter in chosen.values():
            headers = [(n, v) for n, v in letter.headers if not n.startswith("dlt-")]
            headers.append((REPLAYED_FROM, letter.at.encode()))
            await producer.send_and_wait(
                letter.original_topic, value=letter.value, key=letter.key, headers=headers
            )
    finally:
        await producer.stop()
    return list(chosen.values())


async def run(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    commands = parser.add_subparsers(dest="command", required=True)
    listing = commands.add_parser("list", help="print the dead letters")
    listing.add_argument("--group", help="only those this consumer group set aside")
    listing.add_argument("--topic", help="only this topic's (or dead-letter topic's)")
    again = commands.add_parser("replay", help="send dead letters to their topic again")
    again.add_argument("--group", required=True, help="the consumer group that set them aside")
    again.add_argument("--topic", help="only this topic's (or dead-letter topic's)")
    which = again.add_mutually_exclusive_group()
    which.add_argument("--id", dest="event_id", help="only the event with this id")
    which.add_argument("--at", help="only the record at <dlt topic>:<partition>:<offset>")
    again.add_argument("--dry-run", action="store_true", help="say what would be sent")
    args = parser.parse_args(argv)
    bootstrap = ServiceSettings().kafka_bootstrap_servers
    out = sys.stdout
    if args.command == "list":
        letters = await read_dead_letters(bootstrap, group=args.group, topic=args.topic)
        for letter in letters:
            out.write(letter.line() + "\n")
        out.write(f"{len(letters)} dead letters\n")
        return 0
    sent = await replay(
        bootstrap,
        group=args.group,
        event_id=args.event_id,
        at=args.at,
        topic=args.topic,
        dry_run=args.dry_run,
    )
    for letter in sent:
        out.write(f"{'would send' if args.dry_run else 'sent'} {letter.line()}\n")
    out.write(f"{len(sent)} {'to replay' if args.dry_run else 'replayed'}\n")
    return 0 if sent or args.dry_run else 1


if __name__ == "__main__":
    sys.exit(asyncio.run(run()))
