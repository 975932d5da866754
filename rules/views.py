"""Check my lot: bind the form, ask the engine, render. No thresholds live here."""

from django.http import HttpResponse, JsonResponse, QueryDict
from django.shortcuts import render
from django.template import engines
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_safe

from cotati_site.codebook import queries as content
from cotati_site.codebook.queries import engine_proposals
from cotati_site.core.as_of import default_as_of, today
from cotati_site.core.cache import MULTIPLE, cache_for_anonymous, renders_partial
from law.engine import check_lot, load_standards, variance
from law.engine.registry import registry
from law.reports.capacity import LOT_FIELDS, building_values, lot_capacity
from law.reports.diagrams import lot_diagram
from law.reports.presentation import build_result
from rules.forms import CheckForm, questions_for
from rules.ignored import reports_ignored
from rules.json_output import result_json
from rules.openapi import document_json
from rules.wording.findings import cited_sections
from rules.wording.typed import understood
from rules.wording.words import one_language

# The checker's templates are Jinja2 (rules/wording/jinja.py says why).
_CHECKER = engines["checker"]

# Projects the form offers whose rules are not built yet, and those the site checks.
COMING = frozenset(key for key in registry().projects if not registry().covered(key))
CHECKED = tuple(key for key in registry().projects if registry().covered(key))


def run_check(form: CheckForm):
    lot, plan = form.to_engine()
    as_of = form.cleaned_data.get("as_of") or default_as_of()
    include_proposed = bool(form.cleaned_data.get("include_proposed"))
    # Adopted proposals apply from their effective date; a preview applies every proposal.
    proposals = engine_proposals(as_of, preview=include_proposed)
    standards = load_standards()
    findings = check_lot(lot, plan, as_of=as_of, standards=standards, proposals=proposals)
    # A minor-variance figure from a proposal staff adopted is adopted law (the engine applies
    # proposals by date only): law/engine/variance.py.
    adopted = {pid for pid, note in content.proposal_notes().items() if note.status == "adopted"}
    findings = variance.adopted(findings, adopted, standards)
    result = build_result(
        findings,
        as_of,
        include_proposed=include_proposed,
        proposals=proposals,
        projects=form.projects(),
        lot=lot,  # which state routes could add a home on it
        standards=standards,
    )
    return result, lot, plan


# The query parameters the checker reads: its form's fields (as typed: the page shows them
# back) and the section to open. Nothing else reaches it (cotati_site/core/cache.py).
# ``project`` is repeatable: every value counts. ``part=questions`` asks for the questions alone.
FORM_FIELDS = tuple(CheckForm.base_fields)
READS = {name: (MULTIPLE if name == "project" else None) for name in FORM_FIELDS}


# Results depend only on the query string and the date, so anonymous answers are cached
# (in each process only: computing one costs less than asking Redis for it).
# ``shown``: "Show my questions" without JavaScript, naming the projects whose questions the
# page showed, so the page it brings lands on the first new question.
# ``questions_for``: the projects the page's questions were drawn for, which an update of the
# results names (static/js/checker.js): its out-of-band slots are theirs (rules/wording/slots.py).
@cache_for_anonymous(
    reads={**READS, "show": None, "part": None, "shown": None, "questions_for": questions_for},
    shared=False,
)
@require_safe
def check_my_lot(request):
    shown = request.GET.get("shown")
    # The form's own submissions always carry `zone`; a link without it (e.g. from a
    # topic page) only pre-fills answers and opens a section, without error messages.
    form = CheckForm(request.GET) if "zone" in request.GET else _prefilled(request.GET)
    if shown is not None and not form.is_valid():
        # Asked for the questions, not for a check: no answer is scolded before it is reached.
        form = _prefilled(request.GET)
    result = lot = plan = None
    if form.is_bound and form.is_valid():
        result, lot, plan = run_check(form)
    context = {
        "form": form,
        "result": result,
        "lot": lot,
        "diagram": lot_diagram(lot, plan, result.findings) if result else None,
        # The answers given, as a query string: the share link, and what the results show.
        "share": form.share_query() if result else "",
        "as_of": default_as_of(),
        "checked_on": today(),  # the printed sheet's date of the check
        "open_section": request.GET.get("show", ""),
        "partial": renders_partial(request),
        # The checker's own address, for the share link and the answers' links: the one this
        # request came to (the view has no other), not worked out again through the URLs
        # (``reverse`` of it was about 17 µs, once per answer and once for the share link).
        "checker_url": request.path,
        # Each citation on a finding's card (and in the other rules' list) lands on the table
        # or subsection it cites.
        "section_anchors": content.section_anchors(cited_sections(result.findings), result.as_of)
        if result
        else {},
        "coming": COMING,
        "checked": CHECKED,
        # After "Show my questions": the first question it revealed (#new-questions).
        "first_new": form.first_new_question(tuple(shown.split())) if shown is not None else None,
        "understood": understood,
        "questions_for": _drawn(request.GET.get("questions_for")),
    }
    if context["partial"] and request.GET.get("part") == "questions":
        # The project boxes changed: the questions those projects need, swapped in place.
        return HttpResponse(_render("rules/partials/_questions.jinja", context, request))
    if context["partial"]:
        # The results, and out of band the answer bar and what was read of each number.
        return HttpResponse(_render("rules/partials/_results.jinja", context, request))
    # The checker's page, placed in the site's layout (base.html, a Django template).
    page = {
        "checker": _render("rules/check.jinja", context, request),
        "checked_line": _render("rules/partials/_checked.jinja", context, request),
    }
    return render(request, "rules/check.html", page)


