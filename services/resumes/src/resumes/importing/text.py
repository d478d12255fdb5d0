"""From a PDF or a DOCX to lines of text in reading order, keeping what can be read.

PDF: pypdf's text extraction, page by page (a page that fails is reported and skipped). DOCX:
python-docx, the body in order, tables cell by cell (a two-column layout made of a table reads
column after column), nested tables included, the first section's header before the body.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

MAX_PDF_PAGES = 20
MAX_LINES = 5000

_SPACES = re.compile(r"[ \t\u00a0\u2000-\u200b\u202f\u205f\u3000]+")


@dataclass(frozen=True)
class ExtractedText:
    lines: tuple[str, ...]
    problems: tuple[str, ...]


def _clean(lines: list[str], problems: list[str]) -> ExtractedText:
    cleaned = []
    for raw in lines:
        for part in raw.splitlines():
            line = _SPACES.sub(" ", part).strip()
            if line:
                cleaned.append(line)
    if len(cleaned) > MAX_LINES:
        problems.append(f"Only the first {MAX_LINES} lines of the file were read.")
        cleaned = cleaned[:MAX_LINES]
    return ExtractedText(tuple(cleaned), tuple(problems))


def pdf_lines(data: bytes) -> ExtractedText:
    from pypdf import PdfReader

    problems: list[str] = []
    lines: list[str] = []
    reader = PdfReader(io.BytesIO(data), strict=False)
    pages = reader.pages
    count = len(pages)
    if count > MAX_PDF_PAGES:
        problems.append(f"Only the first {MAX_PDF_PAGES} of the PDF's {count} pages were read.")
    unreadable = []
    for number in range(min(count, MAX_PDF_PAGES)):
        try:
            text = pages[number].extract_text() or ""
        except Exception:  # pypdf raises many kinds on damaged content streams
            unreadable.append(number + 1)
            continue
        lines.extend(text.splitlines())
    if unreadable:
        listed = ", ".join(str(page) for page in unreadable)
        problems.append(f"The text of page {listed} could not be read.")
    if not any(line.strip() for line in lines):
        problems.append(
            "The PDF has no readable text (it may be a scanned image), so nothing could be "
            "taken from it."
        )
    return _clean(lines, problems)


def docx_lines(data: bytes) -> ExtractedText:
    import docx

    problems: list[str] = []
    document = docx.Document(io.BytesIO(data))
    lines: list[str] = []
    try:
        if document.sections:
            header = document.sections[0].header
            lines.extend(paragraph.text for paragraph in header.paragraphs)
            for table in header.tables:
                lines.extend(_table_lines(table))
    except Exception:  # a damaged header part: the body may still be fine
        problems.append("The page header of the Word file could not be read.")
    try:
        lines.extend(_body_lines(document))
    except Exception:
        problems.append("Part of the Word file's text could not be read.")
    if not any(line.strip() for line in lines):
        problems.append("The Word file has no readable text, so nothing could be taken from it.")
    return _clean(lines, problems)


def _body_lines(document: Any) -> Iterator[str]:
    from docx.table import Table
    from docx.text.paragraph import Paragraph

    for block in document.iter_inner_content():
        if isinstance(block, Paragraph):
            yield block.text
        elif isinstance(block, Table):
            yield from _table_lines(block)


def _table_lines(table: Any, depth: int = 0) -> Iterator[str]:
    """Cell after cell, each cell's paragraphs and nested tables (merged cells once)."""
    from docx.table import Table
    from docx.text.paragraph import Paragraph

    if depth > 5:
        return
    seen: set[Any] = set()  # the cells' elements (held, so their identity stays theirs)
    for row in table.rows:
        for cell in row.cells:
            if cell._tc in seen:  # a merged cell, listed once per grid column it spans
                continue
            seen.add(cell._tc)
            for block in cell.iter_inner_content():
                if isinstance(block, Paragraph):
                    yield block.text
                elif isinstance(block, Table):
                    yield from _table_lines(block, depth + 1)
