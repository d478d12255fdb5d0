"""Writes the JSON schemas deploy/compose/check validates the Kubernetes manifests against.

    .venv/bin/python deploy/k8s/schemas/vendor.py kubernetes SWAGGER_JSON VERSION
    .venv/bin/python deploy/k8s/schemas/vendor.py crds NAME SOURCE CRD_YAML...

``kubernetes``: SWAGGER_JSON is ``api/openapi-spec/swagger.json`` of the Kubernetes release
(the Go module ``k8s.io/kubernetes@VERSION`` holds it: ``go mod download -json
k8s.io/kubernetes@v1.34.4`` prints its folder). Only the kinds in KINDS and the definitions
they reach are kept, without descriptions, so the file stays small.
``crds``: the ``openAPIV3Schema`` of every served version of each CustomResourceDefinition,
kept as the operator publishes it (descriptions dropped); SOURCE says where it came from.

Both are made strict the way kubeconform's ``-strict`` schemas are: an object schema that lists
its properties refuses any other (``additionalProperties: false``) unless the API server keeps
unknown fields there (``x-kubernetes-preserve-unknown-fields``), so a typo'd field fails.
Int-or-string and quantities accept both YAML forms.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).resolve().parent

# apiVersion/kind of every built-in object the overlays render (add one here when a manifest
# uses a new kind, then re-run this script).
KINDS = [
    "v1/ConfigMap",
    "v1/Namespace",
    "v1/Secret",
    "v1/Service",
    "v1/ServiceAccount",
    "apps/v1/Deployment",
    "batch/v1/Job",
    "policy/v1/PodDisruptionBudget",
    "autoscaling/v2/HorizontalPodAutoscaler",
    "networking.k8s.io/v1/NetworkPolicy",
]

INT_OR_STRING = {"oneOf": [{"type": "string"}, {"type": "integer"}]}
QUANTITY = {"oneOf": [{"type": "string"}, {"type": "number"}]}


def strict(node: Any) -> Any:
    """The node without descriptions, closed where it lists its properties."""
    if isinstance(node, list):
        return [strict(item) for item in node]
    if not isinstance(node, dict):
        return node
    if node.get("format") == "int-or-string":
        return dict(INT_OR_STRING)
    out = {key: strict(value) for key, value in node.items() if key != "description"}
    if (
        "properties" in out
        and "additionalProperties" not in out
        and not out.get("x-kubernetes-preserve-unknown-fields")
    ):
        out["additionalProperties"] = False
    return out


def _refs(node: Any) -> set[str]:
    found: set[str] = set()
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str):
            found.add(ref.rsplit("/", 1)[-1])
        for value in node.values():
            found |= _refs(value)
    elif isinstance(node, list):
        for value in node:
            found |= _refs(value)
    return found


def kubernetes(swagger_path: str, version: str) -> None:
    swagger = json.loads(Path(swagger_path).read_text())
    definitions: dict[str, Any] = swagger["definitions"]
    by_kind: dict[str, str] = {}
    for name, definition in definitions.items():
        for gvk in definition.get("x-kubernetes-group-version-kind", []):
            group = gvk["group"]
            api_version = f"{group}/{gvk['version']}" if group else gvk["version"]
            by_kind.setdefault(f"{api_version}/{gvk['kind']}", name)
    kinds = {kind: by_kind[kind] for kind in KINDS}
    keep: set[str] = set()
    todo = list(kinds.values())
    while todo:
        name = todo.pop()
        if name not in keep:
            keep.add(name)
            todo.extend(_refs(definitions[name]) - keep)
    kept = {name: strict(definitions[name]) for name in sorted(keep)}
    kept["io.k8s.apimachinery.pkg.api.resource.Quantity"] = dict(QUANTITY)
    document = {
        "source": f"kubernetes/kubernetes {version} api/openapi-spec/swagger.json "
        "(Go module k8s.io/kubernetes), written by deploy/k8s/schemas/vendor.py",
        "kinds": {kind: {"$ref": f"#/definitions/{name}"} for kind, name in kinds.items()},
        "definitions": kept,
    }
    _write(HERE / f"kubernetes-{version}.json", document)


def crds(name: str, source: str, paths: list[str]) -> None:
    kinds: dict[str, Any] = {}
    for path in paths:
        for crd in yaml.safe_load_all(Path(path).read_text()):
            if not crd or crd.get("kind") != "CustomResourceDefinition":
                continue
            spec = crd["spec"]
            for version in spec["versions"]:
                if not version.get("served"):
                    continue
                schema = strict(version["schema"]["openAPIV3Schema"])
                kinds[f"{spec['group']}/{version['name']}/{spec['names']['kind']}"] = schema
    _write(HERE / f"{name}.json", {"source": source, "kinds": kinds})


def _write(path: Path, document: dict[str, Any]) -> None:
    path.write_text(json.dumps(document, indent=1, sort_keys=True) + "\n")
    print(f"wrote {path.relative_to(HERE.parents[2])}: {len(document['kinds'])} kinds")  # noqa: T201


def main(argv: list[str]) -> int:
    if len(argv) >= 3 and argv[0] == "kubernetes":
        kubernetes(argv[1], argv[2])
    elif len(argv) >= 4 and argv[0] == "crds":
        crds(argv[1], argv[2], argv[3:])
    else:
        print(__doc__, file=sys.stderr)  # noqa: T201
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
