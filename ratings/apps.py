from django.apps import AppConfig
from django.db.models.signals import post_migrate


class RatingsConfig(AppConfig):
    name = "ratings"
    verbose_name = "Ladders and ratings"

    def ready(self) -> None:
        from matches import signals
        from matches.signals import match_finished, match_reopened
        from ratings import receivers

        match_finished.connect(receivers.on_match_finished, dispatch_uid="ratings.rate_match")
        # A batch form (one signal per finishing transaction, ``matches=[...]``) rates the whole
        # batch in a handful of queries; used if the matches app sends it.
        batch = getattr(signals, "matches_finished", None)
        if batch is not None:
            batch.connect(receivers.on_matches_finished, dispatch_uid="ratings.rate_matches")
        match_reopened.connect(receivers.on_match_reopened, dispatch_uid="ratings.recompute")
        post_migrate.connect(
            receivers.ensure_default_ladders_after_migrate,
            sender=self,
            dispatch_uid="ratings.default_ladders",
        )
