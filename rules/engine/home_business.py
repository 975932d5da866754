"""§ 17.42.080 Home occupations: business area at most 25% of the home's gross
floor area, at most 12 visitor vehicle trips a day, one client or family at a
time. (The section's other four rules are not known to us.)"""

from __future__ import annotations

from rules.engine._common import Context, at_most, from_record, missing, no_record, num
from rules.engine.findings import Finding, Status
from rules.engine.registry import Family

TOPIC = "home_business"


def check(ctx: Context, out: list[Finding]) -> None:
    business = ctx.plan.home_business
    view, zone = ctx.view, ctx.zone
    record = view.get("home_business.floor_area", zone)
    if record is None:
        out.append(no_record("home_business.floor_area", TOPIC))
    else:
        home = num(business.home_floor_area_sqft)
        used = num(business.business_floor_area_sqft)
        if home is None or used is None or home <= 0:
            absent = tuple(
                f
                for f, v in (("home_floor_area_sqft", home), ("business_floor_area_sqft", used))
                if v is None or (f == "home_floor_area_sqft" and v <= 0)
            )
            note = "input_zero" if home is not None and home <= 0 else "input_missing"
            out.append(
                missing(
                    "home_business.floor_area",
                    TOPIC,
                    record,
                    absent,
                    limit=record.value,
                    unit="percent",
                    note=note,
                )
            )
        else:
            _max(record, "home_business.floor_area", used / home * 100.0, "", out)
    for rule, entered, field in (
        ("home_business.visitor_trips", business.visitor_trips_per_day, "visitor_trips_per_day"),
        ("home_business.clients", business.clients_at_once, "clients_at_once"),
    ):
        record = view.get(rule, zone)
        if record is None:
            out.append(no_record(rule, TOPIC))
        else:
            _max(record, rule, num(entered), field, out)


def _max(record, rule: str, value: float | None, field: str, out: list[Finding]) -> None:
    if value is None:
        out.append(missing(rule, TOPIC, record, (field,), limit=record.value, unit=record.unit))
        return
    status = Status.PASS if at_most(value, record.value) else Status.FAIL
    out.append(
        from_record(rule, TOPIC, status, record, value=value, limit=record.value, unit=record.unit)
    )


FAMILY = Family(
    name="home_business",
    order=800,
    topic=TOPIC,
    rules=("home_business.floor_area", "home_business.visitor_trips", "home_business.clients"),
    check=check,
    inputs=(
        "home_floor_area_sqft",
        "business_floor_area_sqft",
        "visitor_trips_per_day",
        "clients_at_once",
    ),
    applies=lambda ctx: ctx.plan.home_business is not None,
    feature="home_business",
)
