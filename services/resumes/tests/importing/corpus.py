"""A generated set of CVs (PDF made with fpdf2, DOCX made with python-docx, at test time) in
varied layouts, each with the fields a reader should find in it."""

# ruff: noqa: RUF001  (CVs are written with en dashes and non-ASCII letters on purpose)

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass, field

import docx
from docx.shared import Pt
from fpdf import FPDF
from resumes.importing import VocabularyTerm, YearMonth

VOCABULARY = (
    VocabularyTerm("skill-python", "Python", ("python3",)),
    VocabularyTerm("skill-sql", "SQL", ("structured query language",)),
    VocabularyTerm("skill-java", "Java"),
    VocabularyTerm("skill-js", "JavaScript", ("JS", "ECMAScript")),
    VocabularyTerm("skill-react", "React", ("React.js", "ReactJS")),
    VocabularyTerm("skill-docker", "Docker"),
    VocabularyTerm("skill-k8s", "Kubernetes", ("k8s",)),
    VocabularyTerm("skill-excel", "Microsoft Excel", ("Excel", "MS Excel")),
    VocabularyTerm("skill-sap", "SAP", ("SAP ERP",)),
    VocabularyTerm("skill-pm", "Project management", ("Projektmanagement",)),
    VocabularyTerm("skill-accounting", "Accounting", ("Buchhaltung", "Finanzbuchhaltung")),
    VocabularyTerm("skill-care", "Nursing care", ("Krankenpflege", "Pflege")),
    VocabularyTerm("skill-service", "Customer service", ("Kundenservice", "Kundenbetreuung")),
    VocabularyTerm("skill-cad", "AutoCAD"),
    VocabularyTerm("skill-seo", "Search engine optimisation", ("SEO", "Suchmaschinenoptimierung")),
    VocabularyTerm("skill-forklift", "Forklift licence", ("Staplerschein", "Gabelstaplerschein")),
)


@dataclass(frozen=True)
class Job:
    title: str
    employer: str
    dates: str  # as written in the CV
    start: YearMonth | None
    end: YearMonth | None
    current: bool = False
    description: str = ""


@dataclass(frozen=True)
class Study:
    degree: str
    institution: str
    dates: str
    start: YearMonth | None
    end: YearMonth | None


@dataclass(frozen=True)
class Person:
    first_name: str
    last_name: str
    email: str
    phone: str
    city: str
    address: str  # the contact line naming the city, as written
    german: bool
    jobs: tuple[Job, ...]
    studies: tuple[Study, ...]
    languages: tuple[tuple[str, str, str, str], ...]  # written name, written level, code, cefr
    skills: tuple[tuple[str, str | None], ...]  # written, expected term id (None: free text)
    summary: str = ""


@dataclass(frozen=True)
class SampleCV:
    name: str
    person: Person
    data: bytes = field(repr=False)


def ym(year: int, month: int | None = None) -> YearMonth:
    return YearMonth(year, month)


