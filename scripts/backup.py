"""Backups of the services' databases and uploads, and the proof that they restore.

    .venv/bin/python scripts/backup.py create [--to DIR] [--database NAME ...] [--no-uploads]
    .venv/bin/python scripts/backup.py verify DIR
    .venv/bin/python scripts/backup.py restore DIR [--database NAME ...] [--no-uploads] --yes
    .venv/bin/python scripts/backup.py rewind DIR --service NAME [--service NAME ...] --yes
    .venv/bin/python scripts/backup.py list [--root DIR]

``create`` writes one ``pg_dump`` archive per service database (custom format, compressed) and a
tar archive of the upload folders into DIR (default ``.local/backups/<UTC time>``), with a manifest:
each archive's SHA-256 and size, its schema revision (``alembic_version``) and the exact row count
of every table, counted in the very snapshot the archive was dumped from (``pg_export_snapshot``),
so the counts and the archive agree even while the service keeps writing.

``verify`` is what makes a backup trusted: it checks every file's SHA-256, restores each archive
into a scratch database, compares the schema revision and every table's row count with the
manifest, and drops the scratch database. Exit status 1 names what differs.

``restore`` replaces the named databases (every one in the backup by default) with the backup's,
then checks them against the manifest the same way, and puts the uploads back. Stop the services
first (their workers too): a database in use is refused.

``rewind`` moves every consumer group of the named services (``<service>`` and ``<service>-*``)
back to the backup's time, so that the events they consumed after it are delivered again: a
restored database has lost their effects, and each group's ledger (``processed_events``, restored
with it) skips the ones it had applied before the backup. Stop the services first: a group with
members is refused. Elasticsearch is not backed up: its
indices are rebuilt from the owners' events (docs/runbooks/reindex-search.md). What to do after a
restore (outboxes, consumers, search) is in docs/runbooks/backup-and-restore.md.

PostgreSQL comes from the services' settings (JOBBOARD_PG_HOST/PORT/USER/PASSWORD, the local
stack's defaults otherwise); ``pg_dump``, ``pg_restore`` of the server's major version on PATH.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import hashlib
import json
import os
import subprocess
import sys
import tarfile
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg
from aiokafka import AIOKafkaConsumer, TopicPartition
from aiokafka.admin import AIOKafkaAdminClient
from aiokafka.errors import KafkaError
from jobkit.settings import ServiceSettings

ROOT = Path(__file__).resolve().parents[1]
MANIFEST = "manifest.json"
UPLOADS = "uploads.tar"  # images and documents are compressed already
FORMAT = 1


class BackupError(Exception):
    """A backup that cannot be made, trusted or restored; the message says why."""


@dataclass(frozen=True)
class Postgres:
    host: str
    port: int
    user: str
    password: str

    @classmethod
    def from_settings(cls) -> Postgres:
        settings = ServiceSettings()
        return cls(
            host=settings.db_host,
            port=settings.db_port,
            user=settings.db_user,
            password=settings.db_password.get_secret_value(),
        )

    def dsn(self, database: str) -> str:
        return f"postgresql://{self.user}:{self.password}@{self.host}:{self.port}/{database}"

    def env(self) -> dict[str, str]:
        return {**os.environ, "PGPASSWORD": self.password}

    def tool(self, name: str, *args: str) -> list[str]:
        return [name, "-h", self.host, "-p", str(self.port), "-U", self.user, *args]


def service_databases() -> list[str]:
    """Every registered service's database (deploy/services.json; each is named after it)."""
    registry = json.loads((ROOT / "deploy" / "services.json").read_text())
    return [entry["name"] for entry in registry["services"]]


def upload_dir() -> Path:
    return Path(ServiceSettings().upload_dir)


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def describe(path: Path) -> dict[str, Any]:
    return {"file": path.name, "sha256": sha256(path), "bytes": path.stat().st_size}


def run(command: list[str], env: dict[str, str]) -> None:
    """Run a PostgreSQL client tool; the command is built here, never from input."""
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)  # noqa: S603
    if done.returncode != 0:
        raise BackupError(f"{command[0]} failed: {done.stderr.strip() or done.stdout.strip()}")


