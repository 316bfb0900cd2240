// The Kingdom of Warlords board (to be replaced by a board chosen on by clicking).
import { el, scalar, words } from "../observation.js";

function cards(list, label) {
  const box = el("ul", { class: "cards", "aria-label": label });
  for (const card of list || []) box.append(el("li", { class: "card-chip", text: card }));
  if (!list || !list.length) box.append(el("li", { class: "muted", text: "none" }));
  return box;
}

function table(headings, rows, caption) {
  const t = el("table", { class: "play-table" });
  if (caption) t.append(el("caption", { text: caption }));
  const head = el("tr");
  for (const h of headings) head.append(el("th", { scope: "col", text: h }));
  t.append(el("thead", {}, head));
  const body = el("tbody");
  for (const row of rows) {
    const tr = el("tr");
    for (const cell of row) tr.append(el("td", {}, cell instanceof Node ? cell : document.createTextNode(scalar(cell))));
    body.append(tr);
  }
  t.append(body);
  return t;
}

export function render(obs, ctx) {
    const box = el("div");
    box.append(el("p", { text: `Battle ${obs.battle} · phase ${words(obs.phase)} · ${ctx.seatName(obs.leader)} leads${obs.lead ? ` with ${obs.lead} (strength ${obs.lead_strength})` : ""}${obs.war ? ` · war ${obs.war}` : ""}` }));
    if (obs.hand) {
      box.append(el("h3", { text: "Your hand" }));
      box.append(cards(obs.hand, "your hand"));
    }
    box.append(table(
      ["Seat", "Army", "Hand", "Troop", "Field", "War cards"],
      obs.players.map((p, i) => [ctx.seatName(i), p.army, p.hand, p.troop.length, cards(p.field, "field"), p.war_cards]),
      "Players",
    ));
    if (obs.last_battle) box.append(el("p", { text: `Last battle: ${ctx.seatName(obs.last_battle.winner)} won ${obs.last_battle.cards} card(s) (${obs.last_battle.how}).` }));
    return box;
  }
