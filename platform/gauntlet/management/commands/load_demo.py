"""``python manage.py load_demo``: demo data for the embedded default (idempotent): people, bot
accounts, rated bot matches on every ladder, a finished tournament, registered AracKhan Wars
decks (a legal one and a draft with violations), an event open for registration and a running
match alice plays in the browser."""

from __future__ import annotations

from copy import deepcopy
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from engines.registry import game_slugs, get_game
from players.models import Player, Role

DEMO_PASSWORD = "gauntlet-demo"
PEOPLE = [
    ("admin", "Ada Admin", "GB", Role.ADMIN),
    ("organiser", "Olu Organiser", "NG", Role.ORGANISER),
    ("alice", "Alice", "FR", Role.PLAYER),
    ("bob", "Bob", "DE", Role.PLAYER),
    ("chen", "Chen", "CN", Role.PLAYER),
]
# Bot kinds and the spec the demo plays them with (demo search bots think briefly, so that
# `make demo` starts in seconds).
BOT_KINDS = {"random": "random", "heuristic": "heuristic", "search": "search:40"}
# An AracKhan Wars playout is a whole game (about 17 ms), so 40 playouts a move take about 36 s
# a game: its demo search bot thinks 20 ms a move instead (about a second a game).
# Akhedena's seat to act has about 80 legal actions: its demo search bot thinks 20 ms a move.
DEMO_SPECS_BY_GAME = {
    "arackhan-wars": {"search": "search:20ms"},
    "akhedena": {"search": "search:20ms"},
}
# Even so its search bot would triple the time of the demo's AracKhan Wars ladder matches, so
# they seat only these kinds (the search bot is there to play against on the play page).
DEMO_LADDER_KINDS_BY_GAME = {
    "arackhan-wars": {"random", "heuristic"},
    "akhedena": {"random", "heuristic"},
    # A Heroes of Graxia game is long (hundreds of decisions): a search bot at 40 playouts a
    # move takes minutes a game, so the demo's ladder matches seat the quick kinds only.
    "heroes-of-graxia": {"random", "heuristic"},
}
# At most this many demo matches per ladder of these games (heuristic pairs of Akhedena often
# play to the turn cap: a few games keep `make demo` fast).
DEMO_MATCHES_BY_GAME = {"akhedena": 4}
POD_EVENT = "Graxia Pod Night"
DECK_GAME = "arackhan-wars"
UPCOMING_EVENT = "AracKhan Wars Spring Cup"
# Whose registered AracKhan Wars deck copies which starter deck.
DECK_OWNERS = {"alice": "whitelands-prebuilt", "bob": "nakka-prebuilt", "chen": "blight-prebuilt"}


