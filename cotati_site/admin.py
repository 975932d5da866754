"""Staff editing: editors keep summaries, topics and FAQs current; only superusers touch code text.

Every write path of the admin asks for the permission it needs: the change, add and delete
pages (Django's own checks), the history page's revert form (``HistoryPermissionsMixin``:
django-simple-history lets anyone who may *view* a record POST that form), each action (its
``permissions``), and the custom views below. ``tests/security/test_admin_write_paths.py``
walks every admin URL of every registered model with an editor's session to keep it so.
Saves of topics, summaries and FAQs go through ``services.save_with_revision``.
"""

import json

from axes.admin import AccessAttemptAdmin
from axes.handlers.proxy import AxesProxyHandler
from axes.models import AccessAttempt
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import models, transaction
from django.db.models import Case, DateField, Value, When
from django.http import HttpResponseNotAllowed, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import path
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from simple_history.admin import SimpleHistoryAdmin

from cotati_site import code_text, codebook_services, recheck, review, rich_text_check
from cotati_site.admin_forms import (
    FAQForm,
    OfficialTextForm,
    PromoteForm,
    SectionVersionForm,
    SummaryForm,
    TopicForm,
)
from cotati_site.cache import ContentCacheAdminMixin, content_changed
from cotati_site.history_admin import HistoryPermissionsMixin, WholeChangeHistoryMixin
from cotati_site.models import (
    FAQ,
    CodeSection,
    Proposal,
    ProposalStatus,
    SearchPhrase,
    SectionVersion,
    Summary,
    Topic,
    VersionStatus,
    ZoningMapChange,
)
from cotati_site.official_text import parse_official_text
from cotati_site.services import StaleEdit, save_with_revision

admin.site.site_header = "Cotati building rules: staff"
admin.site.site_title = "Cotati building rules staff"
admin.site.index_title = "Content"


class RevisionedAdminMixin(HistoryPermissionsMixin):
    """Topics, summaries and FAQs: every admin save is ``services.save_with_revision`` with
    the revision the form showed (for the list's editable column, the one read for it)."""

    def save_model(self, request, obj, form, change):
        shown = form.cleaned_data.get("shown_revision", getattr(obj, "loaded_revision", None))
        save_with_revision(obj, shown if change else None, user=request.user)
        content_changed()

    def save_formset(self, request, form, formset, change):
        from cotati_site.models import Revisioned

        if not issubclass(formset.model, Revisioned):
            return super().save_formset(request, form, formset, change)
        formset.save(commit=False)
        for obj in formset.deleted_objects:
            obj.delete()
        changed = [obj for obj, _fields in formset.changed_objects]
        for inline in formset.forms:
            obj = inline.instance
            if any(obj is new for new in formset.new_objects):
                save_with_revision(obj, None, user=request.user)
            elif any(obj is edited for edited in changed):
                shown = inline.cleaned_data.get("shown_revision", obj.loaded_revision)
                save_with_revision(obj, shown, user=request.user)
        formset.save_m2m()
        content_changed()

    def changeform_view(self, request, object_id=None, form_url="", extra_context=None):
        view = super().changeform_view
        return self.run_revisioned_write(view, request, object_id, form_url, extra_context)

    def changelist_view(self, request, extra_context=None):
        try:
            return super().changelist_view(request, extra_context)
        except StaleEdit:
            self.message_user(
                request,
                "Someone else changed one of these rows while you were editing the list, so "
                "NOTHING was saved. The list below is current; make your changes again.",
                messages.ERROR,
            )
            return HttpResponseRedirect(request.get_full_path())


