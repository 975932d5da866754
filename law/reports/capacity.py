"""What a lot can hold ("What can I build here?"), from the zone and the lot's typed figures.

Every figure is read from the findings of the checker itself, run on probe plans built for the
purpose: a main building at the lot's lines (each setback finding carries the setback the zone
requires), a height of nothing (the height finding carries the limit), a fence in each
location, a shed, and the units state law guarantees. So the capacity is worked out from the
same records, by the same code, on the same date and with the same proposals as any check
(one source for each number), and a plan at a figure the capacity gives passes the same rules
(tests/rules/test_capacity_properties.py holds it so).

How the figures are combined (the only arithmetic here, each step named by ``how``):

- the buildable area is the lot's width less the side setbacks (the interior side on each side,
  or the street side in place of one on a corner lot) times its depth less the front and rear
  setbacks ("how this site reads it": the interior side setback applies on both sides, as the
  lot diagram draws it);
- the largest footprint coverage allows is the coverage limit's share of the lot area (on the
  RR/RVL sliding scale, the stricter of the two readings the checker applies);
- the footprint the lot allows is the smaller of the two, and ``binding`` says which;
- the homes by density are the density finding's limit (a lot whose density gives no whole home
  takes a single home: the density family's note ``single_unit_on_lot``); the routes that add
  homes are those the registry says could add one on this lot (``Registry.home_routes``), each
  shown only where its probe passes the checker.

Nothing here is a sentence: templates word the codes and figures.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from law.engine.answers import ALLOWED, ALLOWED_WITH_APPROVAL, answers_for
from law.engine.check import check_lot
from law.engine.common import Context
from law.engine.findings import Finding, Status
from law.engine.plan import Plan
from law.engine.registry import registry
from law.engine.site import Lot
from law.engine.standards import Proposals, Standards
from law.families.fences.part import FENCE_LOCATION_CHOICES

# The districts whose homes are built under the residential building rules (Table 2-4's
# residential rows): a capacity there is for a single-family home unless told otherwise.
RESIDENTIAL_ZONES = ("RR-1.5", "RR-1.0", "RVL-0.66", "RVL-0.5", "NL", "NM", "NU")
FENCE_LOCATIONS = tuple(code for code, _label in FENCE_LOCATION_CHOICES)

# What the probes need entered; a figure they cannot give without it names it as missing.
_AREA, _WIDTH, _DEPTH = "lot_area_sqft", "lot_width_ft", "lot_depth_ft"
_SETBACK_RULES = ("setback.front", "setback.interior_side", "setback.street_side", "setback.rear")


@dataclass(frozen=True, slots=True)
class Source:
    """Where a figure comes from: the finding's rule, record and citation, and the date the
    record took effect (``effective``), with how the site reads it (``reading``)."""

    rule: str
    section: str | None
    subsection: str | None
    standard_id: str | None
    effective: date | None
    source: str | None
    reading: str | None

    def to_dict(self) -> dict:
        return {
            "rule": self.rule,
            "section": self.section,
            "subsection": self.subsection,
            "standard_id": self.standard_id,
            "effective": self.effective.isoformat() if self.effective else None,
            "source": self.source,
            "reading": self.reading,
        }


@dataclass(frozen=True, slots=True)
class Figure:
    """One figure the lot allows: ``value`` in ``unit`` (None: not worked out, ``missing``
    naming the lot's figures that would give it). ``how`` names how it was worked out (a code
    the templates word); ``approval`` and ``above`` the approval that reaches past it and the
    figure that approval reaches, where a rule says so; ``status`` the outcome of a probe at
    the figure for routes (an ADU: allowed with a ministerial permit)."""

    key: str
    value: float | None
    unit: str | None
    sources: tuple[Source, ...] = ()
    how: str = "record"
    approval: str | None = None
    above: float | None = None
    missing: tuple[str, ...] = ()
    location: str | None = None

    def to_dict(self) -> dict:
        return {
            "key": self.key,
            "value": self.value,
            "unit": self.unit,
            "how": self.how,
            "approval": self.approval,
            "above": self.above,
            "missing": list(self.missing),
            "location": self.location,
            "sources": [source.to_dict() for source in self.sources],
        }


@dataclass(frozen=True, slots=True)
class Route:
    """A way to add homes on the lot: ``project`` (a project key: adu, sb9), ``homes`` the
    homes the lot then holds in all, ``outcome`` the checker's answer for the probe at the
    route's guaranteed figures, ``approvals`` what it needs, ``figures`` the figures it
    guarantees (size, height, setbacks, lot split shares)."""

    key: str
    project: str
    homes: int | None
    outcome: str
    approvals: tuple[str, ...]
    figures: tuple[Figure, ...] = ()
    # The yes/no questions the route's probe answered "no" (the statute's exclusions), and
    # the checker's fields that describe the route ("Check a plan" carries them).
    assumed: tuple[str, ...] = ()
    values: dict = field(default_factory=dict, compare=False)

    @property
    def sources(self) -> tuple[Source, ...]:
        """Every source of the route's figures, once each."""
        return tuple(dict.fromkeys(s for f in self.figures for s in f.sources))

    def to_dict(self) -> dict:
        return {
            "key": self.key,
            "project": self.project,
            "homes": self.homes,
            "outcome": self.outcome,
            "approvals": list(self.approvals),
            "figures": [figure.to_dict() for figure in self.figures],
            "assumed_no": list(self.assumed),
        }


