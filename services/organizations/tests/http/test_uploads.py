"""POST /uploads and GET /files/{id}/{style} through HTTP against the served organizations app."""

from __future__ import annotations

import io
import uuid
from pathlib import Path
from typing import Any

import httpx
import pytest
from jobkit.settings import ServiceSettings
from jobkit.testing.tokens import TokenIssuer
from organizations.db import uploads
from PIL import Image
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

pytestmark = pytest.mark.integration

GPS_IFD = 0x8825


def png(size: tuple[int, int] = (600, 300), mode: str = "RGBA") -> bytes:
    buffer = io.BytesIO()
    colour: Any = (20, 120, 220, 255) if mode == "RGBA" else 0
    Image.new(mode, size, colour).save(buffer, "PNG")
    return buffer.getvalue()


def jpeg_with_gps(size: tuple[int, int] = (2000, 1500)) -> bytes:
    exif = Image.Exif()
    exif[0x010F] = "PhoneMaker"  # Make
    exif[0x0112] = 1  # Orientation
    exif.get_ifd(GPS_IFD).update({1: "N", 2: (52.0, 31.0, 12.0), 3: "E", 4: (13.0, 24.0, 36.0)})
    buffer = io.BytesIO()
    Image.new("RGB", size, (200, 40, 40)).save(buffer, "JPEG", exif=exif.tobytes())
    return buffer.getvalue()


def pdf() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (200, 100), "white").save(buffer, "PDF")
    return buffer.getvalue()


@pytest.fixture
def client(service_url: str) -> httpx.AsyncClient:
    # File URLs are answered as the web proxy serves them (/api/uploads/organizations/files/...);
    # the service itself serves /files/...: this client maps one to the other.
    async def to_service(request: httpx.Request) -> None:
        prefix = "/api/uploads/organizations"
        if request.url.path.startswith(prefix):
            request.url = request.url.copy_with(path=request.url.path.removeprefix(prefix))

    return httpx.AsyncClient(
        base_url=service_url, timeout=60, event_hooks={"request": [to_service]}
    )


@pytest.fixture
def owner(tokens: TokenIssuer) -> dict[str, str]:
    return {"Authorization": f"Bearer {tokens.token(uuid.uuid4(), ['recruiter'])}"}


async def post_file(
    client: httpx.AsyncClient,
    headers: dict[str, str],
    data: bytes,
    *,
    filename: str = "logo.png",
    content_type: str = "image/png",
    purpose: str = "organization_logo",
    private: bool = False,
) -> httpx.Response:
    return await client.post(
        "/uploads",
        headers=headers,
        files={"file": (filename, data, content_type)},
        data={"purpose": purpose, "private": "true" if private else "false"},
    )


async def count_rows(sessions: async_sessionmaker[AsyncSession]) -> int:
    async with sessions() as session:
        return int(await session.scalar(select(func.count()).select_from(uploads)) or 0)


def stored_files(settings: ServiceSettings) -> list[Path]:
    root = settings.upload_path
    return sorted(p for p in root.rglob("*") if p.is_file()) if root.exists() else []


BIG = 51 * 1024 * 1024


def bomb_png() -> bytes:
    buffer = io.BytesIO()
    Image.new("1", (30000, 30000), 0).save(buffer, "PNG")  # ~100 KB, 900 megapixels
    return buffer.getvalue()


