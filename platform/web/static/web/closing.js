// A closing run's page while the run goes on: every few seconds it asks for the progress block
// (?part=progress) and puts it in place; once the run has finished (the block's data-state) it
// stops. Without JavaScript, reloading the page shows the progress as it is.
(() => {
  "use strict";
  let block = document.getElementById("closing-progress");
  if (!block || block.dataset.state !== "running") return;
  const url = block.dataset.pollUrl;
  const pollMs = Number(block.dataset.pollMs) || 2000;
  async function ask() {
    try {
      const response = await fetch(url, { headers: { Accept: "text/html" } });
      if (response.ok) {
        const holder = document.createElement("div");
        holder.innerHTML = await response.text();
        const fresh = holder.querySelector("#closing-progress");
        if (fresh) {
          block.replaceWith(fresh);
          block = fresh;
        }
      }
    } catch (error) {
      // The next ask tries again.
    }
    if (block.dataset.state === "running") setTimeout(ask, pollMs);
  }
  setTimeout(ask, pollMs);
})();