@dataclass(frozen=True, slots=True)
class Capacity:
    """The lot's capacity (see the module docstring)."""

    zone: str
    as_of: date
    area_sqft: float | None
    width_ft: float | None
    depth_ft: float | None
    corner_lot: bool
    storeys: int
    homes: Figure
    routes: tuple[Route, ...]
    setbacks: tuple[Figure, ...]
    buildable: Figure
    coverage: Figure
    footprint: Figure
    binding: str | None
    heights: tuple[Figure, ...]
    fences: tuple[Figure, ...]
    city_decides: tuple[Source, ...]
    findings: tuple[Finding, ...] = field(default=(), repr=False)

    def figure(self, key: str) -> Figure | None:
        for group in (self.setbacks, self.heights, self.fences):
            for item in group:
                if item.key == key:
                    return item
        return next(
            (
                f
                for f in (self.homes, self.buildable, self.coverage, self.footprint)
                if f.key == key
            ),
            None,
        )

    def to_dict(self) -> dict:
        return {
            "zone": self.zone,
            "as_of": self.as_of.isoformat(),
            "lot": {
                "area_sqft": self.area_sqft,
                "width_ft": self.width_ft,
                "depth_ft": self.depth_ft,
                "corner_lot": self.corner_lot,
                "storeys": self.storeys,
            },
            "homes": self.homes.to_dict(),
            "routes": [route.to_dict() for route in self.routes],
            "setbacks": [figure.to_dict() for figure in self.setbacks],
            "buildable_area": self.buildable.to_dict(),
            "coverage": self.coverage.to_dict(),
            "footprint": self.footprint.to_dict(),
            "binding": self.binding,
            "heights": [figure.to_dict() for figure in self.heights],
            "fences": [figure.to_dict() for figure in self.fences],
            "city_decides": [source.to_dict() for source in self.city_decides],
        }


