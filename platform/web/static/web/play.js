// The play page: a seat's view of a match, drawn as the game's board, and its actions chosen on
// that board (click a card, then a space or a target), sent over the play socket
// (/ws/matches/<id>/play/). The view is the engine's observation for this seat, the faces of
// the cards it names, its legal actions with their labels and board paths, and the move log in
// words. The state lives on the server: a dropped socket reconnects with backoff and receives
// the current view.
import { el, generic } from "./observation.js";
import { BOARDS } from "./board/index.js";
import { showFace } from "./board/cards.js";
import { choiceState, pathKeys } from "./board/choice.js";
import { flagTurn } from "./turn_title.js";
import { openZones } from "./board/zones.js";

// A match the socket follows: running, or scheduled (a tournament table waiting for its
// players goes live on this page when the second arrives).
const live = (state) => state === "running" || state === "scheduled";
const root = document.getElementById("play");
const $ = (id) => document.getElementById(id);
let view = JSON.parse($("play-view").textContent);
let receivedAt = performance.now();
let socket = null;
let attempt = 0;
let selection = [];
let sent = false;
let hintedPly = null; // the move the pointer's hint was about: a new move clears it

function seatName(seat) {
  const s = view.seats[seat];
  return s ? `${s.name}${seat === view.seat ? " (you)" : ""}` : "a player";
}

