"""robots.txt, the health check, and the staff admin's addresses from before the app split."""

from django.urls import path

from cotati_site.core import views

urlpatterns = [
    path("robots.txt", views.robots_txt, name="robots_txt"),
    path("healthz", views.healthz, name="healthz"),
]

# Mounted at the admin's address, ahead of the admin itself (cotati_site/urls.py): staff
# bookmarks of /admin/cotati_site/<model>/… keep working (core/views.py).
old_admin_urlpatterns = [
    path("cotati_site/", views.old_admin_path, {"rest": ""}),
    path("cotati_site/<path:rest>", views.old_admin_path),
]
