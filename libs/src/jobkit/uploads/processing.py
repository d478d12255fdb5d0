"""From received bytes to stored styles and a row: checks and rendering in a child process with a
time budget, then the objects, then the row (objects removed again if the row cannot be written)."""

from __future__ import annotations

import asyncio
import io
import math
import multiprocessing
import os
import re
import resource
import threading
import unicodedata
import uuid
from dataclasses import dataclass
from multiprocessing import context as mp_context
from multiprocessing import forkserver, popen_forkserver, reduction, spawn, util
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from jobkit.uploads.checks import (
    DOCUMENT_KINDS,
    RejectionCode,
    UploadKind,
    UploadRejected,
    check_docx,
    check_json,
    check_pdf,
    detect,
    open_image,
)
from jobkit.uploads.images import ORIGINAL, OUTPUT_EXTENSION, render_styles

if TYPE_CHECKING:  # the fork server imports this module: nothing it does not run (ADR 0059)
    from sqlalchemy import Table
    from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

    from jobkit.uploads.storage import Storage

# Decoding and resizing are CPU-bound and memory-hungry (a 50 MB upload, a large image decoded):
# they never run on the event loop. Each file is checked and rendered in a child process of its
# own with a time budget (killed when the budget is spent: a thread could not be stopped), and
# at most this many run at once per service process.
WORKERS = 2
# CPU seconds a file may take to be checked and rendered (a 24-megapixel noisy photo takes about
# 2). The budget is the child's CPU time (RLIMIT_CPU), so a busy machine does not refuse honest
# files; wall-clock time is bounded too, at WALL_FACTOR times the budget, for a child that waits.
DEFAULT_BUDGET_SECONDS = 30.0
WALL_FACTOR = 4
_slots = threading.BoundedSemaphore(WORKERS)  # taken in the waiting thread, not on the loop
_context: Any = None


def _children() -> Any:
    """Children come from a fork server that imported Pillow and pypdf once: starting one costs
    a fork, not an interpreter, and never copies the service's own threads or sockets."""
    global _context
    if _context is None:
        _context = multiprocessing.get_context("forkserver")
        _context.set_forkserver_preload(["jobkit.uploads.processing"])
    return _context


class _ChildPopen(popen_forkserver.Popen):
    """The fork server's launcher, without telling the child to import the parent's
    ``__main__``. The stock launcher has every child run the parent's main module again before
    its target (multiprocessing's rule for spawned children): for a service that is
    ``jobkit.serve`` (0.2 s a file), for a script such as the data set generator every service
    (2-5 s a file, so 5,000 logos took hours). The target lives in this module, which the fork
    server has imported, so the child needs nothing of the parent's main. Otherwise the stdlib's
    ``_launch`` line for line (CPython 3.11 and 3.12 are alike)."""

    def _launch(self, process_obj: Any) -> None:
        prep_data = spawn.get_preparation_data(process_obj._name)
        prep_data.pop("init_main_from_name", None)
        prep_data.pop("init_main_from_path", None)
        buf = io.BytesIO()
        mp_context.set_spawning_popen(self)
        try:
            reduction.dump(prep_data, buf)
            reduction.dump(process_obj, buf)
        finally:
            mp_context.set_spawning_popen(None)
        self.sentinel, w = forkserver.connect_to_new_process(self._fds)  # type: ignore[attr-defined]
        parent_w = os.dup(w)  # the child's sign that its parent is alive, as the stdlib keeps it
        self.finalizer = util.Finalize(self, util.close_fds, (parent_w, self.sentinel))  # type: ignore[attr-defined]
        with open(w, "wb", closefd=True) as pipe:
            pipe.write(buf.getbuffer())
        self.pid = forkserver.read_signed(self.sentinel)


class _Child(mp_context.ForkServerProcess):
    """A fork server child launched by :class:`_ChildPopen`."""

    @staticmethod
    def _Popen(process_obj: Any) -> _ChildPopen:  # noqa: N802 - the stdlib's hook name
        return _ChildPopen(process_obj)


@dataclass(frozen=True)
class Rendition:
    data: bytes
    media_type: str
    extension: str
    width: int | None = None
    height: int | None = None


