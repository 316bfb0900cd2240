// A study's progress bar: polls the study's JSON every second until it is finished.
const box = document.querySelector("[data-testid=study-progress]");
if (box) {
  const bar = box.querySelector("progress");
  const done = box.querySelector("[data-testid=study-done]");
  const state = box.querySelector("[data-testid=study-state]");
  const tick = async () => {
    try {
      const response = await fetch(box.dataset.url, { headers: { Accept: "application/json" } });
      if (response.ok) {
        const p = await response.json();
        bar.max = p.total;
        bar.value = p.done;
        bar.textContent = `${p.percent} %`;
        done.textContent = p.done;
        state.textContent = p.state === "finished" ? "finished" : "running";
        box.dataset.state = p.state;
        if (p.state === "finished") return;
      }
    } catch (error) {
      // a dropped request: try again at the next tick
    }
    setTimeout(tick, 1000);
  };
  if (box.dataset.state !== "finished") setTimeout(tick, 1000);
}
