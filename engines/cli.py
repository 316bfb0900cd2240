"""``python -m engines``: list the games, play a match between bots, replay a match record,
check a deck file (``validate-deck``)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from engines.base import BadSetup
from engines.bots.factory import UnknownBot
from engines.record import MatchRecord, play_match, replay
from engines.registry import GAME_MODULES, UnknownGame, game_slugs, get_game


class CliError(Exception):
    """A user error: printed as ``error: ...`` with exit status 2."""


def cmd_list(args: argparse.Namespace) -> int:
    rows = []
    for slug in game_slugs():
        try:
            game = get_game(slug)
        except Exception as exc:  # noqa: BLE001 - a broken or missing engine is listed as such
            rows.append({"slug": slug, "available": False, "error": f"{type(exc).__name__}: {exc}"})
            continue
        rows.append(
            {
                "slug": slug,
                "name": game.name,
                "min_seats": game.min_seats,
                "max_seats": game.max_seats,
                "version": game.version,
                "available": True,
            }
        )
    if args.json:
        print(json.dumps(rows))
        return 0
    for row in rows:
        if row["available"]:
            seats = (
                f"{row['min_seats']}-{row['max_seats']}"
                if row["min_seats"] != row["max_seats"]
                else str(row["min_seats"])
            )
            print(f"{row['slug']:<24} {row['name']:<24} seats {seats:<5} version {row['version']}")
        else:
            print(f"{row['slug']:<24} (not available: {row['error']})")
    return 0


def _read_json_file(path: str, what: str) -> Any:
    try:
        text = Path(path).read_text()
    except OSError as exc:
        raise CliError(f"cannot read {what} {path}: {exc.strerror or exc}") from exc
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise CliError(f"{what} {path} is not JSON: {exc}") from exc


def _read_deck(path: str) -> Any:
    """A deck file: JSON when it parses as JSON, otherwise its text (the engine reads it)."""
    try:
        text = Path(path).read_text()
    except OSError as exc:
        raise CliError(f"cannot read deck file {path}: {exc.strerror or exc}") from exc
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def split_seats(text: str) -> list[str]:
    """Bot specs from ``--seats``: split at commas, a ``key=value`` piece staying with the
    search spec before it (``heuristic,search:700,paired=1`` is two seats)."""
    seats: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            continue
        if "=" in piece and seats and seats[-1].startswith("search"):
            seats[-1] += "," + piece
        else:
            seats.append(piece)
    return seats


def cmd_play(args: argparse.Namespace) -> int:
    try:
        game = get_game(args.game)
    except UnknownGame as exc:
        raise CliError(str(exc)) from exc
    seats = split_seats(args.seats) if args.seats else []
    players = args.players
    if players is None:
        players = len(seats) if seats else game.min_seats
    if not seats:
        seats = ["random"] * players
    elif len(seats) == 1 and players > 1:
        seats = seats * players
    if len(seats) != players:
        raise CliError(f"--seats names {len(seats)} bots but --players is {players}")
    if not game.min_seats <= players <= game.max_seats:
        raise CliError(
            f"{game.name} seats {game.min_seats}-{game.max_seats} players, not {players}"
        )
    decks = None
    if args.decks:
        if len(args.decks) != players:
            raise CliError(f"{len(args.decks)} deck files for {players} seats")
        decks = [_read_deck(path) for path in args.decks]
    options = None
    if args.options:
        try:
            options = json.loads(args.options)
        except json.JSONDecodeError as exc:
            raise CliError(f"--options is not JSON: {exc}") from exc
        if not isinstance(options, dict):
            raise CliError("--options must be a JSON object")
    try:
        record = play_match(game, args.seed, seats, decks=decks, options=options)
    except (UnknownBot, BadSetup) as exc:
        raise CliError(str(exc)) from exc
    if args.json:
        print(record.dumps())
        return 0
    print(summary(record))
    return 0


def summary(record: MatchRecord) -> str:
    """A few human lines about a finished match."""
    result = record.result or {}
    lines = [
        f"{record.game} (engine {record.engine_version}) seed {record.seed}: "
        f"{len(record.actions)} actions"
    ]
    for seat, spec in enumerate(record.seats):
        rank = result.get("ranks", [None] * record.n_seats)[seat]
        score = result.get("scores", [None] * record.n_seats)[seat]
        lines.append(f"  seat {seat} {spec:<16} rank {rank}  score {score}")
    if result.get("reason"):
        lines.append(f"  {result['reason']}")
    if record.forfeit:
        f = record.forfeit
        lines.append(
            f"  forfeit: seat {f['seat']} at action {f['index']} ({f['kind']}): {f['reason']}"
        )
    return "\n".join(lines)


def record_game(data: object) -> str:
    """The game a record names (for messages)."""
    return str(data.get("game", "")) if isinstance(data, dict) else ""


def cmd_replay(args: argparse.Namespace) -> int:
    data = _read_json_file(args.file, "match record")
    report = replay(data)
    if args.json:
        print(json.dumps(report.to_json()))
    else:
        for note in report.notes:
            print(f"note: {note}", file=sys.stderr)
        if report.ok:
            print(f"ok: {report.message}")
        else:
            where = report.first_divergent_action
            head = "diverged" if where is not None else "failed"
            if where == "setup":
                head += " at setup"
            elif where is not None:
                head += f" at action {where}"
            print(f"{head}: {report.message}")
            if report.engine_version:
                print(f"  replayed with {record_game(data)} engine {report.engine_version}")
            if report.expected_digest or report.actual_digest:
                print(f"  expected digest {report.expected_digest}, got {report.actual_digest}")
            if report.result_mismatch:
                print(f"  recorded result {json.dumps(report.result_mismatch['expected'])}")
                print(f"  replayed result {json.dumps(report.result_mismatch['actual'])}")
    return 0 if report.ok else 1


def cmd_validate_deck(args: argparse.Namespace) -> int:
    """Check a deck file; exit 0 when legal, 1 when not, 2 when it cannot be read."""
    from engines.decks import CatalogueError, DeckInputError, UnknownFormat, get_deck_format

    try:
        fmt = get_deck_format(args.game)
    except UnknownFormat as exc:
        raise CliError(str(exc)) from exc
    catalogue = None
    try:
        if args.catalogue:
            text = Path(args.catalogue).read_text(encoding="utf-8", errors="replace")
            catalogue = fmt.parse_catalogue(text, Path(args.catalogue).stem, args.catalogue)
        if args.file == "-":
            raw = sys.stdin.buffer.read(200_001)
        else:
            with open(args.file, "rb") as handle:
                raw = handle.read(200_001)
    except OSError as exc:
        raise CliError(f"cannot read {exc.filename}: {exc.strerror or exc}") from exc
    except CatalogueError as exc:
        raise CliError(f"catalogue {args.catalogue}: {exc}") from exc
    deck = raw
    if raw.lstrip()[:1] in (b"{", b"["):
        try:
            deck = json.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError):
            deck = raw
    try:
        parsed = fmt.parse(deck, catalogue)
        report = fmt.validate(parsed.data, catalogue, lines=parsed.lines, problems=parsed.problems)
    except DeckInputError as exc:
        raise CliError(f"{args.file}: {exc}") from exc
    if args.json:
        print(json.dumps(report.to_json()))
    else:
        value = f", {report.total_value} points" if report.total_value is not None else ""
        head = "legal" if report.legal else f"not legal ({len(report.violations)} problems)"
        print(f"{fmt.name}: {head}: {report.cards} cards{value}")
        for v in report.violations:
            print(f"  [{v.rule}] {v.message}")
    return 0 if report.legal else 1


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m engines", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("list", help="the registered games")
    p.add_argument("--json", action="store_true", help="one JSON array")
    p.set_defaults(func=cmd_list)

    p = sub.add_parser("play", help="play one match between bots")
    p.add_argument("game", help=f"game slug ({', '.join(sorted(GAME_MODULES))})")
    p.add_argument(
        "--seats",
        help="comma-separated bot specs, one per seat "
        "(random, heuristic, search, search:N, search:Nms, with search settings after "
        "commas: search:700,paired=1); default all random",
    )
    p.add_argument("--players", type=int, help="number of seats (default: as many as --seats)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--decks", nargs="+", metavar="FILE", help="one deck file per seat")
    p.add_argument("--options", help="game options as a JSON object")
    p.add_argument("--json", action="store_true", help="print the full match record")
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("replay", help="check that a match record reproduces")
    p.add_argument("file", help="a match record (JSON)")
    p.add_argument("--json", action="store_true", help="print the replay report as JSON")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("validate-deck", help="check a deck file against the game's rules")
    p.add_argument(
        "game", help="game slug (akhedena, arackhan-wars, kingdom-of-warlords, khan-of-khans)"
    )
    p.add_argument("file", help="a deck list: text or JSON ('-' reads standard input)")
    p.add_argument("--catalogue", help="a catalogue file to check against (default: shipped)")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.set_defaults(func=cmd_validate_deck)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except CliError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
