"""§ 17.24.030, Tables 2-5 to 2-18: maximum height of the main structure, with
the use-permit path (CE, CG, CD, TOC) and the § 17.30.040(D) path (CE, CG,
CD). A height between the base limit and the use-permit ceiling needs a use
permit; above the ceiling it fails."""

from __future__ import annotations

from law.engine import buildings, variance
from law.engine.common import Context, at_most, from_record, missing, no_record, num, numberless
from law.engine.findings import Finding, Status

TOPIC = "building"
RULE = "height.main"


def check(ctx: Context, out: list[Finding]) -> None:
    buildings.run_in_standards_zone(ctx, out, _check)


def _check(ctx: Context, out: list[Finding]) -> None:
    view, zone = ctx.view, ctx.zone
    record = view.get(RULE, zone)
    if record is None:
        out.append(no_record(RULE, TOPIC))
        return
    if record.comparison == "none":
        out.append(numberless(RULE, TOPIC, record))
        return
    base = record.value
    use_permit = view.get(RULE, zone, "use_permit")
    ceiling = use_permit.value if use_permit is not None else None
    height = num(ctx.building.height_ft)
    if height is None:
        out.append(
            missing(
                RULE,
                TOPIC,
                record,
                ("building_height_ft",),
                limit=base,
                limit_max=ceiling,
                unit="ft",
            )
        )
        return
    if at_most(height, base):
        out.append(
            from_record(
                RULE,
                TOPIC,
                Status.PASS,
                record,
                value=height,
                limit=base,
                limit_max=ceiling,
                unit="ft",
            )
        )
        return
    if use_permit is not None and at_most(height, ceiling):
        extra = {}
        path_d = view.get(RULE, zone, "section_17_30_040_d")
        if path_d is not None and at_most(height, path_d.value):
            extra = {"note": path_d.note, "reading": path_d.reading}
        out.append(
            from_record(
                RULE,
                TOPIC,
                Status.NEEDS_APPROVAL,
                use_permit,
                value=height,
                limit=base,
                limit_max=ceiling,
                unit="ft",
                **extra,
            )
        )
        return
    mv = variance.hint(ctx, RULE, height, base, too_low=False)
    out.append(
        from_record(
            RULE,
            TOPIC,
            Status.FAIL,
            record,
            value=height,
            limit=base,
            limit_max=ceiling,
            unit="ft",
            minor_variance=mv,
        )
    )
