"""What the fault scenarios share: a service of their own, started from this checkout on a spare
port with a scratch database, its own Kafka topic prefix (so its consumer groups and topics are
its own) and, for search, its own index prefix; and the counted checks they print.

Nothing of the local stack's is touched: its services keep running, the demo board's databases,
topics and indices are never written, and everything a scenario made is removed when it ends.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import signal
import subprocess
import threading
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import asyncpg
import httpx
from aiokafka import AIOKafkaProducer
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, Envelope, Session
from jobkit.events import EventEnvelope
from jobkit.settings import ServiceSettings
from jobkit.testing.kafka import delete_topics_with_prefix

from tests.faults import subgraph_down

ROOT = Path(__file__).resolve().parents[2]
# the producer's chatter while a scenario's fresh topics get their leaders is not a finding
logging.getLogger("aiokafka").setLevel(logging.ERROR)
# an address, a socket error or a Python frame in an answer: what a client must never see
SHUTTING_DOWN = "421 4.3.2 Service shutting down, try again later"
LEAK_MARKERS = ("127.0.0.1", "Traceback", 'File "', "ECONNREFUSED", "asyncpg", "sqlalchemy")


@dataclass
class Counts(subgraph_down.Counts):
    """Checks and figures a scenario prints, each with when it happened; ``failed`` decides its
    exit status."""

    started: float = field(default_factory=time.monotonic)

    def check(self, ok: bool, what: str) -> None:
        super().check(ok, f"{what} ({self.elapsed()})")

    def note(self, what: str) -> None:
        self.lines.append(f"  {what} ({self.elapsed()})")

    def elapsed(self) -> str:
        return f"{time.monotonic() - self.started:.0f} s in"

    def report(self, title: str) -> str:
        return (
            f"{title}\n"
            + "\n".join(self.lines)
            + f"\n  {self.checks} checks, {self.checks - len(self.failed)} passed, "
            f"{len(self.failed)} failed\n"
        )


free_port = subgraph_down.free_port


def leaks(text: str) -> list[str]:
    return [marker for marker in LEAK_MARKERS if marker in text]


async def wait_for(
    condition: Callable[[], Awaitable[bool]], *, timeout: float, interval: float = 0.5
) -> bool:
    """Until ``condition`` holds (True) or the generous ``timeout`` has passed (False)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            if await condition():
                return True
        except Exception:
            pass
        if time.monotonic() >= deadline:
            return False
        await asyncio.sleep(interval)