def lot_capacity(
    values: Mapping[str, Any],
    *,
    as_of: date,
    standards: Standards,
    proposals: Proposals | None = None,
) -> Capacity:
    """The capacity of the lot ``values`` describe (the checker's own field names: ``zone``,
    ``lot_area_sqft``, ``lot_width_ft``, ``lot_depth_ft``, ``corner_lot``, ``storeys``; a
    ``building_type`` and ``dwelling_units`` if given, else a single-family home in a
    residential district) under the records in force on ``as_of``, with ``proposals``
    applied as a check applies them."""
    reg = registry()
    lot_values = {name: values.get(name) for name in LOT_FIELDS}
    lot_values["dwelling_units"] = values.get("dwelling_units")
    storeys = lot_values["storeys"] if lot_values["storeys"] and lot_values["storeys"] >= 1 else 1
    lot_values["storeys"] = storeys
    if lot_values["building_type"] is None and lot_values["zone"] in RESIDENTIAL_ZONES:
        lot_values["building_type"] = "single_family_new"
    if lot_values["dwelling_units"] is None and lot_values["building_type"] == "single_family_new":
        lot_values["dwelling_units"] = 1
    lot, _plan = reg.inputs_from(lot_values)

    def run(probe: Mapping[str, Any]) -> list[Finding]:
        probe_lot, plan = reg.inputs_from({**lot_values, **probe})
        return check_lot(probe_lot, plan, as_of=as_of, standards=standards, proposals=proposals)

    def source(finding: Finding) -> Source:
        record = standards.by_id(finding.standard_id) if finding.standard_id else None
        return Source(
            rule=finding.rule,
            section=finding.section,
            subsection=finding.subsection,
            standard_id=finding.standard_id,
            effective=record.effective if record else None,
            source=finding.source,
            reading=finding.reading,
        )

    main = run(AT_THE_LINES)
    taller = run({**AT_THE_LINES, "building_height_ft": _above(main, "height.main")})
    by_rule = {f.rule: f for f in main}

    setbacks = tuple(
        _limit_figure(by_rule[rule], rule, source)
        for rule in _SETBACK_RULES
        if rule in by_rule and (rule != "setback.street_side" or lot.corner_lot)
    )
    buildable = _buildable(lot, setbacks)
    coverage = _coverage(lot, by_rule.get("coverage"), source)
    footprint, binding = _footprint(buildable, coverage)
    heights = tuple(
        h
        for h in (
            _height(
                by_rule.get("height.main"), _rule(taller, "height.main"), "height.main", source
            ),
            _accessory_height(run, source),
        )
        if h is not None
    )
    fences = tuple(_fence(run, location, source) for location in FENCE_LOCATIONS)
    homes = _homes(by_rule.get("density.max"), lot, source)
    ctx = Context(standards.view(as_of, proposals), lot, Plan(), reg.relievable)
    routes = _routes(ctx, run, homes)
    city = tuple(
        dict.fromkeys(
            source(f)
            for f in main
            if f.status is Status.NOT_CHECKED and not f.missing and f.rule in _SHOWN_RULES
        )
    )
    return Capacity(
        zone=lot.zone,
        as_of=as_of,
        area_sqft=lot.area_sqft,
        width_ft=lot.width_ft,
        depth_ft=lot.depth_ft,
        corner_lot=lot.corner_lot,
        storeys=storeys,
        homes=homes,
        routes=routes,
        setbacks=setbacks,
        buildable=buildable,
        coverage=coverage,
        footprint=footprint,
        binding=binding,
        heights=heights,
        fences=fences,
        city_decides=tuple(dict.fromkeys(city + _citys(setbacks, fences, heights, coverage))),
        findings=tuple(main),
    )


def building_values(capacity: Capacity, *, height: float | None = None) -> dict[str, Any]:
    """The main building at the capacity's figures, as the checker's fields: at every required
    setback, covering the footprint the lot allows and as tall as the main height limit
    (``height`` to override). What "Check a plan" carries into the checker and what the
    property test checks."""
    required = {f.key: f.value for f in capacity.setbacks}
    main_height = capacity.figure("height.main")
    values = {
        "front_setback_ft": required.get("setback.front"),
        "interior_side_setback_ft": required.get("setback.interior_side"),
        "street_side_setback_ft": required.get("setback.street_side"),
        "rear_setback_ft": required.get("setback.rear"),
        "building_height_ft": height
        if height is not None
        else (main_height.value if main_height else None),
        "covered_area_sqft": capacity.footprint.value,
        "storeys": capacity.storeys,
    }
    return {name: value for name, value in values.items() if value is not None}


