"""Every admin URL of every registered model, walked with an editor's session.

Editors (the Editors group) may write summaries, topics and FAQs, and nothing else: not the
law's own text (code sections, section versions), not the zoning map, not staff accounts, not
the login-throttling records. For each URL the admin serves (changelist, add, change, delete,
history, the history page's revert form, each action, each custom URL in ``get_urls``), the
test GETs and POSTs as an editor and compares the whole database before and after.

A refused POST proves nothing unless the same POST would have written, so every POST is first
made by a superuser, inside a transaction that is rolled back: the payload is the form the
admin itself rendered, with one field changed. Where the superuser's POST writes, the editor's
POST must either be one of the writes editors are allowed (the table below) or be refused with
the database unchanged.
"""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.conf import settings
from django.contrib import admin
from django.contrib.admin.utils import quote
from django.contrib.auth.models import Group, User
from django.db import connection, transaction
from django.test import Client
from django.urls import reverse

from cotati_site.codebook.models import SectionVersion, VersionStatus

pytestmark = pytest.mark.django_db

# What an editor may write, exactly: (model, admin URL or action).
EDITOR_WRITES = (
    {
        (label, kind)
        for label in ("guidance.topic", "guidance.summary", "guidance.faq")
        for kind in ("add", "change", "delete", "revert", "action:delete_selected")
    }
    | {
        ("guidance.topic", "changelist"),  # the list's editable "order" column
        ("guidance.summary", "action:mark_checked_today"),
    }
    | {  # site information: add and change, not delete (migration 0054)
        ("core.siteinfo", kind) for kind in ("add", "change", "revert", "changelist")
    }
    | {  # the search vocabulary (migration 0056)
        ("search.searchphrase", kind)
        for kind in ("add", "change", "delete", "action:delete_selected")
    }
)

# The field of each model's form the walk changes (a plain text field every form has).
CHANGED_FIELD = {
    "guidance.topic": "title",
    "guidance.summary": "headline",
    "guidance.faq": "question",
    "codebook.codesection": "title",
    "codebook.sectionversion": "source",
    "codebook.zoningmapchange": "notes",
    "codebook.proposal": "title",
    "core.siteinfo": "label",
    "search.searchphrase": "phrase",
    "auth.user": "first_name",
    "auth.group": "name",
}

# An added record needs its own value for each unique field.
UNIQUE_ON_ADD = {
    "guidance.topic": {"slug": "added-by-the-walk"},
    "codebook.codesection": {"number": "99.98.001"},
    "core.siteinfo": {"key": "added-by-the-walk"},
    "search.searchphrase": {"phrase": "added by the walk"},
    "auth.user": {"username": "added-by-the-walk"},
    "auth.group": {"name": "Added by the walk"},
}
PASSWORD = "a-long-test-password-for-the-walk"
ADD_EXTRA = {"auth.user": {"password1": PASSWORD, "password2": PASSWORD, "usable_password": "true"}}

ACTION_FIELDS = {
    # Confirmation pages' own fields: delete_selected's "post", the promote form's fields.
    "post": "yes",
    "apply": "1",
    "ordinance": "Ord. 9999",
    "adopted_on": "2026-11-01",
    "effective_on": "2026-12-01",
    "index": "0",
}

URL_KINDS = {
    "changelist": "changelist",
    "add": "add",
    "change": "change",
    "delete": "delete",
    "history": "history",
    "simple_history": "revert",
    "password_change": "password",
    "preview": "preview",  # renders what was typed; never saves
    "recheck": "listing",  # secondary standards to re-check: a read-only page
    "official_text": "official_text",  # paste and save a section's official text
    "recover_list": "listing",  # what is deleted and may come back: a read-only page
    # Recovers a deleted record; walked with a version that is no deletion, so refused to
    # everyone (tests/guidance/test_recover_deleted.py tries real recoveries and permissions).
    "recover": "recover",
}

