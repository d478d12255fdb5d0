import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any

from fastapi import FastAPI
from jobkit.app import ServiceRuntime, Worker, create_service_app
from jobkit.consumer import IdempotentConsumer

from search.api.alerts import alerts_router
from search.api.feeds import feeds_router
from search.api.sitemaps import sitemaps_router
from search.db import outbox, revocations
from search.engine import places
from search.engine.answer_cache import answer_cache_for, hear_generation_changes
from search.graphql.schema import schema
from search.graphql.visitor_answers import VisitorSearchAnswers
from search.messaging.announcer import announcer_consumers, run_announcement_sender
from search.messaging.consumers import consumers
from search.settings import SERVICE_DIR, SearchSettings, get_settings
from search.taxonomy.events import VOCABULARY_TOPIC

log = logging.getLogger(__name__)

Lifespan = Callable[[FastAPI], AbstractAsyncContextManager[Any]]


def _report(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("the gazetteer did not load: %s", task.exception())


def _warming_the_gazetteer(inner: Lifespan) -> Lifespan:
    """Start building locationSuggestions' place index (in a worker thread) at start-up, so the
    first suggestion does not wait for it."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        warming = asyncio.create_task(places.warm_up(), name="gazetteer")
        warming.add_done_callback(_report)
        async with inner(app):
            yield

    return lifespan


def _hearing_index_changes(inner: Lifespan) -> Lifespan:
    """Every process hears the indexer's generation bumps (ADR 0047's amendment): its kept
    answers are checked again on the next request instead of up to half a second later."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        async with inner(app):
            runtime: ServiceRuntime = app.state.runtime
            hearing = asyncio.create_task(
                hear_generation_changes(runtime.engine), name="index-generation"
            )
            try:
                yield
            finally:
                hearing.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await hearing

    return lifespan


def _consumers(runtime: ServiceRuntime) -> list[IdempotentConsumer]:
    """The indexer's consumers, and the announcer's (ADR 0013)."""
    return [*consumers(runtime), *announcer_consumers(runtime)]


def create_app(settings: SearchSettings | None = None) -> FastAPI:
    settings = settings or get_settings()
    app = create_service_app(
        settings=settings,
        schema=schema,
        service_dir=SERVICE_DIR,
        outbox=outbox,
        published_topics=[settings.topic(VOCABULARY_TOPIC)],
        consumers=_consumers,
        workers=[Worker("announcement-sender", run_announcement_sender)],
        revocations=revocations,
    )
    inner: Lifespan = app.router.lifespan_context
    app.router.lifespan_context = _warming_the_gazetteer(_hearing_index_changes(inner))
    app.include_router(feeds_router(settings))
    app.include_router(sitemaps_router(settings))
    app.include_router(alerts_router(settings))
    # a visitor's repeated search answered with the kept bytes (ADR 0047)
    app.add_middleware(
        VisitorSearchAnswers,
        answers=lambda: answer_cache_for(
            settings.index_prefix, capacity=settings.answer_cache_size, kind="responses"
        ),
        sessions=lambda: app.state.runtime.sessions,
    )
    return app
