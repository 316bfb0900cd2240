// Shared by the play page and the live match page: small DOM helpers and a renderer that shows
// any engine's observation (JSON) as nested definition lists.
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}
export const words = (key) => String(key).replaceAll("_", " ");
export const scalar = (value) => (value === null || value === undefined ? "—" : typeof value === "boolean" ? (value ? "yes" : "no") : String(value));

// Any JSON as nested definition lists (the same shape as the server's observation filter).
export function generic(value) {
  if (Array.isArray(value)) {
    if (!value.length) return el("span", { class: "muted", text: "none" });
    if (value.every((v) => v === null || typeof v !== "object")) return el("span", { text: value.map(scalar).join(", ") });
    const list = el("ol", { class: "obs-list", start: "0" });
    for (const item of value) list.append(el("li", {}, generic(item)));
    return list;
  }
  if (value && typeof value === "object") {
    const entries = Object.entries(value);
    if (!entries.length) return el("span", { class: "muted", text: "none" });
    const dl = el("dl", { class: "obs" });
    for (const [key, item] of entries) dl.append(el("dt", { text: words(key) }), el("dd", {}, generic(item)));
    return dl;
  }
  return document.createTextNode(scalar(value));
}

