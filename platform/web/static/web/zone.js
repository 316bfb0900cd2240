// The browser's time zone, for the server to show times in (web.zones): a cookie, refreshed
// when it changes; and the profile's time-zone choice defaults to it while still unset.
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
if (zone && !document.cookie.split("; ").includes(`tz=${zone}`)) {
  document.cookie = `tz=${zone}; path=/; max-age=31536000; SameSite=Lax`;
}
document.addEventListener("DOMContentLoaded", () => {
  const choice = document.querySelector("select[data-browser-zone]");
  if (choice && !choice.value && zone) choice.value = zone;
});
