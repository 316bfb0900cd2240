"""Elimination brackets drawn as server-side SVG (no JavaScript).

Input is the bracket tree of :func:`tournaments.summary.bracket_json`: every node (match) with its
side (``winners``, ``losers``, ``final``, ``third``), round, slots, players and their names (a team
event's boxes show its ``team_names``), state and, once paired, its table, result and match.
:func:`layout` places each node on a grid (pure geometry, tested on its own); :func:`bracket_svg`
draws the boxes, the lines between them, and a link on every match that has a table.

Placement: each section (the winners tree, the losers tree) is a tree whose root is its last
match; leaves take consecutive rows in depth-first order and every other match sits at the mean
row of the matches feeding it, so matches of one column never overlap and a match lies level
with its feeders. Columns are rounds, headed at the top of their section. The grand final (its
reset below it) follows the last column, between the trees; the third place sits below the
final. Seven columns (double elimination of 16) fit the 1110 px of the event page at 1280 px.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from tournaments import pairing

BOX_W = 136
BOX_H = 44
ROW_H = BOX_H / 2
COL_W = 158  # box width plus the gap the connecting lines use
SLOT_H = 68  # one grid row: the box, the line above it and a gap
PAD = 6
META_H = 16  # the line above a box: its match number and state
HEAD_H = 32  # a round's heading: up to two lines
TITLE_H = 22  # a section's title ("Losers bracket")
SECTION_GAP = 1.0  # empty grid rows between the winners and the losers tree
APART = 1.5  # rows from a box to one headed on its own below it (the reset, the third place)
FONT = 13  # the players' names
SMALL = 12  # headings and the line above each box: never smaller
SCORE_W = 22  # room kept for a score at the right of a box
EMS = (
    dict.fromkeys("ijl.,:;'|!", 0.3)
    | dict.fromkeys("ftr -()[]/", 0.42)
    | dict.fromkeys("mwMW", 1.0)
)
STATE_LABELS = {  # the others (waiting, done, disputed, void) are shown as they are
    "ready": "to play",
    "not-needed": "not needed",
    "pending": "playing",
    "reported": "one report in",
    "final": "done",
}
COLOURS = {
    "done": "#e6f4ea",
    "ready": "#fff7e0",
    "disputed": "#fde8e8",
    "not-needed": "#f2f2f2",
    "waiting": "#ffffff",
}


@dataclass
class Box:
    """One match's place: grid column and row, and its pixel corner."""

    node: dict[str, Any]
    col: int
    row: float
    x: float = 0.0
    y: float = 0.0

    @property
    def id(self) -> int:
        return self.node["id"]


@dataclass
class Heading:
    """A text over the boxes: a section's title, or a round's heading (``x``, ``y``: baseline)."""

    text: str
    x: float
    y: float
    kind: str  # "section" or "round"


@dataclass
class Layout:
    boxes: dict[int, Box]
    lines: list[tuple[int, int]]  # (from node, to node): the first one feeds the second
    headings: list[Heading]
    width: float
    height: float
    columns: int


def _section(node: Mapping[str, Any], kind: str) -> str:
    """Which tree a node is drawn in: the single-elimination final belongs to its winners tree."""
    return "winners" if node["side"] == "final" and kind != "double" else node["side"]


def _place_tree(nodes: list[Mapping[str, Any]], first_row: float) -> tuple[dict[int, float], float]:
    """Rows of one tree's nodes (leaves depth-first, parents at the mean of their feeders)."""
    ids = {n["id"] for n in nodes}
    feeders: dict[int, list[int]] = {}
    fed: set[int] = set()
    for n in nodes:
        own = [s["node"] for s in n["slots"] if s["kind"] == "winner" and s.get("node") in ids]
        feeders[n["id"]] = own
        fed.update(own)
    rows: dict[int, float] = {}
    next_row = first_row

    def visit(node_id: int) -> float:
        nonlocal next_row
        if node_id in rows:
            return rows[node_id]
        below = [visit(f) for f in feeders[node_id]]
        if below:
            rows[node_id] = sum(below) / len(below)
        else:
            rows[node_id] = next_row
            next_row += 1
        return rows[node_id]

    for root in sorted(i for i in ids if i not in fed):
        visit(root)
    return rows, next_row


def _max_rounds(nodes: Sequence[Mapping[str, Any]]) -> dict[str, int]:
    sides = {n["side"] for n in nodes}
    return {side: max(n["round"] for n in nodes if n["side"] == side) for side in sides}


