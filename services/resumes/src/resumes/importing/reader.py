"""The entry points: read a CV's bytes into a draft (synchronously, or in a child process with a
time limit, which is what a request handler calls), and write a draft out as JSON Resume."""

from __future__ import annotations

import asyncio
import multiprocessing
import threading
from multiprocessing import forkserver
from typing import Any

from jobkit.uploads.checks import RejectionCode, UploadRejected

from resumes.importing import jsonresume
from resumes.importing.layout import read_lines
from resumes.importing.model import ResumeDraft
from resumes.importing.safety import FileKind, check_docx, check_pdf_safe, check_size, detect
from resumes.importing.terms import SkillMatcher, VocabularyInput, as_terms
from resumes.importing.text import docx_lines, pdf_lines

# Seconds one file may take to be checked and read; then its child is killed (a thread could
# not be stopped). The upload path's budget (ADR 0024).
DEFAULT_BUDGET_SECONDS = 30.0
WORKERS = 2  # files read at once per process; more wait for a slot (in a thread, not the loop)
_slots = threading.BoundedSemaphore(WORKERS)
TOO_SLOW_MESSAGE = "The file takes too long to read, so it was not imported."


def read_resume(data: bytes, *, vocabulary: VocabularyInput = ()) -> ResumeDraft:
    """The draft read from a PDF, DOCX or JSON Resume file (the kind decided by its content).

    Synchronous and CPU-bound: request handlers call :func:`import_resume`. Raises
    :class:`~jobkit.uploads.checks.UploadRejected` for a file that is refused (too large, not a
    supported kind, unsafe, unreadable); a file that is only partly readable gives a draft whose
    ``problems`` say what could not be read."""
    kind = detect(data)
    matcher = SkillMatcher(vocabulary)
    if kind is FileKind.JSON_RESUME:
        return jsonresume.read(jsonresume.parse(data), matcher=matcher)
    if kind is FileKind.PDF:
        check_pdf_safe(data)
        try:
            extracted = pdf_lines(data)
        except Exception as error:  # pypdf checked it already; a failure here is damage
            raise UploadRejected(RejectionCode.CORRUPT, "The PDF could not be read.") from error
    else:
        check_docx(data)
        try:
            extracted = docx_lines(data)
        except Exception as error:  # python-docx/lxml on a damaged package
            raise UploadRejected(
                RejectionCode.CORRUPT, "The Word file could not be read."
            ) from error
    return read_lines(
        extracted.lines, source=kind.value, matcher=matcher, problems=extracted.problems
    )


def export_json_resume(draft: ResumeDraft) -> dict[str, Any]:
    """A JSON Resume (v1) document of ``draft``, for the applicant to download."""
    return jsonresume.export(draft)


async def import_resume(
    data: bytes,
    *,
    vocabulary: VocabularyInput = (),
    budget_seconds: float = DEFAULT_BUDGET_SECONDS,
) -> ResumeDraft:
    """:func:`read_resume` in a child process, never on the event loop: the size is checked
    first (nothing is sent to a child for a file over the limit), at most ``WORKERS`` files are
    read at once, and a file not read within ``budget_seconds`` is refused (``TOO_COMPLEX``) and
    its child killed."""
    check_size(data)
    terms = as_terms(vocabulary)
    return await asyncio.to_thread(_run_child, data, terms, budget_seconds)


# What the fork server imports once, so a child costs a fork, not the import of pypdf,
# python-docx and lxml (seconds on a busy machine). The upload path's module is kept in the list:
# there is one fork server per process, started by whichever asks first.
_PRELOAD = ["jobkit.uploads.processing", "resumes.importing.reader"]


def _context() -> Any:
    """The process's fork server (ADR 0024): the service's threads and sockets are never
    forked. The preload list only counts until the server has started."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(_PRELOAD)
    return context


def start_workers() -> None:
    """Start the fork server now, in the background, so the first import does not wait for it
    to load the parsers (call it when the app starts, before the upload router's own start)."""

    def start() -> None:
        _context()
        forkserver.ensure_running()

    threading.Thread(target=start, name="resume-import-forkserver", daemon=True).start()


def _read_in_child(connection: Any, data: bytes, vocabulary: Any) -> None:
    try:
        outcome: tuple[Any, ...] = ("done", read_resume(data, vocabulary=vocabulary))
    except UploadRejected as rejected:
        outcome = ("rejected", rejected.code.value, rejected.message)
    except Exception as error:  # a bug: reported to the parent, which raises it
        outcome = ("failed", f"{type(error).__name__}: {error}")
    connection.send(outcome)
    connection.close()


def _run_child(data: bytes, vocabulary: Any, budget_seconds: float) -> ResumeDraft:
    with _slots:
        context = _context()
        receiver, sender = context.Pipe(duplex=False)
        child = context.Process(target=_read_in_child, args=(sender, data, vocabulary), daemon=True)
        try:
            child.start()
            sender.close()
            if not receiver.poll(budget_seconds):
                raise UploadRejected(RejectionCode.TOO_COMPLEX, TOO_SLOW_MESSAGE)
            try:
                outcome = receiver.recv()
            except EOFError as error:  # the child died (memory, a crash in a parser)
                raise UploadRejected(RejectionCode.TOO_COMPLEX, TOO_SLOW_MESSAGE) from error
        finally:
            if child.pid is not None:
                if child.is_alive():
                    child.kill()
                child.join()
            receiver.close()
    if outcome[0] == "rejected":
        raise UploadRejected(RejectionCode(outcome[1]), outcome[2])
    if outcome[0] == "failed":
        raise RuntimeError(f"reading an imported resume failed: {outcome[1]}")
    draft: ResumeDraft = outcome[1]
    return draft
