// Practice keyboard shortcuts: 1-9 or A-I choose an option (in a find-the-wrong-part question
// with its parts in groups, 1-3 open a part's group and focus its first choice; the arrow
// keys then move within it), Enter checks the answer, N goes to the next question. Off while a text field has focus (the free-form ruling keeps every
// key but Ctrl+Enter, which checks it) and with Ctrl, Alt or Meta held. Without this script the plain forms work as ever.
(function () {
  "use strict";
  var LETTERS = "abcdefghi";

  function typing(target) {
    if (!target || !target.tagName) return false;
    if (target.isContentEditable) return true;
    var tag = target.tagName.toLowerCase();
    if (tag === "textarea" || tag === "select") return true;
    if (tag !== "input") return false;
    var type = (target.type || "text").toLowerCase();
    return ["radio", "checkbox", "button", "submit", "reset", "hidden"].indexOf(type) === -1;
  }

  function openPart(groups, key) {
    var parts = groups.querySelectorAll("details.correction-group");
    var index = "123456789".indexOf(key);
    if (index === -1 || index >= parts.length) return false;
    parts.forEach(function (part, i) { part.open = i === index; });
    var first = parts[index].querySelector("input[type=radio]:checked") ||
      parts[index].querySelector("input[type=radio]");
    if (first) first.focus();
    return true;
  }

  function choose(form, key) {
    var groups = form.querySelector("[data-part-groups]");
    if (groups) return openPart(groups, key);
    var radios = form.querySelectorAll("input[type=radio][name=response]");
    var index = "123456789".indexOf(key);
    if (index === -1) index = LETTERS.indexOf(key.toLowerCase());
    if (index === -1 || index >= radios.length) return false;
    radios[index].checked = true;
    radios[index].focus();
    return true;
  }

  document.addEventListener("DOMContentLoaded", function () {
    var form = document.querySelector("form[data-shortcuts=answer]");
    var next = document.querySelector("[data-shortcut=next]");
    if (!form && !next) return;
    document.querySelectorAll("[data-shortcut-help]").forEach(function (help) {
      help.hidden = false;
    });
    document.addEventListener("keydown", function (event) {
      // Ctrl+Enter (Cmd+Enter on a Mac) checks a written ruling: Enter alone adds a line
      // (walk 10, #11).
      if (form && event.key === "Enter" && (event.ctrlKey || event.metaKey) && !event.altKey &&
          event.target && event.target.tagName && event.target.tagName.toLowerCase() === "textarea" &&
          form.contains(event.target)) {
        event.preventDefault();
        var check = form.querySelector("button[type=submit].primary");
        if (form.requestSubmit) form.requestSubmit(check); else check.click();
        return;
      }
      if (event.ctrlKey || event.altKey || event.metaKey || event.isComposing) return;
      if (typing(event.target)) return;
      var key = event.key;
      if (form && key.length === 1 && choose(form, key)) {
        event.preventDefault();
        return;
      }
      if (form && key === "Enter") {
        var tag = event.target.tagName ? event.target.tagName.toLowerCase() : "";
        // A focused button, link or summary keeps its own Enter.
        if (tag === "button" || tag === "a" || tag === "summary") return;
        event.preventDefault();
        var submit = form.querySelector("button[type=submit].primary");
        if (form.requestSubmit) form.requestSubmit(submit); else submit.click();
        return;
      }
      if (next && (key === "n" || key === "N")) {
        event.preventDefault();
        next.click();
      }
    });
  });
})();
