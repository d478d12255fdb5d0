"""A profile's files go with what refers to them (ADR 0024): a gallery picture taken off the
profile is deleted at the next sweep, files and row; an upload never attached goes a day after it
was made; the pictures still shown stay."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

import httpx
import pytest
from jobkit.testing.graphql import GraphQLClient
from jobkit.testing.tokens import TokenIssuer
from jobkit.uploads import storage_from_settings, sweep_uploads
from organizations.db import uploads
from organizations.main import UPLOAD_REFERENCES
from organizations.settings import OrganizationsSettings
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from services.organizations.tests.graphql.test_profile_editing import CREATE
from services.organizations.tests.http.test_uploads import png, post_file

pytestmark = pytest.mark.integration

GALLERY = """mutation($id: ID!, $i: GalleryInput!) { updateOrganizationGallery(id: $id, input: $i) {
  __typename ... on OrganizationErrors { errors { field code } } } }"""


async def sweep(
    sessions: async_sessionmaker[AsyncSession], settings: OrganizationsSettings, *, later: timedelta
) -> None:
    await sweep_uploads(
        sessions,
        uploads,
        UPLOAD_REFERENCES,
        storage=storage_from_settings(settings),
        orphan_after=timedelta(seconds=settings.upload_orphan_seconds),
        now=datetime.now(UTC) + later,
    )


async def test_a_picture_taken_off_the_gallery_and_a_forgotten_upload_are_deleted(
    graphql: GraphQLClient,
    tokens: TokenIssuer,
    service_url: str,
    service_settings: OrganizationsSettings,
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    user = uuid.uuid4()
    owner = graphql.as_user(tokens.token(user, ["recruiter"]))
    headers = {"Authorization": f"Bearer {tokens.token(user, ['recruiter'])}"}
    created = await owner.data(CREATE, i={"name": "Sweep Trust"})
    profile_id = created["createOrganization"]["profile"]["id"]
    async with httpx.AsyncClient(base_url=service_url, timeout=120) as client:
        kept, dropped, forgotten = [
            (await post_file(client, headers, png(), purpose="organization_image")).json()["id"]
            for _ in range(3)
        ]
        both = [{"uploadId": kept, "alt": "kept"}, {"uploadId": dropped, "alt": "dropped"}]
        answer = await owner.data(GALLERY, id=profile_id, i={"items": both})
        assert answer["updateOrganizationGallery"]["__typename"] == "OrganizationProfileSaved"

        async def served(upload_id: str) -> int:
            return (await client.get(f"/files/{upload_id}/thumbnail")).status_code

        await sweep(committed_sessions, service_settings, later=timedelta(0))
        assert [await served(u) for u in (kept, dropped, forgotten)] == [200, 200, 200]

        answer = await owner.data(GALLERY, id=profile_id, i={"items": both[:1]})
        assert answer["updateOrganizationGallery"]["__typename"] == "OrganizationProfileSaved"
        await sweep(committed_sessions, service_settings, later=timedelta(0))
        assert [await served(u) for u in (kept, dropped, forgotten)] == [200, 404, 200]
        assert not (service_settings.upload_path / dropped).exists()

        # a day later, the upload nothing ever showed goes too; the gallery's stays
        await sweep(committed_sessions, service_settings, later=timedelta(days=1, minutes=1))
        assert [await served(u) for u in (kept, forgotten)] == [200, 404]
        assert not (service_settings.upload_path / forgotten).exists()
        assert (service_settings.upload_path / kept).is_dir()
