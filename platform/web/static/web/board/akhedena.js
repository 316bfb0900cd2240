// The Akhedena Quick Match board: the 13×13 grid (files a–m west to east, ranks 1–13 south to
// north, north at the top, as the engine names squares), every piece in its owner's colour, the
// Crown and the Castles; below it each player's pieces with their cards (face up where the
// viewer may see them, backs otherwise), reserves with counts and discards, each army a zone
// that folds (board/zones.js). The grid fits its width; on a phone a button zooms it (zoom.js).
// Keys (the engine's action_path, engines/akhedena/present.py): square:<name> (a square, with or
// without a piece: the piece to move, its destination, the enemy it attacks or shoots),
// card:<square>:<1|2> (Army card 1 or 2 of the piece on that square, to replace it),
// reserve:<infantry|cavalry|ranged> (the pile the Hero draws its new Army card from).
import { el } from "../observation.js";
import { cardButton, pileButton } from "./cards.js";
import { zone } from "./zones.js";
import { zoomButton } from "./zoom.js";

const SLOTS = ["hero", "castle", "archer", "infantry-left", "infantry-right", "cavalry-left", "cavalry-right"];
const SLOT_NAMES = {
  hero: "Hero", castle: "Castle", archer: "Archer",
  "infantry-left": "Infantry (left)", "infantry-right": "Infantry (right)",
  "cavalry-left": "Cavalry (left)", "cavalry-right": "Cavalry (right)",
};
const TYPES = ["infantry", "cavalry", "ranged"];
const LOST = { hero: "Hero defeated", castle: "Castle destroyed" };
const title = (word) => word.charAt(0).toUpperCase() + word.slice(1);

function owner(ctx, seat) {
  return seat === ctx.viewer ? "your" : `${ctx.seatName(seat)}'s`;
}

function known(piece) {
  return piece.attack === undefined ? "" : `${piece.attack}/${piece.defence}`;
}

function square(obs, ctx, name, piece) {
  const crownHere = obs.crown.square === name;
  const cell = el("button", { type: "button", class: "akh-sq", "data-key": `square:${name}` });
  const parts = [name];
  if (piece) {
    cell.classList.add("piece", `seat-${piece.seat}`, `kind-${piece.kind}`);
    cell.dataset.card = piece.id;
    cell.append(el("span", { class: "akh-piece-name", text: piece.name }));
    // A phone's squares are a few letters wide: the name's first three stand in (the whole
    // name is the square's label, and the card inspector's).
    cell.append(el("span", { class: "akh-piece-short", "aria-hidden": "true", text: piece.name.slice(0, 3) }));
    const stats = known(piece);
    if (stats) cell.append(el("span", { class: "akh-stats", text: stats }));
    parts.push(`${owner(ctx, piece.seat)} ${piece.name}`);
    if (stats) parts.push(`attack ${piece.attack}, defence ${piece.defence}`);
    if (piece.kind === "castle") parts.push(piece.attackable ? "can be attacked" : "invulnerable");
  }
  if (crownHere) {
    cell.classList.add("crown");
    cell.append(el("span", { class: "akh-crown", text: obs.crown.holder === null ? "Crown" : "♛ Crown" }));
    parts.push(obs.crown.holder === null ? "the Crown (take it from a square next to it)" : `the Crown, held by ${ctx.seatName(obs.crown.holder)}`);
  }
  const label = parts.join(": ");
  cell.setAttribute("aria-label", label);
  cell.title = label;
  return cell;
}

function grid(obs, ctx) {
  const byId = new Map(obs.pieces.map((p) => [p.id, p]));
  const files = obs.files.split("");
  const box = el("div", { class: "akh-grid", role: "group", "aria-label": "The board: 13 by 13 squares, north at the top" });
  const fileRow = () => {
    box.append(el("span", { class: "akh-label corner" }));
    for (const f of files) box.append(el("span", { class: "akh-label file", text: f }));
  };
  fileRow();
  for (let rank = obs.size; rank >= 1; rank -= 1) {
    box.append(el("span", { class: "akh-label rank", text: String(rank) }));
    obs.grid[rank - 1].forEach((id, f) => box.append(square(obs, ctx, `${files[f]}${rank}`, id ? byId.get(id) : null)));
  }
  fileRow();
  const scroll = el("div", { class: "akh-scroll" });
  scroll.append(box);
  return scroll;
}

