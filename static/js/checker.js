/* Check my lot: the browser history, and the Print button.

   History. The form updates the results as people type (htmx, hx-replace-url). Each pause
   while typing must not become a Back step, so an update replaces the current history
   entry, and a new entry is started only once the previous edit is finished: after a field
   was left (its change event) or the form was submitted. Three numbers typed slowly add
   three entries, one per field, and Back steps from field to field.

   A page brought back by Back is loaded from its URL (htmx keeps no snapshot of this page:
   a snapshot holds the results but not what was typed into the form), so the form and the
   results always show the answers in the URL.

   URLs carry only the answers given: empty fields are dropped, as in the share link the
   server writes (rules.forms.CheckForm.share_query). */
(function () {
  "use strict";
  if (window.cotatiChecker) return; // loaded once, even if a swap brings the tag back
  window.cotatiChecker = true;

  var FINISHED = { change: true, submit: true, click: true };
  // The page as loaded counts as a finished state: the first edit starts a new entry.
  var finished = true;

  if (window.htmx) {
    htmx.config.historyCacheSize = 0;
    htmx.config.refreshOnHistoryMiss = true;
  }

  function isChecker(elt) {
    return !!(elt && elt.closest && elt.closest("form.checker-form"));
  }

  function cleanPath(path) {
    var url = new URL(path, location.href);
    var kept = new URLSearchParams();
    url.searchParams.forEach(function (value, name) {
      if (value !== "" && name !== "part" && name !== "step") kept.append(name, value);
    });
    var query = kept.toString();
    return url.pathname + (query ? "?" + query : "") + url.hash;
  }

  document.addEventListener("htmx:beforeHistoryUpdate", function (event) {
    var detail = event.detail;
    var config = detail.requestConfig || {};
    if (!isChecker(config.elt)) return;
    var update = detail.history;
    var trigger = config.triggeringEvent ? config.triggeringEvent.type : "submit";
    update.path = cleanPath(update.path);
    var here = location.pathname + location.search;
    var samePlace = update.path.split("#")[0] === here;
    if (samePlace) {
      update.type = "replace";
    } else if (finished) {
      update.type = "push";
      finished = false;
    } else {
      update.type = "replace";
    }
    // Leaving a field fires change, which the form turns into a request of its own (an
    // in-flight update from typing is replaced by it: hx-sync), so every finished edit
    // passes here.
    if (FINISHED[trigger]) finished = true;
  });

  // Print: a real button, shown only where it can work.
  function enablePrint() {
    var buttons = document.querySelectorAll("[data-print]");
    for (var i = 0; i < buttons.length; i++) buttons[i].hidden = false;
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-print]");
    if (button) window.print();
  });
  document.addEventListener("DOMContentLoaded", enablePrint);
  document.addEventListener("htmx:afterSettle", enablePrint);
  if (document.readyState !== "loading") enablePrint();
})();
