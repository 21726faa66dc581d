// Exam page enhancement: autosave while typing, survive reloads, lost connections and a
// second tab, keep flags for review on the server, and show the server's deadline. Without
// JavaScript the page still works: "Save answers", each flag button and "Review and submit"
// post the whole form.
(function () {
  "use strict";
  var form = document.getElementById("attempt-form");
  if (!form) return;
  var api = form.dataset.api;
  var status = document.getElementById("save-status");
  var csrf = form.querySelector("input[name=csrfmiddlewaretoken]").value;
  // Every reply's texts (the clock's notices, a refusal) go on this page: ask in its
  // language, whatever the account's language has become since it loaded (walk 10, #1).
  var pageLanguage = document.documentElement.lang;
  var storageKey = function (pos) { return "judgetrain:" + api + ":" + pos; };
  var pending = {};
  var timers = {};
  var closed = false;

  function say(text) { status.textContent = text; }
  // Each answer's own save state, as data-save-state on its fieldset: pending (changed, not
  // yet sent), saving, saved, conflict or offline. The status line is shared by every answer;
  // this says which answer it is about (tests wait on it, not on the status line's words).
  function mark(fieldset, state) { fieldset.dataset.saveState = state; }
  // Flags are announced on their own line: an autosave's "Saving…" / "Saved at" (the
  // answer's change event fires as the focus moves to the flag button) must not overwrite
  // what a screen reader is about to read.
  var flagStatus = document.getElementById("flag-status") || status;
  function sayFlag(text) { flagStatus.textContent = text; }

  // Only with this script do answers save as you type: the page says so once it runs (its
  // text without the script asks for "Save answers").
  if (status.dataset.msgAutosave) say(status.dataset.msgAutosave);

  // In the page's language (not the browser's) and the account's time zone, named, like
  // every other time on the site ("14:30:05 São Paulo (UTC−3)").
  function savedTime() {
    var zone = status.dataset.zone;
    var label = status.dataset.zoneLabel || zone;
    var options = { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" };
    var lang = document.documentElement.lang || undefined;
    if (zone) {
      try {
        options.timeZone = zone;
        return new Date().toLocaleTimeString(lang, options) + " " + label;
      } catch (error) {
        delete options.timeZone;  // a zone this browser does not know: its own, unnamed
      }
    }
    return new Date().toLocaleTimeString(lang, options);
  }

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

  function revisionInput(fieldset) {
    return fieldset.querySelector("input[name^=revision-]");
  }

  function getRevision(fieldset) {
    return parseInt(revisionInput(fieldset).value, 10);
  }

  function setRevision(fieldset, revision) {
    // The hidden input goes with "Save answers" and "Submit": the server checks it too.
    revisionInput(fieldset).value = revision;
    fieldset.dataset.revision = revision;
  }

  function shown(fieldset, value) {
    // A choice is shown by its label's words, a text as it is.
    if (!value) return form.dataset.msgEmpty;
    var radio = Array.prototype.find.call(fieldset.querySelectorAll("input[type=radio]"), function (r) {
      return r.value === value;
    });
    var label = radio && radio.closest("label");
    return label ? label.textContent.trim() : value;
  }

  function finish() {
    if (closed) return;
    closed = true;
    say(form.dataset.msgClosed);
    window.location.assign(form.dataset.result);
  }

  // What this tab holds that the server does not: typed and not yet saved, being saved, kept
  // offline or in a conflict.
  function unsaved(fieldset) {
    var state = fieldset.dataset.saveState;
    return state === "pending" || state === "saving" || state === "offline" ||
      state === "conflict" || state === "refused";
  }

  // The server closed the attempt (its deadline, maybe moved by a mentor, or a submit
  // elsewhere): say so at once, stop saving, and keep on the page, marked "Not saved", what
  // was typed too late, never dropping it silently (walk 9, #6).
  function closeExam(message, refused) {
    if (closed) return;
    closed = true;
    Object.keys(timers).forEach(function (pos) { clearTimeout(timers[pos]); delete timers[pos]; });
    var late = false;
    form.querySelectorAll("fieldset.question").forEach(function (fieldset) {
      if (fieldset === refused || unsaved(fieldset)) {
        late = true;
        mark(fieldset, "refused");
        if (!fieldset.querySelector(".not-saved")) {
          var note = document.createElement("p");
          note.className = "not-saved";
          note.textContent = form.dataset.msgNotSaved;
          fieldset.querySelector("legend").insertAdjacentElement("afterend", note);
        }
      }
      fieldset.querySelectorAll("textarea").forEach(function (area) { area.readOnly = true; });
      fieldset.querySelectorAll("input[type=radio]").forEach(function (radio) { radio.disabled = true; });
    });
    form.querySelectorAll("button").forEach(function (button) { button.disabled = true; });
    say(message);
    document.dispatchEvent(new CustomEvent("judgetrain:closed", { detail: { message: message, late: late } }));
  }

  // Another tab saved this answer since this tab loaded it: keep both texts (this tab's stays
  // in local storage) until the candidate chooses which one to keep.
  var conflicts = {};

  function resolve(fieldset, keepMine) {
    var pos = fieldset.dataset.position;
    var conflict = conflicts[pos];
    delete conflicts[pos];
    conflict.panel.remove();
    setRevision(fieldset, conflict.theirs.revision);
    if (keepMine) {
      setValue(fieldset, conflict.mine);
      save(fieldset);
    } else {
      setValue(fieldset, conflict.theirs.response);
      localStorage.removeItem(storageKey(pos));
      mark(fieldset, "saved");
      say(form.dataset.msgSaved + " " + savedTime());
    }
    var focusable = fieldset.querySelector("textarea, input[type=radio]:checked, input[type=radio]");
    if (focusable) focusable.focus();
  }

  function textBlock(label, text, className) {
    var block = document.createElement("div");
    var heading = document.createElement("p");
    var strong = document.createElement("strong");
    strong.textContent = label;
    heading.appendChild(strong);
    var body = document.createElement("p");
    body.className = className;
    body.textContent = text;  // never HTML: this is what a candidate typed
    block.appendChild(heading);
    block.appendChild(body);
    return block;
  }

  function choiceButton(fieldset, label, keepMine) {
    var button = document.createElement("button");
    button.type = "button";
    button.textContent = label;
    button.addEventListener("click", function () { resolve(fieldset, keepMine); });
    return button;
  }

  function showConflict(fieldset, mine, baseRevision, theirs) {
    var pos = fieldset.dataset.position;
    if (conflicts[pos]) conflicts[pos].panel.remove();
    var panel = document.createElement("div");
    panel.className = "conflict message error";
    panel.setAttribute("role", "group");
    panel.setAttribute("aria-label", form.dataset.msgConflict);
    var intro = document.createElement("p");
    intro.textContent = form.dataset.msgConflict;
    panel.appendChild(intro);
    panel.appendChild(textBlock(form.dataset.msgMine, shown(fieldset, mine), "conflict-mine"));
    panel.appendChild(textBlock(form.dataset.msgTheirs, shown(fieldset, theirs.response), "conflict-theirs"));
    var actions = document.createElement("div");
    actions.className = "actions";
    actions.appendChild(choiceButton(fieldset, form.dataset.msgKeepMine, true));
    actions.appendChild(choiceButton(fieldset, form.dataset.msgKeepTheirs, false));
    panel.appendChild(actions);
    fieldset.querySelector("legend").insertAdjacentElement("afterend", panel);
    conflicts[pos] = { mine: mine, base: baseRevision, theirs: theirs, panel: panel };
    setValue(fieldset, mine);
    localStorage.setItem(storageKey(pos), JSON.stringify({ response: mine, revision: baseRevision }));
    delete pending[pos];
    mark(fieldset, "conflict");
    say(form.dataset.msgConflict);
  }

  function save(fieldset) {
    if (closed) return Promise.resolve();
    var pos = fieldset.dataset.position;
    var value = fieldValue(fieldset);
    var conflict = conflicts[pos];
    if (conflict) {
      // Still undecided: what is typed now is this tab's text, kept here, not sent.
      conflict.mine = value;
      conflict.panel.querySelector(".conflict-mine").textContent = shown(fieldset, value);
      localStorage.setItem(storageKey(pos), JSON.stringify({ response: value, revision: conflict.base }));
      return Promise.resolve();
    }
    var revision = getRevision(fieldset);
    localStorage.setItem(storageKey(pos), JSON.stringify({ response: value, revision: revision }));
    mark(fieldset, "saving");
    say(form.dataset.msgSaving);
    return fetch(api + "/items/" + pos, {
      method: "PUT",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf, "Accept": "application/json", "X-Page-Language": pageLanguage },
      body: JSON.stringify({ response: value, revision: revision })
    }).then(function (reply) {
      return reply.json().then(function (body) { return { status: reply.status, body: body }; });
    }).then(function (result) {
      if (result.status === 200) {
        if (result.body.clock) {
          document.dispatchEvent(new CustomEvent("judgetrain:clock", { detail: result.body.clock }));
        }
        setRevision(fieldset, result.body.revision);
        if (fieldValue(fieldset) === value) localStorage.removeItem(storageKey(pos));
        delete pending[pos];
        // A newer change typed while this one was in flight keeps the answer pending.
        if (fieldValue(fieldset) === value && !timers[pos]) mark(fieldset, "saved");
        say(form.dataset.msgSaved + " " + savedTime());
      } else if (result.status === 409 && result.body.code === "stale_revision") {
        showConflict(fieldset, fieldValue(fieldset), revision, result.body);
      } else if (result.body.code === "attempt_closed") {
        // Refused: kept on the page, marked, with the server's reason (a moved deadline...).
        closeExam(result.body.detail || form.dataset.msgClosed, fieldValue(fieldset) === value ? fieldset : null);
      } else {
        say(result.body.detail || JSON.stringify(result.body));
      }
    }).catch(function () {
      if (closed) return;
      pending[pos] = fieldset;
      mark(fieldset, "offline");
      say(form.dataset.msgOffline);
    });
  }

  function schedule(fieldset, delay) {
    if (closed) return;
    var pos = fieldset.dataset.position;
    clearTimeout(timers[pos]);
    mark(fieldset, "pending");
    timers[pos] = setTimeout(function () { delete timers[pos]; save(fieldset); }, delay);
  }

  function changedBeforeLoad(fieldset) {
    // Typed (or chosen) before this script ran: the field differs from what the server sent.
    var area = fieldset.querySelector("textarea");
    if (area) return area.value !== area.defaultValue;
    return Array.prototype.some.call(fieldset.querySelectorAll("input[type=radio]"), function (radio) {
      return radio.checked !== radio.defaultChecked;
    });
  }

  // The question navigator: answered / unanswered / flagged for review, kept up to date.
  // Flags are kept on the server (a reload or another device shows them): the flag button
  // posts the whole page without JavaScript; here it sends just the flag to the API.
  var flagging = {};

  function flagButton(fieldset) { return fieldset.querySelector(".flag-button"); }

  function isFlagged(fieldset) {
    var button = flagButton(fieldset);
    return !!(button && button.dataset.flagged === "true");
  }

  function showFlag(fieldset, flagged, revision) {
    var button = flagButton(fieldset);
    button.dataset.flagged = flagged ? "true" : "false";
    button.value = flagged ? "0" : "1";  // what the button asks for next, with or without JS
    // The label says what a press does next ("Flag for review" / "Remove flag"), as the
    // server renders it; the "Flagged" mark beside it says the state.
    button.querySelector(".flag-label").textContent = flagged ? form.dataset.msgUnflag : form.dataset.msgFlag;
    fieldset.querySelector(".flag-state").hidden = !flagged;
    fieldset.querySelector("input[name^=flag-revision-]").value = revision;
    updateNav(fieldset);
  }

  function sendFlag(fieldset) {
    var button = flagButton(fieldset);
    var pos = fieldset.dataset.position;
    var wanted = !isFlagged(fieldset);
    var revision = parseInt(fieldset.querySelector("input[name^=flag-revision-]").value, 10);
    if (flagging[pos]) return;  // one change at a time; the button keeps the focus meanwhile
    flagging[pos] = true;
    fetch(button.dataset.api, {
      method: "PUT",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf, "Accept": "application/json", "X-Page-Language": pageLanguage },
      body: JSON.stringify({ flagged: wanted, revision: revision })
    }).then(function (reply) {
      return reply.json().then(function (body) { return { status: reply.status, body: body }; });
    }).then(function (result) {
      if (result.status === 200 || (result.status === 409 && result.body.code === "stale_flag")) {
        showFlag(fieldset, result.body.flagged, result.body.revision);
        if (result.status === 409) { sayFlag(result.body.detail); return; }
        var message = result.body.flagged ? form.dataset.msgFlagged : form.dataset.msgUnflagged;
        sayFlag(message.replace("{n}", pos));
      } else if (result.body.code === "attempt_closed") {
        closeExam(result.body.detail || form.dataset.msgClosed, null);
      } else {
        sayFlag(result.body.detail || form.dataset.msgFlagFailed);
      }
    }).catch(function () {
      sayFlag(form.dataset.msgFlagFailed);
    }).then(function () {
      delete flagging[pos];
    });
  }

  function updateNav(fieldset) {
    var link = document.getElementById("nav-" + fieldset.dataset.position);
    if (!link) return;
    var answered = fieldValue(fieldset) !== "";
    var flagged = isFlagged(fieldset);
    link.classList.toggle("answered", answered);
    link.classList.toggle("flagged", flagged);
    var state = answered ? link.dataset.msgAnswered : link.dataset.msgUnanswered;
    if (flagged) state += ", " + link.dataset.msgFlagged;
    link.querySelector(".nav-state").textContent = ", " + state;
  }

  form.querySelectorAll("fieldset.question").forEach(function (fieldset) {
    var pos = fieldset.dataset.position;
    var served = fieldset.querySelector(".conflict[data-theirs]");
    var stored = localStorage.getItem(storageKey(pos));
    if (served) {
      // The server refused "Save answers" or "Submit": it shows this tab's text and the other's.
      // Its revision is not this tab's: a reload before choosing shows both texts again.
      served.remove();
      showConflict(fieldset, fieldValue(fieldset), null, {
        response: served.dataset.theirs,
        revision: parseInt(served.dataset.theirsRevision, 10)
      });
    } else if (stored) {
      // What this device typed but could not save (a lost connection, a closed tab, a conflict).
      var saved = JSON.parse(stored);
      if (saved.response === fieldValue(fieldset)) {
        localStorage.removeItem(storageKey(pos));
      } else if (saved.revision === getRevision(fieldset)) {
        setValue(fieldset, saved.response);
        schedule(fieldset, 0);
      } else {
        showConflict(fieldset, saved.response, saved.revision, {
          response: fieldValue(fieldset),
          revision: getRevision(fieldset)
        });
      }
    } else if (changedBeforeLoad(fieldset)) {
      schedule(fieldset, 0);
    }
    fieldset.addEventListener("input", function () {
      schedule(fieldset, 700);
      updateNav(fieldset);
    });
    fieldset.addEventListener("change", function () {
      schedule(fieldset, 0);
      updateNav(fieldset);
    });
    var button = flagButton(fieldset);
    if (button) {
      button.addEventListener("click", function (event) {
        event.preventDefault();  // just the flag: the answers save themselves as you type
        sendFlag(fieldset);
      });
    }
    updateNav(fieldset);
  });

  setInterval(function () {
    Object.keys(pending).forEach(function (pos) { save(pending[pos]); });
  }, 5000);
  window.addEventListener("online", function () {
    Object.keys(pending).forEach(function (pos) { save(pending[pos]); });
  });

  // The clock (below, shared with the submit page) says when the time is over: with nothing
  // left unsaved the page goes to the result, else it keeps what was typed, marked.
  document.addEventListener("judgetrain:time-up", function (event) {
    event.preventDefault();
    setTimeout(function () {
      var late = Array.prototype.some.call(form.querySelectorAll("fieldset.question"), unsaved);
      if (late) closeExam(form.dataset.msgClosed, null); else finish();
    }, 1500);
  });
  // The server says the attempt closed (the clock's poll): the same, at once.
  document.addEventListener("judgetrain:server-closed", function (event) {
    event.preventDefault();
    closeExam(event.detail.message, null);
  });
})();

