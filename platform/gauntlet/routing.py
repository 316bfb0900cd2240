"""Websocket URL routes."""

from django.urls import path

from players.notifications import NotificationConsumer

websocket_urlpatterns = [
    path("ws/notifications/", NotificationConsumer.as_asgi()),
]
