"""What an uploaded file really is, decided from its bytes: never from its name or declared type.

:func:`inspect_content` detects the kind by magic bytes, then parses the file for real (Pillow for
images, pypdf for PDFs) and refuses anything else, anything it cannot parse, decompression bombs,
polyglots (data after the image's end, a PDF or a ZIP hidden in an image) and PDFs that are
encrypted or carry JavaScript, launch actions or embedded files. Every refusal is an
:class:`UploadRejected` with a code and a message for people.

Everything here is CPU-bound and synchronous: call it from a worker thread
(:func:`jobkit.uploads.processing.process_upload` does).
"""

from __future__ import annotations

import io
import json
import struct
import warnings
import zipfile
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from PIL import Image

MAX_UPLOAD_BYTES = 50 * 1024 * 1024
# The most pixels an image may have, read from its header before anything is decoded: 40
# megapixels (a 7700x5200 photo) decode to some 160 MB and about a second of CPU; more is refused.
# Lower than Pillow's own bomb limit (about 89 megapixels), which stays as a second guard.
MAX_IMAGE_PIXELS = 40_000_000

# A ZIP reader finds an archive by its end-of-central-directory record, within the last
# 64 KiB + 22 bytes of the file; a PDF reader looks for '%PDF-' within the first 1024 bytes.
_ZIP_EOCD = b"PK\x05\x06"
_ZIP_LOCAL = b"PK\x03\x04"
_ZIP_TAIL = 65_557
_PDF_MAGIC = b"%PDF-"
_PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
_JPEG_MAGIC = b"\xff\xd8\xff"
_UTF8_BOM = b"\xef\xbb\xbf"

# Pillow warns (and only refuses at twice the limit) when an image has more pixels than
# Image.MAX_IMAGE_PIXELS; here the warning is an error too, so a bomb is refused, never decoded.
# Set once for the process (changing filters per call is not thread-safe); _check_pixels below
# is the guard that holds whatever the filters are.
warnings.filterwarnings("error", category=Image.DecompressionBombWarning)


class RejectionCode(StrEnum):
    UNSUPPORTED_TYPE = "UNSUPPORTED_TYPE"
    TOO_LARGE = "TOO_LARGE"
    IMAGE_TOO_LARGE = "IMAGE_TOO_LARGE"
    TOO_COMPLEX = "TOO_COMPLEX"
    CORRUPT = "CORRUPT"
    UNSAFE_CONTENT = "UNSAFE_CONTENT"


MESSAGES: dict[RejectionCode, str] = {
    RejectionCode.UNSUPPORTED_TYPE: "Only PDF, JPG, PNG or WebP files can be uploaded.",
    RejectionCode.TOO_LARGE: "The file is larger than 50 MB.",
    RejectionCode.IMAGE_TOO_LARGE: "The image is too large to process.",
    RejectionCode.TOO_COMPLEX: "The file takes too long to process.",
    RejectionCode.CORRUPT: "The file could not be read.",
    RejectionCode.UNSAFE_CONTENT: "The file contains content that is not allowed.",
}


class UploadRejected(Exception):
    """A refused upload: ``code`` for programs, ``message`` for people."""

    def __init__(self, code: RejectionCode, message: str | None = None) -> None:
        self.code = code
        self.message = message or MESSAGES[code]
        super().__init__(f"{code}: {self.message}")


class UploadKind(StrEnum):
    IMAGE = "image"
    PDF = "pdf"
    # Documents only a purpose that names them takes (resume import, ADR 0028); stored as
    # uploaded after the checks below, never detected for other purposes.
    DOCX = "docx"
    JSON = "json"


DOCUMENT_KINDS = frozenset({UploadKind.DOCX, UploadKind.JSON})
DOCX_MEDIA_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"


@dataclass(frozen=True)
class Detected:
    """A file's kind by its magic bytes; ``format`` is Pillow's name (PNG, JPEG, WEBP) or PDF."""

    kind: UploadKind
    format: str
    media_type: str


