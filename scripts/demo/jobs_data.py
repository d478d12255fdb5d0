"""Demo jobs: about eleven per demo organization (330 in all), built from role templates and the
organization's own mission, cities and occupations. Deterministic (a seeded generator), so the
seed can find each job again by its title and organization: re-seeding changes nothing.

Every employment type, occupational field group, degree level and experience level appears;
salaries come in the organization's currency; some jobs are remote or hybrid, some link to an
external ad, some are a PDF; most are published, some scheduled for the coming days, some
expired, a few still drafts.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from .organizations_data import ORGANIZATIONS, DemoOrganization, web_name

JOBS_PER_ORGANIZATION = 11


@dataclass(frozen=True)
class Role:
    title: str
    occupation: str
    skills: tuple[str, ...]
    studies: tuple[str, ...]
    degree: str
    duties: tuple[str, ...]
    profile: tuple[str, ...]
    salary: tuple[int, int]  # yearly, in USD; scaled per currency
    seniority: str = "3-5-years-experience"


ROLES: tuple[Role, ...] = (
    Role(
        "Program Manager",
        "program-and-project-management",
        ("program-management", "budgeting", "stakeholder-management", "monitoring-and-evaluation"),
        ("nonprofit-management", "development-studies"),
        "master-s-degree",
        (
            "Lead a portfolio of projects from planning to final report",
            "Manage budgets, timelines and partner agreements",
            "Report to funders and to the board on results and lessons",
        ),
        (
            "Several years running projects with external funding",
            "Confident with budgets and logical frameworks",
            "Clear writer and calm negotiator",
        ),
        (62000, 85000),
        "6-10-years-experience",
    ),
    Role(
        "Project Coordinator",
        "program-and-project-management",
        ("project-management", "event-management", "scheduling", "excel"),
        ("social-work", "business-administration"),
        "bachelor-s-degree",
        (
            "Keep plans, meetings and minutes of the project team in order",
            "Coordinate volunteers, venues and suppliers for our activities",
            "Prepare the monthly progress report",
        ),
        (
            "First experience in project work (internships count)",
            "Organized, reliable and friendly on the phone",
            "Good command of spreadsheets",
        ),
        (42000, 52000),
        "1-2-years-experience",
    ),
    Role(
        "Fundraising Manager",
        "fundraising-and-development",
        ("fundraising", "donor-relations", "grant-writing", "crm-management"),
        ("marketing", "nonprofit-management"),
        "bachelor-s-degree",
        (
            "Grow individual and institutional giving with a yearly plan",
            "Write proposals to foundations and report on grants",
            "Look after our major donors personally",
        ),
        (
            "A track record of successful appeals or proposals",
            "Experience with a donor database such as Salesforce or CiviCRM",
            "Warm, persuasive communication",
        ),
        (58000, 78000),
    ),
    Role(
        "Grant Writer",
        "grant-management",
        ("grant-writing", "foundation-relations", "copywriting", "editing"),
        ("languages-and-literature", "communication-studies"),
        "bachelor-s-degree",
        (
            "Research foundation and government funding opportunities",
            "Draft compelling, compliant proposals with program staff",
            "Keep the grants calendar and reporting deadlines",
        ),
        (
            "Excellent writing and editing skills",
            "Experience with institutional funders is a plus",
            "Able to turn program data into a story",
        ),
        (48000, 62000),
        "1-2-years-experience",
    ),
    Role(
        "Communications Officer",
        "communications-and-marketing",
        ("content-marketing", "social-media-management", "storytelling", "press-relations"),
        ("communication-studies", "journalism"),
        "bachelor-s-degree",
        (
            "Tell the stories of the people we work with across our channels",
            "Plan the editorial calendar, newsletter and campaigns",
            "Answer press inquiries and prepare press releases",
        ),
        (
            "Two or more years in communications or journalism",
            "A portfolio of writing and social media work",
            "Comfortable with Canva or the Adobe suite",
        ),
        (47000, 60000),
    ),
    Role(
        "Social Media Coordinator",
        "social-media-and-digital-marketing",
        ("social-media-management", "community-management", "video-production", "canva"),
        ("marketing", "communication-studies"),
        "bachelor-s-degree",
        (
            "Run our Instagram, LinkedIn and TikTok presence day to day",
            "Produce short videos and graphics with our program teams",
            "Measure reach and engagement and share what works",
        ),
        (
            "Hands-on experience growing a social media audience",
            "An eye for visuals and a feel for tone",
            "Basic video editing skills",
        ),
        (40000, 50000),
        "1-2-years-experience",
    ),
    Role(
        "Finance Manager",
        "finance-and-accounting",
        ("financial-management", "nonprofit-accounting", "budgeting", "financial-reporting"),
        ("economics", "business-administration"),
        "bachelor-s-degree",
        (
            "Own the annual budget, forecasts and cash flow",
            "Prepare the year-end accounts with our auditors",
            "Report restricted funds and grants to funders",
        ),
        (
            "A degree in accounting or finance, or equivalent experience",
            "Experience with nonprofit or fund accounting",
            "Precise, discreet and solution-minded",
        ),
        (65000, 88000),
        "6-10-years-experience",
    ),
    Role(
        "Bookkeeper",
        "finance-and-accounting",
        ("bookkeeping", "payroll", "quickbooks", "excel"),
        ("business-administration",),
        "vocational-training",
        (
            "Record invoices, donations and bank transactions",
            "Run monthly payroll with our provider",
            "Support the finance manager at month end",
        ),
        (
            "Training or experience in bookkeeping",
            "Careful with numbers and deadlines",
            "Experience with QuickBooks, Xero or DATEV",
        ),
        (38000, 48000),
        "1-2-years-experience",
    ),
    Role(
        "HR Generalist",
        "human-resources",
        ("hr-administration", "recruiting", "onboarding", "employee-relations"),
        ("human-resource-management", "psychology"),
        "bachelor-s-degree",
        (
            "Run recruiting from job ad to first day",
            "Advise managers on contracts, leave and employment law",
            "Keep personnel files and HR data accurate",
        ),
        (
            "Experience in an HR generalist role",
            "Knowledge of employment law",
            "Trusted, warm and organized",
        ),
        (52000, 66000),
    ),
    Role(
        "Volunteer Coordinator",
        "volunteer-management",
        ("volunteer-management", "volunteer-recruitment", "training-delivery", "scheduling"),
        ("social-pedagogy", "education"),
        "bachelor-s-degree",
        (
            "Recruit, train and thank our volunteers",
            "Plan shifts and match volunteers to tasks",
            "Be the first contact for questions and concerns",
        ),
        (
            "Experience working with volunteers or groups",
            "A people person with a head for organization",
            "Evening and weekend availability now and then",
        ),
        (40000, 50000),
        "no-work-experience-required",
    ),
    Role(
        "Social Worker",
        "social-work-and-counseling",
        ("case-management", "social-counseling", "crisis-intervention", "trauma-informed-care"),
        ("social-work", "psychology"),
        "bachelor-s-degree",
        (
            "Support clients with individual case management",
            "Work with authorities, landlords and health services",
            "Document cases and take part in supervision",
        ),
        (
            "A degree in social work and, where required, licensure",
            "Experience with vulnerable groups",
            "Resilience and a sense of humor",
        ),
        (48000, 60000),
    ),
    Role(
        "Youth Worker",
        "youth-work",
        ("youth-work", "outreach-work", "mentoring", "conflict-resolution"),
        ("social-pedagogy", "education"),
        "vocational-training",
        (
            "Run after-school and weekend activities for young people",
            "Mentor young people one to one",
            "Keep in touch with families and schools",
        ),
        (
            "Experience with young people, paid or voluntary",
            "Patience, creativity and clear boundaries",
            "First aid certificate or willingness to get one",
        ),
        (36000, 45000),
        "no-work-experience-required",
    ),
    Role(
        "Case Manager, Refugee Support",
        "humanitarian-aid-and-emergency-response",
        ("refugee-support", "migration-counseling", "case-management", "intercultural-competence"),
        ("social-work", "law"),
        "bachelor-s-degree",
        (
            "Guide newly arrived families through housing, school and work",
            "Accompany clients to appointments and interpret when needed",
            "Connect clients with legal and health partners",
        ),
        (
            "Experience in migration or refugee work",
            "Arabic, Dari, Ukrainian or French is a strong plus",
            "Empathy and a calm head in busy weeks",
        ),
        (44000, 56000),
    ),
    Role(
        "Registered Nurse",
        "healthcare-and-nursing",
        ("nursing", "first-aid", "medical-documentation", "community-health"),
        ("nursing", "public-health"),
        "bachelor-s-degree",
        (
            "Provide nursing care at our community clinic",
            "Run health checks and vaccination days",
            "Keep accurate medical records",
        ),
        (
            "A nursing license valid in the country",
            "Experience in community or primary care",
            "Respect for every patient's story",
        ),
        (68000, 86000),
    ),
    Role(
        "Mental Health Counselor",
        "mental-health",
        ("psychosocial-support", "mental-health-support", "crisis-intervention", "coaching"),
        ("psychology",),
        "master-s-degree",
        (
            "Offer counseling to adults and families",
            "Lead support groups and psychoeducation sessions",
            "Work with referrals from partner services",
        ),
        (
            "A master's degree in counseling or psychology",
            "Licensure or progress toward it",
            "Experience with trauma-informed practice",
        ),
        (56000, 72000),
    ),
    Role(
        "Teacher",
        "education-and-teaching",
        ("teaching", "curriculum-development", "tutoring", "special-education"),
        ("education",),
        "bachelor-s-degree",
        (
            "Teach small groups of learners with different needs",
            "Plan lessons with our curriculum team",
            "Track progress and talk with parents",
        ),
        (
            "Teaching qualification or solid tutoring experience",
            "Love for learning and for learners",
            "Comfortable with digital tools in class",
        ),
        (45000, 58000),
    ),
    Role(
        "Early Childhood Educator",
        "early-childhood-education",
        ("early-childhood-education", "language-teaching", "first-aid", "facilitation"),
        ("education", "social-pedagogy"),
        "vocational-training",
        (
            "Care for and teach children aged two to six",
            "Plan play-based learning with the team",
            "Welcome parents at pick-up and drop-off",
        ),
        (
            "A qualification in early childhood education",
            "Warmth, patience and creativity",
            "Language support experience is a plus",
        ),
        (36000, 46000),
        "1-2-years-experience",
    ),
    Role(
        "Adult Education Trainer",
        "adult-education",
        ("adult-education", "english-as-a-foreign-language", "workshop-design", "e-learning"),
        ("education", "languages-and-literature"),
        "bachelor-s-degree",
        (
            "Teach language and job-readiness courses to adults",
            "Design workshops and online materials",
            "Assess learners and give encouraging feedback",
        ),
        (
            "Experience teaching adults",
            "A language teaching certificate is a plus",
            "Patient, clear and motivating",
        ),
        (42000, 54000),
    ),
    Role(
        "Policy Advisor",
        "policy-and-public-affairs",
        ("policy-analysis", "policy-writing", "government-relations", "coalition-building"),
        ("political-science", "law"),
        "master-s-degree",
        (
            "Analyse legislation and draft our positions",
            "Meet lawmakers, officials and coalition partners",
            "Brief our spokespeople and write policy papers",
        ),
        (
            "Experience in policy, advocacy or government",
            "Sharp analytical writing",
            "A network in the policy community is a plus",
        ),
        (64000, 84000),
    ),
    Role(
        "Campaigner",
        "advocacy-and-campaigning",
        ("campaign-management", "digital-campaigning", "grassroots-mobilization", "storytelling"),
        ("political-science", "communication-studies"),
        "bachelor-s-degree",
        (
            "Plan and run public campaigns from idea to win",
            "Mobilize supporters online and in the streets",
            "Work with press, partners and volunteers",
        ),
        (
            "Campaigning experience, professional or voluntary",
            "Creative, strategic and persistent",
            "Strong online organizing skills",
        ),
        (50000, 64000),
    ),
    Role(
        "Community Organizer",
        "community-organizing",
        ("community-organizing", "public-speaking", "facilitation", "outreach-work"),
        ("sociology", "urban-planning"),
        "no-formal-degree",
        (
            "Build relationships with neighbors, leaders and local groups",
            "Train residents to lead their own campaigns",
            "Organize meetings and public actions",
        ),
        (
            "Roots in the community or a strong wish to build them",
            "A good listener and a confident speaker",
            "A valid driver's license is a plus",
        ),
        (42000, 52000),
        "no-work-experience-required",
    ),
    Role(
        "Data Analyst",
        "data-science",
        ("data-analysis", "sql", "python", "data-visualization", "power-bi"),
        ("statistics", "data-science"),
        "bachelor-s-degree",
        (
            "Turn program and donor data into dashboards people use",
            "Clean and connect our databases",
            "Answer questions from teams with clear analyses",
        ),
        (
            "Confident with SQL and Python or R",
            "Experience with Power BI, Tableau or Looker",
            "Curious and careful with personal data",
        ),
        (62000, 80000),
    ),
    Role(
        "Software Developer",
        "software-development",
        ("python", "typescript", "react", "postgresql", "git"),
        ("computer-science", "information-systems"),
        "bachelor-s-degree",
        (
            "Build and maintain the tools our teams and clients rely on",
            "Ship small, tested changes every week",
            "Share knowledge through reviews and pairing",
        ),
        (
            "Professional experience with Python or TypeScript",
            "Comfort with SQL databases and Git",
            "Interest in accessible, privacy-friendly software",
        ),
        (85000, 115000),
    ),
    Role(
        "IT Support Specialist",
        "it-operations-and-support",
        ("it-support", "help-desk", "microsoft-365-administration", "network-administration"),
        ("information-systems",),
        "vocational-training",
        (
            "Help colleagues with laptops, accounts and printers",
            "Administer Microsoft 365 and our network",
            "Keep an inventory and security updates current",
        ),
        (
            "Training or experience in IT support",
            "Patient and clear with non-technical people",
            "Knowledge of Microsoft 365 administration",
        ),
        (46000, 58000),
        "1-2-years-experience",
    ),
    Role(
        "Monitoring and Evaluation Officer",
        "monitoring-and-evaluation",
        ("monitoring-and-evaluation", "survey-design", "impact-measurement", "theory-of-change"),
        ("development-studies", "statistics"),
        "master-s-degree",
        (
            "Design indicators and data collection for our programs",
            "Analyse results and write evaluation reports",
            "Help teams learn from what the data shows",
        ),
        (
            "Experience with M&E frameworks and surveys",
            "Quantitative and qualitative methods",
            "Willingness to travel to project sites",
        ),
        (55000, 70000),
    ),
    Role(
        "Conservation Field Officer",
        "environmental-protection-and-conservation",
        ("nature-conservation", "biodiversity-monitoring", "gis", "environmental-education"),
        ("environmental-science", "biology"),
        "bachelor-s-degree",
        (
            "Monitor habitats and species at our sites",
            "Lead volunteer work days and school visits",
            "Record data in GIS and report to partners",
        ),
        (
            "A degree in ecology, biology or similar",
            "Happy outdoors in every weather",
            "A driver's license",
        ),
        (44000, 56000),
        "1-2-years-experience",
    ),
    Role(
        "Legal Counsel",
        "legal-and-compliance",
        ("human-rights-law", "legal-research", "contract-law", "compliance"),
        ("law",),
        "master-s-degree",
        (
            "Advise the organization on contracts, data protection and governance",
            "Represent clients or support strategic litigation",
            "Train staff on compliance",
        ),
        (
            "A law degree and bar admission",
            "Experience in human rights or nonprofit law",
            "Clear advice in plain language",
        ),
        (82000, 110000),
        "6-10-years-experience",
    ),
    Role(
        "Logistics Coordinator",
        "operations-and-logistics",
        ("logistics", "warehouse-management", "procurement", "fleet-management"),
        ("business-administration",),
        "vocational-training",
        (
            "Plan deliveries, routes and warehouse stock",
            "Buy supplies within budget and policy",
            "Keep vehicles and volunteers on schedule",
        ),
        (
            "Experience in logistics or warehouse work",
            "A driver's license; a forklift license is a plus",
            "Calm under pressure",
        ),
        (42000, 54000),
    ),
    Role(
        "Office Manager",
        "office-management",
        ("office-management", "administrative-support", "scheduling", "customer-service"),
        ("business-administration",),
        "vocational-training",
        (
            "Keep our office running for staff and visitors",
            "Handle contracts with suppliers and landlords",
            "Support the director with scheduling and minutes",
        ),
        (
            "Experience in office administration",
            "Friendly, organized and hands-on",
            "Good command of Microsoft 365",
        ),
        (40000, 50000),
    ),
    Role(
        "Executive Director",
        "management-and-leadership",
        ("executive-management", "strategic-planning", "board-relations", "fundraising"),
        ("nonprofit-management", "public-administration"),
        "master-s-degree",
        (
            "Lead the team and the strategy with the board",
            "Represent the organization to funders, partners and media",
            "Keep finances healthy and the culture kind",
        ),
        (
            "Senior leadership experience in a mission-driven organization",
            "A record of successful fundraising",
            "Integrity, vision and a good listener",
        ),
        (110000, 150000),
        "more-10-years-experience",
    ),
    Role(
        "Arts Program Curator",
        "arts-and-culture",
        ("event-management", "curriculum-development", "community-management", "photography"),
        ("arts-and-design", "music"),
        "bachelor-s-degree",
        (
            "Curate exhibitions, performances and workshops",
            "Work with artists, schools and neighborhood groups",
            "Find funding for the season with the development team",
        ),
        (
            "Experience curating or producing cultural programs",
            "A network among local artists",
            "Creative and budget-aware",
        ),
        (46000, 60000),
    ),
    Role(
        "Animal Care Technician",
        "facilities-and-maintenance",
        ("animal-care", "veterinary-assistance", "first-aid", "customer-service"),
        ("biology",),
        "vocational-training",
        (
            "Feed, clean and care for the animals in our shelter",
            "Assist our vet with examinations",
            "Help adopters find the right companion",
        ),
        (
            "Experience with animals, paid or voluntary",
            "Physically fit and not afraid of mess",
            "Kind to animals and to people",
        ),
        (34000, 42000),
        "no-work-experience-required",
    ),
    Role(
        "Grants and Partnerships Intern",
        "corporate-partnerships",
        ("corporate-partnerships", "prospect-research", "excel", "presentation-skills"),
        ("business-administration", "marketing"),
        "secondary-school",
        (
            "Research companies and foundations that fit our mission",
            "Prepare pitch decks and meeting notes",
            "Support our partnership events",
        ),
        (
            "Enrolled in or recently finished a degree",
            "Curious, well organized and eager to learn",
            "Good with spreadsheets and slides",
        ),
        (24000, 30000),
        "no-work-experience-required",
    ),
)

# Second occupational fields, so every field of the vocabulary has jobs.
ALSO = {
    "Office Manager": "administration-and-office",
    "Executive Director": "executive-assistance",
    "Communications Officer": "public-relations",
    "Social Media Coordinator": "journalism-and-editorial",
    "Arts Program Curator": "graphic-design",
    "Fundraising Manager": "major-gifts",
    "Finance Manager": "controlling",
    "HR Generalist": "recruiting",
    "Adult Education Trainer": "learning-and-development",
    "Data Analyst": "research-and-analysis",
    "Monitoring and Evaluation Officer": "international-development",
}

# Employment types in rotation, so every one appears; interns and volunteers get their roles.
EMPLOYMENT = ("full-time", "full-time", "part-time", "full-time", "contract", "temporary",
              "full-time", "freelance", "part-time", "full-time", "full-time")  # fmt: skip

CURRENCY = {"US": "USD", "GB": "GBP", "CH": "CHF", "DK": "DKK"}
RATE = {"USD": 1.0, "EUR": 0.85, "GBP": 0.74, "CHF": 0.95, "DKK": 6.4}
LANGUAGE = {"DE": "german", "AT": "german", "CH": "french", "FR": "french", "NL": "dutch",
            "DK": "danish"}  # fmt: skip
CITIES = {
    "US": (("New York", "NY"), ("Chicago", "IL"), ("Boston", "MA"), ("Seattle", "WA"),
           ("Denver", "CO"), ("Austin", "TX"), ("Atlanta", "GA"), ("Oakland", "CA"),
           ("Philadelphia", "PA"), ("Minneapolis", "MN"), ("Washington", "DC"), ("Portland", "OR")),
    "DE": (("Berlin", None), ("Hamburg", None), ("Munich", None), ("Cologne", None),
           ("Leipzig", None), ("Frankfurt", None), ("Bonn", None)),
    "NL": (("Amsterdam", None), ("Utrecht", None), ("Rotterdam", None), ("The Hague", None)),
    "FR": (("Paris", None), ("Lyon", None), ("Marseille", None), ("Strasbourg", None)),
    "AT": (("Vienna", None),),
    "CH": (("Geneva", None), ("Zurich", None), ("Bern", None)),
    "GB": (("London", None), ("Manchester", None), ("Bristol", None), ("Edinburgh", None)),
    "IE": (("Dublin", None),),
    "DK": (("Copenhagen", None),),
}  # fmt: skip
# Where a job in another city of its organization's country is: a street and the postcode
# that belong to that city (an office address people there would recognise as plausible).
ADDRESSES = {
    "New York": ("55 Water Street", "10041"), "Chicago": ("233 S Wacker Drive", "60606"),
    "Boston": ("1 Federal Street", "02110"), "Seattle": ("1201 3rd Avenue", "98101"),
    "Denver": ("1600 Glenarm Place", "80202"), "Austin": ("600 Congress Avenue", "78701"),
    "Atlanta": ("191 Peachtree Street NE", "30303"), "Oakland": ("1 Kaiser Plaza", "94612"),
    "Philadelphia": ("1500 Market Street", "19102"),
    "Minneapolis": ("80 South 8th Street", "55402"),
    "Washington": ("1100 New York Avenue NW", "20005"),
    "Portland": ("1120 SW 5th Avenue", "97204"),
    "Berlin": ("Friedrichstraße 68", "10117"), "Hamburg": ("Jungfernstieg 7", "20354"),
    "Munich": ("Leopoldstraße 28", "80802"), "Cologne": ("Hohenzollernring 55", "50672"),
    "Leipzig": ("Karl-Liebknecht-Straße 12", "04107"), "Frankfurt": ("Zeil 90", "60313"),
    "Bonn": ("Poppelsdorfer Allee 32", "53115"),
    "Amsterdam": ("Keizersgracht 174", "1016 DW"), "Utrecht": ("Oudegracht 158", "3511 AZ"),
    "Rotterdam": ("Coolsingel 40", "3011 AD"), "The Hague": ("Lange Voorhout 34", "2514 EG"),
    "Paris": ("12 rue de la Roquette", "75011"), "Lyon": ("20 rue de la République", "69002"),
    "Marseille": ("45 La Canebière", "13001"), "Strasbourg": ("8 place Kléber", "67000"),
    "Vienna": ("Mariahilfer Straße 45", "1060"),
    "Geneva": ("Rue du Rhône 40", "1204"), "Zurich": ("Bahnhofstrasse 21", "8001"),
    "Bern": ("Bundesgasse 18", "3011"),
    "London": ("20 Farringdon Road", "EC1M 3HE"), "Manchester": ("1 Piccadilly Gardens", "M1 1RG"),
    "Bristol": ("30 Queen Square", "BS1 4ND"), "Edinburgh": ("14 George Street", "EH2 2PF"),
    "Dublin": ("25 Merrion Square", "D02 XK72"),
    "Copenhagen": ("Vesterbrogade 10", "1620"),
}  # fmt: skip


@dataclass(frozen=True)
class DemoLocation:
    locality: str
    country: str
    area: str | None = None
    street: str | None = None
    zip: str | None = None


@dataclass(frozen=True)
class DemoSalary:
    minimum: float
    maximum: float
    currency: str
    unit: str  # HOUR | MONTH | YEAR


# Public videos the demo jobs play (behind the consent for video embeds): long-lived addresses
# on both hosts the wizard takes.
DEMO_VIDEOS = (
    "https://www.youtube.com/watch?v=jNQXAC9IVRw",
    "https://vimeo.com/76979871",
)


@dataclass(frozen=True)
class DemoJob:
    organization: DemoOrganization
    title: str
    kind: str  # JOB_PER_TEMPLATE | JOB_PER_LINK | JOB_PER_FILE
    description: str  # HTML
    locations: tuple[DemoLocation, ...]
    remote: str  # on-site | hybrid | remote
    employment: tuple[str, ...]
    occupations: tuple[str, ...]
    studies: tuple[str, ...]
    degree: str
    experience: str
    skills: tuple[str, ...]
    languages: tuple[str, ...]
    salary: DemoSalary | None
    salary_free: str | None
    state: str  # published | scheduled | expired | draft | archived
    published_offset: timedelta  # from now: negative in the past
    duration_days: int
    workflow: str  # ON_SITE | EMAIL | LINK
    application_email: str
    link_url: str | None = None  # the external ad of a JOB_PER_LINK
    application_link: str | None = None  # where LINK applications go
    # typed qualifying questions, as the job application options group takes them
    questions: tuple[dict[str, Any], ...] = field(default=())
    video_url: str | None = None


# One of each type; a "no" to the licence question flags the application (a knock-out).
DEMO_QUESTIONS: tuple[dict[str, Any], ...] = (
    {
        "question": "Do you hold a valid driving licence?",
        "type": "yes_no",
        "knock_out_answers": ["no"],
    },
    {
        "question": "When could you start?",
        "type": "single_choice",
        "options": ["Right away", "Within a month", "In two months or later"],
    },
    {"question": "Why does our mission matter to you?", "type": "free_text"},
)


def _domain(organization: DemoOrganization) -> str:
    return f"{web_name(organization.name)}.example.org"


def _description(organization: DemoOrganization, role: Role, remote: str, city: str) -> str:
    """The ad's text; ``city`` is where the job itself is (its first location)."""
    where = {
        "remote": "This is a remote role: work from anywhere in the country, with two team "
        "weeks a year together.",
        "hybrid": f"We work hybrid: two days a week in our {city} office, the rest where you like.",
        "on-site": f"You will work with the team in our office in {city}.",
    }[remote]
    duties = "".join(f"<li>{line}</li>" for line in role.duties)
    profile = "".join(f"<li>{line}</li>" for line in role.profile)
    return (
        f"<p><strong>{organization.name}</strong> {organization.mission}. "
        f"We are looking for a <strong>{role.title}</strong> to join us.</p>"
        f"<h3>What you will do</h3><ul>{duties}</ul>"
        f"<h3>What you bring</h3><ul>{profile}</ul>"
        f"<h3>What we offer</h3><p>A team that cares about its mission and about each other, "
        f"fair pay published up front, and time to learn. {where}</p>"
        "<p>We welcome applications from people of every background, especially those with "
        "lived experience of the issues we work on.</p>"
    )