HOSTILE: dict[str, tuple[Any, str, int, str, str]] = {
    # name: (bytes or a maker, filename, status, code, message)
    "an executable renamed .png": (
        b"MZ\x90\x00\x03" + b"\x00" * 4096 + b"This program cannot be run in DOS mode",
        "logo.png",
        415,
        "UNSUPPORTED_TYPE",
        "Only PDF, JPG, PNG or WebP files can be uploaded.",
    ),
    "an SVG with a script named .png": (
        b'<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
        b"<script>alert(document.cookie)</script></svg>",
        "logo.png",
        415,
        "UNSUPPORTED_TYPE",
        "Only PDF, JPG, PNG or WebP files can be uploaded.",
    ),
    "an HTML page named .jpg": (
        b"<!doctype html><html><body><script>alert(1)</script></body></html>",
        "photo.jpg",
        415,
        "UNSUPPORTED_TYPE",
        "Only PDF, JPG, PNG or WebP files can be uploaded.",
    ),
    "a PNG decompression bomb": (
        bomb_png,
        "logo.png",
        422,
        "IMAGE_TOO_LARGE",
        "The image is too large to process.",
    ),
    "a polyglot PNG+ZIP": (
        lambda: png() + b"PK\x03\x04\x14\x00\x00\x00\x08\x00" + b"payload" * 20 + b"PK\x05\x06",
        "logo.png",
        422,
        "UNSAFE_CONTENT",
        "The image contains another file hidden inside it.",
    ),
    "a PNG with a PDF appended": (
        lambda: png() + pdf(),
        "logo.png",
        422,
        "UNSAFE_CONTENT",
        "The image contains another file hidden inside it.",
    ),
    "a truncated PNG": (
        lambda: png()[:-40],
        "logo.png",
        422,
        "CORRUPT",
        "The image could not be read.",
    ),
}


@pytest.mark.parametrize("name", list(HOSTILE))
async def test_a_hostile_file_is_refused_and_nothing_is_kept(
    name: str,
    client: httpx.AsyncClient,
    owner: dict[str, str],
    committed_sessions: async_sessionmaker[AsyncSession],
    service_settings: ServiceSettings,
) -> None:
    body, filename, status, code, message = HOSTILE[name]
    data = body() if callable(body) else body
    rows, files = await count_rows(committed_sessions), stored_files(service_settings)
    response = await post_file(client, owner, data, filename=filename)
    assert response.status_code == status, response.text
    assert response.json() == {"error": code, "message": message}
    assert await count_rows(committed_sessions) == rows
    assert stored_files(service_settings) == files


async def test_a_pdf_that_does_not_parse_is_refused(
    client: httpx.AsyncClient,
    owner: dict[str, str],
    committed_sessions: async_sessionmaker[AsyncSession],
    service_settings: ServiceSettings,
) -> None:
    rows, files = await count_rows(committed_sessions), stored_files(service_settings)
    broken = b"%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 9 0 R >>\nendobj\ngarbage\n%%EOF\n"
    response = await post_file(
        client,
        owner,
        broken,
        filename="statutes.pdf",
        content_type="application/pdf",
        purpose="organization_document",
    )
    assert response.status_code == 422
    assert response.json() == {"error": "CORRUPT", "message": "The PDF could not be read."}
    assert await count_rows(committed_sessions) == rows
    assert stored_files(service_settings) == files


async def test_a_pdf_with_javascript_is_refused(
    client: httpx.AsyncClient, owner: dict[str, str]
) -> None:
    from pypdf import PdfWriter
    from pypdf.generic import DictionaryObject, NameObject, TextStringObject

    writer = PdfWriter()
    writer.add_blank_page(200, 200)
    action = DictionaryObject(
        {
            NameObject("/S"): NameObject("/JavaScript"),
            NameObject("/JS"): TextStringObject("app.alert('hi');"),
        }
    )
    writer.root_object[NameObject("/OpenAction")] = writer._add_object(action)
    buffer = io.BytesIO()
    writer.write(buffer)
    response = await post_file(
        client,
        owner,
        buffer.getvalue(),
        filename="a.pdf",
        content_type="application/pdf",
        purpose="organization_document",
    )
    assert response.status_code == 422
    assert response.json()["error"] == "UNSAFE_CONTENT"


async def test_a_51_mb_body_is_refused(
    client: httpx.AsyncClient,
    owner: dict[str, str],
    committed_sessions: async_sessionmaker[AsyncSession],
    service_settings: ServiceSettings,
) -> None:
    rows, files = await count_rows(committed_sessions), stored_files(service_settings)
    response = await post_file(client, owner, png() + b"\x00" * BIG)
    assert response.status_code == 413
    assert response.json() == {"error": "TOO_LARGE", "message": "The file is larger than 50 MB."}
    assert await count_rows(committed_sessions) == rows
    assert stored_files(service_settings) == files


