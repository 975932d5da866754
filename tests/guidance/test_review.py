"""Summaries stay true to the code: a newer adopted version marks them for review."""

from datetime import date, timedelta

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from cotati_site.guidance import review
from cotati_site.guidance.models import Summary
from cotati_site.guidance.services import record_check
from tests.factories import make_section, make_summary, make_topic, make_version

pytestmark = pytest.mark.django_db


@pytest.fixture
def today():
    """Today when the test runs: a suite can cross midnight, so never read at import."""
    return timezone.localdate()


def checked_summary(section, on, **fields):
    """A summary checked on ``on`` against the version of ``section`` in force then."""
    summary = make_summary(
        make_topic(slug=f"topic-{section.number.replace('.', '-')}"), section, **fields
    )
    record_check(summary, on)
    return summary


def test_shipped_summaries_were_checked_against_the_shipped_text(today):
    assert review.summaries_needing_review(today) == {}
    linked = Summary.objects.get(pk=1)  # cites § 17.30.030, whose text we hold as printed
    assert set(linked.checked_versions) == {"17.30.030"}


def test_a_newer_adopted_version_in_force_marks_the_summary_for_review(today):
    section = make_section()
    make_version(section, effective_on=date(2020, 1, 1))
    summary = checked_summary(section, today)
    assert summary.pk not in review.summaries_needing_review(today)
    changed = today - timedelta(days=3)
    make_version(section, effective_on=changed, source="Ord. 1000")
    assert review.summaries_needing_review(today)[summary.pk] == changed


def test_a_proposal_or_a_future_version_does_not_mark_it_yet(today):
    section = make_section()
    make_version(section, effective_on=date(2020, 1, 1))
    summary = checked_summary(section, today)
    make_version(section, status="proposed")
    future = make_version(section, effective_on=today + timedelta(days=30))
    assert summary.pk not in review.summaries_needing_review(today)
    assert review.summaries_needing_review(future.effective_on)[summary.pk] == future.effective_on


def test_public_page_says_the_code_changed_until_an_editor_rechecks(client, today):
    section = make_section()
    make_version(section, effective_on=date(2020, 1, 1))
    summary = checked_summary(section, today)
    changed = today - timedelta(days=1)
    make_version(section, effective_on=changed)
    html = client.get(summary.topic.get_absolute_url()).content.decode()
    assert "data-needs-review" in html
    assert f'datetime="{changed:%Y-%m-%d}"' in html
    record_check(summary, today)
    assert "data-needs-review" not in client.get(summary.topic.get_absolute_url()).content.decode()


@pytest.fixture
def admin_client_(client):
    client.force_login(User.objects.create_superuser("boss", password="a-long-test-password"))
    return client


def test_admin_filter_index_count_and_recheck_action(admin_client_, today):
    section = make_section()
    make_version(section, effective_on=date(2020, 1, 1))
    stale = checked_summary(section, today, headline="A stale rule.")
    make_version(section, effective_on=today - timedelta(days=2))
    index = admin_client_.get("/admin/").content.decode()
    assert 'data-needs-review="1"' in index
    listing = admin_client_.get("/admin/guidance/summary/?review=needed").content.decode()
    assert "A stale rule." in listing
    assert "Needs review" in listing
    response = admin_client_.post(
        "/admin/guidance/summary/",
        {"action": "mark_checked_today", "_selected_action": [stale.pk]},
    )
    assert response.status_code == 302
    stale.refresh_from_db()
    assert stale.checked_on == today
    assert review.summaries_needing_review(today) == {}
    assert 'data-needs-review="0"' in admin_client_.get("/admin/").content.decode()
    assert "A stale rule." not in (
        admin_client_.get("/admin/guidance/summary/?review=needed").content.decode()
    )
