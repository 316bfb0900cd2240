// Tournament page: while the event runs, the live region (round progress, pairings, standings,
// bracket) is re-rendered from the server when an event says something changed:
// - each unfinished bot match of the current round has its spectator socket (/ws/matches/<id>/),
//   which says when the match finishes;
// - a signed-in entrant's notification socket (/ws/notifications/) says when a round is paired
//   or finished and when the event ends (the tournament's own messages to its players).
const box = document.getElementById("tournament-live");
const status = document.getElementById("live-status");
const scheme = location.protocol === "https:" ? "wss" : "ws";
const watched = new Map(); // match id -> socket
let refreshes = 0;
let pending = null;

function meta() {
  return document.getElementById("live-meta")?.dataset ?? {};
}

async function refresh(why) {
  if (pending) return pending; // one refresh at a time; a later event waits for it
  pending = (async () => {
    try {
      // The same pages of tables and standings as the page shows (?tables=2&standings=3).
      const url = new URL(box.dataset.fragment, location.href);
      for (const [key, value] of new URLSearchParams(location.search)) {
        if (key !== "fragment") url.searchParams.set(key, value);
      }
      const response = await fetch(url, { headers: { "X-Requested-With": "fetch" } });
      if (!response.ok) return;
      box.innerHTML = await response.text();
      refreshes += 1;
      box.dataset.refreshes = String(refreshes);
      if (status) status.textContent = why;
      follow();
    } finally {
      pending = null;
    }
  })();
  return pending;
}

function watchMatch(id, attempt = 0) {
  if (watched.has(id)) return;
  const socket = new WebSocket(`${scheme}://${location.host}/ws/matches/${id}/`);
  watched.set(id, socket);
  socket.addEventListener("message", (message) => {
    const event = JSON.parse(message.data);
    if (["finished", "voided", "corrected"].includes(event.kind)) {
      socket.close();
      refresh(`Match ${id} has ${event.kind === "finished" ? "finished" : `been ${event.kind}`}.`);
    }
  });
  socket.addEventListener("open", () => { box.dataset.sockets = String(openSockets()); });
  socket.addEventListener("close", (closing) => {
    watched.delete(id);
    box.dataset.sockets = String(openSockets());
    const stillLive = meta().matches?.split(",").includes(String(id));
    if (closing.code !== 1000 && closing.code !== 4404 && stillLive && attempt < 6) {
      setTimeout(() => watchMatch(id, attempt + 1), Math.min(30000, 1000 * 2 ** attempt));
    }
  });
}

function openSockets() {
  return [...watched.values()].filter((s) => s.readyState === WebSocket.OPEN).length;
}

// Sockets for the matches the live region lists now; those no longer listed are closed.
function follow() {
  const data = meta();
  const ids = (data.matches || "").split(",").filter(Boolean);
  for (const [id, socket] of watched) {
    if (!ids.includes(id)) socket.close(1000);
  }
  if (data.state !== "running") return;
  for (const id of ids) watchMatch(id);
}

function notifications(attempt = 0) {
  const socket = new WebSocket(`${scheme}://${location.host}/ws/notifications/`);
  const id = Number(box.dataset.tournament);
  socket.addEventListener("open", () => { box.dataset.notifications = "open"; });
  socket.addEventListener("message", (message) => {
    const event = JSON.parse(message.data);
    if (!event.kind?.startsWith("tournament.") || event.payload?.tournament !== id) return;
    const text = {
      "tournament.pairings": `Round ${event.payload.round} is paired.`,
      "tournament.round_finished": `Round ${event.payload.round} is finished.`,
      "tournament.finished": "The tournament is over.",
      "tournament.dispute": `Table ${event.payload.table} of round ${event.payload.round} is disputed.`,
    }[event.kind] ?? "Updated.";
    refresh(text);
  });
  socket.addEventListener("close", (closing) => {
    box.dataset.notifications = "closed";
    if (closing.code !== 4401 && attempt < 6) {
      setTimeout(() => notifications(attempt + 1), Math.min(30000, 1000 * 2 ** attempt));
    }
  });
}

if (box && box.dataset.live === "1" && "WebSocket" in window) {
  follow();
  if (box.dataset.signedIn === "1") notifications();
}
