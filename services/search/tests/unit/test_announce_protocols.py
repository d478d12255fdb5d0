"""The wire formats of Google's batch and IndexNow (no I/O; the integration tests send them to
local endpoints that check them)."""

from email.parser import BytesParser
from email.policy import HTTP

import jwt
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from search.site.announce.google import (
    SCOPE,
    ServiceAccount,
    batch_body,
    parse_batch_answer,
)
from search.site.announce.indexnow import submission
from search.site.announce.notifiers import Notice
from search.site.announce.settings import AnnounceSettings

from services.search.tests.unit.test_announce_planner import NOW


def test_the_batch_is_multipart_mixed_with_one_http_request_per_notice() -> None:
    notices = [
        Notice("https://a.org/job/x", "URL_UPDATED"),
        Notice("https://a.org/job/y", "URL_DELETED"),
    ]
    body = batch_body(notices, "b0undary")
    message = BytesParser(policy=HTTP).parsebytes(
        b"Content-Type: multipart/mixed; boundary=b0undary\r\n\r\n" + body
    )
    parts = list(message.iter_parts())
    assert [p.get_content_type() for p in parts] == ["application/http"] * 2
    first = parts[0].get_payload(decode=True).decode()
    assert first.startswith("POST /v3/urlNotifications:publish HTTP/1.1\r\n")
    assert first.endswith('{"url": "https://a.org/job/x", "type": "URL_UPDATED"}')
    with pytest.raises(ValueError, match="at most 100"):
        batch_body(notices * 51, "b")


def test_the_batch_answer_is_read_per_part() -> None:
    answer = (
        b"--r\r\nContent-Type: application/http\r\nContent-ID: <response-item1>\r\n\r\n"
        b'HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json\r\n\r\n{"error": {}}\r\n'
        b"--r\r\nContent-Type: application/http\r\nContent-ID: <response-item0>\r\n\r\n"
        b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n{}\r\n--r--\r\n"
    )
    parts = parse_batch_answer("multipart/mixed; boundary=r", answer)
    assert {index: status for index, (status, _) in parts.items()} == {0: 200, 1: 429}


def test_the_assertion_is_an_rs256_jwt_for_the_token_uri() -> None:
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    pem = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    ).decode()
    account = ServiceAccount("a@b.iam", pem, "kid-1", "https://oauth2.example/token")
    token = account.assertion(NOW)
    claims = jwt.decode(
        token,
        key.public_key(),
        algorithms=["RS256"],
        audience="https://oauth2.example/token",
        options={"verify_exp": False, "verify_iat": False},
    )
    assert claims["iss"] == "a@b.iam"
    assert claims["scope"] == SCOPE
    assert claims["exp"] - claims["iat"] == 3600
    assert jwt.get_unverified_header(token)["kid"] == "kid-1"


def test_indexnow_submission_names_the_host_and_the_key_file() -> None:
    assert submission(
        "k3y-k3y-k3y", "https://jobs.example.org", ["https://jobs.example.org/job/a"]
    ) == {
        "host": "jobs.example.org",
        "key": "k3y-k3y-k3y",
        "keyLocation": "https://jobs.example.org/k3y-k3y-k3y.txt",
        "urlList": ["https://jobs.example.org/job/a"],
    }


def test_settings_refuse_a_malformed_indexnow_key_and_build_job_urls() -> None:
    with pytest.raises(ValueError, match="IndexNow key"):
        AnnounceSettings(indexnow_key="short")
    settings = AnnounceSettings(
        site_url="https://jobs.example.org/", site_urls={"other": "https://other.example/"}
    )
    assert settings.job_url("jobboard", "a") == "https://jobs.example.org/job/a"
    assert settings.job_url("other", "b") == "https://other.example/job/b"
    with pytest.raises(ValueError, match="less than or equal to 100"):
        AnnounceSettings(announce_batch_size=101)
