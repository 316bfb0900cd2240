"""The bracket drawing (web.brackets): geometry for every size, and what each match box says."""

from __future__ import annotations

import re
from itertools import combinations

import pytest

from tournaments import pairing
from web.brackets import BOX_H, BOX_W, bracket_svg, layout


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
    # Lines run left to right, from a match to the one its winner plays next.
    for src, dst in lay.lines:
        assert lay.boxes[src].x < lay.boxes[dst].x
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
def test_double_elimination_puts_the_reset_after_the_grand_final(n):
    doc = tree("double", n)
    lay = layout(doc)
    grand = lay.boxes[doc["final"]]
    reset = next(b for b in lay.boxes.values() if b.node["if_needed"])
    assert reset.col == grand.col + 1 and reset.row == grand.row
    assert (grand.id, reset.id) in lay.lines
    winners = [b for b in lay.boxes.values() if b.node["side"] == "winners"]
    losers = [b for b in lay.boxes.values() if b.node["side"] == "losers"]
    if losers:  # the losers tree is drawn below the winners tree
        assert min(b.row for b in losers) > max(b.row for b in winners)
    svg = str(bracket_svg(doc))
    assert "Grand final" in svg and "Bracket reset (if needed)" in svg
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
    assert svg.startswith('<svg class="bracket"') and svg.endswith("</svg>")
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
