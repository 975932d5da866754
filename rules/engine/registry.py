"""The registry of rule families: each family declares itself once, everything else reads it.

A *family* is one module of checks (``parcel``, ``setbacks``, ``fences``...). It ends with a
module-level ``FAMILY = Family(...)`` naming its rule ids, the note codes it adds, the input
fields its findings can list as missing, its check function, the rules a minor variance can
relieve, the results group (``topic``) and topic page (``feature``) it belongs to, when it
applies, and the projects (``projects.py``: a fence, a shed...) its rules bear on. An *input* is a field of the dataclasses in ``inputs.py`` whose ``metadata`` holds an
``Input`` (label, unit, help text, kind of form field, choices); a *part* (``Part``) is one of
those dataclasses, shown as one section of the form.

From these declarations come the dispatch (``check_lot``), the order of findings, the note codes
the standards loader accepts, the minor-variance relief list, the form's fields, sections and
``to_engine`` (``inputs_from``), and the sets the wording tests compare against. Adding a family
is one module here, one TOML file in ``rules/data``, its wording and its tests.

The family modules are found by walking this package once, on first use, so that this module
imports none of them (they import it for ``Family``).
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import MISSING, dataclass, field, fields
from typing import Any

# The kinds of input a form can ask for.
# "yesno" is a box (unticked: no); "answer" is a question the law turns on, where not
# answered (None) differs from no: yes, no or not answered.
INPUT_KINDS = frozenset({"number", "whole", "yesno", "answer", "choice"})


@dataclass(frozen=True, slots=True, kw_only=True)
class Input:
    """How a person gives one engine input: the public field name and the form field's words.

    ``name`` is the form, query-string and JSON name (a public contract: it never changes);
    empty means the dataclass attribute's own name. ``unit`` is the unit in words for messages
    ("feet"); ``kind`` is "number" (decimal), "whole" (integer), "yesno", "answer" (yes, no
    or not answered) or "choice". ``definition_url`` links the text that defines the
    question's terms (a statute's definition), shown beside the help text.
    """

    label: str
    kind: str = "number"
    name: str = ""
    unit: str = ""
    minimum: float = 0
    maximum: float | None = None
    help_text: str = ""
    choices: tuple[tuple[str, str], ...] = ()
    required: bool = False
    definition_url: str = ""

    def __post_init__(self):
        if self.kind not in INPUT_KINDS:
            raise ValueError(f"unknown input kind {self.kind!r}")
        if self.kind in ("number", "whole") and (self.maximum is None or not self.unit):
            raise ValueError(f"input {self.label!r}: a number needs a unit and a maximum")
        if self.kind == "choice" and not self.choices:
            raise ValueError(f"input {self.label!r}: a choice needs choices")
        if self.definition_url and not self.definition_url.startswith("https://"):
            raise ValueError(f"input {self.label!r}: a definition link is an https address")


def asked(spec: Input, default: Any = None, *, required: bool = False):
    """A dataclass field the form asks for: ``height_ft: float | None = asked(Input(...))``
    (``required``: no default, the field must be given)."""
    return field(default=MISSING if required else default, metadata={"input": spec})


@dataclass(frozen=True, slots=True, kw_only=True)
class Part:
    """One part of what a person tells us (the lot, the building, a fence...), one form section.

    ``key`` is the ``Plan`` attribute holding it ("lot" for the ``Lot`` itself). A part that is
    not ``always`` given is built only when one of its ``present_if`` inputs was entered (by
    default: any input that is not a yes/no box); otherwise it stays None and its families do
    not run.
    """

    key: str
    legend: str
    type: type
    always: bool = False
    present_if: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class InputField:
    """An input as the registry lists it: its public name, the part and attribute it fills."""

    name: str
    part: str
    attr: str
    spec: Input
    default: Any = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Family:
    """One family of rules, declared once at the end of its module as ``FAMILY``.

    ``order`` places the family's findings among the others (results list families by it, then
    rules in the order of ``rules``). ``topic`` is the results group its findings carry;
    ``feature`` the topic page (``Topic.feature``) whose key numbers are this family's records,
    and ``form_section`` the form section that page's link opens (default: ``topic``).
    ``applies(ctx)`` says whether the family runs for a check (None: always). ``after(ctx,
    findings)``, when given, runs once every family has checked (and only when this family
    applies) and returns the findings it may have revised: how one family's law can prevail
    over another's finding (state ADU law over a zone's coverage limit), without the other
    family or ``check_lot`` knowing of it.
    ``projects`` names the projects its rules decide (see ``projects.py``).
    """

    name: str
    order: int
    topic: str
    rules: tuple[str, ...]
    check: Callable[[Any, list], None]
    inputs: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    relievable: tuple[str, ...] = ()
    applies: Callable[[Any], bool] | None = None
    feature: str | None = None
    form_section: str | None = None
    after: Callable[[Any, list], list] | None = None
    # The projects (``projects.PROJECTS``) its rules bear on; a ``site_condition`` family's
    # findings (flood zone, hillside lot) are shown with whatever projects were chosen.
    projects: tuple[str, ...] = ()
    site_condition: bool = False
    # Rules that bear on fewer of its projects: (rule id, (project, ...)) pairs.
    rule_projects: tuple[tuple[str, tuple[str, ...]], ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Project:
    """One thing a person may plan (a fence, a shed, a business at home...), declared once in
    ``projects.py``. ``parts`` are the form parts it asks about, in the order a person thinks
    of them; which rules bear on it comes from the families that name it in their ``projects``.
    """

    key: str
    parts: tuple[str, ...]


class Registry:
    """Every family and input, validated and indexed once."""

    def __init__(
        self,
        families: list[Family],
        parts: tuple[Part, ...],
        common_notes,
        projects: tuple[Project, ...] = (),
    ):
        self.families: tuple[Family, ...] = tuple(sorted(families, key=lambda f: f.order))
        self.parts = parts
        self.projects: dict[str, Project] = {p.key: p for p in projects}
        self.inputs: dict[str, InputField] = {}
        self.part_inputs: dict[str, tuple[InputField, ...]] = {}
        for part in parts:
            listed = []
            for attr in fields(part.type):
                spec = attr.metadata.get("input")
                if spec is None:
                    continue
                default = None if attr.default is MISSING else attr.default
                entry = InputField(spec.name or attr.name, part.key, attr.name, spec, default)
                if entry.name in self.inputs:
                    raise ValueError(f"input {entry.name!r} declared twice")
                self.inputs[entry.name] = entry
                listed.append(entry)
            self.part_inputs[part.key] = tuple(listed)
        self._check_families()
        self._check_projects()
        self.rule_order: tuple[str, ...] = tuple(r for f in self.families for r in f.rules)
        self.family_of: dict[str, Family] = {r: f for f in self.families for r in f.rules}
        self.topics: tuple[str, ...] = tuple(dict.fromkeys(f.topic for f in self.families))
        self.notes: frozenset[str] = frozenset(common_notes).union(
            *(f.notes for f in self.families)
        )
        self.relievable: frozenset[str] = frozenset().union(*(f.relievable for f in self.families))
        features: dict[str, tuple[str, ...]] = {}
        for family in self.families:
            if family.feature:
                features[family.feature] = features.get(family.feature, ()) + family.rules
        self.feature_rules = features
        self.feature_section = {
            f.feature: f.form_section or f.topic for f in self.families if f.feature
        }
        # (applies, after) for the families that revise others' findings, in order.
        self.after = tuple((f.applies, f.after) for f in self.families if f.after is not None)
        rank = {rule: index for index, rule in enumerate(self.rule_order)}
        unknown = len(rank)
        get = rank.get
        self.rank = rank

        def rule_rank(finding) -> int:
            return get(finding.rule, unknown)

        self.rule_rank = rule_rank
        # Which rules bear on each project: its families' rules, then the site conditions'.
        self.site_rules: frozenset[str] = frozenset(
            r for f in self.families if f.site_condition for r in f.rules
        )
        self.project_rules: dict[str, tuple[str, ...]] = {}
        self.project_families: dict[str, tuple[Family, ...]] = {}
        for key in self.projects:
            chosen = tuple(f for f in self.families if key in f.projects)
            self.project_families[key] = chosen
            self.project_rules[key] = tuple(
                r for f in chosen for r in f.rules if key in dict(f.rule_projects).get(r, (key,))
            )
        self.covered_projects: frozenset[str] = frozenset(
            key for f in self.families if not f.site_condition for key in f.projects
        )

    def covered(self, project: str) -> bool:
        """Whether a family of its own (not only a site condition) bears on ``project``: one
        whose rules are not built yet is shown as coming."""
        return project in self.covered_projects

    def rules_for(self, projects) -> frozenset[str]:
        """The rule ids that bear on any of ``projects``, plus every site condition's."""
        return self.site_rules.union(*(self.project_rules.get(p, ()) for p in projects))

    def _check_projects(self) -> None:
        part_keys = {p.key for p in self.parts}
        for project in self.projects.values():
            for part in project.parts:
                if part not in part_keys:
                    raise ValueError(f"project {project.key!r}: part {part!r} is not a part")
        for family in self.families:
            for key in family.projects:
                if key not in self.projects:
                    raise ValueError(f"family {family.name!r}: unknown project {key!r}")
            for rule, keys in family.rule_projects:
                if rule not in family.rules or not set(keys) <= set(family.projects):
                    raise ValueError(
                        f"family {family.name!r}: rule_projects {rule!r} names a rule or "
                        "project it does not declare"
                    )

    def _check_families(self) -> None:
        seen_rules: dict[str, str] = {}
        seen_orders: dict[int, str] = {}
        part_keys = {p.key for p in self.parts}
        for family in self.families:
            where = f"family {family.name!r}"
            if family.order in seen_orders:
                raise ValueError(
                    f"{where}: order {family.order} taken by {seen_orders[family.order]!r}"
                )
            seen_orders[family.order] = family.name
            if not family.rules:
                raise ValueError(f"{where} declares no rules")
            for rule in family.rules:
                if rule in seen_rules:
                    raise ValueError(f"{where}: rule {rule!r} also in {seen_rules[rule]!r}")
                seen_rules[rule] = family.name
            for name in family.inputs:
                if name not in self.inputs:
                    raise ValueError(f"{where}: input {name!r} is not a declared input")
            for rule in family.relievable:
                if rule not in family.rules:
                    raise ValueError(f"{where}: relievable {rule!r} is not one of its rules")
            section = family.form_section or (family.topic if family.feature else None)
            if section is not None and section not in part_keys:
                raise ValueError(f"{where}: form section {section!r} is not a part")

    def fieldsets(self) -> list[tuple[str, str, tuple[str, ...]]]:
        """(part key, legend, input names) for every part, in form order."""
        return [
            (part.key, part.legend, tuple(i.name for i in self.part_inputs[part.key]))
            for part in self.parts
        ]

    def inputs_from(self, values: Mapping[str, Any]):
        """The ``Lot`` and ``Plan`` for flat field values (a form's cleaned data): a part that
        is not always given is None when none of its triggering inputs was entered."""
        from rules.engine.inputs import Lot, Plan

        built: dict[str, Any] = {}
        get = values.get
        for key, make, triggers, listed, names, kept in self._builders:
            # A part is made once per distinct set of values (and their types: 1 and True
            # are equal keys): a person changing one answer changes one part.
            raw = tuple(map(get, names))
            memo = (raw, tuple(map(type, raw)))
            try:
                built[key] = kept[memo]
                continue
            except KeyError:
                pass
            except TypeError:  # an unhashable value: made afresh
                memo = None
            if triggers is not None and not any(_entered(get(name)) for name in triggers):
                part = None
            else:
                part = make(
                    **{
                        attr: _value(kind, get(name), default)
                        for attr, kind, name, default in listed
                    }
                )
            built[key] = part
            if memo is not None:
                if len(kept) >= PARTS_KEPT:
                    kept.clear()
                kept[memo] = part
        lot = built.pop("lot", None)
        if not isinstance(lot, Lot):
            raise ValueError("the inputs declare no lot")
        return lot, Plan(**built)

    @functools.cached_property
    def _builders(self) -> tuple:
        """Per part: its key, its type, the inputs whose entry makes it present (None: always
        present), (attribute, kind, input name, default) per input, every input name it
        reads, and the parts made so far (by those inputs' values); worked out once."""
        builders = []
        for part in self.parts:
            listed = self.part_inputs[part.key]
            triggers = None
            if not part.always:
                triggers = part.present_if or tuple(
                    i.name for i in listed if i.spec.kind not in ("yesno", "answer")
                )
            fields = tuple((i.attr, i.spec.kind, i.name, i.default) for i in listed)
            names = tuple(dict.fromkeys((*(i.name for i in listed), *(triggers or ()))))
            builders.append((part.key, part.type, triggers, fields, names, {}))
        return tuple(builders)


PARTS_KEPT = 1024  # per part, in each process


def _entered(value: Any) -> bool:
    return value is not None and value != ""


def _value(kind: str, value: Any, default: Any = None) -> Any:
    """The engine value of a form value; a value not entered takes the field's default."""
    if kind == "yesno":
        return bool(value)
    if kind == "answer":
        return value if isinstance(value, bool) else default
    if kind == "choice":
        return value or default
    return value if _entered(value) else default


@functools.cache
def registry() -> Registry:
    """The registry, built on first use from every module of this package that has a FAMILY."""
    import rules.engine as package
    from rules.engine.findings import COMMON_NOTES
    from rules.engine.inputs import PARTS
    from rules.engine.projects import PROJECTS

    found = []
    for module_info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{package.__name__}.{module_info.name}")
        family = getattr(module, "FAMILY", None)
        if isinstance(family, Family):
            found.append(family)
    return Registry(found, PARTS, COMMON_NOTES, PROJECTS)