def layout(tree: Mapping[str, Any]) -> Layout:
    """Grid and pixel positions of every match of ``tree`` (a ``bracket_json`` document)."""
    kind = tree.get("kind", "single")
    nodes = list(tree["nodes"])
    max_rounds = _max_rounds(nodes)
    names = round_names(tree)
    boxes: dict[int, Box] = {}
    lines: list[tuple[int, int]] = []

    winners = [n for n in nodes if _section(n, kind) == "winners"]
    losers = [n for n in nodes if _section(n, kind) == "losers"]
    finals = [n for n in nodes if n["side"] == "final" and kind == "double"]
    finals.sort(key=lambda n: n["round"])  # the grand final, then its reset
    third = [n for n in nodes if n["side"] == "third"]

    rows, end = _place_tree(winners, 0.0)
    start = end + SECTION_GAP
    rows |= _place_tree(losers, start)[0]
    for n in winners + losers:  # the single-elimination final: after the last winners round
        col = max_rounds.get("winners", 0) if n["side"] == "final" else n["round"] - 1
        boxes[n["id"]] = Box(n, col, rows[n["id"]])
    last_col = max((b.col for b in boxes.values()), default=-1)
    if finals:
        feeders = [
            boxes[s["node"]].row
            for s in finals[0]["slots"]
            if s["kind"] == "winner" and s.get("node") in boxes
        ]
        row = sum(feeders) / len(feeders) if feeders else 0.0
        for i, n in enumerate(finals):  # the reset below the grand final, in its column
            boxes[n["id"]] = Box(n, last_col + 1, row + i * APART)
    if third:
        final_box = next((b for b in boxes.values() if b.node["side"] == "final"), None)
        col = final_box.col if final_box else last_col
        row = max((b.row for b in boxes.values()), default=-APART) + APART
        for n in third:
            boxes[n["id"]] = Box(n, col, row)
            row += APART

    # Lines: a winner moving on to the next match (losers dropping down are not drawn).
    for n in nodes:
        for s in n["slots"]:
            if s["kind"] == "winner" and s.get("node") in boxes and n["side"] != "third":
                lines.append((s["node"], n["id"]))
        if n.get("if_needed") and len(finals) > 1:
            lines.append((finals[0]["id"], n["id"]))
    lines = sorted(set(lines))

    top = PAD + (TITLE_H if losers else 0) + HEAD_H + META_H  # the first row's boxes
    for b in boxes.values():
        b.x = PAD + b.col * COL_W
        b.y = top + b.row * SLOT_H
    headings: list[Heading] = []
    sections = [(winners, 0.0, "Winners bracket")] + (
        [(losers, start, "Losers bracket")] if losers else []
    )
    for members, first, name in sections:
        heads_y = top + first * SLOT_H - META_H - HEAD_H  # the top of the section's headings
        if losers:
            headings.append(Heading(name, PAD, heads_y - TITLE_H + 15, "section"))
        by_col = {boxes[n["id"]].col: n for n in members}  # a column's matches share a round
        for col, n in sorted(by_col.items()):
            label = match_label(n, names)
            headings.append(Heading(label, PAD + col * COL_W, heads_y + 12, "round"))
    for n in finals + third:  # headed on their own, just above the box
        b = boxes[n["id"]]
        headings.append(Heading(match_label(n, names), b.x, b.y - META_H - HEAD_H + 12, "round"))
    cols = max((b.col for b in boxes.values()), default=0) + 1
    last = max((b.row for b in boxes.values()), default=0)
    width, height = PAD * 2 + (cols - 1) * COL_W + BOX_W, top + last * SLOT_H + BOX_H + PAD
    return Layout(boxes, lines, headings, width, height, cols)


def round_names(tree: Mapping[str, Any]) -> dict[Any, str]:
    """The names of the bracket's rounds by ``(side, round)`` ("Semi-finals", "Losers' final")
    and of its matches by node id ("Semi-final", "Grand final reset"), from the pure round
    names (:mod:`tournaments.pairing.round_names`)."""
    b = pairing.bracket_from_json(tree)
    names: dict[Any, str] = {
        (n.side, n.round): pairing.round_name(b, n.side, n.round) for n in b.nodes
    }
    return names | {n.id: pairing.node_name(b, n.id) for n in b.nodes}


