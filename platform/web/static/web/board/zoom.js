// A grid board's zoom: the grid fits the width it is given (the page never scrolls sideways);
// on a narrow screen this button puts it at full size, scrolling inside its own box, and back.
// The choice holds across redraws of the board (one per move), per board name.
import { el } from "../observation.js";

const zoomed = new Map();

const label = (on) => (on ? "Fit the board to the screen" : "Zoom in on the board");

// A button that toggles the class "zoomed" on `box` (the grid's scrolling box); `name` keys the
// remembered choice (one per kind of board).
export function zoomButton(box, name) {
  const on = zoomed.get(name) || false;
  box.classList.toggle("zoomed", on);
  const button = el("button", { type: "button", class: "secondary board-zoom", "aria-pressed": String(on), text: label(on) });
  button.addEventListener("click", () => {
    const now = !box.classList.contains("zoomed");
    zoomed.set(name, now);
    box.classList.toggle("zoomed", now);
    button.setAttribute("aria-pressed", String(now));
    button.textContent = label(now);
  });
  return button;
}
