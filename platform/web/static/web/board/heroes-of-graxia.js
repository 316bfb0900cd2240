// The Heroes of Graxia board: the decision or combat under way, then your own area (Prestige and Victory Points, the Legion with
// each Unit's Equipment and wounds, your hand face up, the Loot and Discard Piles), then the
// Monsters and the Monster Deck, the market (four face-up cards per deck, with the deck's count),
// and the other players (their hands as counts). The market, the piles
// and the other players are zones that fold (board/zones.js); what a choice needs opens.
// Keys (the engine's action_path, engines/heroes_of_graxia/present.py): hand:<card id>,
// unit:<seat>:<n>, gear:<seat>:<n>:<aura|armor|weapon>, inplay:<seat>:<n>, market:<deck>:<n>,
// monster:<n>, loot:<seat>:<n>, discard:<seat>:<n>, legion:<seat>, sell, to-hand, reward-gold.
import { el } from "../observation.js";
import { cardButton, pileButton } from "./cards.js";
import { zone } from "./zones.js";

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

function keyButton(key, text, extra = "") {
  return el("button", { type: "button", class: `token ${extra}`.trim(), "data-key": key, text });
}

function monsters(obs, faces) {
  const row = el("div", { class: "card-row", role: "group", "aria-label": "Monsters" });
  obs.monsters.forEach((card, n) => {
    if (card) row.append(cardButton(faces, card.id, { key: `monster:${n}` }));
  });
  const deck = pileButton({ label: "Monster Deck", count: obs.monster_deck.count, extra: obs.monster_deck.count ? "" : "empty" });
  if (obs.monster_deck.known_at_bottom.length) {
    deck.append(el("span", { class: "pile-top", text: `known at the bottom: ${obs.monster_deck.known_at_bottom.map((c) => c.name).join(", ")}` }));
  }
  row.append(deck);
  return row;
}

function market(obs, faces) {
  const box = el("div", { class: "hog-market" });
  obs.market.forEach((deck, d) => {
    const row = el("div", { class: "card-row", role: "group", "aria-label": `${deck.deck} market` });
    row.append(pileButton({ label: `${deck.deck} deck`, count: deck.count, extra: deck.count ? "" : "empty" }));
    deck.cards.forEach((card, n) => {
      if (card) row.append(cardButton(faces, card.id, { key: `market:${d}:${n}` }));
    });
    box.append(el("h4", { text: `${deck.deck}s for sale` }), row);
  });
  return box;
}

function unitNote(unit) {
  const parts = [`${unit.wounds}/${unit.health} wounds`];
  if (unit.doubled.length) parts.push(`${unit.doubled.join(" and ")} doubled`);
  return parts.join(" · ");
}

function legion(obs, faces, seat, ctx) {
  const player = obs.players[seat];
  const row = el("div", { class: "card-row hog-legion", role: "group", "aria-label": `${ctx.seatName(seat)}'s Legion` });
  player.legion.forEach((unit, n) => {
    const box = el("div", { class: `hog-unit${unit.wounds ? " wounded" : ""}` });
    box.append(cardButton(faces, unit.id, { key: `unit:${seat}:${n}`, note: unitNote(unit) }));
    for (const piece of unit.equipment) {
      box.append(cardButton(faces, piece.id, { key: `gear:${seat}:${n}:${piece.type.toLowerCase()}`, extra: "hog-gear", note: `${piece.type} on ${unit.name}` }));
    }
    row.append(box);
  });
  if (!player.legion.length) row.append(el("span", { class: "muted", text: "no Units" }));
  return row;
}

function cardRow(faces, cards, keyOf, empty, label) {
  const row = el("div", { class: "card-row", "aria-label": label });
  cards.forEach((card, n) => {
    if (card) row.append(cardButton(faces, card.id, { key: keyOf ? keyOf(n) : null }));
  });
  if (!row.childNodes.length) row.append(el("span", { class: "muted", text: empty }));
  return row;
}

function combat(obs, ctx) {
  const c = obs.combat;
  if (!c) return null;
  const who = ctx.seatName(c.attacker);
  const against = c.monster ? c.monster.name : `${ctx.seatName(c.defender)}'s Legion`;
  const box = el("div", { class: "board-prompt" });
  box.append(el("p", { text: `${who} is attacking ${against}.` }));
  for (const side of c.sides) {
    const extra = [side.spell_attack ? `+${side.spell_attack} Attack from Spells` : "", side.spell_defense ? `+${side.spell_defense} Defense from Spells` : ""].filter(Boolean).join(", ");
    box.append(el("p", { class: "muted", text: `${ctx.seatName(side.seat)}: ${side.spells_cast} of ${side.spells_allowed} Spells cast${extra ? `, ${extra}` : ""}.` }));
  }
  return box;
}

function prompt(obs, ctx) {
  const d = obs.decision;
  if (!d) return null;
  const who = ctx.seatName(d.seat);
  const text = {
    mulligan: `${who} decides on a new hand: keep it, or draw one card fewer (${d.redraws_left} redraws left).`,
    "new-hand": `${who}'s Hero was lost: ${who} takes ${d.still_to_take} more cards from the Discard Pile into the new hand.`,
    "lose-monster": `${who} has no Prestige to lose: ${who} gives up a Monster from the Loot Pile.`,
    wounds: `${who} places the wounds on the Units of the Legion (Heroes last).`,
  }[d.type];
  const wounds = obs.wounds_to_place.length ? ` ${obs.wounds_to_place.map((w) => `${ctx.seatName(w.seat)}: ${plural(w.wounds, "wound")} to place`).join("; ")}.` : "";
  return text || wounds ? el("p", { class: "board-prompt", text: `${text || ""}${wounds}`.trim() }) : null;
}

