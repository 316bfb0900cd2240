from django.apps import AppConfig


class GauntletConfig(AppConfig):
    name = "gauntlet"
    verbose_name = "Gauntlet site"

    def ready(self) -> None:
        # Make sure the Celery app is created and configured whenever Django is.
        from gauntlet import celery_app  # noqa: F401