class PreviewMixin:
    """A "Preview" button on the change page: the record as the public page will render it,
    from what the editor has typed (nothing is saved), in a new tab."""

    def get_urls(self):
        opts = self.model._meta
        preview = path(
            "preview/",
            self.admin_site.admin_view(self.preview_view),
            name=f"{opts.app_label}_{opts.model_name}_preview",
        )
        return [preview, *super().get_urls()]

    def preview_view(self, request):
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        if not (self.has_add_permission(request) or self.has_change_permission(request)):
            raise PermissionDenied
        form = self.get_form(request)(request.POST)
        form.is_valid()  # validates only: nothing is saved
        field = form.rich_text_field
        values = {name: request.POST.get(name, "") for name in form.fields}
        values.update(getattr(form, "cleaned_data", {}))
        typed = request.POST.get(field, "")
        values[field] = rich_text_check.cleaned_source(typed)
        return TemplateResponse(
            request,
            "admin/cotati_site/preview.html",
            {
                **self.admin_site.each_context(request),
                "title": f"Preview of a {self.model._meta.verbose_name}",
                "opts": self.model._meta,
                "removed": rich_text_check.removals(typed),
                "preview": form.preview(values),
            },
        )


class SummaryInline(admin.TabularInline):
    model = Summary
    form = SummaryForm
    fields = (
        "order",
        "headline",
        "source_kind",
        "is_published",
        "is_key_point",
        "checked_on",
        "shown_revision",
    )
    extra = 0
    ordering = ("order", "pk")
    show_change_link = True


class FAQInline(admin.TabularInline):
    model = FAQ
    form = FAQForm
    fields = ("order", "question", "is_published", "shown_revision")
    extra = 0
    ordering = ("order", "pk")
    show_change_link = True


@admin.register(Topic)
class TopicAdmin(
    WholeChangeHistoryMixin, RevisionedAdminMixin, ContentCacheAdminMixin, SimpleHistoryAdmin
):
    form = TopicForm
    list_display = (
        "title",
        "slug",
        "order",
        "feature",
        "for_homeowners",
        "for_contractors",
        "for_designers",
    )
    list_editable = ("order",)
    search_fields = ("title", "intro", "slug")
    list_filter = ("for_homeowners", "for_contractors", "for_designers", "feature")
    prepopulated_fields = {"slug": ("title",)}
    inlines = [SummaryInline, FAQInline]


@admin.register(SearchPhrase)
class SearchPhraseAdmin(ContentCacheAdminMixin, admin.ModelAdmin):
    """The search vocabulary: everyday words and the topic they lead to (Editors keep it)."""

    list_display = ("phrase", "topic", "not_covered")
    list_filter = ("topic",)
    search_fields = ("phrase", "not_covered")
    fields = ("phrase", "topic", "not_covered")


class NeedsReviewFilter(admin.SimpleListFilter):
    """Summaries whose cited sections have a newer adopted version than the one checked."""

    title = "code changed since checked"
    parameter_name = "review"

    def lookups(self, request, model_admin):
        return (("needed", "Needs review"), ("current", "Up to date"))

    def queryset(self, request, queryset):
        if self.value() not in ("needed", "current"):
            return queryset
        stale = review.summaries_needing_review(timezone.localdate())
        if self.value() == "needed":
            return queryset.filter(pk__in=stale)
        return queryset.exclude(pk__in=stale)


