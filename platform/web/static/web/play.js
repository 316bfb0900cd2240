// The play page: renders a seat's view of a match and sends its actions over the play socket
// (/ws/matches/<id>/play/). The view is the engine's observation for this seat plus its legal
// actions (labelled by the engine), so any engine plugs in; Khan of Khans and Kingdom of
// Warlords get a small presentation of their own. The state lives on the server: a dropped
// socket reconnects with backoff and receives the current view.
import { el, generic, scalar, words } from "./observation.js";

const root = document.getElementById("play");
const $ = (id) => document.getElementById(id);
let view = JSON.parse($("play-view").textContent);
let receivedAt = performance.now();
let socket = null;
let attempt = 0;

function seatName(seat) {
  const s = view.seats[seat];
  return s ? `${s.name}${seat === view.seat ? " (you)" : ""}` : `seat ${seat}`;
}

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

// -- per-game presentations ---------------------------------------------------------------------
const presentations = {
  "khan-of-khans"(obs) {
    const box = el("div");
    box.append(el("p", { text: `Turn ${obs.turns} · ${obs.cards_left} cards left in the location decks${obs.pending ? " · waiting on a choice" : ""}` }));
    box.append(table(
      ["Seat", "Khan", "Herd value", "Herd", "Champion", "Corrals", "Open corrals"],
      obs.players.map((p, i) => [seatName(i), words(p.khan), p.herd_value, cards(p.herd, "herd"), p.champion, generic(p.corrals), p.open_corrals]),
      "Players",
    ));
    box.append(table(
      ["Location deck", ...obs.decks.map((_, i) => String(i))],
      [["cards", ...obs.decks.map((d) => d.count)], ["top card", ...obs.decks.map((d) => d.top)]],
      "Location decks",
    ));
    if (obs.scores) box.append(el("p", { text: `Scores: ${obs.scores.join(", ")}` }));
    return box;
  },
  "arackhan-wars"(obs) {
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
          cell.title = `${seatName(card.controller ?? card.owner)}${card.kind ? ` · ${card.kind}` : ""}${card.attributes && card.attributes.length ? ` · ${card.attributes.join(", ")}` : ""}`;
        }
        tr.append(cell);
      }
      body.append(tr);
    });
    mat.append(body);
    box.append(mat);
    box.append(table(
      ["Seat", "Hand", "Draw pile", "Discard", "Astral"],
      obs.players.map((p, i) => [seatName(i), p.hand_size, p.draw_pile, (p.discard || []).length, (p.astral || []).length]),
      "Players",
    ));
    return box;
  },
  "kingdom-of-warlords"(obs) {
    const box = el("div");
    box.append(el("p", { text: `Battle ${obs.battle} · phase ${words(obs.phase)} · ${seatName(obs.leader)} leads${obs.lead ? ` with ${obs.lead} (strength ${obs.lead_strength})` : ""}${obs.war ? ` · war ${obs.war}` : ""}` }));
    if (obs.hand) {
      box.append(el("h3", { text: "Your hand" }));
      box.append(cards(obs.hand, "your hand"));
    }
    box.append(table(
      ["Seat", "Army", "Hand", "Troop", "Field", "War cards"],
      obs.players.map((p, i) => [seatName(i), p.army, p.hand, p.troop.length, cards(p.field, "field"), p.war_cards]),
      "Players",
    ));
    if (obs.last_battle) box.append(el("p", { text: `Last battle: ${seatName(obs.last_battle.winner)} won ${obs.last_battle.cards} card(s) (${obs.last_battle.how}).` }));
    return box;
  },
};

