"""Named permissions, applied declaratively on fields and mutations (one rule, one place).

Use them as strawberry permission classes::

    @strawberry.field(permission_classes=[MemberOfOrganization])
    async def get_credits(self, info: Info[ServiceContext, None], organization_id: int | None) ...

    email: str | None = strawberry.field(
        extensions=[PermissionExtension([SelfOrAdminLike()], fail_silently=True)]
    )

Each answers an authorization error with ``extensions.code``: ``UNAUTHENTICATED`` when a caller
is required and there is none, ``FORBIDDEN`` when the caller lacks the right. The rules come from
the spec (section 6): administrator, site_admin and job_editor are admin-like; a user may act on
what they own or when admin-like; recruiter scope is recruiter or admin-like.
"""

from __future__ import annotations

from typing import Any, ClassVar

from strawberry.permission import BasePermission
from strawberry.types import Info

from jobkit.auth import Principal
from jobkit.graphql import ServiceContext, unauthenticated

FORBIDDEN = {"code": "FORBIDDEN"}


def _principal(info: Info[Any, Any]) -> Principal | None:
    context: ServiceContext = info.context
    return context.principal


class Anyone(BasePermission):
    """Visitors too: declared where a field or mutation is open to everyone on purpose (e.g.
    reporting a job), so that its openness is a decision, not an omission."""

    message = "Not allowed."

    def has_permission(self, source: Any, info: Info[Any, Any], **kwargs: Any) -> bool:
        return True


class IsAuthenticated(BasePermission):
    message = "Authentication required"
    error_extensions = {"code": "UNAUTHENTICATED"}

    def has_permission(self, source: Any, info: Info[Any, Any], **kwargs: Any) -> bool:
        return _principal(info) is not None


class _RequiresPrincipal(BasePermission):
    """Anonymous callers get UNAUTHENTICATED; signed-in callers without the right, FORBIDDEN.

    Permission instances are shared by concurrent requests, so they never keep per-request state.
    """

    message = "You are not allowed to do this."
    error_extensions = FORBIDDEN
    # False where the field fails silently (null for anyone without the right, visitors included).
    anonymous_is_unauthenticated: ClassVar[bool] = True

    def has_permission(self, source: Any, info: Info[Any, Any], **kwargs: Any) -> bool:
        principal = _principal(info)
        if principal is None:
            if self.anonymous_is_unauthenticated:
                raise unauthenticated()
            return False
        return self.allows(principal, source, kwargs)

    def allows(self, principal: Principal, source: Any, arguments: dict[str, Any]) -> bool:
        raise NotImplementedError


class AdminLike(_RequiresPrincipal):
    message = "Only administrators may do this."

    def allows(self, principal: Principal, source: Any, arguments: dict[str, Any]) -> bool:
        return principal.is_admin_like


class AdminLikeOrHidden(AdminLike):
    """AdminLike on a field that fails silently (null for everyone else, visitors included)."""

    anonymous_is_unauthenticated = False


class RecruiterScope(_RequiresPrincipal):
    message = "Only recruiters may do this."

    def allows(self, principal: Principal, source: Any, arguments: dict[str, Any]) -> bool:
        return principal.is_recruiter


class OwnerOrAdminLike(_RequiresPrincipal):
    """The owner of the source object (its ``owner_id``) or an admin-like user.

    An object a use case returns to the very caller it concerns (the account that
    ``updateProfile`` just changed) sets ``disclosed_to_caller`` so its owner-only fields show in
    that answer.
    """

    message = "Only the owner or an administrator may do this."
    owner_attribute: ClassVar[str] = "owner_id"

    def has_permission(self, source: Any, info: Info[Any, Any], **kwargs: Any) -> bool:
        if getattr(source, "disclosed_to_caller", False) is True:
            return True
        return super().has_permission(source, info, **kwargs)

    def allows(self, principal: Principal, source: Any, arguments: dict[str, Any]) -> bool:
        owner = getattr(source, self.owner_attribute, None)
        return principal.can_act_on(str(owner) if owner is not None else None)


class SelfOrAdminLike(OwnerOrAdminLike):
    """On a ``User`` type: the user themself (the object's ``id``) or an admin-like user."""

    message = "Only the user themself or an administrator may see this."
    owner_attribute = "id"
    anonymous_is_unauthenticated = False


class SelfArgumentOrAdminLike(_RequiresPrincipal):
    """A ``user_id`` argument that is the caller (or absent: the caller's own), or admin-like."""

    message = "Only the user themself or an administrator may see this."
    argument: ClassVar[str] = "user_id"

    def allows(self, principal: Principal, source: Any, arguments: dict[str, Any]) -> bool:
        wanted = arguments.get(self.argument)
        return wanted is None or str(wanted) == principal.user_id or principal.is_admin_like


class MemberOfOrganization(BasePermission):
    """A member of the organization named by the ``organization_id`` argument, or admin-like.

    Membership comes from the service's local read model (``jobkit.memberships``). Without an
    organization argument the resolver decides (e.g. it answers nothing).
    """

    message = "Only members of this organization may do this."
    error_extensions = FORBIDDEN
    argument: ClassVar[str] = "organization_id"

    async def has_permission(self, source: Any, info: Info[Any, Any], **kwargs: Any) -> bool:
        context: ServiceContext = info.context
        principal = context.principal
        if principal is None:
            raise unauthenticated()
        organization_id = kwargs.get(self.argument)
        if organization_id is None or principal.is_admin_like:
            return True
        return principal.is_recruiter and await context.is_member(organization_id)
