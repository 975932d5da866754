"""The admin's "Recover deleted …" pages, for every admin of a model with a history.

The list shows what is deleted and not back; each entry's page shows what recovering it
brings back (a topic with the summaries and FAQs its delete took with it) and recovers it
on POST (``core.recovery``). Only those who may add and change the model, and each model
the delete cascaded to, may recover: editors for guidance, superusers for the law's text.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpResponseNotAllowed, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import path, reverse

from cotati_site.core import recovery


class RecoverDeletedMixin:
    """For a ``SimpleHistoryAdmin``: a "Recover deleted …" link on the list, its pages."""

    def get_urls(self):
        info = self.model._meta.app_label, self.model._meta.model_name
        return [
            path(
                "recover/",
                self.admin_site.admin_view(self.recover_list_view),
                name="{}_{}_recover_list".format(*info),
            ),
            path(
                "recover/<int:history_id>/",
                self.admin_site.admin_view(self.recover_view),
                name="{}_{}_recover".format(*info),
            ),
            *super().get_urls(),
        ]

    def _admin_url(self, name: str, *args) -> str:
        opts = self.model._meta
        return reverse(
            f"{self.admin_site.name}:{opts.app_label}_{opts.model_name}_{name}", args=args
        )

    def may_recover(self, request, deletion: recovery.Deletion | None = None) -> bool:
        """May add and change this model, and every model ``deletion`` cascaded to."""
        if not (self.has_add_permission(request) and self.has_change_permission(request)):
            return False
        if deletion is None:
            return True
        return all(self._may_recreate(request, child.model) for child in _children(deletion))

    def _may_recreate(self, request, model) -> bool:
        if model is self.model:
            return True
        if self.admin_site.is_registered(model):
            other = self.admin_site.get_model_admin(model)
            return other.has_add_permission(request) and other.has_change_permission(request)
        opts = model._meta
        return request.user.has_perms(
            [
                f"{opts.app_label}.add_{opts.model_name}",
                f"{opts.app_label}.change_{opts.model_name}",
            ]
        )

    def recovered(self, request, restored: list) -> None:
        """After a recovery (overridden where more depends on the records: a search index)."""

    def changelist_view(self, request, extra_context=None):
        if self.may_recover(request):
            extra_context = {
                **(extra_context or {}),
                "recover_deleted_url": self._admin_url("recover_list"),
            }
        return super().changelist_view(request, extra_context)

    def recover_list_view(self, request):
        if not self.may_recover(request):
            raise PermissionDenied
        opts = self.model._meta
        return TemplateResponse(
            request,
            "admin/recover_deleted/list.html",
            {
                **self.admin_site.each_context(request),
                "title": f"Recover deleted {opts.verbose_name_plural}",
                "opts": opts,
                "deletions": [
                    {"deletion": deletion, "taken": _counted(_children(deletion))}
                    for deletion in recovery.deleted(self.model)
                ],
                "recover_url_name": f"{self.admin_site.name}:{opts.app_label}_"
                f"{opts.model_name}_recover",
            },
        )

    def recover_view(self, request, history_id: int):
        if request.method not in ("GET", "HEAD", "POST"):
            return HttpResponseNotAllowed(["GET", "POST"])
        if not self.may_recover(request):
            raise PermissionDenied
        try:
            deletion = recovery.find(self.model, history_id)
        except ValidationError as refusal:
            return self._refuse(request, refusal)
        if not self.may_recover(request, deletion):
            raise PermissionDenied
        if request.method == "POST":
            try:
                restored = recovery.recover(deletion, user=request.user)
            except ValidationError as refusal:
                return self._refuse(request, refusal)
            for obj in restored:
                self.log_addition(request, obj, recovery.RECOVERED)
            self.recovered(request, restored)
            self.message_user(request, _recovered_message(deletion), messages.SUCCESS)
            return HttpResponseRedirect(self._admin_url("change", restored[0].pk))
        opts = self.model._meta
        return TemplateResponse(
            request,
            "admin/recover_deleted/confirm.html",
            {
                **self.admin_site.each_context(request),
                "title": f"Recover the deleted {opts.verbose_name} “{deletion.instance}”",
                "opts": opts,
                "deletion": deletion,
                "children": [
                    (child.model._meta.verbose_name, child.instance)
                    for child in _children(deletion)
                ],
                "list_url": self._admin_url("recover_list"),
            },
        )

    def _refuse(self, request, refusal: ValidationError):
        self.message_user(request, " ".join(refusal.messages), messages.ERROR)
        return HttpResponseRedirect(self._admin_url("recover_list"))


def _children(deletion: recovery.Deletion) -> list[recovery.Deletion]:
    """Everything the delete cascaded to, at any depth (not the record itself)."""
    return [item for item in deletion.each() if item is not deletion]


def _counted(deletions: list[recovery.Deletion]) -> str:
    """E.g. "11 summaries, 3 FAQs"; empty for none."""
    counts: dict = {}
    for item in deletions:
        counts[item.model] = counts.get(item.model, 0) + 1
    return ", ".join(
        f"{count} {model._meta.verbose_name if count == 1 else model._meta.verbose_name_plural}"
        for model, count in counts.items()
    )


def _recovered_message(deletion: recovery.Deletion) -> str:
    what = f"The {deletion.model._meta.verbose_name} “{deletion.instance}” is back, as it was last saved"
    taken = _counted(_children(deletion))
    return f"{what}, with the {taken} deleted with it." if taken else f"{what}."