async def test_a_51_mb_streamed_body_without_length_is_refused_while_streaming(
    client: httpx.AsyncClient, owner: dict[str, str]
) -> None:
    boundary = "jobboard-test-boundary"
    chunk = b"\x00" * (1024 * 1024)

    async def body() -> Any:
        yield (
            f'--{boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\n'
            f"organization_logo\r\n--{boundary}\r\n"
            'Content-Disposition: form-data; name="file"; filename="big.png"\r\n'
            "Content-Type: image/png\r\n\r\n"
        ).encode()
        for _ in range(51):
            yield chunk
        yield f"\r\n--{boundary}--\r\n".encode()

    response = await client.post(
        "/uploads",
        headers=owner | {"Content-Type": f"multipart/form-data; boundary={boundary}"},
        content=body(),
    )
    assert response.status_code == 413
    assert response.json()["error"] == "TOO_LARGE"


async def test_without_a_token_an_upload_is_401(client: httpx.AsyncClient) -> None:
    response = await post_file(client, {}, png())
    assert response.status_code == 401
    assert response.json()["error"] == "UNAUTHENTICATED"
    bad = await post_file(client, {"Authorization": "Bearer nope"}, png())
    assert bad.status_code == 401


async def test_a_jpeg_with_gps_comes_back_without_exif_in_every_style(
    client: httpx.AsyncClient,
    owner: dict[str, str],
    committed_sessions: async_sessionmaker[AsyncSession],
) -> None:
    original = jpeg_with_gps()
    assert Image.open(io.BytesIO(original)).getexif().get_ifd(GPS_IFD)  # the input has GPS
    response = await post_file(
        client,
        owner,
        original,
        filename="Büro Straße ü.jpg",
        content_type="image/jpeg",
        purpose="organization_image",
    )
    assert response.status_code == 201, response.text
    answer = response.json()
    assert answer["kind"] == "image"
    assert answer["mediaType"] == "image/webp"
    sizes = {name: (style["width"], style["height"]) for name, style in answer["styles"].items()}
    assert sizes == {
        "job_squared_logo_medium": (220, 220),
        "teaser": (1000, 500),
        "gallery": (1600, 1200),
        "thumbnail": (320, 320),
        "original": (2000, 1500),
    }
    assert answer["url"] == answer["styles"]["original"]["url"]
    for name, style in answer["styles"].items():
        served = await client.get(style["url"])
        assert served.status_code == 200, name
        assert served.headers["content-type"] == "image/webp"
        assert served.headers["x-content-type-options"] == "nosniff"
        assert served.headers["cache-control"] == "public, max-age=31536000, immutable"
        disposition = served.headers["content-disposition"]
        assert disposition.startswith('inline; filename="Buro Strae u.webp"; ')
        assert "filename*=UTF-8''B%C3%BCro%20Stra%C3%9Fe%20%C3%BC.webp" in disposition
        image = Image.open(io.BytesIO(served.content))
        assert image.format == "WEBP"
        assert image.size == sizes[name]
        assert "exif" not in image.info
        assert not image.getexif()
        assert b"PhoneMaker" not in served.content
    async with committed_sessions() as session:
        row = (await session.execute(select(uploads).where(uploads.c.id == answer["id"]))).one()
    assert row.purpose == "organization_image"
    assert row.private is False
    assert row.filename == "Büro Straße ü.jpg"
    assert row.size == len(original)


