"""Staff editing of the code book: only superusers (and, for official text, staff given its one
permission) touch the law's words; editors may read them.

Every write path of the admin asks for the permission it needs: the change, add and delete
pages (Django's own checks), the history page's revert form (``HistoryPermissionsMixin``:
django-simple-history lets anyone who may *view* a record POST that form), each action (its
``permissions``), and the custom views below. ``tests/security/test_admin_write_paths.py``
walks every admin URL of every registered model with an editor's session to keep it so.
Topics, summaries and FAQs have their admin in ``guidance.admin``.
"""

import json

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import models, transaction
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import path
from django.utils import timezone
from simple_history.admin import SimpleHistoryAdmin

from cotati_site.codebook import code_text, recheck
from cotati_site.codebook import services as codebook_services
from cotati_site.codebook.admin_forms import (
    OfficialTextForm,
    PromoteForm,
    SectionVersionForm,
    WithdrawForm,
)
from cotati_site.codebook.models import (
    CodeSection,
    Proposal,
    ProposalStatus,
    SectionVersion,
    VersionStatus,
    ZoningMapChange,
)
from cotati_site.codebook.official_text import parse_official_text
from cotati_site.core.as_of import default_as_of
from cotati_site.core.cache import ContentCacheAdminMixin
from cotati_site.core.history_admin import HistoryPermissionsMixin


@admin.register(CodeSection)
class CodeSectionAdmin(ContentCacheAdminMixin, admin.ModelAdmin):
    """Code text is the law's own words: editors may read it, only superusers may change it."""

    list_display = ("number", "title", "chapter", "has_text", "retrieved_on")
    list_filter = ("code_title", "chapter")
    search_fields = ("number", "title")
    readonly_fields = ("sort_key",)
    formfield_overrides = {models.URLField: {"assume_scheme": "https"}}

    change_form_template = "admin/codebook/codesection/change_form.html"
    change_list_template = "admin/codebook/codesection/change_list.html"

    def get_queryset(self, request):
        return super().get_queryset(request).with_text_on(timezone.localdate())

    @admin.display(boolean=True, description="Text in force")
    def has_text(self, obj: CodeSection) -> bool:
        return obj.in_force_id is not None

    def get_urls(self):
        return [
            path(
                "recheck-secondary/",
                self.admin_site.admin_view(self.recheck_view),
                name="codebook_codesection_recheck",
            ),
            path(
                "<path:object_id>/official-text/",
                self.admin_site.admin_view(self.official_text_view),
                name="codebook_codesection_official_text",
            ),
            *super().get_urls(),
        ]

    def recheck_view(self, request):
        """Secondary-source standards whose section now has official text: for developers."""
        if not self.has_view_permission(request):
            raise PermissionDenied
        return TemplateResponse(
            request,
            "admin/codebook/codesection/recheck.html",
            {
                **self.admin_site.each_context(request),
                "title": "Standards from a secondary source to re-check",
                "opts": self.model._meta,
                "rechecks": recheck.secondary_standards_to_recheck(),
            },
        )

    def change_view(self, request, object_id, form_url="", extra_context=None):
        extra_context = {
            **(extra_context or {}),
            "may_adopt_official_text": self.may_adopt_official_text(request.user),
        }
        return super().change_view(request, object_id, form_url, extra_context)

    @staticmethod
    def may_adopt_official_text(user) -> bool:
        """Code text is law: superusers, or staff given this one permission (not Editors)."""
        return user.is_superuser or user.has_perm("codebook.adopt_official_text")

    def official_text_view(self, request, object_id):
        """Paste official text → preview the parsed blocks → fix them → save as adopted."""
        if not self.may_adopt_official_text(request.user):
            raise PermissionDenied
        section = get_object_or_404(CodeSection, pk=object_id)
        parsed = blocks = None
        if request.method != "POST":
            form = OfficialTextForm()
        else:
            # What the paste itself says (history line, download line) fills the fields left
            # empty, and an empty result box is filled from the parser: staff type only what
            # the paste cannot tell, and nothing they typed is lost.
            data = request.POST.copy()
            parsed = parse_official_text(data.get("pasted_text", ""))
            for name, value in (
                ("history", parsed.history),
                ("source_url", parsed.source_url),
                ("retrieved_on", parsed.retrieved_on.isoformat() if parsed.retrieved_on else ""),
            ):
                if value and not data.get(name, "").strip():
                    data[name] = value
            if not data.get("parsed_blocks", "").strip() and parsed.blocks:
                data["parsed_blocks"] = json.dumps(parsed.blocks, indent=1, ensure_ascii=False)
            form = OfficialTextForm(data)
            if form.is_valid():
                blocks = form.cleaned_data["parsed_blocks"]
                if "save" in request.POST and blocks:
                    try:
                        adopted = code_text.adopt_official_text(
                            section,
                            blocks,
                            source=form.cleaned_data["source"],
                            effective_on=form.cleaned_data["effective_on"],
                            adopted_on=form.cleaned_data["adopted_on"],
                            history=form.cleaned_data["history"],
                            source_url=form.cleaned_data["source_url"],
                            retrieved_on=form.cleaned_data["retrieved_on"],
                        )
                    except ValidationError as error:
                        form.add_error(None, error)
                    else:
                        self.message_user(
                            request,
                            f"§ {section.number}: official text saved as "
                            f"{adopted.version.source}, in effect from "
                            f"{adopted.version.effective_on:%B %-d, %Y}. "
                            f"{len(adopted.summaries_to_review)} summaries citing it now need "
                            "review.",
                            messages.SUCCESS,
                        )
                        return redirect("admin:codebook_codesection_change", section.pk)
            elif "parsed_blocks" not in form.errors:
                blocks = form.fields["parsed_blocks"].to_python(data.get("parsed_blocks"))
        return TemplateResponse(
            request,
            "admin/codebook/codesection/official_text.html",
            {
                **self.admin_site.each_context(request),
                "title": f"Add the official text of § {section.number}",
                "opts": self.model._meta,
                "section": section,
                "form": form,
                "parsed": parsed,
                "blocks": blocks,
            },
        )

    def has_add_permission(self, request) -> bool:
        return request.user.is_superuser

    def has_change_permission(self, request, obj=None) -> bool:
        return request.user.is_superuser

    def has_delete_permission(self, request, obj=None) -> bool:
        return request.user.is_superuser