PEOPLE: tuple[Person, ...] = (
    Person(
        "Anna",
        "Schmidt",
        "anna.schmidt@example.org",
        "+49 30 1234567",
        "Berlin",
        "Hauptstraße 5, 10115 Berlin",
        True,
        (
            Job(
                "Senior Softwareentwicklerin",
                "Nordlicht Software GmbH",
                "03/2019 - heute",
                ym(2019, 3),
                None,
                True,
                "Entwicklung von Python-Diensten.\nBetreuung von zwei Werkstudenten.",
            ),
            Job(
                "Softwareentwicklerin",
                "Datenwerk AG",
                "2016–2019",
                ym(2016),
                ym(2019),
                description="Backend in Java und SQL.",
            ),
        ),
        (
            Study(
                "M.Sc. Informatik",
                "Technische Universität Berlin",
                "2013 – 2016",
                ym(2013),
                ym(2016),
            ),
        ),
        (
            ("Deutsch", "Muttersprache", "de", "native"),
            ("Englisch", "verhandlungssicher", "en", "C1"),
        ),
        (
            ("Python", "skill-python"),
            ("SQL", "skill-sql"),
            ("Docker", "skill-docker"),
            ("Domain-driven Design", None),
        ),
        "Backend-Entwicklerin mit Freude an sauberen Schnittstellen.",
    ),
    Person(
        "James",
        "Walker",
        "james.walker@example.com",
        "+44 20 7946 0958",
        "London",
        "London SW1A 1AA",
        False,
        (
            Job(
                "Project Manager",
                "Brightline Consulting Ltd",
                "Jan 2020 to Dec 2022",
                ym(2020, 1),
                ym(2022, 12),
                description="Led delivery of ERP roll-outs for retail clients.",
            ),
            Job(
                "Business Analyst",
                "Harbour Bank plc",
                "Sep 2016 - Dec 2019",
                ym(2016, 9),
                ym(2019, 12),
                description="Requirements and reporting.",
            ),
            Job(
                "Analyst Intern",
                "Civic Data Partners",
                "Jun 2015 - Aug 2015",
                ym(2015, 6),
                ym(2015, 8),
            ),
        ),
        (Study("BSc Economics", "University of Leeds", "2012 - 2015", ym(2012), ym(2015)),),
        (("English", "native", "en", "native"), ("French", "B2", "fr", "B2")),
        (
            ("Project management", "skill-pm"),
            ("Excel", "skill-excel"),
            ("SAP", "skill-sap"),
            ("Stakeholder workshops", None),
        ),
        "Delivery-focused project manager.",
    ),
    Person(
        "Lena",
        "Müller",
        "lena.mueller@example.de",
        "0171 2345678",
        "München",
        "80331 München",
        True,
        (
            Job(
                "Gesundheits- und Krankenpflegerin",
                "Klinikum Schwabing",
                "seit 2021",
                ym(2021),
                None,
                True,
                "Pflege auf der Intensivstation.",
            ),
            Job(
                "Pflegefachkraft",
                "Seniorenresidenz Isarblick GmbH",
                "04.2017 - 12.2020",
                ym(2017, 4),
                ym(2020, 12),
            ),
        ),
        (
            Study(
                "Ausbildung Gesundheits- und Krankenpflege",
                "Berufsfachschule für Pflege München",
                "2014 - 2017",
                ym(2014),
                ym(2017),
            ),
        ),
        (("Deutsch", "Muttersprache", "de", "native"), ("Englisch", "gute Kenntnisse", "en", "B2")),
        (
            ("Krankenpflege", "skill-care"),
            ("Wundmanagement", None),
            ("Kundenbetreuung", "skill-service"),
        ),
    ),
    Person(
        "Priya",
        "Sharma",
        "priya.sharma@example.net",
        "+44 161 496 0000",
        "Manchester",
        "Manchester, United Kingdom",
        False,
        (
            Job(
                "Frontend Developer",
                "Pixel Harbour Studio",
                "03/2021 - present",
                ym(2021, 3),
                None,
                True,
                "React and TypeScript single page apps.",
            ),
            Job("Junior Web Developer", "Northern Web Solutions", "2018–2021", ym(2018), ym(2021)),
        ),
        (
            Study(
                "BSc Computer Science",
                "University of Manchester",
                "2015 – 2018",
                ym(2015),
                ym(2018),
            ),
        ),
        (("English", "fluent", "en", "C1"), ("Hindi", "native", "hi", "native")),
        (
            ("JavaScript", "skill-js"),
            ("React", "skill-react"),
            ("Accessibility audits", None),
            ("SEO", "skill-seo"),
        ),
    ),
    Person(
        "Mehmet",
        "Yılmaz",
        "mehmet.yilmaz@example.com",
        "+49 221 9876543",
        "Köln",
        "Ringstraße 12, 50667 Köln",
        True,
        (
            Job(
                "Lagerlogistiker",
                "Rheinlogistik GmbH & Co. KG",
                "Mai 2019 - heute",
                ym(2019, 5),
                None,
                True,
                "Kommissionierung und Warenannahme.",
            ),
            Job(
                "Fachkraft für Lagerlogistik",
                "Spedition Becker KG",
                "08.2014 - 04.2019",
                ym(2014, 8),
                ym(2019, 4),
            ),
        ),
        (
            Study(
                "Ausbildung Fachkraft für Lagerlogistik",
                "Berufskolleg Köln",
                "2011 - 2014",
                ym(2011),
                ym(2014),
            ),
        ),
        (("Deutsch", "fließend", "de", "C1"), ("Türkisch", "Muttersprache", "tr", "native")),
        (("Staplerschein", "skill-forklift"), ("SAP", "skill-sap"), ("Inventur", None)),
    ),
    Person(
        "Sophie",
        "Bauer",
        "sophie.bauer@example.at",
        "+43 1 5123456",
        "Wien",
        "1010 Wien, Österreich",
        True,
        (
            Job(
                "Buchhalterin",
                "Alpenhandel GmbH",
                "2018-04 – heute",
                ym(2018, 4),
                None,
                True,
                "Monatsabschlüsse und Kreditorenbuchhaltung.",
            ),
            Job(
                "Sachbearbeiterin Rechnungswesen",
                "Donau Versicherung AG",
                "2014 - 2018",
                ym(2014),
                ym(2018),
            ),
        ),
        (
            Study(
                "Bachelor Betriebswirtschaft",
                "Wirtschaftsuniversität Wien",
                "2010 - 2014",
                ym(2010),
                ym(2014),
            ),
        ),
        (("Deutsch", "Muttersprache", "de", "native"), ("Englisch", "C1", "en", "C1")),
        (("Buchhaltung", "skill-accounting"), ("Excel", "skill-excel"), ("DATEV", None)),
    ),
    Person(
        "Daniel",
        "Okafor",
        "daniel.okafor@example.org",
        "+44 117 496 0123",
        "Bristol",
        "Bristol BS1 4DJ",
        False,
        (
            Job(
                "DevOps Engineer",
                "Cloudline Systems Ltd",
                "Feb 2021 - present",
                ym(2021, 2),
                None,
                True,
                "Kubernetes clusters and CI pipelines.",
            ),
            Job(
                "Systems Administrator", "West Country Hospital", "2017 - 2021", ym(2017), ym(2021)
            ),
        ),
        (
            Study(
                "MEng Electronic Engineering",
                "University of Bristol",
                "2012 - 2017",
                ym(2012),
                ym(2017),
            ),
        ),
        (("English", "native", "en", "native"), ("German", "basic", "de", "A2")),
        (
            ("Kubernetes", "skill-k8s"),
            ("Docker", "skill-docker"),
            ("Python", "skill-python"),
            ("Terraform", None),
        ),
    ),
    Person(
        "Julia",
        "Wagner",
        "julia.wagner@example.de",
        "040 3456789",
        "Hamburg",
        "20095 Hamburg",
        True,
        (
            Job(
                "Bauzeichnerin",
                "Hanse Architekten GmbH",
                "März 2017 – Februar 2023",
                ym(2017, 3),
                ym(2023, 2),
                description="Ausführungspläne mit AutoCAD.",
            ),
            Job("Technische Zeichnerin", "Nordbau AG", "2013 – 2017", ym(2013), ym(2017)),
        ),
        (
            Study(
                "Ausbildung Bauzeichnerin",
                "Gewerbeschule Bautechnik Hamburg",
                "2010 - 2013",
                ym(2010),
                ym(2013),
            ),
        ),
        (("Deutsch", "Muttersprache", "de", "native"), ("Englisch", "Grundkenntnisse", "en", "A2")),
        (("AutoCAD", "skill-cad"), ("Revit", None), ("Projektmanagement", "skill-pm")),
    ),
)

