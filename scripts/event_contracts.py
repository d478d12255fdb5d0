"""Event contracts (ADR 0026): each publisher owns the JSON Schema of every event type and version
it publishes, each consumer reads events through its own typed views, and the views are checked
against the schemas before anything runs.

    .venv/bin/python scripts/event_contracts.py write   # the schemas, docs/events.md's tables and
                                                        # the KafkaTopic resources (deploy/k8s)
    .venv/bin/python scripts/event_contracts.py check   # fails on drift, or on a broken contract

Publishers: the ``jobkit.events.EventPayload`` classes of ``<service>.domain.events`` (search's
in ``search.taxonomy.events``; and of ``jobkit.audit``, whose events every service publishes),
exported to
``services/<service>/events/<topic>/<type>.v<N>.json`` (``libs/events/...`` for jobkit's).
Consumers: ``<service>.messaging.contracts.READS`` (``jobkit.contracts.Reads``). Topics:
``jobkit.topics.TOPICS``. ``check`` fails when

- a committed schema, a generated table of ``docs/events.md`` or the KafkaTopic resources of
  ``deploy/k8s/components/operators/kafka-topics.yaml`` differ from what the code says;
- a consumer's view asks for a field the publisher's schema does not have (renamed, removed), or
  requires one the publisher may leave out, or cannot read the publisher's example payloads (a
  type changed, a field became nullable), or reads a type or version nobody publishes;
- a topic that is published or read is not declared in ``jobkit.topics``;
- ``docs/events.md``'s notes table misses an event, or has one that does not exist.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import types
import typing
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jobkit.contracts import Reads
from jobkit.events import EventPayload
from jobkit.topics import TOPICS
from pydantic import BaseModel, ValidationError

ROOT = Path(__file__).resolve().parents[1]
DOCS = Path("docs") / "events.md"
DIALECT = "https://json-schema.org/draft/2020-12/schema"
KIT = "jobkit"  # jobkit's own events (the masquerade audit): every service publishes them
KIT_MODULES = ("jobkit.audit",)
# Event types a service reads before any service publishes them: nothing to check them against
# yet. An entry that gets a publisher, or that nobody reads, fails the check.
AWAITING_PUBLISHER: dict[str, str] = {}

CATALOGUE = "event catalogue"
TOPIC_TABLE = "topics"
KAFKA_TOPICS = Path("deploy/k8s/components/operators/kafka-topics.yaml")
NOTES_HEADING = "## What each event means"

Schema = dict[str, Any]


@dataclass(frozen=True)
class Published:
    publisher: str  # a service, or KIT
    payload: type[EventPayload]

    @property
    def key(self) -> tuple[str, int]:
        return (self.payload.event_type, self.payload.schema_version)

    def path(self, root: Path) -> Path:
        base = root / "libs" if self.publisher == KIT else root / "services" / self.publisher
        topic: str = self.payload.topic
        name = f"{self.payload.event_type}.v{self.payload.schema_version}.json"
        return base / "events" / topic / name

    def schema(self) -> Schema:
        payload = self.payload
        generated = payload.model_json_schema(mode="serialization")
        return {
            "$schema": DIALECT,
            "$id": f"{payload.event_type}.v{payload.schema_version}",
            "x-event": {
                "type": payload.event_type,
                "version": payload.schema_version,
                "topic": payload.topic,
                "publisher": self.publisher,
                "public": payload.public,
            },
            **generated,
        }


@dataclass(frozen=True)
class Consumer:
    service: str
    reads: Reads


def service_names(root: Path = ROOT) -> list[str]:
    registry = json.loads((root / "deploy" / "services.json").read_text())
    return [entry["name"] for entry in registry["services"]]


# Where a service keeps its published payloads when it has no single domain package (search's
# taxonomy publishes the vocabulary events, ADR 0021; its alerts the erasure confirmations,
# ADR 0036).
EVENT_MODULES = {"search": ("search.taxonomy.events", "search.alerts.events")}


def _module(name: str) -> types.ModuleType | None:
    """The module, or None when it (or its package) does not exist."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name is not None and (name == error.name or name.startswith(f"{error.name}.")):
            return None
        raise


def publications(root: Path = ROOT) -> list[Published]:
    sources = [
        (name, module)
        for name in service_names(root)
        for module in EVENT_MODULES.get(name, (f"{name}.domain.events",))
    ]
    sources += [(KIT, module) for module in KIT_MODULES]
    found: dict[tuple[str, int], Published] = {}
    for publisher, module_name in sources:
        module = _module(module_name)
        if module is None:
            continue
        for value in vars(module).values():
            if not (isinstance(value, type) and issubclass(value, EventPayload)):
                continue
            if getattr(value, "event_type", None) is None:
                continue  # a base class (a snapshot's fields)
            entry = Published(publisher, value)
            other = found.get(entry.key)
            if other is not None and other.payload is not value:
                raise SystemExit(
                    f"{entry.key[0]} v{entry.key[1]} is published by both "
                    f"{other.publisher} and {publisher}"
                )
            found.setdefault(entry.key, entry)
    return list(found.values())