@admin.register(Summary)
class SummaryAdmin(
    WholeChangeHistoryMixin,
    PreviewMixin,
    RevisionedAdminMixin,
    ContentCacheAdminMixin,
    SimpleHistoryAdmin,
):
    form = SummaryForm
    object_history_form_template = "admin/cotati_site/object_history_form.html"
    list_display = (
        "headline",
        "topic",
        "source_kind",
        "is_published",
        "checked_on",
        "review_state",
        "public_link",
    )
    list_filter = (
        NeedsReviewFilter,
        "topic",
        "source_kind",
        "is_published",
        "basis",
        ("checked_on", admin.DateFieldListFilter),
    )
    search_fields = ("headline", "body", "citation_text", "applies_when", "sections__number")
    list_select_related = ("topic",)
    autocomplete_fields = ("sections",)
    date_hierarchy = "checked_on"
    fieldsets = (
        (
            None,
            {
                "fields": (
                    "topic",
                    "headline",
                    "body",
                    "save_cleaned_text",
                    "applies_when",
                    "shown_revision",
                )
            },
        ),
        (
            "Source",
            {
                "fields": (
                    "source_kind",
                    "sections",
                    "citation_text",
                    "basis",
                    "basis_note",
                    "checked_on",
                    "what_changed",
                )
            },
        ),
        ("Publishing", {"fields": ("is_published", "is_key_point", "order")}),
    )

    actions = ["mark_checked_today"]
    readonly_fields = ("what_changed",)

    class Media:
        css = {"all": ["css/admin.css"]}  # the list and edit page at 1280 px

    change_form_template = "admin/cotati_site/summary/change_form.html"

    @admin.display(description="Code changed since checked")
    def what_changed(self, obj: Summary) -> str:
        """What changed under the summary since it was checked, with the redline of each."""
        if obj.pk is None:
            return "—"
        changes = review.changes_since_checked(obj, timezone.localdate())
        if not changes:
            return "Nothing: every cited section is as it was when this was checked."
        items = format_html_join(
            "",
            '<li data-changed-section="{}">§ {} has a new adopted text, {}, in force from {}'
            '{}. <a href="{}">See what changed</a></li>',
            (
                (
                    change["number"],
                    change["number"],
                    change["now"].source,
                    f"{change['now'].effective_on:%B %-d, %Y}",
                    "" if change["before"] else " (no earlier text was on the site)",
                    change["redline_url"],
                )
                for change in changes
            ),
        )
        return format_html('<ul class="what-changed">{}</ul>', items)

    @admin.display(description="Public page")
    def public_link(self, obj: Summary) -> str:
        if not obj.is_published:
            return "Draft (not public)"
        return format_html('<a href="{}">View on site</a>', obj.get_absolute_url())

    def get_queryset(self, request):
        # Which summaries need review is worked out once per request (a few queries for the
        # whole site) and attached to each row, not asked row by row.
        stale = review.summaries_needing_review(timezone.localdate())
        whens = [When(pk=pk, then=Value(changed)) for pk, changed in stale.items()]
        changed_on = Case(*whens, default=Value(None), output_field=DateField()) if whens else None
        return (
            super()
            .get_queryset(request)
            .annotate(code_changed_on=changed_on or Value(None, output_field=DateField()))
        )

    @admin.display(description="Code changed", ordering="code_changed_on")
    def review_state(self, obj: Summary) -> str:
        changed = getattr(obj, "code_changed_on", None)
        return f"Needs review (changed {changed:%b %-d, %Y})" if changed else "—"

    @admin.action(description="Checked against the current code today", permissions=["change"])
    def mark_checked_today(self, request, queryset):
        today = timezone.localdate()
        try:
            with transaction.atomic():
                for summary in queryset:
                    codebook_services.record_check(summary, today, user=request.user)
        except StaleEdit:
            self.message_user(
                request,
                "Someone else changed one of these summaries while you were choosing them, so "
                "NONE was marked as checked. Look at them again and repeat the action.",
                messages.ERROR,
            )
            return
        self.message_user(
            request,
            f"{queryset.count()} summaries marked as checked against the code in force on {today:%B %-d, %Y}.",
            messages.SUCCESS,
        )

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        summary = form.instance
        if "_checked_today" in request.POST:
            # The edit page's "Save, checked against the current code today" button: the
            # same as the list's action, for this summary.
            review.mark_checked(summary, timezone.localdate(), user=request.user)
            return
        # A new summary, or one whose checked date an editor changed, was checked against
        # the code in force that day.
        if not change or "checked_on" in form.changed_data:
            codebook_services.record_check(summary, summary.checked_on, user=request.user)


@admin.register(FAQ)
class FAQAdmin(
    WholeChangeHistoryMixin,
    PreviewMixin,
    RevisionedAdminMixin,
    ContentCacheAdminMixin,
    SimpleHistoryAdmin,
):
    form = FAQForm
    object_history_form_template = "admin/cotati_site/object_history_form.html"
    list_display = ("question", "topic", "basis", "is_published", "order")
    list_filter = ("topic", "is_published", "basis")
    search_fields = ("question", "answer")
    list_select_related = ("topic",)
    autocomplete_fields = ("sections",)


