"""Seasons in a ladder's replay (``ratings.recompute``): at each ended season's boundary, the
season's final leaderboard as the replay computes it, then the season's reset of every rating.

A season ends after the rating update numbered ``end_sequence``: the replay applies the
boundary before the first update numbered after it (and, for the last seasons, after the last
update), exactly as :func:`ratings.seasons.end` did under the ladder's lock. The standings are
compared with the frozen ``SeasonStanding`` rows; a recompute that writes rewrites the seasons
whose standings differ (a match voided in a past season changes its final leaderboard).
"""

from __future__ import annotations

from collections.abc import Callable, MutableMapping
from typing import Any, Protocol

from players.models import Player
from ratings.models import Season, SeasonStanding
from ratings.season_rules import STANDING_FIELDS, Entry, reset_pair, standing_rows


class SeasonState(Protocol):
    """What the replay keeps of a player (``ratings.recompute.PlayerState``)."""

    mu: float
    sigma: float
    season_games: int
    season_wins: int


class Boundaries:
    """The ended seasons of a ladder, applied to the replay's state in sequence order."""

    def __init__(
        self,
        ladder: Any,
        state: MutableMapping[int, SeasonState],
        held: Callable[[int], bool],
    ) -> None:
        self.ladder = ladder
        self.state = state
        self.held = held
        self.pending = list(
            Season.objects.filter(ladder=ladder, end_sequence__isnull=False)
            .select_related("closing_run")
            .order_by("end_sequence", "number")
        )
        self.rows: dict[int, list[dict[str, Any]]] = {}  # the replay's standings, by season id
        self.names = {s.pk: s.name for s in self.pending}

    def before(self, sequence: int) -> None:
        """Apply every boundary that comes before the update numbered ``sequence``."""
        while self.pending and self.pending[0].end_sequence < sequence:
            self.apply(self.pending.pop(0))

    def finish(self) -> None:
        """Apply the boundaries left (seasons ended after the last update)."""
        while self.pending:
            self.apply(self.pending.pop(0))

    def apply(self, season: Season) -> None:
        """Freeze ``season``'s standings from the state, then reset every rating by its rule."""
        contenders = set(season.closing_run.contenders) if season.closing_run else set()
        ids = [p for p, st in self.state.items() if st.season_games or p in contenders]
        names = dict(Player.objects.filter(pk__in=ids).values_list("pk", "username"))
        self.rows[season.pk] = standing_rows(
            (
                Entry(p, names[p], st.mu, st.sigma, st.season_games, st.season_wins)
                for p, st in self.state.items()
                if p in names
            ),
            contenders,
        )
        start = (self.ladder.mu, self.ladder.sigma)
        for player_id, st in self.state.items():
            st.season_games = st.season_wins = 0
            if not self.held(player_id):
                st.mu, st.sigma = reset_pair(season.reset, season.widen, st.mu, st.sigma, start)


def row_values(row: dict[str, Any]) -> tuple:
    return tuple(row[f] for f in STANDING_FIELDS)


def differing(
    rows: dict[int, list[dict[str, Any]]], names: dict[int, str]
) -> tuple[int, list[int], list[str]]:
    """Rows differing between the replay's standings (``rows`` by season id) and the frozen
    ones: their count, the seasons concerned (ids) and a line for each of the first few
    (``names``: the seasons' names by id)."""
    stored: dict[int, dict[int, tuple]] = {pk: {} for pk in rows}
    for values in SeasonStanding.objects.filter(season_id__in=list(rows)).values_list(
        "season_id", *STANDING_FIELDS
    ):
        stored[values[0]][values[1]] = tuple(values[1:])
    count, seasons, details = 0, [], []
    for pk, computed in rows.items():
        wanted = {r["player_id"]: row_values(r) for r in computed}
        had = stored[pk]
        off = [p for p in wanted.keys() | had.keys() if wanted.get(p) != had.get(p)]
        if off:
            seasons.append(pk)
            count += len(off)
            for p in sorted(off)[:5]:
                details.append(f"{names[pk]} player {p}: {had.get(p)} -> {wanted.get(p)}")
    return count, seasons, details


def rewrite(rows: dict[int, list[dict[str, Any]]], seasons: list[int]) -> None:
    """Replace the frozen standings of ``seasons`` by the replay's."""
    SeasonStanding.objects.filter(season_id__in=seasons).delete()
    SeasonStanding.objects.bulk_create(
        SeasonStanding(season_id=pk, **r) for pk in seasons for r in rows[pk]
    )
