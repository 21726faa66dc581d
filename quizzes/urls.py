from django.urls import include, path

urlpatterns = [
    path("practice/", include("quizzes.views.practice")),
    path("exams/", include("quizzes.views.exams")),
    path("exams/", include("quizzes.views.appeals")),
    path("mentor/", include("quizzes.views.mentor")),
]