class SuperuserEditsMixin:
    """The law's own words: editors may read, only superusers add, change or delete."""

    def has_add_permission(self, request, *args) -> bool:
        return request.user.is_superuser

    def has_change_permission(self, request, obj=None) -> bool:
        return request.user.is_superuser

    def has_delete_permission(self, request, obj=None) -> bool:
        return request.user.is_superuser


@admin.register(SectionVersion)
class SectionVersionAdmin(
    SuperuserEditsMixin, HistoryPermissionsMixin, ContentCacheAdminMixin, SimpleHistoryAdmin
):
    """Versions of a section's text: paste the official text, set status and dates; promote a
    proposal to adopted law with its ordinance and effective date."""

    form = SectionVersionForm
    list_display = ("section", "part", "status", "source", "adopted_on", "effective_on")
    list_filter = ("status", "source")
    search_fields = ("section__number", "section__title", "source", "notes")
    list_select_related = ("section",)
    autocomplete_fields = ("section",)
    actions = ["promote_to_adopted"]
    fieldsets = (
        (None, {"fields": ("section", "part", "status", "proposal", "source", "proposed_as")}),
        ("Dates", {"fields": ("adopted_on", "effective_on")}),
        ("Text", {"fields": ("pasted_text", "body", "notes", "staff_note")}),
        ("Where it comes from", {"fields": ("text_source", "source_url", "retrieved_on")}),
    )
    formfield_overrides = {models.URLField: {"assume_scheme": "https"}}

    def save_model(self, request, obj, form, change):
        obj._history_user = request.user
        codebook_services.save_version(obj)  # the search index follows the text in force

    def recovered(self, request, restored):
        # A deleted version brought back (core.recovery): the index follows, as on a save.
        codebook_services.reindex_sections({version.section_id for version in restored})

    @admin.action(
        description="Promote to adopted (with ordinance and effective date)…",
        permissions=["change"],
    )
    def promote_to_adopted(self, request, queryset):
        if not request.user.is_superuser:
            self.message_user(request, "Only superusers may promote a version.", messages.ERROR)
            return None
        proposals = queryset.filter(status=VersionStatus.PROPOSED)
        if not proposals.exists():
            self.message_user(request, "Choose at least one proposed version.", messages.WARNING)
            return None
        owned = sorted(
            {v.proposal.title for v in proposals.select_related("proposal") if v.proposal}
        )
        if owned:
            self.message_user(
                request,
                f"These versions belong to a proposal ({', '.join(owned)}): adopt the proposal "
                "under Proposals, so its numbers take effect with its text.",
                messages.ERROR,
            )
            return None
        form = PromoteForm(request.POST if "apply" in request.POST else None)
        if form.is_bound and form.is_valid():
            with transaction.atomic():
                for version in proposals:
                    version._history_user = request.user
                    codebook_services.promote_version(
                        version,
                        ordinance=form.cleaned_data["ordinance"],
                        adopted_on=form.cleaned_data["adopted_on"],
                        effective_on=form.cleaned_data["effective_on"],
                    )
            self.message_user(
                request,
                f"{len(proposals)} version(s) adopted as {form.cleaned_data['ordinance']}, "
                f"in effect from {form.cleaned_data['effective_on']:%B %-d, %Y}.",
                messages.SUCCESS,
            )
            return None
        return TemplateResponse(
            request,
            "admin/codebook/sectionversion/promote.html",
            {
                **self.admin_site.each_context(request),
                "title": "Promote proposed versions to adopted",
                "opts": self.model._meta,
                "form": form,
                "versions": proposals.select_related("section"),
                "selected": [version.pk for version in proposals],
                "action_checkbox_name": admin.helpers.ACTION_CHECKBOX_NAME,
            },
        )


