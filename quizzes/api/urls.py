from django.urls import path

from quizzes.api import views

urlpatterns = [
    path("questions", views.QuestionListView.as_view(), name="api-question-list"),
    path("questions/<int:pk>", views.QuestionDetailView.as_view(), name="api-question-detail"),
    path("grading/grade", views.GradeView.as_view(), name="api-grading-grade"),
]
