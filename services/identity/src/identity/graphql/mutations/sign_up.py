from __future__ import annotations

from typing import Literal

import strawberry
from jobkit.graphql import FieldError, ValidationErrors, result_union, validation_errors
from pydantic import BaseModel, EmailStr, Field, ValidationError
from strawberry.types import Info

from identity.domain.errors import FieldProblem
from identity.domain.service import register_user
from identity.graphql.context import IdentityContext
from identity.graphql.types import User


@strawberry.input
class SignUpInput:
    email: str
    password: str
    first_name: str
    last_name: str
    role: str = "applicant"


class SignUpRequest(BaseModel):
    email: EmailStr
    password: str = Field(min_length=8, max_length=128)
    first_name: str = Field(min_length=1, max_length=100)
    last_name: str = Field(min_length=1, max_length=100)
    role: Literal["applicant", "recruiter"]


@strawberry.type
class SignUpSuccess:
    user: User


SignUpResult = result_union("SignUpResult", SignUpSuccess, ValidationErrors)

_FIELD_NAMES = {"first_name": "firstName", "last_name": "lastName"}


def _field_errors(error: ValidationError) -> list[FieldError]:
    problems = []
    for item in error.errors():
        field = str(item["loc"][0]) if item["loc"] else None
        problems.append(
            FieldError(
                message=item["msg"],
                code=str(item["type"]).upper(),
                field=_FIELD_NAMES.get(field, field) if field else None,
            )
        )
    return problems


async def sign_up(info: Info[IdentityContext, None], input: SignUpInput) -> SignUpResult:
    try:
        request = SignUpRequest(
            email=input.email,
            password=input.password,
            first_name=input.first_name,
            last_name=input.last_name,
            role=input.role,  # type: ignore[arg-type]
        )
    except ValidationError as error:
        return validation_errors(_field_errors(error))
    result = await register_user(
        sessions=info.context.sessions,
        settings=info.context.settings,
        email=str(request.email),
        password=request.password,
        first_name=request.first_name,
        last_name=request.last_name,
        role=request.role,
    )
    if isinstance(result, FieldProblem):
        return validation_errors(
            [FieldError(message=result.message, code=result.code, field=result.field)]
        )
    return SignUpSuccess(user=User.from_model(result))
