from django.apps import AppConfig


class WebConfig(AppConfig):
    name = "web"
    verbose_name = "Web pages"

    def ready(self) -> None:
        from matches.signals import match_progressed, match_reopened, matches_finished
        from web import live

        # Sent inside the finishing transaction: live.py publishes on commit only.
        matches_finished.connect(live.on_matches_finished, dispatch_uid="web.publish_finished")
        match_reopened.connect(live.on_match_reopened, dispatch_uid="web.publish_reopened")
        match_progressed.connect(live.on_match_progressed, dispatch_uid="web.publish_progress")
