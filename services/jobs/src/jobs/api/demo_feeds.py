"""The local board's demo feeds (ADR 0041): the files of ``demo_feeds_dir`` served at
``/feeds/demo/<name>.xml|json``, so that the demo organizations' feed sources (scripts/seed.py)
import from this machine without the internet. Only when the setting names a folder (the local
stack's .local/env does); a deployed board serves none."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi import FastAPI, HTTPException
from fastapi.responses import FileResponse

NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,62}\.(xml|json)$")
MEDIA_TYPES = {"xml": "application/xml", "json": "application/json"}


def add_demo_feeds(app: FastAPI, folder: Path) -> None:
    @app.get("/feeds/demo/{name}", include_in_schema=False)
    async def demo_feed(name: str) -> FileResponse:
        found = NAME.match(name)
        path = folder / name
        if found is None or not path.is_file():
            raise HTTPException(status_code=404)
        return FileResponse(path, media_type=MEDIA_TYPES[found.group(1)])
