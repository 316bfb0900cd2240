// The Kingdom of Warlords board: the battlefield (each side's face-up cards of this battle and
// its face-down War cards), your hand face up, the other hand face down, each player's Army and
// Troop piles with the Warlords and Dragons they have won, and the last battle in words.
// Keys (the engine's action_path): card:<card id> (a face-up card: in your hand, or on the
// battlefield once played; cards played together are clicked in any order), army:<seat> (an
// Army pile: the Triple advantage's 4th card is taken there).
import { el } from "../observation.js";
import { cardButton, faceOf, pileButton } from "./cards.js";

// The game's order of cards, to show a hand as a player sorts it (pairs side by side).
const ORDER = ["4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King", "Assassin", "Warlord", "Wizard", "Phantom", "Dragon"];
const HOW = {
  higher: "",
  phantom: " with the Phantom",
  dragon: " with the Dragon",
  "both lost": " (neither play had any power: the leader kept the field)",
};
const WON = new Set(["Warlord", "Dragon"]);

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
const nameOf = (faces, id) => faceOf(faces, id).name;

function sortedCards(faces, ids) {
  const rank = (id) => ORDER.indexOf(nameOf(faces, id));
  return [...ids].sort((a, b) => rank(a) - rank(b)); // stable: copies keep the engine's order
}

function card(faces, id, note = "") {
  const name = nameOf(faces, id).toLowerCase();
  return cardButton(faces, id, { key: `card:${id}`, extra: `kow-${name}`, note });
}

