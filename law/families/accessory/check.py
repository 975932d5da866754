"""§ 17.42.160 Residential accessory uses and structures: height and setbacks; and whether
the structure needs a building permit (California Residential Code § R105.2, item 1).

Accessory structures other than detached garages: 12 ft, more with a minor use
permit. Detached garages are excepted; we show the zone's main-structure
height for them without a verdict. OSC and OSR send accessory height to
§ 17.42.020, which we do not encode.
"""

from __future__ import annotations

from law.engine.common import (
    Context,
    at_most,
    from_record,
    meets,
    missing,
    no_record,
    num,
    numberless,
)
from law.engine.findings import Finding, Status
from law.families.accessory.part import ACCESSORY_TYPES

TOPIC = "accessory"
RULE = "accessory.height"
SETBACKS = "accessory.setbacks"
PERMIT = "accessory.building_permit"


def check(ctx: Context, out: list[Finding]) -> None:
    _height(ctx, out)
    record = ctx.view.get(SETBACKS, ctx.zone)
    out.append(numberless(SETBACKS, TOPIC, record) if record else no_record(SETBACKS, TOPIC))
    _permit(ctx, out)


def _permit(ctx: Context, out: list[Finding]) -> None:
    accessory = ctx.plan.accessory
    record = ctx.view.get(PERMIT, ctx.zone)
    if record is None:
        out.append(no_record(PERMIT, TOPIC))
        return
    area, stories = num(accessory.footprint_sqft), num(accessory.stories)
    limit = record.value
    if area is not None and not at_most(area, limit):
        # Over the exemption's floor area no accessory building is exempt, whatever its kind.
        out.append(
            from_record(
                PERMIT, TOPIC, Status.NEEDS_APPROVAL, record, value=area, limit=limit, unit="sqft"
            )
        )
    elif accessory.type != "shed":
        # The exemption names sheds, playhouses and similar uses: not decided for the rest.
        fields = ("accessory_type",) if accessory.type is None else ()
        note = "input_missing" if accessory.type is None else "exemption_names_sheds"
        out.append(
            missing(PERMIT, TOPIC, record, fields, value=area, limit=limit, unit="sqft", note=note)
        )
    elif stories is not None and record.condition and not meets(record.condition, stories):
        out.append(
            from_record(
                PERMIT,
                TOPIC,
                Status.NEEDS_APPROVAL,
                record,
                value=area,
                limit=limit,
                unit="sqft",
                note="building_permit_over_one_story",
            )
        )
    elif area is None or stories is None:
        fields = tuple(
            name
            for name, given in (("accessory_footprint_sqft", area), ("accessory_stories", stories))
            if given is None
        )
        out.append(missing(PERMIT, TOPIC, record, fields, value=area, limit=limit, unit="sqft"))
    else:
        out.append(
            from_record(PERMIT, TOPIC, Status.PASS, record, value=area, limit=limit, unit="sqft")
        )


def _height(ctx: Context, out: list[Finding]) -> None:
    accessory = ctx.plan.accessory
    view, zone = ctx.view, ctx.zone
    kind = accessory.type
    height = num(accessory.height_ft)
    record = view.get(RULE, zone)
    if record is None:
        out.append(no_record(RULE, TOPIC))
        return
    if record.comparison == "none":
        out.append(numberless(RULE, TOPIC, record))
        return
    if kind not in ACCESSORY_TYPES:
        note = "input_missing" if kind is None else "unknown_choice"
        out.append(
            missing(
                RULE,
                TOPIC,
                record,
                ("accessory_type",),
                value=height,
                limit=record.value,
                unit="ft",
                note=note,
            )
        )
        return
    if kind == "agricultural":
        farm = view.get(RULE, zone, "agricultural")
        if farm is not None:
            out.append(from_record(RULE, TOPIC, Status.NOT_CHECKED, farm, value=height, unit="ft"))
            return
    if kind == "detached_garage":
        garage = view.get(RULE, zone, "detached_garage")
        if garage is not None:
            main = view.get("height.main", zone)
            zone_limit = main.value if main is not None and main.comparison != "none" else None
            out.append(
                from_record(
                    RULE, TOPIC, Status.INFO, garage, value=height, limit=zone_limit, unit="ft"
                )
            )
            return
    if height is None:
        out.append(
            missing(RULE, TOPIC, record, ("accessory_height_ft",), limit=record.value, unit="ft")
        )
    elif at_most(height, record.value):
        out.append(
            from_record(
                RULE, TOPIC, Status.PASS, record, value=height, limit=record.value, unit="ft"
            )
        )
    elif record.approval is not None:
        out.append(
            from_record(
                RULE,
                TOPIC,
                Status.NEEDS_APPROVAL,
                record,
                value=height,
                limit=record.value,
                unit="ft",
            )
        )
    else:
        out.append(
            from_record(
                RULE, TOPIC, Status.FAIL, record, value=height, limit=record.value, unit="ft"
            )
        )
