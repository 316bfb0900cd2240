from django.apps import AppConfig


class PlayersConfig(AppConfig):
    name = "players"
    verbose_name = "Players"

    def ready(self) -> None:
        from players import schema  # noqa: F401  (registers the OpenAPI auth extension)
