// Before the first paint (index.*.html loads this synchronously; the CSP forbids inline
// scripts): the static shell shows the landing text only on the landing page (/ or
// /org/{orgId}/). Any other path shows the top bar alone until the app renders.
if (!/^\/(org\/[^/]+\/?)?$/.test(window.location.pathname)) {
  document.documentElement.classList.add('deep-link');
}