@dataclass(frozen=True)
class ProcessedUpload:
    kind: UploadKind
    media_type: str  # of the original style
    size: int  # bytes received
    styles: dict[str, Rendition]


def process_upload(data: bytes, *, kinds: frozenset[UploadKind] | None = None) -> ProcessedUpload:
    """Check ``data`` and render what is stored (synchronous, CPU-bound: see :func:`process`).
    DOCX and JSON files are recognised only when ``kinds`` names one of them (a purpose that
    takes documents); they are checked and stored as uploaded.
    Raises :class:`~jobkit.uploads.checks.UploadRejected`."""
    detected = detect(data, documents=bool(kinds and kinds & DOCUMENT_KINDS))
    if detected.kind in DOCUMENT_KINDS:
        if detected.kind is UploadKind.DOCX:
            check_docx(data)
            extension = "docx"
        else:
            check_json(data)
            extension = "json"
        stored = Rendition(data=data, media_type=detected.media_type, extension=extension)
        return ProcessedUpload(detected.kind, stored.media_type, len(data), {ORIGINAL: stored})
    if detected.kind is UploadKind.PDF:
        check_pdf(data)
        original = Rendition(data=data, media_type="application/pdf", extension="pdf")
        return ProcessedUpload(UploadKind.PDF, original.media_type, len(data), {ORIGINAL: original})
    with open_image(data, detected) as image:
        rendered = render_styles(image)
    styles = {
        name: Rendition(
            data=style.data,
            media_type=style.media_type,
            extension=OUTPUT_EXTENSION,
            width=style.width,
            height=style.height,
        )
        for name, style in rendered.items()
    }
    return ProcessedUpload(UploadKind.IMAGE, styles[ORIGINAL].media_type, len(data), styles)


def start_workers() -> None:
    """Start the fork server now, in the background, so the first upload does not wait for it
    to import Pillow and pypdf (the upload router calls it when the app starts)."""

    def start() -> None:
        _children()
        forkserver.ensure_running()

    threading.Thread(target=start, name="jobkit-uploads-forkserver", daemon=True).start()


def _process_in_child(
    connection: Any, data: bytes, budget_seconds: float, kinds: frozenset[UploadKind] | None
) -> None:
    """The child's work: the outcome goes back through the pipe (a refusal as code and text).
    The kernel ends the child when it has used ``budget_seconds`` of CPU (SIGXCPU)."""
    cpu_seconds = max(1, math.ceil(budget_seconds))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds + 1))
    try:
        outcome: tuple[Any, ...] = ("done", process_upload(data, kinds=kinds))
    except UploadRejected as rejected:
        outcome = ("rejected", rejected.code.value, rejected.message)
    except Exception as error:  # a bug: reported to the parent, which raises it
        outcome = ("failed", f"{type(error).__name__}: {error}")
    connection.send(outcome)
    connection.close()


async def process(
    data: bytes,
    *,
    budget_seconds: float = DEFAULT_BUDGET_SECONDS,
    kinds: frozenset[UploadKind] | None = None,
) -> ProcessedUpload:
    """:func:`process_upload` in a child process, at most ``WORKERS`` at once; a file that takes
    more than ``budget_seconds`` of CPU, or ``WALL_FACTOR`` times that in wall-clock time, is
    refused (TOO_COMPLEX) and its child killed."""
    return await asyncio.to_thread(_run_child, data, budget_seconds, kinds)


def _run_child(
    data: bytes, budget_seconds: float, kinds: frozenset[UploadKind] | None = None
) -> ProcessedUpload:
    with _slots:
        return _run_child_now(data, budget_seconds, kinds)


