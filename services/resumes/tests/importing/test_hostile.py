"""Hostile and broken files: clear refusals before parsing, or a draft saying what was unread."""

from __future__ import annotations

import io
import json
import zipfile

import pytest
from pypdf import PdfReader, PdfWriter
from resumes.importing import (
    RejectionCode,
    UploadRejected,
    YearMonth,
    import_resume,
    read_resume,
    safety,
)

from services.resumes.tests.importing.corpus import LAYOUTS, PEOPLE, VOCABULARY


def _refused(data: bytes) -> UploadRejected:
    with pytest.raises(UploadRejected) as caught:
        read_resume(data, vocabulary=VOCABULARY)
    return caught.value


def _pdf_with_javascript(*, open_action: bool) -> bytes:
    from pypdf.generic import ArrayObject, DictionaryObject, NameObject, TextStringObject

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(LAYOUTS["pdf-one-column"](PEOPLE[1]))))
    action = writer._add_object(
        DictionaryObject(
            {
                NameObject("/S"): NameObject("/JavaScript"),
                NameObject("/JS"): TextStringObject("app.alert('hello');"),
            }
        )
    )
    if open_action:  # run when the document opens
        writer._root_object[NameObject("/OpenAction")] = action
    else:  # a document-level script in the catalog's name tree
        scripts = DictionaryObject(
            {NameObject("/Names"): ArrayObject([TextStringObject("hello"), action])}
        )
        writer._root_object[NameObject("/Names")] = DictionaryObject(
            {NameObject("/JavaScript"): writer._add_object(scripts)}
        )
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()


@pytest.mark.parametrize("open_action", [False, True], ids=["document-js", "open-action-js"])
def test_a_pdf_with_javascript_is_refused_with_a_clear_message(open_action: bool) -> None:
    data = _pdf_with_javascript(open_action=open_action)
    refusal = _refused(data)
    assert refusal.code is RejectionCode.UNSAFE_CONTENT
    assert "scripts or actions" in refusal.message
    # the same file without the script is read
    assert read_resume(LAYOUTS["pdf-one-column"](PEOPLE[1])).personal.last_name == "Walker"


def _zip(members: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, content in members.items():
            archive.writestr(name, content)
    return buffer.getvalue()


_CONTENT_TYPES = b'<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'


def test_a_zip_bomb_disguised_as_docx_is_refused_from_its_directory(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    bomb = _zip(
        {
            "[Content_Types].xml": _CONTENT_TYPES,
            "word/document.xml": b"<w:document>" + b" " * (60 * 1024 * 1024) + b"</w:document>",
        }
    )
    assert len(bomb) < 1024 * 1024  # a small file that unpacks to 60 MB

    opened: list[object] = []
    monkeypatch.setattr(zipfile.ZipFile, "open", lambda *args, **kwargs: opened.append(args))
    refusal = _refused(bomb)
    assert refusal.code is RejectionCode.UNSAFE_CONTENT
    assert "unpack" in refusal.message
    assert opened == []  # refused before any member was decompressed


def test_a_small_docx_with_an_absurd_ratio_is_refused() -> None:
    bomb = _zip(
        {
            "[Content_Types].xml": _CONTENT_TYPES,
            "word/document.xml": b"<w:document/>",
            "word/media/image1.png": b"\x00" * (5 * 1024 * 1024),  # 5 MB of zeros: ratio ~1000
        }
    )
    refusal = _refused(bomb)
    assert refusal.code is RejectionCode.UNSAFE_CONTENT
    assert f"{safety.MAX_DOCX_RATIO} times" in refusal.message


def test_a_docx_with_macros_and_a_zip_that_is_no_docx_are_refused() -> None:
    with_macros = _zip(
        {
            "[Content_Types].xml": _CONTENT_TYPES,
            "word/document.xml": b"<w:document/>",
            "word/vbaProject.bin": b"macro",
        }
    )
    assert _refused(with_macros).code is RejectionCode.UNSAFE_CONTENT
    assert "macros" in _refused(with_macros).message
    other_zip = _zip({"hello.txt": b"hello"})
    refusal = _refused(other_zip)
    assert refusal.code is RejectionCode.UNSUPPORTED_TYPE
    assert refusal.message == safety.UNSUPPORTED_MESSAGE


async def test_a_50_mb_file_is_refused_before_anything_parses_it() -> None:
    huge = b"%PDF-1.7\n" + b"0" * (50 * 1024 * 1024)
    refusal = _refused(huge)
    assert refusal.code is RejectionCode.TOO_LARGE
    assert refusal.message == "The file is larger than 50 MB."
    with pytest.raises(UploadRejected) as caught:
        await import_resume(huge, vocabulary=VOCABULARY)
    assert caught.value.code is RejectionCode.TOO_LARGE


def test_a_json_resume_with_10000_entries_is_refused_with_the_limit() -> None:
    document = {
        "basics": {"name": "Many Jobs"},
        "work": [{"name": f"Employer {n}", "position": "Clerk"} for n in range(10_000)],
    }
    refusal = _refused(json.dumps(document).encode())
    assert refusal.code is RejectionCode.TOO_COMPLEX
    assert refusal.message == (
        'The JSON Resume has 10,000 entries in "work"; at most 200 per section can be '
        "imported, so nothing was imported."
    )


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (b"\x89PNG\r\n\x1a\n" + b"\x00" * 64, RejectionCode.UNSUPPORTED_TYPE),
        (b"Just a plain text CV\nAnna Schmidt", RejectionCode.UNSUPPORTED_TYPE),
        (b"   ", RejectionCode.CORRUPT),
        (b'{"basics": {"name": "Anna"', RejectionCode.CORRUPT),
        (b"%PDF-1.7\nnot really a pdf", RejectionCode.CORRUPT),
        (b"PK\x03\x04 not really a zip", RejectionCode.CORRUPT),
        (b'{"work": ' + b"[" * 100_000 + b"]" * 100_000 + b"}", RejectionCode.CORRUPT),
        (b"[1, 2, 3]", RejectionCode.UNSUPPORTED_TYPE),
    ],
    ids=["png", "text", "blank", "broken-json", "broken-pdf", "broken-zip", "deep-json", "array"],
)
def test_what_is_not_a_cv_is_refused_by_its_content(data: bytes, code: RejectionCode) -> None:
    assert _refused(data).code is code


