"""One GraphQL operation through the web server's ``/graphql`` proxy, the gateway and two
subgraphs (search for ``route``, analytics for ``analyticsEventTypes``)."""

from __future__ import annotations

import os

import httpx

from bench.harness import (
    START_THE_STACK,
    RequestFailed,
    Scenario,
    TargetUnreachable,
    check_graphql,
    http_client,
)

DEFAULT_WEB_URL = "http://127.0.0.1:3002"

QUERY = """
query BenchRoute {
  route(slug: "/jobs") {
    __typename
    ... on ErrorResponse { code reason }
  }
  analyticsEventTypes { key type }
}
"""

HEADERS = {"Content-Type": "application/json", "X-Frontend": "jobboard/en"}


class GraphqlViaWeb:
    def __init__(self, base_url: str) -> None:
        self.base_url = base_url.rstrip("/")
        self.client: httpx.AsyncClient | None = None
        self.payload = {"operationName": "BenchRoute", "query": QUERY, "variables": {}}

    async def probe(self) -> None:
        """The web server must answer, and its proxy must reach the gateway."""
        try:
            async with http_client(self.base_url, timeout=5.0) as client:
                response = await client.post(
                    "/graphql", json={"query": "{ __typename }"}, headers=HEADERS
                )
        except httpx.HTTPError as exc:
            raise TargetUnreachable(
                f"web is unreachable at {self.base_url} ({type(exc).__name__}); {START_THE_STACK}"
            ) from exc
        if response.status_code in (502, 503, 504):
            raise TargetUnreachable(
                f"web at {self.base_url} answers but its /graphql proxy cannot reach the gateway "
                f"(HTTP {response.status_code}); {START_THE_STACK}"
            )

    async def setup(self) -> None:
        self.client = http_client(self.base_url)

    async def request(self) -> None:
        if self.client is None:
            raise RequestFailed("scenario not set up")
        response = await self.client.post("/graphql", json=self.payload, headers=HEADERS)
        check_graphql(response)

    async def teardown(self) -> None:
        if self.client is not None:
            await self.client.aclose()
            self.client = None


def build() -> Scenario:
    s = GraphqlViaWeb(os.environ.get("BENCH_WEB_URL", DEFAULT_WEB_URL))
    return Scenario(
        name="graphql_via_web",
        description=(
            "POST /graphql on the web server (BENCH_WEB_URL): web proxy -> gateway -> "
            "search + analytics subgraphs"
        ),
        request=s.request,
        setup=s.setup,
        teardown=s.teardown,
        probe=s.probe,
        targets=(s.base_url,),
    )
