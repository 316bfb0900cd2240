// Tournament page: the live region (round progress, pairings, standings, bracket) is re-rendered
// from the server (the page's ?fragment=live) whenever the tournament's socket,
// /ws/tournaments/<id>/, says something changed: a table became final, a report came in, a
// dispute opened, a round was paired or finished, the standings or the event's state changed,
// a table was extended or time was called (the round's clock comes with the refresh). The
// heading's state and round ("Running", "round 2 of 3": #state-label, #round-label) are set
// from the region's templates of them.
// One socket for every watcher, signed in or not. It reconnects after a drop with a growing
// delay (1 s, doubling, at most 30 s) and then refreshes, since events may have been missed.
// The organiser's "Needs you now" (#attention-live, only on the pages of those who manage the
// event) is fetched again (?fragment=attention) when their own notification socket says
// something needs them here (a "tournament.attention" message, passed on by site.js as a
// "gauntlet:notification" event) and on every event of the tournament's socket.
const box = document.getElementById("tournament-live");
const attentionBox = document.getElementById("attention-live");
const status = document.getElementById("live-status");
const scheme = location.protocol === "https:" ? "wss" : "ws";
const OVER = ["finished", "cancelled"];
const MAX_DELAY = 30000;
const PING_EVERY = 25000; // keeps proxies from closing a quiet socket
const STATES = {
  registration: "Registration is open.",
  check_in: "Check-in is open.",
  running: "The tournament has started: reload the page for everything else that changed.",
  finished: "The tournament is over.",
  cancelled: "The tournament was cancelled.",
};

let refreshes = 0;
let running = null; // the refresh in flight
let again = false; // an event came during it: fetch once more afterwards
let latestWhy = "";

function meta() {
  return document.getElementById("live-meta")?.dataset ?? {};
}

function fragmentUrl() {
  // The same pages of tables and standings as the page shows (?tables=2&standings=3).
  const url = new URL(box.dataset.fragment, location.href);
  for (const [key, value] of new URLSearchParams(location.search)) {
    if (key !== "fragment") url.searchParams.set(key, value);
  }
  return url;
}

async function load() {
  const response = await fetch(fragmentUrl(), { headers: { "X-Requested-With": "fetch" } });
  if (!response.ok) return;
  box.innerHTML = await response.text();
  // The page's heading names the event's state and round ("Running", "round 2 of 3"): they
  // follow the fresh region, which brings them as templates (the server's own markup).
  for (const name of ["state-label", "round-label"]) {
    const shown = document.getElementById(name);
    const fresh = box.querySelector(`#live-${name}`);
    if (shown && fresh) shown.replaceChildren(fresh.content.cloneNode(true));
  }
  refreshes += 1;
  box.dataset.refreshes = String(refreshes);
}

// Events that come while a refresh is in flight share one more refresh after it.
function refresh(why) {
  latestWhy = why;
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    try {
      do {
        again = false;
        await load();
      } while (again);
      if (status) status.textContent = latestWhy;
    } catch {
      // The server is unreachable: the socket's reconnection refreshes later.
    } finally {
      running = null;
    }
  })();
  return running;
}

// The "Needs you now" list, fetched again; fetches asked for during one share one more after it.
let attentionRunning = null;
let attentionAgain = false;
let attentionRefreshes = 0;

async function loadAttention() {
  const url = new URL(attentionBox.dataset.fragment, location.href);
  const response = await fetch(url, { headers: { "X-Requested-With": "fetch" } });
  if (!response.ok) return;
  attentionBox.innerHTML = await response.text();
  attentionRefreshes += 1;
  attentionBox.dataset.refreshes = String(attentionRefreshes);
}

function refreshAttention(why = "") {
  if (!attentionBox) return null;
  if (why && status) status.textContent = why;
  if (attentionRunning) {
    attentionAgain = true;
    return attentionRunning;
  }
  attentionRunning = (async () => {
    try {
      do {
        attentionAgain = false;
        await loadAttention();
      } while (attentionAgain);
    } catch {
      // The server is unreachable: the next event or reconnection fetches it again.
    } finally {
      attentionRunning = null;
    }
  })();
  return attentionRunning;
}

function describe(event) {
  // The server names the round ("round 2", "the semi-finals"); older events only number it.
  const words = event.round_words ?? `round ${event.round}`;
  const title = event.round_title ?? `Round ${event.round}`;
  const verb = event.round_verb ?? "is";
  const table = `Table ${event.number} of ${words}`;
  switch (event.kind) {
    case "table-final":
      if (event.state === "void") return `${table} is void.`;
      return `${table} is final: ${event.progress.finished} of ${event.progress.total} finished.`;
    case "result-reported":
      return `${table}: ${event.reports} of ${event.players} reports in.`;
    case "dispute":
      return `${table} is disputed: the organiser will decide.`;
    case "round-paired":
      return `${title} ${verb} paired.`;
    case "pairings-changed":
      return `The organiser changed ${event.tables.length === 1 ? "table" : "tables"} ${event.tables.join(", ")} of ${words}.`;
    case "round-finished":
      return `${title} ${verb} finished.`;
    case "standings-changed":
      return "The standings have changed.";
    case "state-changed":
      return STATES[event.state] ?? "The tournament has changed.";
    case "table-extended":
      return `${table} has ${event.extra_minutes} extra minute${event.extra_minutes === 1 ? "" : "s"}.`;
    case "time-called":
      return `Time is called on ${words}.`;
    default:
      return "";
  }
}

// Did anything change between rendering the page and the socket's greeting?
function staleSince(hello) {
  const shown = meta();
  const bar = box.querySelector("[data-testid=round-progress]")?.dataset ?? {};
  return (
    hello.state !== shown.state ||
    String(hello.round) !== shown.round ||
    (hello.progress !== null &&
      (String(hello.progress.finished) !== bar.done || String(hello.progress.total) !== bar.total))
  );
}

function connect(attempt = 0, reconnecting = false) {
  const id = box.dataset.tournament;
  const socket = new WebSocket(`${scheme}://${location.host}/ws/tournaments/${id}/`);
  let pinger = null;
  box.dataset.socket = "connecting";
  socket.addEventListener("open", () => {
    attempt = 0;
    box.dataset.socket = "open";
    pinger = setInterval(() => socket.send(JSON.stringify({ kind: "ping" })), PING_EVERY);
  });
  socket.addEventListener("message", (message) => {
    const event = JSON.parse(message.data);
    if (event.kind === "hello") {
      if (reconnecting) {
        refresh("Reconnected.");
        refreshAttention();
      } else if (staleSince(event)) refresh("Updated.");
    } else if (event.kind !== "pong" && event.kind !== "error") {
      refresh(describe(event));
      refreshAttention();
    }
  });
  socket.addEventListener("close", (closing) => {
    clearInterval(pinger);
    box.dataset.socket = "closed";
    if (closing.code === 4404 || closing.code === 1000) return;
    const delay = Math.min(MAX_DELAY, 1000 * 2 ** attempt) * (0.75 + Math.random() / 2);
    setTimeout(() => connect(attempt + 1, true), delay);
  });
}

if (box && "WebSocket" in window && !OVER.includes(meta().state)) {
  connect();
}

if (attentionBox) {
  document.addEventListener("gauntlet:notification", (event) => {
    const message = event.detail ?? {};
    const payload = message.payload ?? {};
    if (
      message.kind === "tournament.attention" &&
      String(payload.tournament) === attentionBox.dataset.tournament
    ) {
      refreshAttention(payload.text);
    }
  });
}