def _salary(rng: random.Random, role: Role, country: str, employment: str) -> DemoSalary | None:
    currency = CURRENCY.get(country, "EUR")
    low, high = (value * RATE[currency] for value in role.salary)
    if employment in ("volunteer",):
        return None
    if employment in ("freelance", "temporary"):
        hourly = round(low / 1800, 0), round(high / 1800, 0)
        return DemoSalary(hourly[0], hourly[1], currency, "HOUR")
    if employment == "part-time":
        monthly = round(low / 24 / 50) * 50, round(high / 24 / 50) * 50
        return DemoSalary(monthly[0], monthly[1], currency, "MONTH")
    step = 1000 if currency != "DKK" else 10000
    return DemoSalary(
        round(low / step) * step,
        round(high * rng.uniform(1.0, 1.05) / step) * step,
        currency,
        "YEAR",
    )


def _locations(
    rng: random.Random, organization: DemoOrganization, remote: str
) -> tuple[DemoLocation, ...]:
    home = DemoLocation(
        organization.locality,
        organization.country,
        organization.area,
        organization.street,
        organization.zip,
    )
    if remote == "remote":
        # the country its applicants must live in (Google requires one for remote jobs)
        return (home,)
    places = [home]
    others = [c for c in CITIES.get(organization.country, ()) if c[0] != organization.locality]
    if others and rng.random() < 0.45:
        city, area = rng.choice(others)
        rng.choice(range(6))  # the draw a street pick made here once: the rest stays the same
        street, postcode = ADDRESSES[city]
        places = [DemoLocation(city, organization.country, area, street, postcode)]
        if rng.random() < 0.3:
            places.append(home)
    return tuple(places)