_HEADINGS = {
    False: {
        "work": "Work Experience",
        "education": "Education",
        "languages": "Languages",
        "skills": "Skills",
        "summary": "Profile",
        "contact": "Contact",
    },
    True: {
        "work": "Berufserfahrung",
        "education": "Ausbildung",
        "languages": "Sprachen",
        "skills": "Kenntnisse",
        "summary": "Profil",
        "contact": "Kontakt",
    },
}


# --- PDF -------------------------------------------------------------------------------------


def _latin1(text: str) -> str:
    """The core PDF fonts are Latin-1: dashes become hyphens."""
    replaced = text.replace("–", "-").replace("—", "-").replace("ı", "i")
    return replaced.encode("latin-1", "replace").decode("latin-1")


class _Pdf:
    def __init__(self) -> None:
        self.pdf = FPDF(format="A4")
        self.pdf.set_auto_page_break(auto=True, margin=15)
        self.pdf.add_page()
        self.pdf.set_font("Helvetica", size=10)

    def line(
        self,
        text: str,
        *,
        size: int = 10,
        bold: bool = False,
        x: float | None = None,
        width: float = 0,
    ) -> None:
        self.pdf.set_font("Helvetica", "B" if bold else "", size)
        if x is not None:
            self.pdf.set_x(x)
        self.pdf.multi_cell(width, size * 0.5, _latin1(text), new_x="LMARGIN", new_y="NEXT")

    def gap(self) -> None:
        self.pdf.ln(3)

    def bytes(self) -> bytes:
        return bytes(self.pdf.output())