def _render(name: str, context: dict, request) -> str:
    with one_language():
        return mark_safe(_CHECKER.get_template(name).render(context, request))


def _drawn(value: str | None) -> tuple[str, ...] | None:
    """The projects an update says the page's questions were drawn for (None: not said)."""
    return None if value is None else tuple(value.split())


def _prefilled(query) -> CheckForm:
    """A form pre-filled from a link's answers (nothing is checked, nothing scolded)."""
    initial = query.dict()
    initial["project"] = query.getlist("project") or _project_shown(query.get("show", ""))
    return CheckForm(initial=initial)


def _project_shown(section: str) -> list[str]:
    """A topic page's link opens a form section (?show=fence): tick the project asking it."""
    for key, project in registry().projects.items():
        if section in project.parts:
            return [key]
    return []


# Every answer lists in ``ignored`` the parameters it did not read (added after the cache).
@reports_ignored
@cache_for_anonymous(reads=READS, shared=False)
@require_safe
def check_my_lot_json(request):
    form = CheckForm(request.GET)
    if not form.is_valid():
        errors = {
            field: [str(message) for message in messages] for field, messages in form.errors.items()
        }
        return JsonResponse({"errors": errors, "answers": [], "findings": []}, status=400)
    result, lot, _plan = run_check(form)
    document = {
        "as_of": result.as_of.isoformat(),
        "include_proposed": result.include_proposed,
        "proposals": {
            pid: when.isoformat() if when else None for pid, when in result.proposals.items()
        },
        "zone": lot.zone,
        "projects": list(result.projects),
        "counts": result.counts,
        "answers": [item.answer.to_dict() for item in result.answers],
        "errors": {},
    }
    return HttpResponse(result_json(document, result.relevant), content_type="application/json")


@require_safe
def openapi_json(request):
    """The JSON's OpenAPI 3.1 description, generated from the declarations (rules/openapi.py)."""
    return HttpResponse(document_json(), content_type="application/json")


# "What can I build here?": the lot's figures alone (and the date, and the proposals preview),
# the checker's own fields, so a number is read and refused as the checker reads it.
CAPACITY_FIELDS = (
    *(name for name in LOT_FIELDS if name in CheckForm.base_fields),
    "as_of",
    "include_proposed",
)
CAPACITY_READS = dict.fromkeys(CAPACITY_FIELDS)


def run_capacity(form: CheckForm):
    """The capacity of the form's lot, under the records and proposals a check would use."""
    data = form.cleaned_data
    as_of = data.get("as_of") or default_as_of()
    proposals = engine_proposals(as_of, preview=bool(data.get("include_proposed")))
    standards = load_standards()
    capacity = lot_capacity(data, as_of=as_of, standards=standards, proposals=proposals)
    # The drawing: the lot, its buildable area, and a building at the capacity's figures.
    lot, plan = registry().inputs_from({**data, **building_values(capacity)})
    return capacity, lot_diagram(lot, plan, list(capacity.findings))


@cache_for_anonymous(reads=CAPACITY_READS, shared=False)
@require_safe
def lot_capacity_page(request):
    form = (
        CheckForm(request.GET) if "zone" in request.GET else CheckForm(initial=request.GET.dict())
    )
    capacity = diagram = None
    if form.is_bound and form.is_valid():
        capacity, diagram = run_capacity(form)
    context = {
        "form": form,
        "capacity": capacity,
        "diagram": diagram,
        "fields": CAPACITY_FIELDS,
        "as_of": default_as_of(),
        "checked_on": today(),
        "check_query": _plan_query(form, capacity) if capacity else "",
        "understood": understood,
        "section_anchors": {},
    }
    page = {"capacity_page": _render("rules/capacity.jinja", context, request)}
    return render(request, "rules/capacity.html", page)


@cache_for_anonymous(reads=CAPACITY_READS, shared=False)
@require_safe
def lot_capacity_json(request):
    form = CheckForm(request.GET)
    if not form.is_valid():
        errors = {
            field: [str(message) for message in messages] for field, messages in form.errors.items()
        }
        return JsonResponse({"errors": errors, "capacity": None}, status=400)
    capacity, _diagram = run_capacity(form)
    return JsonResponse({"capacity": capacity.to_dict(), "errors": {}})


def _plan_query(form: CheckForm, capacity) -> str:
    """ "Check a plan": the lot's figures as typed and a main building at the capacity's
    figures, as the checker's query string."""
    query = QueryDict(mutable=True)
    for name in CAPACITY_FIELDS:
        value = form.data.get(name)
        if value not in (None, ""):
            query[name] = value
    query["project"] = "main_building"
    for name, value in building_values(capacity).items():
        query[name] = f"{value:g}" if isinstance(value, float) else str(value)
    return query.urlencode()
