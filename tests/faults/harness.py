"""What the fault scenarios share: a service of their own, started from this checkout on a spare
port with a scratch database, its own Kafka topic prefix (so its consumer groups and topics are
its own) and, for search, its own index prefix; a Kafka broker of its own for a scenario that
kills the broker (``ScratchBroker``); and the counted checks they print.

Nothing of the local stack's is touched: its services keep running, the demo board's databases,
topics and indices are never written, and everything a scenario made is removed when it ends.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import json
import logging
import os
import shutil
import signal
import subprocess
import tempfile
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
                *self._server(),
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

    def _server(self) -> list[str]:
        """The checkout's server command: ``jobkit.serve`` (ADR 0054), or uvicorn's own in a
        checkout from before it (a baseline of bench.idle)."""
        if (self.root / "libs" / "src" / "jobkit" / "serve.py").is_file():
            return [str(self.root / ".venv" / "bin" / "python"), "-m", "jobkit.serve"]
        return [str(self.root / ".venv" / "bin" / "uvicorn")]

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
    dsn = settings.dsn_for("postgres")
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
    dsn = settings.dsn_for(database)
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


def _kafka_libs() -> Path:
    """The broker's jars the stack installed (deploy/local/kafka.sh install): in this checkout's
    ``.local/cache`` or, from a git worktree, in the main checkout's."""
    states = [os.environ.get("JOBBOARD_STATE_DIR"), str(ROOT / ".local")]
    with contextlib.suppress(OSError, subprocess.CalledProcessError):
        common = subprocess.run(
            ["git", "rev-parse", "--path-format=absolute", "--git-common-dir"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        states.append(str(Path(common).parent / ".local"))
    for state in filter(None, states):
        cache = Path(state) / "cache"
        version_file = cache / "kafka.version"
        if version_file.is_file():
            installed = cache / f"kafka-{version_file.read_text().strip()}"
            if (installed / ".complete").is_file():
                return installed / "libs"
    raise RuntimeError("no Kafka installed: run `deploy/local/kafka.sh install` first")


@dataclass
class ScratchBroker:
    """A Kafka broker of the scenario's own (KRaft, one node, the stack's jars and settings, a
    small heap) on spare ports with a temporary log directory: the broker a scenario may kill
    (SIGKILL) and start again on the same ports and log directory. The stack's broker is never
    touched. :func:`scratch_broker` removes it (the process, the directory) however the
    scenario ends."""

    port: int = field(default_factory=free_port)
    controller_port: int = field(default_factory=free_port)
    directory: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="faults-kafka-")))
    log: Path = field(default_factory=lambda: ROOT / ".local" / "logs" / "faults-kafka.log")
    heap: str = "-Xms128m -Xmx256m"
    process: subprocess.Popen[bytes] | None = None
    starts: int = 0

    @property
    def bootstrap(self) -> str:
        return f"127.0.0.1:{self.port}"

    @property
    def properties(self) -> Path:
        return self.directory / "server.properties"

    def _java(self, *args: str, jvm: tuple[str, ...] = ()) -> list[str]:
        java_home = os.environ.get("JOBBOARD_JAVA_HOME") or os.environ.get("JAVA_HOME")
        java = Path(java_home) / "bin" / "java" if java_home else shutil.which("java")
        log4j = ROOT / "deploy" / "local" / "kafka" / "log4j.properties"
        return [
            str(java or "java"),
            *jvm,
            f"-Dlog4j.configuration=file:{log4j}",
            "-cp",
            f"{_kafka_libs()}/*",
            *args,
        ]

    def _format(self) -> None:
        template = (ROOT / "deploy" / "local" / "kafka" / "server.properties.in").read_text()
        self.properties.write_text(
            template.replace("@DATA_DIR@", str(self.directory))
            .replace("127.0.0.1:9092", self.bootstrap)
            .replace("127.0.0.1:9093", f"127.0.0.1:{self.controller_port}")
            # a scratch broker has one scenario's topics: a partition each keeps it light
            .replace("num.partitions=3", "num.partitions=1")
        )
        cluster = subprocess.run(
            self._java("kafka.tools.StorageTool", "random-uuid"),
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()[-1]
        subprocess.run(
            self._java(
                "kafka.tools.StorageTool", "format", "-t", cluster, "-c", str(self.properties)
            ),
            capture_output=True,
            check=True,
        )

    def start(self) -> None:
        """Start the broker (formatting its log directory the first time)."""
        if not self.properties.exists():
            self._format()
        self.log.parent.mkdir(parents=True, exist_ok=True)
        out = self.log.open("ab")
        self.process = subprocess.Popen(
            self._java(
                "kafka.Kafka",
                str(self.properties),
                jvm=(
                    *self.heap.split(),
                    "-XX:+UseSerialGC",
                    "-XX:+ExitOnOutOfMemoryError",
                    "-Djava.awt.headless=true",
                ),
            ),
            stdout=out,
            stderr=out,
            # its own session: a Ctrl-C in the terminal reaches the scenario, which removes it
            start_new_session=True,
        )
        self.starts += 1
        _brokers_running.add(self)

    async def ready(self, timeout: float = 180.0) -> None:
        """Until the broker takes a record with acks=all (its partitions have a leader)."""

        async def takes() -> bool:
            assert self.process is not None
            if self.process.poll() is not None:
                raise RuntimeError(f"the scratch broker exited with {self.process.returncode}")
            try:  # listening yet (quietly: a client's connection errors are logged)
                _, writer = await asyncio.open_connection("127.0.0.1", self.port)
            except OSError:
                return False
            writer.close()
            producer = AIOKafkaProducer(
                bootstrap_servers=self.bootstrap, acks="all", request_timeout_ms=5000
            )
            try:
                await producer.start()
                await asyncio.wait_for(producer.send_and_wait("faults.probe", b"probe"), 10)
            finally:
                await producer.stop()
            return True

        if not await wait_for(takes, timeout=timeout, interval=1.0):
            raise RuntimeError(f"the scratch broker on {self.bootstrap} was not ready")

    def kill(self) -> None:
        """SIGKILL: no controlled shutdown, no flush of what the page cache held."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=30)

    def remove(self) -> None:
        self.kill()
        shutil.rmtree(self.directory, ignore_errors=True)
        _brokers_running.discard(self)

    def __hash__(self) -> int:
        return id(self)


# removed at the interpreter's exit too, should a scenario's own cleanup never run
_brokers_running: set[ScratchBroker] = set()


@atexit.register
def _remove_brokers() -> None:
    for broker in list(_brokers_running):
        broker.remove()


@asynccontextmanager
async def scratch_broker(**options: Any) -> AsyncIterator[ScratchBroker]:
    """A :class:`ScratchBroker`, started and ready; killed and its directory removed after."""
    broker = ScratchBroker(**options)
    try:
        broker.start()
        await broker.ready()
        yield broker
    finally:
        broker.remove()
