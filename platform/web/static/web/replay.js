// Replay viewer (templates/web/_replay_viewer.html): the match on the play page's board, drawn
// from the spectator's view of each step (the server's ?step=N&format=json: the board, and the
// step in words), read-only. Step links and the move slider work without JavaScript (?step=N);
// with it, steps load in place and the arrow keys, Home and End move through the match.
import { el } from "./observation.js";
import { BOARDS } from "./board/index.js";
import { showFace } from "./board/cards.js";
import { pathKeys } from "./board/choice.js";

const root = document.getElementById("replay");
if (root) {
  const $ = (id) => document.getElementById(id);
  const pane = $("replay-step");
  const range = $("replay-range");
  const n = Number(root.dataset.n);
  const draw = BOARDS[root.dataset.presentation];
  let view = JSON.parse($("replay-view").textContent);
  let at = Number(root.dataset.at);
  // The replay page itself (its address follows the step), or the viewer inside the match page:
  // there the keys step only within the viewer (the page's own Home and End still scroll it).
  const ownPage = location.pathname === new URL(root.dataset.url, location.href).pathname;
  let latest = 0; // requests can overlap (keys pressed quickly): only the newest one renders

  const seatName = (seat) => (view && view.seats[seat] ? view.seats[seat].name : "a player");

  // The board of the step: the game's own board, the last move highlighted. A game without
  // a board (or a view it cannot draw) keeps the step in words only.
  function renderBoard() {
    const box = $("replay-board");
    if (!view || !draw) { box.replaceChildren(); return; }
    let drawn;
    try {
      drawn = draw(view.observation, { faces: view.faces || {}, seatName, viewer: null, view });
    } catch (error) {
      console.error(error);
      box.replaceChildren(el("p", { class: "muted", text: "This move cannot be drawn on the board: its description is above." }));
      return;
    }
    box.replaceChildren(drawn);
    const last = new Set(pathKeys(view.last_path || []));
    for (const node of box.querySelectorAll("[data-key]")) {
      node.classList.toggle("last-move", last.has(node.dataset.key));
    }
    // Read-only: nothing is chosen here; only cards take the focus (to be read).
    for (const node of box.querySelectorAll("button")) node.tabIndex = node.dataset.card ? 0 : -1;
  }

  function markCurrent(step, scroll) {
    for (const link of root.querySelectorAll(".action-list a[data-step]")) {
      if (Number(link.dataset.step) === step) {
        link.setAttribute("aria-current", "step");
        if (scroll) link.scrollIntoView({ block: "nearest" });
      } else {
        link.removeAttribute("aria-current");
      }
    }
    range.value = String(step);
    $("replay-range-value").textContent = String(step);
  }

  async function show(step, scroll = true) {
    step = Math.max(0, Math.min(n, step));
    at = step;
    markCurrent(step, scroll);
    const ticket = ++latest;
    const response = await fetch(`${root.dataset.url}?step=${step}&format=json`);
    if (!response.ok || ticket !== latest) return;
    const data = await response.json();
    if (ticket !== latest) return;
    view = data.view;
    pane.innerHTML = data.html;
    renderBoard();
    root.dataset.at = String(data.at);
    if (ownPage) history.replaceState(null, "", `?step=${data.at}`);
  }

  root.addEventListener("click", (event) => {
    const card = event.target.closest("[data-card]");
    if (card && $("replay-board").contains(card)) showFace($("replay-inspector"), view.faces, card.dataset.card);
    const link = event.target.closest("a[data-step]");
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    show(Number(link.dataset.step));
  });
  const point = (event) => {
    const card = event.target.closest("[data-card]");
    if (card) showFace($("replay-inspector"), view.faces, card.dataset.card);
  };
  $("replay-board").addEventListener("mouseover", point);
  $("replay-board").addEventListener("focusin", point);
  range.addEventListener("input", () => show(Number(range.value), true));
  root.querySelector(".replay-scrub").addEventListener("submit", (event) => {
    event.preventDefault();
    show(Number(range.value));
  });
  root.querySelector(".replay-go").hidden = true; // the slider moves the board by itself
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, textarea, select")) return;
    if (!ownPage && !root.contains(event.target)) return;
    const moves = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: n };
    if (event.key in moves) {
      event.preventDefault();
      show(moves[event.key]);
    }
  });
  renderBoard();
  root.dataset.ready = "1";
}
