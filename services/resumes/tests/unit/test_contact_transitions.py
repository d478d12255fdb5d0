"""The contact request table, spelled out: a changed row fails here (no I/O)."""

from resumes.domain.contacts import TRANSITIONS, refusal
from resumes.domain.models import ContactRequest


def test_the_table() -> None:
    assert TRANSITIONS == {
        ("awaiting_credit", "grant"): "pending",
        ("awaiting_credit", "deny"): "denied",
        ("pending", "approve"): "approved",
        ("pending", "decline"): "declined",
        ("approved", "revoke"): "revoked",
    }


def test_refusals_say_why() -> None:
    declined = ContactRequest(status="declined")
    assert refusal(declined, "approve") == "Only a pending request can be approved."
    assert refusal(declined, "revoke") == "Only an approved request can be revoked."
    assert refusal(ContactRequest(status="pending"), "approve") is None
