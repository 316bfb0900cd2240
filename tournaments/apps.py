from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        from matches.signals import match_reopened, matches_finished
        from tournaments import receivers

        # Results of tournament bot matches are recorded inside the transaction that finishes
        # them (like ratings); the next round is queued once that transaction commits.
        matches_finished.connect(
            receivers.on_matches_finished, dispatch_uid="tournaments.record_results"
        )
        match_reopened.connect(receivers.on_match_reopened, dispatch_uid="tournaments.reopened")
