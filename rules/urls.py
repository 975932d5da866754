from django.urls import path

from rules import views

urlpatterns = [
    path("", views.check_my_lot, name="check_my_lot"),
    path("result.json", views.check_my_lot_json, name="check_my_lot_json"),
    path("openapi.json", views.openapi_json, name="check_my_lot_openapi"),
]
