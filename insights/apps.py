from django.apps import AppConfig


class InsightsConfig(AppConfig):
    name = "insights"
    verbose_name = "Insights: matchups and bot studies"

    def ready(self) -> None:
        from insights import receivers
        from matches.signals import match_reopened, matches_finished

        matches_finished.connect(receivers.on_matches_finished, dispatch_uid="insights.count")
        match_reopened.connect(receivers.on_match_reopened, dispatch_uid="insights.rebuild")
