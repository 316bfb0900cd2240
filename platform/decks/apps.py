from django.apps import AppConfig


class DecksConfig(AppConfig):
    name = "decks"
    verbose_name = "Decks"

    def ready(self) -> None:
        from decks import receivers
        from decks.signals import catalogue_replaced

        catalogue_replaced.connect(receivers.queue_recheck, dispatch_uid="decks.recheck")
