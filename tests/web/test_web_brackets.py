"""The bracket drawing (web.brackets): geometry for every size, and what each match box says."""

from __future__ import annotations

import re
from itertools import combinations

import pytest

from tournaments import pairing
from web.brackets import (
    BOX_H,
    BOX_W,
    FONT,
    HEAD_H,
    META_H,
    SMALL,
    bracket_svg,
    clip,
    layout,
    match_label,
    round_names,
    text_width,
)


def tree(kind: str, n: int, results: dict[int, int] | None = None, third: bool = False) -> dict:
    """A ``summary.bracket_json``-like document for seeds 1..n named ``p1``..``pn``."""
    seeds = list(range(1, n + 1))
    bracket = (
        pairing.single_elimination(seeds, third_place=third)
        if kind == "single"
        else pairing.double_elimination(seeds)
    )
    doc = pairing.bracket_to_json(bracket, results or {})
    for node in doc["nodes"]:
        node["player_names"] = [f"p{p}" if p is not None else None for p in node["players"]]
        node.setdefault("table", None)
        node.setdefault("table_state", None)
        node.setdefault("result", None)
        node.setdefault("match", None)
    doc["seed_names"] = [f"p{s}" for s in doc["seeds"]]
    doc["winner_name"] = f"p{doc['winner']}" if doc["winner"] else None
    return doc


def overlap(a, b) -> bool:
    return a.x < b.x + BOX_W and b.x < a.x + BOX_W and a.y < b.y + BOX_H and b.y < a.y + BOX_H


@pytest.mark.parametrize("kind", ["single", "double"])
@pytest.mark.parametrize("n", list(range(2, 33)))
def test_every_match_has_a_box_inside_the_drawing_and_none_overlap(kind, n):
    doc = tree(kind, n, third=n >= 4)
    lay = layout(doc)
    assert set(lay.boxes) == {node["id"] for node in doc["nodes"]}
    for box in lay.boxes.values():
        assert box.x >= 0 and box.x + BOX_W <= lay.width
        assert box.y >= 0 and box.y + BOX_H <= lay.height
    for a, b in combinations(lay.boxes.values(), 2):
        assert not overlap(a, b), (a.id, b.id)
    # Lines run left to right, from a match to the one its winner plays next (or straight down
    # from the grand final to its reset, below it).
    for src, dst in lay.lines:
        a, b = lay.boxes[src], lay.boxes[dst]
        assert a.x < b.x or (b.node["if_needed"] and a.x == b.x and a.y + BOX_H < b.y)
        slots = lay.boxes[dst].node["slots"]
        assert {"kind": "winner", "node": src} in slots or lay.boxes[dst].node["if_needed"]


@pytest.mark.parametrize("n", [3, 5, 8, 13, 16])
def test_a_match_sits_level_with_the_matches_feeding_it(n):
    lay = layout(tree("single", n))
    for box in lay.boxes.values():
        feeders = [lay.boxes[s["node"]].row for s in box.node["slots"] if s["kind"] == "winner"]
        if feeders:
            assert min(feeders) <= box.row <= max(feeders)
    final = next(b for b in lay.boxes.values() if b.node["side"] == "final")
    assert final.col == max(b.col for b in lay.boxes.values())


@pytest.mark.parametrize("n", [2, 4, 6, 8])
def test_double_elimination_puts_the_reset_below_the_grand_final(n):
    doc = tree("double", n)
    lay = layout(doc)
    grand = lay.boxes[doc["final"]]
    reset = next(b for b in lay.boxes.values() if b.node["if_needed"])
    assert reset.col == grand.col and reset.row > grand.row  # one column for both: narrower
    assert grand.col == max(b.col for b in lay.boxes.values())
    assert all(b.col < grand.col for b in lay.boxes.values() if b.node["side"] != "final")
    assert (grand.id, reset.id) in lay.lines
    winners = [b for b in lay.boxes.values() if b.node["side"] == "winners"]
    losers = [b for b in lay.boxes.values() if b.node["side"] == "losers"]
    if losers:  # the losers tree is drawn below the winners tree
        assert min(b.row for b in losers) > max(b.row for b in winners)
    svg = str(bracket_svg(doc))
    assert "Grand final" in svg and f"Match {reset.id}, Grand final reset (if needed)" in svg
    assert 'stroke-dasharray="4 3"' in svg  # the reset box is dashed
    if losers:
        assert "Winners bracket" in svg and "Losers bracket" in svg


def test_boxes_show_players_scores_state_and_link_to_the_match():
    doc = tree("single", 4, results={1: 1})  # match 1: seeds 1 v 4, seed 1 won
    first = doc["nodes"][0]
    first.update(table=11, table_state="final", result={"wins": [2, 1]}, match=77)
    second = doc["nodes"][1]
    second.update(table=12, table_state="disputed")
    svg = str(bracket_svg(doc, link=lambda n: f"/matches/{n['match']}/" if n["match"] else None))
    assert svg.startswith('<svg class="bracket" ') and svg.endswith("</svg>")
    assert svg.count('class="match ') == 3
    m1 = re.search(r'<g class="match[^"]*" data-node="1".*?</g>', svg).group(0)
    assert '<a href="/matches/77/"' in m1
    assert 'font-weight="bold">p1</text>' in m1  # the winner in bold
    assert ">2</text>" in m1 and ">1</text>" in m1
    assert "winner p1" in m1 and "done" in m1
    m2 = re.search(r'<g class="match[^"]*" data-node="2".*?</g>', svg).group(0)
    assert 'data-state="disputed"' in m2 and "<a " not in m2  # no match: no link given
    final = re.search(r'<g class="match[^"]*" data-node="3".*?</g>', svg).group(0)
    assert ">p1</text>" in final and "Winner of M2" in final  # known and still to come


