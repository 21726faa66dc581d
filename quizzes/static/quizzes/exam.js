// Exam page enhancement: autosave while typing, survive reloads, lost connections and a
// second tab, and show the server's deadline. Without JavaScript the page still works:
// "Save answers" and "Submit the exam" post the whole form.
(function () {
  "use strict";
  var form = document.getElementById("attempt-form");
  if (!form) return;
  var api = form.dataset.api;
  var status = document.getElementById("save-status");
  var csrf = form.querySelector("input[name=csrfmiddlewaretoken]").value;
  var storageKey = function (pos) { return "judgetrain:" + api + ":" + pos; };
  var pending = {};
  var timers = {};
  var closed = false;

  function say(text) { status.textContent = text; }

  function fieldValue(fieldset) {
    var checked = fieldset.querySelector("input[type=radio]:checked");
    if (checked) return checked.value;
    var area = fieldset.querySelector("textarea");
    return area ? area.value : "";
  }

  function setValue(fieldset, value) {
    var area = fieldset.querySelector("textarea");
    if (area) { area.value = value; return; }
    fieldset.querySelectorAll("input[type=radio]").forEach(function (radio) {
      radio.checked = radio.value === value;
    });
  }

  function finish() {
    if (closed) return;
    closed = true;
    say(form.dataset.msgClosed);
    window.location.assign(form.dataset.result);
  }

  function save(fieldset) {
    var pos = fieldset.dataset.position;
    var value = fieldValue(fieldset);
    var revision = parseInt(fieldset.dataset.revision, 10);
    localStorage.setItem(storageKey(pos), JSON.stringify({ response: value, revision: revision }));
    say(form.dataset.msgSaving);
    return fetch(api + "/items/" + pos, {
      method: "PUT",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf, "Accept": "application/json" },
      body: JSON.stringify({ response: value, revision: revision })
    }).then(function (reply) {
      return reply.json().then(function (body) { return { status: reply.status, body: body }; });
    }).then(function (result) {
      if (result.status === 200) {
        fieldset.dataset.revision = result.body.revision;
        localStorage.removeItem(storageKey(pos));
        delete pending[pos];
        say(form.dataset.msgSaved + " " + new Date().toLocaleTimeString());
      } else if (result.status === 409 && result.body.code === "stale_revision") {
        fieldset.dataset.revision = result.body.revision;
        setValue(fieldset, result.body.response);
        localStorage.removeItem(storageKey(pos));
        delete pending[pos];
        say(form.dataset.msgConflict);
      } else if (result.body.code === "attempt_closed") {
        finish();
      } else {
        say(result.body.detail || JSON.stringify(result.body));
      }
    }).catch(function () {
      pending[pos] = fieldset;
      say(form.dataset.msgOffline);
    });
  }

  function schedule(fieldset, delay) {
    var pos = fieldset.dataset.position;
    clearTimeout(timers[pos]);
    timers[pos] = setTimeout(function () { save(fieldset); }, delay);
  }

  function changedBeforeLoad(fieldset) {
    // Typed (or chosen) before this script ran: the field differs from what the server sent.
    var area = fieldset.querySelector("textarea");
    if (area) return area.value !== area.defaultValue;
    return Array.prototype.some.call(fieldset.querySelectorAll("input[type=radio]"), function (radio) {
      return radio.checked !== radio.defaultChecked;
    });
  }

  form.querySelectorAll("fieldset.question").forEach(function (fieldset) {
    if (changedBeforeLoad(fieldset)) schedule(fieldset, 0);
    // Restore what this device typed but could not save (a lost connection, a closed tab).
    var stored = localStorage.getItem(storageKey(fieldset.dataset.position));
    if (stored) {
      var saved = JSON.parse(stored);
      if (String(saved.revision) === fieldset.dataset.revision && saved.response !== fieldValue(fieldset)) {
        setValue(fieldset, saved.response);
        schedule(fieldset, 0);
      } else {
        localStorage.removeItem(storageKey(fieldset.dataset.position));
      }
    }
    fieldset.addEventListener("input", function () { schedule(fieldset, 700); });
    fieldset.addEventListener("change", function () { schedule(fieldset, 0); });
  });

  setInterval(function () {
    Object.keys(pending).forEach(function (pos) { save(pending[pos]); });
  }, 5000);
  window.addEventListener("online", function () {
    Object.keys(pending).forEach(function (pos) { save(pending[pos]); });
  });

  // The deadline is the server's; the clock here only displays it, in the reader's time zone.
  document.querySelectorAll(".exam-status time[datetime]").forEach(function (element) {
    var at = new Date(element.getAttribute("datetime"));
    if (!isNaN(at)) element.textContent = at.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  });
  var clock = document.getElementById("time-left");
  var endsAt = Date.now() + parseInt(clock.dataset.secondsLeft, 10) * 1000;
  function tick() {
    var left = Math.max(0, Math.round((endsAt - Date.now()) / 1000));
    var minutes = Math.floor(left / 60);
    var seconds = left % 60;
    clock.textContent = minutes + ":" + (seconds < 10 ? "0" : "") + seconds;
    if (left === 0) { setTimeout(finish, 1500); return; }
    setTimeout(tick, 1000);
  }
  tick();
})();
