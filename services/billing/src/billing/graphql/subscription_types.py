"""Subscription types of the schema (the object is ``BillingSubscription``: a type named
``Subscription`` would be taken for the GraphQL subscription root by federation)."""

from __future__ import annotations

from datetime import datetime
from enum import Enum

import strawberry

from billing.domain.subscriptions import STATUS_LABELS, SubscriptionView
from billing.graphql.errors import BillingError


@strawberry.enum(description="Where a subscription stands.")
class SubscriptionStatusValue(Enum):
    ACTIVE = "active"
    CANCELLED = "cancelled"
    EXPIRED = "expired"


@strawberry.enum(description="What a subscription gives: job slots, resume contacts, or both.")
class SubscriptionType(Enum):
    JOBS = "jobs"
    RESUME_CONTACTS = "resume_contacts"
    COMBINED = "combined"


@strawberry.enum
class SubscriptionSortField(Enum):
    START_DATE = "start_date"
    END_DATE = "end_date"


@strawberry.enum
class SortDirection(Enum):
    ASC = "asc"
    DESC = "desc"


@strawberry.input
class SubscriptionFilters:
    status: list[SubscriptionStatusValue] | None = None
    type: list[SubscriptionType] | None = None


@strawberry.input
class SubscriptionSorting:
    field: SubscriptionSortField = SubscriptionSortField.START_DATE
    direction: SortDirection = SortDirection.DESC


@strawberry.type
class SubscriptionStatus:
    label: str
    value: SubscriptionStatusValue


@strawberry.type(description="Resume contact slots this period: in use, left, per period.")
class ResumeContactSlotsUsage:
    active: int
    available: int
    total: int


@strawberry.type
class SubscriptionProduct:
    id: strawberry.ID
    name: str


@strawberry.type(description="An organization's subscription: slots per period.")
class BillingSubscription:
    id: strawberry.ID
    start_date: datetime
    end_date: datetime
    label: str
    organization_name: str
    available_job_slots: int
    usage_resume_contact_slots: ResumeContactSlotsUsage
    status: SubscriptionStatus
    type: str
    frontend: str
    product: SubscriptionProduct
    absolute_url: str

    @classmethod
    def from_view(cls, view: SubscriptionView, site_url: str) -> BillingSubscription:
        row = view.subscription
        return cls(
            id=strawberry.ID(str(row.id)),
            start_date=row.start_date,
            end_date=row.end_date,
            label=row.label,
            organization_name=row.organization_name,
            available_job_slots=view.available_job_slots,
            usage_resume_contact_slots=ResumeContactSlotsUsage(
                active=view.used_contact_slots,
                available=view.available_contact_slots,
                total=row.contact_slots,
            ),
            status=SubscriptionStatus(
                label=STATUS_LABELS[view.status], value=SubscriptionStatusValue(view.status)
            ),
            type=view.type,
            frontend=row.frontend,
            product=SubscriptionProduct(id=strawberry.ID(str(row.product_id)), name=row.label),
            absolute_url=f"{site_url}/my-products",
        )


@strawberry.type(description="A page of subscriptions, the total matching, and input errors.")
class SubscriptionsAnswer:
    subscriptions: list[BillingSubscription]
    total: int
    errors: list[BillingError]
