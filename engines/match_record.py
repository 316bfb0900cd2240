"""The match record: one played match as plain JSON, and the helpers records share.

A match record is plain JSON::

    {"format": 1, "game": slug, "engine_version": ..., "seed": ..., "seats": [bot specs],
     "decks": ..., "options": ..., "actions": [...],
     "digests": {"states": [after setup, after action 0, after action 1, ...]},
     "forfeit": null | {"seat", "index", "kind", "action", "reason"},
     "result": {"ranks", "scores", "reason", "details"}}

``digests["states"][0]`` is the state after setup and ``digests["states"][i + 1]`` the state
after ``actions[i]``, so :func:`engines.replay.replay` names the exact first action whose effect
differs. A record made with ``record=False`` keeps only the setup and final digests.

A forfeiting seat (see :func:`forfeit_result`) is ranked last and every other seat first (tied).
Import these names from :mod:`engines.record`, which plays matches and re-exports them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from engines.base import JSON, Action, Result

FORMAT = 1


def normalise(data: JSON) -> JSON:
    """``data`` after a JSON round trip (tuples become lists, keys strings...)."""
    return json.loads(json.dumps(data))


def forfeit_result(n_seats: int, seat: int, reason: str) -> Result:
    """The result of a match ``seat`` forfeited: it is last, everyone else ties for first."""
    ranks = tuple(1 if s == seat else 0 for s in range(n_seats))
    return Result(
        ranks,
        tuple(0.0 for _ in range(n_seats)),
        f"seat {seat} forfeited: {reason}",
        {"forfeit": seat},
    )


@dataclass
class MatchRecord:
    """One played match; :meth:`to_json` / :meth:`from_json` convert it to and from JSON."""

    game: str
    engine_version: str
    seed: int
    seats: list[str]
    decks: JSON
    options: JSON
    actions: list[Action] = field(default_factory=list)
    digests: dict[str, list[str]] = field(default_factory=dict)
    result: dict[str, Any] | None = None
    forfeit: dict[str, Any] | None = None
    format: int = FORMAT

    @property
    def n_seats(self) -> int:
        return len(self.seats)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": self.format,
            "game": self.game,
            "engine_version": self.engine_version,
            "seed": self.seed,
            "seats": list(self.seats),
            "decks": self.decks,
            "options": self.options,
            "actions": list(self.actions),
            "digests": {key: list(value) for key, value in self.digests.items()},
            "forfeit": self.forfeit,
            "result": self.result,
        }

    def dumps(self, **kwargs: Any) -> str:
        return json.dumps(self.to_json(), **kwargs)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MatchRecord:
        """A record from its JSON form; raises ``ValueError`` naming a missing or bad field."""
        if not isinstance(data, dict):
            raise ValueError("a match record is a JSON object")
        missing = [k for k in ("format", "game", "seed", "seats", "actions") if k not in data]
        if missing:
            raise ValueError(f"match record lacks {', '.join(missing)}")
        if data["format"] != FORMAT:
            raise ValueError(f"unsupported match record format {data['format']!r}")
        if not isinstance(data["seats"], list) or not isinstance(data["actions"], list):
            raise ValueError("seats and actions must be lists")
        return cls(
            game=data["game"],
            engine_version=str(data.get("engine_version", "")),
            seed=int(data["seed"]),
            seats=[str(s) for s in data["seats"]],
            decks=data.get("decks"),
            options=data.get("options"),
            actions=list(data["actions"]),
            digests={k: list(v) for k, v in (data.get("digests") or {}).items()},
            result=data.get("result"),
            forfeit=data.get("forfeit"),
            format=data["format"],
        )

    @classmethod
    def loads(cls, text: str) -> MatchRecord:
        return cls.from_json(json.loads(text))
