from django.urls import include, path

from quizzes.views import certificates, committee, committee_certificates

urlpatterns = [
    path("practice/", include("quizzes.views.practice")),
    path("exams/", include("quizzes.views.exams")),
    path("exams/", include("quizzes.views.appeals")),
    path("mentor/", include("quizzes.views.mentor")),
    path("mentor/", include("quizzes.views.assignments")),
    path("mentor/", include("quizzes.views.workbench")),
    path("committee/", include("quizzes.views.committee")),
    path("committee/", include("quizzes.views.committee_certificates")),
    path("committee/", include("quizzes.views.committee_items")),
    path("reports/", include("quizzes.views.committee_reports")),
    path("what-if/", include("quizzes.views.whatif")),
    path("certificates/", include(committee_certificates.public_urlpatterns)),
    path("certificates/", include("quizzes.views.certificates")),
    path(".well-known/", include(certificates.well_known_urlpatterns)),
    path("", include(committee.report_urlpatterns)),
]
