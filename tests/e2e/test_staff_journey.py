"""A staff member logs in through the real login form, edits a summary, and readers see it."""

import re

import pytest
from django.conf import settings
from django.contrib.auth.models import Group, Permission, User

from cotati_site.guidance.models import Summary
from tests.e2e.conftest import save_screenshot

pytestmark = pytest.mark.browser

PASSWORD = "a-long-staff-password-for-the-browser"


def make_editor() -> User:
    """An editor as the README describes: staff status and the Editors group."""
    group, _ = Group.objects.get_or_create(name="Editors")
    group.permissions.add(
        *Permission.objects.filter(
            content_type__app_label__in=["guidance", "codebook"],
            codename__in=["view_summary", "change_summary", "view_topic", "view_codesection"],
        )
    )
    user = User.objects.create_user("editor", password=PASSWORD, is_staff=True)
    user.groups.add(group)
    return user


def test_staff_member_logs_in_edits_a_summary_and_readers_see_it(site, browser, page):
    make_editor()
    summary = Summary.objects.filter(is_published=True, topic__slug="fences-and-walls").first()
    admin = f"{site.url}/{settings.ADMIN_URL}"

    page.goto(admin)
    page.wait_for_url(re.compile(r"/login/"))
    page.get_by_label("Username").fill("editor")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(admin)

    page.get_by_role("link", name="Summaries").first.click()
    # The list's own search box (the list has no navigation sidebar and its filter box).
    page.locator("#changelist-search #searchbar").fill(summary.headline)
    page.keyboard.press("Enter")
    page.get_by_role("link", name=summary.headline, exact=True).click()
    page.wait_for_url(re.compile(rf"/summary/{summary.pk}/change/"))
    page.locator("#id_body").fill(
        "Edited by staff in a browser.\n\nA <strong>bold</strong> second paragraph."
    )
    save_screenshot(page, "admin-summary-change-desktop")
    page.get_by_role("button", name="Save", exact=True).click()
    page.wait_for_selector(".messagelist .success")

    reader = browser.new_context().new_page()  # an anonymous reader, not the logged-in editor
    reader.goto(f"{site.url}/topics/fences-and-walls/")
    article = reader.locator(f"#summary-{summary.pk}")
    assert "Edited by staff in a browser." in article.inner_text()
    assert article.locator("strong", has_text="bold").count() == 1
    reader.context.close()
