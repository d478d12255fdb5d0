"""The applicant's resume as a PDF (ADR 0033): what they entered, on A4, for them to attach to an
application. A draft in (``resumes.domain.importing.draft_of``), bytes out; no database, no I/O
but the font files.

Text is set in DejaVu Sans (the system's, ``fonts-dejavu-core``), which covers Latin, Greek and
Cyrillic; fpdf2 embeds the glyphs used and a ToUnicode map, so the text can be searched, copied
and read back (pypdf). Where the font is missing the PDF falls back to Helvetica, whose encoding
is Latin-1: other characters become "?", which is said in the ADR, not hidden.

CPU-bound: request handlers call :func:`render_resume_pdf`, which renders in a worker thread,
never on the event loop. fpdf2 (with fontTools, about 30 MiB) is imported by the first export,
not when the service starts: few requests ask for a PDF (ADR 0059).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from pathlib import Path

from resumes.importing import LanguageEntry, ResumeDraft, YearMonth

FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")
MEDIA_TYPE = "application/pdf"


@dataclass(frozen=True)
class Headings:
    about: str
    work: str
    education: str
    languages: str
    skills: str
    since: str  # "since 08/1967": a current entry
    native: str


HEADINGS = {
    "en": Headings(
        "About me", "Work experience", "Education", "Languages", "Skills", "since", "native"
    ),
    "de": Headings(
        "Über mich",
        "Berufserfahrung",
        "Ausbildung",
        "Sprachen",
        "Kenntnisse",
        "seit",
        "Muttersprache",
    ),
    "fr": Headings(
        "À propos de moi",
        "Expérience professionnelle",
        "Formation",
        "Langues",
        "Compétences",
        "depuis",
        "langue maternelle",
    ),
}


def headings_for(locale: str | None) -> Headings:
    """The headings in the site's language (``de``, ``de-CH``, ``fr``); English otherwise."""
    language = (locale or "en").split("-")[0].lower()
    return HEADINGS.get(language, HEADINGS["en"])


def _month(value: YearMonth | None) -> str:
    if value is None:
        return ""
    return f"{value.year}" if value.month is None else f"{value.month:02d}/{value.year}"


def period(start: YearMonth | None, end: YearMonth | None, current: bool, since: str) -> str:
    """A period such as "06/1949 to 08/1967", "since 08/1967", "1930", or "" without dates."""
    if current and start is not None:
        return f"{since} {_month(start)}"
    if start is not None and end is not None:
        return f"{_month(start)} \N{EN DASH} {_month(end)}"
    return _month(start) or _month(end)


def _language(entry: LanguageEntry, headings: Headings) -> str:
    """ "Polish (native)", "German (B1)", or the name alone without a level."""
    if entry.cefr is None:
        return entry.name
    level = headings.native if entry.cefr == "native" else entry.cefr
    return f"{entry.name} ({level})"


class _Document:
    """A one-column resume: name, headline and contact line, then the sections."""

    def __init__(self, *, title: str) -> None:
        from fpdf import FPDF  # imported when needed (module docstring)

        pdf = FPDF(format="A4", unit="mm")
        pdf.set_margins(18, 18, 18)
        pdf.set_auto_page_break(auto=True, margin=18)
        pdf.set_title(title)
        pdf.set_creator("Job board")
        regular, bold = FONT_DIR / "DejaVuSans.ttf", FONT_DIR / "DejaVuSans-Bold.ttf"
        self.unicode = regular.is_file() and bold.is_file()
        if self.unicode:
            pdf.add_font("body", "", str(regular))
            pdf.add_font("body", "B", str(bold))
            self.family = "body"
        else:
            self.family = "helvetica"
        pdf.add_page()
        self.pdf = pdf

    def text(self, value: str) -> str:
        return value if self.unicode else value.encode("latin-1", "replace").decode("latin-1")

    def line(
        self,
        value: str,
        *,
        size: float = 10,
        bold: bool = False,
        grey: bool = False,
        height: float = 5.2,
    ) -> None:
        if not value.strip():
            return
        self.pdf.set_font(self.family, "B" if bold else "", size)
        from fpdf.enums import XPos, YPos

        self.pdf.set_text_color(*((100, 100, 100) if grey else (20, 20, 20)))
        self.pdf.multi_cell(0, height, self.text(value), new_x=XPos.LMARGIN, new_y=YPos.NEXT)

    def heading(self, value: str) -> None:
        self.pdf.ln(4)
        self.line(value, size=12.5, bold=True, height=7)
        y = self.pdf.get_y()
        self.pdf.set_draw_color(180, 180, 180)
        self.pdf.line(self.pdf.l_margin, y, self.pdf.w - self.pdf.r_margin, y)
        self.pdf.ln(2)

    def output(self) -> bytes:
        return bytes(self.pdf.output())


def render_pdf(draft: ResumeDraft, *, headings: Headings = HEADINGS["en"]) -> bytes:
    """The PDF of ``draft``: every section it has, none that is empty."""
    personal = draft.personal
    name = " ".join(part for part in (personal.first_name, personal.last_name) if part)
    document = _Document(title=name or "Resume")
    document.line(name, size=20, bold=True, height=10)
    document.line(draft.headline or "", size=12.5, height=7)
    contact = " · ".join(
        value for value in (personal.email, personal.phone, personal.city) if value
    )
    document.line(contact, grey=True)
    if draft.summary:
        document.heading(headings.about)
        document.line(draft.summary)
    if draft.work:
        document.heading(headings.work)
        for work in draft.work:
            document.line(
                " \N{EN DASH} ".join(v for v in (work.title, work.employer) if v), bold=True
            )
            document.line(period(work.start, work.end, work.current, headings.since), grey=True)
            document.line(work.description or "")
            document.pdf.ln(2)
    if draft.education:
        document.heading(headings.education)
        for school in draft.education:
            document.line(
                " \N{EN DASH} ".join(v for v in (school.degree, school.institution) if v), bold=True
            )
            document.line(
                period(school.start, school.end, school.current, headings.since), grey=True
            )
            document.pdf.ln(2)
    if draft.languages:
        document.heading(headings.languages)
        document.line(", ".join(_language(entry, headings) for entry in draft.languages))
    if draft.skills:
        document.heading(headings.skills)
        document.line(", ".join(skill.label for skill in draft.skills))
    return document.output()


async def render_resume_pdf(draft: ResumeDraft, *, locale: str | None = None) -> bytes:
    """:func:`render_pdf` in a worker thread (a resume is bounded by the wizard's rules, so the
    work is small; it still never runs on the event loop)."""
    return await asyncio.to_thread(render_pdf, draft, headings=headings_for(locale))
