"""Rich text from users, sanitized on write with an allow-list (nh3, the Ammonia sanitizer).

Spec 5: filtered HTML allows only a fixed tag and attribute list; full HTML is sanitized too but
allows iframes (video embeds from an allow-list of hosts). Everyone writes filtered HTML; only
admin-like users may write the full format (the caller decides with :func:`sanitize_for`).
Links get ``rel="noopener noreferrer nofollow"``; only http(s) and mailto URLs survive.
"""

from __future__ import annotations

import functools
import re
from html import unescape
from urllib.parse import urlparse

import nh3

FILTERED_TAGS = frozenset(
    {"p", "br", "strong", "b", "em", "i", "u", "s", "a", "ul", "ol", "li", "h2", "h3", "h4",
     "blockquote", "code", "pre", "hr"}
)  # fmt: skip
FULL_EXTRA_TAGS = frozenset(
    {"table", "thead", "tbody", "tr", "th", "td", "caption", "img", "figure", "figcaption",
     "iframe", "span", "div", "sub", "sup", "h5", "h6"}
)  # fmt: skip
FILTERED_ATTRIBUTES: dict[str, set[str]] = {"a": {"href", "title"}}
FULL_ATTRIBUTES: dict[str, set[str]] = {
    "a": {"href", "title"},
    "img": {"src", "alt", "title", "width", "height"},
    "iframe": {"src", "title", "width", "height", "allow", "allowfullscreen", "frameborder"},
    "td": {"colspan", "rowspan"},
    "th": {"colspan", "rowspan", "scope"},
    "*": {"class"},
}
# Video hosts whose players may be embedded in full HTML (privacy-friendly hosts first).
IFRAME_HOSTS = frozenset(
    {"www.youtube-nocookie.com", "www.youtube.com", "youtube.com", "player.vimeo.com"}
)
URL_SCHEMES = frozenset({"http", "https", "mailto"})
MAX_HTML_LENGTH = 100_000
_TAG = re.compile(r"<[^>]*>")
_INLINE_TAG = re.compile(r"</?(?:a|b|strong|em|i|u|s|span|code|sub|sup)(?:\s[^>]*)?>", re.I)


def _only_allowed_iframes(element: str, attribute: str, value: str) -> str | None:
    if element == "iframe" and attribute == "src":
        parsed = urlparse(value)
        return value if parsed.scheme == "https" and parsed.hostname in IFRAME_HOSTS else None
    return value


def sanitize_filtered(html: str) -> str:
    """The filtered format: text structure and links, nothing that runs or loads."""
    return nh3.clean(
        html,
        tags=set(FILTERED_TAGS),
        attributes=FILTERED_ATTRIBUTES,
        url_schemes=set(URL_SCHEMES),
        link_rel="noopener noreferrer nofollow",
        strip_comments=True,
    ).strip()


def sanitize_full(html: str) -> str:
    """The full format (admin-like users): adds tables, images and embeds from video hosts."""
    cleaned = nh3.clean(
        html,
        tags=set(FILTERED_TAGS | FULL_EXTRA_TAGS),
        attributes=FULL_ATTRIBUTES,
        url_schemes=set(URL_SCHEMES),
        link_rel="noopener noreferrer nofollow",
        strip_comments=True,
        attribute_filter=_only_allowed_iframes,
    )
    # an iframe whose src was dropped embeds nothing: remove it
    return re.sub(r"<iframe(?![^>]*\ssrc=)[^>]*>\s*</iframe>", "", cleaned).strip()


def sanitize_for(html: str, *, full: bool) -> str:
    return sanitize_full(html) if full else sanitize_filtered(html)


@functools.lru_cache(maxsize=32)
def plain_text(html: str) -> str:
    """The text of sanitized HTML (for meta descriptions and search). The last few are kept:
    a job's save takes the text of its description twice (its fingerprint and its event's
    snapshot, ADR 0074)."""
    text = _TAG.sub(" ", _INLINE_TAG.sub("", html))
    return re.sub(r"\s+", " ", unescape(text)).strip()
