"""Downloading a feed (ADR 0041): only from addresses users may name (:mod:`jobkit.targets`:
https to public addresses, unless the setting allows private ones), following at most a few
redirects, each checked as a new address, within a time limit, and stopping as soon as the body
(decompressed) passes the size limit."""

from __future__ import annotations

import asyncio
from urllib.parse import urljoin

import httpx
from jobkit.targets import target_refusal

from jobs.settings import JobsSettings

MAX_REDIRECTS = 5
USER_AGENT = "JobBoard-FeedImport/1.0"
ACCEPT = "application/xml, text/xml, application/ld+json, application/json;q=0.9, */*;q=0.5"


class FeedFetchFailed(Exception):
    """The feed could not be downloaded; the message says why, for people."""


async def url_refusal(url: str, *, allow_private: bool) -> str | None:
    """Why a feed may not be fetched from ``url``; None when it may."""
    return await target_refusal(
        url,
        allow_private=allow_private,
        https_only=True,
        scheme_message="Feeds are fetched over https only.",
        private_message="Feeds are fetched from public addresses only, not from private or "
        "local networks.",
    )


class FeedFetcher:
    """Fetches feeds with one HTTP client (its connections are reused across runs)."""

    def __init__(self, settings: JobsSettings, client: httpx.AsyncClient | None = None) -> None:
        self._settings = settings
        self._client = client or httpx.AsyncClient(
            follow_redirects=False,
            timeout=settings.feed_timeout_seconds,
            headers={"user-agent": USER_AGENT, "accept": ACCEPT},
        )

    async def close(self) -> None:
        await self._client.aclose()

    async def fetch(self, url: str) -> bytes:
        """The feed's body (raises :class:`FeedFetchFailed`)."""
        try:
            async with asyncio.timeout(self._settings.feed_timeout_seconds):
                return await self._follow(url)
        except TimeoutError:
            raise FeedFetchFailed(
                f"The feed did not arrive within {self._settings.feed_timeout_seconds:g} s."
            ) from None
        except httpx.HTTPError as error:
            raise FeedFetchFailed(
                f"The feed could not be fetched: {type(error).__name__} {error}".strip()[:500]
            ) from None

    async def _follow(self, url: str) -> bytes:
        for _ in range(MAX_REDIRECTS + 1):
            refusal = await url_refusal(
                url, allow_private=self._settings.feeds_allow_private_targets
            )
            if refusal is not None:
                raise FeedFetchFailed(refusal)
            async with self._client.stream("GET", url) as answer:
                if answer.is_redirect:
                    location = answer.headers.get("location")
                    if not location:
                        raise FeedFetchFailed(
                            f"The feed answered {answer.status_code} with no address."
                        )
                    url = urljoin(str(answer.url), location)
                    continue
                if answer.status_code != 200:
                    raise FeedFetchFailed(f"The feed's address answered {answer.status_code}.")
                return await self._body(answer)
        raise FeedFetchFailed(f"The feed redirected more than {MAX_REDIRECTS} times.")

    async def _body(self, answer: httpx.Response) -> bytes:
        limit = self._settings.feed_max_bytes
        too_large = FeedFetchFailed(f"The feed is larger than {limit:,} bytes.")
        declared = answer.headers.get("content-length")
        if declared is not None and declared.isdigit() and int(declared) > limit:
            raise too_large
        body = bytearray()
        async for chunk in answer.aiter_bytes():  # decompressed: a compressed bomb stops too
            body += chunk
            if len(body) > limit:
                raise too_large
        return bytes(body)
