// A certificate's page: copy the verification link. The badge check: read a chosen file into
// the text field (the form posts text: the site takes no file uploads). No inline scripts:
// the Content-Security-Policy forbids them.
(function () {
  "use strict";
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll(".copy-button").forEach(function (button) {
      var field = document.getElementById(button.dataset.copy);
      var status = document.getElementById("copy-status");
      button.hidden = false;
      button.addEventListener("click", function () {
        var done = function (text) { if (status) status.textContent = text; };
        field.select();
        if (navigator.clipboard && navigator.clipboard.writeText) {
          navigator.clipboard.writeText(field.value).then(
            function () { done(button.dataset.copied); },
            function () { done(button.dataset.failed); });
        } else {
          done(document.execCommand("copy") ? button.dataset.copied : button.dataset.failed);
        }
      });
    });
    var input = document.getElementById("badge-file");
    if (input) {
      var wrapper = input.closest(".badge-file");
      var target = document.getElementById(input.dataset.target);
      var status = document.getElementById("badge-file-status");
      wrapper.hidden = false;
      input.addEventListener("change", function () {
        var file = input.files && input.files[0];
        status.textContent = "";
        if (!file) return;
        if (file.size > parseInt(input.dataset.maxBytes, 10)) {
          status.textContent = input.dataset.tooBig;
          status.classList.add("error");
          return;
        }
        status.classList.remove("error");
        var reader = new FileReader();
        reader.onload = function () { target.value = reader.result; };
        reader.readAsText(file);
      });
    }
  });
})();