async def table_counts(connection: asyncpg.Connection) -> dict[str, int]:
    """Exact row counts of every ordinary table outside the system schemas."""
    tables = await connection.fetch(
        """
        SELECT quote_ident(n.nspname) || '.' || quote_ident(c.relname) AS name
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
          AND n.nspname NOT LIKE 'pg_toast%'
        ORDER BY 1
        """
    )
    counts: dict[str, int] = {}
    for row in tables:
        counts[row["name"]] = int(await connection.fetchval(f"SELECT count(*) FROM {row['name']}"))
    return counts


async def schema_revision(connection: asyncpg.Connection) -> str | None:
    exists = await connection.fetchval("SELECT to_regclass('public.alembic_version') IS NOT NULL")
    if not exists:
        return None
    revision = await connection.fetchval("SELECT version_num FROM alembic_version LIMIT 1")
    return str(revision) if revision is not None else None


async def dump_database(pg: Postgres, database: str, target: Path) -> dict[str, Any]:
    """Dump ``database`` to ``target`` and count its rows, both from one exported snapshot."""
    connection = await asyncpg.connect(pg.dsn(database))
    try:
        async with connection.transaction(isolation="repeatable_read", readonly=True):
            snapshot = await connection.fetchval("SELECT pg_export_snapshot()")
            counts = await table_counts(connection)
            revision = await schema_revision(connection)
            command = pg.tool(
                "pg_dump", "--format=custom", f"--snapshot={snapshot}", "--no-owner",
                "--no-privileges", f"--file={target}", database,
            )  # fmt: skip
            # pg_dump joins the snapshot while this transaction holds it open
            await asyncio.to_thread(run, command, pg.env())
    finally:
        await connection.close()
    return {**await asyncio.to_thread(describe, target), "revision": revision, "tables": counts}


def archive_uploads(source: Path, target: Path) -> dict[str, Any]:
    files = 0
    with tarfile.open(target, "w") as archive:
        if source.is_dir():
            for path in sorted(source.rglob("*")):
                if path.is_file():
                    archive.add(path, arcname=str(path.relative_to(source)), recursive=False)
                    files += 1
    return {**describe(target), "files": files}


async def create(
    pg: Postgres, to: Path, databases: Sequence[str], uploads: Path | None
) -> dict[str, Any]:
    await asyncio.to_thread(to.mkdir, parents=True, exist_ok=False)
    manifest: dict[str, Any] = {
        "format": FORMAT,
        "created_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "databases": {},
    }
    for database in databases:
        manifest["databases"][database] = await dump_database(pg, database, to / f"{database}.dump")
    if uploads is not None:
        manifest["uploads"] = await asyncio.to_thread(archive_uploads, uploads, to / UPLOADS)
    (to / MANIFEST).write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n")
    return manifest


def read_manifest(source: Path) -> dict[str, Any]:
    path = source / MANIFEST
    if not path.is_file():
        raise BackupError(f"{source}: no {MANIFEST}, not a backup")
    manifest: dict[str, Any] = json.loads(path.read_text())
    if manifest.get("format") != FORMAT:
        raise BackupError(f"{source}: backup format {manifest.get('format')!r}, expected {FORMAT}")
    return manifest


def check_files(source: Path, manifest: dict[str, Any]) -> list[str]:
    """Every file the manifest names is there with its SHA-256; what is not, one line each."""
    problems = []
    entries = list(manifest["databases"].values())
    if "uploads" in manifest:
        entries.append(manifest["uploads"])
    for entry in entries:
        path = source / entry["file"]
        if not path.is_file():
            problems.append(f"{entry['file']}: missing")
        elif sha256(path) != entry["sha256"]:
            problems.append(f"{entry['file']}: SHA-256 differs from the manifest (damaged)")
    return problems


async def compare(pg: Postgres, database: str, expected: dict[str, Any], label: str) -> list[str]:
    connection = await asyncpg.connect(pg.dsn(database))
    try:
        counts = await table_counts(connection)
        revision = await schema_revision(connection)
    finally:
        await connection.close()
    problems = []
    if revision != expected["revision"]:
        problems.append(f"{label}: schema revision {revision}, backup has {expected['revision']}")
    wanted: dict[str, int] = expected["tables"]
    for table in sorted(set(wanted) | set(counts)):
        have, want = counts.get(table), wanted.get(table)
        if have != want:
            problems.append(f"{label}: {table} has {have} rows, backup has {want}")
    return problems