def match_label(node: Mapping[str, Any], names: Mapping[Any, str], one: bool = False) -> str:
    """A round's heading ("Semi-finals", "Grand final reset"), or with ``one`` the name of this
    match ("Semi-final"; "(if needed)" for the reset): the one place a match is named, for the
    headings over the columns and of the finals, and each box's description."""
    if one:
        name = names.get(node["id"], f"Match {node['id']}")
        return f"{name} (if needed)" if node.get("if_needed") else name
    return names.get((node["side"], node["round"]), f"Round {node['round']}")


def _placeholder(slot: Mapping[str, Any], seed_names: Sequence[str | None]) -> str:
    if slot["kind"] == "seed":
        seed = slot.get("seed") or 0
        name = seed_names[seed - 1] if 0 < seed <= len(seed_names) else None
        return name or f"Seed {seed}"
    return f"{'Winner' if slot['kind'] == 'winner' else 'Loser'} of M{slot.get('node')}"


def _scores(node: Mapping[str, Any]) -> list[str]:
    result = node.get("result") or {}
    wins = result.get("wins")
    if isinstance(wins, list) and len(wins) == 2:
        return [str(w) for w in wins]
    return ["", ""]


def _state(node: Mapping[str, Any]) -> str:
    """The state shown: the table's (reported, disputed...) while it is played, else the node's."""
    table_state = node.get("table_state")
    if node["state"] == "ready" and table_state in ("pending", "reported", "disputed"):
        return table_state
    return node["state"]


def text_width(text: str, size: float, bold: bool = False) -> float:
    """A generous estimate of the width ``text`` takes, measured on DejaVu Sans (a wide face)."""
    em = sum(
        EMS.get(ch, 1.0 if ord(ch) >= 0x250 else 0.78 if ch.isupper() else 0.66) for ch in text
    )  # beyond Latin: as wide as a square
    return em * size * (1.1 if bold else 1.0)


