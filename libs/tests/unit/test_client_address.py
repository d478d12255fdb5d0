"""The client address read from the right through the deployment's trusted proxies only."""

from __future__ import annotations

import pytest
from jobkit.client_address import client_address, is_trusted
from jobkit.settings import ServiceSettings

PROXIES = ["10.0.0.0/8", "192.0.2.10"]


@pytest.mark.parametrize(
    ("peer", "forwarded_for", "expected"),
    [
        # no proxy in between: the peer itself, whatever it claims
        ("203.0.113.7", "198.51.100.1", "203.0.113.7"),
        # gateway (peer) <- web server appended the browser: the browser
        ("10.0.0.2", "203.0.113.7", "203.0.113.7"),
        # a browser-written entry on the left is never reached
        ("10.0.0.2", "198.51.100.1, 203.0.113.7", "203.0.113.7"),
        ("10.0.0.2", "1.1.1.1, 198.51.100.1, 203.0.113.7, 192.0.2.10", "203.0.113.7"),
        # IPv6, ports and IPv4-mapped addresses are addresses like any other
        ("10.0.0.2", "[2001:db8::5]:4431", "2001:db8::5"),
        ("::ffff:10.0.0.2", "203.0.113.7:5000", "203.0.113.7"),
        # garbage can only come from a browser on the proxies' side; it ends the walk
        ("10.0.0.2", "not-an-address", "not-an-address"),
        # every hop trusted: the leftmost
        ("10.0.0.2", "10.0.0.9, 10.0.0.3", "10.0.0.9"),
        (None, None, None),
    ],
)
def test_the_first_untrusted_hop_from_the_right_is_the_client(
    peer: str | None, forwarded_for: str | None, expected: str | None
) -> None:
    assert client_address(peer=peer, forwarded_for=forwarded_for, trusted=PROXIES) == expected


def test_trusted_proxies_come_from_the_environment_and_default_to_loopback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert is_trusted("127.0.0.1", ServiceSettings().trusted_proxies)
    assert is_trusted("::1", ServiceSettings().trusted_proxies)
    monkeypatch.setenv("JOBBOARD_TRUSTED_PROXIES", "10.1.0.0/16, 192.0.2.10")
    settings = ServiceSettings()
    assert settings.trusted_proxies == ["10.1.0.0/16", "192.0.2.10"]
    assert is_trusted("10.1.4.4", settings.trusted_proxies)
    assert not is_trusted("127.0.0.1", settings.trusted_proxies)
    monkeypatch.setenv("JOBBOARD_TRUSTED_PROXIES", "10.1.0.0/33")
    with pytest.raises(ValueError, match="JOBBOARD_TRUSTED_PROXIES"):
        ServiceSettings()
