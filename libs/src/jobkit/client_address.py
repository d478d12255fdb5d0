"""The end user's address, as far as the deployment's own proxies vouch for it.

Every hop that forwards a request appends the address it received it from to X-Forwarded-For, so
the header reads ``<what the browser wrote>, <web server's view>, ...`` and the service's peer is
the last proxy. Anything left of the first hop we run is whatever the browser chose to send, so
the chain is read from the right: the peer first, then X-Forwarded-For's entries right to left,
skipping every address of a declared trusted proxy (``trusted_proxies``: the web server and the
gateway; loopback for the local stack). The first address that is not one of ours is the client.
A browser-supplied X-Forwarded-For can only add entries on the left, which are never reached, so
it cannot change the address a limit counts (ADR 0024).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Protocol


# What of_request reads of a request (starlette's Request and WebSocket have it); a protocol, so
# that this module, which jobkit.settings and through it the domains import, needs no web framework.
class _Peer(Protocol):
    @property
    def host(self) -> str: ...


class _Headers(Protocol):
    def getlist(self, key: str) -> list[str]: ...


class HTTPConnection(Protocol):
    @property
    def client(self) -> _Peer | None: ...

    @property
    def headers(self) -> _Headers: ...


Network = ipaddress.IPv4Network | ipaddress.IPv6Network
Address = ipaddress.IPv4Address | ipaddress.IPv6Address

MAX_LENGTH = 64


@lru_cache(maxsize=32)
def _networks(trusted: tuple[str, ...]) -> tuple[Network, ...]:
    return tuple(ipaddress.ip_network(entry.strip(), strict=False) for entry in trusted)


def parse_networks(trusted: Iterable[str]) -> tuple[Network, ...]:
    """The networks of ``trusted`` (addresses or CIDRs); ValueError for a malformed entry."""
    return _networks(tuple(trusted))


def _address(value: str) -> Address | None:
    value = value.strip()
    if value.startswith("[") and "]" in value:  # "[::1]:443"
        value = value[1 : value.index("]")]
    elif value.count(":") == 1:  # "203.0.113.7:51234"
        value = value.split(":", 1)[0]
    try:
        address = ipaddress.ip_address(value)
    except ValueError:
        return None
    mapped = getattr(address, "ipv4_mapped", None)
    return mapped if mapped is not None else address


def is_trusted(value: str | None, trusted: Sequence[str]) -> bool:
    """Whether ``value`` is the address of one of the deployment's declared proxies."""
    if not value:
        return False
    address = _address(value)
    return address is not None and any(address in net for net in parse_networks(trusted))


def client_address(
    *, peer: str | None, forwarded_for: str | None, trusted: Sequence[str]
) -> str | None:
    """The first address right to left through ``peer`` and X-Forwarded-For that is not a
    trusted proxy; when every hop is trusted (a browser on the proxies' own network), the
    leftmost one. Entries that are not addresses end the walk (a trusted proxy never writes
    one), as the client."""
    hops = [entry.strip() for entry in (forwarded_for or "").split(",") if entry.strip()]
    if peer:
        hops.append(peer)
    networks = parse_networks(trusted)
    for hop in reversed(hops):
        address = _address(hop)
        if address is None:
            return hop[:MAX_LENGTH]
        if not any(address in net for net in networks):
            return str(address)
    if not hops:
        return None
    leftmost = _address(hops[0])
    return str(leftmost) if leftmost is not None else hops[0][:MAX_LENGTH]


def of_request(request: HTTPConnection, trusted: Sequence[str]) -> str | None:
    """:func:`client_address` of a request (its peer and every X-Forwarded-For header)."""
    return client_address(
        peer=request.client.host if request.client is not None else None,
        forwarded_for=",".join(request.headers.getlist("x-forwarded-for")),
        trusted=trusted,
    )
