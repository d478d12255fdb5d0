"""``POST /auth/social``: the web server's social sign-in (backend for frontend).

The web server (Auth.js OIDC provider) relays the ID token it got from the provider; identity
verifies it against the provider's published keys, finds, links or creates the user and answers
with its own access token, like ``/auth/credentials``. Answers: 200 with the token, the user and
``isNewUser``; 401 ``AccessDenied`` for a token identity does not accept; 403
``ConsentRequired`` for a new account without the required consent; 422 for a bad body.
"""

from __future__ import annotations

import logging

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from identity.api.grants import grant
from identity.domain.sessions import open_session
from identity.domain.social import (
    IdTokenVerifier,
    SocialConsentRequired,
    SocialSignInError,
    sign_in_social,
)
from identity.domain.tokens import SigningKey, issue_token
from identity.settings import IdentitySettings

router = APIRouter()
log = logging.getLogger(__name__)


class SocialSignIn(BaseModel):
    provider: str = Field(min_length=1, max_length=50)
    id_token: str = Field(min_length=1, max_length=16_384)
    role: str | None = Field(default=None, max_length=30)
    # The consent infos ticked on the sign-up page (required for a new account, ADR 0009).
    accepted_consent_info_ids: list[str] = Field(default_factory=list, max_length=20)
    # The browser's, for the account's list of sessions (the web server signs in for it).
    user_agent: str | None = Field(default=None, max_length=1024)


@router.post("/auth/social", include_in_schema=False)
async def sign_in_with_provider(body: SocialSignIn, request: Request) -> JSONResponse:
    settings: IdentitySettings = request.app.state.runtime.settings
    verifier: IdTokenVerifier = request.app.state.id_token_verifier
    try:
        profile = await verifier.verify(body.provider, body.id_token)
        user, created = await sign_in_social(
            sessions=request.app.state.runtime.sessions,
            settings=settings,
            profile=profile,
            role=body.role,
            accepted_consent_info_ids=body.accepted_consent_info_ids,
        )
    except SocialConsentRequired as error:
        log.info("social sign-up without the required consent")
        return JSONResponse({"error": "ConsentRequired", "message": str(error)}, status_code=403)
    except SocialSignInError as error:
        log.info("social sign-in refused: %s", error)
        return JSONResponse({"error": "AccessDenied", "message": str(error)}, status_code=401)
    signing_key: SigningKey = request.app.state.signing_key
    session = await open_session(
        sessions=request.app.state.runtime.sessions,
        user_id=user.id,
        method=f"social:{body.provider}",
        user_agent=body.user_agent or request.headers.get("user-agent"),
    )
    token = issue_token(user, session_id=str(session.id), key=signing_key, settings=settings)
    return grant(user, token=token, settings=settings, isNewUser=created)