async def recreate(pg: Postgres, database: str, *, force: bool) -> None:
    if not force:
        await check_idle(pg, database)
    admin = await asyncpg.connect(pg.dsn("postgres"))
    try:
        await admin.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
        await admin.execute(f'CREATE DATABASE "{database}"')
    finally:
        await admin.close()


async def drop(pg: Postgres, database: str) -> None:
    admin = await asyncpg.connect(pg.dsn("postgres"))
    try:
        await admin.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
    finally:
        await admin.close()


async def restore_into(pg: Postgres, source: Path, entry: dict[str, Any], database: str) -> None:
    command = pg.tool(
        "pg_restore", "--no-owner", "--no-privileges", "--exit-on-error",
        f"--dbname={database}", str(source / entry["file"]),
    )  # fmt: skip
    await asyncio.to_thread(run, command, pg.env())


async def verify(pg: Postgres, source: Path) -> list[str]:
    """Restore every archive into a scratch database and compare it with the manifest."""
    manifest = read_manifest(source)
    problems = check_files(source, manifest)
    if problems:
        return problems
    for database, entry in manifest["databases"].items():
        scratch = f"verify_{database}_{uuid.uuid4().hex[:8]}"
        await recreate(pg, scratch, force=True)
        try:
            await restore_into(pg, source, entry, scratch)
            problems += await compare(pg, scratch, entry, database)
        except BackupError as error:
            problems.append(f"{database}: {error}")
        finally:
            await drop(pg, scratch)
    if "uploads" in manifest:
        with tarfile.open(source / manifest["uploads"]["file"]) as archive:
            files = sum(1 for member in archive.getmembers() if member.isfile())
        if files != manifest["uploads"]["files"]:
            problems.append(f"uploads: {files} files, backup has {manifest['uploads']['files']}")
    return problems


async def restore(
    pg: Postgres, source: Path, databases: Sequence[str] | None, uploads: Path | None
) -> list[str]:
    manifest = read_manifest(source)
    problems = check_files(source, manifest)
    if problems:
        return problems
    names = list(databases) if databases else list(manifest["databases"])
    unknown = [name for name in names if name not in manifest["databases"]]
    if unknown:
        raise BackupError(f"not in this backup: {', '.join(unknown)}")
    for database in names:  # refuse before touching any: all of them idle, or none restored
        await check_idle(pg, database)
    for database in names:
        await recreate(pg, database, force=False)
        await restore_into(pg, source, manifest["databases"][database], database)
        problems += await compare(pg, database, manifest["databases"][database], database)
    if uploads is not None and "uploads" in manifest:
        await asyncio.to_thread(unpack_uploads, source / manifest["uploads"]["file"], uploads)
    return problems


def unpack_uploads(archive_path: Path, uploads: Path) -> None:
    uploads.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive_path) as archive:
        archive.extractall(uploads, filter="data")


async def check_idle(pg: Postgres, database: str) -> None:
    admin = await asyncpg.connect(pg.dsn("postgres"))
    try:
        busy = await admin.fetchval(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = $1", database
        )
    finally:
        await admin.close()
    if busy:
        raise BackupError(
            f"{database}: {busy} connection(s) open; stop the service and its workers first"
        )


async def rewind(
    source: Path, services: Sequence[str], settings: ServiceSettings | None = None
) -> dict[str, int]:
    """Move the services' consumer groups back to the backup's time; the events each group will
    be delivered again."""
    manifest = read_manifest(source)
    since_ms = int(dt.datetime.fromisoformat(manifest["created_at"]).timestamp() * 1000)
    settings = settings or ServiceSettings()
    names = [settings.topic(service) for service in services]
    admin = AIOKafkaAdminClient(bootstrap_servers=settings.kafka_bootstrap_servers)
    await admin.start()
    try:
        groups = sorted(
            group
            for group, _protocol in await admin.list_consumer_groups()
            if any(group == name or group.startswith(f"{name}-") for name in names)
        )
        described = await admin.describe_consumer_groups(groups) if groups else []
        for answer in described:
            for group in answer.groups:
                group_id, members = group[1], group[5]
                if members:
                    raise BackupError(
                        f"consumer group {group_id} has {len(members)} member(s): "
                        "stop the service and its workers first"
                    )
        committed = {group: await admin.list_consumer_group_offsets(group) for group in groups}
    finally:
        await admin.close()
    moved: dict[str, int] = {}
    for group, offsets in committed.items():
        if not offsets:
            continue
        consumer = AIOKafkaConsumer(
            bootstrap_servers=settings.kafka_bootstrap_servers,
            group_id=group,
            enable_auto_commit=False,
        )
        await consumer.start()
        try:
            partitions = list(offsets)
            consumer.assign(partitions)
            found = await consumer.offsets_for_times({tp: since_ms for tp in partitions})
            ends = await consumer.end_offsets(partitions)
            target: dict[TopicPartition, int] = {}
            for tp in partitions:
                at = found.get(tp)
                # nothing written since the backup: the group is where it should be (the end)
                target[tp] = min(at.offset if at is not None else ends[tp], offsets[tp].offset)
            await consumer.commit(target)
        finally:
            await consumer.stop()
        moved[group] = sum(offsets[tp].offset - target[tp] for tp in partitions)
    return moved


