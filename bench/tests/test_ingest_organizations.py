"""The data set's organizations as ``bench.ingest`` makes and reports them (ADR 0075): each
organization's own logo upload, a picture rendered once for all that share it; the
organizations' hop and the end-to-end total in the report."""

from __future__ import annotations

import argparse
import json
import uuid
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bench import ingest

dataset = ingest.dataset


async def test_each_organization_has_its_own_logo_upload_and_a_picture_is_rendered_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stored: list[Any] = []

    async def store_upload(*, processed: Any, **_: Any) -> dict[str, Any]:
        stored.append(processed)
        return {"id": uuid.uuid4()}

    monkeypatch.setattr(dataset, "store_upload", store_upload)
    first, other = dataset.dataset_organizations(2)
    # the same initials, colour and shape: the same picture
    twin = replace(first, name=f"{first.name} Two")
    assert dataset.initials(twin.name) == dataset.initials(first.name)
    logos = dataset.Logos(dataset.organizations_settings(), uuid.uuid4())
    try:
        ids = [await logos.upload(demo) for demo in (first, twin, other)]
    finally:
        logos.close()

    assert len(set(ids)) == 3
    assert len(logos.rendered) == 2
    assert stored[0] is stored[1]
    assert stored[2] is not stored[0]
    assert set(stored[0].styles) == set(stored[2].styles)
    assert "job_squared_logo_medium" in stored[0].styles


def test_the_report_prints_the_organizations_hop_and_the_end_to_end_total(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    profiles = ingest.Hop("organizations", 500, 40.0)
    hops = [
        ingest.Hop(name, 1000, seconds)
        for name, seconds in zip(ingest.HOPS, (5, 9, 14, 20), strict=True)
    ]
    account = ingest.Account(spent={}, idle={}, seconds=1, idle_seconds=1, machine=1)
    args = argparse.Namespace(
        jobs=1000,
        organizations=500,
        concurrency=6,
        settle=2,
        idle=1,
        json=str(tmp_path / "ingest.json"),
    )

    ingest.report(profiles, hops, account, args)

    out = capsys.readouterr().out
    assert "organizations: 500 in 40.0 s, 12.5/s" in out
    assert "end to end: 60 s, organizations and jobs until findable (issue 27: 900 s" in out
    written = json.loads((tmp_path / "ingest.json").read_text())
    assert written["organizations"] == {"count": 500, "seconds": 40.0, "per_second": 12.5}
    assert written["end_to_end_seconds"] == 60.0