# The lot's own fields a capacity reads (the checker's names), and the main building at the
# lot's lines with no height or cover: every setback and limit finding then carries the figure
# the zone requires.
LOT_FIELDS = (
    "zone",
    "lot_area_sqft",
    "lot_width_ft",
    "lot_depth_ft",
    "corner_lot",
    "abuts_residential",
    "building_type",
    "storeys",
)
AT_THE_LINES = {
    "front_setback_ft": 0.0,
    "interior_side_setback_ft": 0.0,
    "street_side_setback_ft": 0.0,
    "rear_setback_ft": 0.0,
    "building_height_ft": 0.0,
    "covered_area_sqft": 0.0,
}
# The rules of the main probe whose "the City decides" the capacity page lists.
_SHOWN_RULES = frozenset({*_SETBACK_RULES, "height.main", "coverage", "density.max"})


def _rule(findings: list[Finding], rule: str) -> Finding | None:
    return next((f for f in findings if f.rule == rule), None)


def _above(findings: list[Finding], rule: str) -> float:
    """A height just over the limit the finding carries (0 when it carries none)."""
    finding = _rule(findings, rule)
    limit = finding.limit if finding is not None else None
    return float(limit) + 1.0 if limit is not None else 0.0


def _limit_figure(finding: Finding, key: str, source) -> Figure:
    """A setback from its finding: the distance required (or the build-to line a wall stands
    on, which the checker reports for the Planning Division to judge at any other distance)."""
    build_to = finding.status is Status.INFO and finding.limit is not None
    value = finding.limit if finding.status in (Status.FAIL, Status.PASS) or build_to else None
    how = "build_to" if build_to else "record" if value is not None else "city_decides"
    return Figure(
        key=key,
        value=None if value is None else float(value),
        unit=finding.unit,
        sources=(source(finding),),
        missing=tuple(m for m in finding.missing if m not in _LOT_PROBED),
        how=how,
    )


# The probes enter these themselves: a finding missing one of them is missing a lot figure.
_LOT_PROBED = frozenset(
    {
        "front_setback_ft",
        "interior_side_setback_ft",
        "street_side_setback_ft",
        "rear_setback_ft",
        "building_height_ft",
        "covered_area_sqft",
        "storeys",
    }
)


def _buildable(lot: Lot, setbacks: tuple[Figure, ...]) -> Figure:
    required = {f.key: f.value for f in setbacks}
    sources = tuple(s for f in setbacks for s in f.sources)
    missing = tuple(
        name for name, value in ((_WIDTH, lot.width_ft), (_DEPTH, lot.depth_ft)) if value is None
    )
    front, rear = required.get("setback.front"), required.get("setback.rear")
    side = required.get("setback.interior_side")
    other_side = required.get("setback.street_side") if lot.corner_lot else side
    if missing or None in (front, rear, side, other_side):
        return Figure(
            "buildable_area", None, "sqft", sources, how="buildable_area", missing=missing
        )
    width = max(0.0, float(lot.width_ft) - side - other_side)
    depth = max(0.0, float(lot.depth_ft) - front - rear)
    return Figure("buildable_area", width * depth, "sqft", sources, how="buildable_area")


def _coverage(lot: Lot, finding: Finding | None, source) -> Figure:
    if finding is None or finding.limit is None:
        sources = (source(finding),) if finding is not None else ()
        return Figure("coverage", None, "sqft", sources, how="city_decides")
    if lot.area_sqft is None:
        return Figure(
            "coverage", None, "sqft", (source(finding),), how="coverage_share", missing=(_AREA,)
        )
    return Figure(
        "coverage",
        float(lot.area_sqft) * float(finding.limit) / 100.0,
        "sqft",
        (source(finding),),
        how="coverage_share",
        # The percent itself, for the page to say "40 % of the lot".
        above=float(finding.limit),
    )


