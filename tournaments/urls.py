from django.urls import path
from rest_framework.routers import SimpleRouter

from tournaments import views
from tournaments.closing_views import EventClosingRunView

router = SimpleRouter()
router.register("tournaments", views.TournamentViewSet, basename="tournament")

urlpatterns = [
    path(
        "tournaments/<int:pk>/closing/",
        EventClosingRunView.as_view(),
        name="tournament-closing-run",
    ),
    *router.urls,
]
