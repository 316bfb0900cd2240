"""Elimination brackets drawn as server-side SVG (no JavaScript).

Input is the bracket tree of :func:`tournaments.summary.bracket_json`: every node (match) with its
side (``winners``, ``losers``, ``final``, ``third``), round, slots, players and their names (a team
event's boxes show its ``team_names``), state
and, once paired, its table, result and match. :func:`layout` places each node on a grid (pure
geometry, tested on its own); :func:`bracket_svg` draws the boxes, the lines between them, and a
link on every match that has a table.

Placement: each section (the winners tree, the losers tree) is a tree whose root is its last
match; leaves take consecutive rows in depth-first order and every other match sits at the mean
row of the matches feeding it, so matches of one column never overlap and a match lies level
with its feeders. Columns are rounds. The grand final and its reset (double elimination) follow
the last column, between the two trees; the third-place match sits below the final.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

BOX_W = 200
BOX_H = 44
ROW_H = BOX_H / 2
SLOT_H = 74  # one grid row: the box, its heading line and a gap
COL_W = 250  # box width plus the gap the connecting lines use
PAD = 12
HEAD = 22  # room for a section heading
LABEL_OVERHANG = 60  # a heading line ("M11 · Bracket reset (if needed) · waiting") is wider
SECTION_GAP = 1.0  # empty grid rows between the winners and the losers tree
STATE_LABELS = {
    "waiting": "waiting",
    "ready": "to play",
    "done": "done",
    "not-needed": "not needed",
    "pending": "playing",
    "reported": "one report in",
    "disputed": "disputed",
    "final": "done",
    "void": "void",
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
class Layout:
    boxes: dict[int, Box]
    lines: list[tuple[int, int]]  # (from node, to node): the first one feeds the second
    headings: list[tuple[str, float, float]] = field(default_factory=list)
    width: float = 0.0
    height: float = 0.0


def _section(node: Mapping[str, Any], kind: str) -> str:
    """Which tree a node is drawn in: the single-elimination final belongs to its winners tree."""
    side = node["side"]
    if side == "final" and kind != "double":
        return "winners"
    return side


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


def layout(tree: Mapping[str, Any]) -> Layout:
    """Grid and pixel positions of every match of ``tree`` (a ``bracket_json`` document)."""
    kind = tree.get("kind", "single")
    nodes = list(tree["nodes"])
    boxes: dict[int, Box] = {}
    lines: list[tuple[int, int]] = []
    headings: list[tuple[str, float, float]] = []

    winners = [n for n in nodes if _section(n, kind) == "winners"]
    losers = [n for n in nodes if _section(n, kind) == "losers"]
    finals = sorted((n for n in nodes if n["side"] == "final" and kind == "double"), key=_round)
    third = [n for n in nodes if n["side"] == "third"]

    max_w_round = max((n["round"] for n in winners if n["side"] == "winners"), default=0)

    def col_of(n: Mapping[str, Any]) -> int:
        if n["side"] == "final" and kind != "double":
            return max_w_round  # the column after the last winners round
        return n["round"] - 1

    top = 0.0
    w_rows, end = _place_tree(winners, top)
    for n in winners:
        boxes[n["id"]] = Box(n, col_of(n), w_rows[n["id"]])
    if losers:
        start = end + SECTION_GAP
        l_rows, end = _place_tree(losers, start)
        for n in losers:
            boxes[n["id"]] = Box(n, col_of(n), l_rows[n["id"]])
        headings.append(("Winners bracket", 0, top))
        headings.append(("Losers bracket", 0, start))
    last_col = max((b.col for b in boxes.values()), default=-1)
    if finals:
        feeders = [
            boxes[s["node"]].row
            for s in finals[0]["slots"]
            if s["kind"] == "winner" and s.get("node") in boxes
        ]
        row = sum(feeders) / len(feeders) if feeders else 0.0
        for i, n in enumerate(finals):
            boxes[n["id"]] = Box(n, last_col + 1 + i, row)
    if third:
        final_box = next((b for b in boxes.values() if b.node["side"] == "final"), None)
        col = final_box.col if final_box else last_col
        row = max((b.row for b in boxes.values()), default=-1.0) + 1
        for n in third:
            boxes[n["id"]] = Box(n, col, row)
            row += 1

    # Lines: a winner moving on to the next match (losers dropping down are not drawn).
    for n in nodes:
        for s in n["slots"]:
            if s["kind"] == "winner" and s.get("node") in boxes and n["side"] != "third":
                lines.append((s["node"], n["id"]))
        if n.get("if_needed") and len(finals) > 1:
            lines.append((finals[0]["id"], n["id"]))
    lines = sorted(set(lines))

    head = HEAD if headings else 0
    for b in boxes.values():
        b.x = PAD + b.col * COL_W
        b.y = PAD + head + b.row * SLOT_H + 14
    cols = max((b.col for b in boxes.values()), default=0) + 1
    rows = max((b.row for b in boxes.values()), default=0) + 1
    pixel_headings = [(t, PAD, PAD + head + r * SLOT_H - 6) for t, _, r in headings]
    return Layout(
        boxes=boxes,
        lines=lines,
        headings=pixel_headings,
        width=PAD * 2 + (cols - 1) * COL_W + BOX_W + LABEL_OVERHANG,
        height=PAD * 2 + head + rows * SLOT_H,
    )


def _round(n: Mapping[str, Any]) -> int:
    return n["round"]


def match_label(node: Mapping[str, Any], kind: str, max_rounds: Mapping[str, int]) -> str:
    """What a match is called: "Round 2", "Semi-final", "Grand final", "Losers round 3"..."""
    side, rnd = node["side"], node["round"]
    if side == "third":
        return "Third place"
    if side == "final":
        if kind == "double":
            return "Bracket reset (if needed)" if node.get("if_needed") else "Grand final"
        return "Final"
    if side == "losers":
        return f"Losers round {rnd}"
    if kind != "double" and rnd == max_rounds.get("winners"):
        return "Semi-final"
    return f"Round {rnd}" if kind != "double" else f"Winners round {rnd}"


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


def bracket_svg(
    tree: Mapping[str, Any] | None,
    *,
    link: Callable[[Mapping[str, Any]], str | None] | None = None,
    title: str = "Bracket",
) -> SafeString:
    """The bracket as an ``<svg>``: a box per match (players, score, state), lines between.

    ``link(node)`` gives the address a match box links to (its match, or its table), or None.
    """
    if not tree or not tree.get("nodes"):
        return mark_safe(f'<p class="muted">{escape(title)}: not drawn yet.</p>')
    kind = tree.get("kind", "single")
    lay = layout(tree)
    max_rounds: dict[str, int] = {}
    for n in tree["nodes"]:
        max_rounds[n["side"]] = max(max_rounds.get(n["side"], 0), n["round"])
    seed_names = tree.get("seed_teams") or tree.get("seed_names") or []
    out = [
        f'<svg class="bracket" xmlns="http://www.w3.org/2000/svg" '
        f'viewBox="0 0 {lay.width:.0f} {lay.height:.0f}" width="{lay.width:.0f}" '
        f'height="{lay.height:.0f}" role="group" aria-label="{escape(title)}" '
        'font-family="system-ui, sans-serif" font-size="13">',
        f"<title>{escape(title)}</title>",
    ]
    winner = tree.get("winner_team") or tree.get("winner_name")
    if winner:
        out.append(f"<desc>Champion: {escape(winner)}.</desc>")
    for text, x, y in lay.headings:
        out.append(
            f'<text class="section" x="{x:.0f}" y="{y:.0f}" font-weight="bold">{escape(text)}</text>'
        )
    out.append('<g class="lines" fill="none" stroke="#888" stroke-width="1.5">')
    for src, dst in lay.lines:
        a, b = lay.boxes[src], lay.boxes[dst]
        x1, y1 = a.x + BOX_W, a.y + BOX_H / 2
        x2, y2 = b.x, b.y + BOX_H / 2
        mid = (x1 + x2) / 2
        out.append(
            f'<path data-from="{src}" data-to="{dst}" '
            f'd="M{x1:.1f},{y1:.1f} H{mid:.1f} V{y2:.1f} H{x2:.1f}"/>'
        )
    out.append("</g>")
    for node_id in sorted(lay.boxes):
        box = lay.boxes[node_id]
        out.append(_box_svg(box, kind, max_rounds, seed_names, link))
    out.append("</svg>")
    return mark_safe("".join(out))  # every text above is escaped or a number


def _box_svg(
    box: Box,
    kind: str,
    max_rounds: Mapping[str, int],
    seed_names: Sequence[str | None],
    link: Callable[[Mapping[str, Any]], str | None] | None,
) -> str:
    node = box.node
    state = _state(node)
    labels = node.get("team_names") or node.get("player_names")  # a team event names teams
    names = [
        (labels or [None, None])[i]
        if (node.get("players") or [None, None])[i] is not None
        else None
        for i in range(2)
    ]
    shown = [names[i] or _placeholder(node["slots"][i], seed_names) for i in range(2)]
    known = [names[i] is not None for i in range(2)]
    scores = _scores(node)
    winner_seat = None
    if node.get("winner") is not None and node.get("players"):
        winner_seat = 0 if node["players"][0] == node["winner"] else 1
    label = match_label(node, kind, max_rounds)
    state_text = STATE_LABELS.get(state, state)
    fill = COLOURS.get(state, COLOURS.get(node["state"], "#ffffff"))
    x, y = box.x, box.y
    parts = [
        f'<g class="match state-{escape(state)}" data-node="{node["id"]}" '
        f'data-state="{escape(state)}">'
    ]
    summary = f"Match {node['id']}, {label}: {shown[0]} {scores[0]} against {shown[1]} {scores[1]}"
    summary = f"{summary.strip()}; {state_text}"
    if winner_seat is not None:
        summary += f"; winner {shown[winner_seat]}"
    href = link(node) if link else None
    if href:
        parts.append(f'<a href="{escape(href)}" aria-label="{escape(summary)}">')
    parts.append(
        f'<text x="{x:.0f}" y="{y - 4:.0f}" font-size="11" fill="#555">'
        f"M{node['id']} · {escape(label)} · {escape(state_text)}</text>"
    )
    stroke = "#b00" if state == "disputed" else "#666"
    dash = ' stroke-dasharray="4 3"' if node.get("if_needed") else ""
    parts.append(
        f'<rect x="{x:.0f}" y="{y:.0f}" width="{BOX_W}" height="{BOX_H}" rx="4" '
        f'fill="{fill}" stroke="{stroke}"{dash}/>'
    )
    parts.append(
        f'<line x1="{x:.0f}" y1="{y + ROW_H:.0f}" x2="{x + BOX_W:.0f}" y2="{y + ROW_H:.0f}" '
        'stroke="#ccc"/>'
    )
    for i in range(2):
        ty = y + ROW_H * i + 15
        weight = ' font-weight="bold"' if winner_seat == i else ""
        colour = "#111" if known[i] else "#777"
        style = "" if known[i] else ' font-style="italic"'
        parts.append(
            f'<text class="player" x="{x + 8:.0f}" y="{ty:.0f}" fill="{colour}"{weight}{style}>'
            f"{escape(_clip(shown[i]))}</text>"
        )
        if scores[i]:
            parts.append(
                f'<text class="score" x="{x + BOX_W - 8:.0f}" y="{ty:.0f}" text-anchor="end"'
                f"{weight}>{escape(scores[i])}</text>"
            )
    if href:
        parts.append("</a>")
    parts.append("</g>")
    return "".join(parts)


def _clip(text: str, limit: int = 24) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
