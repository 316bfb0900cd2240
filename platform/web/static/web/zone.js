// The browser's time zone, for the server to show times in (web.zones): a cookie, refreshed
// when it changes; the profile's time-zone choice defaults to it while still unset, and the
// sign-up form's is preselected with it.
// On a first visit the server knew no zone and wrote its times in UTC (<html data-zone-unknown>):
// each time of the viewer's (<time datetime data-format>) is written again in the browser's zone,
// in the server's format (Django's date letters) with the zone named, as the next pages will be.
// A function's scope: a classic script in <head>, its names stay out of the page's globals.
(() => {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone && !document.cookie.split("; ").includes(`tz=${zone}`)) {
    document.cookie = `tz=${zone}; path=/; max-age=31536000; SameSite=Lax`;
  }

  const MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split(" ");
  const DAYS = "Sun Mon Tue Wed Thu Fri Sat".split(" ");
  const pad = (n) => String(n).padStart(2, "0");

  // The wall clock of `date` in `timeZone`, as numbers (year, month 1-12, day, hour 0-23...).
  function wallClock(date, timeZone) {
    const parts = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    }).formatToParts(date);
    const t = {};
    for (const p of parts) if (p.type !== "literal") t[p.type] = Number(p.value);
    t.weekday = new Date(Date.UTC(t.year, t.month - 1, t.day)).getUTCDay();
    return t;
  }

  // Django's date format letters the site's times use; null for a letter this script does not
  // know (the server's text then stays).
  function djangoFormat(format, t) {
    const letters = {
      Y: () => String(t.year),
      m: () => pad(t.month),
      n: () => String(t.month),
      d: () => pad(t.day),
      j: () => String(t.day),
      M: () => MONTHS[t.month - 1],
      D: () => DAYS[t.weekday],
      H: () => pad(t.hour),
      G: () => String(t.hour),
      i: () => pad(t.minute),
      s: () => pad(t.second),
    };
    let out = "";
    for (let k = 0; k < format.length; k++) {
      const c = format[k];
      if (c === "\\") {
        out += format[++k] ?? "";
      } else if (letters[c]) {
        out += letters[c]();
      } else if (/[A-Za-z]/.test(c)) {
        return null;
      } else {
        out += c;
      }
    }
    return out;
  }

  function rewriteTimes() {
    for (const el of document.querySelectorAll("time[datetime][data-format]")) {
      const date = new Date(el.getAttribute("datetime"));
      if (Number.isNaN(date.getTime())) continue;
      const text = djangoFormat(el.dataset.format, wallClock(date, zone));
      if (text === null) continue;
      el.textContent = el.hasAttribute("data-brackets") ? `${text} (${zone})` : `${text} ${zone}`;
    }
  }

  document.addEventListener("DOMContentLoaded", () => {
    if (zone && document.documentElement.hasAttribute("data-zone-unknown")) rewriteTimes();
    // A choice still unset takes the browser's zone; a sign-up form's ("guess") replaces the
    // server's default with it too, when the list has it.
    const choice = document.querySelector("select[data-browser-zone]");
    const guess = choice && choice.dataset.browserZone === "guess";
    const listed = choice && [...choice.options].some((o) => o.value === zone);
    if (choice && zone && listed && (!choice.value || guess)) choice.value = zone;
  });
})();
