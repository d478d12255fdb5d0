"""What an imported file is, decided from its bytes, and the checks made before anything parses it.

The size limit is the upload path's (``jobkit.uploads.checks.MAX_UPLOAD_BYTES``, 50 MB) and is
checked first. PDFs go through the upload path's own check (pypdf: parses, not encrypted, no
JavaScript, launch actions, embedded files or XFA reachable from the catalog). A DOCX is a ZIP:
its central directory is read (a few hundred bytes per member, nothing decompressed) and the
file is refused when the members would unpack to too much, or far more than they take packed,
before python-docx opens it. Refusals are the upload path's :class:`UploadRejected`.
"""

from __future__ import annotations

import io
import zipfile
from enum import StrEnum

from jobkit.uploads.checks import (
    MAX_UPLOAD_BYTES,
    RejectionCode,
    UploadRejected,
    check_pdf,
)

# Unpacked, a real CV in Word is well under a few MB (pictures included); 50 MB like the file.
MAX_DOCX_UNPACKED_BYTES = 50 * 1024 * 1024
# Any member bigger than this unpacked must not be more than MAX_DOCX_RATIO times its packed size:
# XML deflates about 5-15 times, a bomb thousands of times.
MAX_DOCX_RATIO = 100
_RATIO_FLOOR_BYTES = 1024 * 1024
MAX_DOCX_MEMBERS = 1000

_PDF_MAGIC = b"%PDF-"
_ZIP_MAGIC = b"PK\x03\x04"
_UTF8_BOM = b"\xef\xbb\xbf"


class FileKind(StrEnum):
    PDF = "pdf"
    DOCX = "docx"
    JSON_RESUME = "json_resume"


UNSUPPORTED_MESSAGE = "Only PDF, Word (.docx) or JSON Resume files can be imported."
TOO_LARGE_MESSAGE = f"The file is larger than {MAX_UPLOAD_BYTES // (1024 * 1024)} MB."


def check_size(data: bytes) -> None:
    if len(data) > MAX_UPLOAD_BYTES:
        raise UploadRejected(RejectionCode.TOO_LARGE, TOO_LARGE_MESSAGE)
    if not data.strip():
        raise UploadRejected(RejectionCode.CORRUPT, "The file is empty.")


def detect(data: bytes) -> FileKind:
    """The kind by content: ``%PDF-``, a ZIP holding ``word/document.xml``, or a JSON object."""
    check_size(data)
    if data.startswith(_PDF_MAGIC):
        return FileKind.PDF
    if data.startswith(_ZIP_MAGIC):
        return FileKind.DOCX  # confirmed (or refused) by check_docx from its directory
    text = data.removeprefix(_UTF8_BOM).lstrip()
    if text.startswith(b"{"):
        return FileKind.JSON_RESUME
    raise UploadRejected(RejectionCode.UNSUPPORTED_TYPE, UNSUPPORTED_MESSAGE)


def check_pdf_safe(data: bytes) -> None:
    """The upload path's PDF check, with the refusal worded for an import."""
    try:
        check_pdf(data)
    except UploadRejected as rejected:
        if rejected.code is RejectionCode.UNSAFE_CONTENT and "scripts" in rejected.message:
            raise UploadRejected(
                RejectionCode.UNSAFE_CONTENT,
                "The PDF contains scripts or actions that run when it is opened (JavaScript, "
                "launch actions or embedded files), so it was not imported. Save or print it "
                "as a new PDF and import that.",
            ) from rejected
        raise


def check_docx(data: bytes) -> None:
    """Refuse what is not a Word document, a zip bomb, encrypted members or macros, from the
    ZIP's central directory alone (nothing is decompressed here)."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, OSError, ValueError) as error:
        raise UploadRejected(RejectionCode.CORRUPT, "The Word file could not be read.") from error
    with archive:
        members = archive.infolist()
        if len(members) > MAX_DOCX_MEMBERS:
            raise UploadRejected(
                RejectionCode.UNSAFE_CONTENT,
                f"The Word file has more than {MAX_DOCX_MEMBERS} parts, so it was not imported.",
            )
        names = {member.filename for member in members}
        if "word/document.xml" not in names or "[Content_Types].xml" not in names:
            raise UploadRejected(RejectionCode.UNSUPPORTED_TYPE, UNSUPPORTED_MESSAGE)
        if any(name.lower().endswith("vbaproject.bin") for name in names):
            raise UploadRejected(
                RejectionCode.UNSAFE_CONTENT,
                "The Word file contains macros, so it was not imported. Save it as a plain "
                ".docx document and import that.",
            )
        total = 0
        for member in members:
            if member.flag_bits & 0x1:
                raise UploadRejected(
                    RejectionCode.UNSAFE_CONTENT,
                    "Password-protected Word files cannot be imported.",
                )
            total += member.file_size
            ratio = member.file_size / max(member.compress_size, 1)
            if member.file_size > _RATIO_FLOOR_BYTES and ratio > MAX_DOCX_RATIO:
                raise _bomb()
        if total > MAX_DOCX_UNPACKED_BYTES:
            raise _bomb()


def _bomb() -> UploadRejected:
    limit = MAX_DOCX_UNPACKED_BYTES // (1024 * 1024)
    return UploadRejected(
        RejectionCode.UNSAFE_CONTENT,
        f"The Word file would unpack to far more than it takes (over {limit} MB or over "
        f"{MAX_DOCX_RATIO} times its packed size), so it was not imported.",
    )
