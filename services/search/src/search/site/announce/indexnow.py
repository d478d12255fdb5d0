"""IndexNow: ``POST {endpoint}`` with ``{host, key, keyLocation, urlList}`` per host.

IndexNow has no deletion: a removed page is submitted like a changed one and the engines
find it gone (the job page answers 404 or 410). The key must be served at
``{site}/{key}.txt`` (the web server does it from its ``INDEXNOW_KEY``).
"""

from __future__ import annotations

from collections.abc import Sequence
from urllib.parse import urlsplit

import httpx

from search.site.announce.notifiers import Notice, NotifyError

NAME = "indexnow"
ACCEPTED = frozenset({200, 202})


def submission(key: str, host_url: str, urls: Sequence[str]) -> dict[str, object]:
    parts = urlsplit(host_url)
    return {
        "host": parts.hostname or "",
        "key": key,
        "keyLocation": f"{parts.scheme}://{parts.netloc}/{key}.txt",
        "urlList": list(urls),
    }


class IndexNowNotifier:
    name = NAME

    def __init__(self, *, endpoint: str, key: str, http: httpx.AsyncClient) -> None:
        self._endpoint = endpoint
        self._key = key
        self._http = http

    async def notify(self, notices: Sequence[Notice]) -> list[str | None]:
        by_site: dict[str, list[int]] = {}
        for index, notice in enumerate(notices):
            parts = urlsplit(notice.url)
            by_site.setdefault(f"{parts.scheme}://{parts.netloc}", []).append(index)
        results: list[str | None] = [None] * len(notices)
        answered = False
        failures: list[str] = []
        for site, indices in by_site.items():
            body = submission(self._key, site, [notices[i].url for i in indices])
            try:
                answer = await self._http.post(
                    self._endpoint,
                    json=body,
                    headers={"Content-Type": "application/json; charset=utf-8"},
                )
            except httpx.HTTPError as error:
                failures.append(f"{site}: {error!r}")
                for i in indices:
                    results[i] = f"request failed: {error!r}"[:500]
                continue
            answered = True
            if answer.status_code not in ACCEPTED:
                error_text = f"HTTP {answer.status_code}: {answer.text[:300]}"
                failures.append(f"{site}: {error_text}")
                for i in indices:
                    results[i] = error_text
        if len(failures) == len(by_site) and failures:
            raise NotifyError("; ".join(failures)[:500], answered=answered)
        return results