def detect(data: bytes, *, documents: bool = False) -> Detected:
    """The kind of ``data`` from its first bytes; anything else is UNSUPPORTED_TYPE. With
    ``documents``, a ZIP is a DOCX (confirmed by :func:`check_docx`) and a text starting with
    ``{`` is JSON (confirmed by :func:`check_json`)."""
    if len(data) > MAX_UPLOAD_BYTES:
        raise UploadRejected(RejectionCode.TOO_LARGE)
    if documents:
        if data.startswith(_ZIP_LOCAL):
            return Detected(UploadKind.DOCX, "DOCX", DOCX_MEDIA_TYPE)
        if data.removeprefix(_UTF8_BOM).lstrip().startswith(b"{"):
            return Detected(UploadKind.JSON, "JSON", "application/json")
    if data.startswith(_PDF_MAGIC):
        return Detected(UploadKind.PDF, "PDF", "application/pdf")
    if data.startswith(_PNG_MAGIC):
        return Detected(UploadKind.IMAGE, "PNG", "image/png")
    if data.startswith(_JPEG_MAGIC):
        return Detected(UploadKind.IMAGE, "JPEG", "image/jpeg")
    if len(data) >= 12 and data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return Detected(UploadKind.IMAGE, "WEBP", "image/webp")
    raise UploadRejected(RejectionCode.UNSUPPORTED_TYPE)


# --- images ----------------------------------------------------------------------------------


def open_image(data: bytes, detected: Detected) -> Image.Image:
    """The image decoded in full, after the structure and polyglot checks; refusals otherwise."""
    _check_image_structure(data, detected.format)
    try:
        with Image.open(io.BytesIO(data), formats=[detected.format]) as probe:
            _check_pixels(probe.size)
            probe.verify()
        image = Image.open(io.BytesIO(data), formats=[detected.format])
        _check_pixels(image.size)
        image.load()
    except UploadRejected:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as error:
        raise UploadRejected(RejectionCode.IMAGE_TOO_LARGE) from error
    except Exception as error:  # Pillow raises many kinds (OSError, SyntaxError, ValueError...)
        raise UploadRejected(RejectionCode.CORRUPT, "The image could not be read.") from error
    return image


def _check_pixels(size: tuple[int, int]) -> None:
    width, height = size
    limit = min(MAX_IMAGE_PIXELS, Image.MAX_IMAGE_PIXELS or MAX_IMAGE_PIXELS)
    if width <= 0 or height <= 0:
        raise UploadRejected(RejectionCode.CORRUPT, "The image could not be read.")
    if limit is not None and width * height > limit:
        raise UploadRejected(RejectionCode.IMAGE_TOO_LARGE)


def _check_image_structure(data: bytes, fmt: str) -> None:
    """Walk the container: refuse trailing data after the end marker and hidden documents."""
    if fmt == "PNG":
        end, metadata = _png_end(data)
    elif fmt == "JPEG":
        end, metadata = _jpeg_end(data)
    else:
        end, metadata = _webp_end(data)
    trailing = data[end:]
    hidden = (
        _PDF_MAGIC in data
        or _ZIP_LOCAL in trailing
        or _ZIP_LOCAL in metadata
        or _ZIP_EOCD in metadata
        or _ZIP_EOCD in data[-_ZIP_TAIL:]
    )
    if hidden:
        raise UploadRejected(
            RejectionCode.UNSAFE_CONTENT, "The image contains another file hidden inside it."
        )
    if trailing.strip(b"\x00"):
        raise UploadRejected(
            RejectionCode.UNSAFE_CONTENT, "The image has extra data after its end."
        )


def _corrupt_image() -> UploadRejected:
    return UploadRejected(RejectionCode.CORRUPT, "The image could not be read.")


def _png_end(data: bytes) -> tuple[int, bytes]:
    """The offset just past IEND, and the ancillary (non-pixel) chunks' bytes."""
    position = len(_PNG_MAGIC)
    metadata = bytearray()
    while position + 12 <= len(data):
        (length,) = struct.unpack(">I", data[position : position + 4])
        chunk_type = data[position + 4 : position + 8]
        end = position + 12 + length
        if end > len(data):
            raise _corrupt_image()
        if chunk_type == b"IEND":
            return end, bytes(metadata)
        if chunk_type not in (b"IDAT", b"fdAT"):
            metadata += data[position + 8 : position + 8 + length]
        position = end
    raise _corrupt_image()


