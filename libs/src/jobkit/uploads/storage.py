"""Where uploaded bytes live: a small interface, a local folder by default, or any S3-compatible
service (AWS S3, MinIO, Ceph, R2...). Keys are chosen by jobkit (``<upload id>/<style>.<ext>``),
never by users; both stores still refuse keys that could leave their namespace."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from mypy_boto3_s3 import S3Client

    from jobkit.settings import ServiceSettings

_SEGMENT = r"[A-Za-z0-9][A-Za-z0-9._-]{0,127}"
_KEY = re.compile(rf"{_SEGMENT}(?:/{_SEGMENT}){{0,7}}")


def check_key(key: str) -> str:
    """``key`` when it is a plain relative path of safe segments; ValueError otherwise."""
    if not _KEY.fullmatch(key) or any(part in {".", ".."} for part in key.split("/")):
        raise ValueError(f"invalid storage key: {key!r}")
    return key


class Storage(Protocol):
    async def put(self, key: str, data: bytes, content_type: str) -> None: ...

    async def get(self, key: str) -> bytes:
        """The object's bytes; FileNotFoundError when there is none."""
        ...

    async def delete(self, key: str) -> None:
        """Remove the object; nothing happens when there is none."""
        ...


class LocalDiskStorage:
    """Objects as files under ``root`` (written atomically; the content type is not kept: the
    uploads table has it)."""

    def __init__(self, root: Path) -> None:
        self.root = root.resolve()

    def path(self, key: str) -> Path:
        path = (self.root / check_key(key)).resolve()
        if not path.is_relative_to(self.root) or path == self.root:
            raise ValueError(f"invalid storage key: {key!r}")
        return path

    async def put(self, key: str, data: bytes, content_type: str) -> None:
        await asyncio.to_thread(self._write, self.path(key), data)

    async def get(self, key: str) -> bytes:
        return await asyncio.to_thread(self.path(key).read_bytes)

    async def delete(self, key: str) -> None:
        await asyncio.to_thread(self._remove, self.path(key))

    @staticmethod
    def _write(path: Path, data: bytes) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=".upload-")
        try:
            with os.fdopen(fd, "wb") as file:
                file.write(data)
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise

    def _remove(self, path: Path) -> None:
        path.unlink(missing_ok=True)
        parent = path.parent
        if parent != self.root:
            with contextlib.suppress(OSError):  # only when empty: it goes with its last file
                parent.rmdir()


class S3Storage:
    """Objects in one bucket of an S3-compatible service (path-style addressing, SigV4).

    boto3 is synchronous; its client is thread-safe, so calls run in worker threads."""

    def __init__(
        self,
        *,
        endpoint_url: str | None,
        bucket: str,
        access_key: str | None,
        secret_key: str | None,
        region: str = "us-east-1",
        prefix: str = "",
    ) -> None:
        import boto3
        from botocore.config import Config

        self.bucket = bucket
        self.region = region
        # Services may share a bucket: each keeps to its own prefix (its name).
        self.prefix = f"{check_key(prefix)}/" if prefix else ""
        self._client: S3Client = boto3.session.Session().client(
            "s3",
            endpoint_url=endpoint_url or None,
            aws_access_key_id=access_key or None,
            aws_secret_access_key=secret_key or None,
            region_name=region,
            config=Config(
                signature_version="s3v4",
                s3={"addressing_style": "path"},
                retries={"max_attempts": 3, "mode": "standard"},
            ),
        )

    def _key(self, key: str) -> str:
        return self.prefix + check_key(key)

    async def ensure_bucket(self) -> None:
        """Create the bucket when it does not exist (local and test set-ups)."""
        from botocore.exceptions import ClientError

        def ensure() -> None:
            try:
                self._client.head_bucket(Bucket=self.bucket)
            except ClientError:
                if self.region == "us-east-1":  # S3 refuses a location constraint there
                    self._client.create_bucket(Bucket=self.bucket)
                else:
                    self._client.create_bucket(
                        Bucket=self.bucket,
                        CreateBucketConfiguration={"LocationConstraint": self.region},
                    )

        await asyncio.to_thread(ensure)

    async def put(self, key: str, data: bytes, content_type: str) -> None:
        await asyncio.to_thread(
            self._client.put_object,
            Bucket=self.bucket,
            Key=self._key(key),
            Body=data,
            ContentType=content_type,
        )

    async def get(self, key: str) -> bytes:
        from botocore.exceptions import ClientError

        def read() -> bytes:
            try:
                answer = self._client.get_object(Bucket=self.bucket, Key=self._key(key))
            except ClientError as error:
                if error.response.get("Error", {}).get("Code") in {"NoSuchKey", "404"}:
                    raise FileNotFoundError(key) from error
                raise
            body: bytes = answer["Body"].read()
            return body

        return await asyncio.to_thread(read)

    async def delete(self, key: str) -> None:
        await asyncio.to_thread(self._client.delete_object, Bucket=self.bucket, Key=self._key(key))


def storage_from_settings(settings: ServiceSettings) -> Storage:
    """The store a service's settings name: ``local`` (a folder per service) or ``s3``."""
    if settings.upload_storage == "s3":
        return S3Storage(
            endpoint_url=settings.s3_endpoint_url,
            bucket=settings.s3_bucket,
            access_key=settings.s3_access_key,
            secret_key=settings.s3_secret_key.get_secret_value() or None,
            region=settings.s3_region,
            prefix=settings.service_name,
        )
    return LocalDiskStorage(settings.upload_path)
