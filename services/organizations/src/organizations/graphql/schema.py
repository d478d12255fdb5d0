from collections.abc import Awaitable, Callable
from typing import Any

import strawberry
from jobkit.permissions import AdminLike, IsAuthenticated, RecruiterScope
from jobkit.schema import build_schema

from organizations.graphql.mutations import contact, members, profile
from organizations.graphql.queries import Query
from organizations.graphql.types import Organization, OrganizationProfile, User


def _recruiters(resolver: Callable[..., Awaitable[Any]], description: str) -> Any:
    return strawberry.mutation(
        resolver=resolver, description=description, permission_classes=[RecruiterScope]
    )


@strawberry.type
class Mutation:
    create_organization: profile.OrganizationProfileResult = _recruiters(
        profile.create_organization, "Found an organization (its profile starts as a draft)."
    )
    update_organization_personal_info: profile.OrganizationProfileResult = _recruiters(
        profile.update_personal_info, "Private invoicing contact (members only ever see it)."
    )
    update_organization_company_info: profile.OrganizationProfileResult = _recruiters(
        profile.update_company_info, "The public company name and address."
    )
    update_organization_info: profile.OrganizationProfileResult = _recruiters(
        profile.update_organization_info,
        "Name, logo, cover, location, website and social profiles (renaming moves the slug; "
        "the old one redirects).",
    )
    update_organization_about: profile.OrganizationProfileResult = _recruiters(
        profile.update_about, "Presentation (sanitized rich text), industry, size, occupations."
    )
    update_organization_benefits: profile.OrganizationProfileResult = _recruiters(
        profile.update_benefits, "Benefits (vocabulary terms)."
    )
    update_organization_contact_persons: profile.OrganizationProfileResult = _recruiters(
        profile.update_contact_persons, "Contact persons, in order."
    )
    update_organization_gallery: profile.OrganizationProfileResult = _recruiters(
        profile.update_gallery, "Gallery images, in display order."
    )
    update_organization_videos: profile.OrganizationProfileResult = _recruiters(
        profile.update_videos, "YouTube or Vimeo videos with an optional cover."
    )
    update_organization_locations: profile.OrganizationProfileResult = _recruiters(
        profile.update_locations, "Further locations (geocoded for search)."
    )
    update_organization_faq: profile.OrganizationProfileResult = _recruiters(
        profile.update_faq, "Questions and answers."
    )
    update_organization_attachments: profile.OrganizationProfileResult = _recruiters(
        profile.update_attachments, "PDF attachments."
    )
    publish_organization_profile: profile.OrganizationProfileResult = _recruiters(
        profile.publish_profile, "Make the profile public."
    )
    unpublish_organization_profile: profile.OrganizationProfileResult = _recruiters(
        profile.unpublish_profile, "Take the profile back to draft."
    )
    invite_organization_member: members.InviteMemberResult = _recruiters(
        members.invite_member, "Mail a recruiter an invitation to join."
    )
    accept_organization_invitation: members.MembershipResult = strawberry.mutation(
        resolver=members.accept_invitation,
        description="Join with the mailed invitation's token.",
        permission_classes=[IsAuthenticated],
    )
    remove_organization_member: members.MembershipResult = _recruiters(
        members.remove_member, "Remove a member (never the owner)."
    )
    leave_organization: members.MembershipResult = _recruiters(
        members.leave_organization, "Leave an organization (the owner cannot)."
    )
    delete_organization: members.DeleteOrganizationResult = _recruiters(
        members.delete_organization, "Delete an organization for good (its owner or an admin)."
    )
    send_contact_message: contact.ContactMessageResult = strawberry.mutation(
        resolver=contact.send_contact_message,
        description="Write to an organization with a published profile (visitors too; a "
        "captcha when the site asks for one; rate-limited). Mailed to its contact person.",
    )
    set_organization_verified: members.MembershipResult = strawberry.mutation(
        resolver=members.set_organization_verified,
        description="Mark an organization verified, or not (administrators): a badge on its "
        "pages; where the site asks, its jobs go live without review.",
        permission_classes=[AdminLike],
    )
    set_active_organization: members.MembershipResult = _recruiters(
        members.set_active_organization, "Work for another of your organizations."
    )


schema = build_schema(
    query=Query, mutation=Mutation, types=[OrganizationProfile, Organization, User]
)