_JPEG_STANDALONE = {0x01, *range(0xD0, 0xD8)}  # TEM, RST0-7


def _jpeg_end(data: bytes) -> tuple[int, bytes]:
    """The offset just past EOI (segments walked, entropy-coded data skipped), and the bytes of
    the APPn/COM segments. An EXIF thumbnail's own EOI sits inside APP1 and is skipped with it."""
    position = 2
    metadata = bytearray()
    size = len(data)
    while position < size:
        if data[position] != 0xFF:
            raise _corrupt_image()
        while position < size and data[position] == 0xFF:  # fill bytes
            position += 1
        if position >= size:
            break
        marker = data[position]
        position += 1
        if marker == 0xD9:  # EOI
            return position, bytes(metadata)
        if marker in _JPEG_STANDALONE:
            continue
        if position + 2 > size:
            break
        (length,) = struct.unpack(">H", data[position : position + 2])
        if length < 2 or position + length > size:
            raise _corrupt_image()
        if 0xE0 <= marker <= 0xEF or marker == 0xFE:
            metadata += data[position + 2 : position + length]
        position += length
        if marker == 0xDA:  # SOS: entropy-coded data up to the next real marker
            while True:
                found = data.find(b"\xff", position)
                if found < 0 or found + 1 >= size:
                    raise _corrupt_image()
                following = data[found + 1]
                if following == 0x00 or 0xD0 <= following <= 0xD7 or following == 0xFF:
                    position = found + 1 if following == 0xFF else found + 2
                    continue
                position = found
                break
    raise _corrupt_image()


def _webp_end(data: bytes) -> tuple[int, bytes]:
    """The RIFF container's end, and the bytes of its non-image chunks (EXIF, XMP, ICCP...)."""
    (riff_size,) = struct.unpack("<I", data[4:8])
    end = 8 + riff_size
    if riff_size < 4 or end > len(data):
        raise _corrupt_image()
    metadata = bytearray()
    position = 12
    while position + 8 <= end:
        chunk_type = data[position : position + 4]
        (length,) = struct.unpack("<I", data[position + 4 : position + 8])
        body_end = position + 8 + length
        if body_end > end:
            raise _corrupt_image()
        if chunk_type not in (b"VP8 ", b"VP8L", b"ALPH", b"ANMF"):
            metadata += data[position + 8 : body_end]
        position = body_end + (length & 1)
    return end, bytes(metadata)


# --- PDFs ------------------------------------------------------------------------------------

# Actions that run code or other programs; an /OpenAction that only opens a page is fine.
_UNSAFE_ACTIONS = {"/JavaScript", "/Launch", "/ImportData", "/RichMedia"}
_UNSAFE_KEYS = {"/JS", "/JavaScript", "/EmbeddedFile", "/EmbeddedFiles", "/XFA"}
_MAX_PDF_OBJECTS = 200_000


def check_pdf(data: bytes) -> int:
    """The number of pages of a PDF that parses, is not encrypted and runs nothing."""
    from pypdf import PdfReader

    if _ZIP_EOCD in data[-_ZIP_TAIL:] or _ZIP_LOCAL in data[:1024]:
        raise UploadRejected(
            RejectionCode.UNSAFE_CONTENT, "The PDF contains another file hidden inside it."
        )
    try:
        reader = PdfReader(io.BytesIO(data), strict=False)
        if reader.is_encrypted:
            raise UploadRejected(
                RejectionCode.UNSAFE_CONTENT, "Password-protected PDFs cannot be uploaded."
            )
        pages = len(reader.pages)
        root = reader.trailer["/Root"].get_object()
        unsafe = _find_unsafe(root)
    except UploadRejected:
        raise
    except Exception as error:  # pypdf raises PdfReadError and many plain errors on bad input
        raise UploadRejected(RejectionCode.CORRUPT, "The PDF could not be read.") from error
    if pages < 1:
        raise UploadRejected(RejectionCode.CORRUPT, "The PDF has no pages.")
    if unsafe is not None:
        raise UploadRejected(
            RejectionCode.UNSAFE_CONTENT,
            "The PDF contains scripts, embedded files or actions that cannot be uploaded.",
        )
    return pages


