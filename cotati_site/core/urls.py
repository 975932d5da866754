"""robots.txt, the health check, and the staff admin's addresses from before the app split."""

from django.conf import settings
from django.urls import path

from cotati_site.core import views

urlpatterns = [
    path("robots.txt", views.robots_txt, name="robots_txt"),
    path("healthz", views.healthz, name="healthz"),
    # Staff bookmarks of /admin/cotati_site/<model>/… keep working (core/views.py).
    path(f"{settings.ADMIN_URL}cotati_site/", views.old_admin_path, {"rest": ""}),
    path(f"{settings.ADMIN_URL}cotati_site/<path:rest>", views.old_admin_path),
]