// A player's area: your own always open; another player's a zone that folds to its heading.
function playerPanel(obs, faces, seat, ctx, open = true) {
  const player = obs.players[seat];
  const mine = seat === ctx.viewer;
  const head = el("div", { class: "player-head" });
  const panel = mine ? el("section") : zone(`player:${seat}`, head, open);
  panel.classList.add("player-area");
  if (seat === obs.to_act) panel.classList.add("to-act");
  panel.setAttribute("aria-label", ctx.seatName(seat));
  head.append(el("h3", { text: `${ctx.seatName(seat)} · ${player.hero.name}` }));
  head.append(el("span", { class: "hog-score", text: `${player.prestige} Prestige · ${player.victory_points} Victory Points` }));
  if (player.protected) head.append(el("span", { class: "muted", text: "attacked since its last turn: safe until then" }));
  if (mine) panel.append(head);
  const t = player.totals;
  const legionHead = el("h4", {}, el("span", { text: `Legion · Attack ${t.attack_vs_monster} / Defense ${t.defense_vs_monster} against Monsters, ${t.attack_vs_legion} / ${t.defense_vs_legion} against Legions ` }));
  legionHead.append(keyButton(`legion:${seat}`, mine ? "Your Legion" : `${ctx.seatName(seat)}'s Legion`, "hog-legion-key"));
  panel.append(legionHead, legion(obs, faces, seat, ctx));
  if (player.in_play.length) {
    panel.append(el("h4", { text: "In play in this combat" }), cardRow(faces, player.in_play, (n) => `inplay:${seat}:${n}`, "", "In play"));
  }
  if (mine) {
    const hand = el("div", { "data-testid": "own-cards" });
    const handHead = el("h4", {}, el("span", { text: `Your hand (${plural(player.hand.length, "card")}) ` }));
    handHead.append(keyButton("to-hand", "Pick up to your hand"));
    hand.append(handHead, cardRow(faces, player.hand, null, "empty", "Your hand"));
    hand.querySelectorAll(".card-row .card-face").forEach((node) => { node.dataset.key = `hand:${node.dataset.card}`; });
    const gold = el("p", { class: "hog-gold" });
    gold.append(keyButton("sell", `Gold: ${obs.turn_of === seat ? obs.gold : 0} (sell a card here)`));
    if (obs.turn_of === seat && obs.reward_gold) gold.append(keyButton("reward-gold", `Gold from the Monster: ${obs.reward_gold}`));
    if (obs.turn_of === seat) gold.append(el("span", { class: "muted", text: ` ${plural(obs.actions_left, "action")} left this turn` }));
    hand.append(gold);
    panel.append(hand);
  }
  // The piles fold: their counts are in the headings; a pile the choice needs opens.
  const piles = el("div", { class: "piles" });
  if (!mine) piles.append(pileButton({ label: "Hand", count: player.hand_count }));
  piles.append(pileButton({ label: "Player Deck", count: player.deck_count }));
  panel.append(piles);
  const loot = el("h4", { text: `Loot Pile (${plural(player.loot.length, "Monster")})` });
  panel.append(zone(`loot:${seat}`, loot, false, cardRow(faces, player.loot, (n) => `loot:${seat}:${n}`, "none", "Loot Pile")));
  const discard = el("h4", { text: `Discard Pile (${plural(player.discard.length, "card")})` });
  panel.append(zone(`discard:${seat}`, discard, false, cardRow(faces, player.discard, (n) => `discard:${seat}:${n}`, "empty", "Discard Pile")));
  return panel;
}

export function render(obs, ctx) {
  const { faces } = ctx;
  const box = el("div", { class: "board hog" });
  const turn = obs.over ? "The game is over" : `Round ${obs.round + 1} of at most ${obs.max_rounds} · ${ctx.seatName(obs.turn_of)}'s turn`;
  box.append(el("p", { class: "board-status", text: `${turn} · ${obs.prestige_goal} Prestige ends the game` }));
  box.append(el("p", { class: "muted hog-notice", "data-testid": "catalogue-notice", text: obs.notice }));
  for (const part of [prompt(obs, ctx), combat(obs, ctx)]) if (part) box.append(part);
  // Your own area first (your hand and Legion open), then the Monsters, the market and the
  // other players, each a zone that folds; what the current choice needs opens by itself.
  const seats = obs.players.map((_, i) => i);
  const watching = ctx.viewer === null || ctx.viewer === undefined;
  const others = watching ? seats : seats.filter((i) => i !== ctx.viewer);
  if (!watching) box.append(playerPanel(obs, faces, ctx.viewer, ctx));
  const count = obs.monsters.filter(Boolean).length;
  box.append(zone("monsters", `Monsters (${count} to fight, ${plural(obs.monster_deck.count, "card")} in the Monster Deck)`, true, monsters(obs, faces)));
  const forSale = obs.market.map((deck) => plural(deck.cards.filter(Boolean).length, deck.deck)).join(", ");
  box.append(zone("market", `Market (${forSale} for sale)`, watching, market(obs, faces)));
  for (const seat of others) box.append(playerPanel(obs, faces, seat, ctx, watching || others.length === 1));
  return box;
}