# What the official-text page posts to save (a section's text as adopted law).
OFFICIAL_TEXT = {
    "pasted_text": "A. Official text pasted by the walk.",
    "source": "Ord. 9999",
    "effective_on": "2026-12-01",
    "source_url": "https://ecode360.com/CO4398",
    "retrieved_on": "2026-11-30",
    "save": "1",
}


class FormReader(HTMLParser):
    """What a browser would submit from one form of a page: ``data`` and every field ``name``."""

    def __init__(self, form_id_suffix: str):
        super().__init__(convert_charrefs=True)
        self.suffix = form_id_suffix
        self.inside = False
        self.data: dict[str, list[str]] = {}
        self.names: set[str] = set()
        self.kinds: dict[str, str] = {}
        self._select: tuple[str, bool, list[str], list[str]] | None = None
        self._option: str | None = None
        self._textarea: str | None = None
        self._text: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form" and (attrs.get("id") or "").endswith(self.suffix):
            self.inside = True
        if not self.inside:
            return
        name = attrs.get("name")
        if tag == "input" and name:
            kind = attrs.get("type", "text")
            if kind in ("submit", "button", "image", "reset", "file"):
                return
            self.names.add(name)
            self.kinds[name] = kind
            if kind in ("checkbox", "radio"):
                if "checked" in attrs:
                    self.data.setdefault(name, []).append(attrs.get("value") or "on")
            else:
                self.data.setdefault(name, []).append(attrs.get("value") or "")
        elif tag == "select" and name:
            self.names.add(name)
            self.kinds[name] = "select"
            self._select = (name, "multiple" in attrs, [], [])
        elif tag == "option" and self._select is not None:
            value = attrs.get("value", "")
            self._select[3].append(value)
            if "selected" in attrs:
                self._select[2].append(value)
        elif tag == "textarea" and name:
            self.names.add(name)
            self.kinds[name] = "textarea"
            self._textarea, self._text = name, []

    def handle_data(self, data):
        if self._textarea is not None:
            self._text.append(data)

    def handle_endtag(self, tag):
        if tag == "form" and self.inside:
            self.inside = False
        if tag == "select" and self._select is not None:
            name, multiple, chosen, options = self._select
            if chosen:
                self.data[name] = chosen
            elif not multiple and options:
                self.data[name] = [options[0]]
            self._select = None
        if tag == "textarea" and self._textarea is not None:
            text = "".join(self._text)
            self.data[self._textarea] = [text[1:] if text.startswith("\n") else text]
            self._textarea = None


def read_form(html: str, form_id_suffix: str) -> FormReader:
    reader = FormReader(form_id_suffix)
    reader.feed(html)
    return reader


def snapshot() -> dict[str, list[tuple]]:
    """Every row of every table (sessions aside: they are the editor's own)."""
    with connection.cursor() as cursor:
        tables = [t for t in connection.introspection.table_names(cursor) if t != "django_session"]
        rows = {}
        for table in tables:
            cursor.execute(f"SELECT * FROM {connection.ops.quote_name(table)} ORDER BY 1")
            rows[table] = cursor.fetchall()
    return rows


def changed_tables(before: dict, after: dict) -> set[str]:
    return {label for label in before if before[label] != after[label]}


class RolledBack(Exception):
    pass


def post_and_roll_back(client: Client, url: str, data: dict) -> tuple[int, set[str], str]:
    """POST, note the status and which tables changed, and undo whatever it did.

    The session cookie is put back afterwards: a password change cycles the session key, and
    the new session row is rolled back with everything else (the old one comes back)."""
    session_key = client.cookies[settings.SESSION_COOKIE_NAME].value
    result = {}
    try:
        with transaction.atomic():
            before = snapshot()
            response = client.post(url, data)
            result = {
                "status": response.status_code,
                "changed": changed_tables(before, snapshot()),
                "body": response.content.decode(errors="replace")[:3000],
            }
            raise RolledBack
    except RolledBack:
        pass
    client.cookies[settings.SESSION_COOKIE_NAME] = session_key
    return result["status"], result["changed"], result["body"]


