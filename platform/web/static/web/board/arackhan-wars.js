// The AracKhan Wars board: the battle mat (40 spaces named column,row as the engine names them:
// columns 0-7 left to right, rows 0-5 top to bottom, the short rows offset), each card on it as a
// face in its controller's colour (a card back where you cannot see it), your hand face up, each
// player's astral plane, draw pile, discard pile and hand size, the round and phase; with the
// rulebook's modes on, a panel: Strategy points, your own Strategy card (a Secret message passed
// to you included; nobody else's), the Strategy cards in play, the Event in force and the open
// objectives, every card by name and marked when its text is the platform's own starter design.
// Keys (the engine's present.py): space:<x>,<y> (a space, empty or with its card), hand:c<i> (a
// card in your hand), astral:<seat> (an astral plane), card:c<i> (a card on an astral plane),
// act:c<i> (use that card's action: a button beside the mat, drawn when the action is legal).
import { el } from "../observation.js";
import { faceOf, pileButton, statsText } from "./cards.js";
import { zoomButton } from "./zoom.js";

const ROWS = [[3, 4, 5, 6], [0, 1, 2, 3, 4, 5, 6, 7], [0, 1, 2, 3, 4, 5, 6, 7], [0, 1, 2, 3, 4, 5, 6, 7], [0, 1, 2, 3, 4, 5, 6, 7], [1, 2, 3, 4]];
const START = new Set(["3,2", "4,2", "3,3", "4,3"]);
const PHASES = {
  choose: "Choosing who begins",
  mulligan: "Mulligan",
  place: "Placement phase",
  initiative: "Activation phase · Initiative sequence",
  turn: "Activation phase · turns",
  pending: "Activation phase · a card action under way",
  over: "The game is over",
};

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

// A card as a button: its name, kind and numbers (value, Attack, Defence, attributes); the
// whole face (family, faction, skill, action...) is in the inspector and the title.
const SHORT = { value: "value", Attack: "Att", Defence: "Def", attributes: "" };
function cardButton(faces, id, { key = null, extra = "", note = "" } = {}) {
  const face = faceOf(faces, id);
  const button = el("button", { type: "button", class: `card-face akw-card ${extra}`.trim(), "data-card": id });
  if (key) button.dataset.key = key;
  button.append(el("span", { class: "card-name", text: face.name }));
  if (face.kind) button.append(el("span", { class: "card-kind", text: face.kind }));
  const numbers = (face.stats || []).filter(([label]) => label in SHORT).map(([label, value]) => (SHORT[label] ? `${SHORT[label]} ${value}` : String(value)));
  if (numbers.length) button.append(el("span", { class: "card-stats", text: numbers.join(" · ") }));
  if (note) button.append(el("span", { class: "card-note", text: note }));
  button.title = [face.name, face.kind, statsText(face.stats), face.text].filter(Boolean).join(" — ");
  return button;
}

function ensureStyle() {
  if (document.getElementById("akw-board-style")) return;
  const link = el("link", { id: "akw-board-style", rel: "stylesheet", href: new URL("./arackhan-wars.css", import.meta.url).href });
  document.head.append(link);
}

