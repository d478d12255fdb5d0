"""The one way a service becomes a running FastAPI app.

``create_service_app`` wires the GraphQL subgraph at ``/graphql``, ``/healthz`` and ``/readyz``,
migrations at start-up, the outbox relay, the service's consumers and declared background
workers, telemetry and JSON logs.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable, Coroutine, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import strawberry
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from opentelemetry.instrumentation.fastapi import FastAPIInstrumentor
from opentelemetry.instrumentation.sqlalchemy import SQLAlchemyInstrumentor
from sqlalchemy import Table, func, select, text
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker
from strawberry.fastapi import GraphQLRouter

from jobkit.audit import AUDIT_TOPIC
from jobkit.auth import JwtVerifier
from jobkit.client_address import of_request
from jobkit.consumer import IdempotentConsumer
from jobkit.db import make_engine, make_sessionmaker
from jobkit.frontend import HEADER as FRONTEND_HEADER
from jobkit.frontend import Frontend
from jobkit.graphql import ServiceContext, authenticate
from jobkit.kafka import ensure_topics, kafka_reachable
from jobkit.migrations import upgrade_to_head
from jobkit.outages import SERVICE_UNAVAILABLE, SERVICE_UNAVAILABLE_MESSAGE, dependency_unavailable
from jobkit.outbox import OutboxRelay
from jobkit.revocations import RevocationReadModel, RevocationTables, revocation_consumer
from jobkit.settings import ServiceSettings
from jobkit.tasks import stop_if_asked
from jobkit.telemetry import exporting as telemetry_exported
from jobkit.telemetry import setup_logging, setup_telemetry
from jobkit.uploads.storage import Storage, storage_from_settings

log = logging.getLogger(__name__)


@dataclass
class ServiceRuntime:
    """What a running service holds; exposed as ``app.state.runtime``."""

    settings: ServiceSettings
    engine: AsyncEngine
    sessions: async_sessionmaker[AsyncSession]
    verifier: JwtVerifier
    # Where uploaded files live (jobkit.uploads): a local folder or an S3-compatible bucket.
    storage: Storage
    memberships: Table | None = None
    outbox: Table | None = None
    consumers: list[IdempotentConsumer] = field(default_factory=list)
    tasks: list[asyncio.Task[None]] = field(default_factory=list)


ConsumersFactory = Callable[[ServiceRuntime], Sequence[IdempotentConsumer]]


@dataclass(frozen=True)
class Worker:
    """A background loop of the service beside its relay and consumers (a scheduler, a sender),
    declared when the app is created. ``run`` starts with the service when it runs background
    workers and is cancelled when it stops; it may return at once when its settings leave it
    nothing to do."""

    name: str
    run: Callable[[ServiceRuntime], Coroutine[Any, Any, None]]


ContextFactory = Callable[[ServiceRuntime, Request], Any]


def _default_context(runtime: ServiceRuntime, request: Request) -> Any:
    async def build() -> ServiceContext:
        principal, auth_error = await authenticate(request, runtime.verifier)
        return ServiceContext(
            sessions=runtime.sessions,
            settings=runtime.settings,
            principal=principal,
            auth_error=auth_error,
            memberships=runtime.memberships,
            frontend=Frontend.parse(
                request.headers.get(FRONTEND_HEADER), default_site=runtime.settings.site
            ),
            outbox=runtime.outbox,
            client_ip=client_ip(request, runtime.settings),
        )

    return build()


def client_ip(request: Request, settings: ServiceSettings) -> str | None:
    """The end user's address: X-Forwarded-For read from the right through the deployment's
    trusted proxies only (jobkit.client_address), so a browser cannot choose it."""
    return of_request(request, settings.trusted_proxies)


def create_service_app(
    *,
    settings: ServiceSettings,
    schema: strawberry.federation.Schema,
    service_dir: Path,
    outbox: Table,
    published_topics: Sequence[str] = (),
    consumers: ConsumersFactory | None = None,
    workers: Sequence[Worker] = (),
    context: ContextFactory = _default_context,
    memberships: Table | None = None,
    revocations: RevocationTables | None = None,
) -> FastAPI:
    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        setup_logging()
        setup_telemetry(settings.service_name, exporter=settings.span_exporter)
        if settings.run_migrations_on_startup:
            await asyncio.to_thread(upgrade_to_head, service_dir, settings.database_url)
        engine = make_engine(settings.database_url, pool_size=settings.db_pool_size)
        if telemetry_exported():
            # the statements' spans: only where spans go somewhere (jobkit.telemetry)
            SQLAlchemyInstrumentor().instrument(engine=engine.sync_engine)
        sessions = make_sessionmaker(engine)
        runtime = ServiceRuntime(
            settings=settings,
            engine=engine,
            sessions=sessions,
            verifier=JwtVerifier(
                jwks_url=settings.jwks_url,
                issuer=settings.jwt_issuer,
                audience=settings.jwt_audience,
                # Ended sessions (ADR 0023): identity's events, applied by this service's group.
                revocations=RevocationReadModel(sessions=sessions, tables=revocations)
                if revocations is not None
                else None,
            ),
            storage=storage_from_settings(settings),
            memberships=memberships,
            outbox=outbox,
        )
        app.state.runtime = runtime
        if settings.run_background_workers:
            runtime.consumers = list(consumers(runtime)) if consumers else []
            if revocations is not None:
                runtime.consumers.append(
                    revocation_consumer(settings=settings, tables=revocations, sessions=sessions)
                )
            runtime.tasks.append(asyncio.create_task(_prepare_topics(runtime, published_topics)))
            relay = OutboxRelay(
                sessions=runtime.sessions,
                engine=engine,
                outbox=outbox,
                bootstrap_servers=settings.kafka_bootstrap_servers,
                client_id=f"{settings.service_name}-outbox",
                poll_interval=settings.outbox_poll_interval_seconds,
                idle_interval=settings.outbox_idle_poll_seconds,
                keep_sent_seconds=settings.outbox_keep_sent_seconds,
                prune_interval=settings.outbox_prune_interval_seconds,
            )
            runtime.tasks.append(asyncio.create_task(relay.run_forever(), name="outbox-relay"))
            for consumer in runtime.consumers:
                runtime.tasks.append(
                    asyncio.create_task(consumer.run_forever(), name=consumer.group_id)
                )
            for worker in workers:
                runtime.tasks.append(asyncio.create_task(worker.run(runtime), name=worker.name))
        log.info("%s started", settings.service_name)
        try:
            yield
        finally:
            for task in runtime.tasks:
                task.cancel()
            await asyncio.gather(*runtime.tasks, return_exceptions=True)
            if settings.run_background_workers:
                await relay.close()
            await engine.dispose()

    app = FastAPI(title=settings.service_name, lifespan=lifespan, docs_url=None, redoc_url=None)
    kafka_status = _CachedCheck(ttl_seconds=5.0)

    async def get_context(request: Request) -> Any:
        try:
            return await context(request.app.state.runtime, request)
        except Exception as error:
            # before any resolver runs (the token's session looked up, ADR 0023): a database
            # restarting answers 503 with a GraphQL error, never a bare 500
            if dependency_unavailable(error):
                raise _Unavailable from error
            raise

    @app.exception_handler(_Unavailable)
    async def unavailable(request: Request, error: _Unavailable) -> JSONResponse:
        log.warning(
            "%s %s: a dependency is unavailable: %r",
            request.method,
            request.url.path,
            error.__cause__,
        )
        return JSONResponse(
            {
                "data": None,
                "errors": [
                    {
                        "message": SERVICE_UNAVAILABLE_MESSAGE,
                        "extensions": {"code": SERVICE_UNAVAILABLE},
                    }
                ],
            },
            status_code=503,
            headers={"Retry-After": "2"},
        )

    app.include_router(GraphQLRouter(schema, context_getter=get_context), prefix="/graphql")

    @app.get("/healthz", include_in_schema=False)
    async def healthz() -> dict[str, str]:
        return {"status": "ok", "service": settings.service_name}

    @app.get("/readyz", include_in_schema=False)
    async def readyz(request: Request) -> JSONResponse:
        # Ready means able to serve: the database gates. Kafka is reported, not gating: writes go
        # through the outbox and wait for the broker, so an outage must not take the site out of
        # rotation (consumers catch up when it is back).
        # The outbox's backlog is reported too (from the rows, so every replica tells the same):
        # what waits, since when, and why the relay's last try failed (docs/runbooks).
        runtime: ServiceRuntime = request.app.state.runtime
        database = await _database_ready(runtime.engine)
        kafka = await kafka_status.reachable(settings.kafka_bootstrap_servers)
        body: dict[str, Any] = {
            "status": "ready" if database else "not ready",
            "checks": {"database": database, "kafka": kafka},
        }
        if database:
            body["outbox"] = await _outbox_report(runtime.engine, outbox)
        return JSONResponse(body, status_code=200 if database else 503)

    FastAPIInstrumentor.instrument_app(app, excluded_urls="healthz,readyz")
    return app


class _Unavailable(Exception):
    """A request failed before GraphQL ran because a dependency does not answer."""


class _CachedCheck:
    """Kafka's reachability for /readyz, asked at most every ``ttl_seconds`` (probes are frequent
    and a broker round trip with a fresh admin client is not free)."""

    def __init__(self, *, ttl_seconds: float) -> None:
        self._ttl = ttl_seconds
        self._value = False
        self._checked_at = float("-inf")
        self._lock = asyncio.Lock()

    async def reachable(self, bootstrap_servers: str) -> bool:
        async with self._lock:
            now = asyncio.get_running_loop().time()
            if now - self._checked_at >= self._ttl:
                self._value = await kafka_reachable(bootstrap_servers)
                self._checked_at = asyncio.get_running_loop().time()
            return self._value


async def _database_ready(engine: AsyncEngine) -> bool:
    try:
        async with engine.connect() as connection:
            await connection.execute(text("SELECT 1"))
    except Exception:
        return False
    return True


async def _outbox_report(engine: AsyncEngine, outbox: Table) -> dict[str, Any] | None:
    """The unsent rows: how many, the oldest one's age in seconds, and its ``last_error`` (why
    the relay's last try failed; the rows behind it say they wait behind it). None if the
    database did not answer."""
    unsent = outbox.c.sent_at.is_(None)
    try:
        async with engine.connect() as connection:
            pending, oldest = (
                await connection.execute(
                    select(
                        func.count(),
                        func.extract("epoch", func.now() - func.min(outbox.c.created_at)),
                    ).where(unsent)
                )
            ).one()
            last_error = await connection.scalar(
                select(outbox.c.last_error).where(unsent).order_by(outbox.c.id).limit(1)
            )
    except Exception:
        log.warning("could not read the outbox for /readyz", exc_info=True)
        return None
    return {
        "pending": int(pending),
        "oldest_pending_seconds": round(float(oldest), 1) if oldest is not None else None,
        "last_error": last_error,
    }


async def _prepare_topics(runtime: ServiceRuntime, published: Sequence[str]) -> None:
    """Create this service's topics once Kafka answers; consumers and the relay retry meanwhile."""
    topics = [
        *published,
        runtime.settings.topic(AUDIT_TOPIC),
        *(topic for c in runtime.consumers for topic in c.topics),
    ]
    if not topics:
        return
    topics += [f"{topic}.dlt" for c in runtime.consumers for topic in c.topics]
    while True:
        try:
            await ensure_topics(runtime.settings.kafka_bootstrap_servers, topics)
            return
        except Exception as error:
            stop_if_asked()
            log.warning("could not create topics yet: %s", error)
            await asyncio.sleep(2.0)
