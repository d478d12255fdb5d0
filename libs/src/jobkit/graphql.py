"""GraphQL helpers shared by every subgraph: the error interface, result unions and the context.

Expected errors are data: a mutation returns a union of its success type and error types, each
error with ``message``, ``code`` and ``field``. Authentication failures and bugs are top-level
GraphQL errors with ``extensions.code``.
"""

from __future__ import annotations

import uuid
from typing import Annotated, Any, Union

import strawberry
from fastapi import Request
from graphql import GraphQLError
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from strawberry.dataloader import DataLoader
from strawberry.fastapi import BaseContext

from jobkit.auth import AuthenticationError, JwtVerifier, Principal, bearer_token
from jobkit.settings import ServiceSettings


@strawberry.interface(description="An expected failure, returned as data.")
class Error:
    message: str
    code: str
    field: str | None = None


@strawberry.federation.type(shareable=True, description="One invalid input field.")
class FieldError(Error):
    pass


@strawberry.federation.type(shareable=True, description="The input did not pass validation.")
class ValidationErrors(Error):
    errors: list[FieldError]


@strawberry.federation.type(shareable=True)
class NotFound(Error):
    pass


@strawberry.federation.type(shareable=True)
class Forbidden(Error):
    pass


def result_union(name: str, *types: type) -> Any:
    """``Annotated[Union[...], strawberry.union(name)]`` for a mutation result."""
    return Annotated[Union[types], strawberry.union(name)]  # noqa: UP007 - runtime union of types


def validation_errors(errors: list[FieldError]) -> ValidationErrors:
    return ValidationErrors(
        message="; ".join(error.message for error in errors),
        code="VALIDATION_ERROR",
        field=errors[0].field if len(errors) == 1 else None,
        errors=errors,
    )


def unauthenticated(message: str = "Authentication required") -> GraphQLError:
    return GraphQLError(message, extensions={"code": "UNAUTHENTICATED"})


class ServiceContext(BaseContext):
    """Per-request context: the session factory, settings and the (lazily verified) principal."""

    def __init__(
        self,
        *,
        sessions: async_sessionmaker[AsyncSession],
        settings: ServiceSettings,
        principal: Principal | None,
        auth_error: str | None,
    ) -> None:
        super().__init__()
        self.sessions = sessions
        self.settings = settings
        self._principal = principal
        self._auth_error = auth_error
        self._loaders: dict[type[Any], DataLoader[uuid.UUID, Any]] = {}

    async def load(self, model: type[Any], id: object) -> Any:
        """A row of ``model`` by id through this request's batching loader, or None."""
        key = parse_uuid(id)
        if key is None:
            return None
        loader = self._loaders.get(model)
        if loader is None:
            loader = self._loaders[model] = by_id_loader(self.sessions, model)
        return await loader.load(key)

    @property
    def principal(self) -> Principal | None:
        """The caller, or None when anonymous; a bad token is an error, never anonymous."""
        if self._auth_error is not None:
            raise unauthenticated(self._auth_error)
        return self._principal

    def require_principal(self) -> Principal:
        principal = self.principal
        if principal is None:
            raise unauthenticated()
        return principal


async def authenticate(
    request: Request, verifier: JwtVerifier
) -> tuple[Principal | None, str | None]:
    try:
        token = bearer_token(request.headers.get("authorization"))
        if token is None:
            return None, None
        return await verifier.verify(token), None
    except AuthenticationError as error:
        return None, str(error)


def parse_uuid(value: object) -> uuid.UUID | None:
    """An ID argument as a UUID, or None when it is not one (so lookups answer null, not 500)."""
    try:
        return uuid.UUID(str(value))
    except ValueError:
        return None


def by_id_loader(
    sessions: async_sessionmaker[AsyncSession], model: type[Any]
) -> DataLoader[uuid.UUID, Any]:
    """One batched ``SELECT ... WHERE id IN (...)`` per request for a mapped model with ``id``."""

    async def load(ids: list[uuid.UUID]) -> list[Any]:
        async with sessions() as session:
            rows = await session.scalars(select(model).where(model.id.in_(ids)))
            found = {row.id: row for row in rows}
        return [found.get(key) for key in ids]

    return DataLoader(load_fn=load)
