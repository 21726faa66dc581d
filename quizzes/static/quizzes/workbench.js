// Scenario workbench: show only the fieldsets of the chosen subject as it changes. Without
// JavaScript the "Show the fields for this subject" button does the same with a round trip;
// hidden fieldsets keep what was typed in them either way.
(function () {
  "use strict";
  var subject = document.getElementById("id_subject");
  if (!subject) return;
  var sets = document.querySelectorAll("fieldset[data-subject]");
  function show() {
    sets.forEach(function (set) {
      set.hidden = set.dataset.subject.split(" ").indexOf(subject.value) < 0;
    });
  }
  document.querySelectorAll(".js-hidden").forEach(function (el) { el.hidden = true; });
  subject.addEventListener("change", show);
  show();
})();
