"""Identity uses the shared context; kept as a module so identity-only loaders have a home."""

from jobkit.graphql import ServiceContext as IdentityContext

__all__ = ["IdentityContext"]
