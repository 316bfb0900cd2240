from django.apps import AppConfig


class MatchesConfig(AppConfig):
    name = "matches"
    verbose_name = "Matches"

    def ready(self) -> None:
        from matches import receivers
        from matches.signals import (
            bot_match_scheduled,
            bots_to_move,
            matches_finished,
            person_to_act,
            turn_clock_started,
        )

        bot_match_scheduled.connect(receivers.play_bot_match, dispatch_uid="matches.run_match")
        bots_to_move.connect(receivers.move_bots, dispatch_uid="matches.advance_bots")
        turn_clock_started.connect(receivers.expire_turn, dispatch_uid="matches.expire_clock")
        person_to_act.connect(receivers.remind_to_act, dispatch_uid="matches.your_turn")
        matches_finished.connect(receivers.turns_over, dispatch_uid="matches.turns_over")
