"""The Mutation type: one mutation per module, their permissions declared here."""

from __future__ import annotations

import strawberry
from jobkit.permissions import AdminLike, IsAuthenticated

from consent.graphql.mutations import consent_infos as infos
from consent.graphql.mutations import create_user_consent as user_consent


@strawberry.type
class Mutation:
    create_gdpr_user_consent: user_consent.CreateGdprUserConsentPayload = strawberry.mutation(
        resolver=user_consent.create_gdpr_user_consent,
        description=(
            "The caller agrees to a consent info's latest revision, for their own mail only."
        ),
        permission_classes=[IsAuthenticated],
    )
    create_gdpr_consent_info: infos.ConsentInfoResult = strawberry.mutation(
        resolver=infos.create_gdpr_consent_info,
        description="A new consent info with its first revision (admin-like users only).",
        permission_classes=[AdminLike],
    )
    publish_gdpr_consent_info_revision: infos.ConsentInfoResult = strawberry.mutation(
        resolver=infos.publish_gdpr_consent_info_revision,
        description=(
            "A new text for a consent info: a new revision, which becomes the current one; "
            "users who agreed to an older one are asked again (admin-like users only)."
        ),
        permission_classes=[AdminLike],
    )
