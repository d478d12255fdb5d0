"""Unique names so concurrent or repeated runs never share Kafka topics or Elasticsearch indices."""

import uuid


def unique_prefix(kind: str = "t") -> str:
    return f"{kind}{uuid.uuid4().hex[:10]}."
