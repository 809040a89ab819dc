// PRODUCT.md "Embeds": the one script of an embed page, inlined and allowed by its hash. It swaps the play
// facade for the host's player frame when the reader presses it, and tells the embedding page the frame's
// height: `{ type: "marketwire:embed-height", height, url }`, posted to the parent on load and on every resize.
(function () {
  "use strict";
  var MESSAGE = "marketwire:embed-height";
  var lastHeight = 0;

  function tellHeight() {
    var height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height === lastHeight || window.parent === window) return;
    lastHeight = height;
    window.parent.postMessage({ type: MESSAGE, height: height, url: window.location.href }, "*");
  }

  function play(button) {
    var src = new URL(button.getAttribute("data-frame-src"));
    // The reader pressed play: the host's player starts at once rather than asking for a second press.
    src.searchParams.set("autoplay", "1");
    var frame = document.createElement("iframe");
    frame.src = src.toString();
    frame.title = button.getAttribute("data-frame-title") || "Player";
    frame.setAttribute("allow", button.getAttribute("data-frame-allow") || "");
    frame.setAttribute("sandbox", button.getAttribute("data-frame-sandbox") || "");
    frame.setAttribute("allowfullscreen", "");
    frame.className = button.className.replace("facade", "frame");
    button.replaceWith(frame);
    frame.focus();
  }

  document.addEventListener("click", function (event) {
    var target = event.target instanceof Element ? event.target.closest("button[data-frame-src]") : null;
    if (target) play(target);
  });
  document.addEventListener("DOMContentLoaded", function () {
    tellHeight();
    if ("ResizeObserver" in window) new ResizeObserver(tellHeight).observe(document.documentElement);
    window.addEventListener("load", tellHeight);
  });
})();