// -- rendering ----------------------------------------------------------------------------------
function clockText(seconds) {
  if (seconds === null || seconds === undefined) return "";
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function remaining(seat) {
  const clock = view.clock;
  if (!clock || clock.remaining[seat] === null) return null;
  const left = clock.remaining[seat];
  return clock.running === seat ? left - (performance.now() - receivedAt) / 1000 : left;
}

function renderSeats() {
  const list = $("play-seats");
  list.replaceChildren();
  for (const s of view.seats) {
    const item = el("li", { class: s.seat === view.to_act ? "to-act" : "" });
    item.append(el("span", { text: `${seatName(s.seat)}${s.bot ? " · bot" : ""}` }));
    const left = remaining(s.seat);
    if (left !== null) item.append(el("span", { class: "clock", "data-seat": String(s.seat), "data-testid": `clock-${s.seat}`, text: clockText(left) }));
    list.append(item);
  }
}

let clockAskedAt = 0;

function tickClocks() {
  for (const node of document.querySelectorAll(".clock")) node.textContent = clockText(remaining(Number(node.dataset.seat)));
  // A clock at zero: ask the server (which keeps the real time) to check, at most every 2 s.
  const running = view.clock ? view.clock.running : null;
  if (view.state === "running" && running !== null && remaining(running) <= 0
      && socket && socket.readyState === WebSocket.OPEN && performance.now() - clockAskedAt > 2000) {
    clockAskedAt = performance.now();
    socket.send(JSON.stringify({ kind: "clock" }));
  }
}

// Actions grouped by their first word ("raid", "play"...): a few as buttons, many (say, every
// combination of decks to reveal) as one labelled list and a button, so the page stays short.
const MANY = 12;

function actionButton(action, label) {
  const button = el("button", { type: "button", class: "action", "data-action": action, text: label });
  if (label !== action) button.title = action;
  button.addEventListener("click", () => act(action));
  return button;
}

function actionGroup(verb, entries, index) {
  if (entries.length <= MANY) {
    const row = el("div", { class: "action-row" });
    for (const { action, label } of entries) row.append(actionButton(action, label));
    return row;
  }
  const id = `play-choice-${index}`;
  const select = el("select", { id });
  for (const { action, label } of entries) select.append(el("option", { value: action, text: label }));
  const button = el("button", { type: "button", class: "action", text: `Play ${verb}` });
  button.addEventListener("click", () => act(select.value));
  return el("div", { class: "action-row" }, el("label", { for: id, text: `${verb} (${entries.length} choices)` }), select, button);
}

function renderActions() {
  const box = $("play-actions");
  box.replaceChildren();
  $("play-actions-section").hidden = view.state !== "running";
  if (view.state !== "running") return;
  if (!view.your_turn) {
    box.append(el("p", { class: "muted", text: view.seat === null ? "You are watching." : `Waiting for ${seatName(view.to_act)}…` }));
    return;
  }
  const groups = new Map();
  for (const entry of view.legal) {
    const verb = entry.action.split(" ")[0];
    if (!groups.has(verb)) groups.set(verb, []);
    groups.get(verb).push(entry);
  }
  [...groups].forEach(([verb, entries], index) => box.append(actionGroup(verb, entries, index)));
}

// Resigning: a seated player confirms first; the server ends the match and every socket is told.
function renderResign() {
  const box = $("play-resign");
  box.hidden = view.state !== "running" || view.seat === null;
  if (box.hidden) showResignConfirm(false);
}

function showResignConfirm(open) {
  $("play-resign-confirm").hidden = !open;
  $("play-resign-open").setAttribute("aria-expanded", String(open));
  if (open) $("play-resign-no").focus();
}

$("play-resign-open").addEventListener("click", () => showResignConfirm(true));
$("play-resign-no").addEventListener("click", () => { showResignConfirm(false); $("play-resign-open").focus(); });
$("play-resign-yes").addEventListener("click", () => {
  if (!socket || socket.readyState !== WebSocket.OPEN) {
    showError("Not connected: the resignation was not sent. Reconnecting…");
    return;
  }
  showError("");
  socket.send(JSON.stringify({ kind: "resign" }));
});

function renderResult() {
  const section = $("play-result");
  if (!view.result) { section.hidden = true; return; }
  section.hidden = false;
  const mine = view.seat !== null ? view.result.ranks[view.seat] : null;
  const outcome = mine === null ? "" : mine === 0 ? (view.result.ranks.filter((r) => r === 0).length > 1 ? "Shared first place. " : "You won! ") : `You placed ${mine + 1}. `;
  $("play-result-text").textContent = `${outcome}${view.result.reason || ""}`;
}

function render() {
  const status = view.state === "running"
    ? (view.your_turn ? `Your turn (action ${view.ply + 1}).` : `${seatName(view.to_act)} to act (action ${view.ply + 1}).`)
    : `The match is ${view.state}.`;
  $("play-status").textContent = status;
  root.dataset.state = view.state;
  root.dataset.ply = String(view.ply);
  renderSeats();
  renderActions();
  renderResign();
  const present = presentations[root.dataset.presentation];
  let board;
  try {
    board = present ? present(view.observation) : generic(view.observation);
  } catch (error) { // an observation the presentation does not know: show it as it is
    board = generic(view.observation);
  }
  $("play-board").replaceChildren(board);
  $("play-raw").replaceChildren(generic(view.observation));
  renderResult();
}

// -- the socket ---------------------------------------------------------------------------------
function showError(message) {
  const box = $("play-error");
  box.hidden = !message;
  box.textContent = message || "";
}

function act(action) {
  if (!socket || socket.readyState !== WebSocket.OPEN) {
    showError("Not connected: the action was not sent. Reconnecting…");
    return;
  }
  for (const button of document.querySelectorAll("button.action")) button.disabled = true;
  showError("");
  socket.send(JSON.stringify({ action, ply: view.ply }));
}

function setConnection(state, text) {
  root.dataset.socket = state;
  $("play-connection").textContent = text;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/matches/${root.dataset.match}/play/`);
  socket.addEventListener("open", () => {
    attempt = 0;
    setConnection("open", "Connected.");
  });
  socket.addEventListener("message", (message) => {
    const data = JSON.parse(message.data);
    if (data.kind === "view") {
      view = data.view;
      receivedAt = performance.now();
      render();
      if (view.state !== "running") {
        setConnection("closed", "The match has ended.");
        socket.close();
      }
    } else if (data.kind === "error") {
      showError(data.message);
      for (const button of document.querySelectorAll("button.action")) button.disabled = false;
    }
  });
  socket.addEventListener("close", () => {
    if (view.state !== "running") return;
    const delay = Math.min(15000, 500 * 2 ** attempt);
    attempt += 1;
    setConnection("reconnecting", `Connection lost: reconnecting in ${Math.ceil(delay / 1000)} s…`);
    for (const button of document.querySelectorAll("button.action")) button.disabled = true;
    setTimeout(connect, delay);
  });
}

render();
setInterval(tickClocks, 250);
if (view.state === "running" || view.state === "scheduled") connect();
else setConnection("closed", "The match has ended.");
