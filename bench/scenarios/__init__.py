"""Scenario registry: every module in this package that defines ``build() -> Scenario``.

Adding a scenario is adding a module here; nothing else needs editing.  ``build`` must be
cheap and must not touch the network (listing scenarios calls it); open clients in ``setup``.
"""

from __future__ import annotations

import importlib
import pkgutil

from bench.harness import Scenario


def load_scenarios() -> dict[str, Scenario]:
    found: dict[str, Scenario] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        build = getattr(module, "build", None)
        if build is None:
            continue
        scenario = build()
        if not isinstance(scenario, Scenario):
            raise TypeError(f"{module.__name__}.build() did not return a Scenario")
        if scenario.name in found:
            raise ValueError(f"two scenarios are named {scenario.name!r}")
        found[scenario.name] = scenario
    return found
