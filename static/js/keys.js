// Keyboard for the clickable board: Enter or Space on a focused element with
// role="button" (a hex you may click) does what a click does; htmx then sends the request.
// Kept in a file of its own: the site's Content-Security-Policy allows no inline script.
document.addEventListener("keydown", function (event) {
  if (event.key !== "Enter" && event.key !== " ") return;
  const target = event.target;
  if (!(target instanceof Element) || target.getAttribute("role") !== "button") return;
  if (target.closest("button, a, input, select, textarea")) return;
  event.preventDefault();
  target.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
});