def pdf_one_column(person: Person) -> bytes:
    """Name, a contact line, headings; each job as title, employer, then dates."""
    h = _HEADINGS[person.german]
    doc = _Pdf()
    doc.line(f"{person.first_name} {person.last_name}", size=18, bold=True)
    doc.line(f"{person.address} | {person.email} | {person.phone}")
    if person.summary:
        doc.gap()
        doc.line(h["summary"], size=13, bold=True)
        doc.line(person.summary)
    doc.gap()
    doc.line(h["work"], size=13, bold=True)
    for job in person.jobs:
        doc.line(job.title, bold=True)
        doc.line(job.employer)
        doc.line(job.dates)
        for sentence in job.description.splitlines():
            doc.line(f"- {sentence}")
        doc.gap()
    doc.line(h["education"], size=13, bold=True)
    for study in person.studies:
        doc.line(study.degree, bold=True)
        doc.line(study.institution)
        doc.line(study.dates)
    doc.gap()
    doc.line(h["languages"], size=13, bold=True)
    for name, level, _, _ in person.languages:
        doc.line(f"{name} ({level})")
    doc.gap()
    doc.line(h["skills"], size=13, bold=True)
    doc.line(", ".join(skill for skill, _ in person.skills))
    return doc.bytes()


def pdf_dates_left(person: Person) -> bytes:
    """A date column on the left of each entry (same row as the title), upper-case headings."""
    h = _HEADINGS[person.german]
    doc = _Pdf()
    pdf = doc.pdf
    doc.line(f"{person.first_name} {person.last_name}", size=20, bold=True)
    doc.line(person.address)
    doc.line(f"Tel.: {person.phone}")
    doc.line(f"E-Mail: {person.email}")
    doc.gap()

    def row(left: str, lines: list[str]) -> None:
        top = pdf.get_y()
        pdf.set_font("Helvetica", "", 10)
        pdf.set_xy(10, top)
        pdf.cell(45, 5, _latin1(left))
        for index, text in enumerate(lines):
            pdf.set_font("Helvetica", "B" if index == 0 else "", 10)
            pdf.set_x(58)
            pdf.multi_cell(140, 5, _latin1(text), new_x="LMARGIN", new_y="NEXT")
        pdf.ln(2)

    doc.line(h["work"].upper(), size=13, bold=True)
    for job in person.jobs:
        row(job.dates, [job.title, job.employer, *job.description.splitlines()])
    doc.line(h["education"].upper(), size=13, bold=True)
    for study in person.studies:
        row(study.dates, [study.degree, study.institution])
    doc.line(h["languages"].upper(), size=13, bold=True)
    for name, level, _, _ in person.languages:
        doc.line(f"{name}: {level}")
    doc.gap()
    doc.line(h["skills"].upper(), size=13, bold=True)
    for skill, _ in person.skills:
        doc.line(f"- {skill}")
    return doc.bytes()