// What is happening now, in a sentence.
function prompt(obs, ctx) {
  if (obs.over) return "";
  const who = ctx.seatName(obs.to_act);
  const mine = ctx.viewer !== null && obs.to_act === ctx.viewer;
  switch (obs.phase) {
    case "choose":
      return `${who} was drawn to choose who begins round 1.`;
    case "mulligan":
      return mine
        ? "Mulligan: click the cards you want to put back (one at a time), then keep: as many new cards are drawn."
        : `${who} may put cards back into the draw pile and draw as many (mulligan).`;
    case "place":
      return mine
        ? "Place a card face down: click it in your hand, then a free space next to a card (on an empty battlefield: the four central spaces), or the astral plane for an astral spell. Two cards a round."
        : `${who} places two cards face down.`;
    case "initiative":
      return mine
        ? "Your Initiative sequence: cards with Initiative may be activated. Click a card, then where it moves or the enemy card it attacks; or end the sequence."
        : `${who}'s Initiative sequence: cards with Initiative may be activated.`;
    case "turn":
      return mine
        ? "Your turn: activate cards to move, attack or use their action. Click a card, then a free space or an enemy card."
        : `${who}'s turn: activate cards to move, attack or use their action.`;
    case "pending": {
      const deciding = obs.modes && obs.modes.deciding;
      if (deciding && deciding.step === "Strategy phase") {
        return mine
          ? "Your Strategy phase: keep or swap the Strategy card you held, then play it (a Blitz, or a Secret message your ally passed you), pass a Secret message to your ally, or keep it."
          : `${who}'s Strategy phase.`;
      }
      if (deciding) {
        const name = deciding.objective.name;
        return mine
          ? `You meet the objective ${name}: complete it (you may complete one a round) or let the next player decide.`
          : `${who} decides whether to complete the objective ${name}.`;
      }
      const p = obs.pending || {};
      if (p.kind === "group attack") {
        const group = (p.group || []).map((id) => faceOf(ctx.faces, id).name).join(", ");
        return `Group attack on ${faceOf(ctx.faces, p.target).name} by ${group}: ${mine ? "click another attacker to add it, or launch the attack." : `${who} adds attackers.`}`;
      }
      return `${who} finishes the action of ${faceOf(ctx.faces, p.card).name}${p.left ? ` (${plural(p.left, "step")} left)` : ""}.`;
    }
    default:
      return "";
  }
}

function scoresText(obs, ctx) {
  if (!obs.scores) return "";
  const objectives = obs.modes && obs.modes.objectives;
  return `Victory points ${objectives ? "(battlefield and completed objectives)" : "on the battlefield"}: ${obs.scores.map((points, seat) => `${ctx.seatName(seat)} ${points}`).join(" · ")}`;
}

// One space of the mat: a button (its key), with the card on it if any.
function space(obs, ctx, name, entry) {
  const button = el("button", { type: "button", class: `akw-space${START.has(name) ? " start" : ""}`, "data-key": `space:${name}` });
  button.append(el("span", { class: "akw-coord", text: name }));
  if (!entry) {
    button.setAttribute("aria-label", `Space ${name}, empty${START.has(name) ? " (starting area)" : ""}`);
    return button;
  }
  const seat = entry.controller ?? entry.owner;
  button.dataset.card = entry.card;
  button.classList.add("occupied", `seat-${seat}`);
  const face = faceOf(ctx.faces, entry.card);
  const known = entry.face_up || entry.card_id !== null;
  if (!entry.face_up) button.classList.add("face-down");
  button.append(el("span", { class: "card-name", text: known ? face.name : "Face down" }));
  const bits = [];
  if (entry.face_up) {
    if (entry.attack !== null && entry.attack !== undefined) bits.push(`Att ${entry.attack}`);
    if (entry.defence !== null && entry.defence !== undefined) bits.push(`Def ${entry.defence}`);
  }
  if (bits.length) button.append(el("span", { class: "card-stats", text: bits.join(" · ") }));
  // A phone's spaces are narrow: "2/3" stands in for the numbers there (the label says them).
  if (bits.length === 2) button.append(el("span", { class: "akw-short", "aria-hidden": "true", text: `${entry.attack}/${entry.defence}` }));
  const notes = [];
  if (!entry.face_up) notes.push(known ? "face down (yours)" : ctx.seatName(seat));
  else if (entry.kind !== "spell") notes.push(entry.active ? "active" : "deactivated");
  if (entry.face_up && entry.controller !== entry.owner) notes.push(`${ctx.seatName(entry.owner)}'s card`);
  if (entry.extra_tokens) notes.push(`+${plural(entry.extra_tokens, "token")}`);
  if (entry.under && entry.under.length) notes.push(`${entry.under.length} under it`);
  button.append(el("span", { class: "card-note", text: notes.join(" · ") }));
  if (entry.face_up && !entry.active && entry.kind !== "spell") button.classList.add("deactivated");
  const owner = `${ctx.seatName(seat)}'s`;
  button.setAttribute("aria-label", `Space ${name}: ${owner} ${known ? face.name : "face-down card"}${bits.length ? `, ${bits.join(", ")}` : ""}`);
  button.title = [`${name}: ${known ? face.name : "a face-down card"} (${owner})`, entry.face_up ? face.text : ""].filter(Boolean).join(" — ");
  return button;
}

