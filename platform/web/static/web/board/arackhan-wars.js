// The AracKhan Wars board (to be replaced by a board chosen on by clicking).
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
    // The battle mat: 8 columns by 6 rows, the short top and bottom rows offset (engine's board.py).
    const rows = [[3, 4, 5, 6], [0, 1, 2, 3, 4, 5, 6, 7], [0, 1, 2, 3, 4, 5, 6, 7], [0, 1, 2, 3, 4, 5, 6, 7], [0, 1, 2, 3, 4, 5, 6, 7], [1, 2, 3, 4]];
    const at = new Map(obs.battlefield.map((card) => [card.space, card]));
    const box = el("div");
    box.append(el("p", { text: `Round ${obs.round} of ${obs.rounds} · phase ${words(obs.phase)}${obs.scores ? ` · points ${obs.scores.join(" – ")}` : ""}` }));
    const mat = el("table", { class: "play-table mat" });
    mat.append(el("caption", { text: "Battle mat (x across, y down)" }));
    const head = el("tr", {}, el("th", { scope: "col", text: "y \\ x" }));
    for (let x = 0; x < 8; x += 1) head.append(el("th", { scope: "col", text: String(x) }));
    mat.append(el("thead", {}, head));
    const body = el("tbody");
    rows.forEach((xs, y) => {
      const tr = el("tr", {}, el("th", { scope: "row", text: String(y) }));
      for (let x = 0; x < 8; x += 1) {
        const card = at.get(`${x},${y}`);
        const cell = el("td", { class: xs.includes(x) ? "space" : "off-mat", "data-space": `${x},${y}` });
        if (card) {
          cell.classList.add(`owner-${card.controller ?? card.owner}`);
          const stats = card.attack === null && card.defence === null ? "" : ` ${scalar(card.attack)}/${scalar(card.defence)}`;
          cell.append(el("span", { text: card.face_up === false ? "face down" : `${card.name || card.card}${stats}` }));
          cell.title = `${ctx.seatName(card.controller ?? card.owner)}${card.kind ? ` · ${card.kind}` : ""}${card.attributes && card.attributes.length ? ` · ${card.attributes.join(", ")}` : ""}`;
        }
        tr.append(cell);
      }
      body.append(tr);
    });
    mat.append(body);
    box.append(mat);
    box.append(table(
      ["Seat", "Hand", "Draw pile", "Discard", "Astral"],
      obs.players.map((p, i) => [ctx.seatName(i), p.hand_size, p.draw_pile, (p.discard || []).length, (p.astral || []).length]),
      "Players",
    ));
    return box;
  }
