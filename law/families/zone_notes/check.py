"""§ 17.24.030, Tables 2-10 to 2-14: rows shown as figures, not checked.

Maximum dwelling unit size (NM 2,200, NU and CD 2,000 sq ft of gross floor
area, for at least 80% of the units of a multifamily or mixed-use project) is
shown unless the project is a single unit or has no homes. CE's "ground-floor
residential projects and mixed use projects" and CG's "ground-floor
residential project" comply with the NU standards: an info finding says the
NU figures are used; when the answers leave it open, a ``not_checked``
finding names the field that decides.
"""

from __future__ import annotations

from law.engine.common import Context, from_record
from law.engine.findings import Finding, Status

TOPIC = "building"
_NO_SIZE_KINDS = frozenset({"single_family_new", "single_family_existing", "nonresidential"})


def check(ctx: Context, out: list[Finding]) -> None:
    view, zone = ctx.view, ctx.zone
    figures_zone = ctx.std_zones[-1] if len(ctx.std_zones) == 1 else zone
    size = view.get("dwelling.max_size", figures_zone)
    if size is not None and ctx.units != 1 and not (ctx.kinds and ctx.kinds <= _NO_SIZE_KINDS):
        out.append(
            from_record(
                "dwelling.max_size", TOPIC, Status.INFO, size, limit=size.value, unit="sqft"
            )
        )
    switch = _switch_record(ctx)
    if switch is None:
        return
    if ctx.std_zones == ("NU",):
        out.append(from_record("residential.nu_standards", TOPIC, Status.INFO, switch))
    elif len(ctx.std_zones) > 1:
        out.append(
            from_record(
                "residential.nu_standards",
                TOPIC,
                Status.NOT_CHECKED,
                switch,
                missing=ctx.std_missing,
            )
        )


def _switch_record(ctx: Context):
    view, zone = ctx.view, ctx.zone
    for kind in sorted(ctx.kinds) or ("plex",):
        record = view.get("residential.nu_standards", zone, kind)
        if record is not None:
            return record
    return view.get("residential.nu_standards", zone, "mixed_use.ground_floor_residential")
