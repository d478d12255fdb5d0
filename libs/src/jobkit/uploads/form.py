"""A multipart/form-data reader for one file and a few small fields, refusing while streaming.

FastAPI's ``UploadFile`` reads the whole body (to a temporary file) before the endpoint runs, so
a size limit there comes too late. Here the body is parsed as it arrives (python-multipart's push
parser) and the upload is refused as soon as the file part passes the limit; a Content-Length
larger than the limit plus the form's overhead is refused before reading anything.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass, field

from python_multipart.multipart import MultipartParser, parse_options_header

from jobkit.uploads.checks import MAX_UPLOAD_BYTES, RejectionCode, UploadRejected

FORM_OVERHEAD = 64 * 1024  # boundaries, part headers and the small fields around the file
MAX_FIELD_BYTES = 1024
MAX_PARTS = 8


class FormError(Exception):
    """The request is not a usable multipart form (400)."""


@dataclass
class UploadForm:
    file: bytearray | None = None
    filename: str = ""
    fields: dict[str, str] = field(default_factory=dict)


@dataclass
class _Part:
    name: str = ""
    filename: str | None = None
    data: bytearray = field(default_factory=bytearray)


def refuse_content_length(value: str | None, *, limit: int = MAX_UPLOAD_BYTES) -> None:
    """Refuse before reading when the declared body cannot hold a file within ``limit``."""
    if value is None:
        return
    try:
        length = int(value)
    except ValueError as error:
        raise FormError("Invalid Content-Length.") from error
    if length > limit + FORM_OVERHEAD:
        raise UploadRejected(RejectionCode.TOO_LARGE)


async def read_upload_form(
    content_type: str | None,
    stream: AsyncIterator[bytes],
    *,
    file_field: str = "file",
    limit: int = MAX_UPLOAD_BYTES,
) -> UploadForm:
    """The file part named ``file_field`` and the other (small) fields of a multipart body."""
    media_type, params = parse_options_header(content_type or "")
    boundary = params.get(b"boundary")
    if media_type != b"multipart/form-data" or not boundary:
        raise FormError("Send the file as multipart/form-data.")
    form = UploadForm()
    parts: list[_Part] = []
    header_name = bytearray()
    header_value = bytearray()
    received = 0

    def on_part_begin() -> None:
        if len(parts) >= MAX_PARTS:
            raise FormError("Too many form fields.")
        parts.append(_Part())

    def on_header_field(data: bytes, start: int, end: int) -> None:
        header_name.extend(data[start:end])

    def on_header_value(data: bytes, start: int, end: int) -> None:
        header_value.extend(data[start:end])

    def on_header_end() -> None:
        if header_name.lower() == b"content-disposition":
            _, options = parse_options_header(bytes(header_value))
            part = parts[-1]
            part.name = options.get(b"name", b"").decode("utf-8", "replace")
            if b"filename" in options:
                part.filename = options[b"filename"].decode("utf-8", "replace")
        header_name.clear()
        header_value.clear()

    def on_part_data(data: bytes, start: int, end: int) -> None:
        part = parts[-1]
        part.data.extend(data[start:end])
        is_file = part.name == file_field
        if is_file and len(part.data) > limit:
            raise UploadRejected(RejectionCode.TOO_LARGE)
        if not is_file and len(part.data) > MAX_FIELD_BYTES:
            raise FormError(f"The form field {part.name!r} is too long.")

    parser = MultipartParser(
        boundary,
        {
            "on_part_begin": on_part_begin,
            "on_header_field": on_header_field,
            "on_header_value": on_header_value,
            "on_header_end": on_header_end,
            "on_part_data": on_part_data,
        },
    )
    async for chunk in stream:
        received += len(chunk)
        if received > limit + FORM_OVERHEAD:
            raise UploadRejected(RejectionCode.TOO_LARGE)
        try:
            parser.write(chunk)
        except (UploadRejected, FormError):
            raise
        except Exception as error:  # python-multipart's parse errors
            raise FormError("The multipart form could not be read.") from error
    try:
        parser.finalize()
    except Exception as error:
        raise FormError("The multipart form could not be read.") from error
    for part in parts:
        if part.name == file_field:
            if form.file is not None:
                raise FormError("Send one file at a time.")
            form.file = part.data
            form.filename = part.filename or ""
        elif part.name:
            form.fields[part.name] = part.data.decode("utf-8", "replace")
    if form.file is None:
        raise FormError(f"The form has no {file_field!r} file.")
    return form
