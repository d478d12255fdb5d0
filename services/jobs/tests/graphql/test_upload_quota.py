"""Anonymous uploads (the application form's files) have a quota per client address, in files
and in bytes, that a forged X-Forwarded-For does not reset; signed-in uploads are not counted
on it (ADR 0024)."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator

import httpx
import pytest
from jobkit.testing.server import serve
from jobkit.testing.tokens import TokenIssuer
from jobs.main import create_app
from jobs.settings import JobsSettings

from services.jobs.tests.graphql.test_applications import pdf

pytestmark = pytest.mark.integration
FILES = 3


@pytest.fixture(scope="module")
async def served(service_settings: JobsSettings) -> AsyncIterator[str]:
    settings = service_settings.model_copy(
        update={"upload_quota_files_per_client": FILES, "upload_quota_bytes_per_client": 64 * 1024}
    )
    async with serve(create_app(settings)) as url:
        yield url


async def send(url: str, body: bytes, forwarded_for: str, token: str | None = None) -> int:
    headers = {"X-Forwarded-For": forwarded_for}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    async with httpx.AsyncClient(base_url=url, timeout=120) as client:
        answer = await client.post(
            "/uploads",
            data={"purpose": "application_attachment"},
            files={"file": ("cv.pdf", body, "application/pdf")},
            headers=headers,
        )
    if answer.status_code == 429:
        assert answer.json()["error"] == "TOO_MANY_UPLOADS"
    return answer.status_code


def browser() -> str:
    return f"203.0.113.{uuid.uuid4().int % 250}"


async def test_a_client_gets_so_many_anonymous_files_whatever_it_forwards(
    served: str, tokens: TokenIssuer
) -> None:
    real = browser()
    statuses = [await send(served, pdf(), f"198.51.100.{i}, {real}") for i in range(FILES + 1)]
    assert statuses == [201] * FILES + [429]
    # a signed-in uploader from the same address is not on the visitors' quota
    token = tokens.token(uuid.uuid4(), ["applicant"])
    assert await send(served, pdf(), f"198.51.100.99, {real}", token) == 201
    # another address has its own
    assert await send(served, pdf(), browser()) == 201


async def test_a_client_gets_so_many_anonymous_bytes(served: str) -> None:
    real = browser()
    big = pdf() + b"\n%" + b"x" * (40 * 1024) + b"\n"  # a comment after %%EOF: still a PDF
    statuses = [await send(served, big, f"198.51.100.{i}, {real}") for i in range(2)]
    assert statuses == [201, 429]