def pdf_two_column(person: Person) -> bytes:
    """A sidebar (contact, languages, skills) written first, then the main column beside it."""
    h = _HEADINGS[person.german]
    doc = _Pdf()
    pdf = doc.pdf
    pdf.set_fill_color(235, 235, 235)
    pdf.rect(0, 0, 62, 297, style="F")
    pdf.set_y(15)
    side = 6.0
    doc.line(f"{person.first_name} {person.last_name}", size=15, bold=True, x=side, width=52)
    doc.gap()
    doc.line(h["contact"], size=12, bold=True, x=side, width=52)
    doc.line(person.address, x=side, width=52)
    doc.line(person.phone, x=side, width=52)
    doc.line(person.email, size=8, x=side, width=54)
    doc.gap()
    doc.line(h["languages"], size=12, bold=True, x=side, width=52)
    for name, level, _, _ in person.languages:
        doc.line(f"{name} - {level}", x=side, width=52)
    doc.gap()
    doc.line(h["skills"], size=12, bold=True, x=side, width=52)
    for skill, _ in person.skills:
        doc.line(skill, x=side, width=52)
    pdf.set_y(15)
    main = 68.0
    doc.line(h["work"], size=13, bold=True, x=main, width=130)
    for job in person.jobs:
        doc.line(f"{job.dates} | {job.title}", bold=True, x=main, width=130)
        doc.line(job.employer, x=main, width=130)
        for sentence in job.description.splitlines():
            doc.line(f"- {sentence}", x=main, width=130)
        pdf.ln(2)
    doc.line(h["education"], size=13, bold=True, x=main, width=130)
    for study in person.studies:
        doc.line(f"{study.dates} | {study.degree}", bold=True, x=main, width=130)
        doc.line(study.institution, x=main, width=130)
    return doc.bytes()


def pdf_inline(person: Person) -> bytes:
    """Compact: "Title, Employer | dates" on one line per entry, headings with colons."""
    h = _HEADINGS[person.german]
    doc = _Pdf()
    doc.line(f"{person.first_name} {person.last_name}", size=16, bold=True)
    doc.line(person.address)
    doc.line(f"{person.email} - {person.phone}")
    doc.gap()
    doc.line(f"{h['work']}:", size=12, bold=True)
    for job in person.jobs:
        doc.line(f"{job.title}, {job.employer} | {job.dates}", bold=True)
        if job.description:
            doc.line(job.description.replace("\n", " "))
    doc.gap()
    doc.line(f"{h['education']}:", size=12, bold=True)
    for study in person.studies:
        doc.line(f"{study.degree}, {study.institution} | {study.dates}")
    doc.gap()
    languages = ", ".join(f"{name} ({level})" for name, level, _, _ in person.languages)
    doc.line(f"{h['languages']}: {languages}")
    doc.line(f"{h['skills']}: " + ", ".join(skill for skill, _ in person.skills))
    return doc.bytes()


# --- DOCX ------------------------------------------------------------------------------------


def _docx_bytes(document: docx.document.Document) -> bytes:
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


def docx_headings(person: Person) -> bytes:
    """Word headings, "Title at Employer" lines with the dates below, bullet descriptions."""
    h = _HEADINGS[person.german]
    document = docx.Document()
    document.add_heading(f"{person.first_name} {person.last_name}", level=0)
    document.add_paragraph(f"{person.address} · {person.email} · {person.phone}")
    if person.summary:
        document.add_heading(h["summary"], level=1)
        document.add_paragraph(person.summary)
    document.add_heading(h["work"], level=1)
    joiner = "bei" if person.german else "at"
    for job in person.jobs:
        document.add_heading(f"{job.title} {joiner} {job.employer}", level=2)
        document.add_paragraph(job.dates)
        for sentence in job.description.splitlines():
            document.add_paragraph(sentence, style="List Bullet")
    document.add_heading(h["education"], level=1)
    for study in person.studies:
        document.add_heading(study.degree, level=2)
        document.add_paragraph(f"{study.institution}, {study.dates}")
    document.add_heading(h["languages"], level=1)
    for name, level, _, _ in person.languages:
        document.add_paragraph(f"{name} – {level}", style="List Bullet")
    document.add_heading(h["skills"], level=1)
    document.add_paragraph(" | ".join(skill for skill, _ in person.skills))
    return _docx_bytes(document)


