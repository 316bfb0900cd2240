// Table page: the tournament's socket (/ws/tournaments/<id>/) keeps this table's clock and
// status line current without a reload: an extension moves the clock's deadline, time called
// stops it and says what happens to the table, a final result, a report in and a dispute say
// so. It reconnects after a drop (1 s, doubling, at most 30 s).
const box = document.getElementById("table-live");
const scheme = location.protocol === "https:" ? "wss" : "ws";
const MAX_DELAY = 30000;

function mine(event) {
  return String(event.table) === box.dataset.table;
}

function say(text) {
  box.textContent = text;
}

function setDeadline(iso) {
  const clock = document.querySelector("[data-deadline]");
  if (clock && iso) clock.dataset.deadline = iso;
}

function handle(event) {
  const number = Number(box.dataset.number);
  if (event.kind === "table-extended" && mine(event)) {
    setDeadline(event.deadline);
    say(`This table has ${event.extra_minutes} extra minute${event.extra_minutes === 1 ? "" : "s"}.`);
  } else if (event.kind === "time-called" && String(event.round) === box.dataset.round) {
    if (event.drawn.includes(number)) say("Time is called: this table is a draw.");
    else if (event.decide.includes(number)) say("Time is called: the organiser decides this table.");
    else return;
    setDeadline(event.deadline);
  } else if (event.kind === "table-final" && mine(event)) {
    say("This table's result is final: reload the page to see it.");
  } else if (event.kind === "result-reported" && mine(event)) {
    say(`${event.reports} of ${event.players} reports are in: reload the page to see them (and confirm, if yours is not in).`);
  } else if (event.kind === "dispute" && mine(event)) {
    say("The reports disagree: the organiser settles this table.");
  }
}

function connect(attempt = 0) {
  const url = `${scheme}://${location.host}/ws/tournaments/${box.dataset.tournament}/`;
  const socket = new WebSocket(url);
  socket.addEventListener("open", () => {
    attempt = 0;
    box.dataset.socket = "open";
  });
  socket.addEventListener("message", (message) => handle(JSON.parse(message.data)));
  socket.addEventListener("close", (closing) => {
    box.dataset.socket = "closed";
    if (closing.code === 4404 || closing.code === 1000) return;
    const delay = Math.min(MAX_DELAY, 1000 * 2 ** attempt) * (0.75 + Math.random() / 2);
    setTimeout(() => connect(attempt + 1), delay);
  });
}

if (box && "WebSocket" in window) connect();
