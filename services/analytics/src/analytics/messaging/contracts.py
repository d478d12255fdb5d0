"""Analytics' view of the events it consumes; a payload that does not fit is dead-lettered."""

from pydantic import BaseModel, ConfigDict

USER_TOPIC = "identity.user"
USER_REGISTERED = "identity.user.registered"


class UserRegisteredV1(BaseModel):
    model_config = ConfigDict(extra="ignore")

    user_id: str
    roles: list[str]
    signup_method: str
