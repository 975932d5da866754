"""Editors read proposals in the admin (what is about to change), and cannot adopt, withdraw or
edit them; the adopt and withdraw forms' date fields are the browser's own, with help that
names no format (Chromium shows mm/dd/yyyy in US English, not the ISO form it submits)."""

import re
from datetime import date

import pytest
from django.contrib.auth.models import Group, User
from django.utils import translation

from cotati_site.codebook.admin_forms import PromoteForm, WithdrawForm
from cotati_site.codebook.models import Proposal

pytestmark = pytest.mark.django_db

SPRING = "spring-2026-cleanup"
ADMIN_URL = "/admin/codebook/proposal/"


@pytest.fixture
def editor(client):
    user = User.objects.create_user("editor", password="a-long-test-password", is_staff=True)
    user.groups.add(Group.objects.get(name="Editors"))
    client.force_login(user)
    return user


def test_an_editor_sees_proposals_on_the_admin_index_and_their_list(client, editor):
    index = client.get("/admin/").content.decode()
    assert f'href="{ADMIN_URL}"' in index
    listing = client.get(ADMIN_URL)
    assert listing.status_code == 200
    assert f"{ADMIN_URL}{SPRING}/change/" in listing.content.decode()


def test_an_editor_reads_a_proposal_and_its_versions_without_a_save_button(client, editor):
    page = client.get(f"{ADMIN_URL}{SPRING}/change/")
    html = page.content.decode()
    assert page.status_code == 200
    assert Proposal.objects.get(pk=SPRING).title in html
    assert "17.62.060" in html  # its versions, listed inline
    assert 'name="_save"' not in html
    assert 'name="title"' not in html  # shown as text, not as a field


def test_an_editor_is_offered_neither_adopt_nor_withdraw(client, editor):
    html = client.get(ADMIN_URL).content.decode()
    offered = set(re.findall(r'<option value="(\w+)"', html))
    assert not offered & {"adopt", "withdraw"}


@pytest.mark.parametrize("action", ["adopt", "withdraw"])
def test_an_editor_cannot_adopt_or_withdraw_a_proposal(
    client, editor, django_capture_on_commit_callbacks, action
):
    data = {
        "action": action,
        "_selected_action": [SPRING],
        "apply": "1",
        "ordinance": "Ord. 950",
        "effective_on": "2027-01-01",
        "withdrawn_on": "2026-11-20",
    }
    with django_capture_on_commit_callbacks(execute=True):
        client.post(ADMIN_URL, data)
    assert Proposal.objects.get(pk=SPRING).status == "proposed"


def test_an_editor_cannot_change_a_proposal(client, editor):
    proposal = Proposal.objects.get(pk=SPRING)
    response = client.post(f"{ADMIN_URL}{SPRING}/change/", {"title": "Changed by an editor"})
    assert response.status_code == 403
    assert Proposal.objects.get(pk=SPRING).title == proposal.title


@pytest.mark.parametrize("form", [PromoteForm, WithdrawForm], ids=["adopt", "withdraw"])
def test_date_fields_are_the_browsers_and_their_help_names_no_format(form):
    for field in ("adopted_on", "effective_on", "withdrawn_on"):
        if field not in form.base_fields:
            continue
        html = str(form()[field])
        assert 'type="date"' in html
        help_text = str(form.base_fields[field].help_text)
        assert not re.search(r"YYYY|MM|DD|yyyy|dd/|/mm", help_text), help_text


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_date_fields_value_is_iso_whatever_the_language(settings, language):
    # A date field's value must be YYYY-MM-DD; a localized value (20/11/2026) shows empty.
    settings.LANGUAGE_CODE = language  # the language in force, with or without USE_I18N
    with translation.override(language):
        assert translation.get_language() == language
        html = str(WithdrawForm(initial={"withdrawn_on": date(2026, 11, 20)})["withdrawn_on"])
        bound = str(WithdrawForm({"withdrawn_on": "2026-11-20"})["withdrawn_on"])
    assert 'value="2026-11-20"' in html
    assert 'value="2026-11-20"' in bound


def test_the_withdraw_page_offers_today_in_the_date_field(admin_client):
    html = admin_client.post(ADMIN_URL, {"action": "withdraw", "_selected_action": [SPRING]})
    field = re.search(r'<input[^>]*name="withdrawn_on"[^>]*>', html.content.decode()).group(0)
    assert 'type="date"' in field
    assert re.search(r'value="\d{4}-\d{2}-\d{2}"', field)
