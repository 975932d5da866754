"""Two editors saving the same record at the same moment: exactly one is saved, the other is
told and keeps what they typed; no edit is lost and no two history rows share a revision.

Real concurrency: each editor is a thread with its own database connection, posting the
admin's change form through the whole request stack at the same instant (a barrier), on
committed data (a transactional test), many times over.
"""

import threading

import pytest
from django.contrib.auth.models import Group, Permission, User
from django.db import connections
from django.test import Client

from cotati_site.core.revisions import StaleEdit, save_with_revision
from cotati_site.guidance.models import FAQ, Summary
from tests.factories import (
    make_faq,
    make_section,
    make_summary,
    make_topic,
    summary_admin_form,
)

pytestmark = pytest.mark.django_db(transaction=True)

TRIALS = 30
CONFLICT = "NOT been saved"


def editor_client(name: str) -> Client:
    # Transactional tests start from an emptied database, so the group is made here.
    group, _ = Group.objects.get_or_create(name="Concurrent editors")
    group.permissions.set(
        Permission.objects.filter(
            content_type__app_label="guidance",
            codename__in=["view_summary", "change_summary", "view_faq", "change_faq"],
        )
    )
    user = User.objects.create_user(name, password="a-long-test-password", is_staff=True)
    user.groups.add(group)
    client = Client()
    client.force_login(user)
    return client


def at_once(*calls):
    """Run each call in its own thread (its own database connection), released together."""
    barrier = threading.Barrier(len(calls))
    results: list = [None] * len(calls)

    def run(index, call):
        try:
            barrier.wait(timeout=30)
            results[index] = call()
        except Exception as error:  # the test reports it
            results[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=90)
    return results


def test_two_editors_posting_one_summary_at_once_never_lose_an_edit():
    first, second = editor_client("first"), editor_client("second")
    topic, section = make_topic(slug="concurrent"), make_section()
    outcomes = []
    for trial in range(TRIALS):
        summary = make_summary(topic, section, headline=f"Trial {trial} before both edits.")
        url = f"/admin/guidance/summary/{summary.pk}/change/"
        typed = {
            "first": summary_admin_form(summary, headline=f"Trial {trial} by the first editor."),
            "second": summary_admin_form(summary, headline=f"Trial {trial} by the second editor."),
        }
        responses = at_once(
            lambda url=url, data=typed["first"]: first.post(url, data),
            lambda url=url, data=typed["second"]: second.post(url, data),
        )
        for response in responses:
            assert not isinstance(response, Exception), response
            assert response.status_code in (200, 302), response.status_code
        saved = [who for who, r in zip(typed, responses, strict=True) if r.status_code == 302]
        refused = [
            (who, r) for who, r in zip(typed, responses, strict=True) if r.status_code == 200
        ]
        # Exactly one save goes through; the other editor is told, and keeps what they typed.
        assert len(saved) == 1, (trial, [r.status_code for r in responses])
        ((loser, page),) = refused
        html = page.content.decode()
        assert CONFLICT in html, (trial, html[:3000])
        assert typed[loser]["headline"] in html
        summary.refresh_from_db()
        assert summary.headline == typed[saved[0]]["headline"]
        revisions = list(summary.history.values_list("revision", flat=True))
        assert len(revisions) == len(set(revisions)) == 2, (trial, revisions)
        outcomes.append(saved[0])
    # Both editors won some trials: the race was real, not one thread always first.
    assert set(outcomes) == {"first", "second"} or len(outcomes) == TRIALS


@pytest.mark.parametrize("make", ["summary", "faq", "topic"])
def test_saves_of_one_revision_from_many_connections_at_once_let_exactly_one_through(make):
    topic = make_topic(slug=f"race-{make}")
    for trial in range(10):
        if make == "summary":
            record = make_summary(topic, headline=f"Trial {trial}.")
            field = "headline"
        elif make == "faq":
            record = make_faq(topic, question=f"Trial {trial}?")
            field = "question"
        else:
            record = make_topic(slug=f"race-topic-{trial}", title=f"Trial {trial}")
            field = "title"
        shown = record.revision
        model = type(record)

        def save(writer, pk=record.pk, model=model, field=field, trial=trial, shown=shown):
            obj = model.objects.get(pk=pk)
            setattr(obj, field, f"Trial {trial} by writer {writer}")
            try:
                save_with_revision(obj, shown)
            except StaleEdit:
                return "refused"
            return "saved"

        results = at_once(*[lambda w=w: save(w) for w in range(4)])
        assert sorted(results) == ["refused", "refused", "refused", "saved"], (trial, results)
        record.refresh_from_db()
        assert record.revision == shown + 1
        winner = getattr(record, field)
        assert winner.startswith(f"Trial {trial} by writer ")
        revisions = list(record.history.values_list("revision", flat=True))
        assert len(revisions) == len(set(revisions)), revisions
        assert record.history.filter(**{field: winner}).count() == 1


def test_saves_without_a_shown_revision_still_get_distinct_revisions():
    """Deliberate overwrites (fixtures, commands) are not refused, but never share a number."""
    topic = make_topic(slug="overwrites")
    summary = make_summary(topic, headline="Overwritten by everyone.")

    def overwrite(writer):
        obj = Summary.objects.get(pk=summary.pk)
        obj.body = f"Body by writer {writer}"
        obj.save()
        return obj.revision

    claimed = at_once(*[lambda w=w: overwrite(w) for w in range(4)])
    assert sorted(claimed) == [summary.revision + n for n in (1, 2, 3, 4)], claimed
    revisions = list(summary.history.values_list("revision", flat=True))
    assert len(revisions) == len(set(revisions)) == 5


def test_the_refused_editor_sees_the_winners_text_and_saves_after_reloading():
    first, second = editor_client("alice"), editor_client("bob")
    faq = make_faq(make_topic(slug="faq-race"), question="Before?", answer="Before.")
    url = f"/admin/guidance/faq/{faq.pk}/change/"

    def form(question):
        return {
            "topic": faq.topic_id,
            "question": question,
            "answer": f"{question} answered.",
            "order": faq.order,
            "is_published": "on",
            "shown_revision": faq.revision,
        }

    responses = at_once(
        lambda: first.post(url, form("By alice?")), lambda: second.post(url, form("By bob?"))
    )
    statuses = sorted(r.status_code for r in responses)
    assert statuses == [200, 302], statuses
    faq.refresh_from_db()
    loser = second if responses[0].status_code == 302 else first
    refused = next(r for r in responses if r.status_code == 200).content.decode()
    assert faq.question in refused  # the text saved meanwhile is shown
    retry = form("Retried after reloading?")
    retry["shown_revision"] = faq.revision
    assert loser.post(url, retry).status_code == 302
    faq.refresh_from_db()
    assert faq.question == "Retried after reloading?"
    assert FAQ.objects.get(pk=faq.pk).revision == retry["shown_revision"] + 1
