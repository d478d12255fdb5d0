"""sendContactMessage: anyone (visitors included) writes to an organization through its public
profile (spec 3's contact form)."""

from __future__ import annotations

from typing import Annotated

import strawberry
from strawberry.types import Info

from organizations.domain import contact
from organizations.domain.errors import NO_SUCH_PROFILE, OrganizationErrorCode
from organizations.domain.errors import OrganizationErrors as DomainErrors
from organizations.graphql.context import OrganizationContext
from organizations.graphql.types import OrganizationErrors, parse_id
from organizations.settings import OrganizationsSettings


@strawberry.input(description="Spec 3's contact form.")
class ContactMessageInput:
    organization_id: strawberry.ID
    name: str
    email: str
    subject: str
    body: str
    copy: bool = strawberry.field(default=False, description="Mail the sender a copy.")
    attachments: list[strawberry.ID] = strawberry.field(
        default_factory=list,
        description="Uploads (POST /api/uploads/organizations/uploads, purpose "
        "contact_attachment): pdf, jpg, png or webp up to 50 MB, at most 5.",
    )
    captcha_token: str | None = strawberry.field(
        default=None, description="The captcha widget's answer, when the site asks for one."
    )


@strawberry.type(description="The message was sent (mailed to the organization shortly).")
class ContactMessageSent:
    id: strawberry.ID


ContactMessageResult = Annotated[
    ContactMessageSent | OrganizationErrors, strawberry.union("ContactMessageResult")
]


async def send_contact_message(
    info: Info[OrganizationContext, None], input: ContactMessageInput
) -> ContactMessageResult:
    organization_id = parse_id(input.organization_id)
    if organization_id is None:
        return OrganizationErrors.from_domain(
            contact._error(OrganizationErrorCode.NOT_FOUND, NO_SUCH_PROFILE, "organization_id")
        )
    settings = info.context.settings
    assert isinstance(settings, OrganizationsSettings)
    result = await contact.send_contact_message(
        sessions=info.context.sessions,
        settings=settings,
        principal=info.context.principal,
        organization_id=organization_id,
        data={
            "name": input.name,
            "email": input.email,
            "subject": input.subject,
            "body": input.body,
            "copy": input.copy,
            "attachments": [str(a) for a in input.attachments],
        },
        captcha_token=input.captcha_token,
        client_ip=info.context.client_ip,
    )
    if isinstance(result, DomainErrors):
        return OrganizationErrors.from_domain(result)
    return ContactMessageSent(id=strawberry.ID(str(result.id)))
