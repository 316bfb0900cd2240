// Live match page: a websocket on /ws/matches/<id>/ receives the match's public events: while
// people play it, its public view after every action ("move": the board a spectator may see);
// on the end of the match the page re-renders its live region from the server. The view is drawn
// on the play page's board (web/board/), read-only; the page starts from the view the server
// wrote into it (#live-view), so the board shows before the socket opens.
import { el } from "./observation.js";
import { BOARDS } from "./board/index.js";

const box = document.getElementById("match-live");
const status = document.getElementById("live-status");

function showMove(view) {
  const board = document.getElementById("live-board");
  if (!board) return;
  board.hidden = false;
  const seatName = (seat) => (view.seats[seat] ? view.seats[seat].name : "a player");
  document.getElementById("live-progress").textContent = view.state === "running"
    ? `${view.ply} move${view.ply === 1 ? "" : "s"} played · ${seatName(view.to_act)} to act`
    : `The match is ${view.state}.`;
  const draw = BOARDS[view.game];
  let drawn = el("p", { class: "muted", text: "The board of this game is shown on its play page." });
  if (draw) {
    try {
      drawn = draw(view.observation, { faces: view.faces || {}, seatName, viewer: null, view: { ...view, legal: [] } });
    } catch (error) {
      console.error(error);
    }
  }
  document.getElementById("live-observation").replaceChildren(drawn);
  // The move log in the play page's words, as a spectator reads it (the newest moves).
  const log = document.getElementById("live-log");
  log.replaceChildren(...(view.log || []).map((line) => {
    const item = el("li", {}, el("span", { class: "move-no", text: `${line.ply + 1}.` }));
    if (!line.named) item.append(el("strong", { text: `${seatName(line.seat)}: ` }));
    item.append(document.createTextNode(line.text));
    return item;
  }));
  log.scrollTop = log.scrollHeight;
  box.dataset.ply = String(view.ply);
}

function connect(attempt = 0) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/matches/${box.dataset.match}/`);
  socket.addEventListener("open", () => { box.dataset.socket = "open"; });
  socket.addEventListener("message", async (message) => {
    const event = JSON.parse(message.data);
    if (event.kind === "hello") return;
    if (event.kind === "move") {
      showMove(event.view);
      return;
    }
    if (["finished", "voided", "corrected"].includes(event.kind)) {
      status.textContent = `The match has ${event.kind === "finished" ? "ended" : `been ${event.kind}`}.`;
      const response = await fetch(box.dataset.fragment, { headers: { "X-Requested-With": "fetch" } });
      if (response.ok) box.innerHTML = await response.text();
      box.dataset.live = "0";
      box.dataset.updated = event.kind;
      socket.close();
    }
  });
  socket.addEventListener("close", () => {
    box.dataset.socket = "closed";
    if (box.dataset.live === "1" && attempt < 8) {
      setTimeout(() => connect(attempt + 1), Math.min(30000, 1000 * 2 ** attempt));
    }
  });
}

const initial = document.getElementById("live-view");
if (box && initial) showMove(JSON.parse(initial.textContent));
if (box && box.dataset.live === "1" && "WebSocket" in window) connect();
