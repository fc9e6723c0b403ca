/* The game page's small comforts (no rule is decided here; the page works without it).
   - After a swap that brings a new roll, the dice are scrolled into view if they are not.
   - The tab title says when it is your turn. */
(function () {
  "use strict";
  var baseTitle = document.title.replace(/^\(\u2691 Your turn\) /, "");

  function inView(el) {
    var r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= (window.innerHeight || document.documentElement.clientHeight);
  }

  function update() {
    var game = document.getElementById("game");
    if (!game) return;
    var mine = game.classList.contains("mine");
    document.title = (mine ? "(\u2691 Your turn) " : "") + baseTitle;
    var dice = document.getElementById("dice");
    if (dice && dice.classList.contains("new") && !inView(dice)) {
      var reduce = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      dice.scrollIntoView({block: "nearest", behavior: reduce ? "auto" : "smooth"});
    }
  }

  /* A log line about a hex lights that hex up on the board while pointed at or focused. */
  function light(event, on) {
    var li = event.target.closest && event.target.closest("[data-hexes]");
    if (!li) return;
    li.getAttribute("data-hexes").split(" ").forEach(function (key) {
      var cr = key.split(",");
      var hex = document.querySelector('#board g.hex[data-col="' + cr[0] + '"][data-row="' + cr[1] + '"]');
      if (hex) hex.classList.toggle("lit", on);
    });
  }
  ["mouseover", "focusin"].forEach(function (t) {
    document.addEventListener(t, function (e) { light(e, true); });
  });
  ["mouseout", "focusout"].forEach(function (t) {
    document.addEventListener(t, function (e) { light(e, false); });
  });

  /* The "show last turn" box keeps the player's choice while the turn lasts. */
  var lastTurnChoice = null;
  document.addEventListener("change", function (e) {
    if (e.target.id !== "show-last") return;
    var bar = e.target.closest("[data-turn]");
    lastTurnChoice = {turn: bar && bar.getAttribute("data-turn"), on: e.target.checked};
  });
  function restoreLastTurn() {
    var box = document.getElementById("show-last");
    var bar = box && box.closest("[data-turn]");
    if (box && lastTurnChoice && bar && bar.getAttribute("data-turn") === lastTurnChoice.turn) {
      box.checked = lastTurnChoice.on;
    }
  }
  document.addEventListener("htmx:afterSettle", restoreLastTurn);

  /* A message sent clears the chat box. */
  document.addEventListener("chat-sent", function () {
    var form = document.querySelector("form.chat-form");
    if (form) form.reset();
  });

  document.addEventListener("DOMContentLoaded", update);
  document.addEventListener("htmx:afterSettle", update);
})();
