// Before the first paint (index.*.html loads this synchronously; the CSP forbids inline
// scripts): the static shell shows the landing text only on the landing page (/ or
// /org/{orgId}/). Any other path shows the top bar alone until the app renders.

// The app starts once the static shell is painted (docs/performance.md, page load): the build
// leaves its module script inert (data-app-entry, fetched already by a modulepreload), and a
// script moved back into the document with a type that runs is run. Started earlier, a slow
// phone ran the module (a long task) and replaced the shell before the shell's paint was
// reported. On the landing: after the largest paint of the static landing section (its title
// or its text, whichever the viewport makes larger); elsewhere, or where that paint is not
// observable (a hidden tab, a browser without the API), after a frame once parsed; never later
// than 2.5 s.
(function () {
  var deepLink = !/^\/(org\/[^/]+\/?)?$/.test(window.location.pathname);
  if (deepLink) document.documentElement.classList.add('deep-link');

  var started = false;
  function start() {
    if (started) return;
    started = true;
    var entry = document.querySelector('script[data-app-entry]');
    if (!entry) return; // the dev server: the module script runs as usual
    entry.removeAttribute('data-app-entry');
    entry.type = 'module';
    document.head.appendChild(entry);
  }
  function afterFrame() {
    window.requestAnimationFrame(function () {
      window.setTimeout(start, 0);
    });
  }
  function whenParsed(next) {
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', next);
    else next();
  }
  window.setTimeout(start, 2500);
  var Observer = window.PerformanceObserver;
  var types = (Observer && Observer.supportedEntryTypes) || [];
  if (
    deepLink ||
    document.visibilityState === 'hidden' ||
    types.indexOf('largest-contentful-paint') < 0
  ) {
    whenParsed(afterFrame);
    return;
  }
  new Observer(function (list, observer) {
    list.getEntries().forEach(function (entry) {
      var element = entry.element;
      if (element && element.closest && element.closest('[data-static-landing]')) {
        observer.disconnect();
        start();
      }
    });
  }).observe({ type: 'largest-contentful-paint', buffered: true });
})();
