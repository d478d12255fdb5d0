"""The demo data reads true to a person who knows the places: a job's address belongs to its
city, its ad names the city it is in, and web addresses spell the organization's name in whole
words (no "pawsandwhiskersrescu", no "kinderhilfemnchen")."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from scripts.demo.artwork import SCENE_ALT, SCENES, scene
from scripts.demo.jobs_data import ADDRESSES, CITIES, US_CITIES, demo_jobs, us_site_jobs
from scripts.demo.organizations_data import ORGANIZATIONS, web_name

JOBS = demo_jobs()


def test_every_city_a_job_can_move_to_has_its_own_address() -> None:
    cities = {city for places in CITIES.values() for city, _ in places}
    assert cities <= set(ADDRESSES)
    postcodes = [postcode for _, postcode in ADDRESSES.values()]
    assert len(set(postcodes)) == len(postcodes)  # no postcode shared by two cities


def test_a_jobs_address_is_its_citys_or_its_organizations() -> None:
    homes = {(o.locality, o.street, o.zip) for o in ORGANIZATIONS}
    wrong = [
        (job.title, location.locality, location.street, location.zip)
        for job in JOBS
        for location in job.locations
        if (location.locality, location.street, location.zip) not in homes
        and (location.street, location.zip) != ADDRESSES.get(location.locality)
    ]
    assert wrong == []
    moved = [
        job
        for job in JOBS
        if job.locations and job.locations[0].locality != job.organization.locality
    ]
    assert moved, "some demo jobs are in another city than their organization's"


def test_a_remote_job_names_the_country_its_applicants_must_live_in() -> None:
    remote = [job for job in JOBS if job.remote == "remote"]
    assert remote
    assert [job.title for job in remote if not job.locations] == []
    assert all(job.locations[0].country == job.organization.country for job in remote)


def test_an_ad_names_the_city_the_job_is_in() -> None:
    wrong = [
        (job.title, job.locations[0].locality)
        for job in JOBS
        if job.remote != "remote"
        and f"our {job.locations[0].locality} office" not in job.description
        and f"office in {job.locations[0].locality}." not in job.description
    ]
    assert wrong == []


@pytest.mark.parametrize(
    ("name", "spelled"),
    [
        ("Paws & Whiskers Rescue", "pawswhiskersrescue"),
        ("Kinderhilfe München", "kinderhilfemuenchen"),
        ("Fondation Solidarité Paris", "fondationsolidariteparis"),
        ("Geneva Human Rights Watchers", "genevahumanrights"),  # whole words that fit
    ],
)
def test_web_names_spell_whole_words(name: str, spelled: str) -> None:
    assert web_name(name) == spelled


def test_every_application_address_spells_its_organization() -> None:
    for job in JOBS:
        assert job.application_email == f"jobs@{web_name(job.organization.name)}.example.org"


@pytest.mark.parametrize("kind", SCENES)
def test_gallery_pictures_are_scenes_with_words_for_them(kind: str) -> None:
    picture = Image.open(io.BytesIO(scene(kind, "#1b7f6b", 7)))
    assert (picture.format, picture.size) == ("JPEG", (1200, 800))
    # a scene, not a flat fill: many colours
    assert len(set(picture.convert("RGB").resize((60, 40)).get_flattened_data())) > 100
    assert SCENE_ALT[kind]


def test_the_us_site_has_a_job_in_each_of_its_six_sample_cities() -> None:
    """Spec 9: the US variant uses six sample cities; each of its demo jobs is in one, at that
    city's address, says so in its ad, and never takes the name of a first-site job of its
    organization (the seed finds a job by the two)."""
    jobs = us_site_jobs()
    assert len(US_CITIES) == 6
    assert [job.locations[0].locality for job in jobs] == [city for city, _ in US_CITIES]
    for job in jobs:
        place = job.locations[0]
        assert (place.country, place.street, place.zip) == ("US", *ADDRESSES[place.locality])
        assert f"office in {place.locality}." in job.description
        assert job.organization.country == "US"
    first_site = {(job.organization.name, job.title) for job in JOBS}
    assert not {(job.organization.name, job.title) for job in jobs} & first_site
