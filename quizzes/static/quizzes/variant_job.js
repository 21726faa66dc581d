// Pre-generation progress: while the job runs, ask /api/v1/variant-jobs/<id> every few seconds
// and update the figures in place. Without JavaScript the page's "Refresh" link does the same.
(function () {
  "use strict";
  var box = document.getElementById("job-progress");
  if (!box) return;
  var api = box.dataset.api;
  var failures = 0;

  function field(name) { return box.querySelector("[data-field=" + name + "]"); }

  function show(job) {
    var label = box.dataset["label" + job.state.charAt(0).toUpperCase() + job.state.slice(1)];
    field("state").textContent = label || job.state;
    field("built").textContent = job.built;
    field("wanted").textContent = job.wanted;
    field("percent").textContent = job.percent;
    document.getElementById("job-bar").value = job.percent;
    var error = field("error");
    error.textContent = job.error || "";
    error.hidden = !job.error;
    box.dataset.state = job.state;
  }

  function poll() {
    fetch(api, {
      credentials: "same-origin",
      headers: { Accept: "application/json", "X-Page-Language": document.documentElement.lang }
    })
      .then(function (response) {
        if (!response.ok) throw new Error(String(response.status));
        return response.json();
      })
      .then(function (job) {
        failures = 0;
        show(job);
        if (job.state === "running") window.setTimeout(poll, 2000);
      })
      .catch(function () {
        failures += 1;
        if (failures < 5) window.setTimeout(poll, 5000);
      });
  }

  if (box.dataset.state === "running") window.setTimeout(poll, 1000);
})();