def _state(n: int, index: int) -> tuple[str, timedelta, int]:
    """(state, publish offset from now, duration in days) by the job's place in its
    organization: mostly published at different ages, one scheduled, one expired, some drafts."""
    if n == 9:
        return "scheduled", timedelta(days=2 + n % 5, hours=3), 45
    if n == 10:
        return "expired", -timedelta(days=75), 30
    if n == 8 and index % 3 == 0:
        return "draft", timedelta(0), 30
    if n == 8 and index % 3 == 1:
        return "archived", -timedelta(days=20), 60
    return "published", -timedelta(days=1 + (n * 3) % 40, hours=n), 60


def demo_jobs(
    organizations: Sequence[DemoOrganization] = ORGANIZATIONS,
    *,
    per_organization: int = JOBS_PER_ORGANIZATION,
    seed: int = 2026,
) -> list[DemoJob]:
    """The demo jobs, the same list on every call with the same arguments (the data set
    generator asks for other organizations and more jobs each)."""
    per_organization = min(per_organization, len(ROLES))
    rng = random.Random(seed)  # noqa: S311 - demo data, repeatable on purpose
    jobs: list[DemoJob] = []
    for index, organization in enumerate(organizations):
        own = [r for r in ROLES if r.occupation in organization.occupations][:per_organization]
        others = [r for r in ROLES if r not in own]
        picks = own + rng.sample(others, per_organization - len(own))
        titles: set[str] = set()
        for n, role in enumerate(picks[:per_organization]):
            employment = EMPLOYMENT[(n + index) % len(EMPLOYMENT)]
            if "Intern" in role.title:
                employment = "internship"
            elif role.title == "Volunteer Coordinator" and index % 3 == 0:
                employment = "volunteer"
            remote = ("on-site", "hybrid", "on-site", "remote", "hybrid")[(n + index) % 5]
            title = role.title
            if employment == "part-time":
                title += " (part-time)"
            if title in titles:
                title += f", {organization.locality}"
            titles.add(title)
            state, offset, duration = _state(n, index)
            kind = "JOB_PER_TEMPLATE"
            link = None
            if (n + index) % 13 == 0:
                kind = "JOB_PER_LINK"
                link = f"https://careers.{_domain(organization)}/jobs/{n + 1}"
            elif (n + index) % 17 == 0:
                kind = "JOB_PER_FILE"
            workflow = ("ON_SITE", "ON_SITE", "EMAIL", "ON_SITE", "LINK")[(n * 7 + index) % 5]
            if kind == "JOB_PER_LINK":
                workflow = "LINK"
            languages = ["english"]
            if organization.country in LANGUAGE:
                languages.insert(0, LANGUAGE[organization.country])
            if role.occupation == "humanitarian-aid-and-emergency-response":
                languages += ["arabic", "ukrainian"]
            salary = _salary(rng, role, organization.country, employment)
            locations = _locations(rng, organization, remote)
            city = locations[0].locality if locations else organization.locality
            jobs.append(
                DemoJob(
                    organization=organization,
                    title=title,
                    kind=kind,
                    description=_description(organization, role, remote, city),
                    locations=locations,
                    remote=remote,
                    employment=(employment,),
                    occupations=(
                        role.occupation,
                        *((ALSO[role.title],) if role.title in ALSO else ()),
                    ),
                    studies=role.studies,
                    degree=role.degree,
                    experience=role.seniority,
                    skills=role.skills,
                    languages=tuple(languages),
                    salary=salary,
                    salary_free="Pay by the hour, travel costs covered" if salary is None else None,
                    state=state,
                    published_offset=offset,
                    duration_days=duration,
                    workflow=workflow,
                    application_email=f"jobs@{_domain(organization)}",
                    link_url=link,
                    application_link=(
                        link or f"https://apply.{_domain(organization)}/{n + 1}"
                        if workflow == "LINK"
                        else None
                    ),
                    questions=DEMO_QUESTIONS if n % 4 == 0 else (),
                    # a video on some jobs (the home page's row of video jobs, spec 9)
                    video_url=organization.video
                    or (
                        DEMO_VIDEOS[index % len(DEMO_VIDEOS)] if n == 1 and index % 2 == 0 else None
                    ),
                )
            )
    return jobs


