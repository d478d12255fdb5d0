"""Signed file URLs: bound to the file, the style, the user and the expiry."""

from jobkit.uploads.signing import signature_holds, signed_file_url
from pydantic import SecretStr

SECRET = SecretStr("test-secret")


class Settings:
    upload_public_url = "/api/uploads/jobs"


def _parts(url: str) -> dict[str, str]:
    query = url.split("?", 1)[1]
    return dict(pair.split("=", 1) for pair in query.split("&"))


def test_a_signed_url_holds_for_its_user_until_it_expires() -> None:
    url = signed_file_url(
        Settings(), "abc", "original", user_id="u1", secret=SECRET, ttl_seconds=60, now=1000
    )
    assert url.startswith("/api/uploads/jobs/files/abc/original?expires=1060&signature=")
    parts = _parts(url)

    def holds(**change: object) -> bool:
        arguments: dict[str, object] = {
            "upload_id": "abc",
            "style": "original",
            "user_id": "u1",
            "expires": parts["expires"],
            "signature": parts["signature"],
            "now": 1059,
        } | change
        return signature_holds(SECRET, **arguments)  # type: ignore[arg-type]

    assert holds()
    assert not holds(now=1061)
    assert not holds(user_id="u2")
    assert not holds(upload_id="abd")
    assert not holds(style="teaser")
    assert not holds(expires="2000")
    assert not holds(signature=None)
    assert not signature_holds(
        SecretStr("other"),
        "abc",
        "original",
        user_id="u1",
        expires=parts["expires"],
        signature=parts["signature"],
        now=1000,
    )
