"""§ 17.24.030, Tables 2-10 to 2-14: rows shown as figures, not checked.

Maximum dwelling unit size (NM 2,200, NU and CD 2,000 sq ft of gross floor
area, for at least 80% of the units of a multifamily or mixed-use project) is
shown unless the project is a single unit; CE and CG ground-floor residential
projects follow the NU standards, shown when the project has dwelling units.
"""

from __future__ import annotations

from rules.engine._common import Context, from_record
from rules.engine.findings import Finding, Status
from rules.engine.registry import Family

TOPIC = "building"


def check(ctx: Context, out: list[Finding]) -> None:
    view, zone = ctx.view, ctx.zone
    size = view.get("dwelling.max_size", zone)
    if size is not None and ctx.units != 1:
        out.append(
            from_record(
                "dwelling.max_size", TOPIC, Status.INFO, size, limit=size.value, unit="sqft"
            )
        )
    if ctx.residential:
        nu = view.get("residential.nu_standards", zone)
        if nu is not None:
            out.append(from_record("residential.nu_standards", TOPIC, Status.INFO, nu))


FAMILY = Family(
    name="zone_notes",
    order=500,
    topic=TOPIC,
    rules=("dwelling.max_size", "residential.nu_standards"),
    check=check,
    inputs=("dwelling_units",),
    notes=("applies_80pct_units_multifamily", "residential_follows_nu_standards"),
)
