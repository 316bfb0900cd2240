// Every page: the header's menu button at phone width, and the notification badge, kept up to
// date over the player's notification socket (/ws/notifications/) without reloading. Every
// message of that socket is passed on to the page's own scripts as a "gauntlet:notification"
// event on the document (detail: the message), e.g. the organiser's "Needs you now" list.
(() => {
  "use strict";

  function setUpMenu() {
    const nav = document.getElementById("site-nav");
    const button = document.getElementById("menu-toggle");
    if (!nav || !button) return;
    const menu = document.getElementById("site-menu");
    const close = () => {
      nav.classList.remove("open");
      button.setAttribute("aria-expanded", "false");
    };
    button.addEventListener("click", () => {
      const open = !nav.classList.contains("open");
      nav.classList.toggle("open", open);
      button.setAttribute("aria-expanded", String(open));
      if (open) menu.querySelector("a, button")?.focus();
    });
    nav.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && nav.classList.contains("open")) {
        close();
        button.focus();
      }
    });
  }

  function showCount(count) {
    const badge = document.getElementById("notif-badge");
    const words = document.getElementById("notif-words");
    if (!badge) return;
    badge.dataset.count = String(count);
    badge.textContent = String(count);
    badge.hidden = count <= 0;
    if (words) words.textContent = count > 0 ? " unread" : "";
  }

  function listen() {
    const link = document.getElementById("notif-link");
    if (!link || !("WebSocket" in window)) return;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    let delay = 1000;
    const connect = () => {
      const socket = new WebSocket(`${scheme}://${location.host}${link.dataset.socket}`);
      link.dataset.live = "connecting";
      socket.addEventListener("open", () => { link.dataset.live = "open"; delay = 1000; });
      socket.addEventListener("message", (event) => {
        let message;
        try { message = JSON.parse(event.data); } catch { return; }
        document.dispatchEvent(new CustomEvent("gauntlet:notification", { detail: message }));
        if (message.kind !== "notification") return;
        const badge = document.getElementById("notif-badge");
        const unread = message.payload && message.payload.unread;
        showCount(Number.isInteger(unread) ? unread : Number(badge.dataset.count || 0) + 1);
      });
      socket.addEventListener("close", (event) => {
        link.dataset.live = "closed";
        if (event.code === 4401) return; // signed out
        setTimeout(connect, delay);
        delay = Math.min(delay * 2, 30000);
      });
    };
    connect();
  }

  setUpMenu();
  listen();
})();
