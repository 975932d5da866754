"""The zoning districts of ch. 17.20/17.24 that the checker knows.

Names come from the Spring 2026 redline's district key or § 17.28 where the
code prints them; the rest are inferred from the code letters and flagged with
``name_is_inferred`` so pages can say so. ``table`` is the § 17.24.030 table
holding the district's standards; ``parcel_table`` is "Table 2-4" where the
district has a row in § 17.24.020 (SW has none; TOC's row is only proposed).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Zone:
    code: str
    name: str
    name_is_inferred: bool
    table: str
    table_in_text: bool = True
    parcel_table: str | None = "Table 2-4"


def _zones(*zones: Zone) -> dict[str, Zone]:
    return {z.code: z for z in zones}


ZONES: dict[str, Zone] = _zones(
    Zone("OSC", "Open Space – Conservation", True, "Table 2-5"),
    Zone("OSR", "Open Space – Recreation", True, "Table 2-6"),
    Zone("RR-1.5", "Rural Residential (1.5 acre)", True, "Table 2-7"),
    Zone("RR-1.0", "Rural Residential (1 acre)", True, "Table 2-7"),
    Zone("RVL-0.66", "Residential Very Low Density (0.66 acre)", True, "Table 2-8"),
    Zone("RVL-0.5", "Residential Very Low Density (0.5 acre)", True, "Table 2-8"),
    Zone("NL", "Neighborhood Low Density", True, "Table 2-9"),
    Zone("NM", "Neighborhood Medium Density", False, "Table 2-10"),
    Zone("NU", "Neighborhood Urban", True, "Table 2-11"),
    Zone("CE", "East Cotati Avenue Corridor", False, "Table 2-12"),
    Zone("CG", "Gravenstein Highway Corridor", False, "Table 2-13"),
    Zone("CD", "Downtown Commercial", False, "Table 2-14"),
    Zone("CI", "Commercial/Industrial", False, "Table 2-15"),
    Zone("PF", "Public Facility", False, "Table 2-16", table_in_text=False),
    Zone("SW", "Santero Way", True, "Table 2-17", parcel_table=None),
    Zone("TOC", "Transit Oriented Communities", False, "Table 2-18", parcel_table=None),
)


@dataclass(frozen=True, slots=True)
class ZoneFamily:
    """Districts the code names together (RR for RR-1.5 and RR-1.0), sharing one table."""

    code: str
    name: str
    table: str
    zones: tuple[Zone, ...]


def _family_name(zone: Zone) -> str:
    return zone.name.split(" (", 1)[0]


def zone_families() -> dict[str, ZoneFamily]:
    """The families of districts whose codes carry a suffix (RR-1.5, RVL-0.5), by family code."""
    grouped: dict[str, list[Zone]] = {}
    for code, zone in ZONES.items():
        if "-" in code:
            grouped.setdefault(code.split("-", 1)[0], []).append(zone)
    return {
        code: ZoneFamily(code, _family_name(zones[0]), zones[0].table, tuple(zones))
        for code, zones in grouped.items()
    }