def wrote(changed: set[str]) -> bool:
    """A write to content: the admin's own log of a change is not one by itself."""
    return bool(changed - {"django_admin_log"})


def some_record(model):
    """The record the walk edits: for versions a proposal, so the promote action applies."""
    if model is SectionVersion:
        return SectionVersion.objects.filter(status=VersionStatus.PROPOSED).first()
    return model._default_manager.order_by("pk").first()


def make_missing_records(bystander: User) -> None:
    from axes.models import AccessAttempt, AccessFailureLog, AccessLog

    common = {
        "user_agent": "walk",
        "ip_address": "203.0.113.9",
        "username": bystander.username,
        "http_accept": "*/*",
        "path_info": "/admin/login/",
    }
    AccessAttempt.objects.create(**common, get_data="", post_data="", failures_since_start=1)
    AccessLog.objects.create(**common)
    AccessFailureLog.objects.create(**common)


def walk_urls(model, model_admin, obj):
    """(kind, url) for each URL pattern the model's admin serves; unknown ones fail the test."""
    opts = model._meta
    prefix = f"{opts.app_label}_{opts.model_name}_"
    history_id = None
    if getattr(opts, "simple_history_manager_attribute", None):
        records = getattr(model, opts.simple_history_manager_attribute)
        history_id = (
            records.filter(**{opts.pk.attname: obj.pk}).values_list("history_id", flat=True).first()
        )
    for pattern in model_admin.get_urls():
        name = pattern.name
        if name is None:  # "<object_id>/": redirects to the change page
            yield (
                "redirect",
                reverse("admin:index") + f"{opts.app_label}/{opts.model_name}/{quote(obj.pk)}/",
            )
            continue
        assert name.startswith(prefix), name
        suffix = name[len(prefix) :]
        assert suffix in URL_KINDS, (
            f"{name}: an admin URL this walk does not know; say what it may write and add it"
        )
        kind = URL_KINDS[suffix]
        if kind in ("changelist", "add", "preview", "listing"):
            yield kind, reverse(f"admin:{name}")
        elif kind == "revert":
            assert history_id is not None, f"{opts.label}: no history record to revert to"
            yield kind, reverse(f"admin:{name}", args=[quote(obj.pk), history_id])
        elif kind == "recover":
            yield kind, reverse(f"admin:{name}", args=[history_id])
        else:
            yield kind, reverse(f"admin:{name}", args=[quote(obj.pk)])


def payload(superuser: Client, model, model_admin, obj, kind: str, url: str) -> dict:
    """What the admin's own page would submit, with the model's chosen field changed."""
    label = model._meta.label_lower
    pages = getattr(superuser, "pages", None)
    if pages is None:
        pages = superuser.pages = {}

    def page(address: str) -> str:
        if address not in pages:
            pages[address] = superuser.get(address).content.decode()
        return pages[address]

    change_url = reverse(
        f"admin:{model._meta.app_label}_{model._meta.model_name}_change", args=[quote(obj.pk)]
    )
    if kind == "delete":
        return {"post": "yes"}
    if kind == "password":
        return {"password1": PASSWORD, "password2": PASSWORD, "usable_password": "true"}
    if kind in ("history", "redirect", "listing", "recover"):
        return {}
    if kind == "official_text":
        return dict(OFFICIAL_TEXT)
    if kind == "changelist":
        form = read_form(page(url), "changelist-form")
        editable = sorted(n for n in form.names if n.startswith("form-0-") and n != "form-0-id")
        if not editable or form.kinds.get(editable[0]) == "hidden":
            return {}
        data = {k: v for k, v in form.data.items() if k != "action"}
        data[editable[0]] = [str(int(data[editable[0]][0] or 0) + 1)]
        return {**data, "_save": "Save"}
    if kind == "add":
        shown = read_form(page(change_url), "_form")
        blank = read_form(page(url), "_form")
        data = dict(blank.data)
        for name in blank.names:
            if "-" not in name and name in shown.data:
                data[name] = shown.data[name]
        data.update({k: [v] for k, v in UNIQUE_ON_ADD.get(label, {}).items()})
        data.update({k: [v] for k, v in ADD_EXTRA.get(label, {}).items()})
        return {**data, "_save": "Save"}
    if kind == "preview":
        return payload(superuser, model, model_admin, obj, "change", change_url)
    # change and revert: the form as shown, one field changed.
    form = read_form(page(url), "_form")
    field = CHANGED_FIELD.get(label)
    data = dict(form.data)
    if field and field in data:
        data[field] = [(data[field][0] or "") + "-walked"]
    return {**data, "_save": "Save"}


