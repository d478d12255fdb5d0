from fastapi import FastAPI, Request
from jobkit.app import Worker, create_service_app

from identity.api.credentials import router as credentials_router
from identity.api.exports import router as exports_router
from identity.api.masquerade import router as masquerade_router
from identity.api.sessions import router as sessions_router
from identity.api.social import router as social_router
from identity.db import outbox, revocations
from identity.domain.events import EXPORT_REQUEST_TOPIC, SESSION_TOPIC, USER_TOPIC
from identity.domain.social import IdTokenVerifier
from identity.domain.tokens import SigningKey
from identity.graphql.schema import schema
from identity.messaging.consumers import build_consumers
from identity.messaging.erasure import run_erasure_retries
from identity.messaging.inactivity import run_inactivity_rules
from identity.settings import SERVICE_DIR, IdentitySettings, get_settings


def create_app(settings: IdentitySettings | None = None) -> FastAPI:
    settings = settings or get_settings()
    signing_key = SigningKey.from_settings(settings)
    app = create_service_app(
        settings=settings,
        schema=schema,
        service_dir=SERVICE_DIR,
        outbox=outbox,
        published_topics=[
            settings.topic(USER_TOPIC),
            settings.topic(SESSION_TOPIC),
            settings.topic(EXPORT_REQUEST_TOPIC),
        ],
        consumers=lambda runtime: build_consumers(runtime, signing_key),
        workers=[
            Worker("erasure-retries", run_erasure_retries),
            Worker("inactive-accounts", run_inactivity_rules),
        ],
        revocations=revocations,
    )
    app.state.signing_key = signing_key
    app.state.id_token_verifier = IdTokenVerifier(settings.oidc_providers)
    app.include_router(credentials_router)
    app.include_router(social_router)
    app.include_router(masquerade_router)
    app.include_router(sessions_router)
    app.include_router(exports_router)

    @app.get("/.well-known/jwks.json", include_in_schema=False)
    async def jwks(request: Request) -> dict[str, object]:
        # The app's current key (tests may swap app.state.signing_key), with the retired ones.
        key: SigningKey = request.app.state.signing_key
        return key.jwks()

    return app