async def test_exif_orientation_is_applied_and_a_small_logo_is_padded_not_cropped(
    client: httpx.AsyncClient, owner: dict[str, str]
) -> None:
    exif = Image.Exif()
    exif[0x0112] = 6  # rotated 90 degrees clockwise
    buffer = io.BytesIO()
    Image.new("RGB", (400, 100), (0, 0, 0)).save(buffer, "JPEG", exif=exif.tobytes())
    answer = (await post_file(client, owner, buffer.getvalue(), content_type="image/jpeg")).json()
    assert (answer["styles"]["original"]["width"], answer["styles"]["original"]["height"]) == (
        100,
        400,
    )
    transparent = Image.new("RGBA", (400, 100), (20, 120, 220, 255))
    transparent.putpixel((0, 0), (0, 0, 0, 0))
    buffer = io.BytesIO()
    transparent.save(buffer, "PNG")
    for data, padding in ((buffer.getvalue(), (0, 0, 0, 0)), (png((400, 100)), "white")):
        logo = (await post_file(client, owner, data)).json()
        served = await client.get(logo["styles"]["job_squared_logo_medium"]["url"])
        image = Image.open(io.BytesIO(served.content)).convert("RGBA")
        assert image.size == (220, 220)
        if padding == "white":
            assert image.getpixel((110, 2)) == (255, 255, 255, 255)  # opaque: white padding
        else:
            assert image.getpixel((110, 2))[3] == 0  # transparent padding above the logo
        _, _, blue, alpha = image.getpixel((110, 110))  # the logo, whole, in the middle
        assert alpha == 255
        assert abs(blue - 220) < 8


async def test_a_pdf_is_kept_as_is_and_served_inline(
    client: httpx.AsyncClient, owner: dict[str, str]
) -> None:
    document = pdf()
    response = await post_file(
        client,
        owner,
        document,
        filename="../../etc/statutes;x.pdf",
        content_type="application/pdf",
        purpose="organization_document",
    )
    assert response.status_code == 201, response.text
    answer = response.json()
    assert answer["kind"] == "pdf"
    assert answer["styles"] == {"original": {"url": answer["url"], "width": None, "height": None}}
    served = await client.get(answer["url"])
    assert served.content == document
    assert served.headers["content-type"] == "application/pdf"
    assert served.headers["content-disposition"].startswith('inline; filename="statutes_x.pdf"')


async def test_a_purpose_takes_only_its_kinds(
    client: httpx.AsyncClient, owner: dict[str, str]
) -> None:
    response = await post_file(client, owner, pdf(), purpose="organization_logo")
    assert response.status_code == 415
    assert response.json() == {
        "error": "UNSUPPORTED_TYPE",
        "message": "Only JPG, PNG or WebP images can be uploaded here.",
    }
    unknown = await post_file(client, owner, png(), purpose="somebody_elses")
    assert unknown.status_code == 400


async def test_a_private_upload_is_served_to_its_owner_and_admins_only(
    client: httpx.AsyncClient, tokens: TokenIssuer
) -> None:
    owner_id = uuid.uuid4()
    owner = {"Authorization": f"Bearer {tokens.token(owner_id, ['recruiter'])}"}
    response = await post_file(client, owner, png(), private=True)
    assert response.status_code == 201, response.text
    url = response.json()["styles"]["thumbnail"]["url"]

    as_owner = await client.get(url, headers=owner)
    assert as_owner.status_code == 200
    assert as_owner.headers["cache-control"] == "private, no-store"
    admin = {"Authorization": f"Bearer {tokens.token(uuid.uuid4(), ['administrator'])}"}
    assert (await client.get(url, headers=admin)).status_code == 200

    other = {"Authorization": f"Bearer {tokens.token(uuid.uuid4(), ['recruiter'])}"}
    for headers in (other, {}):
        refused = await client.get(url, headers=headers)
        assert refused.status_code == 404
        assert refused.json() == (await client.get(f"/files/{uuid.uuid4()}/thumbnail")).json()


async def test_unknown_files_and_styles_are_404(
    client: httpx.AsyncClient, owner: dict[str, str]
) -> None:
    answer = (await post_file(client, owner, png())).json()
    assert (await client.get(f"/files/{answer['id']}/huge")).status_code == 404
    assert (await client.get("/files/not-a-uuid/original")).status_code == 404
    assert (await client.get(f"/files/{uuid.uuid4()}/original")).status_code == 404
