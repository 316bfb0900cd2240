from django.urls import path

from insights import views

urlpatterns = [
    path("insights/matchups/<slug:game>/", views.MatchupView.as_view(), name="insights-matchups"),
]
