"""``python manage.py load_demo``: demo accounts for the embedded default (idempotent)."""

from __future__ import annotations

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from engines.registry import game_slugs
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


class Command(BaseCommand):
    help = (
        "Create demo people (password 'gauntlet-demo'), one bot account per game and kind, and "
        "fill every ladder with bot matches."
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
                            "display_name": f"{kind.title()} bot{suffix} ({slug})",
                            "is_bot": True,
                        },
                    )
                    if new:  # bots never log in: workers play them
                        bot.set_unusable_password()
                        bot.save()
                        created += 1
                    BotProfile.objects.get_or_create(
                        player=bot, defaults={"game": slug, "spec": spec}
                    )
        return created

    def play_demo_tournament(self) -> str:
        """A finished demo event: 8 bots, Kingdom of Warlords, Swiss of 3 rounds and a top 4."""
        from ratings.models import BotProfile
        from tournaments import lifecycle, registration
        from tournaments.models import Tournament

        name = "Gauntlet Demo Open"
        organiser = Player.objects.get(username="organiser")
        event = Tournament.objects.filter(name=name, organiser=organiser).first()
        if event is None:
            game = "kingdom-of-warlords"
            event = lifecycle.create(
                organiser,
                name=name,
                game=game,
                rounds=3,
                top_cut=4,
                description="Eight bots, three Swiss rounds and a top 4, played by the workers.",
            )
            event = lifecycle.open_registration(event, organiser)
            for i in range(8):
                bot, _ = Player.objects.get_or_create(
                    username=f"demo-open-bot-{i + 1}",
                    defaults={"display_name": f"Demo Open bot {i + 1}", "is_bot": True},
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
        for ladder in Ladder.objects.filter(active=True):
            if Match.objects.filter(ladder=ladder, origin="demo").count() >= per_ladder:
                continue
            bots = [
                (bot, spec)
                for bot in Player.objects.filter(is_bot=True).order_by("username")
                if (spec := bot_spec(bot, ladder.game))
            ]
            if len(bots) < ladder.seats:
                continue
            rng = random.Random(ladder.slug)
            for _ in range(per_ladder):
                table = rng.sample(bots, ladder.seats)
                seats = [SeatSpec(bot, spec) for bot, spec in table]
                schedule_match(ladder.game, seats, ladder=ladder, origin="demo")
                played += 1
        return played
