// The Khan of Khans board: the ten Location decks, and each tribe's Khan, Herd, Corrals and
// Waha's Blessings. Keys (the engine's action_path): deck:D, impala-token, blessing:S, herd:S:V
// (a V-cow card in seat S's Herd), herd:S (the face-down Sable Herd).
import { el } from "../observation.js";
import { cardButton, faceOf, pileButton } from "./cards.js";

const cows = (faces, id) => {
  const stat = (faceOf(faces, id).stats || []).find(([label]) => label === "cows");
  return stat ? stat[1] : null;
};

function herdRow(obs, faces, seat, ctx) {
  const player = obs.players[seat];
  const row = el("div", { class: "card-row", "aria-label": `${ctx.seatName(seat)}'s Herd` });
  const hidden = player.herd.some((id) => id.endsWith(":?"));
  if (hidden) {
    const pile = el("button", { type: "button", class: "pile", "data-key": `herd:${seat}` });
    pile.append(el("span", { class: "pile-label", text: "Herd, face down" }));
    pile.append(el("span", { class: "pile-count", text: `${player.herd.length} Raid! card${player.herd.length === 1 ? "" : "s"}` }));
    row.append(pile);
  } else {
    for (const id of player.herd) row.append(cardButton(faces, id, { key: `herd:${seat}:${cows(faces, id)}` }));
  }
  if (player.champion) row.append(cardButton(faces, player.champion, { note: "protects the Herd" }));
  if (!player.herd.length && !player.champion) row.append(el("span", { class: "muted", text: "empty" }));
  return row;
}

function corralRow(obs, faces, seat) {
  const player = obs.players[seat];
  const row = el("div", { class: "card-row corrals" });
  player.corrals.forEach((corral, i) => {
    const known = corral.cards.every((id) => cows(faces, id) !== null);
    const total = corral.cards.reduce((sum, id) => sum + (cows(faces, id) || 0), 0) + (corral.sneaked ? cows(faces, corral.sneaked) || 0 : 0);
    const tile = el("div", { class: "corral closed" });
    tile.append(el("span", { class: "pile-label", text: `Corral ${i + 1}` }));
    tile.append(el("span", { class: "pile-count", text: known ? `${total} cows safe` : `${corral.cards.length} face-down card${corral.cards.length === 1 ? "" : "s"}` }));
    if (corral.sneaked) tile.append(el("span", { class: "card-note", text: "+1 sneaked card" }));
    row.append(tile);
  });
  for (let i = 0; i < player.open_corrals; i += 1) row.append(el("div", { class: "corral open", text: "open Corral tile" }));
  return row;
}

function blessingRow(obs, faces, seat) {
  const player = obs.players[seat];
  const row = el("div", { class: "card-row" });
  for (const id of player.kept_blessings) row.append(cardButton(faces, id, { key: `blessing:${seat}`, note: "kept: usable" }));
  for (const id of player.used_blessings) row.append(cardButton(faces, id, { extra: "used", note: "used" }));
  if (!row.childNodes.length) row.append(el("span", { class: "muted", text: "none" }));
  return row;
}

function banked(obs, faces, seat) {
  const player = obs.players[seat];
  let safe = 0;
  let sure = true;
  for (const corral of player.corrals) {
    for (const id of [...corral.cards, ...(corral.sneaked ? [corral.sneaked] : [])]) {
      const value = cows(faces, id);
      if (value === null) sure = false;
      safe += value || 0;
    }
  }
  const blessings = 20 * (player.kept_blessings.length + player.used_blessings.length);
  return sure ? `${safe + blessings} cows safe (Corrals and Blessings)` : "Corrals face down";
}

export function render(obs, ctx) {
  const { faces } = ctx;
  const box = el("div", { class: "board kok" });
  box.append(el("p", { class: "board-status", text: `Turn ${obs.turns + 1} · ${obs.cards_left} cards left in the Location decks` }));
  if (obs.pending && obs.pending.type === "blessing") {
    box.append(el("p", { class: "board-prompt", text: `${ctx.seatName(obs.pending.seat)} drew a Waha's Blessing: take a Raid! card from another Herd with it, or keep it.` }));
  } else if (obs.pending && obs.pending.type === "impala") {
    box.append(el("p", { class: "board-prompt", text: `The Impala People revealed ${Object.entries(obs.pending.revealed).map(([d, id]) => `${faceOf(faces, id).name} on Location ${Number(d) + 1}`).join(", ")}: ${ctx.seatName(obs.pending.seat)} raids one of them.` }));
  }
  const decks = el("div", { class: "piles", role: "group", "aria-label": "Location decks" });
  obs.decks.forEach((deck, d) => {
    decks.append(pileButton({ label: `Location ${d + 1}`, count: deck.count, key: `deck:${d}`, top: deck.top, faces, extra: deck.count ? "" : "empty" }));
  });
  box.append(el("h3", { text: "Location decks" }), decks);

  const order = ctx.viewer === null ? obs.players.map((_, i) => i) : [ctx.viewer, ...obs.players.map((_, i) => i).filter((i) => i !== ctx.viewer)];
  for (const seat of order) {
    const player = obs.players[seat];
    const panel = el("section", { class: `player-area${seat === obs.to_act ? " to-act" : ""}`, "aria-label": ctx.seatName(seat) });
    if (seat === ctx.viewer) panel.dataset.testid = "own-cards";
    const head = el("div", { class: "player-head" });
    head.append(el("h3", { text: ctx.seatName(seat) }));
    head.append(cardButton(faces, player.khan));
    if (obs.impala_token && faceOf(faces, player.khan).name === "Impala People") {
      const token = el("button", { type: "button", class: `token ${obs.impala_token}`, "data-key": "impala-token", text: `Impala token: ${obs.impala_token}` });
      token.title = "Coloured: as an action, reveal the top cards of up to three Location decks and raid one of them.";
      head.append(token);
    }
    head.append(el("span", { class: "muted", text: banked(obs, faces, seat) }));
    panel.append(head);
    panel.append(el("h4", { text: `Herd${player.herd_value === null ? "" : ` · ${player.herd_value} cows at risk`}` }), herdRow(obs, faces, seat, ctx));
    panel.append(el("h4", { text: "Corrals" }), corralRow(obs, faces, seat));
    panel.append(el("h4", { text: "Waha's Blessings" }), blessingRow(obs, faces, seat));
    box.append(panel);
  }
  return box;
}
