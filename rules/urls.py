from django.urls import path

from rules import views

# The page, in each language (cotati_site/urls.py mounts it in i18n_patterns: /check-my-lot/
# and /es/check-my-lot/).
urlpatterns = [
    path("", views.check_my_lot, name="check_my_lot"),
    path("capacity/", views.lot_capacity_page, name="lot_capacity"),
]

# The JSON and its OpenAPI document hold codes and figures, not words: one address each,
# unprefixed in every language.
data_urlpatterns = [
    path("result.json", views.check_my_lot_json, name="check_my_lot_json"),
    path("openapi.json", views.openapi_json, name="check_my_lot_openapi"),
    path("capacity.json", views.lot_capacity_json, name="lot_capacity_json"),
]
