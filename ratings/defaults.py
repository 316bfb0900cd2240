"""The default ladders, created by ``migrate`` (post_migrate) and ``manage.py ensure_ladders``.

Draw probabilities (TrueSkill's per-pair chance of a tie) come from measured play, not the
package's 10% default: in 2,000 random-bot games each, Khan of Khans 4-player tied 0.22% of
player pairs, 2-player none; Kingdom of Warlords had no draw (a draw only happens at the
500-battle cap). AracKhan Wars (random bots, every tie-break spent): 1 of 300 pairs tied in
1v1 games, 1 of 600 in 4-player free-for-all games. Akhedena Quick Match ends in a shared first
place when the turn cap is reached: in 1,000 random-bot 1v1 games 13.8% did (heuristic against
heuristic, about half: docs/bots.md), in 500 4-player free-for-all games 0.7% of player pairs
tied. Heroes of Graxia (random bots, ties on Victory Points and Prestige share a rank): 8 of
1,000 1v1 games, 81 of 3,000 player pairs in 500 4-player games (mostly seats sharing last
place). A small non-zero value keeps the rare tie rateable.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engines.registry import get_game


@dataclass(frozen=True)
class LadderSpec:
    slug: str
    game: str
    seats: int
    format: str
    draw_probability: float
    bot_arena: bool = False
    team_size: int = 1


DEFAULT_LADDERS = (
    LadderSpec("khan-of-khans-4p", "khan-of-khans", 4, "4-player free-for-all", 0.005),
    LadderSpec("khan-of-khans-2p", "khan-of-khans", 2, "2-player", 0.005),
    LadderSpec("kingdom-of-warlords-1v1", "kingdom-of-warlords", 2, "1v1", 0.01),
    LadderSpec("arackhan-wars-1v1", "arackhan-wars", 2, "1v1", 0.005),
    # Four seats without options: the engine's free-for-all mode (2v2 needs {"mode": "2v2"}).
    LadderSpec("arackhan-wars-ffa-4p", "arackhan-wars", 4, "4-player free-for-all", 0.005),
    LadderSpec("akhedena-1v1", "akhedena", 2, "1v1", 0.14),
    LadderSpec("akhedena-ffa-4p", "akhedena", 4, "4-player free-for-all", 0.007),
    LadderSpec("heroes-of-graxia-1v1", "heroes-of-graxia", 2, "1v1", 0.01),
    LadderSpec("heroes-of-graxia-ffa-4p", "heroes-of-graxia", 4, "4-player free-for-all", 0.025),
)


def ensure_default_ladders(model: Any = None, using: str = "default") -> list[str]:
    """Create each default ladder that does not exist yet; returns the slugs created."""
    if model is None:
        from ratings.models import Ladder as model
    created = []
    for spec in DEFAULT_LADDERS:
        engine = get_game(spec.game)
        if not engine.min_seats <= spec.seats <= engine.max_seats:
            raise ValueError(f"{engine.name} seats {engine.min_seats}-{engine.max_seats}")
        _, new = model.objects.using(using).get_or_create(
            slug=spec.slug,
            defaults={
                "name": f"{engine.name} {spec.format}",
                "game": spec.game,
                "seats": spec.seats,
                "team_size": spec.team_size,
                "draw_probability": spec.draw_probability,
                "bot_arena": spec.bot_arena,
            },
        )
        if new:
            created.append(spec.slug)
    return created


# Bot accounts for the arena: the three kinds by the ``<game>-<kind>-bot`` convention (as the
# demo names them) plus search bots at two more strengths (through a BotProfile), so a
# 4-player ladder has more bots than seats and keeps playing.
ARENA_BOTS = (
    ("random", "random"),
    ("heuristic", "heuristic"),
    ("search", "search"),
    ("search25", "search:25"),
    ("search500", "search:500"),
)
# Specs that differ for a game. An AracKhan Wars playout is a whole game (about 17 ms), so
# search at 200 or 500 playouts a move would take minutes a game: its search bots think for a
# time budget a move instead (about 40 moves a seat in 1v1).
# Akhedena's seat to act has about 80 actions, so its search bots think for a time budget too.
ARENA_SPECS_BY_GAME = {
    "arackhan-wars": {"search": "search:100ms", "search500": "search:500ms"},
    "akhedena": {"search": "search:100ms", "search500": "search:500ms"},
    # A Heroes of Graxia playout is a whole game too (about 8 ms, bench/engines.py "search"
    # case: 125 playouts/s), and a game has hundreds of decisions: a time budget a move.
    "heroes-of-graxia": {"search": "search:100ms", "search500": "search:500ms"},
}


def arena_spec(game: str, label: str, spec: str) -> str:
    """The spec the arena plays bot ``label`` of ``game`` with."""
    return ARENA_SPECS_BY_GAME.get(game, {}).get(label, spec)


def ensure_arena_bots(games: list[str] | None = None) -> list[str]:
    """Create the arena's bot accounts that are missing; returns the user names created."""
    from players.models import Player
    from ratings.bots import convention_spec
    from ratings.models import BotProfile

    games = games or sorted({spec.game for spec in DEFAULT_LADDERS})
    created = []
    for game in games:
        for label, default_spec in ARENA_BOTS:
            spec = arena_spec(game, label, default_spec)
            username = f"{game}-{label}-bot"
            player, new = Player.objects.get_or_create(
                username=username,
                defaults={
                    "display_name": f"{label.title()} bot ({get_game(game).name})",
                    "is_bot": True,
                },
            )
            if new:
                player.set_unusable_password()  # bots never log in: workers play them
                player.save(update_fields=["password"])
                created.append(username)
            if convention_spec(username, game) != spec:
                BotProfile.objects.get_or_create(
                    player=player, defaults={"game": game, "spec": spec}
                )
    return created
