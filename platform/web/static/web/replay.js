// Replay viewer: step links work without JavaScript (?step=N); with it, steps load in place and
// the arrow keys, Home and End move through the match.
const root = document.getElementById("replay");
if (root) {
  const pane = document.getElementById("replay-step");
  const n = Number(root.dataset.n);
  let at = Number(new URLSearchParams(location.search).get("step") || 0);

  let latest = 0; // requests can overlap (keys pressed quickly): only the newest one renders

  async function show(step) {
    step = Math.max(0, Math.min(n, step));
    at = step;
    const ticket = ++latest;
    const response = await fetch(`${root.dataset.url}?step=${step}&fragment=1`);
    if (!response.ok || ticket !== latest) return;
    const html = await response.text();
    if (ticket !== latest) return;
    pane.innerHTML = html;
    history.replaceState(null, "", `?step=${step}`);
    for (const link of root.querySelectorAll(".action-list a[data-step]")) {
      if (Number(link.dataset.step) === step) {
        link.setAttribute("aria-current", "step");
        link.scrollIntoView({ block: "nearest" });
      } else {
        link.removeAttribute("aria-current");
      }
    }
  }

  root.addEventListener("click", (event) => {
    const link = event.target.closest("a[data-step]");
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    show(Number(link.dataset.step));
  });
  root.dataset.ready = "1";
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, textarea, select")) return;
    const moves = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: n };
    if (event.key in moves) {
      event.preventDefault();
      show(moves[event.key]);
    }
  });
}
