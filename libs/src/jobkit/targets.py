"""Addresses users give for the services to reach (analytics' webhook endpoints, jobs' feed
sources): whether one may be reached.

A URL must be http(s) with a host name and no user name or password. Unless private targets are
allowed (development, tests), its host must resolve to public addresses only: never a private,
loopback, link-local, multicast or otherwise non-global one (so that a user cannot make a service
call the cloud's metadata endpoint or a neighbour on the internal network). Callers check when
the address is saved and again before each request, after resolving the name; a redirect is a
new address, checked the same way.
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
from urllib.parse import urlparse


def is_public_address(address: str) -> bool:
    """Whether an IP address is on the public internet (an IPv4-mapped IPv6 address as its
    IPv4 one)."""
    ip = ipaddress.ip_address(address)
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_global and not ip.is_multicast


async def resolves_publicly(host: str, port: int) -> bool | None:
    """True when every address ``host`` resolves to is public, False when one is not, None when
    it does not resolve."""
    try:
        found = await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, ValueError):
        return None
    if not found:
        return None
    return all(is_public_address(str(info[4][0])) for info in found)


async def target_refusal(
    url: str,
    *,
    allow_private: bool,
    https_only: bool,
    scheme_message: str,
    private_message: str,
) -> str | None:
    """Why ``url`` may not be reached; None when it may. ``https_only`` refuses plain http
    outside development; the messages say so in the caller's words."""
    parsed = urlparse(url)
    if parsed.scheme not in {"https", "http"} or not parsed.hostname:
        return "Enter a full address starting with https://."
    if parsed.username or parsed.password:
        return "The address may not carry a user name or password."
    if allow_private:
        return None
    if https_only and parsed.scheme != "https":
        return scheme_message
    try:
        port = parsed.port or (443 if parsed.scheme == "https" else 80)
    except ValueError:
        return "Enter a full address starting with https://."
    public = await resolves_publicly(parsed.hostname, port)
    if public is None:
        return "This host name does not resolve."
    if not public:
        return private_message
    return None
