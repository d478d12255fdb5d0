"""The alert mails as text and HTML: the confirmation, an instant alert and a digest (a section
per alert, job teasers: title, organization, location, salary, remote badge), each with the
manage link, an unsubscribe link and the RFC 8058 one-click headers; and a recruiter's resume
digest (a section per resume alert, resume teasers with a search hit's public fields only, each
linking /resume/{id}, and each alert's edit page).

Each mail is built as the bytes handed to SMTP (``message_bytes``): the email package's MIME
classes with the ``compat32`` policy, about five times cheaper than an ``EmailMessage`` under the
default policy, which parses and refolds every header (ADR 0034: at 100,000 saved searches a
digest run builds tens of thousands of mails). The mailer builds a batch's mails in a worker
thread, off the event loop."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from email.header import Header
from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText
from email.policy import compat32
from email.utils import formataddr, parseaddr
from html import escape
from typing import Any
from urllib.parse import quote

from jobkit.mail import MailSettings, message_id

from search.alerts import tokens
from search.alerts.models import ResumeAlert, SavedSearch
from search.alerts.searches import resume_search_path, search_path
from search.alerts.settings import AlertSettings
from search.taxonomy.vocabulary import label_in

UNITS = {"year": "a year", "month": "a month", "week": "a week", "day": "a day", "hour": "an hour"}


UNFOLDED = compat32.clone(max_line_length=None)


def _header(value: str) -> str:
    """The value as it may stand in a header (RFC 2047 words when it is not ASCII)."""
    return value if value.isascii() else Header(value, "utf-8").encode()


def _address(value: str) -> str:
    name, address = parseaddr(value)
    return formataddr((name, address), charset="utf-8") if name else value


def message_bytes(
    settings: MailSettings,
    *,
    to: str,
    subject: str,
    text: str,
    html: str,
    message_key: str,
    headers: Sequence[tuple[str, str]] = (),
) -> bytes:
    """The mail as handed to SMTP: text with HTML as its alternative (UTF-8, base64), from the
    service's sender, the Message-ID made from ``message_key`` (as ``jobkit.mail.compose``
    makes it: a mail resent after a crash is recognisably the same message)."""
    message = MIMEMultipart("alternative")
    message["From"] = _address(settings.mail_from)
    message["To"] = _header(to)
    message["Subject"] = _header(subject)
    message["Message-ID"] = message_id(message_key, domain=settings.message_id_domain)
    for name, value in headers:
        message[name] = _header(value)
    message.attach(MIMEText(text, "plain", "utf-8"))
    message.attach(MIMEText(html, "html", "utf-8"))
    # no refolding: a long value (the one-click link) folded after its name would read back
    # with a leading space; RFC 2047 words (the subject) come folded already
    return message.as_bytes(policy=UNFOLDED)


@dataclass(frozen=True)
class RenderedSection:
    alert: SavedSearch
    jobs: list[dict[str, Any]]
    total: int


def _links(settings: AlertSettings, email: str, alert_ids: list[str]) -> dict[str, str]:
    site = settings.alert_site_url.rstrip("/")
    manage = tokens.sign(settings, tokens.MANAGE, email)
    unsubscribe = tokens.sign(settings, tokens.UNSUBSCRIBE, ",".join(alert_ids))
    return {
        "manage": f"{site}/alerts/manage?token={quote(manage)}",
        "unsubscribe_page": f"{site}/alerts/unsubscribe?token={quote(unsubscribe)}",
        "one_click": f"{settings.alert_api_url.rstrip('/')}/alerts/unsubscribe?token="
        f"{quote(unsubscribe)}",
    }


def location_of(job: dict[str, Any]) -> str:
    places = []
    for location in job.get("locations") or []:
        parts = [location.get("locality"), location.get("administrative_area")]
        parts.append(location.get("country_code"))
        places.append(", ".join(str(p) for p in parts if p))
    return "; ".join(places)


def salary_of(job: dict[str, Any]) -> str:
    currency = job.get("salary_currency")
    low, high = job.get("salary_min"), job.get("salary_max")
    if not currency or (low is None and high is None):
        return ""
    amounts = [f"{value:,.0f}" for value in (low, high) if value is not None]
    unit = UNITS.get(str(job.get("salary_unit")), "")
    return f"{currency} {' - '.join(amounts)} {unit}".strip()


def remote_of(job: dict[str, Any]) -> str:
    labels = (job.get("term_labels") or {}).get("remote_options") or []
    return ", ".join(str(label) for label in labels)


def _job_url(settings: AlertSettings, job: dict[str, Any]) -> str:
    return f"{settings.alert_site_url.rstrip('/')}/job/{job.get('slug')}"


def _text_teaser(settings: AlertSettings, job: dict[str, Any]) -> str:
    lines = [f"* {job.get('title')}", f"  {job.get('organization_name')}"]
    details = [d for d in (location_of(job), salary_of(job)) if d]
    if remote_of(job):
        details.append(f"Remote: {remote_of(job)}")
    if details:
        lines.append("  " + " | ".join(details))
    lines.append(f"  {_job_url(settings, job)}")
    return "\n".join(lines)


def _html_teaser(settings: AlertSettings, job: dict[str, Any]) -> str:
    remote = remote_of(job)
    badge = (
        f' <span style="background:#e6f4ea;color:#17663a;border-radius:4px;padding:1px 6px;'
        f'font-size:12px">{escape(remote)}</span>'
        if remote
        else ""
    )
    details = " &middot; ".join(escape(d) for d in (location_of(job), salary_of(job)) if d)
    return (
        '<div style="padding:12px 0;border-bottom:1px solid #eee">'
        f'<a href="{escape(_job_url(settings, job))}" style="font-size:17px;font-weight:bold;'
        f'color:#1a4fa0;text-decoration:none">{escape(str(job.get("title")))}</a>{badge}'
        f'<div style="color:#333">{escape(str(job.get("organization_name")))}</div>'
        f'<div style="color:#666;font-size:14px">{details}</div></div>'
    )


def _page(site_name: str, title: str, body: str, links: dict[str, str]) -> str:
    return (
        '<!doctype html><html><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title></head>"
        '<body style="margin:0;padding:16px;font-family:Arial,sans-serif;background:#f6f7f9">'
        '<div style="max-width:600px;margin:0 auto;background:#fff;padding:16px;'
        'border-radius:8px">'
        f'<div style="font-size:20px;font-weight:bold;color:#1a4fa0">{escape(site_name)}</div>'
        f'<h1 style="font-size:20px">{escape(title)}</h1>{body}'
        '<p style="color:#666;font-size:13px;margin-top:24px">'
        f'<a href="{escape(links["manage"])}">Manage your alerts</a> &middot; '
        f'<a href="{escape(links["unsubscribe_page"])}">Unsubscribe</a></p>'
        "</div></body></html>"
    )


def _headers(links: dict[str, str], settings: AlertSettings) -> list[tuple[str, str]]:
    return [
        ("List-Unsubscribe", f"<{links['one_click']}>"),
        ("List-Unsubscribe-Post", "List-Unsubscribe=One-Click"),
        ("List-Id", f"Job alerts <alerts.{settings.message_id_domain}>"),
        ("Auto-Submitted", "auto-generated"),
    ]


def confirmation(
    settings: AlertSettings, alert: SavedSearch, *, site_name: str, message_key: str
) -> bytes:
    site = settings.alert_site_url.rstrip("/")
    token = tokens.sign(settings, tokens.CONFIRM, str(alert.id))
    link = f"{site}/alerts/confirm?token={quote(token)}"
    subject = f"Confirm your job alert \u201c{alert.name}\u201d"
    text = (
        f"Someone (we hope you) asked {site_name} to mail new jobs for the search "
        f"\u201c{alert.name}\u201d to this address.\n\n"
        f"Confirm the alert:\n{link}\n\n"
        "If it was not you, ignore this mail: nothing else will be sent.\n"
    )
    html = (
        '<!doctype html><html><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1"></head>'
        '<body style="font-family:Arial,sans-serif;padding:16px">'
        f"<p>Someone (we hope you) asked {escape(site_name)} to mail new jobs for the search "
        f"\u201c{escape(alert.name)}\u201d to this address.</p>"
        f'<p><a href="{escape(link)}" style="background:#1a4fa0;color:#fff;padding:10px 16px;'
        'border-radius:4px;text-decoration:none">Confirm the alert</a></p>'
        "<p>If it was not you, ignore this mail: nothing else will be sent.</p></body></html>"
    )
    return message_bytes(
        settings, to=alert.email, subject=subject, text=text, html=html, message_key=message_key
    )


def alert_mail(
    settings: AlertSettings,
    email: str,
    sections: list[RenderedSection],
    *,
    kind: str,
    site_name: str,
    message_key: str,
) -> bytes:
    """An instant alert or a digest: a section per alert, at most a screenful of jobs each and
    a link to the full search when there are more."""
    count = sum(len(section.jobs) for section in sections)
    first = sections[0]
    if kind == "instant" and count == 1:
        job = first.jobs[0]
        subject = f"New job: {job.get('title')} at {job.get('organization_name')}"
    else:
        subject = (
            f"{count} new job{'s' if count != 1 else ''} for \u201c{first.alert.name}\u201d"
            + (f" and {len(sections) - 1} more alerts" if len(sections) > 1 else "")
        )
    links = _links(settings, email, [str(section.alert.id) for section in sections])
    site = settings.alert_site_url.rstrip("/")
    text_parts = [subject, ""]
    html_parts = []
    for section in sections:
        full = f"{site}{search_path(section.alert.query)}"
        text_parts.append(f"== {section.alert.name} ==")
        text_parts += [_text_teaser(settings, job) for job in section.jobs]
        html_parts.append(f'<h2 style="font-size:17px">{escape(section.alert.name)}</h2>')
        html_parts += [_html_teaser(settings, job) for job in section.jobs]
        more = section.total - len(section.jobs)
        label = f"See all {section.total} new jobs" if more > 0 else "See the full search"
        text_parts += [f"{label}: {full}", ""]
        html_parts.append(f'<p><a href="{escape(full)}">{escape(label)}</a></p>')
    text_parts += [
        f"Manage your alerts: {links['manage']}",
        f"Unsubscribe: {links['unsubscribe_page']}",
    ]
    return message_bytes(
        settings,
        to=email,
        subject=subject,
        text="\n".join(text_parts) + "\n",
        html=_page(site_name, subject, "".join(html_parts), links),
        message_key=message_key,
        headers=_headers(links, settings),
    )


@dataclass(frozen=True)
class RenderedResumeSection:
    alert: ResumeAlert
    resumes: list[dict[str, Any]]
    total: int


def resume_teaser(source: dict[str, Any], terms: dict[int, Any], language: str) -> dict[str, Any]:
    """What a resume digest shows of a resume: a search hit's public fields (the index holds no
    other), term ids as labels in the alert's language."""

    def labels(field: str) -> list[str]:
        found = [terms[tid] for tid in source.get(field) or [] if tid in terms]
        return [label_in(term, language) for term in found]

    countries = source.get("countries") or []
    place = [source.get("city"), source.get("region"), countries[0] if countries else None]
    status = str(source.get("career_status") or "").replace("_", " ")
    return {
        "id": str(source["id"]),
        "title": str(source.get("title") or ""),
        "occupations": labels("occupation_tids"),
        "skills": labels("skill_tids") + [str(skill) for skill in source.get("skills_free") or []],
        "languages": labels("language_tids"),
        "place": ", ".join(str(part) for part in dict.fromkeys(place) if part),
        "career_status": status[:1].upper() + status[1:],
        "summary": str(source.get("snippet") or ""),
    }


