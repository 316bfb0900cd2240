"""Websocket URL routes."""

from django.urls import path

from players.notifications import NotificationConsumer
from web.consumers import MatchConsumer
from web.play_consumers import PlayConsumer
from web.tournament_consumers import TournamentConsumer

websocket_urlpatterns = [
    path("ws/notifications/", NotificationConsumer.as_asgi()),
    path("ws/matches/<int:match_id>/", MatchConsumer.as_asgi()),
    path("ws/matches/<int:match_id>/play/", PlayConsumer.as_asgi()),
    path("ws/tournaments/<int:tournament_id>/", TournamentConsumer.as_asgi()),
]