def _run_child_now(
    data: bytes, budget_seconds: float, kinds: frozenset[UploadKind] | None = None
) -> ProcessedUpload:
    context = _children()
    receiver, sender = context.Pipe(duplex=False)
    child = _Child(
        target=_process_in_child, args=(sender, data, budget_seconds, kinds), daemon=True
    )
    try:
        child.start()
        sender.close()
        if not receiver.poll(budget_seconds * WALL_FACTOR):
            raise UploadRejected(RejectionCode.TOO_COMPLEX)
        try:
            outcome = receiver.recv()
        except EOFError as error:  # the child died (out of memory, a crash in a decoder)
            raise UploadRejected(RejectionCode.TOO_COMPLEX) from error
    finally:
        if child.pid is not None:  # started
            if child.is_alive():
                child.kill()
            child.join()
        receiver.close()
    if outcome[0] == "rejected":
        raise UploadRejected(RejectionCode(outcome[1]), outcome[2])
    if outcome[0] == "failed":
        raise RuntimeError(f"processing an upload failed: {outcome[1]}")
    result: ProcessedUpload = outcome[1]
    return result


async def store_upload(
    *,
    processed: ProcessedUpload,
    storage: Storage,
    sessions: async_sessionmaker[AsyncSession],
    table: Table,
    owner_id: str,
    filename: str,
    purpose: str,
    private: bool,
) -> dict[str, Any]:
    """Put every style, then insert the row; on any failure remove what was put. The row's
    values are returned."""
    upload_id = uuid.uuid4()
    put: list[str] = []
    styles: dict[str, dict[str, Any]] = {}
    try:
        for name, rendition in processed.styles.items():
            key = f"{upload_id}/{name}.{rendition.extension}"
            await storage.put(key, rendition.data, rendition.media_type)
            put.append(key)
            styles[name] = {
                "key": key,
                "width": rendition.width,
                "height": rendition.height,
                "media_type": rendition.media_type,
            }
        values: dict[str, Any] = {
            "id": upload_id,
            "owner_id": owner_id,
            "kind": processed.kind.value,
            "media_type": processed.media_type,
            "filename": sanitize_filename(filename),
            "size": processed.size,
            "styles": styles,
            "private": private,
            "purpose": purpose,
        }
        async with sessions() as session, session.begin():
            await session.execute(table.insert().values(**values))
    except BaseException:
        await asyncio.shield(_remove(storage, put))
        raise
    return values


async def _remove(storage: Storage, keys: list[str]) -> None:
    for key in keys:
        try:
            await storage.delete(key)
        except Exception:  # noqa: S112 - best effort; the original error is what matters
            continue


async def delete_upload(storage: Storage, row: Any) -> None:
    """Remove every stored style of an upload row (the caller deletes the row)."""
    await _remove(storage, [style["key"] for style in row.styles.values()])


# --- names -----------------------------------------------------------------------------------

_UNSAFE_NAME = re.compile(r"[\x00-\x1f\x7f/\\]")


def sanitize_filename(name: str | None, *, limit: int = 200) -> str:
    """The uploaded name kept for Content-Disposition only: its last path part, NFC, no control
    characters, at most ``limit`` characters; "file" when nothing is left."""
    name = (name or "").replace("\\", "/").rsplit("/", 1)[-1]
    name = unicodedata.normalize("NFC", name)
    name = _UNSAFE_NAME.sub("", name).strip().strip(".")
    name = "".join(ch for ch in name if unicodedata.category(ch) not in {"Cc", "Cf", "Cs", "Co"})
    if len(name) > limit:
        stem, dot, extension = name.rpartition(".")
        name = f"{stem[: limit - len(extension) - 1]}.{extension}" if dot else name[:limit]
    return name or "file"


def served_filename(filename: str, extension: str) -> str:
    """The stored name with the extension of what is served (``logo.png`` -> ``logo.webp``)."""
    stem = filename.rsplit(".", 1)[0] if "." in filename else filename
    return f"{stem or 'file'}.{extension}"


def content_disposition(filename: str, *, inline: bool = True) -> str:
    """``inline; filename="ascii"; filename*=UTF-8''percent-encoded`` (RFC 6266 / RFC 5987)."""
    ascii_name = unicodedata.normalize("NFKD", filename).encode("ascii", "ignore").decode("ascii")
    ascii_name = re.sub(r"[^A-Za-z0-9._ ()-]", "_", ascii_name).strip() or "file"
    disposition = "inline" if inline else "attachment"
    return f"{disposition}; filename=\"{ascii_name}\"; filename*=UTF-8''{quote(filename, safe='')}"
