// Site-wide enhancements (no inline scripts: the Content-Security-Policy forbids them).
(function () {
  "use strict";
  document.addEventListener("DOMContentLoaded", function () {
    // First visit after signing in: tell the server the browser's time zone, once.
    var url = document.body.dataset.detectTimeZone;
    var zone = window.Intl && Intl.DateTimeFormat().resolvedOptions().timeZone;
    var csrf = document.querySelector("input[name=csrfmiddlewaretoken]");
    var typed = false;
    document.addEventListener("input", function () { typed = true; }, { once: true });
    if (url && zone && csrf) {
      var body = new URLSearchParams({ time_zone: zone });
      fetch(url, {
        method: "POST", credentials: "same-origin", body: body,
        headers: { "X-CSRFToken": csrf.value }
      }).then(function (reply) {
        if (!reply.ok) return;
        document.body.removeAttribute("data-detect-time-zone");
        // This first page showed its times in UTC: show it again in the zone just saved
        // (walk 3, #4), unless it answered a form or the user has started typing.
        if (document.body.hasAttribute("data-zone-reload") && zone !== "UTC" && !typed) {
          window.location.reload();
        }
      }).catch(function () {});
    }
    // Settings: suggest the browser's zone when it is not the one in the time zone field.
    var detected = document.getElementById("detected-zone");
    var zoneInput = document.getElementById("id_time_zone");
    if (detected && zoneInput && zone && zoneInput.value !== zone) {
      var useZone = detected.querySelector("button");
      useZone.textContent = useZone.dataset.msg.replace("{zone}", zone);
      detected.hidden = false;
      useZone.addEventListener("click", function () {
        zoneInput.value = zone;
        detected.hidden = true;
        zoneInput.focus();
      });
    }
    // A save that failed: move to the summary of its errors at the top (a screen reader
    // reads it), and let each of its links put the cursor in its field.
    var summary = document.querySelector("[data-error-summary]");
    if (summary) {
      summary.focus();
      summary.addEventListener("click", function (event) {
        var link = event.target.closest("a[href^='#']");
        var field = link && document.getElementById(link.getAttribute("href").slice(1));
        if (!field) return;
        event.preventDefault();
        var label = document.querySelector("label[for='" + field.id + "']");
        (label || field).scrollIntoView({ block: "center" });
        field.focus({ preventScroll: true });
      });
    }
    // A save that waits for a confirmation (a preview): move there, so nothing below the
    // fold is missed.
    var landing = !summary && document.querySelector("[data-focus-on-load]");
    if (landing) {
      landing.scrollIntoView({ block: "start" });
      landing.focus({ preventScroll: true });
    }
    // Boxes that scroll sideways (wide tables, the exam's question numbers): fade the edge
    // that has more, so a phone shows that the row goes on (walk 3, #1 and #24).
    var sideways = document.querySelectorAll(".table-scroll, [data-scroll-cue]");
    var markMore = function (box) {
      var more = box.scrollWidth - box.clientWidth;
      box.classList.toggle("more-after", more > 1 && box.scrollLeft < more - 1);
      box.classList.toggle("more-before", more > 1 && box.scrollLeft > 1);
    };
    sideways.forEach(function (box) {
      markMore(box);
      box.addEventListener("scroll", function () { markMore(box); }, { passive: true });
    });
    window.addEventListener("resize", function () { sideways.forEach(markMore); });
    // A page still waiting for something (a grade) looks again by itself.
    var pending = document.querySelector("[data-refresh-after]");
    if (pending) {
      setTimeout(function () { window.location.reload(); },
        parseInt(pending.dataset.refreshAfter, 10) * 1000);
    }
  });
})();
