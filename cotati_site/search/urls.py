"""The search page (path unchanged by the app split)."""

from django.urls import path

from cotati_site.search import views

urlpatterns = [path("search/", views.search, name="search")]