def _resume_details(resume: dict[str, Any]) -> list[str]:
    details = [resume["place"], resume["career_status"]]
    if resume["occupations"]:
        details.append(", ".join(resume["occupations"][:3]))
    return [detail for detail in details if detail]


def _resume_url(settings: AlertSettings, resume: dict[str, Any]) -> str:
    return f"{settings.alert_site_url.rstrip('/')}/resume/{quote(resume['id'])}"


def _text_resume(settings: AlertSettings, resume: dict[str, Any]) -> str:
    lines = [f"* {resume['title']}"]
    details = _resume_details(resume)
    if details:
        lines.append("  " + " | ".join(details))
    if resume["skills"]:
        lines.append("  Skills: " + ", ".join(resume["skills"][:8]))
    lines.append(f"  {_resume_url(settings, resume)}")
    return "\n".join(lines)


def _html_resume(settings: AlertSettings, resume: dict[str, Any]) -> str:
    details = " &middot; ".join(escape(detail) for detail in _resume_details(resume))
    skills = (
        f'<div style="color:#333;font-size:14px">Skills: '
        f"{escape(', '.join(resume['skills'][:8]))}</div>"
        if resume["skills"]
        else ""
    )
    return (
        '<div style="padding:12px 0;border-bottom:1px solid #eee">'
        f'<a href="{escape(_resume_url(settings, resume))}" style="font-size:17px;'
        f'font-weight:bold;color:#1a4fa0;text-decoration:none">{escape(resume["title"])}</a>'
        f'<div style="color:#666;font-size:14px">{details}</div>{skills}</div>'
    )