def docx_two_column_table(person: Person) -> bytes:
    """The whole page is a two-cell table: a sidebar cell and a main cell."""
    h = _HEADINGS[person.german]
    document = docx.Document()
    table = document.add_table(rows=1, cols=2)
    side, main = table.rows[0].cells
    side.paragraphs[0].text = f"{person.first_name} {person.last_name}"
    for text in (
        h["contact"],
        person.address,
        person.phone,
        person.email,
        "",
        h["languages"],
        *(f"{n}: {lv}" for n, lv, _, _ in person.languages),
        "",
        h["skills"],
        *(skill for skill, _ in person.skills),
    ):
        side.add_paragraph(text)
    main.paragraphs[0].text = h["work"]
    for job in person.jobs:
        main.add_paragraph(job.dates)
        main.add_paragraph(job.title).runs[0].bold = True
        main.add_paragraph(job.employer)
        for sentence in job.description.splitlines():
            main.add_paragraph(f"• {sentence}")
    main.add_paragraph(h["education"])
    for study in person.studies:
        main.add_paragraph(study.dates)
        main.add_paragraph(study.degree)
        main.add_paragraph(study.institution)
    return _docx_bytes(document)


def docx_entry_tables(person: Person) -> bytes:
    """Entries as table rows: dates in the left cell, title, employer and details in the right."""
    h = _HEADINGS[person.german]
    document = docx.Document()
    title = document.add_paragraph()
    run = title.add_run(f"{person.first_name} {person.last_name}")
    run.bold = True
    run.font.size = Pt(20)
    document.add_paragraph(person.address)
    document.add_paragraph(f"{'Telefon' if person.german else 'Phone'}: {person.phone}")
    document.add_paragraph(f"E-Mail: {person.email}")
    document.add_paragraph(h["work"].upper())
    table = document.add_table(rows=0, cols=2)
    for job in person.jobs:
        left, right = table.add_row().cells
        left.text = job.dates
        right.text = job.title
        right.add_paragraph(job.employer)
        for sentence in job.description.splitlines():
            right.add_paragraph(f"- {sentence}")
    document.add_paragraph(h["education"].upper())
    table = document.add_table(rows=0, cols=2)
    for study in person.studies:
        left, right = table.add_row().cells
        left.text = study.dates
        right.text = study.degree
        right.add_paragraph(study.institution)
    document.add_paragraph(h["languages"].upper())
    for name, level, _, _ in person.languages:
        document.add_paragraph(f"{name}: {level}")
    document.add_paragraph(h["skills"].upper())
    document.add_paragraph(", ".join(skill for skill, _ in person.skills))
    return _docx_bytes(document)


def docx_labelled(person: Person) -> bytes:
    """A form-like German/English CV: labelled personal data, dates first, then title lines."""
    h = _HEADINGS[person.german]
    labels = (
        ("Vorname", "Nachname", "Wohnort", "Telefon", "E-Mail")
        if person.german
        else ("First name", "Last name", "City", "Phone", "Email")
    )
    document = docx.Document()
    document.add_heading("Lebenslauf" if person.german else "Curriculum Vitae", level=0)
    document.add_heading("Persönliche Daten" if person.german else "Personal details", level=1)
    for label, value in zip(
        labels,
        (person.first_name, person.last_name, person.city, person.phone, person.email),
        strict=True,
    ):
        document.add_paragraph(f"{label}: {value}")
    document.add_heading(h["work"], level=1)
    for job in person.jobs:
        document.add_paragraph(job.dates)
        document.add_paragraph(job.title)
        document.add_paragraph(job.employer)
        if job.description:
            document.add_paragraph(job.description.replace("\n", " "))
    document.add_heading(h["education"], level=1)
    for study in person.studies:
        document.add_paragraph(f"{study.dates}: {study.degree}")
        document.add_paragraph(study.institution)
    document.add_heading(h["languages"], level=1)
    document.add_paragraph(", ".join(f"{n} ({lv})" for n, lv, _, _ in person.languages))
    document.add_heading(h["skills"], level=1)
    for skill, _ in person.skills:
        document.add_paragraph(skill, style="List Bullet")
    return _docx_bytes(document)


