// The print pages' "Print" button (the page works without it: the browser's own print does too).
for (const button of document.querySelectorAll(".print-now")) {
  button.addEventListener("click", () => window.print());
}