def resume_digest(
    settings: AlertSettings,
    email: str,
    sections: list[RenderedResumeSection],
    *,
    site_name: str,
    message_key: str,
) -> bytes:
    """A recruiter's resume digest: a section per resume alert with at most a screenful of
    resumes, the full search and the alert's edit page (where its interval is changed or its
    mails turned off)."""
    count = sum(len(section.resumes) for section in sections)
    first = sections[0]
    subject = (
        f"{count} new resume{'s' if count != 1 else ''} for \u201c{first.alert.name}\u201d"
        + (f" and {len(sections) - 1} more alerts" if len(sections) > 1 else "")
    )
    site = settings.alert_site_url.rstrip("/")
    stop = tokens.sign(
        settings, tokens.RESUME_UNSUBSCRIBE, ",".join(str(s.alert.id) for s in sections)
    )
    one_click = (
        f"{settings.alert_api_url.rstrip('/')}/alerts/resume-unsubscribe?token={quote(stop)}"
    )
    text_parts = [subject, ""]
    html_parts = []
    for section in sections:
        full = f"{site}{resume_search_path(section.alert.query)}"
        edit = f"{site}/resume-alert/edit/{section.alert.id}"
        text_parts.append(f"== {section.alert.name} ==")
        text_parts += [_text_resume(settings, resume) for resume in section.resumes]
        html_parts.append(f'<h2 style="font-size:17px">{escape(section.alert.name)}</h2>')
        html_parts += [_html_resume(settings, resume) for resume in section.resumes]
        more = section.total - len(section.resumes)
        label = f"See all {section.total} new resumes" if more > 0 else "See the full search"
        text_parts += [f"{label}: {full}", f"Edit or stop this alert: {edit}", ""]
        html_parts.append(
            f'<p><a href="{escape(full)}">{escape(label)}</a> &middot; '
            f'<a href="{escape(edit)}">Edit or stop this alert</a></p>'
        )
    text_parts += [
        "You get this mail because you saved these resume searches with a notify interval.",
        f"Stop these mails (the searches stay saved): {one_click}",
    ]
    html = (
        '<!doctype html><html><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(subject)}</title></head>"
        '<body style="margin:0;padding:16px;font-family:Arial,sans-serif;background:#f6f7f9">'
        '<div style="max-width:600px;margin:0 auto;background:#fff;padding:16px;'
        'border-radius:8px">'
        f'<div style="font-size:20px;font-weight:bold;color:#1a4fa0">{escape(site_name)}</div>'
        f'<h1 style="font-size:20px">{escape(subject)}</h1>{"".join(html_parts)}'
        '<p style="color:#666;font-size:13px;margin-top:24px">You get this mail because you '
        "saved these resume searches with a notify interval. "
        f'<a href="{escape(one_click)}">Stop these mails</a> (the searches stay saved).</p>'
        "</div></body></html>"
    )
    return message_bytes(
        settings,
        to=email,
        subject=subject,
        text="\n".join(text_parts) + "\n",
        html=html,
        message_key=message_key,
        headers=[
            ("List-Id", f"Resume alerts <resume-alerts.{settings.message_id_domain}>"),
            # RFC 8058: the mail program's "Unsubscribe" stops these alerts' mails at once
            ("List-Unsubscribe", f"<{one_click}>"),
            ("List-Unsubscribe-Post", "List-Unsubscribe=One-Click"),
            ("Auto-Submitted", "auto-generated"),
        ],
    )
