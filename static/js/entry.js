// entry: progressive enhancement; every page works without it.
// The score sheet (form[data-entry-form]) keeps up with a director typing from the sheets:
// - Tab goes through the fields most boards need (trick points; bottom, last trick and
//   combination); the rare ones (L, penalties, ruling, P only) are out of that path until
//   "+" opens them for a row (a row with something in them is open from the start);
// - Enter goes to the next board's first field (after the last board, the Save button);
//   Ctrl+Enter (or Cmd+Enter) saves; arrow keys up and down move to the same field one
//   board up or down;
// - a letter picks the last trick (d/x defenders, z declarers) and the combination
//   (s single, p pair, t tractor then titanic, r triple; 1, 2, 3);
// - leaving the page with unsaved changes asks first.
(function () {
  "use strict";
  var form = document.querySelector("form[data-entry-form]");
  if (!form) {
    return;
  }
  var rows = Array.prototype.slice.call(form.querySelectorAll("table.sheet tbody tr"));
  var saveButton = form.querySelector("[data-entry-save]");

  function fields(row) {
    return Array.prototype.slice.call(row.querySelectorAll("[data-field]"));
  }
  function rareFields(row) {
    return Array.prototype.slice.call(row.querySelectorAll("[data-rare]"));
  }
  function isOpen(row) {
    return row.classList.contains("rare-open");
  }
  function needsLength(row) {
    var combo = row.querySelector("[data-field=combo]");
    return combo && (combo.value === "tractor" || combo.value === "titanic");
  }
  // Rare fields are in the tab path only when their row is open; L also when the
  // combination needs a length.
  function settle(row) {
    var open = isOpen(row);
    rareFields(row).forEach(function (f) {
      var inPath = open || (f.getAttribute("data-field") === "combo_length" && needsLength(row));
      if (inPath) {
        f.removeAttribute("tabindex");
      } else {
        f.setAttribute("tabindex", "-1");
      }
    });
  }
  rows.forEach(function (row) {
    var filled = rareFields(row).some(function (f) {
      return f.value.trim() !== "";
    });
    if (filled) {
      row.classList.add("rare-open");
    }
    settle(row);
  });

  function rowOf(el) {
    return el && el.closest ? el.closest("tr") : null;
  }
  function focusField(el) {
    if (!el) {
      return;
    }
    el.focus();
    if (el.select && el.tagName === "INPUT") {
      el.select();
    }
  }
  function toggleRare(row, from) {
    if (isOpen(row)) {
      row.classList.remove("rare-open");
      settle(row);
      if (from.hasAttribute("data-rare")) {
        focusField(fields(row)[0]);
      }
    } else {
      row.classList.add("rare-open");
      settle(row);
      // L has its own way in (a tractor's combination): start at the penalties.
      var first = rareFields(row).filter(function (f) {
        return f.getAttribute("data-field") !== "combo_length";
      })[0];
      focusField(first || rareFields(row)[0]);
    }
  }
  function save() {
    dirty = false;
    if (typeof form.requestSubmit === "function") {
      form.requestSubmit(saveButton || undefined);
    } else {
      form.submit();
    }
  }
  function pick(select, values) {
    var available = values.filter(function (v) {
      return select.querySelector('option[value="' + v + '"]');
    });
    if (available.length === 0) {
      return false;
    }
    var at = available.indexOf(select.value);
    select.value = available[(at + 1) % available.length];
    select.dispatchEvent(new Event("change", { bubbles: true }));
    return true;
  }
  var letters = {
    last_trick: {
      d: ["defenders"],
      x: ["defenders"],
      z: ["declarer"]
    },
    combo: {
      s: ["single"],
      "1": ["single"],
      p: ["pair"],
      "2": ["pair"],
      t: ["tractor", "titanic"],
      r: ["triple"],
      "3": ["triple"]
    }
  };

  var dirty = false;
  form.addEventListener("input", function () {
    dirty = true;
  });
  form.addEventListener("change", function (event) {
    dirty = true;
    var row = rowOf(event.target);
    if (row && event.target.getAttribute("data-field") === "combo") {
      settle(row);
    }
  });
  form.addEventListener("submit", function () {
    dirty = false;
  });
  form.addEventListener("keydown", function (event) {
    var target = event.target;
    if (event.isComposing || !target) {
      return;
    }
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      save();
      return;
    }
    var field = target.getAttribute("data-field");
    var row = field ? rowOf(target) : null;
    if (!row || event.altKey || event.ctrlKey || event.metaKey) {
      return;
    }
    var at = rows.indexOf(row);
    if (event.key === "Enter") {
      event.preventDefault();
      if (at + 1 < rows.length) {
        focusField(fields(rows[at + 1])[0]);
      } else if (saveButton) {
        saveButton.focus();
      }
      return;
    }
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      var other = rows[at + (event.key === "ArrowDown" ? 1 : -1)];
      if (other) {
        event.preventDefault();
        focusField(other.querySelector('[data-field="' + field + '"]'));
      }
      return;
    }
    if (event.key === "+" && field !== "ruling") {
      event.preventDefault();
      toggleRare(row, target);
      return;
    }
    if (target.tagName === "SELECT" && letters[field]) {
      var key = event.key.toLowerCase();
      if (letters[field][key]) {
        event.preventDefault();
        pick(target, letters[field][key]);
      } else if (event.key === "Delete" || event.key === "Backspace") {
        event.preventDefault();
        target.value = "";
        target.dispatchEvent(new Event("change", { bubbles: true }));
      } else if (event.key.length === 1 && event.key !== " ") {
        // Other letters would jump by the option's first letter in one language only.
        event.preventDefault();
      }
    }
  });
  window.addEventListener("beforeunload", function (event) {
    if (dirty) {
      event.preventDefault();
      event.returnValue = "";
    }
  });
})();
