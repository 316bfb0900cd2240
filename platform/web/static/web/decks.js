// Deck editor: the list is checked as you type (a debounced POST to the validate endpoint, whose
// server-rendered report shows each violation next to its line), and the card search adds lines.
// Without JavaScript the "Check without saving" button and the search form do the same.
const editor = document.getElementById("deck-editor");

function debounce(fn, ms) {
  let timer = 0;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}

if (editor) {
  const form = document.getElementById("deck-form");
  const text = form.elements.text;
  const gameField = form.elements.game;
  const report = document.getElementById("deck-report");
  const state = document.getElementById("report-state");
  const token = form.elements.csrfmiddlewaretoken.value;
  let latest = 0; // overlapping requests: only the newest one renders

  const game = () => gameField.value || editor.dataset.game;

  async function check() {
    const ticket = ++latest;
    const body = new FormData();
    body.append("game", game());
    body.append("text", text.value);
    state.textContent = "checking…";
    const response = await fetch(editor.dataset.validateUrl, {
      method: "POST",
      body,
      headers: { "X-CSRFToken": token, "X-Requested-With": "fetch" },
      credentials: "same-origin",
    });
    const html = await response.text();
    if (ticket !== latest) return;
    report.innerHTML = html;
    // a short summary for screen readers (the report itself is not a live region)
    const verdict = report.querySelector(".verdict");
    state.textContent = response.ok ? (verdict ? verdict.firstChild.textContent.trim() : "") : "could not check";
    editor.dataset.checked = String(ticket);
  }

  const checkSoon = debounce(check, 350);
  if (report) text.addEventListener("input", checkSoon); // Khan of Khans: a choice, no list
  gameField.addEventListener("change", () => {
    // switching game on a new deck: reload the editor for that game (its own controls)
    const url = new URL(location.href);
    url.searchParams.set("game", gameField.value);
    location.assign(url);
  });

  // Clicking a line of the report selects that line in the text area.
  report?.addEventListener("click", (event) => {
    const item = event.target.closest("li[data-line]");
    if (!item) return;
    const n = Number(item.dataset.line);
    const lines = text.value.split("\n");
    const start = lines.slice(0, n - 1).reduce((sum, line) => sum + line.length + 1, 0);
    text.focus();
    text.setSelectionRange(start, start + (lines[n - 1] || "").length);
  });

  // -- card search -----------------------------------------------------------------------------
  const search = document.getElementById("card-search");
  if (search) {
    const results = document.getElementById("card-results");
    const query = search.elements.q;
    let searchTicket = 0;

    async function find() {
      const ticket = ++searchTicket;
      const params = new URLSearchParams({ game: game(), q: query.value });
      const response = await fetch(`${editor.dataset.cardsUrl}?${params}`, {
        headers: { "X-Requested-With": "fetch" },
      });
      const html = await response.text();
      if (ticket === searchTicket) results.innerHTML = html;
    }

    search.addEventListener("submit", (event) => {
      event.preventDefault();
      find();
    });
    query.addEventListener("input", debounce(find, 250));

    // An army list (one line per piece, then the reserve): the card goes at the end of the
    // line the cursor is on, after the piece's label or the cards already there.
    const addToLine = (name) => {
      const at = text.selectionStart ?? text.value.length;
      const start = text.value.lastIndexOf("\n", at - 1) + 1;
      const endAt = text.value.indexOf("\n", at);
      const end = endAt < 0 ? text.value.length : endAt;
      const line = text.value.slice(start, end).replace(/\s+$/, "");
      const joined = !line ? name : /:$/.test(line) ? `${line} ${name}` : line.includes(":") ? `${line}, ${name}` : `${line}: ${name}`;
      text.value = text.value.slice(0, start) + joined + text.value.slice(end);
      text.setSelectionRange(start + joined.length, start + joined.length);
    };

    // Add one copy: raise the count of a line naming the card, or append "1 Name".
    results.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-add]");
      if (!button) return;
      const name = button.dataset.add;
      if (game() === "akhedena") {
        addToLine(name);
        check();
        return;
      }
      const wanted = name.toLowerCase();
      const lines = text.value.split("\n");
      const counted = /^\s*(\d+)\s*[x×*]?\s+(.+?)\s*$/i;
      let done = false;
      for (let i = 0; i < lines.length && !done; i++) {
        const match = counted.exec(lines[i]);
        if (match && match[2].toLowerCase() === wanted) {
          lines[i] = `${Number(match[1]) + 1} ${match[2]}`;
          done = true;
        }
      }
      while (lines.length && lines[lines.length - 1].trim() === "") lines.pop();
      if (!done) lines.push(`1 ${name}`);
      text.value = `${lines.join("\n")}\n`;
      check();
    });
  }
  editor.dataset.ready = "1";
}