def pdf_messy(person: Person) -> bytes:
    """A title line, the name in capitals with a headline under it, labelled contact lines,
    employer before title, descriptions as prose, grouped skills and languages on one line."""
    h = _HEADINGS[person.german]
    doc = _Pdf()
    doc.line("LEBENSLAUF" if person.german else "CURRICULUM VITAE", size=9)
    doc.line(f"{person.first_name} {person.last_name}".upper(), size=22, bold=True)
    doc.line(person.jobs[0].title, size=12)
    doc.gap()
    doc.line(f"{'Mobil' if person.german else 'Mobile'}: {person.phone}")
    doc.line(f"Email: {person.email}")
    doc.line(f"{'Adresse' if person.german else 'Address'}: {person.address}")
    doc.gap()
    doc.line(f"// {h['work'].upper()}", size=12, bold=True)
    for job in person.jobs:
        doc.line(f"{job.employer}    {job.dates}", bold=True)
        doc.line(job.title)
        if job.description:
            doc.line(" ".join(job.description.splitlines()) + " " + "Worked in a team. " * 3)
        doc.gap()
    doc.line(f"// {h['education'].upper()}", size=12, bold=True)
    for study in person.studies:
        doc.line(f"{study.institution} ({study.dates})", bold=True)
        doc.line(study.degree)
    doc.gap()
    doc.line(f"// {h['skills'].upper()}", size=12, bold=True)
    doc.line("Tools: " + " / ".join(skill for skill, _ in person.skills[:2]))
    doc.line("Other: " + " / ".join(skill for skill, _ in person.skills[2:]))
    doc.gap()
    doc.line(f"// {h['languages'].upper()}", size=12, bold=True)
    doc.line(" | ".join(f"{name} - {level}" for name, level, _, _ in person.languages))
    return doc.bytes()


def docx_messy(person: Person) -> bytes:
    """Name and contact in the page header, one line per entry ("Title | Employer | dates"),
    decorated headings, skills in a grid table, languages in one sentence-like line."""
    h = _HEADINGS[person.german]
    document = docx.Document()
    header = document.sections[0].header
    header.paragraphs[0].text = f"{person.first_name} {person.last_name}"
    header.add_paragraph(f"{person.email} · {person.phone} · {person.address}")
    document.add_paragraph(f"— {h['work']} —")
    for job in person.jobs:
        document.add_paragraph(f"{job.title} | {job.employer} | {job.dates}")
        for sentence in job.description.splitlines():
            document.add_paragraph(f"* {sentence}")
    document.add_paragraph(f"— {h['education']} —")
    for study in person.studies:
        document.add_paragraph(f"{study.dates} {study.degree}, {study.institution}")
    document.add_paragraph(f"— {h['skills']} —")
    table = document.add_table(rows=0, cols=2)
    skills = [skill for skill, _ in person.skills]
    for index in range(0, len(skills), 2):
        cells = table.add_row().cells
        for cell, skill in zip(cells, skills[index : index + 2], strict=False):
            cell.text = skill
    document.add_paragraph(f"— {h['languages']} —")
    document.add_paragraph("; ".join(f"{n}: {lv}" for n, lv, _, _ in person.languages))
    return _docx_bytes(document)


# The two layouts below were written after the reader was finished and were not used to tune it:
# the share on them is reported on its own (HELD_OUT).

_OTHER_HEADINGS = {
    False: {
        "work": "Professional Experience",
        "education": "Academic Background",
        "languages": "Language Skills",
        "skills": "Core Competencies",
    },
    True: {
        "work": "Beruflicher Werdegang",
        "education": "Bildungsweg",
        "languages": "Sprachkenntnisse",
        "skills": "Fachkenntnisse",
    },
}