class SectionVersionInline(admin.TabularInline):
    model = SectionVersion
    fields = ("section", "part", "status", "effective_on")
    readonly_fields = fields
    extra = 0
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Proposal)
class ProposalAdmin(
    HistoryPermissionsMixin, SuperuserEditsMixin, ContentCacheAdminMixin, SimpleHistoryAdmin
):
    """A named proposal: its versions and (in law/data) its standards. Adopting it, with the
    ordinance and effective date, makes all of them law from that date."""

    list_display = ("title", "id", "status", "hearing_on", "ordinance", "effective_on")
    list_filter = ("status",)
    search_fields = ("id", "title", "source_document", "ordinance")
    readonly_fields = ("status", "ordinance", "adopted_on", "effective_on", "withdrawn_on")
    inlines = [SectionVersionInline]
    actions = ["adopt", "withdraw"]
    formfield_overrides = {models.URLField: {"assume_scheme": "https"}}

    def has_adopt_permission(self, request) -> bool:
        return request.user.has_perm("codebook.adopt_proposal")

    def has_withdraw_permission(self, request) -> bool:
        return request.user.has_perm("codebook.withdraw_proposal")

    @admin.action(description="Adopt (with ordinance and effective date)…", permissions=["adopt"])
    def adopt(self, request, queryset):
        chosen = list(queryset.exclude(status=ProposalStatus.WITHDRAWN))
        if len(chosen) != 1:
            self.message_user(
                request, "Choose one proposal that is not withdrawn.", messages.WARNING
            )
            return None
        proposal = chosen[0]
        form = PromoteForm(request.POST if "apply" in request.POST else None)
        if form.is_bound and form.is_valid():
            proposal._history_user = request.user
            try:
                codebook_services.adopt_proposal(
                    proposal,
                    ordinance=form.cleaned_data["ordinance"],
                    adopted_on=form.cleaned_data["adopted_on"],
                    effective_on=form.cleaned_data["effective_on"],
                )
            except ValidationError as error:
                self.message_user(request, " ".join(error.messages), messages.ERROR)
                return None
            self.message_user(
                request,
                f"{proposal.title} adopted as {form.cleaned_data['ordinance']}: its text and "
                f"numbers are in force from {form.cleaned_data['effective_on']:%B %-d, %Y}.",
                messages.SUCCESS,
            )
            return None
        return TemplateResponse(
            request,
            "admin/codebook/proposal/adopt.html",
            {
                **self.admin_site.each_context(request),
                "title": f"Adopt {proposal.title}",
                "opts": self.model._meta,
                "form": form,
                "proposal": proposal,
                "versions": proposal.versions.select_related("section"),
                "selected": [proposal.pk],
                "action_checkbox_name": admin.helpers.ACTION_CHECKBOX_NAME,
            },
        )

    @admin.action(description="Withdraw (never law)…", permissions=["withdraw"])
    def withdraw(self, request, queryset):
        chosen = list(queryset.exclude(status=ProposalStatus.ADOPTED))
        if len(chosen) != 1:
            self.message_user(request, "Choose one proposal that is not adopted.", messages.WARNING)
            return None
        proposal = chosen[0]
        form = WithdrawForm(
            request.POST if "apply" in request.POST else None,
            initial={"withdrawn_on": proposal.withdrawn_on or default_as_of()},
        )
        if form.is_bound and form.is_valid():
            try:
                codebook_services.withdraw_proposal(
                    proposal, withdrawn_on=form.cleaned_data["withdrawn_on"]
                )
            except ValidationError as error:
                if hasattr(error, "error_dict"):
                    for field, errors in error.error_dict.items():
                        form.add_error(field if field in form.fields else None, errors)
                else:
                    self.message_user(request, " ".join(error.messages), messages.ERROR)
                    return None
            else:
                self.message_user(
                    request,
                    f"{proposal.title} recorded as withdrawn on "
                    f"{form.cleaned_data['withdrawn_on']:%B %-d, %Y}: it is no longer shown as "
                    "pending, and its versions are kept for the record.",
                    messages.SUCCESS,
                )
                return None
        return TemplateResponse(
            request,
            "admin/codebook/proposal/withdraw.html",
            {
                **self.admin_site.each_context(request),
                "title": f"Withdraw {proposal.title}",
                "opts": self.model._meta,
                "form": form,
                "proposal": proposal,
                "versions": proposal.versions.select_related("section"),
                "map_changes": proposal.map_changes.all(),
                "selected": [proposal.pk],
                "action_checkbox_name": admin.helpers.ACTION_CHECKBOX_NAME,
            },
        )


@admin.register(ZoningMapChange)
class ZoningMapChangeAdmin(SuperuserEditsMixin, ContentCacheAdminMixin, admin.ModelAdmin):
    list_display = ("apn", "from_zone", "to_zone", "status", "source", "effective_on")
    list_filter = ("status",)
    search_fields = ("apn", "source")
