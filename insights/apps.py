from django.apps import AppConfig


class InsightsConfig(AppConfig):
    name = "insights"
    verbose_name = "Insights: matchups and bot studies"

    def ready(self) -> None:
        from insights import receivers
        from insights.signals import study_batches_ready
        from matches.signals import match_reopened, matches_finished

        matches_finished.connect(receivers.on_matches_finished, dispatch_uid="insights.count")
        match_reopened.connect(receivers.on_match_reopened, dispatch_uid="insights.rebuild")
        study_batches_ready.connect(
            receivers.on_study_batches_ready, dispatch_uid="insights.queue_study"
        )
