// Live match page: a websocket on /ws/matches/<id>/ receives the match's public events: while
// people play it, its public view after every action ("move": the board a spectator may see);
// on the end of the match the page re-renders its live region from the server.
import { generic } from "./observation.js";

const box = document.getElementById("match-live");
const status = document.getElementById("live-status");

function showMove(view) {
  const board = document.getElementById("live-board");
  if (!board) return;
  board.hidden = false;
  const toAct = view.seats[view.to_act];
  document.getElementById("live-progress").textContent = view.state === "running"
    ? `${view.ply} action${view.ply === 1 ? "" : "s"} played · ${toAct ? toAct.name : `seat ${view.to_act}`} to act`
    : `The match is ${view.state}.`;
  document.getElementById("live-observation").replaceChildren(generic(view.observation));
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

if (box && box.dataset.live === "1" && "WebSocket" in window) connect();
