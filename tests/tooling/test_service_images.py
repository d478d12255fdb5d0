"""Every registered service's image, built the way services/Dockerfile's build stage builds it
(its files, ``uv sync --frozen --no-dev --package jobboard-<service>``), imports every module
of the service: a dependency the service uses but does not declare fails here instead of at its
first start in a cluster (scripts/service_images.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from scripts.service_images import ImageError, build, import_all, services


@pytest.mark.parametrize("service", services())
def test_the_image_of_each_service_imports_every_module(service: str, tmp_path: Path) -> None:
    app = tmp_path / "app"
    build(service, app, as_image=False)
    import_all(service, app)


def test_an_undeclared_dependency_fails_the_check(tmp_path: Path) -> None:
    """The check is not satisfied by the workspace's own environment: a service whose code
    imports a package it does not declare fails with the module's name."""
    app = tmp_path / "app"
    build("consent", app, as_image=False)
    module = app / "services" / "consent" / "src" / "consent" / "uses_undeclared.py"
    module.write_text("import aiosmtpd  # declared by search only\n")
    with pytest.raises(ImageError, match=r"consent\.uses_undeclared: ModuleNotFoundError"):
        import_all("consent", app)
