from django.urls import include, path, register_converter
from rest_framework.routers import SimpleRouter

from ratings import views


class UsernameConverter:
    regex = views.USERNAME

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(UsernameConverter, "username")

router = SimpleRouter()
router.register("ladders", views.LadderViewSet, basename="ladder")

urlpatterns = [
    path(
        "ladders/<slug:slug>/leaderboard/",
        views.LeaderboardView.as_view(),
        name="ladder-leaderboard",
    ),
    path(
        "ladders/<slug:slug>/players/<username:username>/history/",
        views.HistoryView.as_view(),
        name="ladder-history",
    ),
    path("ladders/<slug:slug>/queue/", views.QueueView.as_view(), name="ladder-queue"),
    path("challenges/", views.ChallengeView.as_view(), name="challenges"),
    path("", include(router.urls)),
]
