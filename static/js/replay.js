/* The replay page: arrow keys step back and forth (Home and End jump), the "Play" button
   steps on by itself until the end or "Pause".  Without JavaScript the links do the same. */
(function () {
  "use strict";
  var timer = null;
  var SECONDS = 1.2;

  function go(rel) {
    var link = document.querySelector('#replay .steps a[rel="' + rel + '"]');
    if (link) { link.click(); return true; }
    return false;
  }

  function label() {
    var button = document.getElementById("autoplay");
    if (!button) return;
    button.hidden = false;
    button.textContent = timer ? "Pause" : "Play";
    button.setAttribute("aria-pressed", timer ? "true" : "false");
  }

  function stop() { if (timer) { clearInterval(timer); timer = null; } label(); }

  function start() {
    if (timer) return;
    timer = setInterval(function () { if (!go("next")) stop(); }, SECONDS * 1000);
    label();
  }

  document.addEventListener("click", function (e) {
    if (e.target.closest && e.target.closest("#autoplay")) { if (timer) stop(); else start(); }
  });

  document.addEventListener("keydown", function (e) {
    if (!document.getElementById("replay") || e.altKey || e.ctrlKey || e.metaKey) return;
    var tag = (e.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "textarea" || tag === "select") return;
    var rel = {ArrowRight: "next", ArrowLeft: "prev", Home: "first", End: "last"}[e.key];
    if (rel) { e.preventDefault(); if (rel !== "next") stop(); go(rel); }
    else if (e.key === " " || e.key === "k") { e.preventDefault(); if (timer) stop(); else start(); }
  });

  document.addEventListener("DOMContentLoaded", label);
  document.addEventListener("htmx:afterSettle", label);
})();
