"""The alert mails' wire form (``search.alerts.render.message_bytes``): what a mail client reads
back is what the mailer meant, headers and both parts."""

from __future__ import annotations

from email import message_from_bytes, policy
from email.message import EmailMessage

from jobkit.mail import MailSettings
from search.alerts.render import message_bytes

ONE_CLICK = "https://api.example.org/alerts/unsubscribe?token=" + "Ab0_-" * 40


def _read(data: bytes) -> EmailMessage:
    message = message_from_bytes(data, policy=policy.default)
    assert isinstance(message, EmailMessage)
    return message


def test_a_mail_reads_back_as_written() -> None:
    settings = MailSettings(mail_from="Bénévoles & Co <alerts@jobboard.example>")
    subject = "12 new jobs for \u201cSenior Bénévole coordinator in Zürich\u201d and 3 more alerts"
    data = message_bytes(
        settings,
        to="person@example.org",
        subject=subject,
        text="Ein Job für Sie\n",
        html="<p>Ein Job f\u00fcr Sie</p>",
        message_key="alert-1234",
        headers=[
            ("List-Unsubscribe", f"<{ONE_CLICK}>"),
            ("List-Unsubscribe-Post", "List-Unsubscribe=One-Click"),
        ],
    )
    assert data.isascii()  # 7-bit: any relay takes it
    assert all(len(line) <= 998 for line in data.splitlines())  # RFC 5322's limit
    message = _read(data)
    assert message["Subject"] == subject
    assert message["From"].addresses[0].display_name == "Bénévoles & Co"
    assert message["From"].addresses[0].addr_spec == "alerts@jobboard.example"
    assert message["To"] == "person@example.org"
    # the one-click link is one unbroken value (RFC 8058): no space before or inside it
    assert message["List-Unsubscribe"] == f"<{ONE_CLICK}>"
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    # the same for the same mail, however often it is built: a mail resent after a crash
    # between the relay's acceptance and the mailer's commit is recognisably the same message
    assert message["Message-ID"] == "<alert-1234@jobboard.example>"
    plain = message.get_body(("plain",))
    html = message.get_body(("html",))
    assert plain is not None
    assert html is not None
    assert plain.get_content() == "Ein Job für Sie\n"
    assert html.get_content().strip() == "<p>Ein Job für Sie</p>"
