"""Plan-view drawings, as geometry for the SVG templates: the lot a person checked (a typical
lot for a topic page is ``topic_diagrams.py``'s). Every figure comes from the findings;
templates only draw and word what is here.

Plain Python over the engine's types (no Django): the topic view may call it as well as the
checker. Conventions: feet in, SVG units out; the street (front) at the bottom, the rear at
the top; on a corner lot the side street is on the left.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal

from law.engine import Finding

DIAGRAM_BOX = (300.0, 340.0)  # drawing area for the lot, in SVG units
MARGIN = {"left": 58.0, "right": 58.0, "top": 34.0, "bottom": 44.0}
LABEL = 11.0  # label font size, SVG units
_TENTH = Decimal("0.1")


def _tenths(value: float) -> str:
    """A figure to one decimal place, rounded half up: 320 → '320.0', 231.25 → '231.3' (as
    Django's ``floatformat:1`` writes these, without its localisation, which an SVG attribute
    must not have)."""
    return str(Decimal(repr(float(value))).quantize(_TENTH, rounding=ROUND_HALF_UP))


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def svg(self) -> str:
        """The rectangle's SVG attributes, written once here: a template printing each float
        passes it through number localisation, which cost more than the rest of the drawing."""
        return f'x="{self.x:.1f}" y="{self.y:.1f}" width="{self.w:.1f}" height="{self.h:.1f}"'

    @property
    def bottom(self) -> float:
        return self.y + self.h


@dataclass(frozen=True)
class Dimension:
    """A dimension line with arrowheads and its label: ``side`` says which setback, and
    ``feet`` is that side's figure in ``LotDiagram.setbacks`` (the template words it from there,
    once for the text and the labels)."""

    side: str
    feet: float
    x1: float
    y1: float
    x2: float
    y2: float
    label_x: float
    label_y: float
    anchor: str  # SVG text-anchor of the label

    @property
    def svg_line(self) -> str:
        return f'x1="{self.x1:.1f}" y1="{self.y1:.1f}" x2="{self.x2:.1f}" y2="{self.y2:.1f}"'

    @property
    def svg_label(self) -> str:
        return f'x="{self.label_x:.1f}" y="{self.label_y:.1f}" text-anchor="{self.anchor}"'

    @property
    def svg_data(self) -> str:
        """Its group's data attributes: which setback, and its figure as Python writes it."""
        return f'data-side="{self.side}" data-feet="{self.feet}"'


@dataclass(frozen=True)
class Coverage:
    """Site coverage, drawn as a band across the area the building may fill: the planned
    covered area shaded, the allowed area as a line (the shape of the footprint is not known,
    only its size)."""

    planned: Rect | None
    allowed_y: float | None
    planned_sqft: float
    planned_percent: float
    allowed_sqft: float | None
    allowed_percent: float | None
    lot_sqft: float
    status: str

    @property
    def svg_allowed_line(self) -> str:
        """The allowed coverage's line across the band (drawn only with ``allowed_y`` and
        ``planned``)."""
        x1, x2, y = self.planned.x, self.planned.right, self.allowed_y
        return f'x1="{x1}" y1="{y}" x2="{x2}" y2="{y}"'


@dataclass(frozen=True)
class Structure:
    """An accessory structure where its entered distances place it (drawn as a square of its
    floor area: its shape is not asked)."""

    rect: Rect
    kind: str | None
    footprint_sqft: float
    side_ft: float
    rear_ft: float


