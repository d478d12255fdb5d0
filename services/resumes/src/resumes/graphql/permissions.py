"""Resumes' own field permission, beside jobkit.permissions' named rules: the private fields of a
resume (first and last name, phone, birthday, home location).

The rule is the domain's (``resumes.domain.access.discloses_private``): the applicant, admin-like
users, and recruiters whose organization's contact request the applicant APPROVED. It is worked
out once per resume where the graph builds it (``types.resume_for``, batched per request) and
carried on the object as ``disclosed``; this permission is what every private field declares,
so a field cannot answer its value without it.
"""

from __future__ import annotations

from typing import Any

from jobkit.graphql import ServiceContext
from strawberry.permission import BasePermission
from strawberry.types import Info


class PrivateToApprovedContacts(BasePermission):
    message = "Private until the applicant approves your organization's contact request."
    error_extensions = {"code": "FORBIDDEN"}

    def has_permission(self, source: Any, info: Info[Any, Any], **kwargs: Any) -> bool:
        context: ServiceContext = info.context
        return context.principal is not None and getattr(source, "disclosed", False) is True
