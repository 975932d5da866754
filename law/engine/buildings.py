"""What kind of project this is, as far as the inputs tell: the building type
(Tables 2-10, 2-11, 2-14; § 17.39.040 "multifamily plex" = 2 to 9 units),
the number of stories, and whether CE's or CG's "ground-floor residential
projects (and, in CE, mixed use projects) shall comply with the standards of
the NU zone" (Tables 2-12, 2-13) sends the building rules to NU's figures.

Nothing here assumes an unanswered fact: each derivation returns every
possibility still open, and a rule whose figure differs between them is
reported ``not_checked`` naming the field that would settle it. The rule
families ask for case keys (``kind_keys``, ``storey_keys``) and look them up
in the standards data, so which figure applies to which kind of building is
data, cited beside its number.
"""

from __future__ import annotations

from law.engine.findings import Finding, Status
from law.engine.site import BUILDING_TYPES

_SINGLE = ("single_family_new", "single_family_existing")
ALL_KINDS = frozenset(BUILDING_TYPES)
NU = "NU"
# The cases of "residential.nu_standards" that send a zone's building rules to NU's figures.
_SWITCH_KEYS = (*sorted(ALL_KINDS), "mixed_use.ground_floor_residential")


def possible_kinds(view, zone: str, building_type, units) -> tuple[frozenset, bool]:
    """(kinds still possible, conflict) from the answers. ``units`` is the
    number of dwelling units (None when not entered). A stated type that the
    unit count contradicts (a plex of 12 units) is a conflict: no kind."""
    plex = view.get("building_type.plex_units", zone)
    if building_type is not None:
        if building_type not in ALL_KINDS:
            return frozenset(), True
        if units is None or plex is None:
            return frozenset({building_type}), False
    if plex is None:
        # No plex figure in force on this date: the count tells us nothing.
        return ALL_KINDS, False
    low, high = plex.value, plex.value_max
    if building_type is not None:
        fits = {
            "single_family_new": units == 1,
            "single_family_existing": units == 1,
            "plex": low <= units <= high,
            "multifamily": units > high,
            "nonresidential": units == 0,
            "mixed_use": units >= 1,
        }[building_type]
        return (frozenset({building_type}), False) if fits else (frozenset(), True)
    if units is None:
        return ALL_KINDS, False
    if units == 0:
        return frozenset({"nonresidential"}), False
    if units == 1:
        return frozenset(_SINGLE), False
    if units <= high:
        return frozenset({"plex"}), False
    return frozenset({"multifamily"}), False


def kind_keys(ctx) -> dict[str, tuple[str, ...]]:
    """Case keys per possible kind. A mixed-use building is keyed by its
    homes: ``mixed_use_10_plus`` when it has more than a plex's units (NM
    treats it as a multifamily structure of 10 or more units)."""
    plex = ctx.view.get("building_type.plex_units", ctx.zone)
    keys: dict[str, tuple[str, ...]] = {}
    for kind in sorted(ctx.kinds):
        if kind != "mixed_use":
            keys[kind] = (kind,)
        elif ctx.units is None or plex is None:
            keys["mixed_use"] = ("mixed_use",)
            keys["mixed_use_10_plus"] = ("mixed_use_10_plus", "mixed_use")
        elif ctx.units > plex.value_max:
            keys["mixed_use_10_plus"] = ("mixed_use_10_plus", "mixed_use")
        else:
            keys["mixed_use"] = ("mixed_use",)
    return keys


def storey_keys(storeys) -> tuple[str, ...]:
    if storeys is None:
        return ("one_story", "two_plus_stories")
    return ("one_story",) if storeys <= 1 else ("two_plus_stories",)


def standards_zones(ctx) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(zones whose Table 2-5..2-18 figures may apply, fields that would
    decide between them). ``(zone,)`` or ``("NU",)`` when decided; both when
    the answers leave it open."""
    zone = ctx.zone
    view = ctx.view
    has_switch = view.holds("residential.nu_standards", zone) and any(
        view.get("residential.nu_standards", zone, key) for key in _SWITCH_KEYS
    )
    if not has_switch:
        return (zone,), ()
    if ctx.kind_conflict:
        return (zone, NU), ("building_type", "dwelling_units")
    follows = set()
    undecided_by_floor = False
    for kind in ctx.kinds:
        record = view.get("residential.nu_standards", zone, kind)
        if record is not None:
            follows.add(True)
            continue
        if kind == "mixed_use":
            ground = ctx.lot.ground_floor_residential
            options = (True, False) if ground is None else (bool(ground),)
            for on_ground in options:
                key = "mixed_use." + ("ground_floor_residential" if on_ground else "upper_floors")
                follows.add(view.get("residential.nu_standards", zone, key) is not None)
            if ground is None and len(options) == 2:
                undecided_by_floor = (
                    view.get("residential.nu_standards", zone, "mixed_use.ground_floor_residential")
                    is not None
                )
            continue
        follows.add(False)
    if follows == {True}:
        return (NU,), ()
    if follows == {False}:
        return (zone,), ()
    missing = []
    if ctx.lot.building_type is None:
        missing.append("building_type")
    if undecided_by_floor:
        missing.append("ground_floor_residential")
    return (zone, NU), tuple(missing)


def run_in_standards_zone(ctx, out: list[Finding], family) -> None:
    """Run a building-rules family against the zone whose figures apply. When
    the answers leave open whether CE/CG's own or NU's figures apply, run it
    under both and keep a verdict only where the two agree."""
    zones = ctx.std_zones
    if zones == (ctx.zone,):
        family(ctx, out)
        return
    if len(zones) == 1:
        family(ctx.in_zone(zones[0]), out)
        return
    own: list[Finding] = []
    family(ctx, own)
    other: list[Finding] = []
    family(ctx.in_zone(zones[1]), other)
    theirs = {f.rule: f for f in other}
    for finding in own:
        alt = theirs.get(finding.rule)
        if alt is None or alt.status is finding.status:
            out.append(finding)
            continue
        out.append(_undecided(finding, ctx.std_missing))


def _undecided(finding: Finding, fields: tuple[str, ...]) -> Finding:
    data = {name: getattr(finding, name) for name in Finding.__dataclass_fields__}
    data.update(
        status=Status.NOT_CHECKED,
        note="depends_on_nu_standards",
        missing=tuple(dict.fromkeys(fields + finding.missing)),
        minor_variance=None,
        approval=None,
    )
    return Finding(**data)
