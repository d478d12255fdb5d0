"""A GraphQL client for tests that go through the gateway (or the web server) as a chosen user."""

from __future__ import annotations

import json
from typing import Any

import httpx


class GraphQLClient:
    def __init__(self, url: str, *, token: str | None = None, frontend: str = "jobboard/en"):
        self.url = url
        self.headers = {"X-Frontend": frontend}
        if token is not None:
            self.headers["Authorization"] = f"Bearer {token}"

    def as_user(self, token: str) -> GraphQLClient:
        return GraphQLClient(self.url, token=token, frontend=self.headers["X-Frontend"])

    def for_site(self, frontend: str) -> GraphQLClient:
        """The same caller on another site (the X-Frontend header, ``<site>/<locale>``)."""
        authorization = self.headers.get("Authorization")
        token = authorization.removeprefix("Bearer ") if authorization else None
        return GraphQLClient(self.url, token=token, frontend=frontend)

    async def execute(self, query: str, **variables: Any) -> dict[str, Any]:
        """The full response body (``data`` and maybe ``errors``); HTTP errors raise."""
        async with httpx.AsyncClient(timeout=30) as client:
            # json.dumps escapes non-ASCII (lone surrogates included), as browsers' JSON does.
            response = await client.post(
                self.url,
                content=json.dumps({"query": query, "variables": variables}),
                headers=self.headers | {"Content-Type": "application/json"},
            )
        body: dict[str, Any] = response.json()
        if response.status_code >= 300 and "errors" not in body:
            response.raise_for_status()
        return body

    async def data(self, query: str, **variables: Any) -> dict[str, Any]:
        """``data`` of a response that must have no errors."""
        body = await self.execute(query, **variables)
        assert not body.get("errors"), body.get("errors")
        result: dict[str, Any] = body["data"]
        return result
