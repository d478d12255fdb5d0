"""GET /: the server-rendered home page as a visitor (its loader's searches, the render)."""

from __future__ import annotations

import os

from bench.harness import Scenario
from bench.scenarios._pages import WebPage


def _html(text: str) -> str | None:
    return None if "<html" in text[:2000].lower() else "the page answered without HTML"


def home_page(base_url: str) -> WebPage:
    """The home page of the web server at ``base_url``, as a visitor."""
    return WebPage(base_url, "/", _html)


def build() -> Scenario:
    page = home_page(os.environ.get("BENCH_WEB_URL", "http://127.0.0.1:3002"))
    return Scenario(
        name="home_page_via_web",
        description="GET / on the web server (SSR as a visitor: counts, jobs, organizations)",
        request=page.request,
        setup=page.setup,
        teardown=page.teardown,
        probe=page.probe,
        targets=(page.base_url,),
        baseline="home_page_calls",
    )