@dataclass(frozen=True)
class LotDiagram:
    view_width: float
    view_height: float
    lot: Rect
    buildable: Rect | None
    building: Rect | None
    width_ft: float
    depth_ft: float
    setbacks: dict[str, float | None]
    corner_lot: bool
    buildable_width_ft: float | None
    buildable_depth_ft: float | None
    dimensions: list[Dimension] = field(default_factory=list)
    coverage: Coverage | None = None
    structure: Structure | None = None
    entered: dict[str, float | None] = field(default_factory=dict)

    @property
    def view_box(self) -> str:
        """The SVG's viewBox, to a tenth of a unit."""
        return f"0 0 {_tenths(self.view_width)} {_tenths(self.view_height)}"

    @property
    def svg_street_label(self) -> str:
        """Where the street's label is written: below the lot, 8 units above the bottom edge
        (whole units, as the template's ``add`` filter gave them)."""
        return f'x="{self.lot.x}" y="{int(self.view_height) - 8}"'

    @property
    def svg_rear_label(self) -> str:
        """Where the rear's label is written: 8 units above the lot (whole units)."""
        return f'x="{self.lot.x}" y="{int(self.lot.y) - 8}"'

    @property
    def legend_keys(self) -> str:
        """``legend``, as the figure's data-legend attribute gives it."""
        return " ".join(self.legend)

    @property
    def legend(self) -> list[str]:
        """The keys of what is drawn, in legend order (the template words each)."""
        keys = ["lot", "setbacks"]
        if self.buildable:
            keys.append("buildable")
        if self.building:
            keys.append("building")
        if self.coverage and self.coverage.planned:
            keys.append("coverage")
        if self.coverage and self.coverage.planned and self.coverage.allowed_y is not None:
            keys.append("coverage_allowed")
        if self.structure:
            keys.append("structure")
        if self.dimensions:
            keys.append("dimension")
        return keys


def _required(findings: list[Finding], rule: str) -> float | None:
    for finding in findings:
        if finding.rule == rule and finding.limit is not None and finding.unit == "ft":
            return float(finding.limit)
    return None


def _finding(findings: list[Finding], rule: str) -> Finding | None:
    return next((f for f in findings if f.rule == rule), None)


def lot_diagram(lot, plan, findings: list[Finding]) -> LotDiagram | None:
    """The checked lot to scale; None when its width and depth are not both known."""
    if not lot or not lot.width_ft or not lot.depth_ft:
        return None
    width, depth = float(lot.width_ft), float(lot.depth_ft)
    scale = min(DIAGRAM_BOX[0] / width, DIAGRAM_BOX[1] / depth)
    lot_w, lot_h = width * scale, depth * scale
    left_m, top_m = MARGIN["left"], MARGIN["top"]
    lot_rect = Rect(left_m, top_m, lot_w, lot_h)

    setbacks = {
        "front": _required(findings, "setback.front"),
        "rear": _required(findings, "setback.rear"),
        "interior_side": _required(findings, "setback.interior_side"),
        "street_side": _required(findings, "setback.street_side") if lot.corner_lot else None,
    }
    left = (setbacks["street_side"] if lot.corner_lot else setbacks["interior_side"]) or 0.0
    right = setbacks["interior_side"] or 0.0
    front, rear = setbacks["front"] or 0.0, setbacks["rear"] or 0.0

    def inner(left_ft, right_ft, front_ft, rear_ft) -> Rect | None:
        w_ft, d_ft = width - left_ft - right_ft, depth - front_ft - rear_ft
        if w_ft <= 0 or d_ft <= 0:
            return None
        return Rect(left_m + left_ft * scale, top_m + rear_ft * scale, w_ft * scale, d_ft * scale)

    buildable = inner(left, right, front, rear)
    building = None
    b = plan.building if plan else None
    entered: dict[str, float | None] = {}
    if b:
        entered = {
            "front": b.front_setback_ft,
            "rear": b.rear_setback_ft,
            "interior_side": b.interior_side_setback_ft,
            "street_side": b.street_side_setback_ft if lot.corner_lot else None,
        }
    if b and None not in (b.front_setback_ft, b.rear_setback_ft, b.interior_side_setback_ft):
        side_left = b.street_side_setback_ft if lot.corner_lot else b.interior_side_setback_ft
        if side_left is not None:
            building = inner(
                side_left, b.interior_side_setback_ft, b.front_setback_ft, b.rear_setback_ft
            )

    dims = _dimensions(lot_rect, scale, front, rear, left, right, lot.corner_lot)
    coverage = _coverage(findings, building or buildable, scale)
    structure = _structure(plan, lot_rect, scale, width, depth)
    return LotDiagram(
        view_width=lot_w + MARGIN["left"] + MARGIN["right"],
        view_height=lot_h + MARGIN["top"] + MARGIN["bottom"],
        lot=lot_rect,
        buildable=buildable,
        building=building,
        width_ft=width,
        depth_ft=depth,
        setbacks=setbacks,
        corner_lot=lot.corner_lot,
        buildable_width_ft=(width - left - right) if buildable else None,
        buildable_depth_ft=(depth - front - rear) if buildable else None,
        dimensions=dims,
        coverage=coverage,
        structure=structure,
        entered=entered,
    )