function listing(names) {
  return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

// What is happening in this battle, in a sentence.
function prompt(obs, ctx) {
  const leader = ctx.seatName(obs.leader);
  const other = ctx.seatName(1 - obs.leader);
  if (obs.to_act === null) return "";
  const actor = ctx.seatName(obs.to_act);
  if (obs.warlords_laid) {
    const laid = obs.warlords_laid === 1 ? "a Warlord and drew 2 cards" : "two Warlords and drew 4 cards";
    return `${actor} laid ${laid}: now a play beside ${obs.warlords_laid === 1 ? "it" : "them"}. Whoever wins the battle takes the Warlords too.`;
  }
  if (obs.phase === "respond") return `${actor} answers ${leader}'s play: the stronger play takes the battlefield.`;
  if (obs.war) {
    const kind = obs.dragon_war ? "Dragon War" : "War";
    return `${kind}! The War cards lie face down. ${leader} plays first again, then ${other}: the winner takes everything on the battlefield.`;
  }
  const why = obs.battles_done ? "won the last battle" : "turned up the higher card";
  return `${leader} ${why} and leads: ${leader} plays first, ${other} answers.`;
}

function firstDraw(obs, ctx) {
  const [a, b] = obs.first_draw || [[], []];
  if (obs.battles_done || !a.length) return null;
  const turned = (seat, ids) => `${ctx.seatName(seat)} ${listing(ids.map((id) => nameOf(ctx.faces, id)))}`;
  return el("p", { class: "muted", text: `To choose who leads the first battle, each turned up army cards: ${turned(0, a)}; ${turned(1, b)}.` });
}

function side(obs, ctx, seat) {
  const { faces } = ctx;
  const player = obs.players[seat];
  const row = el("div", { class: `kow-side${seat === obs.leader ? " leads" : ""}`, role: "group", "aria-label": `${ctx.seatName(seat)} on the battlefield` });
  row.append(el("span", { class: "kow-side-name", text: `${ctx.seatName(seat)}${seat === obs.leader ? " · leads" : ""}` }));
  const cards = el("div", { class: "card-row" });
  for (const id of player.field) cards.append(card(faces, id));
  if (player.war_cards) cards.append(pileButton({ label: "War cards", count: player.war_cards, extra: "war-cards" }));
  if (!cards.childNodes.length) cards.append(el("span", { class: "muted", text: seat === obs.to_act ? "to play" : obs.phase === "over" ? "no card" : "no card yet" }));
  row.append(cards);
  return row;
}

function lastBattle(obs, ctx) {
  const last = obs.last_battle;
  if (!last) return null;
  return el("p", { class: "kow-last", "data-testid": "last-battle", text: `Last battle: ${ctx.seatName(last.winner)} won ${plural(last.cards, "card")}${HOW[last.how] ?? ""}.` });
}

function lastMove(ctx) {
  const log = ctx.view.log || [];
  if (!log.length) return null;
  const line = log.at(-1);
  return el("p", { class: "kow-last-move" }, el("strong", { text: `${ctx.seatName(line.seat)}: ` }), document.createTextNode(line.text));
}

function playerArea(obs, ctx, seat) {
  const { faces } = ctx;
  const player = obs.players[seat];
  const own = seat === ctx.viewer;
  const area = el("section", { class: `player-area${seat === obs.to_act ? " to-act" : ""}`, "aria-label": ctx.seatName(seat) });
  const head = el("div", { class: "player-head" });
  head.append(el("h3", { text: ctx.seatName(seat) }));
  if (player.triple_bonus) head.append(el("span", { class: "badge", title: "Played a Triple: may take a 4th card into each hand", text: "Triple advantage: 4 cards" }));
  if (seat === obs.to_act) head.append(el("span", { class: "muted", text: "to act" }));
  area.append(head);

  if (own) {
    area.append(el("h4", { text: `Your hand · ${plural(obs.hand.length, "card")}` }));
    const hand = el("div", { class: "card-row", "data-testid": "own-cards", "aria-label": "Your hand" });
    for (const id of sortedCards(faces, obs.hand)) hand.append(card(faces, id));
    if (!obs.hand.length) hand.append(el("span", { class: "muted", text: "empty: a new hand of 3 from your Army at the next battle" }));
    area.append(hand);
  }

  const piles = el("div", { class: "piles", role: "group", "aria-label": `${ctx.seatName(seat)}'s piles` });
  if (!own) piles.append(pileButton({ label: "Hand, face down", count: player.hand, extra: player.hand ? "" : "empty" }));
  const army = pileButton({ label: "Army", count: player.army, key: `army:${seat}`, extra: player.army ? "" : "empty" });
  army.title = "Face down: hands, Warlord draws and War cards come from the top. When it runs out, the Troop pile is shuffled into a new Army.";
  const extra = own && (ctx.view.legal || []).some((entry) => (entry.path || [])[0] === `army:${seat}`);
  if (extra) army.append(el("span", { class: "card-note", text: "take your 4th card here" }));
  piles.append(army);
  const troop = pileButton({ label: "Troop pile", count: player.troop.length, extra: player.troop.length ? "troop" : "empty" });
  troop.title = "The cards won in battle, face up: shuffled into a new Army when the Army runs out.";
  piles.append(troop);
  area.append(piles);

  const won = player.troop.filter((id) => WON.has(nameOf(faces, id)));
  area.append(el("h4", { text: "Won in battle (in the Troop pile)" }));
  const row = el("div", { class: "card-row" });
  for (const id of sortedCards(faces, won)) row.append(cardButton(faces, id, { extra: `kow-${nameOf(faces, id).toLowerCase()}` }));
  if (!won.length) row.append(el("span", { class: "muted", text: "no Warlord or Dragon" }));
  area.append(row);
  return area;
}

export function render(obs, ctx) {
  const box = el("div", { class: "board kow" });
  const war = obs.war ? ` · ${obs.dragon_war ? "Dragon War" : "War"}${obs.war > 1 ? ` (${obs.war} in a row)` : ""}` : "";
  const status = obs.phase === "over" ? `The game is over after ${plural(obs.battles_done, "battle")}` : `Battle ${obs.battle}${war}`;
  box.append(el("p", { class: "board-status", text: status }));
  const text = prompt(obs, ctx);
  if (text) box.append(el("p", { class: "board-prompt", text }));
  const draw = firstDraw(obs, ctx);
  if (draw) box.append(draw);

  const me = ctx.viewer === null ? 0 : ctx.viewer;
  const them = 1 - me;
  box.append(playerArea(obs, ctx, them));
  const field = el("section", { class: "battlefield", "aria-label": "Battlefield" });
  field.append(el("h3", { text: "Battlefield" }));
  field.append(side(obs, ctx, them), side(obs, ctx, me));
  const move = lastMove(ctx);
  if (move) field.append(move);
  const battle = lastBattle(obs, ctx);
  if (battle) field.append(battle);
  box.append(field);
  box.append(playerArea(obs, ctx, me));
  return box;
}