function mat(obs, ctx) {
  const at = new Map(obs.battlefield.map((entry) => [entry.space, entry]));
  const box = el("section", { class: "akw-mat-box", "aria-label": "Battle mat" });
  box.append(el("h3", { text: "Battle mat" }));
  box.append(el("p", { class: "muted akw-mat-help", text: "Spaces are named column,row (columns 0–7 from the left, rows 0–5 from the top); the starting area is the four central spaces." }));
  const scroll = el("div", { class: "akw-mat-scroll" });
  const grid = el("div", { class: "akw-mat", role: "group", "aria-label": "The 40 spaces of the battlefield" });
  ROWS.forEach((xs, y) => {
    for (let x = 0; x < 8; x += 1) {
      const name = `${x},${y}`;
      grid.append(xs.includes(x) ? space(obs, ctx, name, at.get(name)) : el("div", { class: "akw-off", "aria-hidden": "true" }));
    }
  });
  scroll.append(grid);
  box.append(zoomButton(scroll, "arackhan-wars"), scroll);
  const actions = (ctx.view.legal || []).map((entry) => (entry.path || [])[0]).filter((key) => key && key.startsWith("act:"));
  if (actions.length) {
    const row = el("div", { class: "card-row akw-actions", role: "group", "aria-label": "Card actions" });
    for (const key of new Set(actions)) {
      const id = key.slice(4);
      const button = el("button", { type: "button", class: "akw-act", "data-key": key, "data-card": id });
      button.append(el("span", { class: "card-name", text: `Use the action of ${faceOf(ctx.faces, id).name}` }));
      row.append(button);
    }
    box.append(row);
  }
  return box;
}

function astralRow(obs, ctx, seat) {
  const player = obs.players[seat];
  const row = el("div", { class: "card-row akw-astral", role: "group", "aria-label": `${ctx.seatName(seat)}'s astral plane` });
  const plane = el("button", { type: "button", class: `pile akw-plane seat-${seat}`, "data-key": `astral:${seat}` });
  plane.append(el("span", { class: "pile-label", text: "Astral plane" }));
  plane.append(el("span", { class: "pile-count", text: plural(player.astral.length, "card") }));
  row.append(plane);
  for (const entry of player.astral) {
    const known = entry.face_up || entry.card_id !== null;
    if (known) row.append(cardButton(ctx.faces, entry.card, { key: `card:${entry.card}`, extra: `seat-${seat}${entry.face_up ? "" : " face-down"}`, note: entry.face_up ? "" : "face down" }));
    else {
      const back = pileButton({ label: "Face-down card", key: `card:${entry.card}`, extra: `seat-${seat}` });
      back.dataset.card = entry.card;
      row.append(back);
    }
  }
  return row;
}

function piles(obs, ctx, seat) {
  const player = obs.players[seat];
  const own = seat === ctx.viewer;
  const box = el("div", { class: "piles", role: "group", "aria-label": `${ctx.seatName(seat)}'s piles` });
  if (!own) box.append(pileButton({ label: "Hand", count: player.hand_size, extra: player.hand_size ? "" : "empty" }));
  box.append(pileButton({ label: "Draw pile", count: player.draw_pile, extra: player.draw_pile ? "" : "empty" }));
  const discard = player.discard || [];
  box.append(pileButton({ label: "Discard pile", count: discard.length, top: discard.length ? discard.at(-1).card : null, faces: ctx.faces, extra: discard.length ? "akw-discard" : "empty" }));
  return box;
}