def default_target() -> Path:
    stamp = dt.datetime.now(dt.UTC).strftime("%Y%m%dT%H%M%SZ")
    return ROOT / ".local" / "backups" / stamp


def say(line: str) -> None:
    sys.stdout.write(line + "\n")


def complain(line: str) -> None:
    sys.stderr.write(line + "\n")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("create", help="dump every service database and the uploads")
    make.add_argument("--to", type=Path, default=None)
    make.add_argument("--database", action="append", default=None)
    make.add_argument("--no-uploads", action="store_true")
    check = commands.add_parser("verify", help="restore into scratch databases and compare")
    check.add_argument("source", type=Path)
    back = commands.add_parser("restore", help="replace databases (and uploads) with a backup's")
    back.add_argument("source", type=Path)
    back.add_argument("--database", action="append", default=None)
    back.add_argument("--no-uploads", action="store_true")
    back.add_argument("--yes", action="store_true", help="yes, replace them")
    again = commands.add_parser("rewind", help="deliver the events since the backup again")
    again.add_argument("source", type=Path)
    again.add_argument("--service", action="append", required=True)
    again.add_argument("--yes", action="store_true", help="yes, move the groups back")
    listing = commands.add_parser("list", help="the backups in a folder")
    listing.add_argument("--root", type=Path, default=ROOT / ".local" / "backups")
    args = parser.parse_args(argv)
    pg = Postgres.from_settings()
    try:
        if args.command == "create":
            to = args.to or default_target()
            uploads = None if args.no_uploads else upload_dir()
            manifest = asyncio.run(create(pg, to, args.database or service_databases(), uploads))
            rows = sum(sum(db["tables"].values()) for db in manifest["databases"].values())
            size = sum(db["bytes"] for db in manifest["databases"].values())
            files = f", {manifest['uploads']['files']} uploads" if "uploads" in manifest else ""
            databases = len(manifest["databases"])
            say(f"backup: {to}: {databases} databases, {rows} rows, {size} bytes in dumps{files}")
            return 0
        if args.command == "verify":
            problems = asyncio.run(verify(pg, args.source))
            what = "restores"
        elif args.command == "restore":
            if not args.yes:
                complain("restore replaces the databases: add --yes")
                return 2
            uploads = None if args.no_uploads else upload_dir()
            problems = asyncio.run(restore(pg, args.source, args.database, uploads))
            what = "restored"
        elif args.command == "rewind":
            if not args.yes:
                complain("rewind moves consumer groups back: add --yes")
                return 2
            moved = asyncio.run(rewind(args.source, args.service))
            for group, events in sorted(moved.items()):
                say(f"{group}: moved back by {events} event(s)")
            say(f"backup: {len(moved)} consumer group(s) at the backup's time")
            return 0
        else:
            for path in sorted(args.root.glob(f"*/{MANIFEST}")):
                manifest = json.loads(path.read_text())
                databases = len(manifest["databases"])
                say(f"{path.parent}\t{manifest['created_at']}\t{databases} databases")
            return 0
    except (BackupError, OSError, asyncpg.PostgresError, KafkaError) as error:
        complain(f"backup: {error}")
        return 1
    for problem in problems:
        complain(problem)
    if problems:
        complain(f"backup: {args.source}: {len(problems)} problem(s)")
        return 1
    say(f"backup: {args.source} {what}: every table's rows and schema revision as recorded")
    return 0


if __name__ == "__main__":
    sys.exit(main())