// The attempt's clock, on the attempt page and on the submit page. The deadline is the
// server's, shown by the server in the user's time zone; the clock here counts down the
// server's seconds left ("19 min 32 s": a duration, not a time of day) and warns (to screen
// readers too) at 5 minutes and at 1 minute. The server's clock comes back with every autosave
// and, every 30 s without one, from a small poll: a mentor's new deadline resets the count and
// is announced with its reason; an attempt the server closed says so at once. At zero the
// attempt page saves and shows the result; any other page goes to the result.
(function () {
  "use strict";
  var clock = document.getElementById("time-left");
  if (!clock) return;
  var warning = document.getElementById("time-warning");
  var statusBar = document.querySelector(".exam-status");
  var deadline = document.getElementById("deadline-time");
  var notice = document.getElementById("deadline-notice");
  var note = document.getElementById("mentor-note");
  var closedBox = document.getElementById("exam-closed");
  var warned = {};
  var over = false;
  var heard = Date.now();
  var ticking = null;
  function warn(left) {
    [[60, "msg-1"], [300, "msg-5"]].some(function (step) {
      if (left > step[0] || left === 0) return false;
      if (!warned[step[1]]) {
        warned[step[1]] = true;
        warning.textContent = warning.getAttribute("data-" + step[1]);
        statusBar.classList.add("warning");
      }
      return true;
    });
  }
  function duration(left) {
    var hours = Math.floor(left / 3600);
    var text = hours ? clock.dataset.formatHours : clock.dataset.formatMinutes;
    return text.replace("%(hours)d", hours)
      .replace("%(minutes)d", Math.floor((left % 3600) / 60))
      .replace("%(seconds)d", left % 60);
  }
  var endsAt = Date.now() + parseInt(clock.dataset.secondsLeft, 10) * 1000;
  function timeUp() {
    over = true;
    var event = new CustomEvent("judgetrain:time-up", { cancelable: true });
    if (document.dispatchEvent(event)) {
      setTimeout(function () { window.location.assign(clock.dataset.result); }, 1500);
    }
  }
  function tick() {
    ticking = null;
    if (over) return;
    var left = Math.max(0, Math.round((endsAt - Date.now()) / 1000));
    clock.textContent = duration(left);
    if (warning) warn(left);
    if (left === 0) { timeUp(); return; }
    ticking = setTimeout(tick, 1000);
  }

  function showClosed(message, late) {
    if (closedBox) {
      closedBox.querySelector(".closed-text").textContent = message;
      closedBox.querySelector(".closed-unsaved").hidden = !late;
      closedBox.hidden = false;
      closedBox.focus();
    }
    if (warning) warning.textContent = message;
  }
  document.addEventListener("judgetrain:closed", function (event) {
    over = true;
    clock.textContent = duration(0);
    showClosed(event.detail.message, event.detail.late);
  });

  // The server's clock: a new deadline (and why), the mentor's note, or the attempt closed.
  function update(state) {
    heard = Date.now();
    if (over) return;
    if (!state.open) {
      over = true;
      clock.textContent = duration(0);
      var event = new CustomEvent("judgetrain:server-closed", { cancelable: true, detail: { message: state.closed } });
      if (document.dispatchEvent(event)) showClosed(state.closed, false);  // the submit page
      return;
    }
    var moved = deadline &&
      new Date(deadline.getAttribute("datetime")).getTime() !== new Date(state.deadline).getTime();
    endsAt = Date.now() + state.seconds_left * 1000;
    if (moved) {
      deadline.setAttribute("datetime", state.deadline);
      deadline.textContent = state.deadline_text;
      warned = {};
      statusBar.classList.remove("warning");
    }
    if (notice && notice.textContent !== state.notice) {
      notice.textContent = state.notice;
      if (state.notice && warning) warning.textContent = state.notice;  // announced, in the bar
    }
    if (note && note.querySelector(".note-text").textContent !== state.note) {
      note.querySelector(".note-text").textContent = state.note;
      note.hidden = !state.note;
    }
    if (!ticking) tick();
  }
  document.addEventListener("judgetrain:clock", function (event) { update(event.detail); });

  function poll() {
    if (over || !clock.dataset.clock) return;
    fetch(clock.dataset.clock, {
      credentials: "same-origin",
      headers: { "Accept": "application/json", "X-Page-Language": document.documentElement.lang }
    })
      .then(function (reply) { return reply.ok ? reply.json() : null; })
      .then(function (state) { if (state) update(state); })
      .catch(function () { /* offline: the next poll or autosave tells */ });
  }
  setInterval(function () {
    if (Date.now() - heard >= 29000) poll();  // an autosave's answer within 30 s told already
  }, 30000);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") poll();
  });
  tick();
})();
