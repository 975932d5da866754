"""What a family declares: its inputs (``Input``, given through ``asked``), the part of the
form they make (``Part``), the project a person may plan (``Project``) and the family itself
(``Family``). Plain dataclasses; the registry (``registry.py``) reads them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, dataclass, field
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
class Project:
    """One thing a person may plan (a fence, a shed, a business at home...), declared once by
    the family whose part asks about it (the main building by ``site.py``). ``parts`` are the
    form parts it asks about, in the order a person thinks of them; ``order`` places it among
    the projects a person picks from. Which rules bear on it comes from the families that name
    it in their ``projects``, and from every site condition when it ``builds`` (a flood zone
    or a hillside lot bears on anything built there); ``dwelling``: it builds a home, so the
    site conditions' rules about homes bear on it too. ``adds_homes``: state law lets it add
    a home whatever the zone's density allows (an ADU or JADU, an SB 9 second home or lot
    split), so an answer whose plan has more homes than the lot's density allows offers it
    as an alternative where the family deciding it says it applies on that lot
    (``Family.adds_homes_on``; ``answers.py``: read from here, never listed by hand).
    """

    key: str
    parts: tuple[str, ...]
    order: int = 1000
    builds: bool = False
    dwelling: bool = False
    adds_homes: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Family:
    """One family of rules, declared once in its folder's ``__init__.py`` as ``FAMILY``.

    ``order`` places the family's findings among the others (results list families by it, then
    rules in the order of ``rules``). ``topic`` is the results group its findings carry;
    ``feature`` the topic page (``Topic.feature``) whose key numbers are this family's records,
    and ``form_section`` the form section that page's link opens (default: ``topic``).
    ``applies(ctx)`` says whether the family runs for a check (None: always). ``after(ctx,
    findings)``, when given, runs once every family has checked (and only when this family
    applies) and returns the findings it may have revised: how one family's law can prevail
    over another's finding (state ADU law over a zone's coverage limit), without the other
    family or ``check_lot`` knowing of it.
    ``part`` is the form part the family adds (its inputs), and ``project`` the project it adds
    (what a person picks); ``projects`` names the projects its rules decide; ``adds_homes_on``
    says where such a project that adds homes could (see the field).
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
    part: Part | None = None
    project: Project | None = None
    projects: tuple[str, ...] = ()
    # A site condition (flood zone, hillside lot) bears on every project that builds, and its
    # findings are shown with whatever projects were chosen; its ``dwelling_rules`` bear only
    # on the projects that build a home.
    site_condition: bool = False
    dwelling_rules: tuple[str, ...] = ()
    # A site condition is asked as one yes/no, this input (a "yesno" one): its other inputs
    # are asked only on yes, so a fence and a shed do not open the flood questions.
    asked_by: str | None = None
    # For a family deciding a project that adds homes (``Project.adds_homes``): whether that
    # project could add one on the lot checked (``ctx``: its zone, on the date), read from the
    # family's own records by the same test its check makes first. An answer offers the
    # project as an alternative only where this says yes (answers.py); such a family must
    # declare it (the registry refuses one that does not).
    adds_homes_on: Callable[[Any], bool] | None = None
