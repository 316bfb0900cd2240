"""Helpers of the tournaments tests: people, bot accounts, events, reported rounds."""

from __future__ import annotations

from typing import Any

from players.models import Player
from ratings.models import BotProfile
from tournaments import lifecycle, registration
from tournaments.models import Round, Table, TableState, Tournament

PASSWORD = "x-Strong-pass-9"
KOW = "kingdom-of-warlords"
KHAN = "khan-of-khans"


def organiser(name: str = "org") -> Player:
    return Player.objects.create_user(name, password=PASSWORD, role="organiser")


def people(n: int, prefix: str = "p") -> list[Player]:
    return [Player.objects.create_user(f"{prefix}{i}", password=PASSWORD) for i in range(n)]


def bots(n: int, owner: Player, game: str = KOW, spec: str = "random", prefix: str = "bot"):
    out = []
    for i in range(n):
        p = Player.objects.create_user(f"{prefix}{i}", password=PASSWORD, is_bot=True)
        BotProfile.objects.create(player=p, game=game, spec=spec, owner=owner)
        out.append(p)
    return out


def event(
    org: Player, players: list[Player] = (), *, open_: bool = True, **fields: Any
) -> Tournament:
    fields.setdefault("name", "Test event")
    fields.setdefault("game", KOW)
    t = lifecycle.create(org, **fields)
    if open_:
        t = lifecycle.open_registration(t, org)
    for p in players:
        registration.register(t, p, org if p.is_bot else p)
    return t


def current_tables(t: Tournament) -> list[Table]:
    t.refresh_from_db()
    rnd = Round.objects.get(tournament=t, number=t.current_round)
    return list(rnd.tables.order_by("number"))


def entry_player(t: Tournament) -> dict[int, Player]:
    return {e.pk: e.player for e in t.entries.select_related("player")}


def report_round(t: Tournament, decide=None) -> None:
    """Both players of every open table of the current round report the same result.

    ``decide(table) -> result`` (default: the first-listed player wins 2-0).
    """
    from tournaments import results

    players = entry_player(t)
    for table in current_tables(t):
        if table.state in (TableState.FINAL, TableState.VOID):
            continue
        result = decide(table) if decide else {"wins": [2, 0], "draws": 0}
        for entry_id in table.entries:
            results.report(t, table.pk, players[entry_id], result)


class Inbox:
    """Stands in for the channel layer: records every notification sent to a player's group.

    ``sent`` holds ``(player_id, kind, payload)``, decoded from the group name and message that
    :func:`players.notifications.notify` uses.
    """

    def __init__(self) -> None:
        self.sent: list[tuple[int, str, dict]] = []

    async def group_send(self, group: str, message: dict) -> None:
        assert group.startswith("player-") and message["type"] == "notification"
        self.sent.append((int(group.removeprefix("player-")), message["kind"], message["payload"]))

    def patch(self):
        from unittest import mock

        return mock.patch("channels.layers.get_channel_layer", return_value=self)


def sole_first(t: Tournament) -> int | None:
    """The entry placed first alone (the event's winner), or None when first place is shared
    (level on points and every tiebreaker)."""
    from tournaments.outcome import placing_rows

    first = [r["entry"] for r in placing_rows(t) if r["place"] == 1]
    return first[0] if len(first) == 1 else None
