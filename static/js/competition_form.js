/* The new competition form: show only the fields of the kind chosen (league or tournament).
   Without this script every group shows, each with its hint. */
(function () {
  "use strict";
  function sync() {
    var kind = document.querySelector(".competition-form [name=kind]");
    if (!kind) return;
    document.querySelectorAll(".competition-form .kind-fields").forEach(function (group) {
      group.hidden = group.getAttribute("data-kind") !== kind.value;
    });
  }
  document.addEventListener("DOMContentLoaded", sync);
  document.addEventListener("change", function (e) {
    if (e.target.matches && e.target.matches(".competition-form [name=kind]")) sync();
  });
})();
