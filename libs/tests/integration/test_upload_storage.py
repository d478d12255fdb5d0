"""jobkit.uploads storage: LocalDiskStorage on a temporary folder, S3Storage against a real
S3-compatible server (moto's) on a loopback port."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from jobkit.settings import ServiceSettings
from jobkit.testing.server import free_port
from jobkit.uploads import LocalDiskStorage, S3Storage, Storage, storage_from_settings
from pydantic import SecretStr


@pytest.fixture(scope="module")
def s3_endpoint() -> Iterator[str]:
    from moto.server import ThreadedMotoServer

    port = free_port()
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.stop()


def files_under(folder: Path) -> list[Path]:
    return [path for path in folder.rglob("*") if path.is_file()]


async def s3_storage(endpoint: str, bucket: str = "uploads-test") -> S3Storage:
    storage = S3Storage(
        endpoint_url=endpoint,
        bucket=bucket,
        access_key="test",
        secret_key="test",
        region="eu-central-1",
        prefix="organizations",
    )
    await storage.ensure_bucket()
    return storage


async def round_trip(storage: Storage) -> None:
    await storage.put("abc/original.webp", b"RIFF....WEBP", "image/webp")
    assert await storage.get("abc/original.webp") == b"RIFF....WEBP"
    await storage.put("abc/original.webp", b"second", "image/webp")
    assert await storage.get("abc/original.webp") == b"second"
    await storage.delete("abc/original.webp")
    with pytest.raises(FileNotFoundError):
        await storage.get("abc/original.webp")
    with pytest.raises(FileNotFoundError):
        await storage.get("never/put.webp")
    await storage.delete("never/put.webp")  # deleting what is not there is fine


async def test_local_disk_storage_round_trip(tmp_path: Path) -> None:
    storage = LocalDiskStorage(tmp_path / "uploads")
    await round_trip(storage)
    await storage.put("x/thumbnail.webp", b"1", "image/webp")
    assert (tmp_path / "uploads" / "x" / "thumbnail.webp").read_bytes() == b"1"
    await storage.delete("x/thumbnail.webp")
    assert not (tmp_path / "uploads" / "x").exists()  # the emptied folder goes too


@pytest.mark.parametrize(
    "key",
    [
        "../outside.txt",
        "a/../../outside.txt",
        "/etc/passwd",
        "a/./b",
        "",
        "a//b",
        ".hidden",
        "a\\..\\b",
        "a/\x00b",
        "ok/../../../etc/passwd",
    ],
)
async def test_local_disk_storage_refuses_keys_that_leave_its_folder(
    tmp_path: Path, key: str
) -> None:
    root = tmp_path / "uploads"
    storage = LocalDiskStorage(root)
    with pytest.raises(ValueError, match="invalid storage key"):
        await storage.put(key, b"x", "text/plain")
    with pytest.raises(ValueError, match="invalid storage key"):
        await storage.get(key)
    assert not (tmp_path / "outside.txt").exists()
    assert files_under(tmp_path) == []


async def test_s3_storage_round_trip_against_a_real_s3_server(s3_endpoint: str) -> None:
    storage = await s3_storage(s3_endpoint)
    await round_trip(storage)
    await storage.put("abc/teaser.webp", b"teaser", "image/webp")
    # The object is under the service's prefix, with its content type.
    head = storage._client.head_object(Bucket="uploads-test", Key="organizations/abc/teaser.webp")
    assert head["ContentType"] == "image/webp"
    with pytest.raises(ValueError, match="invalid storage key"):
        await storage.put("../other-service/x", b"x", "text/plain")


async def test_storage_from_settings(tmp_path: Path, s3_endpoint: str) -> None:
    local = storage_from_settings(ServiceSettings(service_name="jobs", upload_dir=tmp_path))
    assert isinstance(local, LocalDiskStorage)
    assert local.root == (tmp_path / "jobs").resolve()
    s3 = storage_from_settings(
        ServiceSettings(
            service_name="jobs",
            upload_storage="s3",
            s3_endpoint_url=s3_endpoint,
            s3_bucket="from-settings",
            s3_access_key="test",
            s3_secret_key=SecretStr("test"),
        )
    )
    assert isinstance(s3, S3Storage)
    await s3.ensure_bucket()
    await round_trip(s3)


def test_upload_settings_come_from_the_platform_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("JOBBOARD_UPLOAD_STORAGE", "s3")
    monkeypatch.setenv("JOBBOARD_UPLOAD_DIR", str(tmp_path))
    monkeypatch.setenv("S3_BUCKET", "shared")
    monkeypatch.setenv("S3_SECRET_KEY", "hunter2")
    settings = ServiceSettings(service_name="resumes")
    assert settings.upload_storage == "s3"
    assert settings.upload_path == tmp_path / "resumes"
    assert settings.s3_bucket == "shared"
    assert "hunter2" not in repr(settings)
