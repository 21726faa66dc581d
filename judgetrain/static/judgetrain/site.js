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
    // Settings: the search box filters the list of zones as one types (without this script
    // the search is a GET the server answers with the shorter list), and the browser's zone
    // is suggested when it is not the one chosen.
    var zoneInput = document.getElementById("id_time_zone");
    var zoneSearch = document.querySelector("[data-zone-search]");
    var showAllZones = function () {};
    if (zoneInput && zoneSearch) {
      showAllZones = filterZones(zoneInput, zoneSearch);
    }
    var detected = document.getElementById("detected-zone");
    if (detected && zoneInput && zone && zoneInput.value !== zone) {
      var useZone = detected.querySelector("button");
      var known = zoneInput.querySelector("option[value='" + zone.replace(/'/g, "") + "']");
      useZone.textContent = useZone.dataset.msg.replace("{zone}", known ? known.textContent : zone);
      detected.hidden = false;
      useZone.addEventListener("click", function () {
        showAllZones();
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

// The settings page's time zone list, narrowed to the options whose text or value holds
// every word typed (case and accents ignored, "-" read as the offsets' minus sign); the
// chosen option always stays. Returns a function that shows every zone again.
function filterZones(select, form) {
  var box = form.querySelector("input[type=search]");
  var count = document.getElementById("zone-count");
  var groups = Array.prototype.map.call(select.querySelectorAll("optgroup"), function (group) {
    return { group: group, options: Array.prototype.slice.call(group.children) };
  });
  function key(text) {
    return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(/_/g, " ").replace(/-/g, "\u2212");
  }
  function apply() {
    var words = key(box.value).split(/\s+/).filter(Boolean);
    var chosen = select.value;
    var shown = 0;
    var matched = 0;
    groups.forEach(function (entry) {
      entry.group.textContent = "";
      entry.options.forEach(function (option) {
        var text = key(option.textContent + " " + option.value);
        var hit = words.every(function (word) { return text.indexOf(word) !== -1; });
        if (hit || option.value === chosen) {
          entry.group.appendChild(option);
          shown += 1;
          if (hit) matched += 1;
        }
      });
      entry.group.hidden = !entry.group.children.length;
      entry.group.disabled = !entry.group.children.length;
    });
    select.value = chosen;
    if (count) {
      count.textContent = words.length && !matched
        ? count.dataset.msgNone : count.dataset.msg.replace("{n}", shown);
    }
  }
  box.addEventListener("input", apply);
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    apply();
    select.focus();
  });
  return function () { box.value = ""; apply(); };
}