def _footprint(buildable: Figure, coverage: Figure) -> tuple[Figure, str | None]:
    sources = buildable.sources + coverage.sources
    values = {k: f.value for k, f in (("setbacks", buildable), ("coverage", coverage))}
    known = {k: v for k, v in values.items() if v is not None}
    if not known:
        missing = tuple(dict.fromkeys(buildable.missing + coverage.missing))
        return Figure("footprint", None, "sqft", sources, how="footprint", missing=missing), None
    binding = min(known, key=lambda k: (known[k], k != "coverage"))
    return Figure("footprint", known[binding], "sqft", sources, how="footprint"), binding


def _height(finding: Finding | None, over: Finding | None, key: str, source) -> Figure | None:
    if finding is None:
        return None
    value = finding.limit if finding.status in (Status.PASS, Status.FAIL) else None
    approval = above = None
    if over is not None and over.status is Status.NEEDS_APPROVAL:
        approval, above = over.approval, over.limit_max
    sources = (source(finding),) + ((source(over),) if approval and over.standard_id else ())
    return Figure(
        key,
        None if value is None else float(value),
        finding.unit or "ft",
        tuple(dict.fromkeys(sources)),
        how="record" if value is not None else "city_decides",
        approval=approval,
        above=above,
    )


def _accessory_height(run, source) -> Figure | None:
    """The height limit of a shed or workshop (the accessory structure a person most often
    plans), and the approval past it."""

    def probe(height: float) -> Finding | None:
        shed = {"accessory_type": "shed", "accessory_footprint_sqft": 100.0}
        return _rule(run({**shed, "accessory_height_ft": height}), "accessory.height")

    at_nothing = probe(0.0)
    over = probe(float(at_nothing.limit) + 1.0) if at_nothing and at_nothing.limit else None
    return _height(at_nothing, over, "accessory.height", source)


def _fence(run, location: str, source) -> Figure:
    """The height a solid fence may have in ``location`` on this lot, and the approval (and
    its ceiling) past it, where a rule gives one."""

    def probe(height_in: float) -> list[Finding]:
        fence = {"fence_height_in": height_in, "fence_location": location, "fence_type": "solid"}
        return [f for f in run(fence) if f.topic == "fence" and f.status is not Status.CONDITION]

    found = probe(1.0)
    first = next((f for f in found if f.limit is not None), None)
    key = f"fence.{location}"
    if first is None:
        sources = tuple(source(f) for f in found[:1])
        return Figure(key, None, "in", sources, how="city_decides", location=location)
    over = next((f for f in probe(float(first.limit) + 1.0) if f.rule == first.rule), None)
    approval = above = None
    if over is not None and over.status is Status.NEEDS_APPROVAL:
        approval, above = over.approval, over.limit_max
    return Figure(
        key,
        float(first.limit),
        first.unit or "in",
        (source(first),),
        approval=approval,
        above=above,
        location=location,
    )


def _citys(setbacks, fences, heights, coverage) -> tuple[Source, ...]:
    return tuple(
        s
        for f in (*setbacks, *fences, *heights, coverage)
        if f.how == "city_decides"
        for s in f.sources
    )


def _homes(finding: Finding | None, lot: Lot, source) -> Figure:
    if finding is None:
        return Figure("homes", None, "units", how="city_decides")
    if lot.area_sqft is None:
        return Figure("homes", None, "units", (source(finding),), how="density", missing=(_AREA,))
    if finding.limit is None:
        return Figure("homes", None, "units", (source(finding),), how="city_decides")
    limit = int(finding.limit)
    if finding.note == "single_unit_on_lot":
        # The density gives no whole home, and the district allows a single home on a lot:
        # the finding says one home (Table 2-4's reading); never "a maximum of 0 homes".
        return Figure("homes", max(limit, 1), "units", (source(finding),), how="single_home")
    return Figure("homes", limit, "units", (source(finding),), how="density")


