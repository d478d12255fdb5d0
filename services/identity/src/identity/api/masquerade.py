"""``POST /auth/masquerade``: the web server asks, with the admin's own token, for a token that
acts as another user. The token carries ``masqueraded`` and the admin as ``act.sub``.
Answers: 200 like the other sign-in endpoints (plus ``actorId``); 401 without a valid token;
403 ``Forbidden`` with the reason when the rules refuse."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from jobkit.graphql import authenticate
from pydantic import BaseModel, Field

from identity.api.grants import grant
from identity.domain.masquerade import MasqueradeRefused, start_masquerade
from identity.domain.tokens import SigningKey, issue_token
from identity.settings import IdentitySettings

router = APIRouter()


class MasqueradeRequest(BaseModel):
    user: str = Field(min_length=1, max_length=254, description="A user id or email address.")


@router.post("/auth/masquerade", include_in_schema=False)
async def masquerade(body: MasqueradeRequest, request: Request) -> JSONResponse:
    runtime = request.app.state.runtime
    settings: IdentitySettings = runtime.settings
    principal, auth_error = await authenticate(request, runtime.verifier)
    if principal is None or principal.session_id is None:
        message = auth_error or "Sign in first."
        return JSONResponse({"error": "Unauthenticated", "message": message}, status_code=401)
    try:
        user = await start_masquerade(
            sessions=runtime.sessions, settings=settings, admin=principal, target=body.user
        )
    except MasqueradeRefused as refusal:
        return JSONResponse({"error": "Forbidden", "message": str(refusal)}, status_code=403)
    signing_key: SigningKey = request.app.state.signing_key
    # The admin's session: signing out (or any end of it) ends the masquerade too.
    token = issue_token(
        user,
        session_id=principal.session_id,
        key=signing_key,
        settings=settings,
        masqueraded=True,
        actor_id=principal.user_id,
    )
    return grant(user, token=token, settings=settings, actorId=principal.user_id)