@dataclass
class OwnService:
    """One Python service of the board as a process of its own (uvicorn, this checkout)."""

    name: str
    env: dict[str, str]
    port: int = field(default_factory=free_port)
    # the ASGI factory, in the service's package (the alert mailer: ``mailer:create_mailer_app``)
    app: str = "main:create_app"
    log: Path = field(default_factory=lambda: ROOT / ".local" / "logs" / "faults-service.log")
    # the checkout whose code runs (its .venv): another one to compare with (bench.idle)
    root: Path = ROOT
    process: subprocess.Popen[bytes] | None = None
    starts: int = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.log.parent.mkdir(parents=True, exist_ok=True)
        out = self.log.open("ab")
        self.process = subprocess.Popen(
            [
                str(self.root / ".venv" / "bin" / "uvicorn"),
                f"{self.name}.{self.app}",
                "--factory",
                "--host",
                "127.0.0.1",
                "--port",
                str(self.port),
                "--log-level",
                "warning",
            ],
            cwd=self.root / "services" / self.name,
            env={**os.environ, **self.env},
            stdout=out,
            stderr=out,
        )
        self.starts += 1

    async def ready(self, timeout: float = 300.0) -> None:
        async def answers() -> bool:
            assert self.process is not None
            if self.process.poll() is not None:
                raise RuntimeError(f"{self.name} exited with {self.process.returncode}")
            async with httpx.AsyncClient(timeout=5) as client:
                return (await client.get(f"{self.url}/readyz")).status_code == 200

        if not await wait_for(answers, timeout=timeout):
            raise RuntimeError(f"{self.name} on {self.url} was not ready within {timeout:.0f} s")

    def kill(self) -> None:
        """SIGKILL: no lifespan end, no offsets committed on the way out."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=30)

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.kill()

    async def graphql(
        self, query: str, variables: Mapping[str, Any] | None = None, *, token: str | None = None
    ) -> tuple[int, str, dict[str, Any]]:
        headers = {"authorization": f"Bearer {token}"} if token else {}
        async with httpx.AsyncClient(timeout=30) as client:
            answer = await client.post(
                f"{self.url}/graphql",
                json={"query": query, "variables": dict(variables or {})},
                headers=headers,
            )
        try:
            body = answer.json()
        except ValueError:
            body = {}
        return answer.status_code, answer.text, body if isinstance(body, dict) else {}


@asynccontextmanager
async def scratch_database(service: str) -> AsyncIterator[str]:
    """An empty database ``faults_<service>_<hex>`` on the stack's PostgreSQL (the service
    migrates it when it starts), dropped afterwards."""
    settings = ServiceSettings()
    name = f"faults_{service}_{uuid.uuid4().hex[:8]}"
    dsn = settings.database_url_for("postgres").replace("postgresql+asyncpg", "postgresql")
    admin = await asyncpg.connect(dsn)
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    try:
        yield name
    finally:
        admin = await asyncpg.connect(dsn)
        try:
            for _ in range(40):
                try:
                    await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
                    break
                except (asyncpg.InsufficientPrivilegeError, asyncpg.ObjectInUseError):
                    await asyncio.sleep(0.25)
        finally:
            await admin.close()


async def connect(database: str) -> asyncpg.Connection:
    settings = ServiceSettings()
    dsn = settings.database_url_for(database).replace("postgresql+asyncpg", "postgresql")
    return await asyncpg.connect(dsn)


async def applied_count(database: str, group: str) -> int:
    """How many events ``group`` has applied in ``database`` (its processed_events ledger)."""
    connection = await connect(database)
    try:
        return int(
            await connection.fetchval(
                "SELECT count(*) FROM processed_events WHERE consumer_group = $1", group
            )
        )
    finally:
        await connection.close()


@asynccontextmanager
async def own_topics() -> AsyncIterator[str]:
    """A Kafka topic prefix of the scenario's own; its topics are deleted afterwards."""
    prefix = f"faults{uuid.uuid4().hex[:8]}."
    try:
        yield prefix
    finally:
        with contextlib.suppress(Exception):
            await delete_topics_with_prefix(ServiceSettings().kafka_bootstrap_servers, prefix)


async def produce(topic: str, envelopes: list[EventEnvelope]) -> None:
    """Send events as a service's relay does: keyed by aggregate, the type in a header."""
    producer = AIOKafkaProducer(
        bootstrap_servers=ServiceSettings().kafka_bootstrap_servers,
        enable_idempotence=True,
        acks="all",
    )
    await producer.start()
    try:
        for envelope in envelopes:
            await producer.send(
                topic,
                value=envelope.to_bytes(),
                key=envelope.aggregate_id.encode(),
                headers=[("event-type", envelope.type.encode())],
            )
        await producer.flush()
    finally:
        await producer.stop()


def pretty(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))[:300]


@dataclass
class SmtpRelay:
    """An SMTP relay of the scenario's own (aiosmtpd on a spare port, as the tests use): takes
    ``taken`` mails (all when None), then answers 421 to every mail until ``accept()``; started
    and killed with its ``Controller``."""

    port: int = field(default_factory=free_port)
    taken: int | None = None
    mails: list[tuple[str, EmailMessage]] = field(default_factory=list)  # (recipient, mail)
    refused: int = 0
    delay: float = 0.0  # seconds before each answer to a mail (a slow relay)
    receiving: int = 0  # mails whose content arrived and that have no answer yet
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def refusing(self) -> bool:
        return self.taken is not None and len(self.mails) >= self.taken

    def accept(self) -> None:
        self.taken = None

    def refuse(self) -> None:
        self.taken = len(self.mails)

    async def handle_DATA(  # noqa: N802 - aiosmtpd's hook name
        self, server: SMTP, session: Session, envelope: Envelope
    ) -> str:
        with self.lock:
            self.receiving += 1
        try:
            if self.delay:
                await asyncio.sleep(self.delay)
        finally:
            with self.lock:
                self.receiving -= 1
        with self.lock:
            if self.refusing:
                self.refused += 1
                return SHUTTING_DOWN
            content = envelope.content if isinstance(envelope.content, bytes) else b""
            message = message_from_bytes(content, policy=policy.default)
            assert isinstance(message, EmailMessage)
            for recipient in envelope.rcpt_tos:
                self.mails.append((recipient.lower(), message))
            return "250 OK"

    def start(self) -> Controller:
        controller = Controller(self, hostname="127.0.0.1", port=self.port)
        controller.start()
        return controller
