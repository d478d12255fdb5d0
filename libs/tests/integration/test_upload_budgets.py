"""Uploads cannot burn CPU: the pixel cap is read from the header before anything is decoded, and
checking and rendering run in a child process with a time budget, killed when it is spent
(ADR 0024)."""

from __future__ import annotations

import io
import struct
import zlib

import pytest
from jobkit.uploads import RejectionCode, UploadKind, UploadRejected, process_upload, processing
from jobkit.uploads.checks import MAX_IMAGE_PIXELS
from jobkit.uploads.processing import process
from PIL import Image


def png_header_only(width: int, height: int) -> bytes:
    """A PNG whose header claims ``width`` x ``height`` grey pixels, with one tiny IDAT: only a
    decoder that trusts the header would start allocating and inflating."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = zlib.crc32(kind + body) & 0xFFFFFFFF
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"\x00" * 64))
        + chunk(b"IEND", b"")
    )


def test_an_image_over_the_pixel_cap_is_refused_from_its_header() -> None:
    # 7000 x 6000 = 42 megapixels: over the cap, under Pillow's own bomb limit (89)
    assert MAX_IMAGE_PIXELS < 7000 * 6000
    with pytest.raises(UploadRejected) as error:
        process_upload(png_header_only(7000, 6000))
    assert error.value.code is RejectionCode.IMAGE_TOO_LARGE
    # a real one of that size too, however well it compresses
    buffer = io.BytesIO()
    Image.new("L", (7000, 6000)).save(buffer, "PNG")
    with pytest.raises(UploadRejected) as error:
        process_upload(buffer.getvalue())
    assert error.value.code is RejectionCode.IMAGE_TOO_LARGE


async def test_a_file_that_outlasts_the_budget_is_refused_and_the_next_one_goes_through() -> None:
    big = io.BytesIO()
    Image.effect_noise((5000, 5000), 64).save(big, "PNG", compress_level=1)  # 25 megapixels
    with pytest.raises(UploadRejected) as error:
        await process(big.getvalue(), budget_seconds=0.05)
    assert error.value.code is RejectionCode.TOO_COMPLEX

    small = io.BytesIO()
    Image.new("RGB", (64, 48), "red").save(small, "PNG")
    processed = await process(small.getvalue(), budget_seconds=600)
    assert processed.kind is UploadKind.IMAGE
    # refusals made in the child come back as refusals
    with pytest.raises(UploadRejected) as error:
        await process(b"GIF89a not ours", budget_seconds=600)
    assert error.value.code is RejectionCode.UNSUPPORTED_TYPE


async def test_the_budget_is_cpu_time_enforced_by_the_kernel(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With the wall-clock backstop out of the way, the child's CPU limit alone ends a file that
    needs more than its budget (a busy machine waits longer, but never burns more CPU)."""
    monkeypatch.setattr(processing, "WALL_FACTOR", 10_000)
    big = io.BytesIO()
    Image.effect_noise((6000, 4000), 64).save(big, "PNG", compress_level=1)  # 24 megapixels
    with pytest.raises(UploadRejected) as error:
        await process(big.getvalue(), budget_seconds=0.2)
    assert error.value.code is RejectionCode.TOO_COMPLEX