@pytest.fixture
def people():
    superuser = User.objects.create_superuser("root", password=PASSWORD)
    editor = User.objects.create_user("editor", password=PASSWORD, is_staff=True)
    editor.groups.add(Group.objects.get(name="Editors"))
    bystander = User.objects.create_user("bystander", password=PASSWORD, is_staff=True)
    make_missing_records(bystander)
    as_superuser, as_editor = Client(), Client()
    as_superuser.force_login(superuser)
    as_editor.force_login(editor)
    return superuser, editor, as_superuser, as_editor


# Each of these writes for a superuser and must be refused to an editor: the walk really
# tried the law's text, the zoning map and the staff accounts.
MUST_BE_REFUSED = {
    ("codebook.sectionversion", "revert"),
    ("codebook.sectionversion", "change"),
    ("codebook.sectionversion", "add"),
    ("codebook.sectionversion", "delete"),
    # "action:promote_to_adopted" is not listed: every shipped proposed version belongs to a
    # named proposal, which is adopted under Proposals, so the walk's promote POST writes
    # nothing even for a superuser. An editor's promote that wrote would still fail the
    # walk (it is not in EDITOR_WRITES), and the action needs change permission.
    ("codebook.sectionversion", "action:delete_selected"),
    ("codebook.codesection", "change"),
    ("codebook.codesection", "official_text"),
    ("codebook.codesection", "add"),
    ("codebook.codesection", "delete"),
    ("codebook.zoningmapchange", "change"),
    ("codebook.zoningmapchange", "delete"),
    # Adopting a proposal makes its text and numbers law: the superuser's "Adopt" (with the
    # ordinance and dates in ACTION_FIELDS) writes, the editor's is refused.
    ("codebook.proposal", "action:adopt"),
    ("codebook.proposal", "change"),
    ("codebook.proposal", "revert"),
    ("core.siteinfo", "delete"),
    ("core.siteinfo", "action:delete_selected"),
    ("auth.user", "change"),
    ("auth.user", "password"),
    ("auth.group", "change"),
}

REGISTERED = sorted(admin.site._registry, key=lambda model: model._meta.label_lower)


