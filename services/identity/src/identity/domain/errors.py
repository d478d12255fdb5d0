from dataclasses import dataclass


@dataclass(frozen=True)
class FieldProblem:
    """A domain validation failure; the GraphQL layer maps it to a FieldError."""

    field: str
    message: str
    code: str


EMAIL_TAKEN = "The email address {email} is already taken."
