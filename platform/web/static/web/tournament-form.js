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
