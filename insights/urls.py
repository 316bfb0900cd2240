from django.urls import path

from insights import views

urlpatterns = [
    path("insights/matchups/<slug:game>/", views.MatchupView.as_view(), name="insights-matchups"),
    path("insights/studies/", views.StudyListView.as_view(), name="insights-studies"),
    path("insights/studies/<int:pk>/", views.StudyProgressView.as_view(), name="insights-study"),
]