def test_names_are_escaped_and_an_empty_tree_says_so():
    doc = tree("single", 2)
    doc["nodes"][0]["player_names"] = ['<script>alert("x")</script>', "bob & co"]
    svg = str(bracket_svg(doc, title="Cup <1>"))
    assert "<script>" not in svg and "&lt;script&gt;" in svg and "bob &amp; co" in svg
    assert 'aria-label="Cup &lt;1&gt;"' in svg
    assert "not drawn yet" in str(bracket_svg(None))
    assert "not drawn yet" in str(bracket_svg({"nodes": []}))


def test_the_champion_is_described():
    doc = tree("single", 2, results={1: 2})
    assert doc["winner_name"] == "p2"
    assert "<desc>Champion: p2.</desc>" in str(bracket_svg(doc))


# -- compact enough for the event page ------------------------------------------------------------
# The event page's main column is 72rem (1152 px) less 1rem of padding each side at 1280 px; the
# bracket's box takes 1 px of border and .25rem of padding each side: 1110 px for the drawing
# (the browser test measures it: tests/web/test_web_browser_bracket_fit.py).
CONTENT_AT_1280 = 1110


def footprints(lay) -> list[tuple[str, float, float, float, float]]:
    """What each thing drawn covers: a box with the line above it, and every round heading."""
    out = [(f"M{b.id}", b.x, b.y - META_H, b.x + BOX_W, b.y + BOX_H) for b in lay.boxes.values()]
    for h in lay.headings:
        if h.kind == "round":  # up to two lines, clipped to the box's width
            out.append((h.text, h.x, h.y - SMALL, h.x + BOX_W, h.y - SMALL + HEAD_H))
        else:
            out.append((h.text, h.x, h.y - 14, h.x + text_width(h.text, 14, True), h.y + 4))
    return out


@pytest.mark.parametrize(
    ("kind", "n"), [("single", n) for n in range(2, 17)] + [("double", n) for n in range(3, 17)]
)
def test_no_box_heading_or_match_line_covers_another(kind, n):
    lay = layout(tree(kind, n, third=kind == "single" and n >= 4))
    drawn = footprints(lay)
    for a, b in combinations(drawn, 2):
        apart = a[3] <= b[1] or b[3] <= a[1] or a[4] <= b[2] or b[4] <= a[2]
        assert apart, (a, b)
    for _, left, top, right, bottom in drawn:
        assert left >= 0 and top >= 0 and right <= lay.width and bottom <= lay.height


@pytest.mark.parametrize(
    ("kind", "n", "third"), [("double", 16, False), ("single", 16, True), ("single", 8, True)]
)
def test_a_double_elimination_of_16_and_smaller_fit_the_event_page_at_1280(kind, n, third):
    lay = layout(tree(kind, n, third=third))
    assert lay.width <= CONTENT_AT_1280, lay.width
    assert lay.columns == (7 if kind == "double" else 4 if n == 16 else 3)


def test_the_drawing_says_its_columns_and_marks_the_finals():
    doc = tree("double", 16)
    svg = str(bracket_svg(doc))
    assert 'data-cols="7"' in svg
    finals = re.findall(r'<g class="match[^"]*" data-node="(\d+)" data-side="final"', svg)
    assert finals == ["30", "31"]  # the grand final and its reset


def test_long_names_are_cut_short_with_the_full_name_on_hover():
    doc = tree("single", 4)
    long_name = "Bartholomew Featherstonehaugh-Smythe"
    doc["nodes"][0]["player_names"][0] = long_name
    svg = str(bracket_svg(doc))
    box = re.search(r'<g class="match[^"]*" data-node="1".*?</g>', svg).group(0)
    drawn = re.search(r'<text class="player"[^>]*>([^<]*)</text>', box).group(1)
    assert drawn.endswith("…") and long_name.startswith(drawn[:-1])
    assert text_width(drawn, FONT) <= BOX_W - 16  # inside the box, clear of its edges
    assert f"<title>Match 1, Semi-final: {long_name}" in box  # the whole name on hover
    assert clip("p1", 100) == "p1"  # a short name is left alone
    sizes = {int(size) for size in re.findall(r'font-size="(\d+)"', svg)}
    assert min(sizes) >= SMALL == 12  # nothing smaller than 12 px


def test_round_headings_come_from_match_label_once_a_column():
    doc = tree("double", 8)
    lay = layout(doc)
    names = round_names(doc)
    rounds = [h.text for h in lay.headings if h.kind == "round"]
    expected = [match_label(n, names) for n in doc["nodes"]]
    assert {"Winners' final", "Losers' final", "Grand final", "Grand final reset"} <= set(rounds)
    assert sorted(rounds) == sorted(set(expected))  # every round named once, nothing else
    assert [h.text for h in lay.headings if h.kind == "section"] == [
        "Winners bracket",
        "Losers bracket",
    ]
    svg = str(bracket_svg(doc))
    # A long heading takes two lines (the words kept apart by a space) and stays whole.
    assert re.search(r'">Grand final </tspan><tspan[^>]*>reset</tspan>', svg), svg
