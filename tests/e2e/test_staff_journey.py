"""A staff member logs in through the real login form, edits a summary, and readers see it;
deletes a topic by mistake and brings it back."""

import re

import pytest
from django.conf import settings
from django.contrib.auth.models import Group, Permission, User

from cotati_site.guidance.models import Summary, Topic
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


def log_in(page, admin: str) -> None:
    page.goto(admin)
    page.wait_for_url(re.compile(r"/login/"))
    page.get_by_label("Username").fill("editor")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(admin)


def test_staff_member_logs_in_edits_a_summary_and_readers_see_it(fresh_site, browser, page):
    site = fresh_site
    make_editor()
    summary = Summary.objects.filter(is_published=True, topic__slug="fences-and-walls").first()
    admin = f"{site.url}/{settings.ADMIN_URL}"
    log_in(page, admin)

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
    # The rule opens from its own heading (issue 22): its <details>' <summary>, not the one of
    # the "How we know this" nested inside it (issue 21).
    article.locator(":scope > details > summary").click()
    assert "Edited by staff in a browser." in article.inner_text()
    assert article.locator("strong", has_text="bold").count() == 1
    reader.context.close()


def test_an_editor_deletes_a_topic_by_mistake_and_recovers_it_with_its_summaries(
    fresh_site, browser, page
):
    site = fresh_site
    editor = make_editor()
    # What the Editors group holds (core/0002_editors_group) for a topic and what its delete
    # takes with it: a transactional test's flush drops the group the migration made.
    editor.groups.get().permissions.add(
        *Permission.objects.filter(
            content_type__app_label__in=["guidance", "search"],
            codename__in=[
                f"{action}_{model}"
                for action in ("add", "change", "delete", "view")
                for model in ("topic", "summary", "faq", "searchphrase")
            ],
        )
    )
    topic = Topic.objects.get(slug="fences-and-walls")
    summary = topic.summaries.filter(is_published=True).first()
    admin = f"{site.url}/{settings.ADMIN_URL}"
    log_in(page, admin)

    page.goto(f"{admin}guidance/topic/{topic.pk}/delete/")
    page.get_by_role("button", name=re.compile("Yes, I.m sure")).click()
    page.wait_for_selector(".messagelist .success")
    reader = browser.new_context().new_page()
    assert reader.goto(f"{site.url}/topics/fences-and-walls/").status == 404

    page.get_by_role("link", name="Recover deleted topics").click()
    row = page.locator("#recover-deleted-list tr", has_text=topic.title)
    row.get_by_role("link", name="Recover…").click()
    assert summary.headline in page.locator("#recovered-with-it").inner_text()
    save_screenshot(page, "admin-recover-topic-desktop")
    page.get_by_role("button", name="Recover", exact=True).click()
    page.wait_for_selector(".messagelist .success")

    assert reader.goto(f"{site.url}/topics/fences-and-walls/").status == 200
    assert summary.headline in reader.locator(f"#summary-{summary.pk}").inner_text()
    reader.context.close()