// -- clocks ---------------------------------------------------------------------------------------
// The time left as a clock face: "14:59", "1:05:00" from an hour on. The clock's setting in
// words comes from the server (view.clock.label, matches.clock.label: "15 min + 30 s a turn"),
// so the page never writes a second format of it.
function clockText(seconds) {
  if (seconds === null || seconds === undefined) return "";
  const s = Math.max(0, Math.ceil(seconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
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
    if (left !== null) item.append(el("span", { class: "clock", "data-seat": String(s.seat), "data-testid": `clock-${s.seat}`, title: `Turn clock: ${view.clock.label}`, text: clockText(left) }));
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

// -- choosing on the board ------------------------------------------------------------------------
function keyed() {
  return [...$("play-board").querySelectorAll("[data-key]")];
}

function actionButton(entry, text = entry.label) {
  const button = el("button", { type: "button", class: "action", "data-action": entry.action, text });
  button.addEventListener("click", () => act(entry.action));
  return button;
}

function hint(text) {
  hintedPly = view.ply;
  $("play-hint").textContent = text;
}

// Mark the board's elements (choosable, selected, last move) and fill the action bar.
function decorate() {
  const board = $("play-board");
  const onBoard = new Set(keyed().map((node) => node.dataset.key));
  const mine = view.your_turn && !sent;
  // An action whose path names a key the board does not draw stays reachable as a button.
  const reachable = (entry) => pathKeys(entry.path).every((key) => onBoard.has(key));
  const legal = mine ? view.legal.filter((entry) => entry.path && entry.path.length && reachable(entry)) : [];
  const buttons = mine ? view.legal.filter((entry) => !entry.path || !entry.path.length || !reachable(entry)) : [];
  const state = choiceState(legal, selection);
  const last = view.log.length ? new Set(pathKeys(view.log[view.log.length - 1].path)) : new Set();
  for (const node of keyed()) {
    const key = node.dataset.key;
    node.classList.toggle("choosable", state.next.has(key));
    node.classList.toggle("selected", selection.includes(key));
    node.classList.toggle("last-move", last.has(key));
    const labels = state.next.get(key);
    node.setAttribute("aria-pressed", String(selection.includes(key)));
    node.dataset.choice = labels ? (labels.length === 1 ? labels[0] : `${labels.length} choices`) : "";
  }
  board.dataset.selecting = String(selection.length > 0);
  openZones(board); // a folded zone holding what can be chosen now opens

  const bar = $("play-actions");
  bar.replaceChildren();
  $("play-actions-section").hidden = view.state !== "running";
  if (view.state !== "running") return;
  if (!view.your_turn) {
    bar.append(el("p", { class: "muted", text: view.seat === null ? "You are watching." : `Waiting for ${seatName(view.to_act)}…` }));
    return;
  }
  if (legal.length && !selection.length) bar.append(el("p", { class: "muted", text: buttons.length ? "Choose on the board (highlighted), or:" : "Choose on the board (highlighted)." }));
  if (selection.length) {
    const picked = el("p", { class: "selection", "data-testid": "play-selection" });
    picked.append(el("span", { text: `Chosen: ${selection.length} — ` }));
    for (const entry of state.complete) {
      // A selection that completes one action among longer ones: confirm it, or go on.
      picked.append(actionButton(entry, `${entry.label}`));
    }
    const cancel = el("button", { type: "button", class: "secondary", text: "Cancel the choice" });
    cancel.addEventListener("click", () => { selection = []; render(); });
    picked.append(cancel);
    bar.append(picked);
  }
  if (buttons.length) {
    const row = el("div", { class: "action-row" });
    for (const entry of buttons) row.append(actionButton(entry));
    bar.append(row);
  }
}

function onBoardClick(event) {
  const node = event.target.closest("[data-card], [data-key]");
  if (!node || !$("play-board").contains(node)) return;
  if (node.dataset.card) showCard(node.dataset.card);
  const key = node.dataset.key;
  if (!key || !view.your_turn || sent) return;
  if (selection.includes(key)) { // clicking a chosen element takes it (and what followed) back
    selection = selection.slice(0, selection.indexOf(key));
    render();
    return;
  }
  if (!node.classList.contains("choosable")) return;
  selection = [...selection, key];
  const onBoard = new Set(keyed().map((n) => n.dataset.key));
  const legal = view.legal.filter((e) => e.path && e.path.length && pathKeys(e.path).every((k) => onBoard.has(k)));
  const state = choiceState(legal, selection);
  if (state.complete.length === 1 && state.candidates.length === 1) {
    act(state.complete[0].action);
    return;
  }
  render();
}

// The card panel and the hint follow the pointer as the person moves it, and the focus. A card
// that the page's own movement brings under a still pointer (a new view, the page scrolling
// because the panel changed height) was not pointed at: showing it changed the panel's height
// again, which moved the page again, and near the foot of a long page the board shook.
let pointerAt = null; // where the pointer was when the panel last followed it
let shownCard = null; // the card in the panel, as this view describes it (a new view: none)

function showCard(id) {
  if (id === shownCard) return;
  shownCard = id;
  showFace($("play-inspector"), view.faces, id);
}

function onBoardPoint(event) {
  if (event.type === "mousemove") {
    const at = `${event.screenX},${event.screenY}`;
    if (at === pointerAt) return;
    pointerAt = at;
  }
  const node = event.target.closest("[data-card], [data-key]");
  if (!node) return;
  if (node.dataset.card) showCard(node.dataset.card);
  if (node.dataset.choice) hint(node.dataset.choice);
}

// -- the log, the result --------------------------------------------------------------------------
function renderLog() {
  const list = $("play-log");
  list.replaceChildren();
  const first = view.log_length - view.log.length;
  list.start = first + 1;
  for (const line of view.log) {
    // The move's number as text (a list marker is clipped past 99); the player's name before
    // the sentence unless the sentence begins with it ("Ana passed": never "Ana: Ana passed").
    const item = el("li", { "data-ply": String(line.ply) }, el("span", { class: "move-no", text: `${line.ply + 1}.` }));
    if (!line.named) item.append(el("strong", { text: `${seatName(line.seat)}: ` }));
    item.append(document.createTextNode(line.text));
    list.append(item);
  }
  $("play-log-count").textContent = view.log_length ? `${view.log_length} moves` : "no moves yet";
  list.scrollTop = list.scrollHeight;
}

function placing(rank) {
  const n = rank + 1;
  const suffix = n % 10 === 1 && n % 100 !== 11 ? "st" : n % 10 === 2 && n % 100 !== 12 ? "nd" : n % 10 === 3 && n % 100 !== 13 ? "rd" : "th";
  return `${n}${suffix}`;
}

function renderResult() {
  const section = $("play-result");
  if (!view.result) { section.hidden = true; return; }
  section.hidden = false;
  const ranks = view.result.ranks;
  const mine = view.seat !== null ? ranks[view.seat] : null;
  const shared = (rank) => ranks.filter((r) => r === rank).length > 1;
  const outcome = mine === null ? "" : mine === 0 ? (shared(0) ? "Shared first place. " : "You won! ") : `You placed ${placing(mine)}. `;
  $("play-result-text").textContent = `${outcome}${view.result_text || view.result.reason || ""}`;
  const table = $("play-result-table");
  const body = table.querySelector("tbody");
  body.replaceChildren();
  const order = view.seats.map((s) => s.seat).sort((a, b) => ranks[a] - ranks[b] || a - b);
  for (const seat of order) {
    const score = view.result.scores ? view.result.scores[seat] : null;
    const change = (view.ratings || []).find((r) => r.seat === seat);
    body.append(el("tr", { "data-seat": String(seat) },
      el("td", { text: `${placing(ranks[seat])}${shared(ranks[seat]) ? " (shared)" : ""}` }),
      el("th", { scope: "row", text: seatName(seat) }),
      el("td", { text: score === null || score === undefined ? "—" : `${Number(score)} ${view.score_label}` }),
      el("td", { text: change ? change.text : view.rated ? "…" : "not rated" })));
  }
  // Under the table: why the match was not rated (an early exit), or why a rating moved
  // against the result (a loss that raised it), in the server's words (web.play_ratings).
  $("play-rating-notes").replaceChildren(...(view.rating_notes || []).map((note) => el("p", { text: note })));
}

// -- rendering --------------------------------------------------------------------------------------
function render() {
  const status = view.state === "running"
    ? (view.your_turn ? `Your turn (move ${view.ply + 1}).` : `${seatName(view.to_act)} to act (move ${view.ply + 1}).`)
    : `The match is ${view.state}.`;
  $("play-status").textContent = status;
  if (hintedPly !== null && hintedPly !== view.ply) hint(""); // stale: it described an older choice
  root.dataset.state = view.state;
  root.dataset.ply = String(view.ply);
  shownCard = null;
  renderSeats();
  const board = BOARDS[root.dataset.presentation];
  const ctx = { faces: view.faces || {}, seatName, viewer: view.seat, view };
  let drawn;
  try {
    drawn = board ? board(view.observation, ctx) : generic(view.observation);
  } catch (error) { // an observation the board does not know: show it as it is
    console.error(error);
    drawn = generic(view.observation);
  }
  $("play-board").replaceChildren(drawn);
  decorate();
  renderResign();
  renderLog();
  renderResult();
  flagTurn(view.state === "running" && view.your_turn);
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

$("play-board").addEventListener("click", onBoardClick);
$("play-board").addEventListener("mousemove", onBoardPoint);
$("play-board").addEventListener("focusin", onBoardPoint);
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && selection.length) { selection = []; render(); }
});

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
  sent = true;
  selection = [];
  for (const button of document.querySelectorAll("button.action")) button.disabled = true;
  showError("");
  socket.send(JSON.stringify({ action, ply: view.ply }));
  decorate();
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
      const moved = data.view.ply !== view.ply || data.view.state !== view.state;
      if (moved) selection = [];
      // Each change is told once per notification: a repeated view of the same ply leaves an
      // action already sent on its way (no second click on a stale choice).
      if (moved) sent = false;
      view = data.view;
      receivedAt = performance.now();
      render();
      if (!live(view.state)) {
        setConnection("closed", "The match has ended.");
        socket.close();
      }
    } else if (data.kind === "error") {
      showError(data.message);
      sent = false;
      render();
    }
  });
  socket.addEventListener("close", () => {
    sent = false; // an action lost with the connection may be chosen again on the fresh view
    if (!live(view.state)) return;
    const delay = Math.min(15000, 500 * 2 ** attempt);
    attempt += 1;
    setConnection("reconnecting", `Connection lost: reconnecting in ${Math.ceil(delay / 1000)} s…`);
    for (const button of document.querySelectorAll("button.action")) button.disabled = true;
    setTimeout(connect, delay);
  });
}

render();
setInterval(tickClocks, 250);
if (live(view.state)) connect();
else setConnection("closed", "The match has ended.");
