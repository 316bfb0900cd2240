from django.apps import AppConfig
from django.db.models.signals import post_migrate


class RatingsConfig(AppConfig):
    name = "ratings"
    verbose_name = "Ladders and ratings"

    def ready(self) -> None:
        from matches import seat_rights
        from matches.signals import match_reopened, matches_finished
        from ratings import receivers, versions
        from ratings.signals import closing_run_changed, person_challenged, queue_joined

        # One signal per finishing transaction (``matches=[...]``): the whole batch is rated in
        # a handful of queries, inside that transaction.
        matches_finished.connect(receivers.on_matches_finished, dispatch_uid="ratings.rate_matches")
        matches_finished.connect(
            receivers.on_closing_matches_finished, dispatch_uid="ratings.closing_runs"
        )
        closing_run_changed.connect(
            receivers.on_closing_run_changed, dispatch_uid="ratings.closing_run_start"
        )
        match_reopened.connect(receivers.on_match_reopened, dispatch_uid="ratings.recompute")
        person_challenged.connect(receivers.on_person_challenged, dispatch_uid="ratings.challenged")
        queue_joined.connect(receivers.on_queue_joined, dispatch_uid="ratings.queue_round")
        # A bot's token (and its owner's) play the person's seats of the bot's versions.
        seat_rights.register(versions.accounts_played_by)
        post_migrate.connect(
            receivers.ensure_default_ladders_after_migrate,
            sender=self,
            dispatch_uid="ratings.default_ladders",
        )
