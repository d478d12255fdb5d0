"""Count the requests a piece of work sends to Elasticsearch (batching tests: a round's requests
stay bounded whatever its size), as ``jobkit.testing.statements`` counts SQL statements."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any


@dataclass
class RequestLog:
    """(method, path, body) of each request, in order."""

    sent: list[tuple[str, str, Any]] = field(default_factory=list)

    @property
    def requests(self) -> list[tuple[str, str]]:
        return [(method, path) for method, path, _ in self.sent]

    def bodies(self, suffix: str) -> list[Any]:
        """The bodies of the requests whose path ends with ``suffix`` (``/_msearch``)."""
        return [body for _, path, body in self.sent if path.endswith(suffix)]


@contextmanager
def count_requests(client: Any) -> Iterator[RequestLog]:
    """Every request ``client`` (an ``AsyncElasticsearch``; its namespaces, such as
    ``client.indices``, send through it) sends inside the block."""
    log = RequestLog()
    send = client.perform_request

    async def counted(method: str, path: str, *args: Any, **kwargs: Any) -> Any:
        log.sent.append((method, path, kwargs.get("body")))
        return await send(method, path, *args, **kwargs)

    client.perform_request = counted
    try:
        yield log
    finally:
        del client.perform_request  # the class's own again
