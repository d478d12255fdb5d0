"""The shared per-request context, named for this service (its own loaders live beside it)."""

from jobkit.graphql import ServiceContext as OrganizationContext

__all__ = ["OrganizationContext"]
