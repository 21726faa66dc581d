from django.urls import include, path

from quizzes.api import exams, views

urlpatterns = [
    path("questions", views.QuestionListView.as_view(), name="api-question-list"),
    path("questions/<int:pk>", views.QuestionDetailView.as_view(), name="api-question-detail"),
    path("grading/grade", views.GradeView.as_view(), name="api-grading-grade"),
    path("practice/", include("quizzes.api.practice")),
    path("", include("quizzes.api.committee")),
    path("assignments", exams.AssignmentListView.as_view(), name="api-assignment-list"),
    path("attempts", exams.AttemptListView.as_view(), name="api-attempt-list"),
    path("attempts/<int:attempt_id>", exams.AttemptDetailView.as_view(), name="api-attempt-detail"),
    path(
        "attempts/<int:attempt_id>/items/<int:position>",
        exams.ItemSaveView.as_view(),
        name="api-attempt-item",
    ),
    path("attempts/<int:attempt_id>/submit", exams.SubmitView.as_view(), name="api-attempt-submit"),
    path("attempts/<int:attempt_id>/result", exams.ResultView.as_view(), name="api-attempt-result"),
    path(
        "attempts/<int:attempt_id>/items/<int:position>/appeal",
        exams.AppealView.as_view(),
        name="api-attempt-appeal",
    ),
]
