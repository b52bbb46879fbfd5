// figures: the desk's score sheet and the table page show each board's P, result and s as
// soon as its fields are filled (and the desk the match's running swing). The figures come
// from the server (the same rules the save uses): the script only sends the form's fields
// as they stand and writes back what it is told. Without it, figures show after Save.
(function () {
  "use strict";
  if (!window.fetch || !window.URLSearchParams) {
    return;
  }

  // Asks `url` for the figures of `form` a moment after each change (`wait` ms), sending the
  // fields `wanted` keeps, and gives `show` the answer to the latest question only.
  function follow(form, url, wait, wanted, show) {
    var timer = null;
    var asked = 0;

    function query() {
      var params = new URLSearchParams();
      Array.prototype.forEach.call(form.elements, function (f) {
        if (f.name && f.value !== "" && wanted(f)) {
          params.append(f.name, f.value);
        }
      });
      return params.toString();
    }

    function ask() {
      asked += 1;
      var mine = asked;
      fetch(url + "?" + query(), { credentials: "same-origin", headers: { Accept: "application/json" } })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (figures) {
          if (figures && mine === asked) {
            show(figures);
            form.setAttribute("data-figures-shown", String(asked));
          }
        })
        .catch(function () { /* offline: the figures come with the save */ });
    }

    function soon() {
      if (timer) {
        clearTimeout(timer);
      }
      timer = setTimeout(ask, wait);
    }
    form.addEventListener("input", soon);
    form.addEventListener("change", soon);
  }

  function setText(container, attr, text) {
    var cell = container.querySelector("[" + attr + "]");
    if (cell) {
      cell.textContent = text;
    }
  }

  // The desk: form[data-figures-url], one row per room and board, and the running swing.
  var desk = document.querySelector("form[data-figures-url]");
  if (desk) {
    var running = desk.querySelector("[data-running-swing]");
    follow(desk, desk.getAttribute("data-figures-url"), 120, function (f) {
      return f.name !== "csrf" && f.name !== "version";
    }, function (figures) {
      Object.keys(figures.rows).forEach(function (key) {
        var row = desk.querySelector("tr[data-row='" + key + "']");
        if (!row) {
          return;
        }
        var f = figures.rows[key];
        setText(row, "data-p", f.p);
        setText(row, "data-result", f.problem ? "" : f.result);
        setText(row, "data-s", f.s);
        row.classList.toggle("typed-problem", !!f.problem);
        var result = row.querySelector("[data-result]");
        if (result) {
          if (f.problem) {
            result.setAttribute("title", f.problem);
          } else {
            result.removeAttribute("title");
          }
        }
      });
      if (running) {
        running.hidden = figures.compared === 0;
        running.textContent = figures.running;
      }
    });
  }

  // The table page: form[data-table-figures-url], one line per board typed (the figures of a
  // saved board are the page's own); only a board's fields, and only chosen radios.
  var table = document.querySelector("form[data-table-figures-url]");
  if (table) {
    follow(table, table.getAttribute("data-table-figures-url"), 150, function (f) {
      if (!/^\d+-/.test(f.name)) {
        return false;
      }
      return (f.type !== "radio" && f.type !== "checkbox") || f.checked;
    }, function (figures) {
      Object.keys(figures.boards).forEach(function (board) {
        var line = table.querySelector("[data-board-typed='" + board + "']");
        if (!line) {
          return;
        }
        var f = figures.boards[board];
        line.hidden = !f.p && !f.s;
        setText(line, "data-p", f.p);
        setText(line, "data-result", f.result);
        setText(line, "data-s", f.s);
      });
    });
  }
})();
