"""jobkit.targets: which addresses a service may be asked to reach (webhooks, feeds). IP
literals and localhost resolve without a name server."""

from __future__ import annotations

import pytest
from jobkit.targets import is_public_address, target_refusal


@pytest.mark.parametrize(
    ("address", "public"),
    [
        ("93.184.215.14", True),
        ("2606:4700::1111", True),
        ("127.0.0.1", False),
        ("10.1.2.3", False),
        ("172.16.0.1", False),
        ("192.168.1.1", False),
        ("169.254.169.254", False),
        ("100.64.0.1", False),
        ("224.0.0.1", False),
        ("::1", False),
        ("fe80::1", False),
        ("fd00::1", False),
        ("::ffff:127.0.0.1", False),
        ("0.0.0.0", False),
    ],
)
def test_public_addresses(address: str, public: bool) -> None:
    assert is_public_address(address) is public


async def _refusal(url: str, *, allow_private: bool = False, https_only: bool = True) -> str | None:
    return await target_refusal(
        url,
        allow_private=allow_private,
        https_only=https_only,
        scheme_message="https only",
        private_message="public only",
    )


@pytest.mark.parametrize(
    ("url", "refusal"),
    [
        ("https://127.0.0.1/feed.xml", "public only"),
        ("https://[::1]/feed.xml", "public only"),
        ("https://localhost:8443/feed.xml", "public only"),
        ("https://169.254.169.254/latest/meta-data", "public only"),
        ("http://93.184.215.14/feed.xml", "https only"),
        ("ftp://example.org/feed.xml", "Enter a full address starting with https://."),
        ("https:///feed.xml", "Enter a full address starting with https://."),
        (
            "https://user:secret@93.184.215.14/",
            "The address may not carry a user name or password.",
        ),
        ("https://93.184.215.14/feed.xml", None),
    ],
)
async def test_refusals(url: str, refusal: str | None) -> None:
    assert await _refusal(url) == refusal


async def test_private_targets_when_allowed_and_plain_http_when_not_https_only() -> None:
    assert await _refusal("http://127.0.0.1:8103/feed.xml", allow_private=True) is None
    assert await _refusal("http://93.184.215.14/feed.xml", https_only=False) is None
    assert await _refusal("http://127.0.0.1/feed.xml", https_only=False) == "public only"
    # the shape of the address is checked even when private targets are allowed
    assert await _refusal("file:///etc/passwd", allow_private=True) is not None
