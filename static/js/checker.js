/* Check my lot: the browser history, the Print button (and each rule's "How we know this"
   opened to print), the site conditions' questions, when a field shows its error, and the
   address of a complete answer.

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
      if (value !== "" && name !== "part" && name !== "shown" && name !== "questions_for") {
        kept.append(name, value);
      }
    });
    var query = kept.toString();
    return url.pathname + (query ? "?" + query : "") + url.hash;
  }

  /* An update of the results refreshes, out of band, the error slot and the "read as" of each
     field on the page. Updates wait in one queue and each reads the form when its turn comes,
     so one can carry a project just ticked whose questions are still on their way: it names
     the projects the questions on the page were drawn for, and gets only their slots
     (rules/wording/slots.py); a slot with no field is an error in the console. */
  document.addEventListener("htmx:configRequest", function (event) {
    var detail = event.detail;
    if (!isChecker(detail.elt) || !detail.target || detail.target.id !== "results") return;
    var questions = document.getElementById("project-questions");
    var drawn = questions && questions.getAttribute("data-questions-for");
    if (drawn !== null && drawn !== undefined) detail.parameters.set("questions_for", drawn);
  });

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
    // Leaving a field fires change, which the form turns into a request of its own (queued
    // behind an update from typing: hx-sync), so every finished edit passes here.
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
  // Each rule's "How we know this" prints open: the stylesheet opens it where the browser has
  // ::details-content; elsewhere it is opened here for printing and closed again after.
  var openedForPrint = [];
  window.addEventListener("beforeprint", function () {
    if (window.CSS && CSS.supports && CSS.supports("selector(::details-content)")) return;
    document.querySelectorAll("#results details.how-we-know:not([open])").forEach(function (d) {
      d.open = true;
      openedForPrint.push(d);
    });
  });
  window.addEventListener("afterprint", function () {
    openedForPrint.forEach(function (d) { d.open = false; });
    openedForPrint = [];
  });

  /* A site condition (flood zone, hillside lot) is one yes/no: its questions are drawn closed,
     hidden and disabled (nothing in them is sent), and open as soon as it is ticked, without a
     trip to the server. Run in the capture phase, before htmx reads the form for the update
     the same change starts, so the update carries what the opened questions hold. */
  document.addEventListener(
    "change",
    function (event) {
      var box = event.target;
      if (!isChecker(box) || box.type !== "checkbox" || !box.name) return;
      var opened = document.querySelector('[data-opened-by="' + box.name + '"]');
      if (!opened) return;
      opened.hidden = !box.checked;
      opened.disabled = !box.checked;
    },
    true
  );

  // "Show my questions" is for a page without JavaScript: here ticking shows them.
  function hideStepButtons() {
    var steps = document.querySelectorAll(".checker-form .no-js-step");
    for (var i = 0; i < steps.length; i++) steps[i].hidden = true;
  }

  /* Errors. The server words every field's error on each update (its slot, error-NAME); a
     field shows it once the person has left the field or submitted the form, never before
     they reach it (ticking a project does not scold the zone not chosen yet). The field's
     aria-invalid and its red border (.has-error) follow what is shown, for every kind of
     field. A message is shown only while the field still holds what it was worded for: one
     for an earlier value waits for its own update. */
  var touched = {};
  var submitted = false;
  var shown = {};

  function form() {
    return document.querySelector("form.checker-form");
  }

  function valueOf(data, name) {
    return data.getAll(name).join("\n");
  }

  function syncErrors(sent) {
    var checker = form();
    if (!checker) return;
    var now = new FormData(checker);
    var slots = checker.querySelectorAll(".field-error[id^='error-']");
    for (var i = 0; i < slots.length; i++) {
      var slot = slots[i];
      var name = slot.id.slice("error-".length);
      if (!slot.hasAttribute("data-message")) {
        // Swapped in just now: the server's words for the answers sent.
        slot.setAttribute("data-message", slot.textContent.trim());
        slot.setAttribute("data-sent", valueOf(sent || now, name));
      }
      var message = "";
      if (submitted || touched[name]) {
        var current = slot.getAttribute("data-sent") === valueOf(now, name);
        message = current ? slot.getAttribute("data-message") : shown[name] || "";
      }
      shown[name] = message;
      if (slot.textContent !== message) slot.textContent = message;
      var controls = checker.querySelectorAll('[name="' + name + '"]');
      for (var j = 0; j < controls.length; j++) {
        if (message) controls[j].setAttribute("aria-invalid", "true");
        else controls[j].removeAttribute("aria-invalid");
      }
      var box = document.getElementById(name === "project" ? "section-projects" : "field-" + name);
      if (box) box.classList.toggle("has-error", !!message);
    }
    // A box the server marked (its questions re-drawn with the form's errors, as when a
    // project is ticked) is red only while its message is shown: never before it is reached.
    var marked = checker.querySelectorAll(".has-error");
    for (var k = 0; k < marked.length; k++) {
      var id = marked[k].id;
      var field = id === "section-projects" ? "project" : id.replace(/^field-/, "");
      if (!shown[field]) marked[k].classList.remove("has-error");
    }
    // The summary of what needs fixing comes with an update; it shows with the messages it
    // sums up (a field left with a slip, or a check asked for: the button, Enter), never for a
    // project ticked or an answer still being typed (issue 28).
    var anyShown = false;
    for (var key in shown) if (shown[key]) anyShown = true;
    var summary = document.querySelector("#results .error-summary");
    if (summary) summary.hidden = !(submitted || anyShown);
  }

  document.addEventListener("focusout", function (event) {
    var field = event.target;
    if (!isChecker(field) || !field.name) return;
    touched[field.name] = true;
    syncErrors(null);
  });
  document.addEventListener("change", function (event) {
    if (isChecker(event.target) && event.target.name) touched[event.target.name] = true;
  });
  document.addEventListener(
    "submit",
    function (event) {
      if (isChecker(event.target)) submitted = true;
    },
    true
  );
  document.addEventListener(
    "click",
    function (event) {
      var button = event.target.closest && event.target.closest("button[type=submit]");
      if (button && isChecker(button) && button.name !== "shown") submitted = true;
    },
    true
  );

  /* "Read as" (understood-NAME, beside a number field): an update sends it only for the
     fields that hold text (rules/wording/slots.py), so a field emptied has its slot emptied
     here, as it is emptied, and again after each update: one sent while the field still held
     text may arrive after it was emptied. */
  function clearEmptyReadings(only) {
    var checker = form();
    if (!checker) return;
    var slots = only
      ? [document.getElementById("understood-" + only)]
      : checker.querySelectorAll(".field-understood[id^='understood-']");
    for (var i = 0; i < slots.length; i++) {
      var slot = slots[i];
      if (!slot || !slot.textContent) continue;
      var field = checker.elements.namedItem(slot.id.slice("understood-".length));
      if (field && typeof field.value === "string" && field.value.trim() === "") {
        slot.textContent = "";
      }
    }
  }
  function emptied(event) {
    var field = event.target;
    if (!isChecker(field) || !field.name || typeof field.value !== "string") return;
    if (field.value.trim() === "") clearEmptyReadings(field.name);
  }
  document.addEventListener("input", emptied);
  document.addEventListener("change", emptied);

  /* After an update: the errors as above, and the address. When every chosen project has its
     verdict (the answer bar's data-complete), the address ends in #results-title, so a copy of
     it opens on the answer; while a question is open it opens on the form. */
  var handled = typeof WeakSet === "function" ? new WeakSet() : null;
  document.addEventListener("htmx:afterSwap", function (event) {
    var detail = event.detail || {};
    var config = detail.requestConfig;
    if (!config || !isChecker(config.elt)) return;
    if (handled) {
      if (handled.has(config)) return; // afterSwap comes once per element swapped
      handled.add(config);
    }
    hideStepButtons();
    syncErrors(config.formData);
    clearEmptyReadings(null);
    var bar = document.getElementById("answer-bar");
    if (!bar || config.target !== document.getElementById("results")) return;
    var hash = bar.getAttribute("data-complete") === "true" ? "#results-title" : "";
    if (location.hash !== hash) {
      history.replaceState(history.state, "", location.pathname + location.search + hash);
    }
  });

  /* The questions re-drawn when a project is ticked (an outerHTML swap: its afterSwap fires on
     the element it replaced, out of the page, and never reaches the document) come with the
     form's errors drawn in: they follow what is shown, as above, once they are in. This was
     the zone turning red as a project was ticked, before the zone was reached (issue 28). */
  document.addEventListener("htmx:load", function (event) {
    if (event.target && event.target.id === "project-questions") syncErrors(null);
  });

  function start() {
    hideStepButtons();
    var checker = form();
    if (!checker) return;
    // A page that arrives with messages was submitted (a link with a zone, or a reload).
    var slots = checker.querySelectorAll(".field-error[id^='error-']");
    for (var i = 0; i < slots.length; i++) if (slots[i].textContent.trim()) submitted = true;
    syncErrors(null);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