def consumers(root: Path = ROOT) -> list[Consumer]:
    found = []
    for name in service_names(root):
        module = _module(f"{name}.messaging.contracts")
        if module is None:
            continue
        reads: Iterable[Reads] = getattr(module, "READS", ())
        found += [Consumer(name, entry) for entry in reads]
    return found


# --- checking a consumer's view against a publisher's schema ---------------------------------


def _resolve(node: Schema, root: Schema) -> Schema:
    while "$ref" in node:
        node = root["$defs"][node["$ref"].rsplit("/", 1)[-1]]
    return node


def _is_null(node: Schema, root: Schema) -> bool:
    return _resolve(node, root).get("type") == "null"


def _object_of(node: Schema, root: Schema) -> Schema | None:
    """The object schema a property holds (through null unions and arrays), if any."""
    node = _resolve(node, root)
    if "anyOf" in node:
        for branch in node["anyOf"]:
            if not _is_null(branch, root):
                return _object_of(branch, root)
        return None
    if node.get("type") == "array" and "items" in node:
        return _object_of(node["items"], root)
    return node if "properties" in node else None


def _nested_model(annotation: Any) -> type[BaseModel] | None:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for argument in typing.get_args(annotation):
        found = _nested_model(argument)
        if found is not None:
            return found
    return None


def _missing(view: type[BaseModel], node: Schema, root: Schema, prefix: str = "") -> list[str]:
    """The fields the view reads that the publisher's schema does not promise."""
    properties = node.get("properties", {})
    required = set(node.get("required", []))
    problems = []
    for name, field in view.model_fields.items():
        key = field.alias or name
        if key not in properties:
            problems.append(f"`{prefix}{key}` is not in the published payload")
            continue
        if field.is_required() and key not in required:
            problems.append(f"`{prefix}{key}` is required by the view, optional in the payload")
        nested = _nested_model(field.annotation)
        inner = _object_of(properties[key], root)
        if nested is not None and inner is not None:
            problems += _missing(nested, inner, root, f"{prefix}{key}.")
    return problems


_STRINGS = {
    "date-time": "2026-01-02T03:04:05Z",
    "date": "2026-01-02",
    "email": "someone@example.org",
    "uri": "https://example.org/",
}
# A string without a format: the publishers' ids are UUIDs, so a view may parse one as such.
_STRING = "5f0c6f8e-2d0e-4b7a-9c1d-3e2f1a0b9c8d"


def example(node: Schema, root: Schema, *, nulls: bool) -> Any:
    """A payload the schema allows: every nullable value null (``nulls``) or set."""
    node = _resolve(node, root)
    if "const" in node:
        return node["const"]
    if "enum" in node:
        return node["enum"][0]
    if "anyOf" in node:
        values = [branch for branch in node["anyOf"] if not _is_null(branch, root)]
        if nulls and len(values) < len(node["anyOf"]):
            return None
        return example(values[0], root, nulls=nulls)
    kind = node.get("type")
    if kind == "object" or "properties" in node:
        properties = node.get("properties", {})
        if properties:
            return {key: example(value, root, nulls=nulls) for key, value in properties.items()}
        extra = node.get("additionalProperties")
        return {"key": example(extra, root, nulls=nulls)} if isinstance(extra, dict) else {}
    if kind == "array":
        return [example(node["items"], root, nulls=nulls)] if "items" in node else []
    simple = {"integer": 1, "number": 1.5, "boolean": True, "null": None}
    if kind in simple:
        return simple[kind]
    if kind == "string":
        return _STRINGS.get(node.get("format", ""), _STRING)
    return {"any": "value"}  # Any


def problems(view: type[BaseModel], schema: Schema) -> list[str]:
    """Why the view cannot read every payload the schema allows (none: it can)."""
    found = _missing(view, schema, schema)
    for label, nulls in (("every field set", False), ("nullable fields null", True)):
        try:
            view.model_validate(example(schema, schema, nulls=nulls))
        except ValidationError as error:
            found += [
                f"an example payload ({label}): `{'.'.join(map(str, item['loc']))}`: {item['msg']}"
                for item in error.errors()
            ]
    return found


