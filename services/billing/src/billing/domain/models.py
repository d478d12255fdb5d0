import uuid
from datetime import datetime

from sqlalchemy import DateTime, Integer, String, Uuid, func
from sqlalchemy.orm import Mapped, mapped_column

from billing.db import Base


class CreditEntry(Base):
    """One movement on an organization's credit ledger (positive grants, negative spends)."""

    __tablename__ = "credit_ledger"

    id: Mapped[uuid.UUID] = mapped_column(Uuid, primary_key=True, default=uuid.uuid4)
    organization_id: Mapped[int] = mapped_column(Integer, index=True)
    organization_name: Mapped[str] = mapped_column(String(255))
    type: Mapped[str] = mapped_column(String(50))
    label: Mapped[str] = mapped_column(String(255))
    amount: Mapped[int] = mapped_column(Integer)
    frontend: Mapped[str] = mapped_column(String(100))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
