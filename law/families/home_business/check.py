"""§ 17.42.080 Home occupations: business area at most 25% of the home's gross
floor area, at most 12 visitor vehicle trips a day, one client or family at a
time. (The section's other four rules are not known to us.) Which permit a home occupation
needs (§ 17.22.020, Tables 2-2 and 2-3, not held: not checked), the City business licence
(ch. 5.04) and, by kind of business, what state law says of the trade (a state licence, or
that the use is residential by right)."""

from __future__ import annotations

from law.engine.common import (
    Context,
    at_most,
    from_record,
    missing,
    no_record,
    num,
    numberless,
)
from law.engine.findings import Finding, Share, Status
from law.families.home_business.part import BUSINESS_KINDS

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
            _max(
                record,
                "home_business.floor_area",
                used / home * 100.0,
                "",
                out,
                share=Share.of(used, home, "sqft", record.value),
            )
    for rule, entered, field in (
        ("home_business.visitor_trips", business.visitor_trips_per_day, "visitor_trips_per_day"),
        ("home_business.clients", business.clients_at_once, "clients_at_once"),
    ):
        record = view.get(rule, zone)
        if record is None:
            out.append(no_record(rule, TOPIC))
        else:
            _max(record, rule, num(entered), field, out)
    for rule in ("home_business.permit", "home_business.business_license"):
        record = view.get(rule, zone)
        out.append(numberless(rule, TOPIC, record) if record else no_record(rule, TOPIC))
    kind = business.kind
    if kind is None or kind not in BUSINESS_KINDS:
        anchor = view.get("home_business.state_license", zone, "hair_salon")
        if anchor is not None:
            note = "input_missing" if kind is None else "unknown_choice"
            out.append(
                missing("home_business.state_license", TOPIC, anchor, ("business_kind",), note=note)
            )
        return
    record = view.get("home_business.state_license", zone, kind)
    if record is not None:  # none held for this kind: nothing to say
        out.append(numberless("home_business.state_license", TOPIC, record))


def _max(
    record, rule: str, value: float | None, field: str, out: list[Finding], share=None
) -> None:
    if value is None:
        out.append(missing(rule, TOPIC, record, (field,), limit=record.value, unit=record.unit))
        return
    status = Status.PASS if at_most(value, record.value) else Status.FAIL
    out.append(
        from_record(
            rule,
            TOPIC,
            status,
            record,
            value=value,
            limit=record.value,
            unit=record.unit,
            share=share,
        )
    )
