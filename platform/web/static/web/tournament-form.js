// The event form: show only the fieldsets of the chosen format (data-formats lists them; a
// fieldset without it is for every format). Without this script every fieldset shows.
const form = document.getElementById("event-form");
const format = form && form.querySelector("[name=format]");
if (format) {
  const show = () => {
    for (const fieldset of form.querySelectorAll("fieldset[data-formats]")) {
      fieldset.hidden = !fieldset.dataset.formats.split(" ").includes(format.value);
    }
  };
  format.addEventListener("change", show);
  show();
}
// Every date and time of the form is in the event's time zone, named beside it
// ([data-event-zone]): the name follows the zone chosen.
const zoneChoice = form && form.querySelector("[name=time_zone]");
if (zoneChoice) {
  zoneChoice.addEventListener("change", () => {
    for (const name of form.querySelectorAll("[data-event-zone]")) {
      name.textContent = zoneChoice.value || "UTC";
    }
  });
}
