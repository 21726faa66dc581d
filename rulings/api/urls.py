from django.urls import path

from rulings.api import views

urlpatterns = [
    path("policies/", views.PolicyListView.as_view(), name="api-policy-list"),
    path("policies/<str:version_id>/", views.PolicyDetailView.as_view(), name="api-policy-detail"),
    path("rulings/evaluate", views.EvaluateView.as_view(), name="api-rulings-evaluate"),
    path("rulings/diff", views.DiffView.as_view(), name="api-rulings-diff"),
    path(
        "rulings/situation-schema",
        views.SituationSchemaView.as_view(),
        name="api-rulings-situation-schema",
    ),
]