def _find_unsafe(root: Any) -> str | None:
    """Walk every object reachable from the catalog (object streams included, as pypdf resolves
    them) without decoding content streams; the first unsafe key or action found, or None."""
    from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject

    seen: set[tuple[int, int]] = set()
    stack: list[Any] = [root]
    visited = 0
    while stack:
        item = stack.pop()
        if isinstance(item, IndirectObject):
            ref = (item.idnum, item.generation)
            if ref in seen:
                continue
            seen.add(ref)
            item = item.get_object()
        visited += 1
        if visited > _MAX_PDF_OBJECTS:
            return "too many objects"
        if isinstance(item, DictionaryObject):
            for key, value in item.items():
                if key in _UNSAFE_KEYS:
                    return str(key)
                if key == "/S" and str(value) in _UNSAFE_ACTIONS:
                    return str(value)
                if key == "/Parent":  # the page tree is walked from the top already
                    continue
                stack.append(value)
        elif isinstance(item, ArrayObject):
            stack.extend(item)
    return None


# --- documents (DOCX, JSON) ------------------------------------------------------------------

# Unpacked, a real Word document is well under a few MB (pictures included); 50 MB like the file.
MAX_DOCX_UNPACKED_BYTES = 50 * 1024 * 1024
# Any member bigger than this unpacked must not be more than MAX_DOCX_RATIO times its packed size:
# XML deflates about 5-15 times, a bomb thousands of times.
MAX_DOCX_RATIO = 100
_DOCX_RATIO_FLOOR_BYTES = 1024 * 1024
MAX_DOCX_MEMBERS = 1000
DOCX_UNSUPPORTED_MESSAGE = "The file is a ZIP archive but not a Word (.docx) document."


def check_docx(data: bytes, *, refused: str = "so it cannot be uploaded") -> None:
    """Refuse what is not a Word document, a zip bomb, encrypted members or macros, from the
    ZIP's central directory alone (nothing is decompressed). ``refused`` ends the messages."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, OSError, ValueError) as error:
        raise UploadRejected(RejectionCode.CORRUPT, "The Word file could not be read.") from error
    with archive:
        members = archive.infolist()
        if len(members) > MAX_DOCX_MEMBERS:
            raise UploadRejected(
                RejectionCode.UNSAFE_CONTENT,
                f"The Word file has more than {MAX_DOCX_MEMBERS} parts, {refused}.",
            )
        names = {member.filename for member in members}
        if "word/document.xml" not in names or "[Content_Types].xml" not in names:
            raise UploadRejected(RejectionCode.UNSUPPORTED_TYPE, DOCX_UNSUPPORTED_MESSAGE)
        if any(name.lower().endswith("vbaproject.bin") for name in names):
            raise UploadRejected(
                RejectionCode.UNSAFE_CONTENT,
                f"The Word file contains macros, {refused}. Save it as a plain .docx document "
                "and use that.",
            )
        total = 0
        for member in members:
            if member.flag_bits & 0x1:
                raise UploadRejected(
                    RejectionCode.UNSAFE_CONTENT,
                    "Password-protected Word files cannot be used.",
                )
            total += member.file_size
            ratio = member.file_size / max(member.compress_size, 1)
            if member.file_size > _DOCX_RATIO_FLOOR_BYTES and ratio > MAX_DOCX_RATIO:
                raise _docx_bomb(refused)
        if total > MAX_DOCX_UNPACKED_BYTES:
            raise _docx_bomb(refused)


def _docx_bomb(refused: str) -> UploadRejected:
    limit = MAX_DOCX_UNPACKED_BYTES // (1024 * 1024)
    return UploadRejected(
        RejectionCode.UNSAFE_CONTENT,
        f"The Word file would unpack to far more than it takes (over {limit} MB or over "
        f"{MAX_DOCX_RATIO} times its packed size), {refused}.",
    )


def check_json(data: bytes) -> None:
    """A UTF-8 JSON document whose top level is an object (what it holds is the reader's)."""
    try:
        document = json.loads(data.removeprefix(_UTF8_BOM).decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        raise UploadRejected(RejectionCode.CORRUPT, "The JSON file could not be read.") from error
    if not isinstance(document, dict):
        raise UploadRejected(RejectionCode.CORRUPT, "The JSON file does not hold an object.")
