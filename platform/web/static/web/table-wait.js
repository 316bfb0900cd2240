// The play page of a tournament table whose match waits for its players (the event starts a
// table's match once both have opened its board): the line saying who it waits for
// (#table-wait) listens on the match's play socket and, once the other player's arrival has
// started the match, reloads the page, which then plays it live (play.js). It goes when the
// match runs. A dropped socket reconnects (1 s, doubling, at most 15 s).
const line = document.getElementById("table-wait");
const play = document.getElementById("play");
const WAITING = "Waiting for the other player to open the board.";

function started(state) {
  return state !== undefined && state !== "scheduled";
}

function follow() {
  if (started(play.dataset.state)) line.hidden = true;
  // The connection line says what the board waits for until the match starts.
  const connection = document.getElementById("play-connection");
  if (!started(play.dataset.state) && connection && connection.textContent !== WAITING) {
    connection.textContent = WAITING;
  }
}

function listen(attempt = 0) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/matches/${play.dataset.match}/play/`);
  socket.addEventListener("open", () => {
    attempt = 0;
    line.dataset.socket = "open";
  });
  socket.addEventListener("message", (message) => {
    const data = JSON.parse(message.data);
    if (data.kind === "view" && started(data.view.state)) {
      socket.close();
      location.reload();
    }
  });
  socket.addEventListener("close", () => {
    line.dataset.socket = "closed";
    if (started(play.dataset.state)) return;
    setTimeout(() => listen(attempt + 1), Math.min(15000, 1000 * 2 ** attempt));
  });
}

if (line && play) {
  new MutationObserver(follow).observe(play, { attributes: true, attributeFilter: ["data-state"] });
  new MutationObserver(follow).observe(document.getElementById("play-connection"), { childList: true });
  follow();
  if ("WebSocket" in window && !started(play.dataset.state)) listen();
}