def pdf_sidebar_right(person: Person) -> bytes:
    """The main column on the left written first, a narrow sidebar on the right after it;
    "Employer - Title" lines with the dates in brackets below."""
    h = _OTHER_HEADINGS[person.german]
    doc = _Pdf()
    pdf = doc.pdf
    main, side = 10.0, 145.0
    doc.line(f"{person.first_name} {person.last_name}", size=20, bold=True, x=main, width=125)
    doc.gap()
    doc.line(h["work"], size=13, bold=True, x=main, width=125)
    for job in person.jobs:
        doc.line(f"{job.employer} - {job.title}", bold=True, x=main, width=125)
        doc.line(f"({job.dates})", size=9, x=main, width=125)
        for sentence in job.description.splitlines():
            doc.line(f"- {sentence}", x=main, width=125)
        pdf.ln(2)
    doc.line(h["education"], size=13, bold=True, x=main, width=125)
    for study in person.studies:
        doc.line(f"{study.institution} - {study.degree}", bold=True, x=main, width=125)
        doc.line(f"({study.dates})", size=9, x=main, width=125)
    pdf.set_y(20)
    doc.line(f"Tel {person.phone}", size=9, x=side, width=55)
    doc.line(person.email, size=8, x=side, width=55)
    doc.line(person.address, size=9, x=side, width=55)
    doc.gap()
    doc.line(h["skills"], size=11, bold=True, x=side, width=55)
    for skill, _ in person.skills:
        doc.line(f"- {skill}", size=9, x=side, width=55)
    doc.gap()
    doc.line(h["languages"], size=11, bold=True, x=side, width=55)
    for name, level, _, _ in person.languages:
        doc.line(f"{name}, {level}", size=9, x=side, width=55)
    return doc.bytes()


def docx_form_table(person: Person) -> bytes:
    """The classic German tabular CV: one two-column table of label and value rows."""
    h = _OTHER_HEADINGS[person.german]
    labels = (
        ("Name", "Anschrift", "Telefon", "E-Mail")
        if person.german
        else ("Name", "Address", "Phone", "Email")
    )
    document = docx.Document()
    table = document.add_table(rows=0, cols=2)

    def row(left: str, right: str) -> None:
        cells = table.add_row().cells
        cells[0].text = left
        cells[1].text = right

    def heading(text: str) -> None:
        cells = table.add_row().cells
        merged = cells[0].merge(cells[1])
        merged.text = text

    for label, value in zip(
        labels,
        (f"{person.first_name} {person.last_name}", person.address, person.phone, person.email),
        strict=True,
    ):
        row(label, value)
    heading(h["work"])
    for job in person.jobs:
        row(job.dates, f"{job.title}, {job.employer}")
    heading(h["education"])
    for study in person.studies:
        row(study.dates, f"{study.degree}, {study.institution}")
    heading(h["languages"])
    row("", ", ".join(f"{n} ({lv})" for n, lv, _, _ in person.languages))
    heading(h["skills"])
    row("", ", ".join(skill for skill, _ in person.skills))
    return _docx_bytes(document)


LAYOUTS: dict[str, Callable[[Person], bytes]] = {
    "pdf-one-column": pdf_one_column,
    "pdf-dates-left": pdf_dates_left,
    "pdf-two-column": pdf_two_column,
    "pdf-inline": pdf_inline,
    "pdf-messy": pdf_messy,
    "docx-headings": docx_headings,
    "docx-two-column-table": docx_two_column_table,
    "docx-entry-tables": docx_entry_tables,
    "docx-labelled": docx_labelled,
    "docx-messy": docx_messy,
    "pdf-sidebar-right": pdf_sidebar_right,
    "docx-form-table": docx_form_table,
}
HELD_OUT = ("pdf-sidebar-right", "docx-form-table")


def sample_cvs() -> list[SampleCV]:
    """Every person in two layouts (one PDF, one DOCX), turning through the layouts: 16 CVs."""
    pdf_layouts = [name for name in LAYOUTS if name.startswith("pdf")]
    docx_layouts = [name for name in LAYOUTS if name.startswith("docx")]
    samples = []
    for index, person in enumerate(PEOPLE):
        for layout in (
            pdf_layouts[index % len(pdf_layouts)],
            docx_layouts[(index + 1) % len(docx_layouts)],
        ):
            samples.append(
                SampleCV(f"{layout}:{person.last_name}", person, LAYOUTS[layout](person))
            )
    return samples
