"""Date ranges as CVs write them, in English and German.

"03/2019 - present", "2019-2021", "Jan 2020 to Dec 2022", "seit 2021", "since 05/2018",
"März 2017 - Februar 2019", "01.2015 - 12.2016", "2018-04 - heute", "15.03.2019 bis dato".
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from resumes.importing.model import YearMonth

_MONTHS: dict[str, int] = {}
for _number, _names in enumerate(
    (
        ("jan", "january", "januar", "jän", "jänner"),
        ("feb", "february", "februar"),
        ("mar", "march", "mär", "märz", "maerz"),
        ("apr", "april"),
        ("may", "mai"),
        ("jun", "june", "juni"),
        ("jul", "july", "juli"),
        ("aug", "august"),
        ("sep", "sept", "september"),
        ("oct", "october", "okt", "oktober"),
        ("nov", "november"),
        ("dec", "december", "dez", "dezember"),
    ),
    start=1,
):
    for _name in _names:
        _MONTHS[_name] = _number

_MONTH_NAME = "|".join(sorted((re.escape(name) for name in _MONTHS), key=len, reverse=True))
_YEAR = r"(?:19[5-9]\d|20\d\d)"


def _date(p: str) -> str:
    """One date; the named groups (prefixed ``p``) say which form matched."""
    return (
        rf"(?:(?P<{p}dd>\d{{1,2}})\.(?P<{p}dm>\d{{1,2}})\.(?P<{p}dy>{_YEAR})"
        rf"|(?P<{p}nm>{_MONTH_NAME})\.?\s*(?P<{p}ny>{_YEAR})"
        rf"|(?P<{p}mm>\d{{1,2}})\s*[./-]\s*(?P<{p}my>{_YEAR})"
        rf"|(?P<{p}iy>{_YEAR})[-/.](?P<{p}im>\d{{1,2}})(?!\d)"
        rf"|(?P<{p}y>{_YEAR}))"
    )


_PRESENT = (
    r"(?P<present>present|current|currently|now|today|ongoing|heute|aktuell|dato|jetzt"
    r"|bis\s+heute|bis\s+dato|laufend)"
)
_SEPARATOR = r"\s*(?:-|\u2013|\u2014|\u2012|to|bis|until|till|through)\s*"


_RANGE = re.compile(
    rf"(?<![\w.])(?:(?P<since>seit|since|ab|from)\s+)?{_date('s')}"
    rf"(?:{_SEPARATOR}(?:{_date('e')}|{_PRESENT}))?(?![\w])",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class DateRange:
    start: YearMonth | None
    end: YearMonth | None
    current: bool
    span: tuple[int, int]  # where it is in the line
    single: bool  # one date only, no range and no "since"


def _parse(match: re.Match[str], prefix: str) -> YearMonth | None:
    group = match.groupdict()
    if group.get(f"{prefix}dy"):
        month = int(group[f"{prefix}dm"])
        year = int(group[f"{prefix}dy"])
    elif group.get(f"{prefix}ny"):
        month = _MONTHS[group[f"{prefix}nm"].lower()]
        year = int(group[f"{prefix}ny"])
    elif group.get(f"{prefix}my"):
        month = int(group[f"{prefix}mm"])
        year = int(group[f"{prefix}my"])
    elif group.get(f"{prefix}iy"):
        month = int(group[f"{prefix}im"])
        year = int(group[f"{prefix}iy"])
    elif group.get(f"{prefix}y"):
        return YearMonth(int(group[f"{prefix}y"]))
    else:
        return None
    if not 1 <= month <= 12:
        return None
    return YearMonth(year, month)


def find_range(line: str) -> DateRange | None:
    """The first date range (or lone date) in ``line``; a range is preferred over a lone date."""
    lone: DateRange | None = None
    for match in _RANGE.finditer(line):
        start = _parse(match, "s")
        if start is None:
            continue
        end = _parse(match, "e")
        present = match.group("present") is not None
        since = match.group("since") is not None
        if end is not None and end < start:
            continue
        found = DateRange(
            start=start,
            end=end,
            current=present or (since and end is None),
            span=match.span(),
            single=end is None and not present and not since,
        )
        if not found.single:
            return found
        if lone is None:
            lone = found
    return lone
