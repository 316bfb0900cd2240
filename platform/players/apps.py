from django.apps import AppConfig


class PlayersConfig(AppConfig):
    name = "players"
    verbose_name = "Players"

    def ready(self) -> None:
        from players import (
            receivers,
            schema,  # noqa: F401  (registers the OpenAPI auth extension)
        )
        from players.signals import organiser_request_decided, organiser_requested

        organiser_requested.connect(
            receivers.on_organiser_requested, dispatch_uid="players.organiser_requested"
        )
        organiser_request_decided.connect(
            receivers.on_organiser_request_decided, dispatch_uid="players.organiser_decided"
        )
