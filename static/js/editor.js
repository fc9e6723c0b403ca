// The scenario editor's board: click or drag (mouse, pen or finger: pointer events) to use
// the tray's tool on the hexes; the nearest side of the hex for a hexside; keyboard
// shortcuts for every tool. Every change goes to the server as an htmx request, which
// saves the draft and answers with the board redrawn. Without this file the page still
// works: the tray is a form, and each hex can be typed in by its column and row.
(function () {
  "use strict";
  let stroke = null;       // hexes of the drag in progress, as "col,row"
  let swallowClick = false;

  function hexOf(el) {
    return el instanceof Element ? el.closest(".board .hex") : null;
  }
  function key(hex) { return hex.dataset.col + "," + hex.dataset.row; }
  function tool() {
    const checked = document.querySelector('#tray input[name="tool"]:checked');
    return checked ? checked.value : "";
  }
  function painting() {
    return ["terrain", "unit", "erase", "general", "flag", "hexside", "rule", "buildings"].includes(tool());
  }

  // The side of the hex nearest the pointer, for the hexside tool.
  function nearestSide(hex, x, y) {
    const box = hex.querySelector(".hb").getBoundingClientRect();
    const dx = x - (box.left + box.width / 2), dy = (box.top + box.height / 2) - y;
    const names = ["E", "NE", "NW", "W", "SW", "SE"];
    let angle = Math.atan2(dy, dx) * 180 / Math.PI;
    if (angle < 0) angle += 360;
    return names[Math.round(angle / 60) % 6];
  }

  document.addEventListener("pointerdown", function (event) {
    const hex = hexOf(event.target);
    if (!hex) return;
    if (tool() === "hexside") {
      const select = document.getElementById("hexside");
      if (select) select.value = nearestSide(hex, event.clientX, event.clientY);
    }
    if (!painting() || tool() === "hexside") return;
    stroke = [key(hex)];
    hex.classList.add("stroke");
  });

  document.addEventListener("pointermove", function (event) {
    if (!stroke) return;
    const hex = hexOf(document.elementFromPoint(event.clientX, event.clientY));
    if (hex && !stroke.includes(key(hex))) {
      stroke.push(key(hex));
      hex.classList.add("stroke");
    }
  });

  document.addEventListener("pointerup", function () {
    if (!stroke) return;
    const hexes = stroke;
    stroke = null;
    if (hexes.length < 2) return;          // a click: htmx sends it from the hex itself
    swallowClick = true;
    setTimeout(function () { swallowClick = false; }, 0);
    const url = document.getElementById("tray").getAttribute("action");
    htmx.ajax("POST", url, {source: "#tray", values: {hexes: hexes.join(" ")},
                            target: "#workspace", swap: "outerHTML"});
  });

  // The click that ends a drag is not a click on a hex.
  document.addEventListener("click", function (event) {
    if (swallowClick && hexOf(event.target)) {
      event.stopPropagation();
      event.preventDefault();
    }
    swallowClick = false;
  }, true);

  function press(id) {
    const button = document.getElementById(id);
    if (!button || button.disabled) return;
    const form = button.closest("form");
    if (form) htmx.process(form);        // a board just swapped in may not be settled yet
    button.click();
  }

  function step(hex, dc, dr) {
    const col = Number(hex.dataset.col) + dc, row = Number(hex.dataset.row) + dr;
    const next = document.querySelector(`.board .hex[data-col="${col}"][data-row="${row}"]`);
    if (next) next.focus();
  }

  document.addEventListener("keydown", function (event) {
    const typing = event.target instanceof Element && event.target.closest("input, select, textarea");
    if (typing) return;
    const k = event.key.toLowerCase();
    if (event.ctrlKey || event.metaKey) {
      const focused = hexOf(document.activeElement);
      if (k === "z" && !event.shiftKey) { press("undo"); event.preventDefault(); }
      else if (k === "y" || (k === "z" && event.shiftKey)) { press("redo"); event.preventDefault(); }
      else if (k === "c") { press("copy"); event.preventDefault(); }
      else if (k === "x") { press("cut"); event.preventDefault(); }
      else if (k === "v" && focused) {
        const paste = document.querySelector('#tray input[name="tool"][value="paste"]');
        const previous = tool();
        paste.checked = true;
        focused.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true}));
        const back = document.querySelector(`#tray input[name="tool"][value="${previous}"]`);
        if (back) setTimeout(function () { back.checked = true; }, 0);
        event.preventDefault();
      }
      return;
    }
    if (event.altKey) return;
    const hex = hexOf(document.activeElement);
    if (hex) {
      const moves = {arrowleft: [-2, 0], arrowright: [2, 0], arrowup: [-1, -1], arrowdown: [1, 1]};
      if (moves[k]) { step(hex, moves[k][0], moves[k][1]); event.preventDefault(); return; }
    }
    if (k === "m") { press("mirror"); return; }
    const radio = document.querySelector(`#tray input[name="tool"][data-key="${k}"]`);
    if (radio) { radio.checked = true; radio.dispatchEvent(new Event("change", {bubbles: true})); }
  });

  // The tray shows the choices of the tool in hand (all of them without this file).
  function showTool() {
    const current = tool();
    document.querySelectorAll("#tray fieldset[data-tool]").forEach(function (set) {
      set.hidden = set.dataset.tool !== current;
    });
  }
  document.addEventListener("change", function (event) {
    if (event.target instanceof Element && event.target.matches('#tray input[name="tool"]')) showTool();
  });
  document.addEventListener("DOMContentLoaded", showTool);

  // After the board is redrawn, the focus goes back to the hex that had it.
  let focusedKey = null;
  document.addEventListener("htmx:beforeSwap", function () {
    const hex = hexOf(document.activeElement);
    focusedKey = hex ? key(hex) : null;
  });
  document.addEventListener("htmx:afterSwap", function () {
    if (!focusedKey) return;
    const [col, row] = focusedKey.split(",");
    const hex = document.querySelector(`.board .hex[data-col="${col}"][data-row="${row}"]`);
    if (hex) hex.focus();
  });
})();
