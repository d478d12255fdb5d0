"""Every secret a service needs in production comes from the secret store.

The list is derived from the services' settings classes, not written here: a ``SecretStr`` field
whose absence production refuses (``JOBBOARD_ENV=production``: the k8s base and the image's
default) must be listed for its service in deploy/services.json, from which the registry gives
it to each of the service's processes (k8s: its API, its workers, their migration gate and its
migration Job, from ``jobboard-secrets``; compose: from the host). Without this a new setting
such as ``JOBS_FILE_SIGNING_SECRET`` left every pod of its service failing at start-up.
"""

from __future__ import annotations

import importlib
import inspect
import os
import re
from collections.abc import Iterator
from pathlib import Path
from types import UnionType
from typing import Union, get_args, get_origin

import pytest
from jobkit.settings import ServiceSettings
from pydantic import AliasChoices, SecretStr, ValidationError

from scripts.registry import Service, k8s_manifest, load

ROOT = Path(__file__).resolve().parents[2]
SERVICES = {service.name: service for service in load(ROOT)}

# What the deployment gives every Python process besides the registry's secrets: the
# environment (jobboard-env), the database's credentials (<service>-db-app, written by the
# operator) and the object storage's keys (jobboard-object-storage).
PLATFORM = {
    "JOBBOARD_ENV": "production",
    "JOBBOARD_PG_PASSWORD": "from-the-operator",
    "JOBBOARD_UPLOAD_STORAGE": "s3",
    "S3_ACCESS_KEY": "from-the-secret-store",
    "S3_SECRET_KEY": "from-the-secret-store",
}


def settings_class(service: str) -> type[ServiceSettings]:
    """The ServiceSettings subclass the service's ``settings`` module defines."""
    module = importlib.import_module(f"{service}.settings")
    found = [
        cls
        for _, cls in inspect.getmembers(module, inspect.isclass)
        if issubclass(cls, ServiceSettings) and cls.__module__ == module.__name__
    ]
    assert len(found) == 1, f"{service}.settings defines {found}, expected one settings class"
    return found[0]


def _is_secret(annotation: object) -> bool:
    if annotation is SecretStr:
        return True
    return get_origin(annotation) in (Union, UnionType) and SecretStr in get_args(annotation)


def secret_variables(cls: type[ServiceSettings]) -> dict[str, str]:
    """The environment variable of each SecretStr field (its alias, else prefix + name)."""
    prefix = str(cls.model_config.get("env_prefix", ""))
    variables = {}
    for name, field in cls.model_fields.items():
        if not _is_secret(field.annotation):
            continue
        alias = field.validation_alias
        if isinstance(alias, AliasChoices) and isinstance(alias.choices[0], str):
            variable = alias.choices[0]
        elif isinstance(alias, str):
            variable = alias
        else:
            variable = f"{prefix}{name}".upper()
        variables[variable] = name
    return variables


