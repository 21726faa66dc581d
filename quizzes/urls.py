from django.urls import include, path

urlpatterns = [
    path("exams/", include("quizzes.views.exams")),
]
