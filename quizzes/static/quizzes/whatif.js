// The what-if explorer: choosing a fact shows the changed story's ruling in place. Each fact
// is a link to its variant's own page (which works without this script); here the link's
// page is fetched with ?partial=1 and put in the explorer's live region, so screen readers
// hear the new ruling while focus stays on the fact chosen.
(function () {
  "use strict";

  function choose(link) {
    var explorer = link.closest("[data-whatif]");
    var result = document.getElementById(link.getAttribute("data-whatif-target"));
    if (!explorer || !result) return false;
    explorer.querySelectorAll("a.whatif-fact[aria-current]").forEach(function (other) {
      other.removeAttribute("aria-current");
    });
    link.setAttribute("aria-current", "true");
    result.setAttribute("aria-busy", "true");
    result.textContent = result.getAttribute("data-loading-text") || "";
    var url = link.href + (link.href.indexOf("?") === -1 ? "?" : "&") + "partial=1";
    fetch(url, {
      credentials: "same-origin",
      // The fragment goes into this page: in its language (walk 10, #1).
      headers: { "X-Requested-With": "fetch", "X-Page-Language": document.documentElement.lang }
    })
      .then(function (response) {
        if (!response.ok) throw new Error(String(response.status));
        return response.text();
      })
      .then(function (html) {
        var parsed = new DOMParser().parseFromString(html, "text/html");
        result.replaceChildren.apply(result, Array.prototype.slice.call(parsed.body.childNodes));
      })
      .catch(function () {
        result.textContent = result.getAttribute("data-error-text") || "";
      })
      .finally(function () {
        result.removeAttribute("aria-busy");
      });
    return true;
  }

  document.addEventListener("click", function (event) {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    var link = event.target.closest && event.target.closest("a.whatif-fact");
    if (link && choose(link)) event.preventDefault();
  });
})();
