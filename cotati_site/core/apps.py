from django.apps import AppConfig


class CoreConfig(AppConfig):
    """What every page stands on: the as-of date, the page cache, security, rich text,
    staff sessions, site information. Imports no domain app (pyproject.toml contracts)."""

    name = "cotati_site.core"
    label = "core"
    verbose_name = "Site"

    def ready(self):
        from django.contrib.auth.signals import user_logged_in
        from django.core.signals import request_finished

        from cotati_site.core import cache_limits
        from cotati_site.core.languages import back_to_default_language
        from cotati_site.core.staff_sessions import stamp_staff_session

        # Staff sessions end at browser close and after 8 hours (core/staff_sessions.py).
        user_logged_in.connect(stamp_staff_session, dispatch_uid="cotati-staff-session")
        # A shared Redis without a memory limit, or one that evicts nothing, is logged once
        # per process (core/cache_limits.py, which also checks SITE_HOST).
        cache_limits.warn_if_unbounded()
        # A request's language ends with it (core/languages.py).
        request_finished.connect(back_to_default_language, dispatch_uid="cotati-language")