function discardRow(obs, ctx, seat) {
  const discard = obs.players[seat].discard || [];
  if (!discard.length) return null;
  const details = el("details", { class: "akw-discard-list" });
  details.append(el("summary", { text: `Discard pile, face up (${plural(discard.length, "card")})` }));
  const row = el("div", { class: "card-row" });
  for (const entry of discard) row.append(cardButton(ctx.faces, entry.card, { extra: "small" }));
  details.append(row);
  return details;
}

function handRow(obs, ctx, seat) {
  const player = obs.players[seat];
  const aside = new Set(player.mulligan_aside || []);
  const row = el("div", { class: "card-row", "data-testid": "own-cards", "aria-label": "Your hand" });
  for (const entry of player.hand || []) {
    row.append(cardButton(ctx.faces, entry.card, { key: `hand:${entry.card}`, extra: aside.has(entry.card) ? "set-aside" : "", note: aside.has(entry.card) ? "set aside: goes back" : "" }));
  }
  if (!(player.hand || []).length) row.append(el("span", { class: "muted", text: "no cards in hand" }));
  return row;
}

function playerArea(obs, ctx, seat) {
  const player = obs.players[seat];
  const own = seat === ctx.viewer;
  const area = el("section", { class: `player-area akw-player seat-${seat}${seat === obs.to_act ? " to-act" : ""}`, "aria-label": ctx.seatName(seat) });
  const head = el("div", { class: "player-head" });
  head.append(el("span", { class: `akw-swatch seat-${seat}`, "aria-hidden": "true" }));
  head.append(el("h3", { text: ctx.seatName(seat) }));
  if (obs.scores) head.append(el("span", { class: "badge", text: `${obs.scores[seat]} victory points` }));
  const notes = [];
  if ((obs.order || [])[0] === seat && !obs.over && obs.phase !== "choose") notes.push("begins this round");
  if (seat === obs.to_act) notes.push("to act");
  if (notes.length) head.append(el("span", { class: "muted", text: notes.join(" · ") }));
  area.append(head);
  if (own) area.append(el("h4", { text: `Your hand · ${plural(player.hand_size, "card")}` }), handRow(obs, ctx, seat));
  // The astral plane (its pile names it) and the piles share a row: the mat stays near the top.
  const row = el("div", { class: "akw-row" });
  row.append(astralRow(obs, ctx, seat), piles(obs, ctx, seat));
  area.append(row);
  const discard = discardRow(obs, ctx, seat);
  if (discard) area.append(discard);
  return area;
}

const PLATFORM_ORIGIN = "starter catalogue of the platform's design";
const MODE_NAMES = { strategy: "Strategy phase", events: "Event mode", objectives: "Objective mode" };

// A Strategy, Event or Objective card: its name, numbers and text, and where the text comes from.
function modeCard(face, { note = "", testid = "" } = {}) {
  const box = el("div", { class: "akw-mode-card" });
  if (testid) box.dataset.testid = testid;
  box.append(el("span", { class: "card-name", text: face.name }));
  const numbers = [];
  if (face.type) numbers.push(face.type === "secret" ? "Secret message" : "Blitz");
  if (face.cost !== undefined) numbers.push(`cost ${plural(face.cost, "Strategy point")}`);
  if (face.points !== undefined) numbers.push(plural(face.points, "victory point"));
  if (numbers.length) box.append(el("span", { class: "card-stats", text: numbers.join(" · ") }));
  box.append(el("span", { class: "akw-mode-text", text: face.text }));
  const notes = [note, face.origin === PLATFORM_ORIGIN ? "starter card of the platform's design" : face.origin].filter(Boolean);
  box.append(el("span", { class: "card-note", text: notes.join(" · ") }));
  return box;
}

