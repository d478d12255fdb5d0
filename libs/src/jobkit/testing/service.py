"""Shared pytest fixtures for a service's tests; a service's conftest only names the service.

    # services/billing/tests/conftest.py
    @pytest.fixture(scope="session")
    def service_spec() -> ServiceSpec:
        return ServiceSpec(BillingSettings(), service_dir=SERVICE_DIR, create_app=create_app)

Then, from the jobkit pytest plugin:

- ``service_settings``: the service's settings on a temporary database migrated to head, with
  tokens verified against ``tokens``' JWKS and uploads stored in a temporary folder
  (``settings.upload_path``) (module scope);
- ``sessions``: a session factory whose work is rolled back after the test (domain tests);
- ``committed_sessions``: one whose work stays, for data an HTTP test needs the app to see;
- ``graphql``: a client of the service's ``/graphql``, served on a loopback port
  (``graphql.as_user(tokens.token(user_id, roles))``);
- ``tokens``: signs bearer tokens the service accepts;
- ``statements``: counts the SQL statements a block runs (``with statements() as log``).
"""

from __future__ import annotations

import functools
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from jobkit.db import make_engine, make_sessionmaker
from jobkit.settings import ServiceSettings, database_name
from jobkit.testing.database import rolled_back_sessions, temporary_database
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.server import serve
from jobkit.testing.statements import StatementLog, count_statements
from jobkit.testing.tokens import TokenIssuer, token_issuer


@dataclass(frozen=True)
class ServiceSpec:
    settings: ServiceSettings
    service_dir: Path
    create_app: Callable[[Any], FastAPI]


@pytest.fixture(scope="module")
async def tokens(service_spec: ServiceSpec) -> AsyncIterator[TokenIssuer]:
    settings = service_spec.settings
    async with token_issuer(issuer=settings.jwt_issuer, audience=settings.jwt_audience) as issuer:
        yield issuer


@pytest.fixture(scope="module")
async def service_settings(
    service_spec: ServiceSpec, tokens: TokenIssuer, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[ServiceSettings]:
    async with temporary_database(
        service_spec.settings, service_dir=service_spec.service_dir
    ) as url:
        yield service_spec.settings.model_copy(
            update={
                "db_name": database_name(url),
                "jwks_url": tokens.jwks_url,
                "run_migrations_on_startup": False,
                "run_background_workers": False,
                # uploads go to a temporary folder (settings.upload_path), never .local/
                "upload_storage": "local",
                "upload_dir": tmp_path_factory.mktemp("uploads"),
            }
        )


@pytest.fixture(scope="module")
async def service_engine(service_settings: ServiceSettings) -> AsyncIterator[AsyncEngine]:
    engine = make_engine(service_settings.database_url)
    yield engine
    await engine.dispose()


@pytest.fixture
async def sessions(service_engine: AsyncEngine) -> AsyncIterator[async_sessionmaker[AsyncSession]]:
    async with rolled_back_sessions(service_engine) as factory:
        yield factory


@pytest.fixture
def committed_sessions(service_engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    return make_sessionmaker(service_engine)


async def persist(sessions: async_sessionmaker[AsyncSession], *rows: object) -> None:
    """Commit rows a factory built, so the served app sees them (one transaction)."""
    async with sessions() as session, session.begin():
        session.add_all(rows)


@pytest.fixture(scope="module")
async def service_url(
    service_spec: ServiceSpec, service_settings: ServiceSettings
) -> AsyncIterator[str]:
    async with serve(service_spec.create_app(service_settings)) as base_url:
        yield base_url


@pytest.fixture
def graphql(service_url: str) -> GraphQLClient:
    return GraphQLClient(f"{service_url}/graphql")


@pytest.fixture
def statements(
    service_engine: AsyncEngine,
) -> Callable[[], AbstractContextManager[StatementLog]]:
    return functools.partial(count_statements, service_engine.sync_engine)
