"""The site (frontend) a request is for, from the ``X-Frontend`` header (``<site>/<locale>``).

The platform serves several career sites; each web server sends its site name and the page's
locale on every GraphQL request (spec 7: "a frontend header carries the frontend name and
locale"), the gateway forwards it, and a subgraph reads it here. A missing or malformed header
falls back to the service's configured site and no locale.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

HEADER = "x-frontend"
_SITE = re.compile(r"^[a-z0-9][a-z0-9_-]{0,62}$")
_LOCALE = re.compile(r"^[a-z]{2}(?:[-_][A-Za-z]{2})?$")


@dataclass(frozen=True)
class Frontend:
    site: str
    locale: str | None = None

    @classmethod
    def parse(cls, header: str | None, *, default_site: str) -> Frontend:
        """``jobboard/en`` -> Frontend("jobboard", "en"); anything unusable -> the default site."""
        if not header:
            return cls(default_site)
        site, _, locale = header.strip().partition("/")
        site = site.lower()
        if not _SITE.match(site):
            return cls(default_site)
        return cls(site, locale if _LOCALE.match(locale) else None)
