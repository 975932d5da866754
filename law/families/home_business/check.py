"""§ 17.42.080 Home occupations: business area at most 25% of the home's gross
floor area, at most 12 visitor vehicle trips a day, one client or family at a
time. (The section's other four rules are not known to us.) Which permit a home occupation
needs (§ 17.22.020, Tables 2-2 and 2-3, not held: the City decides), the City business license
(ch. 5.04) and, by kind of business, what state law says of the trade (a state license, or
that the use is residential by right).

Two kinds of business are not run as home occupations, because state law says what a city may
ask of them:

- family child care (Health and Safety Code §§ 1597.40(b), 1597.42, 1597.45; § 1597.46 for a
  large home): a residential use of the home by right, with no city permit, business license,
  fee or tax; the state licenses it. None of the home-occupation limits applies.
- cottage food (Gov. Code § 51035): a city may hold it only to standards on spacing and
  concentration, traffic, parking and noise. The visitor-trip limit is a traffic standard and is
  checked; the floor-area share and the one-client limit are not among those standards and are
  not applied; which of the statute's three paths Cotati uses (a permitted use, a
  nondiscretionary permit, or a use permit it must grant) is in land-use tables this site does
  not hold, so the City decides. Over the traffic limit it is not "not allowed" (the city may
  not prohibit it) but the City's to decide under its traffic standards; the County's Class A
  registration or Class B permit (Health and Safety Code § 114365) is a condition.

How this site reads them: docs/decisions/home-business-state-law.md.
"""

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
# Notes of records saying state law allows the use outright: no city permit or license to get.
_BY_RIGHT = frozenset(
    {"family_child_care_residential_use", "family_child_care_no_business_license"}
)
# The home-occupation limits of § 17.42.080, as (rule, field) for the counted ones.
_COUNTED = (
    ("home_business.visitor_trips", "visitor_trips_per_day"),
    ("home_business.clients", "clients_at_once"),
)


def check(ctx: Context, out: list[Finding]) -> None:
    business = ctx.plan.home_business
    view, zone = ctx.view, ctx.zone
    kind = business.kind
    # A kind state law takes out of the home-occupation rules: its own record for a rule
    # (case = the kind) says the rule is not applied, or how it is.
    own = {
        rule: view.get(rule, zone, kind)
        for rule in (
            "home_business.floor_area",
            "home_business.visitor_trips",
            "home_business.clients",
            "home_business.permit",
            "home_business.business_license",
        )
    }
    if own["home_business.floor_area"] is not None:
        out.append(_not_applied("home_business.floor_area", own["home_business.floor_area"]))
    else:
        _floor_area(ctx, business, out)
    for rule, field in _COUNTED:
        if own[rule] is not None:
            out.append(_not_applied(rule, own[rule]))
            continue
        record = view.get(rule, zone)
        if record is None:
            out.append(no_record(rule, TOPIC))
        else:
            entered = getattr(business, field)
            _max(record, rule, num(entered), field, out)
            # § 51035: a city may not prohibit cottage food; over a traffic limit it may only
            # hold it to reasonable traffic standards through its permit: the City's to decide.
            over = view.get(rule, zone, f"{kind}_over_limit") if kind else None
            if over is not None and out[-1].status is Status.FAIL:
                failed = out.pop()
                out.append(
                    from_record(
                        rule,
                        TOPIC,
                        Status.NOT_CHECKED,
                        over,
                        value=failed.value,
                        limit=failed.limit,
                        unit=failed.unit,
                    )
                )
    for rule in ("home_business.permit", "home_business.business_license"):
        if own[rule] is not None:
            out.append(_state_says(rule, own[rule]))
            continue
        record = view.get(rule, zone)
        out.append(numberless(rule, TOPIC, record) if record else no_record(rule, TOPIC))
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
    # A food business's health registration or permit (the County's): a condition, not a verdict.
    food = view.get("home_business.food_registration", zone, kind)
    if food is not None:
        out.append(from_record("home_business.food_registration", TOPIC, Status.CONDITION, food))


def _floor_area(ctx: Context, business, out: list[Finding]) -> None:
    rule = "home_business.floor_area"
    record = ctx.view.get(rule, ctx.zone)
    if record is None:
        out.append(no_record(rule, TOPIC))
        return
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
            missing(rule, TOPIC, record, absent, limit=record.value, unit="percent", note=note)
        )
        return
    _max(
        record,
        rule,
        used / home * 100.0,
        "",
        out,
        share=Share.of(used, home, "sqft", record.value),
    )


def _state_says(rule: str, record) -> Finding:
    """What state law says of this kind's permit or business license: none may be asked (a use
    by right: information), or a path whose choice is Cotati's and not held (the City decides)."""
    if record.note in _BY_RIGHT:
        return from_record(rule, TOPIC, Status.INFO, record)
    return from_record(rule, TOPIC, Status.NOT_CHECKED, record)


def _not_applied(rule: str, record) -> Finding:
    """A home-occupation limit state law keeps off this kind of business: said, not held."""
    return from_record(rule, TOPIC, Status.INFO, record, unit=record.unit)


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
