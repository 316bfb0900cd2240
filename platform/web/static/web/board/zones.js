// Collapsible zones of a long board (Heroes of Graxia's market and piles, Akhedena's armies): a
// <details> per zone, its heading the summary, so a turn needs no long scrolling. A zone holding
// what the current choice needs opens by itself (openZones, after the choosable elements are
// marked); one the person opened or closed stays so across the redraws of the board.
import { el } from "../observation.js";

const chosen = new Map(); // zone name -> open, as the person last left it

// A zone: `name` identifies it across redraws (e.g. "market", "discard:1"), `title` is its
// heading (an h3 or h4 inside the summary), `open` its state until the person changes it.
export function zone(name, title, open, ...children) {
  const box = el("details", { class: "zone", "data-zone": name });
  box.open = chosen.has(name) ? chosen.get(name) : open;
  const summary = el("summary");
  summary.append(typeof title === "string" ? el("h3", { text: title }) : title);
  summary.addEventListener("click", () => chosen.set(name, !box.open));
  box.append(summary, ...children);
  return box;
}

// Open every zone of `board` that holds one of the `selector` elements (the choosable ones).
export function openZones(board, selector = ".choosable") {
  for (const box of board.querySelectorAll("details.zone")) {
    if (!box.open && box.querySelector(selector)) box.open = true;
  }
}