@dataclass(frozen=True, slots=True)
class RouteProbe:
    """A route's probe: its key, the project it is, the checker's fields that describe it (at
    the figures the law guarantees, each read from its record) and the homes it adds."""

    key: str
    project: str
    values: dict
    adds: int
    records: tuple = ()


def _routes(ctx: Context, run, homes: Figure) -> tuple[Route, ...]:
    """The routes that add homes where the registry says they could on this lot, each kept
    only where the checker, run at the route's guaranteed figures, lets it go ahead."""
    reg = registry()
    base = int(homes.value) if homes.value is not None else None
    probes: list[RouteProbe] = []
    if reg.home_routes["adu"](ctx) and base is not None:
        probes.extend(_adu_probes(ctx))
    if reg.home_routes["sb9"](ctx):
        probes.extend(_sb9_probes(ctx, base))
    out = []
    for probe in probes:
        findings, assumed = _answered(run, probe.values)
        (answer,) = answers_for(findings, (probe.project,), on=ctx)
        # Only a route the rules let go ahead: one the City decides (a new lot under the
        # statute's minimum, which a City ordinance could lower) is not a figure to build to.
        # An approval held beside a part the City decides is no figure to build to either.
        if answer.outcome not in (ALLOWED, ALLOWED_WITH_APPROVAL) or answer.unknown:
            continue
        out.append(
            Route(
                key=probe.key,
                project=probe.project,
                homes=None if base is None else base + probe.adds,
                outcome=answer.outcome,
                approvals=answer.approvals,
                figures=tuple(_record_figure(r) for r in probe.records),
                assumed=assumed,
                values=probe.values,
            )
        )
    return tuple(out) + _together(out, base)


def _together(routes: list[Route], base: int | None) -> tuple[Route, ...]:
    """A detached ADU and a JADU on one single-family lot: § 66323(a) guarantees both, one
    under paragraph (1) and one under (2), so where each passes on its own the lot may have
    the two (the homes of both, the approvals of either)."""
    by_key = {route.key: route for route in routes}
    detached, jadu = by_key.get("adu_detached"), by_key.get("jadu")
    if detached is None or jadu is None or base is None:
        return ()
    approvals = tuple(dict.fromkeys(detached.approvals + jadu.approvals))
    return (
        Route(
            key="adu_and_jadu",
            project="adu",
            homes=detached.homes + jadu.homes - base,
            outcome=detached.outcome if detached.outcome == jadu.outcome else jadu.outcome,
            approvals=approvals,
            figures=detached.figures + jadu.figures,
        ),
    )


def _answered(run, values: dict) -> tuple[list[Finding], tuple[str, ...]]:
    """The findings for a route's probe, with every yes/no question the checker asks answered
    "no" (the statute's exclusions: a lot in none of them); the questions so answered are the
    route's ``assumed``, which the page says the route rests on."""
    kinds = {i.name: i.spec.kind for inputs in registry().part_inputs.values() for i in inputs}
    assumed: list[str] = []
    findings = run(values)
    for _round in range(3):
        asked = [
            name
            for f in findings
            if f.status is Status.NOT_CHECKED
            for name in f.missing
            if kinds.get(name) == "answer" and name not in assumed
        ]
        if not asked:
            break
        assumed.extend(dict.fromkeys(asked))
        findings = run({**values, **dict.fromkeys(assumed, False)})
    return findings, tuple(assumed)


