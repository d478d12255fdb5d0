"""What a service's domain needs of its uploads without the HTTP endpoints
(:mod:`jobkit.uploads.http`): the owner an anonymous upload is recorded with, and a file's
public URL."""

from __future__ import annotations

from typing import Any

ANONYMOUS_OWNER = "anonymous"


def file_url(settings: Any, upload_id: object, style: str) -> str:
    return f"{settings.upload_public_url}/files/{upload_id}/{style}"
