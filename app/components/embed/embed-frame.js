// PRODUCT.md "Embeds": the one script of an embed page, inlined and allowed by its hash. It swaps the play
// facade for the host's player frame when the reader presses it, and tells the embedding page the frame's
// height: `{ type: "marketwire:embed-height", height, url }`, posted to the parent on load and on every resize.
// PRODUCT.md "Embeds", "Measurement": framed on another site, it counts as the item's page does (the view on
// load, a podcast's listen on its first play, the player's marks), naming that site's host, never more.
(function () {
  "use strict";
  var MESSAGE = "marketwire:embed-height";
  var QUARTERS = ["25", "50", "75", "100"];
  var lastHeight = 0;
  var card = null;
  var host = "";
  // Each count waits for the one before: a mark counts only once its view is counted.
  var counted = Promise.resolve();
  var sent = {};
  var unsent = 0;
  var position = null;

  function post(path, query) {
    if (!path || window.parent === window) return;
    var params = new URLSearchParams(query);
    params.set("ref", host);
    params.set("via", "embed");
    counted = counted.then(function () {
      return fetch(path + "?" + params.toString(), { method: "POST", keepalive: true }).catch(function () {});
    });
  }

  function mark(name) {
    if (!card || sent[name]) return;
    sent[name] = true;
    var seconds = Math.floor(unsent);
    unsent -= seconds;
    post(card.getAttribute("data-play"), { mark: name, s: String(seconds) });
  }

  function started() {
    if (!card || sent.play) return;
    post(card.getAttribute("data-listen"), {});
    mark("play");
  }

  function progress(media, at) {
    var tick = position === null ? 0 : at - position;
    // A jump is a seek, not time played.
    if (!media.paused && tick > 0 && tick < 3) unsent += tick;
    position = at;
    var duration = media.duration;
    if (!isFinite(duration) || duration <= 0) return;
    QUARTERS.forEach(function (quarter) {
      if (quarter === "100" ? at >= duration - 0.5 : at >= (duration * Number(quarter)) / 100) mark(quarter);
    });
  }

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
    if (!target) return;
    // The host's player reports nothing back: the press is the play.
    started();
    play(target);
  });
  // Media events do not bubble: listened for on their way down.
  document.addEventListener("play", started, true);
  document.addEventListener(
    "timeupdate",
    function (event) {
      progress(event.target, event.target.currentTime);
    },
    true,
  );
  document.addEventListener(
    "ended",
    function (event) {
      progress(event.target, event.target.duration);
    },
    true,
  );
  window.addEventListener("pagehide", function () {
    if (sent.play && unsent >= 1) mark("leave");
  });
  document.addEventListener("DOMContentLoaded", function () {
    card = document.querySelector("[data-view], [data-listen], [data-play]");
    try {
      host = document.referrer ? new URL(document.referrer).hostname : "";
    } catch {
      host = "";
    }
    if (card) post(card.getAttribute("data-view"), {});
    tellHeight();
    if ("ResizeObserver" in window) new ResizeObserver(tellHeight).observe(document.documentElement);
    window.addEventListener("load", tellHeight);
  });
})();