def contract_errors(published: list[Published], read: list[Consumer]) -> list[str]:
    by_key = {entry.key: entry for entry in published}
    errors = []
    for entry in published:
        if entry.payload.topic not in TOPICS:
            errors.append(
                f"{entry.payload.event_type}: topic {entry.payload.topic} is not in jobkit.topics"
            )
    awaited: set[str] = set()
    for consumer in read:
        reads = consumer.reads
        who = (
            f"{consumer.service} ({reads.group}, {reads.view.__module__}.{reads.view.__qualname__})"
        )
        if reads.topic not in TOPICS:
            errors.append(f"{who}: topic {reads.topic} is not in jobkit.topics")
        for event_type in reads.event_types:
            found = by_key.get((event_type, reads.version))
            if found is None:
                if event_type in AWAITING_PUBLISHER:
                    awaited.add(event_type)
                else:
                    errors.append(f"{who} reads {event_type} v{reads.version}: nobody publishes it")
                continue
            if found.payload.topic != reads.topic:
                errors.append(
                    f"{who} reads {event_type} on {reads.topic}; "
                    f"{found.publisher} publishes it on {found.payload.topic}"
                )
            errors += [
                f"{who} reads {event_type} v{reads.version}: {problem}"
                for problem in problems(reads.view, found.schema())
            ]
    for event_type in AWAITING_PUBLISHER:
        if any(key[0] == event_type for key in by_key):
            errors.append(f"{event_type} is published now: remove it from AWAITING_PUBLISHER")
        elif event_type not in awaited:
            errors.append(f"{event_type} awaits a publisher but nobody reads it")
    return errors


# --- docs/events.md ---------------------------------------------------------------------------


def _type_of(node: Schema, root: Schema) -> str:
    node = _resolve(node, root)
    if "const" in node:
        return json.dumps(node["const"])
    if "enum" in node:
        return " or ".join(f"`{value}`" for value in node["enum"])
    if "anyOf" in node:
        values = [branch for branch in node["anyOf"] if not _is_null(branch, root)]
        shown = " or ".join(_type_of(branch, root) for branch in values)
        return f"{shown}?" if len(values) < len(node["anyOf"]) else shown
    kind = node.get("type")
    if "properties" in node:
        return "{" + ", ".join(f"`{key}`" for key in node["properties"]) + "}"
    if kind == "object":
        extra = node.get("additionalProperties")
        return f"{{string: {_type_of(extra, root)}}}" if isinstance(extra, dict) else "object"
    if kind == "array":
        return f"[{_type_of(node['items'], root)}]" if "items" in node else "[]"
    if kind is None:
        return "any"
    return str(kind) + (f" ({node['format']})" if "format" in node else "")


def fields_of(schema: Schema) -> str:
    return ", ".join(
        f"`{key}` {_type_of(value, schema)}" for key, value in schema.get("properties", {}).items()
    )


def _readers(read: list[Consumer], event_type: str) -> str:
    found = dict.fromkeys(
        f"{consumer.service} (`{consumer.reads.group}`)"
        for consumer in read
        if event_type in consumer.reads.event_types
    )
    return "; ".join(found) or "none yet"


def catalogue(published: list[Published], read: list[Consumer]) -> str:
    lines = [
        "| type | version | topic | publisher | public | payload | consumers (group) |",
        "|---|---|---|---|---|---|---|",
    ]
    shown: dict[tuple[str, str], str] = {}
    for entry in published:
        payload = entry.payload
        fields = fields_of(entry.schema())
        first = shown.setdefault((payload.topic, fields), payload.event_type)
        lines.append(
            f"| `{payload.event_type}` | {payload.schema_version} | `{payload.topic}` | "
            f"{'every service (`jobkit`)' if entry.publisher == KIT else entry.publisher} | "
            f"{'yes' if payload.public else 'no'} | "
            f"{fields if first == payload.event_type else f'as `{first}`'} | "
            f"{_readers(read, payload.event_type)} |"
        )
    for event_type, why in AWAITING_PUBLISHER.items():
        views = [c.reads for c in read if event_type in c.reads.event_types]
        topic = views[0].topic if views else ""
        as_read = fields_of(views[0].view.model_json_schema()) if views else ""
        lines.append(
            f"| `{event_type}` | {views[0].version if views else 1} | `{topic}` | "
            f"none yet ({why}) | no | as read: {as_read} | {_readers(read, event_type)} |"
        )
    return "\n".join(lines)


def topic_table() -> str:
    lines = ["| topic | partitions | retention | cleanup | why |", "|---|---|---|---|---|"]
    for name, found in TOPICS.items():
        if found.retention_ms is None:
            retention = "the broker's (7 days)"
        elif found.retention_ms == -1:
            retention = "forever (`retention.ms=-1`)"
        else:
            retention = f"`retention.ms={found.retention_ms}`"
        cleanup = "compact" if found.compacted else "delete"
        lines.append(
            f"| `{name}` | {found.partitions} | {retention} | {cleanup} | {found.why or ''} |"
        )
    return "\n".join(lines)


