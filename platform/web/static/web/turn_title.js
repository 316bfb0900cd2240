// The play page's tab title flags the person's turn: "● Your turn · Play … · Gauntlet" while
// the engine waits for them, the page's own title otherwise, so a tab in the background says
// when to come back. play.js calls flagTurn after drawing each view.
const pageTitle = document.title;

export function flagTurn(yourTurn) {
  document.title = yourTurn ? `● Your turn · ${pageTitle}` : pageTitle;
}
