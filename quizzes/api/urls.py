from django.urls import include, path

from quizzes.api import views
from quizzes.exams.api import assignments, exams, variants
from quizzes.reports import api as reports
from quizzes.review import api as mentor
from quizzes.workbench import api as workbench

urlpatterns = [
    path("questions", views.QuestionListView.as_view(), name="api-question-list"),
    path("questions/<int:pk>", views.QuestionDetailView.as_view(), name="api-question-detail"),
    path("grading/grade", views.GradeView.as_view(), name="api-grading-grade"),
    path("practice/", include("quizzes.practice.api")),
    path("", include("quizzes.committee.api")),
    path("", include("quizzes.bank.api")),
    path("assignments", assignments.AssignmentListView.as_view(), name="api-assignment-list"),
    path("attempts", exams.AttemptListView.as_view(), name="api-attempt-list"),
    path("attempts/<int:attempt_id>", exams.AttemptDetailView.as_view(), name="api-attempt-detail"),
    path(
        "attempts/<int:attempt_id>/items",
        exams.AttemptItemListView.as_view(),
        name="api-attempt-items",
    ),
    path(
        "attempts/<int:attempt_id>/items/<int:position>",
        exams.ItemSaveView.as_view(),
        name="api-attempt-item",
    ),
    path(
        "attempts/<int:attempt_id>/items/<int:position>/flag",
        exams.ItemFlagView.as_view(),
        name="api-attempt-item-flag",
    ),
    path("attempts/<int:attempt_id>/submit", exams.SubmitView.as_view(), name="api-attempt-submit"),
    path("attempts/<int:attempt_id>/result", exams.ResultView.as_view(), name="api-attempt-result"),
    path(
        "attempts/<int:attempt_id>/items/<int:position>/appeal",
        exams.AppealView.as_view(),
        name="api-attempt-appeal",
    ),
    path(
        "attempts/<int:attempt_id>/items/<int:position>/appeal/contest",
        mentor.AppealContestView.as_view(),
        name="api-attempt-appeal-contest",
    ),
    path("mentor/reviews", mentor.ReviewListView.as_view(), name="api-mentor-reviews"),
    path(
        "mentor/reviews/<int:review_id>",
        mentor.ReviewDetailView.as_view(),
        name="api-mentor-review",
    ),
    path(
        "mentor/reviews/<int:review_id>/decide",
        mentor.ReviewDecideView.as_view(),
        name="api-mentor-review-decide",
    ),
    path("mentor/appeals", mentor.AppealListView.as_view(), name="api-mentor-appeals"),
    path(
        "mentor/appeals/<int:appeal_id>/decide",
        mentor.AppealDecideView.as_view(),
        name="api-mentor-appeal-decide",
    ),
    path("mentor/cohorts", mentor.CohortListView.as_view(), name="api-mentor-cohorts"),
    path("mentor/workbench", workbench.WorkbenchView.as_view(), name="api-mentor-workbench"),
    path(
        "mentor/cohorts/<int:cohort_id>/progress",
        mentor.CohortProgressView.as_view(),
        name="api-mentor-cohort-progress",
    ),
    path("reports/exams", reports.ExamReportView.as_view(), name="api-report-exams"),
    path("variant-jobs", variants.VariantJobListView.as_view(), name="api-variant-job-list"),
    path(
        "variant-jobs/<int:pk>",
        variants.VariantJobDetailView.as_view(),
        name="api-variant-job-detail",
    ),
]
