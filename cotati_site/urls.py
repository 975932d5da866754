"""URLs of the public site, the staff admin and the checker."""

from django.conf import settings
from django.contrib import admin
from django.contrib.sitemaps.views import sitemap
from django.urls import include, path
from django.views.decorators.cache import cache_page

from cotati_site import views
from cotati_site.sitemaps import SITEMAPS

urlpatterns = [
    path("", views.home, name="home"),
    path("topics/<slug:slug>/", views.topic_detail, name="topic_detail"),
    path("code/", views.section_list, name="section_list"),
    path("code/<str:number>/", views.section_detail, name="section_detail"),
    path("code/<str:number>/compare/", views.section_compare, name="section_compare"),
    path("proposed-changes/", views.proposed_changes, name="proposed_changes"),
    path("zoning-districts/", views.district_list, name="district_list"),
    path("zoning-districts/<str:code>/", views.district_detail, name="district_detail"),
    path("search/", views.search, name="search"),
    path("check-my-lot/", include("rules.urls")),
    path("robots.txt", views.robots_txt, name="robots_txt"),
    path("healthz", views.healthz, name="healthz"),
    path(
        "sitemap.xml",
        cache_page(60 * 60)(sitemap),
        {"sitemaps": SITEMAPS},
        name="django.contrib.sitemaps.views.sitemap",
    ),
    path(settings.ADMIN_URL, admin.site.urls),
]