def test_a_scanned_pdf_keeps_nothing_and_says_why() -> None:
    from fpdf import FPDF

    pdf = FPDF()
    pdf.add_page()
    pdf.rect(20, 20, 100, 50, style="F")  # a picture of text has no text layer
    draft = read_resume(bytes(pdf.output()))
    assert draft.work == ()
    assert draft.personal.email is None
    assert any("no readable text" in problem for problem in draft.problems)


def test_a_partly_readable_cv_keeps_what_it_read_and_names_the_rest() -> None:
    person = PEOPLE[0]
    full = read_resume(LAYOUTS["pdf-inline"](person), vocabulary=VOCABULARY)
    assert full.problems == ()
    # the same CV without its languages and with a job whose dates are missing
    import docx

    document = docx.Document()
    document.add_paragraph("Anna Schmidt")
    document.add_paragraph("anna.schmidt@example.org")
    document.add_heading("Berufserfahrung", level=1)
    document.add_paragraph("Softwareentwicklerin, Datenwerk AG | 2016 - 2019")
    document.add_paragraph("Werkstudentin, Ohne Datum GmbH")
    buffer = io.BytesIO()
    document.save(buffer)
    draft = read_resume(buffer.getvalue(), vocabulary=VOCABULARY)
    assert draft.personal.email == "anna.schmidt@example.org"
    assert draft.work[0].employer == "Datenwerk AG"
    assert "No languages section was found." in draft.problems
    assert "The phone number could not be read." in draft.problems
    assert "No education section was found." in draft.problems

    broken = {
        "basics": {"name": "Anna Schmidt", "email": "anna@example.org"},
        "work": [
            "not an entry",
            {"name": "Datenwerk AG", "position": "Entwicklerin", "startDate": "03/2016"},
            {"name": "Nordlicht GmbH", "position": "Leiterin", "startDate": "2019-03"},
        ],
    }
    read = read_resume(json.dumps(broken).encode(), vocabulary=VOCABULARY)
    assert [entry.employer for entry in read.work] == ["Datenwerk AG", "Nordlicht GmbH"]
    assert read.work[1].start == YearMonth(2019, 3)
    assert read.problems == (
        '"work" entry 1 is not an object, so it was not read.',
        'Work experience entry 2: the date "03/2016" could not be read.',
    )


async def test_the_async_entry_point_reads_in_a_child_process() -> None:
    data = LAYOUTS["docx-labelled"](PEOPLE[4])
    in_child = await import_resume(data, vocabulary=VOCABULARY)
    assert in_child == read_resume(data, vocabulary=VOCABULARY)
    with pytest.raises(UploadRejected) as caught:
        await import_resume(_pdf_with_javascript(open_action=True))
    assert caught.value.code is RejectionCode.UNSAFE_CONTENT  # refusals cross the process


async def test_a_file_over_the_time_limit_is_refused_and_its_child_stopped() -> None:
    with pytest.raises(UploadRejected) as caught:
        # no time at all: the child cannot have answered when the limit is checked
        await import_resume(LAYOUTS["pdf-one-column"](PEOPLE[0]), budget_seconds=0)
    assert caught.value.code is RejectionCode.TOO_COMPLEX
    assert caught.value.message == "The file takes too long to read, so it was not imported."


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_damaged_cvs_give_a_draft_or_a_clear_refusal_never_a_crash(layout: str) -> None:
    data = LAYOUTS[layout](PEOPLE[3])
    noise = bytes((index * 167 + 13) % 256 for index in range(64))
    damaged = []
    for cut in (len(data) // 10, len(data) // 3, len(data) // 2, len(data) - 100, len(data) - 8):
        damaged.append(data[:cut])  # truncated
        damaged.append(data[:cut] + noise + data[cut + len(noise) :])  # overwritten
    outcomes: list[str] = []
    for variant in damaged:
        try:
            draft = read_resume(variant, vocabulary=VOCABULARY)
        except UploadRejected as refusal:
            outcomes.append(f"{refusal.code}: {refusal.message}")
        else:
            outcomes.append(draft.source)
    # each variant ended in a draft or in a refusal with words for people (no other exception)
    assert len(outcomes) == len(damaged)
    assert all(not outcome.endswith(": ") for outcome in outcomes)