def _adu_probes(ctx: Context) -> list[RouteProbe]:
    """A detached ADU and a JADU beside a single-family home, at the figures state law
    guarantees (§ 66321(b)(3) and (b)(4)(A), § 66314(d)(7); § 66313(d)); § 66323(a) lets the
    lot have one of each."""
    view, zone = ctx.view, ctx.zone
    size = view.get("adu.floor_area", zone, "guaranteed")
    height = view.get("adu.height", zone, "detached")
    side = view.get("adu.setback.side", zone, "guaranteed")
    rear = view.get("adu.setback.rear", zone, "guaranteed")
    detached_count = view.get("adu.count", zone, "single_family_detached")
    jadu_size = view.get("jadu.floor_area", zone)
    jadu_count = view.get("adu.count", zone, "jadu")
    out = []
    if None not in (size, height, side, rear, detached_count):
        values = {
            "adu_type": "detached",
            "adu_floor_area_sqft": float(size.value),
            "adu_height_ft": float(height.value),
            "adu_side_setback_ft": float(side.value),
            "adu_rear_setback_ft": float(rear.value),
            "existing_dwelling": "single_family",
            "adu_count": int(detached_count.value),
        }
        records = (size, height, side, rear, detached_count)
        out.append(RouteProbe("adu_detached", "adu", values, int(detached_count.value), records))
    if None not in (jadu_size, jadu_count):
        values = {
            "adu_type": "jadu",
            "adu_floor_area_sqft": float(jadu_size.value),
            "existing_dwelling": "single_family",
            "adu_count": int(jadu_count.value),
        }
        records = (jadu_size, jadu_count)
        out.append(RouteProbe("jadu", "adu", values, int(jadu_count.value), records))
    return out


def _sb9_probes(ctx: Context, base: int | None) -> list[RouteProbe]:
    """SB 9's two routes in a single-family zone: two homes on the lot (§ 65852.21), and a
    split into two lots (§ 66411.7) of half the lot each (the share and the area the statute
    requires are checked by the checker), each new lot holding up to the units the statute
    lets it."""
    view, zone, lot = ctx.view, ctx.zone, ctx.lot
    out = []
    size = view.get("sb9.unit_size", zone, "two_unit")
    side = view.get("sb9.setback.side", zone, "two_unit")
    rear = view.get("sb9.setback.rear", zone, "two_unit")
    if None not in (size, side, rear):
        values = {
            "sb9": "two_unit",
            "sb9_unit_floor_area_sqft": float(size.value),
            "sb9_side_setback_ft": float(side.value),
            "sb9_rear_setback_ft": float(rear.value),
            # A lot with no home's walls torn down (the statute's limit on demolition).
            "sb9_walls_demolished_percent": 0.0,
        }
        # Two homes on the lot in all.
        adds = 2 - base if base is not None and base < 2 else 0
        out.append(RouteProbe("sb9_two_unit", "sb9", values, adds, (size, side, rear)))
    share = view.get("sb9.lot_split", zone)
    minimum = view.get("sb9.lot_split.min_area", zone)
    per_lot = view.get("sb9.units_per_lot", zone)
    if None in (share, minimum, per_lot) or lot.area_sqft is None:
        return out
    half = float(lot.area_sqft) / 2.0
    values = {"sb9": "lot_split", "sb9_lot_a_sqft": half, "sb9_lot_b_sqft": half}
    records = (share, minimum, per_lot)
    # The homes each new lot is guaranteed (800 sq ft, 4 ft from its side and rear lines).
    guaranteed = {
        "sb9_unit_floor_area_sqft": view.get("sb9.unit_size", zone, "lot_split"),
        "sb9_side_setback_ft": view.get("sb9.setback.side", zone, "lot_split"),
        "sb9_rear_setback_ft": view.get("sb9.setback.rear", zone, "lot_split"),
    }
    for name, record in guaranteed.items():
        if record is not None:
            records += (record,)
            values[name] = float(record.value)
    total = 2 * int(per_lot.value)
    adds = total - base if base is not None and base < total else 0
    out.append(RouteProbe("sb9_lot_split", "sb9", values, adds, records))
    return out


def _record_figure(record) -> Figure:
    return Figure(
        record.rule,
        None if record.value is None else float(record.value),
        record.unit,
        (
            Source(
                rule=record.rule,
                section=record.section,
                subsection=record.subsection,
                standard_id=record.id,
                effective=record.effective,
                source=record.source,
                reading=record.reading,
            ),
        ),
    )
