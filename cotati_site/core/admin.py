"""The staff admin's frame (its titles), django-axes' login attempts, and site information:
editors keep the City's contact details and links current, in English and in Spanish
(``core.translated_admin``)."""

from axes.admin import AccessAttemptAdmin
from axes.handlers.proxy import AxesProxyHandler
from axes.models import AccessAttempt
from django import forms
from django.contrib import admin
from django.db import models
from simple_history.admin import SimpleHistoryAdmin

from cotati_site.core.cache import ContentCacheAdminMixin
from cotati_site.core.history_admin import HistoryPermissionsMixin
from cotati_site.core.site_info import SiteInfo
from cotati_site.core.translated_admin import (
    TranslatedAdminMixin,
    TranslatedFormMixin,
    TranslationStateFilter,
)

admin.site.site_header = "Cotati building rules: staff"
admin.site.site_title = "Cotati building rules staff"
admin.site.index_title = "Content"


class SiteInfoForm(TranslatedFormMixin, forms.ModelForm):
    class Meta:
        model = SiteInfo
        # The admin's fieldsets choose what it shows; these are what it may.
        fields = (
            "key",
            "group",
            "order",
            "label",
            "value",
            "url",
            "is_published",
            "source_url",
            "checked_on",
            "staff_note",
            "label_es",
            "value_es",
        )


@admin.register(SiteInfo)
class SiteInfoAdmin(
    HistoryPermissionsMixin, TranslatedAdminMixin, ContentCacheAdminMixin, SimpleHistoryAdmin
):
    form = SiteInfoForm
    list_display = (
        "label",
        "group",
        "value",
        "is_published",
        "checked_on",
        "order",
        "spanish_state",
    )
    list_filter = ("group", "is_published", TranslationStateFilter)
    list_editable = ("order",)
    search_fields = ("label", "value", "label_es", "value_es", "url", "source_url", "key")
    readonly_fields = ("key", "spanish_review")
    fieldsets = (
        (None, {"fields": ("key", "group", "order", "label", "value", "url", "is_published")}),
        ("Where it comes from", {"fields": ("source_url", "checked_on", "staff_note")}),
        (
            "Spanish",
            {
                "fields": ("label_es", "value_es", "spanish_checked", "spanish_review"),
                "description": (
                    "Leave the value's Spanish empty when the value reads the same in Spanish "
                    "(a phone number, an email address, a street address): the Spanish page "
                    "shows it as published. A label the site ships with is translated in its "
                    "catalog; type a Spanish label here only for a new or renamed entry."
                ),
            },
        ),
    )
    formfield_overrides = {models.URLField: {"assume_scheme": "https"}}

    def get_readonly_fields(self, request, obj=None):
        # The key is how templates find an entry: fixed once the entry exists.
        return self.readonly_fields if obj is not None else ("spanish_review",)


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
