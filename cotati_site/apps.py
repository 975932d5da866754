from django.apps import AppConfig


class CotatiSiteConfig(AppConfig):
    name = "cotati_site"
    verbose_name = "Cotati building rules"

    def ready(self):
        from django.contrib.auth.signals import user_logged_in

        from cotati_site import checks  # noqa: F401  (registers the content checks)
        from cotati_site.staff_sessions import stamp_staff_session

        # Staff sessions end at browser close and after 8 hours (cotati_site/staff_sessions.py).
        user_logged_in.connect(stamp_staff_session, dispatch_uid="cotati-staff-session")
