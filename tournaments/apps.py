from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        from decks.signals import verdicts_changed
        from matches.signals import match_reopened, matches_finished
        from tournaments import receivers, signals

        # Results of tournament bot matches are recorded inside the transaction that finishes
        # them (like ratings); the next round is queued once that transaction commits.
        matches_finished.connect(
            receivers.on_matches_finished, dispatch_uid="tournaments.record_results"
        )
        match_reopened.connect(receivers.on_match_reopened, dispatch_uid="tournaments.reopened")
        # A newer catalogue made entered decks illegal: the events' organisers hear of it.
        verdicts_changed.connect(
            receivers.on_deck_verdicts, dispatch_uid="tournaments.deck_verdicts"
        )
        # The event's own life: live events, notifications and the next round, at the edge.
        for signal, receiver in (
            (signals.state_changed, receivers.on_state_changed),
            (signals.round_paired, receivers.on_round_paired),
            (signals.pairings_changed, receivers.on_pairings_changed),
            (signals.round_finished, receivers.on_round_finished),
            (signals.tournament_finished, receivers.on_tournament_finished),
            (signals.table_final, receivers.rate_paper_table),
            (signals.table_final, receivers.on_table_final),
            (signals.result_reported, receivers.on_result_reported),
            (signals.dispute_opened, receivers.on_dispute_opened),
            (signals.standings_changed, receivers.on_standings_changed),
            (signals.team_invited, receivers.on_team_invited),
            (signals.guest_claimed, receivers.on_guest_claimed),
            (signals.late_entry, receivers.on_late_entry),
            (signals.deck_changed, receivers.on_deck_changed),
            (signals.decks_locked, receivers.on_decks_locked),
            (signals.closing_run_started, receivers.on_closing_run_started),
        ):
            signal.connect(receiver, dispatch_uid=f"tournaments.{receiver.__name__}")
