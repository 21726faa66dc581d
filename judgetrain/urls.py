from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from judgetrain import views
from judgetrain.accounts.api import MeView

urlpatterns = [
    path("healthz", views.healthz, name="healthz"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/v1/me", MeView.as_view(), name="api-me"),
    path("api/v1/", include("rulings.api.urls")),
    path("api/v1/", include("quizzes.api.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # The split view serves its start-up script from a URL, not inline (Content-Security-Policy).
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    path("admin/", admin.site.urls),
    path("accounts/", include("judgetrain.accounts.urls")),
    path("", include("quizzes.urls")),
    path("", views.home, name="home"),
]

handler400 = "judgetrain.api_errors.bad_request"
handler403 = "judgetrain.api_errors.permission_denied"
handler404 = "judgetrain.api_errors.page_not_found"
handler500 = "judgetrain.api_errors.server_error"