def clip(text: str, width: float, size: float = FONT, bold: bool = False) -> str:
    """``text``, cut short with an ellipsis when it would be wider than ``width``."""
    if text_width(text, size, bold) <= width:
        return text
    while text and text_width(text + "…", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _heading_svg(h: Heading) -> str:
    """A section's title on one line; a round's heading on up to two, the full text on hover."""
    if h.kind == "section":
        return (
            f'<text class="section" x="{h.x:.0f}" y="{h.y:.0f}" font-size="14" '
            f'font-weight="bold">{escape(h.text)}</text>'
        )
    width = BOX_W - 16  # clear of the line down to the reset, near the box's right edge
    words, first = h.text.split(" "), ""
    while words and (not first or text_width(f"{first} {words[0]}", SMALL, True) <= width):
        first = f"{first} {words.pop(0)}".strip()
    lines = [clip(line, width, SMALL, True) for line in (first, " ".join(words)) if line]
    tip = f"<title>{escape(h.text)}</title>" if " ".join(lines) != h.text else ""
    spans = "".join(  # a space ends a line with one below it: the words stay apart when read
        f'<tspan x="{h.x:.0f}" dy="{14 * bool(i)}">{escape(text)}</tspan>'
        for i, text in enumerate([f"{line} " for line in lines[:-1]] + lines[-1:])
    )
    return (
        f'<text class="round" x="{h.x:.0f}" y="{h.y:.0f}" font-size="{SMALL}" font-weight="bold" '
        f'fill="#222">{tip}{spans}</text>'
    )


def bracket_svg(
    tree: Mapping[str, Any] | None,
    *,
    link: Callable[[Mapping[str, Any]], str | None] | None = None,
    title: str = "Bracket",
) -> SafeString:
    """The bracket as an ``<svg>``: a box per match (players, score, state), lines between.

    ``link(node)`` gives the address a match box links to (its match, or its table), or None.
    ``data-cols`` on the drawing gives its columns, so the page can tell when it scrolls.
    """
    if not tree or not tree.get("nodes"):
        return mark_safe(f'<p class="muted">{escape(title)}: not drawn yet.</p>')
    kind = tree.get("kind", "single")
    lay = layout(tree)
    names = round_names(tree)
    seed_names = tree.get("seed_teams") or tree.get("seed_names") or []
    out = [
        f'<svg class="bracket" xmlns="http://www.w3.org/2000/svg" data-cols="{lay.columns}" '
        f'viewBox="0 0 {lay.width:.0f} {lay.height:.0f}" width="{lay.width:.0f}" '
        f'height="{lay.height:.0f}" role="group" aria-label="{escape(title)}" '
        f'font-family="system-ui, sans-serif" font-size="{FONT}">',
        f"<title>{escape(title)}</title>",
    ]
    winner = tree.get("winner_team") or tree.get("winner_name")
    if winner:
        out.append(f"<desc>Champion: {escape(winner)}.</desc>")
    out.extend(_heading_svg(h) for h in lay.headings)
    out.append('<g class="lines" fill="none" stroke="#888" stroke-width="1.5">')
    for src, dst in lay.lines:
        a, b = lay.boxes[src], lay.boxes[dst]
        if a.col == b.col:  # the reset, below the grand final: straight down
            d = f"M{a.x + BOX_W - 8:.1f},{a.y + BOX_H:.1f} V{b.y:.1f}"
        else:
            x1, y1, x2, y2 = a.x + BOX_W, a.y + BOX_H / 2, b.x, b.y + BOX_H / 2
            d = f"M{x1:.1f},{y1:.1f} H{(x1 + x2) / 2:.1f} V{y2:.1f} H{x2:.1f}"
        out.append(f'<path data-from="{src}" data-to="{dst}" d="{d}"/>')
    out.append("</g>")
    out.extend(_box_svg(lay.boxes[i], kind, names, seed_names, link) for i in sorted(lay.boxes))
    out.append("</svg>")
    return mark_safe("".join(out))  # every text above is escaped or a number


def _box_svg(
    box: Box,
    kind: str,
    rounds: Mapping[Any, str],
    seed_names: Sequence[str | None],
    link: Callable[[Mapping[str, Any]], str | None] | None,
) -> str:
    node = box.node
    state = _state(node)
    labels = node.get("team_names") or node.get("player_names") or [None] * 2  # a team event: teams
    players = node.get("players") or [None] * 2
    names = [labels[i] if players[i] is not None else None for i in range(2)]
    shown = [names[i] or _placeholder(node["slots"][i], seed_names) for i in range(2)]
    known = [names[i] is not None for i in range(2)]
    scores = _scores(node)
    winner_seat = None
    if node.get("winner") is not None and node.get("players"):
        winner_seat = 0 if node["players"][0] == node["winner"] else 1
    label = match_label(node, rounds, one=True)
    state_text = STATE_LABELS.get(state, state)
    fill = COLOURS.get(state, COLOURS.get(node["state"], "#ffffff"))
    x, y = box.x, box.y
    parts = [
        f'<g class="match state-{escape(state)}" data-node="{node["id"]}" '
        f'data-side="{escape(node["side"])}" data-state="{escape(state)}">'
    ]
    summary = f"Match {node['id']}, {label}: {shown[0]} {scores[0]} against {shown[1]} {scores[1]}"
    summary = f"{summary.strip()}; {state_text}"
    if winner_seat is not None:
        summary += f"; winner {shown[winner_seat]}"
    href = link(node) if link else None
    if href:
        parts.append(f'<a href="{escape(href)}" aria-label="{escape(summary)}">')
    parts.append(f"<title>{escape(summary)}</title>")  # on hover: the names in full
    parts.append(
        f'<text class="meta" x="{x:.0f}" y="{y - 4:.0f}" font-size="{SMALL}" fill="#555">'
        f"M{node['id']} · {escape(state_text)}</text>"
    )
    stroke = "#b00" if state == "disputed" else "#666"
    dash = ' stroke-dasharray="4 3"' if node.get("if_needed") else ""
    parts.append(
        f'<rect x="{x:.0f}" y="{y:.0f}" width="{BOX_W}" height="{BOX_H}" rx="4" '
        f'fill="{fill}" stroke="{stroke}"{dash}/>'
        f'<line x1="{x:.0f}" y1="{y + ROW_H:.0f}" x2="{x + BOX_W:.0f}" y2="{y + ROW_H:.0f}" '
        'stroke="#ccc"/>'
    )
    for i in range(2):
        ty = y + ROW_H * i + 15
        weight = ' font-weight="bold"' if winner_seat == i else ""
        colour = "#111" if known[i] else "#767676"
        style = "" if known[i] else ' font-style="italic"'
        room = BOX_W - 8 - (SCORE_W if any(scores) else 8)
        parts.append(
            f'<text class="player" x="{x + 8:.0f}" y="{ty:.0f}" fill="{colour}"{weight}{style}>'
            f"{escape(clip(shown[i], room, FONT, winner_seat == i))}</text>"
        )
        if scores[i]:
            parts.append(
                f'<text class="score" x="{x + BOX_W - 8:.0f}" y="{ty:.0f}" text-anchor="end"'
                f"{weight}>{escape(scores[i])}</text>"
            )
    parts.append("</a></g>" if href else "</g>")
    return "".join(parts)