# The second demo site (the US variant, spec 9; ADR 0049): its own jobs, one in each of its six
# sample cities, posted by the US organizations for that site only.
US_CITIES: tuple[tuple[str, str], ...] = (
    ("New York", "NY"), ("Chicago", "IL"), ("Boston", "MA"),
    ("Washington", "DC"), ("Austin", "TX"), ("Seattle", "WA"),
)  # fmt: skip
US_SITE_ROLES: tuple[tuple[str, str], ...] = (  # (role, organization), one per city above
    ("Community Organizer", "Open Meadow Health Alliance"),
    ("Registered Nurse", "Open Meadow Health Alliance"),
    ("Conservation Field Officer", "Green Harbor Foundation"),
    ("Policy Advisor", "Green Harbor Foundation"),
    ("Adult Education Trainer", "Riverbend Literacy Project"),
    ("Data Analyst", "Riverbend Literacy Project"),
)


# First-site jobs their recruiters share with the US site (ADR 0057): listed there too, their
# canonical page on the first site; (organization, title) of published demo jobs of
# organizations that post nothing on the US site themselves, so its directory lists them
# because of these jobs.
US_SHARED_JOBS: tuple[tuple[str, str], ...] = (
    ("Northlight Climate Action", "Policy Advisor"),
    ("Justice Now Legal Aid", "Campaigner"),
    ("Clearwater Wells", "Fundraising Manager"),
)


