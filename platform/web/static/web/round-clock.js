// Round timers: every [data-deadline] element counts down to its deadline (ISO time from the
// server) once a second; the live region's refreshes bring new ones, so each tick looks again.
function left(ms) {
  const total = Math.max(0, Math.floor(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return `${minutes}:${seconds}`;
}

function tick() {
  for (const clock of document.querySelectorAll("[data-deadline]")) {
    const ms = Date.parse(clock.dataset.deadline) - Date.now();
    const text = clock.querySelector("[data-clock-text]") ?? clock;
    text.textContent = ms > 0 ? `${left(ms)} left` : "Time is up";
    clock.classList.toggle("over", ms <= 0);
  }
}

tick();
setInterval(tick, 1000);