@pytest.mark.parametrize("model", REGISTERED, ids=lambda model: model._meta.label_lower)
def test_through_every_admin_url_an_editor_writes_only_summaries_topics_and_faqs(people, model):
    superuser, editor, as_superuser, as_editor = people
    model_admin = admin.site._registry[model]
    label = model._meta.label_lower
    obj = User.objects.get(username="bystander") if label == "auth.user" else some_record(model)
    assert obj is not None, f"{label}: no record to walk"
    editor_writes, refused, posts = set(), set(), []
    for kind, url in walk_urls(model, model_admin, obj):
        # GET: never a write, and a page of a model the editor may not change offers no save
        # button.
        before = snapshot()
        page = as_editor.get(url)
        assert page.status_code in (200, 302, 403, 405), (label, kind, page.status_code)
        assert not changed_tables(before, snapshot()), (label, kind, "GET wrote")
        if page.status_code == 200 and (label, "change") not in EDITOR_WRITES:
            assert 'name="_save"' not in page.content.decode(), (label, kind, "a save button")
        posts.append((kind, url, payload(as_superuser, model, model_admin, obj, kind, url)))
    changelist = reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_changelist")
    for _func, name, _desc in model_admin._get_base_actions():
        data = {"action": name, "_selected_action": [str(obj.pk)], **ACTION_FIELDS}
        posts.append((f"action:{name}", changelist, data))

    for kind, url, data in posts:
        status, changed, body = post_and_roll_back(as_editor, url, data)
        if wrote(changed):
            editor_writes.add((label, kind))
            continue
        # Would the same POST have written for someone allowed to make it?
        _, super_changed, super_body = post_and_roll_back(as_superuser, url, data)
        if (label, kind) in EDITOR_WRITES:
            assert wrote(super_changed), (label, kind, "the walk's POST writes nothing", super_body)
        if wrote(super_changed):
            # Refused: nothing at all changed, and the editor was told no.
            assert not changed, (label, kind, changed)
            refused.add((label, kind))
            if not kind.startswith("action:"):
                assert status == 403, (label, kind, status, body)

    assert editor_writes == {write for write in EDITOR_WRITES if write[0] == label}
    assert {must for must in MUST_BE_REFUSED if must[0] == label} <= refused
    if label in ("guidance.summary", "guidance.faq"):
        kinds = {kind for kind, _url, _data in posts}
        assert {"changelist", "add", "change", "delete", "history", "revert", "redirect"} <= kinds
        assert "preview" in kinds


def test_every_history_admin_checks_permissions_on_its_revert_form():
    from simple_history.admin import SimpleHistoryAdmin

    from cotati_site.codebook.admin import HistoryPermissionsMixin

    unguarded = [
        model._meta.label
        for model, model_admin in admin.site._registry.items()
        if isinstance(model_admin, SimpleHistoryAdmin)
        and not isinstance(model_admin, HistoryPermissionsMixin)
    ]
    assert unguarded == []


def test_the_revert_form_of_a_section_version_cannot_rewrite_the_law_for_an_editor(people):
    """The attack in issue 8: an editor POSTs a new body through the history page's form."""
    superuser, editor, as_superuser, as_editor = people
    version = SectionVersion.objects.filter(section_id="17.62.060").first() or (
        SectionVersion.objects.first()
    )
    before = version.body
    record = version.history.order_by("history_id").first()
    url = f"/admin/codebook/sectionversion/{version.pk}/history/{record.history_id}/"
    page = as_editor.get(url)
    assert page.status_code == 200
    assert 'name="_save"' not in page.content.decode()
    data = payload(as_superuser, SectionVersion, None, version, "revert", url)
    data["body"] = ['[{"type": "paragraph", "text": "Fences may be any height."}]']
    data["pasted_text"] = ["Fences may be any height."]
    response = as_editor.post(url, data)
    assert response.status_code == 403
    version.refresh_from_db()
    assert version.body == before


def test_a_superuser_adopts_a_proposal_in_the_admin_and_an_editor_cannot(people):
    from cotati_site.codebook.models import Proposal, ProposalStatus

    superuser, editor, as_superuser, as_editor = people
    proposal = Proposal.objects.get(pk="spring-2026-cleanup")
    assert proposal.status == ProposalStatus.PROPOSED
    changelist = reverse("admin:codebook_proposal_changelist")
    data = {"action": "adopt", "_selected_action": [proposal.pk], **ACTION_FIELDS}

    response = as_editor.post(changelist, data)
    assert response.status_code in (200, 302, 403)
    proposal.refresh_from_db()
    assert (proposal.status, proposal.ordinance, proposal.effective_on) == (
        ProposalStatus.PROPOSED,
        "",
        None,
    )
    assert not proposal.history.filter(history_user=editor).exists()

    response = as_superuser.post(changelist, data)
    assert response.status_code == 302
    proposal.refresh_from_db()
    assert proposal.status == ProposalStatus.ADOPTED
    assert (proposal.ordinance, str(proposal.effective_on)) == ("Ord. 9999", "2026-12-01")
    assert proposal.history.latest().history_user == superuser
