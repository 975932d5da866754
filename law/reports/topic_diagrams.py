"""The topic pages' plan view, as geometry for the SVG templates: a typical lot of a district
with the figures of one topic (setbacks, fences, a shed...) drawn where they apply. Every
figure comes from the standards data; templates only draw and word what is here.

Plain Python over the engine's types (no Django). Conventions as ``diagrams.py``'s: feet in,
SVG units out; the street (front) at the bottom.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from law.engine import ZONES, load_standards
from law.reports.diagrams import DIAGRAM_BOX, LABEL, MARGIN, Rect

TYPICAL_LOT_FT = (60.0, 100.0)  # used where the district sets no minimum width or depth
SIGHT_TRIANGLE_SHARE = 0.25  # drawn size of the sight-visibility corner, as a share of width


@dataclass(frozen=True)
class Area:
    """One part of the typical lot and the limit that applies there (a standards record)."""

    key: str  # front_setback, side_setbacks, rear_setback, outside_setbacks, sight_visibility
    shapes: list[Rect]
    record: object | None  # the Standard in force there, or None when the data has none
    points: str = ""  # a polygon, for the sight-visibility corner
    with_approval: object | None = None  # the record of the higher figure an approval reaches
    unheld: object | None = None  # the record (without figures) of the rule that governs it

    @property
    def label_at(self) -> tuple[float, float] | None:
        """Where the area's figure fits inside it (its first shape's centre), else None."""
        if not self.shapes:
            return None
        shape = self.shapes[0]
        if shape.w < 44 or shape.h < 16:
            return None
        return shape.x + shape.w / 2, shape.y + shape.h / 2 + LABEL / 3


@dataclass(frozen=True)
class TopicDiagram:
    zone: str
    feature: str
    as_of: date
    view_width: float
    view_height: float
    lot: Rect
    width_ft: float
    depth_ft: float
    setbacks: dict[str, float | None]
    areas: list[Area]
    width_from_data: bool
    depth_from_data: bool


# Which record applies in each area, by the topic's feature: the rule, then per area the case
# of the record in force there and the case of the higher figure an approval reaches.
TOPIC_AREAS = {
    "fence": (
        "fence.height",
        {
            "front_setback": ("front_or_street_side_setback", "front_or_street_side_setback_adr"),
            "side_setbacks": ("interior_side_or_rear_setback", None),
            "rear_setback": ("interior_side_or_rear_setback", None),
            "outside_setbacks": ("outside_setbacks", None),
            "sight_visibility": ("sight_visibility_area", None),
        },
    ),
    # § 17.42.160's distances from the lot lines are not held: the strips say so, and the
    # height limit is shown where the structure may certainly stand.
    "accessory": (
        "accessory.height",
        {"outside_setbacks": ("default", None)},
    ),
}
# A rule whose figures this site does not hold, which governs the setback strips of a topic's
# plan view (the strips then cite it instead of a figure).
TOPIC_STRIPS_UNHELD = {"accessory": "accessory.setbacks"}
# The district a topic page draws until the reader picks one: the most common residential
# district, for a typical house lot.
DEFAULT_ZONE = "NL"


def plan_view_zone(raw: str) -> str | None:
    """?zone= as a district code the plan view can draw (for the page cache's key), or None."""
    return raw if raw in ZONES else None


@dataclass(frozen=True)
class PlanView:
    """A topic page's plan view: the drawing and the district picker's state."""

    diagram: TopicDiagram | None
    zone: str
    zones: list[tuple[str, str]]
    reason: str = ""  # why there is no drawing: no_setbacks, no_front_setback


def topic_plan_view(feature: str | None, raw_zone: str, as_of: date, proposals=None):
    """The plan view for a topic page (None for a topic without one)."""
    if feature not in TOPIC_AREAS:
        return None
    zone = plan_view_zone(raw_zone) or DEFAULT_ZONE
    diagram = topic_diagram(feature, zone, as_of, proposals)
    reason = ""
    if diagram is None:
        view = load_standards().view(as_of, proposals)
        front = _district_value(view, "setback.front", zone)
        reason = "no_front_setback" if front == 0 else "no_setbacks"
    return PlanView(
        diagram=diagram,
        zone=zone,
        zones=[(code, z.name) for code, z in ZONES.items()],
        reason=reason,
    )


def _district_value(view, rule: str, zone: str) -> float | None:
    record = view.get(rule, zone)
    if record is None or record.value is None or record.comparison == "none":
        return None
    try:
        return record.value_in("ft")
    except (KeyError, ValueError):
        return None


def _topic_record(view, rule: str, zone: str, case: str):
    record = view.get(rule, zone, case) if case != "default" else view.get(rule, zone)
    if record is None and case == "default":
        records = [r for r in view.for_rule(rule) if not r.zones or zone in r.zones]
        record = records[0] if records else None
    return record


def topic_diagram(feature: str, zone: str, as_of: date, proposals=None) -> TopicDiagram | None:
    """A typical ``zone`` lot for a topic page, or None when the topic has no plan view or
    the zone's setbacks are not in the data."""
    if feature not in TOPIC_AREAS:
        return None
    view = load_standards().view(as_of, proposals)
    rule, cases = TOPIC_AREAS[feature]
    setbacks = {
        "front": _district_value(view, "setback.front", zone),
        "interior_side": _district_value(view, "setback.interior_side", zone),
        "rear": _district_value(view, "setback.rear", zone),
    }
    if all(v is None for v in setbacks.values()):
        return None
    if feature == "fence" and not setbacks["front"]:
        # Table 3-2 has rows of its own for districts without a front setback, measured from
        # the street line rather than a setback: not drawn as setback strips.
        return None
    min_width = _district_value(view, "lot.width", zone)
    min_depth = _district_value(view, "lot.depth", zone)
    width = min_width or TYPICAL_LOT_FT[0]
    depth = min_depth or TYPICAL_LOT_FT[1]
    front, side, rear = (setbacks[k] or 0.0 for k in ("front", "interior_side", "rear"))
    if front + rear >= depth or 2 * side >= width:
        depth = max(depth, (front + rear) * 1.6)
        width = max(width, side * 4)
    scale = min(DIAGRAM_BOX[0] / width, DIAGRAM_BOX[1] / depth)
    lot = Rect(MARGIN["left"], MARGIN["top"], width * scale, depth * scale)
    f, s, r = front * scale, side * scale, rear * scale

    def record(key, which=0):
        case = cases.get(key, (None, None))[which]
        return _topic_record(view, rule, zone, case) if case else None

    unheld_rule = TOPIC_STRIPS_UNHELD.get(feature)
    unheld = view.get(unheld_rule, zone) if unheld_rule else None

    areas = []
    if f:
        areas.append(
            Area(
                "front_setback",
                [Rect(lot.x, lot.bottom - f, lot.w, f)],
                record("front_setback"),
                with_approval=record("front_setback", 1),
                unheld=unheld,
            )
        )
    if s:
        areas.append(
            Area(
                "side_setbacks",
                [
                    Rect(lot.x, lot.y + r, s, lot.h - r - f),
                    Rect(lot.right - s, lot.y + r, s, lot.h - r - f),
                ],
                record("side_setbacks"),
                unheld=unheld,
            )
        )
    if r:
        areas.append(
            Area(
                "rear_setback",
                [Rect(lot.x, lot.y, lot.w, r)],
                record("rear_setback"),
                unheld=unheld,
            )
        )
    areas.append(
        Area(
            "outside_setbacks",
            [Rect(lot.x + s, lot.y + r, lot.w - 2 * s, lot.h - r - f)],
            record("outside_setbacks"),
        )
    )
    if "sight_visibility" in cases:
        leg = lot.w * SIGHT_TRIANGLE_SHARE
        x0, y0 = lot.x, lot.bottom
        points = f"{x0:.1f},{y0:.1f} {x0 + leg:.1f},{y0:.1f} {x0:.1f},{y0 - leg:.1f}"
        areas.append(Area("sight_visibility", [], record("sight_visibility"), points))
    return TopicDiagram(
        zone=zone,
        feature=feature,
        as_of=as_of,
        view_width=lot.w + MARGIN["left"] + MARGIN["right"],
        view_height=lot.h + MARGIN["top"] + MARGIN["bottom"],
        lot=lot,
        width_ft=width,
        depth_ft=depth,
        setbacks=setbacks,
        areas=areas,
        width_from_data=min_width is not None,
        depth_from_data=min_depth is not None,
    )
