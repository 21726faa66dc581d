from django.urls import include, path

from quizzes.certification.views import certificates
from quizzes.certification.views import committee as committee_certificates
from quizzes.committee import views as committee

urlpatterns = [
    path("practice/", include("quizzes.practice.views.practice")),
    path("exams/", include("quizzes.exams.views.exams")),
    path("exams/", include("quizzes.review.views.appeals")),
    path("mentor/", include("quizzes.review.views.mentor")),
    path("mentor/", include("quizzes.exams.views.assignments")),
    path("mentor/", include("quizzes.workbench.views")),
    path("committee/", include("quizzes.committee.views")),
    path("committee/", include("quizzes.certification.views.committee")),
    path("committee/", include("quizzes.bank.views")),
    path("reports/", include("quizzes.reports.views")),
    path("what-if/", include("quizzes.practice.views.whatif")),
    path("certificates/", include(committee_certificates.public_urlpatterns)),
    path("certificates/", include("quizzes.certification.views.certificates")),
    path(".well-known/", include(certificates.well_known_urlpatterns)),
    path("", include(committee.report_urlpatterns)),
]
