"""jobkit.uploads content checks and names, without I/O."""

from __future__ import annotations

import io
import struct

import pytest
from jobkit.uploads import RejectionCode, UploadKind, UploadRejected, process_upload
from jobkit.uploads.processing import content_disposition, sanitize_filename, served_filename
from PIL import Image
from pypdf import PdfWriter
from pypdf.generic import DictionaryObject, NameObject, TextStringObject


def encoded(image: Image.Image, fmt: str, **options: object) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, fmt, **options)
    return buffer.getvalue()


def rejected(data: bytes) -> UploadRejected:
    with pytest.raises(UploadRejected) as error:
        process_upload(data)
    return error.value


def with_app1(jpeg: bytes, payload: bytes) -> bytes:
    """``jpeg`` with an APP1 segment holding ``payload`` right after SOI."""
    segment = b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload
    return jpeg[:2] + segment + jpeg[2:]


def test_a_jpeg_whose_metadata_holds_another_jpeg_is_fine() -> None:
    thumbnail = encoded(Image.new("RGB", (16, 16), "blue"), "JPEG")  # its own SOI...EOI
    photo = with_app1(
        encoded(Image.new("RGB", (64, 48), "red"), "JPEG"), b"Exif\x00\x00" + thumbnail
    )
    processed = process_upload(photo)
    assert processed.kind is UploadKind.IMAGE
    assert processed.styles["original"].width == 64


def test_a_zip_inside_jpeg_metadata_is_refused() -> None:
    photo = with_app1(encoded(Image.new("RGB", (64, 48)), "JPEG"), b"PK\x03\x04zipzipzip")
    assert rejected(photo).code is RejectionCode.UNSAFE_CONTENT


@pytest.mark.parametrize("fmt", ["PNG", "JPEG", "WEBP"])
def test_data_after_an_image_is_refused(fmt: str) -> None:
    image = encoded(Image.new("RGB", (32, 32), "green"), fmt)
    assert process_upload(image).kind is UploadKind.IMAGE
    error = rejected(image + b"<script>alert(1)</script>")
    assert error.code is RejectionCode.UNSAFE_CONTENT
    assert error.message == "The image has extra data after its end."


def test_a_png_bomb_is_refused_before_decoding() -> None:
    bomb = encoded(Image.new("L", (20000, 20000), 0), "PNG")
    assert len(bomb) < 1_000_000
    error = rejected(bomb)
    assert (error.code, error.message) == (
        RejectionCode.IMAGE_TOO_LARGE,
        "The image is too large to process.",
    )


def pdf_with(**catalog: object) -> bytes:
    writer = PdfWriter()
    writer.add_blank_page(100, 100)
    for key, value in catalog.items():
        writer.root_object[NameObject(f"/{key}")] = writer._add_object(value)  # type: ignore[arg-type]
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()


def action(kind: str, **extra: str) -> DictionaryObject:
    body = {NameObject("/S"): NameObject(f"/{kind}")}
    body.update({NameObject(f"/{k}"): TextStringObject(v) for k, v in extra.items()})
    return DictionaryObject(body)


def test_a_plain_pdf_is_accepted_and_kept_as_is() -> None:
    document = pdf_with()
    processed = process_upload(document)
    assert processed.kind is UploadKind.PDF
    assert processed.styles["original"].data == document


@pytest.mark.parametrize(
    "open_action",
    [action("JavaScript", JS="app.alert(1)"), action("Launch", F="calc.exe")],
)
def test_a_pdf_that_runs_something_is_refused(open_action: DictionaryObject) -> None:
    assert rejected(pdf_with(OpenAction=open_action)).code is RejectionCode.UNSAFE_CONTENT


def test_an_encrypted_pdf_is_refused() -> None:
    writer = PdfWriter()
    writer.add_blank_page(100, 100)
    writer.encrypt("secret")
    buffer = io.BytesIO()
    writer.write(buffer)
    error = rejected(buffer.getvalue())
    assert error.message == "Password-protected PDFs cannot be uploaded."


def test_a_pdf_with_a_zip_at_its_end_is_refused() -> None:
    assert rejected(pdf_with() + b"PK\x05\x06" + b"\x00" * 18).code is RejectionCode.UNSAFE_CONTENT


def test_names_for_content_disposition() -> None:
    assert sanitize_filename("C:\\Users\\x\\..\\Logo\x00 final.PNG") == "Logo final.PNG"
    assert sanitize_filename("../../") == "file"
    assert sanitize_filename(None) == "file"
    assert len(sanitize_filename("a" * 500 + ".png")) == 200
    assert sanitize_filename("a" * 500 + ".png").endswith(".png")
    assert served_filename("logo.final.png", "webp") == "logo.final.webp"
    assert content_disposition('Grüße "x";.pdf') == (
        "inline; filename=\"Grue _x__.pdf\"; filename*=UTF-8''Gr%C3%BC%C3%9Fe%20%22x%22%3B.pdf"
    )


# --- documents, for purposes that name them (ADR 0031) ----------------------------------------


def _docx(members: dict[str, bytes]) -> bytes:
    import zipfile

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, content in members.items():
            archive.writestr(name, content)
    return buffer.getvalue()


WORD = {"[Content_Types].xml": b"<Types/>", "word/document.xml": b"<w:document/>"}
DOCUMENTS = frozenset({UploadKind.PDF, UploadKind.DOCX, UploadKind.JSON})


def test_word_and_json_files_are_taken_only_where_the_purpose_names_them() -> None:
    word, document = _docx(WORD), b'\xef\xbb\xbf {"basics": {"name": "Anna"}}'
    # every other purpose refuses them as before
    assert rejected(word).code is RejectionCode.UNSUPPORTED_TYPE
    assert rejected(document).code is RejectionCode.UNSUPPORTED_TYPE
    stored = process_upload(word, kinds=DOCUMENTS)
    assert stored.kind is UploadKind.DOCX
    assert stored.styles["original"].data == word
    assert stored.styles["original"].extension == "docx"
    stored = process_upload(document, kinds=DOCUMENTS)
    assert (stored.kind, stored.media_type) == (UploadKind.JSON, "application/json")


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (_docx({"hello.txt": b"hello"}), RejectionCode.UNSUPPORTED_TYPE),
        (_docx({**WORD, "word/vbaProject.bin": b"macro"}), RejectionCode.UNSAFE_CONTENT),
        (
            _docx({**WORD, "word/media/zeros.bin": b"\x00" * (5 * 1024 * 1024)}),
            RejectionCode.UNSAFE_CONTENT,
        ),
        (b'{"basics": ', RejectionCode.CORRUPT),
        (b"{" + b"\xff\xfe" + b"}", RejectionCode.CORRUPT),
    ],
    ids=["zip-not-word", "macros", "bomb", "broken-json", "not-utf8"],
)
def test_documents_are_checked_before_they_are_stored(data: bytes, code: RejectionCode) -> None:
    with pytest.raises(UploadRejected) as caught:
        process_upload(data, kinds=DOCUMENTS)
    assert caught.value.code is code
