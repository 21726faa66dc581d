// Practice start page: show only the chosen game's topics (and those of both games).
(function () {
  "use strict";
  document.addEventListener("DOMContentLoaded", function () {
    var game = document.getElementById("id_game");
    if (!game) return;
    function filter() {
      document.querySelectorAll(".topic-group[data-game]").forEach(function (group) {
        var hide = game.value && group.dataset.game && group.dataset.game !== game.value;
        group.hidden = !!hide;
        // A hidden topic is not practised: uncheck it so the round matches what is shown.
        if (hide) group.querySelectorAll("input:checked").forEach(function (box) { box.checked = false; });
      });
    }
    game.addEventListener("change", filter);
    filter();
  });
})();
