"""VAT number formats per EU country; free text elsewhere (no I/O)."""

import pytest
from billing.domain.vat import EU_VAT_PATTERNS, vat_problem

VALID = {
    "AT": "ATU12345678",
    "BE": "BE0123456789",
    "DE": "DE123456789",
    "DK": "DK12345678",
    "ES": "ESX1234567Y",
    "FI": "FI12345678",
    "FR": "FRAB123456789",
    "GR": "EL123456789",
    "IE": "IE1234567T",
    "IT": "IT12345678901",
    "NL": "NL123456789B01",
    "PL": "PL1234567890",
    "PT": "PT123456789",
    "SE": "SE123456789012",
}
INVALID = {
    "AT": "AT12345678",
    "BE": "BE12345",
    "DE": "DE12345678",
    "ES": "ES12345",
    "FR": "FR123456789",
    "GR": "GR123456789",
    "IT": "IT1234567890",
    "NL": "NL123456789",
    "PL": "PL123",
    "SE": "SE1234",
    "DK": "DE12345678",
}


@pytest.mark.parametrize(("country", "number"), sorted(VALID.items()))
def test_valid_eu_numbers_pass(country: str, number: str) -> None:
    assert vat_problem(number, country) is None


@pytest.mark.parametrize(("country", "number"), sorted(INVALID.items()))
def test_invalid_eu_numbers_are_refused(country: str, number: str) -> None:
    assert vat_problem(number, country) is not None


def test_separators_and_case_do_not_matter() -> None:
    assert vat_problem("de 123.456-789", "de") is None


def test_at_least_ten_eu_countries_and_free_text_elsewhere() -> None:
    assert len(EU_VAT_PATTERNS) >= 10
    assert vat_problem("CHE-123.456.789 MWST", "CH") is None
    assert vat_problem("x" * 31, "US") is not None
    assert vat_problem("anything", None) is None
