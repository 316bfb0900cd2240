// A ladder page while you wait in its queue: the wait counts up every second, and every few
// seconds the page asks the server (a POST to the wait URL), which runs a matchmaking round for
// the ladder and answers with the wait, the expected wait and the bot offer, or with the match
// the queue paired you into: the page then goes to its board. A "match_started" message on the
// notification socket (site.js passes it on as "gauntlet:notification") asks at once.
// Without JavaScript the page shows the wait as it was when loaded; reloading it asks again.
(() => {
  "use strict";
  const panel = document.getElementById("queue-wait");
  if (!panel) return;
  const token = panel.querySelector("[name=csrfmiddlewaretoken]").value;
  const waitedNode = panel.querySelector("[data-testid=queue-waited]");
  const expectedNode = panel.querySelector("[data-testid=queue-expected]");
  const offer = panel.querySelector("[data-testid=queue-bot-offer]");
  const offerButton = panel.querySelector("[data-testid=queue-bot-button]");
  const pollMs = Number(panel.dataset.pollMs) || 2000;
  let waited = Number(panel.dataset.waited) || 0;
  let since = performance.now();
  let asking = false;
  let done = false;

  // The same words as ratings.waiting.seconds_text: "42 s", "1 min 5 s", "12 min", "1 h 3 min".
  function secondsText(seconds) {
    const total = Math.max(0, Math.round(seconds));
    const hours = Math.floor(total / 3600);
    const minutes = Math.floor((total % 3600) / 60);
    const secs = total % 60;
    if (hours) return minutes ? `${hours} h ${minutes} min` : `${hours} h`;
    if (minutes) return secs && minutes < 10 ? `${minutes} min ${secs} s` : `${minutes} min`;
    return `${secs} s`;
  }

  function tick() {
    if (done) return;
    waitedNode.textContent = secondsText(waited + (performance.now() - since) / 1000);
  }

  function show(state) {
    if (!state.queued) {
      done = true;
      if (state.match_url) location.assign(state.match_url);
      else location.reload(); // left the queue elsewhere: the page without the wait
      return;
    }
    waited = state.waited;
    since = performance.now();
    tick();
    expectedNode.textContent = state.expected_text;
    if (state.offer_text) offerButton.textContent = state.offer_text;
    offer.hidden = !state.offer;
  }

  async function ask() {
    if (asking || done) return;
    asking = true;
    try {
      const response = await fetch(panel.dataset.waitUrl, {
        method: "POST",
        body: new URLSearchParams({ joined: panel.dataset.joined }),
        headers: { "X-CSRFToken": token, "X-Requested-With": "fetch" },
        credentials: "same-origin",
      });
      if (response.ok) show(await response.json());
    } catch {
      // a dropped connection: the next ask tries again
    } finally {
      asking = false;
    }
  }

  setInterval(tick, 1000);
  setInterval(ask, pollMs);
  document.addEventListener("gauntlet:notification", (event) => {
    if (event.detail && event.detail.kind === "match_started") ask();
  });
  ask();
})();
