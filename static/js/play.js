/* The play pages' small comforts (no rule is decided here; every page works without it).
   - The tab title says when it is your turn (game page) or how many games wait for you
     (lobby, home page); the header count follows the refreshed list, and the game.
   - After a swap that brings a new roll, the dice are scrolled into view if they are not.
   - A log line about a hex lights that hex up on the board.
   - The "show last turn" box keeps the player's choice while the turn lasts.
   - A chat message sent clears the box.
   - Browser notifications, only once the player has asked for them. */
(function () {
  "use strict";
  var TURN = "(\u2691 Your turn) ";
  var baseTitle = document.title.replace(/^\(\u2691 Your turn\) /, "").replace(/^\(\d+\) /, "");
  var wasMine = null;
  var lastCount = null;

  function notifyOn() {
    return "Notification" in window && Notification.permission === "granted" &&
      window.localStorage && localStorage.getItem("bc-notify") === "1";
  }

  function notify(text) {
    if (notifyOn() && document.hidden) {
      try { new Notification(text, {tag: "battlecry-turn"}); } catch (e) { /* not allowed here */ }
    }
  }

  function inView(el) {
    var r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= (window.innerHeight || document.documentElement.clientHeight);
  }

  /* The header's count (templates/base.html #turn-count): games and challenges waiting. */
  function setHeaderCount(n) {
    var slot = document.getElementById("turn-count");
    if (!slot) return;
    slot.setAttribute("data-count", String(n));
    var badge = slot.querySelector(".turn-count");
    if (n > 0) {
      if (!badge) {
        badge = document.createElement("span");
        badge.className = "turn-count";
        badge.title = "Games and challenges waiting for you";
        slot.appendChild(document.createTextNode(" "));
        slot.appendChild(badge);
      }
      badge.textContent = String(n);
    } else {
      slot.textContent = "";
    }
  }

  /* The game page tells the site the count its header shows; an answer that changes it
     brings the new one (an out-of-band swap of #turn-count). */
  document.addEventListener("htmx:configRequest", function (e) {
    var slot = document.getElementById("turn-count");
    if (slot && document.getElementById("game")) {
      e.detail.headers["X-Turn-Count"] = slot.getAttribute("data-count") || "0";
    }
  });

  /* The tab's icon gets a badge while something waits for the player. */
  var icon = document.querySelector('link[rel="icon"]');
  var plainIcon = icon && icon.getAttribute("href");
  function badge(on) {
    if (icon && icon.getAttribute("data-turn-icon")) {
      icon.setAttribute("href", on ? icon.getAttribute("data-turn-icon") : plainIcon);
    }
  }

  function update() {
    var game = document.getElementById("game");
    if (game) {
      var mine = game.classList.contains("mine");
      document.title = (mine ? TURN : "") + baseTitle;
      badge(mine);
      if (mine && wasMine === false) notify("Your turn: " + baseTitle);
      wasMine = mine;
      var dice = document.getElementById("dice");
      if (dice && dice.classList.contains("new") && !inView(dice)) {
        var reduce = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        dice.scrollIntoView({block: "nearest", behavior: reduce ? "auto" : "smooth"});
      }
    }
    var list = document.querySelector("[data-your-turn-count]");
    if (list) {
      var n = parseInt(list.getAttribute("data-your-turn-count"), 10) || 0;
      document.title = (n > 0 ? "(" + n + ") " : "") + baseTitle;
      badge(n > 0);
      setHeaderCount(n);
      if (lastCount !== null && n > lastCount) notify(n === 1 ? "A game waits for your move" : n + " games wait for your move");
      lastCount = n;
    }
    var ask = document.getElementById("ask-notify");
    if (ask && "Notification" in window) {
      ask.hidden = notifyOn() || Notification.permission === "denied";
    }
  }

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

  var lastTurnChoice = null;
  document.addEventListener("change", function (e) {
    if (e.target.id !== "show-last") return;
    var bar = e.target.closest("[data-turn]");
    lastTurnChoice = {turn: bar && bar.getAttribute("data-turn"), on: e.target.checked,
                      shown: e.target.defaultChecked};
  });
  function restoreLastTurn() {
    var box = document.getElementById("show-last");
    var bar = box && box.closest("[data-turn]");
    /* A choice holds while the page would show the same by itself: once the viewer's own
       turn is under way (the page then starts with the marks hidden), it is forgotten. */
    if (box && lastTurnChoice && bar && bar.getAttribute("data-turn") === lastTurnChoice.turn
        && box.defaultChecked === lastTurnChoice.shown) {
      box.checked = lastTurnChoice.on;
    }
  }

  document.addEventListener("chat-sent", function () {
    var form = document.querySelector("form.chat-form");
    if (form) form.reset();
  });

  document.addEventListener("click", function (e) {
    if (!e.target.closest || !e.target.closest("#ask-notify")) return;
    Notification.requestPermission().then(function (answer) {
      if (answer === "granted") localStorage.setItem("bc-notify", "1");
      update();
    });
  });

  /* A poll answer that arrives after a click's answer never paints an older position over a
     newer one: it is swapped in only if its version is newer than the page's.  (Polls are
     not aborted by clicks, which htmx would report as an error in the console.) */
  document.addEventListener("htmx:beforeSwap", function (e) {
    var elt = e.detail.requestConfig && e.detail.requestConfig.elt;
    if (!elt || !elt.classList || !elt.classList.contains("poll")) return;
    var m = /data-version="(\d+)"/.exec(e.detail.serverResponse || "");
    var game = document.getElementById("game");
    if (m && game && parseInt(m[1], 10) <= parseInt(game.getAttribute("data-version"), 10)) {
      e.detail.shouldSwap = false;
    }
  });

  document.addEventListener("DOMContentLoaded", update);
  document.addEventListener("htmx:afterSettle", function () { restoreLastTurn(); update(); });
})();
