from django.urls import path

from web.views import (
    accounts,
    bots,
    catalogues,
    closing,
    decks,
    game,
    insights,
    notifications,
    play,
    public,
    queue,
    seasons,
    staff,
)
from web.views.tournaments import closing as tournament_closing
from web.views.tournaments import corrections as tournament_corrections
from web.views.tournaments import night as tournament_night
from web.views.tournaments import organiser as tournament_organiser
from web.views.tournaments import organiser_rounds as tournament_rounds
from web.views.tournaments import player as tournament_player
from web.views.tournaments import printouts as tournament_printouts
from web.views.tournaments import public as tournament_public

urlpatterns = [
    path("", public.home, name="home"),
    # accounts
    path("accounts/signup/", accounts.signup, name="web-signup"),
    path("accounts/login/", accounts.LoginView.as_view(), name="web-login"),
    path("accounts/logout/", accounts.LogoutView.as_view(), name="web-logout"),
    path("accounts/profile/", accounts.profile, name="web-profile"),
    path(
        "accounts/password/",
        accounts.private(accounts.PasswordChangeView.as_view()),
        name="web-password",
    ),
    path(
        "accounts/password/reset/",
        accounts.PasswordResetView.as_view(),
        name="web-password-reset",
    ),
    path(
        "accounts/password/reset/sent/",
        accounts.PasswordResetDoneView.as_view(),
        name="web-password-reset-sent",
    ),
    path(
        "accounts/password/reset/<uidb64>/<token>/",
        accounts.PasswordResetConfirmView.as_view(),
        name="web-password-reset-confirm",
    ),
    path(
        "accounts/password/reset/done/",
        accounts.PasswordResetCompleteView.as_view(),
        name="web-password-reset-complete",
    ),
    path("accounts/tokens/", accounts.tokens, name="web-tokens"),
    path("accounts/tokens/<str:key>/revoke/", accounts.token_revoke, name="web-token-revoke"),
    path("organisers/request/", accounts.organiser_request, name="web-organiser-request"),
    # notifications
    path("notifications/", notifications.notification_list, name="web-notifications"),
    path("notifications/read/", notifications.mark_all_read, name="web-notifications-read"),
    path("notifications/<int:pk>/", notifications.follow, name="web-notification"),
    # players
    path("players/<str:username>/", public.player, name="web-player"),
    # a bot's versions and their comparisons
    path("bots/<str:username>/", bots.bot_page, name="web-bot"),
    path("bots/<str:username>/publish/", bots.bot_publish, name="web-bot-publish"),
    path("bots/<str:username>/compare/", bots.bot_compare, name="web-bot-compare"),
    # insights
    path("insights/matchups/", insights.matchups, name="web-matchups"),
    path("insights/matchups/<slug:game>/", insights.matchups, name="web-matchups-game"),
    path("insights/studies/", insights.studies, name="web-studies"),
    path("insights/studies/<int:pk>/", insights.study, name="web-study"),
    # ladders
    path("ladders/", public.ladder_list, name="web-ladders"),
    path("ladders/<slug:slug>/", public.leaderboard, name="web-ladder"),
    path("ladders/<slug:slug>/backtest/", insights.backtest, name="web-ladder-backtest"),
    path("ladders/<slug:slug>/closing/", closing.closing_page, name="web-ladder-closing"),
    path("ladders/<slug:slug>/closing/start/", closing.closing_start, name="web-closing-start"),
    path(
        "ladders/<slug:slug>/seasons/<int:number>/",
        seasons.season_page,
        name="web-ladder-season",
    ),
    path("ladders/<slug:slug>/seasons/end/", seasons.season_end, name="web-season-end"),
    path("ladders/<slug:slug>/queue/join/", queue.queue_join, name="web-queue-join"),
    path("ladders/<slug:slug>/queue/leave/", queue.queue_leave, name="web-queue-leave"),
    path("ladders/<slug:slug>/queue/wait/", queue.queue_wait, name="web-queue-wait"),
    path("ladders/<slug:slug>/queue/bot/", queue.queue_bot, name="web-queue-bot"),
    path("ladders/<slug:slug>/challenge/", play.challenge_bot, name="web-challenge"),
    path("my/matches/", play.my_matches, name="web-my-matches"),
    # matches
    path("matches/", public.match_list_page, name="web-matches"),
    path("matches/<int:pk>/", public.match_detail, name="web-match"),
    path("matches/<int:pk>/replay/", public.match_replay, name="web-replay"),
    path("matches/<int:pk>/verify/", staff.verify, name="web-verify"),
    path("matches/<int:pk>/void/", staff.void, name="web-void"),
    path("matches/<int:pk>/correct/", staff.correct, name="web-correct"),
    # staff
    path("staff/organisers/", staff.organiser_requests, name="web-staff-organisers"),
    path(
        "staff/organisers/<int:pk>/<slug:decision>/",
        staff.organiser_decide,
        name="web-staff-organiser-decide",
    ),
    # play
    path("play/", game.start_page, name="web-play-start"),
    path("play/bots/<slug:slug>/", game.play_bots, name="web-play-bots"),
    path("play/challenge/<slug:slug>/", game.challenge_person, name="web-play-challenge"),
    path(
        "play/challenges/<int:pk>/<str:answer>/",
        game.answer_challenge,
        name="web-play-answer",
    ),
    path("matches/<int:pk>/play/", game.play_page, name="web-play"),
    path("matches/<int:pk>/rematch/", game.rematch, name="web-play-rematch"),
    # decks
    path("decks/", decks.deck_list, name="web-decks"),
    path("decks/new/", decks.deck_new, name="web-deck-new"),
    path("decks/validate/", decks.deck_validate, name="web-deck-validate"),
    path("decks/cards/", decks.card_search, name="web-deck-cards"),
    path("decks/starters/copy/", decks.starter_copy, name="web-deck-starter-copy"),
    path("decks/<int:pk>/", decks.deck_edit, name="web-deck"),
    path("decks/<int:pk>/delete/", decks.deck_delete, name="web-deck-delete"),
    path("decks/versions/<int:pk>/", decks.version_detail, name="web-deck-version"),
    path("decks/versions/<int:pk>/export/", decks.version_export, name="web-deck-export"),
    path("catalogues/", catalogues.catalogue_index, name="web-catalogues"),
    path("catalogues/<slug:game>/", catalogues.catalogue, name="web-catalogue"),
    path("catalogues/<slug:game>/modes/", catalogues.mode_sets, name="web-mode-sets"),
    # tournaments, by audience (web.views.tournaments): anyone
    path("tournaments/", tournament_public.tournament_list, name="web-tournaments"),
    path("tournaments/<int:pk>/", tournament_public.detail, name="web-tournament"),
    path(
        "tournaments/<int:pk>/closing/",
        tournament_closing.closing_page,
        name="web-tournament-closing",
    ),
    path(
        "tournaments/<int:pk>/closing/plan/",
        tournament_closing.closing_plan,
        name="web-tournament-closing-plan",
    ),
    path(
        "tournaments/<int:pk>/tables/<int:table_id>/",
        tournament_public.table_page,
        name="web-tournament-table",
    ),
    path(
        "tournaments/<int:pk>/print/<slug:kind>/",
        tournament_printouts.print_page,
        name="web-tournament-print",
    ),
    path(
        "tournaments/<int:pk>/export/<slug:kind>.csv",
        tournament_printouts.export_csv,
        name="web-tournament-csv",
    ),
    # ... entrants, captains and partners
    path(
        "tournaments/<int:pk>/register/", tournament_player.register, name="web-tournament-register"
    ),
    path(
        "tournaments/<int:pk>/withdraw/", tournament_player.withdraw, name="web-tournament-withdraw"
    ),
    path("tournaments/<int:pk>/deck/", tournament_player.change_deck, name="web-tournament-deck"),
    path(
        "tournaments/<int:pk>/check-in/", tournament_player.check_in, name="web-tournament-check-in"
    ),
    path(
        "tournaments/<int:pk>/teams/<int:entry_id>/<slug:answer>/",
        tournament_player.answer,
        name="web-team-answer",
    ),
    path(
        "tournaments/<int:pk>/tables/<int:table_id>/report/",
        tournament_player.report,
        name="web-tournament-report",
    ),
    path(
        "tournaments/<int:pk>/tables/<int:table_id>/confirm/",
        tournament_player.confirm,
        name="web-tournament-confirm",
    ),
    # ... the event's organiser and staff
    path("tournaments/new/", tournament_organiser.create, name="web-tournament-new"),
    path("tournaments/<int:pk>/edit/", tournament_organiser.edit, name="web-tournament-edit"),
    path(
        "tournaments/<int:pk>/steps/<slug:action>/",
        tournament_organiser.step,
        name="web-tournament-step",
    ),
    path(
        "tournaments/<int:pk>/entries/<int:entry_id>/<slug:action>/",
        tournament_organiser.entry_action,
        name="web-tournament-entry",
    ),
    path("tournaments/<int:pk>/teams/enter/", tournament_organiser.enter, name="web-team-enter"),
    # the night (web.views.tournaments.night): bulk entry, guests, check-in, the round timer
    path(
        "tournaments/<int:pk>/entrants/",
        tournament_night.add_entrants,
        name="web-tournament-entrants",
    ),
    path(
        "tournaments/<int:pk>/night/entries/<int:entry_id>/<slug:action>/",
        tournament_night.entry_step,
        name="web-tournament-night-entry",
    ),
    path(
        "tournaments/<int:pk>/call-time/",
        tournament_night.call_time,
        name="web-tournament-call-time",
    ),
    path(
        "tournaments/<int:pk>/night/tables/<int:table_id>/<slug:action>/",
        tournament_night.table_step,
        name="web-tournament-night-table",
    ),
    path(
        "tournaments/<int:pk>/tables/<int:table_id>/correct/",
        tournament_organiser.correct,
        name="web-tournament-correct",
    ),
    path(
        "tournaments/<int:pk>/tables/<int:table_id>/void/",
        tournament_corrections.void,
        name="web-tournament-void",
    ),
    path(
        "tournaments/<int:pk>/tables/<int:table_id>/replay/",
        tournament_corrections.replay,
        name="web-tournament-replay",
    ),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/repair/",
        tournament_corrections.repair,
        name="web-tournament-repair",
    ),
    path(
        "tournaments/<int:pk>/tables/<int:table_id>/timeout/",
        tournament_organiser.timeout,
        name="web-tournament-timeout",
    ),
    # the organiser's round pages (web.views.tournaments.organiser_rounds)
    path(
        "tournaments/<int:pk>/rounds/<int:number>/pairings/",
        tournament_rounds.pairings,
        name="web-tournament-pairings",
    ),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/swap/",
        tournament_rounds.swap,
        name="web-tournament-swap",
    ),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/results/",
        tournament_rounds.results_grid,
        name="web-tournament-results",
    ),
]
