from django.urls import include, path, re_path, register_converter
from rest_framework.routers import SimpleRouter

from ratings import closing_views, person_challenge_views, season_views, version_views, views


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
    path(
        "ladders/<slug:slug>/seasons/",
        season_views.SeasonListView.as_view(),
        name="ladder-seasons",
    ),
    path(
        "ladders/<slug:slug>/seasons/<int:number>/",
        season_views.SeasonDetailView.as_view(),
        name="ladder-season",
    ),
    path(
        "ladders/<slug:slug>/closing/",
        closing_views.ClosingRunView.as_view(),
        name="ladder-closing-run",
    ),
    path("challenges/", views.ChallengeView.as_view(), name="challenges"),
    path(
        "bots/<username:username>/versions/",
        version_views.BotVersionsView.as_view(),
        name="bot-versions",
    ),
    path(
        "bots/<username:username>/comparisons/",
        version_views.BotComparisonsView.as_view(),
        name="bot-comparisons",
    ),
    path(
        "person-challenges/",
        person_challenge_views.PersonChallengesView.as_view(),
        name="person-challenges",
    ),
    re_path(
        r"^person-challenges/(?P<pk>[0-9]+)/(?P<answer>accept|decline|cancel)/$",
        person_challenge_views.PersonChallengeAnswerView.as_view(),
        name="person-challenge-answer",
    ),
    path("", include(router.urls)),
]
