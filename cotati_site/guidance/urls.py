"""The home page and the topic pages (paths unchanged by the app split)."""

from django.urls import path

from cotati_site.guidance import feeds, views

urlpatterns = [
    path("", views.home, name="home"),
    path("topics/", views.topic_list, name="topic_list"),
    path("topics/<slug:slug>/", views.topic_detail, name="topic_detail"),
    path("topics/<slug:slug>/feed/", feeds.topic_updates_feed, name="topic_feed"),
]
