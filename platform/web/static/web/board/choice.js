// Choosing an action on the board. Every legal action comes with a path: the keys of the board
// elements a person clicks to choose it, in order; a step that is a list holds keys clicked in
// any order (cards played together). The selection is the keys clicked so far; an action is a
// candidate while the selection follows its path. Pure functions, no DOM.

// How `selection` follows `path`: {fits, complete, next} (next: the keys that may come next).
export function follow(path, selection) {
  let i = 0;
  for (let s = 0; s < path.length; s += 1) {
    const step = path[s];
    if (typeof step === "string") {
      if (i === selection.length) return { fits: true, complete: false, next: [step] };
      if (selection[i] !== step) return { fits: false };
      i += 1;
    } else {
      const left = [...step];
      while (left.length && i < selection.length) {
        const at = left.indexOf(selection[i]);
        if (at < 0) return { fits: false };
        left.splice(at, 1);
        i += 1;
      }
      if (left.length) return { fits: true, complete: false, next: [...new Set(left)] };
    }
  }
  return i === selection.length ? { fits: true, complete: true, next: [] } : { fits: false };
}

// The state of a choice: which actions still fit, which one the selection completes, and which
// keys may be clicked next (with the labels of the actions each leads to).
export function choiceState(legal, selection) {
  const candidates = [];
  const complete = [];
  const next = new Map();
  for (const entry of legal) {
    if (!entry.path || !entry.path.length) continue;
    const f = follow(entry.path, selection);
    if (!f.fits) continue;
    candidates.push(entry);
    if (f.complete) complete.push(entry);
    for (const key of f.next) {
      if (!next.has(key)) next.set(key, []);
      next.get(key).push(entry.label);
    }
  }
  return { candidates, complete, next };
}

// Every key a path names (for highlighting a move).
export function pathKeys(path) {
  return (path || []).flatMap((step) => (typeof step === "string" ? [step] : step));
}
