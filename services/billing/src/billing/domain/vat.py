"""VAT numbers by format: an EU country's number must match that country's pattern (its prefix
included: Greece is EL); elsewhere any text up to 30 characters. Formats only: whether the
number is registered is VIES's business, not checked here."""

from __future__ import annotations

import re

EU_VAT_PATTERNS: dict[str, str] = {
    "AT": r"ATU\d{8}",
    "BE": r"BE[01]?\d{9}",
    "BG": r"BG\d{9,10}",
    "CY": r"CY\d{8}[A-Z]",
    "CZ": r"CZ\d{8,10}",
    "DE": r"DE\d{9}",
    "DK": r"DK\d{8}",
    "EE": r"EE\d{9}",
    "GR": r"EL\d{9}",
    "ES": r"ES[A-Z0-9]\d{7}[A-Z0-9]",
    "FI": r"FI\d{8}",
    "FR": r"FR[0-9A-Z]{2}\d{9}",
    "HR": r"HR\d{11}",
    "HU": r"HU\d{8}",
    "IE": r"IE(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])",
    "IT": r"IT\d{11}",
    "LT": r"LT(\d{9}|\d{12})",
    "LU": r"LU\d{8}",
    "LV": r"LV\d{11}",
    "MT": r"MT\d{8}",
    "NL": r"NL\d{9}B\d{2}",
    "PL": r"PL\d{10}",
    "PT": r"PT\d{9}",
    "RO": r"RO\d{2,10}",
    "SE": r"SE\d{12}",
    "SI": r"SI\d{8}",
    "SK": r"SK\d{10}",
}
NON_EU_MAX = 30
_SEPARATORS = re.compile(r"[\s.\-]")


def normalize(vat_number: str) -> str:
    """Spaces, dots and dashes removed, upper case (``de 123.456.789`` -> ``DE123456789``)."""
    return _SEPARATORS.sub("", vat_number).upper()


def vat_problem(vat_number: str, country_code: str | None) -> str | None:
    """Why the number is not valid for the country, or None when it is."""
    country = (country_code or "").upper()
    pattern = EU_VAT_PATTERNS.get(country)
    if pattern is None:
        if len(vat_number.strip()) > NON_EU_MAX:
            return f"At most {NON_EU_MAX} characters."
        return None
    if re.fullmatch(pattern, normalize(vat_number)) is None:
        prefix = pattern[:2]
        return f"Not a valid VAT number for {country} (it starts with {prefix})."
    return None