def _dimensions(lot: Rect, scale, front, rear, left, right, corner) -> list[Dimension]:
    """One dimension line across each required setback, with its figure beside it: front and
    rear at a quarter of the lot's width, the sides at two fifths of its depth (clear of the
    labels of the lot and of each other); a label that does not fit in its strip goes outside
    the lot."""
    dims = []
    x = lot.x + lot.w * 0.25
    if front > 0:
        y1, y2 = lot.bottom - front * scale, lot.bottom
        fits = (y2 - y1) >= LABEL + 2
        dims.append(
            Dimension("front", front, x, y1, x, y2, x + 5, (y1 + y2) / 2 + LABEL / 3, "start")
            if fits
            else Dimension("front", front, x, y1, x, y2, x + 5, y2 + LABEL + 2, "start")
        )
    if rear > 0:
        y1, y2 = lot.y, lot.y + rear * scale
        fits = (y2 - y1) >= LABEL + 2
        dims.append(
            Dimension("rear", rear, x, y1, x, y2, x + 5, (y1 + y2) / 2 + LABEL / 3, "start")
            if fits
            else Dimension("rear", rear, x, y1, x, y2, x + 5, y1 - 4, "start")
        )
    y = lot.y + lot.h * 0.4
    if left > 0:
        x1, x2 = lot.x, lot.x + left * scale
        side = "street_side" if corner else "interior_side"
        dims.append(Dimension(side, left, x1, y, x2, y, x1 - 4, y + LABEL / 3, "end"))
    if right > 0:
        x1, x2 = lot.right - right * scale, lot.right
        dims.append(Dimension("interior_side", right, x1, y, x2, y, x2 + 4, y + LABEL / 3, "start"))
    return dims


def _coverage(findings: list[Finding], area: Rect | None, scale: float) -> Coverage | None:
    finding = _finding(findings, "coverage")
    if finding is None or finding.share is None:
        return None
    share = finding.share
    planned = allowed_y = None
    if area is not None and area.w > 0:
        width_ft = area.w / scale
        planned_depth = min(area.h, share.part / width_ft * scale)
        if planned_depth > 0:
            planned = Rect(area.x, area.bottom - planned_depth, area.w, planned_depth)
        if share.limit is not None:
            allowed_depth = share.limit / width_ft * scale
            if allowed_depth <= area.h:
                allowed_y = area.bottom - allowed_depth
    return Coverage(
        planned=planned,
        allowed_y=allowed_y,
        planned_sqft=share.part,
        planned_percent=float(finding.value),
        allowed_sqft=share.limit,
        allowed_percent=finding.limit,
        lot_sqft=share.whole,
        status=str(finding.status),
    )


def _structure(plan, lot: Rect, scale: float, width: float, depth: float) -> Structure | None:
    acc = plan.accessory if plan else None
    if not acc or None in (acc.footprint_sqft, acc.side_line_ft, acc.rear_line_ft):
        return None
    side = math.sqrt(float(acc.footprint_sqft)) if acc.footprint_sqft > 0 else 0.0
    if side <= 0 or acc.side_line_ft + side > width or acc.rear_line_ft + side > depth:
        return None  # it would not fit on the lot as entered: nothing honest to draw
    rect = Rect(
        lot.right - (acc.side_line_ft + side) * scale,
        lot.y + acc.rear_line_ft * scale,
        side * scale,
        side * scale,
    )
    return Structure(rect, acc.type, float(acc.footprint_sqft), acc.side_line_ft, acc.rear_line_ft)


# A typical lot for the topic pages -----------------------------------------------------------
# Where each fence-height limit of Table 3-2 applies, or each accessory-structure limit, on a
# lot of the reader's district: the strips come from that district's setbacks in the standards
# data, the heights from the records of the topic's rule. The lot's own size is illustrative
# (the district's minimum width and depth where the data gives them).
