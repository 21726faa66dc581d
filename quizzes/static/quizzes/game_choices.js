// Offer only the chosen game's choices (and those of both games, data-game=""): the practice
// page's topic groups, a blueprint's slot topics, the exams a level requires. The server checks
// the game anyway.
(function () {
  "use strict";
  document.addEventListener("DOMContentLoaded", function () {
    var game = document.getElementById("id_game");
    if (!game) return;
    function otherGame(element) {
      return !!(game.value && element.dataset.game && element.dataset.game !== game.value);
    }
    function filter() {
      // An option of another game is hidden, and disabled unless chosen (the form says why).
      document.querySelectorAll("option[data-game]").forEach(function (option) {
        var hide = otherGame(option);
        option.hidden = hide;
        option.disabled = hide && !option.selected;
      });
      document.querySelectorAll("optgroup").forEach(function (group) {
        group.hidden = !group.querySelector("option:not([hidden])");
      });
      // A hidden topic group is not practised: uncheck it so the round matches what is shown.
      document.querySelectorAll(".topic-group[data-game]").forEach(function (group) {
        var hide = otherGame(group);
        group.hidden = hide;
        if (hide) group.querySelectorAll("input:checked").forEach(function (box) { box.checked = false; });
      });
    }
    game.addEventListener("change", filter);
    filter();
  });
})();