class Command(BaseCommand):
    help = (
        "Create demo people (password 'gauntlet-demo'), one bot account per game and kind, "
        "fill every ladder with bot matches, and add decks, tournaments and a live match."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--matches", type=int, default=12, help="bot matches to play per ladder (default 12)"
        )

    def handle(self, *args, **options) -> None:
        if settings.GAUNTLET_PRODUCTION:
            raise CommandError("refusing to load demo accounts with the production settings")
        created = 0
        for username, name, country, role in PEOPLE:
            player, new = Player.objects.get_or_create(
                username=username,
                defaults={
                    "display_name": name,
                    "country": country,
                    "role": role,
                    "is_superuser": role == Role.ADMIN,
                },
            )
            if new:
                player.set_password(DEMO_PASSWORD)
                player.save()
                created += 1
        created += self.create_bots()
        self.stdout.write(
            f"demo data: {created} accounts created; people log in with password "
            f"'{DEMO_PASSWORD}' (admin: 'admin')"
        )
        played = self.play_ladder_matches(options["matches"])
        self.stdout.write(f"demo ladders: {played} bot matches played and rated")
        self.stdout.write(self.play_demo_tournament())
        self.stdout.write(self.play_pod_tournament())
        self.stdout.write(self.create_decks())
        self.stdout.write(self.open_upcoming_tournament())
        self.stdout.write(self.start_live_match())
        self.stdout.write(self.run_demo_study())

    def run_demo_study(self) -> str:
        """A small bot self-play study between two AracKhan Wars starter decks: the matchup
        pages have bot play to show (staff start larger ones at /insights/studies/)."""
        from insights.models import Study
        from insights.studies import start_study

        decks = ["lightning-strike", "blight-prebuilt"]
        study = Study.objects.filter(game="arackhan-wars", decks=decks).first()
        if study is None:
            study = start_study(None, "arackhan-wars", decks, "heuristic", 8, batch_size=4)
        return f"demo study: {study.matches} AracKhan Wars bot matches, {' v '.join(decks)}"

    def create_bots(self) -> int:
        """Bot accounts per game and kind, enough of each kind to fill its largest ladder."""
        from ratings.models import BotProfile, Ladder

        created = 0
        for slug in game_slugs():
            seats = max(Ladder.objects.filter(game=slug).values_list("seats", flat=True), default=2)
            copies = (seats + len(BOT_KINDS) - 1) // len(BOT_KINDS)
            for kind, spec in BOT_KINDS.items():
                for copy in range(1, copies + 1):
                    suffix = "" if copy == 1 else f"-{copy}"
                    bot, new = Player.objects.get_or_create(
                        username=f"{slug}-{kind}-bot{suffix}",
                        defaults={
                            # "Heuristic bot 2 (Khan of Khans)": ratings.bot_names' words
                            "display_name": f"{kind.title()} bot{suffix.replace('-', ' ')} "
                            f"({get_game(slug).name})",
                            "is_bot": True,
                        },
                    )
                    if new:  # bots never log in: workers play them
                        bot.set_unusable_password()
                        bot.save()
                        created += 1
                    BotProfile.objects.get_or_create(
                        player=bot,
                        defaults={
                            "game": slug,
                            "spec": DEMO_SPECS_BY_GAME.get(slug, {}).get(kind, spec),
                        },
                    )
        return created

    def play_demo_tournament(self) -> str:
        """A finished demo event: 8 bots, Kingdom of Warlords, Swiss of 3 rounds and a top 4."""
        return self.play_bot_event(
            "Gauntlet Demo Open",
            "kingdom-of-warlords",
            ("demo-open-bot", "Demo Open bot", 8),
            rounds=3,
            top_cut=4,
            description="Eight bots, three Swiss rounds and a top 4, played by the workers.",
        )

    def play_pod_tournament(self) -> str:
        """A finished Heroes of Graxia event: four bots in free-for-all pods, two rounds (two
        four-player games: the demo stays quick)."""
        from tournaments.models import Format

        return self.play_bot_event(
            POD_EVENT,
            "heroes-of-graxia",
            ("graxia-pod-bot", "Graxia pod bot", 4),
            format=Format.PODS,
            rounds=2,
            description="Four bots, two rounds of four-player Heroes of Graxia pods.",
        )

    def play_bot_event(
        self, name: str, game: str, bots: tuple[str, str, int], **settings: Any
    ) -> str:
        """The organiser's event ``name`` of ``game``, entered by ``bots`` (username prefix,
        display-name prefix, how many; random and heuristic in turn) and played to its end in
        process; an event already there is left as it is."""
        from ratings.models import BotProfile
        from tournaments import lifecycle, registration
        from tournaments.models import Tournament

        organiser = Player.objects.get(username="organiser")
        event = Tournament.objects.filter(name=name, organiser=organiser).first()
        if event is None:
            event = lifecycle.create(organiser, name=name, game=game, **settings)
            event = lifecycle.open_registration(event, organiser)
            username, display, count = bots
            for i in range(count):
                bot, _ = Player.objects.get_or_create(
                    username=f"{username}-{i + 1}",
                    defaults={"display_name": f"{display} {i + 1}", "is_bot": True},
                )
                bot.set_unusable_password()
                bot.save()
                BotProfile.objects.get_or_create(
                    player=bot,
                    defaults={
                        "game": game,
                        "owner": organiser,
                        "spec": "heuristic" if i % 2 else "random",
                    },
                )
                registration.register(event, bot, organiser)
            lifecycle.start(event, organiser)  # in-process: the whole event plays now
            event.refresh_from_db()
        winner = event.winner.player.public_name if event.winner_id else "nobody yet"
        return (
            f"demo tournament: {event.name} is {event.get_state_display().lower()}; winner {winner}"
        )

    def play_ladder_matches(self, per_ladder: int) -> int:
        """Schedule bot matches on every active ladder (played in-process in the embedded
        default, by the workers in distributed mode). Seeded, so every demo is the same."""
        import random

        from matches.models import Match
        from matches.scheduling import SeatSpec, schedule_match
        from ratings.bots import bot_spec
        from ratings.models import Ladder

        played = 0
        for ladder in Ladder.objects.filter(active=True).order_by("slug"):
            wanted = min(per_ladder, DEMO_MATCHES_BY_GAME.get(ladder.game, per_ladder))
            if Match.objects.filter(ladder=ladder, origin="demo").count() >= wanted:
                continue
            kinds = DEMO_LADDER_KINDS_BY_GAME.get(ladder.game)
            bots = [
                (bot, spec)
                for bot in Player.objects.filter(is_bot=True).order_by("username")
                if (spec := bot_spec(bot, ladder.game))
                and (kinds is None or spec.split(":")[0] in kinds)
            ]
            if len(bots) < ladder.seats:
                continue
            rng = random.Random(ladder.slug)
            for _ in range(wanted):
                table = rng.sample(bots, ladder.seats)
                seats = [SeatSpec(bot, spec) for bot, spec in table]
                schedule_match(ladder.game, seats, ladder=ladder, origin="demo")
                played += 1
        return played

    def create_decks(self) -> str:
        """Registered AracKhan Wars decks: alice's legal copy of a starter and her draft with
        violations (too many cards, another faction's card, over the point budget); bob's and
        chen's copies of other starters."""
        from decks.models import Deck
        from decks.services import copy_starter, create_deck, engine_catalogue, ensure_catalogue
        from engines.decks import get_deck_format

        catalogue = ensure_catalogue(DECK_GAME)
        fmt = get_deck_format(DECK_GAME)
        starters = {s.key: s for s in fmt.starter_decks()}
        people = {p.username: p for p in Player.objects.filter(username__in=DECK_OWNERS)}
        made = 0
        for username, key in DECK_OWNERS.items():
            if not Deck.objects.filter(owner=people[username], game=DECK_GAME).exists():
                copy_starter(people[username], DECK_GAME, key)
                made += 1
        draft_name = "Whitelands draft (too big)"
        if not Deck.objects.filter(owner=people["alice"], name=draft_name).exists():
            data = deepcopy(starters["whitelands-prebuilt"].data)
            data["cards"][0]["copies"] += 3
            data["cards"].append(starters["nakka-prebuilt"].data["cards"][0])
            text = fmt.export_text(data, engine_catalogue(catalogue), draft_name)
            create_deck(people["alice"], DECK_GAME, draft_name, text=text)
            made += 1
        return f"demo decks: {made} created ({Deck.objects.count()} in all)"

    def open_upcoming_tournament(self) -> str:
        """An AracKhan Wars Swiss open for registration (deadline in two weeks): bob and chen
        entered with their decks, so a visitor (alice) can join it with hers."""
        from datetime import timedelta

        from django.utils import timezone

        from decks.services import current_version
        from tournaments import lifecycle, registration
        from tournaments.models import Tournament

        organiser = Player.objects.get(username="organiser")
        event = Tournament.objects.filter(name=UPCOMING_EVENT, organiser=organiser).first()
        if event is None:
            event = lifecycle.create(
                organiser,
                name=UPCOMING_EVENT,
                game=DECK_GAME,
                rounds=3,
                capacity=16,
                registration_deadline=timezone.now() + timedelta(days=14),
                description="Three Swiss rounds of AracKhan Wars 1v1. Bring a legal deck.",
            )
            event = lifecycle.open_registration(event, organiser)
            for username in ("bob", "chen"):
                player = Player.objects.get(username=username)
                deck = player.decks.filter(game=DECK_GAME).first()
                version = current_version(deck) if deck else None
                registration.register(
                    event, player, player, deck_version=version.pk if version else None
                )
        entries = event.entries.count()
        return f"demo tournament: {event.name} is {event.get_state_display().lower()}, {entries} in"

    def start_live_match(self) -> str:
        """A running AracKhan Wars match between alice (her deck) and the heuristic bot, waiting
        for alice's move: her play page, a spectator's board and the live match page."""
        from decks.services import current_version, playable_data
        from matches.models import Match, MatchState
        from matches.scheduling import SeatSpec
        from ratings.bots import bot_spec
        from ratings.models import Ladder
        from ratings.seat_decks import fill_decks

        alice = Player.objects.get(username="alice")
        live = Match.objects.filter(origin="demo-play", state=MatchState.RUNNING).first()
        if live is None:
            ladder = Ladder.objects.filter(game=DECK_GAME, seats=2, active=True).first()
            bot = Player.objects.filter(username=f"{DECK_GAME}-heuristic-bot").first()
            deck = alice.decks.filter(game=DECK_GAME, name__contains="pre-built").first()
            version = current_version(deck) if deck else None
            if ladder is None or bot is None or version is None or not version.legal:
                return "demo live match: not started (no AracKhan Wars ladder, bot or deck)"
            mine, theirs = fill_decks(DECK_GAME, [playable_data(version), None]) or [None, None]
            live = ladder.schedule(
                [
                    SeatSpec(alice, deck=mine),
                    SeatSpec(bot, bot_spec(bot, DECK_GAME) or "heuristic", deck=theirs),
                ],
                origin="demo-play",
                created_by=alice,
            )
        return f"demo live match: {live.pk} ({live.state}), alice plays at /matches/{live.pk}/play/"