function legend(obs, ctx) {
  const list = el("ul", { class: "akh-legend", "aria-label": "Players' colours" });
  for (const player of obs.players) {
    const item = el("li", { class: player.alive ? "" : "out" });
    item.append(el("span", { class: `akh-swatch seat-${player.seat}`, "aria-hidden": "true" }));
    const out = obs.eliminated.find((e) => e.seat === player.seat);
    item.append(document.createTextNode(`${ctx.seatName(player.seat)} · ${player.side} edge${out ? ` · out (${LOST[out.lost]})` : ""}`));
    list.append(item);
  }
  return list;
}

function hiddenCard(card, leader, piece) {
  const what = leader
    ? (piece.kind === "hero" || piece.kind === "castle" ? `${piece.name} card` : `${card.main_type} Commander`)
    : `${card.main_type} Army card`;
  return pileButton({ label: what, extra: "face-down" });
}

function cardsOf(obs, ctx, piece) {
  const row = el("div", { class: "card-row" });
  const own = piece.seat === ctx.viewer;
  row.append(piece.card.hidden ? hiddenCard(piece.card, true, piece) : cardButton(ctx.faces, piece.card.id, { note: piece.kind === "hero" || piece.kind === "castle" ? `${piece.name} card` : "Commander" }));
  piece.army.forEach((card, i) => {
    const key = own ? `card:${piece.square}:${i + 1}` : null;
    if (card.hidden) {
      const back = hiddenCard(card, false, piece);
      back.append(el("span", { class: "card-note", text: `Army card ${i + 1}, face down` }));
      row.append(back);
    } else {
      row.append(cardButton(ctx.faces, card.id, { key, note: `Army card ${i + 1}` }));
    }
  });
  return row;
}

// A piece with its cards: a zone that folds to its heading (its square and numbers), open when
// one of its Army cards can be chosen (or as the person left it).
function pieceRow(obs, ctx, piece) {
  const head = el("span", { class: "akh-piece-head" });
  const box = zone(`piece:${piece.seat}:${piece.slot}`, head, false);
  box.classList.add("akh-piece-row", `seat-${piece.seat}`);
  box.setAttribute("aria-label", `${owner(ctx, piece.seat)} ${SLOT_NAMES[piece.slot]} on ${piece.square}`);
  head.append(el("strong", { text: `${SLOT_NAMES[piece.slot]} on ${piece.square}` }));
  const facts = [];
  if (piece.attack !== undefined) facts.push(`attack ${piece.attack}`, `defence ${piece.defence}`);
  if (piece.ranged) facts.push("shoots 2 squares");
  if (piece.kind === "castle") facts.push(piece.attackable ? "can be attacked" : obs.castles_vulnerable ? "invulnerable: only the Crown's holder attacks Castles" : "invulnerable while nobody holds the Crown");
  if (obs.crown.holder === piece.seat && piece.kind === "castle") facts.push("holds the Crown");
  if (facts.length) head.append(document.createTextNode(` · ${facts.join(" · ")}`));
  box.append(cardsOf(obs, ctx, piece));
  return box;
}

function reserves(obs, ctx, player) {
  const own = player.seat === ctx.viewer;
  const piles = el("div", { class: "piles", role: "group", "aria-label": `${ctx.seatName(player.seat)}'s reserves` });
  for (const type of TYPES) {
    const count = player.reserve[type];
    const pile = pileButton({ label: `${title(type)} reserve`, count, key: own ? `reserve:${type}` : null, extra: count ? "" : "empty" });
    if (own && player.reserve_cards && player.reserve_cards[type].length) {
      pile.append(el("span", { class: "card-note", text: `${player.reserve_cards[type].join(", ")} (order unknown)` }));
    }
    piles.append(pile);
  }
  return piles;
}

