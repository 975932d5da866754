"""Staff editing: editors keep summaries, topics and FAQs current; only superusers touch code text."""

from django.contrib import admin, messages
from django.db import models, transaction
from django.db.models import Case, DateField, Value, When
from django.template.response import TemplateResponse
from django.utils import timezone
from django.utils.html import format_html
from simple_history.admin import SimpleHistoryAdmin

from cotati_site import review
from cotati_site.admin_forms import (
    FAQForm,
    PromoteForm,
    SectionVersionForm,
    SummaryForm,
    TopicForm,
)
from cotati_site.cache import ContentCacheAdminMixin, content_changed
from cotati_site.models import (
    FAQ,
    CodeSection,
    SectionVersion,
    Summary,
    Topic,
    VersionStatus,
    ZoningMapChange,
)

admin.site.site_header = "Cotati building rules: staff"
admin.site.site_title = "Cotati building rules staff"
admin.site.index_title = "Content"


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
class TopicAdmin(ContentCacheAdminMixin, SimpleHistoryAdmin):
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
class SummaryAdmin(ContentCacheAdminMixin, SimpleHistoryAdmin):
    form = SummaryForm
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
        (None, {"fields": ("topic", "headline", "body", "applies_when", "shown_revision")}),
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
                )
            },
        ),
        ("Publishing", {"fields": ("is_published", "is_key_point", "order")}),
    )

    actions = ["mark_checked_today"]

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
        with transaction.atomic():
            for summary in queryset:
                review.mark_checked(summary, today)
            content_changed()
        self.message_user(
            request,
            f"{queryset.count()} summaries marked as checked against the code in force on {today:%B %-d, %Y}.",
            messages.SUCCESS,
        )

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        # A new summary, or one whose checked date an editor changed, was checked against
        # the code in force that day.
        summary = form.instance
        if not change or "checked_on" in form.changed_data:
            summary.checked_versions = review.versions_to_record(summary, summary.checked_on)
            Summary.objects.filter(pk=summary.pk).update(checked_versions=summary.checked_versions)


@admin.register(FAQ)
class FAQAdmin(ContentCacheAdminMixin, SimpleHistoryAdmin):
    form = FAQForm
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

    @admin.display(boolean=True, description="Text on site")
    def has_text(self, obj: CodeSection) -> bool:
        return obj.has_text

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
class SectionVersionAdmin(SuperuserEditsMixin, ContentCacheAdminMixin, SimpleHistoryAdmin):
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
        (None, {"fields": ("section", "part", "status", "source", "proposed_as")}),
        ("Dates", {"fields": ("adopted_on", "effective_on")}),
        ("Text", {"fields": ("pasted_text", "body", "notes", "staff_note")}),
        ("Where it comes from", {"fields": ("text_source", "source_url", "retrieved_on")}),
    )
    formfield_overrides = {models.URLField: {"assume_scheme": "https"}}

    @admin.action(description="Promote to adopted (with ordinance and effective date)…")
    def promote_to_adopted(self, request, queryset):
        if not request.user.is_superuser:
            self.message_user(request, "Only superusers may promote a version.", messages.ERROR)
            return None
        proposals = queryset.filter(status=VersionStatus.PROPOSED)
        if not proposals.exists():
            self.message_user(request, "Choose at least one proposed version.", messages.WARNING)
            return None
        form = PromoteForm(request.POST if "apply" in request.POST else None)
        if form.is_bound and form.is_valid():
            with transaction.atomic():
                for version in proposals:
                    version.proposed_as = version.proposed_as or version.source
                    version.source = form.cleaned_data["ordinance"]
                    version.adopted_on = form.cleaned_data["adopted_on"]
                    version.effective_on = form.cleaned_data["effective_on"]
                    version.status = VersionStatus.ADOPTED
                    version.save()
                content_changed()
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


@admin.register(ZoningMapChange)
class ZoningMapChangeAdmin(SuperuserEditsMixin, ContentCacheAdminMixin, admin.ModelAdmin):
    list_display = ("apn", "from_zone", "to_zone", "status", "source", "effective_on")
    list_filter = ("status",)
    search_fields = ("apn", "source")


# Site information (contacts and links) has its admin beside its model.
from cotati_site import site_info_admin  # noqa: E402, F401