def us_site_jobs(organizations: Sequence[DemoOrganization] = ORGANIZATIONS) -> list[DemoJob]:
    """The US site's demo jobs: published, on site, paid in USD a year, applied to by e-mail.
    Their titles are the role, a dash and the city, so they never take the name of one of the
    first site's jobs of the same organization (the seed finds a job by the two)."""
    by_name = {organization.name: organization for organization in organizations}
    roles = {role.title: role for role in ROLES}
    jobs: list[DemoJob] = []
    for n, ((city, area), (title, name)) in enumerate(zip(US_CITIES, US_SITE_ROLES, strict=True)):
        organization, role = by_name[name], roles[title]
        street, zip_code = ADDRESSES[city]
        jobs.append(
            DemoJob(
                organization=organization,
                title=f"{role.title} \u2013 {city}",
                kind="JOB_PER_TEMPLATE",
                description=_description(organization, role, "on-site", city),
                locations=(DemoLocation(city, "US", area, street, zip_code),),
                remote="on-site",
                employment=("full-time",),
                occupations=(role.occupation,),
                studies=role.studies,
                degree=role.degree,
                experience=role.seniority,
                skills=role.skills,
                languages=("english",),
                salary=DemoSalary(*role.salary, "USD", "YEAR"),
                salary_free=None,
                state="published",
                published_offset=-timedelta(days=2 + 3 * n, hours=n),
                duration_days=60,
                workflow="EMAIL",
                application_email=f"jobs@{_domain(organization)}",
            )
        )
    return jobs
