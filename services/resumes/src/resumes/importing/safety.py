"""What an imported file is, decided from its bytes, and the checks made before anything parses it.

The size limit is the upload path's (``jobkit.uploads.checks.MAX_UPLOAD_BYTES``, 50 MB) and is
checked first. PDFs go through the upload path's own check (pypdf: parses, not encrypted, no
JavaScript, launch actions, embedded files or XFA reachable from the catalog). A DOCX is a ZIP:
its central directory is read (a few hundred bytes per member, nothing decompressed) and the
file is refused when the members would unpack to too much, or far more than they take packed,
before python-docx opens it. Refusals are the upload path's :class:`UploadRejected`.
"""

from __future__ import annotations

from enum import StrEnum

from jobkit.uploads import checks
from jobkit.uploads.checks import (  # the DOCX limits are the upload path's
    MAX_DOCX_MEMBERS as MAX_DOCX_MEMBERS,
)
from jobkit.uploads.checks import (
    MAX_DOCX_RATIO as MAX_DOCX_RATIO,
)
from jobkit.uploads.checks import (
    MAX_DOCX_UNPACKED_BYTES as MAX_DOCX_UNPACKED_BYTES,
)
from jobkit.uploads.checks import (
    MAX_UPLOAD_BYTES,
    RejectionCode,
    UploadRejected,
    check_pdf,
)

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
    ZIP's central directory alone (the upload path's check; nothing is decompressed)."""
    try:
        checks.check_docx(data, refused="so it was not imported")
    except UploadRejected as rejected:
        if rejected.code is RejectionCode.UNSUPPORTED_TYPE:
            raise UploadRejected(RejectionCode.UNSUPPORTED_TYPE, UNSUPPORTED_MESSAGE) from rejected
        raise
