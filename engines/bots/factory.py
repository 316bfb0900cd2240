"""Bots by spec string: ``random``, ``heuristic``, ``heuristic:STYLE``, ``search``, ``search:N``,
``search:Nms``.

``heuristic:STYLE`` is one of the styles a game's bots module lists in ``BOT_STYLES`` (Heroes of
Graxia: ``legion-attacker``, ``monster-hunter``), for balance studies.

``search`` specs take extra ``key=value`` settings after commas:
``search:400,c=0.5,depth=30,policy=heuristic,prior=heuristic,pw=1,split=1`` (UCB constant
``c``, heuristic cutoff ``depth``, playout ``policy`` random or the game's heuristic bot,
``prior=heuristic`` (the default where the game has a heuristic bot; ``prior=none`` turns it
off) to bias the tree towards the heuristic bot's choices with weight ``pw``,
``split=1`` for a subtree per observed chance outcome instead of SO-ISMCTS merging),
``margin=S`` (score-margin rewards), ``keep=Z`` (keep the prior's action unless beaten by Z
standard errors) and ``paired=1`` (flat search over the root's actions on common random
numbers instead of a tree; see :meth:`SearchBot._paired_choice`).
"""

from __future__ import annotations

import contextlib
import importlib
import re
from typing import Any

from engines.base import derive_seed
from engines.bots.base import Bot, RandomBot
from engines.bots.search import DEFAULT_PLAYOUTS, SearchBot
from engines.registry import GAME_MODULES, UnknownGame

SPECS = ("random", "heuristic", "heuristic:STYLE", "search", "search:N", "search:Nms")


class UnknownBot(ValueError):
    """A bot spec that names no bot (or a bot the game does not have)."""


def heuristic_bot_class(game_slug: str) -> type[Bot]:
    """The game's ``HeuristicBot``: from ``<game module>.bots``, else the game module itself."""
    if game_slug not in GAME_MODULES:
        raise UnknownGame(game_slug)
    module_name = GAME_MODULES[game_slug]
    try:
        module = importlib.import_module(module_name + ".bots")
    except ModuleNotFoundError as exc:
        if exc.name not in (module_name + ".bots", module_name):
            raise
        module = importlib.import_module(module_name)
    cls = getattr(module, "HeuristicBot", None)
    if cls is None:
        raise UnknownBot(f"{game_slug} has no heuristic bot ({module.__name__}.HeuristicBot)")
    return cls


def _search_bot(game_slug: str, spec: str, seed: int) -> SearchBot:
    head, *settings = spec.split(",")
    _, colon, budget = head.partition(":")
    if colon and not budget:
        raise UnknownBot("empty search budget (use search:N or search:Nms)")
    kwargs: dict[str, Any] = {"playouts": DEFAULT_PLAYOUTS}
    prior_named = False
    if budget:
        match = re.fullmatch(r"(\d+)(ms)?", budget)
        if not match or int(match.group(1)) < 1:
            raise UnknownBot(f"bad search budget {budget!r} (use search:N or search:Nms)")
        if match.group(2):
            kwargs["time_ms"] = int(match.group(1))
        else:
            kwargs["playouts"] = int(match.group(1))
    for setting in settings:
        key, _, value = setting.partition("=")
        try:
            if key == "c":
                kwargs["exploration"] = float(value)
            elif key == "depth":
                kwargs["rollout_depth"] = int(value)
            elif key == "prior" and value in ("heuristic", "none"):
                prior_named = True
                if value == "heuristic":
                    kwargs["prior"] = heuristic_bot_class(game_slug)(derive_seed(seed, "prior"))
            elif key == "margin":
                kwargs["margin"] = float(value)
            elif key == "paired" and value in ("0", "1"):
                kwargs["paired"] = value == "1"
            elif key == "keep":
                kwargs["keep_prior"] = float(value)
            elif key == "pw":
                kwargs["prior_weight"] = float(value)
            elif key == "split" and value in ("0", "1"):
                kwargs["split_outcomes"] = value == "1"
            elif key == "policy" and value in ("random", "guided", "heuristic"):
                kwargs["guided"] = value == "guided"
                if value == "heuristic":
                    kwargs["policy"] = heuristic_bot_class(game_slug)(derive_seed(seed, "policy"))
            elif key == "policy":
                raise UnknownBot(
                    f"unknown playout policy {value!r} (known: random, guided, heuristic)"
                )
            else:
                raise UnknownBot(
                    f"unknown search setting {key!r} (known: c, depth, keep, margin, paired, policy, prior, pw, split)"
                )
        except ValueError as exc:
            if isinstance(exc, UnknownBot):
                raise
            raise UnknownBot(f"bad value for search setting {key!r}: {value!r}") from exc
    if not prior_named:
        # By default the tree leans on the game's heuristic bot where it has one: plain ISMCTS
        # at these budgets loses to the Khan of Khans heuristic (see docs/bots.md).
        with contextlib.suppress(UnknownBot):
            kwargs["prior"] = heuristic_bot_class(game_slug)(derive_seed(seed, "prior"))
    bot = SearchBot(seed, **kwargs)
    bot.spec = spec
    return bot


def make_bot(game_slug: str, spec: str, seed: int) -> Bot:
    """A new bot for ``game_slug`` from ``spec``, seeded with ``seed``.

    Raises :class:`UnknownBot` for a spec that names no bot and
    :class:`engines.registry.UnknownGame` for an unknown game.
    """
    spec = spec.strip()
    if spec == "random":
        bot: Bot = RandomBot(seed)
    elif spec == "heuristic":
        bot = heuristic_bot_class(game_slug)(seed)
    elif spec.startswith("heuristic:"):
        cls = heuristic_bot_class(game_slug)
        styles = getattr(importlib.import_module(cls.__module__), "BOT_STYLES", {})
        style = spec.partition(":")[2]
        if style not in styles:
            known = ", ".join(sorted(styles)) or "none"
            raise UnknownBot(f"{game_slug} has no heuristic style {style!r} (known: {known})")
        bot = styles[style](seed)
    elif spec == "search" or spec.startswith(("search:", "search,")):
        if game_slug not in GAME_MODULES:
            raise UnknownGame(game_slug)
        return _search_bot(game_slug, spec, seed)
    else:
        raise UnknownBot(f"unknown bot {spec!r} (known: {', '.join(SPECS)})")
    bot.spec = spec
    return bot
