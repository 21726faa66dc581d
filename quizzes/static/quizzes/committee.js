// Committee forms: offer only the chosen game's choices (topics of a blueprint's slots, the
// exams a level requires), as the practice page does. The server checks the game anyway.
(function () {
  "use strict";
  document.addEventListener("DOMContentLoaded", function () {
    var game = document.getElementById("id_game");
    if (!game) return;
    function filter() {
      document.querySelectorAll("option[data-game]").forEach(function (option) {
        var hide = !!(game.value && option.dataset.game && option.dataset.game !== game.value);
        option.hidden = hide;
        option.disabled = hide && !option.selected;
      });
      document.querySelectorAll("optgroup").forEach(function (group) {
        var shown = group.querySelector("option:not([hidden])");
        group.hidden = !shown;
      });
    }
    game.addEventListener("change", filter);
    filter();
  });
})();
