"""Which site a sitemap or feed request is for (ADR 0049).

Each site's web server proxies its own ``/sitemap.xml`` and ``/feeds/*`` here with its
``X-Frontend`` header (``<site>/<locale>``), so one search service serves every site's sitemaps
and feeds, each with its own jobs and its own origin. Without the header: the service's own site.
A site the service has no public origin for (``SEARCH_SITE_URLS``) is not served: its URLs
would carry another site's origin.
"""

from __future__ import annotations

from fastapi import Request
from jobkit.frontend import HEADER, Frontend

from search.settings import SearchSettings


def served_site(request: Request, settings: SearchSettings) -> str | None:
    """The request's site, or None when this service does not serve it."""
    site = Frontend.parse(request.headers.get(HEADER), default_site=settings.site).site
    return site if site == settings.site or site in settings.site_urls else None