@admin.register(CodeSection)
class CodeSectionAdmin(ContentCacheAdminMixin, admin.ModelAdmin):
    """Code text is the law's own words: editors may read it, only superusers may change it."""

    list_display = ("number", "title", "chapter", "has_text", "retrieved_on")
    list_filter = ("code_title", "chapter")
    search_fields = ("number", "title")
    readonly_fields = ("sort_key",)
    formfield_overrides = {models.URLField: {"assume_scheme": "https"}}

    change_form_template = "admin/cotati_site/codesection/change_form.html"
    change_list_template = "admin/cotati_site/codesection/change_list.html"

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
                name="cotati_site_codesection_recheck",
            ),
            path(
                "<path:object_id>/official-text/",
                self.admin_site.admin_view(self.official_text_view),
                name="cotati_site_codesection_official_text",
            ),
            *super().get_urls(),
        ]

    def recheck_view(self, request):
        """Secondary-source standards whose section now has official text: for developers."""
        if not self.has_view_permission(request):
            raise PermissionDenied
        return TemplateResponse(
            request,
            "admin/cotati_site/codesection/recheck.html",
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
        return user.is_superuser or user.has_perm("cotati_site.adopt_official_text")

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
                        return redirect("admin:cotati_site_codesection_change", section.pk)
            elif "parsed_blocks" not in form.errors:
                blocks = form.fields["parsed_blocks"].to_python(data.get("parsed_blocks"))
        return TemplateResponse(
            request,
            "admin/cotati_site/codesection/official_text.html",
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
            "admin/cotati_site/sectionversion/promote.html",
            {
                **self.admin_site.each_context(request),
                "title": "Promote proposed versions to adopted",
                "opts": self.model._meta,
                "form": form,
                "versions": proposals.select_related("section"),
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
    """A named proposal: its versions and (in rules/data) its standards. Adopting it, with the
    ordinance and effective date, makes all of them law from that date."""

    list_display = ("title", "id", "status", "hearing_on", "ordinance", "effective_on")
    list_filter = ("status",)
    search_fields = ("id", "title", "source_document", "ordinance")
    readonly_fields = ("status", "ordinance", "adopted_on", "effective_on")
    inlines = [SectionVersionInline]
    actions = ["adopt"]
    formfield_overrides = {models.URLField: {"assume_scheme": "https"}}

    def has_adopt_permission(self, request) -> bool:
        return request.user.has_perm("cotati_site.adopt_proposal")

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
            "admin/cotati_site/proposal/adopt.html",
            {
                **self.admin_site.each_context(request),
                "title": f"Adopt {proposal.title}",
                "opts": self.model._meta,
                "form": form,
                "proposal": proposal,
                "versions": proposal.versions.select_related("section"),
                "action_checkbox_name": admin.helpers.ACTION_CHECKBOX_NAME,
            },
        )


@admin.register(ZoningMapChange)
class ZoningMapChangeAdmin(SuperuserEditsMixin, ContentCacheAdminMixin, admin.ModelAdmin):
    list_display = ("apn", "from_zone", "to_zone", "status", "source", "effective_on")
    list_filter = ("status",)
    search_fields = ("apn", "source")


class LoginAttemptAdmin(AccessAttemptAdmin):
    """django-axes' own admin, with its one action fixed and permission-checked: as shipped,
    "Clean up expired attempts" is offered to anyone who may view the list and fails (500)
    because the admin request lacks the attributes axes' middleware sets on a login."""

    @admin.action(description="Clean up expired attempts", permissions=["delete"])
    def cleanup_expired_attempts(self, request, queryset):
        AxesProxyHandler.update_request(request)
        count = self.handler.clean_expired_user_attempts(request=request)
        self.message_user(request, f"Cleaned up {count} expired access attempts.")


if admin.site.is_registered(AccessAttempt):
    admin.site.unregister(AccessAttempt)
    admin.site.register(AccessAttempt, LoginAttemptAdmin)


# Site information (contacts and links) has its admin beside its model.
from cotati_site import site_info_admin  # noqa: E402, F401