def refusal(
    cls: type[ServiceSettings], environ: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> str | None:
    """Why the settings refuse to be built from exactly ``environ``; None when they are."""
    with monkeypatch.context() as patch:
        for variable in list(os.environ):
            patch.delenv(variable)
        for variable, value in environ.items():
            patch.setenv(variable, value)
        try:
            cls()
        except ValidationError as error:
            return str(error)
    return None


def _secrets_set(cls: type[ServiceSettings]) -> dict[str, str]:
    return PLATFORM | {variable: f"not-a-default-{variable}" for variable in secret_variables(cls)}


@pytest.mark.parametrize("service", SERVICES)
def test_every_secret_production_refuses_without_is_in_the_registry(
    service: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    cls = settings_class(service)
    everything = _secrets_set(cls)
    assert refusal(cls, everything, monkeypatch) is None, "production refuses even every secret set"
    refused = {
        variable
        for variable in secret_variables(cls)
        if refusal(cls, {k: v for k, v in everything.items() if k != variable}, monkeypatch)
    }
    # the derivation sees a refusal at all: the database password is refused in every service
    assert "JOBBOARD_PG_PASSWORD" in refused
    missing = sorted(refused - set(PLATFORM) - set(SERVICES[service].secrets))
    assert not missing, (
        f"the settings of {service} refuse to start in production without {missing}, which "
        f"deploy/services.json does not list for {service}: add them to its secrets and run "
        "python3 scripts/registry.py write"
    )
    # and with what the deployment gives it, production starts
    supplied = PLATFORM | {secret: "from-the-secret-store" for secret in SERVICES[service].secrets}
    assert refusal(cls, supplied, monkeypatch) is None


@pytest.mark.parametrize("service", SERVICES)
def test_no_secret_runs_production_at_a_committed_default(
    service: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A secret with a default in the code (a development key) is refused at that default in
    production: otherwise a deployment that forgets it runs with a guessable secret."""
    cls = settings_class(service)
    everything = _secrets_set(cls)
    accepted = []
    for variable, name in secret_variables(cls).items():
        default = cls.model_fields[name].default
        if not isinstance(default, SecretStr) or not default.get_secret_value():
            continue
        without = {k: v for k, v in everything.items() if k != variable}
        if refusal(cls, without, monkeypatch) is None:
            accepted.append(variable)
    assert not accepted, f"{service} runs production with the committed default of {accepted}"


def test_each_registered_secret_is_a_secret_setting_of_its_service() -> None:
    unknown = [
        f"{service.name}: {secret}"
        for service in SERVICES.values()
        for secret in (*service.secrets, *service.optional_secrets)
        if secret not in secret_variables(settings_class(service.name))
    ]
    assert not unknown, f"deploy/services.json lists secrets no settings field reads: {unknown}"


@pytest.mark.parametrize("service", SERVICES)
def test_every_secret_setting_can_be_given_by_the_deployment(service: str) -> None:
    """A secret a service reads only when a feature is on (a site's captcha, a measurement API)
    must reach it from the secret store too: otherwise an operator who turns the captcha on
    finds every sign-up refused ("no verify URL or secret is configured") with no way to give
    the secret short of editing the generated manifests."""
    registry = SERVICES[service]
    given = {"S3_SECRET_KEY", *PLATFORM, *registry.secrets, *registry.optional_secrets}
    missing = sorted(set(secret_variables(settings_class(service))) - given)
    assert not missing, (
        f"{service} reads the secrets {missing}, which deploy/services.json lists neither as "
        "its secrets nor as its optional_secrets: add them, then python3 scripts/registry.py write"
    )


@pytest.mark.parametrize("service", SERVICES.values(), ids=lambda s: s.name)
def test_optional_secrets_reach_each_process_and_are_not_required(service: Service) -> None:
    """Each container the registry generates for the service reads each optional secret from
    the store, marked optional (a cluster without it still starts); compose passes the host's
    value through when it has one."""
    manifest = k8s_manifest(service)
    containers = len(re.findall(rf"image:\s*jobboard/{service.name}:", manifest))
    compose = (ROOT / "docker-compose.yml").read_text()
    for secret in service.optional_secrets:
        optional = re.findall(rf"key: {secret}, optional: true\}}", manifest)
        assert len(optional) == containers, (secret, len(optional), containers)
        assert re.search(rf"^\s+{secret}:$", compose, re.M), f"docker-compose.yml: {secret}"


def _manifests() -> Iterator[Path]:
    yield ROOT / "docker-compose.yml"
    yield from sorted((ROOT / "deploy" / "k8s").glob("**/*.yaml"))


@pytest.mark.parametrize("service", SERVICES.values(), ids=lambda s: s.name)
def test_every_process_of_a_service_reads_its_secrets(service: Service) -> None:
    """Each container (and compose service) running the service's image, the generated ones
    and the hand-written ones alike (the alert mailer), passes each of its registry secrets."""
    image = re.compile(rf"image:\s*jobboard/{service.name}:")
    assert image.search(k8s_manifest(service))
    short = []
    for path in _manifests():
        text = path.read_text()
        containers = len(image.findall(text))
        for secret in service.secrets:
            # k8s: `secretKeyRef: {name: jobboard-secrets, key: X}`; compose: `X: ${X:?...}`
            passed = re.findall(rf"key: {secret}\}}|^\s+{secret}: \$\{{{secret}\b", text, re.M)
            if len(passed) < containers:
                short.append(
                    f"{path.relative_to(ROOT)}: {containers} containers run {service.name}, "
                    f"{len(passed)} pass {secret}"
                )
    assert not short, short