function playerArea(obs, ctx, player) {
  const own = player.seat === ctx.viewer;
  // Each army is a zone that folds to its heading (the grid shows where its pieces stand); it
  // opens by itself when one of its cards or reserves can be chosen.
  const head = el("div", { class: "player-head" });
  const area = zone(`army:${player.seat}`, head, false);
  area.classList.add("player-area", "akh-player", `seat-${player.seat}`);
  if (player.seat === obs.to_act) area.classList.add("to-act");
  area.setAttribute("aria-label", ctx.seatName(player.seat));
  if (own) area.dataset.testid = "own-cards";
  head.append(el("span", { class: `akh-swatch seat-${player.seat}`, "aria-hidden": "true" }));
  head.append(el("h3", { text: own ? `${ctx.seatName(player.seat)}: your army` : ctx.seatName(player.seat) }));
  const out = obs.eliminated.find((e) => e.seat === player.seat);
  head.append(el("span", { class: "muted", text: out ? `out of the game: ${LOST[out.lost]}` : `plays from the ${player.side} edge` }));
  if (player.seat === obs.to_act) head.append(el("span", { class: "badge", text: "to act" }));
  const mine = obs.pieces.filter((p) => p.seat === player.seat);
  head.append(el("span", { class: "muted", text: `${mine.length} piece${mine.length === 1 ? "" : "s"}, their cards and reserves` }));
  const rows = el("div", { class: "akh-pieces" });
  for (const piece of mine) rows.append(pieceRow(obs, ctx, piece));
  area.append(rows);
  const present = new Set(mine.map((p) => p.slot));
  const lost = SLOTS.filter((slot) => !present.has(slot)).map((slot) => SLOT_NAMES[slot]);
  if (lost.length && !out) area.append(el("p", { class: "muted", text: `Lost: ${lost.join(", ")}` }));
  area.append(el("h4", { text: "Reserves (face down)" }), reserves(obs, ctx, player));
  if (player.discard.length) {
    const row = el("div", { class: "card-row" });
    for (const card of player.discard) row.append(cardButton(ctx.faces, card.id));
    area.append(el("h4", { text: "Discarded (face up)" }), row);
  }
  return area;
}

function crownText(obs, ctx) {
  if (obs.crown.holder === null) return `The Crown lies on ${obs.crown.square}: every Castle is invulnerable until someone takes it from a square next to it.`;
  return `${ctx.seatName(obs.crown.holder)} holds the Crown (on the Castle at ${obs.crown.square}): ${obs.castles_holder_only ? "the holder can now attack every other Castle" : "every Castle can now be attacked"}, and may replace two Army cards a turn. A piece that ends its move next to the Crown may take it.`;
}

export function render(obs, ctx) {
  const box = el("div", { class: "board akh" });
  box.append(el("p", { class: "board-status", text: obs.over ? `The game is over after ${obs.turns} turns.` : `Turn ${obs.turns + 1} of at most ${obs.max_turns}` }));
  box.append(el("p", { class: "akh-crown-text", text: crownText(obs, ctx) }));
  if (obs.pending && obs.to_act !== null) {
    const who = obs.to_act === ctx.viewer ? "You hold the Crown: replace a second Army card, or end the turn." : `${ctx.seatName(obs.to_act)} holds the Crown and may replace a second Army card.`;
    box.append(el("p", { class: "board-prompt", text: who }));
  } else if (obs.to_act !== null && obs.to_act === ctx.viewer) {
    box.append(el("p", { class: "board-prompt", text: "Click one of your pieces: where it can go, what it can attack and which Army cards it can replace light up." }));
  }
  const board = grid(obs, ctx);
  const tools = el("div", { class: "akh-tools" });
  tools.append(legend(obs, ctx), zoomButton(board, "akhedena"));
  box.append(tools, board);
  const order = ctx.viewer === null ? obs.players : [obs.players[ctx.viewer], ...obs.players.filter((p) => p.seat !== ctx.viewer)];
  for (const player of order) box.append(playerArea(obs, ctx, player));
  box.append(el("p", { class: "muted small", text: "Card names and numbers are Gauntlet's own starter catalogue, designed for the platform: not the publisher's values." }));
  return box;
}
