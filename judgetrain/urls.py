from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from judgetrain import views
from judgetrain.accounts.api import MeView

urlpatterns = [
    path("healthz", views.healthz, name="healthz"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/v1/me", MeView.as_view(), name="api-me"),
    path("api/v1/", include("rulings.api.urls")),
    path("api/v1/", include("quizzes.api.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("admin/", admin.site.urls),
    path("accounts/", include("judgetrain.accounts.urls")),
    path("", include("quizzes.urls")),
    path("", views.home, name="home"),
]

handler404 = "judgetrain.views.page_not_found"
handler500 = "judgetrain.views.server_error"