function modesPanel(obs, ctx) {
  const modes = obs.modes;
  const box = el("section", { class: "akw-modes", "aria-label": "Modes", "data-testid": "akw-modes" });
  box.append(el("h3", { text: modes.on.map((k) => MODE_NAMES[k]).join(" · ") }));
  if (modes.events) {
    box.append(el("h4", { text: "Event in force" }));
    const event = modes.events.in_force;
    box.append(event ? modeCard(event, { testid: "akw-event" }) : el("p", { class: "muted", text: "no Event this round" }));
  }
  if (modes.objectives) {
    box.append(el("h4", { text: `Open objectives (${plural(modes.objectives.pile, "card")} left in the pile)` }));
    const row = el("div", { class: "akw-mode-row", "data-testid": "akw-objectives" });
    for (const face of modes.objectives.open) row.append(modeCard(face));
    box.append(row);
    const done = modes.objectives.completed
      .map((cards, seat) => (cards.length ? `${ctx.seatName(seat)}: ${cards.map((c) => `${c.name} (${c.points})`).join(", ")}` : ""))
      .filter(Boolean);
    if (done.length) box.append(el("p", { class: "akw-mode-done", text: `Completed: ${done.join(" · ")}` }));
  }
  if (modes.strategy) {
    const s = modes.strategy;
    box.append(el("p", { class: "akw-mode-points", text: `Strategy points: ${s.points.map((p, seat) => `${ctx.seatName(seat)} ${p}`).join(" · ")}` }));
    const me = ctx.viewer;
    if (me !== null && me !== undefined) {
      box.append(el("h4", { text: "Your Strategy card" }));
      const hand = s.hands[me];
      box.append(hand.card ? modeCard(hand.card, { note: hand.secret_message ? "a Secret message from your ally" : "", testid: "akw-own-strategy" }) : el("p", { class: "muted", text: "none" }));
    }
    const held = s.hands.map((h, seat) => (seat !== me && h.holds ? ctx.seatName(seat) : "")).filter(Boolean);
    if (held.length) box.append(el("p", { class: "muted", text: `Holding a Strategy card (hidden): ${held.join(", ")}` }));
    if (s.in_play.length) {
      box.append(el("h4", { text: "Strategy cards in play" }));
      const row = el("div", { class: "akw-mode-row" });
      for (const face of s.in_play) row.append(modeCard(face, { note: `played by ${ctx.seatName(face.seat)}` }));
      box.append(row);
    }
  }
  return box;
}

export function render(obs, ctx) {
  ensureStyle();
  const box = el("div", { class: "board akw" });
  const deciding = obs.modes && obs.modes.deciding;
  const phase = deciding ? (deciding.step === "Strategy phase" ? "Strategy phase" : "Activation phase · an objective may be completed") : PHASES[obs.phase] || obs.phase;
  box.append(el("p", { class: "board-status", text: obs.over ? `${phase} after round ${obs.round} of ${obs.rounds}` : `Round ${obs.round} of ${obs.rounds} · ${phase}` }));
  const score = scoresText(obs, ctx);
  if (score) box.append(el("p", { class: "akw-scores", text: score }));
  const text = prompt(obs, ctx);
  if (text) box.append(el("p", { class: "board-prompt", text }));
  if (obs.modes) box.append(modesPanel(obs, ctx));
  const seats = obs.players.map((_, i) => i);
  const me = ctx.viewer;
  const others = el("div", { class: "akw-others" });
  for (const seat of seats.filter((s) => s !== me)) others.append(playerArea(obs, ctx, seat));
  box.append(others);
  box.append(mat(obs, ctx));
  if (me !== null && me !== undefined) box.append(playerArea(obs, ctx, me));
  return box;
}
