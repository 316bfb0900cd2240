// Card faces: a card drawn by name with its numbers, its text one hover or tap away (the
// inspector beside the board shows the whole face of the card last pointed at).
import { el } from "../observation.js";

// The face of `id` from the view's faces (the engine's card_faces), or a plain one.
export function faceOf(faces, id) {
  return (faces && faces[id]) || { name: String(id), kind: "", text: "", stats: [] };
}

// "50 cows", "attack 3", "from Location 4": a number before its unit, a word after its label.
export function statsText(stats) {
  return (stats || []).map(([label, value]) => (typeof value === "number" ? `${value} ${label}` : `${label} ${value}`)).join(" · ");
}

// One card as a button: name, kind, numbers. `key` makes it a board element an action is
// chosen on; `extra` adds classes (e.g. "face-down").
export function cardButton(faces, id, { key = null, extra = "", note = "" } = {}) {
  const face = faceOf(faces, id);
  const kindClass = face.kind ? `kind-${String(face.kind).toLowerCase().replace(/[^a-z0-9]+/g, "-")}` : "";
  const button = el("button", { type: "button", class: `card-face ${kindClass} ${extra}`.trim(), "data-card": id });
  if (key) button.dataset.key = key;
  button.append(el("span", { class: "card-name", text: face.name }));
  const stats = statsText(face.stats);
  if (face.kind && !face.name.startsWith(face.kind)) button.append(el("span", { class: "card-kind", text: face.kind }));
  if (stats) button.append(el("span", { class: "card-stats", text: stats }));
  if (note) button.append(el("span", { class: "card-note", text: note }));
  button.title = [face.name, face.kind, stats, face.text].filter(Boolean).join(" — ");
  return button;
}

// A face-down pile or card: `label` says what it is, `count` how many.
export function pileButton({ label, count = null, key = null, top = null, faces = null, extra = "" }) {
  const button = el("button", { type: "button", class: `pile ${extra}`.trim() });
  if (key) button.dataset.key = key;
  button.append(el("span", { class: "pile-label", text: label }));
  if (count !== null) button.append(el("span", { class: "pile-count", text: `${count} card${count === 1 ? "" : "s"}` }));
  if (top) {
    button.dataset.card = top;
    const face = faceOf(faces, top);
    button.append(el("span", { class: "pile-top", text: `top: ${face.name}` }));
  }
  return button;
}

// The inspector: the full face of the card last pointed at, clicked or focused.
export function showFace(box, faces, id) {
  if (!box) return;
  const face = faceOf(faces, id);
  box.replaceChildren();
  box.append(el("h3", { text: face.name }));
  if (face.kind) box.append(el("p", { class: "muted", text: face.kind }));
  if (face.stats && face.stats.length) {
    const dl = el("dl", { class: "face-stats" });
    for (const [label, value] of face.stats) dl.append(el("dt", { text: label }), el("dd", { text: String(value) }));
    box.append(dl);
  }
  if (face.text) box.append(el("p", { class: "face-text", text: face.text }));
}