def kafka_topics() -> str:
    """The topics as Strimzi KafkaTopic resources (deploy/k8s/components/operators)."""
    docs = []
    for name, found in TOPICS.items():
        lines = [
            "---",
            "apiVersion: kafka.strimzi.io/v1",
            "kind: KafkaTopic",
            "metadata:",
            f"  name: {name}",
            "  labels: {strimzi.io/cluster: jobboard}",
            "spec:",
            f"  partitions: {found.partitions}",
            "  replicas: 1",
        ]
        if configs := found.configs():
            lines.append("  config:")
            lines += [f'    {key}: "{value}"' for key, value in configs.items()]
        docs.append("\n".join(lines))
    return (
        "# The topics of jobkit.topics, managed by Strimzi's topic operator (replicas: the\n"
        "# production overlay raises them). Generated by scripts/event_contracts.py: do not edit.\n"
        + "\n".join(docs)
        + "\n"
    )


def _markers(name: str) -> tuple[str, str]:
    return (
        f"<!-- BEGIN generated {name} (generated by scripts/event_contracts.py) -->",
        f"<!-- END generated {name} -->",
    )


def with_block(text: str, name: str, body: str) -> str:
    begin, end = _markers(name)
    if begin not in text or end not in text:
        raise SystemExit(f"{DOCS}: the {begin!r} and {end!r} lines are missing")
    head, rest = text.split(begin, 1)
    _, tail = rest.split(end, 1)
    return f"{head}{begin}\n{body}\n{end}{tail}"


def docs(text: str, published: list[Published], read: list[Consumer]) -> str:
    text = with_block(text, CATALOGUE, catalogue(published, read))
    return with_block(text, TOPIC_TABLE, topic_table())


def notes_errors(text: str, published: list[Published]) -> list[str]:
    """The notes table (hand-written: when each event is published, what its consumers do) has
    exactly one or more rows per event type."""
    if NOTES_HEADING not in text:
        return [f"{DOCS}: the {NOTES_HEADING!r} section is missing"]
    section = text.split(NOTES_HEADING, 1)[1].split("\n## ", 1)[0]
    noted = {
        line.split("|")[1].strip().split("`")[1]
        for line in section.splitlines()
        if line.startswith("| `")
    }
    known = {entry.payload.event_type for entry in published} | set(AWAITING_PUBLISHER)
    return [
        f"{DOCS}: no row for {name} under {NOTES_HEADING!r}" for name in sorted(known - noted)
    ] + [f"{DOCS}: a row for {name}, which is not an event" for name in sorted(noted - known)]


# --- write and check --------------------------------------------------------------------------


def rendered(root: Path) -> dict[Path, str]:
    """Every generated file (relative to ``root``) with its content."""
    published, read = publications(root), consumers(root)
    files = {
        entry.path(root): json.dumps(entry.schema(), indent=2, ensure_ascii=False) + "\n"
        for entry in published
    }
    files[root / DOCS] = docs((root / DOCS).read_text(), published, read)
    files[root / KAFKA_TOPICS] = kafka_topics()
    return files


def committed_schemas(root: Path) -> set[Path]:
    dirs = [root / "libs" / "events", *(root / "services").glob("*/events")]
    return {path for folder in dirs for path in folder.rglob("*.json")}


def write(root: Path) -> None:
    files = rendered(root)
    for stale in committed_schemas(root) - set(files):
        stale.unlink()
        print(f"removed {stale.relative_to(root)}")  # noqa: T201
    for path, content in files.items():
        if not path.exists() or path.read_text() != content:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(content)
            print(f"wrote {path.relative_to(root)}")  # noqa: T201


def check(root: Path) -> list[str]:
    files = rendered(root)
    published, read = publications(root), consumers(root)
    errors = [
        f"{path.relative_to(root)} is not what the code says"
        + (" (missing)" if not path.exists() else "")
        for path, content in files.items()
        if not path.exists() or path.read_text() != content
    ]
    errors += [
        f"{path.relative_to(root)} is no event's schema"
        for path in sorted(committed_schemas(root) - set(files))
    ]
    errors += contract_errors(published, read)
    errors += notes_errors((root / DOCS).read_text(), published)
    return errors


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("command", choices=["write", "check"])
    parser.add_argument("--root", type=Path, default=ROOT)
    args = parser.parse_args(argv)
    if args.command == "write":
        write(args.root)
        errors = check(args.root)
    else:
        errors = check(args.root)
    for error in errors:
        print(error, file=sys.stderr)  # noqa: T201
    if errors and args.command == "check":
        print(  # noqa: T201
            "event contracts: fix the views or the payloads, then run "
            "`.venv/bin/python scripts/event_contracts.py write` for the generated files",
            file=sys.stderr,
        )
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
